# Names the assertions of an and-inverter graph: reads Yosys's `dump` of the $assert cells,
# written just before write_aiger (same order: graph output N is cell N+1), and prints one line
# per cell, "FILE:LINE in INSTANCE". The cell name's line is where the statement before it
# ended; the src attribute's end line is the assertion's own (for TCE_AXI_RULE, its message).
/^ *attribute \\src / { src = $3; gsub(/"/, "", src); next }
/^ *cell \$assert / {
    name = $3; path = name; file = ""
    # $assert$FILE:START$N, or $cover$... for a cover made an assertion
    if (match(name, /\$(assert|cover)\$[^$]*:[0-9]+\$[0-9]+$/)) {
        path = substr(name, 1, RSTART - 1)
        file = substr(name, RSTART + 1); sub(/^[a-z]*\$/, "", file); sub(/\$[0-9]+$/, "", file)
    }
    gsub(/\$flatten/, "", path); gsub(/\\/, "", path); sub(/\.$/, "", path)
    where = ""
    if (file == "") { print name " (" src ")"; src = ""; next }   # a labelled assertion
    n = split(src, part, "|")
    for (i = 1; i <= n; i++) {
        f = part[i]; sub(/\.[0-9]+-[0-9.]+$/, "", f)
        if (f == file) {   # FILE:START of the cell's own part (a flattened cell's src also
                           # names the instances it sits in)
            e = part[i]; sub(/^.*-/, "", e); sub(/\..*$/, "", e)
            sub(/:[0-9]+$/, ":" e, f); where = f
            break
        }
    }
    if (where == "") where = name
    print where (path == "" ? "" : " in " path)
    src = ""
}
