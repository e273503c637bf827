# Source list of the reduction unit (rtl/reduce/), package first, then the modules in name
# order. Sets TCE_RED_SOURCES and TCE_RED_TOP. Used by its lint and synthesis checks and by
# the Verilator build of its bridge (bridge/units/), so all three see the same design.
set(TCE_RED_TOP tce_red_unit)
if(CMAKE_SCRIPT_MODE_FILE)
  set(_tce_red_cd "")
else()
  set(_tce_red_cd CONFIGURE_DEPENDS)
endif()
file(GLOB _tce_red_pkg ${_tce_red_cd} ${TCE_ROOT}/rtl/reduce/*_pkg.sv)
file(GLOB _tce_red_all ${_tce_red_cd} ${TCE_ROOT}/rtl/reduce/*.sv)
list(SORT _tce_red_pkg)
list(SORT _tce_red_all)
set(TCE_RED_SOURCES ${_tce_red_pkg})
foreach(f ${_tce_red_all})
  if(NOT f IN_LIST _tce_red_pkg)
    list(APPEND TCE_RED_SOURCES ${f})
  endif()
endforeach()
