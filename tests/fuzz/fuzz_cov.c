/* libFuzzer harness: Verilator coverage files and a waiver file through `tce cov`
 * (tools/tce/cov_dat.c, cmd_cov.c), as `--waivers=W --holes=H --check DAT...`. The input's
 * files are separated by "\0\0" (mem_files.h): one part is a .dat file; with several, the
 * first is the waiver file and the rest .dat files. */
#include <stdint.h>
#include <stdio.h>

#include "mem_files.h"

int cov_main(int argc, char **argv); /* cmd_cov.c */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 65536)
        return 0;
    char waivers[64], holes[64];
    char *argv[3 + FUZZ_MAX_FILES] = {"cov", holes, "--check"};
    snprintf(holes, sizeof holes, "--holes=%s", fuzz_out_file());
    size_t n = fuzz_files(data, size, argv + 3);
    if (n > 1) { /* the first file is the waivers: an option in its place */
        snprintf(waivers, sizeof waivers, "--waivers=%s", argv[3]);
        argv[3] = waivers;
    }
    fuzz_checked_main(cov_main, 3 + (int)n, argv);
    return 0;
}
