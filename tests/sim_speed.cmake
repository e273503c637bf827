# `tce bench --sim` (tools/tce/bench_sim.c, docs/sim_speed.md): the simulator-speed
# workload bridge/speed/ is built where the engine's Verilated model is (not in a sanitizer
# build), and the Icarus comparison is compiled in where Icarus Verilog is installed.
# The CTest check is the --quick run: the workloads run, copy correctly and Verilator and
# Icarus agree on the checksum; speed goals are printed, not judged (a shared CI machine is
# no place for wall-clock limits).
if(TARGET tce_vmodel AND NOT TCE_SANITIZE)
  add_subdirectory(${CMAKE_SOURCE_DIR}/bridge/speed ${CMAKE_BINARY_DIR}/bridge-speed)
  find_program(TCE_IVERILOG iverilog)
  find_program(TCE_VVP vvp)
  if(TCE_IVERILOG AND TCE_VVP)
    target_link_libraries(tce_tools PUBLIC tce_speed)
    target_compile_definitions(tce_tools PRIVATE TCE_HAVE_SIM_SPEED=1
                               TCE_IVERILOG="${TCE_IVERILOG}" TCE_VVP="${TCE_VVP}"
                               TCE_SPEED_ICARUS_RED="${TCE_SPEED_ICARUS_RED}"
                               TCE_SPEED_ICARUS_ENGINE="${TCE_SPEED_ICARUS_ENGINE}")
  else()
    message(STATUS "sim_speed: no Icarus Verilog; tce bench --sim measures Verilator only")
  endif()
  # Which build of the engine's model the figures are of (cmake/verilator_flags.cmake):
  # the bench names it beside them.
  target_compile_definitions(tce_tools PRIVATE TCE_SIM_PGO_MODE="${TCE_SIM_PGO}"
                             TCE_SIM_LTO_ON=$<BOOL:${TCE_SIM_LTO}>)
  add_test(NAME bench-sim-quick COMMAND tce bench --sim --quick)
  set_tests_properties(bench-sim-quick PROPERTIES LABELS "rtl;nosan")
endif()
