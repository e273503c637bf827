# How the simulation models are Verilated and compiled for speed: one definition for the
# engine's model (bridge/CMakeLists.txt) and the simulator-speed workload
# (bridge/speed/), so `tce bench --sim` measures the flags the co-simulation really uses.
# Measured in docs/sim_speed.md.
#   TCE_VERILATOR_SPEED_ARGS  Verilator options: optimisation level, X handling
#   TCE_VERILATED_CXX_OPT     compiler options of the generated C++
set(TCE_VERILATOR_SPEED_ARGS -O2 --x-assign fast --x-initial fast)
set(TCE_VERILATED_CXX_OPT -O2)
