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

static void put_digits(tce_text *t, uint64_t v, unsigned base)
{
    char tmp[24];
    unsigned n = 0;
    do {
        unsigned d = (unsigned)(v % base);
        tmp[n++] = (char)(d < 10 ? '0' + d : 'a' + (d - 10));
        v /= base;
    } while (v && n < sizeof tmp);
    while (n)
        put_char(t, tmp[--n]);
}

void tce_text_dec(tce_text *t, uint64_t v) { put_digits(t, v, 10); }

void tce_text_hex(tce_text *t, uint64_t v)
{
    tce_text_str(t, "0x");
    put_digits(t, v, 16);
}
