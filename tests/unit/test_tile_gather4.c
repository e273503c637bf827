/* tile::gather4 loads and tile::scatter4 stores (sm_100; no hardware data here): values
 * derived by hand from the PTX text (four rows (col, row_j) of boxDim[0] elements, 2-D
 * tensors, boxDim[1] == 1, no interleave) and the tile-mode rules they inherit. */
#include "tile_fixture.h"

static const uint64_t G2[2] = {16, 8};

static void g4_init(tile_fx *f, tce_swizzle sw, int col, int r0, int r1, int r2, int r3)
{
    uint32_t box[2] = {8, 1};
    tf_init(f, TCE_DT_UINT32, 2, G2, box, sw, 1);
    f->op.mode = TCE_MODE_GATHER4;
    f->op.coords[0] = col;
    f->op.coords[1] = r0;
    f->op.coords[2] = r1;
    f->op.coords[3] = r2;
    f->op.coords[4] = r3;
}

static void test_gather4(void)
{
    tile_fx f;
    g4_init(&f, TCE_SW_NONE, 4, 2, 7, -1, 8);
    tce_result r = tf_run(&f);
    CHECK(r.status == TCE_OK);
    CHECK(r.tx_bytes == 4 * 8 * 4 && r.tx_ctas == 1);
    for (unsigned k = 0; k < 8; k++) {
        CHECK(tf_raw(&f, 0, TF_DST + 4 * k) == tf_tag(4 + k, 2));
        CHECK(tf_raw(&f, 0, TF_DST + 32 + 4 * k) == tf_tag(4 + k, 7));
        CHECK(tf_raw(&f, 0, TF_DST + 64 + 4 * k) == 0); /* row -1: zero fill */
        CHECK(tf_raw(&f, 0, TF_DST + 96 + 4 * k) == 0); /* row 8 = gdim[1] */
    }
    CHECK(tf_untouched(&f, 0, TF_DST + 128, 128));
    /* Columns past the tensor end are filled too. */
    f.op.coords[0] = 12;
    r = tf_run(&f);
    CHECK(r.status == TCE_OK);
    CHECK(tf_raw(&f, 0, TF_DST + 12) == tf_tag(15, 2));
    CHECK(tf_raw(&f, 0, TF_DST + 16) == 0);
    tce_memsys_free(&f.ms);
}

/* Each 32-byte row takes a 128-byte line under 128B swizzle; row j's chunk c lands at
 * chunk c ^ j of line j. */
static void test_gather4_swizzle(void)
{
    tile_fx f;
    g4_init(&f, TCE_SW_128B, 0, 5, 6, 1, 3);
    tce_result r = tf_run(&f);
    CHECK(r.status == TCE_OK && r.tx_bytes == 128);
    static const int rows[4] = {5, 6, 1, 3};
    for (unsigned j = 0; j < 4; j++) {
        uint32_t line = TF_DST + 128 * j;
        CHECK(tf_raw(&f, 0, line + 16 * (0 ^ j)) == tf_tag(0, rows[j]));
        CHECK(tf_raw(&f, 0, line + 16 * (1 ^ j) + 4) == tf_tag(5, rows[j]));
    }
    CHECK(tf_untouched(&f, 0, TF_DST + 32, 96)); /* line 0: chunks 2..7 */
    tce_memsys_free(&f.ms);
}

static void test_gather4_errors(void)
{
    tile_fx f;
    g4_init(&f, TCE_SW_NONE, 2, 0, 1, 2, 3); /* column 2 = 8 bytes: off 16 bytes */
    tce_result r = tf_run(&f);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && strstr(r.why, "tensorCoords[0]"));
    f.op.coords[0] = 0;
    f.map.box[1] = 2;
    r = tf_run(&f);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && strstr(r.why, "boxDim[1]"));
    f.map.box[1] = 1;
    f.map.interleave = TCE_IL_16B;
    r = tf_run(&f);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && strstr(r.why, "interleave"));
    f.map.interleave = TCE_IL_NONE;
    f.op.kind = TCE_OP_TENSOR_STORE;
    r = tf_run(&f);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && strstr(r.why, "gather4"));
    f.op.kind = TCE_OP_TENSOR_LOAD;
    CHECK(tf_untouched(&f, 0, 0, TF_SMEM));
    tce_memsys_free(&f.ms);

    tile_fx g;
    uint64_t g3[3] = {16, 8, 2};
    uint32_t box3[3] = {8, 1, 1};
    tf_init(&g, TCE_DT_UINT32, 3, g3, box3, TCE_SW_NONE, 1);
    g.op.mode = TCE_MODE_GATHER4;
    r = tf_run(&g);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && strstr(r.why, "2-D"));
    tce_memsys_free(&g.ms);
}

static void test_scatter4(void)
{
    tile_fx f;
    g4_init(&f, TCE_SW_NONE, 4, 1, 3, 9, 0);
    tf_to_store(&f, TCE_OP_TENSOR_STORE);
    f.op.mode = TCE_MODE_SCATTER4;
    for (uint32_t j = 0; j < 4; j++)
        for (uint32_t k = 0; k < 8; k++) {
            uint32_t v = 0x1000u * (j + 1) + k;
            memcpy(f.ms.smem[0] + TF_DST + 32 * j + 4 * k, &v, 4);
        }
    tce_result r = tf_run(&f);
    CHECK(r.status == TCE_OK);
    CHECK(tf_gword(&f, 4 * (4 + 16 * 1)) == 0x1000u);
    CHECK(tf_gword(&f, 4 * (11 + 16 * 1)) == 0x1007u);
    CHECK(tf_gword(&f, 4 * (3 + 16 * 1)) == tf_tag(3, 1));  /* left of the column */
    CHECK(tf_gword(&f, 4 * (12 + 16 * 1)) == tf_tag(12, 1)); /* right of the box */
    CHECK(tf_gword(&f, 4 * (6 + 16 * 3)) == 0x2002u);
    CHECK(tf_gword(&f, 4 * (4 + 16 * 0)) == 0x4000u); /* row 9 is outside: dropped */
    CHECK(tf_gword(&f, 4 * (4 + 16 * 2)) == tf_tag(4, 2));
    /* A negative row index traps, nothing written. */
    f.op.coords[3] = -1;
    f.op.coords[0] = 0;
    r = tf_run(&f);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && strstr(r.why, "tensorCoords[3]"));
    CHECK(tf_gword(&f, 0) == tf_tag(0, 0));
    /* scatter4 is a store mode only. */
    f.op.coords[3] = 2;
    f.op.kind = TCE_OP_TENSOR_REDUCE;
    r = tf_run(&f);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && strstr(r.why, "scatter4"));
    tce_memsys_free(&f.ms);
}

static void test_gather4_prefetch(void)
{
    tile_fx f;
    g4_init(&f, TCE_SW_NONE, 0, 0, 1, 2, 3);
    f.op.kind = TCE_OP_TENSOR_PREFETCH;
    tce_result r = tf_run(&f);
    CHECK(r.status == TCE_OK && r.tx_bytes == 0);
    CHECK(tf_untouched(&f, 0, 0, TF_SMEM));
    tce_memsys_free(&f.ms);
}

int main(void)
{
    test_gather4();
    test_gather4_swizzle();
    test_gather4_errors();
    test_scatter4();
    test_gather4_prefetch();
    return check_finish("test_tile_gather4");
}
