# Reads the RTL source lists (rtl/sources.f, rtl/reduce/sources.f, rtl/fpga/sources.f) for
# every CMake user, so the Verilator builds, lint, Yosys and the tools see the same design.
# A list holds one path from the repository root a line, `//` comments and `-f <list>` to
# take in another list. Sets TCE_RTL_SOURCES (engine, top tce_engine), TCE_RED_SOURCES and
# TCE_RED_TOP (reduction unit alone), TCE_FPGA_SOURCES (the FPGA top's own files, after the
# engine's) and TCE_ASSERT_SOURCES (rtl/assert/sources.f: the simulation-only checks, which
# the Verilated models add with TCE_ASSERT_ARGS). Needs TCE_ROOT.
function(tce_read_sources list out_var)
  if(NOT EXISTS ${TCE_ROOT}/${list})
    message(FATAL_ERROR "${list}: RTL source list not found")
  endif()
  if(NOT CMAKE_SCRIPT_MODE_FILE)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${TCE_ROOT}/${list})
  endif()
  file(STRINGS ${TCE_ROOT}/${list} lines)
  set(out "")
  set(n 0)
  foreach(line IN LISTS lines)
    math(EXPR n "${n} + 1")
    string(STRIP "${line}" line)
    if(line STREQUAL "" OR line MATCHES "^//")
      continue()
    elseif(line MATCHES "^-f[ \t]+(.+)$")
      tce_read_sources(${CMAKE_MATCH_1} sub)
      list(APPEND out ${sub})
    elseif(EXISTS ${TCE_ROOT}/${line})
      list(APPEND out ${TCE_ROOT}/${line})
    else()
      message(FATAL_ERROR "${list}:${n}: ${line}: no such file")
    endif()
  endforeach()
  set(${out_var} ${out} PARENT_SCOPE)
endfunction()

tce_read_sources(rtl/sources.f TCE_RTL_SOURCES)
tce_read_sources(rtl/reduce/sources.f TCE_RED_SOURCES)
tce_read_sources(rtl/fpga/sources.f TCE_FPGA_SOURCES)
tce_read_sources(rtl/assert/sources.f TCE_ASSERT_SOURCES)
set(TCE_ASSERT_ARGS --assert +define+TCE_ASSERT)
set(TCE_RED_TOP tce_red_unit)
