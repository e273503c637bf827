# The RTL source list in the order the tools need: generated packages, hand-written
# packages, the reduction unit (rtl/reduce/, its own list), then the modules. Sets
# TCE_RTL_SOURCES. Used by the lint and synthesis checks
# and by the Verilator bridge build, so all three see exactly the same design.
# (CONFIGURE_DEPENDS only where a build system exists: not in cmake -P script mode.)
if(CMAKE_SCRIPT_MODE_FILE)
  set(_tce_cd "")
else()
  set(_tce_cd CONFIGURE_DEPENDS)
endif()
file(GLOB _tce_rtl_gen ${_tce_cd} ${TCE_ROOT}/rtl/generated/*.sv)
file(GLOB _tce_rtl_pkg ${_tce_cd} ${TCE_ROOT}/rtl/*_pkg.sv)
file(GLOB _tce_rtl_all ${_tce_cd} ${TCE_ROOT}/rtl/*.sv)
list(SORT _tce_rtl_gen)
list(SORT _tce_rtl_pkg)
list(SORT _tce_rtl_all)
include(${TCE_ROOT}/cmake/rtl_units_sources.cmake)
set(TCE_RTL_SOURCES ${_tce_rtl_gen} ${_tce_rtl_pkg} ${TCE_RED_SOURCES})
foreach(f ${_tce_rtl_all})
  if(NOT f IN_LIST _tce_rtl_pkg)
    list(APPEND TCE_RTL_SOURCES ${f})
  endif()
endforeach()
