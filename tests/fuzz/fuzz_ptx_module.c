/* libFuzzer harness: a whole PTX module, as compilers write it, through `tce ptx`'s module
 * reader (tools/tce/ptx_module.c: comments, statements over many lines, scopes, .reg
 * declarations) and the firmware decoder behind it, in both output modes. Any text must
 * end in decoded lines or FILE:LINE:COL errors, never a crash or a hang. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    if (size > 65536 || !sink)
        return 0;
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    FILE *out = stdout, *err = stderr;
    stdout = sink; /* the listing and the errors are expected; keep the fuzzer's output */
    stderr = sink;
    memcpy(text, data, size);
    text[size] = 0;
    ptx_decode_text("fuzz.ptx", text, size, NULL, size & 1);
    stdout = out;
    stderr = err;
    free(text);
    return 0;
}
