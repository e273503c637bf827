/* cuTensorMapEncodeTiled rules: for each rule a hand-written map on each side of its
 * edge; the expected verdicts come from the driver documentation (tma-notes section 2) or,
 * where the H100 driver departs from it, from the corpus cases cited. */
#include "encode_testkit.h"

/* FLOAT32, 64 x 32 x 8, packed rows, a 32 x 8 x 2 box: 128-byte rows under 128B swizzle. */
static tiled_args base(void)
{
    tiled_args a = {TCE_DT_FLOAT32, 3, 0x10000000ull, {64, 32, 8}, {256, 8192}, {32, 8, 2},
                    {1, 1, 1}, TCE_IL_NONE, TCE_SW_128B, TCE_L2_128B, TCE_OOB_ZERO};
    return a;
}

static void test_base_and_fields(void)
{
    tiled_args a = base();
    tce_tensormap m;
    tce_diag why = {{0}};
    CHECK(enc_tiled(&a, &m, &why) == TCE_OK);
    CHECK(m.kind == TCE_MAP_TILED && m.rank == 3 && m.gaddr == 0x10000000ull);
    CHECK(m.gstride[0] == 4 && m.gstride[1] == 256 && m.gstride[2] == 8192);
    CHECK(m.box[0] == 32 && m.box[2] == 2 && m.box[3] == 0 && m.gdim[3] == 0);
    CHECK(m.channels == 0 && m.pixels == 0);
}

static void test_rank_and_enums(void)
{
    tiled_args a = base();
    a.rank = 1;
    EXPECT_TILED(a, NULL);
    a.rank = 5;
    a.gdim[3] = a.gdim[4] = 2;
    a.gstride[2] = 65536, a.gstride[3] = 131072;
    a.box[3] = a.box[4] = 1;
    a.es[3] = a.es[4] = 1;
    EXPECT_TILED(a, NULL);
    a.rank = 0;
    EXPECT_TILED(a, "tensorRank=0");
    a.rank = 6;
    EXPECT_TILED(a, "tensorRank=6");
    a = base();
    a.dt = (tce_dtype)16;
    EXPECT_TILED(a, "tensorDataType=16");
    a = base();
    a.il = (tce_interleave)3;
    EXPECT_TILED(a, "interleave=3");
    a = base();
    a.sw = TCE_SW_96B; /* no driver enum value makes it */
    EXPECT_TILED(a, "swizzle=7");
    a = base();
    a.promo = (tce_l2promo)4;
    EXPECT_TILED(a, "l2Promotion=4");
    a = base();
    a.fill = (tce_oobfill)2;
    EXPECT_TILED(a, "oobFill=2");
}

/* The H100 driver refused every packed-type and ATOM-swizzle map (corpus: 174 and 410). */
static void test_sm90_refusals(void)
{
    tiled_args a = base();
    a.sw = TCE_SW_128B_ATOM_32B;
    EXPECT_TILED(a, "swizzle=128B_ATOM_32B");
    unsigned old = tce_encode_set_target_sm(100);
    EXPECT_TILED(a, NULL);
    tce_encode_set_target_sm(old);

    /* A 16U4_ALIGN16B map that follows every documented sm_100 rule. */
    tiled_args p = {TCE_DT_16U4_ALIGN16B, 2, 0x10000000ull, {256, 4}, {128}, {128, 4},
                    {1, 1}, TCE_IL_NONE, TCE_SW_128B, TCE_L2_NONE, TCE_OOB_ZERO};
    EXPECT_TILED(p, "16U4_ALIGN16B");
    old = tce_encode_set_target_sm(100);
    EXPECT_TILED(p, NULL);
    p.box[0] = 64;
    EXPECT_TILED(p, "boxDim[0]=64 must be 128");
    p.box[0] = 128;
    p.gdim[0] = 192;
    EXPECT_TILED(p, "globalDim[0]=192 is not a multiple of 128");
    p.gdim[0] = 256;
    p.gaddr = 0x10000010ull;
    EXPECT_TILED(p, "32-byte aligned");
    p.gaddr = 0x10000000ull;
    p.gstride[0] = 144;
    EXPECT_TILED(p, "globalStrides[0]=144 is not a multiple of 32");
    p.gstride[0] = 128;
    p.sw = TCE_SW_64B;
    EXPECT_TILED(p, "swizzle=64B is not allowed");
    p.sw = TCE_SW_128B;
    p.fill = TCE_OOB_NAN;
    EXPECT_TILED(p, "oobFill");
    /* 16U4_ALIGN8B: 16 elements in 8 bytes, so the 16-byte row rule needs 32 elements. */
    tiled_args q = {TCE_DT_16U4_ALIGN8B, 1, 0x10000000ull, {64}, {0}, {32}, {1},
                    TCE_IL_NONE, TCE_SW_NONE, TCE_L2_NONE, TCE_OOB_ZERO};
    EXPECT_TILED(q, NULL);
    q.box[0] = 16;
    EXPECT_TILED(q, "boxDim[0]=16");
    q.box[0] = 32;
    q.gdim[0] = 63;
    EXPECT_TILED(q, "globalDim[0]=63 is not a multiple of 2");
    tce_encode_set_target_sm(old);
}

static void test_global(void)
{
    tiled_args a = base();
    a.gaddr = 0x10000010ull; /* 16-byte aligned is enough even with 128B swizzle */
    EXPECT_TILED(a, NULL);
    a.gaddr = 0x10000008ull;
    EXPECT_TILED(a, "globalAddress=0x10000008 is not 16-byte aligned");
    a = base();
    a.il = TCE_IL_32B;
    a.sw = TCE_SW_32B;
    a.box[0] = 8;
    a.gaddr = 0x10000010ull;
    EXPECT_TILED(a, "not 32-byte aligned");
    a.gaddr = 0x10000020ull;
    EXPECT_TILED(a, NULL);

    a = base();
    a.gdim[1] = 0;
    EXPECT_TILED(a, "globalDim[1]=0");
    a.gdim[1] = 1ull << 32;
    EXPECT_TILED(a, NULL);
    a.gdim[1] = (1ull << 32) + 1;
    EXPECT_TILED(a, "globalDim[1]=4294967297 exceeds 2^32");

    a = base();
    a.gstride[0] = 16; /* smaller than the 256-byte row: no overlap rule (corpus) */
    EXPECT_TILED(a, NULL);
    a.gstride[0] = 24;
    EXPECT_TILED(a, "globalStrides[0]=24 is not a multiple of 16");
    a = base();
    a.gstride[1] = 128; /* below the stride of dim 1: no ordering rule (corpus) */
    EXPECT_TILED(a, NULL);
    a.gstride[1] = (1ull << 40) - 16;
    EXPECT_TILED(a, NULL);
    a.gstride[1] = 1ull << 40;
    EXPECT_TILED(a, "globalStrides[1]=1099511627776 is not below 2^40");
    a = base();
    a.il = TCE_IL_32B;
    a.sw = TCE_SW_32B;
    a.box[0] = 8;
    a.gstride[0] = 272;
    EXPECT_TILED(a, "globalStrides[0]=272 is not a multiple of 32");
}

static void test_box_and_strides(void)
{
    tiled_args a = base();
    a.box[1] = 256;
    EXPECT_TILED(a, NULL);
    a.box[1] = 257;
    EXPECT_TILED(a, "boxDim[1]=257 exceeds 256");
    a.box[1] = 0;
    EXPECT_TILED(a, "boxDim[1]=0");
    /* A box larger than the tensor is legal (corpus case 1: gdim[0]=1, box[0]=40). */
    a = base();
    a.gdim[2] = 1;
    a.box[2] = 100;
    EXPECT_TILED(a, NULL);

    a = base();
    a.box[0] = 4; /* 16 bytes */
    EXPECT_TILED(a, NULL);
    a.box[0] = 6; /* 24 bytes */
    EXPECT_TILED(a, "boxDim[0]=6 times the element size is 192 bits");
    /* The same rule holds with interleave (corpus: 385 interleaved maps rejected by it). */
    a = base();
    a.il = TCE_IL_16B;
    a.box[0] = 2; /* 8 bytes */
    EXPECT_TILED(a, "boxDim[0]=2");

    a = base();
    a.es[2] = 8;
    EXPECT_TILED(a, NULL);
    a.es[2] = 9;
    EXPECT_TILED(a, "elementStrides[2]=9 is outside 1..8");
    a.es[2] = 0;
    EXPECT_TILED(a, "elementStrides[2]=0");
    /* elementStrides[0] is checked although the engine ignores it (corpus: 70 maps). */
    a = base();
    a.es[0] = 9;
    EXPECT_TILED(a, "elementStrides[0]=9");
}

static void test_layout(void)
{
    tiled_args a = base();
    a.rank = 2;
    a.il = TCE_IL_16B;
    EXPECT_TILED(a, "interleaved maps need rank >= 3");
    a.rank = 3;
    EXPECT_TILED(a, NULL);
    /* Documented "32B interleave needs 32B swizzle" is not enforced (corpus case 94). */
    a.il = TCE_IL_32B;
    a.sw = TCE_SW_64B;
    EXPECT_TILED(a, NULL);
    /* With interleave the row is not limited by the swizzle span. */
    a.il = TCE_IL_16B;
    a.sw = TCE_SW_32B;
    a.box[0] = 64; /* 256 bytes */
    EXPECT_TILED(a, NULL);

    a = base();
    a.sw = TCE_SW_32B;
    a.box[0] = 8; /* 32 bytes */
    EXPECT_TILED(a, NULL);
    a.box[0] = 12; /* 48 bytes */
    EXPECT_TILED(a, "more than the 32-byte span of swizzle 32B");
    a.sw = TCE_SW_64B;
    a.box[0] = 20;
    EXPECT_TILED(a, "more than the 64-byte span");
    a.sw = TCE_SW_128B;
    a.box[0] = 36;
    EXPECT_TILED(a, "more than the 128-byte span");
    a.sw = TCE_SW_NONE;
    a.box[0] = 256;
    EXPECT_TILED(a, NULL);

    a = base();
    a.fill = TCE_OOB_NAN;
    EXPECT_TILED(a, NULL);
    a.dt = TCE_DT_TFLOAT32;
    EXPECT_TILED(a, NULL);
    a.dt = TCE_DT_INT32;
    EXPECT_TILED(a, "needs a floating-point type, not INT32");
}

/* The driver counts box bytes as esize * prod(floor(box[i] / estride[i])) and refuses
 * more than fits a block's shared memory. */
static void test_box_bytes(void)
{
    tiled_args a = base();
    a.sw = TCE_SW_NONE;
    a.box[1] = 256;
    a.box[2] = 7; /* 32*256*7*4 = 229376 bytes */
    EXPECT_TILED(a, NULL);
    a.box[2] = 8; /* 262144 bytes */
    EXPECT_TILED(a, "the box is 262144 bytes");
    a.es[2] = 2; /* floor(8/2) = 4: 131072 bytes */
    EXPECT_TILED(a, NULL);
    /* Corpus case 347 (rejected): FLOAT64 box 8x3x2x12x195 = 898560 bytes. */
    tiled_args c = {TCE_DT_FLOAT64, 5, 0x7ff2cfe00000ull, {22, 8, 3, 4, 11},
                    {176, 1408, 4224, 16896}, {8, 3, 2, 12, 195}, {1, 1, 1, 1, 1},
                    TCE_IL_NONE, TCE_SW_128B, TCE_L2_NONE, TCE_OOB_ZERO};
    EXPECT_TILED(c, "898560 bytes");
    /* Corpus case 4286 (accepted): box[2]=1 with estride 8 makes the driver's count 0. */
    tiled_args d = {TCE_DT_INT64, 5, 0x7ff2cfe00000ull, {19, 54, 2, 5, 3},
                    {160, 8640, 17328, 86640}, {8, 29, 1, 4, 236}, {1, 1, 8, 1, 1},
                    TCE_IL_NONE, TCE_SW_128B, TCE_L2_NONE, TCE_OOB_ZERO};
    EXPECT_TILED(d, NULL);
}

static void test_null_arrays(void)
{
    tiled_args a = base();
    tce_tensormap m;
    tce_diag why = {{0}};
    CHECK(tce_encode_tiled(&m, a.dt, a.rank, a.gaddr, a.gdim, a.gstride, NULL, a.es, a.il,
                           a.sw, a.promo, a.fill, &why) == TCE_ERR_INVALID_VALUE);
    CHECK(strstr(why.text, "boxDim") != NULL);
    /* A bad rank is reported without touching the arrays. */
    CHECK(tce_encode_tiled(&m, a.dt, 9, a.gaddr, NULL, NULL, NULL, NULL, a.il, a.sw, a.promo,
                           a.fill, &why) == TCE_ERR_INVALID_VALUE);
    CHECK(strstr(why.text, "tensorRank=9") != NULL);
}

int main(void)
{
    test_base_and_fields();
    test_rank_and_enums();
    test_sm90_refusals();
    test_global();
    test_box_and_strides();
    test_layout();
    test_box_bytes();
    test_null_arrays();
    return check_finish("test_encode_tiled");
}
