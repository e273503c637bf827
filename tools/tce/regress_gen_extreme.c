/* `tce regress --wide`: tile loads and stores at real sizes, drawn as the extreme-parameter
 * captures were made (tests/data/hwcorpus/README.md, docs/tile.md "Real sizes"): globalDim
 * up to 2^31 (now and then past it: both engines must trap), strides up to 2^40 - 16,
 * coordinates near 0, near globalDim, near INT32_MAX and INT32_MIN or anywhere, and a
 * globalAddress chosen so that the box's in-bounds elements land in regress's window: it
 * lies anywhere below 2^57, the sums wrap past 2^64 when the coordinates and strides say so.
 * Along a stride over 4 KB the box is one element wide, so the in-bounds part stays small. */
#include "regress.h"

#include <limits.h>

static uint32_t rnd(uint64_t *rng, uint32_t n) { return regress_rnd(rng, n); }
static bool chance(uint64_t *rng, unsigned pct) { return regress_chance(rng, pct); }

/* A globalDim: small, or one of the edges the captures probe, rarely past 2^31. */
static uint64_t draw_gdim(uint64_t *rng, uint32_t box)
{
    static const uint64_t edge[] = {(1ull << 24) + 1, 1ull << 30, (1ull << 30) + 1,
                                    (1ull << 31) - 1, 1ull << 31, 65536, 65537};
    unsigned pick = rnd(rng, 100);
    if (pick < 3) /* past 2^31: the H100 traps every tile operation on the map */
        return chance(rng, 50) ? (1ull << 31) + 1 + rnd(rng, 4) : (1ull << 32) - rnd(rng, 2);
    if (pick < 30)
        return 1 + rnd(rng, box + 8);
    if (pick < 75)
        return edge[rnd(rng, sizeof edge / sizeof edge[0])];
    return 1 + ((uint64_t)regress_rnd(rng, 1u << 31));
}

/* A stride of dims 1..rank-1: a small dense-ish one, or one of the captures' huge ones. */
static uint64_t draw_stride(uint64_t *rng, uint32_t row_bytes)
{
    static const uint64_t huge[] = {1ull << 32, (1ull << 32) + 16, 1ull << 33,
                                    (1ull << 39) + 16, (1ull << 40) - 16};
    unsigned pick = rnd(rng, 100);
    if (pick < 40)
        return ((row_bytes + 15u) & ~15u) + 16u * rnd(rng, 16);
    if (pick < 75)
        return huge[rnd(rng, sizeof huge / sizeof huge[0])];
    return 16 * (1 + (((uint64_t)regress_rnd(rng, 1u << 20) << 16) | rnd(rng, 1u << 16)));
}

/* A start coordinate of a dim of `gdim` elements walked over `span` coordinates; `hit`:
 * one inside the dim (the captures' boxes mostly touch their tensor). */
static int64_t draw_coord(uint64_t *rng, uint64_t gdim, uint32_t span, bool store, bool hit)
{
    int64_t c;
    if (hit) {
        int64_t top = gdim - 1 > INT32_MAX ? INT32_MAX : (int64_t)gdim - 1;
        switch (rnd(rng, 4)) {
        case 0: c = (int64_t)rnd(rng, span + 1); break;
        case 1: c = top - (int64_t)rnd(rng, span + 1); break;
        case 2: c = INT32_MAX - (int64_t)rnd(rng, span + 1); break;
        default: c = (int64_t)regress_rnd(rng, 1u << 31); break;
        }
        return c < 0 ? 0 : c > top ? top : c;
    }
    switch (rnd(rng, store ? 4 : 5)) {
    case 0: c = -(int64_t)span + (int64_t)rnd(rng, 2 * span + 1); break;         /* near 0 */
    case 1: c = (int64_t)gdim - (int64_t)rnd(rng, span + 2); break;             /* its end */
    case 2: c = INT32_MAX - (int64_t)rnd(rng, 2 * span + 2); break;             /* INT32_MAX */
    case 3: c = (int64_t)regress_rnd(rng, 1u << 31); break;                     /* anywhere */
    default: c = INT32_MIN + (int64_t)rnd(rng, 2 * span + 2); break;            /* INT32_MIN */
    }
    if (c > INT32_MAX)
        c = INT32_MAX;
    if (store && c < 0)
        c = 0;
    return c;
}

/* Of coordinates c, c + e, ..., c + (n-1) e the first in [0, gdim), or -1 when none is. */
static int64_t first_inside(int64_t c, uint32_t e, uint32_t n, uint64_t gdim)
{
    int64_t k = c < 0 ? (-c + (int64_t)e - 1) / (int64_t)e : 0;
    if (k >= (int64_t)n || c + k * (int64_t)e >= (int64_t)gdim)
        return -1;
    return c + k * (int64_t)e;
}

void regress_gen_extreme(uint64_t *rng, unsigned slot, const regress_gen_cfg *cfg,
                         regress_item *it)
{
    tce_op *op = &it->op;
    tce_tensormap *m = &it->map;
    bool store = chance(rng, 35);
    uint64_t area_base = store ? regress_gslot(slot) : REGRESS_GBASE;
    uint32_t area = store ? REGRESS_GSLOT_SIZE : REGRESS_GSRC_SIZE;
    uint32_t box_cap = store ? regress_box_cap(cfg, REGRESS_SSRC_SIZE - 0x400u)
                             : regress_box_cap(cfg, REGRESS_SSLOT_SIZE);
    int64_t coords[TCE_MAX_RANK];
    for (;;) {
        bool hit = chance(rng, 65); /* the encoder is the legality filter (a base past 2^57 is refused) */
        tce_dtype dt = regress_dtype(rng, cfg);
        unsigned esz = tce_dtype_size(dt);
        unsigned rank = 1 + rnd(rng, 5);
        static const tce_swizzle sws[] = {TCE_SW_NONE, TCE_SW_32B, TCE_SW_64B, TCE_SW_128B};
        tce_swizzle sw = sws[rnd(rng, 4)];
        uint32_t span = sw == TCE_SW_NONE ? 64u : 16u << (unsigned)sw;
        uint64_t gdim[TCE_MAX_RANK], gstr[TCE_MAX_RANK] = {0};
        uint32_t box[TCE_MAX_RANK], es[TCE_MAX_RANK];
        box[0] = (16u * (1 + rnd(rng, span / 16u))) / esz;
        uint32_t row = box[0] * esz;
        uint64_t rows = 1, reach = row; /* shared rows; bytes from the first in-bounds element */
        for (unsigned d = 0; d < rank; d++) {
            es[d] = d && chance(rng, 20) ? 2 : 1;
            if (d) {
                gstr[d - 1] = draw_stride(rng, row);
                box[d] = gstr[d - 1] <= 4096 ? 1 + rnd(rng, 3) : 1;
            }
            gdim[d] = draw_gdim(rng, box[d]);
            uint32_t n = d ? (box[d] + es[d] - 1) / es[d] : box[0];
            rows *= d ? n : 1;
            if (d)
                reach += (uint64_t)(n - 1) * es[d] * gstr[d - 1];
            coords[d] = draw_coord(rng, gdim[d], d ? n * es[d] : box[0], store, hit);
        }
        /* the innermost coordinate on a 16-byte boundary, as the captures (else a trap) */
        coords[0] = coords[0] / (int64_t)(16u / esz) * (int64_t)(16u / esz);
        /* a swizzled row takes at least the swizzle span in shared memory */
        uint32_t pitch = sw != TCE_SW_NONE && row < span ? span : row;
        if (rows * pitch > box_cap)
            continue;
        uint32_t off = 16u * rnd(rng, 64);
        if (reach + 16 > area - off)
            continue;
        /* Where the box's first in-bounds element lies past globalAddress (mod 2^64). When
         * that puts globalAddress at or past 2^57 (the driver refuses it), the coordinates
         * of the dims with huge strides are drawn again inside their dims, up to 1024 times:
         * about one such draw in 128 makes the sum pass 2^64 and land the base far above
         * the window, the case the captures call wrapping. */
        uint64_t off0 = 0, gaddr = 0;
        bool misses = false;
        for (unsigned tries = 0; tries < 1024; tries++) {
            off0 = 0;
            misses = false;
            for (unsigned d = 0; d < rank && !misses; d++) {
                uint32_t n = d ? (box[d] + es[d] - 1) / es[d] : box[0];
                int64_t x = first_inside(coords[d], d ? es[d] : 1, n, gdim[d]);
                misses = x < 0;
                off0 += (uint64_t)x * (d ? gstr[d - 1] : esz);
            }
            gaddr = area_base + off - off0; /* modulo 2^64, as the engine adds */
            if (misses || gaddr < (1ull << 57))
                break;
            for (unsigned d = 1; d < rank; d++) /* anywhere, or in the top 2^25 */
                if (gstr[d - 1] > 4096 && gdim[d] <= (1ull << 31))
                    coords[d] = chance(rng, 50)
                                    ? (int64_t)regress_rnd(rng, (uint32_t)(gdim[d] - 1) + 1u)
                                    : (int64_t)gdim[d] - 1 -
                                          (int64_t)regress_rnd(rng, gdim[d] < (1u << 25)
                                                                        ? (uint32_t)gdim[d]
                                                                        : 1u << 25);
        }
        if (misses) /* only the origin read (loads): mapped, or now and then not */
            gaddr = chance(rng, 85) ? area_base + off : (1ull << 44) + off;
        tce_oobfill fill = chance(rng, 30) ? TCE_OOB_NAN : TCE_OOB_ZERO;
        tce_diag why;
        if (tce_encode_tiled(m, dt, rank, gaddr, gdim, gstr, box, es, TCE_IL_NONE, sw,
                             (tce_l2promo)rnd(rng, 4), fill, &why) == TCE_OK)
            break;
    }
    it->has_map = true;
    it->extreme = true;
    op->mode = TCE_MODE_TILE;
    op->dims = m->rank;
    op->tmap_addr = REGRESS_DESC_BASE + slot * 128u;
    op->cta = rnd(rng, REGRESS_NCTA);
    for (unsigned d = 0; d < m->rank; d++)
        op->coords[d] = (int32_t)coords[d];
    if (store) {
        it->what = "tile store, real sizes";
        op->kind = TCE_OP_TENSOR_STORE;
        regress_store_source(rng, cfg, op);
    } else {
        it->what = "tile load, real sizes";
        op->kind = TCE_OP_TENSOR_LOAD;
        regress_load_dest(rng, slot, cfg, op);
    }
}
