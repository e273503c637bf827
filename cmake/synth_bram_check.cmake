cmake_minimum_required(VERSION 3.20)
# CTest fpga-bram: the shared memories of tce_fpga_smem must map to 7-series block RAM
# (RAMB36E1/RAMB18E1), not to LUTs or flip-flops, and the controller must have no latch.
# Only the controller is synthesised (seconds, not minutes); the full top is in
# fpga-synth-report. Checked: the RAMB count is exactly what the RAM size needs.
# -DTCE_ROOT=<repo> -DLOG=<log>. tests/fpga.cmake skips the test when yosys is absent.
find_program(YOSYS yosys)
if(NOT YOSYS)
  message(FATAL_ERROR "yosys is not installed (scripts/install-deps.sh installs it)")
endif()
set(srcs ${TCE_ROOT}/rtl/generated/tce_op_pkg.sv ${TCE_ROOT}/rtl/fpga/tce_fpga_sram.sv
         ${TCE_ROOT}/rtl/front/tce_fifo.sv ${TCE_ROOT}/rtl/fpga/tce_fpga_mbar_complete.sv
         ${TCE_ROOT}/rtl/fpga/tce_fpga_smem.sv)
string(REPLACE ";" " " s "${srcs}")
# Two CTAs of 16 KiB at 256 bits: 512 words x 256 bits per CTA. A RAMB36E1 in simple dual-
# port mode is 512 x 72 (64 data bits + 8 byte enables' worth of parity), so one CTA needs
# 256/64 = 4 RAMB36 and the two need 8; any other count means the RAM was split or
# packed differently from what the byte-enable port allows.
set(expect_ramb36 8)
execute_process(COMMAND ${YOSYS} -q -l ${LOG} -p
  "read_verilog -sv ${s}; chparam -set DATA_W 256 -set NUM_CTAS 2 -set SMEM_BYTES 16384 tce_fpga_smem; synth_xilinx -family xc7 -top tce_fpga_smem; stat"
  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
file(READ ${LOG} log)
if(NOT rc EQUAL 0)
  string(REGEX MATCH "[^\n]*ERROR[^\n]*" e "${log}")
  message(FATAL_ERROR "fpga-bram: yosys failed (exit ${rc}): ${e}${err}")
endif()
if(log MATCHES "Latch inferred" OR log MATCHES "\n[ \t]+(LDCE|LDPE|\\$_DLATCH)")
  message(FATAL_ERROR "fpga-bram: latch in tce_fpga_smem (log: ${LOG})")
endif()
string(REGEX MATCH "=== design hierarchy ===.*" tail "${log}")
string(REGEX MATCH "RAMB36E1 +([0-9]+)" m36 "${tail}")
set(n36 "${CMAKE_MATCH_1}")
string(REGEX MATCH "RAMB18E1 +([0-9]+)" m18 "${tail}")
set(n18 "${CMAKE_MATCH_1}")
# The RAM module's and the controller's own cells must hold no LUT RAM (the data port's
# two-entry request queue, a tce_fifo, may be LUT RAM; the hierarchy's totals count it).
string(REGEX MATCHALL "=== [^\n]*(tce_fpga_sram|tce_fpga_smem) ===[^=]*" own "${tail}")
list(LENGTH own n_own)
if(NOT n_own EQUAL 2)
  message(FATAL_ERROR "fpga-bram: expected the statistics of tce_fpga_sram and tce_fpga_smem "
          "after the hierarchy, found ${n_own} sections (log: ${LOG})")
endif()
if(own MATCHES "RAM32M|RAM64M|RAM128X1D|RAM256X1S")
  message(FATAL_ERROR "fpga-bram: part of the shared memory became LUT RAM (log: ${LOG})")
endif()
if(NOT n36 EQUAL expect_ramb36 OR n18)
  message(FATAL_ERROR "fpga-bram: expected ${expect_ramb36} RAMB36E1 and no RAMB18E1, got "
          "'${n36}' RAMB36E1 and '${n18}' RAMB18E1 (log: ${LOG})")
endif()
message("fpga-bram: 2 x 16 KiB shared memory -> ${n36} RAMB36E1, no LUT RAM outside the request queue, no latch")
