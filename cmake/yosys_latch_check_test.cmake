cmake_minimum_required(VERSION 3.20)
# CTest yosys-latch-check: cmake/yosys_latch_check.cmake on real Yosys 0.23 log excerpts
# (tests/data/yosys_logs/): a flip-flop optimised into a constant through a `$dlatch`
# passes; proc_dlatch's "Latch inferred" and a latch cell in `stat` fail, named.
# -DTCE_ROOT=<repo>; run with -DLOG=<file> it checks that one log (the child runs).
if(LOG)
  include(${CMAKE_CURRENT_LIST_DIR}/yosys_latch_check.cmake)
  file(READ ${LOG} text)
  tce_yosys_latch_check(yosys-latch-check "${text}" ${LOG} "the log")
  return()
endif()
set(dir ${TCE_ROOT}/tests/data/yosys_logs)
# case, expected verdict (0 pass, 1 fail), words the failure must carry
foreach(c "reset_only_flop;0;" "latch_inferred;1;Latch inferred for signal `\\l.\\q'"
          "latch_cell;1;latch cells in the netlist: $dlatch")
  list(GET c 0 name)
  list(GET c 1 want)
  list(GET c 2 words)
  execute_process(COMMAND ${CMAKE_COMMAND} -DLOG=${dir}/${name}.log -P ${CMAKE_CURRENT_LIST_FILE}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(want AND rc EQUAL 0)
    message(FATAL_ERROR "yosys-latch-check: ${name}.log passed; it reports a latch")
  elseif(NOT want AND NOT rc EQUAL 0)
    message(FATAL_ERROR "yosys-latch-check: ${name}.log failed; it has no latch:\n${err}")
  endif()
  string(FIND "${err}" "${words}" at)
  if(want AND at LESS 0)
    message(FATAL_ERROR "yosys-latch-check: ${name}.log: the failure does not say '${words}':\n${err}")
  endif()
  message("yosys-latch-check: ${name}.log: ${want} as expected")
endforeach()
