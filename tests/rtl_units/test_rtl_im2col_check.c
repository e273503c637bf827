/* The RTL im2col-family checks (rtl/check/tce_im2col_check.sv, Verilated alone) against the
 * golden model: the same operation and descriptor go through tce_csim_execute, and the
 * unit must give its status and the command field it names; for a load that passes, its
 * rows x row bytes must be the golden model's transaction bytes, and for a plain .im2col
 * load through a map without interleave its windows, row-0 positions and offsets must be
 * those of the golden model's walk (i2c_walk_begin).
 *
 * The golden model checks the descriptor first (tce_tile_check's tce_desc_rules in the
 * RTL), then the im2col family's rules (this unit), then the shared side of a load (the
 * destination CTAs, the shared and mbarrier addresses) and walks the tensor. So a draw whose
 * descriptor does not unpack is the parent's, not compared; a GLOBAL_BUS from the walk, or a
 * failure at one of the later fields where the unit passes, is counted apart.
 * The inputs the unit takes from tce_tile_check are derived here as tce_tile_check derives
 * them: log2 of the descriptor's ESIZE byte, and the store rules' verdicts from the op.
 *
 *   hand-picked  legal .im2col, ::w and ::w::128 loads and an .im2col_no_offs store, then
 *                each rule broken alone (the wide mode named wrongly both ways among them)
 *   random       `tce regress`'s im2col generator (all four modes, interleaved maps), most
 *                with one field mutated (mode, .dim, a coordinate, the offsets, and the
 *                map's kind, rank, dtype, interleave, swizzle, wide mode, channels, pixels,
 *                corners, a globalDim; a store's op, source space and shared address)
 *
 * The seed is printed; TCE_RTL_SEED=<n> replays a run. */
#include <stdbool.h>
#include <string.h>

#include "arith.h"
#include "golden_verdict.h"
#include "im2col_common.h"
#include "regress.h"
#include "tce_i2cc.h"

#define RANDOM_DRAWS 8000u
#define DESC_ESIZE_BYTE 14u /* csim/descriptor_layout.def */

static tce_i2cc *unit;
static uint8_t *window; /* the global memory lent at a tensor's globalAddress */
static unsigned long compared, walks_compared, bytes_compared, desc_rules, out_of_reach,
    later, by_status[TCE_ERR_COUNT];

typedef struct {
    tce_op op;
    tce_tensormap map;
} draw;

/* A check after this unit's: the shared side of a load (i2c_deliver_load) and the store's
 * source range. */
static bool later_field(unsigned f)
{
    return f == TCE_CMDF_CTA_MASK || f == TCE_CMDF_MULTICAST || f == TCE_CMDF_SADDR ||
           f == TCE_CMDF_DST_SPACE || f == TCE_CMDF_MBAR;
}

static bool red_ok(const tce_op *op, const tce_tensormap *m)
{
    if (op->kind != TCE_OP_TENSOR_REDUCE)
        return true;
    tce_etype et;
    bool noftz = tce_arith_tensor_noftz(m->dtype);
    return (unsigned)m->dtype < TCE_DT_COUNT && tce_etype_from_dtype(m->dtype, op->redop, &et) &&
           tce_arith_legal(TCE_ARITH_TENSOR_REDUCE, op->redop, et, noftz) &&
           tce_etype_size(et) == tce_dtype_size(m->dtype);
}

static void to_inputs(const draw *w, const uint8_t *desc, tce_i2cc_in *in)
{
    const tce_op *op = &w->op;
    memset(in, 0, sizeof *in);
    memcpy(in->desc, desc, TCE_DESC_BYTES);
    in->mode = (unsigned)op->mode;
    in->dims = op->dims;
    uint8_t es = desc[DESC_ESIZE_BYTE];
    in->esl = es == 8 ? 3 : es == 4 ? 2 : es == 2 ? 1 : 0;
    for (unsigned i = 0; i < 5; i++) {
        in->coords[i] = op->coords[i];
        if (i < w->map.rank && op->coords[i] < 0)
            in->st_coord_neg = true;
    }
    for (unsigned i = 0; i < 3; i++)
        in->offsets[i] = op->im2col[i];
    in->st_red_ok = red_ok(op, &w->map);
    in->st_src_ok = op->src_space == TCE_SPACE_SHARED_CTA;
    in->st_saddr_ok = op->saddr <= 0xFFFFFFu;
}

/* For a plain .im2col load without interleave: the walk's start against the golden
 * model's. */
static void check_walk(const draw *w, const tce_i2cc_out *v, const char *what)
{
    i2c_walk g;
    if (i2c_walk_begin(&g, &w->op, &w->map).status != TCE_OK) {
        CHECK(0, "%s: the unit passes a start the golden model's walk refuses", what);
        return;
    }
    walks_compared++;
    CHECK(v->nwalk == g.nsp, "%s: %u walking dimensions, golden model %u", what, v->nwalk, g.nsp);
    for (unsigned j = 0; j < g.nsp; j++) {
        CHECK(v->win_lo[j] == g.lo[j] && v->win_hi[j] == g.hi[j],
              "%s: window %u [%lld, %lld], golden model [%lld, %lld]", what, j,
              (long long)v->win_lo[j], (long long)v->win_hi[j], (long long)g.lo[j],
              (long long)g.hi[j]);
        CHECK(v->pos0[j] == g.pos[j], "%s: row-0 position %u %lld, golden model %lld", what, j,
              (long long)v->pos0[j], (long long)g.pos[j]);
        CHECK(v->pos_off[j] == w->op.im2col[j], "%s: offset %u %u, the op's %u", what, j,
              v->pos_off[j], w->op.im2col[j]);
    }
    CHECK(v->pos0[g.nsp] == g.n, "%s: row-0 N %lld, golden model %lld", what,
          (long long)v->pos0[g.nsp], (long long)g.n);
}

/* Runs the unit on a draw and compares it with the golden model. */
static void check_draw(const draw *w, const char *what)
{
    uint8_t desc[TCE_DESC_BYTES];
    tce_desc_pack(&w->map, desc);
    tce_tensormap m;
    tce_diag why;
    if (tce_desc_unpack(desc, &m, &why) != TCE_OK) {
        desc_rules++; /* tce_desc_rules' verdict, before this unit */
        return;
    }
    tce_result r;
    unsigned want_field;
    if (!golden_verdict(&w->op, desc, REGRESS_NCTA, TCE_ENGINE_SMEM_BYTES, window, &r,
                        &want_field)) {
        out_of_reach++;
        return;
    }
    tce_i2cc_in in;
    tce_i2cc_out v;
    to_inputs(w, desc, &in);
    tce_i2cc_eval(unit, &in, &v);
    if (v.status == TCE_OK && r.status != TCE_OK && later_field(want_field)) {
        later++;
        return;
    }
    compared++;
    by_status[r.status]++;
    CHECK(same_verdict(v.status, v.field, &r, want_field),
          "%s: %s mode %s dims %u rank %u: unit %s at %s, golden model %s at %s (%s)", what,
          tce_op_kind_name(w->op.kind), tce_mode_name(w->op.mode), w->op.dims, w->map.rank,
          tce_status_name((tce_status)v.status), cmd_field_name(v.field), tce_status_name(r.status), cmd_field_name(want_field),
          r.status == TCE_OK ? "" : r.why);
    if (v.status != TCE_OK || r.status != TCE_OK || w->op.kind != TCE_OP_TENSOR_LOAD)
        return;
    bool il = w->map.interleave != TCE_IL_NONE;
    uint32_t row_bytes = il ? i2c_slice_bytes(&w->map) : v.channels * tce_dtype_size(w->map.dtype);
    bytes_compared++;
    CHECK(v.rows * row_bytes == r.tx_bytes, "%s: %s load: %u rows of %u bytes, golden model %u bytes",
          what, tce_mode_name(w->op.mode), v.rows, row_bytes, r.tx_bytes);
    if (w->op.mode == TCE_MODE_IM2COL && !il)
        check_walk(w, &v, what);
}

/* ------------------------------------------------------------------ draws */

static int32_t wild_coord(void)
{
    switch (rnd_below(5)) {
    case 0: return (int32_t)(uint32_t)rnd();
    case 1: return -(int32_t)rnd_below(40);
    case 2: return rnd_below(2) ? INT32_MAX - (int32_t)rnd_below(4) : INT32_MIN + (int32_t)rnd_below(4);
    default: return (int32_t)rnd_below(40);
    }
}

/* One field of the draw changed (the header's list). */
static void mutate(draw *w)
{
    tce_op *op = &w->op;
    tce_tensormap *m = &w->map;
    bool store = op->kind == TCE_OP_TENSOR_STORE || op->kind == TCE_OP_TENSOR_REDUCE;
    switch (rnd_below(16)) {
    case 0:
        if (!store)
            op->mode = (tce_mode)(TCE_MODE_IM2COL + rnd_below(3));
        break;
    case 1: op->dims = 1 + (unsigned)rnd_below(5); break;
    case 2: op->coords[rnd_below(5)] = wild_coord(); break;
    case 3:
        for (unsigned i = 0; i < 3; i++)
            op->im2col[i] = (uint16_t)(rnd_below(2) ? rnd() : rnd_below(40));
        break;
    case 4: m->kind = (tce_map_kind)rnd_below(3); break;
    case 5: m->rank = 2 + (unsigned)rnd_below(4); break;
    case 6: m->dtype = (tce_dtype)rnd_below(TCE_DT_COUNT); break;
    case 7: m->interleave = (tce_interleave)rnd_below(3); break;
    case 8: m->swizzle = (tce_swizzle)rnd_below(8); break;
    case 9: m->wide = m->wide == TCE_WIDE_W ? TCE_WIDE_W128 : TCE_WIDE_W; break;
    case 10: m->channels = (uint32_t)rnd_below(300); break;
    case 11: m->pixels = (uint32_t)rnd_below(1100); break;
    case 12: {
        unsigned j = (unsigned)rnd_below(3);
        m->lower[j] = (int32_t)rnd_below(41) - 20;
        m->upper[j] = (int32_t)rnd_below(41) - 20;
        break;
    }
    case 13: m->gdim[rnd_below(m->rank)] = 1 + rnd_below(rnd_below(2) ? 40 : 1u << 20); break;
    case 14:
        if (store) {
            op->kind = rnd_below(2) ? TCE_OP_TENSOR_REDUCE : TCE_OP_TENSOR_STORE;
            op->redop = (tce_redop)rnd_below(8);
        } else {
            op->kind = rnd_below(2) ? TCE_OP_TENSOR_PREFETCH : TCE_OP_TENSOR_LOAD;
        }
        break;
    default:
        if (store) {
            if (rnd_below(2))
                op->src_space = (tce_space)rnd_below(3);
            else
                op->saddr = (uint32_t)rnd();
        } else {
            op->coords[0] = (int32_t)rnd_below(64); /* the channel start off 16 bytes */
        }
        break;
    }
}

static void random_draw(draw *w)
{
    regress_gen_cfg cfg = {.tf32 = true, .wide = rnd_below(2) != 0};
    regress_item it;
    uint64_t seed = rnd();
    memset(&it, 0, sizeof it);
    regress_gen_im2col(&seed, (unsigned)rnd_below(REGRESS_MAX_QUEUE), &cfg, &it);
    memset(w, 0, sizeof *w);
    w->op = it.op;
    w->map = it.map;
    if (rnd_below(4))
        mutate(w);
}

/* ------------------------------------------------------------------ hand-picked */

static const uint64_t hp_gdim[4] = {64, 9, 7, 2}, hp_gstr[3] = {128, 1152, 8064};
static const uint32_t hp_es[4] = {1, 1, 1, 1};

/* A legal .im2col load (rank 4, f16, 64 channels, 16 pixels) or ::w / ::w::128 load. */
static void legal_load(draw *w, tce_mode mode)
{
    tce_diag why;
    memset(w, 0, sizeof *w);
    static const int32_t lower[3] = {-1, -1, 0}, upper[3] = {1, 1, 0};
    static const int32_t c[4] = {16, 2, 3, 1};
    tce_status st;
    if (mode == TCE_MODE_IM2COL)
        st = tce_encode_im2col(&w->map, TCE_DT_FLOAT16, 4, REGRESS_GBASE, hp_gdim, hp_gstr,
                               lower, upper, 64, 16, hp_es, TCE_IL_NONE, TCE_SW_128B, TCE_L2_NONE,
                               TCE_OOB_ZERO, &why);
    else
        st = tce_encode_im2col_wide(&w->map, TCE_DT_FLOAT16, 4, REGRESS_GBASE, hp_gdim, hp_gstr,
                                    -1, 1, 64, 16, hp_es, TCE_IL_NONE,
                                    mode == TCE_MODE_IM2COL_W128 ? TCE_WIDE_W128 : TCE_WIDE_W,
                                    TCE_SW_128B, TCE_L2_NONE, TCE_OOB_ZERO, &why);
    CHECK(st == TCE_OK, "the hand-picked %s map: %s", tce_mode_name(mode), why.text);
    w->op = tce_op_tile_load(0, DESC_ADDR, 4, c, 0x400, 0x8);
    w->op.mode = mode;
    w->op.im2col[0] = 1;
    w->op.im2col[1] = mode == TCE_MODE_IM2COL ? 2 : 1;
}

static void legal_store(draw *w)
{
    legal_load(w, TCE_MODE_IM2COL);
    for (unsigned j = 0; j < 3; j++)
        w->map.lower[j] = w->map.upper[j] = 0;
    w->op.kind = TCE_OP_TENSOR_STORE;
    w->op.mode = TCE_MODE_IM2COL_NO_OFFS;
    w->op.src_space = TCE_SPACE_SHARED_CTA;
    w->op.dst_space = TCE_SPACE_GLOBAL;
    w->op.completion = TCE_DONE_BULK_GROUP;
    w->op.im2col[0] = w->op.im2col[1] = 0;
}

static void run_hand_picked(void)
{
    draw w;
    legal_load(&w, TCE_MODE_IM2COL), check_draw(&w, "legal im2col load");
    legal_load(&w, TCE_MODE_IM2COL_W), check_draw(&w, "legal im2col::w load");
    legal_load(&w, TCE_MODE_IM2COL_W128), check_draw(&w, "legal im2col::w::128 load");
    legal_store(&w), check_draw(&w, "legal im2col_no_offs store");
    unsigned legal = (unsigned)compared;
    CHECK(by_status[TCE_OK] == legal, "a hand-picked legal operation does not pass");
    /* The wide mode named wrongly, both ways: UNDEFINED at MODE in the golden model. */
    legal_load(&w, TCE_MODE_IM2COL_W), w.map.wide = TCE_WIDE_W128,
        check_draw(&w, "im2col::w on a W128 map");
    legal_load(&w, TCE_MODE_IM2COL_W128), w.map.wide = TCE_WIDE_W,
        check_draw(&w, "im2col::w::128 on a W map");
    legal_load(&w, TCE_MODE_IM2COL_W), w.op.mode = TCE_MODE_IM2COL, check_draw(&w, "im2col on a wide map");
    legal_load(&w, TCE_MODE_IM2COL), w.op.mode = TCE_MODE_IM2COL_W, check_draw(&w, "::w on an im2col map");
    legal_load(&w, TCE_MODE_IM2COL), w.op.dims = 5, check_draw(&w, ".5d on a rank-4 map");
    legal_load(&w, TCE_MODE_IM2COL), w.op.coords[0] = 4, check_draw(&w, "channel start off 16 bytes");
    legal_load(&w, TCE_MODE_IM2COL), w.map.channels = 257, check_draw(&w, "257 channels");
    legal_load(&w, TCE_MODE_IM2COL), w.map.pixels = 1025, check_draw(&w, "1025 pixels");
    legal_load(&w, TCE_MODE_IM2COL), w.op.im2col[1] = 256, check_draw(&w, "4-D H offset past 255");
    legal_load(&w, TCE_MODE_IM2COL), w.op.coords[2] = 9, check_draw(&w, "H start right of its window");
    legal_load(&w, TCE_MODE_IM2COL), w.op.coords[1] = -2, check_draw(&w, "W start left of its window");
    legal_load(&w, TCE_MODE_IM2COL_W), w.op.im2col[0] = 512, check_draw(&w, "::w halo 512");
    legal_load(&w, TCE_MODE_IM2COL_W128), w.op.im2col[0] = 32, check_draw(&w, "::w::128 halo 32");
    legal_load(&w, TCE_MODE_IM2COL_W), w.op.im2col[1] = 32, check_draw(&w, "::w offset 32");
    legal_load(&w, TCE_MODE_IM2COL_W128), w.map.swizzle = TCE_SW_96B, check_draw(&w, "::w::128 96B swizzle");
    legal_load(&w, TCE_MODE_IM2COL_W), w.op.coords[1] = 10, check_draw(&w, "::w start right of W");
    legal_load(&w, TCE_MODE_IM2COL_W), w.op.coords[1] = -3, check_draw(&w, "::w start left of W (legal)");
    legal_store(&w), w.op.coords[3] = -1, check_draw(&w, "store at a negative N");
    legal_store(&w), w.map.upper[1] = 1, check_draw(&w, "store with an upper corner past 0");
    legal_store(&w), w.op.kind = TCE_OP_TENSOR_REDUCE, w.op.redop = TCE_RED_AND,
        check_draw(&w, "and-reduce on f16");
    legal_store(&w), w.op.src_space = TCE_SPACE_GLOBAL, check_draw(&w, "store from global");
    legal_store(&w), w.op.saddr = 0x1000000, check_draw(&w, "store from past 2^24");
    printf("hand-picked: %lu compared\n", compared);
}

int main(void)
{
    int rc = unit_seed(0x12c0c4ull);
    if (rc)
        return rc;
    window = calloc(1, WINDOW_BYTES);
    unit = tce_i2cc_create();
    if (!window || !unit) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    run_hand_picked();
    unsigned long before = compared;
    for (unsigned k = 0; k < RANDOM_DRAWS; k++) {
        draw w;
        random_draw(&w);
        check_draw(&w, "random");
    }
    printf("random: %lu compared (%lu transaction sizes, %lu walk starts), %lu with a descriptor "
           "the descriptor rules refuse, %lu failing a later check, %lu GLOBAL_BUS\n",
           compared - before, bytes_compared, walks_compared, desc_rules, later, out_of_reach);
    printf("golden-model verdicts compared:");
    for (unsigned s = 0; s < TCE_ERR_COUNT; s++)
        printf(" %s %lu", tce_status_name((tce_status)s), by_status[s]);
    printf("\n");
    tce_i2cc_destroy(unit);
    free(window);
    return unit_verdict();
}
