/* Bounded text building without stdio (see tce_text.h). */
#include "tce_text.h"

void tce_text_start(tce_text *t, char *buf, size_t cap)
{
    t->buf = buf;
    t->cap = cap;
    t->len = 0;
    if (cap)
        buf[0] = '\0';
}

static void put_char(tce_text *t, char c)
{
    if (t->cap == 0 || t->len + 1 >= t->cap)
        return;
    t->buf[t->len++] = c;
    t->buf[t->len] = '\0';
}

void tce_text_str(tce_text *t, const char *s)
{
    while (s && *s)
        put_char(t, *s++);
}

/* v in base 10 or 16, at least `width` digits wide, padded with `pad`. */
static void put_digits(tce_text *t, uint64_t v, unsigned base, unsigned width, char pad)
{
    char tmp[24];
    unsigned n = 0;
    do {
        unsigned d = (unsigned)(v % base);
        tmp[n++] = (char)(d < 10 ? '0' + d : 'a' + (d - 10));
        v /= base;
    } while (v && n < sizeof tmp);
    for (unsigned i = n; i < width; i++)
        put_char(t, pad);
    while (n)
        put_char(t, tmp[--n]);
}

void tce_text_dec(tce_text *t, uint64_t v) { put_digits(t, v, 10, 0, ' '); }

void tce_text_hex(tce_text *t, uint64_t v)
{
    tce_text_str(t, "0x");
    put_digits(t, v, 16, 0, ' ');
}

void tce_text_vformat(tce_text *t, const char *fmt, va_list ap)
{
    while (*fmt) {
        if (*fmt != '%') {
            put_char(t, *fmt++);
            continue;
        }
        const char *spec = fmt++;
        char pad = ' ';
        unsigned width = 0, longs = 0;
        if (*fmt == '0') {
            pad = '0';
            fmt++;
        }
        while (*fmt >= '0' && *fmt <= '9')
            width = width * 10u + (unsigned)(*fmt++ - '0');
        while (*fmt == 'l') {
            longs++;
            fmt++;
        }
        char conv = *fmt ? *fmt++ : '\0';
        if (conv == 'd') {
            int64_t v = longs >= 2 ? va_arg(ap, long long) : longs ? va_arg(ap, long) : va_arg(ap, int);
            if (v < 0) {
                put_char(t, '-');
                put_digits(t, 0u - (uint64_t)v, 10, width ? width - 1 : 0, pad);
            } else {
                put_digits(t, (uint64_t)v, 10, width, pad);
            }
        } else if (conv == 'u' || conv == 'x') {
            uint64_t v = longs >= 2 ? (uint64_t)va_arg(ap, unsigned long long)
                         : longs ? (uint64_t)va_arg(ap, unsigned long)
                                 : (uint64_t)va_arg(ap, unsigned);
            put_digits(t, v, conv == 'u' ? 10 : 16, width, pad);
        } else if (conv == 's') {
            tce_text_str(t, va_arg(ap, const char *));
        } else if (conv == 'c') {
            put_char(t, (char)va_arg(ap, int));
        } else if (conv == '%') {
            put_char(t, '%');
        } else {
            while (spec < fmt)
                put_char(t, *spec++);
        }
    }
}

void tce_text_format(tce_text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tce_text_vformat(t, fmt, ap);
    va_end(ap);
}

bool tce_str_eq(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

void tce_text_vset(char *buf, size_t cap, const char *fmt, va_list ap)
{
    tce_text t;
    tce_text_start(&t, buf, cap);
    tce_text_vformat(&t, fmt, ap);
}
