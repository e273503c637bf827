#!/bin/bash
# CTest ptx-realptx-*: `tce ptx --summary FILE` must report 0 errors, and its per-name counts
# of copy-family instructions must equal the counts taken here, independently of the decoder,
# with grep: every line whose first word (after an optional @guard) is a family opcode.
# usage: ptx_module_counts.sh TCE FILE.ptx
set -euo pipefail
tce=$1 file=$2
family='(cp\.async\.bulk|cp\.reduce\.async\.bulk|multimem\.cp\.|tensormap\.|red\.|mbarrier\.|fence\.proxy\.async|fence\.proxy\.tensormap|fence\.mbarrier_init|prefetch\.(const\.|param\.)?tensormap)'
want=$(sed 's://.*::' "$file" | grep -oE "^[[:space:]]*(@!?%?[A-Za-z_][A-Za-z0-9_]*[[:space:]]+)?$family[A-Za-z0-9_.:]*" \
       | sed -E 's/^[[:space:]]*(@[^[:space:]]+[[:space:]]+)?//' | sort | uniq -c | awk '{print $1, $2}' || true)
out=$("$tce" ptx --summary "$file") || { echo "$out" | grep 'error:' | head -20; echo "FAIL: tce ptx exited non-zero on $file"; exit 1; }
got=$(echo "$out" | awk '/: all functions: /{on=1; next} /: other instructions: /{on=0} on{print $1, $2}' | sort -k2)
want=$(echo "$want" | sort -k2)
if [ -z "$want" ]; then echo "FAIL: no family instruction found by grep in $file"; exit 1; fi
if [ "$got" != "$want" ]; then
    echo "FAIL: family counts differ (grep | tce ptx --summary):"
    diff <(echo "$want") <(echo "$got") || true
    exit 1
fi
echo "$out" | tail -1 | grep -q ', 0 errors$' || { echo "FAIL: errors reported"; exit 1; }
echo "PASS: $(echo "$want" | wc -l) family opcodes, $(echo "$want" | awk '{s+=$1} END {print s}') instructions, counts equal, 0 errors"
