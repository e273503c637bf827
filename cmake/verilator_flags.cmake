# How the simulation models are Verilated and compiled for speed: one definition for the
# engine's model (bridge/CMakeLists.txt) and the simulator-speed workload
# (bridge/speed/), so `tce bench --sim` measures the flags the co-simulation really uses.
# Measured in docs/sim_speed.md.
#   TCE_VERILATOR_SPEED_ARGS  Verilator options: optimisation level, X handling, and every
#                             module inlined (--inline-mult -1: the reduction unit's 16
#                             adder instances were otherwise separate functions called each
#                             cycle; 4% fewer instructions, 11% less CPU per engine cycle)
#                             (--x-initial unique: state without a reset starts at zero,
#                             or random when the bridge asks, TCE_SIM_INIT=random, so a
#                             missing reset can be shown without the netlist; docs/rtl.md)
#   TCE_VERILATED_CXX_OPT     compiler options of the generated C++: TCE_SIM_CXX_OPT, a cache
#                             entry so that another level can be compared in a build
#                             directory of its own (-DTCE_SIM_CXX_OPT=-O2). -O3: about 17%
#                             less CPU per engine cycle than -O2, -Os 11% more
#                             (docs/sim_speed.md, sixteenth session)
set(TCE_VERILATOR_SPEED_ARGS -O2 --x-assign fast --x-initial unique --inline-mult -1)
set(TCE_SIM_CXX_OPT "-O3" CACHE STRING "compiler options of the Verilated models' C++")
separate_arguments(TCE_VERILATED_CXX_OPT UNIX_COMMAND "${TCE_SIM_CXX_OPT}")

# Profile-guided optimisation of the engine's model (opt-in: it needs an instrumented
# build and a training run, which the CI's time budget has no room for). scripts/sim_pgo.sh
# runs the three steps in one build directory (the profile files are named after the
# object files' absolute paths, so training and use must share it):
#   TCE_SIM_PGO=generate  the model instrumented; running it writes profiles to
#                         TCE_SIM_PGO_DIR
#   TCE_SIM_PGO=use       the model compiled with those profiles (about 5% less CPU per
#                         engine cycle with --inline-mult -1, 20% without: docs/sim_speed.md)
#   TCE_SIM_PGO=OFF       (default) no profile
# Only the engine's model (tce_vmodel) takes these options:
#   TCE_VERILATED_PGO_OPT   compile options;  TCE_VERILATED_PGO_LINK  link options
set(TCE_SIM_PGO OFF CACHE STRING "profile-guided build of the engine's model: OFF, generate or use")
set_property(CACHE TCE_SIM_PGO PROPERTY STRINGS OFF generate use)
set(TCE_SIM_PGO_DIR ${CMAKE_BINARY_DIR}/sim-pgo)
set(TCE_VERILATED_PGO_OPT)
set(TCE_VERILATED_PGO_LINK)
if(TCE_SIM_PGO STREQUAL "generate")
  set(TCE_VERILATED_PGO_OPT -fprofile-generate=${TCE_SIM_PGO_DIR} -fprofile-update=single)
  set(TCE_VERILATED_PGO_LINK -fprofile-generate=${TCE_SIM_PGO_DIR})
elseif(TCE_SIM_PGO STREQUAL "use")
  file(GLOB tce_pgo_profiles ${TCE_SIM_PGO_DIR}/*.gcda)
  if(NOT tce_pgo_profiles)
    message(FATAL_ERROR "TCE_SIM_PGO=use: no profile in ${TCE_SIM_PGO_DIR}; build with "
                        "TCE_SIM_PGO=generate and run the training first (scripts/sim_pgo.sh)")
  endif()
  # Functions the training never ran are compiled as without a profile (not for size), and
  # a profile made before the RTL changed is ignored where it no longer matches, not an
  # error: such a build is correct, only less tuned (rerun scripts/sim_pgo.sh).
  set(TCE_VERILATED_PGO_OPT -fprofile-use=${TCE_SIM_PGO_DIR} -fprofile-partial-training
                            -fprofile-correction -Wno-missing-profile
                            -Wno-error=coverage-mismatch -Wno-coverage-mismatch)
elseif(NOT TCE_SIM_PGO STREQUAL "OFF")
  message(FATAL_ERROR "TCE_SIM_PGO='${TCE_SIM_PGO}': must be OFF, generate or use")
endif()

# Link-time optimisation of the engine's model and the bridge into `tce` (opt-in,
# -DTCE_SIM_LTO=ON): gcc may then inline across them (the bridge's scheduler calls, the
# model's passes): about 3% less CPU time per engine cycle, the same instructions
# (docs/sim_speed.md). Off by default: the model's objects carry both code and LTO bytecode
# (-ffat-lto-objects, so the co-simulation tests still link them the plain way) and only
# `tce` links with -flto, which costs about a minute of CPU per link of the model.
#   TCE_SIM_LTO_OPT   compile options of the model and the bridge
#   TCE_SIM_LTO_LINK  link options of `tce`
option(TCE_SIM_LTO "link-time optimisation of the engine's model and bridge into tce" OFF)
set(TCE_SIM_LTO_OPT)
set(TCE_SIM_LTO_LINK)
if(TCE_SIM_LTO)
  set(TCE_SIM_LTO_OPT -flto=auto -ffat-lto-objects)
  set(TCE_SIM_LTO_LINK -flto=auto)
endif()

# Code coverage of the engine's model (opt-in, -DTCE_COVERAGE=ON in a build directory of its
# own, scripts/coverage.sh, docs/coverage.md): Verilator's line and toggle points in
# tce_vmodel, and each simulation writes its counts to a .dat file when it is destroyed
# (into $TCE_COVERAGE_DIR). Off by default: the counters slow the model the tests run.
# The counted model is about 80 C++ files of 1-4 MB: at -O2 they took over an hour on the
# shared 2-core build machine, so this build compiles them at -O1 without debug
# information, and Verilator's __Slow files (construction, coverage-point registration,
# initial blocks: code that runs once per model; the four largest files) at -O0
# (TCE_VERILATED_SLOW_OPT, docs/coverage.md).
# -fno-split: Verilator 5.006's block splitting (V3Split) loses the counts of the later arms
# of a chain `if (!bad && a) bad = 1; if (!bad && b) ...` (the check units' style): taken
# arms read 0 (docs/coverage.md, "The coverage build").
# CTest cov-chain-counts holds these options to that (tests/data/coverage/chain.sv).
#   TCE_VERILATOR_COV_FLAGS the coverage options
#   TCE_VERILATOR_COV_ARGS  Verilator options of tce_vmodel: those, in a coverage build
option(TCE_COVERAGE "line and toggle coverage in the engine's Verilated model" OFF)
set(TCE_VERILATOR_COV_FLAGS --coverage-line --coverage-toggle -fno-split)
set(TCE_VERILATOR_COV_ARGS)
set(TCE_VERILATED_SLOW_OPT)
if(TCE_COVERAGE)
  set(TCE_VERILATED_SLOW_OPT -O0)
  set(TCE_VERILATOR_COV_ARGS ${TCE_VERILATOR_COV_FLAGS})
  set(TCE_VERILATED_CXX_OPT -O1 -g0)
endif()
