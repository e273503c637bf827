/* libFuzzer harness: a ptxas verdict file (target, verdict, instruction, message per line)
 * through `tce ptx --check` (tools/tce/cmd_ptx.c): the line splitter, the target and
 * verdict readers, the decoder and the ptxas-message classifier. */
#include <stdint.h>
#include <stdlib.h>

#include "mem_files.h"

int ptx_main(int argc, char **argv); /* cmd_ptx.c */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 65536)
        return 0;
    char *argv[] = {"ptx", "--check", (char *)fuzz_mem_file(0, data, size), "--show=4", NULL};
    if (!argv[2])
        abort();
    fuzz_quiet_main(ptx_main, 4, argv);
    return 0;
}
