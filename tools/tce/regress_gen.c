/* Random operations for `tce regress`: legal by construction (tensor maps come from the
 * encoder, which rejects what the driver API rejects, and a rejected draw is drawn again;
 * reduction op/type pairs come from tce_arith_legal), plus a small share of deliberately
 * illegal ones (misaligned addresses, negative store coordinates) on which both engines
 * must name the same error. */
#include "regress.h"

#include <stdio.h>
#include <string.h>

#include "../../csim/arith.h"
#include "corpus.h"

uint32_t regress_rnd(uint64_t *rng, uint32_t n) { return n ? (uint32_t)(corpus_splitmix64(rng) % n) : 0; }
bool regress_chance(uint64_t *rng, unsigned pct) { return regress_rnd(rng, 100) < pct; }
static uint32_t rnd(uint64_t *rng, uint32_t n) { return regress_rnd(rng, n); }
static bool chance(uint64_t *rng, unsigned pct) { return regress_chance(rng, pct); }

static uint64_t gslot(unsigned slot) { return regress_gslot(slot); }
static uint32_t sslot(unsigned slot) { return regress_sslot(slot); }
static uint32_t mbar(unsigned slot) { return regress_mbar(slot); }

/* A bulk size: multiple of 16, mostly small, sometimes up to the whole slot. */
static uint32_t bulk_size(uint64_t *rng, uint32_t cap)
{
    uint32_t max16 = cap / 16u;
    uint32_t n = chance(rng, 70) ? 1 + rnd(rng, max16 < 32 ? max16 : 32) : 1 + rnd(rng, max16);
    return n * 16u;
}

static uint16_t cta_mask(uint64_t *rng) { return (uint16_t)(1 + rnd(rng, (1u << REGRESS_NCTA) - 1)); }

/* A legal (op, type, .noftz) of family ctx, drawn until tce_arith_legal accepts it. */
static void draw_redop(uint64_t *rng, tce_arith_ctx ctx, tce_op *op)
{
    do {
        op->redop = (tce_redop)rnd(rng, TCE_RED_XOR + 1);
        op->etype = (tce_etype)rnd(rng, TCE_ET_F64 + 1);
        op->noftz = chance(rng, 50);
    } while (!tce_arith_legal(ctx, op->redop, op->etype, op->noftz));
}

/* cp.reduce.async.bulk from the shared source area: to global (the operation's slot, or
 * 32-bit adds on overlapping ranges of the overlap area, see regress.h) or into the slot
 * of a cluster CTA's shared memory (with its mbarrier). */
static void gen_bulk_reduce(uint64_t *rng, unsigned slot, regress_item *it)
{
    tce_op *op = &it->op;
    op->kind = TCE_OP_BULK_REDUCE;
    op->src_space = TCE_SPACE_SHARED_CTA;
    if (chance(rng, 70)) {
        op->dst_space = TCE_SPACE_GLOBAL;
        op->completion = TCE_DONE_BULK_GROUP;
        if (chance(rng, 35)) {
            it->what = "bulk reduce, overlapping adds";
            op->redop = TCE_RED_ADD;
            op->etype = chance(rng, 50) ? TCE_ET_U32 : TCE_ET_S32;
            op->size = bulk_size(rng, REGRESS_GOVERLAP_SIZE);
            op->gaddr = REGRESS_GBASE + REGRESS_GOVERLAP_OFF +
                        16u * rnd(rng, (REGRESS_GOVERLAP_SIZE - op->size) / 16u + 1);
        } else {
            it->what = "bulk reduce";
            draw_redop(rng, TCE_ARITH_BULK_REDUCE, op);
            op->size = bulk_size(rng, REGRESS_GSLOT_SIZE);
            op->gaddr = gslot(slot);
        }
        op->saddr = REGRESS_SSRC_OFF + 16u * rnd(rng, (REGRESS_SSRC_SIZE - op->size) / 16u + 1);
    } else {
        /* Any CTA of the cluster, the issuing one included (the reduce allows it). */
        it->what = "bulk reduce shared::cluster";
        unsigned rank = rnd(rng, REGRESS_NCTA);
        op->dst_space = TCE_SPACE_SHARED_CLUSTER;
        op->completion = TCE_DONE_MBARRIER;
        draw_redop(rng, TCE_ARITH_BULK_REDUCE_CLUSTER, op);
        op->size = bulk_size(rng, REGRESS_SSLOT_SIZE);
        op->saddr_src = REGRESS_SSRC_OFF + 16u * rnd(rng, (REGRESS_SSRC_SIZE - op->size) / 16u + 1);
        op->saddr = TCE_SADDR(rank, sslot(slot));
        op->mbar = TCE_SADDR(rank, mbar(slot));
    }
}

/* red.global / red.shared{::cta,::cluster}, scalar or a vector the PTX table allows
 * (csim/red.c), naturally aligned inside the operation's slot. */
static void gen_red(uint64_t *rng, unsigned slot, regress_item *it)
{
    tce_op *op = &it->op;
    unsigned where = rnd(rng, 4);
    it->what = "red";
    op->kind = TCE_OP_RED;
    op->cta = rnd(rng, REGRESS_NCTA);
    op->dst_space = where < 2 ? TCE_SPACE_GLOBAL
                    : where == 2 ? TCE_SPACE_SHARED_CTA : TCE_SPACE_SHARED_CLUSTER;
    op->src_space = op->dst_space;
    op->completion = TCE_DONE_NONE;
    bool global = op->dst_space == TCE_SPACE_GLOBAL;
    draw_redop(rng, global ? TCE_ARITH_RED_GLOBAL : TCE_ARITH_RED_SHARED, op);
    bool half = op->etype == TCE_ET_F16 || op->etype == TCE_ET_BF16;
    bool add = op->redop == TCE_RED_ADD;
    if (half && global) /* f16/bf16 min/max exist only as vectors */
        op->vec = add && chance(rng, 25) ? 1 : 2u << rnd(rng, 3);
    else if (half)
        op->vec = chance(rng, 50) ? 1 : 2; /* scalar add, or the packed f16x2/bf16x2 */
    else if (global && add && op->etype == TCE_ET_F32)
        op->vec = 1u << rnd(rng, 3);
    else
        op->vec = 1;
    unsigned esz = tce_etype_size(op->etype), len = esz * op->vec;
    for (unsigned i = 0; i < op->vec; i++) {
        uint64_t v = corpus_splitmix64(rng);
        op->operand[i] = esz == 8 ? v : v & ((1ull << (8 * esz)) - 1); /* a register's bits */
    }
    if (global) {
        op->gaddr = gslot(slot) + (uint64_t)len * rnd(rng, REGRESS_GSLOT_SIZE / len);
    } else {
        uint32_t off = sslot(slot) + len * rnd(rng, REGRESS_SSLOT_SIZE / len);
        op->saddr = op->dst_space == TCE_SPACE_SHARED_CLUSTER
                        ? TCE_SADDR(rnd(rng, REGRESS_NCTA), off) : off;
    }
}

/* The shared::cta -> global copy as multimem.cp.async.bulk: the same bytes to 1..8
 * distinct ranges of the slot (its sub-slots in random order, each at a random offset). */
static void make_multimem(uint64_t *rng, unsigned slot, tce_op *op, regress_item *it)
{
    unsigned perm[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    it->what = "multimem s2g";
    op->kind = TCE_OP_MULTIMEM_COPY;
    op->multimem_count = 1 + rnd(rng, 8);
    uint32_t sub = (REGRESS_GSLOT_SIZE / op->multimem_count) & ~15u;
    op->size = bulk_size(rng, sub < REGRESS_SSRC_SIZE ? sub : REGRESS_SSRC_SIZE);
    op->saddr = REGRESS_SSRC_OFF + 16u * rnd(rng, (REGRESS_SSRC_SIZE - op->size) / 16u + 1);
    for (unsigned k = op->multimem_count; k > 1; k--) {
        unsigned j = rnd(rng, k), t = perm[k - 1];
        perm[k - 1] = perm[j];
        perm[j] = t;
    }
    for (unsigned k = 0; k < op->multimem_count; k++)
        op->multimem_addr[k] = gslot(slot) + (uint64_t)perm[k] * sub +
                               16u * rnd(rng, (sub - op->size) / 16u + 1);
}

static void gen_bulk(uint64_t *rng, unsigned slot, const regress_gen_cfg *cfg, regress_item *it)
{
    tce_op *op = &it->op;
    op->cta = rnd(rng, REGRESS_NCTA);
    unsigned dir = rnd(rng, 5);
    if (dir == 0 || dir == 1) { /* global -> shared::cta / shared::cluster (multicast) */
        it->what = dir ? "bulk g2s cluster" : "bulk g2s cta";
        op->kind = TCE_OP_BULK_COPY;
        op->src_space = TCE_SPACE_GLOBAL;
        op->completion = TCE_DONE_MBARRIER;
        op->size = bulk_size(rng, REGRESS_SSLOT_SIZE);
        op->gaddr = REGRESS_GBASE + 16u * rnd(rng, (REGRESS_GSRC_SIZE - op->size) / 16u + 1);
        if (dir == 0 && cfg->wide && chance(rng, 15)) {
            /* cp.async.bulk.prefetch.L2: the source checked, nothing lands */
            it->what = "bulk prefetch";
            op->kind = TCE_OP_BULK_PREFETCH;
            op->dst_space = TCE_SPACE_GLOBAL;
            op->completion = TCE_DONE_NONE;
        } else if (dir == 0) {
            op->dst_space = TCE_SPACE_SHARED_CTA;
            op->saddr = sslot(slot);
            op->mbar = mbar(slot);
        } else {
            op->dst_space = TCE_SPACE_SHARED_CLUSTER;
            if (chance(rng, 50)) {
                op->multicast = true;
                op->cta_mask = cta_mask(rng);
                op->saddr = sslot(slot);
                op->mbar = mbar(slot);
            } else {
                unsigned rank = rnd(rng, REGRESS_NCTA);
                op->saddr = TCE_SADDR(rank, sslot(slot));
                op->mbar = TCE_SADDR(rank, mbar(slot));
            }
        }
    } else if (dir == 2) { /* shared::cta -> global, optionally .cp_mask */
        it->what = "bulk s2g";
        op->kind = TCE_OP_BULK_COPY;
        op->src_space = TCE_SPACE_SHARED_CTA;
        op->dst_space = TCE_SPACE_GLOBAL;
        op->completion = TCE_DONE_BULK_GROUP;
        op->size = bulk_size(rng, REGRESS_GSLOT_SIZE < REGRESS_SSRC_SIZE ? REGRESS_GSLOT_SIZE : REGRESS_SSRC_SIZE);
        op->gaddr = gslot(slot);
        op->saddr = REGRESS_SSRC_OFF + 16u * rnd(rng, (REGRESS_SSRC_SIZE - op->size) / 16u + 1);
        if (chance(rng, 30)) {
            op->has_byte_mask = true;
            op->byte_mask = (uint16_t)rnd(rng, 0x10000);
        }
        if (chance(rng, 30))
            make_multimem(rng, slot, op, it);
    } else if (dir == 3) { /* shared::cta -> shared::cluster */
        it->what = "bulk s2s";
        /* The PTX text leaves a copy into the issuing CTA itself undefined. */
        unsigned rank = (op->cta + 1 + rnd(rng, REGRESS_NCTA - 1)) % REGRESS_NCTA;
        op->kind = TCE_OP_BULK_COPY;
        op->src_space = TCE_SPACE_SHARED_CTA;
        op->dst_space = TCE_SPACE_SHARED_CLUSTER;
        op->completion = TCE_DONE_MBARRIER;
        op->size = bulk_size(rng, REGRESS_SSLOT_SIZE);
        op->saddr_src = REGRESS_SSRC_OFF + 16u * rnd(rng, (REGRESS_SSRC_SIZE - op->size) / 16u + 1);
        op->saddr = TCE_SADDR(rank, sslot(slot));
        op->mbar = TCE_SADDR(rank, mbar(slot));
    } else {
        gen_bulk_reduce(rng, slot, it);
    }
}

static unsigned swizzle_span(tce_swizzle sw)
{
    switch (sw) {
    case TCE_SW_NONE: return 0;
    case TCE_SW_32B: return 32;
    case TCE_SW_64B: return 64;
    case TCE_SW_96B: return 96;
    default: return 128;
    }
}

tce_dtype regress_dtype(uint64_t *rng, const regress_gen_cfg *cfg)
{
    static const tce_dtype types[] = {TCE_DT_UINT8,   TCE_DT_UINT16,  TCE_DT_UINT32,
                                      TCE_DT_INT32,   TCE_DT_UINT64,  TCE_DT_INT64,
                                      TCE_DT_FLOAT16, TCE_DT_BFLOAT16, TCE_DT_FLOAT32,
                                      TCE_DT_FLOAT64, TCE_DT_FLOAT32_FTZ, TCE_DT_TFLOAT32,
                                      TCE_DT_TFLOAT32_FTZ};
    /* TFLOAT32_FTZ (rounded on load, flushed by a tensor add) only with --wide, so the
     * default draws keep their sequence. */
    unsigned ntypes = sizeof types / sizeof types[0] - (cfg->wide ? 0 : 1) -
                      (cfg->tf32 ? 0 : 1 + cfg->wide);
    return types[rnd(rng, ntypes)];
}

/* 0, or with --wide a 128-byte step of 0..REGRESS_WIDE_SMEM_OFF_MAX (drawn only then, so
 * the default draws keep their sequence). */
static uint32_t wide_smem_off(uint64_t *rng, const regress_gen_cfg *cfg)
{
    return cfg->wide ? 128u * rnd(rng, REGRESS_WIDE_SMEM_OFF_MAX / 128u + 1) : 0;
}

uint32_t regress_base_off(uint64_t *rng, const regress_gen_cfg *cfg, unsigned align)
{
    return cfg->wide ? align * rnd(rng, 256u / align) : 0;
}

uint32_t regress_box_cap(const regress_gen_cfg *cfg, uint32_t area)
{
    return cfg->wide ? area - REGRESS_WIDE_SMEM_OFF_MAX : area;
}

void regress_load_dest(uint64_t *rng, unsigned slot, const regress_gen_cfg *cfg, tce_op *op)
{
    uint32_t dst = sslot(slot) + wide_smem_off(rng, cfg);
    op->kind = TCE_OP_TENSOR_LOAD;
    op->src_space = TCE_SPACE_GLOBAL;
    op->completion = TCE_DONE_MBARRIER;
    op->saddr = dst;
    op->mbar = mbar(slot);
    if (chance(rng, 25)) {
        op->dst_space = TCE_SPACE_SHARED_CLUSTER;
        op->multicast = true;
        op->cta_mask = cta_mask(rng);
    } else if (chance(rng, 30)) {
        op->dst_space = TCE_SPACE_SHARED_CLUSTER;
        op->saddr = TCE_SADDR(rnd(rng, REGRESS_NCTA), dst);
        op->mbar = TCE_SADDR(TCE_SADDR_RANK(op->saddr), mbar(slot));
    } else {
        op->dst_space = TCE_SPACE_SHARED_CTA;
    }
}

/* A tiled tensor map at `base` whose whole footprint fits `area` bytes and whose box
 * fits `box_cap` bytes of shared memory; `ileave_pct` % of the 3-5-D maps are interleaved
 * (16B/32B: each dim-0 coordinate is a whole slice, docs/tile.md). False when the encoder
 * refused the draw. */
static bool gen_map(uint64_t *rng, const regress_gen_cfg *cfg, uint64_t base, uint32_t area,
                    uint32_t box_cap, unsigned ileave_pct, tce_tensormap *m)
{
    tce_dtype dt = regress_dtype(rng, cfg);
    unsigned esz = tce_dtype_size(dt);
    unsigned rank = 1 + rnd(rng, 5);
    tce_interleave il = TCE_IL_NONE;
    if (rank >= 3 && chance(rng, ileave_pct))
        il = chance(rng, 50) ? TCE_IL_16B : TCE_IL_32B;
    /* Bytes of one dim-0 coordinate in global memory, and the stride alignment (the
     * encoder asks 32 bytes of a 32B-interleaved map). */
    unsigned unit = il == TCE_IL_NONE ? esz : il == TCE_IL_16B ? 16u : 32u;
    unsigned align = il == TCE_IL_32B ? 32u : 16u;
    tce_swizzle sw = chance(rng, 50) ? TCE_SW_NONE : (tce_swizzle)(1 + rnd(rng, 7));
    unsigned span = swizzle_span(sw);
    uint64_t gdim[TCE_MAX_RANK], gstr[TCE_MAX_RANK];
    uint32_t box[TCE_MAX_RANK], es[TCE_MAX_RANK];
    /* Innermost box: a multiple of 16 bytes, at most the swizzle span (without one: 128
     * bytes, with --wide up to the 256 elements the encoder allows, as the captures). */
    unsigned row16 = span ? span / 16u : cfg->wide ? 128u : 8u;
    unsigned es_max = cfg->wide ? 8u : 4u; /* the captures use 1..8 */
    box[0] = (16u * (1 + rnd(rng, row16))) / esz;
    if (box[0] > 256)
        box[0] = 256;
    /* A small share of the interleaved maps have rows wider than 2 KB (up to 256 slices:
     * 8 KB); the shared slot and the tensor area fit them only with few rows, so their other
     * dims stay thin and their dim 0 at most a box and a half. */
    bool long_row = il != TCE_IL_NONE && chance(rng, 15);
    if (long_row)
        box[0] = 2048u / unit + 1u + rnd(rng, 256u - 2048u / unit);
    gdim[0] = 1 + rnd(rng, long_row ? box[0] * 3 / 2 : box[0] * 2 + 8);
    es[0] = chance(rng, 20) ? 1 + rnd(rng, es_max) : 1;
    uint64_t stride = ((gdim[0] * unit + align - 1) & ~(uint64_t)(align - 1)) +
                      align * rnd(rng, 3);
    uint64_t smem = span > box[0] * esz ? span : box[0] * esz;
    if (il != TCE_IL_NONE) /* dense rows of ceil(box/estride) slices */
        smem = (box[0] + es[0] - 1) / es[0] * unit;
    for (unsigned d = 1; d < rank; d++) {
        box[d] = long_row ? 1u + (d + 1 == rank && chance(rng, 50))
                          : 1 + rnd(rng, d == 1 ? (cfg->wide && chance(rng, 30) ? 64 : 16)
                                                : cfg->wide ? 8 : 4);
        gdim[d] = 1 + rnd(rng, long_row ? box[d] + 1 : box[d] * 2 + 2);
        es[d] = chance(rng, 20) ? 1 + rnd(rng, es_max) : 1;
        gstr[d - 1] = stride;
        stride = stride * gdim[d] + align * rnd(rng, 2);
        smem *= box[d];
    }
    uint32_t off = regress_base_off(rng, cfg, align);
    if (stride + off > area || smem > box_cap)
        return false;
    tce_oobfill fill = chance(rng, 30) ? TCE_OOB_NAN : TCE_OOB_ZERO;
    tce_diag why;
    return tce_encode_tiled(m, dt, rank, base + off, gdim, gstr, box, es, il, sw,
                            (tce_l2promo)rnd(rng, 4), fill, &why) == TCE_OK;
}

void regress_store_source(uint64_t *rng, const regress_gen_cfg *cfg, tce_op *op)
{
    op->src_space = TCE_SPACE_SHARED_CTA;
    op->dst_space = TCE_SPACE_GLOBAL;
    op->completion = TCE_DONE_BULK_GROUP;
    op->saddr = REGRESS_SSRC_OFF + 0x400u * rnd(rng, 2); /* 1024-aligned for swizzles */
    op->saddr += wide_smem_off(rng, cfg);
}

static void gen_tile(uint64_t *rng, unsigned slot, const regress_gen_cfg *cfg, regress_item *it)
{
    tce_op *op = &it->op;
    bool store = chance(rng, 40);
    tce_tensormap *m = &it->map;
    /* The encoder is the legality filter: draw until it accepts. It refuses more of the
     * interleaved store maps (a slice is 16 or 32 bytes of the 16 KB slot), hence their
     * larger share of the draws. */
    for (;;)
        if (store ? gen_map(rng, cfg, gslot(slot), REGRESS_GSLOT_SIZE,
                            regress_box_cap(cfg, REGRESS_SSRC_SIZE - 0x400u), 70, m)
                  : gen_map(rng, cfg, REGRESS_GBASE, REGRESS_GSRC_SIZE,
                            regress_box_cap(cfg, REGRESS_SSLOT_SIZE), 40, m))
            break;
    it->has_map = true;
    op->mode = TCE_MODE_TILE;
    op->dims = m->rank;
    op->tmap_addr = REGRESS_DESC_BASE + slot * 128u;
    op->cta = rnd(rng, REGRESS_NCTA);
    unsigned esz = tce_dtype_size(m->dtype);
    for (unsigned d = 0; d < m->rank; d++) {
        /* Loads start anywhere from a box before the tensor to past its end (OOB fill);
         * stores start inside (negative coordinates trap). */
        int32_t lo = store ? 0 : -(int32_t)m->box[d];
        int32_t c = lo + (int32_t)rnd(rng, (uint32_t)((int64_t)m->gdim[d] + 2 - lo));
        /* the innermost coordinate's byte offset must be 16-byte aligned (an interleaved
         * map's is a slice index: no rule) */
        if (d == 0 && m->interleave == TCE_IL_NONE)
            c = (int32_t)(((int64_t)c * esz) / 16 * 16 / esz);
        op->coords[d] = c;
    }
    /* Half of the stores reduce instead, with an op the map's dtype names. */
    tce_etype et;
    tce_redop redop = (tce_redop)rnd(rng, TCE_RED_XOR + 1);
    if (store && chance(rng, 50) && tce_etype_from_dtype(m->dtype, redop, &et)) {
        it->what = "tile reduce";
        op->kind = TCE_OP_TENSOR_REDUCE;
        op->redop = redop;
        regress_store_source(rng, cfg, op);
    } else if (store) {
        it->what = "tile store";
        op->kind = TCE_OP_TENSOR_STORE;
        regress_store_source(rng, cfg, op);
    } else {
        it->what = "tile load";
        regress_load_dest(rng, slot, cfg, op);
    }
}

/* --wide: a tensor reduce with an op its map's dtype does not take (the captures trap
 * and/or/xor on INT64, every op on UINT8/UINT16, all but add on FLOAT64/TFLOAT32); false
 * when the dtype takes every op. */
static bool make_illegal_redop(uint64_t *rng, regress_item *it)
{
    tce_redop bad[TCE_RED_XOR + 1];
    unsigned n = 0;
    tce_etype et;
    for (unsigned r = 0; r <= TCE_RED_XOR; r++)
        if (!tce_etype_from_dtype(it->map.dtype, (tce_redop)r, &et))
            bad[n++] = (tce_redop)r;
    if (!n)
        return false;
    it->op.redop = bad[rnd(rng, n)];
    it->what = "tensor reduce, op the dtype does not take";
    return true;
}

/* Break one rule on purpose. */
static void make_illegal(uint64_t *rng, const regress_gen_cfg *cfg, regress_item *it)
{
    tce_op *op = &it->op;
    it->illegal = true;
    if (cfg->wide && op->kind == TCE_OP_TENSOR_REDUCE && chance(rng, 50) &&
        make_illegal_redop(rng, it))
        return;
    if (cfg->wide && op->kind == TCE_OP_TENSOR_LOAD && op->mode == TCE_MODE_TILE &&
        it->map.interleave == TCE_IL_NONE && chance(rng, 50)) {
        /* the captures trap every non-interleaved tile load whose innermost coordinate is
         * not on 16 bytes (an element is at most 8 bytes: there is a step to take) */
        unsigned per16 = 16u / tce_dtype_size(it->map.dtype);
        op->coords[0] += 1 + (int32_t)rnd(rng, per16 - 1);
        it->what = "tile load, innermost coordinate off 16 bytes";
        return;
    }
    if (op->kind == TCE_OP_TENSOR_STORE || op->kind == TCE_OP_TENSOR_REDUCE) {
        unsigned d = rnd(rng, op->dims);
        op->coords[d] = -1 - (int32_t)rnd(rng, 4); /* negative store coordinate */
        it->what = "tile store/reduce, negative coordinate";
    } else if (op->kind == TCE_OP_RED) {
        if (op->dst_space == TCE_SPACE_GLOBAL)
            op->gaddr += 1; /* off the element's natural alignment */
        else
            op->saddr += 1;
        it->what = "red, misaligned address";
    } else if (op->kind == TCE_OP_MULTIMEM_COPY) {
        unsigned k = rnd(rng, op->multimem_count);
        if (k && chance(rng, 50)) {
            op->multimem_addr[k] = op->multimem_addr[k - 1]; /* two ranges overlap */
            it->what = "multimem, overlapping addresses";
        } else {
            op->multimem_addr[k] += 8; /* off 16 bytes */
            it->what = "multimem, misaligned address";
        }
    } else if (op->kind == TCE_OP_TENSOR_LOAD) {
        op->saddr += 16u * (1 + rnd(rng, 7)); /* shared address off 128 bytes */
        it->what = "tile load, misaligned shared address";
    } else if (op->src_space == TCE_SPACE_SHARED_CTA && op->dst_space != TCE_SPACE_GLOBAL) {
        op->saddr_src += 8; /* shared source off 16 bytes */
        it->what = "bulk s2s, misaligned shared source";
    } else if (chance(rng, 50)) {
        op->gaddr += 8; /* global address off 16 bytes */
        it->what = "bulk, misaligned global address";
    } else {
        op->size -= 8; /* size not a multiple of 16 */
        it->what = "bulk, size not a multiple of 16";
    }
}

/* The load as cp.async.bulk.prefetch.tensor (same map, mode and coordinates): checked like
 * the load, no shared-memory side, nothing lands (csim/tile.c, im2col*.c). */
static void make_prefetch(regress_item *it)
{
    tce_op *op = &it->op;
    op->kind = TCE_OP_TENSOR_PREFETCH;
    op->completion = TCE_DONE_NONE;
    op->multicast = false;
    op->cta_mask = 0;
    op->mbar = 0;
    it->what = op->mode == TCE_MODE_TILE      ? "tensor prefetch, tile"
               : op->mode == TCE_MODE_GATHER4 ? "tensor prefetch, tile::gather4"
                                              : "tensor prefetch, im2col";
}

void regress_gen(uint64_t *rng, unsigned slot, const regress_gen_cfg *cfg, regress_item *it)
{
    memset(it, 0, sizeof *it);
    unsigned pick = rnd(rng, 100);
    if (pick < 40)
        gen_bulk(rng, slot, cfg, it);
    else if (pick < 70 && cfg->wide && chance(rng, 25))
        regress_gen_extreme(rng, slot, cfg, it);
    else if (pick < 70)
        gen_tile(rng, slot, cfg, it);
    else if (pick < 82)
        regress_gen_im2col(rng, slot, cfg, it);
    else if (pick < 90)
        regress_gen_gather4(rng, slot, cfg, it);
    else
        gen_red(rng, slot, it);
    if (chance(rng, 3))
        make_illegal(rng, cfg, it);
    else if (it->op.kind == TCE_OP_TENSOR_LOAD && chance(rng, 8))
        make_prefetch(it);
}

void regress_describe(const regress_item *it, char *buf, size_t cap)
{
    const tce_op *op = &it->op;
    int n = snprintf(buf, cap, "%s%s: kind=%s cta=%u dst_space=%d src_space=%d completion=%d "
                     "saddr=0x%x saddr_src=0x%x gaddr=0x%llx size=%u mbar=0x%x",
                     it->what, it->illegal ? " (deliberately illegal)" : "",
                     tce_op_kind_name(op->kind), op->cta, (int)op->dst_space,
                     (int)op->src_space, (int)op->completion, op->saddr, op->saddr_src,
                     (unsigned long long)op->gaddr, op->size, op->mbar);
    if (n < 0 || (size_t)n >= cap)
        return;
    if (op->multicast)
        n += snprintf(buf + n, cap - (size_t)n, " multicast ctaMask=0x%x", op->cta_mask);
    if (op->has_byte_mask && (size_t)n < cap)
        n += snprintf(buf + n, cap - (size_t)n, " cp_mask=0x%04x", op->byte_mask);
    if ((op->kind == TCE_OP_BULK_REDUCE || op->kind == TCE_OP_RED) && (size_t)n < cap)
        n += snprintf(buf + n, cap - (size_t)n, " redop=%s%s etype=%s vec=%u",
                      tce_redop_name(op->redop), op->noftz ? ".noftz" : "",
                      tce_etype_name(op->etype), op->vec);
    if (op->kind == TCE_OP_TENSOR_REDUCE && (size_t)n < cap)
        n += snprintf(buf + n, cap - (size_t)n, " redop=%s", tce_redop_name(op->redop));
    if (op->kind == TCE_OP_MULTIMEM_COPY && (size_t)n < cap) {
        n += snprintf(buf + n, cap - (size_t)n, " multimem %u:", op->multimem_count);
        for (unsigned k = 0; k < op->multimem_count && k < 8 && (size_t)n < cap; k++)
            n += snprintf(buf + n, cap - (size_t)n, " 0x%llx",
                          (unsigned long long)op->multimem_addr[k]);
    }
    if (it->desc_pokes && (size_t)n < cap)
        n += snprintf(buf + n, cap - (size_t)n, " tmap=0x%llx, its bytes",
                      (unsigned long long)op->tmap_addr);
    for (unsigned k = 0; k < it->desc_pokes && (size_t)n < cap; k++)
        n += snprintf(buf + n, cap - (size_t)n, " %u=0x%02x", it->desc_poke_off[k],
                      it->desc_poke_val[k]);
    if (it->has_map && (size_t)n < cap) {
        const tce_tensormap *m = &it->map;
        n += snprintf(buf + n, cap - (size_t)n,
                      " | map %s rank=%u base=0x%llx swizzle=%s%s oob=%d coords=",
                      tce_dtype_name(m->dtype), m->rank, (unsigned long long)m->gaddr,
                      tce_swizzle_name(m->swizzle),
                      m->interleave == TCE_IL_16B   ? " interleave=16B"
                      : m->interleave == TCE_IL_32B ? " interleave=32B"
                                                    : "",
                      (int)m->oobfill);
        for (unsigned d = 0; d < m->rank && (size_t)n < cap; d++)
            n += snprintf(buf + n, cap - (size_t)n, "%s%d", d ? "," : "", op->coords[d]);
        for (unsigned d = 0; d < m->rank && (size_t)n < cap; d++)
            n += snprintf(buf + n, cap - (size_t)n, " d%u(gdim=%llu stride=%llu box=%u es=%u)",
                          d, (unsigned long long)m->gdim[d], (unsigned long long)m->gstride[d],
                          m->box[d], m->estride[d]);
        if ((op->mode == TCE_MODE_GATHER4 || op->mode == TCE_MODE_SCATTER4) &&
            (size_t)n < cap) /* the four row coordinates */
            n += snprintf(buf + n, cap - (size_t)n, " %s rows=%d,%d,%d,%d",
                          op->mode == TCE_MODE_GATHER4 ? "gather4" : "scatter4",
                          op->coords[1], op->coords[2], op->coords[3], op->coords[4]);
        if (m->kind != TCE_MAP_TILED && (size_t)n < cap)
            n += snprintf(buf + n, cap - (size_t)n, " C=%u P=%u lower=%d,%d,%d upper=%d,%d,%d "
                          "offsets=%u,%u,%u", m->channels, m->pixels, m->lower[0],
                          m->lower[1], m->lower[2], m->upper[0], m->upper[1], m->upper[2],
                          op->im2col[0], op->im2col[1], op->im2col[2]);
    }
}
