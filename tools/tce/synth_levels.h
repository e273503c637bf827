/* LUT levels of the register-to-register paths of a flattened Xilinx 7-series netlist, as
 * FPGA timing counts them: a LUT (or a LUT-RAM read, or an SRL's address-to-output path)
 * is one level, a whole CARRY4 chain is one level, MUXF7/MUXF8, INV and buffers are none,
 * and a DSP48E1 is followed through its unregistered stages (one level for the block)
 * and cut at its internal registers. The netlist is Yosys's `write_blif -param` after
 * `synth_xilinx` and `flatten` (tce synth writes it beside its log).
 *
 * A path starts at a flip-flop, block RAM or registered DSP output, or a top-level input,
 * and ends at a flip-flop's D/CE/R/S, a RAM's or SRL's write side, a DSP's registered
 * input or a top-level output. Its registers are named by the nets Yosys kept (a flip-flop
 * by its Q net) with the bit index dropped: a "group" is one multi-bit register. A
 * flip-flop whose Q net has only a Yosys-made name ($...) is named by its cell (write_blif
 * -cname), a group of its own. */
#ifndef TCE_SYNTH_LEVELS_H
#define TCE_SYNTH_LEVELS_H

#include <stdbool.h>
#include <stddef.h>

#define SYN_LV_NAME_MAX 160
#define SYN_LV_WORST 5
#define SYN_LV_PATH_MAX 4096

typedef struct {
    long levels;
    char start[SYN_LV_NAME_MAX];   /* start register group */
    char end[SYN_LV_NAME_MAX];     /* end register group (a flip-flop's Q net, or CELL.PIN) */
    char via[SYN_LV_NAME_MAX];     /* hierarchy scopes the path runs through, start first */
    /* The nets along it that Yosys kept a name for (its own $... names left out), start
     * first, " -> " between; a list too long ends with "-> ... (N more)". */
    char nets[SYN_LV_PATH_MAX];
} syn_lv_path;

typedef struct {
    long max_levels;               /* the deepest path, -1 when there is none */
    syn_lv_path worst[SYN_LV_WORST]; /* deepest first, one per (start, end) group pair */
    size_t nworst;
    long end_groups;               /* end register groups with at least one timed path */
    long end_groups_over;          /* of which have a path deeper than the threshold */
    long endpoints;                /* timed endpoint bits */
    long cells;
    /* The worst path's cell delay (synth_xc7_delay.h): clock buffer, clock to output,
     * every arc, and the end pin's setup, in ps; -1 when no path is timed. */
    long delay_ps;
    char delay_from[SYN_LV_NAME_MAX]; /* its start register group (or top input) */
    char delay_to[SYN_LV_NAME_MAX];   /* its end register group, or CELL.PIN */
    char delay_via[SYN_LV_NAME_MAX];  /* hierarchy scopes it runs through, start first */
    long delay_levels;             /* the LUT levels of its end point's deepest path */
    long untimed_cells;            /* cells of a type without delay figures (left out) */
    /* Structural combinational loops met while counting (0 in a clean netlist): each is
     * left out at the input that closes it, so paths through one are lower bounds. */
    long loops;
    char loop_cell[SYN_LV_NAME_MAX]; /* the first one's closing cell, and its BLIF line */
    int loop_line;
} syn_levels;

/* Count the levels of `blif` (NUL-terminated) and find the path of the largest cell delay.
 * Groups deeper than `threshold` are counted in end_groups_over. Returns false with a message in err (`LINE: cause`) on a
 * netlist it cannot read: an unknown cell type, a net with two drivers, or no model. A
 * combinational loop is no refusal: it is counted in `loops` (synth_levels.c). */
bool syn_levels_from_blif(const char *blif, long threshold, syn_levels *out, char *err,
                          size_t errcap);

#endif
