/* PLACEHOLDER (to be replaced by `tce ptx`). */
#include <stdio.h>
int ptx_main(int argc, char **argv)
{
    (void)argc; (void)argv;
    fprintf(stderr, "tce ptx: not implemented yet\n");
    return 2;
}
