#!/bin/sh
# One formal proof with Yosys and yosys-smtbmc (docs/formal.md): reads the sources with
# -formal (assert/assume/cover, $initstate, $anyconst), flattens the wrapper TOP, and asks
# the solver
#   prove K  a bounded proof of K steps from reset, then K-induction (unbounded), then the
#            wrapper's cover statements within K steps (a proof whose assumptions leave
#            nothing to check is not a pass)
#   bmc K    the bounded proof and the covers only
#   covers K the covers only
#   pdr K    an unbounded proof by ABC's property-directed reachability (IC3), which finds the
#            inductive invariant itself, then the covers within K steps
#   abcbmc K the bounded proof of K steps by ABC's bmc3 on the and-inverter graph (far
#            quicker than z3 on the whole engine), frame by frame in abcbmc.log; then the covers
#   abcprove K  K-induction by ABC on the and-inverter graph: bmc3's K steps from reset, then
#            `ind` (the inductive step over all assertions at once); then the covers
#   prove.sh OUTDIR TOP MODE K [-p NAME=VALUE]... [-t TAP=NET]... [-c NET]... [-a INST]... [-k N]
#            [-m] [-M MEM]... [-r] [-w] -- SOURCES...
# -p sets a parameter of TOP; -t drives the wrapper's wire TAP from the flattened net NET
# (Yosys 0.23 reads no hierarchical references, so an invariant on a unit's state names it
# here); -c NET cuts the flattened net NET loose (its value becomes the solver's choice in
# every cycle: an abstraction, sound for properties that hold whatever NET carries); -m maps
# memories to registers first (a tap on one word of a memory needs it), -M MEM only the
# memories named MEM (the others stay whole, which keeps a model with large memories that
# no tap names small); -a INST makes the
# assertions of the wrapper's instance INST assumptions (a checker of the rules an upstream
# block obeys, as the environment of a unit between two buses); -k N looks for the covers
# within N steps instead of K (an induction that closes at a small K, for a unit whose
# covers lie deeper); -r rewrites the graph with ABC's &dc2 before an ABC solver (every output's
# and latch input's function is kept, so the proof is the same: a smaller graph a frame).
# -w (ABC modes) also writes the gate-mapped design (OUTDIR/model.il) so that an ABC
# counterexample can be replayed into a VCD with every net of the design (Yosys `sim`: the
# command is printed with the failure); without it only the inputs by frame are known.
# A failed assertion leaves OUTDIR/trace.vcd (the counterexample) and exits 1. Exit 77
# (CTest SKIPPED) when yosys, yosys-smtbmc or z3 is missing. SOLVER overrides z3.
# YOSYS_LOCK=FILE runs the Yosys step (gigabytes for the whole engine) under `flock FILE`
# and the solver outside it, so a long solver run does not hold a machine's Yosys queue.
# The Yosys step is skipped when OUTDIR holds the model of the same script and sources
# (OUTDIR/model.key: a checksum of both), so a rerun or a second mode costs no front end.
set -u
if [ $# -lt 5 ]; then
    echo "usage: $0 OUTDIR TOP prove|bmc|covers|pdr|abcbmc|abcprove K [-p N=V]... [-t TAP=NET]... [-c NET]... [-a INST]... [-k N] [-m] [-M MEM]... [-r] [-w] -- SOURCES..." >&2
    exit 2
fi
out=$1; top=$2; mode=$3; depth=$4; shift 4
solver=${SOLVER:-z3}
for tool in yosys yosys-smtbmc "$solver"; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIP: $top: $tool is not installed (scripts/install-deps.sh installs it)"
        exit 77
    fi
done
case $mode in prove|bmc|covers) abcmode=0;; pdr|abcbmc|abcprove) abcmode=1;;
    *) echo "$0: mode '$mode': prove, bmc, covers, pdr, abcbmc or abcprove" >&2; exit 2;; esac
if [ $abcmode = 1 ] && ! command -v yosys-abc >/dev/null 2>&1; then
    echo "SKIP: $top: yosys-abc is not installed (it comes with yosys)"
    exit 77
fi
case $depth in ''|*[!0-9]*) echo "$0: depth '$depth' is not a number" >&2; exit 2;; esac

chparam=""; taps=""; cuts=""; assumes=""; mapmem=""; cdepth=$depth; rewrite=; keepil=
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    case $1 in
        -p) chparam="$chparam -set ${2%%=*} ${2#*=}"; shift 2;;
        -t) taps="$taps
connect -set ${2%%=*} ${2#*=}"; shift 2;;
        -c) cuts="$cuts
select -assert-min 1 w:${2}
cutpoint w:${2}"; shift 2;;
        -a) assumes="$assumes
select -assert-min 1 c:*${2}.*\$assert*
chformal -assert -assert2assume c:*${2}.*\$assert*"; shift 2;;
        -k) cdepth=$2
            case $cdepth in ''|*[!0-9]*) echo "$0: cover depth '$cdepth' is not a number" >&2; exit 2;; esac
            shift 2;;
        -m) mapmem="memory_map"; shift;;
        -r) rewrite="&get -n; &dc2; &put; print_stats; "; shift;;
        -w) keepil="write_rtlil $out/model.il"; shift;;
        -M) mapmem="$mapmem
memory_map */$2"; shift 2;;
        *) echo "$0: unknown option '$1'" >&2; exit 2;;
    esac
done
[ "${1:-}" = "--" ] && shift
if [ $# -eq 0 ]; then echo "$0: no sources" >&2; exit 2; fi

mkdir -p "$out"
rm -f "$out/trace.vcd" "$out/cex.txt" "$out/cex.aiw"
cat > "$out/cover2assert.v" <<'V'
(* techmap_celltype = "$cover" *)
module cover2assert (A, EN);
  input A, EN;
  \$assert _TECHMAP_REPLACE_ (.A(!A), .EN(EN));
endmodule
V
{
    printf 'read_verilog -formal -sv'
    for s in "$@"; do printf ' %s' "$s"; done
    printf '\n'
    [ -n "$chparam" ] && printf 'chparam%s %s\n' "$chparam" "$top"
    cat <<YS
hierarchy -top $top -check
proc
memory_nordff
memory -nomap
$mapmem
flatten
$taps
$cuts
$assumes
async2sync
chformal -assume -early
opt_clean
setundef -undriven -anyseq
opt -keepdc -fast
check
hierarchy -simcheck
dffunmap
stat
tee -q -o $out/covers.txt select -list t:\$cover
YS
    if [ $abcmode = 0 ]; then
        echo "write_smt2 -wires $out/model.smt2"
    else
        # The ABC modes: one gate mapping to an and-inverter graph, each cover c first made an
        # assertion of !c (cover2assert.v) marked fv_cover, then two graphs: model.aig with the
        # wrapper's assertions (its assumptions AIGER constraints), covers.aig with the marked
        # ones only, so that bmc3 "fails" each cover in the first frame that reaches it.
        # An undefined bit left by the gate mapping (an out-of-range part select) becomes a
        # free input, a widening (every value it could take is checked): write_aiger refuses
        # x bits.
        cat <<YS
setattr -set fv_cover 1 t:\$cover
techmap -map $out/cover2assert.v t:\$cover
select -assert-none t:\$cover
memory_map
techmap
opt -fast -keepdc
setundef -anyseq
dffunmap
aigmap
opt_clean
design -save mapped
delete t:\$assert a:fv_cover %i
opt_clean
tee -q -o $out/asserts.il dump t:\$assert
write_aiger -zinit -map $out/model.aim $out/model.aig
$keepil
design -load mapped
delete t:\$assert a:fv_cover %i %n t:\$assert %i
opt_clean
tee -q -o $out/covers.il dump t:\$assert
write_aiger -zinit -map $out/covers.aim $out/covers.aig
YS
    fi
} > "$out/model.ys"
start=$(date +%s)
# The same script and sources give the same model: reuse it (the whole engine's Yosys step
# takes half an hour on a loaded machine).
key=$({ cat "$out/model.ys" "$@"; yosys -V; } | sha256sum | cut -c1-64)
if [ $abcmode = 0 ]; then made="$out/model.smt2"; else made="$out/model.aig $out/covers.aig"; fi
have=1
for f in $made "$out/covers.txt" "$out/model.key"; do [ -s "$f" ] || have=0; done
if [ $have = 1 ] && [ "$(cat "$out/model.key")" = "$key" ]; then
    echo "$top: the model of $out/model.key is current: no Yosys step"
else
    rm -f "$out/model.key" "$out/model.smt2" "$out/model.aig" "$out/covers.aig" "$out/covers.txt" "$out/model.il"
    lock=""
    [ -n "${YOSYS_LOCK:-}" ] && lock="flock $YOSYS_LOCK"
    if ! $lock yosys -q -l "$out/yosys.log" -s "$out/model.ys" > /dev/null 2>&1; then
        echo "FAIL: $top: yosys could not build the model ($out/yosys.log):"
        grep -m5 -i "error" "$out/yosys.log"
        exit 1
    fi
    # A tap that names no net leaves the wrapper's wire undriven, which `check` reports.
    if grep -q "is used but has no driver" "$out/yosys.log"; then
        echo "FAIL: $top: an undriven wire in the model (a tap that names no net?):"
        grep -m5 "is used but has no driver" "$out/yosys.log"
        exit 1
    fi
    echo "$key" > "$out/model.key"
fi
ncov=$(grep -c . "$out/covers.txt")

smt() {  # smt LOGNAME ARGS...: runs yosys-smtbmc, prints its verdict, returns its status
    name=$1; shift
    yosys-smtbmc -s "$solver" --unroll "$@" "$out/model.smt2" > "$out/$name.log" 2>&1
    rc=$?
    if [ $rc -ne 0 ]; then
        echo "FAIL: $top: $name (K=$depth):"
        # (the log interleaves a progress spinner: its lines are cut at the carriage returns)
        tr '\r' '\n' < "$out/$name.log" | grep -E "Assert failed|Unreached|failed|Error|error" | head -8
        [ -f "$out/trace.vcd" ] && echo "counterexample: $out/trace.vcd"
    fi
    return $rc
}
status=0
# named DUMP: each "Output N ... asserted in frame F" line of ABC on stdin, led by the name of
# graph output N: the model script dumps the $assert cells in write_aiger's order, and
# assert_names.awk turns cell N+1 into its source file:line and instance.
named() {
    awk -f "$(dirname "$0")/assert_names.awk" "$1" > "$1.txt" 2>/dev/null
    while IFS= read -r line; do
        n=$(printf '%s\n' "$line" | sed -n 's/^Output \([0-9][0-9]*\) .*asserted in frame.*/\1/p')
        if [ -n "$n" ]; then
            prop=$(sed -n "$((n + 1))p" "$1.txt")
            printf '%s: %s\n' "${prop:-output $n (not named in $1)}" "$line"
        else
            printf '%s\n' "$line"
        fi
    done
}
abc() {  # abc NAME COMMAND PASSED_LINE: ABC on the AIG (`fold` turns the constraints into
         # the property), a failure's counterexample (inputs per frame, model.aim) in cex.txt
    yosys-abc -c "read_aiger $out/model.aig; fold; strash; $rewrite$2; write_cex $out/cex.txt; write_cex -a $out/cex.aiw" \
        > "$out/$1.log" 2>&1
    grep -q "^$3" "$out/$1.log" && return 0
    echo "FAIL: $top: $1 ($out/$1.log):"
    # (orpos leaves one output, the OR of them all: its number names no single assertion)
    case $2 in
        *orpos*) grep -iE "asserted|failed|error|undecided|Property" "$out/$1.log" | head -4;;
        *) grep -iE "asserted|failed|error|undecided|Property" "$out/$1.log" | head -4 |
               named "$out/asserts.il";;
    esac
    # ind's UNDECIDED: a step from states that satisfy every assertion K times breaks one
    # (a state the invariants do not exclude, or a failure deeper than the bounded part)
    grep -q "UNDECIDED" "$out/$1.log" && echo "the inductive step fails: an invariant is missing, or a failure lies deeper than K"
    [ -s "$out/cex.txt" ] && echo "counterexample: $out/cex.txt (inputs by frame, $out/model.aim)"
    # (ABC's witness, its first line the initial state, read by Yosys's sim as AIW)
    [ -s "$out/cex.aiw" ] && [ -s "$out/model.il" ] &&
        echo "replay: yosys -p 'read_rtlil $out/model.il; sim -clock clk -r $out/cex.aiw -map $out/model.aim -vcd $out/trace.vcd'"
    return 1
}
# ind_names: after `ind` failed on the OR of all assertions, the inductive step of each one
# alone, every other assertion an AIGER constraint (held in every frame), on a copy of
# model.aig whose header and bad-state lines are rewritten (the AND gates, binary, stay as
# they are); prints the name of each assertion that step breaks (20 s each: a failing step is
# found in seconds, a proof of one that holds can take minutes and is not needed here). An assertion that fails
# only together with another is not named by this; then the line says so.
ind_names() {
    set -- $(head -n 1 "$out/model.aig")   # aig M I L O A B C J F
    if [ "$1" != aig ] || [ $# -lt 9 ] || [ "${10:-0}" != 0 ] || [ "$9" != 0 ]; then
        echo "the failing assertion is not named: $out/model.aig's header is not 'aig M I L O A B C 0 0'"
        return
    fi
    m=$2; ni=$3; nl=$4; no=$5; na=$6; nb=$7; nc=$8
    awk -f "$(dirname "$0")/assert_names.awk" "$out/asserts.il" > "$out/asserts.il.txt" 2>/dev/null
    skip=$((1 + nl + no))
    head -n "$((skip + nb + nc))" "$out/model.aig" | tail -n "$((nb + nc))" > "$out/ind_lits.txt"
    named_any=0; i=1
    while [ $i -le "$nb" ]; do
        g="$out/ind_one.aig"
        {
            echo "aig $m $ni $nl $no $na 1 $((nc + nb - 1)) 0 0"
            head -n "$skip" "$out/model.aig" | tail -n "$((skip - 1))"
            sed -n "${i}p" "$out/ind_lits.txt"
            tail -n "$nc" "$out/ind_lits.txt"
            head -n "$nb" "$out/ind_lits.txt" | awk -v i="$i" 'NR != i { print $1 - $1 % 2 + 1 - $1 % 2 }'
            tail -n "+$((skip + nb + nc + 1))" "$out/model.aig"
        } > "$g"
        yosys-abc -c "read_aiger $g; fold; strash; ind -T 20 -F $((depth + 1))" > "$out/ind_one.log" 2>&1
        # (a time limit reached also ends in UNDECIDED: no verdict, not a failure)
        if grep -q "UNDECIDED" "$out/ind_one.log" && ! grep -q "Timeout" "$out/ind_one.log"; then
            prop=$(sed -n "${i}p" "$out/asserts.il.txt")
            echo "${prop:-output $((i - 1))}: breaks in the inductive step (K=$depth), every other assertion held"
            named_any=1
        elif ! grep -q "Networks are equivalent" "$out/ind_one.log"; then
            prop=$(sed -n "${i}p" "$out/asserts.il.txt")
            # (20 s passed, or the output is constant once ABC hashes it and ind prints nothing)
            echo "${prop:-output $((i - 1))}: no verdict alone within 20 s"
        fi
        i=$((i + 1))
    done
    [ $named_any = 1 ] || echo "no assertion breaks the inductive step alone: several fail together"
}
if [ "$mode" = pdr ]; then
    abc pdr pdr "Property proved" || status=1
elif [ "$mode" = abcbmc ] || [ "$mode" = abcprove ]; then
    # bmc3 -v prints each frame as it is done: how deep a run got when it was stopped.
    abc abcbmc "bmc3 -v -F $depth" "No output asserted in $depth frames" || status=1
    # the inductive step over the conjunction of every assertion (orpos: one output that
    # fails when any does), so that each invariant strengthens the others; ind's frame 0 is
    # the step checked, so K assumed steps are K + 1 frames (smtbmc's `-i -t K`)
    if [ $status -eq 0 ] && [ "$mode" = abcprove ]; then
        if ! abc induction "orpos; ind -v -F $((depth + 1))" "Networks are equivalent"; then
            status=1
            ind_names
        fi
    fi
elif [ "$mode" != covers ]; then
    smt bmc -t "$depth" --dump-vcd "$out/trace.vcd" || status=1
    if [ $status -eq 0 ] && [ "$mode" = prove ]; then
        smt induction -i -t "$depth" --dump-vcd "$out/trace.vcd" || status=1
    fi
fi
if [ $status -ne 0 ]; then
    :
elif [ "$ncov" -eq 0 ]; then
    echo "FAIL: $top: no cover statement: nothing shows the assumptions leave behaviour to check"
    status=1
elif [ $abcmode = 1 ]; then
    # every cover reached within cdepth frames: bmc3 -a goes on past each output it fails
    yosys-abc -c "read_aiger $out/covers.aig; fold; strash; bmc3 -a -v -F $cdepth" \
        > "$out/abccovers.log" 2>&1
    nhit=$(grep -c "was asserted in frame" "$out/abccovers.log")
    if [ "$nhit" -ne "$ncov" ]; then
        echo "FAIL: $top: covers: $nhit of $ncov reached within $cdepth frames ($out/abccovers.log)"
        grep "was asserted in frame" "$out/abccovers.log" | named "$out/covers.il" | sed 's/^/reached: /'
        status=1
    else
        grep "was asserted in frame" "$out/abccovers.log" | named "$out/covers.il" | sed 's/^/cover: /'
    fi
else
    smt covers -c -t "$cdepth" --dump-vcd "$out/cover.vcd" || status=1
fi
[ $status -eq 0 ] && rm -f "$out/trace.vcd"
echo "$top: $mode K=$depth$( [ "$cdepth" != "$depth" ] && echo ", covers within $cdepth" ): $( [ $status -eq 0 ] && echo PASS || echo FAIL ) in $(( $(date +%s) - start )) s"
exit $status
