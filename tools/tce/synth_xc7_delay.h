/* Cell delays of the Xilinx 7-series cells that `synth_xilinx -family xc7` maps to, in
 * picoseconds, as the specify blocks of Yosys 0.23's techlibs/xilinx/cells_sim.v state them
 * (Artix-7 figures from Project X-Ray; cells only, no routing). An arc is a pin-to-pin delay
 * through a cell: combinational (LUT input to output, carry bit to carry bit) or from a
 * clock pin to a registered output (clock to Q). A setup is what an input pin needs before
 * its clock edge; a pin with one ends a timed path. synth_levels.c adds them up along the
 * paths of a flattened netlist, the way Yosys's `sta` does, in linear time.
 *
 * Where cells_sim.v leaves a timed pin without an arc, or gives a condition `sta` reads as
 * never true, the figure here is the library's own neighbouring one, so that no path is
 * dropped (docs/synthesis.md lists these): LUT6_2 (no specify: LUT6's and LUT5's input
 * delays), RAM64M ADDR*[5] (LUT6's I5, 127), RAM128X1D WCLK->DPO (its SPO figure), and a
 * block RAM's clock to DO (882 ps with DO*_REG set, 2454 without; `sta` finds no arc for
 * DO*_REG 0 and 2454 for 1). */
#ifndef TCE_SYNTH_XC7_DELAY_H
#define TCE_SYNTH_XC7_DELAY_H

#include <stdbool.h>

/* The parameters that choose a DSP48E1's or block RAM's arcs (cells_sim.v defaults by
 * xc7_params_default). */
typedef struct {
    int areg, breg, creg, dreg, adreg, mreg, preg;
    int use_mult;       /* 0 NONE, 1 MULTIPLY, 2 DYNAMIC */
    bool use_dport;
    bool patdet;        /* USE_PATTERN_DETECT other than NO_PATDET */
    int doa_reg, dob_reg;
} xc7_params;

void xc7_params_default(xc7_params *p);

/* Whether cells_sim.v's figures cover this cell type at all (a type without is left out of
 * the delay, and counted). */
bool xc7_has_delays(const char *type);

/* The delay from input pin (in, inbit) to output pin (out, outbit), -1 when there is no
 * such arc; bit -1 is a pin without an index. */
long xc7_arc(const char *type, const char *in, int inbit, const char *out, int outbit, const xc7_params *p);

/* The setup time at input pin (in, inbit), -1 when the pin ends no timed path. */
long xc7_setup(const char *type, const char *in, int inbit, const xc7_params *p);

/* Whether `in` is a clock pin of `type` (a path through it starts at the cell). */
bool xc7_is_clock(const char *type, const char *in);

#endif
