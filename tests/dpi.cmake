# The golden model as a DPI-C library (dpi/) and the SystemVerilog scoreboard that uses it
# against the engine (tests/dpi/tb_dpi_scoreboard.sv, docs/dpi.md). The testbench is
# Verilated (--binary --timing) at build time, so the CTest itself only runs it (seconds).
# Without Verilator, or in a sanitizer build (Verilated C++ is not ours to sanitize), the
# test reports itself skipped.
# The DPI constants package (dpi/tce_dpi_consts_pkg.sv) is generated from the golden model's
# enums and committed; `--target dpi-consts` rewrites it, dpi-consts-up-to-date fails while stale.
add_executable(gen_dpi_consts ${CMAKE_SOURCE_DIR}/tools/gen/gen_dpi_consts.c)
target_link_libraries(gen_dpi_consts PRIVATE tce_csim)
set(TCE_DPI_CONSTS ${CMAKE_SOURCE_DIR}/dpi/tce_dpi_consts_pkg.sv)
add_custom_target(dpi-consts COMMAND gen_dpi_consts ${TCE_DPI_CONSTS} DEPENDS gen_dpi_consts
  COMMENT "Regenerating dpi/tce_dpi_consts_pkg.sv from the C enums")
add_test(NAME dpi-consts-up-to-date
  COMMAND ${CMAKE_COMMAND} -DGEN=$<TARGET_FILE:gen_dpi_consts> -DCOMMITTED=${TCE_DPI_CONSTS}
          -DFRESH=${CMAKE_BINARY_DIR}/tce_dpi_consts_pkg.fresh.sv -DTARGET=dpi-consts
          -P ${CMAKE_SOURCE_DIR}/cmake/check_generated.cmake)

if(TCE_VERILATOR AND NOT TCE_SANITIZE AND TARGET tce_firmware)
  execute_process(COMMAND ${TCE_VERILATOR} --getenv VERILATOR_ROOT
                  OUTPUT_VARIABLE tce_vl_root OUTPUT_STRIP_TRAILING_WHITESPACE)
  # The shim is C11 like the rest; only svdpi.h comes from the simulator.
  add_library(tce_dpi STATIC ${CMAKE_SOURCE_DIR}/dpi/tce_dpi.c)
  target_include_directories(tce_dpi PRIVATE ${tce_vl_root}/include/vltstd)
  target_link_libraries(tce_dpi PUBLIC tce_firmware tce_csim)

  set(TCE_ROOT ${CMAKE_SOURCE_DIR})
  include(${CMAKE_SOURCE_DIR}/cmake/rtl_sources.cmake)
  set(tb_dir ${CMAKE_BINARY_DIR}/dpi-scoreboard)
  set(tb_exe ${tb_dir}/Vtb_dpi_scoreboard)
  set(tb_srcs ${TCE_RTL_SOURCES} ${TCE_DPI_CONSTS} ${CMAKE_SOURCE_DIR}/dpi/tce_dpi_pkg.sv
              ${CMAKE_SOURCE_DIR}/tests/dpi/tb_dpi_scoreboard.sv)
  # Verilator compiles .c inputs as C++, so the shim and the model go in as archives.
  add_custom_command(OUTPUT ${tb_exe}
    COMMAND ${TCE_VERILATOR} --binary --timing -j 2 -Wno-fatal -Wno-lint -Wno-style -O2
            --x-assign fast --x-initial fast --top-module tb_dpi_scoreboard -Mdir ${tb_dir}
            -o Vtb_dpi_scoreboard ${tb_srcs} $<TARGET_FILE:tce_dpi>
            $<TARGET_FILE:tce_firmware> $<TARGET_FILE:tce_csim> -LDFLAGS -lm
    DEPENDS ${tb_srcs} tce_dpi tce_firmware tce_csim
    COMMENT "Verilating the DPI scoreboard testbench" VERBATIM)
  add_custom_target(tb_dpi_scoreboard ALL DEPENDS ${tb_exe})
  add_test(NAME dpi-scoreboard COMMAND ${CMAKE_COMMAND} -DTB=${tb_exe}
           -P ${CMAKE_SOURCE_DIR}/tests/dpi/check.cmake)
else()
  add_test(NAME dpi-scoreboard COMMAND sh -c "echo 'SKIP: dpi-scoreboard: needs verilator (scripts/install-deps.sh) and a build without sanitizers'; exit 77")
endif()
set_tests_properties(dpi-scoreboard PROPERTIES SKIP_RETURN_CODE 77 LABELS "rtl;nosan")
