/* Interleaved tile loads walked with a dim-0 traversal stride e0 of 3, 5, 6 or 7 on the RTL
 * engine: the strides tce_tile_load cannot divide by with a shift, whose in-bounds slice
 * range [ceil(-c0/e0), ceil((gdim0 - c0)/e0)) it takes from a reciprocal multiply in the
 * extra state W_DIV. Each box is placed so that the range ends just before, at or just
 * after a multiple of e0 on either edge, far outside (the 12-bit clamp), or misses the
 * tensor; 16B and 32B slices, zero and NaN fill, the swizzles. The engine's status and
 * all of CTA 0's shared memory must equal the golden model's (csim/tile.c, verified
 * against the H100's interleaved captures). The other strides, 1 (a contiguous row) and the
 * powers of two 2, 4 and 8 (divided by a shift), run the same boxes beside them. Half the
 * maps reach past the tensor's global window (the memory table is set, as the golden
 * model's): the engine then checks every in-bounds slice against the windows before it
 * moves anything, a slice at a time when e0 > 1 (tce_window_walk). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtl_drv_rig.h"

#define DESC 0x10000000ull
#define TENSOR 0x20000000ull
#define TBYTES 0x12000u /* 4608 16-byte slices: a dim-0 extent past the 4095 clamp fits */
#define MBAR 0x30000u

static int failures;

static void fail(const char *what, const char *detail)
{
    failures++;
    if (failures <= 10 || getenv("TCE_TEST_VERBOSE"))
        fprintf(stderr, "FAIL: %s: %s\n", what, detail);
}

/* What the draw reached, counted from the box itself (not from either engine): per
 * stride, loads that completed with slices before the tensor, with the row cut at its
 * end, wholly inside, and with no slice inside. */
enum { K_LO, K_HI, K_IN, K_NONE, K_N };
static unsigned reached[9][K_N];
static unsigned trapped[9]; /* GLOBAL_BUS on both: a slice outside the windows */
static unsigned compared, completed;

static int64_t ceil_div_s(int64_t a, int64_t b) { return a <= 0 ? 0 : (a + b - 1) / b; }

/* Sorts the row's slices k (coordinate c0 + k*e0, k < n) by where they fall in [0, gdim0). */
static void count_kind(unsigned e0, int64_t c0, int64_t gdim0, uint32_t box0)
{
    int64_t n = ceil_div_s(box0, e0);
    int64_t lo = ceil_div_s(-c0, e0), hi = ceil_div_s(gdim0 - c0, e0);
    if (hi > n)
        hi = n;
    if (lo >= hi)
        reached[e0][K_NONE]++;
    else if (lo == 0 && hi == n)
        reached[e0][K_IN]++;
    else {
        if (lo > 0)
            reached[e0][K_LO]++;
        if (hi < n)
            reached[e0][K_HI]++;
    }
}

/* One load on both engines (rig_vs_golden), counted. */
static void one_vs_golden(rig *r, const tce_op *op, const char *what)
{
    char m[320];
    tce_status got;
    compared++;
    if (!rig_vs_golden(r, op, MBAR, &got, m, sizeof m)) {
        fail(what, m);
        return;
    }
    completed += got == TCE_OK;
}

/* A rank-3 interleaved map at TENSOR: dim 0 gdim0 slices, dims 1 and 2 of 2 and gdim2,
 * dense; box {box0, 1, box2}, dim-0 stride e0. false when the encoder refuses it. */
static bool put_map(rig *r, tce_interleave il, tce_dtype dt, tce_swizzle sw, tce_oobfill fill,
                    uint64_t gdim0, uint64_t gdim2, uint32_t box0, uint32_t box2, uint32_t e0)
{
    unsigned slice = il == TCE_IL_16B ? 16u : 32u;
    uint64_t rowb = (gdim0 * slice + 31u) & ~31ull;
    uint64_t gdim[3] = {gdim0, 2, gdim2}, gstr[2] = {rowb, rowb * 2};
    uint32_t box[3] = {box0, 1, box2}, es[3] = {e0, 1, 1};
    tce_tensormap m;
    tce_diag why;
    if (tce_encode_tiled(&m, dt, 3, TENSOR, gdim, gstr, box, es, il, sw, TCE_L2_NONE, fill,
                         &why) != TCE_OK) {
        if (getenv("TCE_TEST_VERBOSE"))
            fprintf(stderr, "encode: %s\n", why.text);
        return false;
    }
    tce_desc_pack(&m, tce_sim_gmem(r->sim, DESC, TCE_DESC_BYTES));
    tce_desc_pack(&m, tce_gmem(&r->ref, DESC, TCE_DESC_BYTES));
    return true;
}

int main(void)
{
    rig r;
    if (!rig_open_patterned(&r, DESC, TENSOR, TBYTES))
        return 2;
    /* The memory table, as the golden model's: the engine then refuses a unit outside the
     * windows before it moves anything (without one the bus alone answers, mid-move). */
    const tce_drv_window win[2] = {{DESC, 4096}, {TENSOR, TBYTES}};
    if (tce_drv_set_memory(&r.drv, r.ref.ncta, r.ref.smem_size, win, 2) != TCE_DRV_OK) {
        fprintf(stderr, "set_memory: %s\n", r.drv.why);
        return 2;
    }
    static const tce_swizzle sws[] = {TCE_SW_NONE, TCE_SW_32B, TCE_SW_64B, TCE_SW_128B};
    static const tce_dtype dts[] = {TCE_DT_UINT8, TCE_DT_FLOAT16, TCE_DT_FLOAT32, TCE_DT_FLOAT64};
    uint64_t s = 0x5717;
    unsigned refused = 0;
    for (uint32_t e0 = 1; e0 <= 8; e0++)
        for (unsigned il = 0; il < 2; il++) {
            tce_interleave ilv = il ? TCE_IL_32B : TCE_IL_16B;
            unsigned slice = il ? 32u : 16u;
            /* Rows of ceil(box0/e0) slices. box0 is whole 16-byte rows of every dtype
             * drawn (the encoder's rule); 16, 32, 48, 64 leave a last slice short by
             * different amounts (remainders 1, 2, 3, 4 mod 5; 2, 4, 6, 1 mod 7). */
            for (unsigned b = 0; b < 4; b++) {
                uint32_t box0 = 16u * (b + 1);
                uint64_t gdim0 = 11 + 2 * e0 + b;
                /* Starts relative to the edges: k*e0 + d before 0 and before gdim0 (d -1,
                 * 0, 1), far before 0 (clamped), at and past the end. */
                int64_t starts[20];
                unsigned ns = 0;
                for (int64_t k = 0; k <= 2; k++)
                    for (int64_t d = -1; d <= 1; d++) {
                        starts[ns++] = -(k * e0) + d;
                        starts[ns++] = (int64_t)gdim0 - k * e0 + d;
                    }
                starts[ns++] = -5000 - (int64_t)rig_rnd(&s, 100);
                starts[ns++] = (int64_t)gdim0 + 40;
                for (unsigned j = 0; j < ns; j++) {
                    tce_swizzle sw = sws[rig_rnd(&s, 4)];
                    tce_dtype dt = dts[rig_rnd(&s, 4)];
                    tce_oobfill fill = rig_rnd(&s, 2) ? TCE_OOB_NAN : TCE_OOB_ZERO;
                    if (fill == TCE_OOB_NAN && dt == TCE_DT_UINT8)
                        fill = TCE_OOB_ZERO;
                    uint32_t box2 = 1 + rig_rnd(&s, 2);
                    /* Half the maps are 200 rows tall, past the tensor's window: the engine
                     * then checks each in-bounds slice against the windows before it moves
                     * anything (tce_window_walk), and rows past the window trap. */
                    bool tall = rig_rnd(&s, 2);
                    if (!put_map(&r, ilv, dt, sw, fill, gdim0, tall ? 200 : 3, box0, box2, e0)) {
                        refused++;
                        continue;
                    }
                    tce_op op = rig_tensor_load(TCE_MODE_TILE, 3, DESC, 0, MBAR);
                    op.coords[0] = (int32_t)starts[j];
                    op.coords[1] = (int32_t)rig_rnd(&s, 2);
                    /* a tall map's rows: anywhere inside the window, or around its end */
                    uint64_t lim = TBYTES / (2 * ((gdim0 * slice + 31u) & ~31ull));
                    op.coords[2] = (int32_t)(!tall      ? rig_rnd(&s, 3)
                                             : rig_rnd(&s, 2) ? rig_rnd(&s, (uint32_t)lim)
                                                              : lim - 2 + rig_rnd(&s, 3));
                    char what[160];
                    snprintf(what, sizeof what,
                             "e0 %u, %u-byte slices, gdim0 %llu%s, box0 %u, c0 %lld, %s, %s "
                             "swizzle, %s fill", e0, slice, (unsigned long long)gdim0,
                             tall ? " (200 rows)" : "", box0, (long long)starts[j],
                             tce_dtype_name(dt), tce_swizzle_name(sw),
                             fill == TCE_OOB_NAN ? "NaN" : "zero");
                    int before = failures;
                    unsigned done = completed;
                    one_vs_golden(&r, &op, what);
                    if (failures == before && completed > done)
                        count_kind(e0, starts[j], (int64_t)gdim0, box0);
                    else if (failures == before)
                        trapped[e0]++;
                }
            }
        }
    /* The 12-bit clamp: a dim-0 extent past 4095 slices ahead of the box (16-byte slices:
     * 4600 of them fill TBYTES's first rows). */
    for (uint32_t e0 = 3; e0 <= 7; e0++) {
        if (!put_map(&r, TCE_IL_16B, TCE_DT_FLOAT32, TCE_SW_NONE, TCE_OOB_ZERO, 4600, 3, 40, 1,
                     e0)) {
            refused++;
            continue;
        }
        tce_op op = rig_tensor_load(TCE_MODE_TILE, 3, DESC, 0, MBAR);
        op.coords[0] = 5;
        char what[96];
        snprintf(what, sizeof what, "e0 %u, gdim0 4600 (past the clamp), c0 5", e0);
        int before = failures;
        unsigned done = completed;
        one_vs_golden(&r, &op, what);
        if (failures == before && completed > done)
            count_kind(e0, 5, 4600, 40);
    }
    tce_memsys_free(&r.ref);
    tce_sim_destroy(r.sim);
    printf("interleaved tile loads with dim-0 strides 1..8: %u compared with the golden model, "
           "%u completed, %u maps the encoder refused\n", compared, completed, refused);
    printf("completed per stride (slices before the tensor / row cut at its end / inside / "
           "none inside; then trapped alike):");
    for (unsigned e0 = 1; e0 <= 8; e0++)
        printf(" e0 %u: %u/%u/%u/%u, %u", e0, reached[e0][K_LO], reached[e0][K_HI],
               reached[e0][K_IN], reached[e0][K_NONE], trapped[e0]);
    printf("\n");
    /* Each W_DIV stride must have reached every kind, and a trap, or the test checked
     * nothing there. */
    for (unsigned e0 = 3; e0 <= 7; e0++)
        for (unsigned k = 0; k <= K_N && e0 != 4; k++)
            if (k < K_N ? reached[e0][k] < 2 : trapped[e0] == 0) {
                char m[80];
                snprintf(m, sizeof m, "e0 %u: kind %u reached %u times", e0, k,
                         k < K_N ? reached[e0][k] : trapped[e0]);
                fail("coverage of the draw", m);
            }
    printf("%s\n", failures ? "FAILED" : "all match");
    return failures ? 1 : 0;
}
