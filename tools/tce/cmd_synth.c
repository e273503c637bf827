/* `tce synth`: synthesise the FPGA top (rtl/fpga/tce_fpga_top.sv) with Yosys for a Xilinx
 * 7-series part and the engine core with Yosys's generic gate library, for a few
 * configurations, and write the numbers to a Markdown report (docs/synthesis.md).
 * Every number in the report is read from the Yosys logs of this run (synth_parse.c).
 *
 * Per configuration, two Yosys runs:
 *   xc7      synth_xilinx -family xc7 -top tce_fpga_top (hierarchy kept), `stat`; then the
 *            design is flattened and written as BLIF, whose LUT levels and worst cell delay
 *            (the specify figures of the xc7 cells_sim.v, synth_xc7_delay.c) synth_levels.c
 *            finds in seconds; with --sta, Yosys's own `sta` too, as a cross-check (it ran
 *            past 1.5 hours on the flattened `small` top).
 *   generic  synth -top tce_engine, `stat`, flatten, `ltp -noff` (gate levels).
 * The engine core's xc7 numbers are the sum of the modules that are not tce_fpga_*.
 *
 * Exit status: 0 every run gave numbers and no latch; 1 a run failed, found a latch or a
 * loop in its netlist, or gave no numbers; 2 bad usage or a missing input. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "num_parse.h"
#include "synth_levels.h"
#include "synth_parse.h"

int synth_main(int argc, char **argv);

typedef struct {
    const char *name;
    unsigned data_w, num_ctas, smem_bytes;
    /* tce_engine's feature parameters (docs/rtl.md). `lite` = no reductions, im2col or
     * gather4 and load_slots/nrd below their defaults; 0 there keeps the RTL's default. */
    bool lite;
    unsigned load_slots, nrd;
    const char *why;
} synth_config;

/* The configurations of the report. SMEM_BYTES is 16 KiB per CTA everywhere: 16 CTAs of
 * it (256 KiB, 64 RAMB36) fit mid-size 7-series parts, and the engine's logic does not
 * depend on it beyond address-compare widths. */
static const synth_config CONFIGS[] = {
    {"small", 128, 2, 16384, false, 0, 0,
     "narrowest data path, two CTAs: the cheapest useful emulation"},
    {"lite", 128, 2, 16384, true, 4, 4,
     "`small` without reductions, multimem, im2col and gather4/scatter4 (HAS_REDUCE/HAS_IM2COL/HAS_GATHER/HAS_MULTIMEM 0), "
     "4 tensor loads and 4 read IDs in flight, tensors within 32-bit global addresses (GADDR_W 32): "
     "the copy engine the area goal is judged on"},
    {"default", 256, 16, 16384, false, 0, 0,
     "tce_engine's default DATA_W and NUM_CTAS (a full cluster)"},
    {"large", 512, 16, 16384, false, 0, 0, "widest data path, full cluster"},
};
#define NCONFIGS (sizeof CONFIGS / sizeof CONFIGS[0])
/* `lite`'s tensor path works in 32-bit global addresses (tce_engine GADDR_W), the
 * address width of a 32-bit FPGA DMA; tensors beyond 4 GiB are refused as UNSUPPORTED. */
#define LITE_GADDR_W 32u

/* The timing goal (issue 16): every register-to-register path of every configuration at
 * most this many LUT levels and this much cell delay. */
#define GOAL_LEVELS 8L
#define GOAL_DELAY_PS 5000L

/* The area goals (issue 16), LUTs used as RAM or shift registers included: the `lite`
 * engine core (tce_engine and its submodules) and the whole `small` FPGA top. */
#define GOAL_LITE_CORE_LUTS 10000L
#define GOAL_SMALL_TOP_LUTS 30000L

enum { T_XC7 = 0, T_GENERIC = 1, NTARGETS = 2 };
static const char *TARGET_NAME[NTARGETS] = {"xc7", "generic"};

typedef struct {
    bool ran, ok;
    int rc;
    long seconds;
    char log_path[1024];
    syn_log log;
    char blif_path[1024];   /* xc7: the flattened netlist */
    bool have_levels;
    syn_levels levels;
} synth_run;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: tce synth [--out=FILE] [--config=NAME ...] [--root=DIR] [--logdir=DIR]\n"
            "                 [--yosys=PATH] [--jobs=N] [--sources=FILE] [--report-only] [--sta]\n"
            "                 [--target=xc7|generic ...] [--run=CONFIG:TARGET ...]\n"
            "  Synthesises rtl/fpga/tce_fpga_top.sv for xc7 (synth_xilinx) and tce_engine with\n"
            "  the generic library (synth) and writes LUT/FF/BRAM/DSP counts and logic depth.\n"
            "  --out=FILE     report (default docs/synthesis.md under --root)\n"
            "  --config=NAME  only this configuration (repeatable); names: small lite default large\n"
            "  --root=DIR     repository root (default .)\n"
            "  --logdir=DIR   Yosys scripts, logs and netlists (default: synth/ beside the tce binary,\n"
            "                 i.e. under the build folder)\n"
            "  --yosys=PATH   the Yosys binary (default yosys)\n"
            "  --jobs=N       Yosys runs at once (default 1)\n"
            "  --target=NAME  only this target (repeatable): xc7 (synth_xilinx of the FPGA top) or\n"
            "                 generic (synth of tce_engine); default both\n"
            "  --run=C:T      this one (configuration, target) pair (repeatable), beside the\n"
            "                 pairs --config x --target select (only these when neither is given)\n"
            "  --sources=FILE RTL files, one a line (default: cmake/synth_sources.cmake's list)\n"
            "  --report-only  run no Yosys: rebuild the report from the logs already in --logdir\n"
            "  --sta          also run Yosys's own `sta` on each xc7 netlist, beside tce's delay\n"
            "                 (a cross-check; hours on the flattened `small` top)\n"
            "  --levels=BLIF  only count the LUT levels and worst cell delay of this flattened xc7 netlist (a unit\n"
            "                 synthesised alone: write_blif -param after synth_xilinx and flatten), with\n"
            "                 the named nets of each of the five deepest paths\n"
            "exit status: 0 all runs gave numbers and no latch or netlist loop, 1 otherwise, 2 bad usage\n");
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n < 2) {
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf)
        buf[n] = 0;
    return buf;
}

/* Run argv[] with stdout and stderr to /dev/null; returns the child's pid or -1. */
static pid_t spawn_quiet(char *const argv[])
{
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
            _exit(126);
        execvp(argv[0], argv);
        _exit(127);
    }
    return pid;
}

static int wait_rc(pid_t pid)
{
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR)
            return -1;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

static bool write_script(const char *path, const synth_config *c, int target, char **srcs, size_t nsrcs,
                         const char *blif, bool sta)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    fprintf(f, "# tce synth: configuration %s, target %s (generated; see tools/tce/cmd_synth.c)\n",
            c->name, TARGET_NAME[target]);
    fprintf(f, "read_verilog -sv");
    for (size_t i = 0; i < nsrcs; i++)
        fprintf(f, " %s", srcs[i]);
    fprintf(f, "\n");
    const char *top = target == T_XC7 ? "tce_fpga_top" : "tce_engine";
    fprintf(f, "chparam -set DATA_W %u -set NUM_CTAS %u -set SMEM_BYTES %u", c->data_w,
            c->num_ctas, c->smem_bytes);
    if (c->lite)
        fprintf(f, " -set HAS_REDUCE 0 -set HAS_IM2COL 0 -set HAS_GATHER 0 -set HAS_MULTIMEM 0 -set GADDR_W %u",
                LITE_GADDR_W);
    if (c->load_slots)
        fprintf(f, " -set LOAD_SLOTS %u", c->load_slots);
    if (c->nrd)
        fprintf(f, " -set NRD %u", c->nrd);
    fprintf(f, " %s\n", top);
    if (target == T_XC7) {
        /* synth_xilinx with its coarse step written out less `share`: that pass's SAT
         * search over the executor's check chain ran past 24 GB (docs/synthesis.md). */
        fprintf(f, "synth_xilinx -family xc7 -top %s -run begin:coarse\n", top);
        fprintf(f, "techmap -map +/cmp2lut.v -map +/cmp2lcu.v -D LUT_WIDTH=6\n");
        fprintf(f, "alumacc\nopt\nmemory -nomap\nopt_clean\n");
        fprintf(f, "synth_xilinx -family xc7 -top %s -run map_memory:\n", top);
        fprintf(f, "stat\n");
        /* Timing: the flattened netlist for synth_levels.c's levels and delay; on request
         * also the cell library's specify delays for Yosys's `sta` (-abc9 would read them
         * too, but crashes on this design in Yosys 0.23). */
        fprintf(f, "flatten\n");
        fprintf(f, "hierarchy -top %s\n", top);
        fprintf(f, "write_blif -param -cname %s\n", blif);
        if (sta) {
            fprintf(f, "read_verilog -lib -specify +/xilinx/cells_sim.v\n");
            fprintf(f, "sta\n");
        }
    } else {
        fprintf(f, "synth -top %s -noshare\n", top);
        fprintf(f, "stat\n");
        fprintf(f, "flatten\n");
        fprintf(f, "ltp -noff\n");
    }
    return fclose(f) == 0;
}

static bool read_sources(const char *path, char ***out, size_t *n)
{
    char *text = read_file(path);
    if (!text)
        return false;
    size_t cap = 16;
    char **v = malloc(cap * sizeof *v);
    *n = 0;
    for (char *line = strtok(text, "\n"); line && v; line = strtok(NULL, "\n")) {
        if (!*line)
            continue;
        if (*n == cap) {
            char **nv = realloc(v, 2 * cap * sizeof *v);
            if (!nv)
                break;
            v = nv;
            cap *= 2;
        }
        v[(*n)++] = strdup(line);
    }
    free(text);
    if (v && *n == 0) {
        free(v);
        v = NULL;
    }
    *out = v;
    return v != NULL;
}

static void yosys_version(const char *yosys, char *buf, size_t cap)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "'%s' -V 2>/dev/null", yosys);
    snprintf(buf, cap, "unknown");
    FILE *p = popen(cmd, "r");
    if (!p)
        return;
    if (fgets(buf, (int)cap, p)) {
        size_t n = strlen(buf);
        while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
            buf[--n] = 0;
    }
    pclose(p);
}

/* Numbers a run must have produced for the report to be complete. */
static bool run_has_numbers(const synth_run *r, int target, bool sta, char *why, size_t cap)
{
    if (!r->log.have_total || r->log.total.cells <= 0) {
        snprintf(why, cap, "no `stat` cell counts in %s", r->log_path);
        return false;
    }
    if (target == T_GENERIC && r->log.ltp_length < 0) {
        snprintf(why, cap, "no `ltp` path length in %s", r->log_path);
        return false;
    }
    if (target == T_XC7) {
        if (sta && r->log.sta_ps < 0) {
            snprintf(why, cap, "no `sta` arrival time in %s (--sta)", r->log_path);
            return false;
        }
        if (!r->have_levels || r->levels.max_levels < 0 || r->levels.delay_ps < 0) {
            snprintf(why, cap, "no register-to-register path counted in %s", r->blif_path);
            return false;
        }
        syn_xc7 g = syn_xc7_group(&r->log.total);
        if (g.lut <= 0 || g.ff <= 0) {
            snprintf(why, cap, "no LUTs or FFs in %s", r->log_path);
            return false;
        }
        if (g.ramb36 + g.ramb18 <= 0) {
            snprintf(why, cap, "shared memory did not map to block RAM (no RAMB36/RAMB18) in %s",
                     r->log_path);
            return false;
        }
    }
    return true;
}

/* Read and judge one run's log; returns false when the run cannot be reported. */
static bool evaluate_run(synth_run *r, const synth_config *c, int target, bool sta)
{
    const char *tname = TARGET_NAME[target];
    char *text = read_file(r->log_path);
    if (!text) {
        fprintf(stderr, "tce synth: %s/%s: no log at %s\n", c->name, tname, r->log_path);
        return false;
    }
    syn_parse_log(text, &r->log);
    free(text);
    char why[1200] = "";
    if (r->rc != 0 || r->log.error) {
        fprintf(stderr, "tce synth: %s/%s: yosys failed (exit %d): %s (log %s)\n", c->name, tname,
                r->rc, r->log.error ? r->log.error_line : "no ERROR line", r->log_path);
        return false;
    }
    if (target == T_XC7) {
        char *blif = read_file(r->blif_path);
        char err[400];
        if (!blif) {
            fprintf(stderr, "tce synth: %s/%s: no netlist at %s\n", c->name, tname, r->blif_path);
            return false;
        }
        r->have_levels = syn_levels_from_blif(blif, GOAL_LEVELS, &r->levels, err, sizeof err);
        free(blif);
        if (!r->have_levels) {
            fprintf(stderr, "tce synth: %s/%s: %s:%s\n", c->name, tname, r->blif_path, err);
            return false;
        }
    }
    if (!run_has_numbers(r, target, sta, why, sizeof why)) {
        fprintf(stderr, "tce synth: %s/%s: %s\n", c->name, tname, why);
        return false;
    }
    r->ok = true; /* a latch or a netlist loop still gets its numbers reported, marked */
    if (r->log.latch) {
        fprintf(stderr, "tce synth: %s/%s: latch: %s (log %s)\n", c->name, tname, r->log.latch_line,
                r->log_path);
        return false;
    }
    if (target == T_XC7 && r->levels.loops) {
        fprintf(stderr, "tce synth: %s/%s: %s:%d: structural combinational loop through cell '%s' "
                        "(%ld met; levels and delay through them are lower bounds)\n",
                c->name, tname, r->blif_path, r->levels.loop_line, r->levels.loop_cell, r->levels.loops);
        return false;
    }
    return true;
}

/* The engine core's modules of one xc7 run (not tce_fpga_*), most LUTs (logic + RAM, times
 * instances) first: their indices into log->modules and LUTs; returns how many. */
static size_t core_modules_by_luts(const syn_log *log, size_t idx[SYN_MAX_MODULES],
                                   long luts[SYN_MAX_MODULES])
{
    size_t n = 0;
    for (size_t i = 0; i < log->nmodules; i++) {
        if (!strncmp(syn_base_name(log->modules[i].name), "tce_fpga_", 9))
            continue;
        syn_xc7 g = syn_xc7_group(&log->modules[i]);
        luts[n] = (g.lut + g.lutram) * log->modules[i].instances;
        idx[n++] = i;
    }
    for (size_t a = 0; a < n; a++)
        for (size_t b = a + 1; b < n; b++)
            if (luts[b] > luts[a]) {
                long tl = luts[a]; luts[a] = luts[b]; luts[b] = tl;
                size_t ti = idx[a]; idx[a] = idx[b]; idx[b] = ti;
            }
    return n;
}

/* A module's name without Yosys's parameter suffix. */
static void module_base(const syn_module *m, char base[SYN_NAME_MAX])
{
    snprintf(base, SYN_NAME_MAX, "%s", syn_base_name(m->name));
    char *bs = strchr(base, '\\');
    if (bs)
        *bs = 0;
}

/* One configuration's engine core, module by module, most LUTs first: where the area goes. */
static void write_breakdown(FILE *f, const syn_log *log, const char *config)
{
    size_t idx[SYN_MAX_MODULES];
    long luts[SYN_MAX_MODULES];
    size_t n = core_modules_by_luts(log, idx, luts);
    fprintf(f, "Engine core by module (xc7, configuration `%s`; a module's own cells, without\n"
               "its submodules, times its instances):\n\n"
               "| module | instances | LUT | LUTRAM | FF | CARRY4 | DSP48 |\n"
               "| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n", config);
    for (size_t k = 0; k < n; k++) {
        const syn_module *m = &log->modules[idx[k]];
        syn_xc7 g = syn_xc7_group(m);
        char base[SYN_NAME_MAX];
        module_base(m, base);
        fprintf(f, "| %s | %ld | %ld | %ld | %ld | %ld | %ld |\n", base, m->instances,
                g.lut * m->instances, g.lutram * m->instances, g.ff * m->instances,
                g.carry4 * m->instances, g.dsp * m->instances);
    }
    fprintf(f, "\n");
}

/* One area goal: the LUTs of `lite`'s engine core or of `small`'s whole top against its
 * bound, and, when it misses, the core modules that hold the LUTs (largest first, until
 * they cover the excess). */
static void write_area_verdict(FILE *f, const syn_log *log, const synth_config *c, bool whole_top,
                               long goal)
{
    syn_module core;
    syn_sum_modules(log, "tce_fpga_", false, NULL, &core);
    syn_xc7 g = syn_xc7_group(whole_top ? &log->total : &core);
    long used = g.lut + g.lutram + g.srl;
    fprintf(f, "- `%s` %s: **%ld LUTs** (%ld logic + %ld as RAM + %ld as shift registers) against "
               "%ld -> **%s**.",
            c->name, whole_top ? "top (tce_fpga_top)" : "engine core (tce_engine)", used, g.lut,
            g.lutram, g.srl, goal, used <= goal ? "met" : "not met");
    if (used <= goal) {
        fprintf(f, "\n");
        return;
    }
    size_t idx[SYN_MAX_MODULES];
    long luts[SYN_MAX_MODULES];
    size_t n = core_modules_by_luts(log, idx, luts);
    long excess = used - goal, covered = 0;
    fprintf(f, " %ld over; the largest core modules until they cover it:", excess);
    for (size_t k = 0; k < n && covered < excess; k++) {
        char base[SYN_NAME_MAX];
        module_base(&log->modules[idx[k]], base);
        covered += luts[k];
        fprintf(f, "%s %s %ld", k ? "," : "", base, luts[k]);
    }
    fprintf(f, ".\n");
}

/* Timing: per configuration, the deepest path in LUT levels, the cell-delay estimate, how
 * many end registers are over the goal, and the five deepest paths. */
static void write_timing(FILE *f, const synth_run runs[][NTARGETS], const bool want[][NTARGETS])
{
    fprintf(f, "## Timing\n\n"
               "**Goal (issue 16): every register-to-register path of `lite`, `small` and `default`\n"
               "on xc7 at most %ld LUT levels and %.1f ns of cell delay** (stretch: 6 levels): about\n"
               "100 MHz even if routing doubles the delay. Anchors: Vortex's DXA unit closes at\n"
               "301.6 MHz on an UltraScale+ after cutting its worst path from 16 levels; AMD's AXI\n"
               "DataMover runs at 200-280 MHz on 7-series.\n\n"
               "How it is measured: the xc7 netlist of tce_fpga_top (`synth_xilinx`, flattened) is\n"
               "written as BLIF and its paths counted by tools/tce/synth_levels.c the way FPGA timing\n"
               "counts logic: a LUT (or a LUT-RAM or SRL read) is 1 level, a whole CARRY4 chain is 1,\n"
               "MUXF7/MUXF8 and INV are 0, and a DSP48E1 is followed through its unregistered stages\n"
               "(1 level for the block) and cut only at its internal registers. A path starts at a\n"
               "flip-flop, block RAM, registered DSP output or top input and ends at a flip-flop's\n"
               "D/CE/R/S, a RAM's write side, a DSP register or a top output. Registers are named by\n"
               "the nets Yosys kept (a flip-flop by its Q), bit index dropped (one group per\n"
               "register; a flip-flop whose Q Yosys named itself is a group of its own, by its cell\n"
               "name); `via` lists the\n"
               "hierarchy scopes the path's named nets lie in, start first. The cell delay is found\n"
               "on the same netlist by synth_levels.c from the specify delays of Yosys 0.23's xc7\n"
               "`cells_sim.v` (tools/tce/synth_xc7_delay.c), added up as Yosys's `sta` adds them:\n"
               "the clock buffer, clock to output, every pin-to-pin arc, and the end pin's setup\n"
               "time; a top input starts at 0, and an asynchronous clear or preset passes through\n"
               "to Q as `sta` has it. It equals `sta`'s figure on four `lite` netlists (10.761,\n"
               "12.113, 15.431, 37.327 ns) and takes seconds where `sta` ran past 1.5 hours on the\n"
               "flattened `small` top; `tce synth --sta` runs `sta` too, beside it. Where the library\n"
               "gives a timed pin no arc, the neighbouring figure is used, so no path is dropped\n"
               "(LUT6_2, RAM64M ADDR*[5], RAM128X1D WCLK->DPO, block RAM clock to DO:\n"
               "synth_xc7_delay.h). **Left out: routing** (on 7-series often as much again as the\n"
               "cells), clock skew and uncertainty, and the speed grade: the estimate is a lower\n"
               "bound of the real path delay.\n\n", GOAL_LEVELS, GOAL_DELAY_PS / 1000.0);
    fprintf(f, "How each unit was cut, with per-unit figures before and after: docs/fpga.md "
               "(\"Timing\" and the sections after it).\n\n");
    bool any = false;
    for (size_t i = 0; i < NCONFIGS; i++)
        any = any || (want[i][T_XC7] && runs[i][T_XC7].ok);
    if (!any) {
        fprintf(f, "Not run this time (no configuration synthesised for xc7).\n\n");
        return;
    }
    fprintf(f, "| config | LUT levels | cell delay | end registers over %ld levels | cells only: MHz | delay path: from | to | Yosys `sta` |\n"
               "| --- | ---: | ---: | ---: | ---: | --- | --- | ---: |\n", GOAL_LEVELS);
    for (size_t i = 0; i < NCONFIGS; i++) {
        const synth_run *r = &runs[i][T_XC7];
        if (!want[i][T_XC7] || !r->ok)
            continue;
        char sta[40];
        if (r->log.sta_ps >= 0)
            snprintf(sta, sizeof sta, "%.2f ns", r->log.sta_ps / 1000.0);
        else
            snprintf(sta, sizeof sta, "not run");
        fprintf(f, "| %s | %ld | %.2f ns | %ld of %ld | %.0f | `%s` | `%s` | %s |\n", CONFIGS[i].name,
                r->levels.max_levels, r->levels.delay_ps / 1000.0, r->levels.end_groups_over,
                r->levels.end_groups, r->levels.delay_ps > 0 ? 1e6 / (double)r->levels.delay_ps : 0.0,
                r->levels.delay_from, r->levels.delay_to, sta);
    }
    for (size_t i = 0; i < NCONFIGS; i++) {
        const synth_run *r = &runs[i][T_XC7];
        if (want[i][T_XC7] && r->ok && r->levels.loops)
            fprintf(f, "\n**`%s` has structural combinational loops in its netlist**: %ld met while\n"
                       "counting, each cut at the input that closes it (as Vivado's timing breaks a loop),\n"
                       "so a path through one is a lower bound; the first closes at `%s` (BLIF line %d).\n"
                       "Yosys's `sta` does not end on such a netlist.\n",
                    CONFIGS[i].name, r->levels.loops, r->levels.loop_cell, r->levels.loop_line);
    }
    bool met = true;
    for (size_t i = 0; i < NCONFIGS; i++)
        if (want[i][T_XC7] && runs[i][T_XC7].ok &&
            (runs[i][T_XC7].levels.max_levels > GOAL_LEVELS || runs[i][T_XC7].levels.delay_ps > GOAL_DELAY_PS))
            met = false;
    fprintf(f, "\nGoal (at most %ld LUT levels and %.1f ns on every configuration above): **%s**.\n\n",
            GOAL_LEVELS, GOAL_DELAY_PS / 1000.0, met ? "met" : "not met");
    for (size_t i = 0; i < NCONFIGS; i++) {
        const synth_run *r = &runs[i][T_XC7];
        if (!want[i][T_XC7] || !r->ok)
            continue;
        fprintf(f, "Deepest paths of `%s` (one per start and end register):\n\n"
                   "| levels | from | to | via |\n| ---: | --- | --- | --- |\n", CONFIGS[i].name);
        for (size_t k = 0; k < r->levels.nworst; k++)
            fprintf(f, "| %ld | `%s` | `%s` | %s |\n", r->levels.worst[k].levels, r->levels.worst[k].start,
                    r->levels.worst[k].end, r->levels.worst[k].via);
        if (r->levels.nworst)
            fprintf(f, "\nThe first of them net by net (the names Yosys kept; its own $... nets, most "
                       "of the LUTs' outputs, are left out): `%s`\n", r->levels.worst[0].nets);
        fprintf(f, "\n");
    }
}

static void write_report(FILE *f, const char *yver, const synth_run runs[][NTARGETS],
                         const bool want[][NTARGETS])
{
    /* A configuration is in the report when any target ran it; a target's table says
     * "not run" when no configuration ran on it. */
    bool selected[NCONFIGS] = {false}, want_target[NTARGETS] = {false, false};
    for (size_t i = 0; i < NCONFIGS; i++)
        for (int t = 0; t < NTARGETS; t++)
            if (want[i][t])
                selected[i] = want_target[t] = true;
    fprintf(f, "# Synthesis results\n\n");
    fprintf(f, "Generated by `tce synth` (tools/tce/cmd_synth.c) from its own Yosys runs; do not\n"
               "edit by hand, re-run `tce synth --out=docs/synthesis.md` instead. How to read and\n"
               "reproduce it: docs/fpga.md. Tool: %s.\n\n", yver);

    /* Area goals. */
    fprintf(f, "## Area goals\n\n"
               "**Issue 16: the `lite` engine core (tce_engine and its submodules) <= %ld LUTs, the\n"
               "`small` top (tce_fpga_top: core, shared-memory controller and RAMs, host port) <= %ld\n"
               "LUTs, on xc7**, LUTs used as RAM or shift registers included. Anchor: Vortex's DXA\n"
               "unit (1-5-D tiles and multicast; no swizzle, im2col or reductions) takes 13,148 LUTs\n"
               "on an UltraScale+.\n\n"
               "How it is measured: Yosys `synth_xilinx -family xc7` of tce_fpga_top with the\n"
               "hierarchy kept, each module's `stat` multiplied by its instances; LUT is LUT1..LUT6,\n"
               "a RAM32M/RAM64M counts 4 LUTs. Left out: what Vivado's own mapping and\n"
               "optimisation would give, and place-and-route.\n\n",
            GOAL_LITE_CORE_LUTS, GOAL_SMALL_TOP_LUTS);
    bool any_goal = false;
    for (size_t i = 0; i < NCONFIGS; i++) {
        if (!selected[i] || !runs[i][T_XC7].ok)
            continue;
        if (CONFIGS[i].lite) {
            write_area_verdict(f, &runs[i][T_XC7].log, &CONFIGS[i], false, GOAL_LITE_CORE_LUTS);
            any_goal = true;
        } else if (!strcmp(CONFIGS[i].name, "small")) {
            write_area_verdict(f, &runs[i][T_XC7].log, &CONFIGS[i], true, GOAL_SMALL_TOP_LUTS);
            any_goal = true;
        }
    }
    fprintf(f, "%s\n", any_goal ? "" : "Neither `lite` nor `small` was synthesised for xc7 in this run.");
    for (size_t i = 0; i < NCONFIGS; i++)
        if (selected[i] && runs[i][T_XC7].ok)
            write_breakdown(f, &runs[i][T_XC7].log, CONFIGS[i].name);

    write_timing(f, runs, want);

    fprintf(f, "## Configurations\n\n| name | DATA_W | NUM_CTAS | SMEM_BYTES per CTA | why |\n"
               "| --- | ---: | ---: | ---: | --- |\n");
    for (size_t i = 0; i < NCONFIGS; i++)
        if (selected[i])
            fprintf(f, "| %s | %u | %u | %u | %s |\n", CONFIGS[i].name, CONFIGS[i].data_w,
                    CONFIGS[i].num_ctas, CONFIGS[i].smem_bytes, CONFIGS[i].why);

    fprintf(f, "\n## Xilinx 7-series (`synth_xilinx -family xc7`)\n\n"
               "`core` is tce_engine and its submodules; `top` is all of tce_fpga_top (core, the\n"
               "shared-memory controller and RAMs, the host port). LUT counts LUT1..LUT6;\n"
               "LUTRAM counts the LUTs used as RAM (a RAM32M is 4); RAMB36/RAMB18 are block RAMs;\n"
               "LUT levels is the deepest register-to-register path of the whole top as FPGA timing\n"
               "counts it (see Timing above).\n\n"
               "| config | part | LUT | LUTRAM | SRL | FF | CARRY4 | MUXF7/8 | RAMB36 | RAMB18 | DSP48 | LUT levels | latches | Yosys CPU s |\n"
               "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |\n");
    if (!want_target[T_XC7])
        fprintf(f, "Not run this time (no configuration selected for xc7).\n");
    for (size_t i = 0; i < NCONFIGS; i++) {
        if (!want[i][T_XC7])
            continue;
        const synth_run *r = &runs[i][T_XC7];
        if (!r->ok) {
            fprintf(f, "| %s | - | no numbers: Yosys exit %d, see %s | | | | | | | | | | | |\n",
                    CONFIGS[i].name, r->rc, r->log_path);
            continue;
        }
        syn_module core;
        syn_sum_modules(&r->log, "tce_fpga_", false, NULL, &core);
        for (int part = 0; part < 2; part++) {
            syn_xc7 g = syn_xc7_group(part ? &r->log.total : &core);
            char depth[32], cpu[32];
            snprintf(depth, sizeof depth, "%ld", r->levels.max_levels);
            snprintf(cpu, sizeof cpu, "%ld", r->log.cpu_user_s);
            fprintf(f, "| %s | %s | %ld | %ld | %ld | %ld | %ld | %ld | %ld | %ld | %ld | %s | %s | %s |\n",
                    CONFIGS[i].name, part ? "top" : "core", g.lut, g.lutram, g.srl, g.ff, g.carry4,
                    g.muxf, g.ramb36, g.ramb18, g.dsp, part ? depth : "-",
                    r->log.latch ? "**yes**" : "none", part ? cpu : "-");
        }
    }

    fprintf(f, "\n## Generic gates (`synth -top tce_engine`)\n\n");
    if (!want_target[T_GENERIC])
        fprintf(f, "Not run this time (no configuration selected for generic).\n");
    else
        fprintf(f, "The engine core in Yosys's technology-independent gate library: all cells, of\n"
                   "which flip-flops, and gate levels (Yosys `ltp -noff`: the most gates on one path\n"
                   "between flip-flops or ports).\n\n"
                   "| config | cells | FF | gate levels | latches | Yosys CPU s |\n"
                   "| --- | ---: | ---: | ---: | --- | ---: |\n");
    for (size_t i = 0; i < NCONFIGS; i++) {
        if (!want[i][T_GENERIC])
            continue;
        const synth_run *r = &runs[i][T_GENERIC];
        if (!r->ok) {
            fprintf(f, "| %s | no numbers: Yosys exit %d, see %s | | | | |\n", CONFIGS[i].name,
                    r->rc, r->log_path);
            continue;
        }
        syn_generic g = syn_generic_group(&r->log.total);
        fprintf(f, "| %s | %ld | %ld | %ld | %s | %ld |\n", CONFIGS[i].name, g.cells, g.ff,
                r->log.ltp_length, r->log.latch ? "**yes**" : "none", r->log.cpu_user_s);
    }
    fprintf(f, "\nNot in these numbers: place-and-route (no timing closure, no routing congestion).\n");
}

/* `--levels=BLIF`: the timing section's count for one netlist, printed. */
static int levels_only(const char *path)
{
    char *blif = read_file(path), err[400];
    if (!blif) {
        fprintf(stderr, "tce synth: cannot read %s\n", path);
        return 2;
    }
    syn_levels lv;
    bool ok = syn_levels_from_blif(blif, GOAL_LEVELS, &lv, err, sizeof err);
    free(blif);
    if (!ok) {
        fprintf(stderr, "%s:%s\n", path, err);
        return 1;
    }
    printf("%s: deepest path %ld LUT levels; %ld of %ld end registers over %ld levels (%ld timed "
           "endpoints, %ld cells)\n", path, lv.max_levels, lv.end_groups_over, lv.end_groups,
           GOAL_LEVELS, lv.endpoints, lv.cells);
    printf("  worst cell delay %.3f ns (%ld LUT levels at its end): %s -> %s%s%s\n", lv.delay_ps / 1000.0,
           lv.delay_levels, lv.delay_from, lv.delay_to, lv.delay_via[0] ? "  via " : "", lv.delay_via);
    if (lv.untimed_cells)
        printf("  %ld cells of types without delay figures left out of the delay\n", lv.untimed_cells);
    if (lv.loops)
        fprintf(stderr, "%s:%d: structural combinational loop through cell '%s' (%ld met, each cut at "
                        "its closing input: levels and delay through them are lower bounds)\n",
                path, lv.loop_line, lv.loop_cell, lv.loops);
    for (size_t k = 0; k < lv.nworst; k++) {
        printf("  %2ld  %s -> %s%s%s\n", lv.worst[k].levels, lv.worst[k].start, lv.worst[k].end,
               lv.worst[k].via[0] ? "  via " : "", lv.worst[k].via);
        printf("      nets: %s\n", lv.worst[k].nets);
    }
    return lv.loops ? 1 : 0;
}

int synth_main(int argc, char **argv)
{
    const char *out = NULL, *root = ".", *logdir = NULL, *yosys = "yosys", *sources = NULL;
    unsigned jobs = 1;
    bool selected[NCONFIGS] = {false};
    bool any_selected = false, report_only = false, sta = false;
    bool want_target[NTARGETS] = {false, false}, any_target = false;
    static bool want[NCONFIGS][NTARGETS];
    bool any_run = false;
    memset(want, 0, sizeof want);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strncmp(a, "--levels=", 9)) {
            return levels_only(a + 9);
        } else if (!strcmp(a, "--report-only")) {
            report_only = true;
        } else if (!strcmp(a, "--sta")) {
            sta = true;
        } else if (!strncmp(a, "--out=", 6)) {
            out = a + 6;
        } else if (!strncmp(a, "--root=", 7)) {
            root = a + 7;
        } else if (!strncmp(a, "--logdir=", 9)) {
            logdir = a + 9;
        } else if (!strncmp(a, "--yosys=", 8)) {
            yosys = a + 8;
        } else if (!strncmp(a, "--sources=", 10)) {
            sources = a + 10;
        } else if (!strncmp(a, "--jobs=", 7)) {
            uint64_t j;
            if (!tce_opt_u64("synth", "--jobs", a + 7, 1, 16, &j))
                return 2;
            jobs = (unsigned)j;
        } else if (!strncmp(a, "--target=", 9)) {
            int t;
            for (t = 0; t < NTARGETS && strcmp(TARGET_NAME[t], a + 9); t++)
                ;
            if (t == NTARGETS) {
                fprintf(stderr, "tce synth: unknown target '%s' (xc7, generic)\n", a + 9);
                return 2;
            }
            want_target[t] = any_target = true;
        } else if (!strncmp(a, "--run=", 6)) {
            const char *colon = strchr(a + 6, ':');
            size_t k, clen = colon ? (size_t)(colon - (a + 6)) : 0;
            int t = NTARGETS;
            for (k = 0; colon && k < NCONFIGS; k++)
                if (strlen(CONFIGS[k].name) == clen && !strncmp(CONFIGS[k].name, a + 6, clen))
                    break;
            if (colon)
                for (t = 0; t < NTARGETS && strcmp(TARGET_NAME[t], colon + 1); t++)
                    ;
            if (!colon || k == NCONFIGS || t == NTARGETS) {
                fprintf(stderr, "tce synth: --run wants CONFIG:TARGET (configurations small, lite, "
                                "default, large; targets xc7, generic), got '%s'\n", a + 6);
                return 2;
            }
            want[k][t] = any_run = true;
        } else if (!strncmp(a, "--config=", 9)) {
            size_t k;
            for (k = 0; k < NCONFIGS && strcmp(CONFIGS[k].name, a + 9); k++)
                ;
            if (k == NCONFIGS) {
                fprintf(stderr, "tce synth: unknown configuration '%s' (small, lite, default, large)\n",
                        a + 9);
                return 2;
            }
            selected[k] = any_selected = true;
        } else {
            fprintf(stderr, "tce synth: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        }
    }
    if (!any_run || any_selected || any_target) {
        if (!any_selected)
            for (size_t k = 0; k < NCONFIGS; k++)
                selected[k] = true;
        if (!any_target)
            for (int t = 0; t < NTARGETS; t++)
                want_target[t] = true;
        for (size_t k = 0; k < NCONFIGS; k++)
            for (int t = 0; t < NTARGETS; t++)
                if (selected[k] && want_target[t])
                    want[k][t] = true;
    }

    /* Logs, scripts and netlists go under the build folder (beside this binary), never
     * into the folder tce is run from. */
    char logdir_default[900];
    if (!logdir) {
        char exe[880];
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (n <= 0) {
            fprintf(stderr, "tce synth: cannot find the tce binary's folder; pass --logdir=DIR\n");
            return 2;
        }
        exe[n] = 0;
        char *slash = strrchr(exe, '/');
        if (slash)
            *slash = 0;
        snprintf(logdir_default, sizeof logdir_default, "%s/synth", exe);
        logdir = logdir_default;
    }
    if (mkdir(logdir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "tce synth: cannot create the log folder %s: %s\n", logdir, strerror(errno));
        return 2;
    }
    char path[1024], out_default[1024];
    snprintf(path, sizeof path, "%s/rtl/fpga/tce_fpga_top.sv", root);
    if (access(path, R_OK) != 0) {
        fprintf(stderr, "tce synth: %s not found: --root must name the repository root\n", path);
        return 2;
    }
    if (!out) {
        snprintf(out_default, sizeof out_default, "%s/docs/synthesis.md", root);
        out = out_default;
    }

    /* The RTL list: given, or the one cmake/synth_sources.cmake derives. */
    char src_list[1024];
    if (!sources) {
        snprintf(src_list, sizeof src_list, "%s/synth-sources.txt", logdir);
        char def_root[1100], def_out[1100], script[1100];
        snprintf(def_root, sizeof def_root, "-DTCE_ROOT=%s", root);
        snprintf(def_out, sizeof def_out, "-DOUT=%s", src_list);
        snprintf(script, sizeof script, "%s/cmake/synth_sources.cmake", root);
        char *cm[] = {"cmake", def_root, def_out, "-P", script, NULL};
        pid_t pid = spawn_quiet(cm);
        if (pid < 0 || wait_rc(pid) != 0) {
            fprintf(stderr, "tce synth: could not list the RTL sources (cmake -P %s); pass --sources=FILE\n",
                    script);
            return 2;
        }
        sources = src_list;
    }
    char **srcs = NULL;
    size_t nsrcs = 0;
    if (!read_sources(sources, &srcs, &nsrcs)) {
        fprintf(stderr, "tce synth: no RTL files in '%s'\n", sources);
        return 2;
    }

    int worst = 0;
    char yver[200];
    yosys_version(yosys, yver, sizeof yver);
    if (!strncmp(yver, "unknown", 7)) {
        fprintf(stderr, "tce synth: cannot run '%s -V': is Yosys installed? (scripts/install-deps.sh)\n",
                yosys);
        worst = 2;
        goto out;
    }

    static synth_run runs[NCONFIGS][NTARGETS];
    memset(runs, 0, sizeof runs);

    /* Queue every (config, target) run; keep up to `jobs` Yosys processes going. */
    typedef struct { size_t cfg; int target; pid_t pid; time_t t0; } job;
    job active[16];
    unsigned nactive = 0;
    size_t next = 0, total = 0;
    size_t order[NCONFIGS * NTARGETS][2];
    for (size_t k = 0; k < NCONFIGS; k++)
        for (int t = 0; t < NTARGETS; t++)
            if (want[k][t]) {
                order[total][0] = k;
                order[total][1] = (size_t)t;
                total++;
            }
    if (report_only) {
        for (size_t q = 0; q < total; q++) {
            size_t k = order[q][0];
            int t = (int)order[q][1];
            synth_run *r = &runs[k][t];
            snprintf(r->log_path, sizeof r->log_path, "%s/synth-%s-%s.log", logdir, CONFIGS[k].name,
                     TARGET_NAME[t]);
            snprintf(r->blif_path, sizeof r->blif_path, "%s/synth-%s-%s.blif", logdir, CONFIGS[k].name,
                     TARGET_NAME[t]);
            r->ran = true;
            if (access(r->log_path, R_OK) != 0) {
                fprintf(stderr, "tce synth: --report-only: no log %s (run without --report-only first)\n",
                        r->log_path);
                worst = 2;
        goto out;
            }
            if (!evaluate_run(r, &CONFIGS[k], t, false))
                worst = 1;
        }
        next = total;
    }
    while (next < total || nactive > 0) {
        while (next < total && nactive < jobs) {
            size_t k = order[next][0];
            int t = (int)order[next][1];
            next++;
            synth_run *r = &runs[k][t];
            char ys[1100];
            snprintf(ys, sizeof ys, "%s/synth-%s-%s.ys", logdir, CONFIGS[k].name, TARGET_NAME[t]);
            snprintf(r->log_path, sizeof r->log_path, "%s/synth-%s-%s.log", logdir, CONFIGS[k].name,
                     TARGET_NAME[t]);
            snprintf(r->blif_path, sizeof r->blif_path, "%s/synth-%s-%s.blif", logdir, CONFIGS[k].name,
                     TARGET_NAME[t]);
            if (!write_script(ys, &CONFIGS[k], t, srcs, nsrcs, r->blif_path, sta)) {
                fprintf(stderr, "tce synth: cannot write %s\n", ys);
                worst = 2;
        goto out;
            }
            char *argvv[] = {(char *)yosys, "-q", "-l", r->log_path, "-s", ys, NULL};
            fprintf(stderr, "tce synth: %s/%s: yosys -s %s\n", CONFIGS[k].name, TARGET_NAME[t], ys);
            pid_t pid = spawn_quiet(argvv);
            if (pid < 0) {
                fprintf(stderr, "tce synth: cannot start %s\n", yosys);
                worst = 2;
        goto out;
            }
            active[nactive++] = (job){k, t, pid, time(NULL)};
        }
        int status = 0;
        pid_t done = wait(&status);
        if (done < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        for (unsigned a = 0; a < nactive; a++) {
            if (active[a].pid != done)
                continue;
            synth_run *r = &runs[active[a].cfg][active[a].target];
            r->ran = true;
            r->rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
            r->seconds = (long)(time(NULL) - active[a].t0);
            if (evaluate_run(r, &CONFIGS[active[a].cfg], active[a].target, sta))
                fprintf(stderr, "tce synth: %s/%s: done in %ld s\n", CONFIGS[active[a].cfg].name,
                        TARGET_NAME[active[a].target], r->seconds);
            else
                worst = 1;
            active[a] = active[--nactive];
            break;
        }
    }

    FILE *f = fopen(out, "w");
    if (!f) {
        fprintf(stderr, "tce synth: cannot write the report '%s'\n", out);
        worst = 2;
        goto out;
    }
    write_report(f, yver, (const synth_run(*)[NTARGETS])runs, (const bool(*)[NTARGETS])want);
    if (fclose(f) != 0) {
        fprintf(stderr, "tce synth: error writing '%s'\n", out);
        worst = 2;
        goto out;
    }
    printf("tce synth: wrote %s%s\n", out, worst ? " (with failures, see above)" : "");
out:
    for (size_t i = 0; i < nsrcs; i++)
        free(srcs[i]);
    free(srcs);
    return worst;
}
