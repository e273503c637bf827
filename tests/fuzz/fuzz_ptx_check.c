/* libFuzzer harness: a ptxas verdict file (target, verdict, instruction, message per line)
 * through `tce ptx --check` (tools/tce/cmd_ptx.c): the line splitter, the target and
 * verdict readers, the decoder and the ptxas-message classifier. A file it reads must be
 * counted whole (every verdict line once) and its exit status follow the counts; a file
 * it refuses must end in FILE:LINE: error. */
#define _GNU_SOURCE /* memmem */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem_files.h"

#define SHOW 4 /* --show=4 */

int ptx_main(int argc, char **argv); /* cmd_ptx.c */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void broken(const char *why, const char *out, const char *err)
{
    fprintf(stderr, "fuzz_ptx_check: %s\n--- report:\n%s--- errors:\n%s---\n", why, out, err);
    abort();
}

/* The verdict lines of the file, counted apart from the command: lines without their line
 * feed and trailing carriage returns, neither empty nor '#' comments. */
static unsigned verdict_lines(const uint8_t *data, size_t size)
{
    unsigned n = 0;
    size_t start = 0;
    while (start < size) {
        const uint8_t *nl = memchr(data + start, '\n', size - start);
        size_t end = nl ? (size_t)(nl - data) : size, e = end;
        while (e > start && data[e - 1] == '\r')
            e--;
        n += e > start && data[start] != '#';
        start = end + 1;
    }
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 65536)
        return 0;
    char *path = (char *)fuzz_mem_file(0, data, size);
    if (!path)
        abort(); /* the harness cannot run, not a finding */
    char *argv[] = {"ptx", "--check", path, "--show=4", NULL};
    fuzz_output o;
    int rc = fuzz_captured_main(ptx_main, 4, argv, &o);
    char *out = o.out, *err = o.err;
    size_t out_len = o.out_len, err_len = o.err_len;

    size_t pl = strlen(path);
    if (rc == 2) {
        const char *l = fuzz_last_line(err, err_len, NULL);
        if (strncmp(l, path, pl) != 0 || l[pl] != ':' || l[pl + 1] < '0' || l[pl + 1] > '9' ||
            !strstr(l + pl, ": error: "))
            broken("a refused file's last error is not FILE:LINE: error: cause", out, err);
    } else if (rc == 0 || rc == 1) {
        unsigned agree, disagree, vok, vall, cok, call, shown = 0;
        int n = 0;
        const char *l = fuzz_last_line(out, out_len, NULL);
        if (err_len)
            broken("errors from a file that was read", out, err);
        if (sscanf(l, "%u agree, %u disagree%n", &agree, &disagree, &n) != 2 || (size_t)n != strlen(l) ||
            l == out)
            broken("the report does not end in the agreement counts", out, err);
        char *prev = (char *)l - 1; /* the line feed before the last line */
        *prev = 0;
        const char *v = fuzz_last_line(out, (size_t)(prev - out), NULL);
        if (sscanf(v, "verdict: %u/%u (%*f%%); cause on lines both reject: %u/%u", &vok, &vall, &cok, &call) != 4)
            broken("no verdict line before the counts", out, err);
        if (agree + disagree != verdict_lines(data, size) || vall != agree + disagree)
            broken("the counts are not the file's verdict lines", out, err);
        if (vok > vall || cok > call || call > vall || agree > vok)
            broken("the counts do not add up", out, err);
        for (const char *s = out; s < v; s = strchr(s, '\n') + 1)
            shown += !strncmp(s, path, pl) && s[pl] == ':';
        if (shown != (disagree < SHOW ? disagree : SHOW))
            broken("not the first disagreeing lines up to --show", out, err);
        /* --min=99.5, the default */
        int want = (!vall || 100.0 * vok / vall >= 99.5) && (!call || 100.0 * cok / call >= 99.5) ? 0 : 1;
        if (rc != want)
            broken("the exit status does not follow the percentages", out, err);
    } else {
        broken("an exit status other than 0, 1 or 2", out, err);
    }
    fuzz_output_free(&o);
    return 0;
}
