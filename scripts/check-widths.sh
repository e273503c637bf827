#!/bin/sh
# The engine at the data-path widths CI does not build (docs/regress.md, "Other data
# widths"): for each DATA_W given (default 128 and 512), a build directory build<W>/ with
# the bridge verilated at that width (-DTCE_SIM_DATA_W), then every hardware-corpus file
# replayed on the rtl engine and three 3000-operation regressions against the golden model
# (random timing; the third with bus errors). Stops at the first failure, exit 1.
# Usage, from the repository root: scripts/check-widths.sh [W ...]
widths=${*:-128 512}

# Run a command, show the last lines of what it said, stop the script if it failed.
check() {
    if out=$("$@" 2>&1); then
        printf '%s\n' "$out" | tail -n 2
    else
        rc=$?
        printf '%s\n' "$out" | tail -n 20
        echo "check-widths: FAILED (exit $rc): $*"
        exit 1
    fi
}

for w in $widths; do
    dir=build$w
    echo "== DATA_W $w ($dir)"
    check cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DTCE_SIM_DATA_W="$w"
    check cmake --build "$dir" -j2 --target tce
    for f in tests/data/hwcorpus/*.txt; do
        check "$dir/tce" replay --engine=rtl --quiet "$f"
    done
    for s in 1 2; do
        check "$dir/tce" regress --seed "$s" --count 3000 --engines=csim,rtl --timing=random
    done
    check "$dir/tce" regress --seed 3 --count 3000 --engines=csim,rtl --timing=random --bus-errors
done
echo "check-widths: DATA_W $widths: all passed"
