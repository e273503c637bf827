/* `tce run [FILE...] [--backend=csim] [-v]`: run scenarios through the driver and the
 * register-level engine model, checked against the golden model. No FILE: the built-in
 * scenario (a GEMM mainloop, an im2col load and a reduce-add epilogue). */
#include <stdio.h>
#include <string.h>

#include "scenario.h"

int run_main(int argc, char **argv);

static void usage(FILE *f)
{
    fprintf(f, "usage: tce run [FILE.tce ...] [--backend=csim] [-v]\n"
               "  runs each scenario (docs/scenario.md); without FILE, the built-in one\n"
               "  --backend=csim  the register-level model over the golden model (default)\n"
               "  -v              echo each line as it runs\n"
               "exit status: 0 all pass, 1 a check or the memory comparison failed,\n"
               "             2 a scenario error (reported as FILE:LINE: cause)\n");
}

int run_main(int argc, char **argv)
{
    bool verbose = false;
    int nfiles = 0, worst = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(argv[i], "-v")) {
            verbose = true;
        } else if (!strncmp(argv[i], "--backend=", 10)) {
            if (strcmp(argv[i] + 10, "csim") != 0) {
                fprintf(stderr, "tce run: backend '%s' is not built into this binary (csim)\n",
                        argv[i] + 10);
                return 2;
            }
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "tce run: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-')
            continue;
        nfiles++;
        int rc = scenario_run_file(argv[i], stdout, verbose);
        if (rc > worst)
            worst = rc;
    }
    if (nfiles == 0)
        worst = scenario_run_text("<built-in scenario>", scenario_default_text, stdout, verbose);
    return worst;
}
