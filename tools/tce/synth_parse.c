/* Yosys log reader for `tce synth` (synth_parse.h). The log formats read here are those of
 * Yosys 0.23's `stat` ("=== NAME ===" blocks, "Number of cells:" and one "TYPE COUNT" line
 * per cell type), `ltp` and `proc_dlatch`. */
#include "synth_parse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void copy_text(char *dst, size_t cap, const char *src, size_t n)
{
    if (n >= cap)
        n = cap - 1;
    memcpy(dst, src, n);
    dst[n] = 0;
}

static const char *skip_spaces(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

/* "NAME COUNT" with NAME not containing spaces; false for any other shape. */
static bool parse_name_count(const char *line, size_t len, char *name, size_t cap, long *count)
{
    const char *p = skip_spaces(line), *end = line + len;
    const char *t0 = p;
    while (p < end && *p != ' ' && *p != '\t')
        p++;
    if (p == t0 || p >= end)
        return false;
    size_t tlen = (size_t)(p - t0);
    p = skip_spaces(p);
    if (p >= end || *p < '0' || *p > '9')
        return false;
    char *num_end;
    long v = strtol(p, &num_end, 10);
    if (skip_spaces(num_end) != end)
        return false;
    copy_text(name, cap, t0, tlen);
    *count = v;
    return true;
}

/* Counts and instance products past this are refused, not added: no design this tool
 * reports on comes near it, and sums and products of numbers below it (at most 48
 * modules of 64 cell types) fit in a long. */
#define SYN_COUNT_MAX 10000000L

/* A count outside 0..SYN_COUNT_MAX on line lno: the log is marked unreadable (error). */
static bool too_big(syn_log *out, unsigned long lno, long v, const char *line)
{
    if (v >= 0 && v <= SYN_COUNT_MAX)
        return false;
    if (!out->error) {
        out->error = true;
        snprintf(out->error_line, sizeof out->error_line, "line %lu: a count outside 0..%ld: %.120s",
                 lno, SYN_COUNT_MAX, line);
    }
    return true;
}

static void add_count(syn_module *m, const char *type, long n)
{
    for (size_t i = 0; i < m->ntypes; i++) {
        if (!strcmp(m->by_type[i].type, type)) {
            m->by_type[i].count += n;
            return;
        }
    }
    if (m->ntypes < SYN_MAX_TYPES) {
        copy_text(m->by_type[m->ntypes].type, sizeof m->by_type[0].type, type, strlen(type));
        m->by_type[m->ntypes++].count = n;
    }
}

static bool starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

const char *syn_base_name(const char *name)
{
    if (starts_with(name, "$paramod")) {
        const char *slash = strchr(name, '\\');
        if (slash) {
            /* "$paramod\mod\PARAM=..." (short form) names the module right after the
             * first backslash; "$paramod$<hash>\mod" likewise. */
            const char *base = slash + 1;
            return base;
        }
    }
    return name[0] == '\\' ? name + 1 : name;
}

/* Base names compare up to a backslash (the short $paramod form appends parameters). */
static bool base_equals(const char *name, const char *want)
{
    const char *b = syn_base_name(name);
    size_t n = strlen(want);
    return strncmp(b, want, n) == 0 && (b[n] == 0 || b[n] == '\\');
}

typedef enum { IN_NONE, IN_MODULE, IN_HIER_LIST, IN_HIER_TOTAL } parse_state;
/* Levels of the hierarchy tree tracked (deeper lines count as this depth). */
#define HIER_MAX_DEPTH 16

bool syn_parse_log(const char *text, syn_log *out)
{
    if (!text)
        return false;
    memset(out, 0, sizeof *out);
    out->ltp_length = -1;
    out->cpu_user_s = -1;
    out->sta_ps = -1;
    /* `sta`'s path listing: cell lines ("  TIME CELL (TYPE.ARC)") alternate with the net
     * lines between them, endpoint first; 0 outside it, 1 after the header, 2 after the
     * endpoint cell, 3 once the endpoint's net is read. */
    int sta = 0;
    char sta_prev_net[SYN_NAME_MAX] = "";
    parse_state st = IN_NONE;
    syn_module *cur = NULL;
    bool in_cells = false;
    long hier_mult[HIER_MAX_DEPTH] = {0};   /* instances of the tree line's module at each depth */
    const char *p = text;
    unsigned long lno = 0;
    while (*p) {
        lno++;
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        char line[512];
        copy_text(line, sizeof line, p, len);
        /* step over the whole line as read: the copy may be cut short or lose its CRs, and
         * stepping by the copy's length stopped on a last line of only CRs (a hang) */
        p = nl ? nl + 1 : p + len;
        len = strlen(line);
        while (len && line[len - 1] == '\r')
            line[--len] = 0;

        if (strstr(line, "Printing statistics.")) {
            /* A new `stat`: its blocks replace those of any earlier one. */
            out->nmodules = 0;
            out->have_total = false;
            memset(&out->total, 0, sizeof out->total);
            st = IN_NONE;
            continue;
        }
        /* The front end prefixes its errors with FILE:LINE ("x.sv:555: ERROR: ..."). */
        if ((starts_with(line, "ERROR:") || strstr(line, ": ERROR: ")) && !out->error) {
            out->error = true;
            copy_text(out->error_line, sizeof out->error_line, line, len);
        }
        if (strstr(line, "Latch inferred for signal") && !strstr(line, "No latch inferred") &&
            !out->latch) {
            out->latch = true;
            copy_text(out->latch_line, sizeof out->latch_line, line, len);
        }
        const char *cpu = strstr(line, "CPU: user ");
        if (cpu && strstr(line, "End of script."))
            out->cpu_user_s = strtol(cpu + 10, NULL, 10);
        if (starts_with(line, "Latest arrival time in ")) {
            const char *is = strstr(line, "' is ");
            if (is) {
                out->sta_ps = strtol(is + 5, NULL, 10);
                out->sta_start[0] = out->sta_end[0] = 0;
                sta_prev_net[0] = 0;
                sta = 1;
            }
            continue;
        }
        if (sta) {
            const char *q = skip_spaces(line);
            if (!*q) {
                sta = 0;
            } else if (*q >= '0' && *q <= '9') {
                /* a cell line: the path's start is the first clocked one ("CLK->", "C->") */
                if (sta == 1)
                    sta = 2;
                if (!out->sta_start[0] && (strstr(q, "CLK->") || strstr(q, ".C->") ||
                                           strstr(q, "<primary input>")))
                    snprintf(out->sta_start, sizeof out->sta_start, "%s",
                             strstr(q, "<primary input>") ? skip_spaces(strchr(q, ' ')) : sta_prev_net);
            } else {
                copy_text(sta_prev_net, sizeof sta_prev_net, q, strlen(q));
                if (sta == 2) {
                    snprintf(out->sta_end, sizeof out->sta_end, "%s", sta_prev_net);
                    sta = 3;
                }
            }
            continue;
        }
        const char *ltp = strstr(line, "Longest topological path in ");
        if (ltp) {
            const char *l = strstr(ltp, "(length=");
            if (l)
                out->ltp_length = strtol(l + 8, NULL, 10);
            continue;
        }
        if (starts_with(line, "=== ") && len > 8 && !strcmp(line + len - 4, " ===")) {
            char name[SYN_NAME_MAX];
            copy_text(name, sizeof name, line + 4, len - 8);
            in_cells = false;
            if (!strcmp(name, "design hierarchy")) {
                st = IN_HIER_LIST;
                cur = &out->total;
                memset(cur, 0, sizeof *cur);
                out->have_total = true;
                /* Instances are summed over the tree's lines below. */
                for (size_t i = 0; i < out->nmodules; i++)
                    out->modules[i].instances = 0;
            } else if (out->nmodules < SYN_MAX_MODULES) {
                st = IN_MODULE;
                cur = &out->modules[out->nmodules++];
                memset(cur, 0, sizeof *cur);
                copy_text(cur->name, sizeof cur->name, name, strlen(name));
                cur->instances = 1;
            } else {
                st = IN_NONE;
            }
            continue;
        }
        if (st == IN_NONE)
            continue;
        const char *q = skip_spaces(line);
        if (starts_with(q, "Number of cells:")) {
            long cells = strtol(q + 16, NULL, 10);
            cur->cells = too_big(out, lno, cells, line) ? 0 : cells;
            in_cells = true;
            if (st == IN_HIER_LIST)
                st = IN_HIER_TOTAL;
            continue;
        }
        if (starts_with(q, "Number of")) {
            if (st == IN_HIER_LIST)
                st = IN_HIER_TOTAL;
            continue;
        }
        char name[SYN_NAME_MAX];
        long count;
        if (st == IN_HIER_LIST) {
            /* "   module   instances": a tree, two more spaces per level, each line the
             * module's instances in its parent. A module under several parents (a row walk
             * in both tile movers) has a line under each, and one under a parent used n
             * times is there n times as often: instances = the sum over its lines of the
             * product of the counts down the tree. */
            if (*q && parse_name_count(line, len, name, sizeof name, &count) &&
                !too_big(out, lno, count, line)) {
                size_t depth = (size_t)(q - line) >= 3 ? ((size_t)(q - line) - 3) / 2 : 0;
                if (depth >= HIER_MAX_DEPTH)
                    depth = HIER_MAX_DEPTH - 1;
                long mult = count * (depth ? hier_mult[depth - 1] : 1); /* both <= 10^7 */
                if (too_big(out, lno, mult, line))
                    mult = 0;
                hier_mult[depth] = mult;
                for (size_t i = 0; i < out->nmodules; i++)
                    if (!strcmp(out->modules[i].name, name) &&
                        !too_big(out, lno, out->modules[i].instances + mult, line))
                        out->modules[i].instances += mult;
                if (!cur->name[0])
                    copy_text(cur->name, sizeof cur->name, name, strlen(name));
            }
            continue;
        }
        if (!*q) {
            if (in_cells)
                st = IN_NONE;
            in_cells = false;
            continue;
        }
        if (in_cells && parse_name_count(line, len, name, sizeof name, &count) &&
            !too_big(out, lno, count, line) && !too_big(out, lno, count + syn_count(cur, name), line))
            add_count(cur, name, count);
    }
    /* A design of one module has no hierarchy block: that module is the total. */
    if (!out->have_total && out->nmodules == 1) {
        out->total = out->modules[0];
        out->have_total = true;
    }
    static const char *latch_types[] = {"$_DLATCH", "$dlatch", "$adlatch", "$_DLATCHSR", "LDCE", "LDPE"};
    for (size_t i = 0; i < sizeof latch_types / sizeof latch_types[0] && !out->latch; i++) {
        if (syn_count_prefix(&out->total, latch_types[i]) > 0) {
            out->latch = true;
            snprintf(out->latch_line, sizeof out->latch_line, "%s cells in the netlist",
                     latch_types[i]);
        }
    }
    return true;
}

long syn_count(const syn_module *m, const char *type)
{
    for (size_t i = 0; i < m->ntypes; i++)
        if (!strcmp(m->by_type[i].type, type))
            return m->by_type[i].count;
    return 0;
}

long syn_count_prefix(const syn_module *m, const char *prefix)
{
    long n = 0;
    for (size_t i = 0; i < m->ntypes; i++)
        if (starts_with(m->by_type[i].type, prefix))
            n += m->by_type[i].count;
    return n;
}

void syn_sum_modules(const syn_log *log, const char *prefix, bool want_prefix, const char *skip,
                     syn_module *out)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < log->nmodules; i++) {
        const syn_module *m = &log->modules[i];
        if (starts_with(syn_base_name(m->name), prefix) != want_prefix)
            continue;
        if (skip && base_equals(m->name, skip))
            continue;
        out->cells += m->cells * m->instances;
        for (size_t t = 0; t < m->ntypes; t++)
            add_count(out, m->by_type[t].type, m->by_type[t].count * m->instances);
    }
}

syn_xc7 syn_xc7_group(const syn_module *m)
{
    syn_xc7 g;
    g.lut = syn_count_prefix(m, "LUT");
    /* LUT-RAM primitives by the LUTs of a SLICEM they occupy (7-series CLB guide). */
    g.lutram = 4 * (syn_count(m, "RAM32M") + syn_count(m, "RAM64M") + syn_count(m, "RAM128X1D") +
                    syn_count(m, "RAM256X1S")) +
               2 * (syn_count(m, "RAM32X1D") + syn_count(m, "RAM64X1D") + syn_count(m, "RAM128X1S")) +
               syn_count(m, "RAM32X1S") + syn_count(m, "RAM64X1S");
    g.srl = syn_count_prefix(m, "SRL");
    g.ff = syn_count_prefix(m, "FDRE") + syn_count_prefix(m, "FDSE") + syn_count_prefix(m, "FDCE") +
           syn_count_prefix(m, "FDPE");
    g.ramb36 = syn_count_prefix(m, "RAMB36");
    g.ramb18 = syn_count_prefix(m, "RAMB18");
    g.dsp = syn_count_prefix(m, "DSP48");
    g.carry4 = syn_count(m, "CARRY4");
    g.muxf = syn_count(m, "MUXF7") + syn_count(m, "MUXF8");
    return g;
}

syn_generic syn_generic_group(const syn_module *m)
{
    syn_generic g;
    g.cells = m->cells;
    g.ff = syn_count_prefix(m, "$_DFF") + syn_count_prefix(m, "$_SDFF") +
           syn_count_prefix(m, "$_ALDFF") + syn_count_prefix(m, "$_DFFSR");
    return g;
}
