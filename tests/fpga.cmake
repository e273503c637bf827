# FPGA flow checks (included from tests/CMakeLists.txt; docs/fpga.md):
#   fpga-lint            verilator -Wall on tce_fpga_top and the shared-memory controller
#   fpga-smem-sim        self-checking testbench of the shared memories, host port, mbarrier
#   fpga-bram            the shared memories map to RAMB36E1 (yosys synth_xilinx)
#   fpga-synth-report    `tce synth` into the build dir; every configuration has numbers
#   firmware-riscv-build the firmware and the soft-CPU test program for rv32imc
# A check whose tool is missing reports SKIPPED (exit 77), never passed;
# scripts/install-deps.sh installs the tools, so CI runs them.
find_program(TCE_FPGA_VERILATOR verilator)
find_program(TCE_FPGA_YOSYS yosys)
find_program(TCE_RV_CC riscv64-unknown-elf-gcc)
find_program(TCE_RV_SIZE riscv64-unknown-elf-size)
find_program(TCE_RV_READELF riscv64-unknown-elf-readelf)

function(tce_fpga_skip name what)
  add_test(NAME ${name} COMMAND sh -c "echo 'SKIP: ${name}: ${what} is not installed (run scripts/install-deps.sh)'; exit 77")
  set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77 LABELS "fpga")
endfunction()

if(TCE_FPGA_VERILATOR)
  add_test(NAME fpga-lint COMMAND ${CMAKE_COMMAND} -DTCE_ROOT=${CMAKE_SOURCE_DIR}
           -P ${CMAKE_SOURCE_DIR}/cmake/synth_fpga_lint.cmake)
  set_tests_properties(fpga-lint PROPERTIES LABELS "fpga;rtl")
  add_test(NAME fpga-smem-sim COMMAND ${CMAKE_COMMAND} -DTCE_ROOT=${CMAKE_SOURCE_DIR}
           -DOUT_DIR=${CMAKE_BINARY_DIR}/fpga-smem-sim -P ${CMAKE_SOURCE_DIR}/cmake/synth_smem_sim.cmake)
  # Verilated C++ is not built with the sanitizers (label nosan, as in tests/rtl.cmake).
  set_tests_properties(fpga-smem-sim PROPERTIES LABELS "fpga;rtl;nosan")
else()
  tce_fpga_skip(fpga-lint verilator)
  tce_fpga_skip(fpga-smem-sim verilator)
endif()

if(TCE_FPGA_YOSYS)
  add_test(NAME fpga-bram COMMAND ${CMAKE_COMMAND} -DTCE_ROOT=${CMAKE_SOURCE_DIR}
           -DLOG=${CMAKE_BINARY_DIR}/fpga-bram.log -P ${CMAKE_SOURCE_DIR}/cmake/synth_bram_check.cmake)
  set_tests_properties(fpga-bram PROPERTIES LABELS "fpga;rtl")
else()
  tce_fpga_skip(fpga-bram yosys)
endif()

# The full report (four configurations, two targets) takes many minutes of Yosys and is a
# documented long run (`tce synth`, docs/synthesis.md). This test, which runs `small` and
# `lite` on xc7 and `lite` on the generic target, is in CTest only when asked
# (-DTCE_SYNTH_TESTS=ON): since the executor's memory-description checks it has not been
# timed inside CI's budget on 2 cores. Yosys's work is the same in the sanitizer build, so
# that run skips it (nosan); test_synth_parse covers the C there.
option(TCE_SYNTH_TESTS "CTest fpga-synth-report: the full Yosys synthesis report" OFF)
if(TCE_FPGA_YOSYS AND TCE_SYNTH_TESTS)
  add_test(NAME fpga-synth-report COMMAND ${CMAKE_COMMAND} -DTCE=$<TARGET_FILE:tce>
           -DTCE_ROOT=${CMAKE_SOURCE_DIR} -DOUT_DIR=${CMAKE_BINARY_DIR}/fpga-synth
           -DCONFIGS=small,lite -DTARGETS=xc7 -DRUNS=lite:generic -P ${CMAKE_SOURCE_DIR}/cmake/synth_report_check.cmake)
  # COST: the longest test of the suite, so CTest starts it first (see rtl-synth in tests/rtl.cmake).
  set_tests_properties(fpga-synth-report PROPERTIES LABELS "fpga;rtl;slow;nosan" TIMEOUT 1800 COST 1000)
endif()

if(TCE_RV_CC AND TCE_RV_SIZE AND TCE_RV_READELF)
  add_test(NAME firmware-riscv-build COMMAND ${CMAKE_COMMAND} -DTCE_ROOT=${CMAKE_SOURCE_DIR}
           -DOUT_DIR=${CMAKE_BINARY_DIR}/firmware-riscv -DCC=${TCE_RV_CC} -DSIZE=${TCE_RV_SIZE}
           -DREADELF=${TCE_RV_READELF} -P ${CMAKE_SOURCE_DIR}/cmake/riscv_firmware.cmake)
  set_tests_properties(firmware-riscv-build PROPERTIES LABELS "fpga")
else()
  tce_fpga_skip(firmware-riscv-build "riscv64-unknown-elf-gcc (package gcc-riscv64-unknown-elf)")
endif()
