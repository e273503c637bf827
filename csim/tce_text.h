/* Bounded text building without stdio, so the freestanding driver, and the parts of the
 * golden model it runs (descriptor pack/unpack and the encode rules, for
 * tensormap.replace), can name causes. Only freestanding headers. */
#ifndef TCE_TEXT_H
#define TCE_TEXT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A fixed buffer that always stays NUL-terminated; appends past the end are cut. */
typedef struct {
    char *buf;
    size_t cap;
    size_t len;
} tce_text;

void tce_text_start(tce_text *t, char *buf, size_t cap);
void tce_text_str(tce_text *t, const char *s);
void tce_text_dec(tce_text *t, uint64_t v);
void tce_text_hex(tce_text *t, uint64_t v); /* 0x-prefixed */
/* printf-style appending for the subset the project's messages use: %s %c %% and d/u/x
 * with an optional 0 flag, width and l/ll length; anything else is copied as written. */
void tce_text_vformat(tce_text *t, const char *fmt, va_list ap);
void tce_text_format(tce_text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Replace buf's contents with the formatted text (start + vformat in one call). */
void tce_text_vset(char *buf, size_t cap, const char *fmt, va_list ap);
/* Whether two NUL-terminated strings are equal (strcmp(a, b) == 0 without libc). */
bool tce_str_eq(const char *a, const char *b);

#endif
