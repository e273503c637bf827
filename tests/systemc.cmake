include_guard(GLOBAL)   # tests/regress.cmake may include it first to link the model into tce
# The SystemC TLM-2.0 model (bridge/systemc/) and its tests (tests/systemc/test_sc_*.c).
# They need both Verilator (the RTL inside) and SystemC (libsystemc-dev); without either each
# test reports SKIPPED (exit 77), never passed. They run Verilated and SystemC code that is
# not built with the sanitizers, hence the label nosan.
find_path(TCE_SYSTEMC_INCLUDE systemc.h PATHS /usr/include $ENV{SYSTEMC_HOME}/include)
find_library(TCE_SYSTEMC_LIB systemc PATHS $ENV{SYSTEMC_HOME}/lib $ENV{SYSTEMC_HOME}/lib-linux64)
file(GLOB TCE_SC_TESTS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/systemc/test_sc_*.c)

set(tce_sc_missing "")
if(NOT TCE_SYSTEMC_INCLUDE OR NOT TCE_SYSTEMC_LIB)
  set(tce_sc_missing "SystemC (libsystemc-dev)")
elseif(TCE_SANITIZE)
  set(tce_sc_missing "a sanitizer build: the verilated model (label nosan)")
elseif(NOT TARGET tce_vmodel)
  set(tce_sc_missing "Verilator")
elseif(NOT TARGET tce_firmware)
  set(tce_sc_missing "the firmware library (command packer)")
endif()

if(tce_sc_missing)
  message(STATUS "systemc: without ${tce_sc_missing}, the SystemC tests report SKIPPED")
  # The tce-level checks below (systemc-replay-*, systemc-run-*) are reported as one.
  foreach(src ${TCE_SC_TESTS} systemc-same-as-rtl)
    get_filename_component(name ${src} NAME_WE)
    add_test(NAME ${name} COMMAND sh -c "echo 'SKIP: ${name}: ${tce_sc_missing} is missing (scripts/install-deps.sh installs the tools)'; exit 77")
    set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77 LABELS "systemc;nosan")
  endforeach()
  return()
endif()

add_subdirectory(${CMAKE_SOURCE_DIR}/bridge/systemc ${CMAKE_BINARY_DIR}/bridge-systemc)
foreach(src ${TCE_SC_TESTS})
  get_filename_component(name ${src} NAME_WE)
  add_executable(${name} ${src})
  target_link_libraries(${name} PRIVATE tce_systemc tce_tools tce_firmware tce_csim m)
  target_compile_definitions(${name} PRIVATE TCE_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
  target_include_directories(${name} PRIVATE ${CMAKE_SOURCE_DIR}/csim ${CMAKE_SOURCE_DIR}/firmware
                             ${CMAKE_SOURCE_DIR}/firmware/driver ${CMAKE_SOURCE_DIR}/tools/tce)
  set_target_properties(${name} PROPERTIES LINKER_LANGUAGE CXX)
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES LABELS "systemc;nosan")
endforeach()

# `tce replay --engine=systemc` and `tce run --backend=systemc` against the rtl engine, in the
# same test run: every hardware-corpus file (all cases: about 2 s per file on both engines
# together, measured in docs/systemc.md) and every scenario of tests/scenarios/ plus the
# built-in one. `tce` links the model when regress.cmake sees tce_systemc (not in a
# sanitizer build, which ended above).
file(GLOB TCE_SC_CORPUS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/data/hwcorpus/*.txt)
file(GLOB TCE_SC_SCENARIOS CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/scenarios/*.tce)
set(tce_sc_same ${CMAKE_CURRENT_LIST_DIR}/systemc/same_as_rtl.cmake)
foreach(f ${TCE_SC_CORPUS})
  get_filename_component(name ${f} NAME_WE)
  add_test(NAME systemc-replay-${name}
           COMMAND ${CMAKE_COMMAND} -DMODE=replay -DTCE=$<TARGET_FILE:tce> -DFILE=${f}
                   -P ${tce_sc_same})
  set_tests_properties(systemc-replay-${name} PROPERTIES LABELS "systemc;nosan")
endforeach()
foreach(f ${TCE_SC_SCENARIOS} builtin)
  get_filename_component(name ${f} NAME_WE)
  set(file_arg ${f})
  if(f STREQUAL "builtin")
    set(file_arg "")
  endif()
  add_test(NAME systemc-run-${name}
           COMMAND ${CMAKE_COMMAND} -DMODE=run -DTCE=$<TARGET_FILE:tce> -DFILE=${file_arg}
                   -P ${tce_sc_same})
  set_tests_properties(systemc-run-${name} PROPERTIES LABELS "systemc;nosan")
endforeach()
# The built-in GEMM scenario with the CUDA driver's own maps (docs/driver_maps.md).
add_test(NAME systemc-run-driver-maps-builtin COMMAND tce run --backend=systemc --driver-maps)
set_tests_properties(systemc-run-driver-maps-builtin PROPERTIES LABELS "systemc;nosan")
# Under injected bus errors (tce regress --bus-errors, random timing), and with a wave
# window written as VCD: the systemc engine behaves as the rtl engine (same_as_rtl.cmake).
# 1000 operations take about 3 s on each engine.
add_test(NAME systemc-bus-errors
         COMMAND ${CMAKE_COMMAND} -DMODE=bus-errors -DTCE=$<TARGET_FILE:tce> -DSEED=11
                 -DCOUNT=1000 -P ${tce_sc_same})
add_test(NAME systemc-wave-window
         COMMAND ${CMAKE_COMMAND} -DMODE=wave -DTCE=$<TARGET_FILE:tce>
                 -DFILE=${CMAKE_CURRENT_LIST_DIR}/data/hwcorpus/tile_load.txt
                 -DOUT_DIR=${CMAKE_BINARY_DIR}/systemc-wave -P ${tce_sc_same})
set_tests_properties(systemc-bus-errors systemc-wave-window PROPERTIES LABELS "systemc;nosan")
