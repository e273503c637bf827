#!/usr/bin/env bash
# Set up a fresh Debian machine (if needed), build tce, and run the whole test suite:
# once as a normal build and once under AddressSanitizer + UBSan. Exits non-zero on any
# failure. Usage: scripts/test.sh   (from anywhere; builds in build/ and build-asan/)
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
