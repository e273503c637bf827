/* `tce`: the project's one command-line tool. Each subcommand lives in its own file and
 * is listed once, in the table below, which also drives the help text. */
#include <stdio.h>
#include <string.h>

int replay_main(int argc, char **argv); /* replay.c */
int ptx_main(int argc, char **argv);    /* cmd_ptx.c */
int run_main(int argc, char **argv);    /* cmd_run.c */
int synth_main(int argc, char **argv);  /* cmd_synth.c */
int regress_main(int argc, char **argv); /* regress.c */
int bench_main(int argc, char **argv);   /* cmd_bench.c */
int map_main(int argc, char **argv);     /* cmd_map.c */
int regress_merge_main(int argc, char **argv); /* regress_merge.c */
int cov_main(int argc, char **argv);     /* cmd_cov.c */
int fcov_main(int argc, char **argv);    /* cmd_fcov.c */

static const struct {
    const char *name;
    int (*main)(int argc, char **argv);
    const char *what;
} commands[] = {
    {"run", run_main, "run a scenario (PTX + checks) on an engine and the golden model; "
                      "no file: the built-in default"},
    {"replay", replay_main, "replay hardware-corpus files on an engine and compare every byte"},
    {"ptx", ptx_main, "decode and validate PTX; --check replays a ptxas verdict file"},
    {"regress", regress_main, "random legal operations on two engines side by side, every byte compared"},
    {"regress-merge", regress_merge_main, "merge the JUnit files of tce regress --shard K/N "
                                          "into the unsharded run's"},
    {"synth", synth_main, "synthesize the engine with Yosys and write the area report"},
    {"bench", bench_main, "performance figures beside their bounds (--sim: simulator speed)"},
    {"map", map_main, "the CUDA driver's 128-byte tensor map: explain, check, diff, show"},
    {"cov", cov_main, "per-module line and toggle coverage of the RTL from Verilator .dat files"},
    {"fcov", fcov_main, "functional coverage: legal bins hit and missed by the engines' runs"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: tce <command> [options]\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].what);
    fprintf(f, "run 'tce <command> --help' for a command's options\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].main(argc - 1, argv + 1);
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(stdout);
        return 0;
    }
    fprintf(stderr, "tce: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
