cmake_minimum_required(VERSION 3.20)
# CTest rtl-lint: Verilator lint of the whole design with every warning enabled. Zero
# warnings is the bar; a waiver in the RTL must carry a comment saying why.
# -DTCE_ROOT=<repo> -DTOP=<top module>. tests/rtl.cmake skips the test when verilator is absent.
find_program(VERILATOR verilator)
if(NOT VERILATOR)
  message(FATAL_ERROR "verilator is not installed (scripts/install-deps.sh installs it)")
endif()
include(${TCE_ROOT}/cmake/rtl_sources.cmake)
foreach(w 128 256 512)
  execute_process(COMMAND ${VERILATOR} --lint-only -Wall -GDATA_W=${w} --top-module ${TOP} ${TCE_RTL_SOURCES}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR err MATCHES "%Warning" OR out MATCHES "%Warning")
    message("${out}${err}")
    message(FATAL_ERROR "rtl-lint: verilator -Wall reports problems with DATA_W=${w} (exit ${rc})")
  endif()
  message("rtl-lint: DATA_W=${w}: verilator --lint-only -Wall clean")
endforeach()
