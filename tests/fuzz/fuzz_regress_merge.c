/* libFuzzer harness: shard JUnit files through `tce regress-merge` (tools/tce/regress_merge.c),
 * the files separated by "\0\0" in the input (mem_files.h). What it merges must merge again,
 * alone, to the same file and verdict: the merged file is an unsharded run's, and an
 * unsharded run merges as the one shard of 1. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem_files.h"
#include "regress_report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 65536)
        return 0;
    char out_opt[64];
    char *argv[2 + FUZZ_MAX_FILES] = {"regress-merge", out_opt};
    snprintf(out_opt, sizeof out_opt, "--out=%s", fuzz_out_file());
    size_t n = fuzz_files(data, size, argv + 2);
    int rc = fuzz_quiet_main(regress_merge_main, 2 + (int)n, argv);
    if (rc == 2)
        return 0; /* refused, with a message */
    size_t len, len2;
    char *merged = fuzz_mem_read(FUZZ_MAX_FILES, &len);
    if (!merged || !(argv[2] = (char *)fuzz_mem_file(0, merged, len)))
        abort();
    int rc2 = fuzz_quiet_main(regress_merge_main, 3, argv);
    char *again = fuzz_mem_read(FUZZ_MAX_FILES, &len2);
    if (rc2 != rc || !again || len2 != len || memcmp(merged, again, len))
        abort(); /* the merged file is not what an unsharded run writes */
    free(merged);
    free(again);
    return 0;
}
