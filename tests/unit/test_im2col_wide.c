/* im2col::w and im2col::w::128 loads (sm_100). There are no hardware captures: the
 * expected rows are derived by hand from the PTX text as docs/im2col.md reads it — pixels
 * along W only (H and D fixed), the walk leaving the W window restarting at its start in
 * the next image, wHalo extra pixels continuing the walk (::w: after the main pixels;
 * ::w::128: after each group of 32), wOffset shifting the window and the start. */
#include "im2col_fixture.h"

static void wide_init(i2c_fx *f, const uint64_t *gdim, int32_t lo_w, int32_t up_w,
                      uint32_t pixels, const uint32_t *es, bool w128)
{
    const int32_t lo[2] = {lo_w, 0}, up[2] = {up_w, 0};
    fx_init(f, 4, gdim, lo, up, 4, pixels, es, w128 ? TCE_SW_128B : TCE_SW_64B, 1);
    f->map.kind = TCE_MAP_IM2COL_WIDE;
    f->map.wide = w128 ? TCE_WIDE_W128 : TCE_WIDE_W;
    f->op.mode = w128 ? TCE_MODE_IM2COL_W128 : TCE_MODE_IM2COL_W;
}

/* ::w, W window [0,7], start w = 2 at h = 1, 4 pixels and wHalo 2: w 2..5 then 6, 7. */
static void test_w_halo(void)
{
    i2c_fx f;
    const uint64_t gdim[4] = {4, 8, 3, 2};
    wide_init(&f, gdim, 0, 0, 4, NULL, false);
    f.op.coords[1] = 2;
    f.op.coords[2] = 1;
    f.op.im2col[0] = 2;
    tce_result r = fx_run(&f);
    CHECK(r.status == TCE_OK);
    CHECK(r.tx_bytes == 6 * 16);
    const fx_pixel want[6] = {PX(2, 1, 0, 0), PX(3, 1, 0, 0), PX(4, 1, 0, 0),
                              PX(5, 1, 0, 0), PX(6, 1, 0, 0), PX(7, 1, 0, 0)};
    CHECK(fx_rows_are(&f, 0, want, 6));
    CHECK(f.ms.smem[0][FX_DST + 6 * 64] == 0xa5); /* 16-byte rows padded to 64 */
    fx_free(&f);
}

/* Past the W window end the walk restarts at the window start in the next image; H stays. */
static void test_w_wrap_into_next_image(void)
{
    i2c_fx f;
    const uint64_t gdim[4] = {4, 8, 3, 2};
    wide_init(&f, gdim, 0, 0, 4, NULL, false);
    f.op.coords[1] = 5;
    f.op.coords[2] = 2;
    f.op.im2col[0] = 1;
    CHECK(fx_run(&f).status == TCE_OK);
    const fx_pixel want[5] = {PX(5, 2, 0, 0), PX(6, 2, 0, 0), PX(7, 2, 0, 0), PX(0, 2, 0, 1),
                              PX(1, 2, 0, 1)};
    CHECK(fx_rows_are(&f, 0, want, 5));
    fx_free(&f);
}

/* "The first element can lie outside of the Bounding Box in the W-dimension only and only
 * on the left side": a start left of the window loads (padding), right of it traps. */
static void test_w_start_sides(void)
{
    i2c_fx f;
    const uint64_t gdim[4] = {4, 8, 3, 2};
    wide_init(&f, gdim, 0, 0, 4, NULL, false);
    f.op.coords[1] = -2;
    CHECK(fx_run(&f).status == TCE_OK);
    const fx_pixel want[4] = {PAD, PAD, PX(0, 0, 0, 0), PX(1, 0, 0, 0)};
    CHECK(fx_rows_are(&f, 0, want, 4));
    memset(f.ms.smem[0], 0xa5, FX_SMEM);
    f.op.coords[1] = 8;
    tce_result r = fx_run(&f);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && strstr(r.why, "coords[1]"));
    CHECK(fx_smem_untouched(&f, 0));
    /* wOffset moves the window end with the start: w = 7 + 1 sits on the new end. */
    f.op.coords[1] = 7;
    f.op.im2col[1] = 1;
    CHECK(fx_run(&f).status == TCE_OK);
    const fx_pixel shifted[4] = {PAD /* w 8 */, PX(1, 0, 0, 1) /* wrap: start 0 + 1, n + 1 */,
                                 PX(2, 0, 0, 1), PX(3, 0, 0, 1)};
    CHECK(fx_rows_are(&f, 0, shifted, 4));
    fx_free(&f);
}

/* The PTX wOffset example's use: stride 2, pad 1 (L = -1), a 3-tap filter split in two
 * buffers. Buffer 1 (wHalo 1, wOffset 0) holds w = -1,1,3,5 and the halo 7 (same stride);
 * buffer 2 (wHalo 0, wOffset 1) holds w = 0,2,4,6. */
static void test_w_stride_halo_offset(void)
{
    i2c_fx f;
    const uint64_t gdim[4] = {4, 9, 2, 1};
    const uint32_t es[4] = {1, 2, 1, 1};
    wide_init(&f, gdim, -1, 0, 4, es, false);
    f.op.coords[1] = -1;
    f.op.im2col[0] = 1;
    CHECK(fx_run(&f).status == TCE_OK);
    const fx_pixel b1[5] = {PAD, PX(1, 0, 0, 0), PX(3, 0, 0, 0), PX(5, 0, 0, 0),
                            PX(7, 0, 0, 0)};
    CHECK(fx_rows_are(&f, 0, b1, 5));
    f.op.im2col[0] = 0;
    f.op.im2col[1] = 1;
    tce_result r = fx_run(&f);
    CHECK(r.status == TCE_OK && r.tx_bytes == 4 * 16);
    const fx_pixel b2[4] = {PX(0, 0, 0, 0), PX(2, 0, 0, 0), PX(4, 0, 0, 0), PX(6, 0, 0, 0)};
    CHECK(fx_rows_are(&f, 0, b2, 4));
    /* The same through the descriptor in memory: wide mode and W corners survive. */
    memset(f.ms.smem[0], 0xa5, FX_SMEM);
    r = fx_run_packed(&f);
    CHECK(r.status == TCE_OK);
    if (r.status != TCE_OK)
        fprintf(stderr, "  packed: %s\n", r.why);
    CHECK(fx_rows_are(&f, 0, b2, 4));
    fx_free(&f);
}

/* ::w::128: always 128 main pixels (pixelsPerColumn ignored), in 4 groups of 32, each
 * followed by the wHalo pixels after it: group g = walk steps 32g .. 32g + 31 + wHalo. */
static void test_w128_groups(void)
{
    i2c_fx f;
    const uint64_t gdim[4] = {4, 300, 2, 1};
    wide_init(&f, gdim, 0, 0, 7, NULL, true);
    f.op.coords[1] = 10;
    f.op.coords[2] = 1;
    f.op.im2col[0] = 2;
    tce_result r = fx_run(&f);
    CHECK(r.status == TCE_OK);
    CHECK(r.tx_bytes == (128 + 4 * 2) * 16);
    fx_pixel want[136];
    for (int row = 0; row < 136; row++) {
        int step = (row / 34) * 32 + row % 34;
        want[row] = (fx_pixel)PX(10 + step, 1, 0, 0);
    }
    CHECK(fx_rows_are(&f, 0, want, 136));
    CHECK(fx_smem_elem(&f, 0, 32, 0) == fx_px(4, 0, 42, 1, 0, 0)); /* halo of group 0 */
    CHECK(fx_smem_elem(&f, 0, 34, 0) == fx_px(4, 0, 42, 1, 0, 0)); /* group 1 starts there */
    CHECK(fx_smem_elem(&f, 0, 135, 0) == fx_px(4, 0, 139, 1, 0, 0));
    fx_free(&f);
}

static void test_wide_refusals(void)
{
    i2c_fx f;
    const uint64_t gdim[4] = {4, 8, 3, 1};
    wide_init(&f, gdim, 0, 0, 4, NULL, true);
    f.op.im2col[0] = 31;
    CHECK(fx_run(&f).status == TCE_OK);
    f.op.im2col[0] = 32; /* ::w::128 wHalo is [0, 32) */
    tce_result r = fx_run(&f);
    CHECK(r.status == TCE_ERR_UNDEFINED && strstr(r.why, "wHalo"));
    f.op.im2col[0] = 0;
    f.op.im2col[1] = 32; /* wOffset is [0, 32) */
    r = fx_run(&f);
    CHECK(r.status == TCE_ERR_UNDEFINED && strstr(r.why, "wOffset"));
    f.op.im2col[1] = 0;
    f.map.swizzle = TCE_SW_96B;
    CHECK(fx_run(&f).status == TCE_ERR_UNDEFINED);
    f.map.swizzle = TCE_SW_128B;
    f.op.mode = TCE_MODE_IM2COL_W; /* the map says W128 */
    CHECK(fx_run(&f).status == TCE_ERR_UNDEFINED);
    f.map.wide = TCE_WIDE_W;
    f.map.swizzle = TCE_SW_64B; /* 4 + 511 rows at pitch 64 fit the 64 KiB */
    f.op.im2col[0] = 511; /* ::w wHalo is [0, 512) */
    CHECK(fx_run(&f).status == TCE_OK);
    f.op.im2col[0] = 512;
    CHECK(fx_run(&f).status == TCE_ERR_UNDEFINED);
    f.op.im2col[0] = 0;
    f.map.kind = TCE_MAP_IM2COL; /* ::w needs a map from cuTensorMapEncodeIm2colWide */
    CHECK(fx_run(&f).status == TCE_ERR_UNDEFINED);
    f.map.kind = TCE_MAP_IM2COL_WIDE;
    f.op.coords[0] = 1; /* channel start off 16 bytes, as in im2col */
    CHECK(fx_run(&f).status == TCE_ERR_ILLEGAL_INSTR);
    fx_free(&f);
}

int main(void)
{
    test_w_halo();
    test_w_wrap_into_next_image();
    test_w_start_sides();
    test_w_stride_halo_offset();
    test_w128_groups();
    test_wide_refusals();
    return check_finish("test_im2col_wide");
}
