# Checks of the RTL units built on their own (rtl/reduce/ so far): Verilator lint, Yosys
# synthesis, and the C tests of tests/rtl_units/ that drive the Verilated unit through
# bridge/units/ and compare it with the golden model. Without a tool its checks report
# SKIPPED (exit 77), never passed; scripts/install-deps.sh installs the tools.
find_program(TCE_UNITS_VERILATOR verilator)
find_program(TCE_UNITS_YOSYS yosys)

function(tce_rtl_unit_check name tool script)
  if(tool)
    add_test(NAME ${name} COMMAND ${CMAKE_COMMAND} -DTCE_ROOT=${CMAKE_SOURCE_DIR}
             -DLOG=${CMAKE_BINARY_DIR}/${name}.log -P ${CMAKE_SOURCE_DIR}/cmake/${script})
  else()
    add_test(NAME ${name} COMMAND sh -c "echo 'SKIP: ${name}: ${ARGN} is not installed (run scripts/install-deps.sh)'; exit 77")
  endif()
  set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77 LABELS "rtl")
endfunction()

tce_rtl_unit_check(rtl-lint-reduce "${TCE_UNITS_VERILATOR}" rtl_units_lint.cmake verilator)
tce_rtl_unit_check(rtl-synth-reduce "${TCE_UNITS_YOSYS}" rtl_units_synth.cmake yosys)
if(TCE_UNITS_YOSYS)
  add_test(NAME rtl-xc7-loops-reduce COMMAND ${CMAKE_COMMAND} -DTCE_ROOT=${CMAKE_SOURCE_DIR}
           -DTCE=$<TARGET_FILE:tce> -DLOG=${CMAKE_BINARY_DIR}/rtl-xc7-loops-reduce.log
           -P ${CMAKE_SOURCE_DIR}/cmake/rtl_units_xc7_levels.cmake)
else()
  add_test(NAME rtl-xc7-loops-reduce COMMAND sh -c "echo 'SKIP: rtl-xc7-loops-reduce: yosys is not installed (run scripts/install-deps.sh)'; exit 77")
endif()
set_tests_properties(rtl-xc7-loops-reduce PROPERTIES SKIP_RETURN_CODE 77 LABELS "rtl")

# The Verilated unit against the golden model. Verilated C++ is not built with the
# sanitizers, so a sanitizer build leaves it out and the test carries the label nosan.
if(TCE_UNITS_VERILATOR AND NOT TCE_SANITIZE)
  enable_language(CXX)
  find_package(verilator REQUIRED HINTS $ENV{VERILATOR_ROOT})
  add_subdirectory(${CMAKE_SOURCE_DIR}/bridge/units ${CMAKE_BINARY_DIR}/bridge_units)
  add_executable(test_rtl_reduce ${CMAKE_CURRENT_SOURCE_DIR}/rtl_units/test_rtl_reduce.c)
  target_link_libraries(test_rtl_reduce PRIVATE tce_redu tce_tools)
  # Verilated code is C++: link with the C++ driver.
  set_target_properties(test_rtl_reduce PROPERTIES LINKER_LANGUAGE CXX)
  add_test(NAME test_rtl_reduce COMMAND test_rtl_reduce ${CMAKE_CURRENT_SOURCE_DIR}/data/hwcorpus/bulk_reduce.txt
           ${CMAKE_CURRENT_SOURCE_DIR}/data/hwcorpus/red.txt)
  set_tests_properties(test_rtl_reduce PROPERTIES LABELS "rtl;nosan" TIMEOUT 300)
  # The unit's type contract planted broken (a type change with no notice): it must stop on
  # its assertion, with that message.
  add_test(NAME test_rtl_reduce-planted COMMAND ${CMAKE_COMMAND} -DPROG=$<TARGET_FILE:test_rtl_reduce>
           -DARG=--planted-type-change
           "-DWANT=tce_red_unit: a beat offered in the cycle its type changed \\(008, was 004\\)"
           -P ${CMAKE_CURRENT_SOURCE_DIR}/rtl_units/planted_stop.cmake)
  set_tests_properties(test_rtl_reduce-planted PROPERTIES LABELS "rtl;nosan" TIMEOUT 60)

  # The other units alone against the golden model's pieces (docs/rtl.md, "Unit tests").
  # UNIT:LIBRARIES... (the tile check takes the tools' regress generators and field names).
  foreach(t IN ITEMS row_walk:tce_roww desc_fetch:tce_descf tile_check:tce_tchk:tce_tools
                     im2col_check:tce_i2cc:tce_tools rmw_global:tce_rmwg)
    string(REPLACE ":" ";" libs "${t}")
    list(POP_FRONT libs unit)
    add_executable(test_rtl_${unit} ${CMAKE_CURRENT_SOURCE_DIR}/rtl_units/test_rtl_${unit}.c)
    target_link_libraries(test_rtl_${unit} PRIVATE ${libs})
    set_target_properties(test_rtl_${unit} PROPERTIES LINKER_LANGUAGE CXX)
    add_test(NAME test_rtl_${unit} COMMAND test_rtl_${unit})
    set_tests_properties(test_rtl_${unit} PROPERTIES LABELS "rtl;nosan" TIMEOUT 300)
  endforeach()

  # The same test on the gates Yosys makes of the unit (cmake/rtl_units_netlist_sim.cmake).
  # Opt-in: building the netlist model takes minutes.
  option(TCE_NETLIST_SIM "Also run test_rtl_reduce on the Yosys netlist of the reduction unit (slow)" OFF)
  if(TCE_NETLIST_SIM AND TCE_UNITS_YOSYS)
    set(_tce_libs $<TARGET_FILE:tce_tools>)
    if(TARGET tce_firmware)
      list(APPEND _tce_libs $<TARGET_FILE:tce_firmware>)
    endif()
    list(APPEND _tce_libs $<TARGET_FILE:tce_csim>)
    add_test(NAME rtl-netlist-reduce COMMAND ${CMAKE_COMMAND} -DTCE_ROOT=${CMAKE_SOURCE_DIR}
             -DWORK=${CMAKE_BINARY_DIR}/rtl-netlist-reduce -DCC=${CMAKE_C_COMPILER}
             -DCXX=${CMAKE_CXX_COMPILER} "-DLIBS=${_tce_libs}"
             "-DARGS=${CMAKE_CURRENT_SOURCE_DIR}/data/hwcorpus/bulk_reduce.txt;${CMAKE_CURRENT_SOURCE_DIR}/data/hwcorpus/red.txt"
             -P ${CMAKE_SOURCE_DIR}/cmake/rtl_units_netlist_sim.cmake)
    set_tests_properties(rtl-netlist-reduce PROPERTIES LABELS "rtl;nosan;slow" TIMEOUT 1500)
  endif()
elseif(NOT TCE_UNITS_VERILATOR)
  foreach(t IN ITEMS reduce row_walk desc_fetch tile_check im2col_check rmw_global)
    add_test(NAME test_rtl_${t} COMMAND sh -c "echo 'SKIP: test_rtl_${t}: verilator is not installed (run scripts/install-deps.sh)'; exit 77")
    set_tests_properties(test_rtl_${t} PROPERTIES SKIP_RETURN_CODE 77 LABELS "rtl;nosan")
  endforeach()
endif()
