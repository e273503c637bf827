cmake_minimum_required(VERSION 3.20)
# Writes the RTL file list `tce synth` hands to Yosys, one path per line, to OUT:
# the engine's list (rtl/sources.f, read by cmake/rtl_sources.cmake for lint, the synthesis
# check and the bridge too) followed by the FPGA top's own files (rtl/fpga/sources.f).
# -DTCE_ROOT=<repo> -DOUT=<file>
if(NOT TCE_ROOT OR NOT OUT)
  message(FATAL_ERROR "synth_sources.cmake: pass -DTCE_ROOT=<repo> -DOUT=<file>")
endif()
include(${TCE_ROOT}/cmake/rtl_sources.cmake)
set(_all ${TCE_RTL_SOURCES} ${TCE_FPGA_SOURCES})
string(REPLACE ";" "\n" _lines "${_all}")
file(WRITE ${OUT} "${_lines}\n")
