# The SystemVerilog view of the register map (rtl/generated/tce_regs_pkg.sv) is generated
# from firmware/regmap.def by tools/gen/gen_regmap_sv.c and committed, so the RTL builds
# without a C toolchain step. `cmake --build <dir> --target regmap-views` rewrites it; the
# test regmap-views-up-to-date fails while the committed file differs from the generator.
set(TCE_REGMAP_DEF ${CMAKE_SOURCE_DIR}/firmware/regmap.def)
if(EXISTS ${TCE_REGMAP_DEF})
  add_executable(gen_regmap_sv ${CMAKE_SOURCE_DIR}/tools/gen/gen_regmap_sv.c)
  target_include_directories(gen_regmap_sv PRIVATE ${CMAKE_SOURCE_DIR}/firmware)
  set(TCE_REGS_PKG ${CMAKE_SOURCE_DIR}/rtl/generated/tce_regs_pkg.sv)
  add_custom_target(regmap-views
    COMMAND gen_regmap_sv ${TCE_REGS_PKG}
    DEPENDS gen_regmap_sv ${TCE_REGMAP_DEF}
    COMMENT "Regenerating rtl/generated/tce_regs_pkg.sv from firmware/regmap.def")
  add_test(NAME regmap-views-up-to-date
    COMMAND ${CMAKE_COMMAND} -DGEN=$<TARGET_FILE:gen_regmap_sv> -DCOMMITTED=${TCE_REGS_PKG}
            -DFRESH=${CMAKE_BINARY_DIR}/tce_regs_pkg.fresh.sv
            -P ${CMAKE_SOURCE_DIR}/cmake/check_generated.cmake)
endif()
