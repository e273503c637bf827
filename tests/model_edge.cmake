# bridge/tce_model_edge.h's one trigger pass per edge holds only while the models' triggers
# read top-level inputs alone (tests/model_triggers_check.cmake). Both models (tce_vmodel,
# tce_vmodel_lite: Verilator's default output folders) use the header.
if(TARGET tce_bridge AND NOT TCE_SANITIZE)
  set(tce_model_dirs ${CMAKE_BINARY_DIR}/bridge/CMakeFiles/tce_vmodel.dir/Vtce_engine.dir)
  if(TARGET tce_vmodel_lite)
    list(APPEND tce_model_dirs ${CMAKE_BINARY_DIR}/bridge/CMakeFiles/tce_vmodel_lite.dir/Vtce_engine.dir)
  endif()
  string(REPLACE ";" "|" tce_model_dirs "${tce_model_dirs}")
  add_test(NAME model-triggers-inputs COMMAND ${CMAKE_COMMAND} "-DDIRS=${tce_model_dirs}"
           -P ${CMAKE_CURRENT_SOURCE_DIR}/model_triggers_check.cmake)
  set_tests_properties(model-triggers-inputs PROPERTIES LABELS "rtl;nosan")
endif()
