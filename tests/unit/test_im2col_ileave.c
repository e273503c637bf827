/* im2col loads through a 16B-interleaved map, against rows derived by hand from the rule
 * the H100 captures show (tests/data/probes/README.md, csim/im2col_ileave.c): one 16-byte
 * slice a row, W is dim 0 (slice index), the channel slice dim rank-2 stays put, N last,
 * rows dense in shared memory. */
#include "im2col_fixture.h"

/* A rank-3 map of 4 W slices x 2 channel slices x 2 N over 256 bytes; slice s (at byte
 * 16 s) holds the byte s + 1 sixteen times, so a row names the slice it came from and a
 * fill row is zero. W window [-1, 3]. */
static void setup(i2c_fx *f, uint32_t pixels)
{
    const uint64_t gdim[3] = {16, 2, 2}; /* the fixture's 256 bytes of UINT32 */
    const int32_t lo[1] = {-1}, up[1] = {0};
    fx_init(f, 3, gdim, lo, up, 4, pixels, NULL, TCE_SW_NONE, 1);
    f->map.interleave = TCE_IL_16B;
    f->map.gdim[0] = 4;
    f->map.gstride[1] = 64;
    f->map.gstride[2] = 128;
    for (unsigned s = 0; s < 16; s++)
        memset(f->g + 16 * s, (int)s + 1, 16);
}

static bool row_is(const i2c_fx *f, uint32_t p, int slice)
{
    const uint8_t *r = tce_smem(&f->ms, 0, FX_DST + 16 * p, 16);
    for (unsigned k = 0; r && k < 16; k++)
        if (r[k] != (slice < 0 ? 0 : slice + 1)) {
            fprintf(stderr, "  row %u byte %u is %02x, expected slice %d\n", p, k, r[k], slice);
            return false;
        }
    return r != NULL;
}

/* W 0..3 at channel slice 1, N 0 (slices 4..7), then W -1 (fill) and W 0 of N 1 (12). */
static void test_walk(void)
{
    i2c_fx f;
    setup(&f, 6);
    f.op.coords[0] = 0;
    f.op.coords[1] = 1;
    f.op.coords[2] = 0;
    tce_result r = fx_run(&f);
    CHECK(r.status == TCE_OK && r.tx_bytes == 96);
    const int want[6] = {4, 5, 6, 7, -1, 12};
    for (uint32_t p = 0; p < 6; p++)
        CHECK(row_is(&f, p, want[p]));
    CHECK(tce_smem(&f.ms, 0, FX_DST + 96, 1)[0] == 0xa5); /* dense: nothing past 6 x 16 */
    fx_free(&f);
}

/* The W offset moves the read, not the walk; a channel slice out of bounds fills every row
 * without a trap; a W start outside its window traps. */
static void test_offset_and_traps(void)
{
    i2c_fx f;
    setup(&f, 3);
    f.op.coords[0] = 1;
    f.op.coords[1] = 0;
    f.op.im2col[0] = 2; /* reads W 3, 4 (out of bounds), 5 (out) */
    CHECK(fx_run(&f).status == TCE_OK);
    CHECK(row_is(&f, 0, 3) && row_is(&f, 1, -1) && row_is(&f, 2, -1));
    f.op.im2col[0] = 0;
    f.op.coords[1] = 2; /* channel slice 2 of 2 */
    CHECK(fx_run(&f).status == TCE_OK);
    CHECK(row_is(&f, 0, -1) && row_is(&f, 1, -1) && row_is(&f, 2, -1));
    f.op.coords[1] = 0;
    f.op.coords[0] = 4; /* W window is [-1, 3] */
    CHECK(fx_run(&f).status == TCE_ERR_ILLEGAL_INSTR);
    fx_free(&f);
}

int main(void)
{
    test_walk();
    test_offset_and_traps();
    return check_finish("test_im2col_ileave");
}
