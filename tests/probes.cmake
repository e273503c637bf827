# H100 and H200 captures made with tools/probe beyond the hardware corpus (interleaved
# stores and reduces, reduction op/type pairs, misaligned shared addresses, im2col loads
# through interleaved maps, wider tile/im2col/store/reduce draws, maps the driver refuses,
# .im2col_no_offs stores and reduces with and without interleave, every op on the 32/64-bit
# integer dtypes;
# see tests/data/probes/README.md), replayed on the golden model, which must match every
# case, and on the RTL, which must match every case too.
set(TCE_PROBES ${CMAKE_CURRENT_SOURCE_DIR}/data/probes)
set(TCE_PROBE_FILES ileave_store ileave_reduce reduce_types add_types misalign ileave_im2col
    ileave_im2col_b wide_load wide_store wide_im2col no_offs ileave_no_offs int_types)
foreach(f ${TCE_PROBE_FILES} wide_refused)
  add_test(NAME replay-csim-probe-${f} COMMAND tce replay --engine=csim --quiet
           ${TCE_PROBES}/${f}.txt)
endforeach()
# The H200 campaign's files: every case must run and match (a case the engine skipped or
# could not read would show in the count).
set(TCE_PROBE_COUNT_wide_load 240)
set(TCE_PROBE_COUNT_wide_store 243)
set(TCE_PROBE_COUNT_wide_im2col 228)
set(TCE_PROBE_COUNT_wide_refused 874)
set(TCE_PROBE_COUNT_no_offs 130)
set(TCE_PROBE_COUNT_ileave_no_offs 745)
set(TCE_PROBE_COUNT_int_types 388)
set(TCE_PROBE_COUNTED wide_load wide_store wide_im2col no_offs ileave_no_offs int_types)
foreach(f ${TCE_PROBE_COUNTED} wide_refused)
  set_tests_properties(replay-csim-probe-${f} PROPERTIES
                       PASS_REGULAR_EXPRESSION "(^|\n)${TCE_PROBE_COUNT_${f}} passed, 0 failed\n")
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
  foreach(f ${TCE_PROBE_COUNTED})
    set_tests_properties(replay-rtl-probe-${f} PROPERTIES
                         PASS_REGULAR_EXPRESSION "(^|\n)${TCE_PROBE_COUNT_${f}} passed, 0 failed\n")
  endforeach()
endif()

# tools/probe needs CUDA's cuda.h, which CI lacks: where it is, build the probe and its case
# generator (with -Werror) so they cannot rot between the sessions that have a GPU; elsewhere
# the test says so and is skipped.
set(TCE_CUDA_ROOT /usr/local/cuda CACHE PATH "CUDA toolkit that tools/probe builds against")
add_test(NAME probe-build COMMAND sh -c
         "if [ ! -f '${TCE_CUDA_ROOT}/include/cuda.h' ]; then echo 'no ${TCE_CUDA_ROOT}/include/cuda.h: tools/probe not built'; exit 77; fi; mkdir -p '${CMAKE_CURRENT_BINARY_DIR}/probe' && make -s -B -C '${CMAKE_CURRENT_BINARY_DIR}/probe' -f '${CMAKE_SOURCE_DIR}/tools/probe/Makefile' VPATH='${CMAKE_SOURCE_DIR}/tools/probe' CUDA='${TCE_CUDA_ROOT}'")
set_tests_properties(probe-build PROPERTIES SKIP_RETURN_CODE 77)
