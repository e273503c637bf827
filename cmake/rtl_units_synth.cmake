cmake_minimum_required(VERSION 3.20)
# CTest rtl-synth-reduce: generic Yosys synthesis of the reduction unit at its default width
# (DATA_W=256). Fails on any error, any warning and any latch (in this unit a latch can only
# be an incomplete combinational assignment). Prints the cell count of `stat`.
# -DTCE_ROOT=<repo> -DLOG=<log file>. tests/rtl_units.cmake skips the test when yosys is absent.
set(YOSYS_SOURCES TCE_RED_SOURCES)
include(${TCE_ROOT}/cmake/yosys_sources.cmake)
execute_process(COMMAND ${YOSYS} -q -l ${LOG}
                        -p "read_verilog -sv ${srcs}; synth -top ${TCE_RED_TOP}; tee -o ${LOG}.stat stat"
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
file(READ ${LOG} log)
if(NOT rc EQUAL 0)
  string(REGEX MATCH "[^\n]*ERROR[^\n]*" e "${log}")
  message(FATAL_ERROR "rtl-synth-reduce: yosys failed (exit ${rc}): ${e}${err}")
endif()
# "No latch inferred" is yosys saying all is well; these are the real latch reports.
if(log MATCHES "Latch inferred" OR log MATCHES "\\$_DLATCH" OR log MATCHES "\\$dlatch")
  string(REGEX MATCH "[^\n]*(Latch inferred|DLATCH|dlatch)[^\n]*" l "${log}")
  message(FATAL_ERROR "rtl-synth-reduce: latch in the unit: ${l} (full log: ${LOG})")
endif()
if(log MATCHES "\nWarning:")
  string(REGEX MATCH "\nWarning:[^\n]*" w "${log}")
  message(FATAL_ERROR "rtl-synth-reduce: yosys warns:${w} (full log: ${LOG})")
endif()
file(READ ${LOG}.stat stat)
string(REGEX MATCH "=== design hierarchy ===.*" tail "${stat}")
string(REGEX MATCH "Number of cells: +[0-9]+" cells "${tail}")
if(NOT cells)
  message(FATAL_ERROR "rtl-synth-reduce: no cell count in the yosys statistics (${LOG}.stat)")
endif()
message("rtl-synth-reduce: ${TCE_RED_TOP} synthesised without latches or warnings; ${cells} (log: ${LOG})")
