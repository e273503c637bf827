/* Bulk copies global -> shared in flight together (rtl/move/tce_bulk_g2s.sv: the next copy
 * starts once the last has sent its reads; tce_cmd_exec.sv retires them from its FIFO).
 * Queues are filled while the engine is held, then run:
 *  - on a memory that answers bursts in any order across IDs, after 40..400 cycles each,
 *    copies that write the same shared bytes (and one that writes over an earlier copy's
 *    mbarrier) end with the golden model's bytes, the later copy's data winning, and
 *    complete-tx in command order, one per destination CTA, with each copy's size;
 *  - a copy whose source answers SLVERR reports GLOBAL_BUS under its own sequence number,
 *    and the copies around it, in flight with it, complete with the golden model's bytes;
 *  - at a fixed 200-cycle latency, four disjoint 8 KB copies (to four CTAs at the same
 *    offset) take the read port for their 1024 data beats only: the next copy's reads go
 *    out while the last one's beats arrive, not one memory latency later. (The mover keeps
 *    two copies, so copy k+2 starts when copy k is done: copies shorter than one latency of
 *    data, about 6.4 KB here, leave gaps.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtl_drv_rig.h"

#define DESC 0x10000000ull /* unused by bulk copies; the rig maps a page there */
#define SRC 0x20000000ull  /* the copies' sources */
#define SRC_BYTES (64u * 1024u)
#define MBAR 0x20000u      /* shared offset of the mbarrier the copies use */

static int failures;

static void fail(const char *what, const char *detail)
{
    failures++;
    fprintf(stderr, "FAIL: %s: %s\n", what, detail);
}

static tce_op copy(uint64_t src, unsigned cta, uint32_t off, uint32_t size, uint32_t mbar)
{
    return tce_op_bulk_copy(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CLUSTER, 0, src,
                            TCE_SADDR(cta, off), size, TCE_SADDR(cta, mbar));
}

/* rig_expect_errors, a failure charged to `what`. */
static void expect_errors(rig *r, const uint32_t *seq, const tce_status *errs, unsigned nerr,
                          const char *what)
{
    char m[200];
    if (!rig_expect_errors(r, seq, errs, nerr, m, sizeof m))
        fail(what, m);
}

/* Runs ops[i] on the golden model (all must succeed), then every CTA's shared memory must
 * equal the golden model's. */
static void compare(rig *r, const tce_op *ops, unsigned n, const char *what)
{
    for (unsigned i = 0; i < n; i++) {
        tce_result res = tce_csim_execute(&ops[i], &r->ref);
        if (res.status != TCE_OK) {
            char m[200];
            snprintf(m, sizeof m, "golden model refuses op %u: %s", i, res.why);
            fail(what, m);
        }
    }
    uint32_t sz = r->ref.smem_size;
    for (unsigned c = 0; c < r->ref.ncta; c++) {
        const uint8_t *p = tce_sim_smem(r->sim, c, 0, sz), *q = tce_smem(&r->ref, c, 0, sz);
        if (memcmp(p, q, sz)) {
            uint32_t k = 0;
            while (p[k] == q[k])
                k++;
            char m[160];
            snprintf(m, sizeof m, "CTA %u shared byte 0x%x: engine 0x%02x, golden model 0x%02x",
                     c, k, p[k], q[k]);
            fail(what, m);
            return;
        }
    }
}

/* The complete-tx log must be ops[0..n)'s, in order: one per copy (each to one CTA here). */
static void expect_tx(rig *r, const tce_op *ops, unsigned n, const char *what)
{
    const tce_sim_tx_event *ev = tce_sim_tx_events(r->sim);
    unsigned ntx = tce_sim_tx_count(r->sim);
    if (ntx != n) {
        char m[120];
        snprintf(m, sizeof m, "%u complete-tx, want %u", ntx, n);
        fail(what, m);
        return;
    }
    for (unsigned i = 0; i < n; i++)
        if (ev[i].cta != TCE_SADDR_RANK(ops[i].mbar) || ev[i].mbar_off != TCE_SADDR_OFF(ops[i].mbar) ||
            ev[i].bytes != ops[i].size) {
            char m[160];
            snprintf(m, sizeof m, "complete-tx %u: CTA %u 0x%x %u bytes, want CTA %u 0x%x %u", i,
                     ev[i].cta, ev[i].mbar_off, ev[i].bytes, TCE_SADDR_RANK(ops[i].mbar),
                     TCE_SADDR_OFF(ops[i].mbar), ops[i].size);
            fail(what, m);
        }
}

static bool open_rig(rig *r, tce_sim_params sp)
{
    if (!rig_open_with(r, sp, DESC, SRC, SRC_BYTES))
        return false;
    uint8_t *g = tce_sim_gmem(r->sim, SRC, SRC_BYTES), *h = tce_gmem(&r->ref, SRC, SRC_BYTES);
    for (uint32_t i = 0; i < SRC_BYTES; i++)
        g[i] = h[i] = (uint8_t)(i * 29u + (i >> 8) + 7u);
    return rig_driver(r->sim, &r->drv);
}

/* One case: ops[0..n) queued while the engine is held, on a fresh engine simulated with sp.
 * The source of ops[bad] (none when bad < 0) answers SLVERR from 2 KB in: that copy must
 * report GLOBAL_BUS and the others complete. Then the complete-tx log and every shared byte
 * must be the golden model's for the others (what lands of a failed copy is not specified:
 * its destination is taken as the engine left it). With beats > 0, the R beats of the
 * sources must take exactly that many consecutive cycles. */
static void run_case(const char *what, tce_sim_params sp, const tce_op *ops, unsigned n, int bad,
                     uint64_t beats)
{
    rig r;
    if (!open_rig(&r, sp)) {
        fail(what, "setup");
        return;
    }
    if (bad >= 0 && tce_sim_inject_error(r.sim, ops[bad].gaddr + 0x800, 0x100, 2, 1) != 0)
        fail(what, "cannot inject");
    uint32_t seq[8];
    tce_sim_probe_clear(r.sim, SRC, SRC + SRC_BYTES);
    tce_sim_tx_clear(r.sim);
    if (!rig_queue_held(&r, ops, n, seq))
        fail(what, "submit refused");
    tce_status errs[1] = {TCE_ERR_GLOBAL_BUS};
    uint32_t eseq[1] = {bad >= 0 ? seq[bad] : 0};
    expect_errors(&r, eseq, errs, bad >= 0 ? 1 : 0, what);
    tce_sim_probe p = tce_sim_probe_read(r.sim);
    tce_sim_inject_clear(r.sim);
    tce_op good[8];
    unsigned ng = 0;
    for (unsigned i = 0; i < n; i++)
        if ((int)i != bad)
            good[ng++] = ops[i];
        else {
            unsigned cta = TCE_SADDR_RANK(ops[i].saddr);
            uint32_t off = TCE_SADDR_OFF(ops[i].saddr);
            memcpy(tce_smem(&r.ref, cta, off, ops[i].size),
                   tce_sim_smem(r.sim, cta, off, ops[i].size), ops[i].size);
        }
    expect_tx(&r, good, ng, what);
    compare(&r, good, ng, what);
    uint64_t window = p.last_r - p.first_r + 1;
    if (beats && (p.r_beats != beats || window != beats)) {
        char m[160];
        snprintf(m, sizeof m, "%llu R beats in %llu cycles, want %llu in %llu",
                 (unsigned long long)p.r_beats, (unsigned long long)window,
                 (unsigned long long)beats, (unsigned long long)beats);
        fail(what, m);
    }
    tce_memsys_free(&r.ref);
    tce_sim_destroy(r.sim);
}

int main(void)
{
    tce_sim_params fixed = tce_sim_default_params();
    fixed.mem_latency = 200;
    tce_sim_params shuffled = tce_sim_default_params();
    shuffled.mem_latency = 40;
    shuffled.mem_latency_max = 400;
    shuffled.axi_reorder = 1;
    shuffled.seed = 11;

    /* Copies onto the same bytes: 1 rewrites 0's bytes from elsewhere, 2 straddles them,
     * 3 writes over the mbarrier of 0..2 (and uses its own), 4 goes to CTA 1 at the same
     * offsets as 0. */
    tce_op same[5] = {copy(SRC, 0, 0, 8192, MBAR), copy(SRC + 0x4000, 0, 0, 8192, MBAR),
                      copy(SRC + 0x8000, 0, 0x1000, 8192, MBAR),
                      copy(SRC + 0xC000, 0, MBAR - 0x800, 4096, MBAR + 0x1000),
                      copy(SRC + 0x3000, 1, 0, 8192, MBAR)};
    run_case("overlapping copies, reordering memory", shuffled, same, 5, -1, 0);

    /* The middle one of three copies in flight reads an SLVERR range. */
    tce_op three[3] = {copy(SRC, 0, 0, 4096, MBAR), copy(SRC + 0x2000, 1, 0, 4096, MBAR),
                       copy(SRC + 0x4000, 2, 0, 4096, MBAR)};
    run_case("a bus error between two copies", fixed, three, 3, 1, 0);

    /* Four disjoint 8 KB copies: 4 x 8192 / 32 = 1024 beats on 1024 consecutive cycles (a
     * copy at a time would leave one memory latency between copies). */
    tce_op four[4];
    for (unsigned i = 0; i < 4; i++)
        four[i] = copy(SRC + 0x2000u * i, i, 0, 8192, MBAR);
    run_case("four disjoint 8 KB copies", fixed, four, 4, -1, 4u * 8192u / (fixed.data_w / 8u));

    printf("%s\n", failures ? "overlapped bulk copies: FAILED" : "overlapped bulk copies: all checks passed");
    return failures ? 1 : 0;
}
