/* cuTensorMapEncodeIm2colWide rules. There is no hardware data for these maps (they need
 * sm_100); every verdict here follows the driver documentation (tma-notes section 4). */
#include "encode_testkit.h"

/* NHWC FLOAT16, 64 channels (128 bytes), W = 128, 128B swizzle, W mode. */
static im2col_args base(void)
{
    im2col_args a = {TCE_DT_FLOAT16, 4, 0x10000000ull, {64, 128, 9, 2}, {128, 16384, 147456},
                     {0}, {0}, 64, 128, {1, 1, 1, 1}, TCE_IL_NONE, TCE_SW_128B, TCE_L2_128B,
                     TCE_OOB_ZERO, TCE_WIDE_W};
    return a;
}

static void test_base(void)
{
    im2col_args a = base();
    tce_tensormap m;
    tce_diag why = {{0}};
    CHECK(enc_wide(&a, &m, &why) == TCE_OK);
    CHECK(m.kind == TCE_MAP_IM2COL_WIDE && m.wide == TCE_WIDE_W && m.pixels == 128);
    /* W128 loads 128 pixels whatever pixelsPerColumn says; the map records 128. */
    a.mode = TCE_WIDE_W128;
    a.pixels = 5000;
    CHECK(enc_wide(&a, &m, &why) == TCE_OK);
    CHECK(m.pixels == 128 && m.wide == TCE_WIDE_W128);
    a.mode = (tce_wide_mode)2;
    EXPECT_WIDE(a, "mode=2");
}

static void test_swizzle_interleave(void)
{
    im2col_args a = base();
    a.sw = TCE_SW_NONE;
    EXPECT_WIDE(a, "im2col wide maps need 64B, 128B or 128B_ATOM_32B");
    a.sw = TCE_SW_32B;
    EXPECT_WIDE(a, "swizzle=32B");
    a.sw = TCE_SW_128B_ATOM_64B;
    EXPECT_WIDE(a, "swizzle=128B_ATOM_64B");
    /* Wide maps are sm_100 maps: ATOM_32B is fine even with the sm_90 default target. */
    a.sw = TCE_SW_128B_ATOM_32B;
    EXPECT_WIDE(a, NULL);
    a.sw = TCE_SW_64B;
    EXPECT_WIDE(a, "more than the 64-byte span");
    a.channels = 32;
    EXPECT_WIDE(a, NULL);
    a = base();
    a.il = TCE_IL_16B;
    EXPECT_WIDE(a, "im2col wide maps take no interleave");
}

/* Both W corners span [-32768, 32767] whatever the rank. */
static void test_corners_window(void)
{
    im2col_args a = base();
    a.rank = 5;
    a.gdim[3] = 4, a.gdim[4] = 2;
    a.gstride[2] = 147456 * 2;
    a.es[4] = 1;
    a.lower[0] = -32768;
    EXPECT_WIDE(a, NULL);
    a.lower[0] = -32769;
    EXPECT_WIDE(a, "pixelBoxLowerCorner[0]=-32769 is outside [-32768, 32767]");
    a.lower[0] = 0;
    a.upper[0] = 32768;
    EXPECT_WIDE(a, "pixelBoxUpperCorner[0]=32768");
    /* Non-zero area along W: 128 + upper - lower must be positive. */
    a = base();
    a.lower[0] = 127;
    EXPECT_WIDE(a, NULL);
    a.lower[0] = 128;
    EXPECT_WIDE(a, "spatial dim 0 is empty");
}

static void test_channels_pixels(void)
{
    im2col_args a = base();
    a.pixels = 1024;
    EXPECT_WIDE(a, NULL);
    a.pixels = 1025;
    EXPECT_WIDE(a, "pixelsPerColumn=1025");
    a = base();
    a.channels = 257;
    EXPECT_WIDE(a, "channelsPerPixel=257");
    a.channels = 4; /* 8 bytes */
    EXPECT_WIDE(a, "channelsPerPixel=4 times the element size");
    /* Packed 16U6_ALIGN16B: channels must be 128 (128 one-byte slots in shared memory). */
    a = base();
    a.dt = TCE_DT_16U6_ALIGN16B;
    a.gdim[0] = 128;
    a.gstride[0] = 96, a.gstride[1] = 96 * 128, a.gstride[2] = 96 * 128 * 9;
    a.channels = 128;
    EXPECT_WIDE(a, NULL);
    a.channels = 64;
    EXPECT_WIDE(a, "channelsPerPixel=64 must be 128");
    a = base();
    a.rank = 2;
    EXPECT_WIDE(a, "tensorRank=2 is outside 3..5");
}

int main(void)
{
    test_base();
    test_swizzle_interleave();
    test_corners_window();
    test_channels_pixels();
    return check_finish("test_encode_wide");
}
