/* Reading Verilator's coverage files; see cov_dat.h. A point's line in a .dat file is
 *   C '<key>' COUNT
 * where <key> is fields "\001NAME\002VALUE" (f file, l line, n column, page "v_line/MODULE",
 * o comment, h hierarchy, ...). Anything else is an error naming the file and line. */
#define _POSIX_C_SOURCE 200809L /* getline, strdup */
#include "cov_dat.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input_file.h"

static uint64_t hash(const char *s)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    while (*s)
        h = (h ^ (unsigned char)*s++) * 1099511628211ull;
    return h;
}

static cov_point *slot(cov_table *t, const char *key)
{
    size_t i = (size_t)(hash(key) & (t->cap - 1));
    while (t->p[i].key && strcmp(t->p[i].key, key))
        i = (i + 1) & (t->cap - 1);
    return &t->p[i];
}

/* Doubles the table (64 slots at first: a 256 KB start cost more than reading a small
 * file, and doubling keeps a large one's cost linear). */
static int grow(cov_table *t)
{
    cov_table n = {calloc(t->cap ? t->cap * 2 : 64, sizeof(cov_point)), t->cap ? t->cap * 2 : 64,
                   t->n};
    if (!n.p)
        return -1;
    for (size_t i = 0; i < t->cap; i++)
        if (t->p[i].key)
            *slot(&n, t->p[i].key) = t->p[i];
    free(t->p);
    *t = n;
    return 0;
}

/* One field of a key: its value (up to the next \001) copied into out, or false if absent. */
static bool field(const char *key, const char *name, char *out, size_t cap)
{
    size_t nl = strlen(name);
    for (const char *f = strchr(key, '\001'); f; f = strchr(f + 1, '\001')) {
        if (strncmp(f + 1, name, nl) || f[1 + nl] != '\002')
            continue;
        const char *v = f + 2 + nl, *e = strchr(v, '\001');
        size_t len = e ? (size_t)(e - v) : strlen(v);
        if (len >= cap)
            return false;
        memcpy(out, v, len);
        out[len] = '\0';
        return true;
    }
    return false;
}

/* The key without its hierarchy field, so the instances of a module share one point. */
static char *strip_hier(const char *key)
{
    char *k = strdup(key);
    if (!k)
        return NULL;
    char *h = strstr(k, "\001h\002");
    if (h) {
        char *e = strchr(h + 1, '\001');
        if (e)
            memmove(h, e, strlen(e) + 1);
        else
            *h = '\0';
    }
    return k;
}

/* The point's own storage: key, then module, file and comment, NUL-separated. */
static int fill(cov_point *p, const char *key, const char *page, const char *file,
                const char *comment)
{
    size_t kl = strlen(key) + 1, pl = strlen(page) + 1, fl = strlen(file) + 1,
           cl = strlen(comment) + 1;
    char *s = malloc(kl + pl + fl + cl);
    if (!s)
        return -1;
    memcpy(s, key, kl);
    memcpy(s + kl, page, pl);
    memcpy(s + kl + pl, file, fl);
    memcpy(s + kl + pl + fl, comment, cl);
    p->key = s;
    p->module = s + kl;
    p->file = s + kl + pl;
    p->comment = s + kl + pl + fl;
    return 0;
}

static int add_point(cov_table *t, const char *rawkey, uint64_t count, char *why, size_t n)
{
    char page[256], file[1024], comment[512], line[32];
    if (!field(rawkey, "page", page, sizeof page) || !field(rawkey, "f", file, sizeof file) ||
        !field(rawkey, "l", line, sizeof line)) {
        snprintf(why, n, "point without page, file or line");
        return -1;
    }
    if (!field(rawkey, "o", comment, sizeof comment))
        comment[0] = '\0';
    cov_kind kind;
    char *module;
    if (!strncmp(page, "v_line/", 7) || !strncmp(page, "v_branch/", 9))
        kind = COV_LINE;
    else if (!strncmp(page, "v_toggle/", 9))
        kind = COV_TOGGLE;
    else {
        snprintf(why, n, "page '%.200s': not a line, branch or toggle point", page);
        return -1;
    }
    /* A parameterised module's page is NAME__PARAMS: its points stay apart (their key has
     * the page), its figures go under NAME. */
    module = strchr(page, '/') + 1;
    char *params = strstr(module, "__");
    if (params)
        *params = '\0';
    char *end;
    errno = 0;
    unsigned long ln = strtoul(line, &end, 10);
    if (*end || errno || end == line) {
        snprintf(why, n, "line number '%s' is not a number", line);
        return -1;
    }
    if ((t->n + 1) * 2 > t->cap && grow(t) != 0)
        goto oom;
    char *key = strip_hier(rawkey);
    if (!key)
        goto oom;
    cov_point *p = slot(t, key);
    if (!p->key) {
        if (fill(p, key, module, file, comment) != 0) {
            free(key);
            goto oom;
        }
        p->kind = kind;
        p->line = ln;
        p->count = 0;
        p->waived = 0;
        t->n++;
    }
    free(key);
    p->count = p->count + count < p->count ? UINT64_MAX : p->count + count;
    return 0;
oom:
    snprintf(why, n, "out of memory");
    return -1;
}

int cov_dat_read(cov_table *t, const char *path, char *why, size_t n)
{
    char err[300];
    FILE *f = tce_input_open(path, err, sizeof err);
    if (!f) {
        snprintf(why, n, "%s", err);
        return -1;
    }
    char *buf = NULL;
    size_t cap = 0;
    unsigned long lno = 0;
    ssize_t len;
    int rc = 0;
    bool header = false;
    while (rc == 0 && (len = getline(&buf, &cap, f)) >= 0) {
        lno++;
        if (len && buf[len - 1] == '\n')
            buf[--len] = '\0';
        if (lno == 1) {
            header = !strcmp(buf, "# SystemC::Coverage-3");
            if (!header) {
                snprintf(why, n, "%s:1: not a Verilator coverage file (no '# SystemC::Coverage-3')",
                         path);
                rc = -1;
            }
            continue;
        }
        if (buf[0] == '#' || !buf[0])
            continue;
        char *close = strrchr(buf, '\'');
        if (strncmp(buf, "C '", 3) || close == buf + 2) {
            snprintf(why, n, "%s:%lu: not a point line (C 'KEY' COUNT)", path, lno);
            rc = -1;
            break;
        }
        *close = '\0';
        char *end;
        errno = 0;
        if (close[1] != ' ' || close[2] < '0' || close[2] > '9') {
            snprintf(why, n, "%s:%lu: point without a count", path, lno);
            rc = -1;
            break;
        }
        unsigned long long c = strtoull(close + 2, &end, 10);
        if (*end || errno) {
            snprintf(why, n, "%s:%lu: count '%.40s' is not a number below 2^64", path, lno,
                     close + 2);
            rc = -1;
            break;
        }
        char cause[300];
        if (add_point(t, buf + 3, c, cause, sizeof cause) != 0) {
            snprintf(why, n, "%s:%lu: %s", path, lno, cause);
            rc = -1;
        }
    }
    if (rc == 0 && ferror(f)) {
        snprintf(why, n, "%s: read error", path);
        rc = -1;
    }
    if (rc == 0 && !header) {
        snprintf(why, n, "%s: empty, not a Verilator coverage file", path);
        rc = -1;
    }
    free(buf);
    fclose(f);
    return rc;
}

void cov_table_free(cov_table *t)
{
    for (size_t i = 0; i < t->cap; i++)
        free(t->p[i].key);
    free(t->p);
    t->p = NULL;
    t->cap = t->n = 0;
}

static int cmp_point(const void *a, const void *b)
{
    const cov_point *x = *(cov_point *const *)a, *y = *(cov_point *const *)b;
    int c = strcmp(x->module, y->module);
    if (!c)
        c = (int)x->kind - (int)y->kind;
    if (!c)
        c = strcmp(x->file, y->file);
    if (!c)
        c = x->line < y->line ? -1 : x->line > y->line;
    if (!c)
        c = strcmp(x->comment, y->comment);
    if (!c)
        c = strcmp(x->key, y->key);
    return c;
}

cov_point **cov_table_sorted(const cov_table *t)
{
    cov_point **v = malloc((t->n ? t->n : 1) * sizeof *v);
    if (!v)
        return NULL;
    size_t k = 0;
    for (size_t i = 0; i < t->cap; i++)
        if (t->p[i].key)
            v[k++] = &t->p[i];
    qsort(v, k, sizeof *v, cmp_point);
    return v;
}
