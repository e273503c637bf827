# The rule every planted-violation test ends by: the command (ARGN) must stop, exiting
# non-zero, with output that matches the regex WANT and without "ran to the end" (a bench's
# clean finish). LABEL names the case in the failure message.
function(expect_stop label want)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(rc EQUAL 0 OR NOT "${out}${err}" MATCHES "${want}" OR out MATCHES "ran to the end")
    message(FATAL_ERROR "${label} did not stop with '${want}' (exit ${rc}):\n${out}${err}")
  endif()
  message("${label}: as expected")
endfunction()
