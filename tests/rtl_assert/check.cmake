cmake_minimum_required(VERSION 3.20)
# CTest rtl-assert: builds tests/rtl_assert/tb_assert.sv with the checkers of rtl/assert/
# and tce_rmw_global's own checks (Verilator --binary --assert) and runs each case: `legal` must run to its end, every
# other case is one planted violation and must stop with its rule's message.
# -DTCE_ROOT=<repo> -DOUT_DIR=<dir>. tests/rtl.cmake adds it (SKIPPED without verilator).
set(BENCH_TEST rtl-assert)
include(${CMAKE_CURRENT_LIST_DIR}/bench.cmake)
bench_build(. tb_assert ${TCE_ASSERT_SOURCES} ${TCE_ROOT}/rtl/front/tce_fifo.sv
            ${TCE_ROOT}/rtl/tce_axi_pkg.sv ${TCE_ROOT}/rtl/rmw/tce_rmw_global.sv
            ${TCE_ROOT}/tests/rtl_assert/tb_assert.sv)
set(cases "legal|"
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
  bench_expect(. tb_assert "${want}" +case=${name})
endforeach()
