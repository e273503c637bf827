# The simulation-only clock gating of the bridge's models (rtl/tce_engine.sv, TCE_SIM_GATE;
# docs/sim_speed.md, "Idle units off the clock") must not change a result or a cycle: every
# run below goes once with TCE_SIM_GATE=0 (every unit clocked every cycle) and once gated,
# and their outputs (each operation's status, the engines' cycle counts, the scenario
# checks) must be equal and passing. A bulk-only scenario's waves show the gating happened.
if(TARGET tce_bridge AND NOT TCE_SANITIZE)
  set(tce_gate_runs
      "regress --seed 5 --count 3000 --engines=csim,rtl --timing=random --bus-errors --verbose"
      "regress --seed 21 --count 1500 --engines=csim,rtl --timing=random --wide --verbose"
      "regress --seed 13 --count 1500 --engines=csim,rtl --timing=random --queue=1 --verbose"
      "run --backend=rtl ${CMAKE_CURRENT_SOURCE_DIR}/scenarios/red_and_reduce.tce"
      "run --backend=rtl ${CMAKE_CURRENT_SOURCE_DIR}/scenarios/mission.tce")
  if(TARGET tce_systemc)
    # The SystemC model clocks the same Verilated engine through bridge/tce_model_edge.h.
    list(APPEND tce_gate_runs
         "regress --seed 7 --count 1000 --engines=csim,systemc --timing=random --verbose")
  endif()
  # '|' between the runs: a ';' would split the argument on its way through CTest.
  string(REPLACE ";" "|" tce_gate_runs "${tce_gate_runs}")
  add_test(NAME sim-gate-same COMMAND ${CMAKE_COMMAND} -DTCE=$<TARGET_FILE:tce>
           "-DRUNS=${tce_gate_runs}"
           -DBULK=${CMAKE_CURRENT_SOURCE_DIR}/scenarios/bulk_groups.tce
           -DOUT=${CMAKE_BINARY_DIR}/sim-gate
           -P ${CMAKE_CURRENT_SOURCE_DIR}/sim_gate_check.cmake)
  set_tests_properties(sim-gate-same PROPERTIES LABELS "rtl;nosan")

  # bridge/tce_model_edge.h's one trigger pass per edge holds only while the models'
  # triggers read top-level inputs alone (tests/sim_gate_triggers.cmake). Both models
  # (tce_vmodel, tce_vmodel_lite: Verilator's default output folders) use the header.
  set(tce_model_dirs ${CMAKE_BINARY_DIR}/bridge/CMakeFiles/tce_vmodel.dir/Vtce_engine.dir)
  if(TARGET tce_vmodel_lite)
    list(APPEND tce_model_dirs ${CMAKE_BINARY_DIR}/bridge/CMakeFiles/tce_vmodel_lite.dir/Vtce_engine.dir)
  endif()
  string(REPLACE ";" "|" tce_model_dirs "${tce_model_dirs}")
  add_test(NAME model-triggers-inputs COMMAND ${CMAKE_COMMAND} "-DDIRS=${tce_model_dirs}"
           -P ${CMAKE_CURRENT_SOURCE_DIR}/sim_gate_triggers.cmake)
  set_tests_properties(model-triggers-inputs PROPERTIES LABELS "rtl;nosan")
endif()
