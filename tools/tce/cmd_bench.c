/* `tce bench`: performance figures, each printed beside its bound. Two families, each in its
 * own file: the engine's simulated cycle counts (bench_perf.c, the default) and the speed of
 * the simulators themselves (bench_sim.c, `--sim`). */
#include <string.h>

int bench_perf_main(int argc, char **argv); /* bench_perf.c */
int bench_sim_main(int argc, char **argv);  /* bench_sim.c */

int bench_main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--sim"))
            return bench_sim_main(argc, argv);
    return bench_perf_main(argc, argv);
}
