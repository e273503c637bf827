#!/usr/bin/env bash
# Set up a fresh Debian machine (if needed), build tce, and run its main job on the
# built-in default. Usage: scripts/main.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "${TCE_JOBS:-$(nproc 2>/dev/null || echo 2)}"
exec ./build/tce replay tests/data/hwcorpus/*.txt --quiet
