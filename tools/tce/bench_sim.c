/* `tce bench --sim [--quick]`: how fast the simulators run, each figure beside its goal
 * (docs/sim_speed.md).
 *
 *   verilator            engine clock cycles per CPU second of this process (one core: the
 *                        Verilated model is single-threaded) on the default configuration,
 *                        running batches of 8 KB bulk copies through the firmware driver
 *                        (`rtl` engine); goal >= 2 M cycles/s
 *   verilator, waves on  the same with FST waves written to a temporary file; no goal
 *   icarus               the same RTL on Icarus Verilog, where it compiles. tce_engine does
 *                        not (its first error is printed), so the comparison runs on the
 *                        reduction unit (bridge/speed/tce_speed_red_tb.sv), the same module
 *                        on both simulators, and their checksums must agree
 *   verilator/icarus     ratio of the two reduction-unit rates; goal >= 50
 *
 * CPU time, not wall time, is the denominator: the machine is shared, and CPU seconds of
 * one single-threaded process are what "cycles per second on one core" means. Wall time is
 * printed too. --quick runs a fraction of the cycles (CTest: the workloads run and agree;
 * the goals are printed but do not decide the exit status).
 *
 * Exit status: 0 every figure within its goal (with --quick: every workload ran and
 * agreed), 1 a figure outside its goal, 2 bad usage or a workload that failed. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engines.h"
#include "num_parse.h"

int bench_sim_main(int argc, char **argv);

#define GOAL_VERILATOR_CPS 2000000.0
#define GOAL_RATIO 50.0

typedef struct {
    double cpu_s, wall_s;
} span;

static double now_s(clockid_t id)
{
    struct timespec t;
    clock_gettime(id, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

typedef struct {
    unsigned within, outside;
    bool error;
} tally;

static void judge(tally *t, const char *what, double value, double goal, const char *unit)
{
    bool ok = value >= goal;
    printf("%s: %.0f%s (goal >= %.0f%s) %s\n", what, value, unit, goal, unit,
           ok ? "within" : "outside");
    if (ok)
        t->within++;
    else
        t->outside++;
}

/* ---------------------------------------------------------------- the engine workload */

#define SMEM_BYTES TCE_ENGINE_SMEM_BYTES
#define GBASE 0x80000000ull
#define COPY_BYTES 8192u
#define BATCH 16u
#define MBAR_OFF 0x30000u

/* Batches of BATCH copies alternate global->shared (even slots) and shared->global (odd
 * slots) until `cycles` engine cycles have run; every status must be OK and the last
 * batch's bytes must have arrived. Returns the cycles run, 0 on failure (cause printed). */
static uint64_t engine_workload(uint64_t cycles, const char *waves, span *sp)
{
    tce_engine *e = tce_engine_open(TCE_HW_ENGINE);
    if (!e) {
        printf("verilator: cannot open the rtl engine: %s\n", tce_engine_open_error());
        return 0;
    }
    if (waves && tce_engine_trace(e, waves) != 0) {
        printf("verilator: cannot write waves to %s\n", waves);
        tce_engine_close(e);
        return 0;
    }
    tce_memsys ms;
    if (tce_memsys_init(&ms, 1, SMEM_BYTES) || tce_memsys_add_global(&ms, GBASE, 1u << 20)) {
        printf("verilator: out of memory for the workload\n");
        tce_engine_close(e);
        return 0;
    }
    for (uint64_t i = 0; i < ms.g[0].size; i++)
        ms.g[0].bytes[i] = (uint8_t)(i * 7u + 1u);
    for (uint32_t i = 0; i < SMEM_BYTES; i++)
        ms.smem[0][i] = (uint8_t)(i * 13u + 5u);
    tce_op ops[BATCH];
    for (unsigned i = 0; i < BATCH; i++) {
        uint32_t s = i * COPY_BYTES;
        ops[i] = (i & 1u) ? tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, 0,
                                             GBASE + 0x80000u + s, s, COPY_BYTES, 0)
                          : tce_op_bulk_copy(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CLUSTER, 0,
                                             GBASE + s, TCE_SADDR(0, s), COPY_BYTES,
                                             TCE_SADDR(0, MBAR_OFF));
    }
    uint64_t start = tce_engine_cycles(e), ran = 0;
    double c0 = now_s(CLOCK_PROCESS_CPUTIME_ID), w0 = now_s(CLOCK_MONOTONIC);
    bool ok = true;
    while (ok && ran < cycles) {
        tce_result res[BATCH];
        if (tce_engine_exec_queue(e, ops, BATCH, &ms, res, NULL, NULL) != 0) {
            printf("verilator: the engine hung in the workload\n");
            ok = false;
        }
        for (unsigned i = 0; ok && i < BATCH; i++)
            if (res[i].status != TCE_OK) {
                printf("verilator: workload copy %u failed: %s\n", i,
                       tce_status_name(res[i].status));
                ok = false;
            }
        ran = tce_engine_cycles(e) - start;
    }
    sp->cpu_s = now_s(CLOCK_PROCESS_CPUTIME_ID) - c0;
    sp->wall_s = now_s(CLOCK_MONOTONIC) - w0;
    for (unsigned i = 0; ok && i < BATCH; i++) {
        uint32_t s = i * COPY_BYTES;
        const uint8_t *src = (i & 1u) ? ms.smem[0] + s : ms.g[0].bytes + s;
        const uint8_t *dst = (i & 1u) ? ms.g[0].bytes + 0x80000u + s : ms.smem[0] + s;
        if (memcmp(src, dst, COPY_BYTES)) {
            printf("verilator: workload copy %u: the destination differs from the source\n", i);
            ok = false;
        }
    }
    tce_memsys_free(&ms);
    tce_engine_close(e);
    return ok ? ran : 0;
}

/* ---------------------------------------------------------------- Icarus Verilog */

#if defined(TCE_HAVE_SIM_SPEED)
#include "tce_speed.h"

static double children_cpu_s(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_CHILDREN, &ru) != 0)
        return 0;
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

/* Run argv with stdout to out_path and stderr to err_path (NULL: /dev/null). The child's
 * exit status (-1 if it could not run), its CPU time in *cpu_s and wall time in *wall_s. */
static int run_child(char *const argv[], const char *out_path, const char *err_path,
                     double *cpu_s, double *wall_s)
{
    double w0 = now_s(CLOCK_MONOTONIC), before = children_cpu_s();
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int out = open(out_path ? out_path : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int err = open(err_path ? err_path : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (out < 0 || err < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0)
            _exit(126);
        execv(argv[0], argv);
        _exit(127);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    if (wall_s)
        *wall_s = now_s(CLOCK_MONOTONIC) - w0;
    /* Children are waited for one at a time, so the growth of the waited-for children's
     * total is this child's CPU time. */
    double after = children_cpu_s();
    if (cpu_s)
        *cpu_s = after - before;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The first line of a file that names an error ("error" or "syntax"), else its first line. */
static void first_error(const char *path, char *buf, size_t cap)
{
    snprintf(buf, cap, "(no message)");
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    char line[512];
    bool first = true;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        bool is_err = strstr(line, "error") || strstr(line, "syntax");
        if (first || is_err)
            snprintf(buf, cap, "%s", line);
        first = false;
        if (is_err)
            break;
    }
    fclose(f);
}

/* vvp with +cycles=n: the checksum it printed, its CPU and wall time. */
static bool icarus_run(const char *vvp_file, const char *dir, uint64_t n, uint64_t *cksum,
                       double *cpu_s, double *wall_s)
{
    char arg[64], out[600];
    snprintf(arg, sizeof arg, "+cycles=%" PRIu64, n);
    snprintf(out, sizeof out, "%s/vvp.out", dir);
    char *argv[] = {(char *)TCE_VVP, (char *)"-n", (char *)vvp_file, arg, NULL};
    if (run_child(argv, out, NULL, cpu_s, wall_s) != 0)
        return false;
    FILE *f = fopen(out, "r");
    if (!f)
        return false;
    char line[256];
    bool got = false;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "cycles=%*u beats=%*u cksum=%" SCNx64, cksum) == 1)
            got = true;
    fclose(f);
    return got;
}

static void remove_dir(const char *dir)
{
    static const char *const files[] = {"engine.vvp", "engine.log", "red.vvp", "red.log",
                                        "vvp.out", "waves.fst"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char p[600];
        snprintf(p, sizeof p, "%s/%s", dir, files[i]);
        unlink(p);
    }
    rmdir(dir);
}

/* Icarus on the engine (first error), then the reduction-unit comparison. */
static void icarus_compare(tally *t, const char *dir, bool quick)
{
    char vvp[600], log[600], why[512];
    double cpu, wall;

    snprintf(vvp, sizeof vvp, "%s/engine.vvp", dir);
    snprintf(log, sizeof log, "%s/engine.log", dir);
    char *eng_argv[] = {(char *)TCE_IVERILOG, (char *)"-g2012", (char *)"-s",
                        (char *)"tce_engine", (char *)"-o", vvp, (char *)"-c",
                        (char *)TCE_SPEED_ICARUS_ENGINE, NULL};
    int rc = run_child(eng_argv, NULL, log, NULL, NULL);
    if (rc < 0 || rc == 127) {
        printf("icarus: %s cannot be run: no comparison\n", TCE_IVERILOG);
        t->error = true;
        return;
    }
    if (rc != 0) {
        first_error(log, why, sizeof why);
        printf("icarus, tce_engine: not compiled by Icarus Verilog (first error: %s); the "
               "comparison runs on the reduction unit instead\n", why);
    } else {
        printf("icarus, tce_engine: compiles, but no Icarus testbench drives it yet; the "
               "comparison runs on the reduction unit\n");
    }

    snprintf(vvp, sizeof vvp, "%s/red.vvp", dir);
    snprintf(log, sizeof log, "%s/red.log", dir);
    char *red_argv[] = {(char *)TCE_IVERILOG, (char *)"-g2012", (char *)"-s",
                        (char *)"tce_speed_red_icarus", (char *)"-o", vvp, (char *)"-c",
                        (char *)TCE_SPEED_ICARUS_RED, NULL};
    if (run_child(red_argv, NULL, log, NULL, &wall) != 0) {
        first_error(log, why, sizeof why);
        printf("icarus, reduction unit: compile failed: %s\n", why);
        t->error = true;
        return;
    }
    /* Icarus runs a few hundred cycles per second on this module: a short run, less its
     * fixed cost (loading the compiled design: a run of zero cycles). */
    uint64_t n_ica = quick ? 100 : 2000, ck_ica = 0, ck0 = 0, ck_ver = 0, beats = 0;
    double cpu0, wall0;
    if (!icarus_run(vvp, dir, 0, &ck0, &cpu0, &wall0) ||
        !icarus_run(vvp, dir, n_ica, &ck_ica, &cpu, &wall)) {
        printf("icarus, reduction unit: vvp failed or printed no checksum\n");
        t->error = true;
        return;
    }
    if (tce_speed_red_run(n_ica, &ck_ver, &beats) != 0 || ck_ver != ck_ica) {
        printf("icarus, reduction unit: checksum 0x%016" PRIx64 " after %" PRIu64
               " cycles, Verilator's 0x%016" PRIx64 ": the simulators disagree\n",
               ck_ica, n_ica, ck_ver);
        t->error = true;
        return;
    }
    double ica_cps = (double)n_ica / (cpu - cpu0 > 1e-6 ? cpu - cpu0 : 1e-6);

    uint64_t n_ver = quick ? 200000 : 4000000;
    double c0 = now_s(CLOCK_PROCESS_CPUTIME_ID), w0 = now_s(CLOCK_MONOTONIC);
    if (tce_speed_red_run(n_ver, &ck_ver, &beats) != 0) {
        printf("verilator, reduction unit: cannot create the model\n");
        t->error = true;
        return;
    }
    double vcpu = now_s(CLOCK_PROCESS_CPUTIME_ID) - c0, vwall = now_s(CLOCK_MONOTONIC) - w0;
    double ver_cps = (double)n_ver / (vcpu > 1e-6 ? vcpu : 1e-6);
    printf("verilator, reduction unit: %.0f cycles/s  [%" PRIu64 " cycles, %.2f s CPU, "
           "%.2f s wall]\n", ver_cps, n_ver, vcpu, vwall);
    printf("icarus, reduction unit: %.0f cycles/s  [%" PRIu64 " cycles, %.2f s CPU less "
           "%.2f s to load, %.2f s wall; checksum 0x%016" PRIx64 " equal to Verilator's]\n",
           ica_cps, n_ica, cpu, cpu0, wall, ck_ica);
    judge(t, "verilator/icarus (reduction unit)", ver_cps / ica_cps, GOAL_RATIO, "x");
}
#endif

/* ---------------------------------------------------------------- the command */

/* Which build of the engine's model runs (cmake/verilator_flags.cmake, TCE_SIM_PGO and
 * TCE_SIM_LTO). The plain build meets the goal since the seventh session (docs/sim_speed.md);
 * the profile-guided one is faster still, and link-time optimisation takes about 3% more off. */
static const char *model_build(void)
{
#ifndef TCE_SIM_PGO_MODE
#define TCE_SIM_PGO_MODE "OFF"
#endif
#ifndef TCE_SIM_LTO_ON
#define TCE_SIM_LTO_ON 0
#endif
    const char *lto = TCE_SIM_LTO_ON ? ", link-time optimised (TCE_SIM_LTO=ON)" : "";
    static char name[200];
    if (!strcmp(TCE_SIM_PGO_MODE, "use"))
        snprintf(name, sizeof name, "profile-guided model (TCE_SIM_PGO=use)%s", lto);
    else if (!strcmp(TCE_SIM_PGO_MODE, "generate"))
        snprintf(name, sizeof name,
                 "instrumented model (TCE_SIM_PGO=generate): a training build, slower%s", lto);
    else
        snprintf(name, sizeof name,
                 "plain model build%s (scripts/sim_pgo.sh builds a faster, profile-guided one)",
                 lto);
    return name;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: tce bench --sim [--quick | --engine-cycles N]\n"
               "  simulator speed: Verilator cycles/s of the engine (waves off and on) and\n"
               "  Verilator vs Icarus Verilog on the same workload; docs/sim_speed.md\n"
               "  --quick  a short run (checks the workloads; goals printed, not judged)\n"
               "  --engine-cycles N  only the engine workload, waves off, for at least N\n"
               "           cycles (whole batches), goal not judged: the run to profile (two\n"
               "           lengths under valgrind --tool=callgrind give instructions/cycle)\n");
}

int bench_sim_main(int argc, char **argv)
{
    bool quick = false;
    uint64_t engine_only = 0; /* --engine-cycles N */
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--sim"))
            continue;
        if (!strcmp(argv[i], "--quick")) {
            quick = true;
        } else if (!strcmp(argv[i], "--engine-cycles")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "tce bench --sim: --engine-cycles needs a cycle count\n");
                return 2;
            }
            if (!tce_opt_u64("bench --sim", "--engine-cycles", argv[++i], 1, UINT64_MAX,
                             &engine_only))
                return 2;
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "tce bench --sim: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }
    if (!tce_engine_have_rtl()) {
        fprintf(stderr, "tce bench --sim: this tce was built without Verilator: nothing to "
                        "measure (install it with scripts/install-deps.sh and rebuild)\n");
        return 2;
    }
    if (engine_only) {
        span sp;
        uint64_t n = engine_workload(engine_only, NULL, &sp);
        if (!n)
            return 2;
        printf("verilator: %.0f cycles/s  [%" PRIu64 " cycles, %.2f s CPU, %.2f s wall; %s]\n",
               (double)n / sp.cpu_s, n, sp.cpu_s, sp.wall_s, model_build());
        return 0;
    }
    tally t = {0, 0, false};
    char dir[] = "/tmp/tce-bench-sim-XXXXXX";
    if (!mkdtemp(dir)) {
        fprintf(stderr, "tce bench --sim: cannot create a temporary folder: %s\n",
                strerror(errno));
        return 2;
    }

    uint64_t want = quick ? 200000 : 4000000;
    printf("engine workload: batches of %u bulk copies of %u bytes (global->shared and "
           "shared->global) through the firmware driver, rtl engine, default configuration "
           "(DATA_W=256, 16 CTAs, memory latency 8); %s\n", BATCH, COPY_BYTES, model_build());
    span off, on;
    uint64_t n = engine_workload(want, NULL, &off);
    double cps_off = 0;
    if (!n) {
        t.error = true;
    } else {
        cps_off = (double)n / off.cpu_s;
        judge(&t, "verilator", cps_off, GOAL_VERILATOR_CPS, " cycles/s");
        printf("  [%" PRIu64 " cycles, %.2f s CPU, %.2f s wall]\n", n, off.cpu_s, off.wall_s);
    }
    char waves[600];
    snprintf(waves, sizeof waves, "%s/waves.fst", dir);
    uint64_t n_on = engine_workload(want / 4, waves, &on);
    if (!n_on) {
        t.error = true;
    } else {
        double cps_on = (double)n_on / on.cpu_s;
        printf("verilator, waves on: %.0f cycles/s (%.0f%% of waves off; no goal)  [%" PRIu64
               " cycles, %.2f s CPU, %.2f s wall]\n",
               cps_on, cps_off > 0 ? 100.0 * cps_on / cps_off : 0.0, n_on, on.cpu_s, on.wall_s);
    }

#if defined(TCE_HAVE_SIM_SPEED)
    icarus_compare(&t, dir, quick);
    remove_dir(dir);
#else
    printf("icarus: this tce was built without Icarus Verilog or the speed workload "
           "(bridge/speed/): no comparison\n");
    t.outside++;
    unlink(waves);
    rmdir(dir);
#endif

    printf("%u within bounds, %u outside%s\n", t.within, t.outside,
           t.error ? "; a workload failed (above)" : "");
    if (t.error)
        return 2;
    if (quick)
        return 0;
    return t.outside ? 1 : 0;
}
