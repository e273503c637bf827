# A unit test's planted violation (CTest test_rtl_reduce-planted): PROG ARG must stop on the
# unit's assertion, by the rtl-assert tests' rule (tests/rtl_assert/expect_stop.cmake).
# -DPROG=<test binary> -DARG=<its planted-case option> -DWANT=<the assertion's message, a regex>
include(${CMAKE_CURRENT_LIST_DIR}/../rtl_assert/expect_stop.cmake)
expect_stop("${PROG} ${ARG}" "${WANT}" ${PROG} ${ARG})
