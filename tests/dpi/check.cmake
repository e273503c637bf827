# CTest dpi-scoreboard: runs tests/dpi/tb_dpi_scoreboard.sv's binary twice. Clean, every case
# must agree with the golden model (0 mismatches, exit 0). With +plant=2 the golden model's
# result of case 2 (the tile store) has one byte flipped at global 0x100020a03 (the box's
# row 20, byte 3): the run must fail and name exactly that byte.
# -DTB=<Vtb_dpi_scoreboard>. tests/dpi.cmake adds it.
execute_process(COMMAND ${TB} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}")
if(NOT rc EQUAL 0 OR NOT out MATCHES "tb_dpi_scoreboard: 9 cases, 0 mismatches"
   OR "${out}${err}" MATCHES "MISMATCH")
  message(FATAL_ERROR "dpi-scoreboard: the clean run failed (exit ${rc}):\n${err}")
endif()
execute_process(COMMAND ${TB} +plant=2 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(want "MISMATCH tile store 2-D f16, 128B swizzle: global 0x100020a03: engine [0-9a-f][0-9a-f], golden model [0-9a-f][0-9a-f]")
if(rc EQUAL 0 OR NOT out MATCHES "${want}" OR NOT out MATCHES "1 memory bytes differ")
  message(FATAL_ERROR "dpi-scoreboard: the planted byte was not reported (exit ${rc}):\n${out}${err}")
endif()
message("dpi-scoreboard: the planted one-byte corruption is reported at global 0x100020a03")
