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
#include "../unit/encode_testkit.h" /* tiled_args, and the failure count (check.h) */

#define DESC 0x10000000ull
#define TENSOR 0x20000000ull
#define TBYTES 0x4000u
#define SOFF 0x800u     /* shared source, 1024-aligned swizzles see the box offset */
#define SBYTES 0x4000u

static void fail(const char *what, const char *detail)
{
    failures++;
    fprintf(stderr, "FAIL: %s: %s\n", what, detail);
}


/* Encodes the map at TENSOR (false when the encoder refuses it) and writes its descriptor
 * to both sides. */
static bool put_map(rig *r, tiled_args a, tce_tensormap *m)
{
    tce_diag why;
    uint8_t d[TCE_DESC_BYTES];
    a.gaddr = TENSOR;
    if (enc_tiled(&a, m, &why) != TCE_OK)
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
        g[i] = h[i] = (uint8_t)rig_lcg(&seed);
    for (uint32_t i = 0; i < SBYTES; i++)
        s[i] = t[i] = (uint8_t)rig_lcg(&seed);
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

/* One hand-derived box: the map, the operation's coordinates, and how the expected tensor
 * follows from the tensor before (want, changed in place) and the shared source. */
typedef struct {
    const char *what;
    tiled_args map; /* gaddr: TENSOR */
    int32_t c[5];
    bool reduce; /* add */
    void (*expect)(uint8_t *want, const uint8_t *src);
} hand_case;

/* Case 1: 3 slices of 16 bytes, shared [0,16), [16,32), [32,48) to 832, 880, 928. */
static void expect_store16(uint8_t *want, const uint8_t *src)
{
    static const uint32_t dst[3] = {832, 880, 928};
    for (unsigned k = 0; k < 3; k++)
        memcpy(want + dst[k], src + 16 * k, 16);
}

/* Case 2: slice k of row r (k, r in 0..1): global 32*(1 + 2k) + 160*r, shared 128*r + 32*k;
 * each of its eight u32 elements becomes old + source, modulo 2^32. */
static void expect_reduce32(uint8_t *want, const uint8_t *src)
{
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
}

/* Case 3: global [128, 192) from shared [0, 64). */
static void expect_store32_swizzled(uint8_t *want, const uint8_t *src)
{
    memcpy(want + 128, src, 64);
}

static const hand_case hand_cases[] = {
    /* 16B interleave, u8: gdim {10 slices, 2, 3}, box {16, 2, 2}, estride {3, 1, 1},
     * coordinates {2, 1, 2}. A row is ceil(16/3) = 6 slices, dim-0 coordinates 2, 5, 8,
     * 11, 14, 17 of which 2, 5, 8 are inside (< 10); dimension 1 (rank-2) is walked at
     * x1 = 1 only; dimension 2 at x2 = 2 (inside) and 3 (outside: not written). Shared rows
     * are 96 bytes, dense. Slice x0 of row x2 = 2 lands at 16*x0 + 160*1 + 320*2. */
    {"16B store, estride 3, row and slices past the edge",
     {TCE_DT_UINT8, 3, 0, {10, 2, 3}, {160, 320}, {16, 2, 2}, {3, 1, 1}, TCE_IL_16B,
      TCE_SW_NONE, TCE_L2_NONE, TCE_OOB_ZERO},
     {2, 1, 2}, false, expect_store16},
    /* 32B interleave, u32, add: gdim {5 slices, 1, 2}, box {8, 1, 2}, estride {2, 1, 1},
     * coordinates {1, 0, 0}. A row is ceil(8/2) = 4 slices (128 shared bytes), dim-0
     * coordinates 1, 3, 5, 7 of which 1 and 3 are inside; rows x2 = 0 and 1. */
    {"32B add.u32, estride 2",
     {TCE_DT_UINT32, 3, 0, {5, 1, 2}, {160, 160}, {8, 1, 2}, {2, 1, 1}, TCE_IL_32B,
      TCE_SW_NONE, TCE_L2_NONE, TCE_OOB_ZERO},
     {1, 0, 0}, true, expect_reduce32},
    /* 32B interleave, u16, 128B swizzle, rank 4: gdim {3 slices, 1, 1, 2}, gstride 96 each,
     * box {64, 1, 1, 1}, coordinates {1, 0, 0, 1}. A row is 64 slices (2 KB shared),
     * contiguous in global memory from slice 1; slices 1 and 2 are inside, at
     * 32*x0 + 96*1. The source is 128B-swizzled: pre-swizzle offset o of the box sits at
     * o ^ ((o >> 7 & 7) << 4) (SOFF is 1024-aligned), so offsets below 128 are in place. */
    {"32B store, 128B swizzle, contiguous",
     {TCE_DT_UINT16, 4, 0, {3, 1, 1, 2}, {96, 96, 96}, {64, 1, 1, 1}, {1, 1, 1, 1},
      TCE_IL_32B, TCE_SW_128B, TCE_L2_NONE, TCE_OOB_ZERO},
     {1, 0, 0, 1}, false, expect_store32_swizzled},
};

static void hand_checks(rig *r)
{
    for (unsigned i = 0; i < sizeof hand_cases / sizeof hand_cases[0]; i++) {
        const hand_case *h = &hand_cases[i];
        tce_tensormap m;
        if (!put_map(r, h->map, &m)) {
            fail(h->what, "the encoder refused the map");
            continue;
        }
        fill_both(r, 11 + i);
        uint8_t want[TBYTES];
        memcpy(want, tce_sim_gmem(r->sim, TENSOR, TBYTES), TBYTES);
        h->expect(want, tce_sim_smem(r->sim, 0, SOFF, SBYTES));
        tce_op op = store_op(h->map.rank, h->c, h->reduce, TCE_RED_ADD);
        tce_status st = rig_run(&r->drv, &op);
        if (st != TCE_OK)
            fail(h->what, tce_status_name(st));
        else
            same_tensor(r, want, h->what, "hand-derived");
    }
}

/* ---------------------------------------------------------------- cost */

/* Engine cycles of one 32B-interleaved u8 store of 4 rows x 64 slices (8 KB), dim-0
 * stride e0 (box[0] = 64*e0 elements), at the bridge's default timing; the bytes must match
 * the golden model's. */
static uint64_t store_cycles(rig *r, uint32_t e0)
{
    tiled_args a = {TCE_DT_UINT8, 3, 0, {64 * e0, 1, 4}, {64 * e0 * 32, 64 * e0 * 32},
                    {64 * e0, 1, 4}, {e0, 1, 1}, TCE_IL_32B, TCE_SW_NONE, TCE_L2_NONE,
                    TCE_OOB_ZERO};
    tce_tensormap m;
    int32_t c[3] = {0, 0, 0};
    if (!put_map(r, a, &m)) {
        fail("cost", "the encoder refused the map");
        return 0;
    }
    fill_both(r, 7 + e0);
    tce_op op = store_op(3, c, false, TCE_RED_ADD);
    tce_result ref = tce_csim_execute(&op, &r->ref);
    uint64_t t0 = tce_sim_cycles(r->sim);
    tce_status st = rig_run(&r->drv, &op);
    uint64_t t = tce_sim_cycles(r->sim) - t0;
    if (st != TCE_OK || ref.status != TCE_OK || ref.bytes_written != 8192)
        fail("cost", "the store failed");
    same_tensor(r, tce_gmem(&r->ref, TENSOR, TBYTES), "cost", "golden model");
    return t;
}

/* A contiguous row streams one 32-byte beat per cycle (DATA_W 256); a strided row (each
 * slice its own burst) should cost about one cycle per slice too. The command's fixed cost
 * (register writes, descriptor fetch, the last B) is the same for both, so the strided
 * store may take at most a quarter of its 256 slices more than the contiguous one. */
static void cost_checks(rig *r)
{
    uint64_t dense = store_cycles(r, 1), strided = store_cycles(r, 2);
    printf("cost: 256 slices of 32 bytes: %llu cycles contiguous, %llu with dim-0 stride 2\n",
           (unsigned long long)dense, (unsigned long long)strided);
    if (strided > dense + 64)
        fail("cost", "a strided interleaved store is slower than one slice per cycle");
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
        tiled_args a = {.dt = dtypes[rig_rnd(s, sizeof dtypes / sizeof dtypes[0])],
                        .rank = 3 + rig_rnd(s, 3),
                        .il = rig_rnd(s, 2) ? TCE_IL_16B : TCE_IL_32B,
                        .promo = TCE_L2_NONE,
                        .fill = TCE_OOB_ZERO};
        unsigned esz = tce_dtype_size(a.dt), unit = a.il == TCE_IL_16B ? 16u : 32u;
        /* box[0] elements, a multiple of 16 bytes; now and then a row of up to 256 slices
         * (8 KB with 32B slices: wider than any load the engine takes) */
        a.box[0] = 16u / esz * (1 + rig_rnd(s, 4)) * (rig_rnd(s, 4) ? 1u : 16u);
        if (a.box[0] > 256)
            a.box[0] = 256;
        a.es[0] = rig_rnd(s, 3) ? 1 : 1 + rig_rnd(s, 4);
        a.gdim[0] = 1 + rig_rnd(s, 12);
        uint64_t stride = (a.gdim[0] + rig_rnd(s, 3)) * unit;
        for (unsigned d = 1; d < a.rank; d++) {
            a.box[d] = 1 + rig_rnd(s, 3);
            a.es[d] = rig_rnd(s, 4) ? 1 : 2;
            a.gdim[d] = 1 + rig_rnd(s, 3);
            a.gstride[d - 1] = stride;
            stride *= a.gdim[d];
        }
        a.sw = sws[rig_rnd(s, 5)];
        if (stride > TBYTES || !put_map(r, a, m))
            continue;
        unsigned rank = a.rank;
        const uint64_t *gdim = a.gdim;
        tce_dtype dt = a.dt;
        int32_t c[5] = {0};
        for (unsigned d = 0; d < rank; d++)
            c[d] = (int32_t)(rig_rnd(s, 8) ? rig_rnd(s, (uint32_t)gdim[d]) : gdim[d]); /* or past it */
        if (!rig_rnd(s, 20))
            c[rig_rnd(s, rank)] = -1; /* stores take no negative coordinate: a trap */
        /* half of the draws reduce, with an op the dtype names when one is found */
        tce_redop ro = TCE_RED_ADD;
        tce_etype et;
        bool reduce = false, want_reduce = rig_rnd(s, 2);
        for (unsigned t = 0; t < 8 && want_reduce && !reduce; t++) {
            ro = (tce_redop)rig_rnd(s, TCE_RED_XOR + 1);
            reduce = tce_etype_from_dtype(dt, ro, &et);
        }
        *op = store_op(rank, c, reduce, ro);
        return;
    }
}

/* Every dtype x reduce op, as a 16B- and a 32B-interleaved reduce of a partly outside box
 * (dim-0 stride 2): the status (OK, or the trap the golden model gives a pair the dtype does
 * not name) and every tensor byte must be the golden model's. */
static void pair_checks(rig *r)
{
    unsigned ok = 0, refused = 0;
    for (unsigned d = 0; d < sizeof dtypes / sizeof dtypes[0]; d++)
        for (unsigned ro = 0; ro <= TCE_RED_XOR; ro++)
            for (unsigned il = 0; il < 2; il++) {
                unsigned esz = tce_dtype_size(dtypes[d]);
                tiled_args a = {dtypes[d], 3, 0, {7, 2, 3}, {256, 512}, {64 / esz, 1, 3},
                                {2, 1, 1}, il ? TCE_IL_32B : TCE_IL_16B, TCE_SW_NONE,
                                TCE_L2_NONE, TCE_OOB_ZERO};
                tce_tensormap m;
                int32_t c[3] = {1, 1, 1};
                char what[96];
                snprintf(what, sizeof what, "%s %s, %s", il ? "32B" : "16B",
                         tce_redop_name((tce_redop)ro), tce_dtype_name(dtypes[d]));
                if (!put_map(r, a, &m)) {
                    fail(what, "the encoder refused the map");
                    continue;
                }
                fill_both(r, 1000 + d * 16 + ro * 2 + il);
                tce_op op = store_op(3, c, true, (tce_redop)ro);
                tce_result ref = tce_csim_execute(&op, &r->ref);
                tce_status st = rig_run(&r->drv, &op);
                if (st != ref.status) {
                    char m2[160];
                    snprintf(m2, sizeof m2, "engine %s, golden model %s", tce_status_name(st),
                             tce_status_name(ref.status));
                    fail(what, m2);
                } else if (same_tensor(r, tce_gmem(&r->ref, TENSOR, TBYTES), what,
                                       "golden model")) {
                    ok += st == TCE_OK;
                    refused += st != TCE_OK;
                }
            }
    printf("pairs: %u dtype/op/slice reduces match the golden model, %u refused alike\n", ok,
           refused);
    if (ok == 0 || refused == 0)
        fail("pairs", "no reduce or no refusal among the pairs");
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
    if (written < count / 3 || reduces < count / 8 || strided < count / 20 || wide == 0 ||
        traps == 0)
        fail("sweep", "too few cases wrote anything of some kind");
}

int main(void)
{
    rig r;
    if (!rig_open(&r, DESC, TENSOR, TBYTES) || !rig_driver(r.sim, &r.drv))
        return 2;
    hand_checks(&r);
    cost_checks(&r);
    pair_checks(&r);
    sweep(&r, 400);
    /* destroying the engine writes its coverage counts (TCE_COVERAGE_DIR) */
    tce_memsys_free(&r.ref);
    tce_sim_destroy(r.sim);
    return check_finish("test_rtl_ileave");
}
