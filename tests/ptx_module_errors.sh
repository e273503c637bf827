#!/bin/bash
# CTest ptx-bad-modules: each file in the folder names, on its first line, the error
# `tce ptx` must report (`// expect: LINE:COL: error: TEXT`, checked by hand); the command
# must exit 1 and print FILE:LINE:COL: error: TEXT...
# usage: ptx_module_errors.sh TCE DIR
set -uo pipefail
tce=$1 dir=$2 fail=0 n=0
for f in "$dir"/*.ptx; do
    n=$((n + 1))
    want=$(head -1 "$f" | sed -n 's|^// expect: ||p')
    [ -n "$want" ] || { echo "FAIL: $f has no '// expect:' line"; fail=1; continue; }
    out=$("$tce" ptx "$f" 2>&1); rc=$?
    if [ $rc -ne 1 ] || ! grep -qF -- "$f:$want" <<< "$out"; then
        echo "FAIL: $f (exit $rc): want '$f:$want', got:"; grep 'error' <<< "$out" | head -5; fail=1
    fi
done
[ $n -gt 0 ] || { echo "FAIL: no files in $dir"; exit 1; }
[ $fail -eq 0 ] && echo "PASS: $n malformed modules, each with its expected error"
exit $fail
