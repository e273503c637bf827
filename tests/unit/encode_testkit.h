/* Shared by the encode and descriptor unit tests: a check macro and argument bundles for
 * the three encode calls, so each test changes one parameter of a known-good map. */
#ifndef ENCODE_TESTKIT_H
#define ENCODE_TESTKIT_H

#include <stdio.h>
#include <string.h>

#include "tensormap.h"

#include "check.h"

typedef struct {
    tce_dtype dt;
    unsigned rank;
    uint64_t gaddr;
    uint64_t gdim[5], gstride[4];
    uint32_t box[5], es[5];
    tce_interleave il;
    tce_swizzle sw;
    tce_l2promo promo;
    tce_oobfill fill;
} tiled_args;

typedef struct {
    tce_dtype dt;
    unsigned rank;
    uint64_t gaddr;
    uint64_t gdim[5], gstride[4];
    int32_t lower[3], upper[3];
    uint32_t channels, pixels, es[5];
    tce_interleave il;
    tce_swizzle sw;
    tce_l2promo promo;
    tce_oobfill fill;
    tce_wide_mode mode; /* wide only */
} im2col_args;

static inline tce_status enc_tiled(const tiled_args *a, tce_tensormap *m, tce_diag *why)
{
    return tce_encode_tiled(m, a->dt, a->rank, a->gaddr, a->gdim, a->gstride, a->box, a->es,
                            a->il, a->sw, a->promo, a->fill, why);
}

static inline tce_status enc_im2col(const im2col_args *a, tce_tensormap *m, tce_diag *why)
{
    return tce_encode_im2col(m, a->dt, a->rank, a->gaddr, a->gdim, a->gstride, a->lower,
                             a->upper, a->channels, a->pixels, a->es, a->il, a->sw, a->promo,
                             a->fill, why);
}

static inline tce_status enc_wide(const im2col_args *a, tce_tensormap *m, tce_diag *why)
{
    return tce_encode_im2col_wide(m, a->dt, a->rank, a->gaddr, a->gdim, a->gstride,
                                  a->lower[0], a->upper[0], a->channels, a->pixels, a->es,
                                  a->il, a->mode, a->sw, a->promo, a->fill, why);
}

/* Expect acceptance (want == NULL) or a rejection whose text contains `want`. */
static inline void expect(const char *file, int line, const char *name, tce_status st,
                   const tce_diag *why, const char *want)
{
    if (!want && st != TCE_OK) {
        fprintf(stderr, "%s:%d: %s: expected accept, got %s: %s\n", file, line, name,
                tce_status_name(st), why->text);
        failures++;
    } else if (want && st != TCE_ERR_INVALID_VALUE) {
        fprintf(stderr, "%s:%d: %s: expected INVALID_VALUE (%s), got %s\n", file, line, name,
                want, tce_status_name(st));
        failures++;
    } else if (want && !strstr(why->text, want)) {
        fprintf(stderr, "%s:%d: %s: diagnostic '%s' does not name '%s'\n", file, line, name,
                why->text, want);
        failures++;
    }
}

/* Encode a's map with enc (enc_tiled, enc_im2col or enc_wide) and expect() the result. */
#define EXPECT_ENCODE(name, enc, a, want)                                                      \
    do {                                                                                       \
        tce_tensormap m_;                                                                      \
        tce_diag w_ = {{0}};                                                                   \
        expect(__FILE__, __LINE__, name, enc(&(a), &m_, &w_), &w_, (want));                    \
    } while (0)
#define EXPECT_TILED(a, want) EXPECT_ENCODE("tiled", enc_tiled, a, want)
#define EXPECT_IM2COL(a, want) EXPECT_ENCODE("im2col", enc_im2col, a, want)
#define EXPECT_WIDE(a, want) EXPECT_ENCODE("wide", enc_wide, a, want)

#endif
