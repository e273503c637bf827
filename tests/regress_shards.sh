#!/bin/bash
# CTest regress-shards: the N shards of a `tce regress` run are the unsharded run, split.
# Independent truth: the unsharded run itself. With --verbose every passing operation prints
# one line (batch.index, the operation, its status); the union of the shards' lines must be
# the unsharded run's lines, every one exactly once. --plant puts known mismatches in three
# batches; tce regress-merge of the shards' JUnit files must then be byte for byte the
# unsharded run's JUnit file (same totals, same failure), and every file well-formed XML.
# usage: regress_shards.sh TCE WORKDIR
set -euo pipefail
tce=$1 dir=$2
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir"
run=(--seed 5 --count 3000 --engines=csim,regmodel)
fail() { echo "FAIL: $*"; exit 1; }

# 1. Same operations, same outcome: verbose lines of 4 shards == unsharded.
"$tce" regress "${run[@]}" --verbose > full.out || fail "unsharded run failed"
: > shards.out
for k in 0 1 2 3; do
    "$tce" regress "${run[@]}" --verbose --shard=$k/4 > s$k.out || fail "shard $k/4 failed"
    grep '^ok ' s$k.out >> shards.out
    # a shard runs only its own batches
    if grep '^ok ' s$k.out | awk -v k=$k '{split($2, b, "."); if (b[1] % 4 != k) bad=1} END {exit !bad}'; then
        fail "shard $k/4 ran a batch of another shard"
    fi
done
grep '^ok ' full.out | sort > full.ok
sort shards.out > shards.ok
n=$(wc -l < full.ok)
[ "$n" -eq 3000 ] || fail "unsharded run printed $n ok lines, not 3000"
cmp -s full.ok shards.ok || { diff full.ok shards.ok | head; fail "shards' operations differ from the unsharded run's"; }

# 2. Planted mismatches in batches 12, 6 and 9 (shards 0, 2, 1; 3 has none): merged JUnit ==
#    unsharded JUnit, the failures in batch order.
set +e
"$tce" regress "${run[@]}" --plant=12,6,9 --junit=full.xml > plant.out; rc=$?
set -e
[ $rc -eq 1 ] || fail "planted mismatch: exit $rc, not 1"
grep -q '^MISMATCH seed 5 batch 6 (reproduce: tce regress --seed 5 --count 3000 --engines=csim,regmodel --plant=12,6,9 --only=6)' plant.out \
    || fail "no reproduce line for the planted batch"
for k in 0 1 2 3; do
    set +e
    "$tce" regress "${run[@]}" --plant=12,6,9 --shard=$k/4 --junit=p$k.xml > p$k.out; rc=$?
    set -e
    want=1; [ $k -eq 3 ] && want=0
    [ $rc -eq $want ] || fail "shard $k/4 with the planted batch: exit $rc, not $want"
done
grep -q '^MISMATCH shard 2/4 seed 5 batch 6 (reproduce: ' p2.out || fail "shard 2/4 does not name itself"
set +e
"$tce" regress-merge --out=merged.xml p3.xml p1.xml p0.xml p2.xml > merge.out; rc=$?
set -e
[ $rc -eq 1 ] || fail "merge of a failing run: exit $rc, not 1"
cmp full.xml merged.xml || { diff full.xml merged.xml | head -20; fail "merged JUnit differs from the unsharded run's"; }
grep -q '^3000 passed, 0 failed$' full.out || fail "unsharded totals"
python3 - full.xml p0.xml p2.xml <<'PY'
import sys, xml.etree.ElementTree as ET
for f in sys.argv[1:]:
    ET.parse(f)  # raises on malformed XML
r = ET.parse("full.xml").getroot()
s = r.find("testsuite")
props = {p.get("name"): p.get("value") for p in s.find("properties")}
assert props["operations"] == "3000", props
fails = s.findall("testcase/failure")
assert len(fails) == 3 and s.get("failures") == "3", s.attrib
assert [c.get("name") for c in s.findall("testcase")][1:] == ["seed 5 batch %d" % b for b in (6, 9, 12)]
assert all(f.get("message").startswith("global 0x10020fff: ") for f in fails), fails[0].get("message")
assert "op 6.0" in fails[0].text
PY

# 3. Bad input: named, exit 2, never a silent run.
bad() { local want=$1; shift; set +e; out=$("$@" 2>&1); rc=$?; set -e
        [ $rc -eq 2 ] || fail "'$*' exit $rc, not 2"; echo "$out" | grep -q -- "$want" || fail "'$*': no '$want' in: $out"; }
bad 'wants K/N' "$tce" regress "${run[@]}" --shard=3
bad 'out of range\|range' "$tce" regress "${run[@]}" --shard=4/4
bad 'not a number\|number' "$tce" regress "${run[@]}" --shard=1/x
bad 'is a batch of shard 2/4, not of 1/4' "$tce" regress "${run[@]}" --shard=1/4 --only=6
bad 'no batch ran' "$tce" regress --seed 5 --count 2 --engines=csim,regmodel --shard=3/4
bad 'but 3 files given' "$tce" regress-merge --out=x.xml p0.xml p1.xml p2.xml
bad 'given twice' "$tce" regress-merge --out=x.xml p0.xml p1.xml p2.xml p2.xml
"$tce" regress --seed 6 --count 3000 --engines=csim,regmodel --shard=3/4 --junit=q3.xml > /dev/null
bad 'not shards of one run' "$tce" regress-merge --out=x.xml p0.xml p1.xml p2.xml q3.xml
head -n 12 p1.xml > cut.xml
bad 'cut.xml:12: ' "$tce" regress-merge --out=x.xml p0.xml cut.xml p2.xml p3.xml
echo "PASS: 4 shards == unsharded run (3000 operations), merged JUnit == unsharded JUnit"
