# Fails when a committed generated file differs from what its generator writes now.
# -DGEN=<generator> -DCOMMITTED=<file in the tree> -DFRESH=<scratch path>
# [-DTARGET=<the build target that rewrites it>, default regmap-views]
if(NOT TARGET)
  set(TARGET regmap-views)
endif()
execute_process(COMMAND ${GEN} ${FRESH} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "generator ${GEN} failed (exit ${rc})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${FRESH} ${COMMITTED} RESULT_VARIABLE diff)
if(NOT diff EQUAL 0)
  message(FATAL_ERROR "${COMMITTED} is stale: it differs from what ${GEN} writes from its "
                      "definitions; rebuild the target ${TARGET} and commit the result")
endif()
message(STATUS "${COMMITTED} matches its generator")
