/* libFuzzer harness: a Yosys log through the reader `tce synth` builds docs/synthesis.md
 * from (tools/tce/synth_parse.c: `stat` blocks, the hierarchy, `ltp`, `sta`, latches,
 * errors), and the cell groupings of the report. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "synth_parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static syn_log log; /* large: kept off the stack (the reader clears it each time) */
    if (size > 65536)
        return 0;
    char *text = malloc(size + 1);
    if (!text)
        abort();
    memcpy(text, data, size);
    text[size] = 0;
    if (!syn_parse_log(text, &log) || log.nmodules > SYN_MAX_MODULES)
        abort();
    for (size_t i = 0; i < log.nmodules; i++) {
        const syn_module *m = &log.modules[i];
        if (m->ntypes > SYN_MAX_TYPES)
            abort();
        (void)syn_xc7_group(m);
        (void)syn_generic_group(m);
        (void)syn_base_name(m->name);
    }
    syn_module sum;
    syn_sum_modules(&log, "tce_", true, NULL, &sum);
    free(text);
    return 0;
}
