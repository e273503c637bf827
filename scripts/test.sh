#!/usr/bin/env bash
# Set up a fresh Debian machine (if needed), build tce, and run the whole test suite:
# once as a normal build, once under AddressSanitizer + UBSan, then every libFuzzer
# harness for 30 s (TCE_FUZZ_SECONDS). Exits non-zero on any failure.
# Usage: scripts/test.sh   (from anywhere; builds in build/, build-asan/ and build-fuzz/)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash scripts/install-deps.sh
jobs=${TCE_JOBS:-$(nproc 2>/dev/null || echo 2)}

echo "== build (release) =="
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$jobs"
echo "== tests (release) =="
ctest --test-dir build --output-on-failure -j "$jobs"

echo "== build (AddressSanitizer + UBSan) =="
# Optimised: the sanitizers work at -O2, and -O0 made the corpus replays 50x slower.
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTCE_SANITIZE=ON >/dev/null
cmake --build build-asan -j "$jobs"
echo "== tests (AddressSanitizer + UBSan) =="
# Label 'nosan': tests of Verilated C++, which is not built with the sanitizers.
# Label 'rtl': lint and synthesis of the RTL, which do not depend on the C build and
# already ran above. Everything written in C runs again here.
ctest --test-dir build-asan --output-on-failure -j "$jobs" -LE 'nosan|rtl'

echo "== fuzzing (libFuzzer, ASan + UBSan: each harness ${TCE_FUZZ_SECONDS:-30} s) =="
# A third build, with clang: every reader of outside data under coverage-guided fuzzing
# from the repository's seeds (docs/fuzzing.md). A finding fails the run.
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
      -DCMAKE_CXX_COMPILER=clang++ -DTCE_SANITIZE=ON -DTCE_FUZZ=ON \
      -DTCE_FUZZ_SECONDS="${TCE_FUZZ_SECONDS:-30}" >/dev/null
cmake --build build-fuzz -j "$jobs" --target fuzz_all
ctest --test-dir build-fuzz --output-on-failure -j "$jobs" -L fuzz
