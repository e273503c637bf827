#!/usr/bin/env bash
# Profile-guided build of the engine's Verilated model (docs/sim_speed.md, "Profile-guided
# build"): instrument it, train it on the simulator-speed workload and a short randomized
# regression (so tensor paths get a profile too), then rebuild with the profile. Opt-in:
# the CI builds without it. Rerun after the RTL changes (a stale profile only tunes less).
# Usage: scripts/sim_pgo.sh [build-dir]   (default build/; the same directory throughout,
# since the profile files are named after the object files' paths)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
dir=${1:-build}
jobs=${TCE_JOBS:-2}

cmake -S . -B "$dir" -DTCE_SIM_PGO=generate >/dev/null
cmake --build "$dir" --target tce -j "$jobs"
rm -rf "$dir/sim-pgo" # profiles add up across runs: train from nothing
"$dir/tce" bench --sim --engine-cycles 400000
"$dir/tce" regress --seed 1 --count 300 --engines=csim,rtl >/dev/null
cmake -S . -B "$dir" -DTCE_SIM_PGO=use >/dev/null
cmake --build "$dir" -j "$jobs"
echo "sim_pgo: $dir/tce now runs the profile-guided model (TCE_SIM_PGO=use)"
