/* The checks' trap branches on the RTL, against the golden model: one illegal operation per
 * branch of tce_desc_rules, tce_tile_check, tce_im2col_check and tce_cmd_exec's bulk, red
 * and multimem chain that CI's regressions do not draw (the coverage holes of docs/coverage.md). Each case breaks one rule
 * of csim/ (named beside it); the status (and field) beside it is derived from that rule by
 * hand, the golden model must give it, and the RTL must give the golden model's status,
 * field and statistics and leave memory untouched (errors_rig.h). A few legal operations at
 * a branch's edge (a packed type, shared memory that is not whole 128-byte lines) must
 * complete on both with the same bytes. */
#include "encode_rules.h"
#include "errors_rig.h"

/* The descriptor's bytes (csim/descriptor_layout.def): offsets of the fields poked here. */
enum {
    D_KIND = 2, D_DTYPE = 3, D_RANK = 4, D_IL = 5, D_SWZ = 6, D_FILL = 8, D_CHANS = 10,
    D_WIDE = 9, D_PIXELS = 12, D_ESIZE = 14, D_GADDR = 16, D_GDIM = 24, D_GSTRIDE = 48,
    D_BOX = 80, D_ESTRIDE = 85, D_LOWER = 90
};

static void put32(uint8_t *d, unsigned off, uint32_t v)
{
    for (unsigned i = 0; i < 4; i++)
        d[off + i] = (uint8_t)(v >> (8 * i));
}

/* ------------------------------------------------------------ descriptor rules */
/* Each makes a descriptor the encoder cannot make: BAD_DESCRIPTOR (csim/descriptor.c
 * check_structure, csim/encode_rules.c). */
static void d_dtype_16(uint8_t *d) { d[D_DTYPE] = 16; }  /* no such CUtensorMapDataType */
/* 16U4_ALIGN8B (4-bit elements): globalDim[0] must be even; 17 is not */
static void d_u4_odd(uint8_t *d)
{
    d[D_DTYPE] = TCE_DT_16U4_ALIGN8B;
    d[D_ESIZE] = 0;
    d[D_BOX] = 31;           /* 32 elements: a whole 16-byte row */
    put32(d, D_GDIM, 16);    /* globalDim[0] - 1 */
}
/* 16U4_ALIGN16B: globalDim[0] a multiple of 128 (16 is not) and boxDim[0] 128 (8 is not) */
static void d_u4a16_dims(uint8_t *d)
{
    d[D_DTYPE] = TCE_DT_16U4_ALIGN16B;
    d[D_ESIZE] = 0;
}
/* 16U4_ALIGN16B takes no 32B swizzle (NONE, 128B and 128B_ATOM_32B only) */
static void d_u4a16_swz32(uint8_t *d)
{
    d[D_DTYPE] = TCE_DT_16U4_ALIGN16B;
    d[D_ESIZE] = 0;
    d[D_BOX] = 127;
    put32(d, D_GDIM, 127);
    d[D_SWZ] = TCE_SW_32B;
}
/* 16U6_ALIGN16B takes no interleave */
static void d_u6_il(uint8_t *d)
{
    d[D_DTYPE] = TCE_DT_16U6_ALIGN16B;
    d[D_ESIZE] = 0;
    d[D_IL] = TCE_IL_16B;
}
/* OOB-NaN fill needs a float type; UINT32 has the same 4-byte element */
static void d_nan_uint(uint8_t *d)
{
    d[D_DTYPE] = TCE_DT_UINT32;
    d[D_FILL] = TCE_OOB_NAN;
}
/* a tiled map carries no channels and no wide mode */
static void d_tiled_chans(uint8_t *d) { d[D_CHANS] = 4; }
static void d_tiled_wide(uint8_t *d) { d[D_WIDE] = 1; }
/* the global address 16-byte aligned (GBASE + 8 is not) */
static void d_gaddr_8(uint8_t *d) { d[D_GADDR] |= 8; }
/* 7 bytes past it: the base's bits 0..2 reach the movers' inputs too */
static void d_gaddr_7(uint8_t *d) { d[D_GADDR] |= 7; }
/* elementStrides 1..8 (9 is not) */
static void d_estride_9(uint8_t *d) { d[D_ESTRIDE] = 8; }
/* dim 1's: tce_tile_check tests dims 1..4 apart from dim 0 (it divides their boxes) */
static void d_estride1_9(uint8_t *d) { d[D_ESTRIDE + 1] = 8; }
/* im2col maps: 16U4_ALIGN16B takes 128 channels only (4 here) */
static void d_i2c_u4a16(uint8_t *d)
{
    im2col_4d(d);
    d[D_DTYPE] = TCE_DT_16U4_ALIGN16B;
    d[D_ESIZE] = 0;
}
/* rank 4: the corners lie in [-128, 127]; lower W 200 does not */
static void d_i2c_corner(uint8_t *d)
{
    im2col_4d(d);
    d[D_LOWER] = 200;
}
/* an im2col map marked wide: a wide map takes the 64B, 128B or 128B_ATOM_32B swizzle only */
static void d_i2c_wide_noswz(uint8_t *d)
{
    im2col_4d(d);
    d[D_KIND] = 2;
}
/* an im2col map of rank 2 (the W, H corners left zero): im2col needs rank 3..5 */
static void d_i2c_rank2(uint8_t *d)
{
    im2col_4d(d);
    d[D_RANK] = 2;
    for (unsigned i = 2; i < 5; i++)
        put32(d, D_GDIM + 4 * i, 0);
    memset(d + 48 + 8, 0, 3 * 8);   /* GSTRIDE[1..3] */
    memset(d + 85 + 2, 0, 3);       /* ESTRIDE_M1[2..4] */
}
static void d_i2c_chans0(uint8_t *d)
{
    im2col_4d(d);
    d[D_CHANS] = 0;
}
static void d_i2c_pixels_1025(uint8_t *d)
{
    im2col_4d(d);
    d[D_PIXELS] = 0x01;
    d[D_PIXELS + 1] = 0x04;   /* 1025 */
}

/* ------------------------------------------------------------ legal edges */
/* A valid 16U4_ALIGN8B map (globalDim 16 x 16, box 32 x 8 elements: rows of 16 bytes): the
 * H100's sub-byte types are not in this engine build, UNSUPPORTED on both. */
static void d_u4_valid(uint8_t *d)
{
    d[D_DTYPE] = TCE_DT_16U4_ALIGN8B;
    d[D_ESIZE] = 0;
    d[D_BOX] = 31;
}
/* globalDim[1] 2^31 + 1: no tile operation past 2^31 (csim/tile.c check_extent) */
static void d_gdim_2p31(uint8_t *d) { put32(d, D_GDIM + 4, 0x80000000u); }
/* the 2-D map with a 32B swizzle (its rows are 32 bytes) */
static void d_swz32(uint8_t *d) { d[D_SWZ] = TCE_SW_32B; }
/* The box's rows (32 bytes each) with a swizzle, for the partial last line of shared memory. */
static void d_swz32_rows6(uint8_t *d) { d[D_SWZ] = TCE_SW_32B; d[D_BOX + 1] = 5; }
static void d_swz32_rows7(uint8_t *d) { d[D_SWZ] = TCE_SW_32B; d[D_BOX + 1] = 6; }
static void d_swz64_rows3(uint8_t *d) { d[D_SWZ] = TCE_SW_64B; d[D_BOX + 1] = 2; }
static void d_swz128_rows1(uint8_t *d) { d[D_SWZ] = TCE_SW_128B; d[D_BOX + 1] = 0; }
/* The same boxes on a tensor of 64 rows (4 KB from GBASE): rows 32 on lie past the 2 KB
 * global window, so the window walk checks the box row by row (tce_window_walk walk_rows). */
static void d_swz32_rows7_tall(uint8_t *d)
{
    d_swz32_rows7(d);
    put32(d, D_GDIM + 4, 63);
}
/* A 16B-interleaved u64 map, 32B swizzle, rank 3: globalDim {8 slices, 1, 64}, strides
 * 128, box {6, 1, 7} with elementStrides {2, 1, 1}: 7 rows of 3 slices (48 bytes), dense, so
 * the row at 0x3F60 starts before the partial line and ends in it (csim/tile.c make_geom).
 * Rows 16 on of dim 2 lie past the 2 KB window. */
static void d_il16_swz32_tall(uint8_t *d)
{
    tce_tensormap m;
    tce_diag why;
    uint64_t gdim[3] = {8, 1, 64}, gstride[2] = {128, 128};
    uint32_t box[3] = {6, 1, 7}, es[3] = {2, 1, 1};
    if (tce_encode_tiled(&m, TCE_DT_UINT64, 3, GBASE, gdim, gstride, box, es, TCE_IL_16B,
                         TCE_SW_32B, TCE_L2_NONE, TCE_OOB_ZERO, &why) != TCE_OK) {
        fprintf(stderr, "encode interleaved: %s\n", why.text);
        exit(2);
    }
    tce_desc_pack(&m, d);
}
/* the im2col map with 32 channels of 16U4_ALIGN8B (16-byte rows; globalDim[0] 32) */
static void d_i2c_u4(uint8_t *d)
{
    im2col_4d(d);
    d[D_DTYPE] = TCE_DT_16U4_ALIGN8B;
    d[D_ESIZE] = 0;
    d[D_CHANS] = 32;
    put32(d, D_GDIM, 31);
}
/* the im2col map with its lower W corner at -1 (legal for loads, not for no_offs) */
static void d_i2c_lower(uint8_t *d)
{
    im2col_4d(d);
    d[D_LOWER] = 0xFF;
    d[D_LOWER + 1] = 0xFF;
}

/* An im2col::w map of f32: N x W x C = 1 x 8 x 16 (64-byte pixels), 64B swizzle (W) or
 * 128B (W128), rank 3, pixels 8. */
static void wide_map(uint8_t *d, tce_wide_mode wm)
{
    tce_tensormap m;
    tce_diag why;
    uint64_t gdim[3] = {16, 8, 1}, gstr[2] = {64, 512};
    uint32_t es[3] = {1, 1, 1};
    if (tce_encode_im2col_wide(&m, TCE_DT_FLOAT32, 3, GBASE, gdim, gstr, 0, 0, 16, 8, es,
                               TCE_IL_NONE, wm, wm == TCE_WIDE_W128 ? TCE_SW_128B : TCE_SW_64B,
                               TCE_L2_NONE, TCE_OOB_ZERO, &why) != TCE_OK) {
        fprintf(stderr, "encode im2col::w: %s\n", why.text);
        exit(2);
    }
    tce_desc_pack(&m, d);
}
static void d_wide(uint8_t *d) { wide_map(d, TCE_WIDE_W); }
/* a W128 map with the 96B swizzle, which no encode call makes */
static void d_wide128_swz96(uint8_t *d)
{
    wide_map(d, TCE_WIDE_W128);
    d[D_SWZ] = TCE_SW_96B;
}
static void d_wide_pixels0(uint8_t *d)
{
    wide_map(d, TCE_WIDE_W);
    d[D_PIXELS] = 0;
}

/* ------------------------------------------------------------ operations */
static tce_op store2d(void)
{
    tce_op op = load2d();
    to_store(&op);
    return op;
}
static tce_op tload(unsigned dims) /* a tile load of coordinates 0 into shared 0x400 */
{
    tce_op op = load2d();
    op.dims = dims;
    return op;
}
static tce_op gather4(void)
{
    tce_op op = load2d();
    op.mode = TCE_MODE_GATHER4;
    int32_t rows[5] = {0, 0, 1, 2, 3};
    memcpy(op.coords, rows, sizeof rows);
    return op;
}
static tce_op i2c(unsigned dims) /* an .im2col load at W = H = 0 */
{
    return im2col_load(dims, 0, 0);
}
static tce_op no_offs(void) /* an .im2col_no_offs store of shared 0x400 */
{
    tce_op op = i2c(4);
    to_store(&op);
    op.mode = TCE_MODE_IM2COL_NO_OFFS;
    return op;
}
static tce_op wide(tce_mode mode, int32_t w, unsigned halo, unsigned woff)
{
    tce_op op = i2c(3);
    op.mode = mode;
    op.coords[1] = w;
    op.im2col[0] = (uint16_t)halo;
    op.im2col[1] = (uint16_t)woff;
    return op;
}

/* ------------------------------------------------------------ bulk, red, multimem */
static tce_op g2s64(void) /* 64 bytes from GBASE into shared::cta 0x400 */
{
    return tce_op_bulk_copy(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CTA, 0, GBASE, 0x400, 0x40, 0x100);
}
static tce_op prefetch(void)
{
    tce_op op = g2s64();
    op.kind = TCE_OP_BULK_PREFETCH;
    op.completion = TCE_DONE_NONE;
    return op;
}
static tce_op s2g64(void) /* 64 bytes from shared::cta 0x400 to GBASE */
{
    return tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, 0, GBASE, 0x400, 0x40, 0);
}
static tce_op reduce_s2g(void) /* cp.reduce.async.bulk .add.u32 of s2g64 */
{
    tce_op op = s2g64();
    op.kind = TCE_OP_BULK_REDUCE;
    op.redop = TCE_RED_ADD;
    op.etype = TCE_ET_U32;
    return op;
}
static tce_op s2s64(void) /* 64 bytes from shared::cta 0x200 into CTA 1's 0x400 */
{
    tce_op op = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_SHARED_CLUSTER, 0, 0,
                                 TCE_SADDR(1, 0x400), 0x40, TCE_SADDR(1, 0x100));
    op.saddr_src = 0x200;
    return op;
}
static tce_op mm(void) /* multimem to two addresses */
{
    tce_op op = {.kind = TCE_OP_MULTIMEM_COPY, .src_space = TCE_SPACE_SHARED_CTA,
                 .dst_space = TCE_SPACE_GLOBAL, .completion = TCE_DONE_BULK_GROUP,
                 .saddr = 0x400, .size = 0x40, .multimem_count = 2,
                 .multimem_addr = {GBASE, GBASE + 0x100}};
    return op;
}
static tce_op red_u32(tce_space dst, uint32_t saddr) /* red.add.u32 of 5 */
{
    tce_op op = {.kind = TCE_OP_RED, .dst_space = dst, .src_space = TCE_SPACE_GLOBAL,
                 .redop = TCE_RED_ADD, .etype = TCE_ET_U32, .vec = 1, .gaddr = GBASE + 0x40,
                 .saddr = saddr, .operand = {5}};
    return op;
}

/* ------------------------------------------------------------ the box-size rule, drawn */
/* tce_box_bytes's products (floor(boxDim / elementStride) over the dims, channels x pixels,
 * times the element's bits) over a 2^21-byte box and drawn maps whose count passes the
 * 227 KB limit, so that
 * the golden model's last descriptor rule (csim/encode_rules.c tce_encode_box_bytes) refuses
 * each: BAD_DESCRIPTOR at TMAP_LO, from the count computed here. Every other field is legal
 * (box rows of whole 16-byte units, items past the rank 0). CI's maps are small boxes, so
 * the products' upper bits were toggle holes. */
static struct {
    bool im2col;
    unsigned rank, dtype, box[5], es[5], chans, pixels;
} dr;

static void d_drawn(uint8_t *d)
{
    if (dr.im2col) {
        im2col_map(d, dr.rank);
        d[D_CHANS] = (uint8_t)dr.chans, d[D_CHANS + 1] = (uint8_t)(dr.chans >> 8);
        d[D_PIXELS] = (uint8_t)dr.pixels, d[D_PIXELS + 1] = (uint8_t)(dr.pixels >> 8);
    } else {
        d[D_RANK] = (uint8_t)dr.rank;
        for (unsigned i = 0; i < 5; i++) {
            d[D_BOX + i] = (uint8_t)(i < dr.rank ? dr.box[i] - 1 : 0);
            d[D_ESTRIDE + i] = (uint8_t)(i < dr.rank ? dr.es[i] - 1 : 0);
            if (i >= dr.rank)
                put32(d, D_GDIM + 4 * i, 0);
            if (i >= 1) /* globalStrides[i - 1], dim i's: 1024 * i where used */
                for (unsigned b = 0; b < 8; b++)
                    d[D_GSTRIDE + 8 * (i - 1) + b] =
                        (uint8_t)(i < dr.rank ? (1024ull * i) >> (8 * b) : 0);
        }
    }
    d[D_DTYPE] = (uint8_t)dr.dtype;
    d[D_ESIZE] = (uint8_t)tce_dtype_size((tce_dtype)dr.dtype);
}

static unsigned rig_draw(uint64_t *s, unsigned n) /* below n, from a 64-bit LCG's high bits */
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)((*s >> 33) % n);
}

/* Draws dr until its count passes the limit; returns the count. */
static uint64_t draw_over(uint64_t *rng)
{
    static const unsigned types[] = {TCE_DT_UINT8, TCE_DT_UINT16, TCE_DT_UINT32, TCE_DT_INT64,
                                     TCE_DT_FLOAT16, TCE_DT_FLOAT32, TCE_DT_FLOAT64,
                                     TCE_DT_BFLOAT16};
    for (;;) {
        memset(&dr, 0, sizeof dr);
        dr.dtype = types[rig_draw(rng, 8)];
        unsigned bytes = tce_dtype_size((tce_dtype)dr.dtype), unit = 16 / bytes;
        dr.im2col = rig_draw(rng, 4) == 0;
        uint64_t n;
        if (dr.im2col) {
            dr.rank = 4 + rig_draw(rng, 2);
            dr.chans = unit * (1 + rig_draw(rng, 256 / unit));
            dr.pixels = 1 + rig_draw(rng, 1024);
            n = (uint64_t)dr.chans * dr.pixels;
        } else {
            dr.rank = 1 + rig_draw(rng, 5);
            n = 1;
            for (unsigned i = 0; i < dr.rank; i++) {
                dr.box[i] = i ? 1 + rig_draw(rng, 256) : unit * (1 + rig_draw(rng, 256 / unit));
                dr.es[i] = 1 + rig_draw(rng, 8);
                n *= dr.box[i] / dr.es[i];
            }
        }
        if (n * bytes > TCE_ENC_MAX_BOX_BYTES)
            return n * bytes;
    }
}

typedef struct {
    const char *name;
    tce_op op;
    void (*poke)(uint8_t *desc);
    tce_status want;
    unsigned field;
} trap;

static void run(tce_engine *rtl, const trap *t, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        want_field = t[i].field;
        agree(rtl, t[i].name, &t[i].op, t[i].poke, t[i].want);
    }
    want_field = ANY_FIELD;
}

int main(void)
{
    tce_engine *rtl = open_rtl();
    const unsigned TMAP = TCE_CMDF_TMAP_LO, NONE = ANY_FIELD;

    /* tce_desc_rules: every rule the regressions' maps never break */
    const trap desc[] = {
        {"dtype 16", tload(2), d_dtype_16, TCE_ERR_BAD_DESCRIPTOR, TMAP},
        {"16U4_ALIGN8B, globalDim[0] 17", tload(2), d_u4_odd, TCE_ERR_BAD_DESCRIPTOR, TMAP},
        {"16U4_ALIGN16B, globalDim[0] 16, box 8", tload(2), d_u4a16_dims, TCE_ERR_BAD_DESCRIPTOR,
         TMAP},
        {"16U4_ALIGN16B, 32B swizzle", tload(2), d_u4a16_swz32, TCE_ERR_BAD_DESCRIPTOR, TMAP},
        {"16U6_ALIGN16B interleaved", tload(2), d_u6_il, TCE_ERR_BAD_DESCRIPTOR, TMAP},
        {"NaN fill on UINT32", tload(2), d_nan_uint, TCE_ERR_BAD_DESCRIPTOR, TMAP},
        {"tiled map with 4 channels", tload(2), d_tiled_chans, TCE_ERR_BAD_DESCRIPTOR, TMAP},
        {"tiled map with a wide mode", tload(2), d_tiled_wide, TCE_ERR_BAD_DESCRIPTOR, TMAP},
        {"global address off 16 bytes", tload(2), d_gaddr_8, TCE_ERR_BAD_DESCRIPTOR, TMAP},
        {"global address 7 bytes past 16", tload(2), d_gaddr_7, TCE_ERR_BAD_DESCRIPTOR, TMAP},
        {"elementStride 9", tload(2), d_estride_9, TCE_ERR_BAD_DESCRIPTOR, TMAP},
        {"elementStride[1] 9", tload(2), d_estride1_9, TCE_ERR_BAD_DESCRIPTOR, TMAP},
        {"im2col 16U4_ALIGN16B, 4 channels", i2c(4), d_i2c_u4a16, TCE_ERR_BAD_DESCRIPTOR, TMAP},
        {"im2col rank 4, lower corner 200", i2c(4), d_i2c_corner, TCE_ERR_BAD_DESCRIPTOR, TMAP},
        {"im2col wide without its swizzle", i2c(4), d_i2c_wide_noswz, TCE_ERR_BAD_DESCRIPTOR,
         TMAP},
        {"im2col rank 2", i2c(2), d_i2c_rank2, TCE_ERR_BAD_DESCRIPTOR, TMAP},
        {"im2col 0 channels", i2c(4), d_i2c_chans0, TCE_ERR_BAD_DESCRIPTOR, TMAP},
        {"im2col 1025 pixels", i2c(4), d_i2c_pixels_1025, TCE_ERR_BAD_DESCRIPTOR, TMAP},
        {"im2col::w128, 96B swizzle", wide(TCE_MODE_IM2COL_W128, 0, 0, 0), d_wide128_swz96,
         TCE_ERR_BAD_DESCRIPTOR, TMAP},
        {"im2col::w, 0 pixels", wide(TCE_MODE_IM2COL_W, 0, 0, 0), d_wide_pixels0,
         TCE_ERR_BAD_DESCRIPTOR, TMAP},
    };
    run(rtl, desc, sizeof desc / sizeof desc[0]);

    /* tce_tile_check: csim/tile.c check_shape, check_coords, check_extent, the store and
     * shared-memory sides */
    tce_op o[24];
    unsigned k = 0;
    o[k] = tload(3);                                                  /* 0 */
    o[++k] = store2d(), o[k].mode = TCE_MODE_GATHER4;                 /* 1 */
    o[++k] = store2d(), o[k].kind = TCE_OP_TENSOR_REDUCE, o[k].redop = TCE_RED_ADD,
    o[k].mode = TCE_MODE_SCATTER4;                                    /* 2 */
    o[++k] = gather4();                                               /* 3 */
    o[++k] = store2d(), o[k].kind = TCE_OP_TENSOR_REDUCE, o[k].redop = TCE_RED_AND; /* 4 */
    o[++k] = store2d(), o[k].src_space = TCE_SPACE_GLOBAL;            /* 5 */
    o[++k] = store2d(), o[k].saddr = TCE_SADDR(1, 0x400);             /* 6 */
    o[++k] = tload(2), o[k].dst_space = TCE_SPACE_GLOBAL;             /* 7 */
    o[++k] = tload(2), o[k].dst_space = TCE_SPACE_SHARED_CLUSTER, o[k].multicast = true; /* 8 */
    o[++k] = i2c(4), o[k].multicast = true, o[k].cta_mask = 1;        /* 9 */
    o[++k] = tload(2), o[k].saddr = TCE_SADDR(1, 0x400);              /* 10 */
    o[++k] = tload(2), o[k].multicast = true, o[k].cta_mask = 1;      /* 11 */
    o[++k] = i2c(4), o[k].saddr = 0x410;                              /* 12 */
    o[++k] = tload(2), o[k].dst_space = TCE_SPACE_SHARED_CLUSTER,
    o[k].saddr = TCE_SADDR(2, 0x400), o[k].mbar = TCE_SADDR(2, 0x100); /* 13 */
    o[++k] = tload(2), o[k].dst_space = TCE_SPACE_SHARED_CLUSTER, o[k].multicast = true,
    o[k].cta_mask = 0x5;                                              /* 14 */
    o[++k] = i2c(4), o[k].saddr = SMEM;                               /* 15 */
    o[++k] = tload(2), o[k].mbar = 0x104;                             /* 16 */
    o[++k] = tload(2), o[k].mbar = SMEM;                              /* 17 */
    o[++k] = store2d(), o[k].coords[1] = -1;                          /* 18 */
    const trap tile[] = {
        {"tile load .3d on a 2-D map", o[0], NULL, TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_DIMS},
        {"gather4 store", o[1], NULL, TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_MODE},
        {"scatter4 reduce", o[2], NULL, TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_MODE},
        {"gather4 load, box rows 8", o[3], NULL, TCE_ERR_ILLEGAL_INSTR, TMAP},
        {"tile load of 16U4_ALIGN8B", tload(2), d_u4_valid, TCE_ERR_UNSUPPORTED, NONE},
        {"tile load, globalDim[1] 2^31 + 1", tload(2), d_gdim_2p31, TCE_ERR_ILLEGAL_INSTR, TMAP},
        {"tensor reduce .and on f32", o[4], NULL, TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_REDOP},
        {"tile store from global", o[5], NULL, TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_SRC_SPACE},
        {"tile store, source with a CTA rank", o[6], NULL, TCE_ERR_SHARED_RANGE, TCE_CMDF_SADDR},
        {"tile store, coordinate -1", o[18], NULL, TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_COORD},
        {"tile load into global", o[7], NULL, TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_DST_SPACE},
        {"tile load multicast, ctaMask 0", o[8], NULL, TCE_ERR_UNDEFINED, TCE_CMDF_CTA_MASK},
        {"im2col load multicast into shared::cta", o[9], im2col_4d, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_MULTICAST},
        {"tile load shared::cta, address with a rank", o[10], NULL, TCE_ERR_SHARED_RANGE,
         TCE_CMDF_SADDR},
        {"tile load multicast into shared::cta", o[11], NULL, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_MULTICAST},
        {"im2col load, shared address off 128", o[12], im2col_4d, TCE_ERR_MISALIGNED,
         TCE_CMDF_SADDR},
        {"tile load into CTA 2 of 2", o[13], NULL, TCE_ERR_SHARED_RANGE, TCE_CMDF_SADDR},
        {"tile load multicast to CTA 2 of 2", o[14], NULL, TCE_ERR_SHARED_RANGE,
         TCE_CMDF_CTA_MASK},
        {"im2col load past shared memory", o[15], im2col_4d, TCE_ERR_SHARED_RANGE, TCE_CMDF_SADDR},
        {"tile load, mbarrier off 8", o[16], NULL, TCE_ERR_MISALIGNED, TCE_CMDF_MBAR},
        {"tile load, mbarrier past shared memory", o[17], NULL, TCE_ERR_SHARED_RANGE,
         TCE_CMDF_MBAR},
    };
    run(rtl, tile, sizeof tile / sizeof tile[0]);

    /* tce_im2col_check: csim/im2col.c, im2col_no_offs.c, im2col_wide.c */
    tce_op w[16];
    k = 0;
    w[k] = i2c(3);                                                    /* 0 */
    w[++k] = i2c(4), w[k].coords[0] = 1;                              /* 1 */
    w[++k] = i2c(4), w[k].coords[1] = 10;                             /* 2 */
    w[++k] = no_offs(), w[k].coords[1] = -1;                          /* 3 */
    w[++k] = no_offs();                                               /* 4 */
    w[++k] = no_offs(), w[k].kind = TCE_OP_TENSOR_REDUCE, w[k].redop = TCE_RED_AND; /* 5 */
    w[++k] = no_offs(), w[k].src_space = TCE_SPACE_GLOBAL;            /* 6 */
    w[++k] = no_offs(), w[k].saddr = TCE_SADDR(1, 0x400);             /* 7 */
    const trap im2col[] = {
        {"im2col load .3d on a 4-D map", w[0], im2col_4d, TCE_ERR_UNDEFINED, TCE_CMDF_DIMS},
        {"im2col load of 16U4_ALIGN8B", i2c(4), d_i2c_u4, TCE_ERR_UNSUPPORTED, NONE},
        {"im2col load, channel start off 16 bytes", w[1], im2col_4d, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_COORD},
        {"im2col load, W start past the window", w[2], im2col_4d, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_COORD},
        {"im2col_no_offs store, W -1", w[3], im2col_4d, TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_COORD},
        {"im2col_no_offs store, lower corner -1", w[4], d_i2c_lower, TCE_ERR_ILLEGAL_INSTR, TMAP},
        {"im2col_no_offs reduce .and on f32", w[5], im2col_4d, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_REDOP},
        {"im2col_no_offs store from global", w[6], im2col_4d, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_SRC_SPACE},
        {"im2col_no_offs store, source with a CTA rank", w[7], im2col_4d, TCE_ERR_SHARED_RANGE,
         TCE_CMDF_SADDR},
        {"im2col_no_offs store (legal)", w[4], im2col_4d, TCE_OK, NONE},
        {"im2col::w128 load on a W map", wide(TCE_MODE_IM2COL_W128, 0, 0, 0), d_wide,
         TCE_ERR_UNDEFINED, TCE_CMDF_MODE},
        {"im2col::w load, wHalo 512", wide(TCE_MODE_IM2COL_W, 0, 512, 0), d_wide,
         TCE_ERR_UNDEFINED, TCE_CMDF_IM2COL_0},
        {"im2col::w load, wOffset 32", wide(TCE_MODE_IM2COL_W, 0, 0, 32), d_wide,
         TCE_ERR_UNDEFINED, TCE_CMDF_IM2COL_1},
        {"im2col::w load, W start past the window", wide(TCE_MODE_IM2COL_W, 9, 0, 0), d_wide,
         TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_COORD},
        {"im2col::w load (legal)", wide(TCE_MODE_IM2COL_W, 0, 0, 0), d_wide, TCE_OK, NONE},
    };
    run(rtl, im2col, sizeof im2col / sizeof im2col[0]);

    /* tce_cmd_exec: csim/bulk.c (bulk_copy, bulk_reduce, bulk_prefetch, multimem_copy,
     * resolve_smem, check_global, check_mbar) and csim/red.c */
    tce_op b[40];
    k = 0;
    b[k] = prefetch(), b[k].completion = TCE_DONE_MBARRIER;             /* 0 */
    b[++k] = prefetch(), b[k].gaddr += 8;                               /* 1 */
    b[++k] = reduce_s2g(), b[k].completion = TCE_DONE_MBARRIER;         /* 2 */
    b[++k] = reduce_s2g(), b[k].dst_space = TCE_SPACE_SHARED_CTA;       /* 3 */
    b[++k] = reduce_s2g(), b[k].redop = TCE_RED_AND, b[k].etype = TCE_ET_F32; /* 4 */
    b[++k] = reduce_s2g(), b[k].multicast = true, b[k].cta_mask = 1;    /* 5 */
    b[++k] = reduce_s2g(), b[k].has_byte_mask = true, b[k].byte_mask = 1; /* 6 */
    b[++k] = reduce_s2g(), b[k].size = 0x48;                            /* 7 */
    b[++k] = g2s64(), b[k].dst_space = TCE_SPACE_GLOBAL;                /* 8 */
    b[++k] = s2s64(), b[k].completion = TCE_DONE_BULK_GROUP;            /* 9 */
    b[++k] = g2s64(), b[k].multicast = true, b[k].cta_mask = 1;         /* 10 */
    b[++k] = g2s64(), b[k].dst_space = TCE_SPACE_SHARED_CLUSTER, b[k].multicast = true,
    b[k].cta_mask = 1, b[k].saddr = TCE_SADDR(1, 0x400);                /* 11 */
    b[++k] = g2s64(), b[k].saddr = 0x408;                               /* 12 */
    b[++k] = s2s64(), b[k].has_byte_mask = true, b[k].byte_mask = 1;    /* 13 */
    b[++k] = s2s64(), b[k].multicast = true, b[k].cta_mask = 2;         /* 14 */
    b[++k] = s2s64(), b[k].saddr_src = TCE_SADDR(1, 0x200);             /* 15 */
    b[++k] = s2s64(), b[k].saddr_src = SMEM - 0x10;                     /* 16 */
    b[++k] = s2s64(), b[k].saddr = TCE_SADDR(1, 0x408);                 /* 17 */
    b[++k] = s2s64(), b[k].saddr = TCE_SADDR(1, SMEM - 0x10);           /* 18 */
    b[++k] = g2s64(), b[k].mbar = 0x10000100;                           /* 19 */
    b[++k] = s2g64(), b[k].saddr = TCE_SADDR(1, 0x400);                 /* 20 */
    b[++k] = s2g64(), b[k].saddr = 0x408;                               /* 21 */
    b[++k] = red_u32(TCE_SPACE_SHARED_CTA, TCE_SADDR(1, 0x40));         /* 22 */
    b[++k] = red_u32(TCE_SPACE_GLOBAL, 0), b[k].redop = TCE_RED_AND, b[k].etype = TCE_ET_F32; /* 23 */
    b[++k] = red_u32(TCE_SPACE_SHARED_CLUSTER, TCE_SADDR(1, SMEM));     /* 24 */
    b[++k] = mm(), b[k].src_space = TCE_SPACE_GLOBAL;                   /* 25 */
    b[++k] = mm(), b[k].completion = TCE_DONE_MBARRIER;                 /* 26 */
    b[++k] = mm(), b[k].multicast = true, b[k].cta_mask = 1;            /* 27 */
    b[++k] = mm(), b[k].saddr = TCE_SADDR(1, 0x400);                    /* 28 */
    b[++k] = mm(), b[k].saddr = 0x408;                                  /* 29 */
    b[++k] = mm(), b[k].saddr = SMEM - 0x10;                            /* 30 */
    b[++k] = mm(), b[k].multimem_addr[1] = 0xFFFFFFFFFFFFFFF0ull;       /* 31 */
    b[++k] = tload(2), b[k].tmap_addr = 0x30000000;                     /* 32 */
    b[++k] = tload(2), b[k].completion = TCE_DONE_BULK_GROUP;           /* 33 */
    b[++k] = reduce_s2g(), b[k].src_space = TCE_SPACE_GLOBAL;           /* 34 */
    b[++k] = s2g64(), b[k].src_space = TCE_SPACE_SHARED_CLUSTER;        /* 35 */
    /* DST_SPACE is two bits wide: a raw command may carry 3, which names no space */
    b[++k] = red_u32((tce_space)3, 0x40);                               /* 36 */
    const trap bulk[] = {
        {"bulk prefetch completing an mbarrier", b[0], NULL, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_COMPLETION},
        {"bulk prefetch off 16 bytes", b[1], NULL, TCE_ERR_MISALIGNED, TCE_CMDF_GADDR_LO},
        {"bulk reduce to global completing an mbarrier", b[2], NULL, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_COMPLETION},
        {"bulk reduce into shared::cta", b[3], NULL, TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_DST_SPACE},
        {"bulk reduce .and.f32", b[4], NULL, TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_REDOP},
        {"bulk reduce with .multicast::cluster", b[5], NULL, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_MULTICAST},
        {"bulk reduce with .cp_mask", b[6], NULL, TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_HAS_BYTE_MASK},
        {"bulk reduce of 72 bytes", b[7], NULL, TCE_ERR_UNDEFINED, TCE_CMDF_SIZE},
        {"bulk copy global -> global", b[8], NULL, TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_DST_SPACE},
        {"bulk s2s completing a bulk group", b[9], NULL, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_COMPLETION},
        {"bulk load multicast into shared::cta", b[10], NULL, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_MULTICAST},
        {"bulk load multicast, address with a rank", b[11], NULL, TCE_ERR_UNDEFINED,
         TCE_CMDF_SADDR},
        {"bulk load, shared address off 16", b[12], NULL, TCE_ERR_MISALIGNED, TCE_CMDF_SADDR},
        {"bulk s2s with .cp_mask", b[13], NULL, TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_HAS_BYTE_MASK},
        {"bulk s2s with .multicast::cluster", b[14], NULL, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_MULTICAST},
        {"bulk s2s, source with a rank", b[15], NULL, TCE_ERR_SHARED_RANGE, TCE_CMDF_SADDR_SRC},
        {"bulk s2s, source past shared memory", b[16], NULL, TCE_ERR_SHARED_RANGE,
         TCE_CMDF_SADDR_SRC},
        {"bulk s2s, destination off 16", b[17], NULL, TCE_ERR_MISALIGNED, TCE_CMDF_SADDR},
        {"bulk s2s, destination past shared memory", b[18], NULL, TCE_ERR_SHARED_RANGE,
         TCE_CMDF_SADDR},
        {"bulk load, mbarrier above the rank field", b[19], NULL, TCE_ERR_SHARED_RANGE,
         TCE_CMDF_MBAR},
        {"bulk store, source with a rank", b[20], NULL, TCE_ERR_SHARED_RANGE, TCE_CMDF_SADDR},
        {"bulk store, source off 16", b[21], NULL, TCE_ERR_MISALIGNED, TCE_CMDF_SADDR},
        {"red.shared::cta, address with a rank", b[22], NULL, TCE_ERR_SHARED_RANGE,
         TCE_CMDF_SADDR},
        {"red.global.and.f32", b[23], NULL, TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_REDOP},
        {"red.shared::cluster past shared memory", b[24], NULL, TCE_ERR_SHARED_RANGE,
         TCE_CMDF_SADDR},
        {"multimem from global", b[25], NULL, TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_SRC_SPACE},
        {"multimem completing an mbarrier", b[26], NULL, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_COMPLETION},
        {"multimem with .multicast::cluster", b[27], NULL, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_MULTICAST},
        {"multimem, source with a rank", b[28], NULL, TCE_ERR_SHARED_RANGE, TCE_CMDF_SADDR},
        {"multimem, source off 16", b[29], NULL, TCE_ERR_MISALIGNED, TCE_CMDF_SADDR},
        {"multimem, source past shared memory", b[30], NULL, TCE_ERR_SHARED_RANGE,
         TCE_CMDF_SADDR},
        {"multimem, address wrapping past 2^64", b[31], NULL, TCE_ERR_GLOBAL_BUS,
         TCE_CMDF_MULTIMEM_LO},
        {"tensor map in unmapped memory", b[32], NULL, TCE_ERR_GLOBAL_BUS, TMAP},
        /* csim/csim.c: a tensor load completes on an mbarrier only */
        {"tile load completing a bulk group", b[33], NULL, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_COMPLETION},
        /* csim/bulk.c bulk_reduce, bulk_copy: no direction names the destination space */
        {"bulk reduce from global", b[34], NULL, TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_DST_SPACE},
        {"bulk copy shared::cluster -> global", b[35], NULL, TCE_ERR_ILLEGAL_INSTR,
         TCE_CMDF_DST_SPACE},
        /* csim/red.c: a dst_space outside tce_space is UNDEFINED at DST_SPACE */
        {"red into state space 3", b[36], NULL, TCE_ERR_UNDEFINED, TCE_CMDF_DST_SPACE},
    };
    run(rtl, bulk, sizeof bulk / sizeof bulk[0]);

    /* Swizzled loads when shared memory is not whole 128-byte lines (16320 bytes: the last
     * line 0x3F80 has 64 bytes, so 16-byte chunk j of it is there when j ^ k < 4, k the
     * swizzle's XOR of that line: csim/tensor_access.c checks every swizzled byte). Rows of
     * 32 bytes from 0x3F00: 32B (pitch 32, k = 1), 64B (pitch 64, k = 3), 128B (pitch
     * 128, k = 7). */
    smem_bytes = SMEM - 0x40;
    tce_op at3f00 = tload(2), at3f80 = tload(2);
    at3f00.saddr = 0x3F00;
    at3f80.saddr = 0x3F80;
    const trap edge[] = {
        {"32B-swizzled load, shared memory 16320 bytes", tload(2), d_swz32, TCE_OK, NONE},
        /* chunks 0..3 of the last line -> 1, 0, 3, 2 */
        {"32B-swizzled 6 rows of 32 B at 0x3F00, shared memory 16320", at3f00, d_swz32_rows6,
         TCE_OK, NONE},
        /* chunks 4, 5 -> 5, 4: past the line's 64 bytes */
        {"32B-swizzled 7 rows of 32 B at 0x3F00, shared memory 16320", at3f00, d_swz32_rows7,
         TCE_ERR_SHARED_RANGE, TCE_CMDF_SADDR},
        /* the row at 0x3F80: chunks 0, 1 -> 3, 2 */
        {"64B-swizzled 3 rows of 32 B at 0x3F00, shared memory 16320", at3f00, d_swz64_rows3,
         TCE_OK, NONE},
        /* chunks 0, 1 -> 7, 6: past the line's 64 bytes though the row's end is not */
        {"128B-swizzled row of 32 B at 0x3F80, shared memory 16320", at3f80, d_swz128_rows1,
         TCE_ERR_SHARED_RANGE, TCE_CMDF_SADDR},
    };
    run(rtl, edge, sizeof edge / sizeof edge[0]);

    /* The same rule row by row (csim/tile.c walk(WALK_CHECK): each row's span before its
     * units) when the box leaves shared memory and the tensor is not inside one window: a
     * row of the partial line that the swizzle keeps below SMEM_SIZE is walked, and a unit
     * of it (tensor row 32, global 0x10000800) outside every window is GLOBAL_BUS. Rows of
     * 32 B from 0x3F00, row 6 (0x3FC0) past SMEM_SIZE. */
    tce_op from_row[4] = {at3f00, at3f00, at3f00, at3f00};
    from_row[0].coords[1] = 28;   /* row 4, 0x3F80: chunks 0, 1 -> 1, 0 */
    from_row[1].coords[1] = 27;   /* row 5, 0x3FA0: chunks 2, 3 -> 3, 2 */
    from_row[2].coords[1] = 26;   /* rows 0..5 inside the window: row 6's span first */
    /* interleaved rows of 48 B: row 2, 0x3F60..0x3F90, chunk 0 of the line -> 1 */
    from_row[3].dims = 3;
    from_row[3].coords[1] = 0;
    from_row[3].coords[2] = 14;
    const trap rows[] = {
        {"32B-swizzled 7 rows from tensor row 28, 16320", from_row[0], d_swz32_rows7_tall,
         TCE_ERR_GLOBAL_BUS, NONE},
        {"32B-swizzled 7 rows from tensor row 27, 16320", from_row[1], d_swz32_rows7_tall,
         TCE_ERR_GLOBAL_BUS, NONE},
        {"32B-swizzled 7 rows from tensor row 26, 16320", from_row[2], d_swz32_rows7_tall,
         TCE_ERR_SHARED_RANGE, TCE_CMDF_SADDR},
        {"16B-interleaved 32B-swizzled rows of 48 B, row 14", from_row[3], d_il16_swz32_tall,
         TCE_ERR_GLOBAL_BUS, NONE},
    };
    run(rtl, rows, sizeof rows / sizeof rows[0]);
    smem_bytes = SMEM;

    uint64_t rng = 0x5EED0B0Bull;
    for (unsigned k = 0; k <= 48; k++) {
        uint64_t bytes;
        if (k == 0) {
            /* a u8 box of 128 x 128 x 128: 2^21 elements, so only the check of the
             * count's bits past the product's low 21 (hi_q) finds it over */
            memset(&dr, 0, sizeof dr);
            dr.rank = 3, dr.dtype = TCE_DT_UINT8;
            for (unsigned i = 0; i < 3; i++)
                dr.box[i] = 128, dr.es[i] = 1;
            bytes = 1u << 21;
        } else {
            bytes = draw_over(&rng);
        }
        char name[96];
        snprintf(name, sizeof name, "drawn %s rank %u dtype %u: %llu bytes",
                 dr.im2col ? "im2col" : "tiled", dr.rank, dr.dtype, (unsigned long long)bytes);
        tce_op op = dr.im2col ? im2col_load(dr.rank, 0, 0) : tload(dr.rank);
        /* the golden model's own words: the box-size rule is the one that refuses it */
        uint8_t d[TCE_DESC_BYTES];
        tce_tensormap m;
        tce_diag why = {0};
        pack_map2d(d, TCE_DT_FLOAT32, 4, GBASE, 16, 16, 8, 8, TCE_SW_NONE);
        d_drawn(d);
        CHECK(tce_desc_unpack(d, &m, &why) == TCE_ERR_BAD_DESCRIPTOR &&
              strstr(why.text, "the box is") != NULL);
        want_field = TMAP;
        agree(rtl, name, &op, d_drawn, TCE_ERR_BAD_DESCRIPTOR);
    }
    want_field = ANY_FIELD;

    tce_engine_close(rtl);
    return check_finish("test_rtl_check_traps");
}
