cmake_minimum_required(VERSION 3.20)
# CTest rtl-xc7-loops-reduce: the reduction unit at `small`'s width (DATA_W 128: its 14
# floating-point adders) through Yosys's xc7 flow, flattened, and counted by `tce synth
# --levels`, which exits 1 on a structural combinational loop in the netlist: ABC once made
# one out of tce_red_fpadd's operand swap (docs/fpga.md, "Whole `small` and `default`"), a
# netlist on which Yosys's `sta` never ends and Vivado's timing has to cut a path.
# -DTCE_ROOT=<repo> -DTCE=<tce binary> -DLOG=<log file>.
set(YOSYS_SOURCES TCE_RED_SOURCES)
include(${TCE_ROOT}/cmake/yosys_sources.cmake)
set(blif ${LOG}.blif)
# tce synth's xc7 flow (tools/tce/cmd_synth.c, scripts/synth_unit.sh): synth_xilinx's coarse
# step written out less `share`, then the rest of it, flattened.
set(flow "synth_xilinx -family xc7 -top ${TCE_RED_TOP} -run begin:coarse; techmap -map +/cmp2lut.v -map +/cmp2lcu.v -D LUT_WIDTH=6; alumacc; opt; memory -nomap; opt_clean; synth_xilinx -family xc7 -top ${TCE_RED_TOP} -run map_memory:; flatten")
execute_process(COMMAND ${YOSYS} -q -l ${LOG} -p
                  "read_verilog -sv ${srcs}; chparam -set DATA_W 128 -set TAG_W 1 ${TCE_RED_TOP}; ${flow}; write_blif -param -cname ${blif}"
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "rtl-xc7-loops-reduce: yosys failed (exit ${rc}): ${err} (log: ${LOG})")
endif()
execute_process(COMMAND ${TCE} synth --levels=${blif} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "deepest path [0-9]+ LUT levels")
  message(FATAL_ERROR "rtl-xc7-loops-reduce: tce synth --levels (exit ${rc}):\n${err}${out}")
endif()
string(REGEX MATCH "[^\n]*\n[^\n]*" head "${out}")
message("rtl-xc7-loops-reduce: no netlist loop; ${head}")
