#!/bin/bash
# Judge PTX instruction lines with ptxas (CUDA 13.0): reads "target<TAB>instruction" lines on
# stdin and writes "target<TAB>ok|error<TAB>instruction<TAB>first ptxas error" lines, the format
# of tests/data/ptxcorpus/ptxas_verdicts.tsv. Each line is assembled alone in the corpus kernel
# (the registers its README names). Usage: scripts/ptxas-verdicts.sh [-j N] < in.tsv > out.tsv
set -euo pipefail
jobs=2
[ "${1:-}" = -j ] && { jobs=$2; shift 2; }
command -v ptxas >/dev/null || { echo "ptxas-verdicts: ptxas not on PATH" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
judge() { # $1 = index, $2 = target, $3 = instruction
    local f="$4/$1.ptx" msg
    printf '.version 9.0\n.target %s\n.address_size 64\n.entry k()\n{\n.reg .b16 %%rs<8>; .reg .b32 %%r<16>; .reg .b64 %%rd<8>;\n.reg .f32 %%f<4>; .reg .f64 %%fd<4>; .reg .pred %%p<4>;\n%s\nret;\n}\n' "$2" "$3" > "$f"
    # ptxas refuses a whole file that uses a 32-bit generic address ("32-Bit ABI ... not
    # supported", no line named); like the corpus, that does not count against the line
    if msg=$(ptxas -arch="$2" "$f" -o /dev/null 2>&1) || ! printf '%s\n' "$msg" | grep -E 'error|fatal' | grep -vq '32-Bit ABI'; then
        printf '%s\t%s\tok\t%s\t\n' "$1" "$2" "$3"
    else
        msg=$(printf '%s\n' "$msg" | grep -E 'error|fatal' | grep -v '32-Bit ABI' | head -1 | sed -E 's/^ptxas [^;]*; error *: *//; s/^ptxas [^;]*; fatal *: *//; s/^ptxas fatal *: *//')
        printf '%s\t%s\terror\t%s\t%s\n' "$1" "$2" "$3" "$msg"
    fi
}
export -f judge
n=0
while IFS=$'\t' read -r t insn; do
    [ -z "$t" ] && continue
    n=$((n + 1))
    printf '%s\t%s\t%s\0' "$n" "$t" "$insn"
done | xargs -0 -P "$jobs" -I{} bash -c 'IFS=$'"'\t'"' read -r i t s <<< "$1"; judge "$i" "$t" "$s" "$2"' _ {} "$dir" \
    | sort -n -k1,1 | cut -f2-
