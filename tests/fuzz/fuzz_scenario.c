/* libFuzzer harness: scenario text through the whole `tce run` interpreter on the
 * register-level model and the golden model (setup, PTX, checks, the final comparison).
 * Any text must end in a verdict or a FILE:LINE error, never a crash or a hang. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

/* Above the largest seed (tests/scenarios/window_gaps.tce, 8,256 bytes): a bound below it
 * skipped that seed and every input libFuzzer grew to its length, each counted as a run.
 * seeds.cmake refuses a seed longer than this. */
#define FUZZ_SCENARIO_MAX 16384

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    if (size > FUZZ_SCENARIO_MAX || !sink)
        return 0;
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    /* the file reader refuses NUL bytes before the interpreter sees them */
    if (strlen(text) == size) {
        FILE *err = stderr;
        stderr = sink; /* errors are expected; keep the fuzzer's output readable */
        scenario_run_text_on(SCEN_BACKEND_CSIM, "fuzz.tce", text, sink, false);
        stderr = err;
    }
    free(text);
    return 0;
}
