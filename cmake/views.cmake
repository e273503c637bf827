# Generated views of the descriptor layout (csim/descriptor_layout.def): docs/descriptor.md
# and rtl/generated/tce_desc_pkg.sv, written by tools/gen/gen_views.c and committed so the
# docs and the RTL need no build step. `cmake --build <dir> --target views` rewrites them;
# the test views-up-to-date fails while a committed copy differs from what the generator
# writes now, and views-sv-lint runs Verilator's lint on the package when it is installed.
#
# Run with -P (script mode) this file is that check: -DGEN=<gen_views> -DFRESH_DIR=<dir>
# -DMD=<committed md> -DSV=<committed sv>.
if(CMAKE_SCRIPT_MODE_FILE)
  file(MAKE_DIRECTORY ${FRESH_DIR})
  execute_process(COMMAND ${GEN} ${FRESH_DIR}/descriptor.md ${FRESH_DIR}/tce_desc_pkg.sv
                          ${FRESH_DIR}/cumap.md RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gen_views failed (exit ${rc})")
  endif()
  foreach(pair "descriptor.md;${MD}" "tce_desc_pkg.sv;${SV}" "cumap.md;${CUMAP_MD}")
    list(GET pair 0 fresh)
    list(GET pair 1 committed)
    execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${FRESH_DIR}/${fresh} ${committed}
                    RESULT_VARIABLE diff)
    if(NOT diff EQUAL 0)
      message(FATAL_ERROR "${committed} is stale: it differs from what gen_views writes from "
                          "csim/descriptor_layout.def and csim/cumap_layout.def; build the "
                          "target `views` and commit it")
    endif()
  endforeach()
  message(STATUS "descriptor views match csim/descriptor_layout.def")
  return()
endif()

add_executable(gen_views ${CMAKE_SOURCE_DIR}/tools/gen/gen_views.c)
set(TCE_DESC_DEF ${CMAKE_SOURCE_DIR}/csim/descriptor_layout.def)
set(TCE_DESC_MD ${CMAKE_SOURCE_DIR}/docs/descriptor.md)
set(TCE_DESC_PKG ${CMAKE_SOURCE_DIR}/rtl/generated/tce_desc_pkg.sv)
set(TCE_CUMAP_MD ${CMAKE_SOURCE_DIR}/docs/cumap.md)
add_custom_target(views
  COMMAND gen_views ${TCE_DESC_MD} ${TCE_DESC_PKG} ${TCE_CUMAP_MD}
  DEPENDS gen_views ${TCE_DESC_DEF} ${CMAKE_SOURCE_DIR}/csim/cumap_layout.def
  COMMENT "Regenerating docs/descriptor.md, rtl/generated/tce_desc_pkg.sv and docs/cumap.md")
add_test(NAME views-up-to-date
  COMMAND ${CMAKE_COMMAND} -DGEN=$<TARGET_FILE:gen_views> -DFRESH_DIR=${CMAKE_BINARY_DIR}/views-fresh
          -DMD=${TCE_DESC_MD} -DSV=${TCE_DESC_PKG} -DCUMAP_MD=${TCE_CUMAP_MD}
          -P ${CMAKE_SOURCE_DIR}/cmake/views.cmake)
find_program(TCE_VERILATOR verilator)
if(TCE_VERILATOR)
  add_test(NAME views-sv-lint COMMAND ${TCE_VERILATOR} --lint-only -Wall ${TCE_DESC_PKG})
endif()
