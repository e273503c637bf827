/* The hardware corpus's tile loads and stores replayed through the `rtl` engine (firmware
 * driver -> registers -> Verilated RTL through the C bridge) with the bridge's default
 * memory timing. What is checked, and how, is in engine_tile_replay.h. */
#include "engine_tile_replay.h"

int main(int argc, char **argv)
{
    return tile_replay_main("test_rtl_tile", "rtl", NULL, argc, argv);
}
