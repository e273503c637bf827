#!/bin/bash
# CTest regress-slurm: scripts/slurm/regress-submit.sh on a one-node Slurm cluster this
# script starts (munged, slurmctld, slurmd with a generated slurm.conf in a temporary
# directory) and stops again. The merge job's merged.xml must be byte for byte the JUnit
# file of the same run unsharded. Exit 77 (CTest skip) with the reason where Slurm or munge
# is not installed (Debian: slurm-wlm, optional in scripts/install-deps.sh) or not startable.
# usage: regress_slurm.sh TCE SOURCE_DIR WORKDIR
set -uo pipefail
tce=$1 src=$2 dir=$3
skip() { echo "SKIP: regress-slurm: $*"; exit 77; }
fail() { echo "FAIL: $*"; for f in "$dir"/*.log "$dir"/out/*.err "$dir"/out/merged.out; do
             [ -s "$f" ] && { echo "== $f"; tail -5 "$f"; }; done; exit 1; }
for t in munged slurmctld slurmd sbatch sinfo squeue scontrol; do
    command -v "$t" > /dev/null || [ -x "/usr/sbin/$t" ] ||
        skip "'$t' is not installed (apt-get install slurm-wlm munge)"
done
export PATH="$PATH:/usr/sbin"
rm -rf "$dir" && mkdir -p "$dir" && chmod 700 "$dir" && dir=$(cd "$dir" && pwd)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2> /dev/null; done; wait 2> /dev/null; }
trap cleanup EXIT
trap 'exit 1' INT TERM

# munge with its own key, socket and files: nothing of the host's is used or changed.
dd if=/dev/urandom of="$dir/munge.key" bs=1024 count=1 status=none && chmod 400 "$dir/munge.key"
munged --foreground --force --key-file="$dir/munge.key" --socket="$dir/munge.sock" \
    --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munge.seed" \
    2> "$dir/munged.err" & pids+=($!)
for _ in $(seq 50); do [ -S "$dir/munge.sock" ] && break; sleep 0.1; done
[ -S "$dir/munge.sock" ] || skip "munged did not start: $(cat "$dir/munged.err")"

host=$(hostname -s) user=$(id -un)
port=$((20000 + RANDOM % 20000))
mkdir -p "$dir/state" "$dir/spool"
cat > "$dir/slurm.conf" <<CONF
ClusterName=tcetest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge.sock
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/pgid
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=tce Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$dir/slurm.conf"
slurmctld -D -i > "$dir/slurmctld.err" 2>&1 & pids+=($!)
slurmd -D > "$dir/slurmd.err" 2>&1 & pids+=($!)
up=
for _ in $(seq 60); do
    [ "$(sinfo -h -o %t 2> /dev/null)" = idle ] && { up=1; break; }
    sleep 0.5
done
[ -n "$up" ] || skip "the one-node cluster did not come up: $(tail -3 "$dir/slurmctld.err" "$dir/slurmd.err" | tr '\n' ' ')"

# A run through Slurm as 3 shards, and the same run unsharded here; the merge job's state
# must be WANT (COMPLETED, or FAILED when the run has a mismatch: exit 1).
slurm_run() {
    local name=$1 want=$2; shift 2
    local out="$dir/$name"
    "$src/scripts/slurm/regress-submit.sh" 3 "$out" "$tce" "$@" || fail "$name: submit failed"
    local merge state=
    merge=$(cat "$out/merge-job")
    for _ in $(seq 240); do
        state=$(scontrol show job "$merge" 2> /dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2)
        case $state in COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL) break ;; esac
        sleep 0.5
    done
    [ "$state" = "$want" ] || fail "$name: merge job $merge: state '$state', not $want (squeue: $(squeue -h 2>&1 | head -5))"
    "$tce" regress "$@" --junit="$out/unsharded.xml" > "$out/unsharded.out"
    cmp "$out/unsharded.xml" "$out/merged.xml" || fail "$name: Slurm's merged.xml differs from the unsharded run's JUnit"
    for k in 0 1 2; do
        grep -q "^shard $k/3: " "$out/shard-$k.out" || fail "$name: shard $k/3 did not run as shard $k of 3"
    done
    echo "$name: $(tail -1 "$out/merged.out")"
}
slurm_run pass COMPLETED --seed 9 --count 2000 --engines=csim,regmodel
# Planted mismatches in batches 4 and 8 (shards 1/3 and 2/3): those tasks still succeed,
# the merge runs and carries both failures.
slurm_run planted FAILED --seed 9 --count 2000 --engines=csim,regmodel --plant=8,4
grep -c '<failure ' "$dir/planted/merged.xml" | grep -qx 2 || fail "planted: merged.xml has not 2 failures"
echo "PASS: 3-task Slurm array + afterok merge == unsharded run, with and without mismatches"
