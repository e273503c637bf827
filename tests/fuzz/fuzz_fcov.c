/* libFuzzer harness: functional-coverage count files through `tce fcov` (tools/tce/cmd_fcov.c),
 * as `--misses=M --check COUNTS...`, the files separated by "\0\0" (mem_files.h). */
#include <stdint.h>
#include <stdio.h>

#include "mem_files.h"

int fcov_main(int argc, char **argv); /* cmd_fcov.c */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 65536)
        return 0;
    char misses[64];
    char *argv[3 + FUZZ_MAX_FILES] = {"fcov", misses, "--check"};
    snprintf(misses, sizeof misses, "--misses=%s", fuzz_out_file());
    size_t n = fuzz_files(data, size, argv + 3);
    fuzz_checked_main(fcov_main, 3 + (int)n, argv);
    return 0;
}
