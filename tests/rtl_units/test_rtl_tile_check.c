/* The RTL tile check (rtl/check/tce_tile_check.sv, with tce_im2col_check and tce_desc_rules
 * inside; Verilated alone) against the golden model's checks: the same operation and
 * descriptor go through tce_csim_execute, and the unit must give its status, the command
 * field the golden model names (tce_result_field, as `tce regress` compares engines)
 * and, for a load that passes, its transaction bytes and destination CTAs.
 *
 * The golden model runs the whole operation: its checks, then the walk. The walk can only
 * add GLOBAL_BUS (an element outside global memory), which is not the check's job, so the
 * tensor's whole footprint is mapped whenever it fits a 64 MB window, and a draw where the
 * golden model still says GLOBAL_BUS is counted as out of the check's reach, not compared.
 *
 *   hand-picked  one legal tile load, then each rule of the chain broken alone
 *   random       operations from `tce regress`'s generators (tile, im2col, ::w, ::w::128,
 *                im2col_no_offs, gather4, scatter4, real-size maps, the memory-illegal
 *                draws), half of them with one field mutated (coordinates, dims, mode,
 *                spaces, completion, shared and mbarrier addresses, multicast, CTA, the
 *                reduce op, the cluster's CTAs and shared memory, a descriptor byte, the
 *                im2col offsets)
 *   handshake    `ready` rises only after an unbroken run of `hold`, and falls with it
 *   range end    for every tile-mode verdict OK: the range end tce_window_walk reads
 *                (rng_end) is globalAddress + extent by the rule of range_end, unless
 *                flagged over where the build's products stop (check_range_end)
 *
 * All three on two builds: tce_engine's defaults, and `lite`'s parameters (HAS_IM2COL =
 * HAS_GATHER = 0, GADDR_W = 32). The lite build only meets what lite's executor lets
 * through (tile-mode loads, prefetches and stores; the rest is refused before the check),
 * and a tensor whose byte range ends past 2^32 must be UNSUPPORTED at TMAP_LO (rule by
 * hand, ends_past_2_32; two hand-picked maps end at 2^32 and 16 bytes past it); below
 * that, its verdict must also be the default build's (an UNSUPPORTED of lite's own would
 * pass the golden-model comparison, which excuses what a build does not implement).
 *
 * The seed is printed; TCE_RTL_SEED=<n> replays a run. */
#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "golden_verdict.h"
#include "regress.h"
#include "tce_tchk.h"

#define RANDOM_DRAWS 6000u
#define STAGES_MAX 8u /* ready must rise within this many cycles of hold */

static tce_tchk *unit;
static tce_tchk *full_unit; /* lite runs: the default build beside it, for the same draws */
static uint8_t *window; /* the global memory lent at a tensor's globalAddress */
static bool lite; /* the unit at tce_engine's `lite` parameters */
static unsigned long compared, out_of_reach, not_supported, refused_first, past_2_32,
    same_as_full, by_status[TCE_ERR_COUNT];
static unsigned latency_seen;

typedef struct {
    tce_op op;
    uint8_t desc[TCE_DESC_BYTES];
    unsigned ncta;
    uint32_t smem;
} draw;

/* The golden model's verdict on the draw: status, field, result. false: out of reach. */
static bool truth(const draw *w, tce_result *r, unsigned *field)
{
    return golden_verdict(&w->op, w->desc, w->ncta, w->smem, window, r, field);
}

static void to_inputs(const draw *w, tce_tchk_in *in)
{
    const tce_op *op = &w->op;
    memset(in, 0, sizeof *in);
    memcpy(in->desc, w->desc, TCE_DESC_BYTES);
    in->mem_ncta = w->ncta;
    in->mem_smem = w->smem;
    in->is_store = op->kind == TCE_OP_TENSOR_STORE || op->kind == TCE_OP_TENSOR_REDUCE;
    in->is_prefetch = op->kind == TCE_OP_TENSOR_PREFETCH;
    in->is_reduce = op->kind == TCE_OP_TENSOR_REDUCE;
    in->redop = (unsigned)op->redop;
    in->src_space = (unsigned)op->src_space;
    in->dst_space = (unsigned)op->dst_space;
    in->completion = (unsigned)op->completion;
    in->cta = op->cta;
    in->dims = op->dims;
    in->mode = (unsigned)op->mode;
    in->saddr = op->saddr;
    in->mbar_off = op->mbar & 0xFFFFFFu;
    in->multicast = op->multicast;
    in->cta_mask = op->cta_mask;
    for (unsigned i = 0; i < 5; i++)
        in->coords[i] = op->coords[i];
    for (unsigned i = 0; i < 3; i++)
        in->im2col[i] = op->im2col[i];
}

/* The end of the tensor's byte range, globalAddress + (globalDim[0] << unit) + sum of
 * (globalDim[i] - 1) * globalStride[i] (unit: an interleaved map's 16 or 32-byte slice,
 * else the element; a dimension of size 1 adds nothing). Derived from docs/rtl.md's rule,
 * not from the RTL. */
static unsigned __int128 range_end(const uint8_t *desc, const tce_tensormap *m)
{
    unsigned es = desc[14]; /* ESIZE (csim/descriptor_layout.def) */
    unsigned unit = m->interleave == TCE_IL_16B   ? 16u
                    : m->interleave == TCE_IL_32B ? 32u
                    : es == 8 || es == 4 || es == 2 ? es : 1u;
    unsigned __int128 end = (unsigned __int128)m->gaddr + (unsigned __int128)m->gdim[0] * unit;
    for (unsigned i = 1; i < m->rank; i++)
        if (m->gdim[i] > 1)
            end += (unsigned __int128)(m->gdim[i] - 1) * m->gstride[i];
    return end;
}

/* lite's GADDR_W = 32: does the tensor's byte range end past 2^32? */
static bool ends_past_2_32(const uint8_t *desc, const tce_tensormap *m)
{
    return range_end(desc, m) > ((unsigned __int128)1 << 32);
}

/* A tile-mode operation the unit lets through: the range end it hands tce_window_walk
 * (whose extent test lets a tensor inside one window go unwalked) must be the rule's, or
 * flagged "over" only where a product passes what the build forms (lite: 2^32; the
 * default build: a stride of 2^40 or more, so the end passes 2^40). */
static unsigned long range_checked, range_over;
static void check_range_end(const draw *w, const tce_tchk_out *v, const char *what)
{
    tce_tensormap m;
    tce_diag why;
    if (v->status != TCE_OK || w->op.mode != TCE_MODE_TILE ||
        tce_desc_unpack(w->desc, &m, &why) != TCE_OK)
        return;
    unsigned __int128 end = range_end(w->desc, &m);
    if (v->rng_over) {
        range_over++;
        CHECK(!lite && end > ((unsigned __int128)1 << 40),
              "%s: range end flagged over, but it ends at 0x%" PRIx64 "%016" PRIx64, what,
              (uint64_t)(end >> 64), (uint64_t)end);
        return;
    }
    range_checked++;
    unsigned __int128 got = ((unsigned __int128)v->rng_end_hi << 64) | v->rng_end_lo;
    CHECK(got == end, "%s: range end 0x%x%016" PRIx64 ", want 0x%" PRIx64 "%016" PRIx64, what,
          v->rng_end_hi, v->rng_end_lo, (uint64_t)(end >> 64), (uint64_t)end);
}

/* One verdict of unit u: hold high until ready, then low. false: ready never rose. */
static bool run_unit(tce_tchk *u, const tce_tchk_in *in, tce_tchk_out *v, const char *what)
{
    tce_tchk_out o;
    unsigned k = 0;
    do
        tce_tchk_cycle(u, in, true, v);
    while (!v->ready && ++k < STAGES_MAX);
    if (!v->ready) {
        CHECK(0, "%s: ready did not rise in %u cycles of hold", what, STAGES_MAX);
        return false;
    }
    /* pass starts the movers in tce_cmd_exec instead of a compare of status */
    CHECK(v->pass == (v->status == TCE_OK), "%s: pass %d beside status %s", what, v->pass,
          tce_status_name((tce_status)v->status));
    tce_tchk_cycle(u, in, false, &o); /* drop hold: the next draw starts afresh */
    CHECK(!o.ready, "%s: ready stayed high without hold", what);
    return true;
}

/* Runs the check on a draw (hold high until ready) and compares it with the golden model
 * (in the lite build, a tensor past 2^32 with the rule above instead). */
static void check_draw(const draw *w, const char *what)
{
    bool tensor_path = w->op.mode == TCE_MODE_TILE && w->op.kind != TCE_OP_TENSOR_REDUCE;
    if (lite && !tensor_path) {
        refused_first++; /* lite's executor refuses it before the descriptor is fetched */
        return;
    }
    tce_tchk_in in;
    tce_tchk_out v;
    to_inputs(w, &in);
    if (!run_unit(unit, &in, &v, what))
        return;
    check_range_end(w, &v, what);

    tce_tensormap m;
    tce_diag why;
    if (lite && tce_desc_unpack(w->desc, &m, &why) == TCE_OK && ends_past_2_32(w->desc, &m)) {
        past_2_32++;
        CHECK(v.status == TCE_ERR_UNSUPPORTED && v.field == TCE_CMDF_TMAP_LO,
              "%s: a tensor ending past 2^32: unit %s at %s, want UNSUPPORTED at TMAP_LO", what,
              tce_status_name((tce_status)v.status), cmd_field_name(v.field));
        return;
    }
    /* Below 2^32 lite is the default build: the same verdict, bytes and CTAs (so an
     * UNSUPPORTED only lite gives is caught, which the golden model cannot tell). */
    tce_tchk_out f;
    if (lite && run_unit(full_unit, &in, &f, what)) {
        same_as_full++;
        CHECK(v.status == f.status && v.field == f.field &&
                  (v.status != TCE_OK || (v.tx_bytes == f.tx_bytes && v.ctas == f.ctas)),
              "lite: %s: %s at %s, the default build %s at %s", what,
              tce_status_name((tce_status)v.status), cmd_field_name(v.field),
              tce_status_name((tce_status)f.status), cmd_field_name(f.field));
    }
    tce_result r;
    unsigned want_field;
    if (!truth(w, &r, &want_field)) {
        out_of_reach++;
        return;
    }
    bool unsupported_only = v.status == TCE_ERR_UNSUPPORTED && r.status == TCE_OK;
    if (unsupported_only) {
        not_supported++;
        return;
    }
    compared++;
    by_status[r.status]++;
    CHECK(same_verdict(v.status, v.field, &r, want_field),
          "%s%s: %s %s mode %s dims %u: unit %s at %s, golden model %s at %s (%s)",
          lite ? "lite: " : "", what,
          tce_op_kind_name(w->op.kind), w->op.multicast ? "multicast" : "",
          tce_mode_name(w->op.mode), w->op.dims, tce_status_name((tce_status)v.status), cmd_field_name(v.field),
          tce_status_name(r.status), cmd_field_name(want_field), r.status == TCE_OK ? "" : r.why);
    if (r.status == TCE_OK && v.status == TCE_OK && w->op.kind == TCE_OP_TENSOR_LOAD) {
        CHECK(v.tx_bytes == r.tx_bytes, "%s: %s load: %u bytes, golden model %u", what,
              tce_mode_name(w->op.mode), v.tx_bytes, r.tx_bytes);
        CHECK(v.ctas == r.tx_ctas, "%s: %s load: CTAs 0x%x, golden model 0x%x", what,
              tce_mode_name(w->op.mode), v.ctas, r.tx_ctas);
    }
}

/* ------------------------------------------------------------------ draws */

static void from_item(const regress_item *it, draw *w)
{
    memset(w, 0, sizeof *w);
    w->op = it->op;
    tce_desc_pack(&it->map, w->desc);
    for (unsigned k = 0; k < it->desc_pokes; k++)
        w->desc[it->desc_poke_off[k]] = it->desc_poke_val[k];
    w->ncta = REGRESS_NCTA;
    w->smem = TCE_ENGINE_SMEM_BYTES;
}

static int32_t wild_coord(void)
{
    switch (rnd_below(6)) {
    case 0: return (int32_t)(uint32_t)rnd();
    case 1: return -(int32_t)rnd_below(64);
    case 2: return INT32_MAX - (int32_t)rnd_below(4);
    case 3: return INT32_MIN + (int32_t)rnd_below(4);
    default: return (int32_t)rnd_below(300);
    }
}

static uint32_t wild_saddr(uint32_t smem)
{
    switch (rnd_below(6)) {
    case 0: return (uint32_t)rnd();
    case 1: return (uint32_t)rnd_below(smem + 4096u);
    case 2: return (uint32_t)rnd_below(smem / 128u + 8u) * 128u;
    case 3: return TCE_SADDR(rnd_below(16), rnd_below(smem / 128u) * 128u);
    case 4: return (smem - (uint32_t)rnd_below(4096u)) & ~127u;
    default: return (uint32_t)rnd_below(1u << 24);
    }
}

/* One field of the draw changed (the header's list). */
static void mutate(draw *w)
{
    tce_op *op = &w->op;
    switch (rnd_below(16)) {
    case 0: op->coords[rnd_below(5)] = wild_coord(); break;
    case 1: op->dims = 1 + (unsigned)rnd_below(5); break;
    case 2: op->mode = (tce_mode)rnd_below(7); break;
    case 3: op->dst_space = (tce_space)rnd_below(3); break;
    case 4: op->src_space = (tce_space)rnd_below(3); break;
    case 5: op->completion = (tce_completion)rnd_below(3); break;
    case 6: op->saddr = wild_saddr(w->smem); break;
    case 7: op->mbar = rnd_below(2) ? (uint32_t)rnd_below(1u << 24) : w->smem - (uint32_t)rnd_below(16); break;
    case 8: op->multicast = !op->multicast, op->cta_mask = (uint16_t)(rnd_below(3) ? rnd() : 0); break;
    case 9: op->cta = (unsigned)rnd_below(16); break;
    case 10:
        op->redop = (tce_redop)rnd_below(8);
        if (rnd_below(2))
            op->kind = rnd_below(2) ? TCE_OP_TENSOR_REDUCE : TCE_OP_TENSOR_STORE;
        break;
    case 11:
        op->kind = (tce_op_kind)(TCE_OP_TENSOR_LOAD + rnd_below(4));
        break;
    case 12: w->ncta = 1 + (unsigned)rnd_below(16); break;
    case 13: {
        static const uint32_t sizes[] = {232448u, 16384u, 100000u, 1024u, 65536u + 64u};
        w->smem = sizes[rnd_below(5)];
        break;
    }
    case 14: {
        /* A descriptor byte past the format tag. */
        unsigned at = 2 + (unsigned)rnd_below(TCE_DESC_BYTES - 2);
        w->desc[at] = rnd_below(2) ? (uint8_t)rnd() : (uint8_t)(w->desc[at] ^ (1u << rnd_below(8)));
        break;
    }
    default:
        for (unsigned i = 0; i < 3; i++)
            op->im2col[i] = (uint16_t)(rnd_below(2) ? rnd() : rnd_below(8));
        break;
    }
}

static bool random_draw(draw *w, const char **what)
{
    regress_gen_cfg cfg = {.tf32 = true, .wide = rnd_below(2) != 0};
    regress_item it;
    unsigned slot = (unsigned)rnd_below(REGRESS_MAX_QUEUE);
    uint64_t seed = rnd();
    memset(&it, 0, sizeof it);
    switch (rnd_below(6)) {
    case 0: regress_gen_im2col(&seed, slot, &cfg, &it); break;
    case 1: regress_gen_gather4(&seed, slot, &cfg, &it); break;
    case 2: cfg.wide = true; regress_gen_extreme(&seed, slot, &cfg, &it); break;
    default: regress_gen(&seed, slot, &cfg, &it); break;
    }
    if (!it.has_map)
        return false;
    if (rnd_below(100) < 10)
        regress_make_memory_illegal(&seed, &it);
    if (!it.has_map)
        return false;
    from_item(&it, w);
    *what = it.what ? it.what : "draw";
    if (rnd_below(2))
        mutate(w);
    return true;
}

/* ------------------------------------------------------------------ hand-picked */

static void legal_load(draw *w)
{
    static const uint64_t gdim[2] = {64, 32}, gstr[1] = {128};
    static const uint32_t box[2] = {32, 8}, es[2] = {1, 1};
    tce_tensormap m;
    tce_diag why;
    memset(w, 0, sizeof *w);
    CHECK(tce_encode_tiled(&m, TCE_DT_FLOAT16, 2, REGRESS_GBASE, gdim, gstr, box, es,
                           TCE_IL_NONE, TCE_SW_64B, TCE_L2_NONE, TCE_OOB_ZERO, &why) == TCE_OK,
          "the hand-picked map: %s", why.text);
    tce_desc_pack(&m, w->desc);
    static const int32_t c[2] = {8, 3};
    w->op = tce_op_tile_load(1, DESC_ADDR, 2, c, 0x400, 0x8);
    w->ncta = 2;
    w->smem = TCE_ENGINE_SMEM_BYTES;
}

/* The hand-picked map moved to globalAddress g. */
static void at_gaddr(draw *w, uint64_t g)
{
    tce_tensormap m;
    tce_diag why;
    CHECK(tce_desc_unpack(w->desc, &m, &why) == TCE_OK, "the hand-picked map: %s", why.text);
    m.gaddr = g;
    tce_desc_pack(&m, w->desc);
}

static void run_hand_picked(void)
{
    draw w;
    legal_load(&w);
    check_draw(&w, "legal 2-D load");
    /* Each rule alone. */
    legal_load(&w), w.desc[0x20] ^= 0x40, check_draw(&w, "a reserved or range bit set");
    legal_load(&w), w.op.dims = 3, check_draw(&w, ".3d on a rank-2 map");
    legal_load(&w), w.op.mode = TCE_MODE_SCATTER4, check_draw(&w, "scatter4 load");
    legal_load(&w), w.op.coords[0] = 4, check_draw(&w, "dim-0 coordinate off 16 bytes");
    legal_load(&w), w.op.kind = TCE_OP_TENSOR_STORE, w.op.src_space = TCE_SPACE_SHARED_CTA,
        w.op.dst_space = TCE_SPACE_GLOBAL, w.op.coords[1] = -1,
        check_draw(&w, "store at a negative coordinate");
    legal_load(&w), w.op.kind = TCE_OP_TENSOR_REDUCE, w.op.src_space = TCE_SPACE_SHARED_CTA,
        w.op.dst_space = TCE_SPACE_GLOBAL, w.op.redop = TCE_RED_AND,
        check_draw(&w, "and on f16");
    legal_load(&w), w.op.dst_space = TCE_SPACE_GLOBAL, check_draw(&w, "load to global");
    legal_load(&w), w.op.dst_space = TCE_SPACE_SHARED_CLUSTER, w.op.multicast = true,
        w.op.cta_mask = 0, check_draw(&w, "multicast to no CTA");
    legal_load(&w), w.op.dst_space = TCE_SPACE_SHARED_CLUSTER, w.op.multicast = true,
        w.op.cta_mask = 0x4, check_draw(&w, "multicast past the cluster");
    legal_load(&w), w.op.saddr = 0x1000040, check_draw(&w, "shared::cta address past 2^24");
    legal_load(&w), w.op.saddr = 0x440, check_draw(&w, "shared address off 128 bytes");
    legal_load(&w), w.op.mbar = 0x44, check_draw(&w, "mbarrier off 8 bytes");
    legal_load(&w), w.op.mbar = TCE_ENGINE_SMEM_BYTES - 4, check_draw(&w, "mbarrier past the end");
    legal_load(&w), w.op.saddr = TCE_ENGINE_SMEM_BYTES - 1024, check_draw(&w, "box past the end");
    legal_load(&w), w.smem = 100000u, w.op.saddr = 99840u - 512u,
        check_draw(&w, "swizzled box at the end of a shared memory of 100000 bytes");
    legal_load(&w), w.op.kind = TCE_OP_TENSOR_PREFETCH, w.op.saddr = 0x77,
        check_draw(&w, "prefetch ignores the shared side");
    legal_load(&w), w.desc[0x13] = 0x80, check_draw(&w, "a globalDim past 2^31");
    /* The 4 KB tensor ending exactly at 2^32 (lite runs it), and 16 bytes further. */
    legal_load(&w), at_gaddr(&w, (1ull << 32) - 4096u), check_draw(&w, "a tensor ending at 2^32");
    legal_load(&w), at_gaddr(&w, (1ull << 32) - 4080u), check_draw(&w, "a tensor ending 16 bytes past 2^32");
    printf("hand-picked: %lu compared\n", compared);
}

/* ------------------------------------------------------------------ handshake */

static void run_handshake(void)
{
    draw w;
    legal_load(&w);
    tce_tchk_in in;
    tce_tchk_out o;
    to_inputs(&w, &in);
    /* The descriptor settled (its side of the pipeline runs without hold), then the
     * latency of a command on a cached descriptor, which the rest compares with. */
    for (unsigned k = 0; k < STAGES_MAX; k++)
        tce_tchk_cycle(unit, &in, false, &o);
    latency_seen = 0;
    do
        tce_tchk_cycle(unit, &in, true, &o);
    while (!o.ready && ++latency_seen < STAGES_MAX);
    latency_seen++;
    CHECK(o.ready, "ready did not rise in %u cycles of hold", STAGES_MAX);
    tce_tchk_cycle(unit, &in, false, &o);
    /* An unbroken run of hold: ready after latency_seen cycles; a break starts it over. */
    for (unsigned k = 0; k + 1 < latency_seen; k++) {
        tce_tchk_cycle(unit, &in, true, &o);
        CHECK(!o.ready, "ready after %u cycles of hold, want %u", k + 1, latency_seen);
    }
    tce_tchk_cycle(unit, &in, false, &o);
    CHECK(!o.ready, "ready without hold");
    for (unsigned k = 0; k + 1 < latency_seen; k++) {
        tce_tchk_cycle(unit, &in, true, &o);
        CHECK(!o.ready, "ready %u cycles after a break in hold, want %u", k + 1, latency_seen);
    }
    tce_tchk_cycle(unit, &in, true, &o);
    CHECK(o.ready && o.status == TCE_OK, "no verdict after %u cycles of hold", latency_seen);
    tce_tchk_cycle(unit, &in, true, &o);
    CHECK(o.ready, "ready fell while hold stayed high");
    tce_tchk_cycle(unit, &in, false, &o);
    /* A descriptor that changed in the first cycle of hold (just fetched): the unit's
     * descriptor side (the box quotients, the row count, the box-size rule) runs from desc
     * alone and must have seen it for five edges before the command's stage 2 (the
     * box-size rule takes six stages), so ready comes three cycles later than on a cached
     * one, never with the old descriptor's. */
    at_gaddr(&w, REGRESS_GBASE + 4096u);
    to_inputs(&w, &in);
    for (unsigned k = 0; k < latency_seen + 2; k++) {
        tce_tchk_cycle(unit, &in, true, &o);
        CHECK(!o.ready, "new descriptor: ready after %u cycles of hold, want %u", k + 1,
              latency_seen + 3);
    }
    tce_tchk_cycle(unit, &in, true, &o);
    CHECK(o.ready && o.status == TCE_OK, "new descriptor: no verdict after %u cycles of hold",
          latency_seen + 3);
    tce_tchk_cycle(unit, &in, false, &o);
    printf("handshake: ready %u cycles into an unbroken run of hold (%u after a new "
           "descriptor)\n", latency_seen, latency_seen + 3);
}

/* Every part of the test on one build of the unit. */
static void run_build(bool lite_build)
{
    lite = lite_build;
    compared = out_of_reach = not_supported = refused_first = past_2_32 = same_as_full = 0;
    memset(by_status, 0, sizeof by_status);
    unit = tce_tchk_create(lite);
    full_unit = lite ? tce_tchk_create(false) : NULL;
    if (!unit || (lite && !full_unit)) {
        CHECK(0, "out of memory for the %s unit", lite ? "lite" : "default");
        return;
    }
    printf("-- %s build\n", lite ? "lite (HAS_IM2COL = HAS_GATHER = 0, GADDR_W = 32)" : "default");
    run_hand_picked();
    run_handshake();
    unsigned long before = compared;
    for (unsigned k = 0; k < RANDOM_DRAWS; k++) {
        draw w;
        const char *what;
        if (random_draw(&w, &what))
            check_draw(&w, what);
        else
            k--;
    }
    printf("random: %lu compared, %lu beyond the check (GLOBAL_BUS), %lu not supported by "
           "this build\n", compared - before, out_of_reach, not_supported);
    if (lite)
        printf("lite: %lu refused by the executor first (im2col, gather4, scatter4, reduce), "
               "%lu tensors past 2^32 refused, %lu verdicts the same as the default build's\n",
               refused_first, past_2_32, same_as_full);
    printf("range ends for the window walk: %lu as the rule's, %lu flagged over\n",
           range_checked, range_over);
    CHECK(range_checked > 0, "no tile-mode verdict OK: the range end was never compared");
    range_checked = range_over = 0;
    printf("golden-model verdicts compared:");
    for (unsigned s = 0; s < TCE_ERR_COUNT; s++)
        printf(" %s %lu", tce_status_name((tce_status)s), by_status[s]);
    printf("\n");
    tce_tchk_destroy(unit);
    tce_tchk_destroy(full_unit);
}

int main(void)
{
    int rc = unit_seed(0x7c1ec4ull);
    if (rc)
        return rc;
    window = calloc(1, WINDOW_BYTES);
    if (!window) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    run_build(false);
    run_build(true);
    free(window);
    return unit_verdict();
}
