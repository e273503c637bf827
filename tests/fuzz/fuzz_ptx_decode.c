/* libFuzzer harness: one line of PTX through the firmware decoder, with the register
 * declarations a file builds up (a `.reg` line adds to them), for every target the
 * decoder distinguishes. The decoder must answer OK or an error with a cause and a
 * column inside the line; ASan/UBSan catch the rest. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/ptx_decode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const ptx_target targets[] = {{90, 'a'}, {90, 0}, {100, 'a'}, {80, 0}};
    if (size > 4096)
        return 0;
    char *line = malloc(size + 1);
    if (!line)
        return 0;
    memcpy(line, data, size);
    line[size] = 0;
    ptx_regs regs;
    ptx_regs_default(&regs);
    for (size_t t = 0; t < sizeof targets / sizeof targets[0]; t++) {
        ptx_insn insn;
        ptx_error err;
        ptx_status st = ptx_decode_line_regs(line, targets[t], &regs, &insn, &err);
        if (st == PTX_ERROR && (err.cause == PTX_CAUSE_NONE || !err.msg[0]))
            abort(); /* an error must name its cause */
    }
    free(line);
    return 0;
}
