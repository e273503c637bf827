/* Floating-point reduction ops against hand-derived bit patterns: round-to-nearest-even
 * ties, overflow to infinity, each family's subnormal flushing, NaN results and signed
 * zeros. The per-family rules were read off the H100 captures (docs/arithmetic.md); the
 * values here are worked out by hand from the IEEE formats. */
#include "arith_expect.h"

static const tce_arith_ctx BULK = TCE_ARITH_BULK_REDUCE, TENS = TCE_ARITH_TENSOR_REDUCE,
                           RG = TCE_ARITH_RED_GLOBAL, RS = TCE_ARITH_RED_SHARED;

static void f32_add(void)
{
    const tce_redop A = TCE_RED_ADD;
    const tce_etype T = TCE_ET_F32;
    /* 1 + 2^-24 is exactly half an ulp above 1: the tie goes to the even 1.0. */
    EXPECT_ARITH(BULK, A, T, false, 0x3f800000, 0x33800000, 0x3f800000);
    /* (1 + 2^-23) + 2^-24: tie between ...001 and ...002 -> even ...002. */
    EXPECT_ARITH(BULK, A, T, false, 0x3f800001, 0x33800000, 0x3f800002);
    /* Just above half an ulp rounds up. */
    EXPECT_ARITH(BULK, A, T, false, 0x3f800000, 0x33800001, 0x3f800001);
    /* 1.5 + 1.5 = 3 exactly (carry into the exponent). */
    EXPECT_ARITH(RS, A, T, false, 0x3fc00000, 0x3fc00000, 0x40400000);
    /* 3 - 1 = 2: subtraction renormalises. */
    EXPECT_ARITH(RS, A, T, false, 0x40400000, 0xbf800000, 0x40000000);
    /* FLT_MAX + FLT_MAX overflows to +inf; -FLT_MAX twice to -inf. */
    EXPECT_ARITH(BULK, A, T, false, 0x7f7fffff, 0x7f7fffff, 0x7f800000);
    EXPECT_ARITH(RG, A, T, false, 0xff7fffff, 0xff7fffff, 0xff800000);
    /* FLT_MAX + half its ulp (2^103): a tie, and FLT_MAX's mantissa is odd -> +inf. */
    EXPECT_ARITH(BULK, A, T, false, 0x7f7fffff, 0x73000000, 0x7f800000);
    /* ... and a quarter ulp (2^102) rounds back to FLT_MAX. */
    EXPECT_ARITH(BULK, A, T, false, 0x7f7fffff, 0x72800000, 0x7f7fffff);
    /* Exact cancellation gives +0; -0 + -0 stays -0; +0 + -0 is +0. */
    EXPECT_ARITH(BULK, A, T, false, 0x3f800000, 0xbf800000, 0x00000000);
    EXPECT_ARITH(BULK, A, T, false, 0x80000000, 0x80000000, 0x80000000);
    EXPECT_ARITH(BULK, A, T, false, 0x00000000, 0x80000000, 0x00000000);
    /* x + -0 is x. */
    EXPECT_ARITH(RS, A, T, false, 0x80000000, 0x12345678, 0x12345678);

    /* Subnormals. Smallest subnormal twice: kept by bulk reduce and red.shared (H100
     * data), flushed to +0 by red.global. */
    EXPECT_ARITH(BULK, A, T, false, 0x00000001, 0x00000001, 0x00000002);
    EXPECT_ARITH(RS, A, T, false, 0x00000001, 0x00000001, 0x00000002);
    EXPECT_ARITH(RG, A, T, false, 0x00000001, 0x00000001, 0x00000000);
    /* A subnormal input next to a normal one: red.global drops it. */
    EXPECT_ARITH(RG, A, T, false, 0x3f800000, 0x00400000, 0x3f800000);
    EXPECT_ARITH(RG, A, T, false, 0x80400000, 0x00000000, 0x00000000);
    /* Normal inputs, subnormal result: (min normal + 1 ulp) - min normal = 2^-149. */
    EXPECT_ARITH(BULK, A, T, false, 0x00800001, 0x80800000, 0x00000001);
    EXPECT_ARITH(RS, A, T, false, 0x80800001, 0x00800000, 0x80000001);
    /* red.global flushes it, keeping the sign. */
    EXPECT_ARITH(RG, A, T, false, 0x80800001, 0x00800000, 0x80000000);
    /* Two subnormals whose sum is normal. */
    EXPECT_ARITH(BULK, A, T, false, 0x00400000, 0x00400000, 0x00800000);
    /* Tensor reduce: FLOAT32_FTZ maps flush, FLOAT32 maps keep (tile_reduce.txt). */
    EXPECT_ARITH(TENS, A, T, tce_arith_tensor_noftz(TCE_DT_FLOAT32_FTZ), 0x00000001, 0x00000001, 0);
    EXPECT_ARITH(TENS, A, T, tce_arith_tensor_noftz(TCE_DT_FLOAT32), 0x00000001, 0x00000001, 2);

    /* NaN results are the canonical 0x7fffffff whatever the inputs. */
    EXPECT_ARITH(BULK, A, T, false, 0x7fc00001, 0x3f800000, 0x7fffffff);
    EXPECT_ARITH(RG, A, T, false, 0x3f800000, 0xff800001, 0x7fffffff);
    EXPECT_ARITH(RS, A, T, false, 0x7f800000, 0xff800000, 0x7fffffff);
    /* inf + finite and inf + inf of one sign stay inf. */
    EXPECT_ARITH(BULK, A, T, false, 0xff800000, 0x7f7fffff, 0xff800000);
    EXPECT_ARITH(BULK, A, T, false, 0x7f800000, 0x7f800000, 0x7f800000);
}

static void half_add(void)
{
    const tce_redop A = TCE_RED_ADD;
    /* f16: 1.0 = 0x3c00, 2^-11 = 0x1000 is half an ulp of 1. */
    EXPECT_ARITH(BULK, A, TCE_ET_F16, true, 0x3c00, 0x1000, 0x3c00);
    EXPECT_ARITH(BULK, A, TCE_ET_F16, true, 0x3c01, 0x1000, 0x3c02);
    EXPECT_ARITH(RG, A, TCE_ET_F16, true, 0x3c00, 0x3c00, 0x4000);
    /* 65504 + 65504 -> +inf. 65504's ulp is 32: + 16 is a tie with an odd mantissa, so
     * it rounds up to +inf; + 8 (a quarter ulp) stays 65504. */
    EXPECT_ARITH(RG, A, TCE_ET_F16, true, 0x7bff, 0x7bff, 0x7c00);
    EXPECT_ARITH(RG, A, TCE_ET_F16, true, 0x7bff, 0x4c00, 0x7c00);
    EXPECT_ARITH(RG, A, TCE_ET_F16, true, 0x7bff, 0x4800, 0x7bff);
    /* f16 subnormals are kept by every family (.noftz; tensor reduce too). */
    EXPECT_ARITH(RG, A, TCE_ET_F16, true, 0x0001, 0x0001, 0x0002);
    EXPECT_ARITH(TENS, A, TCE_ET_F16, true, 0x8001, 0x8200, 0x8201);
    EXPECT_ARITH(TENS, A, TCE_ET_F16, false, 0x0001, 0x0001, 0x0002);
    /* (min normal 0x0400 + 1 ulp) - min normal = 0x0001. */
    EXPECT_ARITH(RS, A, TCE_ET_F16, true, 0x0401, 0x8400, 0x0001);
    EXPECT_ARITH(BULK, A, TCE_ET_F16, true, 0x7e00, 0x3c00, 0x7fff);
    EXPECT_ARITH(BULK, A, TCE_ET_F16, true, 0x7c00, 0xfc00, 0x7fff);

    /* bf16: 1.0 = 0x3f80, 2^-8 = 0x3b80 is half an ulp of 1. */
    EXPECT_ARITH(BULK, A, TCE_ET_BF16, true, 0x3f80, 0x3b80, 0x3f80);
    EXPECT_ARITH(BULK, A, TCE_ET_BF16, true, 0x3f81, 0x3b80, 0x3f82);
    EXPECT_ARITH(RG, A, TCE_ET_BF16, true, 0x7f7f, 0x7f7f, 0x7f80);
    EXPECT_ARITH(RG, A, TCE_ET_BF16, true, 0x0001, 0x0001, 0x0002);
    EXPECT_ARITH(RS, A, TCE_ET_BF16, true, 0x8055, 0x007c, 0x0027);
    EXPECT_ARITH(RS, A, TCE_ET_BF16, true, 0xffc1, 0x3f80, 0x7fff);
}

static void f64_add(void)
{
    const tce_redop A = TCE_RED_ADD;
    const tce_etype D = TCE_ET_F64;
    /* 1 + 2^-53: a tie, to the even 1.0; (1 + 2^-52) + 2^-53 -> 1 + 2^-51. */
    EXPECT_ARITH(BULK, A, D, false, 0x3ff0000000000000ull, 0x3ca0000000000000ull, 0x3ff0000000000000ull);
    EXPECT_ARITH(BULK, A, D, false, 0x3ff0000000000001ull, 0x3ca0000000000000ull, 0x3ff0000000000002ull);
    EXPECT_ARITH(RG, A, D, false, 0x7fefffffffffffffull, 0x7fefffffffffffffull, 0x7ff0000000000000ull);
    /* f64 subnormals are never flushed, not even by red.global. */
    EXPECT_ARITH(RG, A, D, false, 0x0000000000000001ull, 0x0000000000000001ull, 0x0000000000000002ull);
    /* NaN: an input NaN comes back. With two, the L2 reducers keep the source operand's,
     * the shared-memory unit the memory's. */
    EXPECT_ARITH(BULK, A, D, false, 0x7ff8000000000001ull, 0x7ff8000000000002ull, 0x7ff8000000000002ull);
    EXPECT_ARITH(RG, A, D, false, 0x7ff8000000000001ull, 0xfff8000000000002ull, 0xfff8000000000002ull);
    EXPECT_ARITH(RS, A, D, false, 0x7ff8000000000001ull, 0x7ff8000000000002ull, 0x7ff8000000000001ull);
    EXPECT_ARITH(BULK, A, D, false, 0xfff8000000000123ull, 0x3ff0000000000000ull, 0xfff8000000000123ull);
    EXPECT_ARITH(RS, A, D, false, 0x3ff0000000000000ull, 0x7ff8000000000777ull, 0x7ff8000000000777ull);
    /* A signalling NaN comes back quieted (IEEE; the captures hold only quiet NaNs). */
    EXPECT_ARITH(RS, A, D, false, 0x7ff0000000000001ull, 0x3ff0000000000000ull, 0x7ff8000000000001ull);
    /* inf + -inf: the default NaN 0xfff8000000000000. */
    EXPECT_ARITH(RS, A, D, false, 0xfff0000000000000ull, 0x7ff0000000000000ull, 0xfff8000000000000ull);
    EXPECT_ARITH(BULK, A, D, false, 0x7ff0000000000000ull, 0xfff0000000000000ull, 0xfff8000000000000ull);
}

static void half_minmax(void)
{
    const tce_redop MN = TCE_RED_MIN, MX = TCE_RED_MAX;
    /* -0 orders below +0, whichever side it is on. */
    EXPECT_ARITH(BULK, MN, TCE_ET_F16, false, 0x0000, 0x8000, 0x8000);
    EXPECT_ARITH(BULK, MN, TCE_ET_F16, false, 0x8000, 0x0000, 0x8000);
    EXPECT_ARITH(BULK, MX, TCE_ET_F16, false, 0x0000, 0x8000, 0x0000);
    EXPECT_ARITH(BULK, MX, TCE_ET_BF16, false, 0x8000, 0x0000, 0x0000);
    /* A single NaN is ignored; two NaNs give the canonical 0x7fff. */
    EXPECT_ARITH(BULK, MN, TCE_ET_F16, false, 0x7e01, 0x3c00, 0x3c00);
    EXPECT_ARITH(BULK, MX, TCE_ET_F16, false, 0xbc00, 0xfe55, 0xbc00);
    EXPECT_ARITH(BULK, MN, TCE_ET_BF16, false, 0x7fc1, 0xffc2, 0x7fff);
    EXPECT_ARITH(RG, MX, TCE_ET_BF16, true, 0xffc1, 0x7f81, 0x7fff);
    /* Ordinary ordering across signs, infinities and subnormals. */
    EXPECT_ARITH(BULK, MN, TCE_ET_F16, false, 0xbc00, 0x3c00, 0xbc00);
    EXPECT_ARITH(BULK, MX, TCE_ET_F16, false, 0xbc00, 0x3c00, 0x3c00);
    EXPECT_ARITH(BULK, MN, TCE_ET_F16, false, 0xc000, 0xbc00, 0xc000);
    EXPECT_ARITH(BULK, MX, TCE_ET_BF16, false, 0xff80, 0xbf80, 0xbf80);
    EXPECT_ARITH(BULK, MN, TCE_ET_BF16, false, 0x7f80, 0x7f7f, 0x7f7f);
    EXPECT_ARITH(TENS, MN, TCE_ET_BF16, true, 0x0001, 0x0002, 0x0001);
    EXPECT_ARITH(TENS, MX, TCE_ET_F16, true, 0x8001, 0x8002, 0x8001);
}

static void legality(void)
{
    /* cp.reduce.async.bulk .global: f16/bf16 add need .noftz, min/max refuse it. */
    CHECK(tce_arith_legal(BULK, TCE_RED_ADD, TCE_ET_F16, true));
    CHECK(!tce_arith_legal(BULK, TCE_RED_ADD, TCE_ET_F16, false));
    CHECK(tce_arith_legal(BULK, TCE_RED_MIN, TCE_ET_BF16, false));
    CHECK(!tce_arith_legal(BULK, TCE_RED_MIN, TCE_ET_BF16, true));
    CHECK(!tce_arith_legal(BULK, TCE_RED_ADD, TCE_ET_F32, true));
    CHECK(tce_arith_legal(BULK, TCE_RED_ADD, TCE_ET_F64, false));
    CHECK(!tce_arith_legal(BULK, TCE_RED_MIN, TCE_ET_F32, false));
    CHECK(!tce_arith_legal(BULK, TCE_RED_AND, TCE_ET_U32, false));
    CHECK(tce_arith_legal(BULK, TCE_RED_XOR, TCE_ET_B64, false));
    CHECK(!tce_arith_legal(BULK, TCE_RED_ADD, TCE_ET_S64, false));
    CHECK(tce_arith_legal(BULK, TCE_RED_MAX, TCE_ET_S64, false));
    CHECK(!tce_arith_legal(BULK, TCE_RED_INC, TCE_ET_U64, false));
    /* .shared::cluster destination: the integer subset. */
    CHECK(tce_arith_legal(TCE_ARITH_BULK_REDUCE_CLUSTER, TCE_RED_ADD, TCE_ET_U64, false));
    CHECK(!tce_arith_legal(TCE_ARITH_BULK_REDUCE_CLUSTER, TCE_RED_MIN, TCE_ET_U64, false));
    CHECK(!tce_arith_legal(TCE_ARITH_BULK_REDUCE_CLUSTER, TCE_RED_AND, TCE_ET_B64, false));
    CHECK(!tce_arith_legal(TCE_ARITH_BULK_REDUCE_CLUSTER, TCE_RED_ADD, TCE_ET_F32, false));
    /* tensor reduce: f64 add only (the H100 adds into FLOAT64 maps, probes/reduce_types.txt),
     * no f32 min/max. */
    CHECK(tce_arith_legal(TENS, TCE_RED_ADD, TCE_ET_F64, true));
    CHECK(!tce_arith_legal(TENS, TCE_RED_MIN, TCE_ET_F64, true));
    CHECK(!tce_arith_legal(TENS, TCE_RED_MAX, TCE_ET_F32, true));
    CHECK(tce_arith_legal(TENS, TCE_RED_ADD, TCE_ET_F32, false));
    /* red: f16/bf16 min/max only on .global (as a vector), inc/dec only u32. */
    CHECK(tce_arith_legal(RG, TCE_RED_MIN, TCE_ET_F16, true));
    CHECK(!tce_arith_legal(RS, TCE_RED_MIN, TCE_ET_F16, true));
    CHECK(!tce_arith_legal(RG, TCE_RED_INC, TCE_ET_S32, false));
    CHECK(!tce_arith_legal(RS, TCE_RED_ADD, TCE_ET_S64, false));
    CHECK(tce_arith_legal(RS, TCE_RED_ADD, TCE_ET_F64, false));
    CHECK(!tce_arith_legal(RG, TCE_RED_ADD, TCE_ET_F32, true));

    tce_etype et = TCE_ET_B32;
    CHECK(tce_etype_from_dtype(TCE_DT_INT32, TCE_RED_ADD, &et) && et == TCE_ET_S32);
    CHECK(tce_etype_from_dtype(TCE_DT_INT32, TCE_RED_OR, &et) && et == TCE_ET_B32);
    CHECK(tce_etype_from_dtype(TCE_DT_UINT32, TCE_RED_INC, &et) && et == TCE_ET_U32);
    CHECK(tce_etype_from_dtype(TCE_DT_UINT32, TCE_RED_AND, &et) && et == TCE_ET_B32);
    CHECK(tce_etype_from_dtype(TCE_DT_UINT64, TCE_RED_XOR, &et) && et == TCE_ET_B64);
    CHECK(tce_etype_from_dtype(TCE_DT_UINT64, TCE_RED_MIN, &et) && et == TCE_ET_U64);
    CHECK(tce_etype_from_dtype(TCE_DT_INT64, TCE_RED_MAX, &et) && et == TCE_ET_S64);
    CHECK(!tce_etype_from_dtype(TCE_DT_INT64, TCE_RED_AND, &et)); /* H100 traps */
    CHECK(tce_etype_from_dtype(TCE_DT_FLOAT32_FTZ, TCE_RED_ADD, &et) && et == TCE_ET_F32);
    CHECK(tce_etype_from_dtype(TCE_DT_BFLOAT16, TCE_RED_MIN, &et) && et == TCE_ET_BF16);
    CHECK(!tce_etype_from_dtype(TCE_DT_FLOAT32, TCE_RED_MIN, &et));
    /* H100 (tests/data/probes/reduce_types.txt): add only on f64 and the tf32 types. */
    CHECK(tce_etype_from_dtype(TCE_DT_FLOAT64, TCE_RED_ADD, &et) && et == TCE_ET_F64);
    CHECK(!tce_etype_from_dtype(TCE_DT_FLOAT64, TCE_RED_MAX, &et));
    CHECK(tce_etype_from_dtype(TCE_DT_TFLOAT32_FTZ, TCE_RED_ADD, &et) && et == TCE_ET_F32);
    CHECK(!tce_etype_from_dtype(TCE_DT_TFLOAT32, TCE_RED_MIN, &et));
    CHECK(tce_arith_tensor_noftz(TCE_DT_TFLOAT32) && !tce_arith_tensor_noftz(TCE_DT_TFLOAT32_FTZ));
    CHECK(!tce_etype_from_dtype(TCE_DT_UINT8, TCE_RED_ADD, &et));
    CHECK(!tce_etype_from_dtype(TCE_DT_FLOAT16, TCE_RED_XOR, &et));
}

int main(void)
{
    f32_add();
    half_add();
    f64_add();
    half_minmax();
    legality();
    return check_finish("test_arith_float");
}
