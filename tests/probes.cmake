# H100 captures made with tools/probe where the hardware corpus is silent (interleaved
# stores and reduces, reduction op/type pairs, misaligned shared addresses, im2col loads
# through interleaved maps; see tests/data/probes/README.md), replayed on the golden model,
# which must match every case, and on the RTL, which must match every case too.
set(TCE_PROBES ${CMAKE_CURRENT_SOURCE_DIR}/data/probes)
set(TCE_PROBE_FILES ileave_store ileave_reduce reduce_types add_types misalign ileave_im2col
    ileave_im2col_b)
foreach(f ${TCE_PROBE_FILES})
  add_test(NAME replay-csim-probe-${f} COMMAND tce replay --engine=csim --quiet
           ${TCE_PROBES}/${f}.txt)
endforeach()
if(TCE_REGRESS_RTL)
  foreach(f ${TCE_PROBE_FILES})
    add_test(NAME replay-rtl-probe-${f} COMMAND tce replay --engine=rtl --quiet
             ${TCE_PROBES}/${f}.txt)
    set_tests_properties(replay-rtl-probe-${f} PROPERTIES LABELS "rtl;nosan")
  endforeach()
  # The RTL implements every operation of these files (im2col through interleaved maps
  # included): none may be skipped. replay prints "N not supported" / "N skipped" only
  # when N > 0, so an operation falling back to UNSUPPORTED fails the test.
  foreach(f ${TCE_PROBE_FILES})
    set_tests_properties(replay-rtl-probe-${f} PROPERTIES
                         FAIL_REGULAR_EXPRESSION "not supported|skipped")
  endforeach()
  # im2col through interleaved maps: every capture (347 + 357) must match.
  set_tests_properties(replay-rtl-probe-ileave_im2col PROPERTIES
                       PASS_REGULAR_EXPRESSION "(^|\n)347 passed, 0 failed\n")
  set_tests_properties(replay-rtl-probe-ileave_im2col_b PROPERTIES
                       PASS_REGULAR_EXPRESSION "(^|\n)357 passed, 0 failed\n")
endif()
