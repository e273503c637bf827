# Runs one libFuzzer harness for SECONDS from seeds made of the repository's own inputs
# (CTest fuzz-*, tests/fuzz.cmake). The working corpus lives in the build tree.
# -DHARNESS=<binary> -DKIND=ptx_decode|desc_unpack|cumap_decode|scenario|corpus -DSEEDS=<files>
# -DSRC=<source dir> -DWORK=<scratch dir> -DSECONDS=<n>
cmake_minimum_required(VERSION 3.20)
set(corpus ${WORK}/corpus)
file(MAKE_DIRECTORY ${corpus})
set(n 0)
if(KIND STREQUAL "ptx_decode")
  # one instruction a seed: the scenario PTX and every 16th line of the ptxas verdicts
  file(STRINGS ${SEEDS} lines)
  file(STRINGS ${SRC}/tests/data/ptxcorpus/ptxas_verdicts.tsv verdicts)
  set(i 0)
  foreach(v IN LISTS verdicts)
    math(EXPR i "${i} + 1")
    math(EXPR keep "${i} % 16")
    if(keep EQUAL 0 AND v MATCHES "^[^\t]+\t[^\t]+\t([^\t]+)")
      list(APPEND lines "${CMAKE_MATCH_1}")
    endif()
  endforeach()
  foreach(l IN LISTS lines)
    math(EXPR n "${n} + 1")
    file(WRITE ${corpus}/seed${n} "${l}")
  endforeach()
elseif(KIND STREQUAL "corpus")
  # the malformed files, and the first cases of each capture file
  file(GLOB caps ${SRC}/tests/data/hwcorpus/*.txt ${SRC}/tests/data/probes/*.txt)
  foreach(f IN LISTS SEEDS caps)
    if(NOT f)
      continue()
    endif()
    file(READ ${f} text LIMIT 6000)
    string(FIND "${text}" "\nend\n" last REVERSE)
    if(last GREATER 0)
      math(EXPR last "${last} + 5")
      string(SUBSTRING "${text}" 0 ${last} text)
    endif()
    math(EXPR n "${n} + 1")
    file(WRITE ${corpus}/seed${n} "${text}")
  endforeach()
elseif(KIND STREQUAL "scenario")
  foreach(f IN LISTS SEEDS)
    if(NOT f)
      continue()
    endif()
    math(EXPR n "${n} + 1")
    configure_file(${f} ${corpus}/seed${n} COPYONLY)
  endforeach()
elseif(KIND STREQUAL "desc_unpack" OR KIND STREQUAL "cumap_decode")
  # descriptors from the driver's encode cases: ours (desc_unpack) or the driver's own
  # bytes (cumap_decode); the harness writes them itself when asked
  # (TCE_FUZZ_SEEDS_FROM / TCE_FUZZ_SEEDS_TO)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env
                          TCE_FUZZ_SEEDS_FROM=${SRC}/tests/data/hwcorpus/encode.txt
                          TCE_FUZZ_SEEDS_TO=${corpus} ${HARNESS} -runs=0
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  file(GLOB made ${corpus}/*)
  list(LENGTH made n)
endif()
if(n EQUAL 0)
  message(FATAL_ERROR "no seeds for ${KIND}")
endif()
set(len "")
if(KIND MATCHES "desc_unpack|cumap_decode")
  set(len -max_len=128) # the harness reads 128 bytes; longer inputs only waste runs
endif()
execute_process(COMMAND ${HARNESS} ${corpus} -max_total_time=${SECONDS} -rss_limit_mb=4096
                        -timeout=20 -print_final_stats=1 ${len}
                WORKING_DIRECTORY ${WORK}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX MATCH "stat::number_of_executed_units: *[0-9]+" runs "${err}")
string(REGEX MATCH "#[0-9]+[ \t]+DONE[^\n]*" done "${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${KIND}: the fuzzer found a problem (exit ${rc}); the input is in ${WORK}:\n${err}")
endif()
message(STATUS "${KIND}: ${n} seeds, ${SECONDS} s, ${runs}, no findings; last: ${done}")
