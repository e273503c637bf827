/* libFuzzer harness: engine command words (the CMD[] block software writes before DOORBELL)
 * through tce_cmd_unpack, the engine's and the register-level model's reader of them
 * (firmware/driver/tce_cmd.c). A command it accepts must pack back, and the packed words
 * unpack to the same operation. With TCE_FUZZ_SEEDS_FROM=FILE.ptx and TCE_FUZZ_SEEDS_TO=DIR
 * it first writes the commands of the file's operations into DIR, as seeds
 * (tests/fuzz/seeds.cmake). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver/tce_cmd.h"
#include "ptx/ptx_decode.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    const char *from = getenv("TCE_FUZZ_SEEDS_FROM"), *to = getenv("TCE_FUZZ_SEEDS_TO");
    FILE *in = from && to ? fopen(from, "r") : NULL;
    char line[4096], path[4096];
    unsigned n = 0;
    while (in && fgets(line, sizeof line, in)) {
        ptx_insn insn;
        ptx_error err;
        uint32_t w[TCE_RM_CMD_WORDS];
        tce_cmd_field_id bad;
        line[strcspn(line, "\n")] = 0;
        if (ptx_decode_line(line, (ptx_target){90, 'a'}, &insn, &err) == PTX_ERROR || !insn.has_op)
            continue;
        unsigned used = tce_cmd_pack(&insn.op, w, &bad);
        snprintf(path, sizeof path, "%s/seed%u", to, n++);
        FILE *out = used ? fopen(path, "wb") : NULL;
        if (out) {
            fwrite(w, sizeof w[0], used, out);
            fclose(out);
        }
    }
    if (in)
        fclose(in);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint32_t w[TCE_RM_CMD_WORDS] = {0}, again[TCE_RM_CMD_WORDS];
    /* a short input is a short command: the engine reads the words after n as 0 */
    memcpy(w, data, size < sizeof w ? size : sizeof w);
    tce_op op, back;
    unsigned bad = 0;
    if (tce_cmd_unpack(w, &op, &bad) != TCE_OK) {
        if (bad != TCE_RM_FIELD_NONE && bad >= TCE_CMDF_COUNT)
            abort(); /* a refusal names a field of the command format, or none */
        return 0;
    }
    tce_cmd_field_id why;
    if (!tce_cmd_pack(&op, again, &why) || tce_cmd_unpack(again, &back, &bad) != TCE_OK ||
        memcmp(&op, &back, sizeof op))
        abort(); /* an accepted command must survive its own round trip */
    return 0;
}
