/* libFuzzer harness: a BLIF netlist through the LUT-level counter of `tce synth --levels`
 * (tools/tce/synth_levels.c): cells, nets, drivers, the depth-first level search. It must
 * answer with levels or a `LINE: cause` message, and levels no deeper than its cell count. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "synth_levels.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 65536)
        return 0;
    char *text = malloc(size + 1), err[300] = "";
    if (!text)
        abort();
    memcpy(text, data, size);
    text[size] = 0; /* the reader takes text: a NUL ends it, as reading a file would not */
    syn_levels lv;
    memset(&lv, 0, sizeof lv);
    if (!syn_levels_from_blif(text, 4, &lv, err, sizeof err)) {
        if (!err[0])
            abort(); /* a refusal must say why */
    } else if (lv.max_levels > lv.cells || lv.nworst > SYN_LV_WORST ||
               lv.end_groups_over > lv.end_groups) {
        abort();
    }
    free(text);
    return 0;
}
