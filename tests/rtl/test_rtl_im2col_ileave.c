/* .im2col loads through 16B / 32B interleaved tensor maps on the RTL engine.
 *
 * Three kinds of check:
 *  - hand-derived cases, without the golden model: the expected shared bytes are worked out
 *    here from the layout the H100 captures settled (tests/data/probes/ileave_im2col*.txt,
 *    csim/im2col_ileave.c): every shared row is ONE slice of 16 or 32 bytes, rows dense
 *    from the shared address; the spatial dimensions are map dims 0..rank-3 (dim 0 counted
 *    in slices), the channel slice (dim rank-2) stays at its coordinate, N (rank-1) takes
 *    the walk's carry; pixel = walk position + offset; a row with any coordinate outside
 *    the tensor is fill; global address gaddr + x0*slice + sum x[i]*gstride[i];
 *  - the read traffic of two of them: with W walked by one slice, rows that follow each
 *    other in global memory merge into one burst; with a traversal stride, one burst per
 *    in-bounds row, the R beats back to back (the row walk presents a row a cycle);
 *  - a sweep of drawn maps and loads (both slice sizes, ranks 3..5, traversal strides,
 *    windows, offsets, swizzles, channel slices in and out of the tensor) where the
 *    engine's status and all of CTA 0's shared memory must equal the golden model's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtl_drv_rig.h"

#define DESC 0x10000000ull
#define TENSOR 0x20000000ull
#define TBYTES 0x4000u
#define MBAR 0x30000u

static int failures;

static void fail(const char *what, const char *detail)
{
    failures++;
    fprintf(stderr, "FAIL: %s: %s\n", what, detail);
}


typedef struct {
    tce_dtype dt;
    unsigned rank;
    uint64_t gdim[5];
    uint64_t gstr[4]; /* dims 1..rank-1 */
    int32_t lower[3], upper[3];
    uint32_t es[5];
    unsigned pixels;
    tce_interleave il;
    tce_swizzle sw;
    tce_oobfill fill;
} map_args;

/* Encodes the map at TENSOR and writes its descriptor to both sides; false when the
 * encoder refuses it. */
static bool put_map(rig *r, const map_args *a, tce_tensormap *m)
{
    tce_diag why;
    if (tce_encode_im2col(m, a->dt, a->rank, TENSOR, a->gdim, a->gstr, a->lower, a->upper, 16,
                          a->pixels, a->es, a->il, a->sw, TCE_L2_NONE, a->fill, &why) != TCE_OK) {
        if (getenv("TCE_TEST_VERBOSE"))
            fprintf(stderr, "encode: %s\n", why.text);
        return false;
    }
    tce_desc_pack(m, tce_sim_gmem(r->sim, DESC, TCE_DESC_BYTES));
    tce_desc_pack(m, tce_gmem(&r->ref, DESC, TCE_DESC_BYTES));
    return true;
}

/* Runs op on the engine with CTA 0's shared memory below the mbarrier pre-set to 0xEE. */
static tce_status run_engine(rig *r, const tce_op *op)
{
    memset(tce_sim_smem(r->sim, 0, 0, MBAR), 0xEE, MBAR);
    return rig_run(&r->drv, op);
}

/* ---------------------------------------------------------------- hand-derived cases */

/* One row of the expected image: the slice at tensor coordinate x if every coordinate
 * is inside gdim, else the fill. */
static void expect_row(uint8_t *dst, const uint8_t *tensor, unsigned rank, const int64_t *x,
                       const uint64_t *gdim, const uint64_t *gstr, unsigned slice,
                       const uint8_t *fill)
{
    uint64_t a = 0;
    for (unsigned i = 0; i < rank; i++) {
        if (x[i] < 0 || (uint64_t)x[i] >= gdim[i]) {
            memcpy(dst, fill, slice);
            return;
        }
        a += (uint64_t)x[i] * (i ? gstr[i - 1] : slice);
    }
    memcpy(dst, tensor + a, slice);
}

/* The engine's shared rows [0, bytes) against want, then the 0xEE guard after them. */
static void check_image(rig *r, const uint8_t *want, unsigned bytes, const char *what)
{
    const uint8_t *got = tce_sim_smem(r->sim, 0, 0, bytes + 64);
    for (unsigned i = 0; i < bytes + 64; i++) {
        uint8_t w = i < bytes ? want[i] : 0xEE;
        if (got[i] != w) {
            char m[160];
            snprintf(m, sizeof m, "shared byte %u (row %u): engine 0x%02x, derived 0x%02x", i,
                     i / 16, got[i], w);
            fail(what, m);
            return;
        }
    }
}

/* (put_map: channelsPerPixel 16, which an interleaved map's rows ignore.)
 *
 * Case A: rank 3, 16B slices, UINT8, W x C x N = 5 x 3 x 2 slices, W window [-1, 5],
 * start W = 3 with offset 1, channel slice 1, 10 pixels. The walk: W 3, 4, 5, then past
 * the window end back to -1 with N 0 -> 1, then 0 .. 5; pixel W = position + 1. */
static void hand_rank3(rig *r, const uint8_t *tensor)
{
    static const int64_t pos_w[10] = {3, 4, 5, -1, 0, 1, 2, 3, 4, 5};
    static const int64_t pos_n[10] = {0, 0, 0, 1, 1, 1, 1, 1, 1, 1};
    map_args a = {TCE_DT_UINT8, 3, {5, 3, 2}, {96, 320}, {-1}, {1}, {1, 1, 1}, 10,
                  TCE_IL_16B, TCE_SW_NONE, TCE_OOB_ZERO};
    tce_tensormap m;
    if (!put_map(r, &a, &m)) {
        fail("rank 3", "the encoder refused the map");
        return;
    }
    static const uint8_t zero[32];
    uint8_t want[10 * 16];
    for (unsigned p = 0; p < 10; p++) {
        int64_t x[3] = {pos_w[p] + 1, 1, pos_n[p]};
        expect_row(want + 16 * p, tensor, 3, x, a.gdim, a.gstr, 16, zero);
    }
    tce_op op = rig_tensor_load(TCE_MODE_IM2COL, 3, DESC, 0, MBAR);
    op.coords[0] = 3;
    op.coords[1] = 1;
    op.coords[2] = 0;
    op.im2col[0] = 1;
    tce_sim_probe_clear(r->sim, TENSOR, TENSOR + TBYTES);
    tce_status st = run_engine(r, &op);
    tce_sim_probe pr = tce_sim_probe_read(r->sim);
    if (st != TCE_OK) {
        fail("rank 3", tce_status_name(st));
        return;
    }
    check_image(r, want, sizeof want, "rank 3");
    /* Reads: the rows are dense and W walks by one slice, so rows that follow each other
     * in global memory merge into one burst (docs/rtl.md, "Burst merging"): row 0 (W 4,
     * bytes [160, 176)) alone, rows 3..7 (W 0..4 of N 1, bytes [416, 496)) as one burst;
     * rows 1, 2, 8, 9 are fill. Two bursts plus the descriptor's fetch, and the beats
     * those byte ranges touch. */
    unsigned bw = tce_sim_default_params().data_w / 8;
    uint64_t beats = (176 + bw - 1) / bw - 160 / bw + (496 + bw - 1) / bw - 416 / bw;
    printf("rank 3, 10 rows of 16 B (6 in the tensor): %llu bursts, %llu R beats\n",
           (unsigned long long)pr.ar_count, (unsigned long long)pr.r_beats);
    if (pr.ar_count != 3 || pr.r_beats != beats) {
        char m[160];
        snprintf(m, sizeof m, "%llu bursts, %llu R beats (want 3, %llu)",
                 (unsigned long long)pr.ar_count, (unsigned long long)pr.r_beats,
                 (unsigned long long)beats);
        fail("rank 3 read traffic", m);
    }
}

/* FLOAT16 NaN fill (0x7FF7, little-endian) over n bytes. */
static void nan_fill16(uint8_t *dst, unsigned n)
{
    for (unsigned i = 0; i + 1 < n; i += 2) {
        dst[i] = 0xF7;
        dst[i + 1] = 0x7F;
    }
}

/* The map of cases B and C: rank 4, 32B slices, FLOAT16, W x H x C x N = 4 x 3 x 2 x 2,
 * W window [0, 3] at traversal stride 2, H window [-1, 2], 6 pixels, NaN fill. */
static const map_args case_b_map = {TCE_DT_FLOAT16, 4, {4, 3, 2, 2}, {128, 384, 768},
                                    {0, -1}, {0, 0}, {2, 1, 1, 1}, 6, TCE_IL_32B,
                                    TCE_SW_NONE, TCE_OOB_NAN};

/* Runs the load of cases B and C from (W 1, H -1), channel slice chan, H offset h_off,
 * with the read probe cleared before; false (and a failure) unless it completes. */
static bool run_case_b(rig *r, int32_t chan, uint16_t h_off, tce_sim_probe *pr,
                       const char *what)
{
    tce_tensormap m;
    if (!put_map(r, &case_b_map, &m)) {
        fail(what, "the encoder refused the map");
        return false;
    }
    tce_op op = rig_tensor_load(TCE_MODE_IM2COL, 4, DESC, 0, MBAR);
    op.coords[0] = 1;
    op.coords[1] = -1;
    op.coords[2] = chan;
    op.coords[3] = 0;
    op.im2col[1] = h_off;
    tce_sim_probe_clear(r->sim, TENSOR, TENSOR + TBYTES);
    tce_status st = run_engine(r, &op);
    *pr = tce_sim_probe_read(r->sim);
    if (st != TCE_OK)
        fail(what, tce_status_name(st));
    return st == TCE_OK;
}

/* Case B: channel slice 1, H offset 1. The walk: W 1, 3, then past 3 back to 0 and
 * H -1 -> 0: W 0, 2, then H 1: W 0, 2. Every pixel (H = position + 1) is inside the
 * tensor. Also measures the read traffic. */
static void hand_rank4(rig *r, const uint8_t *tensor)
{
    static const int64_t pos_w[6] = {1, 3, 0, 2, 0, 2};
    static const int64_t pos_h[6] = {-1, -1, 0, 0, 1, 1};
    uint8_t want[6 * 32], nan_fill[32];
    nan_fill16(nan_fill, sizeof nan_fill);
    for (unsigned p = 0; p < 6; p++) {
        int64_t x[4] = {pos_w[p], pos_h[p] + 1, 1, 0};
        expect_row(want + 32 * p, tensor, 4, x, case_b_map.gdim, case_b_map.gstr, 32, nan_fill);
    }
    tce_sim_probe pr;
    if (!run_case_b(r, 1, 1, &pr, "rank 4"))
        return;
    check_image(r, want, sizeof want, "rank 4");
    /* One burst per row (a slice is contiguous), its beats one per cycle after the
     * memory latency: rows x beats per slice, back to back. The seventh AR is the
     * descriptor's fetch after the fence of rig_run. */
    unsigned per = 32 * 8 / tce_sim_default_params().data_w; /* DATA_W 512: part of one */
    uint64_t beats = 6 * (per ? per : 1);
    uint64_t span = pr.r_beats ? pr.last_r - pr.first_r + 1 : 0;
    printf("rank 4, 6 rows of 32 B: %llu bursts, %llu R beats over %llu cycles\n",
           (unsigned long long)pr.ar_count, (unsigned long long)pr.r_beats,
           (unsigned long long)span);
    if (pr.ar_count != 7 || pr.r_beats != beats || span != beats) {
        char m[160];
        snprintf(m, sizeof m, "%llu bursts, %llu R beats over %llu cycles (want 7, %llu, %llu)",
                 (unsigned long long)pr.ar_count, (unsigned long long)pr.r_beats,
                 (unsigned long long)span, (unsigned long long)beats,
                 (unsigned long long)beats);
        fail("rank 4 read traffic", m);
    }
}

/* Case C: the load of case B with the channel slice past the tensor (C = 2 of 2): every
 * row is the NaN fill, and the tensor is not read. */
static void hand_channel_out(rig *r)
{
    uint8_t want[6 * 32];
    nan_fill16(want, sizeof want);
    tce_sim_probe pr;
    if (!run_case_b(r, 2, 0, &pr, "channel out"))
        return;
    check_image(r, want, sizeof want, "channel out");
    if (pr.r_beats != 0 || pr.ar_count != 1) /* the one AR: the descriptor's fetch */
        fail("channel out", "the engine read the tensor for a channel slice outside");
}

/* ---------------------------------------------------------------- against the golden model */

static unsigned completed, compared;

static void one_vs_golden(rig *r, const tce_op *op, const char *what)
{
    char m[320];
    tce_status got;
    compared++;
    if (!rig_vs_golden(r, op, MBAR, &got, m, sizeof m)) {
        if (failures < 10)
            fail(what, m);
        else
            failures++;
        return;
    }
    completed += got == TCE_OK;
}

/* Drawn maps and loads: rank 3..5, 16B / 32B, strides 1..3, windows, offsets, channel
 * slices from one before the tensor to one past it, starts a little outside the window
 * (both engines trap). */
static void sweep(rig *r, unsigned n)
{
    static const tce_dtype dts[] = {TCE_DT_UINT8, TCE_DT_UINT16, TCE_DT_FLOAT16,
                                    TCE_DT_FLOAT32, TCE_DT_TFLOAT32, TCE_DT_FLOAT64};
    static const tce_swizzle sws[] = {TCE_SW_NONE, TCE_SW_32B, TCE_SW_64B, TCE_SW_128B};
    uint64_t s = 12345;
    for (unsigned k = 0; k < n; k++) {
        map_args a;
        memset(&a, 0, sizeof a);
        a.dt = dts[rig_rnd(&s, 6)];
        a.rank = 3 + rig_rnd(&s, 3);
        a.il = rig_rnd(&s, 2) ? TCE_IL_16B : TCE_IL_32B;
        a.sw = sws[rig_rnd(&s, 4)];
        a.fill = (rig_rnd(&s, 3) || a.dt == TCE_DT_UINT8 || a.dt == TCE_DT_UINT16) ? TCE_OOB_ZERO
                                                                              : TCE_OOB_NAN;
        a.pixels = 1 + rig_rnd(&s, 40);
        unsigned slice = a.il == TCE_IL_16B ? 16 : 32;
        uint64_t stride = (1 + rig_rnd(&s, 6)) * slice * 2;
        a.gdim[0] = 1 + rig_rnd(&s, 6);
        for (unsigned d = 0; d < a.rank; d++) {
            if (d) {
                a.gdim[d] = 1 + rig_rnd(&s, 3);
                a.gstr[d - 1] = stride;
                stride *= a.gdim[d];
            }
            a.es[d] = rig_rnd(&s, 4) ? 1 : 2 + rig_rnd(&s, 2);
        }
        if (stride > TBYTES)
            continue;
        for (unsigned j = 0; j < 3; j++) {
            a.lower[j] = -(int32_t)rig_rnd(&s, 2);
            a.upper[j] = (int32_t)rig_rnd(&s, 2);
        }
        tce_tensormap m;
        if (!put_map(r, &a, &m))
            continue;
        tce_op op = rig_tensor_load(TCE_MODE_IM2COL, a.rank, DESC, 0, MBAR);
        for (unsigned j = 0; j + 2 < a.rank; j++) {
            op.coords[j] = m.lower[j] + (int32_t)rig_rnd(&s, (uint32_t)m.gdim[j] + 1);
            op.im2col[j] = (uint16_t)rig_rnd(&s, 3);
        }
        op.coords[a.rank - 2] = (int32_t)rig_rnd(&s, (uint32_t)m.gdim[a.rank - 2] + 2) - 1;
        op.coords[a.rank - 1] = (int32_t)rig_rnd(&s, (uint32_t)m.gdim[a.rank - 1]);
        one_vs_golden(r, &op, "sweep");
    }
}

int main(void)
{
    rig r;
    if (!rig_open_patterned(&r, DESC, TENSOR, TBYTES))
        return 2;
    const uint8_t *h = tce_gmem(&r.ref, TENSOR, TBYTES);
    hand_rank3(&r, h);
    hand_rank4(&r, h);
    hand_channel_out(&r);
    sweep(&r, 300);
    tce_memsys_free(&r.ref);
    tce_sim_destroy(r.sim);
    printf("im2col through interleaved maps: 3 hand-derived cases; %u drawn loads against the "
           "golden model (%u completed on both), %s\n", compared, completed,
           failures ? "FAILED" : "all match");
    /* A sweep where (almost) nothing completes would prove nothing. */
    if (completed * 2 < compared)
        fail("sweep", "fewer than half of the drawn loads completed");
    return failures ? 1 : 0;
}
