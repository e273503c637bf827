# PTX decoder: replay the ptxas verdict corpus (verdict and cause category must agree on
# >= 99.5% of lines; see docs/ptx.md) and the small extra verdict file made with ptxas.
add_test(NAME ptx-verdicts COMMAND tce ptx --check ${CMAKE_CURRENT_SOURCE_DIR}/data/ptxcorpus/ptxas_verdicts.tsv --show=10)
if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/extra_verdicts.tsv)
  add_test(NAME ptx-extra-verdicts COMMAND tce ptx --check ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/extra_verdicts.tsv --show=10)
endif()
if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/scenario.ptx)
  add_test(NAME ptx-decode-file COMMAND tce ptx ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/scenario.ptx)
endif()
