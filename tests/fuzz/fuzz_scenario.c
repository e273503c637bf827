/* libFuzzer harness: a scenario file through the whole `tce run` path on the register-level
 * model and the golden model: the file reader, setup, PTX, checks, the final comparison.
 * Any file must end in one verdict that agrees with the exit status, and anything but a
 * pass in a message naming the file; the two models must never disagree. */
#define _GNU_SOURCE /* memmem */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem_files.h"
#include "scenario.h"

/* Above the largest seed (tests/scenarios/window_gaps.tce, 8,256 bytes): a bound below it
 * skipped that seed and every input libFuzzer grew to its length, each counted as a run.
 * seeds.cmake refuses a seed longer than this. */
#define FUZZ_SCENARIO_MAX 16384

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void broken(const char *why, const char *out, const char *err)
{
    fprintf(stderr, "fuzz_scenario: %s\n--- report:\n%s--- errors:\n%s---\n", why, out, err);
    abort();
}

/* `tce run FILE` on the golden model, its report to stdout */
static int run_scenario(int argc, char **argv)
{
    return argc == 2 ? scenario_run_file_on(SCEN_BACKEND_CSIM, argv[1], stdout, false) : 2;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_SCENARIO_MAX)
        return 0;
    char *path = (char *)fuzz_mem_file(0, data, size);
    if (!path)
        abort(); /* the harness cannot run, not a finding */
    char *argv[] = {"run", path, NULL};
    fuzz_output o;
    int rc = fuzz_captured_main(run_scenario, 2, argv, &o);
    const char *out = o.out, *err = o.err;
    size_t out_len = o.out_len, err_len = o.err_len;

    size_t pl = strlen(path), vl, el;
    const char *verdict = fuzz_last_line(o.out, out_len, &vl), *last_err = fuzz_last_line(o.err, err_len, &el);
    /* the file reader's refusals (a NUL byte) come before any report */
    bool refused = rc == 2 && out_len == 0;
    if (!refused) {
        static const char *const words[] = {"PASS (", "FAIL", "NO CHECKS", "UNSUPPORTED"};
        const char *want = rc == 0 ? words[0] : rc == 1 ? words[1] : rc == 2 ? NULL : rc == 3 ? words[3] : "?";
        const char *mark = vl ? memmem(verdict, vl, " checks: ", 9) : NULL;
        if (!mark || vl < pl || memcmp(verdict, path, pl) != 0)
            broken("the report's last line is not the file's verdict", out, err);
        mark += 9;
        if (rc == 2 ? strncmp(mark, "ERROR", 5) != 0 && strncmp(mark, words[2], 9) != 0
                    : strncmp(mark, want, strlen(want)) != 0)
            broken("the verdict does not match the exit status", out, err);
    }
    if (rc != 0 && (el <= pl || memcmp(last_err, path, pl) != 0 || last_err[pl] != ':'))
        broken("a run that did not pass ends without a message naming the file", out, err);
    /* only where the interpreter says it, at a line's start: an error message may quote
     * the input, and libFuzzer learns this harness's strings */
    char disagree[64];
    int dl = snprintf(disagree, sizeof disagree, "%s: engine and golden model disagree", path);
    for (const char *l = err; dl > 0 && l && l < err + err_len; l = strchr(l, '\n'), l = l ? l + 1 : NULL)
        if (!strncmp(l, disagree, (size_t)dl))
            broken("the engine and the golden model disagree", out, err);
    fuzz_output_free(&o);
    return 0;
}
