/* `tce regress` recipes for the tensor modes besides tile: im2col loads (.im2col,
 * .im2col::w, .im2col::w::128; .im2col also through 16B/32B interleaved maps),
 * .im2col_no_offs stores and reduces, tile::gather4 loads and
 * tile::scatter4 stores. Maps come
 * from the encoder (a refused draw is drawn again); the operands are drawn so the
 * operation is legal, except for a few starts outside the
 * pixel window, which both engines must trap alike. Shapes stay small so that every row
 * fits the 8 KB shared slot and every tensor the 64 KB global source area (a scatter4
 * store's tensor: the operation's 16 KB global slot). */
#include "regress.h"

#include "../../csim/arith.h"
#include "../../csim/tensor_access.h"

static uint32_t rnd(uint64_t *rng, uint32_t n) { return regress_rnd(rng, n); }
static bool chance(uint64_t *rng, unsigned pct) { return regress_chance(rng, pct); }

/* Any swizzle (the encoder refuses a row wider than its span); wide maps need 64B, 128B
 * or 128B_ATOM_32B (encode rule). */
static tce_swizzle draw_swizzle(uint64_t *rng, bool wide)
{
    static const tce_swizzle any[] = {TCE_SW_NONE, TCE_SW_NONE, TCE_SW_32B, TCE_SW_64B,
                                      TCE_SW_128B, TCE_SW_128B_ATOM_32B,
                                      TCE_SW_128B_ATOM_32B_FLIP_8B, TCE_SW_128B_ATOM_64B,
                                      TCE_SW_96B};
    static const tce_swizzle wide_ok[] = {TCE_SW_64B, TCE_SW_128B, TCE_SW_128B_ATOM_32B};
    if (wide)
        return wide_ok[rnd(rng, 3)];
    return any[rnd(rng, sizeof any / sizeof any[0])];
}

/* Dense strides of a tensor whose rows of dim 0 (units of `unit` bytes: an element, or an
 * interleaved slice) are padded to `align` bytes (16, or 32 for a 32B-interleaved map),
 * plus a little slack; false when the footprint leaves the source area. */
static bool draw_strides(uint64_t *rng, unsigned rank, unsigned unit, unsigned align,
                         const uint64_t *gdim, uint64_t *gstr, uint64_t area)
{
    uint64_t stride = ((gdim[0] * unit + align - 1) & ~(uint64_t)(align - 1)) +
                      align * rnd(rng, 2);
    for (unsigned d = 1; d < rank; d++) {
        gstr[d - 1] = stride;
        stride = stride * gdim[d] + align * rnd(rng, 2);
    }
    return stride <= area;
}

void regress_gen_im2col(uint64_t *rng, unsigned slot, const regress_gen_cfg *wcfg,
                        regress_item *it)
{
    tce_op *op = &it->op;
    tce_tensormap *m = &it->map;
    unsigned pick = rnd(rng, 13);
    tce_mode mode = pick < 6    ? TCE_MODE_IM2COL
                    : pick < 8  ? TCE_MODE_IM2COL_W
                    : pick < 10 ? TCE_MODE_IM2COL_W128
                                : TCE_MODE_IM2COL_NO_OFFS;
    bool wide = mode == TCE_MODE_IM2COL_W || mode == TCE_MODE_IM2COL_W128;
    /* ::w::128's 128 rows of at least 64 bytes fill the whole 8 KB slot: no room for
     * --wide's shared offset there. */
    regress_gen_cfg c = *wcfg;
    c.wide = c.wide && mode != TCE_MODE_IM2COL_W128;
    const regress_gen_cfg *cfg = &c;
    /* .im2col_no_offs stores/reduces: from the shared source area into the operation's
     * global slot; PTX keeps their box inside the tensor (lower >= 0, upper <= 0). */
    bool store = mode == TCE_MODE_IM2COL_NO_OFFS;
    uint64_t base = store ? regress_gslot(slot) : REGRESS_GBASE;
    unsigned rank, esz, halo = 0, woff = 0;
    bool il;
    for (;;) { /* the encoder is the legality filter: draw until it accepts */
        tce_dtype dt = regress_dtype(rng, cfg);
        esz = tce_dtype_size(dt);
        rank = 3 + rnd(rng, 3);
        uint32_t row = 16u * (1 + rnd(rng, 8)); /* channel bytes: 16..128 */
        uint32_t channels = row / esz;
        tce_swizzle sw = draw_swizzle(rng, wide);
        /* A third of the .im2col loads and .im2col_no_offs stores go through an interleaved
         * map (csim/im2col_ileave.c): every row is then one slice, dim 0 is a pixel
         * dimension counted in slices and dim rank-2 is the channel slice. */
        tce_interleave ilv = TCE_IL_NONE;
        if ((mode == TCE_MODE_IM2COL || store) && chance(rng, 33))
            ilv = chance(rng, 50) ? TCE_IL_16B : TCE_IL_32B;
        il = ilv != TCE_IL_NONE;
        uint32_t slice = ilv == TCE_IL_32B ? 32u : 16u;
        /* ::w::128 takes 128 rows of at least 64 bytes (its swizzles): a halo would not
         * fit the 8 KB shared slot, so only ::w draws one. */
        halo = mode == TCE_MODE_IM2COL_W ? rnd(rng, 5) : 0;
        woff = wide ? rnd(rng, 4) : 0;
        uint32_t pixels = 1 + rnd(rng, chance(rng, 20) ? 128 : 24);
        uint32_t rows = mode == TCE_MODE_IM2COL_W128 ? 4 * (32 + halo) : pixels + halo;
        if ((uint64_t)rows * (il ? slice : tce_smem_row_pitch(sw, row)) >
            regress_box_cap(cfg, store ? REGRESS_SSRC_SIZE - 0x400u : REGRESS_SSLOT_SIZE))
            continue;
        uint64_t gdim[TCE_MAX_RANK], gstr[TCE_MAX_RANK];
        uint32_t es[TCE_MAX_RANK];
        int32_t lower[3] = {0}, upper[3] = {0};
        gdim[0] = il ? 1 + rnd(rng, 10) : 1 + rnd(rng, channels * 2 + 4);
        es[0] = il && chance(rng, 25) ? 1 + rnd(rng, 3) : 1;
        for (unsigned d = 1; d < rank; d++) {
            gdim[d] = 1 + rnd(rng, d == rank - 1 ? 3 : 8);
            es[d] = chance(rng, 25) ? 1 + rnd(rng, 3) : 1;
        }
        for (unsigned j = 0; j < 3; j++) {
            lower[j] = -(int32_t)rnd(rng, 3) + (int32_t)rnd(rng, 2);
            upper[j] = (int32_t)rnd(rng, 3) - (int32_t)rnd(rng, 3);
            if (store) {
                lower[j] = (int32_t)rnd(rng, 2);
                upper[j] = -(int32_t)rnd(rng, 2);
            }
        }
        /* An interleaved dim-0 unit is a slice; the encoder asks 32-byte strides (and
         * base) of a 32B-interleaved map. */
        unsigned align = ilv == TCE_IL_32B ? 32u : 16u;
        uint32_t off = regress_base_off(rng, cfg, align);
        if (!draw_strides(rng, rank, il ? slice : esz, align, gdim, gstr,
                          (store ? REGRESS_GSLOT_SIZE : REGRESS_GSRC_SIZE) - off))
            continue;
        tce_oobfill fill = chance(rng, 30) ? TCE_OOB_NAN : TCE_OOB_ZERO;
        tce_diag why;
        tce_status st =
            wide ? tce_encode_im2col_wide(m, dt, rank, base + off, gdim, gstr, lower[0],
                                          upper[0], channels, pixels, es, TCE_IL_NONE,
                                          mode == TCE_MODE_IM2COL_W128 ? TCE_WIDE_W128
                                                                       : TCE_WIDE_W,
                                          sw, (tce_l2promo)rnd(rng, 4), fill, &why)
                 : tce_encode_im2col(m, dt, rank, base + off, gdim, gstr, lower, upper,
                                     channels, pixels, es, ilv, sw,
                                     (tce_l2promo)rnd(rng, 4), fill, &why);
        if (st == TCE_OK)
            break;
    }
    it->has_map = true;
    op->mode = mode;
    op->dims = rank;
    op->tmap_addr = REGRESS_DESC_BASE + slot * 128u;
    op->cta = rnd(rng, REGRESS_NCTA);
    /* Channel start on a 16-byte boundary, from a row before the tensor (loads) to past
     * its end; through an interleaved map, a channel slice from one before (loads) to one
     * past. */
    unsigned cdim = il ? rank - 2 : 0, sp0 = il ? 0 : 1; /* channel dim, first spatial dim */
    if (il) {
        op->coords[cdim] = (int32_t)rnd(rng, (uint32_t)m->gdim[cdim] + 2) - (store ? 0 : 1);
    } else {
        int32_t c16 = (int32_t)rnd(rng, (uint32_t)((m->gdim[0] * esz + 31) / 16 + 2)) -
                      (store ? 0 : 1);
        op->coords[0] = c16 * 16 / (int32_t)esz;
    }
    unsigned nwalk = wide ? 1 : rank - 2;
    bool outside = chance(rng, 4); /* a start outside the window: the H100 traps */
    for (unsigned j = 0; j < rank - 2; j++) {
        int64_t lo = m->lower[j < nwalk ? j : 0], hi = (int64_t)m->gdim[sp0 + j] - 1;
        if (j < nwalk) {
            hi += m->upper[j];
            if (wide) { /* the window is shifted by wOffset; the start may lie left of it */
                lo -= 2;
            }
        } else {
            lo = -1; /* ::w keeps H and D as given, padding included */
            hi += 1;
        }
        int64_t c = lo + (int64_t)rnd(rng, (uint32_t)(hi - lo + 1));
        if (outside && j == 0)
            c = chance(rng, 50) ? hi + 1 + (int64_t)rnd(rng, 3) : m->lower[0] - 1 - (int64_t)rnd(rng, 3);
        op->coords[sp0 + j] = (int32_t)c;
    }
    op->coords[rank - 1] = (int32_t)rnd(rng, (uint32_t)m->gdim[rank - 1] + 1);
    if (store) {
        tce_etype et;
        tce_redop redop = (tce_redop)rnd(rng, TCE_RED_XOR + 1);
        op->kind = TCE_OP_TENSOR_STORE;
        it->what = "im2col_no_offs store";
        if (chance(rng, 50) && tce_etype_from_dtype(m->dtype, redop, &et)) {
            op->kind = TCE_OP_TENSOR_REDUCE;
            op->redop = redop;
            it->what = "im2col_no_offs reduce";
        }
        regress_store_source(rng, cfg, op);
        return;
    }
    if (wide) {
        op->im2col[0] = (uint16_t)halo;
        op->im2col[1] = (uint16_t)woff;
    } else {
        for (unsigned j = 0; j < nwalk; j++)
            op->im2col[j] = (uint16_t)rnd(rng, 3);
    }
    it->what = mode == TCE_MODE_IM2COL     ? (il ? "im2col load, interleaved" : "im2col load")
               : mode == TCE_MODE_IM2COL_W ? "im2col::w load"
                                           : "im2col::w::128 load";
    regress_load_dest(rng, slot, cfg, op);
}

/* tile::gather4 loads from the tensor area and tile::scatter4 stores into the slot's
 * global area: four rows of a 2-D map with boxDim[1] == 1. */
void regress_gen_gather4(uint64_t *rng, unsigned slot, const regress_gen_cfg *cfg,
                         regress_item *it)
{
    tce_op *op = &it->op;
    tce_tensormap *m = &it->map;
    bool store = chance(rng, 40);
    uint64_t base = store ? regress_gslot(slot) : REGRESS_GBASE;
    unsigned esz;
    for (;;) {
        tce_dtype dt = regress_dtype(rng, cfg);
        esz = tce_dtype_size(dt);
        uint32_t row = 16u * (1 + rnd(rng, chance(rng, 30) ? 64 : 8));
        tce_swizzle sw = draw_swizzle(rng, false);
        uint64_t gdim[TCE_MAX_RANK], gstr[TCE_MAX_RANK];
        uint32_t box[TCE_MAX_RANK] = {row / esz > 256 ? 256 : row / esz, 1};
        uint32_t es[TCE_MAX_RANK] = {1, 1 + rnd(rng, 2)};
        gdim[0] = 1 + rnd(rng, box[0] * 2 + 8);
        gdim[1] = 1 + rnd(rng, 40);
        uint32_t off = regress_base_off(rng, cfg, 16);
        if (!draw_strides(rng, 2, esz, 16, gdim, gstr,
                          (store ? REGRESS_GSLOT_SIZE : REGRESS_GSRC_SIZE) - off))
            continue;
        tce_oobfill fill = chance(rng, 30) ? TCE_OOB_NAN : TCE_OOB_ZERO;
        tce_diag why;
        if (tce_encode_tiled(m, dt, 2, base + off, gdim, gstr, box, es, TCE_IL_NONE, sw,
                             (tce_l2promo)rnd(rng, 4), fill, &why) == TCE_OK)
            break;
    }
    it->has_map = true;
    op->mode = store ? TCE_MODE_SCATTER4 : TCE_MODE_GATHER4;
    op->dims = 2;
    op->tmap_addr = REGRESS_DESC_BASE + slot * 128u;
    op->cta = rnd(rng, REGRESS_NCTA);
    if (store) {
        /* Stores take no negative coordinate; columns and rows past the tensor's end are
         * clipped / skipped. */
        int32_t c16 = (int32_t)rnd(rng, (uint32_t)((m->gdim[0] * esz + 31) / 16 + 1));
        op->coords[0] = c16 * 16 / (int32_t)esz;
        for (unsigned r = 1; r <= 4; r++)
            op->coords[r] = (int32_t)rnd(rng, (uint32_t)m->gdim[1] + 2);
        it->what = "scatter4 store";
        op->kind = TCE_OP_TENSOR_STORE;
        regress_store_source(rng, cfg, op);
        return;
    }
    int32_t c16 = (int32_t)rnd(rng, (uint32_t)((m->gdim[0] * esz + 31) / 16 + 2)) - 1;
    op->coords[0] = c16 * 16 / (int32_t)esz - (int32_t)(chance(rng, 20) ? m->box[0] : 0);
    /* Four row indices, any order, repeats allowed, some outside the tensor (fill). */
    for (unsigned r = 1; r <= 4; r++)
        op->coords[r] = (int32_t)rnd(rng, (uint32_t)m->gdim[1] + 4) - 2;
    it->what = "gather4 load";
    regress_load_dest(rng, slot, cfg, op);
}
