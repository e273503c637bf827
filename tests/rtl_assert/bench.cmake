# The steps of the rtl-assert tests (check.cmake, planted.cmake): build a testbench with the
# simulation-only checks, then run it and require that it ends as told. Needs TCE_ROOT,
# OUT_DIR and BENCH_TEST (the test's name, for messages).
find_program(VERILATOR verilator)
if(NOT VERILATOR)
  message(FATAL_ERROR "verilator is not installed (scripts/install-deps.sh installs it)")
endif()
include(${TCE_ROOT}/cmake/rtl_sources.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/expect_stop.cmake)

# Builds TOP from the sources after it into OUT_DIR/DIR (Verilator --binary --assert).
function(bench_build dir top)
  file(MAKE_DIRECTORY ${OUT_DIR}/${dir})
  execute_process(COMMAND ${VERILATOR} --binary --timing ${TCE_ASSERT_ARGS} -Wno-fatal -Wno-lint
                          -Wno-style --top-module ${top} -Mdir ${OUT_DIR}/${dir} ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${BENCH_TEST}: verilator build of ${dir} failed (exit ${rc}):\n${out}${err}")
  endif()
endfunction()

# Runs OUT_DIR/DIR/VTOP with the arguments after WANT. WANT "": it must exit 0 having printed
# "ran to the end" and no error; else it must stop with a message matching the regex WANT.
function(bench_expect dir top want)
  if(NOT want STREQUAL "")
    expect_stop("${BENCH_TEST}: ${dir} ${ARGN}" "${want}" ${OUT_DIR}/${dir}/V${top} ${ARGN})
    return()
  endif()
  execute_process(COMMAND ${OUT_DIR}/${dir}/V${top} ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "ran to the end" OR "${out}${err}" MATCHES "Error")
    message(FATAL_ERROR "${BENCH_TEST}: ${dir} ${ARGN}: the legal run failed (exit ${rc}):\n${out}${err}")
  endif()
  message("${BENCH_TEST}: ${dir} ${ARGN}: as expected")
endfunction()
