cmake_minimum_required(VERSION 3.20)
# Writes the RTL file list `tce synth` hands to Yosys, one path per line, to OUT:
# the engine's list (cmake/rtl_sources.cmake, the one definition shared with lint, the
# synthesis check and the bridge) followed by the FPGA top's files (rtl/fpga/*.sv).
# -DTCE_ROOT=<repo> -DOUT=<file>
if(NOT TCE_ROOT OR NOT OUT)
  message(FATAL_ERROR "synth_sources.cmake: pass -DTCE_ROOT=<repo> -DOUT=<file>")
endif()
include(${TCE_ROOT}/cmake/rtl_sources.cmake)
file(GLOB _tce_fpga_srcs ${TCE_ROOT}/rtl/fpga/*.sv)
list(SORT _tce_fpga_srcs)
set(_all ${TCE_RTL_SOURCES} ${_tce_fpga_srcs})
string(REPLACE ";" "\n" _lines "${_all}")
file(WRITE ${OUT} "${_lines}\n")
