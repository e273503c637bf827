/* Interleaved (16B / 32B) tensor stores and reduces on the RTL engine.
 *
 * Two kinds of check, so that the engine and the golden model being wrong the same way
 * still fails:
 *  - hand-derived cases: the expected tensor bytes are worked out here from the layout
 *    rules of docs/tile.md (a dim-0 coordinate is a whole slice: global address
 *    gaddr + x0*slice + sum x[i]*gstride[i]; slice k of a row is dim-0 coordinate
 *    c0 + k*estride[0] and sits at shared offset row*row_bytes + k*slice; dimension
 *    rank-2 is walked at one position; slices and rows outside the tensor are not
 *    written), without the golden model;
 *  - a sweep of drawn maps and boxes (both slice sizes, every dtype, dim-0 strides 1..4,
 *    swizzles, boxes across the tensor's edges, stores and every reduce op the dtype
 *    names) where the engine's status and every tensor byte must equal the golden model's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arith.h"
#include "rtl_drv_rig.h"

#define DESC 0x10000000ull
#define TENSOR 0x20000000ull
#define TBYTES 0x4000u
#define SOFF 0x800u     /* shared source, 1024-aligned swizzles see the box offset */
#define SBYTES 0x4000u

static int failures;

static void fail(const char *what, const char *detail)
{
    failures++;
    fprintf(stderr, "FAIL: %s: %s\n", what, detail);
}

static uint64_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

static uint32_t rnd(uint64_t *s, uint32_t n) { return (uint32_t)(lcg(s) % n); }

/* Encodes the map (false when the encoder refuses it) and writes its descriptor to both. */
static bool put_map(rig *r, tce_dtype dt, unsigned rank, const uint64_t *gdim,
                    const uint64_t *gstr, const uint32_t *box, const uint32_t *es,
                    tce_interleave il, tce_swizzle sw, tce_tensormap *m)
{
    tce_diag why;
    uint8_t d[TCE_DESC_BYTES];
    if (tce_encode_tiled(m, dt, rank, TENSOR, gdim, gstr, box, es, il, sw, TCE_L2_NONE,
                         TCE_OOB_ZERO, &why) != TCE_OK)
        return false;
    tce_desc_pack(m, d);
    memcpy(tce_sim_gmem(r->sim, DESC, sizeof d), d, sizeof d);
    memcpy(tce_gmem(&r->ref, DESC, sizeof d), d, sizeof d);
    return true;
}

/* The same tensor and shared source bytes on both sides, drawn from seed. */
static void fill_both(rig *r, uint64_t seed)
{
    uint8_t *g = tce_sim_gmem(r->sim, TENSOR, TBYTES), *h = tce_gmem(&r->ref, TENSOR, TBYTES);
    uint8_t *s = tce_sim_smem(r->sim, 0, SOFF, SBYTES), *t = tce_smem(&r->ref, 0, SOFF, SBYTES);
    for (uint32_t i = 0; i < TBYTES; i++)
        g[i] = h[i] = (uint8_t)lcg(&seed);
    for (uint32_t i = 0; i < SBYTES; i++)
        s[i] = t[i] = (uint8_t)lcg(&seed);
}

static tce_op store_op(unsigned rank, const int32_t *c, bool reduce, tce_redop op)
{
    tce_op o = tce_op_tile_load(0, DESC, rank, c, SOFF, 0);
    o.kind = reduce ? TCE_OP_TENSOR_REDUCE : TCE_OP_TENSOR_STORE;
    o.redop = op;
    o.src_space = TCE_SPACE_SHARED_CTA;
    o.dst_space = TCE_SPACE_GLOBAL;
    o.completion = TCE_DONE_BULK_GROUP;
    return o;
}

/* The engine's tensor bytes against want[]; false (with the first difference) if unequal. */
static bool same_tensor(rig *r, const uint8_t *want, const char *what, const char *who)
{
    const uint8_t *got = tce_sim_gmem(r->sim, TENSOR, TBYTES);
    for (uint32_t i = 0; i < TBYTES; i++)
        if (got[i] != want[i]) {
            char m[200];
            snprintf(m, sizeof m, "tensor byte 0x%x: engine 0x%02x, %s 0x%02x", i, got[i], who,
                     want[i]);
            fail(what, m);
            return false;
        }
    return true;
}

/* ---------------------------------------------------------------- hand-derived cases */

/* 16B interleave, u8, rank 3: gdim {10 slices, 2, 3}, gstride {160, 320}, box {16, 2, 2},
 * estride {3, 1, 1}, coordinates {2, 1, 2}. Row: ceil(16/3) = 6 slices, dim-0 coordinates
 * 2, 5, 8, 11, 14, 17 of which 2, 5, 8 are inside (< 10); dimension 1 (rank-2) walked at
 * x1 = 1 only; dimension 2 at x2 = 2 (inside) and 3 (outside: not written). Shared rows are
 * 96 bytes, dense. So exactly 3 slices of 16 bytes are written: shared [0,16) to
 * 2*16 + 160 + 640 = 832, [16,32) to 880, [32,48) to 928. */
static void hand_store16(rig *r)
{
    const char *what = "16B store, estride 3, row and slices past the edge";
    tce_tensormap m;
    uint64_t gdim[3] = {10, 2, 3}, gstr[2] = {160, 320};
    uint32_t box[3] = {16, 2, 2}, es[3] = {3, 1, 1};
    int32_t c[3] = {2, 1, 2};
    if (!put_map(r, TCE_DT_UINT8, 3, gdim, gstr, box, es, TCE_IL_16B, TCE_SW_NONE, &m)) {
        fail(what, "the encoder refused the map");
        return;
    }
    fill_both(r, 11);
    uint8_t want[TBYTES];
    memcpy(want, tce_sim_gmem(r->sim, TENSOR, TBYTES), TBYTES);
    const uint8_t *src = tce_sim_smem(r->sim, 0, SOFF, SBYTES);
    static const uint32_t dst[3] = {832, 880, 928};
    for (unsigned k = 0; k < 3; k++)
        memcpy(want + dst[k], src + 16 * k, 16);
    tce_op op = store_op(3, c, false, TCE_RED_ADD);
    tce_status st = rig_run(&r->drv, &op);
    if (st != TCE_OK) {
        fail(what, tce_status_name(st));
        return;
    }
    same_tensor(r, want, what, "hand-derived");
}

/* 32B interleave, u32, add, rank 3: gdim {5 slices, 1, 2}, gstride {160, 160}, box {8, 1, 2},
 * estride {2, 1, 1}, coordinates {1, 0, 0}. Row: ceil(8/2) = 4 slices (128 shared bytes),
 * dim-0 coordinates 1, 3, 5, 7 of which 1 and 3 are inside; rows x2 = 0 and 1. Slice k of
 * row r: global 32*(1 + 2k) + 160*r, shared 128*r + 32*k; each of its eight u32 elements
 * becomes old + source, modulo 2^32. */
static void hand_reduce32(rig *r)
{
    const char *what = "32B add.u32, estride 2";
    tce_tensormap m;
    uint64_t gdim[3] = {5, 1, 2}, gstr[2] = {160, 160};
    uint32_t box[3] = {8, 1, 2}, es[3] = {2, 1, 1};
    int32_t c[3] = {1, 0, 0};
    if (!put_map(r, TCE_DT_UINT32, 3, gdim, gstr, box, es, TCE_IL_32B, TCE_SW_NONE, &m)) {
        fail(what, "the encoder refused the map");
        return;
    }
    fill_both(r, 12);
    uint8_t want[TBYTES];
    memcpy(want, tce_sim_gmem(r->sim, TENSOR, TBYTES), TBYTES);
    const uint8_t *src = tce_sim_smem(r->sim, 0, SOFF, SBYTES);
    for (unsigned row = 0; row < 2; row++)
        for (unsigned k = 0; k < 2; k++)
            for (unsigned e = 0; e < 8; e++) {
                uint32_t g = 32u * (1u + 2u * k) + 160u * row + 4u * e;
                uint32_t s = 128u * row + 32u * k + 4u * e, a, b;
                memcpy(&a, want + g, 4);
                memcpy(&b, src + s, 4);
                a += b;
                memcpy(want + g, &a, 4);
            }
    tce_op op = store_op(3, c, true, TCE_RED_ADD);
    tce_status st = rig_run(&r->drv, &op);
    if (st != TCE_OK) {
        fail(what, tce_status_name(st));
        return;
    }
    same_tensor(r, want, what, "hand-derived");
}

/* 32B interleave, u16, estride 1, rank 4, 128B swizzle: gdim {3 slices, 1, 1, 2}, gstride
 * {96, 96, 96}, box {64, 1, 1, 1}, coordinates {1, 0, 0, 1}. Row: 64 slices (2 KB shared),
 * contiguous in global memory from slice 1; slices 1 and 2 are inside. The shared source is
 * 128B-swizzled: pre-swizzle offset o holds its byte at o ^ ((o >> 7 & 7) << 4), so
 * slice k's 16-byte halves come from 32k and 32k + 16 (offsets below 128: unpermuted).
 * Written: global 96 + 32 .. 96 + 96 = [128, 192) from shared [0, 64). */
static void hand_store32_swizzled(rig *r)
{
    const char *what = "32B store, 128B swizzle, contiguous";
    tce_tensormap m;
    uint64_t gdim[4] = {3, 1, 1, 2}, gstr[3] = {96, 96, 96};
    uint32_t box[4] = {64, 1, 1, 1}, es[4] = {1, 1, 1, 1};
    int32_t c[4] = {1, 0, 0, 1};
    if (!put_map(r, TCE_DT_UINT16, 4, gdim, gstr, box, es, TCE_IL_32B, TCE_SW_128B, &m)) {
        fail(what, "the encoder refused the map");
        return;
    }
    fill_both(r, 13);
    uint8_t want[TBYTES];
    memcpy(want, tce_sim_gmem(r->sim, TENSOR, TBYTES), TBYTES);
    memcpy(want + 128, tce_sim_smem(r->sim, 0, SOFF, SBYTES), 64);
    tce_op op = store_op(4, c, false, TCE_RED_ADD);
    tce_status st = rig_run(&r->drv, &op);
    if (st != TCE_OK) {
        fail(what, tce_status_name(st));
        return;
    }
    same_tensor(r, want, what, "hand-derived");
}

/* ---------------------------------------------------------------- sweep against csim */

static const tce_dtype dtypes[] = {
    TCE_DT_UINT8,   TCE_DT_UINT16,   TCE_DT_UINT32,      TCE_DT_INT32,
    TCE_DT_UINT64,  TCE_DT_INT64,    TCE_DT_FLOAT16,     TCE_DT_FLOAT32,
    TCE_DT_FLOAT64, TCE_DT_BFLOAT16, TCE_DT_FLOAT32_FTZ, TCE_DT_TFLOAT32,
};

/* Draws one interleaved map (until the encoder accepts one) and a store or reduce on it. */
static void draw_case(rig *r, uint64_t *s, tce_tensormap *m, tce_op *op)
{
    static const tce_swizzle sws[] = {TCE_SW_NONE, TCE_SW_NONE, TCE_SW_32B, TCE_SW_64B,
                                      TCE_SW_128B};
    for (;;) {
        tce_dtype dt = dtypes[rnd(s, sizeof dtypes / sizeof dtypes[0])];
        unsigned esz = tce_dtype_size(dt), rank = 3 + rnd(s, 3);
        tce_interleave il = rnd(s, 2) ? TCE_IL_16B : TCE_IL_32B;
        unsigned unit = il == TCE_IL_16B ? 16u : 32u;
        uint64_t gdim[5], gstr[4];
        uint32_t box[5], es[5];
        /* box[0] elements, a multiple of 16 bytes; now and then a row of up to 256 slices
         * (8 KB with 32B slices: wider than any load the engine takes) */
        box[0] = 16u / esz * (1 + rnd(s, 4)) * (rnd(s, 4) ? 1u : 16u);
        if (box[0] > 256)
            box[0] = 256;
        es[0] = rnd(s, 3) ? 1 : 1 + rnd(s, 4);
        gdim[0] = 1 + rnd(s, 12);
        uint64_t stride = (gdim[0] + rnd(s, 3)) * unit;
        for (unsigned d = 1; d < rank; d++) {
            box[d] = 1 + rnd(s, 3);
            es[d] = rnd(s, 4) ? 1 : 2;
            gdim[d] = 1 + rnd(s, 3);
            gstr[d - 1] = stride;
            stride *= gdim[d];
        }
        if (stride > TBYTES)
            continue;
        if (!put_map(r, dt, rank, gdim, gstr, box, es, il, sws[rnd(s, 5)], m))
            continue;
        int32_t c[5] = {0};
        for (unsigned d = 0; d < rank; d++)
            c[d] = (int32_t)(rnd(s, 8) ? rnd(s, (uint32_t)gdim[d]) : gdim[d]); /* or past it */
        /* half of the draws reduce, with an op the dtype names when one is found */
        tce_redop ro = TCE_RED_ADD;
        tce_etype et;
        bool reduce = false, want_reduce = rnd(s, 2);
        for (unsigned t = 0; t < 8 && want_reduce && !reduce; t++) {
            ro = (tce_redop)rnd(s, TCE_RED_XOR + 1);
            reduce = tce_etype_from_dtype(dt, ro, &et);
        }
        *op = store_op(rank, c, reduce, ro);
        return;
    }
}

static void sweep(rig *r, unsigned count)
{
    uint64_t s = 0x1eafu;
    unsigned written = 0, reduces = 0, strided = 0, wide = 0, traps = 0;
    for (unsigned i = 0; i < count; i++) {
        tce_tensormap m;
        tce_op op;
        draw_case(r, &s, &m, &op);
        fill_both(r, 100 + i);
        tce_result ref = tce_csim_execute(&op, &r->ref);
        tce_status st = rig_run(&r->drv, &op);
        char what[160];
        snprintf(what, sizeof what, "sweep case %u (%s %s, rank %u, estride0 %u, box0 %u)", i,
                 tce_op_kind_name(op.kind), m.interleave == TCE_IL_16B ? "16B" : "32B", m.rank,
                 m.estride[0], m.box[0]);
        if (st != ref.status) {
            char d[200];
            snprintf(d, sizeof d, "engine %s, golden model %s (%s)", tce_status_name(st),
                     tce_status_name(ref.status), ref.why);
            fail(what, d);
            continue;
        }
        if (!same_tensor(r, tce_gmem(&r->ref, TENSOR, TBYTES), what, "golden model"))
            continue;
        if (st != TCE_OK)
            traps++;
        else if (ref.bytes_written) {
            unsigned unit = m.interleave == TCE_IL_16B ? 16u : 32u;
            written++;
            reduces += op.kind == TCE_OP_TENSOR_REDUCE;
            strided += m.estride[0] > 1;
            wide += (m.box[0] + m.estride[0] - 1) / m.estride[0] * unit > 2048; /* > 2 KB rows */
        }
    }
    printf("sweep: %u cases: %u wrote bytes (%u reduces, %u with a dim-0 stride, %u rows over "
           "2 KB), %u refused as the golden model refuses them\n", count, written, reduces,
           strided, wide, traps);
    /* The draw must reach each write path, or the sweep checks nothing there. */
    if (written < count / 3 || reduces < count / 8 || strided < count / 20 || wide == 0)
        fail("sweep", "too few cases wrote anything of some kind");
}

int main(void)
{
    rig r;
    if (!rig_open(&r, DESC, TENSOR, TBYTES) || !rig_driver(r.sim, &r.drv))
        return 2;
    hand_store16(&r);
    hand_reduce32(&r);
    hand_store32_swizzled(&r);
    sweep(&r, 400);
    if (failures) {
        fprintf(stderr, "test_rtl_ileave: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_rtl_ileave: passed\n");
    return 0;
}
