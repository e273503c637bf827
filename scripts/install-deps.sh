#!/usr/bin/env bash
# Install what building and testing tce needs on a fresh Debian machine, and nothing that
# is already there. Non-interactive; uses sudo only when not root. Safe to run repeatedly:
# every package is checked first, so a machine that has everything makes no apt call.
#
#   cmake, gcc, g++   the C model, tools and the Verilator bridge (C++ is bridge/ only)
#   verilator         RTL lint (rtl-lint) and the co-simulation bridge
#   yosys             RTL synthesis check (rtl-synth: generic synth, no latches); its
#                     yosys-smtbmc drives the formal proofs (tests/formal/, docs/formal.md)
#   z3                the SMT solver of the formal proofs
#   iverilog          a second, independent Verilog front end (later tests)
#   gtkwave           viewing the FST waves the bridge dumps (waves/ has the save files)
#   libsystemc-dev    SystemC models of the memory side (later)
#   gcc-riscv64-unknown-elf  rv32imc cross build of the firmware for a soft CPU
#                     (firmware-riscv-build; brings binutils-riscv64-unknown-elf)
#   clang             libFuzzer harnesses (the fuzzing stage of scripts/test.sh; Debian's
#                     clang brings libclang-rt with libFuzzer)
#   --with-slurm      optional: slurm-wlm and munge, for the regress-slurm test (a one-node
#                     cluster running scripts/slurm/); CI does not need them, the test skips
set -euo pipefail

# command name -> Debian package; a command found on PATH counts as installed.
want_cmds=(cmake:cmake gcc:gcc g++:g++ make:make verilator:verilator yosys:yosys z3:z3
           iverilog:iverilog gtkwave:gtkwave clang:clang
           riscv64-unknown-elf-gcc:gcc-riscv64-unknown-elf)
# packages without a command of their own: checked with dpkg.
want_pkgs=(libsystemc-dev)
if [ "${1:-}" = --with-slurm ]; then
    want_cmds+=(sbatch:slurm-wlm munge:munge)
elif [ $# -gt 0 ]; then
    echo "usage: $0 [--with-slurm]" >&2
    exit 2
fi

missing=()
for pair in "${want_cmds[@]}"; do
    cmd=${pair%%:*}
    pkg=${pair#*:}
    command -v "$cmd" >/dev/null 2>&1 || missing+=("$pkg")
done
for pkg in "${want_pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-deps: missing ${missing[*]} and no apt-get here; install them by hand" >&2
    exit 1
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
        echo "install-deps: missing ${missing[*]}; not root and no sudo to install them" >&2
        exit 1
    fi
    sudo_cmd=(sudo)
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
