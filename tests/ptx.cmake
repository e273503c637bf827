# PTX decoder: replay the ptxas verdict corpus (verdict and cause category must agree on
# >= 99.5% of lines; see docs/ptx.md) and the small extra verdict file made with ptxas.
add_test(NAME ptx-verdicts COMMAND tce ptx --check ${CMAKE_CURRENT_SOURCE_DIR}/data/ptxcorpus/ptxas_verdicts.tsv --show=10)
if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/extra_verdicts.tsv)
  add_test(NAME ptx-extra-verdicts COMMAND tce ptx --check ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/extra_verdicts.tsv --show=10)
endif()
# New variants of corpus lines judged by ptxas (docs/ptx.md), each a floor at the figure it
# reached: the two sets the check order was tuned on (causes 100% and 99.97%), and the unseen
# set made before that work and never tuned on (causes 99.69%; the goal is 99.5%).
add_test(NAME ptx-variant-verdicts-tuned COMMAND tce ptx --check ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/variant_verdicts_tuned.tsv --show=5 --min=99.9)
add_test(NAME ptx-variant-verdicts-heldout COMMAND tce ptx --check ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/variant_verdicts_heldout.tsv --show=5 --min=99.9)
add_test(NAME ptx-variant-verdicts-unseen COMMAND tce ptx --check ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/variant_verdicts_unseen.tsv --show=5 --min=99.6)
# The probes that settled the reporting order (docs/ptx.md, "Rules"), judged by ptxas.
add_test(NAME ptx-order-probes COMMAND tce ptx --check ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/order_probes.tsv --show=10 --min=100)
# mbarrier.*, the tensor-map fences and prefetch.tensormap, judged by ptxas (scripts/ptxas-verdicts.sh).
add_test(NAME ptx-sync-verdicts COMMAND tce ptx --check ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/sync_verdicts.tsv --show=10 --min=100)
if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/scenario.ptx)
  add_test(NAME ptx-decode-file COMMAND tce ptx ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/scenario.ptx)
endif()
# Whole modules as nvcc writes them (tests/data/realptx, and tests/data/ptx/kernels written
# here with nvcc): 0 errors, and the family counts equal those grep finds in the text.
file(GLOB ptx_modules ${CMAKE_CURRENT_SOURCE_DIR}/data/realptx/*.ptx ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/kernels/*.ptx)
foreach(m ${ptx_modules})
  get_filename_component(name ${m} NAME_WE)
  add_test(NAME ptx-module-${name} COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/ptx_module_counts.sh $<TARGET_FILE:tce> ${m})
endforeach()
# Malformed modules: each names the FILE:LINE:COL error it must get.
add_test(NAME ptx-bad-modules COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/ptx_module_errors.sh $<TARGET_FILE:tce> ${CMAKE_CURRENT_SOURCE_DIR}/data/ptx/bad_modules)
