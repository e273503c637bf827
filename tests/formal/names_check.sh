#!/bin/sh
# Checks that prove.sh names the assertion an ABC run breaks (docs/formal.md): runs abcbmc on
# names_fv.sv, whose only assertion reachable first is the one marked BREAKS, and passes when
# the failure is reported as that line of names_fv.sv in instance u_leaf; then abcprove 1 on
# names_ind_fv.sv, whose inductive step breaks only the assertion marked NOT INDUCTIVE: the
# report must name that line and not its inductive neighbour.
#   names_check.sh OUTDIR
set -u
here=$(dirname "$0")
out=${1:?usage: names_check.sh OUTDIR}
line=$(grep -n "// BREAKS" "$here/names_fv.sv" | cut -d: -f1)
report=$(sh "$here/prove.sh" "$out" names_fv abcbmc 8 -- "$here/names_fv.sv")
rc=$?
printf '%s\n' "$report"
[ $rc -eq 77 ] && exit 77
if [ $rc -ne 1 ]; then echo "FAIL: names_fv: prove.sh exited $rc, not 1 (a broken assertion)"; exit 1; fi
want="$here/names_fv.sv:$line in u_leaf: Output"
if ! printf '%s\n' "$report" | grep -qF "$want"; then
    echo "FAIL: names_fv: the report does not name names_fv.sv:$line in u_leaf"
    exit 1
fi
echo "names_fv: the broken assertion is named names_fv.sv:$line in u_leaf"
line1=$line
line=$(grep -n "// NOT INDUCTIVE" "$here/names_ind_fv.sv" | cut -d: -f1)
report=$(sh "$here/prove.sh" "$out-ind" names_ind_fv abcprove 1 -- "$here/names_ind_fv.sv")
rc=$?
printf '%s\n' "$report"
if [ $rc -ne 1 ]; then echo "FAIL: names_ind_fv: prove.sh exited $rc, not 1 (a failed inductive step)"; exit 1; fi
named=$(printf '%s\n' "$report" | grep -F "breaks in the inductive step")
if [ "$named" = "" ] || [ "$(printf '%s\n' "$named" | grep -vcF "names_ind_fv.sv:$line:")" != 0 ]; then
    echo "FAIL: names_ind_fv: the inductive step's failure is not named names_ind_fv.sv:$line alone"
    exit 1
fi
echo "PASS: the broken assertion is named names_fv.sv:$line1 in u_leaf; the inductive step's, names_ind_fv.sv:$line"
exit 0
