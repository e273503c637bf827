/* Shared-memory swizzle patterns against addresses derived by hand from the pattern
 * tables (hwcorpus README for 32B/64B/128B, which tile_load.txt confirms; the PTX
 * swizzle tables as digested in spec/tma-notes.md section 12 for the sm_100 atomicity
 * variants and 96B, which no hardware here can check). */
#include <stdio.h>

#include "swizzle.h"

#include "check.h"

/* 16-byte chunk c of 128-byte line l of a 1024-aligned block, byte b inside the chunk. */
static unsigned at(unsigned l, unsigned c, unsigned b)
{
    return l * 128u + c * 16u + b;
}

static void test_none(void)
{
    for (unsigned a = 0; a < 4096; a += 7)
        CHECK(tce_swizzle_addr(TCE_SW_NONE, a) == a);
}

static void test_16b_atomicity(void)
{
    /* 32B: line 1 swaps chunk pairs (1 0 3 2 ...); line 2 repeats line 0. */
    CHECK(tce_swizzle_addr(TCE_SW_32B, at(1, 0, 5)) == at(1, 1, 5));
    CHECK(tce_swizzle_addr(TCE_SW_32B, at(1, 7, 0)) == at(1, 6, 0));
    CHECK(tce_swizzle_addr(TCE_SW_32B, at(2, 3, 9)) == at(2, 3, 9));
    /* 64B: line 2 is 2 3 0 1 6 7 4 5, line 3 is 3 2 1 0 7 6 5 4, line 4 repeats line 0. */
    CHECK(tce_swizzle_addr(TCE_SW_64B, at(2, 0, 0)) == at(2, 2, 0));
    CHECK(tce_swizzle_addr(TCE_SW_64B, at(3, 1, 15)) == at(3, 2, 15));
    CHECK(tce_swizzle_addr(TCE_SW_64B, at(3, 5, 1)) == at(3, 6, 1));
    CHECK(tce_swizzle_addr(TCE_SW_64B, at(4, 5, 1)) == at(4, 5, 1));
    /* 128B: chunk ^= line % 8; line 5 chunk 3 -> 6, line 7 chunk 0 -> 7, period 1024. */
    CHECK(tce_swizzle_addr(TCE_SW_128B, at(5, 3, 2)) == at(5, 6, 2));
    CHECK(tce_swizzle_addr(TCE_SW_128B, at(7, 0, 0)) == at(7, 7, 0));
    CHECK(tce_swizzle_addr(TCE_SW_128B, 1024 + at(7, 0, 0)) == 1024 + at(7, 7, 0));
    CHECK(tce_swizzle_addr(TCE_SW_128B, at(8, 4, 0)) == at(8, 4, 0));
    /* 96B: the PTX table shows the 32B pattern (0 1 2 .. / 1 0 3 2 ..), period 256. */
    CHECK(tce_swizzle_addr(TCE_SW_96B, at(1, 0, 3)) == at(1, 1, 3));
    CHECK(tce_swizzle_addr(TCE_SW_96B, at(1, 5, 0)) == at(1, 4, 0));
    CHECK(tce_swizzle_addr(TCE_SW_96B, at(2, 5, 0)) == at(2, 5, 0));
}

static void test_wide_atomicity(void)
{
    /* 128B with 32-byte atoms: pairs (01)(23)(45)(67) move as units; line 1 swaps
     * neighbouring pairs, line 2 swaps halves, line 3 reverses; period 4 lines. */
    CHECK(tce_swizzle_addr(TCE_SW_128B_ATOM_32B, at(1, 0, 0)) == at(1, 2, 0));
    CHECK(tce_swizzle_addr(TCE_SW_128B_ATOM_32B, at(1, 1, 4)) == at(1, 3, 4));
    CHECK(tce_swizzle_addr(TCE_SW_128B_ATOM_32B, at(2, 0, 0)) == at(2, 4, 0));
    CHECK(tce_swizzle_addr(TCE_SW_128B_ATOM_32B, at(3, 2, 0)) == at(3, 4, 0));
    CHECK(tce_swizzle_addr(TCE_SW_128B_ATOM_32B, at(3, 7, 15)) == at(3, 1, 15));
    CHECK(tce_swizzle_addr(TCE_SW_128B_ATOM_32B, at(4, 3, 0)) == at(4, 3, 0));
    /* ... with the 8-byte flip: the same, plus the two 8-byte halves of every 16 bytes
     * swap on every other (odd) line. */
    CHECK(tce_swizzle_addr(TCE_SW_128B_ATOM_32B_FLIP_8B, at(0, 1, 3)) == at(0, 1, 3));
    CHECK(tce_swizzle_addr(TCE_SW_128B_ATOM_32B_FLIP_8B, at(1, 0, 0)) == at(1, 2, 8));
    CHECK(tce_swizzle_addr(TCE_SW_128B_ATOM_32B_FLIP_8B, at(1, 0, 9)) == at(1, 2, 1));
    CHECK(tce_swizzle_addr(TCE_SW_128B_ATOM_32B_FLIP_8B, at(2, 0, 9)) == at(2, 4, 9));
    CHECK(tce_swizzle_addr(TCE_SW_128B_ATOM_32B_FLIP_8B, at(3, 6, 2)) == at(3, 0, 10));
    /* 128B with 64-byte atoms: (0123)(4567), line 1 swaps the halves, period 2 lines. */
    CHECK(tce_swizzle_addr(TCE_SW_128B_ATOM_64B, at(1, 0, 0)) == at(1, 4, 0));
    CHECK(tce_swizzle_addr(TCE_SW_128B_ATOM_64B, at(1, 6, 7)) == at(1, 2, 7));
    CHECK(tce_swizzle_addr(TCE_SW_128B_ATOM_64B, at(2, 6, 7)) == at(2, 6, 7));
}

/* Every pattern permutes the bytes of each 128-byte line among themselves. */
static void test_bijective(void)
{
    for (int sw = TCE_SW_NONE; sw <= TCE_SW_96B; sw++)
        for (unsigned base = 0; base < 2048; base += 128) {
            unsigned char seen[128] = {0};
            int ok = 1;
            for (unsigned i = 0; i < 128; i++) {
                unsigned p = tce_swizzle_addr((tce_swizzle)sw, base + i);
                if (p < base || p >= base + 128 || seen[p - base]++)
                    ok = 0;
            }
            CHECK(ok);
        }
}

static void test_span(void)
{
    CHECK(tce_swizzle_span(TCE_SW_NONE) == 0);
    CHECK(tce_swizzle_span(TCE_SW_32B) == 32);
    CHECK(tce_swizzle_span(TCE_SW_64B) == 64);
    CHECK(tce_swizzle_span(TCE_SW_96B) == 96);
    CHECK(tce_swizzle_span(TCE_SW_128B) == 128);
    CHECK(tce_swizzle_span(TCE_SW_128B_ATOM_32B) == 128);
    CHECK(tce_swizzle_span(TCE_SW_128B_ATOM_64B) == 128);
}

int main(void)
{
    test_none();
    test_16b_atomicity();
    test_wide_atomicity();
    test_bijective();
    test_span();
    return check_finish("test_swizzle");
}
