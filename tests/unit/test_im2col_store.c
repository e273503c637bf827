/* .im2col_no_offs stores and reduces (shared::cta -> global), derived by hand from the
 * PTX text (no hardware captures): shared row p goes to the pixel at step p of the im2col
 * walk without offsets; the box must stay inside the tensor (lower >= 0, upper <= 0),
 * coordinates must be non-negative; channels or images past the tensor are not written. */
#include "im2col_fixture.h"

/* Set up a store: the tensor as the fixture makes it, shared rows at FX_DST of CTA 0
 * holding 0x5000_0000 | row << 8 | channel, written through the map's swizzle at its pitch. */
static void store_init(i2c_fx *f, const uint64_t *gdim, unsigned rank, uint32_t channels,
                       uint32_t pixels, tce_swizzle sw, bool reduce)
{
    const int32_t zero[3] = {0, 0, 0};
    fx_init(f, rank, gdim, zero, zero, channels, pixels, NULL, sw, 1);
    f->op.kind = reduce ? TCE_OP_TENSOR_REDUCE : TCE_OP_TENSOR_STORE;
    f->op.mode = TCE_MODE_IM2COL_NO_OFFS;
    f->op.src_space = TCE_SPACE_SHARED_CTA;
    f->op.dst_space = TCE_SPACE_GLOBAL;
    f->op.completion = TCE_DONE_BULK_GROUP;
    f->op.saddr = FX_DST;
    uint32_t pitch = tce_smem_row_pitch(sw, channels * 4);
    for (uint32_t p = 0; p < pixels; p++)
        for (uint32_t k = 0; k < channels; k++) {
            uint32_t v = 0x50000000u | p << 8 | k;
            CHECK(tce_smem_put(&f->ms, 0, sw, FX_DST + p * pitch + k * 4, (uint8_t *)&v, 4) ==
                  TCE_OK);
        }
}

/* The global element at x (rank 4: c, w, h, n). */
static uint32_t g4(const i2c_fx *f, int c, int w, int h, int n)
{
    int64_t x[4] = {c, w, h, n};
    uint32_t v;
    memcpy(&v, f->g + (tce_elem_gaddr(&f->map, x) - FX_GBASE), 4);
    return v;
}

/* (C,W,H,N) = (8,4,2,2); 6 pixels from (w,h,n) = (2,1,0), channels 4..7: rows go to
 * (2,1,0) (3,1,0) (0,0,1) (1,0,1) (2,0,1) (3,0,1); every other element stays as it was.
 * Rows are 16 bytes under 128B swizzle (pitch 128). */
static void test_store_walk(void)
{
    i2c_fx f;
    const uint64_t gdim[4] = {8, 4, 2, 2};
    store_init(&f, gdim, 4, 4, 6, TCE_SW_128B, false);
    f.op.coords[0] = 4;
    f.op.coords[1] = 2;
    f.op.coords[2] = 1;
    tce_result r = fx_run(&f);
    CHECK(r.status == TCE_OK);
    CHECK(r.bytes_written == 6 * 4 * 4);
    const int px[6][3] = {{2, 1, 0}, {3, 1, 0}, {0, 0, 1}, {1, 0, 1}, {2, 0, 1}, {3, 0, 1}};
    unsigned changed = 0;
    for (int n = 0; n < 2; n++)
        for (int h = 0; h < 2; h++)
            for (int w = 0; w < 4; w++)
                for (int c = 0; c < 8; c++) {
                    uint32_t want = fx_px(4, c, w, h, 0, n);
                    for (uint32_t p = 0; p < 6; p++)
                        if (c >= 4 && px[p][0] == w && px[p][1] == h && px[p][2] == n)
                            want = 0x50000000u | p << 8 | (uint32_t)(c - 4);
                    changed += want != fx_px(4, c, w, h, 0, n);
                    CHECK(g4(&f, c, w, h, n) == want);
                }
    CHECK(changed == 24);
    fx_free(&f);
}

/* Channels past globalDim[0] are clipped at 16-byte granules, as tile stores on the H100:
 * C = 3 u32 (12 bytes) writes the whole first 16-byte chunk (channels 0..3), not the
 * second (4..7). Rows of the tensor are 32 bytes apart. */
static void test_store_channel_granule(void)
{
    i2c_fx f;
    const uint64_t gdim[3] = {8, 2, 1};
    store_init(&f, gdim, 3, 8, 2, TCE_SW_NONE, false);
    f.map.gdim[0] = 3; /* strides stay those of 8 channels */
    CHECK(fx_run(&f).status == TCE_OK);
    for (uint32_t w = 0; w < 2; w++)
        for (uint32_t c = 0; c < 8; c++) {
            uint32_t v;
            memcpy(&v, f.g + w * 32 + c * 4, 4);
            CHECK(v == (c < 4 ? (0x50000000u | w << 8 | c) : fx_px(3, (int)c, (int)w, 0, 0, 0)));
        }
    fx_free(&f);
}

/* Pixels past the last image are not written (the walk from (3,1,1) leaves the batch). */
static void test_store_past_batch(void)
{
    i2c_fx f;
    const uint64_t gdim[4] = {4, 4, 2, 2};
    store_init(&f, gdim, 4, 4, 3, TCE_SW_NONE, false);
    f.op.coords[1] = 3;
    f.op.coords[2] = 1;
    f.op.coords[3] = 1;
    uint8_t *before = malloc(f.gbytes);
    memcpy(before, f.g, f.gbytes);
    tce_result r = fx_run(&f);
    CHECK(r.status == TCE_OK && r.bytes_written == 16);
    CHECK(g4(&f, 0, 3, 1, 1) == 0x50000000u && g4(&f, 3, 3, 1, 1) == 0x50000003u);
    memcpy(f.g + (f.gbytes - 16), before + (f.gbytes - 16), 16);
    CHECK(memcmp(f.g, before, f.gbytes) == 0); /* nothing else changed */
    free(before);
    fx_free(&f);
}

/* Reduce add on u32: memory + row value, wrapping modulo 2^32. */
static void test_reduce_add(void)
{
    i2c_fx f;
    const uint64_t gdim[4] = {4, 4, 2, 1};
    store_init(&f, gdim, 4, 4, 2, TCE_SW_32B, true);
    f.op.redop = TCE_RED_ADD;
    f.op.coords[1] = 1;
    uint32_t old0 = g4(&f, 2, 1, 0, 0), old1 = g4(&f, 3, 2, 0, 0);
    tce_result r = fx_run(&f);
    CHECK(r.status == TCE_OK);
    CHECK(g4(&f, 2, 1, 0, 0) == old0 + 0x50000002u);
    CHECK(g4(&f, 3, 2, 0, 0) == old1 + 0x50000103u);
    CHECK(g4(&f, 0, 3, 0, 0) == fx_px(4, 0, 3, 0, 0, 0)); /* row 2 was not part of it */
    /* max on u32 keeps the larger: the tags (0x8...) beat the rows (0x5...). */
    f.op.redop = TCE_RED_MAX;
    f.op.coords[1] = 3;
    CHECK(fx_run(&f).status == TCE_OK);
    CHECK(g4(&f, 1, 3, 0, 0) == fx_px(4, 1, 3, 0, 0, 0));
    fx_free(&f);
}

/* The shared::cta -> global restrictions, and refusals that must write nothing. */
static void test_store_traps(void)
{
    i2c_fx f;
    const uint64_t gdim[4] = {4, 4, 2, 1};
    store_init(&f, gdim, 4, 4, 2, TCE_SW_NONE, false);
    uint8_t *before = malloc(f.gbytes);
    memcpy(before, f.g, f.gbytes);
    f.op.coords[3] = -1;
    tce_result r = fx_run(&f);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && strstr(r.why, "coords[3]"));
    f.op.coords[3] = 0;
    f.map.lower[1] = -1;
    r = fx_run(&f);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && strstr(r.why, "lower corner H"));
    f.map.lower[1] = 0;
    f.map.upper[0] = 1;
    r = fx_run(&f);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && strstr(r.why, "upper corner W"));
    f.map.upper[0] = -1; /* window W [0, 2] */
    f.op.coords[1] = 3;
    r = fx_run(&f);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && strstr(r.why, "coords[1]"));
    f.map.upper[0] = 0;
    f.op.coords[1] = 0;
    f.op.coords[0] = 2; /* 8 bytes into the row */
    CHECK(fx_run(&f).status == TCE_ERR_ILLEGAL_INSTR);
    f.op.coords[0] = 0;
    f.op.saddr = FX_DST + 16;
    CHECK(fx_run(&f).status == TCE_ERR_MISALIGNED);
    f.op.saddr = FX_SMEM - 128; /* aligned, but 9 rows of 16 bytes run 16 bytes past */
    f.map.pixels = 9;
    f.map.gdim[3] = 2;
    CHECK(fx_run(&f).status == TCE_ERR_SHARED_RANGE);
    f.map.gdim[3] = 1;
    f.map.pixels = 2;
    f.op.saddr = FX_DST;
    f.map.gaddr = FX_GBASE + f.gbytes - 16; /* pixel 1 lies past mapped memory */
    r = fx_run(&f);
    CHECK(r.status == TCE_ERR_GLOBAL_BUS);
    f.map.gaddr = FX_GBASE;
    f.op.kind = TCE_OP_TENSOR_REDUCE;
    f.map.dtype = TCE_DT_INT64; /* and/or/xor on INT64 tensors trap on the H100 */
    f.op.redop = TCE_RED_AND;
    r = fx_run(&f);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && strstr(r.why, "INT64"));
    CHECK(memcmp(f.g, before, f.gbytes) == 0);
    free(before);
    fx_free(&f);
}

int main(void)
{
    test_store_walk();
    test_store_channel_granule();
    test_store_past_batch();
    test_reduce_add();
    test_store_traps();
    return check_finish("test_im2col_store");
}
