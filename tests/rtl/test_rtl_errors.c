/* Errors agree: every illegal operation of issue 19's list runs on the golden model (csim)
 * and on the RTL (rtl engine: firmware driver -> registers -> Verilated engine) on
 * identical memories; both must give the same status, the same ERR_INFO.FIELD, the same
 * bytes read / written and leave every memory byte as it was. The golden model's verdict
 * is the truth (it is the H100's, docs/regress.md); the RTL must also explain its error in
 * words. Each case is one the two disagreed on before (measured on 4a0b819). */
#include "errors_rig.h"

/* Descriptor corruptions, byte offsets from csim/descriptor_layout.def. */
static void stride_2p40(uint8_t *d) { d[48 + 5] = 0x01; }      /* GSTRIDE[0] += 2^40 */
static void esize_0(uint8_t *d) { d[14] = 0; }                 /* ESIZE */
static void kind_im2col(uint8_t *d) { d[2] = 1; }              /* KIND */
static void rank_1(uint8_t *d) { d[4] = 1; }                   /* RANK, dim 1 left set */
static void rank_3(uint8_t *d) { d[4] = 3; }                   /* RANK: a valid 3-D map */

/* Boxes at the encoder's 227 KB limit (csim/encode_rules.h TCE_ENC_MAX_BOX_BYTES = 232448),
 * in the driver's count: floor(box[i] / estride[i]) over the dims times 4 bytes (f32). */
static void box_256x227(uint8_t *d) { d[80] = 255; d[81] = 226; }   /* 232448: legal */
static void box_256x228(uint8_t *d) { d[80] = 255; d[81] = 227; }   /* 233472: too big */
/* 3-D, dim 2 with elementStride 2 (gdim[2] 4, gstride[1] 1024): floor(3 / 2) = 1 keeps the
 * count at 232448 where ceil would double it; floor(4 / 2) = 2 does double it. */
static void box_3d(uint8_t *d, uint8_t box2_m1)
{
    box_256x227(d);
    d[4] = 3;
    d[24 + 8] = 3;           /* GDIM_M1[2] */
    d[48 + 8 + 1] = 0x04;    /* GSTRIDE[1] = 1024 */
    d[82] = box2_m1;
    d[87] = 1;               /* ESTRIDE_M1[2]: elementStride 2 */
}
/* globalDim[0] 13: a row's in-bounds part ends 4 bytes into a 16-byte unit */
static void gdim0_13(uint8_t *d) { d[24] = 12; }
static void box_3d_floor(uint8_t *d) { box_3d(d, 2); }
static void box_3d_over(uint8_t *d) { box_3d(d, 3); }

static tce_op g2s(uint64_t gaddr, uint32_t saddr, uint32_t size)
{
    return tce_op_bulk_copy(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CTA, 0, gaddr, saddr, size, 0x100);
}

/* red.add.u32 of 5 at gaddr (global) or saddr (shared). */
static tce_op red_add_u32(tce_space dst, uint64_t gaddr, uint32_t saddr)
{
    tce_op op = {.kind = TCE_OP_RED, .dst_space = dst, .src_space = TCE_SPACE_GLOBAL,
                 .redop = TCE_RED_ADD, .etype = TCE_ET_U32, .vec = 1, .gaddr = gaddr,
                 .saddr = saddr, .operand = {5}};
    return op;
}

/* multimem.cp.async.bulk of 64 bytes from shared 0x400 to three global addresses. */
static tce_op multimem3(uint64_t a0, uint64_t a1, uint64_t a2)
{
    tce_op op = {.kind = TCE_OP_MULTIMEM_COPY, .src_space = TCE_SPACE_SHARED_CTA,
                 .dst_space = TCE_SPACE_GLOBAL, .completion = TCE_DONE_BULK_GROUP,
                 .saddr = 0x400, .size = 0x40, .multimem_count = 3,
                 .multimem_addr = {a0, a1, a2}};
    return op;
}

/* One case for each status x field pair of the golden model (tools/tce/fcov.c, the errfield
 * bins) that CI's regressions do not draw: each breaks one rule of csim/ (named beside it);
 * both engines must report the status and the golden model exactly this field. */
static void e_s2s_cta(tce_op *o)
{
    *o = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_SHARED_CTA, 0, 0, 0x400, 0x40, 0);
    o->saddr_src = 0x200;
}
static void e_prefetch_shared(tce_op *o)
{
    o->kind = TCE_OP_BULK_PREFETCH;
    o->src_space = TCE_SPACE_SHARED_CTA;
    o->completion = TCE_DONE_NONE;
}
static void e_load_scatter4(tce_op *o)
{
    *o = load2d();
    o->mode = TCE_MODE_SCATTER4;
}
static void e_load_group(tce_op *o) { o->completion = TCE_DONE_BULK_GROUP; }
static void e_store_multicast(tce_op *o)
{
    *o = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, 0, GBASE, 0x400, 0x40, 0);
    o->multicast = true;
    o->cta_mask = 1;
}
static void e_load_cp_mask(tce_op *o)
{
    o->has_byte_mask = true;
    o->byte_mask = 0xFF;
}
static void e_red_vec3(tce_op *o)
{
    *o = red_add_u32(TCE_SPACE_GLOBAL, GBASE + 0x40, 0);
    o->vec = 3;
}
static void e_map_unaligned(tce_op *o)
{
    *o = load2d();
    o->tmap_addr += 8;
}
static void e_mbar_unaligned(tce_op *o) { o->mbar = 0x104; }
static void e_store_im2col(tce_op *o)
{
    *o = load2d();
    to_store(o);
    o->mode = TCE_MODE_IM2COL;
}
static void e_mask_0(tce_op *o)
{
    o->dst_space = TCE_SPACE_SHARED_CLUSTER;
    o->multicast = true;
    o->cta_mask = 0;
}
static void e_im2col_tiled_map(tce_op *o)
{
    *o = load2d();
    o->mode = TCE_MODE_IM2COL;
}
static void e_s2c_own_cta(tce_op *o)
{
    *o = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_SHARED_CLUSTER, 0, 0, TCE_SADDR(0, 0x400),
                          0x10, TCE_SADDR(0, 0x100));
    o->saddr_src = 0x200;
}
static void e_mbar_other_cta(tce_op *o)
{
    o->dst_space = TCE_SPACE_SHARED_CLUSTER;
    o->mbar = TCE_SADDR(1, 0x100);
}
static void e_multimem_0(tce_op *o)
{
    *o = multimem3(GBASE, GBASE + 0x100, GBASE + 0x200);
    o->multimem_count = 0;
}
static void e_cta_2(tce_op *o) { o->cta = NCTA; }
static void e_mbar_past(tce_op *o) { o->mbar = SMEM; }
static void e_im2col_w(tce_op *o) { *o = im2col_load(4, 0, 0x100); }
static void e_im2col_h(tce_op *o) { *o = im2col_load(4, 1, 0x100); }
static void e_im2col_d(tce_op *o) { *o = im2col_load(5, 2, 0x20); }
static void e_im2col_d_max(tce_op *o) { *o = im2col_load(5, 2, 0x1F); }


static void error_fields(tce_engine *rtl)
{
    static const struct {
        const char *name;
        void (*make)(tce_op *op); /* from a 64-byte bulk load into shared 0x400 */
        void (*poke)(uint8_t *desc);
        tce_status want;
        unsigned field;
    } c[] = {
        {"bulk copy shared::cta -> shared::cta", e_s2s_cta, NULL, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_DST_SPACE}, /* bulk.c bulk_copy */
        {"bulk prefetch from shared", e_prefetch_shared, NULL, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_SRC_SPACE}, /* bulk_prefetch */
        {"tile load in tile::scatter4 mode", e_load_scatter4, NULL, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_MODE}, /* tile.c check_shape */
        {"bulk load completing a bulk group", e_load_group, NULL, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_COMPLETION}, /* want_completion */
        {"bulk store with .multicast::cluster", e_store_multicast, NULL, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_MULTICAST}, /* no_flag */
        {"bulk load with .cp_mask", e_load_cp_mask, NULL, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_HAS_BYTE_MASK}, /* no_flag */
        {"red with 3 elements", e_red_vec3, NULL, TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_VEC}, /* red.c */
        {"tensor map 8 bytes past 64-byte alignment", e_map_unaligned, NULL, TCE_ERR_MISALIGNED,
         TCE_CMDF_TMAP_LO}, /* csim.c */
        {"mbarrier not 8-byte aligned", e_mbar_unaligned, NULL, TCE_ERR_MISALIGNED,
         TCE_CMDF_MBAR}, /* bulk.c check_mbar */
        {"tensor store in im2col mode", e_store_im2col, NULL, TCE_ERR_UNDEFINED,
         TCE_CMDF_MODE}, /* im2col.c */
        {"multicast ctaMask 0", e_mask_0, NULL, TCE_ERR_UNDEFINED,
         TCE_CMDF_CTA_MASK}, /* copy_global_to_shared */
        {"im2col load with a tiled map", e_im2col_tiled_map, NULL, TCE_ERR_UNDEFINED,
         TCE_CMDF_TMAP_LO}, /* im2col_common.c */
        {"shared::cluster copy into the issuing CTA", e_s2c_own_cta, NULL, TCE_ERR_UNDEFINED,
         TCE_CMDF_SADDR}, /* bulk.c */
        {"mbarrier in another CTA than the data", e_mbar_other_cta, NULL, TCE_ERR_UNDEFINED,
         TCE_CMDF_MBAR}, /* check_mbar */
        {"multimem to no address", e_multimem_0, NULL, TCE_ERR_UNDEFINED,
         TCE_CMDF_MULTIMEM_COUNT}, /* multimem_copy */
        {"im2col offset W 256 at rank 4", e_im2col_w, im2col_4d, TCE_ERR_UNDEFINED,
         TCE_CMDF_IM2COL_0}, /* im2col.c */
        {"im2col offset H 256 at rank 4", e_im2col_h, im2col_4d, TCE_ERR_UNDEFINED,
         TCE_CMDF_IM2COL_1},
        {"im2col offset D 32 at rank 5", e_im2col_d, im2col_5d, TCE_ERR_UNDEFINED,
         TCE_CMDF_IM2COL_2},
        {"im2col offset D 31 at rank 5 (the limit)", e_im2col_d_max, im2col_5d, TCE_OK,
         TCE_RM_FIELD_NONE},
        {"issued by CTA 2 of a 2-CTA cluster", e_cta_2, NULL, TCE_ERR_SHARED_RANGE,
         TCE_CMDF_CTA}, /* tce_csim_bulk */
        {"mbarrier past shared memory", e_mbar_past, NULL, TCE_ERR_SHARED_RANGE,
         TCE_CMDF_MBAR}, /* check_mbar */
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        tce_op op = g2s(GBASE, 0x400, 0x40);
        c[i].make(&op);
        want_field = c[i].field;
        agree(rtl, c[i].name, &op, c[i].poke, c[i].want);
    }
    want_field = ANY_FIELD;
}

int main(void)
{
    tce_engine *rtl = open_rtl();
    /* the cluster's shared memory ends at SMEM */
    tce_op op = g2s(GBASE, SMEM - 0x80, 0x100);
    agree(rtl, "shared past the cluster's shared memory", &op, NULL, TCE_ERR_SHARED_RANGE);
    op = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, 0, GBASE, SMEM, 0x10, 0);
    agree(rtl, "shared source at the end of shared memory", &op, NULL, TCE_ERR_SHARED_RANGE);
    op = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_SHARED_CLUSTER, 0, 0, TCE_SADDR(2, 0),
                          0x10, TCE_SADDR(2, 0x100));
    op.saddr_src = 0x200;
    agree(rtl, "shared::cluster CTA 2 of a 2-CTA cluster", &op, NULL, TCE_ERR_SHARED_RANGE);
    /* multicast to a CTA the cluster does not have */
    op = g2s(GBASE, 0x400, 0x40);
    op.dst_space = TCE_SPACE_SHARED_CLUSTER;
    op.multicast = true;
    op.cta_mask = 0x5;
    agree(rtl, "multicast ctaMask bit of CTA 2", &op, NULL, TCE_ERR_SHARED_RANGE);
    /* global bytes past the window, in its page */
    op = g2s(GBASE + GSIZE - 0x10, 0x400, 0x20);
    agree(rtl, "global source 16 bytes past the window", &op, NULL, TCE_ERR_GLOBAL_BUS);
    op = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, 0, GBASE + GSIZE, 0x400, 0x10,
                          0);
    agree(rtl, "global destination just past the window", &op, NULL, TCE_ERR_GLOBAL_BUS);
    /* a huge bulk load */
    op = g2s(GBASE, 0x400, 0xFFFFFFF0u);
    agree(rtl, "bulk load of 0xFFFFFFF0 bytes", &op, NULL, TCE_ERR_GLOBAL_BUS);
    /* corrupted descriptors */
    int32_t at[2] = {0, 0};
    op = tce_op_tile_load(0, DBASE, 2, at, 0x400, 0x100);
    agree(rtl, "tile load, valid map", &op, NULL, TCE_OK);
    agree(rtl, "descriptor stride >= 2^40", &op, stride_2p40, TCE_ERR_BAD_DESCRIPTOR);
    agree(rtl, "descriptor element size 0", &op, esize_0, TCE_ERR_BAD_DESCRIPTOR);
    agree(rtl, "descriptor kind im2col with tile fields", &op, kind_im2col,
          TCE_ERR_BAD_DESCRIPTOR);
    agree(rtl, "descriptor rank 1 with 2-D fields", &op, rank_1, TCE_ERR_BAD_DESCRIPTOR);
    agree(rtl, "descriptor rank 3 (valid), 2-D instruction", &op, rank_3, TCE_ERR_ILLEGAL_INSTR);
    /* the box-size rule is the descriptor's (BAD_DESCRIPTOR at TMAP_LO), not shared memory's */
    agree(rtl, "box of 232448 bytes (legal, > shared memory)", &op, box_256x227,
          TCE_ERR_SHARED_RANGE);
    agree(rtl, "box of 233472 bytes", &op, box_256x228, TCE_ERR_BAD_DESCRIPTOR);
    int32_t at3[3] = {0, 0, 0};
    op = tce_op_tile_load(0, DBASE, 3, at3, 0x400, 0x100);
    agree(rtl, "box 256x227x3, estride 2: floor keeps 232448", &op, box_3d_floor,
          TCE_ERR_SHARED_RANGE);
    agree(rtl, "box 256x227x4, estride 2: 464896 bytes", &op, box_3d_over,
          TCE_ERR_BAD_DESCRIPTOR);
    /* statistics of tensor operations: global memory is read in whole 16-byte units, so a
     * row whose 5 in-bounds f32 elements end mid-unit reads 32 bytes (docs/registers.md) */
    int32_t at8[2] = {8, 0};
    op = tce_op_tile_load(0, DBASE, 2, at8, 0x400, 0x100);
    agree(rtl, "tile load statistics, rows end mid-unit", &op, gdim0_13, TCE_OK);
    to_store(&op);
    agree(rtl, "tile store statistics, rows end mid-unit", &op, gdim0_13, TCE_OK);
    /* red: statistics */
    op = red_add_u32(TCE_SPACE_GLOBAL, GBASE + 0x40, 0);
    agree(rtl, "red.global.add.u32 statistics", &op, NULL, TCE_OK);
    op = red_add_u32(TCE_SPACE_GLOBAL, GBASE + GSIZE, 0);
    agree(rtl, "red.global just past the window", &op, NULL, TCE_ERR_GLOBAL_BUS);
    op = red_add_u32(TCE_SPACE_SHARED_CLUSTER, 0, TCE_SADDR(3, 0x40));
    agree(rtl, "red.shared::cluster CTA 3 of a 2-CTA cluster", &op, NULL, TCE_ERR_SHARED_RANGE);
    /* multimem: the second address runs past the window, the third overlaps the first (the
     * window miss comes first, as in the golden model); then the overlap alone */
    op = multimem3(GBASE, GBASE + GSIZE - 0x20, GBASE + 0x10);
    agree(rtl, "multimem address past the window", &op, NULL, TCE_ERR_GLOBAL_BUS);
    op = multimem3(GBASE, GBASE + 0x100, GBASE + 0x10);
    agree(rtl, "multimem addresses overlapping", &op, NULL, TCE_ERR_UNDEFINED);
    /* two addresses fail their own checks: the second is off 16 and past the window, the
     * third off 16. The golden model takes the addresses one by one (alignment, range,
     * overlap), so the second's alignment is the fault; the RTL's window walk looks only at
     * the addresses before the first per-address fault, so it must keep that first one */
    op = multimem3(GBASE, GBASE + GSIZE + 0x108, GBASE + 0x208);
    agree(rtl, "multimem, two misaligned addresses, the first past the window", &op, NULL,
          TCE_ERR_MISALIGNED);
    op = multimem3(GBASE, GBASE + 0x100, GBASE + 0x200);
    agree(rtl, "multimem, all mapped", &op, NULL, TCE_OK);
    error_fields(rtl);
    tce_engine_close(rtl);
    return check_finish("test_rtl_errors");
}
