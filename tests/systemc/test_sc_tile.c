/* The hardware corpus's tile loads and stores replayed through the `systemc` engine
 * (firmware driver -> the TLM register socket -> the SystemC model around the RTL). The
 * global-memory target answers each burst after a random 8..32 cycles (axi_reorder), so
 * bursts come back out of order and the run also shows the RTL is indifferent to
 * TLM-level reordering. What is checked, and how, is in tests/rtl/engine_tile_replay.h. */
#include "../rtl/engine_tile_replay.h"

int main(int argc, char **argv)
{
    tce_engine_timing t = {.mem_latency = 8, .axi_reorder = 1, .axi_stall_pct = 0, .seed = 0x7e57};
    return tile_replay_main("test_sc_tile", "systemc", &t, argc, argv);
}
