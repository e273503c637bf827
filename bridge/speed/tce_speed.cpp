// tce_speed.h over the Verilated tce_speed_red_tb: the C++ side drives only the clock and
// reset, exactly as tce_speed_red_icarus.sv does for Icarus.
#include "tce_speed.h"

#include <memory>

#include "Vtce_speed_red_tb.h"
#include "verilated.h"

int tce_speed_red_run(uint64_t cycles, uint64_t *cksum, uint64_t *beats)
{
    std::unique_ptr<VerilatedContext> ctx(new VerilatedContext);
    std::unique_ptr<Vtce_speed_red_tb> tb(new Vtce_speed_red_tb(ctx.get(), "tb"));
    if (!tb)
        return -1;
    tb->clk = 0;
    tb->rst_n = 0;
    tb->eval();
    for (int i = 0; i < 2; i++) {
        tb->clk = 1;
        tb->eval();
        tb->clk = 0;
        tb->eval();
    }
    tb->rst_n = 1;
    tb->eval();
    for (uint64_t n = 0; n < cycles; n++) {
        tb->clk = 1;
        tb->eval();
        tb->clk = 0;
        tb->eval();
    }
    *cksum = tb->cksum;
    *beats = tb->beats;
    tb->final();
    return 0;
}
