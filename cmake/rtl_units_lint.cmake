cmake_minimum_required(VERSION 3.20)
# CTest rtl-lint-reduce: Verilator lint of the reduction unit on its own, every warning
# enabled, at each data-path width the engine supports. Zero warnings is the bar.
# -DTCE_ROOT=<repo>. tests/rtl_units.cmake skips the test when verilator is absent.
find_program(VERILATOR verilator)
if(NOT VERILATOR)
  message(FATAL_ERROR "verilator is not installed (scripts/install-deps.sh installs it)")
endif()
include(${TCE_ROOT}/cmake/rtl_sources.cmake)
foreach(w 128 256 512)
  execute_process(COMMAND ${VERILATOR} --lint-only -Wall -GDATA_W=${w} --top-module ${TCE_RED_TOP}
                          ${TCE_RED_SOURCES}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR err MATCHES "%Warning" OR out MATCHES "%Warning")
    message("${out}${err}")
    message(FATAL_ERROR "rtl-lint-reduce: verilator -Wall reports problems with DATA_W=${w} (exit ${rc})")
  endif()
  message("rtl-lint-reduce: DATA_W=${w}: verilator --lint-only -Wall clean")
endforeach()
