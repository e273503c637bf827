/* Hardware-corpus reader. A malformed file is reported with its line number; nothing is
 * silently skipped or truncated. */
#define _POSIX_C_SOURCE 200809L /* getc_unlocked */
#include "corpus.h"
#include "input_file.h"
#include "num_parse.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void set_err(corpus_reader *r, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(r->err, sizeof r->err, "%s:%ld: ", r->path, r->line);
    va_start(ap, fmt);
    vsnprintf(r->err + n, sizeof r->err - (size_t)n, fmt, ap);
    va_end(ap);
}

int corpus_open(corpus_reader *r, const char *path)
{
    memset(r, 0, sizeof *r);
    r->path = path;
    r->f = tce_input_open(path, r->err, sizeof r->err);
    if (!r->f)
        return -1;
    return 0;
}

void corpus_close(corpus_reader *r)
{
    if (r->f)
        fclose(r->f);
    r->f = NULL;
}

/* Read one line without its newline into a growing buffer. Returns length or -1 at EOF. */
static long read_line(corpus_reader *r, char **buf, size_t *cap)
{
    size_t n = 0;
    int ch;
    if (!*buf) {
        *cap = 256;
        *buf = malloc(*cap);
        if (!*buf)
            return -1;
    }
    /* a byte at a time, so no locking per byte: the reader is the stream's only user */
    while ((ch = getc_unlocked(r->f)) != EOF && ch != '\n') {
        if (n + 1 >= *cap) {
            char *nb = realloc(*buf, *cap * 2);
            if (!nb)
                return -1;
            *buf = nb;
            *cap *= 2;
        }
        (*buf)[n++] = (char)ch;
    }
    if (ch == EOF && n == 0)
        return -1;
    if (n > 0 && (*buf)[n - 1] == '\r')
        n--;
    (*buf)[n] = 0;
    r->line++;
    /* A CR elsewhere means CR-only line ends: the rest of the file would hide in here. */
    char *cr = memchr(*buf, '\r', n);
    if (cr) {
        set_err(r, "carriage return inside a line at column %ld (CR-only line ends? use LF)",
                (long)(cr - *buf) + 1);
        return -1;
    }
    return (long)n;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

void corpus_case_free(corpus_case *c)
{
    for (unsigned i = 0; i < c->nkeys; i++) {
        free(c->e[i].text);
        free(c->e[i].blob);
    }
    c->nkeys = 0;
}

/* Is the value part a lone byte count (a blob header)? Keys that carry a plain number
 * (bytes, gbytes, sbytes, elements, tx, footprint...) are distinguished by what follows:
 * a blob is followed by hex lines, so the caller decides by the key's known blob set. */
static bool is_blob_key(const char *k)
{
    static const char *const blobs[] = {"smem", "gout", "gin", "sin", "a", "b", "out", "opaque"};
    for (size_t i = 0; i < sizeof blobs / sizeof blobs[0]; i++)
        if (!strcmp(k, blobs[i]))
            return true;
    return false;
}

static int read_blob(corpus_reader *r, corpus_entry *e, size_t len, char **buf, size_t *cap)
{
    e->blob = malloc(len ? len : 1);
    if (!e->blob) {
        set_err(r, "out of memory for %zu bytes of '%s'", len, e->key);
        return -1;
    }
    e->blob_len = len;
    e->is_blob = true;
    size_t got = 0;
    while (got < len) {
        long n = read_line(r, buf, cap);
        if (n < 0 && r->err[0])
            return -1;
        if (n < 0) {
            set_err(r, "file ends inside '%s': %zu of %zu bytes read", e->key, got, len);
            return -1;
        }
        if (n % 2 || n == 0) {
            set_err(r, "'%s' data line has %ld hex digits (expected an even, non-zero count)",
                    e->key, n);
            return -1;
        }
        if (got + (size_t)n / 2 > len) {
            set_err(r, "'%s' has more data than its count %zu", e->key, len);
            return -1;
        }
        for (long i = 0; i < n; i += 2) {
            int hi = hexval((*buf)[i]), lo = hexval((*buf)[i + 1]);
            if (hi < 0 || lo < 0) {
                set_err(r, "'%s' data has a non-hex character at column %ld", e->key, i + 1);
                return -1;
            }
            e->blob[got++] = (uint8_t)(hi << 4 | lo);
        }
    }
    return 0;
}

int corpus_next(corpus_reader *r, corpus_case *c)
{
    char *buf = NULL;
    size_t cap = 0;
    long n;
    int rc = -1;
    memset(c, 0, sizeof *c);
    /* Find `case N`, skipping blank and comment lines. */
    for (;;) {
        n = read_line(r, &buf, &cap);
        if (n < 0) {
            free(buf);
            return r->err[0] ? -1 : 0;
        }
        if (n == 0)
            continue;
        if (buf[0] == '#') {
            if (!r->header[0])
                snprintf(r->header, sizeof r->header, "%s", buf);
            continue;
        }
        char *end;
        if (strncmp(buf, "case ", 5) != 0) {
            set_err(r, "expected 'case N', found '%.40s'", buf);
            goto out;
        }
        errno = 0;
        c->id = strtol(buf + 5, &end, 10);
        if (errno || end == buf + 5 || *end) {
            set_err(r, "bad case number '%.40s'", buf + 5);
            goto out;
        }
        c->line = r->line;
        break;
    }
    for (;;) {
        n = read_line(r, &buf, &cap);
        if (n < 0 && r->err[0])
            goto out;
        if (n < 0) {
            set_err(r, "file ends inside case %ld (started at line %ld) with no 'end'", c->id,
                    c->line);
            goto out;
        }
        if (n == 0)
            continue;
        if (!strcmp(buf, "end"))
            break;
        if (c->nkeys == CORPUS_MAX_KEYS) {
            set_err(r, "case %ld has more than %d keys", c->id, CORPUS_MAX_KEYS);
            goto out;
        }
        corpus_entry *e = &c->e[c->nkeys];
        char *sp = strchr(buf, ' ');
        size_t klen = sp ? (size_t)(sp - buf) : strlen(buf);
        if (klen == 0 || klen >= sizeof e->key) {
            set_err(r, "bad key in '%.40s'", buf);
            goto out;
        }
        for (size_t i = 0; i < klen; i++)
            if (!(isalnum((unsigned char)buf[i]) || buf[i] == '_')) {
                set_err(r, "bad key '%.*s'", (int)klen, buf);
                goto out;
            }
        memcpy(e->key, buf, klen);
        e->key[klen] = 0;
        e->line = r->line;
        const char *val = sp ? sp + 1 : "";
        size_t vlen = strlen(val);
        e->text = malloc(vlen + 1);
        if (e->text)
            memcpy(e->text, val, vlen + 1);
        if (!e->text) {
            set_err(r, "out of memory");
            goto out;
        }
        c->nkeys++;
        if (is_blob_key(e->key)) {
            char *end;
            errno = 0;
            unsigned long long len = strtoull(val, &end, 10);
            if (errno || end == val || *end || len > (1ull << 30)) {
                set_err(r, "'%s' needs a byte count, found '%.40s'", e->key, val);
                goto out;
            }
            if (read_blob(r, e, (size_t)len, &buf, &cap))
                goto out;
        }
    }
    rc = 1;
out:
    free(buf);
    if (rc < 0)
        corpus_case_free(c);
    return rc;
}

const corpus_entry *corpus_get(const corpus_case *c, const char *key)
{
    for (unsigned i = 0; i < c->nkeys; i++)
        if (!strcmp(c->e[i].key, key))
            return &c->e[i];
    return NULL;
}

const char *corpus_str(const corpus_case *c, const char *key)
{
    const corpus_entry *e = corpus_get(c, key);
    return e ? e->text : NULL;
}

/* One whitespace-delimited number at s through the shared reader (decimal or 0x hex, a
 * 64-bit value as written; past 64 bits is an error, never a clamp). */
static bool parse_i64(const char *s, char **end, int64_t *out)
{
    char tok[72];
    size_t n = strcspn(s, " ");
    *end = (char *)s + n;
    if (n == 0 || n >= sizeof tok)
        return false;
    memcpy(tok, s, n);
    tok[n] = 0;
    uint64_t v;
    if (tce_num_bits64(tok, &v, NULL) != TCE_NUM_OK)
        return false;
    *out = (int64_t)v;
    return true;
}

bool corpus_u64(const corpus_case *c, const char *key, uint64_t *out)
{
    int64_t v;
    if (!corpus_i64(c, key, &v))
        return false;
    *out = (uint64_t)v;
    return true;
}

bool corpus_i64(const corpus_case *c, const char *key, int64_t *out)
{
    const char *s = corpus_str(c, key);
    char *end;
    if (!s || !parse_i64(s, &end, out) || *end)
        return false;
    return true;
}

int corpus_i64_list(const corpus_case *c, const char *key, int64_t *out, int max)
{
    const char *s = corpus_str(c, key);
    int n = 0;
    if (!s)
        return -1;
    while (*s) {
        char *end;
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        if (n == max || !parse_i64(s, &end, &out[n]) || (*end && *end != ' '))
            return -1;
        n++;
        s = end;
    }
    return n;
}

const uint8_t *corpus_blob(const corpus_case *c, const char *key, size_t *len)
{
    const corpus_entry *e = corpus_get(c, key);
    if (!e || !e->is_blob)
        return NULL;
    *len = e->blob_len;
    return e->blob;
}

uint64_t corpus_splitmix64(uint64_t *state)
{
    uint64_t z;
    *state += 0x9E3779B97F4A7C15ull;
    z = *state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void corpus_fill_raw(uint8_t *buf, size_t n, uint64_t seed)
{
    uint64_t st = seed;
    for (size_t i = 0; i < n; i += 8) {
        uint64_t z = corpus_splitmix64(&st);
        for (size_t b = 0; b < 8 && i + b < n; b++)
            buf[i + b] = (uint8_t)(z >> (8 * b));
    }
}

bool corpus_fill_values(uint8_t *buf, size_t n, uint64_t seed, const char *dtype)
{
    unsigned ebits, mbits, size;
    if (!strcmp(dtype, "FLOAT16"))
        ebits = 5, mbits = 10, size = 2;
    else if (!strcmp(dtype, "BFLOAT16"))
        ebits = 8, mbits = 7, size = 2;
    else if (!strcmp(dtype, "FLOAT32") || !strcmp(dtype, "FLOAT32_FTZ") ||
             !strcmp(dtype, "TFLOAT32") || !strcmp(dtype, "TFLOAT32_FTZ"))
        ebits = 8, mbits = 23, size = 4;
    else if (!strcmp(dtype, "FLOAT64"))
        ebits = 11, mbits = 52, size = 8;
    else
        return false;
    uint64_t st = seed;
    uint64_t bias = (1ull << (ebits - 1)) - 1, emax = (1ull << ebits) - 1;
    uint64_t mmask = (1ull << mbits) - 1;
    for (size_t i = 0; i + size <= n; i += size) {
        uint64_t r = corpus_splitmix64(&st);
        unsigned cls = (unsigned)(r & 15), sign = (unsigned)((r >> 4) & 1);
        uint64_t mant = (r >> 16) & mmask, exp;
        switch (cls) {
        case 0: exp = 0; mant = 0; break;
        case 1: exp = 0; if (!mant) mant = 1; break;
        case 2: exp = emax; mant = 0; break;
        case 3: exp = emax; mant |= 1ull << (mbits - 1); break;
        default: exp = bias - 4 + ((r >> 8) & 7); break;
        }
        uint64_t v = ((uint64_t)sign << (ebits + mbits)) | (exp << mbits) | mant;
        for (unsigned b = 0; b < size; b++)
            buf[i + b] = (uint8_t)(v >> (8 * b));
    }
    return true;
}

corpus_fill_status corpus_fill(const corpus_case *c, const char *prefix, uint8_t *buf,
                               size_t n)
{
    char key[32];
    uint64_t seed;
    snprintf(key, sizeof key, "%sseed", prefix);
    if (!corpus_u64(c, key, &seed))
        return CORPUS_FILL_NO_SEED;
    snprintf(key, sizeof key, "%sfill", prefix);
    const char *how = corpus_str(c, key);
    if (!how || !strcmp(how, "raw")) {
        corpus_fill_raw(buf, n, seed);
        return CORPUS_FILL_OK;
    }
    if (!strcmp(how, "values")) {
        const char *dt = corpus_str(c, "dtype");
        return dt && corpus_fill_values(buf, n, seed, dt) ? CORPUS_FILL_OK
                                                          : CORPUS_FILL_NO_VALUES_TYPE;
    }
    return CORPUS_FILL_UNKNOWN;
}

int corpus_hex_digit(int c)
{
    return hexval(c);
}
