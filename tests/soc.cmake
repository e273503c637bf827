# The firmware run on a simulated soft CPU (included from tests/CMakeLists.txt after
# fpga.cmake, whose find_program results it uses; docs/fpga.md, "The firmware on a
# simulated CPU"):
#   test_rv32_cpu        the RV32IMC simulator alone: hand-assembled programs, faults
#   soc-firmware-build   tests/soc/soc_tile_main.c cross-compiled for rv32imc, linked with
#                        the firmware/soc start-up (cmake/riscv_firmware.cmake, MAIN=...)
#   soc-iss-tile         that ELF run on the simulator against the Verilated engine, every
#                        memory byte compared with the golden model
# Without the cross compiler the last two report SKIPPED (exit 77); scripts/install-deps.sh
# installs it, so CI runs them.
add_library(tce_rv32 STATIC ${CMAKE_SOURCE_DIR}/tools/rv32/rv32_cpu.c
            ${CMAKE_SOURCE_DIR}/tools/rv32/rv32_elf.c)
target_include_directories(tce_rv32 PUBLIC ${CMAKE_SOURCE_DIR}/tools/rv32)
target_include_directories(tce_rv32 PRIVATE ${CMAKE_SOURCE_DIR}/csim) # le_bytes.h

add_executable(test_rv32_cpu ${CMAKE_CURRENT_SOURCE_DIR}/soc/test_rv32_cpu.c)
target_link_libraries(test_rv32_cpu PRIVATE tce_rv32)
target_include_directories(test_rv32_cpu PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/unit)
add_test(NAME test_rv32_cpu COMMAND test_rv32_cpu)

if(NOT TARGET tce_bridge OR NOT TARGET tce_firmware)
  return() # no Verilator: the co-simulation tests (tests/rtl.cmake) are absent too
endif()
if(NOT (TCE_RV_CC AND TCE_RV_SIZE AND TCE_RV_READELF))
  tce_fpga_skip(soc-firmware-build "riscv64-unknown-elf-gcc (package gcc-riscv64-unknown-elf)")
  tce_fpga_skip(soc-iss-tile "riscv64-unknown-elf-gcc (package gcc-riscv64-unknown-elf)")
  return()
endif()

set(TCE_SOC_OUT ${CMAKE_BINARY_DIR}/soc-firmware)
add_test(NAME soc-firmware-build COMMAND ${CMAKE_COMMAND} -DTCE_ROOT=${CMAKE_SOURCE_DIR}
         -DOUT_DIR=${TCE_SOC_OUT} -DCC=${TCE_RV_CC} -DSIZE=${TCE_RV_SIZE}
         -DREADELF=${TCE_RV_READELF} -DMAIN=${CMAKE_CURRENT_SOURCE_DIR}/soc/soc_tile_main.c
         -DELF_NAME=soc_tile -P ${CMAKE_SOURCE_DIR}/cmake/riscv_firmware.cmake)
# nosan: the sanitizer run has no soc-iss-tile to build for (the cross build is checked
# by firmware-riscv-build there).
set_tests_properties(soc-firmware-build PROPERTIES LABELS "fpga;nosan" FIXTURES_SETUP soc_elf)

add_library(tce_soc_platform STATIC ${CMAKE_SOURCE_DIR}/tools/rv32/soc_platform.c)
target_include_directories(tce_soc_platform PUBLIC ${CMAKE_SOURCE_DIR}/firmware/soc
                           ${CMAKE_SOURCE_DIR}/csim)
target_link_libraries(tce_soc_platform PUBLIC tce_rv32 tce_bridge tce_csim)

add_executable(test_soc_firmware ${CMAKE_CURRENT_SOURCE_DIR}/soc/test_soc_firmware.c)
target_link_libraries(test_soc_firmware PRIVATE tce_soc_platform tce_firmware tce_csim m)
target_include_directories(test_soc_firmware PRIVATE ${CMAKE_SOURCE_DIR}/firmware
                           ${CMAKE_CURRENT_SOURCE_DIR}/soc)
set_target_properties(test_soc_firmware PROPERTIES LINKER_LANGUAGE CXX)
add_test(NAME soc-iss-tile COMMAND test_soc_firmware ${TCE_SOC_OUT}/soc_tile.elf)
# Verilated C++ is not built with the sanitizers (label nosan, as in tests/rtl.cmake).
set_tests_properties(soc-iss-tile PROPERTIES LABELS "fpga;rtl;nosan" FIXTURES_REQUIRED soc_elf)
