/* cuTensorMapEncodeTiled / Im2col / Im2colWide: gather the driver's parameters into a
 * tce_tensormap and accept or reject it by the driver's rules (encode_rules.c).
 * Freestanding (tce_text.h formats the messages): the soft-CPU firmware encodes its maps
 * with this same code (cmake/firmware_csim_sources.cmake). */
#include "encode_rules.h"

#include "tce_text.h"

/* The GPU whose driver the encoder imitates. sm_90 by default, as the corpus was captured
 * on an H100; sm_100 lifts the packed-type and swizzle-atomicity refusals. */
static unsigned encode_target_sm = 90;

unsigned tce_encode_set_target_sm(unsigned sm)
{
    unsigned old = encode_target_sm;
    encode_target_sm = sm;
    return old;
}

/* Fills the fields every kind shares. Arrays are read only up to the rank, and only when
 * the rank is one the driver could take, so a bad rank cannot make us read past them. */
static void fill_common(tce_tensormap *m, tce_map_kind kind, tce_dtype dt, unsigned rank,
                        uint64_t gaddr, const uint64_t *gdim, const uint64_t *gstrides,
                        const uint32_t *estrides, tce_interleave il, tce_swizzle sw,
                        tce_l2promo promo, tce_oobfill fill)
{
    *m = (tce_tensormap){0};
    m->kind = kind;
    m->dtype = dt;
    m->rank = rank;
    m->gaddr = gaddr;
    m->interleave = il;
    m->swizzle = sw;
    m->promo = promo;
    m->oobfill = fill;
    if (rank < 1 || rank > TCE_MAX_RANK)
        return;
    for (unsigned i = 0; i < rank; i++) {
        m->gdim[i] = gdim ? gdim[i] : 0;
        m->estride[i] = estrides ? estrides[i] : 0;
    }
    /* gstride[0] is implicit: the element size (0 for the packed sub-byte types). */
    m->gstride[0] = tce_dtype_size(dt);
    for (unsigned i = 1; i < rank; i++)
        m->gstride[i] = gstrides ? gstrides[i - 1] : 0;
}

/* NULL arrays are a caller error the driver would also refuse; name the parameter. */
static tce_status missing(tce_diag *why, const char *param)
{
    if (why) {
        tce_text t;
        tce_text_start(&t, why->text, sizeof why->text);
        tce_text_str(&t, param);
        tce_text_str(&t, " is NULL");
    }
    return TCE_ERR_INVALID_VALUE;
}

/* The driver refuses a globalAddress at or past 2^57 (the GPU's virtual address width):
 * extreme_load/extreme_store.txt, 368 maps refused for it alone, the highest accepted address
 * below 2^49, the lowest refused one past 2^58 (docs/encode.md). Only the encode calls check
 * it: a descriptor, or tensormap.replace, may hold any 64-bit address. */
#define ENCODE_GADDR_LIMIT (1ull << 57)

static tce_status finish(tce_tensormap *out, const tce_tensormap *m, unsigned sm,
                         tce_diag *why)
{
    tce_encode_fault f;
    if (m->gaddr >= ENCODE_GADDR_LIMIT) {
        if (why) {
            tce_text t;
            tce_text_start(&t, why->text, sizeof why->text);
            tce_text_str(&t, "globalAddress is at or past 2^57, outside the GPU's virtual "
                             "address space");
        }
        return TCE_ERR_INVALID_VALUE;
    }
    if (!tce_encode_rules_check(m, sm, &f)) {
        if (why) {
            tce_text t;
            tce_text_start(&t, why->text, sizeof why->text);
            tce_text_str(&t, f.text);
        }
        return TCE_ERR_INVALID_VALUE;
    }
    *out = *m;
    if (why)
        why->text[0] = '\0';
    return TCE_OK;
}

static bool rank_ok(unsigned rank)
{
    return rank >= 1 && rank <= TCE_MAX_RANK;
}

/* The arrays every encode reads, in the order the driver's parameters name them: the
 * first NULL one is the error. Only checked for a rank the driver could take (a bad rank
 * is reported by the rules instead, and nothing is read). with_box: tiled maps only. */
static tce_status missing_array(unsigned rank, const uint64_t *gdim, const uint64_t *gstrides,
                                bool with_box, const uint32_t *box, const uint32_t *estrides,
                                tce_diag *why)
{
    if (!rank_ok(rank))
        return TCE_OK;
    if (!gdim)
        return missing(why, "globalDim");
    if (rank > 1 && !gstrides)
        return missing(why, "globalStrides");
    if (with_box && !box)
        return missing(why, "boxDim");
    if (!estrides)
        return missing(why, "elementStrides");
    return TCE_OK;
}

tce_status tce_encode_tiled(tce_tensormap *out, tce_dtype dtype, unsigned rank, uint64_t gaddr,
                            const uint64_t *gdim, const uint64_t *gstrides, const uint32_t *box,
                            const uint32_t *estrides, tce_interleave il, tce_swizzle sw,
                            tce_l2promo promo, tce_oobfill fill, tce_diag *why)
{
    if (!out)
        return missing(why, "tensorMap");
    tce_status st = missing_array(rank, gdim, gstrides, true, box, estrides, why);
    if (st != TCE_OK)
        return st;
    tce_tensormap m;
    fill_common(&m, TCE_MAP_TILED, dtype, rank, gaddr, gdim, gstrides, estrides, il, sw, promo,
                fill);
    for (unsigned i = 0; rank_ok(rank) && i < rank; i++)
        m.box[i] = box[i];
    return finish(out, &m, encode_target_sm, why);
}

tce_status tce_encode_im2col(tce_tensormap *out, tce_dtype dtype, unsigned rank, uint64_t gaddr,
                             const uint64_t *gdim, const uint64_t *gstrides, const int32_t *lower,
                             const int32_t *upper, uint32_t channels, uint32_t pixels,
                             const uint32_t *estrides, tce_interleave il, tce_swizzle sw,
                             tce_l2promo promo, tce_oobfill fill, tce_diag *why)
{
    if (!out)
        return missing(why, "tensorMap");
    bool spatial = rank >= 3 && rank <= TCE_MAX_RANK;
    tce_status st = missing_array(rank, gdim, gstrides, false, NULL, estrides, why);
    if (st != TCE_OK)
        return st;
    if (spatial && !lower)
        return missing(why, "pixelBoxLowerCorner");
    if (spatial && !upper)
        return missing(why, "pixelBoxUpperCorner");
    tce_tensormap m;
    fill_common(&m, TCE_MAP_IM2COL, dtype, rank, gaddr, gdim, gstrides, estrides, il, sw,
                promo, fill);
    for (unsigned i = 0; spatial && i + 2 < rank; i++) {
        m.lower[i] = lower[i];
        m.upper[i] = upper[i];
    }
    m.channels = channels;
    m.pixels = pixels;
    return finish(out, &m, encode_target_sm, why);
}

tce_status tce_encode_im2col_wide(tce_tensormap *out, tce_dtype dtype, unsigned rank,
                                  uint64_t gaddr, const uint64_t *gdim, const uint64_t *gstrides,
                                  int32_t lower_w, int32_t upper_w, uint32_t channels,
                                  uint32_t pixels, const uint32_t *estrides, tce_interleave il,
                                  tce_wide_mode mode, tce_swizzle sw, tce_l2promo promo,
                                  tce_oobfill fill, tce_diag *why)
{
    if (!out)
        return missing(why, "tensorMap");
    tce_status st = missing_array(rank, gdim, gstrides, false, NULL, estrides, why);
    if (st != TCE_OK)
        return st;
    tce_tensormap m;
    fill_common(&m, TCE_MAP_IM2COL_WIDE, dtype, rank, gaddr, gdim, gstrides, estrides, il, sw,
                promo, fill);
    m.lower[0] = lower_w;
    m.upper[0] = upper_w;
    m.channels = channels;
    m.wide = mode;
    /* W128 always loads 128 pixels and ignores pixelsPerColumn (tma-notes section 4), so
     * the map records the count the engine will use. */
    m.pixels = mode == TCE_WIDE_W128 ? 128u : pixels;
    return finish(out, &m, encode_target_sm, why);
}
