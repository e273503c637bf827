/* `tce`: the project's one command-line tool. Each subcommand lives in its own file. */
#include <stdio.h>
#include <string.h>

#include "replay.h"

int ptx_main(int argc, char **argv); /* cmd_ptx.c */

static void usage(FILE *f)
{
    fprintf(f, "usage: tce <command> [options]\n"
               "commands:\n"
               "  replay   replay hardware-corpus files on an engine and compare every byte\n"
               "  ptx      decode and validate PTX; --check replays a ptxas verdict file\n"
               "run 'tce <command> --help' for a command's options\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (!strcmp(argv[1], "replay"))
        return replay_main(argc - 1, argv + 1);
    if (!strcmp(argv[1], "ptx"))
        return ptx_main(argc - 1, argv + 1);
    if (!strcmp(argv[1], "run")) { int run_main(int, char **); return run_main(argc - 1, argv + 1); }
    if (!strcmp(argv[1], "synth")) { int synth_main(int, char **); return synth_main(argc - 1, argv + 1); }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(stdout);
        return 0;
    }
    fprintf(stderr, "tce: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
