/* Tensor loads on the RTL engine: rows that follow each other in global and in shared
 * memory go out as one read burst (tce_tile_load, "burst merging"), and interleaved load
 * rows wider than 2 KB.
 *
 * Every case runs on the engine and on the golden model: the status and every shared byte
 * of CTA 0 must agree. On top of that:
 *  - the number of read bursts of each load is hand-derived from the geometry (a burst ends
 *    at a 4 KB page, at a fill row, where the next row does not continue the previous one
 *    in global or in shared memory), as is its R-beat window at a memory that answers every
 *    burst 200 cycles after its AR, one beat per cycle, at most 64 bursts in flight (the
 *    bench's memory);
 *  - the interleaved >2 KB rows' shared bytes are worked out here from docs/tile.md's rules
 *    (slice k of a row is dim-0 coordinate c0 + k*estride[0], at global
 *    gaddr + 32*x0 + x2*gstride[1], at shared offset row*row_bytes + 32*k; slices outside
 *    the tensor are zero), without the golden model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtl_drv_rig.h"
#include "../unit/encode_testkit.h" /* tiled_args, and the failure count (check.h) */

#define DESC 0x10000000ull
#define TENSOR 0x20000000ull
#define TBYTES 0x10000u
#define MBAR 0x30000u
#define SBYTES 0x8000u /* shared bytes compared (the boxes land below) */

static void fail(const char *what, const char *detail)
{
    failures++;
    fprintf(stderr, "FAIL: %s: %s\n", what, detail);
}

static void put_desc(rig *r, const tce_tensormap *m)
{
    tce_desc_pack(m, tce_sim_gmem(r->sim, DESC, TCE_DESC_BYTES));
    tce_desc_pack(m, tce_gmem(&r->ref, DESC, TCE_DESC_BYTES));
}

/* A u8 NHWC tensor at TENSOR filling TBYTES: C channels, W 16, H 16, N TBYTES / (256 C)
 * (C 64: the bench's im2col workload); boxes of 64 pixels of all C channels. lower/upper:
 * the W and H corners of the pixel window. */
static bool im2col_map(rig *r, uint32_t c, tce_swizzle sw, int32_t lower, int32_t upper)
{
    tce_tensormap m;
    tce_diag why;
    uint64_t gdim[4] = {c, 16, 16, TBYTES / (256 * c)}, gstr[3] = {c, 16 * c, 256 * c};
    int32_t lo[3] = {lower, lower, 0}, up[3] = {upper, upper, 0};
    uint32_t es[4] = {1, 1, 1, 1};
    if (tce_encode_im2col(&m, TCE_DT_UINT8, 4, TENSOR, gdim, gstr, lo, up, c, 64, es,
                          TCE_IL_NONE, sw, TCE_L2_NONE, TCE_OOB_ZERO, &why) != TCE_OK) {
        fprintf(stderr, "encode: %s\n", why.text);
        return false;
    }
    put_desc(r, &m);
    return true;
}

static bool tiled_map(rig *r, tiled_args a)
{
    tce_tensormap m;
    tce_diag why;
    a.gaddr = TENSOR;
    if (enc_tiled(&a, &m, &why) != TCE_OK) {
        fprintf(stderr, "encode: %s\n", why.text);
        return false;
    }
    put_desc(r, &m);
    return true;
}

/* Runs op on both engines and compares status and shared bytes; returns the engine's
 * probe (reads of the tensor only in r_beats; ar_count includes the descriptor's read). */
static tce_sim_probe run_both(rig *r, const tce_op *op, const char *what)
{
    memset(tce_sim_smem(r->sim, 0, 0, SBYTES), 0xEE, SBYTES);
    memset(tce_smem(&r->ref, 0, 0, SBYTES), 0xEE, SBYTES);
    tce_sim_probe_clear(r->sim, TENSOR, TENSOR + TBYTES);
    tce_status got = rig_run(&r->drv, op);
    tce_sim_probe pr = tce_sim_probe_read(r->sim);
    tce_result want = tce_csim_execute(op, &r->ref);
    if (got != want.status) {
        char m[160];
        snprintf(m, sizeof m, "status %s, golden model %s", tce_status_name(got),
                 tce_status_name(want.status));
        fail(what, m);
    } else if (memcmp(tce_sim_smem(r->sim, 0, 0, SBYTES), tce_smem(&r->ref, 0, 0, SBYTES),
                      SBYTES)) {
        fail(what, "shared memory differs from the golden model's");
    }
    return pr;
}

/* The load's read bursts (less the descriptor's one) and R-beat window must be as derived. */
static void expect_reads(const tce_sim_probe *pr, const char *what, uint64_t bursts,
                         uint64_t beats, uint64_t span)
{
    uint64_t got_span = pr->r_beats ? pr->last_r - pr->first_r + 1 : 0;
    printf("%-52s %3llu bursts, %4llu R beats over %4llu cycles\n", what,
           (unsigned long long)(pr->ar_count - 1), (unsigned long long)pr->r_beats,
           (unsigned long long)got_span);
    if (pr->ar_count != bursts + 1 || pr->r_beats != beats || (span && got_span != span)) {
        char m[200];
        snprintf(m, sizeof m, "%llu bursts, %llu R beats over %llu cycles; want %llu, %llu over %llu",
                 (unsigned long long)(pr->ar_count - 1), (unsigned long long)pr->r_beats,
                 (unsigned long long)got_span, (unsigned long long)bursts,
                 (unsigned long long)beats, (unsigned long long)span);
        fail(what, m);
    }
}

static tce_op im2col_op(int32_t w, int32_t h, int32_t n)
{
    tce_op op = rig_tensor_load(TCE_MODE_IM2COL, 4, DESC, 0, MBAR);
    op.coords[1] = w;
    op.coords[2] = h;
    op.coords[3] = n;
    return op;
}

/* A 2-D tile load at (0, y) into shared offset 0, its read bursts and bytes derived. */
typedef struct {
    const char *what;
    tiled_args map;
    int32_t y;
    uint64_t bursts, bytes;
    bool back_to_back; /* its R beats come on consecutive cycles */
    bool origin;       /* it also reads the beat at globalAddress (a negative start) */
} tile_case;

static const tile_case tile_cases[] = {
    /* u8 64 x 1024 spanning its tensor's dim 0, box 64 x 64 at (0, 64): 4 KB from offset
     * 4096, one burst. */
    {"tile 64 x 64 B, whole dim 0",
     {TCE_DT_UINT8, 2, 0, {64, 1024}, {64}, {64, 64}, {1, 1}, TCE_IL_NONE, TCE_SW_NONE,
      TCE_L2_NONE, TCE_OOB_ZERO}, 64, 1, 4096, true, false},
    /* The same at (0, -8): rows 0..7 are fill, rows 8..63 one burst of 3584 bytes. The box
     * starts at a negative coordinate, so the load first reads the beat at globalAddress
     * (docs/tile.md "Real sizes"): one more burst and beat, answered a memory round trip
     * before the rows' burst goes out, so the beats are not back to back. */
    {"tile 64 x 64 B, 8 fill rows",
     {TCE_DT_UINT8, 2, 0, {64, 1024}, {64}, {64, 64}, {1, 1}, TCE_IL_NONE, TCE_SW_NONE,
      TCE_L2_NONE, TCE_OOB_ZERO}, -8, 1 + 1, 3584, false, true},
    /* f32 as TFLOAT32 (rounded on the way), 128B swizzle: 32 rows of 32 elements (128 B),
     * dense in shared memory, one 4 KB burst written through the swizzle. */
    {"tile tf32 32 x 128 B, 128B swizzle",
     {TCE_DT_TFLOAT32, 2, 0, {32, 512}, {128}, {32, 32}, {1, 1}, TCE_IL_NONE, TCE_SW_128B,
      TCE_L2_NONE, TCE_OOB_ZERO}, 32, 1, 4096, true, false},
    /* u8 16 x 4096 with the 64B swizzle: rows of 16 bytes, padded to 64 in shared memory,
     * box 16 x 128 at (0, 256): global [4096, 6144), one burst, each 16-byte chunk written
     * to its own row (chunk by chunk: its beats do not come back to back). */
    {"tile 16 B rows padded to 64 B, 64B swizzle",
     {TCE_DT_UINT8, 2, 0, {16, 4096}, {16}, {16, 128}, {1, 1}, TCE_IL_NONE, TCE_SW_64B,
      TCE_L2_NONE, TCE_OOB_ZERO}, 256, 1, 2048, false, false},
    /* Not contiguous: 64-byte rows 128 bytes apart in global memory: one burst each. */
    {"tile 64 x 64 B, rows 128 B apart",
     {TCE_DT_UINT8, 2, 0, {64, 512}, {128}, {64, 64}, {1, 1}, TCE_IL_NONE, TCE_SW_NONE,
      TCE_L2_NONE, TCE_OOB_ZERO}, 64, 64, 4096, false, false},
};

static void merge_checks(rig *r, unsigned beat)
{
    /* 64 pixels of 64 bytes from (w 0, h 4, n 0): 4 KB from tensor offset 4096, one page:
     * one burst. Its beats come back to back. */
    if (im2col_map(r, 64, TCE_SW_NONE, 0, 0)) {
        tce_op op = im2col_op(0, 4, 0);
        tce_sim_probe pr = run_both(r, &op, "im2col, 64 rows in one page");
        expect_reads(&pr, "im2col, 64 rows in one page", 1, 4096 / beat, 4096 / beat);
        /* From (w 8, h 2): offsets [2560, 6656), split at the page 4096: rows 0..23 and
         * 24..63, two bursts. The walker takes a row per cycle, so the second burst goes
         * out 40 cycles after the first: its beats follow the first's 1536 / beat beats
         * directly when those take at least 40 cycles (DATA_W 128, 256), else after a gap
         * (DATA_W 512: 24 beats, then 16 idle cycles). */
        op = im2col_op(8, 2, 0);
        pr = run_both(r, &op, "im2col, 64 rows across a page");
        uint64_t first = 1536 / beat;
        expect_reads(&pr, "im2col, 64 rows across a page", 2, 4096 / beat,
                     (first > 40 ? first : 40) + 2560 / beat);
    }
    /* Window W and H [-1, 16] (corners -1, +1), start (w -1, h 0): the pixel runs are
     * w -1..16 of h 0, 1, 2, and w -1..8 of h 3 (18+18+18+10 = 64). w -1 and 16 are padding
     * (fill rows, read by nobody); the 16 in-bounds pixels of a run are one burst. Pixel
     * (w 0, h 1) follows (w 15, h 0) in global memory, but two fill rows lie between them in
     * shared memory: a new burst. Bursts: 16, 16, 16 and 9 rows. */
    if (im2col_map(r, 64, TCE_SW_NONE, -1, 1)) {
        tce_op op = im2col_op(-1, 0, 0);
        tce_sim_probe pr = run_both(r, &op, "im2col, padding between runs");
        expect_reads(&pr, "im2col, padding between runs", 4, 57 * 64 / beat, 0);
    }
    /* C 32 with the 128B swizzle: rows of 32 bytes padded to 128 in shared memory (the
     * H100 pads rows narrower than the span). 64 pixels from (w 0, h 4, n 0): global
     * [2048, 4096), one burst whose rows the beat writer scatters 128 bytes apart; a 32-byte
     * row is one aligned shared-memory word at DATA_W <= 256, so the beats still come back
     * to back there (at 512 a beat holds two rows, two writes). */
    if (im2col_map(r, 32, TCE_SW_128B, 0, 0)) {
        tce_op op = im2col_op(0, 4, 0);
        tce_sim_probe pr = run_both(r, &op, "im2col, 32 B rows padded to 128 B");
        expect_reads(&pr, "im2col, 32 B rows padded to 128 B", 1, 2048 / beat,
                     beat <= 32 ? 2048 / beat : 0);
    }
    for (unsigned i = 0; i < sizeof tile_cases / sizeof tile_cases[0]; i++) {
        const tile_case *k = &tile_cases[i];
        if (!tiled_map(r, k->map)) {
            fail(k->what, "the encoder refused the map");
            continue;
        }
        int32_t c[2] = {0, k->y};
        tce_op op = tce_op_tile_load(0, DESC, 2, c, 0, MBAR);
        tce_sim_probe pr = run_both(r, &op, k->what);
        expect_reads(&pr, k->what, k->bursts, k->bytes / beat + k->origin,
                     k->back_to_back ? k->bytes / beat : 0);
    }
}

/* 32B interleave, u8, rank 3: gdim {100 slices, 1, 2}, gstride 3200 each. */
static void ileave_wide_checks(rig *r)
{
    uint8_t *g = tce_sim_gmem(r->sim, TENSOR, 6400);
    /* Box {96, 1, 2} at {-2, 0, 0}: rows of 96 slices (3072 B), slices 0 and 1 outside
     * (zero), slice k >= 2 from global 32*(k-2) + 3200*x2; rows x2 = 0, 1 at shared 3072*x2.
     * Box {208, 1, 1}, estride {2, 1, 1}, at {50, 0, 1}: one row of 104 slices (3328 B),
     * slice k from coordinate 50 + 2k, inside for k < 25, from 32*(50+2k) + 3200. (boxDim[0]
     * times the element size must be a multiple of 16 bytes.) */
    static const struct {
        const char *what;
        uint32_t box0, box2, es0;
        int32_t c0, c2;
    } cases[] = {
        {"ileave 32B load, 2 rows of 3072 B", 96, 2, 1, -2, 0},
        {"ileave 32B load, estride 2, a row of 3328 B", 208, 1, 2, 50, 1},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tiled_args a = {TCE_DT_UINT8, 3, 0, {100, 1, 2}, {3200, 3200}, {cases[i].box0, 1,
                        cases[i].box2}, {cases[i].es0, 1, 1}, TCE_IL_32B, TCE_SW_NONE,
                        TCE_L2_NONE, TCE_OOB_ZERO};
        if (!tiled_map(r, a)) {
            fail(cases[i].what, "the encoder refused the map");
            continue;
        }
        int32_t c[3] = {cases[i].c0, 0, cases[i].c2};
        tce_op op = tce_op_tile_load(0, DESC, 3, c, 0, MBAR);
        (void)run_both(r, &op, cases[i].what);
        uint32_t slices = (cases[i].box0 + cases[i].es0 - 1) / cases[i].es0;
        static uint8_t want[SBYTES];
        memset(want, 0xEE, sizeof want);
        for (uint32_t row = 0; row < cases[i].box2; row++)
            for (uint32_t k = 0; k < slices; k++) {
                int32_t x0 = cases[i].c0 + (int32_t)(k * cases[i].es0);
                uint8_t *dst = want + row * slices * 32 + k * 32;
                if (x0 < 0 || x0 >= 100)
                    memset(dst, 0, 32);
                else
                    memcpy(dst, g + 32 * x0 + 3200 * (cases[i].c2 + (int32_t)row), 32);
            }
        if (memcmp(tce_sim_smem(r->sim, 0, 0, SBYTES), want, SBYTES))
            fail(cases[i].what, "shared memory differs from the hand-derived bytes");
        else
            printf("%-52s matches the hand-derived bytes\n", cases[i].what);
    }
}

int main(void)
{
    rig r;
    tce_sim_params p = tce_sim_default_params();
    p.mem_latency = 200; /* the bench's memory: in order, 64 bursts in flight at most */
    p.axi_reorder = 0;
    p.axi_stall_pct = 0;
    p.axi_max_outstanding = 64;
    if (!rig_open_with(&r, p, DESC, TENSOR, TBYTES))
        return 2;
    uint8_t *g = tce_sim_gmem(r.sim, TENSOR, TBYTES), *h = tce_gmem(&r.ref, TENSOR, TBYTES);
    for (unsigned i = 0; i < TBYTES; i++)
        g[i] = h[i] = (uint8_t)(i * 29u + (i >> 8) * 7u + 3u);
    if (!rig_driver(r.sim, &r.drv))
        return 2;
    merge_checks(&r, p.data_w / 8);
    ileave_wide_checks(&r);
    tce_memsys_free(&r.ref);
    tce_sim_destroy(r.sim);
    printf("load merge: %s\n", failures ? "FAILED" : "all as derived and as the golden model");
    return failures ? 1 : 0;
}
