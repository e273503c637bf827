/* Bounded text building without stdio, so the freestanding driver can name causes. */
#ifndef TCE_TEXT_H
#define TCE_TEXT_H

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

#endif
