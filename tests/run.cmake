# Tests of the driver, the register-level model and `tce run` (included from
# tests/CMakeLists.txt). The same file is also a `cmake -P` script for the two checks
# that need one (MODE=freestanding, MODE=bad_scenario).

if(CMAKE_SCRIPT_MODE_FILE)
  if(MODE STREQUAL "freestanding")
    # The driver must build for a soft CPU: no hosted library. Its sources, and the golden
    # model's sources it runs (cmake/firmware_csim_sources.cmake), compile freestanding;
    # nothing may be undefined but the project's own tce_* symbols, and each of those must
    # be defined by one of these objects (so the set links on its own).
    set(TCE_ROOT ${SRC_DIR})
    include(${SRC_DIR}/cmake/firmware_csim_sources.cmake)
    file(GLOB srcs ${SRC_DIR}/firmware/driver/*.c)
    list(APPEND srcs ${TCE_FIRMWARE_CSIM_SOURCES})
    set(needed "")
    set(defined "")
    foreach(src ${srcs})
      get_filename_component(stem ${src} NAME_WE)
      set(obj ${OUT_DIR}/${stem}.o)
      execute_process(COMMAND ${CC} -std=c11 -O2 -ffreestanding -nostdlib -c -Wall -Wextra -Werror
                              -I${SRC_DIR}/csim -I${SRC_DIR}/firmware ${src} -o ${obj}
                      RESULT_VARIABLE rc ERROR_VARIABLE err)
      if(NOT rc EQUAL 0)
        message(FATAL_ERROR "freestanding compile of ${src} failed:\n${err}")
      endif()
      execute_process(COMMAND ${NM} -u ${obj} OUTPUT_VARIABLE undef)
      string(REGEX MATCHALL "[A-Za-z_][A-Za-z0-9_]*" names "${undef}")
      foreach(n ${names})
        if(NOT n MATCHES "^tce_" AND NOT n STREQUAL "U")
          message(FATAL_ERROR "${src} needs '${n}' from a hosted library")
        endif()
        if(n MATCHES "^tce_")
          list(APPEND needed ${n})
        endif()
      endforeach()
      execute_process(COMMAND ${NM} --defined-only ${obj} OUTPUT_VARIABLE defs)
      string(REGEX MATCHALL " [TDRB] [A-Za-z_][A-Za-z0-9_]*" pairs "${defs}")
      foreach(p ${pairs})
        string(REGEX REPLACE "^ [TDRB] " "" p "${p}")
        list(APPEND defined ${p})
      endforeach()
    endforeach()
    list(REMOVE_DUPLICATES needed)
    foreach(n ${needed})
      list(FIND defined ${n} at)   # (IN_LIST needs a policy this script mode lacks)
      if(at EQUAL -1)
        message(FATAL_ERROR "'${n}' is used by the freestanding firmware but defined by none "
                            "of its sources (add its file to cmake/firmware_csim_sources.cmake)")
      endif()
    endforeach()
    list(LENGTH srcs count)
    message(STATUS "${count} firmware sources compile freestanding and link among themselves")
  elseif(MODE STREQUAL "bad_scenario")
    # The first line says what the runner must report: `# expect: LINE: text`.
    file(STRINGS ${FILE} first LIMIT_COUNT 1)
    if(NOT first MATCHES "^# expect: ([0-9]+): (.*)$")
      message(FATAL_ERROR "${FILE}: first line must be '# expect: LINE: text'")
    endif()
    set(line ${CMAKE_MATCH_1})
    set(text "${CMAKE_MATCH_2}")
    execute_process(COMMAND ${TCE} run ${FILE} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(rc EQUAL 0)
      message(FATAL_ERROR "${FILE}: tce run accepted a broken scenario:\n${out}")
    endif()
    string(FIND "${err}" "${FILE}:${line}: " at)
    string(FIND "${err}" "${text}" at_text)
    if(at EQUAL -1 OR at_text EQUAL -1)
      message(FATAL_ERROR "${FILE}: expected '${FILE}:${line}: ...${text}...', got:\n${err}")
    endif()
  elseif(MODE STREQUAL "rtl_refused")
    # An operation the RTL does not implement is named, and the run is never a pass
    # (exit 3); a tce without Verilator refuses the backend by name (exit 2).
    execute_process(COMMAND ${TCE} run --backend=rtl ${FILE} RESULT_VARIABLE rc
                    OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL ${RC} OR NOT err MATCHES "${TEXT}")
      message(FATAL_ERROR "tce run --backend=rtl ${FILE}: expected exit ${RC} and '${TEXT}', "
                          "got exit ${rc}:\n${out}${err}")
    endif()
  else()
    message(FATAL_ERROR "run.cmake: unknown MODE '${MODE}'")
  endif()
  return()
endif()

# The netlist engine lives in build/tce-netlist only (bridge/netlist.cmake); the plain tce
# names where it is, through both ways in (tce run's backend, the engine registry).
add_test(NAME netlist-absent-run
         COMMAND tce run --backend=netlist ${CMAKE_CURRENT_SOURCE_DIR}/scenarios/bulk_groups.tce)
add_test(NAME netlist-absent-replay
         COMMAND tce replay --engine=netlist ${CMAKE_CURRENT_SOURCE_DIR}/data/hwcorpus/red.txt)
set_tests_properties(netlist-absent-run netlist-absent-replay PROPERTIES
                     PASS_REGULAR_EXPRESSION "is not in this binary: build/tce has rtl, build/tce-netlist")

foreach(t test_regmodel_docs test_scenario test_map_cmd)
  target_compile_definitions(${t} PRIVATE TCE_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
endforeach()

add_test(NAME driver-freestanding
         COMMAND ${CMAKE_COMMAND} -DMODE=freestanding -DCC=${CMAKE_C_COMPILER} -DNM=${CMAKE_NM}
                 -DSRC_DIR=${CMAKE_SOURCE_DIR} -DOUT_DIR=${CMAKE_CURRENT_BINARY_DIR}
                 -P ${CMAKE_CURRENT_LIST_FILE})

# Every example scenario passes: engine memories equal the golden model's.
file(GLOB TCE_SCENARIOS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/scenarios/*.tce)
foreach(f ${TCE_SCENARIOS})
  get_filename_component(name ${f} NAME_WE)
  add_test(NAME run-${name} COMMAND tce run ${f})
endforeach()
# A copy and a thread's arrive that end in the same state in either order run, whether or
# not the engine's model has run the copy (a race is refused only when the orders differ).
add_test(NAME run-race-free-copy-then-expect-tx
         COMMAND tce run ${CMAKE_CURRENT_SOURCE_DIR}/data/race_free/copy_then_expect_tx.tce)
add_test(NAME run-builtin COMMAND tce run)
# The main job with every map as the CUDA driver's 128 bytes (docs/driver_maps.md).
add_test(NAME run-driver-maps-builtin COMMAND tce run --driver-maps)
# The hardware corpus through driver-format maps on the register-level engine: the
# firmware converts each map (the engine refuses any other format).
add_test(NAME replay-regmodel-driver-maps
         COMMAND tce replay --engine=regmodel --driver-maps --quiet
                 ${CMAKE_CURRENT_SOURCE_DIR}/data/hwcorpus/tile_load.txt
                 ${CMAKE_CURRENT_SOURCE_DIR}/data/hwcorpus/tile_store.txt
                 ${CMAKE_CURRENT_SOURCE_DIR}/data/hwcorpus/tile_reduce.txt
                 ${CMAKE_CURRENT_SOURCE_DIR}/data/hwcorpus/im2col_load.txt)

# Broken scenarios are reported as FILE:LINE: cause.
file(GLOB TCE_BAD_SCENARIOS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/data/bad_scenarios/*.tce)
foreach(f ${TCE_BAD_SCENARIOS})
  get_filename_component(name ${f} NAME_WE)
  add_test(NAME run-bad-${name}
           COMMAND ${CMAKE_COMMAND} -DMODE=bad_scenario -DTCE=$<TARGET_FILE:tce> -DFILE=${f}
                   -P ${CMAKE_CURRENT_LIST_FILE})
endforeach()

# The same scenarios with the same checks on the Verilated RTL (tce run --backend=rtl),
# where this tce links the bridge (as in regress.cmake; the sanitizer build does not).
# Every scenario, and the built-in main job, must pass there: the RTL now runs each
# instruction they use (multicast tile loads with 128B swizzle, im2col, reduce-add).
if(TARGET tce_bridge AND NOT TCE_SANITIZE)
  foreach(name bulk_groups tensormap_replace red_and_reduce mission driver_maps window_gaps
               window_order)
    add_test(NAME run-rtl-${name}
             COMMAND tce run --backend=rtl ${CMAKE_CURRENT_SOURCE_DIR}/scenarios/${name}.tce)
    set_tests_properties(run-rtl-${name} PROPERTIES LABELS "rtl;nosan")
  endforeach()
  add_test(NAME run-rtl-builtin COMMAND tce run --backend=rtl)
  set_tests_properties(run-rtl-builtin PROPERTIES LABELS "rtl;nosan")
  # The built-in GEMM pattern with the CUDA driver's maps, converted by the firmware.
  add_test(NAME run-rtl-driver-maps-builtin COMMAND tce run --backend=rtl --driver-maps)
  set_tests_properties(run-rtl-driver-maps-builtin PROPERTIES LABELS "rtl;nosan")
  # Every tile and im2col case of the corpus through driver maps on the RTL (about 7 s).
  set(hw ${CMAKE_CURRENT_SOURCE_DIR}/data/hwcorpus)
  add_test(NAME replay-rtl-driver-maps
           COMMAND tce replay --engine=rtl --driver-maps --quiet ${hw}/tile_load.txt
                   ${hw}/ileave_load.txt ${hw}/tile_store.txt ${hw}/tile_reduce.txt
                   ${hw}/im2col_load.txt)
  set_tests_properties(replay-rtl-driver-maps PROPERTIES LABELS "rtl;nosan")
else()
  add_test(NAME run-rtl-absent
           COMMAND ${CMAKE_COMMAND} -DMODE=rtl_refused -DTCE=$<TARGET_FILE:tce> -DRC=2
                   "-DTEXT=built without Verilator"
                   -DFILE=${CMAKE_CURRENT_SOURCE_DIR}/scenarios/bulk_groups.tce
                   -P ${CMAKE_CURRENT_LIST_FILE})
endif()
