/* libFuzzer harness: a whole PTX module, as compilers write it, through `tce ptx`'s module
 * reader (tools/tce/ptx_module.c: comments, statements over many lines, scopes, .reg
 * declarations) and the firmware decoder behind it, in both output modes. Any text must
 * end in decoded lines or FILE:LINE:COL errors, counted right, never a crash or a hang. */
#define _GNU_SOURCE /* open_memstream */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void broken(const char *why, const char *out)
{
    fprintf(stderr, "fuzz_ptx_module: %s\n--- output:\n%s---\n", why, out);
    abort();
}

/* after "fuzz.ptx:": "LINE:COL: error: " */
static bool is_error_line(const char *l)
{
    for (int field = 0; field < 2; field++) {
        if (*l < '0' || *l > '9')
            return false;
        while (*l >= '0' && *l <= '9')
            l++;
        if (*l++ != ':')
            return false;
    }
    return !strncmp(l, " error: ", 8);
}

/* What the output must be: every line the file's (or, in summary mode, a tally line under
 * one), the errors as many as the last line counts and the exit status says; a text
 * refused before its statements are read ends in its one error. */
static void check_output(char *out, size_t len, int rc, bool summary)
{
    unsigned errors = 0, lines = 0, nfam, nother, counted = 0;
    const char *last = NULL;
    int n = 0;
    if (!len || out[len - 1] != '\n')
        broken("the output does not end in a whole line", out);
    for (char *l = out; l < out + len;) {
        char *e = strchr(l, '\n');
        *e = 0;
        if (strncmp(l, "fuzz.ptx:", 9) != 0 && !(summary && l[0] == ' ' && l[1] == ' '))
            broken("a line that is not the file's", out);
        errors += is_error_line(l + 9);
        lines++;
        last = l;
        l = e + 1;
    }
    if (sscanf(last, "fuzz.ptx: %u family instructions, %u other instructions, %u errors%n", &nfam, &nother,
               &counted, &n) == 3 && (size_t)n == strlen(last)) {
        if (counted != errors)
            broken("the last line counts other errors than there are", out);
    } else if (!(lines == 1 && errors == 1)) {
        broken("no count at the end, and not one error", out);
    }
    if (rc != (errors ? 1 : 0))
        broken("the exit status does not say whether there were errors", out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 65536)
        return 0;
    char *text = malloc(size + 1), *out = NULL;
    size_t out_len = 0;
    FILE *out_f = open_memstream(&out, &out_len);
    if (!text || !out_f)
        abort(); /* the harness cannot run, not a finding */
    FILE *saved = stdout;
    stdout = out_f; /* the listing and the errors, to be checked */
    memcpy(text, data, size);
    text[size] = 0;
    /* the mode from the length: each input read once (docs/fuzzing.md, "Speed") */
    bool summary = size & 1;
    int rc = ptx_decode_text("fuzz.ptx", text, size, NULL, summary);
    stdout = saved;
    fclose(out_f);
    check_output(out, out_len, rc, summary);
    free(out);
    free(text);
    return 0;
}
