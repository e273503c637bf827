# libFuzzer harnesses (tests/fuzz/, docs/fuzzing.md): every reader of outside data (the PTX
# decoder and module reader, the scenario and corpus readers, descriptor, driver-map and
# command-word unpack, tensormap.replace, the soft CPU's ELF loader, and the files
# regress-merge, cov, fcov, map, ptx --check and synth read), under ASan and UBSan. Built only with
# -DTCE_FUZZ=ON and clang (the top CMakeLists.txt compiles everything for coverage-guided
# fuzzing then); each CTest entry runs one harness for TCE_FUZZ_SECONDS (30) from seeds in
# tests/data. Without TCE_FUZZ one test says it skipped (CTest "Skipped", not a pass).
if(NOT TCE_FUZZ)
  add_test(NAME fuzz COMMAND ${CMAKE_COMMAND} -E echo
           "SKIP: the libFuzzer harnesses build with -DTCE_FUZZ=ON -DCMAKE_C_COMPILER=clang")
  set_tests_properties(fuzz PROPERTIES SKIP_REGULAR_EXPRESSION "SKIP:")
  return()
endif()
set(TCE_FUZZ_SECONDS 30 CACHE STRING "seconds each fuzz-* CTest runs its harness")
# a fixed seed makes a CTest run's inputs the same each time, so a finding there is found
# again by rerunning it; 0 lets libFuzzer draw one (the campaigns of docs/fuzzing.md vary it)
set(TCE_FUZZ_SEED 1 CACHE STRING "libFuzzer -seed of the fuzz-* CTest runs (0: a fresh one each run)")
set(fuzz_dir ${CMAKE_CURRENT_SOURCE_DIR}/fuzz)
set(fuzz_harnesses ptx_decode ptx_module desc_unpack cumap_decode scenario corpus
    regress_merge cov fcov map ptx_check synth_blif yosys_log cmd_unpack tmreplace rv32_elf)
add_library(fuzz_support STATIC ${fuzz_dir}/encode_seeds.c ${fuzz_dir}/mem_files.c)
target_link_libraries(fuzz_support PUBLIC tce_tools)
add_custom_target(fuzz_all) # every harness: what scripts/test.sh builds
foreach(h ${fuzz_harnesses})
  add_executable(fuzz_${h} ${fuzz_dir}/fuzz_${h}.c)
  target_link_libraries(fuzz_${h} PRIVATE fuzz_support)
  target_include_directories(fuzz_${h} PRIVATE ${CMAKE_SOURCE_DIR}/firmware ${CMAKE_SOURCE_DIR}/csim)
  target_link_options(fuzz_${h} PRIVATE -fsanitize=fuzzer)
  add_dependencies(fuzz_all fuzz_${h})
endforeach()
target_sources(fuzz_desc_unpack PRIVATE ${fuzz_dir}/our_descriptor_seeds.c)
target_sources(fuzz_tmreplace PRIVATE ${fuzz_dir}/our_descriptor_seeds.c)
target_link_libraries(fuzz_rv32_elf PRIVATE tce_rv32) # tests/soc.cmake
# Seeds: the repository's own inputs of each kind, copied into a fresh corpus directory
# per run so the repository is never written (tests/fuzz/seeds.cmake).
set(seeds_ptx_decode ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/scenario.ptx)
file(GLOB seeds_ptx_module ${CMAKE_CURRENT_SOURCE_DIR}/data/realptx/*.ptx
     ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/*.ptx ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/kernels/*.ptx
     ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/bad_modules/*.ptx)
set(seeds_desc_unpack "")
set(seeds_cumap_decode "")
set(seeds_tmreplace "")
file(GLOB seeds_scenario ${CMAKE_CURRENT_SOURCE_DIR}/scenarios/*.tce
     ${CMAKE_CURRENT_SOURCE_DIR}/data/bad_scenarios/*.tce
     ${CMAKE_CURRENT_SOURCE_DIR}/data/race_free/*.tce
     ${CMAKE_CURRENT_SOURCE_DIR}/data/fuzz_findings/scenario_*.tce)
file(GLOB seeds_corpus ${CMAKE_CURRENT_SOURCE_DIR}/data/malformed/*.txt)
set(fuzz_seed_dir ${CMAKE_CURRENT_SOURCE_DIR}/data/fuzz_seeds)
file(GLOB seeds_regress_merge ${fuzz_seed_dir}/junit/*.xml
     ${CMAKE_CURRENT_SOURCE_DIR}/data/fuzz_findings/regress_merge_*.xml)
set(seeds_cov ${CMAKE_CURRENT_SOURCE_DIR}/data/coverage/waivers.txt # the waivers first
    ${CMAKE_CURRENT_SOURCE_DIR}/data/coverage/run_a.dat ${CMAKE_CURRENT_SOURCE_DIR}/data/coverage/run_b.dat)
file(GLOB seeds_fcov ${fuzz_seed_dir}/fcov/*.txt)
set(seeds_map ${CMAKE_CURRENT_SOURCE_DIR}/data/hwcorpus/encode.txt)
file(GLOB seeds_ptx_check ${CMAKE_CURRENT_SOURCE_DIR}/data/ptxcorpus/*.tsv
     ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/*.tsv)
file(GLOB seeds_synth_blif ${fuzz_seed_dir}/blif/*.blif
     ${CMAKE_CURRENT_SOURCE_DIR}/data/fuzz_findings/synth_blif_*.blif)
file(GLOB seeds_yosys_log ${CMAKE_CURRENT_SOURCE_DIR}/data/yosys_logs/*.log
     ${CMAKE_CURRENT_SOURCE_DIR}/data/fuzz_findings/yosys_log_*.log)
set(seeds_cmd_unpack ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/scenario.ptx)
file(GLOB seeds_rv32_elf ${fuzz_seed_dir}/elf/*.elf
     ${CMAKE_CURRENT_SOURCE_DIR}/data/fuzz_findings/rv32_elf_*.elf)
foreach(h ${fuzz_harnesses})
  # '|' between the files: a ';' list in add_test became separate arguments, and the
  # script saw only the first seed file
  string(JOIN "|" seeds ${seeds_${h}})
  add_test(NAME fuzz-${h}
           COMMAND ${CMAKE_COMMAND} -DHARNESS=$<TARGET_FILE:fuzz_${h}> -DKIND=${h}
                   -DSEEDS=${seeds} -DSRC=${CMAKE_SOURCE_DIR}
                   -DWORK=${CMAKE_CURRENT_BINARY_DIR}/fuzz-${h} -DSECONDS=${TCE_FUZZ_SECONDS}
                   -DSEED=${TCE_FUZZ_SEED}
                   -P ${fuzz_dir}/seeds.cmake)
  set_tests_properties(fuzz-${h} PROPERTIES LABELS "fuzz" TIMEOUT 600)
endforeach()
