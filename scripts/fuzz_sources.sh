#!/bin/bash
# fuzz_sources.sh BUILD HARNESS [SINCE]: the repository files a libFuzzer harness is built
# from: the sources of the objects linked into it (its DWARF compile units) and every header
# their compiler depfiles name. With SINCE (a commit), the commits after it that touch them:
# whether a campaign's code changed since its run (docs/fuzzing.md, "Which runs still stand").
# A listed file is linked, not necessarily reached; read the commits' hunks to decide that.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 BUILD-DIR HARNESS [SINCE-COMMIT]" >&2; exit 2; }
build=$(cd "$1" && pwd); bin=$build/tests/fuzz_$2
src=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
[ -x "$bin" ] || { echo "$0: $bin: no such harness (build the fuzz_all target)" >&2; exit 2; }
dwarf=$(command -v llvm-dwarfdump || true)
[ -n "$dwarf" ] || { echo "$0: llvm-dwarfdump not found (Debian: llvm)" >&2; exit 2; }
# the compile units' file names (an object is linked whole, so all of it counts)
units=$("$dwarf" --debug-info "$bin" |
        awk '/DW_TAG_compile_unit/ {cu = 1; next}
             cu && /DW_AT_name/ {match($0, /"[^"]+"/); s = substr($0, RSTART + 1, RLENGTH - 2);
                                 n = split(s, p, "/"); print p[n]; cu = 0}' | sort -u)
files=$(
  find "$build" -name '*.o.d' | while read -r d; do
    obj=$(basename "$d" .o.d)
    grep -qxF "$obj" <<< "$units" || continue
    # a depfile's paths are relative to the directory that holds its CMakeFiles/
    base=${d%%/CMakeFiles/*}
    # shellcheck disable=SC2046 # one argument a path
    (cd "$base" && realpath -m $(sed 's/\\$//' "$d" | tr ' ' '\n' | grep -v ':$' | grep .))
  done | while read -r p; do
    case $p in "$build"/*) ;; "$src"/*) echo "${p#"$src"/}" ;; esac
  done | sort -u)
if [ $# -ge 3 ]; then
  # shellcheck disable=SC2086 # one argument a file
  git -C "$src" log --no-merges --format='%h %s' "$3"..HEAD -- $files | cut -c1-160
else
  echo "$files"
fi
