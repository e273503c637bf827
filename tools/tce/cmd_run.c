/* `tce run [FILE...] [--backend=csim|rtl|systemc] [--driver-maps] [-v]`: run scenarios through the firmware driver
 * on the chosen backend, checked against the golden model. No FILE: the built-in scenario
 * (a GEMM mainloop, an im2col load and a reduce-add epilogue). */
#include <stdio.h>
#include <string.h>

#include "scenario.h"
#include "wave_opt.h"

int run_main(int argc, char **argv);

static void usage(FILE *f)
{
    fprintf(f, "usage: tce run [FILE.tce ...] [--backend=csim|rtl|systemc] [--driver-maps] [-v]\n"
               "  runs each scenario (docs/scenario.md); without FILE, the built-in one\n"
               "  --backend=csim  the register-level model over the golden model (default;\n"
               "                  also accepted as --backend=regmodel)\n"
               "  --backend=rtl   the Verilated RTL through the bridge (builds with Verilator)\n"
               "  --backend=systemc  the same RTL inside the SystemC TLM-2.0 model (builds\n"
               "                  with Verilator and SystemC)\n"
               "  --wave=FILE[,FROM:TO]  waves of the rtl/systemc backend's RTL (FST; VCD when\n"
               "                  FILE ends in .vcd), optionally only clock cycles [FROM, TO);\n"
               "                  with several scenarios, of the last one\n"
               "  --driver-maps   tmap lines without format= store the CUDA driver's own\n"
               "                  128-byte map, which the firmware converts (docs/driver_maps.md)\n"
               "  -v              echo each line as it runs\n"
               "exit status: 0 all pass, 1 a check or the memory comparison failed,\n"
               "             2 a scenario error (reported as FILE:LINE: cause),\n"
               "             3 the backend does not implement an instruction of a scenario\n");
}

int run_main(int argc, char **argv)
{
    bool verbose = false;
    scen_backend backend = SCEN_BACKEND_CSIM;
    int nfiles = 0, worst = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(argv[i], "-v")) {
            verbose = true;
        } else if (!strcmp(argv[i], "--driver-maps")) {
            scenario_set_driver_maps(true);
        } else if (!strncmp(argv[i], "--wave=", 7)) {
            tce_wave_spec w;
            char why[200];
            if (tce_wave_parse(argv[i] + 7, &w, why, sizeof why) != 0) {
                fprintf(stderr, "tce run: %s\n", why);
                return 2;
            }
            tce_wave_request(&w);
        } else if (!strncmp(argv[i], "--backend=", 10)) {
            const char *name = argv[i] + 10;
            if (!strcmp(name, "csim") || !strcmp(name, "regmodel")) {
                backend = SCEN_BACKEND_CSIM;
            } else if (!strcmp(name, TCE_HW_ENGINE)) {
                if (!tce_backend_rtl_built()) {
                    fprintf(stderr, "tce run: --backend=rtl: this tce was built without "
                                    "Verilator, so it has no rtl backend (rebuild with "
                                    "Verilator installed, or use --backend=csim)\n");
                    return 2;
                }
                backend = SCEN_BACKEND_RTL;
            } else if (!strcmp(name, "systemc")) {
                if (!tce_backend_systemc_built()) {
                    fprintf(stderr, "tce run: --backend=systemc: this tce was built without "
                                    "SystemC or Verilator, so it has no systemc backend "
                                    "(rebuild with both installed, or use --backend=rtl "
                                    "or csim)\n");
                    return 2;
                }
                backend = SCEN_BACKEND_SYSTEMC;
            } else if (!strcmp(name, "rtl") || !strcmp(name, "netlist")) {
                fprintf(stderr, "tce run: --backend=%s is not in this binary: build/tce has rtl, "
                                "build/tce-netlist (CMake target tce-netlist) has netlist\n",
                        name);
                return 2;
            } else {
                fprintf(stderr, "tce run: unknown backend '%s' (backends: csim, regmodel, "
                                TCE_HW_ENGINE ", systemc)\n",
                        name);
                return 2;
            }
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "tce run: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }
    if (tce_wave_take() && !scen_backend_is_rtl(backend)) {
        fprintf(stderr, "tce run: --wave: backend %s has no waves (use --backend=rtl or "
                        "systemc)\n", scen_backend_name(backend));
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-')
            continue;
        nfiles++;
        int rc = scenario_run_file_on(backend, argv[i], stdout, verbose);
        if (rc > worst)
            worst = rc;
    }
    if (nfiles == 0)
        worst = scenario_run_text_on(backend, "<built-in scenario>", scenario_default_text, stdout,
                                     verbose);
    return worst;
}
