cmake_minimum_required(VERSION 3.20) # IN_LIST, list(POP_BACK)
# CTest waves-gtkw: `tce replay --engine=rtl --wave=FILE.vcd,FROM:TO` writes a VCD of just
# that window, and every signal waves/tce.gtkw names exists in it (an RTL rename would
# otherwise leave the save file showing nothing), and every filter file it attaches exists.
# -DTCE=<tce> -DROOT=<source dir> -DCORPUS=<capture file> -DOUT=<scratch .vcd>
find_program(FST2VCD fst2vcd)
if(NOT FST2VCD)
  message("SKIP: fst2vcd (GTKWave) is not installed; VCD waves need it")
  return() # the test's SKIP_RETURN_CODE is not reachable from -P; a missing tool passes
endif()
file(REMOVE ${OUT})
execute_process(COMMAND ${TCE} replay --engine=rtl --case=0 --wave=${OUT},40:50 ${CORPUS}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT EXISTS ${OUT})
  message(FATAL_ERROR "tce replay --wave failed (exit ${rc}): ${out}${err}")
endif()
# VCD identifiers may hold ';' and '[', which CMake lists cannot carry: awk reduces the
# file to signal paths ("P a.b.c") and time stamps ("T n") first.
execute_process(COMMAND awk "/^[$]scope/{d++; s[d]=$3} /^[$]upscope/{d--} /^[$]var/{p=s[1]; for(i=2;i<=d;i++) p=p \".\" s[i]; print \"P \" p \".\" $5} /^#[0-9]/{print \"T \" substr($0,2)}" ${OUT}
                OUTPUT_FILE ${OUT}.txt RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "awk could not read ${OUT}")
endif()
file(STRINGS ${OUT}.txt have REGEX "^P ")
list(TRANSFORM have REPLACE "^P " "")
file(STRINGS ${OUT}.txt stamps REGEX "^T ")
list(TRANSFORM stamps REPLACE "^T " "")
# two dumps a cycle of the stated 100 MHz clock, in ns: cycles 40..49 are times 400..495.
# (The window lies well inside the case's run, which the engine finishes in about 100
# cycles; 100:110 fell off its end once the tile store got faster.)
list(GET stamps 0 first)
list(GET stamps -1 last)
if(NOT first EQUAL 400 OR NOT last EQUAL 495)
  message(FATAL_ERROR "window 40:50 gave VCD times ${first}..${last}, want 400..495 (ns)")
endif()
file(READ ${OUT} head LIMIT 4000)
if(NOT head MATCHES "[$]timescale[^$]*1 ?ns")
  message(FATAL_ERROR "the VCD's timescale is not 1 ns:\n${head}")
endif()
file(STRINGS ${ROOT}/waves/tce.gtkw save)
set(n 0)
foreach(l IN LISTS save)
  if(l MATCHES "^(tce_engine\\.[^[]+)")
    if(NOT CMAKE_MATCH_1 IN_LIST have)
      message(FATAL_ERROR "waves/tce.gtkw shows ${CMAKE_MATCH_1}, which the engine's waves do not have")
    endif()
    math(EXPR n "${n} + 1")
  elseif(l MATCHES "^\\^[0-9]+ (.+)$")
    if(NOT EXISTS ${ROOT}/${CMAKE_MATCH_1})
      message(FATAL_ERROR "waves/tce.gtkw attaches ${CMAKE_MATCH_1}, which does not exist")
    endif()
  endif()
endforeach()
file(REMOVE ${OUT} ${OUT}.txt)
message(STATUS "waves/tce.gtkw: all ${n} signals are in the engine's waves; window 40:50 is times ${first}..${last} ns")
