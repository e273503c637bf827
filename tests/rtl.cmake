# RTL checks: lint (Verilator -Wall), generic synthesis (Yosys, no latches) and, when
# Verilator is installed, the co-simulation tests through the bridge (bridge/). Without a
# tool its check reports SKIPPED (exit 77), never passed; scripts/install-deps.sh installs
# the tools, so CI runs them.
set(TCE_RTL_TOP tce_engine)
find_program(TCE_VERILATOR verilator)
find_program(TCE_YOSYS yosys)

function(tce_rtl_check name tool script)
  if(tool)
    add_test(NAME ${name} COMMAND ${CMAKE_COMMAND} -DTCE_ROOT=${CMAKE_SOURCE_DIR} -DTOP=${TCE_RTL_TOP}
             -DLOG=${CMAKE_BINARY_DIR}/${name}.log -P ${CMAKE_SOURCE_DIR}/cmake/${script})
  else()
    add_test(NAME ${name} COMMAND sh -c "echo 'SKIP: ${name}: ${ARGN} is not installed (run scripts/install-deps.sh)'; exit 77")
  endif()
  # nosan: these checks read only the RTL sources, so the sanitizer pass of scripts/test.sh
  # (which excludes that label) would merely repeat them.
  set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77 LABELS "rtl;nosan")
endfunction()

tce_rtl_check(rtl-lint "${TCE_VERILATOR}" rtl_lint.cmake verilator)
tce_rtl_check(rtl-synth "${TCE_YOSYS}" rtl_synth.cmake yosys)
# A construct Yosys 0.23 and Verilator read differently (~N'(x)); needs no tool.
add_test(NAME rtl-yosys-cast COMMAND ${CMAKE_COMMAND} -DTCE_ROOT=${CMAKE_SOURCE_DIR}
         -P ${CMAKE_SOURCE_DIR}/cmake/rtl_cast_check.cmake)
set_tests_properties(rtl-yosys-cast PROPERTIES LABELS "rtl;nosan")
# The latch check of rtl-synth and netlist-build on real Yosys logs; needs no tool.
add_test(NAME yosys-latch-check COMMAND ${CMAKE_COMMAND} -DTCE_ROOT=${CMAKE_SOURCE_DIR}
         -P ${CMAKE_SOURCE_DIR}/cmake/yosys_latch_check_test.cmake)
set_tests_properties(yosys-latch-check PROPERTIES LABELS "rtl;nosan")
# CTest starts the costliest tests first (COST; later runs use their measured times), so
# the two Yosys runs overlap the many short tests on a 2-core machine instead of
# starting last and running alone. fpga-synth-report (tests/fpga.cmake) is costlier still.
set_tests_properties(rtl-synth PROPERTIES COST 500)
# The simulation-only checkers (rtl/assert/, tce_fifo's) on a testbench of legal and planted
# illegal sequences: each rule must pass the legal one and stop its own violation.
if(TCE_VERILATOR)
  add_test(NAME rtl-assert COMMAND ${CMAKE_COMMAND} -DTCE_ROOT=${CMAKE_SOURCE_DIR}
           -DOUT_DIR=${CMAKE_BINARY_DIR}/rtl-assert -P ${CMAKE_SOURCE_DIR}/tests/rtl_assert/check.cmake)
else()
  add_test(NAME rtl-assert COMMAND sh -c "echo 'SKIP: rtl-assert: verilator is not installed (run scripts/install-deps.sh)'; exit 77")
endif()
set_tests_properties(rtl-assert PROPERTIES SKIP_RETURN_CODE 77 LABELS "rtl;nosan")
# The checks behind tce_regs's and tce_desc_fetch's look-ahead registers, each shown to stop
# a planted bug or a broken contract (tests/rtl_assert/planted.cmake).
if(TCE_VERILATOR)
  add_test(NAME rtl-assert-planted COMMAND ${CMAKE_COMMAND} -DTCE_ROOT=${CMAKE_SOURCE_DIR}
           -DOUT_DIR=${CMAKE_BINARY_DIR}/rtl-assert-planted
           -P ${CMAKE_SOURCE_DIR}/tests/rtl_assert/planted.cmake)
else()
  add_test(NAME rtl-assert-planted COMMAND sh -c "echo 'SKIP: rtl-assert-planted: verilator is not installed (run scripts/install-deps.sh)'; exit 77")
endif()
set_tests_properties(rtl-assert-planted PROPERTIES SKIP_RETURN_CODE 77 LABELS "rtl;nosan")

# The co-simulation bridge and its tests. Verilated C++ is not sanitizer-clean territory
# and its tests carry the label nosan, which the sanitizer run of scripts/test.sh excludes,
# so a sanitizer build does not build the bridge at all (it would only cost CI time).
if(TCE_VERILATOR AND NOT TCE_SANITIZE AND EXISTS ${CMAKE_SOURCE_DIR}/bridge/CMakeLists.txt)
  add_subdirectory(${CMAKE_SOURCE_DIR}/bridge ${CMAKE_BINARY_DIR}/bridge)
endif()
