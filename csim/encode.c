/* PLACEHOLDER (to be replaced by the encode rules). Accepts everything. */
#include "tensormap.h"
#include <string.h>
static void fill_common(tce_tensormap *m, tce_map_kind k, tce_dtype dt, unsigned rank, uint64_t gaddr,
                        const uint64_t *gdim, const uint64_t *gs, const uint32_t *es,
                        tce_interleave il, tce_swizzle sw, tce_l2promo pr, tce_oobfill f)
{
    memset(m, 0, sizeof *m);
    m->kind = k; m->dtype = dt; m->rank = rank; m->gaddr = gaddr;
    for (unsigned i = 0; i < rank; i++) { m->gdim[i] = gdim[i]; m->estride[i] = es[i]; }
    m->gstride[0] = tce_dtype_size(dt);
    for (unsigned i = 1; i < rank; i++) m->gstride[i] = gs[i - 1];
    m->interleave = il; m->swizzle = sw; m->promo = pr; m->oobfill = f;
}
tce_status tce_encode_tiled(tce_tensormap *out, tce_dtype dtype, unsigned rank, uint64_t gaddr,
                            const uint64_t *gdim, const uint64_t *gstrides, const uint32_t *box,
                            const uint32_t *estrides, tce_interleave il, tce_swizzle sw,
                            tce_l2promo promo, tce_oobfill fill, tce_diag *why)
{
    (void)why;
    fill_common(out, TCE_MAP_TILED, dtype, rank, gaddr, gdim, gstrides, estrides, il, sw, promo, fill);
    for (unsigned i = 0; i < rank; i++) out->box[i] = box[i];
    return TCE_OK;
}
tce_status tce_encode_im2col(tce_tensormap *out, tce_dtype dtype, unsigned rank, uint64_t gaddr,
                             const uint64_t *gdim, const uint64_t *gstrides, const int32_t *lower,
                             const int32_t *upper, uint32_t channels, uint32_t pixels,
                             const uint32_t *estrides, tce_interleave il, tce_swizzle sw,
                             tce_l2promo promo, tce_oobfill fill, tce_diag *why)
{
    (void)why;
    fill_common(out, TCE_MAP_IM2COL, dtype, rank, gaddr, gdim, gstrides, estrides, il, sw, promo, fill);
    for (unsigned i = 0; i + 2 < rank; i++) { out->lower[i] = lower[i]; out->upper[i] = upper[i]; }
    out->channels = channels; out->pixels = pixels;
    return TCE_OK;
}
tce_status tce_encode_im2col_wide(tce_tensormap *out, tce_dtype dtype, unsigned rank,
                                  uint64_t gaddr, const uint64_t *gdim, const uint64_t *gstrides,
                                  int32_t lower_w, int32_t upper_w, uint32_t channels,
                                  uint32_t pixels, const uint32_t *estrides, tce_interleave il,
                                  tce_wide_mode mode, tce_swizzle sw, tce_l2promo promo,
                                  tce_oobfill fill, tce_diag *why)
{
    (void)why;
    fill_common(out, TCE_MAP_IM2COL_WIDE, dtype, rank, gaddr, gdim, gstrides, estrides, il, sw, promo, fill);
    out->lower[0] = lower_w; out->upper[0] = upper_w; out->channels = channels; out->pixels = pixels; out->wide = mode;
    return TCE_OK;
}
