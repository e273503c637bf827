// Drives tests/data/coverage/chain.sv through every arm of its check chain and writes the
// coverage counts to argv[1] (cmake/coverage_chain.cmake): the arms' outputs are checked
// here, their counts by `tce cov` there.
#include "Vtce_cov_chain.h"
#include "verilated.h"
#include "verilated_cov.h"

#include <cstdio>

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s OUT.dat\n", argv[0]);
        return 2;
    }
    VerilatedContext ctx;
    Vtce_cov_chain m{&ctx};
    for (unsigned s = 0; s < 4; s++) {
        m.sel = s;
        m.eval();
        if (m.arm != s) {
            std::fprintf(stderr, "sel %u took arm %u\n", s, unsigned(m.arm));
            return 1;
        }
    }
    ctx.coveragep()->write(argv[1]);
    return 0;
}
