# The engine's operation vocabulary and port owners in SystemVerilog
# (rtl/generated/tce_op_pkg.sv), generated from the C enums by tools/gen/gen_op_pkg.c and
# committed, so the RTL builds without a C toolchain step. `cmake --build <dir> --target
# op-pkg` rewrites it; the test op-pkg-up-to-date fails while the committed file differs.
add_executable(gen_op_pkg ${CMAKE_SOURCE_DIR}/tools/gen/gen_op_pkg.c)
target_link_libraries(gen_op_pkg PRIVATE tce_firmware tce_csim)
target_include_directories(gen_op_pkg PRIVATE ${CMAKE_SOURCE_DIR}/firmware ${CMAKE_SOURCE_DIR}/bridge)
set(TCE_OP_PKG ${CMAKE_SOURCE_DIR}/rtl/generated/tce_op_pkg.sv)
add_custom_target(op-pkg
  COMMAND gen_op_pkg ${TCE_OP_PKG}
  DEPENDS gen_op_pkg
  COMMENT "Regenerating rtl/generated/tce_op_pkg.sv from the C enums")
add_test(NAME op-pkg-up-to-date
  COMMAND ${CMAKE_COMMAND} -DGEN=$<TARGET_FILE:gen_op_pkg> -DCOMMITTED=${TCE_OP_PKG}
          -DFRESH=${CMAKE_BINARY_DIR}/tce_op_pkg.fresh.sv -DTARGET=op-pkg
          -P ${CMAKE_SOURCE_DIR}/cmake/check_generated.cmake)
