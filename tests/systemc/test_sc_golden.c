/* The SystemC TLM model against the golden model (tce_csim_execute), byte for byte:
 *  - cp.async.bulk copies in every direction (global->shared::cta/cluster, multicast,
 *    shared->global, shared::cta->shared::cluster) over alignments, page crossings and
 *    multi-burst sizes, once with a fixed memory latency and once with seeded random
 *    latencies (bursts of different IDs answered out of order);
 *  - tile-mode tensor loads and stores, set up from the hardware corpus's cases by the
 *    replay handler, each run on both models from identical memories;
 * and checks of what only the TLM side has: injected TLM errors become the engine's global
 * bus error (hand-derived: the engine must trap, not complete), the interrupt line, and
 * that the annotated memory latency is honoured in simulated time. */
#include "replay.h"
#include "sc_exec.h"
#include "../test_rng.h"

#include <stdbool.h>
#include <stdlib.h>

#ifndef TCE_SOURCE_DIR
#error "TCE_SOURCE_DIR must name the repository (tests read its corpus copy)"
#endif

#define GBASE 0x10000000ull
#define GSIZE (64u * 1024u)
#define FILL_SMEM 16384u   /* bytes of each CTA's shared memory the bulk tests use */

static int failures, checks;

#define CHECK(cond, ...)                                                                     \
    do {                                                                                     \
        checks++;                                                                            \
        if (!(cond)) {                                                                       \
            if (failures++ < 20) {                                                           \
                fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                          \
                fprintf(stderr, __VA_ARGS__);                                                \
                fputc('\n', stderr);                                                         \
            }                                                                                \
        }                                                                                    \
    } while (0)

static void must(bool ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "setup failed: %s\n", what);
        exit(2);
    }
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint8_t next_byte(void) { return test_xorshift_byte(&rng); }

/* ------------------------------------------------------------------ golden cross-check */

/* A second memsys with the same windows and contents (the golden model's copy). */
static int memsys_clone(tce_memsys *dst, const tce_memsys *src)
{
    if (tce_memsys_init(dst, src->ncta, src->smem_size) != 0)
        return -1;
    for (unsigned i = 0; i < src->ngregions; i++) {
        if (tce_memsys_add_global(dst, src->g[i].base, src->g[i].size) != 0)
            return -1;
        memcpy(dst->g[i].bytes, src->g[i].bytes, (size_t)src->g[i].size);
    }
    for (unsigned c = 0; c < src->ncta; c++)
        memcpy(dst->smem[c], src->smem[c], src->smem_size);
    return 0;
}

/* Differing bytes between two memsys of the same shape; *where names the first. */
static unsigned long memsys_diff(const tce_memsys *a, const tce_memsys *b, char *where, size_t n)
{
    unsigned long d = 0;
    where[0] = 0;
    for (unsigned i = 0; i < a->ngregions; i++)
        for (uint64_t k = 0; k < a->g[i].size; k++)
            if (a->g[i].bytes[k] != b->g[i].bytes[k] && d++ == 0)
                snprintf(where, n, "global 0x%llx", (unsigned long long)(a->g[i].base + k));
    for (unsigned c = 0; c < a->ncta; c++)
        for (uint32_t k = 0; k < a->smem_size; k++)
            if (a->smem[c][k] != b->smem[c][k] && d++ == 0)
                snprintf(where, n, "CTA %u shared 0x%x", c, k);
    return d;
}

static long xc_ran, xc_refused;

/* Run op on the golden model (on a clone) and on the SystemC model (on ms itself); every
 * byte, the status and the complete-tx must agree. Returns the SystemC result. */
static tce_result cross_check(const char *name, const tce_op *op, tce_memsys *ms, tce_sc *sc)
{
    tce_memsys gold;
    must(memsys_clone(&gold, ms) == 0, "clone the memories for the golden model");
    tce_result want = tce_csim_execute(op, &gold);
    tce_result got = sc_exec(op, ms, sc);
    if (got.status == TCE_ERR_UNSUPPORTED && want.status != TCE_ERR_UNSUPPORTED) {
        xc_refused++;   /* not in this engine build (tf32, interleave): refused by name */
        tce_memsys_free(&gold);
        return got;
    }
    xc_ran++;
    CHECK(got.status == want.status, "%s: SystemC %s (%s), golden %s (%s)", name,
          tce_status_name(got.status), got.why, tce_status_name(want.status), want.why);
    char where[64];
    unsigned long d = memsys_diff(ms, &gold, where, sizeof where);
    CHECK(d == 0, "%s: %lu bytes differ from the golden model, first at %s", name, d, where);
    if (want.status == TCE_OK && op->completion == TCE_DONE_MBARRIER) {
        CHECK(got.tx_ctas == want.tx_ctas, "%s: complete-tx CTAs 0x%x, golden 0x%x", name,
              got.tx_ctas, want.tx_ctas);
        CHECK(got.tx_bytes == want.tx_bytes, "%s: complete-tx %u bytes, golden %u", name,
              got.tx_bytes, want.tx_bytes);
    }
    tce_memsys_free(&gold);
    return got;
}

static tce_result replay_cross_exec(const tce_op *op, tce_memsys *ms, void *engine)
{
    return cross_check("tile", op, ms, (tce_sc *)engine);
}

/* ------------------------------------------------------------------ bulk copies */

static tce_op bulk(tce_space src, tce_space dst, unsigned cta, uint64_t gaddr, uint32_t saddr,
                   uint32_t size)
{
    return tce_op_bulk_copy(src, dst, cta, gaddr, saddr, size, 0);
}

static void fill(tce_memsys *ms)
{
    for (uint32_t i = 0; i < GSIZE; i++)
        ms->g[0].bytes[i] = next_byte();
    for (unsigned c = 0; c < ms->ncta; c++)
        for (uint32_t i = 0; i < FILL_SMEM; i++)
            ms->smem[c][i] = next_byte();
}

static void test_bulk(tce_sc *sc, tce_memsys *ms, const char *tag)
{
    /* every 16-byte alignment within a 32-byte beat, a 4 KB page crossing, and copies
     * longer than one 256-beat burst */
    static const uint32_t sizes[] = {16, 48, 208, 4096, 8208};
    static const uint32_t goffs[] = {0, 16, 4080, 0x2010};
    static const uint32_t soffs[] = {0, 16, 0x130};
    char name[128];
    for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (unsigned j = 0; j < sizeof goffs / sizeof goffs[0]; j++) {
            uint32_t so = soffs[(i + j) % 3];
            tce_op op = bulk(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CTA, 3, GBASE + goffs[j], so,
                             sizes[i]);
            op.mbar = 0x3ff8;
            snprintf(name, sizeof name, "%s g2s cta size %u goff 0x%x soff 0x%x", tag, sizes[i],
                     goffs[j], so);
            fill(ms);
            cross_check(name, &op, ms, sc);

            op = bulk(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CLUSTER, 1, GBASE + goffs[j],
                      TCE_SADDR(5, so + 32), sizes[i]);
            op.mbar = TCE_SADDR(5, 0x3ff0);
            snprintf(name, sizeof name, "%s g2s cluster size %u goff 0x%x", tag, sizes[i], goffs[j]);
            fill(ms);
            cross_check(name, &op, ms, sc);

            op = bulk(TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, 2, GBASE + goffs[j] + 32, so + 16,
                      sizes[i]);
            snprintf(name, sizeof name, "%s s2g size %u goff 0x%x", tag, sizes[i], goffs[j]);
            fill(ms);
            cross_check(name, &op, ms, sc);

            if (sizes[i] <= 4096) {
                op = bulk(TCE_SPACE_SHARED_CTA, TCE_SPACE_SHARED_CLUSTER, 4, 0,
                          TCE_SADDR(9, (so * 3 + 48) & 0xfff0), sizes[i]);
                op.saddr_src = so;
                op.mbar = TCE_SADDR(9, 0x3fe8);
                snprintf(name, sizeof name, "%s s2s size %u soff 0x%x", tag, sizes[i], so);
                fill(ms);
                cross_check(name, &op, ms, sc);
            }
        }
    tce_op op = bulk(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CLUSTER, 0, GBASE + 0x1230, 0x200, 4128);
    op.mbar = 0x3f00;
    op.multicast = true;
    op.cta_mask = 0x8a0b;
    fill(ms);
    cross_check("multicast 0x8a0b", &op, ms, sc);
    /* golden-refused operations must be refused the same way (misaligned size) */
    op = bulk(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CTA, 0, GBASE, 0, 24);
    op.mbar = 0x3ff8;
    fill(ms);
    cross_check("g2s misaligned size", &op, ms, sc);
}

/* ------------------------------------------------------------------ TLM-only behaviour */

static uint32_t rd(tce_sc *sc, uint32_t reg)
{
    uint32_t v = 0;
    must(tce_sc_mmio_read(sc, reg, &v) == 0, "register read answered");
    return v;
}

static void wr(tce_sc *sc, uint32_t reg, uint32_t v)
{
    must(tce_sc_mmio_write(sc, reg, v) == 0, "register write answered");
}

static void test_errors_and_irq(tce_sc *sc, tce_memsys *ms)
{
    wr(sc, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE) | TCE_RM_BIT(CTRL, IRQ_EN));
    wr(sc, TCE_REG_IRQ_STATUS, 0xF);
    tce_sc_run(sc, 4);
    CHECK(tce_sc_irq(sc) == 0, "irq low with no cause");

    /* An address error inside a read burst: the engine traps with a global bus error and
     * signals no completion (the copy did not complete). */
    must(tce_sc_inject_error(sc, GBASE + 0x1000, 64, 3, 3) == 0, "inject an address error");
    tce_op op = bulk(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CTA, 0, GBASE + 0xf00, 0, 1024);
    op.mbar = 0x3ff8;
    fill(ms);
    tce_result r = sc_exec(&op, ms, sc);
    CHECK(r.status == TCE_ERR_GLOBAL_BUS, "read address error: engine %s, want GLOBAL_BUS",
          tce_status_name(r.status));
    CHECK(r.tx_ctas == 0, "read address error: complete-tx to 0x%x, want none", r.tx_ctas);
    CHECK(tce_sc_irq(sc) == 1, "irq raised by the error");
    wr(sc, TCE_REG_IRQ_STATUS, 0xF);
    tce_sc_run(sc, 4);
    CHECK(tce_sc_irq(sc) == 0, "irq cleared by W1C");

    /* A generic (slave) error on a write burst: also a global bus error. */
    tce_sc_inject_clear(sc);
    must(tce_sc_inject_error(sc, GBASE + 0x3000, 32, 2, 3) == 0, "inject a generic error");
    op = bulk(TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, 1, GBASE + 0x2f80, 0x40, 512);
    fill(ms);
    r = sc_exec(&op, ms, sc);
    CHECK(r.status == TCE_ERR_GLOBAL_BUS, "write slave error: engine %s, want GLOBAL_BUS",
          tce_status_name(r.status));

    /* Direction matters (as in the C bridge): a write-only fault leaves reads of its range
     * alone. The C bridge's "hang" has no TLM form and is refused. */
    tce_sc_inject_clear(sc);
    must(tce_sc_inject_error(sc, GBASE + 0x1000, 64, 3, 2) == 0, "inject a write-only error");
    CHECK(tce_sc_inject_error(sc, GBASE, 64, 4, 3) == -1, "resp 4 (hang) is refused");
    CHECK(tce_sc_inject_error(sc, GBASE, 64, 2, 0) == -1, "no direction is refused");
    op = bulk(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CTA, 0, GBASE + 0xf00, 0, 1024);
    op.mbar = 0x3ff8;
    fill(ms);
    cross_check("write-only fault: g2s reading its range", &op, ms, sc);

    /* With the faults gone, the same operations match the golden model again. */
    tce_sc_inject_clear(sc);
    op = bulk(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CTA, 0, GBASE + 0xf00, 0, 1024);
    op.mbar = 0x3ff8;
    fill(ms);
    cross_check("after clearing the faults: g2s", &op, ms, sc);
    op = bulk(TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, 1, GBASE + 0x2f80, 0x40, 512);
    fill(ms);
    cross_check("after clearing the faults: s2g", &op, ms, sc);
    CHECK(rd(sc, TCE_REG_ERR_CODE) == 0, "no error left recorded after the clean runs");
    wr(sc, TCE_REG_IRQ_STATUS, 0xF);
    wr(sc, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE));
}

/* Cycles from the doorbell to the interrupt (IRQ_STATUS.DONE) of one 4 KB global->shared
 * copy with the given fixed memory latency, stepped one cycle at a time. */
static uint64_t copy_cycles(unsigned latency, tce_memsys *ms)
{
    char err[160];
    tce_sc_params p = tce_sc_default_params();
    p.mem_latency = latency;
    tce_sc *sc = tce_sc_create(&p, err, sizeof err);
    must(sc != NULL, err);
    fill(ms);
    must(tce_sc_attach_global(sc, ms->g[0].base, ms->g[0].size, ms->g[0].bytes) == 0, "attach");
    wr(sc, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE) | TCE_RM_BIT(CTRL, IRQ_EN));
    wr(sc, TCE_REG_IRQ_STATUS, 0xF);
    tce_op op = bulk(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CTA, 0, GBASE, 0, 4096);
    op.mbar = 0x3ff8;
    uint32_t w[TCE_RM_CMD_WORDS];
    tce_cmd_field_id bad;
    unsigned n = tce_cmd_pack(&op, w, &bad);
    must(n > 0, "tce_cmd_pack");
    for (unsigned i = 0; i < n; i++)
        wr(sc, TCE_REG_AT(TCE_REG_CMD, i), w[i]);
    wr(sc, TCE_REG_DOORBELL, n);
    uint64_t t0 = tce_sc_cycles(sc), t = 0;
    while (!tce_sc_irq(sc) && (t = tce_sc_cycles(sc) - t0) < 100000)
        tce_sc_run(sc, 1);
    CHECK(tce_sc_irq(sc), "latency %u: no interrupt after the copy", latency);
    CHECK(rd(sc, TCE_REG_ERR_CODE) == 0, "latency %u: the copy failed", latency);
    CHECK(memcmp(tce_sc_smem(sc, 0, 0, 4096), ms->g[0].bytes, 4096) == 0,
          "latency %u: shared memory does not hold the copied bytes", latency);
    tce_sc_detach_global(sc);
    tce_sc_destroy(sc);
    return t;
}

/* ------------------------------------------------------------------ corpus tile cases */

static void tile_cases(tce_sc *sc, const char *path, long stride)
{
    corpus_reader rd;
    must(corpus_open(&rd, path) == 0, path);
    replay_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.engine_name = "systemc+csim";
    ctx.exec = replay_cross_exec;
    ctx.engine = sc;
    corpus_case c;
    long idx = 0;
    int got;
    while ((got = corpus_next(&rd, &c)) == 1) {
        if (idx++ % stride == 0)
            (void)replay_tile(&c, &ctx);   /* the H100 verdict is test_sc_tile's job */
        corpus_case_free(&c);
    }
    CHECK(got == 0, "%s: %s", path, rd.err);
    corpus_close(&rd);
}

int main(int argc, char **argv)
{
    long stride = argc > 1 ? strtol(argv[1], NULL, 10) : 3;
    if (stride < 1)
        stride = 1;
    char err[160];
    tce_sc_params p = tce_sc_default_params();
    tce_memsys ms;
    must(tce_memsys_init(&ms, p.num_ctas, p.smem_bytes) == 0, "memsys");
    must(tce_memsys_add_global(&ms, GBASE, GSIZE) == 0, "global window");

    /* 1. fixed latency */
    tce_sc *sc = tce_sc_create(&p, err, sizeof err);
    must(sc != NULL, err);
    tce_sc_params again = p;
    CHECK(tce_sc_create(&again, err, sizeof err) == NULL && strstr(err, "already live"),
          "a second live platform is refused by name (got: %s)", err);
    wr(sc, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE));
    test_bulk(sc, &ms, "fixed");
    test_errors_and_irq(sc, &ms);
    tce_sc_destroy(sc);

    /* 2. random latencies 5..60 cycles: bursts answer out of order across IDs */
    p.axi_reorder = 1;
    p.mem_latency = 5;
    p.mem_latency_max = 60;
    p.seed = 0x5eed;
    sc = tce_sc_create(&p, err, sizeof err);
    must(sc != NULL, err);
    wr(sc, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE));
    test_bulk(sc, &ms, "reordered");
    uint64_t reordered = tce_sc_reordered_beats(sc);
    CHECK(reordered > 0, "random latencies reordered no read burst");
    tile_cases(sc, TCE_SOURCE_DIR "/tests/data/hwcorpus/tile_load.txt", stride);
    tile_cases(sc, TCE_SOURCE_DIR "/tests/data/hwcorpus/tile_store.txt", stride);
    tce_sc_destroy(sc);

    /* 3. the annotated latency is simulated time: 4 KB = 128 beats in bursts the engine
     * keeps in flight, so 92 more cycles of latency cost at least 92 more cycles. */
    uint64_t fast = copy_cycles(8, &ms), slow = copy_cycles(100, &ms);
    CHECK(slow >= fast + 92, "latency 100: %llu cycles, latency 8: %llu", (unsigned long long)slow,
          (unsigned long long)fast);

    printf("test_sc_golden: %d checks, %d failed; %ld operations cross-checked with the golden "
           "model (%ld refused by name as unsupported); %llu reordered bursts; 4 KB copy: "
           "%llu cycles at latency 8, %llu at latency 100\n",
           checks, failures, xc_ran, xc_refused, (unsigned long long)reordered,
           (unsigned long long)fast, (unsigned long long)slow);
    tce_memsys_free(&ms);
    return failures == 0 && xc_ran > 0 ? 0 : 1;
}
