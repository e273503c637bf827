/* Freestanding string helpers for the decoder (no libc beyond <stdarg.h>). */
#include <stdarg.h>

#include "ptx_internal.h"

unsigned ptx_strlen(const char *s)
{
    unsigned n = 0;
    while (s[n])
        n++;
    return n;
}

bool ptx_streq(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

bool ptx_tok_eq(ptx_tok t, const char *s)
{
    unsigned i;
    for (i = 0; i < t.len; i++)
        if (s[i] != t.s[i] || !s[i])
            return false;
    return s[t.len] == 0;
}

void ptx_copy_tok(char *dst, unsigned cap, ptx_tok t)
{
    unsigned i, n = t.len < cap - 1 ? t.len : cap - 1;
    for (i = 0; i < n; i++)
        dst[i] = t.s[i];
    dst[n] = 0;
}

static unsigned put_str(char *buf, unsigned at, const char *s, unsigned len)
{
    unsigned i;
    for (i = 0; i < len && at < PTX_MSG_MAX - 1; i++)
        buf[at++] = s[i];
    return at;
}

ptx_status ptx_fail(ptx_error *err, ptx_cause cause, unsigned col, const char *fmt, ...)
{
    va_list ap;
    unsigned at = 0;
    if (!err)
        return PTX_ERROR;
    err->cause = cause;
    err->col = col;
    va_start(ap, fmt);
    while (*fmt) {
        if (fmt[0] == '%' && fmt[1] == 's') {
            const char *s = va_arg(ap, const char *);
            at = put_str(err->msg, at, s ? s : "", s ? ptx_strlen(s) : 0);
            fmt += 2;
        } else if (fmt[0] == '%' && fmt[1] == 't') {
            const ptx_tok *t = va_arg(ap, const ptx_tok *);
            at = put_str(err->msg, at, t->s, t->len);
            fmt += 2;
        } else if (fmt[0] == '%' && fmt[1] == 'u') {
            char digits[12];
            unsigned v = va_arg(ap, unsigned), n = 0;
            do {
                digits[n++] = (char)('0' + v % 10);
                v /= 10;
            } while (v);
            while (n)
                at = put_str(err->msg, at, &digits[--n], 1);
            fmt += 2;
        } else {
            at = put_str(err->msg, at, fmt, 1);
            fmt++;
        }
    }
    va_end(ap);
    err->msg[at] = 0;
    return PTX_ERROR;
}
