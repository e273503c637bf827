cmake_minimum_required(VERSION 3.20)
# CTest rtl-netlist-reduce (opt-in, -DTCE_NETLIST_SIM=ON): runs test_rtl_reduce against the
# gates Yosys makes of the reduction unit rather than the RTL, so a construct the two tools
# read differently cannot hide behind a passing RTL simulation. (Yosys 0.23 once folded
# ~N'(0) to zero where Verilator gives all ones.) Slow: the netlist takes minutes to build.
# -DTCE_ROOT=<repo> -DWORK=<scratch dir> -DCC=<C compiler> -DCXX=<C++ compiler>
# -DLIBS=<tce libraries, ;-separated> -DARGS=<test arguments, ;-separated>
find_program(YOSYS yosys REQUIRED)
find_program(VERILATOR verilator REQUIRED)
include(${TCE_ROOT}/cmake/rtl_sources.cmake)

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "rtl-netlist-reduce: ${what} failed (exit ${rc}):\n${out}${err}")
  endif()
endfunction()

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
# A script file, not -p: a CMake list would split the commands at their semicolons.
string(REPLACE ";" " " srcs "${TCE_RED_SOURCES}")
file(WRITE ${WORK}/synth.ys "read_verilog -sv ${srcs}\nsynth -top ${TCE_RED_TOP}\n"
     "write_verilog -noattr ${WORK}/netlist.v\n")
run("yosys synthesis" ${YOSYS} -q -l ${WORK}/synth.log -s ${WORK}/synth.ys)
# The netlist is machine-written; its style is not linted here (rtl-lint-reduce lints the RTL).
run("verilating the netlist" ${VERILATOR} --cc --build -j 2 -O1 --x-assign fast --x-initial fast
    -Wno-fatal -Wno-lint -Wno-style -CFLAGS -O1 -Mdir ${WORK}/obj --top-module ${TCE_RED_TOP}
    --prefix Vtce_red_unit ${WORK}/netlist.v)
execute_process(COMMAND ${VERILATOR} --getenv VERILATOR_ROOT OUTPUT_VARIABLE vroot
                OUTPUT_STRIP_TRAILING_WHITESPACE)
# System headers: Verilator's own warnings are not ours (the bridge is held to -Werror).
set(vinc -isystem ${vroot}/include -isystem ${vroot}/include/vltstd)
foreach(f verilated verilated_threads)
  run("compiling ${f}.cpp" ${CXX} -std=c++17 -O1 -w ${vinc} -c ${vroot}/include/${f}.cpp
      -o ${WORK}/${f}.o)
endforeach()
run("compiling the bridge" ${CXX} -std=c++17 -O1 -Wall -Wextra -Werror -isystem ${WORK}/obj ${vinc}
    -I${TCE_ROOT}/csim -I${TCE_ROOT}/bridge/units -c ${TCE_ROOT}/bridge/units/tce_redu.cpp
    -o ${WORK}/tce_redu.o)
run("compiling the test" ${CC} -std=c11 -O1 -Wall -Wextra -Werror -I${TCE_ROOT}/csim
    -I${TCE_ROOT}/tools/tce -I${TCE_ROOT}/bridge/units
    -c ${TCE_ROOT}/tests/rtl_units/test_rtl_reduce.c -o ${WORK}/test.o)
run("linking" ${CXX} ${WORK}/test.o ${WORK}/tce_redu.o ${WORK}/obj/Vtce_red_unit__ALL.a
    ${WORK}/verilated.o ${WORK}/verilated_threads.o ${LIBS} -lpthread -latomic -lm
    -o ${WORK}/test_netlist)
execute_process(COMMAND ${WORK}/test_netlist ${ARGS} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "rtl-netlist-reduce: the Yosys netlist disagrees with the golden model")
endif()
message("rtl-netlist-reduce: the Yosys netlist of ${TCE_RED_TOP} passes test_rtl_reduce")
