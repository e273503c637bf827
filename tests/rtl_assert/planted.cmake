cmake_minimum_required(VERSION 3.20)
# CTest rtl-assert-planted: the TCE_ASSERT checks that back two look-ahead registers (issue 16
# timing work) shown to stop a planted bug, each on a testbench of its own (Verilator --binary
# --assert):
#  - tce_regs's SOFT_RESET / DESC_INVAL pulses, formed a cycle ahead of the CTRL write:
#    tb_regs_ahead must run to its end on rtl/front/tce_regs.sv and stop with the check's
#    message on each copy below, one bug planted in the look-ahead;
#  - tce_desc_fetch's contract with its caller (the cache key compared a cycle ahead, the
#    write snoop three cycles late): tb_desc_fetch_contract keeps it (+case=legal) or breaks
#    one rule per case.
# A bug whose text is not found exactly once in the source is an error, so an edit of the
# unit cannot leave a case testing nothing. -DTCE_ROOT=<repo> -DOUT_DIR=<dir>.
set(BENCH_TEST rtl-assert-planted)
include(${CMAKE_CURRENT_LIST_DIR}/bench.cmake)
set(gen ${TCE_ROOT}/rtl/generated)

set(regs_deps ${gen}/tce_regs_pkg.sv ${gen}/tce_op_pkg.sv)
set(regs_tb ${TCE_ROOT}/tests/rtl_assert/tb_regs_ahead.sv)
bench_build(regs tb_regs_ahead ${regs_deps} ${TCE_ROOT}/rtl/front/tce_regs.sv ${regs_tb})
bench_expect(regs tb_regs_ahead "")

# name|the source's text|the bug|the check's message
set(bugs
  "wdata|wd_next = w_take ? s_wdata : w_data|wd_next = w_data|desc_inval formed ahead disagrees"
  "waddr|wa_next = aw_take ? s_awaddr : aw_addr|wa_next = aw_addr|soft_reset formed ahead disagrees"
  "twice|wr_next = !do_write && (aw_held|wr_next = (aw_held|desc_inval formed ahead disagrees")
file(READ ${TCE_ROOT}/rtl/front/tce_regs.sv regs_src)
foreach(b IN LISTS bugs)
  string(REPLACE "|" ";" f "${b}")
  list(GET f 0 name)
  list(GET f 1 from)
  list(GET f 2 to)
  list(GET f 3 want)
  string(FIND "${regs_src}" "${from}" first)
  string(FIND "${regs_src}" "${from}" last REVERSE)
  if(first EQUAL -1 OR NOT first EQUAL last)
    message(FATAL_ERROR "rtl-assert-planted: bug ${name}: '${from}' is not in tce_regs.sv exactly once")
  endif()
  string(REPLACE "${from}" "${to}" mutant "${regs_src}")
  file(WRITE ${OUT_DIR}/regs-${name}/tce_regs.sv "${mutant}")
  bench_build(regs-${name}/obj tb_regs_ahead ${regs_deps} ${OUT_DIR}/regs-${name}/tce_regs.sv ${regs_tb})
  bench_expect(regs-${name}/obj tb_regs_ahead "tce_regs: ${want}")
endforeach()

bench_build(desc tb_desc_fetch_contract ${TCE_ROOT}/rtl/tce_axi_pkg.sv
      ${TCE_ROOT}/rtl/front/tce_desc_fetch.sv ${TCE_ROOT}/tests/rtl_assert/tb_desc_fetch_contract.sv)
bench_expect(desc tb_desc_fetch_contract "" +case=legal)
bench_expect(desc tb_desc_fetch_contract "start with an address that changed in the cycle before"
       +case=addr_change)
bench_expect(desc tb_desc_fetch_contract "descriptor lookup within two cycles of a write burst"
       +case=write_close)
bench_expect(desc tb_desc_fetch_contract "a write burst at 0*100000000, past 2\\^32" +case=write_high)
