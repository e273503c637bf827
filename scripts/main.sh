#!/usr/bin/env bash
# Set up a fresh Debian machine (if needed), build tce, and run its main job on the
# built-in default. Usage: scripts/main.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "${TCE_JOBS:-$(nproc 2>/dev/null || echo 2)}"
# The built-in scenario: a GEMM-style mainloop (2-D tiles, 128B swizzle, mbarrier
# pipeline, multicast to a 2-CTA cluster), an im2col convolution load and a reduce-add
# epilogue store, decoded from PTX, run on the Verilated RTL and checked against the
# golden model byte for byte; the RTL's waves go to build/main.fst.
wave=build/main.fst
rc=0
./build/tce run --backend=rtl --wave="$wave" || rc=$?
if [ -f "$wave" ]; then
  echo "waves of the run (100 MHz clock, time in ns): gtkwave $wave waves/tce.gtkw"
fi
exit "$rc"
