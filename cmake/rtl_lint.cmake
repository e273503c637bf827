cmake_minimum_required(VERSION 3.20)
# CTest rtl-lint: Verilator lint of the whole design with every warning enabled. Zero
# warnings is the bar; a waiver in the RTL must carry a comment saying why.
# -DTCE_ROOT=<repo> -DTOP=<top module>. tests/rtl.cmake skips the test when verilator is absent.
find_program(VERILATOR verilator)
if(NOT VERILATOR)
  message(FATAL_ERROR "verilator is not installed (scripts/install-deps.sh installs it)")
endif()
include(${TCE_ROOT}/cmake/rtl_sources.cmake)
# A design file missing from the lists would be linted, simulated and synthesised by none.
file(GLOB_RECURSE on_disk ${TCE_ROOT}/rtl/*.sv)
foreach(f IN LISTS on_disk)
  if(NOT f MATCHES "/rtl/fpga/tb/" AND NOT f IN_LIST TCE_RTL_SOURCES AND NOT f IN_LIST TCE_FPGA_SOURCES
     AND NOT f IN_LIST TCE_ASSERT_SOURCES)
    message(FATAL_ERROR "rtl-lint: ${f} is in no source list (rtl/sources.f, rtl/fpga/sources.f, "
                        "rtl/assert/sources.f)")
  endif()
endforeach()
# Every width with all features, and `tce synth`'s `small` and `lite` exactly as it builds
# them (tools/tce/cmd_synth.c: two CTAs, whose CTA indices are narrower than 4 bits; `lite`
# without reductions, multimem, im2col or gather4, 4 load slots, 32-bit tensor addresses,
# generate branches the others never elaborate). The two configurations the bridge
# Verilates (DATA_W=256 full and lite) are among them. No define: the design has no simulation-only code, so this is the RTL Yosys
# builds. Those two are linted again as the bridge Verilates them, with the assertions
# (`+assert`: TCE_ASSERT_ARGS and rtl/assert/).
set(lite "-GHAS_REDUCE=0 -GHAS_IM2COL=0 -GHAS_GATHER=0 -GHAS_MULTIMEM=0 -GLOAD_SLOTS=4 -GNRD=4 -GGADDR_W=32")
set(synth2 "-GDATA_W=128 -GNUM_CTAS=2 -GSMEM_BYTES=16384")
set(configs "-GDATA_W=128" "-GDATA_W=256" "-GDATA_W=512" "${synth2}" "${synth2} ${lite}"
    "-GDATA_W=256 ${lite}" "-GDATA_W=256 +assert" "-GDATA_W=256 ${lite} +assert")
foreach(cfg IN LISTS configs)
  separate_arguments(gargs UNIX_COMMAND "${cfg}")
  set(srcs ${TCE_RTL_SOURCES})
  if("+assert" IN_LIST gargs)
    list(REMOVE_ITEM gargs "+assert")
    list(APPEND gargs ${TCE_ASSERT_ARGS})
    list(APPEND srcs ${TCE_ASSERT_SOURCES})
  endif()
  execute_process(COMMAND ${VERILATOR} --lint-only -Wall ${gargs} --top-module ${TOP} ${srcs}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR err MATCHES "%Warning" OR out MATCHES "%Warning")
    message("${out}${err}")
    message(FATAL_ERROR "rtl-lint: verilator -Wall reports problems with ${cfg} (exit ${rc})")
  endif()
  message("rtl-lint: ${cfg}: verilator --lint-only -Wall clean")
endforeach()
