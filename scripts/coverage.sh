#!/bin/sh
# Code coverage of the engine (docs/coverage.md): a build directory build-cov/ whose
# engine model counts Verilator line and toggle points (-DTCE_COVERAGE=ON), CI's RTL
# co-simulation tests run on it (every CTest test that drives the default engine model:
# corpus and probe replays, tce regress runs, scenarios, the C testbenches), then
#   build-cov/coverage/merged.dat   every run's counts, merged by verilator_coverage
#   build-cov/coverage/merged.info  the same as an lcov file; html/index.html by genhtml
#   build-cov/coverage/summary.txt  line and toggle coverage of every module (tce cov),
#                                   after the waivers of tests/coverage_waivers.txt
#   build-cov/coverage/holes.txt    every uncovered point no waiver names
#   build-cov/coverage/fcov.txt     functional coverage of the same runs (tce fcov): the
#                                   share of legal bins hit; fcov-misses.txt the misses
# Exit 1 when a test fails or a module is below the goals (line 98%, toggle 90%).
# Usage, from the repository root: scripts/coverage.sh [-j N]
set -u
jobs=2
[ "${1:-}" = "-j" ] && jobs=${2:?-j needs a number}
dir=build-cov
out=$dir/coverage
# The tests that run the default engine model through the bridge; the lite model, the
# unit testbenches and the SystemC model are other builds and write no counts.
tests='^(run-rtl-|replay-rtl-|regress-rtl-|test_rtl_|soc-iss-tile$|bench-perf$|waves-gtkw$)'
# tests/rtl_units/ are unit testbenches, each its own Verilated model (not built here),
# with their variants (test_rtl_reduce-planted).
exclude='^test_rtl_lite$'
for f in tests/rtl_units/test_rtl_*.c; do
    exclude="$exclude|^$(basename "$f" .c)(\$|-)"
done

for tool in verilator_coverage genhtml; do
    command -v $tool >/dev/null || { echo "coverage: $tool is not installed (scripts/install-deps.sh)"; exit 2; }
done
cmake -S . -B $dir -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTCE_COVERAGE=ON >/dev/null || exit 2
targets="tce test_soc_firmware"
for f in tests/rtl/test_rtl_*.c; do
    targets="$targets $(basename "$f" .c)"
done
# shellcheck disable=SC2086 # one word per target
cmake --build $dir -j"$jobs" --target $targets >/dev/null || { echo "coverage: build failed"; exit 2; }

rm -rf "$out"
mkdir -p "$out/dat" "$out/fcov"
start=$(date +%s)
rc=0
TCE_COVERAGE_DIR=$(pwd)/$out/dat TCE_FCOV_DIR=$(pwd)/$out/fcov ctest --test-dir $dir -R "$tests" -E "$exclude" -j"$jobs" \
    --output-on-failure >"$out/ctest.log" 2>&1 || rc=1
tail -n 3 "$out/ctest.log"
ndat=$(find "$out/dat" -name '*.dat' | wc -l)
if [ "$ndat" -eq 0 ]; then
    echo "coverage: no .dat file written: is $dir built with -DTCE_COVERAGE=ON?"
    exit 2
fi
find "$out/dat" -name '*.dat' -print0 | xargs -0 verilator_coverage --write "$out/merged.dat" \
    >/dev/null || exit 2
rm -rf "$out/dat"
verilator_coverage --write-info "$out/merged.info" "$out/merged.dat" >/dev/null || exit 2
genhtml --quiet --output-directory "$out/html" "$out/merged.info" >/dev/null 2>"$out/genhtml.log" ||
    { echo "coverage: genhtml failed, see $out/genhtml.log"; exit 2; }
$dir/tce cov --waivers=tests/coverage_waivers.txt --holes="$out/holes.txt" --check \
    "$out/merged.dat" >"$out/summary.txt"
covrc=$?
cat "$out/summary.txt"
echo "coverage: $ndat runs merged in $(($(date +%s) - start)) s; report $out/html/index.html," \
     "holes $out/holes.txt ($(wc -l <"$out/holes.txt") points)"
$dir/tce fcov --misses="$out/fcov-misses.txt" "$out"/fcov/fcov-*.txt >"$out/fcov.txt"
fcovrc=$?
cat "$out/fcov.txt"
echo "coverage: functional coverage misses in $out/fcov-misses.txt ($(wc -l <"$out/fcov-misses.txt") bins)"
[ $covrc -ge 2 ] || [ $fcovrc -ge 2 ] && exit 2
[ $fcovrc -ne 0 ] && rc=1
[ $rc -ne 0 ] || [ $covrc -ne 0 ] && exit 1
exit 0
