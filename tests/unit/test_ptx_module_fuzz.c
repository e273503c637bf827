/* The module reader never crashes, hangs or reads out of bounds on malformed modules: real
 * nvcc output (tests/data/realptx) with punctuation inserted, deleted or replaced and the
 * text cut short must come back as 0 (clean) or 1 (errors reported), and the unchanged file
 * as 0. Under ASan/UBSan (TCE_SANITIZE) this also checks memory safety. Output of the reader
 * goes to /dev/null; the verdict is printed on stderr. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../test_rng.h"

#include "ptx_file.h"

static uint64_t rng = 0x2545f4914f6cdd1dull;
static uint64_t next(void) { return test_splitmix64(&rng); }

static const char k_punct[] = "{}();:,.[]@%\"/*\n\r\t _0<>=!";

static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    char *b;
    long len;
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    len = ftell(f);
    fseek(f, 0, SEEK_SET);
    b = malloc((size_t)len + 1);
    if (b && fread(b, 1, (size_t)len, f) != (size_t)len) {
        free(b);
        b = NULL;
    }
    fclose(f);
    *n = (size_t)len;
    return b;
}

int main(void)
{
    const char *src = __FILE__, *cut = strstr(src, "unit/test_ptx_module_fuzz.c");
    char path[1024];
    size_t n = 0, i;
    char *orig, *work;
    unsigned round, fails = 0, with_errors = 0;
    int rc;
    if (!cut) {
        fprintf(stderr, "FAIL cannot locate the test data from %s\n", src);
        return 1;
    }
    snprintf(path, sizeof path, "%.*sdata/realptx/deepgemm_sm90_k_grouped_fp8_gemm_1d1d_sm90a.ptx", (int)(cut - src),
             src);
    orig = slurp(path, &n);
    if (!orig || n < 1000) {
        fprintf(stderr, "FAIL cannot read %s\n", path);
        return 1;
    }
    work = malloc(n + 64);
    if (!work || !freopen("/dev/null", "w", stdout))
        return 1;
    memcpy(work, orig, n);
    rc = ptx_decode_text(path, work, n, NULL, false);
    if (rc != 0) {
        fprintf(stderr, "FAIL the unchanged module gives %d, want 0\n", rc);
        fails++;
    }
    for (round = 0; round < 300; round++) {
        size_t len = n;
        unsigned k, edits = 1 + (unsigned)(next() % 4);
        memcpy(work, orig, n);
        for (k = 0; k < edits; k++) {
            size_t at = (size_t)(next() % len);
            switch (next() % 4) {
            case 0: /* delete */
                memmove(work + at, work + at + 1, len - at - 1);
                len--;
                break;
            case 1: /* insert */
                memmove(work + at + 1, work + at, len - at);
                work[at] = k_punct[next() % (sizeof k_punct - 1)];
                len++;
                break;
            case 2: /* replace */
                work[at] = k_punct[next() % (sizeof k_punct - 1)];
                break;
            default: /* cut short */
                len = at;
                break;
            }
            if (!len)
                len = 1;
        }
        for (i = 0; i < len; i++)
            if (!work[i])
                work[i] = ' ';
        rc = ptx_decode_text("mutant.ptx", work, len, NULL, (round & 1) != 0);
        if (rc != 0 && rc != 1) {
            fprintf(stderr, "FAIL round %u: result %d\n", round, rc);
            fails++;
        }
        with_errors += rc == 1;
    }
    /* degenerate modules */
    {
        static const char *const tiny[] = {"", "{", "}", ".", "@", "\"", "/*", ".entry", ".entry a(", ".section x {",
                                           "a:", ".reg .b32 %r<", ";", ".entry a() { .reg .b32 %r<2>; { } } }"};
        unsigned k;
        for (k = 0; k < sizeof tiny / sizeof tiny[0]; k++) {
            size_t l = strlen(tiny[k]);
            memcpy(work, tiny[k], l);
            rc = ptx_decode_text("tiny.ptx", work, l, NULL, false);
            if (rc != 0 && rc != 1) {
                fprintf(stderr, "FAIL '%s': result %d\n", tiny[k], rc);
                fails++;
            }
        }
    }
    fprintf(stderr, "300 mutated modules (%u with errors reported), 14 tiny ones: %s\n", with_errors,
            fails ? "FAIL" : "ok");
    free(work);
    free(orig);
    return fails ? 1 : 0;
}
