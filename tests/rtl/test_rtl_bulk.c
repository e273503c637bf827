/* Co-simulation of cp.async.bulk: every operation runs through the RTL (MMIO -> tce_engine
 * -> memory models, via the Verilator bridge) and through the golden model
 * (tce_csim_execute) on identical memories; status, every byte of global and shared memory,
 * and the mbarrier complete-tx requests must agree. The commands are packed by the
 * firmware's tce_cmd_pack, so the RTL's decoder is checked against the driver's encoder too.
 * Also checked on the RTL alone: bulk async-group counting, error capture (ERR_CODE /
 * ERR_INFO, the queue held until ERR_CODE is written) and the interrupt. */
#include "arith.h"
#include "cosim_mem.h"
#include "csim.h"
#include "tce_cmd.h"
#include "tce_regmap.h"
#include "tce_sim.h"
#include "../test_rng.h"

#include <stdbool.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GBASE 0x10000000ull
#define GSIZE (64u * 1024u)

static int failures;
static int checks;
static int ran_ok;     /* operations both models executed successfully */
static int verbose;

#define CHECK(cond, ...)                                                                     \
    do {                                                                                     \
        checks++;                                                                            \
        if (!(cond)) {                                                                       \
            failures++;                                                                      \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                              \
            fprintf(stderr, __VA_ARGS__);                                                    \
            fputc('\n', stderr);                                                             \
        }                                                                                    \
    } while (0)

static uint64_t rng = 0x1234567887654321ull;
static uint8_t next_byte(void) { return test_xorshift_byte(&rng); }

typedef struct {
    tce_sim *sim;
    tce_memsys ms;
    uint32_t smem_bytes;
} bench;

static void bench_init(bench *b, bool disorder)
{
    char err[160];
    tce_sim_params p = tce_sim_default_params();
    if (disorder) {
        /* Reads answered in random order across IDs, 30% back-pressure everywhere. */
        p.axi_reorder = 1;
        p.axi_stall_pct = 30;
        p.seed = 0x5eed;
        p.mem_latency = 23;
    }
    b->sim = tce_sim_create(&p, err, sizeof err);
    cosim_must(b->sim != NULL, err);
    b->smem_bytes = p.smem_bytes;
    cosim_must(tce_sim_add_global(b->sim, GBASE, GSIZE) == 0, "map global memory in the bridge");
    cosim_must(tce_memsys_init(&b->ms, p.num_ctas, p.smem_bytes) == 0, "golden memsys");
    cosim_must(tce_memsys_add_global(&b->ms, GBASE, GSIZE) == 0, "golden global window");
    cosim_must(tce_sim_mmio_write(b->sim, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE)) == 0, "enable");
}

/* Fill both models' memories with the same random bytes (only the parts a test uses, to
 * keep the run short: the first 16 KB of each CTA's shared memory and the global window). */
static void fill_same(bench *b) { cosim_fill_same(b->sim, &b->ms, GBASE, GSIZE, 16384, next_byte); }

static uint32_t rd(bench *b, uint32_t reg) { return cosim_reg_read(b->sim, reg); }
static void wr(bench *b, uint32_t reg, uint32_t v) { cosim_reg_write(b->sim, reg, v); }

/* Submit one command through CMD[] + DOORBELL. */
static void submit(bench *b, const tce_op *op)
{
    cosim_must(cosim_submit(b->sim, op), "tce_cmd_pack and CMD/DOORBELL writes");
}

/* Run op on both models and compare everything. */
static void cosim(bench *b, const char *name, const tce_op *op)
{
    fill_same(b);
    tce_sim_tx_clear(b->sim);
    tce_result want = tce_csim_execute(op, &b->ms);

    submit(b, op);
    CHECK(tce_sim_run_until_idle(b->sim, 2000000) == 0, "%s: engine did not go idle", name);
    uint32_t err = rd(b, TCE_REG_ERR_CODE);
    unsigned got = TCE_RM_GET(ERR_CODE, CODE, err);
    CHECK(got == (unsigned)want.status, "%s: engine status %u (%s), golden %u (%s: %s)", name, got,
          tce_status_name((tce_status)got), (unsigned)want.status,
          tce_status_name(want.status), want.why);
    if (err)
        wr(b, TCE_REG_ERR_CODE, 0); /* clear: the queue resumes */
    if (verbose)
        printf("%-48s golden %-18s engine %s\n", name, tce_status_name(want.status),
               tce_status_name((tce_status)got));
    ran_ok += (want.status == TCE_OK && got == TCE_OK);

    /* Memories: only compare when both agree the operation ran or both refused it before
     * touching memory (golden: refused operations leave memory untouched). */
    uint32_t gdiff = cosim_global_diff(b->sim, &b->ms, GBASE, GSIZE);
    CHECK(gdiff == 0, "%s: %u global bytes differ", name, gdiff);
    for (unsigned c = 0; c < b->ms.ncta; c++) {
        uint32_t first;
        uint32_t sdiff = cosim_smem_diff(b->sim, &b->ms, c, b->smem_bytes, &first);
        CHECK(sdiff == 0, "%s: CTA %u: %u shared bytes differ (first at 0x%x)", name, c, sdiff,
              first);
    }

    /* complete-tx: one request per destination CTA the golden model names, at the
     * mbarrier's offset, carrying the byte count. */
    unsigned ntx = tce_sim_tx_count(b->sim);
    const tce_sim_tx_event *ev = tce_sim_tx_events(b->sim);
    unsigned want_n = 0;
    if (want.status == TCE_OK && op->completion == TCE_DONE_MBARRIER)
        for (unsigned c = 0; c < 16; c++)
            want_n += (want.tx_ctas >> c) & 1u;
    CHECK(ntx == want_n, "%s: %u complete-tx requests, golden %u", name, ntx, want_n);
    for (unsigned i = 0; i < ntx && i < want_n; i++) {
        CHECK((want.tx_ctas >> ev[i].cta) & 1u, "%s: complete-tx to CTA %u not in golden 0x%x",
              name, ev[i].cta, want.tx_ctas);
        CHECK(ev[i].mbar_off == TCE_SADDR_OFF(op->mbar), "%s: complete-tx at 0x%x, want 0x%x",
              name, ev[i].mbar_off, TCE_SADDR_OFF(op->mbar));
        CHECK(ev[i].bytes == want.tx_bytes, "%s: complete-tx of %u bytes, golden %u", name,
              ev[i].bytes, want.tx_bytes);
    }
}

static tce_op g2s(tce_space dst, unsigned cta, uint64_t gaddr, uint32_t saddr, uint32_t size,
                  uint32_t mbar)
{
    return tce_op_bulk_copy(TCE_SPACE_GLOBAL, dst, cta, gaddr, saddr, size, mbar);
}

static tce_op s2g(unsigned cta, uint64_t gaddr, uint32_t saddr, uint32_t size)
{
    return tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, cta, gaddr, saddr, size, 0);
}

static tce_op s2s(unsigned cta, uint32_t src, uint32_t dst_cluster, uint32_t size,
                  uint32_t mbar)
{
    tce_op op = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_SHARED_CLUSTER, cta, 0,
                                 dst_cluster, size, mbar);
    op.saddr_src = src;
    return op;
}

static void test_directions(bench *b)
{
    /* Sizes and offsets chosen to hit every alignment of a 16-byte address within a 32-byte
     * beat, bursts that cross a 4 KB page, and copies longer than one 256-beat burst. */
    static const uint32_t sizes[] = {16, 32, 48, 208, 4096, 8208};
    static const uint32_t goffs[] = {0, 16, 4080, 0x2010};
    static const uint32_t soffs[] = {0, 16, 0x130};
    char name[128];
    for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (unsigned j = 0; j < sizeof goffs / sizeof goffs[0]; j++) {
            uint32_t so = soffs[(i + j) % 3];
            tce_op op = g2s(TCE_SPACE_SHARED_CTA, 3, GBASE + goffs[j], so, sizes[i], 0x3ff8);
            snprintf(name, sizeof name, "g2s cta size %u goff 0x%x soff 0x%x", sizes[i], goffs[j], so);
            cosim(b, name, &op);

            op = g2s(TCE_SPACE_SHARED_CLUSTER, 1, GBASE + goffs[j], TCE_SADDR(5, so + 32), sizes[i],
                     TCE_SADDR(5, 0x3ff0));
            snprintf(name, sizeof name, "g2s cluster size %u goff 0x%x", sizes[i], goffs[j]);
            cosim(b, name, &op);

            op = s2g(2, GBASE + goffs[j] + 32, so + 16, sizes[i]);
            snprintf(name, sizeof name, "s2g size %u goff 0x%x soff 0x%x", sizes[i], goffs[j], so + 16);
            cosim(b, name, &op);

            op = s2s(4, so, TCE_SADDR(9, (so * 3 + 48) & 0xfff0), sizes[i], TCE_SADDR(9, 0x3fe8));
            snprintf(name, sizeof name, "s2s size %u soff 0x%x", sizes[i], so);
            cosim(b, name, &op);
        }

    tce_op op = g2s(TCE_SPACE_SHARED_CLUSTER, 0, GBASE + 0x1230, 0x200, 4128, 0x3f00);
    op.multicast = true;
    op.cta_mask = 0x8a0b;
    cosim(b, "g2s multicast 0x8a0b", &op);
    op.cta_mask = 0x0001;
    op.size = 64;
    cosim(b, "g2s multicast single", &op);

    op = s2g(7, GBASE + 0x100, 0x40, 1024);
    op.has_byte_mask = true;
    op.byte_mask = 0xa5c3;
    cosim(b, "s2g cp_mask 0xa5c3", &op);

    op = g2s(TCE_SPACE_SHARED_CTA, 0, GBASE, 0, 0, 0x100);
    cosim(b, "g2s size 0", &op);
}

static void test_refusals(bench *b)
{
    tce_op op = g2s(TCE_SPACE_SHARED_CTA, 0, GBASE + 8, 0, 64, 0x100);
    cosim(b, "misaligned gaddr", &op);
    op = g2s(TCE_SPACE_SHARED_CTA, 0, GBASE, 0, 40, 0x100);
    cosim(b, "size not a multiple of 16", &op);
    op = g2s(TCE_SPACE_SHARED_CTA, 0, GBASE, 0x10, 64, 0x104);
    cosim(b, "misaligned mbarrier", &op);
    op = g2s(TCE_SPACE_SHARED_CTA, 0, GBASE, b->smem_bytes - 32, 64, 0x100);
    cosim(b, "shared range overrun", &op);
    op = g2s(TCE_SPACE_SHARED_CLUSTER, 0, GBASE, TCE_SADDR(2, 0), 64, TCE_SADDR(3, 0x100));
    cosim(b, "mbarrier in another CTA", &op);
    op = s2s(4, 0, TCE_SADDR(4, 0x100), 64, TCE_SADDR(4, 0x3f00));
    cosim(b, "s2s to the issuing CTA", &op);
    op = s2g(0, GBASE, 0, 64);
    op.completion = TCE_DONE_MBARRIER;
    cosim(b, "s2g with mbarrier completion", &op);
    op = g2s(TCE_SPACE_SHARED_CTA, 0, GBASE, 0, 64, 0x100);
    op.has_byte_mask = true;
    cosim(b, "cp_mask on a load", &op);
    op = g2s(TCE_SPACE_SHARED_CLUSTER, 0, GBASE, 0x100, 64, 0x3f00);
    op.multicast = true;
    op.cta_mask = 0;
    cosim(b, "multicast with an empty mask", &op);

    /* The engine names the failing field and command. */
    op = g2s(TCE_SPACE_SHARED_CTA, 6, GBASE + 8, 0, 64, 0x100);
    submit(b, &op);
    CHECK(tce_sim_run_until_idle(b->sim, 100000) == 0, "idle after a refused command");
    uint32_t info = rd(b, TCE_REG_ERR_INFO);
    CHECK(TCE_RM_GET(ERR_INFO, FIELD, info) == TCE_CMDF_GADDR_LO, "ERR_INFO.FIELD %u, want GADDR_LO",
          TCE_RM_GET(ERR_INFO, FIELD, info));
    CHECK(TCE_RM_GET(ERR_INFO, CTA, info) == 6, "ERR_INFO.CTA %u", TCE_RM_GET(ERR_INFO, CTA, info));
    CHECK(TCE_RM_GET(ERR_INFO, SEQ, info) == (rd(b, TCE_REG_SEQ_ISSUED) & 0xffffu),
          "ERR_INFO.SEQ names the failing command");
    /* While the error is pending the queue holds: a second command waits. */
    op = g2s(TCE_SPACE_SHARED_CTA, 0, GBASE, 0, 64, 0x100);
    uint32_t done0 = rd(b, TCE_REG_SEQ_DONE);
    submit(b, &op);
    tce_sim_run(b->sim, 2000);
    CHECK(rd(b, TCE_REG_SEQ_DONE) == done0, "queue held while ERR_CODE is set");
    CHECK(TCE_RM_GET(STATUS, ERR, rd(b, TCE_REG_STATUS)) == 1, "STATUS.ERR set");
    wr(b, TCE_REG_ERR_CODE, 0);
    CHECK(tce_sim_run_until_idle(b->sim, 100000) == 0, "resumes after ERR_CODE is written");
    CHECK(rd(b, TCE_REG_SEQ_DONE) == done0 + 1, "the held command ran");
    CHECK(rd(b, TCE_REG_ERR_CODE) == 0, "no new error");

}

/* multimem.cp.async.bulk.global.shared::cta on both models: the same source bytes to every
 * address of the group, in any order of the addresses, with .cp_mask, across pages; and its
 * checks (csim/bulk.c multimem_copy order). */
static tce_op multimem(unsigned cta, uint32_t saddr, uint32_t size, unsigned n, const uint64_t *a)
{
    tce_op op = s2g(cta, 0, saddr, size);
    op.kind = TCE_OP_MULTIMEM_COPY;
    op.multimem_count = n;
    for (unsigned i = 0; i < n && i < 8; i++)
        op.multimem_addr[i] = a[i];
    return op;
}

static void test_multimem(bench *b)
{
    const uint64_t eight[8] = {GBASE + 0x7000, GBASE + 0x0010, GBASE + 0x2030, GBASE + 0x5ff0,
                               GBASE + 0x1000, GBASE + 0x3450, GBASE + 0x6800, GBASE + 0x4200};
    tce_op op = multimem(2, 0x120, 0x400, 8, eight);
    cosim(b, "multimem to 8 addresses", &op);
    op = multimem(0, 0x40, 0x1200, 3, (const uint64_t[]){GBASE + 0xa010, GBASE + 0x7ff0,
                                                          GBASE + 0xc000});
    op.has_byte_mask = true;
    op.byte_mask = 0x5a3c;
    cosim(b, "multimem to 3 addresses across pages, cp_mask", &op);
    op = multimem(1, 0x10, 0x100, 1, eight);
    cosim(b, "multimem to 1 address", &op);
    op = multimem(1, 0x10, 0x100, 0, eight);
    cosim(b, "multimem, empty group", &op);
    op = multimem(1, 0x10, 0x100, 3, (const uint64_t[]){GBASE, GBASE + 0x1000, GBASE + 0x80});
    cosim(b, "multimem, overlapping addresses", &op);
    op = multimem(1, 0x10, 0x100, 2, (const uint64_t[]){GBASE, GBASE + 0x1008});
    cosim(b, "multimem, misaligned address", &op);
    op = multimem(1, 0x18, 0x100, 2, eight);
    cosim(b, "multimem, misaligned source", &op);
    op = multimem(1, 0x10, 0x100, 2, eight);
    op.completion = TCE_DONE_MBARRIER;
    cosim(b, "multimem with mbarrier completion", &op);
    op = multimem(1, 0x10, 0x100, 2, eight);
    op.src_space = TCE_SPACE_GLOBAL;
    cosim(b, "multimem from global", &op);
    /* The group's reads are done only after the last copy (wait_group.read). */
    CHECK(rd(b, TCE_REG_GROUP_READ_PENDING) == 0, "multimem: group reads complete");
}

static tce_op bulk_reduce(tce_space dst, unsigned cta, uint64_t gaddr, uint32_t saddr,
                          uint32_t size, tce_redop redop, tce_etype et, bool noftz)
{
    tce_op op = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, dst, cta, gaddr, saddr, size, 0);
    op.kind = TCE_OP_BULK_REDUCE;
    op.redop = redop;
    op.etype = et;
    op.noftz = noftz;
    return op;
}

/* Every legal op/type pair of cp.reduce.async.bulk to global and to shared::cluster, and of
 * red.global / red.shared (scalar and the vectors), against the golden model; sizes that
 * end inside a beat, a reduce across a 4 KB page and longer than one burst; then the
 * refusals. Returns how many ran on both models. */
static int test_reductions(bench *b)
{
    static const uint32_t sizes[] = {16, 48, 4096 + 32};
    static const uint32_t goffs[] = {16, 4080, 0x2000};
    char name[160];
    int ran_before = ran_ok, want_ran = 0;
    unsigned n = 0;
    for (int fam = 0; fam < 2; fam++)
        for (int o = 0; o <= TCE_RED_XOR; o++)
            for (int t = 0; t <= TCE_ET_F64; t++)
                for (int nf = 0; nf < 2; nf++) {
                    tce_arith_ctx actx = fam ? TCE_ARITH_BULK_REDUCE_CLUSTER : TCE_ARITH_BULK_REDUCE;
                    if (!tce_arith_legal(actx, (tce_redop)o, (tce_etype)t, nf))
                        continue;
                    uint32_t size = sizes[n % 3], so = 0x100 + 16u * (n % 5);
                    tce_op op = fam ? bulk_reduce(TCE_SPACE_SHARED_CLUSTER, 3, 0,
                                                  TCE_SADDR(n % 2 ? 3 : 11, 0x2000 + 32u * (n % 3)),
                                                  size, (tce_redop)o, (tce_etype)t, nf)
                                    : bulk_reduce(TCE_SPACE_GLOBAL, 3, GBASE + goffs[n % 3], so,
                                                  size, (tce_redop)o, (tce_etype)t, nf);
                    if (fam) {
                        op.saddr_src = so;
                        op.completion = TCE_DONE_MBARRIER;
                        op.mbar = TCE_SADDR(TCE_SADDR_RANK(op.saddr), 0x3f00);
                    }
                    snprintf(name, sizeof name, "bulk reduce %s %s%s.%s size %u",
                             fam ? "cluster" : "global", tce_redop_name((tce_redop)o),
                             nf ? ".noftz" : "", tce_etype_name((tce_etype)t), size);
                    cosim(b, name, &op);
                    n++;
                    want_ran++;
                }
    for (int global = 0; global < 2; global++)
        for (int o = 0; o <= TCE_RED_XOR; o++)
            for (int t = 0; t <= TCE_ET_F64; t++)
                for (int nf = 0; nf < 2; nf++) {
                    tce_arith_ctx actx = global ? TCE_ARITH_RED_GLOBAL : TCE_ARITH_RED_SHARED;
                    if (!tce_arith_legal(actx, (tce_redop)o, (tce_etype)t, nf))
                        continue;
                    bool half = t == TCE_ET_F16 || t == TCE_ET_BF16;
                    tce_op op;
                    memset(&op, 0, sizeof op);
                    op.kind = TCE_OP_RED;
                    op.cta = 6;
                    op.dst_space = op.src_space = global ? TCE_SPACE_GLOBAL
                                                         : (n % 2 ? TCE_SPACE_SHARED_CLUSTER
                                                                  : TCE_SPACE_SHARED_CTA);
                    op.redop = (tce_redop)o;
                    op.etype = (tce_etype)t;
                    op.noftz = nf;
                    /* the widest vector the PTX table has for the pair */
                    op.vec = half ? (global ? 8 : 2)
                             : (global && t == TCE_ET_F32 && o == TCE_RED_ADD) ? 4 : 1;
                    unsigned len = tce_etype_size(op.etype) * op.vec;
                    for (unsigned i = 0; i < op.vec; i++)
                        op.operand[i] = (0x9E3779B97F4A7C15ull * (n + i + 1)) >>
                                        (64 - 8 * tce_etype_size(op.etype));
                    op.gaddr = GBASE + 0x1000 + len * (n % 7);
                    op.saddr = op.dst_space == TCE_SPACE_SHARED_CLUSTER
                                   ? TCE_SADDR(9, 0x600 + len * (n % 7))
                                   : 0x600 + len * (n % 7);
                    snprintf(name, sizeof name, "red.%s %s%s.v%u.%s", global ? "global" : "shared",
                             tce_redop_name(op.redop), nf ? ".noftz" : "", op.vec,
                             tce_etype_name(op.etype));
                    cosim(b, name, &op);
                    n++;
                    want_ran++;
                }
    CHECK(ran_ok - ran_before == want_ran, "%d of %d reductions ran on both models",
          ran_ok - ran_before, want_ran);

    /* Refusals, in the golden model's order. */
    tce_op op = bulk_reduce(TCE_SPACE_GLOBAL, 1, GBASE + 8, 0x100, 64, TCE_RED_ADD, TCE_ET_U32, 0);
    cosim(b, "bulk reduce misaligned global", &op);
    op = bulk_reduce(TCE_SPACE_GLOBAL, 1, GBASE, 0x100, 40, TCE_RED_ADD, TCE_ET_U32, 0);
    cosim(b, "bulk reduce size 40", &op);
    op = bulk_reduce(TCE_SPACE_GLOBAL, 1, GBASE, 0x100, 64, TCE_RED_ADD, TCE_ET_F16, 0);
    cosim(b, "bulk reduce add.f16 without .noftz", &op);
    op = bulk_reduce(TCE_SPACE_SHARED_CLUSTER, 1, 0, TCE_SADDR(2, 0x100), 64, TCE_RED_ADD,
                     TCE_ET_F32, 0);
    op.saddr_src = 0x200;
    op.completion = TCE_DONE_MBARRIER;
    cosim(b, "bulk reduce to shared::cluster add.f32 (integer only)", &op);
    memset(&op, 0, sizeof op);
    op.kind = TCE_OP_RED;
    op.dst_space = op.src_space = TCE_SPACE_SHARED_CTA;
    op.redop = TCE_RED_ADD;
    op.etype = TCE_ET_F32;
    op.vec = 4;
    op.saddr = 0x100;
    cosim(b, "red.shared.v4.f32 (vectors are global only)", &op);
    op.dst_space = op.src_space = TCE_SPACE_GLOBAL;
    op.gaddr = GBASE + 8;
    cosim(b, "red.global.v4.f32 off 16 bytes", &op);
    return ran_ok - ran_before;
}

/* Reductions queued back to back onto overlapping ranges must each see the previous one's
 * result (no lost read-modify-write update): four f32 adds, whose result depends on the
 * order too, and four u32 adds with the same source, against the golden model in order. */
static void test_overlapping_reductions(bench *b)
{
    static const uint32_t offs[] = {0x400, 0x420, 0x3f0, 0x400};
    static const uint32_t sizes[] = {4096, 1024, 256, 48};
    for (int k = 0; k < 2; k++) {
        fill_same(b);
        for (unsigned i = 0; i < 4; i++) {
            tce_op op = bulk_reduce(TCE_SPACE_GLOBAL, 2, GBASE + offs[i], 0x100 + 0x40 * k,
                                    sizes[i], TCE_RED_ADD, k ? TCE_ET_U32 : TCE_ET_F32, 0);
            tce_result want = tce_csim_execute(&op, &b->ms);
            CHECK(want.status == TCE_OK, "overlap %d.%u: golden %s", k, i,
                  tce_status_name(want.status));
            submit(b, &op);
        }
        CHECK(tce_sim_run_until_idle(b->sim, 2000000) == 0, "overlapping reductions go idle");
        CHECK(rd(b, TCE_REG_ERR_CODE) == 0, "overlapping reductions: no error");
        uint8_t *g = tce_sim_gmem(b->sim, GBASE, GSIZE);
        uint32_t gdiff = 0;
        for (uint32_t i = 0; i < GSIZE; i++)
            gdiff += g[i] != b->ms.g[0].bytes[i];
        CHECK(gdiff == 0, "overlapping %s reductions: %u global bytes differ",
              k ? "u32" : "f32", gdiff);
    }
}

/* Cycles from the doorbell to idle for a 32 KB shared::cta -> global command at the
 * bench's fixed memory latency: a plain store, an integer-add and an f32-add reduce. */
static void measure_reduce_cycles(bench *b, uint64_t out[3])
{
    static const tce_etype types[3] = {TCE_ET_U32, TCE_ET_U32, TCE_ET_F32};
    for (int k = 0; k < 3; k++) {
        fill_same(b);
        tce_op op = k ? bulk_reduce(TCE_SPACE_GLOBAL, 0, GBASE, 0, 32768, TCE_RED_ADD, types[k], 0)
                      : s2g(0, GBASE, 0, 32768);
        tce_result want = tce_csim_execute(&op, &b->ms);
        submit(b, &op);
        uint64_t c0 = tce_sim_cycles(b->sim);
        CHECK(tce_sim_run_until_idle(b->sim, 2000000) == 0, "32 KB command %d goes idle", k);
        out[k] = tce_sim_cycles(b->sim) - c0;
        CHECK(want.status == TCE_OK && rd(b, TCE_REG_ERR_CODE) == 0, "32 KB command %d ran", k);
        uint8_t *g = tce_sim_gmem(b->sim, GBASE, GSIZE);
        CHECK(memcmp(g, b->ms.g[0].bytes, GSIZE) == 0, "32 KB command %d: global memory", k);
    }
}

static void test_irq(bench *b)
{
    wr(b, TCE_REG_IRQ_STATUS, 0xf);
    wr(b, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE) | TCE_RM_BIT(CTRL, IRQ_EN));
    tce_sim_run(b->sim, 4);
    CHECK(tce_sim_irq(b->sim) == 0, "irq low with no cause");
    tce_op op = g2s(TCE_SPACE_SHARED_CTA, 0, GBASE + 8, 0, 64, 0x100);
    submit(b, &op);
    CHECK(tce_sim_run_until_idle(b->sim, 100000) == 0, "idle");
    tce_sim_run(b->sim, 2);
    CHECK(tce_sim_irq(b->sim) == 1, "irq raised by an error");
    CHECK(TCE_RM_GET(IRQ_STATUS, ERR, rd(b, TCE_REG_IRQ_STATUS)) == 1, "IRQ_STATUS.ERR");
    wr(b, TCE_REG_ERR_CODE, 0);
    wr(b, TCE_REG_IRQ_STATUS, 0xf);
    tce_sim_run(b->sim, 2);
    CHECK(tce_sim_irq(b->sim) == 0, "irq cleared by W1C");
    wr(b, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE));
}

static void test_groups(bench *b)
{
    /* Hold the queue (ENABLE=0) so the commands are still pending when committed. */
    wr(b, TCE_REG_CTRL, 0);
    wr(b, TCE_REG_GROUP_SEL, 5);
    tce_op op = s2g(5, GBASE + 0x800, 0x100, 2048);
    submit(b, &op);
    submit(b, &op);
    CHECK(rd(b, TCE_REG_GROUP_OPEN) == 2, "two uncommitted bulk_group commands");
    wr(b, TCE_REG_GROUP_COMMIT, 1);
    CHECK(rd(b, TCE_REG_GROUP_OPEN) == 0, "commit empties the open group");
    CHECK(rd(b, TCE_REG_GROUP_PENDING) == 1, "one committed group pending");
    submit(b, &op);
    wr(b, TCE_REG_GROUP_COMMIT, 1);
    CHECK(rd(b, TCE_REG_GROUP_PENDING) == 2, "two groups pending");
    wr(b, TCE_REG_GROUP_SEL, 4);
    CHECK(rd(b, TCE_REG_GROUP_PENDING) == 0, "other CTAs unaffected");
    wr(b, TCE_REG_GROUP_SEL, 5);
    wr(b, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE));
    CHECK(tce_sim_run_until_idle(b->sim, 1000000) == 0, "groups drain");
    CHECK(rd(b, TCE_REG_GROUP_PENDING) == 0, "all groups complete");
    CHECK(rd(b, TCE_REG_GROUP_READ_PENDING) == 0, "all group reads complete");
    wr(b, TCE_REG_GROUP_COMMIT, 1);
    CHECK(rd(b, TCE_REG_GROUP_PENDING) == 0, "an empty group is complete at once");
}

/* Submit once the queue has a free slot (a full queue refuses a doorbell). */
static void submit_when_free(bench *b, const tce_op *op)
{
    for (unsigned polls = 0; TCE_RM_GET(STATUS, QUEUE_FREE, rd(b, TCE_REG_STATUS)) == 0; polls++)
        cosim_must(polls < 100000, "the queue never drained");
    submit(b, op);
}

/* The group tracker for every CTA of the cluster, with its counters near their top and
 * every entry live at once (its toggle holes: CI's runs use CTAs 0..3 and a few commands
 * per group). GROUP_OPEN counts a CTA's uncommitted .bulk_group commands (regmap.def);
 * QUEUE_DEPTH + 1 = 9 groups can be unretired at once: one executing, eight queued. */
static void test_groups_all_ctas(bench *b)
{
    for (unsigned c = 0; c < 16; c++) {
        unsigned n = 128 + 8 * c;   /* 128..248: every bit of the 8-bit count */
        tce_op op = s2g(c, GBASE + 0x1000 + 16 * c, 0x200, 16);
        wr(b, TCE_REG_GROUP_SEL, c);
        wr(b, TCE_REG_GROUP_COMMIT, 1);   /* what the tests before left uncommitted */
        CHECK(rd(b, TCE_REG_GROUP_OPEN) == 0, "CTA %u: nothing open after a commit", c);
        for (unsigned i = 0; i < n; i++)
            submit_when_free(b, &op);
        uint32_t open = rd(b, TCE_REG_GROUP_OPEN);
        CHECK(open == n, "CTA %u: GROUP_OPEN %u after %u uncommitted commands", c, open, n);
        wr(b, TCE_REG_GROUP_COMMIT, 1);
        CHECK(rd(b, TCE_REG_GROUP_OPEN) == 0, "CTA %u: commit empties the open group", c);
    }
    CHECK(tce_sim_run_until_idle(b->sim, 10000000) == 0, "the commands drain");
    /* A 64 KB store of CTA 15 (about 2000 cycles) executing while eight one-command
     * groups of CTAs 0..7 wait in the held queue: nine groups pending. */
    tce_op big = s2g(15, GBASE, 0, GSIZE);
    wr(b, TCE_REG_GROUP_SEL, 15);
    submit(b, &big);
    wr(b, TCE_REG_GROUP_COMMIT, 1);
    wr(b, TCE_REG_CTRL, 0);
    CHECK(TCE_RM_GET(STATUS, BUSY, rd(b, TCE_REG_STATUS)) == 1, "the 64 KB store runs");
    for (unsigned c = 0; c < 8; c++) {
        tce_op op = s2g(c, GBASE + 0x100 * c, 0x400, 64);
        wr(b, TCE_REG_GROUP_SEL, c);
        submit(b, &op);
        wr(b, TCE_REG_GROUP_COMMIT, 1);
    }
    for (unsigned c = 0; c < 16; c++) {
        wr(b, TCE_REG_GROUP_SEL, c);
        uint32_t want = (c < 8 || c == 15) ? 1 : 0;
        uint32_t pend = rd(b, TCE_REG_GROUP_PENDING);
        CHECK(pend == want, "CTA %u: GROUP_PENDING %u with nine groups unretired (want %u)", c,
              pend, want);
    }
    CHECK(TCE_RM_GET(STATUS, BUSY, rd(b, TCE_REG_STATUS)) == 1,
          "the store still ran while the counts were read");
    wr(b, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE));
    CHECK(tce_sim_run_until_idle(b->sim, 1000000) == 0, "the nine groups drain");
    for (unsigned c = 0; c < 16; c++) {
        wr(b, TCE_REG_GROUP_SEL, c);
        CHECK(rd(b, TCE_REG_GROUP_PENDING) == 0, "CTA %u: every group complete", c);
    }
}

/* More uncommitted commands than GROUP_OPEN.COUNT holds (PTX sets no limit): COUNT stops
 * at 255 and MORE is set from the 256th on (regmap.def), and the commit still makes one
 * group of them all. The same sequence on the register model is in test_regmodel.c. */
static void test_group_open_past_count(bench *b)
{
    const unsigned c = 5, n = 300;
    tce_op op = s2g(c, GBASE + 0x2000, 0x200, 16);
    wr(b, TCE_REG_GROUP_SEL, c);
    wr(b, TCE_REG_GROUP_COMMIT, 1);
    for (unsigned i = 0; i < n; i++) {
        if (i == n - 1)
            wr(b, TCE_REG_CTRL, 0);   /* the last one waits: its group is pending at the commit */
        submit_when_free(b, &op);
        uint32_t open = rd(b, TCE_REG_GROUP_OPEN);
        uint32_t want = i < 255 ? i + 1 : 255 | TCE_RM_BIT(GROUP_OPEN, MORE);
        CHECK(open == want, "GROUP_OPEN 0x%x after %u uncommitted commands (want 0x%x)", open,
              i + 1, want);
    }
    wr(b, TCE_REG_GROUP_COMMIT, 1);
    CHECK(rd(b, TCE_REG_GROUP_OPEN) == 0, "the commit clears COUNT and MORE");
    CHECK(rd(b, TCE_REG_GROUP_PENDING) == 1, "the 300 commands are one pending group");
    wr(b, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE));
    CHECK(tce_sim_run_until_idle(b->sim, 1000000) == 0, "the last command drains");
    CHECK(rd(b, TCE_REG_GROUP_PENDING) == 0, "the group completes");
}

/* Nine groups of one CTA unretired at once (QUEUE_DEPTH + 1, as many as the tracker has
 * entries), for every CTA in turn: its live count goes through 1..9 and each entry holds
 * each CTA (toggle holes: test_groups_all_ctas has one group per CTA). A 64 KB store of
 * CTA c executes while eight one-command groups of c wait in the held queue; then 256
 * uncommitted commands of c set its GROUP_OPEN.MORE (test_group_open_past_count checks the
 * count on the way for one CTA). */
static void test_groups_nine_each(bench *b)
{
    for (unsigned c = 0; c < 16; c++) {
        wr(b, TCE_REG_GROUP_SEL, c);
        wr(b, TCE_REG_GROUP_COMMIT, 1);   /* what the tests before left uncommitted */
        tce_op big = s2g(c, GBASE, 0, GSIZE);
        submit(b, &big);
        wr(b, TCE_REG_GROUP_COMMIT, 1);
        wr(b, TCE_REG_CTRL, 0);
        for (unsigned g = 0; g < 8; g++) {
            tce_op op = s2g(c, GBASE + 0x100 * g, 0x400, 64);
            submit(b, &op);
            wr(b, TCE_REG_GROUP_COMMIT, 1);
        }
        uint32_t pend = rd(b, TCE_REG_GROUP_PENDING), rpend = rd(b, TCE_REG_GROUP_READ_PENDING);
        CHECK(pend == 9, "CTA %u: GROUP_PENDING %u with nine groups unretired", c, pend);
        /* the eight queued groups have read nothing; the store may have read all of its source */
        CHECK(rpend == 8 || rpend == 9, "CTA %u: GROUP_READ_PENDING %u, want 8 or 9", c, rpend);
        CHECK(TCE_RM_GET(STATUS, BUSY, rd(b, TCE_REG_STATUS)) == 1,
              "CTA %u: the 64 KB store still ran while the counts were read", c);
        wr(b, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE));
        CHECK(tce_sim_run_until_idle(b->sim, 1000000) == 0, "CTA %u: the nine groups drain", c);
        CHECK(rd(b, TCE_REG_GROUP_PENDING) == 0, "CTA %u: every group complete", c);
        tce_op op = s2g(c, GBASE + 0x2000, 0x200, 16);
        for (unsigned i = 0; i < 256; i++)
            submit_when_free(b, &op);
        uint32_t open = rd(b, TCE_REG_GROUP_OPEN);
        CHECK(open == (255 | TCE_RM_BIT(GROUP_OPEN, MORE)),
              "CTA %u: GROUP_OPEN 0x%x after 256 uncommitted commands", c, open);
        wr(b, TCE_REG_GROUP_COMMIT, 1);
        CHECK(rd(b, TCE_REG_GROUP_OPEN) == 0, "CTA %u: the commit clears COUNT and MORE", c);
        CHECK(tce_sim_run_until_idle(b->sim, 1000000) == 0, "CTA %u: the 256 commands drain", c);
    }
}

int main(void)
{
    verbose = getenv("TCE_TEST_VERBOSE") != NULL;
    bench b;
    bench_init(&b, false);
    uint32_t id = rd(&b, TCE_REG_ID);
    CHECK(id == TCE_RM_ID_VALUE, "ID reads 0x%08x", id);
    test_directions(&b);
    /* Guard against a bench where both sides refuse everything and so always agree. */
    CHECK(ran_ok == 4 * 6 * 4 + 4, "%d of the copies ran on both models", ran_ok);
    uint64_t cyc[3];
    measure_reduce_cycles(&b, cyc);
    printf("test_rtl_bulk: 32 KB at memory latency 8: s2g store %llu cycles, add.u32 reduce %llu, "
           "add.f32 reduce %llu\n", (unsigned long long)cyc[0], (unsigned long long)cyc[1],
           (unsigned long long)cyc[2]);
    /* Simulated cycles are deterministic: a change in the write path's timing shows here.
     * 1024 beats in 8 bursts of 4 KB: the store streams one W beat per cycle; a reduce
     * too, after one AR round trip at the start: the mover's AWs run up to 4 bursts ahead
     * of its W beats and each burst's AR goes out with its AW, so later bursts' old values
     * arrive while earlier ones are written (docs/rtl.md, "Reductions"). Before that read
     * ahead the reduces took 1136 cycles (one round trip per burst), the store 1064. The
     * executor's two-cycle checks and the registered register read (the driver's polls)
     * added 2 / 3 / 3 cycles to 1046 / 1064 / 1064. */
    CHECK(cyc[0] == 1048 && cyc[1] == 1067 && cyc[2] == 1067,
          "32 KB cycles %llu / %llu / %llu, measured 1048 / 1067 / 1067",
          (unsigned long long)cyc[0], (unsigned long long)cyc[1], (unsigned long long)cyc[2]);
    int reductions = test_reductions(&b);
    test_overlapping_reductions(&b);
    test_refusals(&b);
    test_multimem(&b);
    test_irq(&b);
    test_groups(&b);
    test_groups_all_ctas(&b);
    test_group_open_past_count(&b);
    test_groups_nine_each(&b);
    printf("test_rtl_bulk: in-order memory: %llu cycles\n", (unsigned long long)tce_sim_cycles(b.sim));
    tce_sim_destroy(b.sim);
    tce_memsys_free(&b.ms);

    /* The same copies again with a memory that reorders and back-pressures. */
    ran_ok = 0;
    bench_init(&b, true);
    test_directions(&b);
    CHECK(ran_ok == 4 * 6 * 4 + 4, "%d of the copies ran on both models (disordered memory)", ran_ok);
    CHECK(test_reductions(&b) == reductions, "the same reductions ran (disordered memory)");
    test_overlapping_reductions(&b);
    CHECK(tce_sim_reordered_beats(b.sim) > 0, "the memory really answered out of order");
    printf("test_rtl_bulk: disordered memory: %llu cycles, %llu beats out of order\n",
           (unsigned long long)tce_sim_cycles(b.sim),
           (unsigned long long)tce_sim_reordered_beats(b.sim));
    tce_sim_destroy(b.sim);
    tce_memsys_free(&b.ms);
    printf("test_rtl_bulk: %d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
