/* Integer and bitwise reduction ops against hand-derived values (PTX "Semantics":
 * inc(r,s) = r>=s ? 0 : r+1, dec(r,s) = (r==0 || r>s) ? s : r-1; add wraps). */
#include "arith_expect.h"

/* Integer ops have no flushing: noftz is always false. */
#define EXPECT(ctx, op, et, mem, src, want) EXPECT_ARITH(ctx, op, et, false, mem, src, want)

int main(void)
{
    const tce_arith_ctx B = TCE_ARITH_BULK_REDUCE, G = TCE_ARITH_RED_GLOBAL,
                        S = TCE_ARITH_RED_SHARED;
    /* add wraps modulo 2^32 / 2^64; s32 and u32 add are the same bits. */
    EXPECT(B, TCE_RED_ADD, TCE_ET_U32, 0xffffffffu, 2, 1);
    EXPECT(B, TCE_RED_ADD, TCE_ET_S32, 0x7fffffffu, 1, 0x80000000u);
    EXPECT(G, TCE_RED_ADD, TCE_ET_U64, 0xffffffffffffffffull, 3, 2);
    EXPECT(S, TCE_RED_ADD, TCE_ET_U32, 0x12345678u, 0x11111111u, 0x23456789u);
    /* A 32-bit op ignores (and clears) the bits above 32 of its inputs. */
    EXPECT(B, TCE_RED_ADD, TCE_ET_U32, 0xabc00000001ull, 0xdef00000001ull, 2);

    /* min/max: signedness decides. */
    EXPECT(B, TCE_RED_MIN, TCE_ET_S32, 0x80000000u, 1, 0x80000000u);
    EXPECT(B, TCE_RED_MIN, TCE_ET_U32, 0x80000000u, 1, 1);
    EXPECT(B, TCE_RED_MAX, TCE_ET_S32, 0xffffffffu, 0, 0);
    EXPECT(B, TCE_RED_MAX, TCE_ET_U32, 0xffffffffu, 0, 0xffffffffu);
    EXPECT(G, TCE_RED_MAX, TCE_ET_S64, 0xffffffffffffffffull, 0, 0);
    EXPECT(G, TCE_RED_MAX, TCE_ET_U64, 0xffffffffffffffffull, 0, 0xffffffffffffffffull);
    EXPECT(S, TCE_RED_MIN, TCE_ET_S64, 5, 0x8000000000000000ull, 0x8000000000000000ull);
    EXPECT(S, TCE_RED_MIN, TCE_ET_U64, 5, 0x8000000000000000ull, 5);

    /* inc: wraps to 0 once r reaches s (and whenever r > s). */
    EXPECT(B, TCE_RED_INC, TCE_ET_U32, 4, 5, 5);
    EXPECT(B, TCE_RED_INC, TCE_ET_U32, 5, 5, 0);
    EXPECT(B, TCE_RED_INC, TCE_ET_U32, 7, 5, 0);
    EXPECT(G, TCE_RED_INC, TCE_ET_U32, 0xfffffffeu, 0xffffffffu, 0xffffffffu);
    EXPECT(G, TCE_RED_INC, TCE_ET_U32, 0xffffffffu, 0xffffffffu, 0);
    EXPECT(S, TCE_RED_INC, TCE_ET_U32, 0, 0, 0);
    /* dec: 0 and anything above s reload s. */
    EXPECT(B, TCE_RED_DEC, TCE_ET_U32, 0, 5, 5);
    EXPECT(B, TCE_RED_DEC, TCE_ET_U32, 6, 5, 5);
    EXPECT(B, TCE_RED_DEC, TCE_ET_U32, 5, 5, 4);
    EXPECT(G, TCE_RED_DEC, TCE_ET_U32, 3, 5, 2);
    EXPECT(S, TCE_RED_DEC, TCE_ET_U32, 1, 0, 0);
    EXPECT(S, TCE_RED_DEC, TCE_ET_U32, 0, 0, 0);

    /* bitwise */
    EXPECT(B, TCE_RED_AND, TCE_ET_B32, 0xf0f0f0f0u, 0xff00ff00u, 0xf000f000u);
    EXPECT(B, TCE_RED_OR, TCE_ET_B32, 0xf0f0f0f0u, 0x0f000000u, 0xfff0f0f0u);
    EXPECT(B, TCE_RED_XOR, TCE_ET_B64, 0xffffffff00000000ull, 0xffff0000ffff0000ull,
           0x0000ffffffff0000ull);
    EXPECT(G, TCE_RED_AND, TCE_ET_B64, 0x8000000000000001ull, 0x8000000000000003ull,
           0x8000000000000001ull);

    return check_finish("test_arith_int");
}
