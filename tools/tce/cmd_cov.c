/* `tce cov [--waivers=FILE] [--holes=FILE] [--line-goal=P] [--toggle-goal=P] [--check] DAT...`:
 * the per-module summary of Verilator coverage files (scripts/coverage.sh writes them,
 * docs/coverage.md). Line points are statement blocks and branches, toggle points one per
 * signal bit; a module's instances are one point. A waiver names one hole and why it may
 * stay open; a waived hole leaves the module's total, and a waiver that matches no hole is
 * an error (it is stale, or names a hole that does not exist). */
#define _POSIX_C_SOURCE 200809L /* getline */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cov_dat.h"
#include "input_file.h"
#include "num_parse.h"

static const char *const kind_name[COV_KIND_N] = {"line", "toggle"};

typedef struct {
    char module[128], what[512];
    cov_kind kind;
    unsigned long lno; /* line in the waiver file */
    unsigned matched;
} waiver;

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* One index of a waiver's signal against the point's: `*` is any index, `HI:LO` a range of
 * them (a bus's constant bits in one line), anything else itself. */
static bool index_matches(const char *w, size_t wl, const char *p, size_t pl)
{
    if (wl == 1 && w[0] == '*')
        return true;
    const char *colon = memchr(w, ':', wl);
    if (!colon)
        return wl == pl && !memcmp(w, p, wl);
    char *end;
    unsigned long hi = strtoul(w, &end, 10), lo, b;
    if (end != colon || colon + 1 == w + wl)
        return false;
    lo = strtoul(colon + 1, &end, 10);
    if (end != w + wl || pl == 0)
        return false;
    b = strtoul(p, &end, 10);
    return end == p + pl && lo <= b && b <= hi;
}

/* A toggle point's comment is the signal with its indices ("sig[3]", "arr[1][3]"); a waiver
 * names the signal alone (every bit), or with as many indices, each of them exact, `*` or
 * a range `HI:LO`. A line waiver is FILE:LINE with FILE the source's name. */
static bool waiver_matches(const waiver *w, const cov_point *p)
{
    if (w->kind != p->kind || strcmp(w->module, p->module))
        return false;
    if (p->kind == COV_LINE) {
        char at[600];
        snprintf(at, sizeof at, "%s:%lu", base_name(p->file), p->line);
        return !strcmp(w->what, at);
    }
    const char *a = w->what, *b = p->comment;
    size_t an = strcspn(a, "["), bn = strcspn(b, "[");
    if (an != bn || strncmp(a, b, an))
        return false;
    a += an;
    b += bn;
    if (!*a)
        return true; /* the whole signal */
    while (*a == '[' && *b == '[') {
        size_t al = strcspn(a + 1, "]"), bl = strcspn(b + 1, "]");
        if (a[1 + al] != ']' || b[1 + bl] != ']' || !index_matches(a + 1, al, b + 1, bl))
            return false;
        a += al + 2;
        b += bl + 2;
    }
    return !*a && !*b;
}

static int read_waivers(const char *path, waiver **out, size_t *nout)
{
    char why[300];
    FILE *f = tce_input_open(path, why, sizeof why);
    if (!f) {
        fprintf(stderr, "tce cov: %s\n", why);
        return -1;
    }
    waiver *v = NULL;
    size_t n = 0, cap = 0, lcap = 0;
    char *buf = NULL;
    unsigned long lno = 0;
    int rc = 0;
    while (rc == 0 && getline(&buf, &lcap, f) >= 0) {
        lno++;
        buf[strcspn(buf, "\r\n")] = '\0';
        char *s = buf + strspn(buf, " \t");
        if (!*s || *s == '#')
            continue;
        char mod[128], kind[16], what[512];
        int used = 0;
        if (sscanf(s, "%127s %15s %511s %n", mod, kind, what, &used) != 3 || !s[used]) {
            fprintf(stderr, "%s:%lu: a waiver is MODULE line|toggle FILE:LINE|SIGNAL REASON\n",
                    path, lno);
            rc = -1;
            break;
        }
        cov_kind k = COV_KIND_N;
        for (int i = 0; i < COV_KIND_N; i++)
            if (!strcmp(kind, kind_name[i]))
                k = (cov_kind)i;
        if (k == COV_KIND_N) {
            fprintf(stderr, "%s:%lu: kind '%s': must be line or toggle\n", path, lno, kind);
            rc = -1;
            break;
        }
        if (n == cap) {
            waiver *nv = realloc(v, (cap = cap ? cap * 2 : 64) * sizeof *v);
            if (!nv) {
                fprintf(stderr, "tce cov: out of memory\n");
                rc = -1;
                break;
            }
            v = nv;
        }
        waiver *w = &v[n++];
        snprintf(w->module, sizeof w->module, "%s", mod);
        snprintf(w->what, sizeof w->what, "%s", what);
        w->kind = k;
        w->lno = lno;
        w->matched = 0;
    }
    free(buf);
    fclose(f);
    if (rc) {
        free(v);
        return -1;
    }
    *out = v;
    *nout = n;
    return 0;
}

typedef struct {
    unsigned long total[COV_KIND_N], hit[COV_KIND_N], waived[COV_KIND_N];
} tally;

/* Per mille, rounded down, so a figure printed as meeting a goal does meet it. */
static unsigned long permille(unsigned long hit, unsigned long total)
{
    return total ? (unsigned long)((unsigned long long)hit * 1000 / total) : 1000;
}

static bool meets(unsigned long hit, unsigned long total, unsigned goal)
{
    return (unsigned long long)hit * 100 >= (unsigned long long)goal * total;
}

static void print_row(const char *name, const tally *t)
{
    printf("%-24s", name);
    for (int k = 0; k < COV_KIND_N; k++) {
        unsigned long of = t->total[k] - t->waived[k];
        unsigned long pm = permille(t->hit[k], of);
        char frac[48];
        snprintf(frac, sizeof frac, "%lu/%lu", t->hit[k], of);
        printf(" %15s %3lu.%lu%%", frac, pm / 10, pm % 10);
    }
    printf(" %7lu %7lu\n", t->waived[COV_LINE], t->waived[COV_TOGGLE]);
}

static void usage(FILE *f)
{
    fprintf(f, "usage: tce cov [--waivers=FILE] [--holes=FILE] [--line-goal=P] [--toggle-goal=P] "
               "[--check] DAT...\n"
               "  per-module line and toggle coverage of Verilator .dat files (docs/coverage.md);\n"
               "  --holes writes every uncovered, unwaived point as a waiver line without reason;\n"
               "  --check exits 1 when a module is below a goal (defaults: line 98, toggle 90)\n");
}

int cov_main(int argc, char **argv)
{
    const char *waiver_path = NULL, *holes_path = NULL;
    unsigned goal[COV_KIND_N] = {98, 90};
    bool check = false;
    int ndat = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strncmp(a, "--waivers=", 10))
            waiver_path = a + 10;
        else if (!strncmp(a, "--holes=", 8))
            holes_path = a + 8;
        else if (!strcmp(a, "--check"))
            check = true;
        else if (!strncmp(a, "--line-goal=", 12) || !strncmp(a, "--toggle-goal=", 14)) {
            const char *eq = strchr(a, '=');
            char opt[16];
            snprintf(opt, sizeof opt, "%.*s", (int)(eq - a), a);
            uint64_t g;
            if (!tce_opt_u64("cov", opt, eq + 1, 0, 100, &g))
                return 2;
            goal[a[2] == 'l' ? COV_LINE : COV_TOGGLE] = (unsigned)g;
        } else if (a[0] == '-') {
            fprintf(stderr, "tce cov: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        } else
            ndat++;
    }
    if (!ndat) {
        fprintf(stderr, "tce cov: no coverage file given\n");
        usage(stderr);
        return 2;
    }
    cov_table t = {0};
    char why[1500];
    for (int i = 1; i < argc; i++)
        if (argv[i][0] != '-' && cov_dat_read(&t, argv[i], why, sizeof why) != 0) {
            fprintf(stderr, "%s\n", why);
            cov_table_free(&t);
            return 2;
        }
    waiver *wv = NULL;
    size_t nw = 0;
    if (waiver_path && read_waivers(waiver_path, &wv, &nw) != 0) {
        cov_table_free(&t);
        return 2;
    }
    cov_point **pts = cov_table_sorted(&t);
    FILE *holes = NULL;
    if (!pts || (holes_path && !(holes = fopen(holes_path, "w")))) {
        fprintf(stderr, "tce cov: %s\n", pts ? "cannot write the holes file" : "out of memory");
        free(pts);
        free(wv);
        cov_table_free(&t);
        return 2;
    }
    for (size_t i = 0; i < t.n; i++) {
        cov_point *p = pts[i];
        if (p->count)
            continue;
        for (size_t w = 0; w < nw; w++)
            if (waiver_matches(&wv[w], p)) {
                p->waived = 1;
                wv[w].matched++;
            }
        if (holes && !p->waived) {
            if (p->kind == COV_LINE)
                fprintf(holes, "%s line %s:%lu  # %s\n", p->module, base_name(p->file), p->line,
                        p->comment);
            else
                fprintf(holes, "%s toggle %s\n", p->module, p->comment);
        }
    }
    int rc = 0;
    for (size_t w = 0; w < nw; w++)
        if (!wv[w].matched) {
            fprintf(stderr, "%s:%lu: waiver %s %s %s matches no uncovered point\n", waiver_path,
                    wv[w].lno, wv[w].module, kind_name[wv[w].kind], wv[w].what);
            rc = 2;
        }
    printf("%-24s %15s %6s %15s %6s %15s\n", "module", "line", "", "toggle", "", "waived");
    printf("%-24s %15s %6s %15s %6s %7s %7s\n", "", "hit/total", "%", "hit/total", "%", "line",
           "toggle");
    tally all, mod;
    memset(&all, 0, sizeof all);
    memset(&mod, 0, sizeof mod);
    unsigned nmod = 0, nmeet = 0;
    for (size_t i = 0; i <= t.n; i++) {
        if (i > 0 && (i == t.n || strcmp(pts[i]->module, pts[i - 1]->module))) {
            print_row(pts[i - 1]->module, &mod);
            nmod++;
            bool ok = true;
            for (int k = 0; k < COV_KIND_N; k++)
                ok &= meets(mod.hit[k], mod.total[k] - mod.waived[k], goal[k]);
            nmeet += ok;
            memset(&mod, 0, sizeof mod);
        }
        if (i == t.n)
            break;
        cov_point *p = pts[i];
        tally *ts[2] = {&mod, &all};
        for (int j = 0; j < 2; j++) {
            ts[j]->total[p->kind]++;
            ts[j]->hit[p->kind] += p->count != 0;
            ts[j]->waived[p->kind] += p->waived;
        }
    }
    print_row("all", &all);
    printf("%u modules, %u meet the goals (line >= %u%%, toggle >= %u%%)\n", nmod, nmeet,
           goal[COV_LINE], goal[COV_TOGGLE]);
    if (check && nmeet != nmod && !rc)
        rc = 1;
    if (holes && fclose(holes) != 0) {
        fprintf(stderr, "tce cov: %s: write error\n", holes_path);
        rc = 2;
    }
    free(pts);
    free(wv);
    cov_table_free(&t);
    return rc;
}
