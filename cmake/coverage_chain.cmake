# Verilator counts every taken arm of a check chain under the coverage build's options: the
# chain module (tests/data/coverage/chain.sv) Verilated with FLAGS and driven through each arm
# (bridge/coverage_chain_main.cpp) must have all its line points covered in `tce cov`.
# Without -fno-split, Verilator 5.006 reads 0 for the second and third arms.
# Run as: cmake -DVERILATOR=... -DFLAGS="..." -DTCE=... -DSRC=repo -DOUT=DIR -P coverage_chain.cmake
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})
separate_arguments(flags UNIX_COMMAND "${FLAGS}")
execute_process(COMMAND ${VERILATOR} --cc --exe --build ${flags} -Wno-fatal --top-module tce_cov_chain
                        -Mdir ${OUT}/obj -o chain ${SRC}/tests/data/coverage/chain.sv
                        ${SRC}/bridge/coverage_chain_main.cpp
                RESULT_VARIABLE rc OUTPUT_VARIABLE log ERROR_VARIABLE log)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "verilator ${FLAGS}: exit ${rc}\n${log}")
endif()
execute_process(COMMAND ${OUT}/obj/chain ${OUT}/chain.dat RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the chain model: exit ${rc}: ${err}")
endif()
execute_process(COMMAND ${TCE} cov --holes=${OUT}/holes.txt ${OUT}/chain.dat
                OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES "tce_cov_chain +([0-9]+)/([0-9]+) +100.0%")
  file(READ ${OUT}/holes.txt holes)
  message(FATAL_ERROR "taken arms counted as not taken (options ${FLAGS}):\n${out}\n${holes}")
endif()
message(STATUS "every arm counted: ${CMAKE_MATCH_1}/${CMAKE_MATCH_2} line points")
