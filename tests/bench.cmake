# tce bench: the engine's simulated cycle figures (deterministic for a given RTL) must be
# exactly the ones recorded in bench_figures.txt, so a change that makes the engine slower
# (or faster) shows here and the record and docs/bench.md are updated with it. The bench
# also compares every shared-memory byte with the golden model.
if(TCE_REGRESS_RTL)
  add_test(NAME bench-perf COMMAND ${CMAKE_COMMAND} -DTCE=$<TARGET_FILE:tce>
           -DFIGURES=${CMAKE_CURRENT_SOURCE_DIR}/bench_figures.txt
           -P ${CMAKE_CURRENT_SOURCE_DIR}/bench_check.cmake)
  set_tests_properties(bench-perf PROPERTIES LABELS "rtl;nosan")
endif()
