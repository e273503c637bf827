/* The simulator-speed workload of `tce bench --sim` on Verilator: tce_speed_red_tb.sv (the
 * reduction unit fed a beat every cycle) Verilated with the engine model's flags
 * (cmake/verilator_flags.cmake). Icarus Verilog runs the same module through
 * tce_speed_red_icarus.sv; equal checksums show the two simulated the same thing. */
#ifndef TCE_SPEED_H
#define TCE_SPEED_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Two clocks in reset, then `cycles` rising edges. The checksum and count of result beats
 * the workload folded. 0, or -1 when the model cannot be created. */
int tce_speed_red_run(uint64_t cycles, uint64_t *cksum, uint64_t *beats);

#ifdef __cplusplus
}
#endif

#endif
