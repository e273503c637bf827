/* The 128-byte descriptor: bytes at the offsets descriptor_layout.def gives (hand-derived
 * here, not computed from the table), exact round trips, and every kind of corruption
 * reported as TCE_ERR_BAD_DESCRIPTOR naming the field and byte. */
#include <stdlib.h>

#include "descriptor_fields.h"
#include "encode_testkit.h"

static tce_tensormap tiled_map(void)
{
    tiled_args a = {TCE_DT_FLOAT32, 3, 0x123456789A00ull, {64, 1ull << 32, 8},
                    {256, 8192}, {32, 256, 2}, {1, 8, 3}, TCE_IL_NONE, TCE_SW_128B,
                    TCE_L2_256B, TCE_OOB_NAN};
    tce_tensormap m;
    tce_diag why = {{0}};
    CHECK(enc_tiled(&a, &m, &why) == TCE_OK);
    return m;
}

static tce_tensormap im2col_map(void)
{
    im2col_args a = {TCE_DT_BFLOAT16, 5, 0x10000000ull, {64, 16, 16, 4, 2},
                     {128, 2048, 32768, 131072}, {-16, 0, 1}, {15, -1, 0}, 64, 1000,
                     {1, 2, 3, 4, 5}, TCE_IL_NONE, TCE_SW_128B, TCE_L2_NONE, TCE_OOB_ZERO,
                     TCE_WIDE_W};
    tce_tensormap m;
    tce_diag why = {{0}};
    CHECK(enc_im2col(&a, &m, &why) == TCE_OK);
    return m;
}

static tce_tensormap wide_map(void)
{
    im2col_args a = {TCE_DT_FLOAT16, 3, 0x10000000ull, {64, 300, 2}, {128, 38400},
                     {-32768}, {32767}, 32, 77, {1, 1, 1}, TCE_IL_NONE, TCE_SW_64B,
                     TCE_L2_NONE, TCE_OOB_NAN, TCE_WIDE_W};
    tce_tensormap m;
    tce_diag why = {{0}};
    CHECK(enc_wide(&a, &m, &why) == TCE_OK);
    return m;
}

static bool same_map(const tce_tensormap *a, const tce_tensormap *b)
{
    return a->kind == b->kind && a->dtype == b->dtype && a->rank == b->rank &&
           a->gaddr == b->gaddr && !memcmp(a->gdim, b->gdim, sizeof a->gdim) &&
           !memcmp(a->gstride, b->gstride, sizeof a->gstride) &&
           !memcmp(a->box, b->box, sizeof a->box) &&
           !memcmp(a->estride, b->estride, sizeof a->estride) &&
           !memcmp(a->lower, b->lower, sizeof a->lower) &&
           !memcmp(a->upper, b->upper, sizeof a->upper) && a->channels == b->channels &&
           a->pixels == b->pixels && a->interleave == b->interleave &&
           a->swizzle == b->swizzle && a->promo == b->promo && a->oobfill == b->oobfill &&
           a->wide == b->wide;
}

static void test_layout_bytes(void)
{
    tce_tensormap m = tiled_map();
    uint8_t d[TCE_DESC_BYTES];
    tce_desc_pack(&m, d);
    CHECK(d[0] == 0xE1 && d[1] == 0x7C); /* magic 0x7CE1 little-endian */
    CHECK(d[2] == 0 && d[3] == 7 && d[4] == 3);  /* tiled, FLOAT32, rank 3 */
    CHECK(d[5] == 0 && d[6] == 3 && d[7] == 3 && d[8] == 1 && d[9] == 0);
    CHECK(d[14] == 4); /* esize */
    CHECK(d[16] == 0x00 && d[17] == 0x9A && d[21] == 0x12 && d[22] == 0 && d[23] == 0);
    CHECK(d[24] == 63 && d[25] == 0);                                     /* gdim[0]-1 */
    CHECK(d[28] == 0xFF && d[29] == 0xFF && d[30] == 0xFF && d[31] == 0xFF); /* 2^32-1 */
    CHECK(d[32] == 7 && d[36] == 0);
    CHECK(d[48] == 0x00 && d[49] == 0x01 && d[56] == 0x00 && d[57] == 0x20); /* 256, 8192 */
    CHECK(d[80] == 31 && d[81] == 255 && d[82] == 1 && d[83] == 0);  /* box - 1 */
    CHECK(d[85] == 0 && d[86] == 7 && d[87] == 2 && d[88] == 0);     /* estride - 1 */
    for (unsigned b = 90; b < TCE_DESC_BYTES; b++)
        CHECK(d[b] == 0);

    tce_tensormap i = im2col_map();
    tce_desc_pack(&i, d);
    CHECK(d[2] == 1 && d[10] == 64 && d[11] == 0 && d[12] == 0xE8 && d[13] == 0x03);
    CHECK(d[80] == 0 && d[84] == 0);                 /* no box in an im2col map */
    CHECK(d[90] == 0xF0 && d[91] == 0xFF);           /* lower[0] = -16 */
    CHECK(d[92] == 0 && d[94] == 1 && d[95] == 0);   /* lower[1] = 0, lower[2] = 1 */
    CHECK(d[96] == 15 && d[98] == 0xFF && d[99] == 0xFF && d[100] == 0);
    CHECK(d[89] == 4);                               /* estride[4] - 1 */

    tce_tensormap w = wide_map();
    tce_desc_pack(&w, d);
    CHECK(d[2] == 2 && d[9] == 0 && d[90] == 0x00 && d[91] == 0x80 && d[96] == 0xFF &&
          d[97] == 0x7F && d[92] == 0 && d[98] == 0);
}

static void test_round_trip(void)
{
    tce_tensormap maps[3] = {tiled_map(), im2col_map(), wide_map()};
    for (int k = 0; k < 3; k++) {
        uint8_t d[TCE_DESC_BYTES];
        tce_tensormap back;
        tce_diag why = {{0}};
        tce_desc_pack(&maps[k], d);
        CHECK(tce_desc_unpack(d, &back, &why) == TCE_OK);
        CHECK(same_map(&maps[k], &back));
    }
}

/* Corrupt one thing; unpack must refuse, and its reason must contain `want`. */
static void corrupt(const tce_tensormap *m, unsigned byte, uint8_t value, const char *want,
                    int line)
{
    uint8_t d[TCE_DESC_BYTES];
    tce_tensormap out;
    tce_diag why = {{0}};
    tce_desc_pack(m, d);
    d[byte] = value;
    tce_status st = tce_desc_unpack(d, &out, &why);
    if (st != TCE_ERR_BAD_DESCRIPTOR || !strstr(why.text, want)) {
        fprintf(stderr, "%s:%d: byte %u = 0x%02x: got %s '%s', wanted '%s'\n", __FILE__, line,
                byte, value, tce_status_name(st), why.text, want);
        failures++;
    }
}

static void test_corruption(void)
{
    tce_tensormap t = tiled_map(), i = im2col_map(), w = wide_map();
    corrupt(&t, 0, 0xE0, "MAGIC (byte 0)", __LINE__);
    corrupt(&t, 2, 3, "KIND (byte 2)", __LINE__);
    corrupt(&t, 3, 16, "DTYPE (byte 3)", __LINE__);
    corrupt(&t, 4, 0, "RANK (byte 4)", __LINE__);
    corrupt(&t, 4, 6, "RANK (byte 4)", __LINE__);
    corrupt(&t, 5, 3, "INTERLEAVE (byte 5)", __LINE__);
    corrupt(&t, 6, 7, "SWIZZLE (byte 6)", __LINE__);
    corrupt(&t, 7, 4, "PROMO (byte 7)", __LINE__);
    corrupt(&t, 8, 2, "OOBFILL (byte 8)", __LINE__);
    corrupt(&t, 9, 1, "WIDE_MODE[0] (byte 9)", __LINE__);
    corrupt(&t, 10, 8, "CHANNELS[0] (byte 10)", __LINE__);
    corrupt(&t, 14, 2, "ESIZE (byte 14)", __LINE__);
    corrupt(&t, 15, 0x40, "reserved byte 15", __LINE__);
    corrupt(&t, 16, 0x08, "GADDR (byte 16)", __LINE__);
    corrupt(&t, 36, 1, "GDIM_M1[3] (byte 36)", __LINE__);   /* beyond rank 3 */
    corrupt(&t, 44, 1, "reserved byte 44", __LINE__);
    corrupt(&t, 48, 0x08, "GSTRIDE[0] (byte 48)", __LINE__);
    corrupt(&t, 68, 1, "GSTRIDE[2] (byte 64)", __LINE__);   /* beyond rank 3 */
    corrupt(&t, 80, 35, "BOX_M1[0] (byte 80)", __LINE__);   /* 36 floats > 128B span */
    corrupt(&t, 86, 8, "ESTRIDE_M1[1] (byte 86)", __LINE__); /* estride 9 */
    corrupt(&t, 90, 1, "LOWER[0] (byte 90)", __LINE__);     /* tiled maps have no corners */
    corrupt(&t, 127, 1, "reserved byte 127", __LINE__);
    corrupt(&i, 80, 1, "BOX_M1[0] (byte 80)", __LINE__);
    corrupt(&i, 10, 0, "CHANNELS (byte 10)", __LINE__);
    corrupt(&i, 13, 0x04, "PIXELS (byte 12)", __LINE__);    /* 0x04E8 = 1256 > 1024 */
    corrupt(&i, 90, 0xEF, "LOWER[0] (byte 90)", __LINE__);  /* -17 for rank 5 */
    corrupt(&i, 101, 1, "UPPER[2] (byte 100)", __LINE__);
    corrupt(&w, 92, 1, "LOWER[1] (byte 92)", __LINE__);     /* wide maps carry W only */
    corrupt(&w, 9, 2, "WIDE_MODE (byte 9)", __LINE__);
    corrupt(&w, 6, 1, "SWIZZLE (byte 6)", __LINE__);        /* 32B is not a wide swizzle */
}

/* A map pack cannot represent is flagged, not silently truncated. */
static void test_pack_overflow(void)
{
    tce_tensormap m = tiled_map();
    uint8_t d[TCE_DESC_BYTES];
    tce_tensormap out;
    tce_diag why = {{0}};
    m.box[1] = 300;
    tce_desc_pack(&m, d);
    CHECK(tce_desc_unpack(d, &out, &why) == TCE_ERR_BAD_DESCRIPTOR);
    CHECK(strstr(why.text, "BOX_M1 (byte 80)") != NULL);
    m = tiled_map();
    m.gdim[0] = 0;
    tce_desc_pack(&m, d);
    CHECK(tce_desc_unpack(d, &out, &why) == TCE_ERR_BAD_DESCRIPTOR);
    CHECK(strstr(why.text, "GDIM_M1 (byte 24)") != NULL);
    m = im2col_map();
    m.lower[0] = 40000;
    tce_desc_pack(&m, d);
    CHECK(tce_desc_unpack(d, &out, &why) == TCE_ERR_BAD_DESCRIPTOR);
    CHECK(strstr(why.text, "LOWER (byte 90)") != NULL);
}

/* Every single-byte change of a valid image either is refused or yields a map whose own
 * image is exactly that changed image: nothing is accepted that pack would not make. */
static void test_sweep(void)
{
    tce_tensormap maps[3] = {tiled_map(), im2col_map(), wide_map()};
    static const uint8_t xors[] = {0x01, 0x02, 0x10, 0x80, 0xFF};
    for (int k = 0; k < 3; k++)
        for (unsigned b = 0; b < TCE_DESC_BYTES; b++)
            for (size_t x = 0; x < sizeof xors; x++) {
                uint8_t d[TCE_DESC_BYTES], again[TCE_DESC_BYTES];
                tce_tensormap out;
                tce_diag why = {{0}};
                tce_desc_pack(&maps[k], d);
                d[b] ^= xors[x];
                tce_status st = tce_desc_unpack(d, &out, &why);
                if (st == TCE_OK) {
                    tce_desc_pack(&out, again);
                    CHECK(!memcmp(d, again, TCE_DESC_BYTES));
                } else {
                    CHECK(st == TCE_ERR_BAD_DESCRIPTOR && why.text[0] != '\0');
                }
            }
}

static void test_smem_elem_bytes(void)
{
    tce_tensormap m;
    memset(&m, 0, sizeof m);
    m.dtype = TCE_DT_FLOAT64;
    CHECK(tce_tensormap_smem_elem_bytes(&m) == 8);
    m.dtype = TCE_DT_BFLOAT16;
    CHECK(tce_tensormap_smem_elem_bytes(&m) == 2);
    m.dtype = TCE_DT_UINT8;
    CHECK(tce_tensormap_smem_elem_bytes(&m) == 1);
    /* tma-notes section 6: 16 x 4 bits fill 8 bytes (half a byte each, reported as 0);
     * the ALIGN16B types pad each 16-element group to 16 bytes (one byte each). */
    m.dtype = TCE_DT_16U4_ALIGN8B;
    CHECK(tce_tensormap_smem_elem_bytes(&m) == 0);
    m.dtype = TCE_DT_16U4_ALIGN16B;
    CHECK(tce_tensormap_smem_elem_bytes(&m) == 1);
    m.dtype = TCE_DT_16U6_ALIGN16B;
    CHECK(tce_tensormap_smem_elem_bytes(&m) == 1);
}

int main(void)
{
    test_layout_bytes();
    test_round_trip();
    test_corruption();
    test_pack_overflow();
    test_sweep();
    test_smem_elem_bytes();
    return check_finish("test_descriptor");
}
