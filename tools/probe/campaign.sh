#!/bin/sh
# Captures new hardware cases on the GPU machine: builds the probe, draws COUNT cases of each
# KIND (default: the three wide kinds) from SEED and runs the kinds side by side for at most
# SECONDS, leaving KIND.txt.gz (the captures, whole cases only) and KIND.err (the probe's
# log) in OUTDIR.
#   tools/probe/campaign.sh OUTDIR SEED COUNT SECONDS [KIND...]
set -eu
[ $# -ge 4 ] || { echo "usage: campaign.sh OUTDIR SEED COUNT SECONDS [KIND...]" >&2; exit 2; }
out=$1 seed=$2 count=$3 secs=$4
shift 4
kinds=${*:-wide_load wide_store wide_im2col}
here=$(dirname "$0")
make -s -C "$here" CUDA="${CUDA:-/usr/local/cuda}"
nvidia-smi -L || true
for k in $kinds; do
    "$here/probe_gen" "$k" "$count" "$seed" > "$out/$k.cases"
    (
        rc=0
        timeout "$secs" "$here/probe" "$out/$k.cases" "$out/$k.raw" 2> "$out/$k.err" || rc=$?
        echo "$k: probe exit $rc" >> "$out/$k.err"
        # a run cut off by the time limit may end inside a case: keep whole cases
        awk '/^case /{buf=""; inc=1} inc{buf=buf $0 "\n"} /^end$/{printf "%s", buf; buf=""; inc=0} /^#/&&!inc{print}' \
            "$out/$k.raw" | gzip -6 > "$out/$k.txt.gz"
        rm -f "$out/$k.raw" "$out/$k.cases"
    ) &
done
wait
ls -l "$out"
for k in $kinds; do tail -2 "$out/$k.err"; done
