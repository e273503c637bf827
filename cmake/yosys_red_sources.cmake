# Shared by the reduction unit's Yosys checks (rtl_units_synth.cmake, rtl_units_xc7_levels.cmake):
# the yosys binary (YOSYS) and the unit's sources as one space-separated string (srcs).
find_program(YOSYS yosys)
if(NOT YOSYS)
  message(FATAL_ERROR "yosys is not installed (scripts/install-deps.sh installs it)")
endif()
include(${TCE_ROOT}/cmake/rtl_sources.cmake)
string(REPLACE ";" " " srcs "${TCE_RED_SOURCES}")
