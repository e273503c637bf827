/* Reader for the hardware-corpus text format (tests/data/hwcorpus/README.md):
 * blocks from `case N` to `end`, one `key value...` a line, and byte blobs written as
 * `key COUNT` followed by COUNT bytes of lowercase hex, 64 bytes a line. */
#ifndef TCE_CORPUS_H
#define TCE_CORPUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CORPUS_MAX_KEYS 48

typedef struct {
    char key[24];
    char *text;        /* the rest of the line (values), NUL-terminated */
    uint8_t *blob;     /* decoded bytes when the key carried a byte count */
    size_t blob_len;
    bool is_blob;
    long line;         /* where the key is in the file, for messages */
} corpus_entry;

typedef struct {
    long id;           /* N of `case N` */
    long line;         /* line of `case N` in the file */
    unsigned nkeys;
    corpus_entry e[CORPUS_MAX_KEYS];
} corpus_case;

typedef struct {
    FILE *f;
    const char *path;
    long line;
    char header[256];  /* the leading `#` line, if any */
    char err[256];     /* set when corpus_next returns -1 */
} corpus_reader;

int corpus_open(corpus_reader *r, const char *path);
void corpus_close(corpus_reader *r);
/* 1: a case was read into c; 0: end of file; -1: malformed input (r->err names the line). */
int corpus_next(corpus_reader *r, corpus_case *c);
void corpus_case_free(corpus_case *c);

/* Look-ups. Each returns false when the key is missing or its value does not parse;
 * the strict variants are what replay uses, so a bad value is reported, not defaulted. */
const corpus_entry *corpus_get(const corpus_case *c, const char *key);
const char *corpus_str(const corpus_case *c, const char *key);
bool corpus_u64(const corpus_case *c, const char *key, uint64_t *out);
bool corpus_i64(const corpus_case *c, const char *key, int64_t *out);
/* A list of integers; returns the count read (or -1 on a parse error / too many). */
int corpus_i64_list(const corpus_case *c, const char *key, int64_t *out, int max);
const uint8_t *corpus_blob(const corpus_case *c, const char *key, size_t *len);

/* The value of one hex digit (either case), or -1. */
int corpus_hex_digit(int c);

/* The corpus's two fill generators. */
uint64_t corpus_splitmix64(uint64_t *state);
void corpus_fill_raw(uint8_t *buf, size_t n, uint64_t seed);
/* `values` fill for a float dtype name (FLOAT16 BFLOAT16 FLOAT32 FLOAT32_FTZ FLOAT64, and
 * TFLOAT32 TFLOAT32_FTZ with the f32 layout, which tests/data/probes use);
 * returns false for other types. */
bool corpus_fill_values(uint8_t *buf, size_t n, uint64_t seed, const char *dtype);

/* Fill buf from the case's `<prefix>seed` and `<prefix>fill` keys (`raw` when no fill key,
 * or `values` by the case's dtype), as every capture was made. Returns
 * CORPUS_FILL_OK, or which key is wrong. */
typedef enum {
    CORPUS_FILL_OK,
    CORPUS_FILL_NO_SEED,        /* `<prefix>seed` missing or not a number */
    CORPUS_FILL_NO_VALUES_TYPE, /* `values` for a dtype the generator does not define */
    CORPUS_FILL_UNKNOWN         /* `<prefix>fill` names no generator */
} corpus_fill_status;
corpus_fill_status corpus_fill(const corpus_case *c, const char *prefix, uint8_t *buf,
                               size_t n);

#endif
