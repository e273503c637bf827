cmake_minimum_required(VERSION 3.20)
# CTest sim-gate-same (tests/sim_gate.cmake): each of RUNS (tce arguments, a list) gated and
# with TCE_SIM_GATE=0 must exit 0 and print the same; then the waves of BULK (a scenario of
# bulk copies only) must show the tile loader's clock held low gated, and rising with clk
# ungated, so the equality above is between two different simulations.
# -DTCE=<tce> -DRUNS=<runs separated by '|'> -DBULK=<scenario> -DOUT=<scratch dir>
file(MAKE_DIRECTORY ${OUT})
string(REPLACE "|" ";" RUNS "${RUNS}")
function(tce_run_mode gate args outvar)
  separate_arguments(argv UNIX_COMMAND "${args}")
  execute_process(COMMAND ${CMAKE_COMMAND} -E env TCE_SIM_GATE=${gate} ${TCE} ${argv}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "TCE_SIM_GATE=${gate} tce ${args}: exit ${rc}\n${out}${err}")
  endif()
  set(${outvar} "${out}" PARENT_SCOPE)
endfunction()

foreach(run IN LISTS RUNS)
  tce_run_mode(0 "${run}" plain)
  tce_run_mode(1 "${run}" gated)
  if(NOT plain STREQUAL gated)
    file(WRITE ${OUT}/plain.txt "${plain}")
    file(WRITE ${OUT}/gated.txt "${gated}")
    message(FATAL_ERROR "tce ${run}: the gated run differs from TCE_SIM_GATE=0 "
                        "(outputs in ${OUT}/plain.txt and ${OUT}/gated.txt)")
  endif()
  string(REGEX MATCH "[^\n]*\n?$" last "${gated}")
  string(STRIP "${last}" last)
  message(STATUS "same gated and ungated: tce ${run}: ${last}")
endforeach()

# Rising edges of the top-level clk and sim_gclk_tl in a VCD of the bulk scenario.
find_program(FST2VCD fst2vcd)
if(NOT FST2VCD)
  message(STATUS "fst2vcd (GTKWave) is not installed: the waves check is skipped")
  return()
endif()
foreach(gate 0 1)
  set(vcd ${OUT}/bulk_${gate}.vcd)
  file(REMOVE ${vcd})
  tce_run_mode(${gate} "run --backend=rtl ${BULK} --wave=${vcd}" out)
  # The first scope's identifiers of clk and sim_gclk_tl, then their lines "1<id>".
  execute_process(COMMAND awk "/^[$]var/ && $5==\"clk\" && !c {c=$4} /^[$]var/ && $5==\"sim_gclk_tl\" && !g {g=$4} c!=\"\" && $0==\"1\" c {nc++} g!=\"\" && $0==\"1\" g {ng++} END {print nc+0, ng+0}" ${vcd}
                  OUTPUT_VARIABLE counts RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT counts MATCHES "^([0-9]+) ([0-9]+)")
    message(FATAL_ERROR "could not read the clocks in ${vcd}")
  endif()
  set(clk_${gate} ${CMAKE_MATCH_1})
  set(tl_${gate} ${CMAKE_MATCH_2})
endforeach()
if(clk_0 LESS 100 OR NOT clk_1 EQUAL clk_0 OR NOT tl_0 EQUAL clk_0 OR NOT tl_1 EQUAL 0)
  message(FATAL_ERROR "bulk scenario: clk rose ${clk_0} / ${clk_1} times, the tile loader's clock "
                      "${tl_0} / ${tl_1} (ungated / gated): want it with every clk ungated and "
                      "never gated (no tile load runs)")
endif()
message(STATUS "bulk scenario: the tile loader's clock rose ${tl_1} of ${clk_1} cycles gated, "
               "${tl_0} ungated")
