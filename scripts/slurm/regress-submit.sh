#!/bin/bash
# Submit a `tce regress` run to Slurm as a job array of N shards plus a merge job that
# starts when all of them finished (docs/regress.md). Prints the two job ids.
# usage: regress-submit.sh N OUTDIR TCE [tce regress options: --seed S --count C ...]
# Results: OUTDIR/shard-K.{xml,out,err} per shard, OUTDIR/merged.xml and merged.out.
set -euo pipefail
if [ $# -lt 3 ]; then
    echo "usage: $0 N OUTDIR TCE [tce regress options]" >&2
    exit 2
fi
n=$1 out=$2 tce=$3
shift 3
case $n in ''|*[!0-9]*) echo "$0: N='$n' is not a number" >&2; exit 2 ;; esac
[ "$n" -ge 1 ] || { echo "$0: N must be at least 1" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
tce=$(cd "$(dirname "$tce")" && pwd)/$(basename "$tce")
# Through the environment (sbatch's default --export=ALL): --export=VAR=... would split
# the options at their commas (--engines=csim,rtl).
export TCE="$tce" TCE_OUT="$out" TCE_REGRESS_ARGS="$*"
array=$(sbatch --parsable --array="0-$((n - 1))" --output="$out/slurm-shard-%a.log" \
        "$here/regress-shard.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" --output="$out/slurm-merge.log" \
        "$here/regress-merge.sbatch")
echo "${merge%%;*}" > "$out/merge-job"
echo "shards: job $array (array 0-$((n - 1))), merge: job ${merge%%;*}"
