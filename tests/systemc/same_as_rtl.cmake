# `cmake -P` check: the systemc engine gives the same answers as the rtl engine, both run
# here, in the same test, on the same input; so it stays true as the RTL grows.
#   MODE=replay  FILE = a hardware-corpus file: `tce replay --quiet` on each engine; the
#                passed / failed / not-supported counts and the exit status must be equal,
#                and systemc must fail nothing.
#   MODE=run     FILE = a scenario ("" = the built-in one): `tce run --backend=...`; the exit
#                status (0 pass or 3 unsupported), the report line and any message must be
#                equal except for the backend's name and its cycle count (the TLM model's
#                reset and register path differ from the C bridge by a few cycles).
#   MODE=bus-errors  `tce regress --seed SEED --count COUNT --bus-errors --timing=random`
#                with engines csim,rtl and csim,systemc: both exit 0 with "N passed, 0
#                failed", and the operation summary and the bus-error counts (injected,
#                reported as GLOBAL_BUS, finished before the bad range) are equal apart
#                from the engine's name and cycle count.
#   MODE=wave    FILE = a hardware-corpus file, its case 3 replayed with
#                --wave=OUT_DIR/ENGINE.vcd,100:300 on each engine: both VCDs exist, declare
#                the same signals, and hold time stamps of cycles [100, 300) only
#                (10 x cycle and 10 x cycle + 5 ns: the stated 100 MHz clock).
# TCE = the tce binary.

function(run_on engine out_rc out_text)
  if(MODE STREQUAL "bus-errors")
    execute_process(COMMAND ${TCE} regress --seed ${SEED} --count ${COUNT} --bus-errors
                            --timing=random --engines=csim,${engine}
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  elseif(MODE STREQUAL "wave")
    file(REMOVE ${OUT_DIR}/${engine}.vcd)
    execute_process(COMMAND ${TCE} replay --engine=${engine} --case=3 --quiet
                            --wave=${OUT_DIR}/${engine}.vcd,100:300 ${FILE}
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  elseif(MODE STREQUAL "replay")
    execute_process(COMMAND ${TCE} replay --engine=${engine} --quiet ${FILE}
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  else()
    execute_process(COMMAND ${TCE} run --backend=${engine} ${FILE}
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  endif()
  set(${out_rc} "${rc}" PARENT_SCOPE)
  set(${out_text} "${out}${err}" PARENT_SCOPE)
endfunction()

if(MODE STREQUAL "wave")
  file(MAKE_DIRECTORY ${OUT_DIR})
endif()
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
elseif(MODE STREQUAL "bus-errors")
  foreach(e rtl sc)
    if(NOT rc_${e} EQUAL 0 OR NOT text_${e} MATCHES "\n${COUNT} passed, 0 failed"
       OR NOT text_${e} MATCHES "bus errors: ([0-9]+) injected")
      message(FATAL_ERROR "regress --bus-errors (seed ${SEED}): not a clean pass\n${both}")
    endif()
    if(CMAKE_MATCH_1 EQUAL 0)
      message(FATAL_ERROR "regress --bus-errors (seed ${SEED}): nothing injected\n${both}")
    endif()
    # Keep the summary lines only, without the engine's name and its cycle count.
    string(REGEX MATCHALL "[0-9]+ operations: [^\n]*|bus errors: [^\n]*" lines_${e}
           "${text_${e}}")
    string(REGEX REPLACE "engine cycles [^;]*" "" norm_${e} "${lines_${e}}")
  endforeach()
  if(NOT norm_rtl STREQUAL norm_sc)
    message(FATAL_ERROR "regress --bus-errors (seed ${SEED}): systemc and rtl differ\n${both}")
  endif()
  message(STATUS "regress --bus-errors: systemc = rtl: ${norm_sc}")
elseif(MODE STREQUAL "wave")
  foreach(e rtl systemc)
    set(rc ${rc_rtl})
    if(e STREQUAL "systemc")
      set(rc ${rc_sc})
    endif()
    if(NOT rc EQUAL 0 OR NOT EXISTS ${OUT_DIR}/${e}.vcd)
      message(FATAL_ERROR "${FILE}: --wave=...vcd,100:300 on ${e}: exit ${rc}, no VCD\n${both}")
    endif()
    file(STRINGS ${OUT_DIR}/${e}.vcd vars_${e} REGEX "^\\$var ")
    file(STRINGS ${OUT_DIR}/${e}.vcd stamps REGEX "^#[0-9]+$")
    list(LENGTH vars_${e} nvars)
    list(LENGTH stamps nstamps)
    if(nvars LESS 100 OR nstamps LESS 2)
      message(FATAL_ERROR "${FILE}: ${e}.vcd has ${nvars} signals, ${nstamps} time stamps")
    endif()
    foreach(t ${stamps})
      string(SUBSTRING "${t}" 1 -1 t)
      if(t LESS 1000 OR NOT t LESS 3000) # ns: 10 per cycle of the stated 100 MHz clock
        message(FATAL_ERROR "${FILE}: ${e}.vcd has time stamp ${t}, outside cycles [100, 300)")
      endif()
    endforeach()
    list(GET stamps 0 first_${e})
  endforeach()
  if(NOT vars_rtl STREQUAL vars_systemc OR NOT first_rtl STREQUAL "#1000"
     OR NOT first_systemc STREQUAL "#1000")
    message(FATAL_ERROR "${FILE}: the VCDs differ in signals or start (rtl ${first_rtl}, "
                        "systemc ${first_systemc})")
  endif()
  message(STATUS "${FILE}: rtl and systemc VCDs: same signals, cycles [100, 300) only")
else()
  message(FATAL_ERROR "same_as_rtl.cmake: unknown MODE '${MODE}'")
endif()
