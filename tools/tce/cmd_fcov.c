/* `tce fcov [--misses=FILE] [--bins] [--check] COUNTS...`: the functional-coverage report
 * (docs/coverage.md): the count files engines write under TCE_FCOV_DIR merged, the share of
 * legal bins hit per group, and the legal bins missed. A hit on an excluded bin is an
 * error (an illegal operation that completed, or an exclusion that is wrong), as is a line
 * that names no bin. --bins lists every bin with its exclusion reason instead. */
#define _POSIX_C_SOURCE 200809L /* getline */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fcov.h"
#include "input_file.h"
#include "num_parse.h"

typedef struct {
    char name[FCOV_NAME_MAX];
    const char *why; /* NULL: legal */
} bin;

typedef struct {
    bin *v;            /* report order */
    const bin **named; /* the same bins sorted by name: a count line is a binary search */
    size_t n, cap;
    bool oom;
} bins;

static void add_bin(void *ctx, const char *name, const char *why)
{
    bins *b = ctx;
    if (b->n == b->cap) {
        size_t nc = b->cap ? b->cap * 2 : 512;
        bin *p = realloc(b->v, nc * sizeof *p);
        if (!p) {
            b->oom = true;
            return;
        }
        b->v = p;
        b->cap = nc;
    }
    bin *x = &b->v[b->n++];
    snprintf(x->name, sizeof x->name, "%s", name);
    x->why = why;
}

static int by_name(const void *a, const void *b)
{
    return strcmp((*(const bin *const *)a)->name, (*(const bin *const *)b)->name);
}

/* The bins depend on nothing the command reads, so they are built once per process: a
 * caller running the command many times in one process (tests/fuzz) pays for them once. */
static const bins *bin_table(void)
{
    static bins b;
    if (b.named)
        return &b;
    fcov_enumerate(add_bin, &b);
    if (!b.oom && !(b.named = malloc((b.n ? b.n : 1) * sizeof *b.named)))
        b.oom = true;
    if (b.oom) {
        free(b.v);
        memset(&b, 0, sizeof b);
        return NULL;
    }
    for (size_t i = 0; i < b.n; i++)
        b.named[i] = &b.v[i];
    qsort(b.named, b.n, sizeof *b.named, by_name);
    return &b;
}

/* The index of the bin called name, or -1. */
static long find_bin(const bins *b, const char *name)
{
    size_t lo = 0, hi = b->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(name, b->named[mid]->name);
        if (!c)
            return (long)(b->named[mid] - b->v);
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return -1;
}

static int read_counts(const bins *b, unsigned long long *hits, const char *path)
{
    char why[300];
    FILE *f = tce_input_open(path, why, sizeof why);
    if (!f) {
        fprintf(stderr, "tce fcov: %s\n", why);
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    unsigned long lno = 0;
    int rc = 0;
    while (rc == 0 && getline(&line, &cap, f) >= 0) {
        lno++;
        line[strcspn(line, "\r\n")] = '\0';
        if (lno == 1) {
            if (strcmp(line, "# tce fcov 1")) {
                fprintf(stderr, "%s:1: not a tce fcov count file (no '# tce fcov 1')\n", path);
                rc = -1;
            }
            continue;
        }
        char *sp = strchr(line, ' ');
        uint64_t c;
        if (!sp || (*sp = '\0', tce_num_u64_in(line, 1, UINT64_MAX, &c) != TCE_NUM_OK)) {
            fprintf(stderr, "%s:%lu: a count line is COUNT BIN with COUNT >= 1\n", path, lno);
            rc = -1;
            break;
        }
        long x = find_bin(b, sp + 1);
        if (x < 0) {
            fprintf(stderr, "%s:%lu: '%s' is not a bin (tce fcov --bins lists them)\n", path, lno,
                    sp + 1);
            rc = -1;
            break;
        }
        hits[x] = hits[x] + c < hits[x] ? UINT64_MAX : hits[x] + c;
    }
    if (rc == 0 && lno == 0) {
        fprintf(stderr, "%s: empty, not a tce fcov count file\n", path);
        rc = -1;
    }
    free(line);
    fclose(f);
    return rc;
}

static size_t group_len(const char *name) { return strcspn(name, "/"); }

static void usage(FILE *f)
{
    fprintf(f, "usage: tce fcov [--misses=FILE] [--check] COUNTS...   report of the count files\n"
               "       tce fcov --bins                                 every bin, legal or why not\n"
               "  count files are written by engines run with TCE_FCOV_DIR=DIR (docs/coverage.md);\n"
               "  --misses writes the legal bins no run hit; --check exits 1 when there are any\n");
}

int fcov_main(int argc, char **argv)
{
    const char *misses_path = NULL;
    bool list = false, check = false;
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        } else if (!strncmp(argv[i], "--misses=", 9))
            misses_path = argv[i] + 9;
        else if (!strcmp(argv[i], "--bins"))
            list = true;
        else if (!strcmp(argv[i], "--check"))
            check = true;
        else if (argv[i][0] == '-') {
            fprintf(stderr, "tce fcov: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        } else
            nfiles++;
    }
    const bins *t = bin_table();
    unsigned long long *hits = t ? calloc(t->n ? t->n : 1, sizeof *hits) : NULL;
    if (!hits) {
        fprintf(stderr, "tce fcov: out of memory\n");
        return 2;
    }
    const bins b = *t;
    if (list) {
        for (size_t i = 0; i < b.n; i++)
            printf("%s%s%s\n", b.v[i].name,
                   !b.v[i].why ? "" : "  excluded: ",
                   b.v[i].why ? b.v[i].why : "");
        free(hits);
        return 0;
    }
    if (!nfiles) {
        fprintf(stderr, "tce fcov: no count file given\n");
        usage(stderr);
        free(hits);
        return 2;
    }
    for (int i = 1; i < argc; i++)
        if (argv[i][0] != '-' && read_counts(&b, hits, argv[i]) != 0) {
            free(hits);
            return 2;
        }
    int rc = 0;
    for (size_t i = 0; i < b.n; i++)
        if (b.v[i].why && hits[i]) {
            fprintf(stderr, "tce fcov: excluded bin %s was hit %llu times (excluded: %s)\n",
                    b.v[i].name, hits[i], b.v[i].why);
            rc = 1;
        }
    FILE *mf = NULL;
    if (misses_path && !(mf = fopen(misses_path, "w"))) {
        fprintf(stderr, "tce fcov: cannot write %s\n", misses_path);
        free(hits);
        return 2;
    }
    printf("%-10s %7s %7s %7s %9s\n", "group", "legal", "hit", "%", "excluded");
    unsigned long legal = 0, hit = 0, excl = 0, glegal = 0, ghit = 0, gexcl = 0;
    for (size_t i = 0; i <= b.n; i++) {
        if (i > 0 && (i == b.n || group_len(b.v[i].name) != group_len(b.v[i - 1].name) ||
                      strncmp(b.v[i].name, b.v[i - 1].name, group_len(b.v[i].name)))) {
            unsigned long pm = glegal ? (unsigned long)(ghit * 1000ull / glegal) : 1000;
            printf("%-10.*s %7lu %7lu %5lu.%lu%% %9lu\n", (int)group_len(b.v[i - 1].name),
                   b.v[i - 1].name, glegal, ghit, pm / 10, pm % 10, gexcl);
            glegal = ghit = gexcl = 0;
        }
        if (i == b.n)
            break;
        if (b.v[i].why) {
            gexcl++;
            excl++;
            continue;
        }
        glegal++;
        legal++;
        if (hits[i]) {
            ghit++;
            hit++;
        } else if (mf)
            fprintf(mf, "%s\n", b.v[i].name);
    }
    unsigned long pm = legal ? (unsigned long)(hit * 1000ull / legal) : 1000;
    printf("%-10s %7lu %7lu %5lu.%lu%% %9lu\n", "all", legal, hit, pm / 10, pm % 10, excl);
    if (mf && fclose(mf) != 0) {
        fprintf(stderr, "tce fcov: write error on %s\n", misses_path);
        rc = 2;
    }
    if (check && hit != legal && !rc)
        rc = 1;
    free(hits);
    return rc;
}
