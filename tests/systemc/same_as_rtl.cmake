# `cmake -P` check: the systemc engine gives the same answers as the rtl engine, both run
# here, in the same test, on the same input; so it stays true as the RTL grows.
#   MODE=replay  FILE = a hardware-corpus file: `tce replay --quiet` on each engine; the
#                passed / failed / not-supported counts and the exit status must be equal,
#                and systemc must fail nothing.
#   MODE=run     FILE = a scenario ("" = the built-in one): `tce run --backend=...`; the exit
#                status (0 pass or 3 unsupported), the report line and any message must be
#                equal except for the backend's name and its cycle count (the TLM model's
#                reset and register path differ from the C bridge by a few cycles).
# TCE = the tce binary.

function(run_on engine out_rc out_text)
  if(MODE STREQUAL "replay")
    execute_process(COMMAND ${TCE} replay --engine=${engine} --quiet ${FILE}
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  else()
    execute_process(COMMAND ${TCE} run --backend=${engine} ${FILE}
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  endif()
  set(${out_rc} "${rc}" PARENT_SCOPE)
  set(${out_text} "${out}${err}" PARENT_SCOPE)
endfunction()

run_on(rtl rc_rtl text_rtl)
run_on(systemc rc_sc text_sc)
set(both "--- rtl (exit ${rc_rtl}):\n${text_rtl}--- systemc (exit ${rc_sc}):\n${text_sc}")

if(MODE STREQUAL "replay")
  # The per-file line: "FILE: P passed, F failed[, U not supported by engine E]".
  foreach(e rtl sc)
    if(NOT text_${e} MATCHES ": ([0-9]+) passed, ([0-9]+) failed(, ([0-9]+) not supported)?")
      message(FATAL_ERROR "${FILE}: no per-file counts in the output\n${both}")
    endif()
    set(pass_${e} ${CMAKE_MATCH_1})
    set(fail_${e} ${CMAKE_MATCH_2})
    set(unsup_${e} 0)
    if(CMAKE_MATCH_4)
      set(unsup_${e} ${CMAKE_MATCH_4})
    endif()
  endforeach()
  if(NOT rc_rtl EQUAL rc_sc OR NOT pass_rtl EQUAL pass_sc OR NOT fail_rtl EQUAL fail_sc
     OR NOT unsup_rtl EQUAL unsup_sc)
    message(FATAL_ERROR "${FILE}: systemc differs from rtl: passed ${pass_sc} vs ${pass_rtl}, "
                        "failed ${fail_sc} vs ${fail_rtl}, not supported ${unsup_sc} vs "
                        "${unsup_rtl}\n${both}")
  endif()
  if(NOT fail_sc EQUAL 0)
    message(FATAL_ERROR "${FILE}: ${fail_sc} cases fail on both engines\n${both}")
  endif()
  message(STATUS "${FILE}: systemc = rtl: ${pass_sc} passed, ${unsup_sc} not supported")
elseif(MODE STREQUAL "run")
  if(NOT rc_rtl EQUAL rc_sc OR NOT (rc_sc EQUAL 0 OR rc_sc EQUAL 3))
    message(FATAL_ERROR "scenario '${FILE}': exit ${rc_sc} on systemc, ${rc_rtl} on rtl "
                        "(both must be 0 pass or 3 unsupported, and equal)\n${both}")
  endif()
  foreach(e rtl sc)
    string(REGEX REPLACE "backend (rtl|systemc)" "backend B" norm_${e} "${text_${e}}")
    string(REGEX REPLACE "[0-9]+ cycles" "N cycles" norm_${e} "${norm_${e}}")
  endforeach()
  if(NOT norm_rtl STREQUAL norm_sc)
    message(FATAL_ERROR "scenario '${FILE}': the reports differ beyond backend name and "
                        "cycles\n${both}")
  endif()
  message(STATUS "scenario '${FILE}': systemc = rtl, exit ${rc_sc}")
else()
  message(FATAL_ERROR "same_as_rtl.cmake: unknown MODE '${MODE}'")
endif()
