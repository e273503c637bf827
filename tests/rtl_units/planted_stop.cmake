# A planted violation must stop the unit's model on its assertion: the program exits
# non-zero (Verilator aborts on a failed assertion) and its output holds WANT; a clean
# exit, or a stop on anything else, fails the test.
# -DPROG=<test binary> -DARG=<its planted-case option> -DWANT=<the assertion's message>
execute_process(COMMAND ${PROG} ${ARG} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${out}${err}" "${WANT}" at)
if(rc EQUAL 0 OR at EQUAL -1)
  message(FATAL_ERROR "${PROG} ${ARG} did not stop with '${WANT}' (exit ${rc}):\n${out}${err}")
endif()
message(STATUS "stopped as planted: ${WANT}")
