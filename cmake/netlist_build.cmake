cmake_minimum_required(VERSION 3.20)
# CTest netlist-build: builds the netlist models (bridge/netlist.cmake: Yosys, then
# Verilator) and what runs them, then reads each Yosys log: an error or a latch fails the
# test (as in rtl-synth: a latch here is an incomplete combinational assignment), and the
# cell count is printed.
# -DTCE_ROOT=<repo> -DBUILD_DIR=<build tree> -DCONFIGS=<name,...> -DTARGETS=<target,...>
if(NOT TCE_ROOT OR NOT BUILD_DIR OR NOT CONFIGS OR NOT TARGETS)
  message(FATAL_ERROR "netlist_build.cmake: -DTCE_ROOT, -DBUILD_DIR, -DCONFIGS and -DTARGETS are required")
endif()
include(${TCE_ROOT}/cmake/yosys_latch_check.cmake)
string(REPLACE "," ";" TARGETS "${TARGETS}")
string(REPLACE "," ";" CONFIGS "${CONFIGS}")
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BUILD_DIR} -j 2 --target ${TARGETS}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "netlist-build: building ${TARGETS} failed (exit ${rc}):\n${out}${err}")
endif()
foreach(c ${CONFIGS})
  set(log ${BUILD_DIR}/netlist/${c}/synth.log)
  if(NOT EXISTS ${log})
    message(FATAL_ERROR "netlist-build: no Yosys log at ${log}")
  endif()
  file(READ ${log} text)
  tce_yosys_latch_check(netlist-build "${text}" ${log} "the ${c} netlist")
  string(REGEX MATCH "Number of cells: +[0-9]+" cells "${text}")
  string(REGEX MATCH "CPU: user [0-9.]+s system [0-9.]+s, MEM: [0-9.]+ MB peak" cpu "${text}")
  message("netlist-build: ${c}: no latch; ${cells}; Yosys ${cpu} (log ${log})")
endforeach()
