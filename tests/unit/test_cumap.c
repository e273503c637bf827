/* The driver-format tensor map codec (csim/cumap.c) and tensormap.replace on it
 * (firmware/driver/tce_tmreplace_cumap.c), against bytes worked out by hand from the
 * layout in docs/cumap.md and against bytes the H100's driver and GPU wrote (corpus case
 * ids in the comments). The corpus replays (replay-csim-encode, replay-csim-tmreplace)
 * check every case; this test pins the reasoning and the error paths. */
#include <string.h>

#include "cumap.h"
#include "driver/tce_tmreplace.h"

#include "check.h"

/* A 64 x 32 FLOAT16 tensor at 0x10000, 128-byte rows, box 64 x 8, 128B swizzle, L2 128B.
 * Control word (bytes 8-11): rank-1 = 1 << 4, elemtype 6 << 7, swizzle 3 << 13, promotion
 * 2 << 17 = 0x46310. Stride 128 / 16 = 8; dims 63, 31; box 63, 7; box bytes 2 * 64 * 8 =
 * 1024; swizzle period 1024. */
static const uint8_t hand_tiled[TCE_CUMAP_BYTES] = {
    0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x63, 0x04, 0x00, 0x08, 0x00, 0x00, 0x00,
    [32] = 0x3f, [36] = 0x1f, [55] = 0x3f, [56] = 0x07, [65] = 0x04, [73] = 0x04};

static tce_tensormap hand_map(void)
{
    tce_tensormap m;
    tce_diag why;
    uint64_t gdim[2] = {64, 32}, gstride[1] = {128};
    uint32_t box[2] = {64, 8}, es[2] = {1, 1};
    memset(&m, 0, sizeof m);
    CHECK(tce_encode_tiled(&m, TCE_DT_FLOAT16, 2, 0x10000, gdim, gstride, box, es, TCE_IL_NONE,
                           TCE_SW_128B, TCE_L2_128B, TCE_OOB_ZERO, &why) == TCE_OK);
    return m;
}

static void test_encode_decode_by_hand(void)
{
    tce_tensormap m = hand_map(), back;
    uint8_t img[TCE_CUMAP_BYTES];
    tce_diag why;
    CHECK(tce_cumap_encode(&m, img, &why) == TCE_OK);
    CHECK(memcmp(img, hand_tiled, sizeof img) == 0);
    CHECK(tce_cumap_decode(hand_tiled, &back, &why) == TCE_OK);
    CHECK(back.rank == 2 && back.dtype == TCE_DT_FLOAT16 && back.gaddr == 0x10000);
    CHECK(back.gdim[0] == 64 && back.gdim[1] == 32 && back.gstride[1] == 128);
    CHECK(back.box[0] == 64 && back.box[1] == 8 && back.swizzle == TCE_SW_128B);
    CHECK(back.promo == TCE_L2_128B && back.estride[1] == 1);
    CHECK(tce_cumap_derived(hand_tiled, &back, &why));
}

/* The corners of encode.txt case 28 (an im2col rank 5 FLOAT32 map, other parameters
 * changed): corners lower {-2, 2, -2}, upper
 * {1, -1, -3} in 5 bits each, W first: 11110 00010 11110 = 0x785e and 11101 11111 00001 =
 * 0x77e1, at bytes 56-59 after channels - 1 = 15 at byte 55. */
static void test_im2col_corners(void)
{
    tce_tensormap m;
    tce_diag why;
    uint64_t gdim[5] = {16, 5, 6, 7, 2}, gstride[4] = {64, 320, 1920, 13440};
    int32_t lo[3] = {-2, 2, -2}, up[3] = {1, -1, -3};
    uint32_t es[5] = {1, 1, 1, 1, 1};
    memset(&m, 0, sizeof m);
    CHECK(tce_encode_im2col(&m, TCE_DT_FLOAT32, 5, 0x7ff2cfe00000ull, gdim, gstride, lo, up, 16,
                            1, es, TCE_IL_NONE, TCE_SW_NONE, TCE_L2_NONE, TCE_OOB_ZERO,
                            &why) == TCE_OK);
    uint8_t img[TCE_CUMAP_BYTES];
    CHECK(tce_cumap_encode(&m, img, &why) == TCE_OK);
    static const uint8_t want[6] = {0x0f, 0x5e, 0x78, 0xe1, 0x77, 0x00};
    CHECK(memcmp(img + 55, want, sizeof want) == 0);
    CHECK((img[8] & 0x0f) == 1); /* MODE: im2col */
    tce_tensormap back;
    CHECK(tce_cumap_decode(img, &back, &why) == TCE_OK);
    CHECK(back.lower[0] == -2 && back.lower[1] == 2 && back.lower[2] == -2);
    CHECK(back.upper[0] == 1 && back.upper[1] == -1 && back.upper[2] == -3);
    CHECK(back.channels == 16 && back.pixels == 1 && back.kind == TCE_MAP_IM2COL);
}

/* TFLOAT32 is stored as FLOAT32 (7) with bit 80 set (every tf32 map of encode.txt). */
static void test_tf32(void)
{
    tce_tensormap m = hand_map(), back;
    uint8_t img[TCE_CUMAP_BYTES];
    tce_diag why;
    m.dtype = TCE_DT_TFLOAT32;
    m.gstride[0] = 4;
    m.box[0] = 32; /* 128-byte rows under 128B swizzle */
    CHECK(tce_cumap_encode(&m, img, &why) == TCE_OK);
    CHECK(tce_cumap_get(img, TCE_CF_ELEMTYPE, 0) == 7 && tce_cumap_get(img, TCE_CF_TF32, 0) == 1);
    CHECK(img[10] == 0x05); /* promotion 2 << 1 | TF32 */
    CHECK(tce_cumap_decode(img, &back, &why) == TCE_OK && back.dtype == TCE_DT_TFLOAT32);
}

static void test_decode_errors(void)
{
    uint8_t img[TCE_CUMAP_BYTES];
    tce_tensormap m;
    tce_diag why;
    memcpy(img, hand_tiled, sizeof img);
    img[10] |= 0x20; /* bit 85: no field */
    CHECK(tce_cumap_decode(img, &m, &why) == TCE_ERR_BAD_DESCRIPTOR);
    CHECK(strstr(why.text, "bit 85 (byte 10)") != NULL);
    memcpy(img, hand_tiled, sizeof img);
    img[8] = 0x50; /* rank 6 */
    CHECK(tce_cumap_decode(img, &m, &why) == TCE_ERR_BAD_DESCRIPTOR);
    CHECK(strstr(why.text, "RANK_M1") != NULL);
    memcpy(img, hand_tiled, sizeof img);
    img[8] = 0x12; /* MODE 2 */
    CHECK(tce_cumap_decode(img, &m, &why) == TCE_ERR_BAD_DESCRIPTOR);
    CHECK(strstr(why.text, "MODE") != NULL);
    memcpy(img, hand_tiled, sizeof img);
    img[12] = 0x09; /* stride 144: fine; then a 256-wide box of 2-byte elements under 128B */
    img[55] = 0xff;
    CHECK(tce_cumap_decode(img, &m, &why) == TCE_ERR_BAD_DESCRIPTOR);
    CHECK(strstr(why.text, "the driver would not write this map") != NULL);
    /* Derived fields: a stale box byte count is noticed, not an error of decode. */
    memcpy(img, hand_tiled, sizeof img);
    img[64] = 1;
    CHECK(tce_cumap_decode(img, &m, &why) == TCE_OK);
    CHECK(!tce_cumap_derived(img, &m, &why) && strstr(why.text, "BOX_BYTES is 1025") != NULL);
}

static void test_encode_unsupported(void)
{
    tce_tensormap m = hand_map();
    uint8_t img[TCE_CUMAP_BYTES];
    tce_diag why;
    m.kind = TCE_MAP_IM2COL_WIDE;
    CHECK(tce_cumap_encode(&m, img, &why) == TCE_ERR_UNSUPPORTED);
    m = hand_map();
    m.swizzle = TCE_SW_128B_ATOM_32B;
    CHECK(tce_cumap_encode(&m, img, &why) == TCE_ERR_UNSUPPORTED);
    m = hand_map();
    m.gstride[1] = 136;
    CHECK(tce_cumap_encode(&m, img, &why) == TCE_ERR_INVALID_VALUE);
    CHECK(strstr(why.text, "globalStrides[0]=136") != NULL);
}

/* tensormap.replace stores the value's bits as the GPU did (tmreplace.txt). */
static void test_replace(void)
{
    uint8_t img[TCE_CUMAP_BYTES];
    tce_diag why;
    memcpy(img, hand_tiled, sizeof img);
    /* case 13: box_dim ord 2 value 887 -> byte 57 = 886 & 0xff = 0x76 */
    CHECK(tce_cumap_replace(img, TCE_TMR_BOX_DIM, 2, 887, &why) == TCE_OK && img[57] == 0x76);
    /* element_stride 0 -> 7 in bits 416-418 (cases 656, 1433, 2391, 2823) */
    CHECK(tce_cumap_replace(img, TCE_TMR_ELEMENT_STRIDE, 0, 0, &why) == TCE_OK);
    CHECK((img[52] & 7) == 7);
    /* global_stride ord 4 (case 2: value 0xe6a670): value / 16 = 0xe6a67 into bits
     * 224-255, then its high nibble (0) into bits 240-243 */
    img[30] = 0xff;
    img[31] = 0xff;
    CHECK(tce_cumap_replace(img, TCE_TMR_GLOBAL_STRIDE, 4, 0xe6a670, &why) == TCE_OK);
    CHECK(img[28] == 0x67 && img[29] == 0x6a && img[30] == 0x00 && img[31] == 0x00);
    /* case 25: global_stride ord 0 value 0x15563169690: low 4 bits dropped, 39:36 -> nibble */
    CHECK(tce_cumap_replace(img, TCE_TMR_GLOBAL_STRIDE, 0, 0x15563169690ull, &why) == TCE_OK);
    CHECK(img[12] == 0x69 && img[13] == 0x69 && img[14] == 0x31 && img[15] == 0x56);
    CHECK((img[28] & 0x0f) == 0x5);
    /* rank keeps new_val's low 3 bits: 9 stores 1 */
    CHECK(tce_cumap_replace(img, TCE_TMR_RANK, 0, 9, &why) == TCE_OK);
    CHECK(tce_cumap_get(img, TCE_CF_RANK_M1, 0) == 1 && (img[8] & 0x80) == 0);
    /* elemtype 12 (tf32.ftz) stores 8 and sets TF32; a later elemtype 2 keeps TF32 */
    CHECK(tce_cumap_replace(img, TCE_TMR_ELEMTYPE, 0, 12, &why) == TCE_OK);
    CHECK(tce_cumap_get(img, TCE_CF_ELEMTYPE, 0) == 8 && tce_cumap_get(img, TCE_CF_TF32, 0) == 1);
    CHECK(tce_cumap_replace(img, TCE_TMR_ELEMTYPE, 0, 2, &why) == TCE_OK);
    CHECK(tce_cumap_get(img, TCE_CF_ELEMTYPE, 0) == 2 && tce_cumap_get(img, TCE_CF_TF32, 0) == 1);
    /* the derived fields do not follow */
    CHECK(img[65] == 0x04 && img[73] == 0x04);

    uint8_t keep[TCE_CUMAP_BYTES];
    memcpy(keep, img, sizeof keep);
    CHECK(tce_cumap_replace(img, TCE_TMR_BOX_DIM, 5, 1, &why) == TCE_ERR_UNDEFINED);
    CHECK(strstr(why.text, ".box_dim") != NULL);
    CHECK(tce_cumap_replace(img, TCE_TMR_SWIZZLE_ATOMICITY, 0, 1, &why) == TCE_ERR_UNSUPPORTED);
    CHECK(tce_cumap_replace(img, TCE_TMR_SWIZZLE_MODE, 0, 4, &why) == TCE_ERR_UNSUPPORTED);
    CHECK(tce_cumap_replace(img, TCE_TMR_ELEMTYPE, 0, 16, &why) == TCE_ERR_ILLEGAL_INSTR);
    CHECK(tce_cumap_replace(img, TCE_TMR_FILL_MODE, 0, 2, &why) == TCE_ERR_ILLEGAL_INSTR);
    CHECK(memcmp(img, keep, sizeof img) == 0);
}

int main(void)
{
    test_encode_decode_by_hand();
    test_im2col_corners();
    test_tf32();
    test_decode_errors();
    test_encode_unsupported();
    test_replace();
    return check_finish("test_cumap");
}
