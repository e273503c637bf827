/* Tile-mode loads, stores, reduces and prefetches of the golden model, against values
 * derived by hand from the rules in docs/tile.md (each rule's source is named there). */
#include "tile_fixture.h"
#include "tf32.h"

static const uint64_t G2[2] = {16, 8};

static void test_basic_load(void)
{
    tile_fx f;
    uint32_t box[2] = {8, 4};
    tf_init(&f, TCE_DT_UINT32, 2, G2, box, TCE_SW_NONE, 1);
    f.op.coords[0] = 4;
    f.op.coords[1] = 2;
    tce_result r = tf_run(&f);
    CHECK(r.status == TCE_OK);
    CHECK(r.tx_bytes == 8 * 4 * 4);
    CHECK(r.tx_ctas == 1);
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x < 8; x++)
            CHECK(tf_raw(&f, 0, TF_DST + 4 * (x + 8 * y)) == tf_tag(4 + x, 2 + y));
    CHECK(tf_untouched(&f, 0, TF_DST + 128, 256));
    CHECK(tf_untouched(&f, 0, 0, TF_DST));
    tce_memsys_free(&f.ms);
}

/* ceil(box/estride) elements per dim stepping by estride; estride[0] is ignored without
 * interleave (driver doc; hwcorpus README). */
static void test_element_strides(void)
{
    tile_fx f;
    uint32_t box[2] = {8, 8};
    tf_init(&f, TCE_DT_UINT32, 2, G2, box, TCE_SW_NONE, 1);
    f.map.estride[0] = 2;
    f.map.estride[1] = 3;
    f.op.coords[1] = 1;
    tce_result r = tf_run(&f);
    CHECK(r.status == TCE_OK);
    CHECK(r.tx_bytes == 8 * 3 * 4); /* rows y = 1, 4, 7; 8 elements each */
    CHECK(tf_raw(&f, 0, TF_DST + 4 * 5) == tf_tag(5, 1));
    CHECK(tf_raw(&f, 0, TF_DST + 4 * (5 + 8)) == tf_tag(5, 4));
    CHECK(tf_raw(&f, 0, TF_DST + 4 * (7 + 16)) == tf_tag(7, 7));
    CHECK(tf_untouched(&f, 0, TF_DST + 96, 64));
    /* Off the stride grid is legal; y = 2, 5, 8 and row 8 is out of bounds (zero). */
    f.op.coords[1] = 2;
    r = tf_run(&f);
    CHECK(r.status == TCE_OK && r.tx_bytes == 96);
    CHECK(tf_raw(&f, 0, TF_DST + 4 * (3 + 8)) == tf_tag(3, 5));
    CHECK(tf_raw(&f, 0, TF_DST + 4 * (3 + 16)) == 0);
    tce_memsys_free(&f.ms);
}

static void test_oob_fill(void)
{
    tile_fx f;
    uint32_t box[2] = {8, 2};
    tf_init(&f, TCE_DT_FLOAT32, 2, G2, box, TCE_SW_NONE, 1);
    f.op.coords[0] = -4;
    f.op.coords[1] = -1;
    tce_result r = tf_run(&f);
    CHECK(r.status == TCE_OK && r.tx_bytes == 64); /* filled elements count too */
    CHECK(tf_raw(&f, 0, TF_DST) == 0);             /* row y=-1 */
    CHECK(tf_raw(&f, 0, TF_DST + 28) == 0);
    CHECK(tf_raw(&f, 0, TF_DST + 32) == 0);        /* x=-4, y=0 */
    CHECK(tf_raw(&f, 0, TF_DST + 32 + 16) == tf_tag(0, 0));
    CHECK(tf_raw(&f, 0, TF_DST + 32 + 28) == tf_tag(3, 0));
    /* OOB-NaN fill on a float type: 0x7FF7 in every 16-bit half (H100). */
    f.map.oobfill = TCE_OOB_NAN;
    r = tf_run(&f);
    CHECK(r.status == TCE_OK);
    CHECK(tf_raw(&f, 0, TF_DST) == 0x7FF77FF7u);
    CHECK(tf_raw(&f, 0, TF_DST + 32 + 12) == 0x7FF77FF7u);
    CHECK(tf_raw(&f, 0, TF_DST + 32 + 16) == tf_tag(0, 0));
    /* ... but an integer type still gets zeros. */
    f.map.dtype = TCE_DT_UINT32;
    r = tf_run(&f);
    CHECK(r.status == TCE_OK && tf_raw(&f, 0, TF_DST) == 0);
    /* A box entirely outside the tensor still writes (and counts) every byte. */
    f.op.coords[0] = 64;
    r = tf_run(&f);
    CHECK(r.status == TCE_OK && r.tx_bytes == 64 && tf_raw(&f, 0, TF_DST + 60) == 0);
    tce_memsys_free(&f.ms);
}

/* 16-byte rows under 128B swizzle: each row takes a whole 128-byte line (H100) and its
 * one chunk lands at chunk (line % 8). */
static void test_swizzle_narrow_rows(void)
{
    tile_fx f;
    uint32_t box[2] = {4, 8};
    tf_init(&f, TCE_DT_UINT32, 2, G2, box, TCE_SW_128B, 1);
    tce_result r = tf_run(&f);
    CHECK(r.status == TCE_OK);
    CHECK(r.tx_bytes == 4 * 4 * 8); /* bytes written, not the padded footprint */
    for (unsigned y = 0; y < 8; y++) {
        uint32_t line = TF_DST + 128 * y;
        CHECK(tf_raw(&f, 0, line + 16 * y) == tf_tag(0, y));
        CHECK(tf_raw(&f, 0, line + 16 * y + 12) == tf_tag(3, y));
        CHECK(tf_untouched(&f, 0, line, 16 * y));
        CHECK(tf_untouched(&f, 0, line + 16 * y + 16, 128 - 16 * y - 16));
        CHECK(tf_sword(&f, 0, line + 8) == tf_tag(2, y));
    }
    /* 64B swizzle with a full 64-byte row: line 1 holds rows 2 and 3; row 2's chunk 0
     * (address 0x480, line 1) lands at chunk 1. */
    tile_fx g;
    uint32_t box2[2] = {16, 4};
    tf_init(&g, TCE_DT_UINT32, 2, G2, box2, TCE_SW_64B, 1);
    r = tf_run(&g);
    CHECK(r.status == TCE_OK && r.tx_bytes == 256);
    CHECK(tf_raw(&g, 0, TF_DST + 128 + 16) == tf_tag(0, 2));
    CHECK(tf_raw(&g, 0, TF_DST + 128) == tf_tag(4, 2));
    tce_memsys_free(&f.ms);
    tce_memsys_free(&g.ms);
    /* 96B (sm_103a, TEXT only): 32-byte rows padded to a 96-byte pitch, 32B-like XOR.
     * Row 2 starts at +192 = line 1, chunk 4, which lands at chunk 5. */
    tile_fx h;
    uint32_t box3[2] = {8, 3};
    tf_init(&h, TCE_DT_UINT32, 2, G2, box3, TCE_SW_96B, 1);
    r = tf_run(&h);
    CHECK(r.status == TCE_OK && r.tx_bytes == 96);
    CHECK(tf_raw(&h, 0, TF_DST + 96) == tf_tag(0, 1));
    CHECK(tf_raw(&h, 0, TF_DST + 208) == tf_tag(0, 2));
    CHECK(tf_raw(&h, 0, TF_DST + 192) == tf_tag(4, 2));
    CHECK(tf_untouched(&h, 0, TF_DST + 32, 64));
    tce_memsys_free(&h.ms);
}

static void test_multicast_and_cluster(void)
{
    tile_fx f;
    uint32_t box[2] = {8, 2};
    tf_init(&f, TCE_DT_UINT32, 2, G2, box, TCE_SW_NONE, 3);
    f.op.multicast = true;
    f.op.cta_mask = 0x5;
    tce_result r = tf_run(&f);
    CHECK(r.status == TCE_OK && r.tx_bytes == 64 && r.tx_ctas == 0x5);
    CHECK(tf_raw(&f, 0, TF_DST + 36) == tf_tag(1, 1));
    CHECK(tf_raw(&f, 2, TF_DST + 36) == tf_tag(1, 1));
    CHECK(tf_untouched(&f, 1, 0, TF_SMEM));
    /* A CTA outside the cluster: nothing written anywhere. */
    memset(f.ms.smem[0], 0xa5, TF_SMEM);
    f.op.cta_mask = 0x9;
    r = tf_run(&f);
    CHECK(r.status == TCE_ERR_SHARED_RANGE && r.why[0]);
    CHECK(tf_untouched(&f, 0, 0, TF_SMEM));
    /* shared::cluster address of CTA 1 without multicast. */
    f.op.multicast = false;
    f.op.saddr = TCE_SADDR(1, TF_DST);
    r = tf_run(&f);
    CHECK(r.status == TCE_OK && r.tx_ctas == 0x2);
    CHECK(tf_raw(&f, 1, TF_DST) == tf_tag(0, 0));
    CHECK(tf_untouched(&f, 0, 0, TF_SMEM));
    /* shared::cta destination: the issuing CTA. */
    f.op.dst_space = TCE_SPACE_SHARED_CTA;
    f.op.cta = 2;
    f.op.saddr = TF_DST + 1024;
    r = tf_run(&f);
    CHECK(r.status == TCE_OK && r.tx_ctas == 0x4);
    CHECK(tf_raw(&f, 2, TF_DST + 1024 + 4) == tf_tag(1, 0));
    tce_memsys_free(&f.ms);
}

/* Interleave 16B (ileave_load.txt): dim-0 coordinates are 16-byte slices, one position
 * of dim rank-2 is walked whatever its box, rows are dense. */
static void test_interleave(void)
{
    tile_fx f;
    uint64_t alloc[3] = {8, 3, 8};
    uint32_t box[3] = {2, 3, 2};
    tf_init(&f, TCE_DT_UINT32, 3, alloc, box, TCE_SW_NONE, 1);
    f.map.interleave = TCE_IL_16B;
    f.map.gdim[0] = 2;
    f.map.gdim[1] = 3;
    f.map.gdim[2] = 2;
    f.map.gstride[1] = 32;
    f.map.gstride[2] = 96;
    f.op.coords[1] = 1;
    tce_result r = tf_run(&f);
    CHECK(r.status == TCE_OK);
    CHECK(r.tx_bytes == 2 * 32); /* n = {2 slices, 1 (dim rank-2), 2} */
    CHECK(!memcmp(f.ms.smem[0] + TF_DST, f.g + 32, 32));      /* y=1, z=0 */
    CHECK(!memcmp(f.ms.smem[0] + TF_DST + 32, f.g + 128, 32)); /* y=1, z=1 */
    CHECK(tf_untouched(&f, 0, TF_DST + 64, 64));
    /* The innermost coordinate need not be 16-byte aligned in elements: it is a slice
     * index. Slice 2 is past gdim[0] = 2, so the second half of each row is zero. */
    f.op.coords[0] = 1;
    r = tf_run(&f);
    CHECK(r.status == TCE_OK);
    CHECK(!memcmp(f.ms.smem[0] + TF_DST, f.g + 48, 16));
    CHECK(tf_raw(&f, 0, TF_DST + 16) == 0 && tf_raw(&f, 0, TF_DST + 28) == 0);
    tce_memsys_free(&f.ms);
}

static void test_tf32(void)
{
    /* Round to nearest on the 13 dropped bits, ties to even. */
    CHECK(tce_tf32_round(0x3F800FFFu) == 0x3F800000u);
    CHECK(tce_tf32_round(0x3F801001u) == 0x3F802000u);
    CHECK(tce_tf32_round(0x3F801000u) == 0x3F800000u); /* tie, even kept LSB: down */
    CHECK(tce_tf32_round(0x3F803000u) == 0x3F804000u); /* tie, odd kept LSB: up */
    CHECK(tce_tf32_round(0xBF803000u) == 0xBF804000u);
    CHECK(tce_tf32_round(0x00001FFFu) == 0x00002000u); /* subnormals kept, rounded */
    CHECK(tce_tf32_round(0x007FF000u) == 0x00800000u); /* ... into the smallest normal */
    CHECK(tce_tf32_round(0x7F7FF000u) == 0x7F800000u); /* overflow to infinity */
    CHECK(tce_tf32_round(0xFF800000u) == 0xFF800000u);
    CHECK(tce_tf32_round(0xFFC00001u) == 0x7FFFE000u); /* every NaN: canonical */
    CHECK(tce_tf32_round(0x7F800001u) == 0x7FFFE000u);
    /* A TFLOAT32 load rounds the data but not the OOB-NaN fill; FLOAT32 copies. */
    tile_fx f;
    uint32_t box[2] = {4, 1};
    tf_init(&f, TCE_DT_TFLOAT32_FTZ, 2, G2, box, TCE_SW_NONE, 1);
    uint32_t v = 0x3F803000u;
    memcpy(f.g + 4, &v, 4);
    f.map.oobfill = TCE_OOB_NAN;
    f.op.coords[1] = -1;
    tce_result r = tf_run(&f);
    CHECK(r.status == TCE_OK && tf_raw(&f, 0, TF_DST + 4) == 0x7FF77FF7u);
    f.op.coords[1] = 0;
    r = tf_run(&f);
    CHECK(r.status == TCE_OK && tf_raw(&f, 0, TF_DST + 4) == 0x3F804000u);
    f.map.dtype = TCE_DT_FLOAT32;
    r = tf_run(&f);
    CHECK(r.status == TCE_OK && tf_raw(&f, 0, TF_DST + 4) == 0x3F803000u);
    tce_memsys_free(&f.ms);
}

/* Stores clip at the tensor end, but dim 0 in whole 16-byte chunks (tile_store.txt). */
static void test_store_clip(void)
{
    tile_fx f;
    uint64_t g1[1] = {16};
    uint32_t box[1] = {12};
    tf_init(&f, TCE_DT_UINT32, 1, g1, box, TCE_SW_NONE, 1);
    f.map.gdim[0] = 6; /* 24 bytes: the chunk holding elements 4..7 is written whole */
    tf_to_store(&f, TCE_OP_TENSOR_STORE);
    for (uint32_t i = 0; i < 12; i++) {
        uint32_t v = 0x5000u + i;
        memcpy(f.ms.smem[0] + TF_DST + 4 * i, &v, 4);
    }
    tce_result r = tf_run(&f);
    CHECK(r.status == TCE_OK);
    CHECK(tf_gword(&f, 0) == 0x5000u && tf_gword(&f, 20) == 0x5005u);
    CHECK(tf_gword(&f, 24) == 0x5006u && tf_gword(&f, 28) == 0x5007u);
    CHECK(tf_gword(&f, 32) == tf_tag(8, 0) && tf_gword(&f, 44) == tf_tag(11, 0));
    /* Swizzled source: a 2-D store reads row y's chunk from chunk y ^ c of its line. */
    tile_fx s;
    uint32_t box2[2] = {4, 2};
    tf_init(&s, TCE_DT_UINT32, 2, G2, box2, TCE_SW_128B, 1);
    tf_to_store(&s, TCE_OP_TENSOR_STORE);
    s.op.coords[1] = 3;
    uint32_t v = 0x77u;
    memcpy(s.ms.smem[0] + TF_DST + 128 + 16 + 8, &v, 4); /* row 1, chunk 0 ^ 1, word 2 */
    r = tf_run(&s);
    CHECK(r.status == TCE_OK && tf_gword(&s, 4 * (2 + 16 * 4)) == 0x77u);
    tce_memsys_free(&f.ms);
    tce_memsys_free(&s.ms);
}

static void test_reduce(void)
{
    tile_fx f;
    uint32_t box[2] = {4, 1};
    tf_init(&f, TCE_DT_UINT32, 2, G2, box, TCE_SW_NONE, 1);
    tf_to_store(&f, TCE_OP_TENSOR_REDUCE);
    f.op.redop = TCE_RED_ADD;
    f.op.coords[1] = 1;
    for (uint32_t i = 0; i < 4; i++) {
        uint32_t v = 0x10u * (i + 1);
        memcpy(f.ms.smem[0] + TF_DST + 4 * i, &v, 4);
    }
    tce_result r = tf_run(&f);
    CHECK(r.status == TCE_OK);
    CHECK(tf_gword(&f, 64) == tf_tag(0, 1) + 0x10u);
    CHECK(tf_gword(&f, 76) == tf_tag(3, 1) + 0x40u);
    CHECK(tf_gword(&f, 80) == tf_tag(4, 1));
    /* H100: and/or/xor on an INT64 tensor trap; memory untouched. */
    f.map.dtype = TCE_DT_INT64;
    f.op.redop = TCE_RED_AND;
    r = tf_run(&f);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && strstr(r.why, "INT64"));
    CHECK(tf_gword(&f, 64) == tf_tag(0, 1) + 0x10u);
    tce_memsys_free(&f.ms);
}

static void test_errors(void)
{
    tile_fx f;
    uint32_t box[2] = {8, 4};
    tf_init(&f, TCE_DT_UINT32, 2, G2, box, TCE_SW_NONE, 1);
    /* Innermost coordinate off a 16-byte boundary (H100 trap). */
    f.op.coords[0] = 1;
    tce_result r = tf_run(&f);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && strstr(r.why, "tensorCoords[0]"));
    f.op.coords[0] = 0;
    /* Shared address off 128 bytes (H100 trap). */
    f.op.saddr = TCE_SADDR(0, TF_DST + 64);
    r = tf_run(&f);
    CHECK(r.status == TCE_ERR_MISALIGNED && strstr(r.why, "128-byte"));
    /* A 256-byte box starting 128 bytes before the end of shared memory: nothing
     * written, not even the half that fits. */
    f.map.box[1] = 8;
    f.op.saddr = TCE_SADDR(0, TF_SMEM - 128);
    r = tf_run(&f);
    CHECK(r.status == TCE_ERR_SHARED_RANGE && r.why[0]);
    CHECK(tf_untouched(&f, 0, TF_SMEM - 128, 128));
    f.map.box[1] = 4;
    f.op.saddr = TCE_SADDR(0, TF_DST);
    /* Misaligned mbarrier. */
    f.op.mbar = TCE_SADDR(0, 0xC);
    r = tf_run(&f);
    CHECK(r.status == TCE_ERR_MISALIGNED && strstr(r.why, "mbarrier"));
    f.op.mbar = TCE_SADDR(0, TF_MBAR);
    /* In-bounds elements whose bytes lie outside global memory: GLOBAL_BUS, and not
     * even the rows before them are written. */
    f.map.gdim[1] = 64;
    f.op.coords[1] = 6;
    r = tf_run(&f);
    CHECK(r.status == TCE_ERR_GLOBAL_BUS && strstr(r.why, "global"));
    CHECK(tf_untouched(&f, 0, TF_DST, 128));
    f.map.gdim[1] = 8;
    f.op.coords[1] = 0;
    /* Instruction rank differs from the map's. */
    f.op.dims = 3;
    r = tf_run(&f);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && strstr(r.why, "rank"));
    f.op.dims = 2;
    /* Packed sub-byte types are refused by name, not copied as bytes. */
    f.map.dtype = TCE_DT_16U4_ALIGN8B;
    r = tf_run(&f);
    CHECK(r.status == TCE_ERR_UNSUPPORTED && strstr(r.why, "16U4_ALIGN8B"));
    f.map.dtype = TCE_DT_UINT32;
    /* An im2col map in tile mode. */
    f.map.kind = TCE_MAP_IM2COL;
    r = tf_run(&f);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR);
    f.map.kind = TCE_MAP_TILED;
    /* Stores: negative coordinate traps (H100); nothing written. */
    tf_to_store(&f, TCE_OP_TENSOR_STORE);
    f.op.coords[1] = -1;
    r = tf_run(&f);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && strstr(r.why, "tensorCoords[1]"));
    CHECK(tf_gword(&f, 0) == tf_tag(0, 0));
    /* A store whose 256-byte source runs past shared memory. */
    f.op.coords[1] = 0;
    f.map.box[1] = 8;
    f.op.saddr = TF_SMEM - 128;
    r = tf_run(&f);
    CHECK(r.status == TCE_ERR_SHARED_RANGE);
    CHECK(tf_gword(&f, 0) == tf_tag(0, 0));
    CHECK(tf_untouched(&f, 0, 0, TF_SMEM));
    tce_memsys_free(&f.ms);
}

static void test_prefetch(void)
{
    tile_fx f;
    uint32_t box[2] = {8, 4};
    tf_init(&f, TCE_DT_UINT32, 2, G2, box, TCE_SW_NONE, 1);
    f.op.kind = TCE_OP_TENSOR_PREFETCH;
    f.op.completion = TCE_DONE_NONE;
    tce_result r = tf_run(&f);
    CHECK(r.status == TCE_OK && r.tx_bytes == 0 && r.tx_ctas == 0);
    CHECK(tf_untouched(&f, 0, 0, TF_SMEM));
    f.op.coords[0] = 2; /* validated like a load */
    r = tf_run(&f);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR);
    tce_memsys_free(&f.ms);
}

/* The whole path: encode, pack into global memory, tce_csim_execute fetches it. */
static void test_through_descriptor(void)
{
    tile_fx f;
    uint32_t box[2] = {8, 4};
    tf_init(&f, TCE_DT_UINT32, 2, G2, box, TCE_SW_NONE, 1);
    uint64_t gs[1] = {64};
    uint32_t es[2] = {1, 1};
    tce_diag why;
    tce_tensormap m;
    CHECK(tce_encode_tiled(&m, TCE_DT_UINT32, 2, TF_GBASE, G2, gs, box, es, TCE_IL_NONE,
                           TCE_SW_NONE, TCE_L2_NONE, TCE_OOB_ZERO, &why) == TCE_OK);
    CHECK(tce_memsys_add_global(&f.ms, 0x10000, 4096) == 0);
    tce_desc_pack(&m, tce_gmem(&f.ms, 0x10000, TCE_DESC_BYTES));
    f.op.tmap_addr = 0x10000;
    f.op.coords[0] = 8;
    f.op.coords[1] = 5;
    tce_result r = tce_csim_execute(&f.op, &f.ms);
    CHECK(r.status == TCE_OK && r.tx_bytes == 128);
    CHECK(tf_raw(&f, 0, TF_DST) == tf_tag(8, 5));
    CHECK(tf_raw(&f, 0, TF_DST + 32 * 2 + 4) == tf_tag(9, 7));
    CHECK(tf_raw(&f, 0, TF_DST + 32 * 3) == 0); /* y = 8: out of bounds */
    tce_memsys_free(&f.ms);
}

int main(void)
{
    test_basic_load();
    test_element_strides();
    test_oob_fill();
    test_swizzle_narrow_rows();
    test_multicast_and_cluster();
    test_interleave();
    test_tf32();
    test_store_clip();
    test_reduce();
    test_errors();
    test_prefetch();
    test_through_descriptor();
    return check_finish("test_tile");
}
