# tce_yosys_latch_check(TEST LOG_TEXT LOG_PATH WHAT): fail test TEST when a Yosys log
# reports a latch. "No latch inferred" is Yosys saying all is well; these are the real
# latch reports. Used by rtl-synth (cmake/rtl_synth.cmake) and netlist-build
# (cmake/netlist_build.cmake).
function(tce_yosys_latch_check test text path what)
  if(text MATCHES "Latch inferred" OR text MATCHES "\\$_DLATCH" OR text MATCHES "\\$dlatch")
    string(REGEX MATCH "[^\n]*(Latch inferred|DLATCH|dlatch)[^\n]*" l "${text}")
    message(FATAL_ERROR "${test}: latch in ${what}: ${l} (full log: ${path})")
  endif()
endfunction()
