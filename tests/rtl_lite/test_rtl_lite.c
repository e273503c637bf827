/* The engine built without its optional features (tce_engine HAS_REDUCE = HAS_IM2COL =
 * HAS_GATHER = HAS_MULTIMEM = 0, LOAD_SLOTS = 4, NRD = 4: the `lite` configuration of `tce synth`),
 * Verilated into its own bridge (bridge/CMakeLists.txt, tce_bridge_lite).
 *
 * What it must still do, against the golden model (tce_csim_execute on identical memories:
 * status, every byte of global and shared memory, the complete-tx requests): bulk copies in
 * every direction, tile loads (more in flight than its 4 load slots) and tile stores.
 * What it must refuse, by name: every reduction (cp.reduce.async.bulk, the tensor reduce,
 * red) and multimem.cp.async.bulk with ST_UNSUPPORTED at the OPCODE field, and every im2col, gather4 and scatter4 mode
 * with ST_UNSUPPORTED at the MODE field, leaving memory as it was and sending no complete-tx.
 * Where the golden model can run the refused operation from the same memory, it must
 * succeed there: the refusal is the build's, not the operation's fault.
 *
 * The build's tensor path works in 32-bit global addresses (GADDR_W = 32): a tensor map
 * whose byte range [globalAddress, globalAddress + extent) ends past 2^32 must be refused
 * with ST_UNSUPPORTED at TMAP_LO, and one that ends exactly at 2^32 must run, page ends and
 * burst limits at the top of the range included (gaddr_limit below, hand-derived ranges).
 *
 * The bulk movers' addresses are GADDR_W bits too: a bulk copy ending past 2^32
 * is refused with ST_UNSUPPORTED at its address field, one ending exactly there runs
 * (bulk_gaddr_limit).
 *
 * The build's row walk has no outside row generator (tce_row_walk EXT_ROWS = 0) and is its
 * own logic (precomputed step deltas), so tile loads and stores of every shape `tce
 * regress` draws (ranks 1..5, element strides, interleave, swizzles, out-of-bounds boxes,
 * queued back to back) run against the golden model too (drawn_tiles below), and the
 * walk's setup time, 3 cycles per dimension below the top one, is checked on boxes that
 * differ only in their rank (walk_setup below). */
#include "../rtl/cosim_mem.h"
#include "../test_rng.h"
#include "regress.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GBASE 0x10000000ull
#define GSIZE (64u * 1024u)
#define TENSOR (GBASE + 0x8000u) /* u32, TW x TH, rows of TW elements */
#define TW 32u
#define TH 32u
#define DESC (GBASE + 0xF000u)   /* the tensor map, written after each fill */
/* A second global window around 2^32, the top of the build's tensor address range. */
#define LIMIT32 0x100000000ull
#define TOPBASE (LIMIT32 - 0x2000u)
#define TOPSIZE 0x4000u

static int failures;

#define CHECK(cond, ...)                                                                     \
    do {                                                                                     \
        if (!(cond)) {                                                                       \
            failures++;                                                                      \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                              \
            fprintf(stderr, __VA_ARGS__);                                                    \
            fputc('\n', stderr);                                                             \
        }                                                                                    \
    } while (0)

typedef struct {
    tce_sim *sim;
    tce_memsys ms;
    uint32_t smem_bytes;
    unsigned ncta;
    /* The map fill_same writes: a TW x TH u32 tensor at tbase, dim-1 stride tstride
     * (TENSOR and TW * 4 unless a test moves it). */
    uint64_t tbase, tstride;
    uint32_t th;
} bench;

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint8_t next_byte(void) { return test_xorshift_byte(&rng); }

static uint32_t rd(bench *b, uint32_t reg) { return cosim_reg_read(b->sim, reg); }
static void wr(bench *b, uint32_t reg, uint32_t v) { cosim_reg_write(b->sim, reg, v); }

/* The same random bytes in both models (global window, first 16 KB of each CTA), then the
 * tensor map at DESC: a 2-D u32 tensor with a 16 x 8 box (boxDim[1] 1 for gather4). */
static void fill_same(bench *b, uint32_t box1)
{
    cosim_fill_same(b->sim, &b->ms, GBASE, GSIZE, 16384, next_byte);
    uint8_t *top = tce_sim_gmem(b->sim, TOPBASE, TOPSIZE);
    for (uint32_t i = 0; i < TOPSIZE; i++)
        top[i] = b->ms.g[1].bytes[i] = next_byte();
    tce_tensormap m;
    tce_diag why;
    uint64_t gdim[2] = {TW, b->th}, gstr[1] = {b->tstride};
    uint32_t box[2] = {16, box1}, es[2] = {1, 1};
    cosim_must(tce_encode_tiled(&m, TCE_DT_UINT32, 2, b->tbase, gdim, gstr, box, es, TCE_IL_NONE,
                          TCE_SW_NONE, TCE_L2_NONE, TCE_OOB_ZERO, &why) == TCE_OK, why.text);
    tce_desc_pack(&m, tce_sim_gmem(b->sim, DESC, TCE_DESC_BYTES));
    tce_desc_pack(&m, b->ms.g[0].bytes + (DESC - GBASE));
    /* The map changed behind the engine's descriptor cache (fence.proxy.tensormap). */
    wr(b, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE) | TCE_RM_BIT(CTRL, DESC_INVAL));
}

static void submit(bench *b, const tce_op *op)
{
    cosim_must(cosim_submit(b->sim, op), "tce_cmd_pack and CMD/DOORBELL writes");
}

/* Runs the engine to idle; its ERR_CODE.CODE and ERR_INFO.FIELD (then clears the error). */
static unsigned run_engine(bench *b, const char *name, unsigned *field)
{
    CHECK(tce_sim_run_until_idle(b->sim, 2000000) == 0, "%s: engine did not go idle", name);
    uint32_t err = rd(b, TCE_REG_ERR_CODE), info = rd(b, TCE_REG_ERR_INFO);
    *field = TCE_RM_GET(ERR_INFO, FIELD, info);
    if (err)
        wr(b, TCE_REG_ERR_CODE, 0);
    return TCE_RM_GET(ERR_CODE, CODE, err);
}

static void compare_memories(bench *b, const char *name)
{
    uint32_t gdiff = cosim_global_diff(b->sim, &b->ms, GBASE, GSIZE);
    CHECK(gdiff == 0, "%s: %u global bytes differ from the golden model", name, gdiff);
    const uint8_t *top = tce_sim_gmem(b->sim, TOPBASE, TOPSIZE);
    gdiff = 0;
    for (uint32_t i = 0; i < TOPSIZE; i++)
        gdiff += top[i] != b->ms.g[1].bytes[i];
    CHECK(gdiff == 0, "%s: %u bytes around 2^32 differ from the golden model", name, gdiff);
    for (unsigned c = 0; c < b->ncta; c++) {
        uint32_t first;
        uint32_t sdiff = cosim_smem_diff(b->sim, &b->ms, c, b->smem_bytes, &first);
        CHECK(sdiff == 0, "%s: CTA %u: %u shared bytes differ from the golden model (first at 0x%x)",
              name, c, sdiff, first);
    }
}

/* ops[0..n) submitted back to back, run on both models in order; both must succeed, leave
 * the same memory and send the same complete-tx requests (one per op with an mbarrier). */
static void cosim(bench *b, const char *name, const tce_op *ops, unsigned n, uint32_t box1)
{
    fill_same(b, box1);
    tce_sim_tx_clear(b->sim);
    unsigned want_tx = 0;
    for (unsigned i = 0; i < n; i++) {
        tce_result want = tce_csim_execute(&ops[i], &b->ms);
        CHECK(want.status == TCE_OK, "%s: op %u: golden %s (%s)", name, i,
              tce_status_name(want.status), want.why);
        if (ops[i].completion == TCE_DONE_MBARRIER)
            for (unsigned c = 0; c < 16; c++)
                want_tx += (want.tx_ctas >> c) & 1u;
        submit(b, &ops[i]);
    }
    unsigned field;
    unsigned got = run_engine(b, name, &field);
    CHECK(got == TCE_OK, "%s: engine status %s (field %u)", name,
          tce_status_name((tce_status)got), field);
    compare_memories(b, name);
    CHECK(tce_sim_tx_count(b->sim) == want_tx, "%s: %u complete-tx requests, golden %u", name,
          tce_sim_tx_count(b->sim), want_tx);
}

/* op must be refused as UNSUPPORTED at `want_field`, touching nothing (in either window). golden_ok: the golden
 * model runs it successfully from the same memory (so the full engine would too). */
static void refused(bench *b, const char *name, const tce_op *op, unsigned want_field,
                    bool golden_ok, uint32_t box1)
{
    fill_same(b, box1);
    tce_sim_tx_clear(b->sim);
    uint8_t *gsnap = malloc(GSIZE), *ssnap = malloc((size_t)b->ncta * b->smem_bytes);
    cosim_must(gsnap && ssnap, "snapshot memory");
    uint8_t *topsnap = malloc(TOPSIZE);
    cosim_must(topsnap != NULL, "snapshot memory");
    memcpy(topsnap, tce_sim_gmem(b->sim, TOPBASE, TOPSIZE), TOPSIZE);
    memcpy(gsnap, tce_sim_gmem(b->sim, GBASE, GSIZE), GSIZE);
    for (unsigned c = 0; c < b->ncta; c++)
        memcpy(ssnap + (size_t)c * b->smem_bytes, tce_sim_smem(b->sim, c, 0, b->smem_bytes),
               b->smem_bytes);
    if (golden_ok) {
        tce_result want = tce_csim_execute(op, &b->ms);
        CHECK(want.status == TCE_OK, "%s: golden %s (%s): not a valid operation", name,
              tce_status_name(want.status), want.why);
    }
    submit(b, op);
    unsigned field;
    unsigned got = run_engine(b, name, &field);
    CHECK(got == TCE_ERR_UNSUPPORTED && field == want_field,
          "%s: engine status %s field %u, want UNSUPPORTED field %u", name,
          tce_status_name((tce_status)got), field, want_field);
    CHECK(memcmp(gsnap, tce_sim_gmem(b->sim, GBASE, GSIZE), GSIZE) == 0,
          "%s: global memory changed", name);
    CHECK(memcmp(topsnap, tce_sim_gmem(b->sim, TOPBASE, TOPSIZE), TOPSIZE) == 0,
          "%s: global memory around 2^32 changed", name);
    free(topsnap);
    for (unsigned c = 0; c < b->ncta; c++)
        CHECK(memcmp(ssnap + (size_t)c * b->smem_bytes, tce_sim_smem(b->sim, c, 0, b->smem_bytes),
                     b->smem_bytes) == 0, "%s: CTA %u shared memory changed", name, c);
    CHECK(tce_sim_tx_count(b->sim) == 0, "%s: %u complete-tx requests", name,
          tce_sim_tx_count(b->sim));
    free(gsnap);
    free(ssnap);
}

static tce_op tensor_op(tce_op_kind kind, tce_mode mode, int32_t x, int32_t y, uint32_t saddr,
                        uint32_t mbar)
{
    const int32_t c[2] = {x, y};
    tce_op op = tce_op_tile_load(0, DESC, 2, c, saddr, mbar);
    op.kind = kind;
    op.mode = mode;
    if (kind != TCE_OP_TENSOR_LOAD) {
        op.src_space = TCE_SPACE_SHARED_CTA;
        op.dst_space = TCE_SPACE_GLOBAL;
        op.completion = TCE_DONE_BULK_GROUP;
        op.mbar = 0;
    }
    return op;
}

static void still_works(bench *b)
{
    tce_op op = tce_op_bulk_copy(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CTA, 3, GBASE + 0x1010,
                                 0x230, 4128, 0x3ff8);
    cosim(b, "bulk global -> shared::cta", &op, 1, 8);
    op = tce_op_bulk_copy(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CLUSTER, 1, GBASE + 0x40,
                          TCE_SADDR(5, 0x100), 512, TCE_SADDR(5, 0x3ff0));
    cosim(b, "bulk global -> shared::cluster", &op, 1, 8);
    op.multicast = true;
    op.saddr = 0x100;
    op.mbar = 0x3ff0;
    op.cta_mask = 0x8a0b;
    cosim(b, "bulk multicast", &op, 1, 8);
    op = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, 2, GBASE + 0x2030, 0x50, 1040, 0);
    cosim(b, "bulk shared::cta -> global", &op, 1, 8);
    op.has_byte_mask = true;
    op.byte_mask = 0xa5c3;
    cosim(b, "bulk shared::cta -> global .cp_mask", &op, 1, 8);
    op = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_SHARED_CLUSTER, 4, 0,
                          TCE_SADDR(9, 0x800), 2064, TCE_SADDR(9, 0x3fe8));
    op.saddr_src = 0x120;
    cosim(b, "bulk shared::cta -> shared::cluster", &op, 1, 8);

    /* Six tile loads back to back, some partly outside the tensor (zero fill): two more
     * than the build's four load slots, each to its own shared range and mbarrier. */
    tce_op loads[6];
    static const int32_t at[6][2] = {{0, 0}, {16, 8}, {24, 28}, {-8, 4}, {8, -4}, {16, 24}};
    for (unsigned i = 0; i < 6; i++)
        loads[i] = tensor_op(TCE_OP_TENSOR_LOAD, TCE_MODE_TILE, at[i][0], at[i][1],
                             0x400u + i * 0x200u, 0x3f00u + i * 8u);
    cosim(b, "six tile loads in flight", loads, 6, 8);
    tce_op st = tensor_op(TCE_OP_TENSOR_STORE, TCE_MODE_TILE, 8, 20, 0x600, 0);
    cosim(b, "tile store", &st, 1, 8);
}

static void refuses(bench *b)
{
    tce_op op = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, 2, GBASE + 0x2000, 0x40,
                                 256, 0);
    op.kind = TCE_OP_BULK_REDUCE;
    op.redop = TCE_RED_ADD;
    op.etype = TCE_ET_U32;
    refused(b, "cp.reduce.async.bulk.global add.u32", &op, TCE_CMDF_OPCODE, true, 8);
    op = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_SHARED_CLUSTER, 2, 0,
                          TCE_SADDR(3, 0x800), 256, TCE_SADDR(3, 0x3f00));
    op.saddr_src = 0x40;
    op.kind = TCE_OP_BULK_REDUCE;
    op.redop = TCE_RED_MIN;
    op.etype = TCE_ET_S32;
    refused(b, "cp.reduce.async.bulk.shared::cluster min.s32", &op, TCE_CMDF_OPCODE, true, 8);

    /* multimem (HAS_MULTIMEM 0): a valid group of three in both windows, and one whose
     * second address is misaligned, which the full engine would refuse at MULTIMEM_LO:
     * the build refuses the opcode before any field of it. */
    tce_op mm = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, 2, 0, 0x50, 256, 0);
    mm.kind = TCE_OP_MULTIMEM_COPY;
    mm.multimem_count = 3;
    mm.multimem_addr[0] = GBASE + 0x2000;
    mm.multimem_addr[1] = LIMIT32 - 256u;
    mm.multimem_addr[2] = GBASE + 0x4000;
    refused(b, "multimem.cp.async.bulk to three addresses", &mm, TCE_CMDF_OPCODE, true, 8);
    mm.multimem_addr[1] = GBASE + 0x3008;
    refused(b, "multimem.cp.async.bulk, misaligned address", &mm, TCE_CMDF_OPCODE, false, 8);

    tce_op red;
    memset(&red, 0, sizeof red);
    red.kind = TCE_OP_RED;
    red.dst_space = TCE_SPACE_GLOBAL;
    red.gaddr = GBASE + 0x3000;
    red.redop = TCE_RED_ADD;
    red.etype = TCE_ET_F32;
    red.vec = 4;
    red.operand[0] = 0x3f800000u;
    refused(b, "red.global.add.v4.f32", &red, TCE_CMDF_OPCODE, true, 8);
    red.dst_space = TCE_SPACE_SHARED_CTA;
    red.saddr = 0x200;
    red.etype = TCE_ET_U32;
    red.vec = 1;
    refused(b, "red.shared::cta.add.u32", &red, TCE_CMDF_OPCODE, true, 8);

    tce_op t = tensor_op(TCE_OP_TENSOR_REDUCE, TCE_MODE_TILE, 0, 0, 0x400, 0);
    t.redop = TCE_RED_ADD;
    t.etype = TCE_ET_U32;
    refused(b, "cp.reduce.async.bulk.tensor.2d add.u32", &t, TCE_CMDF_OPCODE, true, 8);

    /* gather4 / scatter4 on a map they are valid for (boxDim[1] == 1). */
    t = tensor_op(TCE_OP_TENSOR_LOAD, TCE_MODE_GATHER4, 0, 0, 0x400, 0x3f00);
    t.coords[2] = 5; t.coords[3] = 9; t.coords[4] = 31;
    refused(b, "tile::gather4 load", &t, TCE_CMDF_MODE, true, 1);
    t = tensor_op(TCE_OP_TENSOR_STORE, TCE_MODE_SCATTER4, 16, 2, 0x400, 0);
    t.coords[2] = 3; t.coords[3] = 7; t.coords[4] = 30;
    refused(b, "tile::scatter4 store", &t, TCE_CMDF_MODE, true, 1);
    t = tensor_op(TCE_OP_TENSOR_PREFETCH, TCE_MODE_GATHER4, 0, 0, 0, 0);
    t.completion = TCE_DONE_NONE;
    t.src_space = TCE_SPACE_GLOBAL;
    refused(b, "prefetch.tensor tile::gather4", &t, TCE_CMDF_MODE, false, 1);

    /* The im2col family: refused before the map is read, whatever it holds. */
    static const tce_mode i2c_loads[3] = {TCE_MODE_IM2COL, TCE_MODE_IM2COL_W, TCE_MODE_IM2COL_W128};
    static const char *i2c_names[3] = {"im2col load", "im2col::w load", "im2col::w::128 load"};
    for (unsigned i = 0; i < 3; i++) {
        t = tensor_op(TCE_OP_TENSOR_LOAD, i2c_loads[i], 0, 0, 0x400, 0x3f00);
        refused(b, i2c_names[i], &t, TCE_CMDF_MODE, false, 8);
    }
    t = tensor_op(TCE_OP_TENSOR_STORE, TCE_MODE_IM2COL_NO_OFFS, 0, 0, 0x400, 0);
    refused(b, "im2col_no_offs store", &t, TCE_CMDF_MODE, false, 8);
}

/* The tensor address range of the 32-bit build. The map is TW x TH u32 (rows of 128 B, dim-1
 * stride 128): its byte range is [base, base + 31 * 128 + 32 * 4) = [base, base + 4096).
 *  - base 2^32 - 4096: the last byte is 0xFFFFFFFF, the range fits: loads (the last box,
 *    one half out of bounds in dim 0 and in dim 1) and a store of the last box must match
 *    the golden model, their bursts ending exactly at 2^32 (a 4 KB page end there);
 *  - base 2^32 - 4096 + 16: the range ends 16 bytes past 2^32; refused, although the box at
 *    (0, 0) lies below 2^32 and the golden model copies it;
 *  - base 2^32: refused;
 *  - dim-1 stride 2^32 with 2 rows: row 1 would start at base + 2^32 (unmapped here, so
 *    the golden model is not asked): refused; with 1 row
 *    the stride adds nothing and the range is [base, base + 128): a load runs. */
static void gaddr_limit(bench *b)
{
    b->tbase = LIMIT32 - 4096u;
    tce_op ld[3] = {tensor_op(TCE_OP_TENSOR_LOAD, TCE_MODE_TILE, 16, 24, 0x400, 0x3f00),
                    tensor_op(TCE_OP_TENSOR_LOAD, TCE_MODE_TILE, 24, 28, 0x800, 0x3f08),
                    tensor_op(TCE_OP_TENSOR_LOAD, TCE_MODE_TILE, 0, 0, 0xc00, 0x3f10)};
    cosim(b, "tile loads ending at 2^32", ld, 3, 8);
    tce_op st = tensor_op(TCE_OP_TENSOR_STORE, TCE_MODE_TILE, 16, 24, 0x600, 0);
    cosim(b, "tile store ending at 2^32", &st, 1, 8);

    b->tbase = LIMIT32 - 4096u + 16u;
    tce_op t = tensor_op(TCE_OP_TENSOR_LOAD, TCE_MODE_TILE, 0, 0, 0x400, 0x3f00);
    refused(b, "tile load, tensor 16 B past 2^32", &t, TCE_CMDF_TMAP_LO, true, 8);
    t = tensor_op(TCE_OP_TENSOR_STORE, TCE_MODE_TILE, 0, 0, 0x400, 0);
    refused(b, "tile store, tensor 16 B past 2^32", &t, TCE_CMDF_TMAP_LO, true, 8);
    b->tbase = LIMIT32;
    t = tensor_op(TCE_OP_TENSOR_LOAD, TCE_MODE_TILE, 0, 0, 0x400, 0x3f00);
    refused(b, "tile load, tensor at 2^32", &t, TCE_CMDF_TMAP_LO, true, 8);

    b->tbase = TENSOR;
    b->tstride = LIMIT32;
    b->th = 2;
    refused(b, "tile load, dim-1 stride 2^32", &t, TCE_CMDF_TMAP_LO, false, 8);
    b->th = 1;
    cosim(b, "tile load, one row of dim-1 stride 2^32", &t, 1, 8);
    b->tstride = TW * 4u;
    b->th = TH;
}

/* Cycles from the doorbell to the first tensor data beat of one tile load of a 16 x 8 u32
 * box at (0, 0) whose map has `rank` >= 2 dimensions, the ones above dim 1 of extent 1
 * (box 1): the same descriptor fetch, rows, bytes and bursts at every rank, so only the
 * row walk's setup differs. */
static uint64_t load_cycles(bench *b, unsigned rank)
{
    fill_same(b, 8);
    tce_tensormap m;
    tce_diag why;
    uint64_t gdim[5] = {TW, TH, 1, 1, 1}, gstr[4];
    uint32_t box[5] = {16, 8, 1, 1, 1}, es[5] = {1, 1, 1, 1, 1};
    for (unsigned d = 0; d < 4; d++)
        gstr[d] = TW * 4u * (d ? TH : 1u);
    cosim_must(tce_encode_tiled(&m, TCE_DT_UINT32, rank, TENSOR, gdim, gstr, box, es,
                                TCE_IL_NONE, TCE_SW_NONE, TCE_L2_NONE, TCE_OOB_ZERO, &why) == TCE_OK,
               why.text);
    tce_desc_pack(&m, tce_sim_gmem(b->sim, DESC, TCE_DESC_BYTES));
    tce_desc_pack(&m, b->ms.g[0].bytes + (DESC - GBASE));
    wr(b, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE) | TCE_RM_BIT(CTRL, DESC_INVAL));
    tce_op op = tensor_op(TCE_OP_TENSOR_LOAD, TCE_MODE_TILE, 0, 0, 0x400, 0x3f00);
    op.dims = rank;
    tce_result want = tce_csim_execute(&op, &b->ms);
    CHECK(want.status == TCE_OK, "rank-%u load: golden %s (%s)", rank,
          tce_status_name(want.status), want.why);
    tce_sim_probe_clear(b->sim, TENSOR, TENSOR + TW * 4u * TH);
    submit(b, &op);
    unsigned field;
    unsigned got = run_engine(b, "rank-n load", &field);
    tce_sim_probe pr = tce_sim_probe_read(b->sim);
    uint64_t t = pr.first_r - pr.wr_cycle;
    CHECK(got == TCE_OK, "rank-%u load: engine status %s (field %u)", rank,
          tce_status_name((tce_status)got), field);
    compare_memories(b, "rank-n load");
    return t;
}

/* The walk assembles row 0's address and its step deltas with one multiplier, a product
 * per cycle: the top dimension takes 2 (coordinate, step), every dimension below it 3
 * (coordinate, step, wrap), so each rank from 3 on adds 3 cycles to a load whose rows,
 * bytes and bursts stay the same. The descriptor fetch and checks do not depend on the
 * rank. */
static void walk_setup(bench *b)
{
    uint64_t c[6];
    for (unsigned r = 2; r <= 5; r++)
        c[r] = load_cycles(b, r);
    for (unsigned r = 3; r <= 5; r++)
        CHECK(c[r] == c[r - 1] + 3, "%u-D load %llu cycles, %u-D %llu: want 3 more", r,
              (unsigned long long)c[r], r - 1, (unsigned long long)c[r - 1]);
    printf("test_rtl_lite: rank 2..5 load, doorbell to first data beat %llu %llu %llu %llu\n",
           (unsigned long long)c[2], (unsigned long long)c[3], (unsigned long long)c[4],
           (unsigned long long)c[5]);
}

/* `batches` batches of 1..4 tile loads, stores and prefetches drawn by tce regress's
 * generator (tools/tce/regress_gen.c, in its memory layout; `wide`: its --wide field
 * ranges), queued back to back on the lite engine and run one after another on the golden
 * model, from the same random memory: every status OK, every byte of the global windows
 * and of every CTA's shared memory and the complete-tx count the same. Other draws (bulk,
 * reductions, im2col, gather4, deliberately illegal ones, and the real-size ones, whose
 * addresses are beyond lite's 32 bits) are left out: the fixed cases above cover what lite
 * does with them. */
static void drawn_tiles(const tce_sim_params *p, unsigned batches, bool wide)
{
    char err[160];
    bench b;
    b.sim = tce_sim_create(p, err, sizeof err);
    cosim_must(b.sim != NULL, err);
    b.smem_bytes = p->smem_bytes;
    b.ncta = p->num_ctas;
    cosim_must(tce_sim_add_global(b.sim, REGRESS_GBASE, REGRESS_GSIZE) == 0 &&
                   tce_sim_add_global(b.sim, REGRESS_DESC_BASE, REGRESS_DESC_SIZE) == 0,
               "map regress's global windows in the bridge");
    cosim_must(tce_memsys_init(&b.ms, p->num_ctas, p->smem_bytes) == 0 &&
                   tce_memsys_add_global(&b.ms, REGRESS_GBASE, REGRESS_GSIZE) == 0 &&
                   tce_memsys_add_global(&b.ms, REGRESS_DESC_BASE, REGRESS_DESC_SIZE) == 0,
               "golden memsys with regress's windows");
    wr(&b, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE));
    regress_gen_cfg cfg = {true, wide};
    uint64_t grng = wide ? 0x6A09E667F3BCC909ull : 0xBB67AE8584CAA73Bull;
    unsigned ops = 0;
    for (unsigned k = 0; k < batches; k++) {
        unsigned n = 1 + regress_rnd(&grng, REGRESS_MAX_QUEUE);
        regress_item it[REGRESS_MAX_QUEUE];
        for (unsigned i = 0; i < n; i++)
            do
                regress_gen(&grng, i, &cfg, &it[i]);
            while (it[i].illegal || it[i].extreme || !it[i].has_map ||
                   it[i].op.mode != TCE_MODE_TILE || it[i].op.kind == TCE_OP_TENSOR_REDUCE);
        cosim_fill_same(b.sim, &b.ms, REGRESS_GBASE, REGRESS_GSIZE, REGRESS_SMEM_USED, next_byte);
        uint8_t *desc = tce_sim_gmem(b.sim, REGRESS_DESC_BASE, REGRESS_DESC_SIZE);
        memset(desc, 0, REGRESS_DESC_SIZE);
        memset(b.ms.g[1].bytes, 0, REGRESS_DESC_SIZE);
        for (unsigned c = 0; c < b.ncta; c++) {
            memset(tce_sim_smem(b.sim, c, REGRESS_MBAR_OFF, 8u * REGRESS_MAX_QUEUE), 0,
                   8u * REGRESS_MAX_QUEUE);
            memset(b.ms.smem[c] + REGRESS_MBAR_OFF, 0, 8u * REGRESS_MAX_QUEUE);
        }
        for (unsigned i = 0; i < n; i++) {
            tce_desc_pack(&it[i].map, desc + i * 128u);
            tce_desc_pack(&it[i].map, b.ms.g[1].bytes + i * 128u);
        }
        wr(&b, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE) | TCE_RM_BIT(CTRL, DESC_INVAL));
        tce_sim_tx_clear(b.sim);
        unsigned want_tx = 0;
        char name[200];
        for (unsigned i = 0; i < n; i++) {
            regress_describe(&it[i], name, sizeof name);
            tce_result want = tce_csim_execute(&it[i].op, &b.ms);
            CHECK(want.status == TCE_OK, "%s batch %u op %u (%s): golden %s (%s)",
                  wide ? "wide" : "default", k, i, name, tce_status_name(want.status), want.why);
            if (it[i].op.completion == TCE_DONE_MBARRIER)
                for (unsigned c = 0; c < 16; c++)
                    want_tx += (want.tx_ctas >> c) & 1u;
            submit(&b, &it[i].op);
        }
        snprintf(name, sizeof name, "%s batch %u", wide ? "wide" : "default", k);
        unsigned field;
        unsigned got = run_engine(&b, name, &field);
        CHECK(got == TCE_OK, "%s: engine status %s (field %u)", name,
              tce_status_name((tce_status)got), field);
        uint32_t gdiff = cosim_global_diff(b.sim, &b.ms, REGRESS_GBASE, REGRESS_GSIZE);
        CHECK(gdiff == 0, "%s: %u global bytes differ from the golden model", name, gdiff);
        for (unsigned c = 0; c < b.ncta; c++) {
            uint32_t first;
            uint32_t sdiff = cosim_smem_diff(b.sim, &b.ms, c, b.smem_bytes, &first);
            CHECK(sdiff == 0, "%s: CTA %u: %u shared bytes differ (first at 0x%x)", name, c,
                  sdiff, first);
        }
        CHECK(tce_sim_tx_count(b.sim) == want_tx, "%s: %u complete-tx requests, golden %u", name,
              tce_sim_tx_count(b.sim), want_tx);
        ops += n;
    }
    printf("test_rtl_lite: %u drawn tile operations (%s draws) in %llu cycles\n", ops,
           wide ? "--wide" : "default", (unsigned long long)tce_sim_cycles(b.sim));
    tce_sim_destroy(b.sim);
    tce_memsys_free(&b.ms);
}

/* Tile loads and stores drawn as in drawn_tiles, each moved by regress's straddle recipe
 * (regress_straddle_gap) so that its tensor runs from the end of one global window through
 * an unmapped gap into another, with the windows in the GWIN registers: one at a time, the
 * engine must give the golden model's status and field (GLOBAL_BUS, none, where an element
 * lies in the gap; OK where the rows skip it), the same bytes in every window and every
 * CTA's shared memory (a refused operation writes nothing) and the same complete-tx count.
 * Every third one's box rows also start 128..1024 bytes before the end of shared memory, so
 * later rows run past it: the golden model names the fault it meets first (a row's shared
 * span before that row's units, csim/tile.c), GLOBAL_BUS or SHARED_RANGE; `order` counts
 * those two outcomes. A fifth window, based past 2^32, has the gap's low 32 bits.
 * Returns how many the golden model refused. */
static unsigned window_gaps(const tce_sim_params *p, unsigned count, unsigned order[2])
{
    static const uint64_t wb[4] = {REGRESS_GBASE, REGRESS_DESC_BASE, REGRESS_GFAR_BASE,
                                   REGRESS_GFAR_BASE + REGRESS_GFAR_SIZE + REGRESS_GFAR_GAP};
    static const uint32_t ws[4] = {REGRESS_GSIZE, REGRESS_DESC_SIZE, REGRESS_GFAR_SIZE,
                                   REGRESS_GFAR_SIZE};
    char err[160];
    bench b;
    b.sim = tce_sim_create(p, err, sizeof err);
    cosim_must(b.sim != NULL, err);
    b.smem_bytes = p->smem_bytes;
    b.ncta = p->num_ctas;
    cosim_must(tce_memsys_init(&b.ms, p->num_ctas, p->smem_bytes) == 0, "golden memsys");
    for (unsigned w = 0; w < 4; w++) {
        cosim_must(tce_sim_add_global(b.sim, wb[w], ws[w]) == 0 &&
                       tce_memsys_add_global(&b.ms, wb[w], ws[w]) == 0,
                   "regress's windows in the bridge and the golden memsys");
        wr(&b, TCE_REG_AT(TCE_REG_GWIN_BASE_LO, w), (uint32_t)wb[w]);
        wr(&b, TCE_REG_AT(TCE_REG_GWIN_BASE_HI, w), (uint32_t)(wb[w] >> 32));
        wr(&b, TCE_REG_AT(TCE_REG_GWIN_SIZE_LO, w), ws[w]);
    }
    /* A fifth window based past 2^32 whose low 32 bits are the gap between windows 2 and 3:
     * it holds none of `lite`'s tensor units (GADDR_W 32), so the gap stays unmapped for the
     * window walk (tce_regs clamps such a window's end to 0). */
    const uint64_t alias = (1ull << 32) + REGRESS_GFAR_BASE + REGRESS_GFAR_SIZE;
    cosim_must(tce_sim_add_global(b.sim, alias, REGRESS_GFAR_GAP) == 0 &&
                   tce_memsys_add_global(&b.ms, alias, REGRESS_GFAR_GAP) == 0,
               "the window past 2^32 in the bridge and the golden memsys");
    wr(&b, TCE_REG_AT(TCE_REG_GWIN_BASE_LO, 4), (uint32_t)alias);
    wr(&b, TCE_REG_AT(TCE_REG_GWIN_BASE_HI, 4), (uint32_t)(alias >> 32));
    wr(&b, TCE_REG_AT(TCE_REG_GWIN_SIZE_LO, 4), REGRESS_GFAR_GAP);
    wr(&b, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE));
    regress_gen_cfg cfg = {true, false};
    uint64_t grng = 0x3C6EF372FE94F82Bull;
    unsigned refused_n = 0;
    for (unsigned k = 0; k < count; k++) {
        regress_item it;
        do
            regress_gen(&grng, 0, &cfg, &it);
        while (it.illegal || it.extreme || !it.has_map || it.op.mode != TCE_MODE_TILE ||
               it.op.kind == TCE_OP_TENSOR_REDUCE || it.op.kind == TCE_OP_TENSOR_PREFETCH);
        regress_straddle_gap(&grng, &it);
        bool past = k % 3 == 2;
        if (past)
            it.op.saddr = (it.op.saddr & 0xFF000000u) | (p->smem_bytes - 128u * (1 + k / 3 % 8));
        cosim_fill_same(b.sim, &b.ms, wb[0], ws[0], REGRESS_SMEM_USED, next_byte);
        for (unsigned w = 2; w < 4; w++) {
            uint8_t *g = tce_sim_gmem(b.sim, wb[w], ws[w]);
            for (uint32_t i = 0; i < ws[w]; i++)
                g[i] = b.ms.g[w].bytes[i] = next_byte();
        }
        uint8_t *desc = tce_sim_gmem(b.sim, REGRESS_DESC_BASE, REGRESS_DESC_SIZE);
        memset(desc, 0, REGRESS_DESC_SIZE);
        memset(b.ms.g[1].bytes, 0, REGRESS_DESC_SIZE);
        for (unsigned c = 0; c < b.ncta; c++) {
            memset(tce_sim_smem(b.sim, c, REGRESS_MBAR_OFF, 8u), 0, 8u);
            memset(b.ms.smem[c] + REGRESS_MBAR_OFF, 0, 8u);
        }
        tce_desc_pack(&it.map, desc);
        tce_desc_pack(&it.map, b.ms.g[1].bytes);
        wr(&b, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE) | TCE_RM_BIT(CTRL, DESC_INVAL));
        tce_sim_tx_clear(b.sim);
        char name[200];
        regress_describe(&it, name, sizeof name);
        tce_result want = tce_csim_execute(&it.op, &b.ms);
        unsigned want_tx = 0;
        if (want.status == TCE_OK && it.op.completion == TCE_DONE_MBARRIER)
            for (unsigned c = 0; c < 16; c++)
                want_tx += (want.tx_ctas >> c) & 1u;
        refused_n += want.status != TCE_OK;
        if (past && want.status == TCE_ERR_GLOBAL_BUS)
            order[0]++;
        if (past && want.status == TCE_ERR_SHARED_RANGE)
            order[1]++;
        submit(&b, &it.op);
        unsigned field;
        unsigned got = run_engine(&b, name, &field);
        unsigned want_field = want.status == TCE_OK ? (unsigned)TCE_RM_FIELD_NONE : want.field;
        CHECK(got == (unsigned)want.status && (got == TCE_OK || field == want_field),
              "window gap %u (%s): engine %s field %u, golden %s field %u (%s)", k, name,
              tce_status_name((tce_status)got), field, tce_status_name(want.status), want_field,
              want.why);
        for (unsigned w = 0; w < 4; w++) {
            const uint8_t *g = tce_sim_gmem(b.sim, wb[w], ws[w]);
            uint32_t gdiff = 0;
            for (uint32_t i = 0; i < ws[w]; i++)
                gdiff += g[i] != b.ms.g[w].bytes[i];
            CHECK(gdiff == 0, "window gap %u (%s): %u bytes of window %u differ", k, name, gdiff,
                  w);
        }
        for (unsigned c = 0; c < b.ncta; c++) {
            uint32_t first;
            uint32_t sdiff = cosim_smem_diff(b.sim, &b.ms, c, b.smem_bytes, &first);
            CHECK(sdiff == 0, "window gap %u (%s): CTA %u: %u shared bytes differ (first at 0x%x)",
                  k, name, c, sdiff, first);
        }
        CHECK(tce_sim_tx_count(b.sim) == want_tx, "window gap %u (%s): %u complete-tx, golden %u",
              k, name, tce_sim_tx_count(b.sim), want_tx);
    }
    printf("test_rtl_lite: %u tile loads and stores across a window gap, %u refused alike; of "
           "those past shared memory too, %u GLOBAL_BUS and %u SHARED_RANGE\n",
           count, refused_n, order[0], order[1]);
    tce_sim_destroy(b.sim);
    tce_memsys_free(&b.ms);
    return refused_n;
}

/* The bulk movers' address range in the 32-bit build (GADDR_W 32). Bulk sizes and global
 * addresses are multiples of 16, so the smallest overrun is 16 bytes:
 *  - global -> shared from 2^32 - 6128 (0xFFFFE810), 6128 bytes: the range ends exactly at
 *    2^32, its bursts end at the page end 2^32 - 4096 and at 2^32; against the golden model;
 *  - shared::cta -> global to 2^32 - 5120, 5120 bytes from source offset 0x50 (rotated
 *    beats), ending exactly at 2^32;
 *  - global -> shared from 2^32 - 4096, 4112 bytes (ends 16 B past 2^32), shared::cta ->
 *    global to 2^32 - 16, 32 bytes, and one starting at 2^32: refused at GADDR_LO, where
 *    the golden model copies each (both windows are mapped). */
static void bulk_gaddr_limit(bench *b)
{
    tce_op op = tce_op_bulk_copy(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CTA, 3, LIMIT32 - 6128u,
                                 0x230, 6128, 0x3ff8);
    cosim(b, "bulk global -> shared ending at 2^32", &op, 1, 8);
    op = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, 2, LIMIT32 - 5120u, 0x50,
                          5120, 0);
    cosim(b, "bulk shared::cta -> global ending at 2^32", &op, 1, 8);

    op = tce_op_bulk_copy(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CTA, 3, LIMIT32 - 4096u, 0x230,
                          4112, 0x3ff8);
    refused(b, "bulk global -> shared, 16 B past 2^32", &op, TCE_CMDF_GADDR_LO, true, 8);
    op = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, 2, LIMIT32 - 16u, 0x50, 32, 0);
    refused(b, "bulk shared::cta -> global, 16 B past 2^32", &op, TCE_CMDF_GADDR_LO, true, 8);
    op.gaddr = LIMIT32;
    op.size = 16;
    refused(b, "bulk shared::cta -> global at 2^32", &op, TCE_CMDF_GADDR_LO, true, 8);
}

/* CMD[] and GWIN_* read back as written. tce_regs keeps their read-back in LUT RAM beside
 * the flip-flops the queue and the executor read, with a valid bit per word for the reset
 * value, so: every CMD[] word reads 0 after reset, the words `lite`'s queue entry drops
 * (red's operands, multimem's addresses) included; each reads its own value once written;
 * the 32 GWIN words likewise (then cleared again: no window, as the rest of this test
 * expects). Values are distinct per word, so a word read from the wrong place shows. */
static void regs_readback(bench *b)
{
    const uint32_t gwin[4] = {TCE_REG_GWIN_BASE_LO, TCE_REG_GWIN_BASE_HI, TCE_REG_GWIN_SIZE_LO,
                              TCE_REG_GWIN_SIZE_HI};
    for (unsigned i = 0; i < TCE_RM_CMD_WORDS; i++) {
        uint32_t v = rd(b, TCE_REG_AT(TCE_REG_CMD, i));
        CHECK(v == 0, "CMD[%u] after reset reads 0x%08x, not 0", i, (unsigned)v);
    }
    for (unsigned k = 0; k < 4; k++)
        for (unsigned i = 0; i < TCE_REG_GWIN_BASE_LO_COUNT; i++) {
            uint32_t v = rd(b, TCE_REG_AT(gwin[k], i));
            CHECK(v == 0, "GWIN word %u of window %u after reset reads 0x%08x, not 0", k, i, (unsigned)v);
        }
    for (unsigned i = 0; i < TCE_RM_CMD_WORDS; i++)
        wr(b, TCE_REG_AT(TCE_REG_CMD, i), 0x9E3779B9u * (i + 1u));
    for (unsigned i = 0; i < TCE_RM_CMD_WORDS; i++) {
        uint32_t v = rd(b, TCE_REG_AT(TCE_REG_CMD, i)), want = 0x9E3779B9u * (i + 1u);
        CHECK(v == want, "CMD[%u] reads 0x%08x, written 0x%08x", i, (unsigned)v, (unsigned)want);
    }
    for (unsigned k = 0; k < 4; k++)
        for (unsigned i = 0; i < TCE_REG_GWIN_BASE_LO_COUNT; i++)
            wr(b, TCE_REG_AT(gwin[k], i), 0x85EBCA6Bu * (8u * k + i + 1u));
    for (unsigned k = 0; k < 4; k++)
        for (unsigned i = 0; i < TCE_REG_GWIN_BASE_LO_COUNT; i++) {
            uint32_t v = rd(b, TCE_REG_AT(gwin[k], i)), want = 0x85EBCA6Bu * (8u * k + i + 1u);
            CHECK(v == want, "GWIN word %u of window %u reads 0x%08x, written 0x%08x", k, i,
                  (unsigned)v, (unsigned)want);
            wr(b, TCE_REG_AT(gwin[k], i), 0);
        }
}

int main(void)
{
    char err[160];
    tce_sim_params p = tce_sim_default_params();
    bench b;
    b.sim = tce_sim_create(&p, err, sizeof err);
    cosim_must(b.sim != NULL, err);
    b.smem_bytes = p.smem_bytes;
    b.ncta = p.num_ctas;
    cosim_must(tce_sim_add_global(b.sim, GBASE, GSIZE) == 0, "map global memory in the bridge");
    cosim_must(tce_memsys_init(&b.ms, p.num_ctas, p.smem_bytes) == 0, "golden memsys");
    cosim_must(tce_memsys_add_global(&b.ms, GBASE, GSIZE) == 0, "golden global window");
    cosim_must(tce_sim_add_global(b.sim, TOPBASE, TOPSIZE) == 0, "map memory around 2^32");
    cosim_must(tce_memsys_add_global(&b.ms, TOPBASE, TOPSIZE) == 0, "golden window around 2^32");
    b.tbase = TENSOR;
    b.tstride = TW * 4u;
    b.th = TH;
    regs_readback(&b);
    wr(&b, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE));
    still_works(&b);
    refuses(&b);
    gaddr_limit(&b);
    bulk_gaddr_limit(&b);
    walk_setup(&b);
    printf("test_rtl_lite: fixed cases %s (%llu cycles)\n", failures ? "FAILED" : "ok",
           (unsigned long long)tce_sim_cycles(b.sim));
    tce_sim_destroy(b.sim);
    tce_memsys_free(&b.ms);
    drawn_tiles(&p, 150, false);
    drawn_tiles(&p, 150, true);
    /* both outcomes must occur, or the cases test nothing */
    unsigned order[2] = {0, 0};
    unsigned nref = window_gaps(&p, 120, order);
    CHECK(nref > 0 && nref < 120, "window gaps: %u of 120 refused, want some of each", nref);
    CHECK(order[0] > 0 && order[1] > 0,
          "window gaps past shared memory: %u GLOBAL_BUS, %u SHARED_RANGE, want some of each",
          order[0], order[1]);
    printf("test_rtl_lite: %s\n", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
