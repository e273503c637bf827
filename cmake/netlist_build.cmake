cmake_minimum_required(VERSION 3.20)
# CTest netlist-build: builds the netlist models (bridge/netlist.cmake: Yosys, then
# Verilator) and what runs them, then reads each Yosys log: an error or a latch fails the
# test (as in rtl-synth: a latch here is an incomplete combinational assignment), and the
# cell count is printed.
# -DBUILD_DIR=<build tree> -DCONFIGS=<name;name...> -DTARGETS=<target;target...>
foreach(v BUILD_DIR CONFIGS TARGETS)
  if(NOT ${v})
    message(FATAL_ERROR "netlist_build.cmake: -D${v}=... is required")
  endif()
endforeach()
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
  if(text MATCHES "Latch inferred" OR text MATCHES "\\$_DLATCH" OR text MATCHES "\\$dlatch")
    string(REGEX MATCH "[^\n]*(Latch inferred|DLATCH|dlatch)[^\n]*" l "${text}")
    message(FATAL_ERROR "netlist-build: latch in the ${c} netlist: ${l} (log ${log})")
  endif()
  string(REGEX MATCH "Number of cells: +[0-9]+" cells "${text}")
  string(REGEX MATCH "CPU: user [0-9.]+s system [0-9.]+s, MEM: [0-9.]+ MB peak" cpu "${text}")
  message("netlist-build: ${c}: no latch; ${cells}; Yosys ${cpu} (log ${log})")
endforeach()
