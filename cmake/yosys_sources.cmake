# Shared by the Yosys checks run as cmake scripts (rtl_synth.cmake, rtl_units_synth.cmake,
# rtl_units_xc7_levels.cmake): the yosys binary (YOSYS) and a source list as one
# space-separated string (srcs). YOSYS_SOURCES names the list: TCE_RTL_SOURCES (the whole
# engine) unless the includer set it, e.g. to TCE_RED_SOURCES (the reduction unit).
find_program(YOSYS yosys)
if(NOT YOSYS)
  message(FATAL_ERROR "yosys is not installed (scripts/install-deps.sh installs it)")
endif()
include(${TCE_ROOT}/cmake/rtl_sources.cmake)
if(NOT DEFINED YOSYS_SOURCES)
  set(YOSYS_SOURCES TCE_RTL_SOURCES)
endif()
string(REPLACE ";" " " srcs "${${YOSYS_SOURCES}}")
