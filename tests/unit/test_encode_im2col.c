/* cuTensorMapEncodeIm2col rules (tma-notes section 3, and the corpus where the H100's
 * driver is stricter or different): a hand-written map on each side of every edge. */
#include "encode_testkit.h"

/* NHWC FLOAT16: 64 channels (128 bytes, one 128B swizzle span), 16 x 16 pixels, 2 images;
 * padding 1 on each side: window [lower, gdim - 1 + upper] = [-1, 16]. */
static im2col_args base(void)
{
    im2col_args a = {TCE_DT_FLOAT16, 4, 0x10000000ull, {64, 16, 16, 2}, {128, 2048, 32768},
                     {-1, -1}, {1, 1}, 64, 128, {1, 1, 1, 1}, TCE_IL_NONE, TCE_SW_128B,
                     TCE_L2_128B, TCE_OOB_ZERO, TCE_WIDE_W};
    return a;
}

static void test_base(void)
{
    im2col_args a = base();
    tce_tensormap m;
    tce_diag why = {{0}};
    CHECK(enc_im2col(&a, &m, &why) == TCE_OK);
    CHECK(m.kind == TCE_MAP_IM2COL && m.channels == 64 && m.pixels == 128);
    CHECK(m.lower[0] == -1 && m.upper[1] == 1 && m.lower[2] == 0 && m.box[0] == 0);
}

static void test_rank(void)
{
    im2col_args a = base();
    a.rank = 2;
    EXPECT_IM2COL(a, "tensorRank=2 is outside 3..5");
    a.rank = 6;
    EXPECT_IM2COL(a, "tensorRank=6");
    a = base();
    a.rank = 3;
    a.gdim[2] = 2;
    EXPECT_IM2COL(a, NULL);
}

/* Corner offsets share 16 bits between the spatial dims. */
static void test_corners(void)
{
    im2col_args a = base(); /* rank 4: [-128, 127] */
    a.lower[1] = -128;
    a.upper[1] = 127;
    EXPECT_IM2COL(a, NULL);
    a.lower[1] = -129;
    EXPECT_IM2COL(a, "pixelBoxLowerCorner[1]=-129 is outside [-128, 127]");
    a.lower[1] = 0;
    a.upper[1] = 128;
    EXPECT_IM2COL(a, "pixelBoxUpperCorner[1]=128");

    a = base(); /* rank 5: [-16, 15] */
    a.rank = 5;
    a.gdim[3] = 8, a.gdim[4] = 2;
    a.gstride[2] = 65536;
    a.es[4] = 1;
    a.lower[2] = -16, a.upper[2] = 15;
    EXPECT_IM2COL(a, NULL);
    a.upper[2] = 16;
    EXPECT_IM2COL(a, "pixelBoxUpperCorner[2]=16 is outside [-16, 15]");

    a = base(); /* rank 3: [-32768, 32767] */
    a.rank = 3;
    a.gdim[2] = 2;
    a.lower[0] = -32768, a.upper[0] = 32767;
    EXPECT_IM2COL(a, NULL);
    a.lower[0] = -32769;
    EXPECT_IM2COL(a, "pixelBoxLowerCorner[0]=-32769");
}

static void test_channels_pixels(void)
{
    im2col_args a = base();
    a.sw = TCE_SW_NONE;
    a.channels = 256;
    EXPECT_IM2COL(a, NULL);
    a.channels = 257;
    EXPECT_IM2COL(a, "channelsPerPixel=257 is outside 1..256");
    a.channels = 0;
    EXPECT_IM2COL(a, "channelsPerPixel=0");
    /* Undocumented: channels * esize must be whole 16-byte units (corpus: 82 maps). */
    a.channels = 8; /* 16 bytes */
    EXPECT_IM2COL(a, NULL);
    a.channels = 12; /* 24 bytes */
    EXPECT_IM2COL(a, "channelsPerPixel=12 times the element size is 192 bits");

    a = base();
    a.channels = 8;
    a.pixels = 1024;
    EXPECT_IM2COL(a, NULL);
    a.pixels = 1025;
    EXPECT_IM2COL(a, "pixelsPerColumn=1025 is outside 1..1024");
    a.pixels = 0;
    EXPECT_IM2COL(a, "pixelsPerColumn=0");

    a = base();
    a.sw = TCE_SW_64B; /* 64 channels x 2 bytes = 128 > 64 */
    EXPECT_IM2COL(a, "channelsPerPixel=64 is 128 bytes, more than the 64-byte span");
    a.channels = 32;
    EXPECT_IM2COL(a, NULL);
}

/* The window of start pixels along each spatial dim must not be empty. */
static void test_window(void)
{
    im2col_args a = base(); /* W: 16 pixels */
    a.lower[0] = 0;
    a.upper[0] = -15; /* extent 16 - 15 - 0 = 1 */
    EXPECT_IM2COL(a, NULL);
    a.upper[0] = -16; /* extent 0 */
    EXPECT_IM2COL(a, "pixel box along spatial dim 0 is empty");
    a = base();
    a.lower[1] = 20;
    a.upper[1] = 3; /* 16 + 3 - 20 = -1 */
    EXPECT_IM2COL(a, "spatial dim 1 is empty");

    /* Interleaved: the H100's driver measures corner i against globalDim[i].
     * Corpus case 9199, rejected: corner 1 gives 2 + 0 - 2 = 0. */
    im2col_args r = {TCE_DT_FLOAT32_FTZ, 4, 0x7ff2cfe00000ull, {24, 2, 6, 1}, {96, 192, 1168},
                     {-1, 2}, {0, 0}, 8, 3, {1, 1, 1, 1}, TCE_IL_16B, TCE_SW_32B, TCE_L2_NONE,
                     TCE_OOB_ZERO, TCE_WIDE_W};
    EXPECT_IM2COL(r, "globalDim[1]=2 + upper 0 - lower 2 = 0");
    /* Corpus case 4132, accepted although globalDim[1] + upper - lower = -1. */
    im2col_args k = {TCE_DT_UINT32, 3, 0x7ff2cfe00000ull, {12, 1, 1}, {48, 48}, {-1}, {-3},
                     4, 7, {1, 1, 1}, TCE_IL_16B, TCE_SW_NONE, TCE_L2_NONE, TCE_OOB_ZERO,
                     TCE_WIDE_W};
    EXPECT_IM2COL(k, NULL);
}

static void test_shared_rules(void)
{
    im2col_args a = base();
    a.gaddr += 8;
    EXPECT_IM2COL(a, "globalAddress");
    a = base();
    a.gstride[1] = 2056;
    EXPECT_IM2COL(a, "globalStrides[1]=2056 is not a multiple of 16");
    a = base();
    a.es[1] = 9;
    EXPECT_IM2COL(a, "elementStrides[1]=9");
    a = base();
    a.dt = TCE_DT_UINT16;
    a.fill = TCE_OOB_NAN;
    EXPECT_IM2COL(a, "not UINT16");
    a = base();
    a.sw = TCE_SW_128B_ATOM_64B;
    EXPECT_IM2COL(a, "sm_90");
    /* Box bytes: 256 FLOAT32 channels x 1024 pixels = 1 MiB, more than shared memory. */
    a = base();
    a.dt = TCE_DT_FLOAT32;
    a.sw = TCE_SW_NONE;
    a.channels = 256;
    a.pixels = 1024;
    a.gdim[0] = 256;
    a.gstride[0] = 1024, a.gstride[1] = 16384, a.gstride[2] = 262144;
    EXPECT_IM2COL(a, "the box is 1048576 bytes");
    a.pixels = 227; /* 232448 bytes: the largest allowed */
    EXPECT_IM2COL(a, NULL);
}

int main(void)
{
    test_base();
    test_rank();
    test_corners();
    test_channels_pixels();
    test_window();
    test_shared_rules();
    return check_finish("test_encode_im2col");
}
