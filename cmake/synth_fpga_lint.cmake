cmake_minimum_required(VERSION 3.20)
# CTest fpga-lint: Verilator lint (-Wall, zero warnings) of the FPGA top with the engine
# for every data width, and of the shared-memory controller alone for CTA counts and
# memory sizes the engine's own lint does not cover (odd counts, one CTA, small RAMs).
# -DTCE_ROOT=<repo>. tests/fpga.cmake skips the test when verilator is absent.
find_program(VERILATOR verilator)
if(NOT VERILATOR)
  message(FATAL_ERROR "verilator is not installed (scripts/install-deps.sh installs it)")
endif()
include(${TCE_ROOT}/cmake/rtl_sources.cmake)

function(lint top what)
  execute_process(COMMAND ${VERILATOR} --lint-only -Wall --top-module ${top} ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR err MATCHES "%Warning" OR out MATCHES "%Warning")
    message("${out}${err}")
    message(FATAL_ERROR "fpga-lint: verilator -Wall reports problems for ${top} ${what} (exit ${rc})")
  endif()
  message("fpga-lint: ${top} ${what}: clean")
endfunction()

foreach(w 128 256 512)
  lint(tce_fpga_top "DATA_W=${w}" -GDATA_W=${w} ${TCE_RTL_SOURCES} ${TCE_FPGA_SOURCES})
endforeach()
set(smem_srcs ${TCE_ROOT}/rtl/generated/tce_op_pkg.sv ${TCE_ROOT}/rtl/fpga/tce_fpga_sram.sv
              ${TCE_ROOT}/rtl/front/tce_fifo.sv ${TCE_ROOT}/rtl/fpga/tce_fpga_mbar_complete.sv
              ${TCE_ROOT}/rtl/fpga/tce_fpga_smem.sv)
foreach(cfg "128;1;256" "256;2;1024" "256;3;4096" "512;5;65536" "128;16;16384")
  list(GET cfg 0 w)
  list(GET cfg 1 n)
  list(GET cfg 2 s)
  lint(tce_fpga_smem "DATA_W=${w} NUM_CTAS=${n} SMEM_BYTES=${s}"
       -GDATA_W=${w} -GNUM_CTAS=${n} -GSMEM_BYTES=${s} ${smem_srcs})
endforeach()
