# tce_yosys_latch_check(TEST LOG_TEXT LOG_PATH WHAT): fail test TEST when a Yosys log
# reports a latch: proc_dlatch's "Latch inferred" (a combinational process that does not
# assign a signal on every path; "No latch inferred" is Yosys saying all is well), or a
# latch cell in a `stat` cell list. Not the optimiser's own messages about `$dlatch`: a
# flip-flop that only ever holds its reset value (one a configuration leaves unused, e.g.
# tce_rmw_global's held burst in `lite`) is turned by opt_dff into a latch of its reset and
# then into a constant ("Setting constant ... ($dlatch)"), and no latch is left.
# Used by rtl-synth (cmake/rtl_synth.cmake) and netlist-build (cmake/netlist_build.cmake).
function(tce_yosys_latch_check test text path what)
  set(cell "\n +\\$(dlatch|adlatch|dlatchsr|_DLATCH[A-Z0-9_]*) +[0-9]+")
  if(text MATCHES "Latch inferred")
    string(REGEX MATCH "[^\n]*Latch inferred[^\n]*" l "${text}")
  elseif(text MATCHES "${cell}")
    string(REGEX MATCH "${cell}" l "${text}")
    string(STRIP "${l}" l)
    set(l "latch cells in the netlist: ${l}")
  else()
    return()
  endif()
  message(FATAL_ERROR "${test}: latch in ${what}: ${l} (full log: ${path})")
endfunction()
