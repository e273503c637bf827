/* Reader and generator of the extreme-parameter captures' global-memory keys. */
#include "corpus_gmem.h"

#include <stdarg.h>
#include <string.h>

#include "num_parse.h"

#define GOLDEN 0x9E3779B97F4A7C15ull

static int fail(corpus_gmem_err *err, const char *key, const char *fmt, ...)
{
    va_list ap;
    err->key = key;
    va_start(ap, fmt);
    vsnprintf(err->why, sizeof err->why, fmt, ap);
    va_end(ap);
    return -1;
}

/* Split s into at most max space-separated tokens (copied into tok); returns the count, or
 * -1 when there are more or one is too long to be a number. */
static int tokens(const char *s, char tok[][72], int max)
{
    int n = 0;
    while (*s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        size_t len = strcspn(s, " ");
        if (n == max || len >= 72)
            return -1;
        memcpy(tok[n], s, len);
        tok[n][len] = 0;
        n++;
        s += len;
    }
    return n;
}

/* One unsigned number of key (the whole value). */
static int one_u64(const corpus_case *c, const char *key, uint64_t lo, uint64_t hi,
                   uint64_t *out, corpus_gmem_err *err)
{
    const char *s = corpus_str(c, key);
    if (!s)
        return fail(err, key, "missing '%s' (a capture with 'gbuf' needs gaddr, gbuf, gbytes "
                    "and galloc)", key);
    tce_num_status st = tce_num_u64_in(s, lo, hi, out);
    if (st != TCE_NUM_OK)
        return fail(err, key, "'%s %.40s': %s", key, s, tce_num_why(st));
    return 0;
}

static int read_outside(const corpus_case *c, corpus_gmem *g, corpus_gmem_err *err)
{
    const char *s = corpus_str(c, "goutside");
    char tok[3][72];
    int n = s ? tokens(s, tok, 3) : -1;
    if (n != 1 && n != 3)
        return fail(err, "goutside", "'goutside' needs 'N LO HI' (N > 0) or '0', found '%.40s'",
                    s ? s : "");
    tce_num_status st = tce_num_u64_in(tok[0], 0, g->alloc_bytes, &g->outside_n);
    if (st != TCE_NUM_OK)
        return fail(err, "goutside", "'goutside' count '%s': %s (at most the allocation's %llu "
                    "bytes)", tok[0], tce_num_why(st), (unsigned long long)g->alloc_bytes);
    if ((g->outside_n == 0) != (n == 1))
        return fail(err, "goutside", "'goutside %s' gives %s", tok[0],
                    n == 1 ? "no first/last offsets for changed bytes"
                           : "first/last offsets with no changed byte");
    g->has_outside = true;
    if (n == 1)
        return 0;
    /* Offsets from gbuf of bytes inside the allocation and outside the buffer. */
    int64_t lo_lim = -(int64_t)(g->gbuf - g->alloc_base);
    int64_t hi_lim = (int64_t)(g->alloc_base + g->alloc_bytes - g->gbuf) - 1;
    st = tce_num_i64_in(tok[1], lo_lim, hi_lim, &g->outside_lo);
    if (st == TCE_NUM_OK)
        st = tce_num_i64_in(tok[2], g->outside_lo, hi_lim, &g->outside_hi);
    if (st != TCE_NUM_OK)
        return fail(err, "goutside", "'goutside' offsets '%s %s': %s (LO <= HI, both inside "
                    "the allocation: %lld..%lld from gbuf)", tok[1], tok[2], tce_num_why(st),
                    (long long)lo_lim, (long long)hi_lim);
    return 0;
}

int corpus_gmem_read(const corpus_case *c, corpus_gmem *g, corpus_gmem_err *err)
{
    memset(g, 0, sizeof *g);
    memset(err, 0, sizeof *err);
    if (!corpus_get(c, "gbuf")) {
        if (corpus_get(c, "galloc") || corpus_get(c, "goutside"))
            return fail(err, corpus_get(c, "galloc") ? "galloc" : "goutside",
                        "'galloc'/'goutside' without 'gbuf' (the buffer they describe)");
        return 0;
    }
    if (one_u64(c, "gaddr", 0, UINT64_MAX, &g->gaddr, err) ||
        one_u64(c, "gbuf", 0, UINT64_MAX, &g->gbuf, err) ||
        one_u64(c, "gbytes", 1, CORPUS_GALLOC_MAX, &g->gbytes, err))
        return -1;
    const char *s = corpus_str(c, "galloc");
    char tok[2][72];
    if (!s || tokens(s, tok, 2) != 2)
        return fail(err, "galloc", "'galloc' needs 'ADDR BYTES', found '%.40s'", s ? s : "");
    tce_num_status st = tce_num_u64_in(tok[0], 0, UINT64_MAX, &g->alloc_base);
    if (st == TCE_NUM_OK)
        st = tce_num_u64_in(tok[1], 8, CORPUS_GALLOC_MAX, &g->alloc_bytes);
    if (st != TCE_NUM_OK)
        return fail(err, "galloc", "'galloc %.40s': %s (BYTES 8..%llu)", s, tce_num_why(st),
                    (unsigned long long)CORPUS_GALLOC_MAX);
    if (g->alloc_base + g->alloc_bytes < g->alloc_base)
        return fail(err, "galloc", "'galloc %.40s' runs past 2^64", s);
    if (g->gbuf < g->alloc_base || g->gbytes > g->alloc_bytes ||
        g->gbuf - g->alloc_base > g->alloc_bytes - g->gbytes)
        return fail(err, "galloc", "the buffer (gbuf 0x%llx, %llu bytes) is not inside the "
                    "allocation 'galloc %.40s'", (unsigned long long)g->gbuf,
                    (unsigned long long)g->gbytes, s);
    if ((g->gbuf - g->alloc_base) % 8)
        return fail(err, "galloc", "gbuf 0x%llx is not a whole number of 8-byte words past the "
                    "allocation's start: its words cannot be generated",
                    (unsigned long long)g->gbuf);
    if (corpus_get(c, "goutside") && read_outside(c, g, err))
        return -1;
    return 1;
}

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The state of the allocation's first word: j = -(gbuf - alloc_base) / 8. */
static uint64_t first_state(const corpus_gmem *g, uint64_t seed)
{
    uint64_t words_below = (g->gbuf - g->alloc_base) / 8;
    return seed + (1 - words_below) * GOLDEN; /* modulo 2^64, as the generator */
}

/* Word z little-endian at p (one store once the compiler merges the bytes). */
static void put_le64(uint8_t *p, uint64_t z)
{
    p[0] = (uint8_t)z; p[1] = (uint8_t)(z >> 8); p[2] = (uint8_t)(z >> 16);
    p[3] = (uint8_t)(z >> 24); p[4] = (uint8_t)(z >> 32); p[5] = (uint8_t)(z >> 40);
    p[6] = (uint8_t)(z >> 48); p[7] = (uint8_t)(z >> 56);
}

static uint64_t get_le64(const uint8_t *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
           (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 |
           (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

void corpus_gmem_fill(const corpus_gmem *g, uint64_t seed, uint8_t *alloc)
{
    uint64_t st = first_state(g, seed), i = 0;
    for (; i + 8 <= g->alloc_bytes; i += 8, st += GOLDEN)
        put_le64(alloc + i, mix(st));
    for (uint64_t z = mix(st); i < g->alloc_bytes; i++, z >>= 8)
        alloc[i] = (uint8_t)z;
}

uint64_t corpus_gmem_outside_changes(const corpus_gmem *g, uint64_t seed, const uint8_t *alloc,
                                     int64_t *lo, int64_t *hi)
{
    uint64_t st = first_state(g, seed), n = 0;
    uint64_t buf0 = g->gbuf - g->alloc_base, buf1 = buf0 + g->gbytes;
    for (uint64_t i = 0; i < g->alloc_bytes; i += 8, st += GOLDEN) {
        uint64_t z = mix(st);
        /* whole words that still hold the stream: nothing to look at (the usual case) */
        if (i + 8 <= g->alloc_bytes && get_le64(alloc + i) == z)
            continue;
        for (unsigned b = 0; b < 8 && i + b < g->alloc_bytes; b++) {
            uint64_t k = i + b;
            if ((k >= buf0 && k < buf1) || alloc[k] == (uint8_t)(z >> (8 * b)))
                continue;
            int64_t off = (int64_t)(k - buf0);
            if (!n)
                *lo = off;
            *hi = off;
            n++;
        }
    }
    return n;
}
