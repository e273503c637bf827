/* The tce command's number reader; see num_parse.h. */
#include "num_parse.h"

#include <stdio.h>

static int digit(char c, unsigned base)
{
    int d = c >= '0' && c <= '9'   ? c - '0'
            : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                   : 99;
    return d < (int)base ? d : -1;
}

/* The magnitude of an unsigned decimal or 0x hex literal. */
static tce_num_status magnitude(const char *s, uint64_t *out)
{
    unsigned base = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
    }
    if (!*s)
        return TCE_NUM_NOT_NUMBER;
    uint64_t v = 0;
    bool big = false;
    for (; *s; s++) {
        int d = digit(*s, base);
        if (d < 0)
            return TCE_NUM_NOT_NUMBER;
        if (v > (UINT64_MAX - (uint64_t)d) / base)
            big = true; /* keep scanning: a stray character is the better message */
        else
            v = v * base + (uint64_t)d;
    }
    if (big)
        return TCE_NUM_TOO_BIG;
    *out = v;
    return TCE_NUM_OK;
}

tce_num_status tce_num_bits64(const char *s, uint64_t *out, bool *neg)
{
    if (!s)
        return TCE_NUM_NOT_NUMBER;
    bool minus = s[0] == '-';
    uint64_t m;
    tce_num_status st = magnitude(s + minus, &m);
    if (st != TCE_NUM_OK)
        return st;
    if (minus && m > (uint64_t)1 << 63)
        return TCE_NUM_TOO_BIG;
    *out = minus ? (uint64_t)0 - m : m;
    if (neg)
        *neg = minus && m;
    return TCE_NUM_OK;
}

tce_num_status tce_num_u64_in(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    uint64_t v;
    bool neg;
    tce_num_status st = tce_num_bits64(s, &v, &neg);
    if (st != TCE_NUM_OK)
        return st;
    if (neg || v < lo || v > hi)
        return TCE_NUM_RANGE;
    *out = v;
    return TCE_NUM_OK;
}

tce_num_status tce_num_i64_in(const char *s, int64_t lo, int64_t hi, int64_t *out)
{
    uint64_t v;
    bool neg;
    tce_num_status st = tce_num_bits64(s, &v, &neg);
    if (st != TCE_NUM_OK)
        return st;
    if (!neg && v > (uint64_t)INT64_MAX)
        return TCE_NUM_RANGE;
    int64_t x = neg ? (v == (uint64_t)1 << 63 ? INT64_MIN : -(int64_t)((uint64_t)0 - v)) : (int64_t)v;
    if (x < lo || x > hi)
        return TCE_NUM_RANGE;
    *out = x;
    return TCE_NUM_OK;
}

const char *tce_num_why(tce_num_status st)
{
    switch (st) {
    case TCE_NUM_OK: return "is a number";
    case TCE_NUM_NOT_NUMBER: return "is not a number (decimal or 0x hex)";
    case TCE_NUM_TOO_BIG: return "does not fit in 64 bits";
    case TCE_NUM_RANGE: return "is out of range";
    }
    return "?";
}

bool tce_opt_u64(const char *cmd, const char *opt, const char *text, uint64_t lo, uint64_t hi,
                 uint64_t *out)
{
    tce_num_status st = tce_num_u64_in(text, lo, hi, out);
    if (st == TCE_NUM_OK)
        return true;
    fprintf(stderr, "tce %s: %s='%s' %s (%llu..%llu)\n", cmd, opt, text, tce_num_why(st),
            (unsigned long long)lo, (unsigned long long)hi);
    return false;
}

bool tce_opt_percent(const char *cmd, const char *opt, const char *text, double *out)
{
    /* digits, at most one '.', nothing else: 99.5, 100, .5 */
    double v = 0, scale = 0;
    unsigned ndig = 0;
    for (const char *p = text; *p; p++) {
        if (*p == '.' && scale == 0) {
            scale = 1;
        } else if (*p >= '0' && *p <= '9' && ndig < 12) {
            ndig++;
            if (scale > 0)
                v += (*p - '0') * (scale /= 10);
            else
                v = v * 10 + (*p - '0');
        } else {
            ndig = 0;
            break;
        }
    }
    if (!ndig) {
        fprintf(stderr, "tce %s: %s='%s' is not a percentage (a number 0..100)\n", cmd, opt, text);
        return false;
    }
    if (v > 100) {
        fprintf(stderr, "tce %s: %s='%s' is out of range (0..100)\n", cmd, opt, text);
        return false;
    }
    *out = v;
    return true;
}
