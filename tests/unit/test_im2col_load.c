/* im2col loads against hand-derived pixel sequences: the Triton examples quoted in
 * spec/tma-notes.md §9.2 (verified there on a Hopper GPU), traversal strides with an
 * off-grid start, the 5-D carry into N and past the batch, narrow rows under a swizzle,
 * fills, tf32 rounding, multicast and prefetch. */
#include "im2col_fixture.h"

/* Triton, NHWC [1,4,4,32], L = U = 0, coords 0, offsets 0: the 16 pixels in raster order. */
static void test_triton_raster(void)
{
    i2c_fx f;
    const uint64_t gdim[4] = {32, 4, 4, 1};
    const int32_t lo[2] = {0, 0}, up[2] = {0, 0};
    fx_init(&f, 4, gdim, lo, up, 32, 16, NULL, TCE_SW_NONE, 1);
    tce_result r = fx_run(&f);
    CHECK(r.status == TCE_OK);
    fx_pixel want[16];
    for (int p = 0; p < 16; p++)
        want[p] = (fx_pixel)PX(p % 4, p / 4, 0, 0);
    CHECK(fx_rows_are(&f, 0, want, 16));
    CHECK(r.tx_bytes == 16 * 32 * 4);
    CHECK(r.tx_ctas == 1);
    fx_free(&f);
}

/* Triton, L = U = (-1,-1), coords (w,h) = (-1,-1): Triton's values (1 + 4h + w, 0 for
 * padding) are [0,0,0,0, 0,1,2,3, 0,5,6,7, 0,9,10,11]; with offsets (1,1) the whole image. */
static void test_triton_padding(void)
{
    i2c_fx f;
    const uint64_t gdim[4] = {32, 4, 4, 1};
    const int32_t lo[2] = {-1, -1}, up[2] = {-1, -1};
    fx_init(&f, 4, gdim, lo, up, 32, 16, NULL, TCE_SW_NONE, 1);
    f.op.coords[1] = -1;
    f.op.coords[2] = -1;
    CHECK(fx_run(&f).status == TCE_OK);
    const fx_pixel want[16] = {PAD, PAD, PAD, PAD,
                               PAD, PX(0, 0, 0, 0), PX(1, 0, 0, 0), PX(2, 0, 0, 0),
                               PAD, PX(0, 1, 0, 0), PX(1, 1, 0, 0), PX(2, 1, 0, 0),
                               PAD, PX(0, 2, 0, 0), PX(1, 2, 0, 0), PX(2, 2, 0, 0)};
    CHECK(fx_rows_are(&f, 0, want, 16));
    /* The same through the descriptor in memory: the corners survive pack/unpack. */
    memset(f.ms.smem[0], 0xa5, FX_SMEM);
    tce_result r = fx_run_packed(&f);
    CHECK(r.status == TCE_OK);
    if (r.status != TCE_OK)
        fprintf(stderr, "  packed: %s\n", r.why);
    CHECK(fx_rows_are(&f, 0, want, 16));

    f.op.im2col[0] = 1;
    f.op.im2col[1] = 1;
    CHECK(fx_run(&f).status == TCE_OK);
    fx_pixel all[16];
    for (int p = 0; p < 16; p++)
        all[p] = (fx_pixel)PX(p % 4, p / 4, 0, 0);
    CHECK(fx_rows_are(&f, 0, all, 16));
    fx_free(&f);
}

/* Triton, [2,4,4,32], L = U = 0, start (n,h,w) = (0,1,3): values [8..16, 17..23], the walk
 * running from image 0 into image 1. */
static void test_triton_batch_wrap(void)
{
    i2c_fx f;
    const uint64_t gdim[4] = {32, 4, 4, 2};
    const int32_t lo[2] = {0, 0}, up[2] = {0, 0};
    fx_init(&f, 4, gdim, lo, up, 32, 16, NULL, TCE_SW_NONE, 1);
    f.op.coords[1] = 3;
    f.op.coords[2] = 1;
    CHECK(fx_run(&f).status == TCE_OK);
    fx_pixel want[16];
    for (int p = 0; p < 16; p++) {
        int v = 7 + p; /* Triton value - 1 = 16n + 4h + w */
        want[p] = (fx_pixel)PX(v % 4, (v / 4) % 4, 0, v / 16);
    }
    CHECK(fx_rows_are(&f, 0, want, 16));
    fx_free(&f);
}

/* Triton, [2,4,4,32], L = U = (-1,-1), start (0,1,2): values
 * [7, 0,9,10,11, 0,0,0,0, 0,17,18,19, 0,21,22]: the H wrap restarts at L_H = -1. */
static void test_triton_padding_wrap(void)
{
    i2c_fx f;
    const uint64_t gdim[4] = {32, 4, 4, 2};
    const int32_t lo[2] = {-1, -1}, up[2] = {-1, -1};
    fx_init(&f, 4, gdim, lo, up, 32, 16, NULL, TCE_SW_NONE, 1);
    f.op.coords[1] = 2;
    f.op.coords[2] = 1;
    CHECK(fx_run(&f).status == TCE_OK);
    const fx_pixel want[16] = {PX(2, 1, 0, 0),
                               PAD, PX(0, 2, 0, 0), PX(1, 2, 0, 0), PX(2, 2, 0, 0),
                               PAD, PAD, PAD, PAD,
                               PAD, PX(0, 0, 0, 1), PX(1, 0, 0, 1), PX(2, 0, 0, 1),
                               PAD, PX(0, 1, 0, 1), PX(1, 1, 0, 1)};
    CHECK(fx_rows_are(&f, 0, want, 16));
    fx_free(&f);
}

/* 3-D, W window [-1, 4] with traversal stride 2, N stride 2, start w = 0 (off the grid
 * that starts at -1), offset 1. Walk: w 0,2,4 | wrap to -1 (not to a grid value), n 2:
 * -1,1,3 | wrap, n 4 (past the batch of 3): -1,1. Element W = walk + 1. */
static void test_strides_and_off_grid_start(void)
{
    i2c_fx f;
    const uint64_t gdim[3] = {4, 5, 3};
    const int32_t lo[1] = {-1}, up[1] = {0};
    const uint32_t es[3] = {1, 2, 2};
    fx_init(&f, 3, gdim, lo, up, 4, 8, es, TCE_SW_NONE, 1);
    f.op.im2col[0] = 1;
    CHECK(fx_run(&f).status == TCE_OK);
    /* rank 3: fx_px's n argument is the N coordinate */
    const fx_pixel want[8] = {PX(1, 0, 0, 0), PX(3, 0, 0, 0), PAD /* w 5 */,
                              PX(0, 0, 0, 2), PX(2, 0, 0, 2), PX(4, 0, 0, 2), PAD, PAD};
    CHECK(fx_rows_are(&f, 0, want, 8));
    fx_free(&f);
}

/* 5-D (C,W,H,D,N) = (4,2,2,2,2), L = U = 0, start (w,h,d,n) = (1,1,1,0): one pixel of image 0,
 * then W, H and D all wrap at once into image 1, then past the batch. */
static void test_5d_carry(void)
{
    i2c_fx f;
    const uint64_t gdim[5] = {4, 2, 2, 2, 2};
    const int32_t lo[3] = {0, 0, 0}, up[3] = {0, 0, 0};
    fx_init(&f, 5, gdim, lo, up, 4, 10, NULL, TCE_SW_NONE, 1);
    f.op.coords[1] = f.op.coords[2] = f.op.coords[3] = 1;
    CHECK(fx_run(&f).status == TCE_OK);
    const fx_pixel want[10] = {PX(1, 1, 1, 0), PX(0, 0, 0, 1), PX(1, 0, 0, 1), PX(0, 1, 0, 1),
                               PX(1, 1, 0, 1), PX(0, 0, 1, 1), PX(1, 0, 1, 1), PX(0, 1, 1, 1),
                               PX(1, 1, 1, 1), PAD};
    CHECK(fx_rows_are(&f, 0, want, 10));
    /* Offset H by 1: positions whose h + 1 leaves the tensor become padding. */
    f.op.im2col[1] = 1;
    CHECK(fx_run(&f).status == TCE_OK);
    const fx_pixel off[10] = {PAD, PX(0, 1, 0, 1), PX(1, 1, 0, 1), PAD, PAD,
                              PX(0, 1, 1, 1), PX(1, 1, 1, 1), PAD, PAD, PAD};
    CHECK(fx_rows_are(&f, 0, off, 10));
    fx_free(&f);
}

/* 16-byte rows (4 x u32) under 128B swizzle: each row takes a whole 128-byte line, its
 * one 16-byte chunk XORed to chunk (line & 7); the rest of the line stays untouched. The
 * complete-tx count is the data, not the padded footprint. */
static void test_narrow_rows_swizzled(void)
{
    i2c_fx f;
    const uint64_t gdim[3] = {4, 8, 1};
    const int32_t lo[1] = {0}, up[1] = {0};
    fx_init(&f, 3, gdim, lo, up, 4, 8, NULL, TCE_SW_128B, 1);
    tce_result r = fx_run(&f);
    CHECK(r.status == TCE_OK);
    CHECK(r.tx_bytes == 8 * 16);
    for (uint32_t p = 0; p < 8; p++) {
        uint32_t line = FX_DST + p * 128, chunk = ((line >> 7) & 7u) * 16;
        for (uint32_t i = 0; i < 128; i++) {
            uint8_t b = f.ms.smem[0][line + i];
            if (i >= chunk && i < chunk + 16) {
                uint32_t want = fx_px(3, (int)(i - chunk) / 4, (int)p, 0, 0, 0);
                CHECK(b == (uint8_t)(want >> (8 * ((i - chunk) % 4))));
            } else {
                CHECK(b == 0xa5);
            }
        }
    }
    CHECK(f.ms.smem[0][FX_DST + 8 * 128] == 0xa5);
    fx_free(&f);
}

/* Channels from a 16-byte aligned start past the tensor's C extent read as the fill; with
 * OOB-NaN fill on a float type the fill is 0x7FF77FF7 for padding pixels and channels. */
static void test_fills(void)
{
    i2c_fx f;
    const uint64_t gdim[3] = {6, 3, 1};
    const int32_t lo[1] = {-1}, up[1] = {0};
    fx_init(&f, 3, gdim, lo, up, 4, 2, NULL, TCE_SW_NONE, 1);
    f.op.coords[0] = 4;
    f.op.coords[1] = -1;
    CHECK(fx_run(&f).status == TCE_OK);
    const fx_pixel want[2] = {PAD, PX(0, 0, 0, 0)};
    CHECK(fx_rows_are(&f, 0, want, 2)); /* row 1: channels 4,5 real, 6,7 zero */
    CHECK(fx_smem_elem(&f, 0, 1, 2) == 0);

    f.map.dtype = TCE_DT_FLOAT32;
    f.map.oobfill = TCE_OOB_NAN;
    CHECK(fx_run(&f).status == TCE_OK);
    for (uint32_t k = 0; k < 4; k++)
        CHECK(fx_smem_elem(&f, 0, 0, k) == 0x7FF77FF7u);
    CHECK(fx_smem_elem(&f, 0, 1, 0) == fx_px(3, 4, 0, 0, 0, 0));
    CHECK(fx_smem_elem(&f, 0, 1, 2) == 0x7FF77FF7u);
    fx_free(&f);
}

/* TFLOAT32 loads round to tf32 (13 low mantissa bits cleared, to nearest), NaN becomes
 * 0x7FFFE000; the fill is not rounded (0x7FF77FF7 stays, as the captures show). */
static void test_tf32(void)
{
    i2c_fx f;
    const uint64_t gdim[3] = {4, 2, 1};
    const int32_t lo[1] = {0}, up[1] = {0};
    fx_init(&f, 3, gdim, lo, up, 8, 1, NULL, TCE_SW_NONE, 1);
    f.map.dtype = TCE_DT_TFLOAT32;
    f.map.oobfill = TCE_OOB_NAN;
    const uint32_t in[4] = {0x3F801001u, 0x3F800FFFu, 0xFFC00001u, 0x00001FFFu};
    memcpy(f.g, in, sizeof in); /* pixel w = 0, channels 0..3 */
    CHECK(fx_run(&f).status == TCE_OK);
    CHECK(fx_smem_elem(&f, 0, 0, 0) == 0x3F802000u); /* above half: up */
    CHECK(fx_smem_elem(&f, 0, 0, 1) == 0x3F800000u); /* below half: down */
    CHECK(fx_smem_elem(&f, 0, 0, 2) == 0x7FFFE000u); /* NaN: canonical */
    CHECK(fx_smem_elem(&f, 0, 0, 3) == 0x00002000u); /* subnormal: rounded, kept */
    CHECK(fx_smem_elem(&f, 0, 0, 4) == 0x7FF77FF7u); /* channel 4: fill */
    fx_free(&f);
}

/* Multicast: the same rows at the same offset in every CTA of the mask, the complete-tx
 * count per CTA; CTAs outside the mask untouched. */
static void test_multicast(void)
{
    i2c_fx f;
    const uint64_t gdim[4] = {8, 4, 4, 1};
    const int32_t lo[2] = {0, 0}, up[2] = {0, 0};
    fx_init(&f, 4, gdim, lo, up, 8, 4, NULL, TCE_SW_32B, 4);
    f.op.multicast = true;
    f.op.cta_mask = 0xA;
    tce_result r = fx_run(&f);
    CHECK(r.status == TCE_OK);
    CHECK(r.tx_ctas == 0xA);
    CHECK(r.tx_bytes == 4 * 8 * 4);
    CHECK(r.bytes_written == 2u * 4 * 8 * 4);
    const fx_pixel want[4] = {PX(0, 0, 0, 0), PX(1, 0, 0, 0), PX(2, 0, 0, 0), PX(3, 0, 0, 0)};
    CHECK(fx_rows_are(&f, 1, want, 4));
    CHECK(fx_rows_are(&f, 3, want, 4));
    CHECK(fx_smem_untouched(&f, 0));
    CHECK(fx_smem_untouched(&f, 2));
    fx_free(&f);
}

/* A prefetch is checked like a load but writes nothing and signals nothing. */
static void test_prefetch(void)
{
    i2c_fx f;
    const uint64_t gdim[3] = {4, 4, 1};
    const int32_t lo[1] = {0}, up[1] = {0};
    fx_init(&f, 3, gdim, lo, up, 4, 4, NULL, TCE_SW_NONE, 1);
    f.op.kind = TCE_OP_TENSOR_PREFETCH;
    f.op.completion = TCE_DONE_NONE;
    tce_result r = fx_run(&f);
    CHECK(r.status == TCE_OK && r.tx_bytes == 0 && r.tx_ctas == 0);
    CHECK(fx_smem_untouched(&f, 0));
    f.op.coords[1] = 4; /* outside the window: traps like the load */
    CHECK(fx_run(&f).status == TCE_ERR_ILLEGAL_INSTR);
    fx_free(&f);
}

int main(void)
{
    test_triton_raster();
    test_triton_padding();
    test_triton_batch_wrap();
    test_triton_padding_wrap();
    test_strides_and_off_grid_start();
    test_5d_carry();
    test_narrow_rows_swizzled();
    test_fills();
    test_tf32();
    test_multicast();
    test_prefetch();
    return check_finish("test_im2col_load");
}
