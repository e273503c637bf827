cmake_minimum_required(VERSION 3.20)
# CTest rtl-assert: builds tests/rtl_assert/tb_assert.sv with the checkers of rtl/assert/
# and tce_rmw_global's own checks (Verilator --binary --assert) and runs each case: `legal` must run to its end, every
# other case is one planted violation and must stop with its rule's message.
# -DTCE_ROOT=<repo> -DOUT_DIR=<dir>. tests/rtl.cmake adds it (SKIPPED without verilator).
find_program(VERILATOR verilator)
if(NOT VERILATOR)
  message(FATAL_ERROR "verilator is not installed (scripts/install-deps.sh installs it)")
endif()
include(${TCE_ROOT}/cmake/rtl_sources.cmake)
execute_process(COMMAND ${VERILATOR} --binary --timing ${TCE_ASSERT_ARGS} -Wno-fatal -Wno-lint
                        -Wno-style --top-module tb_assert -Mdir ${OUT_DIR}
                        ${TCE_ASSERT_SOURCES} ${TCE_ROOT}/rtl/front/tce_fifo.sv
                        ${TCE_ROOT}/rtl/tce_axi_pkg.sv ${TCE_ROOT}/rtl/rmw/tce_rmw_global.sv
                        ${TCE_ROOT}/tests/rtl_assert/tb_assert.sv
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "rtl-assert: verilator build failed (exit ${rc}):\n${out}${err}")
endif()
set(cases "legal|ran to the end"
          "aw_change|AXI AW: valid or payload changed before awready"
          "w_change|AXI W: valid or payload changed before wready"
          "w_beats|AXI W: a write burst of AWLEN\\+1 = 4 beats had 5 W beats|AXI W: no WLAST on beat 4"
          "cross_4k|AXI AR: burst at 0*2fe0, len 1 crosses a 4 KB boundary"
          "owner|shared-memory port: owner 0 -> 1 with 1 request\\(s\\) outstanding"
          "fifo_full|tce_fifo: push while full \\(DEPTH 2\\)"
          "mbar_change|mbarrier port: valid or payload changed before ready"
          "mbar_tx|mbarrier port: complete-tx of 1048576 bytes, past the tx-count's 2\\^20-1"
          "mbar_rsp|mbarrier port: a response with no request outstanding"
          "rmw_overlap|rmw overlap rule: AR at 0*fc0 \\(len 0\\) overlaps a write in flight at .0*f80, 0*1000\\)"
          "rmw_b|rmw overlap rule: a B response with no write burst in flight"
          "rmw_fifo|tce_rmw_global: range FIFO: a B response with no write burst in flight")
foreach(c IN LISTS cases)
  string(FIND "${c}" "|" bar)
  string(SUBSTRING "${c}" 0 ${bar} name)
  math(EXPR from "${bar} + 1")
  string(SUBSTRING "${c}" ${from} -1 want)
  execute_process(COMMAND ${OUT_DIR}/Vtb_assert +case=${name}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(name STREQUAL "legal")
    if(NOT rc EQUAL 0 OR NOT out MATCHES "${want}" OR "${out}${err}" MATCHES "Error")
      message(FATAL_ERROR "rtl-assert: the legal sequence failed (exit ${rc}):\n${out}${err}")
    endif()
  elseif(rc EQUAL 0 OR NOT "${out}${err}" MATCHES "${want}" OR out MATCHES "ran to the end")
    message(FATAL_ERROR "rtl-assert: case ${name} did not stop with '${want}' (exit ${rc}):\n${out}${err}")
  endif()
  message("rtl-assert: ${name}: as expected")
endforeach()
