/* The extreme-parameter captures' description of global memory (hwcorpus README,
 * "Extreme-parameter captures"): the tensor map's globalAddress (`gaddr`), the recorded
 * buffer (`gbuf`, with `gseed`/`gbytes`/`gout`), the whole allocation around it (`galloc`),
 * and for stores how many bytes of the allocation outside the buffer changed (`goutside`).
 * Older records have none of these keys: their tensor starts at the buffer's first byte. */
#ifndef TCE_CORPUS_GMEM_H
#define TCE_CORPUS_GMEM_H

#include "corpus.h"

/* Largest allocation replay will map (the captures used 64 MiB). */
#define CORPUS_GALLOC_MAX (256ull << 20)

typedef struct {
    uint64_t gaddr;        /* globalAddress given to the driver */
    uint64_t gbuf;         /* device address of the recorded buffer */
    uint64_t gbytes;       /* its size */
    uint64_t alloc_base;   /* `galloc ADDR BYTES`: all of it was mapped */
    uint64_t alloc_bytes;
    bool has_outside;      /* `goutside` given */
    uint64_t outside_n;    /* bytes of the allocation outside the buffer that changed */
    int64_t outside_lo;    /* first and last of them, as offsets from gbuf (when n > 0) */
    int64_t outside_hi;
} corpus_gmem;

typedef struct {
    const char *key;       /* the key at fault (its line locates the error) */
    char why[160];
} corpus_gmem_err;

/* 1: the case describes its memory this way (it has `gbuf`) and g is filled; 0: it has
 * none of the keys; -1: a key is missing or malformed (err). A buffer that is not inside
 * its allocation, or not 8-byte aligned relative to it, is malformed too. */
int corpus_gmem_read(const corpus_case *c, corpus_gmem *g, corpus_gmem_err *err);

/* The allocation's bytes as the capture filled them: the 8-byte word at gbuf + 8j (j may be
 * negative) is the splitmix64 output for state seed + (j + 1) * 0x9E3779B97F4A7C15. */
void corpus_gmem_fill(const corpus_gmem *g, uint64_t seed, uint8_t *alloc);

/* Bytes of `alloc` outside [gbuf, gbuf + gbytes) that differ from that fill: their count,
 * and the first and last as offsets from gbuf (untouched when the count is 0). */
uint64_t corpus_gmem_outside_changes(const corpus_gmem *g, uint64_t seed, const uint8_t *alloc,
                                     int64_t *lo, int64_t *hi);

#endif
