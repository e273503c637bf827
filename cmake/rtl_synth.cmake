cmake_minimum_required(VERSION 3.20)
# CTest rtl-synth: Yosys reads and elaborates the design at tce_engine's default
# parameters and runs the coarse half of `synth` (hierarchy, proc, opt, memory, alumacc);
# fails on any error and on any latch (a latch in this design is always an incomplete
# combinational assignment; proc_dlatch, in the coarse half, is what finds it).
# It stops before `fine` (techmap to gates and ABC), which took nine tenths of this test's
# ten minutes: the full mapping, to generic gates and to xc7, is CTest fpga-synth-report's.
# -DTCE_ROOT=<repo> -DTOP=<top> -DLOG=<log file>. tests/rtl.cmake skips the test when yosys is absent.
include(${TCE_ROOT}/cmake/yosys_sources.cmake)
# -noshare: the share pass's SAT search over the executor's check chain ran past 24 GB once
# the memory-description checks came in (docs/synthesis.md); latches are found without it.
execute_process(COMMAND ${YOSYS} -l ${LOG} -p "read_verilog -sv ${srcs}; synth -top ${TOP} -noshare -run begin:fine; stat"
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
file(READ ${LOG} log)
if(NOT rc EQUAL 0)
  string(REGEX MATCH "[^\n]*ERROR[^\n]*" e "${log}")
  message(FATAL_ERROR "rtl-synth: yosys failed (exit ${rc}): ${e}${err}\n"
          "Every file under rtl/ must be readable by this yosys (its SystemVerilog subset: no "
          "`return` statements, no `import pkg::*` in module headers, no `int'()` casts).")
endif()
include(${TCE_ROOT}/cmake/yosys_latch_check.cmake)
tce_yosys_latch_check(rtl-synth "${log}" ${LOG} "the design")
string(REGEX MATCH "=== design hierarchy ===.*" tail "${log}")
string(REGEX MATCH "Number of cells: +[0-9]+" cells "${tail}")
message("rtl-synth: ${TOP} elaborated and coarse-synthesised without latches; ${cells} (coarse cells; log: ${LOG})")
