# Runs one libFuzzer harness for SECONDS from seeds made of the repository's own inputs
# (CTest fuzz-*, tests/fuzz.cmake). The working corpus lives in the build tree.
# -DHARNESS=<binary> -DKIND=<harness name, fuzz_KIND> -DSEEDS=<files, separated by |>
# -DSRC=<source dir> -DWORK=<scratch dir> -DSECONDS=<n> -DSEED=<libFuzzer -seed, 0: drawn>
cmake_minimum_required(VERSION 3.20)
string(REPLACE "|" ";" SEEDS "${SEEDS}") # tests/fuzz.cmake joins the files with '|'
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
elseif(KIND STREQUAL "ptx_module")
  # the opening 8 KB of each real module (whole ones are up to 1 MB: slow runs)
  foreach(f IN LISTS SEEDS)
    if(NOT f)
      continue()
    endif()
    file(READ ${f} text LIMIT 8192)
    math(EXPR n "${n} + 1")
    file(WRITE ${corpus}/seed${n} "${text}")
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
elseif(KIND MATCHES "^(scenario|synth_blif|yosys_log|rv32_elf|regress_merge|cov|fcov)$")
  # each file alone; for the harnesses that read several files, also the files of one run
  # as one input, separated by two NUL bytes (tests/fuzz/mem_files.h): the shards of a run,
  # the waivers and .dat files, the count files
  set(group "")
  foreach(f IN LISTS SEEDS)
    if(NOT f)
      continue()
    endif()
    if(KIND STREQUAL "scenario")
      # fuzz_scenario.c reads at most 16 KB; a longer seed would be skipped, never run
      file(SIZE ${f} bytes)
      if(bytes GREATER 16384)
        message(FATAL_ERROR "scenario seed ${f} is ${bytes} bytes, longer than the 16384 "
                            "fuzz_scenario reads (FUZZ_SCENARIO_MAX)")
      endif()
    endif()
    math(EXPR n "${n} + 1")
    configure_file(${f} ${corpus}/seed${n} COPYONLY)
    if(KIND MATCHES "^(cov|fcov)$" OR (KIND STREQUAL "regress_merge" AND f MATCHES "shard"))
      list(APPEND group ${SRC}/tests/data/fuzz_seeds/separator.bin ${f})
    endif()
  endforeach()
  if(group)
    list(REMOVE_AT group 0)
    math(EXPR n "${n} + 1")
    execute_process(COMMAND ${CMAKE_COMMAND} -E cat ${group} OUTPUT_FILE ${corpus}/seed${n}
                    RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "cannot join the seeds of ${KIND}")
    endif()
  endif()
elseif(KIND STREQUAL "ptx_check")
  # the opening lines (up to 4 KB) of each verdict file
  foreach(f IN LISTS SEEDS)
    file(READ ${f} text LIMIT 4096)
    string(FIND "${text}" "\n" last REVERSE)
    string(SUBSTRING "${text}" 0 ${last} text)
    math(EXPR n "${n} + 1")
    file(WRITE ${corpus}/seed${n} "${text}\n")
  endforeach()
elseif(KIND MATCHES "^(desc_unpack|cumap_decode|tmreplace|cmd_unpack|map)$")
  # descriptors from the driver's encode cases: ours (desc_unpack, tmreplace) or the driver's
  # own bytes (cumap_decode); the driver's maps as hex text and the cases' parameters as
  # `map check` words (map); command words of the scenario PTX's operations (cmd_unpack).
  # The harness writes them itself when asked (TCE_FUZZ_SEEDS_FROM / TCE_FUZZ_SEEDS_TO)
  set(from ${SRC}/tests/data/hwcorpus/encode.txt)
  if(KIND STREQUAL "cmd_unpack")
    set(from ${SEEDS})
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E env
                          TCE_FUZZ_SEEDS_FROM=${from}
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
elseif(KIND STREQUAL "cmd_unpack")
  set(len -max_len=196) # 49 command words
elseif(KIND STREQUAL "tmreplace")
  set(len -max_len=138) # a map, the field, the ordinal and the 8-byte value
elseif(KIND STREQUAL "ptx_check")
  set(len -max_len=4096) # a run's cost grows with the lines; 4 KB holds dozens of them
elseif(KIND STREQUAL "synth_blif")
  # a run's cost grows with the netlist's length: 12 KB holds the whole seed netlist with
  # Yosys's short names (seed_unit_short.blif, every cell kind of the seeds), where the
  # long-named one is 25 KB (docs/fuzzing.md, "Speed")
  set(len -max_len=12288)
elseif(KIND STREQUAL "ptx_module")
  # a run's cost grows with the module's length (every instruction is decoded twice, with
  # comparison tracing): 2 KB holds several kernels' scopes and multi-line statements, and
  # ran about 1.7 times as many inputs a second as the 8 KB seeds (docs/fuzzing.md)
  set(len -max_len=2048)
endif()
if(NOT SEED MATCHES "^[0-9]+$")
  message(FATAL_ERROR "${KIND}: SEED '${SEED}' is not a number (TCE_FUZZ_SEED)")
endif()
execute_process(COMMAND ${HARNESS} ${corpus} -max_total_time=${SECONDS} -rss_limit_mb=4096
                        -seed=${SEED} -timeout=20 -print_final_stats=1 ${len}
                WORKING_DIRECTORY ${WORK}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX MATCH "stat::number_of_executed_units: *[0-9]+" runs "${err}")
string(REGEX MATCH "#[0-9]+[ \t]+DONE[^\n]*" done "${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${KIND}: the fuzzer found a problem (exit ${rc}); the input is in ${WORK}:\n${err}")
endif()
string(REGEX MATCH "Seed: [0-9]+" drawn "${err}")
message(STATUS "${KIND}: ${n} seeds, ${SECONDS} s, ${drawn}, ${runs}, no findings; last: ${done}")
