cmake_minimum_required(VERSION 3.20)
# CTest fpga-smem-sim: builds rtl/fpga/tb/tb_fpga_smem.sv with Verilator (--binary
# --timing) and runs it; the testbench checks the shared memories, the host port, the
# status page and mbarrier complete-tx against hand-derived values and prints
# "N checks passed"; the assertions (TCE_ASSERT) are on. -DTCE_ROOT=<repo> -DOUT_DIR=<dir>.
find_program(VERILATOR verilator)
if(NOT VERILATOR)
  message(FATAL_ERROR "verilator is not installed (scripts/install-deps.sh installs it)")
endif()
set(srcs ${TCE_ROOT}/rtl/generated/tce_op_pkg.sv ${TCE_ROOT}/rtl/fpga/tce_fpga_sram.sv
         ${TCE_ROOT}/rtl/front/tce_fifo.sv ${TCE_ROOT}/rtl/fpga/tce_fpga_mbar_complete.sv
         ${TCE_ROOT}/rtl/fpga/tce_fpga_smem.sv
         ${TCE_ROOT}/rtl/fpga/tce_fpga_axil_req.sv ${TCE_ROOT}/rtl/fpga/tb/tb_fpga_smem.sv)
# The testbench's own style (delays, non-blocking assignments in initial blocks) is not
# design code; the design files are linted with -Wall by fpga-lint.
execute_process(COMMAND ${VERILATOR} --binary --timing --assert +define+TCE_ASSERT -Wno-fatal -Wno-lint -Wno-style
                        --top-module tb_fpga_smem -Mdir ${OUT_DIR} ${srcs}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "fpga-smem-sim: verilator build failed (exit ${rc}):\n${out}${err}")
endif()
execute_process(COMMAND ${OUT_DIR}/Vtb_fpga_smem RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 0 OR NOT out MATCHES "tb_fpga_smem: [0-9]+ checks passed")
  message(FATAL_ERROR "fpga-smem-sim: the testbench failed (exit ${rc})")
endif()
