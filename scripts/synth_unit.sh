#!/bin/sh
# One RTL unit alone through Yosys's xc7 flow, for timing work on it (docs/fpga.md, "Timing
# of one unit"): LUT levels and cell delay of its paths (tce synth --levels); with STA=1 in
# the environment also Yosys sta's cell delay as a cross-check (sta never ends on a netlist
# with a combinational loop, which tce synth --levels reports instead).
# Its inputs start paths and its outputs end them, so a combinational unit shows its
# whole depth from input to output.
#   scripts/synth_unit.sh OUTDIR TOP [PARAM=VALUE ...]
# e.g. scripts/synth_unit.sh /tmp/tc tce_tile_check NUM_CTAS=2 SMEM_BYTES=16384 \
#        HAS_IM2COL=0 HAS_GATHER=0 GADDR_W=32
# The coarse step is synth_xilinx's without the `share` pass: on the engine's check units
# that SAT-based pass alone takes minutes and gigabytes, and it only merges operators. So
# the figures can differ slightly from the whole engine's (tce synth runs every pass).
# Needs yosys and build/tce (TCE=path to override).
set -eu
if [ $# -lt 2 ]; then
    echo "usage: $0 OUTDIR TOP [PARAM=VALUE ...]" >&2
    exit 2
fi
out=$1; top=$2; shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
tce=${TCE:-$root/build/tce}
mkdir -p "$out"
cmake -DTCE_ROOT="$root" -DOUT="$out/sources.txt" -P "$root/cmake/synth_sources.cmake"
chparam=""
for p in "$@"; do
    chparam="$chparam -set ${p%%=*} ${p#*=}"
done
{
    printf 'read_verilog -sv '
    tr '\n' ' ' < "$out/sources.txt"
    printf '\n'
    [ -n "$chparam" ] && printf 'chparam%s %s\n' "$chparam" "$top"
    cat <<YS
hierarchy -top $top
synth_xilinx -family xc7 -top $top -run :coarse
techmap -map +/cmp2lut.v -map +/cmp2lcu.v -D LUT_WIDTH=6
alumacc
opt
memory -nomap
opt_clean
synth_xilinx -family xc7 -top $top -run map_memory:
stat
flatten
hierarchy -top $top
write_blif -param -cname $out/$top.blif
YS
    if [ "${STA:-0}" = 1 ]; then
        printf 'read_verilog -lib -specify +/xilinx/cells_sim.v\nsta\n'
    fi
} > "$out/$top.ys"
yosys -q -l "$out/$top.log" -s "$out/$top.ys" > /dev/null
"$tce" synth --levels="$out/$top.blif"
if [ "${STA:-0}" = 1 ]; then
    grep -m1 "Latest arrival time" "$out/$top.log" || echo "(sta: no register-to-register or port path timed)"
fi
