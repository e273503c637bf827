/* libFuzzer harness: a BLIF netlist through the LUT-level counter of `tce synth --levels`
 * (tools/tce/synth_levels.c): cells, nets, drivers, the depth-first level search. It must
 * answer with levels or a `LINE: cause` message, and levels no deeper than its cells allow:
 * each level is a distinct driven net on the path, a LUT or DSP is passed once, but a
 * CARRY4 or LUT RAM is followed per output pin, and a path may leave one at a bit and come
 * back at a later one: at most 8 times (its output pins), 7 more than the cell count. */
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
    /* cells followed per output pin, at most: every "CARRY4", "RAM" or "SRL" in the text
     * (a type token holds one; a name may too, which only loosens the bound) */
    long per_pin = 0;
    static const char *const kinds[] = {"CARRY4", "RAM", "SRL"};
    for (size_t k = 0; k < 3; k++)
        for (const char *q = strstr(text, kinds[k]); q; q = strstr(q + 1, kinds[k]))
            per_pin++;
    syn_levels lv;
    memset(&lv, 0, sizeof lv);
    if (!syn_levels_from_blif(text, 4, &lv, err, sizeof err)) {
        if (!err[0])
            abort(); /* a refusal must say why */
    } else if (lv.max_levels > lv.cells + 7 * per_pin || lv.nworst > SYN_LV_WORST ||
               lv.end_groups_over > lv.end_groups) {
        abort();
    }
    free(text);
    return 0;
}
