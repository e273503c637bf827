# Bad input that is not a scenario or corpus file of its own (tests/CMakeLists.txt adds
# one CTest per CASE): a directory or a file with CR-only line ends given as input,
# several PTX files on one command line, PTX immediates past 64 bits, and numeric options
# that are not numbers or are out of range, what the fuzz harnesses found, and verdict-file lines
# that do not fit. Each must end with its named error (or, for
# several files, read them all), never a pass with nothing checked.
# -DTCE=<tce> -DCASE=<name> -DDIR=<scratch dir> -DSRC=<source dir>
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})

# run(want_rc "text" args...): the command exits want_rc and its output holds text.
function(run want_rc text)
  execute_process(COMMAND ${TCE} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  string(FIND "${out}${err}" "${text}" at)
  if(NOT rc STREQUAL "${want_rc}" OR at EQUAL -1)
    message(FATAL_ERROR "tce ${ARGN}: expected exit ${want_rc} and '${text}', got exit ${rc}:\n${out}${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

set(tile "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r1], [%rd1, {%r2, %r3}], [%r4];")
if(CASE STREQUAL "directory")
  run(2 "${DIR}: is a directory" run ${DIR})
  run(1 "${DIR}: is a directory" replay ${DIR})
  run(2 "${DIR}: is a directory" ptx ${DIR})
elseif(CASE STREQUAL "cr-only")
  # CR-only line ends: once the whole file was one comment line (PASS, 0 checks)
  file(WRITE ${DIR}/cr.tce "# a scenario\rcluster 1\rglobal G 0x10000 0x100 zero\rexpect fill G 0x100 byte:1\r")
  run(2 "${DIR}/cr.tce:1:13: carriage return inside a line" run ${DIR}/cr.tce)
  file(WRITE ${DIR}/cr.txt "# corpus\rcase 0\rmap tiled\rend\r")
  run(1 "${DIR}/cr.txt:1: carriage return inside a line at column 9" replay ${DIR}/cr.txt)
  file(WRITE ${DIR}/cr.ptx "// kernel\r${tile}\r")
  run(1 "${DIR}/cr.ptx:1:10: error: carriage return inside a line" ptx ${DIR}/cr.ptx)
elseif(CASE STREQUAL "ptx-several-files")
  # every file is read (once only the last was), each with its own line numbers
  file(WRITE ${DIR}/a.ptx ".reg .b32 %r<5>;\n.reg .b64 %rd<2>;\n${tile}\n")
  file(WRITE ${DIR}/b.ptx "// second\ncp.async.bulk.commit_group;\n")
  run(0 "${DIR}/a.ptx:3: cp.async.bulk.tensor" ptx ${DIR}/a.ptx ${DIR}/b.ptx)
  string(FIND "${out}" "${DIR}/b.ptx:2: cp.async.bulk.commit_group" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "tce ptx a.ptx b.ptx did not decode b.ptx:\n${out}")
  endif()
  file(WRITE ${DIR}/bad.ptx "cp.async.bulk.commit_group.bogus;\n")
  run(1 "${DIR}/bad.ptx:1:" ptx ${DIR}/bad.ptx ${DIR}/a.ptx)
elseif(CASE STREQUAL "ptx-immediate")
  # 2^64 once wrapped to 0; -2^63 is the most negative literal that fits
  file(WRITE ${DIR}/imm.ptx "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1], 18446744073709551616, [%r4];\n")
  run(1 "imm.ptx:1:82: error: integer literal does not fit in 64 bits" ptx ${DIR}/imm.ptx)
  file(WRITE ${DIR}/off.ptx "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1+0x10000000000000000], 16, [%r4];\n")
  run(1 "off.ptx:1:80: error: integer literal does not fit in 64 bits" ptx ${DIR}/off.ptx)
elseif(CASE STREQUAL "ptx-fuzz-findings")
  # what fuzz_ptx_module found (docs/fuzzing.md): a bare "prefetch." read before the
  # start of a buffer (ASan in the sanitizer build); it is an instruction outside the family
  file(WRITE ${DIR}/pf.ptx ".version 8.0\n.target sm_90a\n.address_size 64\n.visible .entry k()\n{\n\tprefetch.;\n\tret;\n}\n")
  run(0 "" ptx ${DIR}/pf.ptx)
elseif(CASE STREQUAL "fuzz-findings")
  # what the command harnesses found (docs/fuzzing.md): a shard file with an unknown
  # property set a flag one past the property table (ASan, in the sanitizer build); a NUL
  # byte in a failing batch's block cut the merged file short there (a broken file, exit 1)
  set(f ${SRC}/tests/data/fuzz_findings/regress_merge_unknown_property.xml)
  run(2 "${f}:15: unknown property 'trap'" regress-merge --out=${DIR}/merged.xml ${f})
  set(f ${SRC}/tests/data/fuzz_findings/regress_merge_nul_in_failure.xml)
  run(2 "${f}:24: a NUL byte inside the line" regress-merge --out=${DIR}/merged.xml ${f})
  # a DSP register parameter of 90 binary digits overflowed a signed long (UBSan) and was
  # then cut to an int: now the netlist is refused at its line
  set(f ${SRC}/tests/data/fuzz_findings/synth_blif_param_overflow.blif)
  run(1 "${f}:7: DSP register parameter CREG is not a count 0..15" synth --levels=${f})
  # a CARRY4 output bit past 3 feeding the next CARRY4's CI indexed the per-bit carry state
  # out of bounds (UBSan, the CI run of the twelfth session): now the pin is refused
  set(f ${SRC}/tests/data/fuzz_findings/synth_blif_carry_bit_past_3.blif)
  run(1 "${f}:4: CARRY4 pin 'CO': S, DI, CO and O take a bit 0..3, CI and CYINIT none" synth --levels=${f})
  # a CARRY4 whose O[0] drives its own S[0] recursed until the stack ran out (ASan:
  # stack-overflow; a campaign's find, reduced by hand): now a loop, counted and named
  set(f ${SRC}/tests/data/fuzz_findings/synth_blif_carry_o_loop.blif)
  run(1 "${f}:4: structural combinational loop through cell 'CARRY4' (1 met" synth --levels=${f})
  # a thread's arrive on an mbarrier that a copy in flight still writes over (fuzz_scenario:
  # the engine and the golden model disagreed on its bytes, exit 1): now refused there
  set(f ${SRC}/tests/data/fuzz_findings/scenario_copy_over_own_mbarrier.tce)
  run(2 "${f}:12: the mbarrier at 0x8 of CTA 0 is inside the shared memory the copy of line 11 may still be writing" run ${f})
  # mbarrier.init of an mbarrier a copy in flight still completes on (the same disagreement)
  set(f ${SRC}/tests/data/fuzz_findings/scenario_init_under_copy.tce)
  run(2 "${f}:12: mbarrier.init of the mbarrier at 0x8 of CTA 0 while the copy of line 11 may still complete on it" run ${f})
  # an arrive that completes the phase of an mbarrier a copy in flight still completes on:
  # complete in one memory only (the same disagreement); refused there, as ending in
  # another state when the copy lands after it
  set(f ${SRC}/tests/data/fuzz_findings/scenario_arrive_races_copy.tce)
  run(2 "${f}:13: mbarrier.arrive on the mbarrier at 0x8 of CTA 0 ends in another state if it comes before the copy of line 12 completes on it" run ${f})
  # the same find's transaction count 81.92 was read as 0 and the scenario passed: ptxas
  # refuses a float literal there, and so does the decoder now
  set(f ${SRC}/tests/data/fuzz_findings/scenario_float_tx_count.tce)
  run(2 "${f}:7: PTX rejected at column 43 (operands): wrong operands for 'mbarrier.arrive.expect_tx'" run ${f})
  # a fill straight after a red.global the engine had not yet run: the red landed on the
  # new bytes in the engine's memory only (exit 1, the models disagreed); setup lines now
  # wait for the engine
  set(f ${SRC}/tests/data/fuzz_findings/scenario_fill_after_red.tce)
  run(0 "1 checks: PASS (engine memories match the golden model" run ${f})
elseif(CASE STREQUAL "regress-merge-totals")
  # a shard file whose operations are not passed + failed + unsupported (regress.c always
  # writes them so) was merged into a file that does not add up either, exit 0
  set(f ${SRC}/tests/data/bad_junit/totals_do_not_add_up.xml)
  run(2 "${f}: operations 60 are not passed + failed + unsupported (59 + 0 + 0)" regress-merge
      --out=${DIR}/merged.xml ${f})
elseif(CASE STREQUAL "ptx-check-lines")
  # a verdict line past the line buffer was read as two verdict lines, and one with a NUL
  # byte as its part before the NUL (both counted as agreeing)
  set(d ${SRC}/tests/data/ptx/bad_verdicts)
  run(2 "${d}/long_line.tsv:1: error: a line longer than 4095 characters" ptx --check ${d}/long_line.tsv)
  run(2 "${d}/nul_byte.tsv:1: error: a NUL byte inside the line" ptx --check ${d}/nul_byte.tsv)
elseif(CASE STREQUAL "options")
  set(corpus ${SRC}/tests/data/hwcorpus/red.txt)
  run(2 "--case='x' is not a number" replay --case=x ${corpus})
  run(2 "--case='99999999999999999999' does not fit in 64 bits" replay --case=99999999999999999999 ${corpus})
  run(2 "--show='-1' is out of range" replay --show=-1 ${corpus})
  run(2 "--seed='abc' is not a number" regress --seed=abc --count=1)
  run(2 "--seed='18446744073709551616' does not fit in 64 bits" regress --seed 18446744073709551616 --count=1)
  run(2 "--count='0' is out of range" regress --count=0)
  run(2 "--queue='0' is out of range" regress --queue=0 --count=1)
  run(2 "--queue='4x' is not a number" regress --queue=4x --count=1)
  run(2 "--only='-1' is out of range" regress --only=-1 --count=1)
  run(2 "--min='abc' is not a percentage" ptx --min=abc --check ${SRC}/tests/data/ptxcorpus/ptxas_verdicts.tsv)
  run(2 "--min='101' is out of range" ptx --min=101 --check ${SRC}/tests/data/ptxcorpus/ptxas_verdicts.tsv)
  run(2 "--target='sm_9x' is not a target" ptx --target=sm_9x ${SRC}/tests/data/ptx/scenario.ptx)
  run(2 "--engine-cycles='1e6' is not a number" bench --sim --engine-cycles 1e6)
  run(2 "--jobs='0' is out of range" synth --jobs=0)
  run(2 "window '0:18446744073709551616' is not FROM:TO" run --wave=w.fst,0:18446744073709551616)
else()
  message(FATAL_ERROR "bad_inputs.cmake: unknown CASE '${CASE}'")
endif()
message(STATUS "${CASE}: every bad input got its named error")
