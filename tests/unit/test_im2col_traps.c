/* im2col load traps and refusals. The rule for the traps was read off the 1600 H100
 * captures (46 traps): a load traps exactly when a start pixel coordinate lies outside
 * its window [lower, gdim - 1 + upper] or the channel start is not on a 16-byte boundary;
 * a start off the traversal-stride grid does NOT trap. Every refusal leaves memory as it
 * was and names the field. */
#include "im2col_fixture.h"

static bool why_has(const tce_result *r, const char *s)
{
    if (strstr(r->why, s))
        return true;
    fprintf(stderr, "  why '%s' does not mention '%s'\n", r->why, s);
    return false;
}

/* Window edges in W, H and D of a 5-D load: lo and hi load, one past either end traps. */
static void test_window_edges(void)
{
    i2c_fx f;
    const uint64_t gdim[5] = {4, 6, 5, 4, 2};
    const int32_t lo[3] = {-2, 1, 0}, up[3] = {1, -1, -2}; /* W [-2,6], H [1,3], D [0,1] */
    fx_init(&f, 5, gdim, lo, up, 4, 4, NULL, TCE_SW_NONE, 1);
    const int lows[3] = {-2, 1, 0}, highs[3] = {6, 3, 1};
    for (unsigned j = 0; j < 3; j++) {
        f.op.coords[1] = lows[0];
        f.op.coords[2] = lows[1];
        f.op.coords[3] = lows[2];
        f.op.coords[1 + j] = lows[j];
        CHECK(fx_run(&f).status == TCE_OK);
        f.op.coords[1 + j] = highs[j];
        CHECK(fx_run(&f).status == TCE_OK);
        char name[16];
        snprintf(name, sizeof name, "coords[%u]", 1 + j);
        memset(f.ms.smem[0], 0xa5, FX_SMEM);
        f.op.coords[1 + j] = highs[j] + 1;
        tce_result r = fx_run(&f);
        CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && why_has(&r, name));
        f.op.coords[1 + j] = lows[j] - 1;
        r = fx_run(&f);
        CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && why_has(&r, name));
        CHECK(fx_smem_untouched(&f, 0));
    }
    fx_free(&f);
}

/* Off the stride grid but inside the window: a legal load (corpus cases 222, 1057, 1342,
 * 1423 and 1486 completed). N may be anything: past the batch is padding, not a trap. */
static void test_off_grid_and_n_are_legal(void)
{
    i2c_fx f;
    const uint64_t gdim[4] = {4, 8, 8, 2};
    const int32_t lo[2] = {-1, 0}, up[2] = {0, 0};
    const uint32_t es[4] = {1, 3, 2, 1};
    fx_init(&f, 4, gdim, lo, up, 4, 4, es, TCE_SW_NONE, 1);
    f.op.coords[1] = 3; /* (3 - (-1)) % 3 != 0 */
    f.op.coords[2] = 5; /* (5 - 0) % 2 != 0 */
    CHECK(fx_run(&f).status == TCE_OK);
    f.op.coords[3] = -7;
    CHECK(fx_run(&f).status == TCE_OK);
    f.op.coords[3] = 1000;
    CHECK(fx_run(&f).status == TCE_OK);
    fx_free(&f);
}

/* The channel start must be a multiple of 16 bytes (4 u32); negative multiples are fine. */
static void test_channel_alignment(void)
{
    i2c_fx f;
    const uint64_t gdim[3] = {16, 4, 1};
    const int32_t lo[1] = {0}, up[1] = {0};
    fx_init(&f, 3, gdim, lo, up, 4, 2, NULL, TCE_SW_NONE, 1);
    f.op.coords[0] = 2;
    tce_result r = fx_run(&f);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && why_has(&r, "coords[0]"));
    CHECK(fx_smem_untouched(&f, 0));
    f.op.coords[0] = 12;
    CHECK(fx_run(&f).status == TCE_OK);
    f.op.coords[0] = -4;
    CHECK(fx_run(&f).status == TCE_OK);
    CHECK(fx_smem_elem(&f, 0, 0, 3) == 0);
    fx_free(&f);
}

/* Shared memory: a destination off 128 bytes traps; rows past the end, or a CTA outside
 * the cluster, are refused with nothing written. */
static void test_shared_side(void)
{
    i2c_fx f;
    const uint64_t gdim[3] = {8, 8, 1};
    const int32_t lo[1] = {0}, up[1] = {0};
    fx_init(&f, 3, gdim, lo, up, 8, 8, NULL, TCE_SW_NONE, 1);
    f.op.saddr = TCE_SADDR(0, FX_DST + 64);
    tce_result r = fx_run(&f);
    CHECK(r.status == TCE_ERR_MISALIGNED && why_has(&r, "128-byte"));
    f.op.saddr = TCE_SADDR(0, FX_SMEM - 128); /* 8 rows of 32 bytes need 256 */
    r = fx_run(&f);
    CHECK(r.status == TCE_ERR_SHARED_RANGE);
    f.op.saddr = TCE_SADDR(2, FX_DST);
    r = fx_run(&f);
    CHECK(r.status == TCE_ERR_SHARED_RANGE && why_has(&r, "CTA 2"));
    f.op.saddr = TCE_SADDR(0, FX_DST);
    f.op.mbar = TCE_SADDR(0, 4);
    CHECK(fx_run(&f).status == TCE_ERR_MISALIGNED);
    CHECK(fx_smem_untouched(&f, 0));
    fx_free(&f);
}

/* A tensor that runs past mapped global memory: bus error, nothing written. */
static void test_global_bus(void)
{
    i2c_fx f;
    const uint64_t gdim[3] = {8, 8, 1};
    const int32_t lo[1] = {0}, up[1] = {0};
    fx_init(&f, 3, gdim, lo, up, 8, 8, NULL, TCE_SW_NONE, 1);
    f.map.gaddr = FX_GBASE + f.gbytes - 64; /* only the first 2 pixels are mapped */
    tce_result r = fx_run(&f);
    CHECK(r.status == TCE_ERR_GLOBAL_BUS && why_has(&r, "pixel 2"));
    CHECK(fx_smem_untouched(&f, 0));
    fx_free(&f);
}

/* What the instruction and the map must agree on. */
static void test_refusals(void)
{
    i2c_fx f;
    const uint64_t gdim[5] = {4, 4, 4, 4, 1};
    const int32_t lo[3] = {0, 0, 0}, up[3] = {0, 0, 0};
    fx_init(&f, 5, gdim, lo, up, 4, 4, NULL, TCE_SW_NONE, 1);
    f.op.im2col[2] = 31; /* 5-D offsets are [0, 31] */
    CHECK(fx_run(&f).status == TCE_OK);
    memset(f.ms.smem[0], 0xa5, FX_SMEM);
    f.op.im2col[2] = 32;
    tce_result r = fx_run(&f);
    CHECK(r.status == TCE_ERR_UNDEFINED && why_has(&r, "offset d"));
    f.op.im2col[2] = 0;
    f.op.dims = 4;
    CHECK(fx_run(&f).status == TCE_ERR_UNDEFINED);
    f.op.dims = 5;
    f.map.kind = TCE_MAP_TILED;
    r = fx_run(&f);
    CHECK(r.status == TCE_ERR_UNDEFINED && why_has(&r, "tiled"));
    f.map.kind = TCE_MAP_IM2COL;
    f.op.kind = TCE_OP_TENSOR_STORE; /* stores use .im2col_no_offs */
    CHECK(fx_run(&f).status == TCE_ERR_UNDEFINED);
    f.op.kind = TCE_OP_TENSOR_LOAD;
    f.op.mode = TCE_MODE_IM2COL_NO_OFFS;
    CHECK(fx_run(&f).status == TCE_ERR_UNDEFINED);
    /* Interleaved maps are modelled (H100 data): test_im2col_ileave.c. */
    fx_free(&f);
}

int main(void)
{
    test_window_edges();
    test_off_grid_and_n_are_legal();
    test_channel_alignment();
    test_shared_side();
    test_global_bus();
    test_refusals();
    return check_finish("test_im2col_traps");
}
