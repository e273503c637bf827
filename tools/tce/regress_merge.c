/* `tce regress-merge --out=FILE SHARD.xml...`: the JUnit files of shards 0..N-1 of one
 * run (same seed, count, engines, options) into the file the unsharded run writes. The
 * shards must be exactly 0..N-1, each once; the totals add up, the failing batches are
 * copied as written and put back in batch order. Reads only what regress_junit.c writes:
 * any other line is an error naming the file and line. */
#define _POSIX_C_SOURCE 200809L /* getline */
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "num_parse.h"
#include "regress_report.h"

typedef struct {
    const char *name;
    bool have;
    char text[128];
} prop;

enum { P_SEED, P_COUNT, P_ENGINES, P_OPTIONS, P_SHARD, P_SHARDS, P_BATCHES, P_OPS, P_PASSED,
       P_FAILED, P_TRAPS, P_ILLEGAL, P_UNSUP, P_BUS_INJ, P_BUS_REP, P_BUS_UNT, P_N };
static const char *const prop_names[P_N] = {
    "seed", "count", "engines", "options", "shard", "shards", "batches", "operations",
    "passed", "failed", "traps", "illegal", "unsupported", "bus_injected", "bus_reported",
    "bus_untouched"};

static bool starts(const char *s, const char *p) { return !strncmp(s, p, strlen(p)); }

/* Property values as written: the writer escapes, so "&" starts one of its entities. */
static bool unescape(const char *s, char *out, size_t cap)
{
    static const struct { const char *ent; char c; } ents[] = {
        {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}};
    size_t n = 0;
    while (*s) {
        char c = *s++;
        if ((unsigned char)c < 0x20 || c == 0x7f)
            return false; /* the writer never leaves one raw, and its \xNN form reads back as text */
        if (c == '&') {
            size_t k = 0;
            while (k < 5 && !starts(s - 1, ents[k].ent))
                k++;
            if (k == 5)
                return false;
            c = ents[k].c;
            s += strlen(ents[k].ent) - 1;
        }
        if (n + 1 >= cap)
            return false;
        out[n++] = c;
    }
    out[n] = '\0';
    return true;
}

static int bad(const char *file, unsigned long line, const char *why)
{
    fprintf(stderr, "%s:%lu: %s\n", file, line, why);
    return -1;
}

/* One shard file: its properties into p, its failing batches appended to f. */
static int read_shard(const char *file, prop *p, regress_failures *f)
{
    FILE *in = fopen(file, "r");
    if (!in) {
        fprintf(stderr, "%s: cannot read\n", file);
        return -1;
    }
    char *line = NULL, *block = NULL;
    size_t cap = 0, blen = 0;
    unsigned long lno = 0, batch = 0;
    bool in_block = false, closed = false;
    ssize_t len;
    int rc = 0;
    char why[256];
    while (rc == 0 && (len = getline(&line, &cap, in)) >= 0) {
        lno++;
        if (memchr(line, '\0', (size_t)len)) { /* a block is kept as a C string: it would end there */
            rc = bad(file, lno, "a NUL byte inside the line");
            break;
        }
        if (in_block) {
            char *nb = realloc(block, blen + (size_t)len + 1);
            if (!nb) {
                rc = bad(file, lno, "out of memory");
                break;
            }
            block = nb;
            memcpy(block + blen, line, (size_t)len + 1);
            blen += (size_t)len;
            if (!strcmp(line, "</testcase>\n")) {
                if (regress_failure_take(f, batch, block) != 0) {
                    rc = bad(file, lno, "out of memory");
                    break;
                }
                block = NULL;
                blen = 0;
                in_block = false;
            }
            continue;
        }
        if (len == 0 || line[len - 1] != '\n') {
            rc = bad(file, lno, "line does not end in a newline (file cut short?)");
            break;
        }
        line[len - 1] = '\0';
        if (lno == 1) {
            if (strcmp(line, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"))
                rc = bad(file, lno, "not a tce regress JUnit file (no XML declaration)");
        } else if (starts(line, "<property name=\"")) {
            char *name = line + 16, *q = strchr(name, '"');
            if (!q || !starts(q, "\" value=\"") || len < 4 || strcmp(line + len - 4, "\"/>")) {
                rc = bad(file, lno, "malformed <property>");
                break;
            }
            *q = '\0';
            line[len - 4] = '\0';
            int k = 0;
            while (k < P_N && strcmp(prop_names[k], name))
                k++;
            if (k == P_N) {
                snprintf(why, sizeof why, "unknown property '%s'", name);
                rc = bad(file, lno, why);
            } else if (p[k].have) {
                snprintf(why, sizeof why, "property '%s' given twice", name);
                rc = bad(file, lno, why);
            } else if (!unescape(q + 9, p[k].text, sizeof p[k].text)) {
                snprintf(why, sizeof why, "property '%s': bad or overlong value", name);
                rc = bad(file, lno, why);
            } else {
                p[k].have = true; /* only a known name: k == P_N is one past the array */
            }
        } else if (starts(line, "<testcase classname=\"tce.regress\" name=\"seed ")) {
            char *b = strstr(line, " batch ");
            char *e = b ? strchr(b + 7, '"') : NULL;
            uint64_t v;
            if (!e || strcmp(e, "\">")) {
                rc = bad(file, lno, "malformed failing-batch <testcase>");
                break;
            }
            *e = '\0';
            tce_num_status st = tce_num_u64_in(b + 7, 0, UINT64_MAX, &v);
            if (st != TCE_NUM_OK) {
                snprintf(why, sizeof why, "batch number '%s' %s", b + 7, tce_num_why(st));
                rc = bad(file, lno, why);
                break;
            }
            *e = '"';
            line[len - 1] = '\n';
            batch = (unsigned long)v;
            block = malloc((size_t)len + 1);
            if (!block) {
                rc = bad(file, lno, "out of memory");
                break;
            }
            memcpy(block, line, (size_t)len + 1);
            blen = (size_t)len;
            in_block = true;
        } else if (!strcmp(line, "</testsuites>")) {
            closed = true;
        } else if (!(starts(line, "<testsuites ") || starts(line, "<testsuite ") ||
                     !strcmp(line, "<properties>") || !strcmp(line, "</properties>") ||
                     starts(line, "<testcase classname=\"tce.regress\" name=\"passed batches\"") ||
                     !strcmp(line, "</testsuite>"))) {
            rc = bad(file, lno, "not a line tce regress --junit writes");
        }
    }
    if (rc == 0 && (in_block || !closed))
        rc = bad(file, lno, "file ends early (no </testsuites>)");
    free(line);
    free(block);
    fclose(in);
    return rc;
}

static int by_batch(const void *pa, const void *pb)
{
    const regress_failure *a = pa, *b = pb;
    return a->batch < b->batch ? -1 : a->batch > b->batch;
}

static bool num(const char *file, const prop *p, int k, unsigned long *out)
{
    uint64_t v;
    if (!p[k].have) {
        fprintf(stderr, "%s: property '%s' missing\n", file, prop_names[k]);
        return false;
    }
    tce_num_status st = tce_num_u64_in(p[k].text, 0, k == P_SEED ? UINT64_MAX : ULONG_MAX, &v);
    if (st != TCE_NUM_OK) {
        fprintf(stderr, "%s: property '%s'='%s' %s\n", file, prop_names[k], p[k].text,
                tce_num_why(st));
        return false;
    }
    *out = (unsigned long)v;
    return true;
}

int regress_merge_main(int argc, char **argv)
{
    const char *out = NULL;
    int nin = 0;
    for (int i = 1; i < argc; i++) {
        if (!strncmp(argv[i], "--out=", 6))
            out = argv[i] + 6;
        else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: tce regress-merge --out=FILE SHARD.xml...\n"
                   "  the JUnit files of shards 0..N-1 of one tce regress run into the file\n"
                   "  the unsharded run writes; exit 1 when a batch failed\n");
            return 0;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "tce regress-merge: unknown option '%s'\n", argv[i]);
            return 2;
        } else
            nin++;
    }
    if (!out || !nin) {
        fprintf(stderr, "usage: tce regress-merge --out=FILE SHARD.xml...\n");
        return 2;
    }
    regress_totals t;
    memset(&t, 0, sizeof t);
    regress_failures f = {NULL, 0, 0};
    unsigned char *seen = NULL;
    prop first[P_N];
    const char *first_file = NULL;
    int rc = 2;
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-')
            continue;
        const char *file = argv[i];
        prop p[P_N];
        for (int k = 0; k < P_N; k++) {
            p[k].name = prop_names[k];
            p[k].have = false;
            p[k].text[0] = '\0';
        }
        size_t before = f.n;
        if (read_shard(file, p, &f) != 0)
            goto done;
        unsigned long k, n, v[P_N];
        if (!p[P_SHARD].have && !p[P_SHARDS].have)
            k = 0, n = 1; /* an unsharded run merges as the one shard of 1 */
        else if (!num(file, p, P_SHARD, &k) || !num(file, p, P_SHARDS, &n))
            goto done;
        for (int j = P_BATCHES; j < P_N; j++)
            if (!num(file, p, j, &v[j]))
                goto done;
        if (!first_file) {
            first_file = file;
            memcpy(first, p, sizeof first);
            if (!num(file, p, P_COUNT, &t.count) || !p[P_ENGINES].have || !p[P_OPTIONS].have) {
                fprintf(stderr, "%s: seed, count, engines or options missing\n", file);
                goto done;
            }
            unsigned long s;
            uint64_t seed;
            if (!num(file, p, P_SEED, &s) ||
                tce_num_u64_in(p[P_SEED].text, 0, UINT64_MAX, &seed) != TCE_NUM_OK)
                goto done;
            t.seed = seed;
            if (strlen(p[P_ENGINES].text) >= sizeof t.engines) {
                fprintf(stderr, "%s: engines '%s' too long\n", file, p[P_ENGINES].text);
                goto done;
            }
            memcpy(t.engines, p[P_ENGINES].text, strlen(p[P_ENGINES].text) + 1);
            snprintf(t.options, sizeof t.options, "%s", p[P_OPTIONS].text);
            t.nshard = n;
            if (n != (unsigned long)nin) {
                fprintf(stderr, "tce regress-merge: %s is a shard of %lu, but %d files given\n",
                        file, n, nin);
                goto done;
            }
            seen = calloc(n, 1);
            if (!seen) {
                fprintf(stderr, "tce regress-merge: out of memory\n");
                goto done;
            }
        }
        static const int same[] = {P_SEED, P_COUNT, P_ENGINES, P_OPTIONS};
        for (size_t j = 0; j < sizeof same / sizeof same[0]; j++)
            if (!p[same[j]].have || strcmp(p[same[j]].text, first[same[j]].text)) {
                fprintf(stderr, "tce regress-merge: %s has %s '%s', %s has '%s': not shards "
                        "of one run\n", file, prop_names[same[j]], p[same[j]].text, first_file,
                        first[same[j]].text);
                goto done;
            }
        if (n != t.nshard || k >= n) {
            fprintf(stderr, "tce regress-merge: %s is shard %lu/%lu, %s one of %lu\n", file, k,
                    n, first_file, t.nshard);
            goto done;
        }
        if (seen[k]) {
            fprintf(stderr, "tce regress-merge: %s: shard %lu/%lu given twice\n", file, k, n);
            goto done;
        }
        seen[k] = 1;
        for (size_t j = before; j < f.n; j++)
            if (f.v[j].batch % n != k) {
                fprintf(stderr, "tce regress-merge: %s: batch %lu is not in shard %lu/%lu\n",
                        file, f.v[j].batch, k, n);
                goto done;
            }
        /* regress.c writes operations = passed + failed + unsupported, each shard within the
         * run: totals that do not add up, or sums that would wrap, are not a merge */
        if (v[P_OPS] > t.count - t.ops || v[P_PASSED] > v[P_OPS] ||
            v[P_FAILED] > v[P_OPS] - v[P_PASSED] || v[P_UNSUP] != v[P_OPS] - v[P_PASSED] - v[P_FAILED]) {
            fprintf(stderr, "tce regress-merge: %s: operations %lu are not passed + failed + "
                    "unsupported (%lu + %lu + %lu), or past the run's %lu with the shards before\n",
                    file, v[P_OPS], v[P_PASSED], v[P_FAILED], v[P_UNSUP], t.count);
            goto done;
        }
        unsigned long *sum[P_N] = {[P_BATCHES] = &t.batches, [P_OPS] = &t.ops,
                                   [P_PASSED] = &t.passed, [P_FAILED] = &t.failed,
                                   [P_TRAPS] = &t.traps, [P_ILLEGAL] = &t.illegal,
                                   [P_UNSUP] = &t.unsup, [P_BUS_INJ] = &t.bus_injected,
                                   [P_BUS_REP] = &t.bus_reported, [P_BUS_UNT] = &t.bus_untouched};
        for (int j = P_BATCHES; j < P_N; j++) {
            if (v[j] > ULONG_MAX - *sum[j]) {
                fprintf(stderr, "tce regress-merge: %s: the shards' %s add up past %lu\n", file,
                        prop_names[j], ULONG_MAX);
                goto done;
            }
            *sum[j] += v[j];
        }
    }
    if (t.ops != t.count) {
        fprintf(stderr, "tce regress-merge: the shards ran %lu operations, the run has %lu\n",
                t.ops, t.count);
        goto done;
    }
    if (f.n)
        qsort(f.v, f.n, sizeof f.v[0], by_batch);
    t.shard = 0;
    t.nshard = 1;
    if (regress_junit_write(out, &t, &f) != 0)
        goto done;
    printf("%lu operations in %lu batches from %d shards\n%lu passed, %lu failed\n", t.ops,
           t.batches, nin, t.passed, t.failed);
    rc = t.failed || t.passed == 0 ? 1 : 0;
done:
    free(seen);
    regress_failures_free(&f);
    return rc;
}
