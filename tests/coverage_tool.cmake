# `tce cov` on hand-made coverage files (tests/data/coverage/README.md derives the
# figures): the summary and the holes must be the hand-derived ones, --check must fail on
# the module below the goals, and bad input must be an error naming file and line.
# Run as: cmake -DTCE=... -DDATA=tests/data/coverage -DOUT=DIR -P coverage_tool.cmake
file(MAKE_DIRECTORY ${OUT})

function(expect_file got want)
  file(READ ${got} g)
  file(READ ${want} w)
  if(NOT g STREQUAL w)
    message(FATAL_ERROR "${got} differs from ${want}:\n${g}")
  endif()
endfunction()

execute_process(COMMAND ${TCE} cov --waivers=${DATA}/waivers.txt --holes=${OUT}/holes.txt --check
                        ${DATA}/run_a.dat ${DATA}/run_b.dat
                OUTPUT_FILE ${OUT}/summary.txt ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 1 OR NOT err STREQUAL "")
  message(FATAL_ERROR "tce cov --check on a module below the goals: exit ${rc} (want 1): ${err}")
endif()
expect_file(${OUT}/summary.txt ${DATA}/summary.expected)
expect_file(${OUT}/holes.txt ${DATA}/holes.expected)

# Lower goals met by every module: exit 0.
execute_process(COMMAND ${TCE} cov --waivers=${DATA}/waivers.txt --line-goal=75 --toggle-goal=33
                        --check ${DATA}/run_a.dat ${DATA}/run_b.dat
                OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES "2 modules, 2 meet the goals")
  message(FATAL_ERROR "tce cov with goals 75/33: exit ${rc}:\n${out}")
endif()

# Many points (the point table starts small and grows: every point must survive each
# growth): 5,000 line points of one module, every fifth one never hit, so 4,000/5,000.
string(ASCII 1 K) # the separators of a .dat key
string(ASCII 2 V)
set(big "# SystemC::Coverage-3\n")
foreach(i RANGE 1 5000)
  math(EXPR fifth "${i} % 5")
  set(hits 1)
  if(fifth EQUAL 0)
    set(hits 0)
  endif()
  string(APPEND big "C '${K}f${V}/r/big.sv${K}l${V}${i}${K}n${V}3${K}page${V}v_line/tce_big${K}o${V}block${K}h${V}TOP.b' ${hits}\n")
endforeach()
file(WRITE ${OUT}/big.dat "${big}")
execute_process(COMMAND ${TCE} cov --line-goal=0 --toggle-goal=0 ${OUT}/big.dat
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES "\ntce_big +4000/5000 +80\\.0%")
  message(FATAL_ERROR "tce cov on 5,000 points, 4,000 hit: exit ${rc}:\n${out}${err}")
endif()

# A range of bits in one waiver: data[2:1] waives data[1] (a hole) and data[2], and
# leaves valid the one toggle hole (tce_small toggle 1/2, 2 waived); a range over covered
# bits only is stale.
file(WRITE ${OUT}/range.txt "tce_small line small.sv:20 as waivers.txt\n"
                            "tce_small toggle data[2:1] two bits in one line\n")
execute_process(COMMAND ${TCE} cov --waivers=${OUT}/range.txt --holes=${OUT}/rholes.txt
                        ${DATA}/run_a.dat ${DATA}/run_b.dat
                OUTPUT_VARIABLE out RESULT_VARIABLE rc)
file(READ ${OUT}/rholes.txt rholes)
if(NOT rc EQUAL 0 OR NOT out MATCHES "tce_small +3/4 +75.0% +1/2 +50.0% +1 +2\n"
   OR NOT rholes STREQUAL "tce_small line small.sv:10  # block\ntce_small toggle valid\n")
  message(FATAL_ERROR "tce cov with a range waiver: exit ${rc}:\n${out}\nholes:\n${rholes}")
endif()

# Bad input: exit 2 and the cause with its place.
function(expect_error what want)
  execute_process(COMMAND ${TCE} cov ${ARGN} OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "${want}")
    message(FATAL_ERROR "${what}: exit ${rc}, message '${err}' (want 2 and '${want}')")
  endif()
endfunction()
file(WRITE ${OUT}/stale.txt "tce_tiny toggle q[0] it toggles, so this waiver is stale\n")
expect_error("stale waiver" "stale.txt:1: waiver tce_tiny toggle q\\[0\\] matches no uncovered point"
             --waivers=${OUT}/stale.txt ${DATA}/run_a.dat)
file(WRITE ${OUT}/stale_range.txt "tce_small toggle data[0:0] data[0] toggles\n")
expect_error("stale range waiver" "stale_range.txt:1: waiver tce_small toggle data\\[0:0\\] matches no"
             --waivers=${OUT}/stale_range.txt ${DATA}/run_a.dat ${DATA}/run_b.dat)
file(WRITE ${OUT}/noreason.txt "# comment\n\ntce_small toggle valid\n")
expect_error("waiver without reason" "noreason.txt:3: a waiver is MODULE"
             --waivers=${OUT}/noreason.txt ${DATA}/run_a.dat)
file(WRITE ${OUT}/kind.txt "tce_small branch small.sv:12 why\n")
expect_error("unknown kind" "kind.txt:1: kind 'branch'" --waivers=${OUT}/kind.txt ${DATA}/run_a.dat)
file(WRITE ${OUT}/notdat.dat "hello\n")
expect_error("not a .dat" "notdat.dat:1: not a Verilator coverage file" ${OUT}/notdat.dat)
file(WRITE ${OUT}/badline.dat "# SystemC::Coverage-3\nC 'x' 1\nC bogus\n")
expect_error("no page" "badline.dat:2: point without page" ${OUT}/badline.dat)
file(WRITE ${OUT}/badcount.dat "# SystemC::Coverage-3\nC '${K}f${V}a.sv${K}l${V}1${K}page${V}v_line/m' 123456789012345678901\n")
expect_error("count past 2^64" "badcount.dat:2: count '123456789012345678901' is not a number"
             ${OUT}/badcount.dat)
file(WRITE ${OUT}/badpage.dat "# SystemC::Coverage-3\nC '${K}f${V}a.sv${K}l${V}1${K}page${V}v_fsm/m' 1\n")
expect_error("unknown page" "badpage.dat:2: page 'v_fsm/m'" ${OUT}/badpage.dat)
expect_error("directory" "is a directory" ${OUT})
expect_error("no file" "no coverage file given")
expect_error("goal past 100" "--line-goal='101' is out of range" --line-goal=101 ${DATA}/run_a.dat)
