# libFuzzer harnesses (tests/fuzz/, docs/fuzzing.md): the PTX decoder and module reader, the scenario
# reader, the corpus reader, descriptor unpack and the CUDA driver map decoder, under
# ASan and UBSan. Built only with
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
set(fuzz_dir ${CMAKE_CURRENT_SOURCE_DIR}/fuzz)
foreach(h ptx_decode ptx_module desc_unpack cumap_decode scenario corpus)
  add_executable(fuzz_${h} ${fuzz_dir}/fuzz_${h}.c ${fuzz_dir}/encode_seeds.c)
  target_link_libraries(fuzz_${h} PRIVATE tce_tools)
  target_include_directories(fuzz_${h} PRIVATE ${CMAKE_SOURCE_DIR}/firmware ${CMAKE_SOURCE_DIR}/csim)
  target_link_options(fuzz_${h} PRIVATE -fsanitize=fuzzer)
endforeach()
# Seeds: the repository's own inputs of each kind, copied into a fresh corpus directory
# per run so the repository is never written (tests/fuzz/seeds.cmake).
set(seeds_ptx_decode ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/scenario.ptx)
file(GLOB seeds_ptx_module ${CMAKE_CURRENT_SOURCE_DIR}/data/realptx/*.ptx
     ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/*.ptx ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/kernels/*.ptx
     ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/bad_modules/*.ptx)
set(seeds_desc_unpack "")
set(seeds_cumap_decode "")
file(GLOB seeds_scenario ${CMAKE_CURRENT_SOURCE_DIR}/scenarios/*.tce
     ${CMAKE_CURRENT_SOURCE_DIR}/data/bad_scenarios/*.tce)
file(GLOB seeds_corpus ${CMAKE_CURRENT_SOURCE_DIR}/data/malformed/*.txt)
foreach(h ptx_decode ptx_module desc_unpack cumap_decode scenario corpus)
  add_test(NAME fuzz-${h}
           COMMAND ${CMAKE_COMMAND} -DHARNESS=$<TARGET_FILE:fuzz_${h}> -DKIND=${h}
                   -DSEEDS=${seeds_${h}} -DSRC=${CMAKE_SOURCE_DIR}
                   -DWORK=${CMAKE_CURRENT_BINARY_DIR}/fuzz-${h} -DSECONDS=${TCE_FUZZ_SECONDS}
                   -P ${fuzz_dir}/seeds.cmake)
  set_tests_properties(fuzz-${h} PROPERTIES LABELS "fuzz" TIMEOUT 600)
endforeach()
