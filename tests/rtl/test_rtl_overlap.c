/* Overlapped tensor loads (rtl/move/tce_tile_load.sv front end / back end, tce_cmd_exec.sv's
 * retirement FIFO): several loads in flight must still give what one command at a time
 * gives. Queues are filled while the engine is held, then run, at a 200-cycle global memory
 * latency so that every queued load is in flight at once:
 *  - loads writing overlapping shared memory (and one whose box covers an earlier load's
 *    mbarrier) end with the golden model's bytes: the later load's data wins;
 *  - two loads that read an SLVERR range both report GLOBAL_BUS, each under its own
 *    sequence number and in command order (the second is retired only after software has
 *    read and cleared the first), while the loads around them complete;
 *  - a command that traps at its check between two loads is reported with its own sequence
 *    number and writes nothing, and the engine goes on with the load after it;
 *  - a failing load waits while another error is pending and retires after the clear;
 *  - four disjoint 512-byte loads take the read port for exactly the cycles asserted below
 *    (their data beats only: each box's complete-tx goes out on the mbarrier port while
 *    the next box is written), not four memory latencies, and send one complete-tx of
 *    512 bytes each. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtl_drv_rig.h"

#define DESC 0x10000000ull   /* the map's global address */
#define TENSOR 0x20000000ull /* u8, 256 x 64 */
#define TW 256u
#define TH 64u
#define MBAR 0x10000u        /* CTA 0 shared offset of the mbarrier every load uses */

static int failures;

static void fail(const char *what, const char *detail)
{
    failures++;
    fprintf(stderr, "FAIL: %s: %s\n", what, detail);
}

/* Box of 128 x 4 u8 (4 rows of 128 bytes: 512 bytes, 16 beats at DATA_W 256). */
static void put_map(rig *r)
{
    tce_tensormap m;
    tce_diag why;
    uint64_t gdim[2] = {TW, TH}, gstr[1] = {TW};
    uint32_t box[2] = {128, 4}, es[2] = {1, 1};
    uint8_t d[TCE_DESC_BYTES];
    if (tce_encode_tiled(&m, TCE_DT_UINT8, 2, TENSOR, gdim, gstr, box, es, TCE_IL_NONE,
                         TCE_SW_NONE, TCE_L2_NONE, TCE_OOB_ZERO, &why) != TCE_OK) {
        fprintf(stderr, "encode: %s\n", why.text);
        exit(2);
    }
    tce_desc_pack(&m, d);
    memcpy(tce_sim_gmem(r->sim, DESC, sizeof d), d, sizeof d);
    memcpy(tce_gmem(&r->ref, DESC, sizeof d), d, sizeof d);
    tce_drv_tensormap_fence(&r->drv);
}

static tce_op load(int32_t c0, int32_t c1, uint32_t saddr, uint32_t mbar)
{
    int32_t c[2] = {c0, c1};
    return tce_op_tile_load(0, DESC, 2, c, saddr, mbar);
}

/* The golden model runs ops[i] for every i where want[i] is OK and must agree with it;
 * then CTA 0's shared memory must equal the golden model's. */
static void compare(rig *r, const tce_op *ops, const tce_status *want, unsigned n,
                    const char *what)
{
    for (unsigned i = 0; i < n; i++) {
        tce_result res = tce_csim_execute(&ops[i], &r->ref);
        if (res.status != want[i]) {
            char m[160];
            snprintf(m, sizeof m, "golden model: op %u gives %s, the test expects %s", i,
                     tce_status_name(res.status), tce_status_name(want[i]));
            fail(what, m);
        }
    }
    uint32_t sz = r->ref.smem_size;
    const uint8_t *p = tce_sim_smem(r->sim, 0, 0, sz), *q = tce_smem(&r->ref, 0, 0, sz);
    if (memcmp(p, q, sz)) {
        uint32_t k = 0;
        while (p[k] == q[k])
            k++;
        char m[160];
        snprintf(m, sizeof m, "CTA 0 shared byte 0x%x: engine 0x%02x, golden model 0x%02x", k,
                 p[k], q[k]);
        fail(what, m);
    }
}

/* rig_expect_errors, a failure charged to `what`. */
static void expect_errors(rig *r, const uint32_t *seq, const tce_status *errs, unsigned nerr,
                          const char *what)
{
    char m[200];
    if (!rig_expect_errors(r, seq, errs, nerr, m, sizeof m))
        fail(what, m);
}

int main(void)
{
    rig r;
    tce_sim_params sp = tce_sim_default_params();
    sp.mem_latency = 200;
    if (!rig_open_with(&r, sp, DESC, TENSOR, TW * TH))
        return 2;
    uint8_t *g = tce_sim_gmem(r.sim, TENSOR, TW * TH), *h = tce_gmem(&r.ref, TENSOR, TW * TH);
    for (unsigned i = 0; i < TW * TH; i++)
        g[i] = h[i] = (uint8_t)(i * 13u + (i >> 8) + 1u);
    if (!rig_driver(r.sim, &r.drv))
        return 2;
    put_map(&r);
    uint32_t seq[8];

    /* Overlapping destinations: 1 rewrites 0's box, 3 straddles 0/1 and 2, 4 covers the
     * mbarrier of 0..3 (at MBAR) with its box and uses its own. */
    {
        const char *what = "overlapping shared destinations";
        tce_op ops[5] = {load(0, 0, 0, MBAR), load(128, 8, 0, MBAR), load(0, 16, 512, MBAR),
                         load(128, 24, 256, MBAR), load(0, 32, MBAR, MBAR + 0x1000)};
        tce_status ok[5] = {TCE_OK, TCE_OK, TCE_OK, TCE_OK, TCE_OK};
        if (!rig_queue_held(&r, ops, 5, seq))
        fail(what, "submit refused");
        expect_errors(&r, seq, NULL, 0, what);
        compare(&r, ops, ok, 5, what);
    }

    /* Bus errors in two loads in flight at once (rows 40..47 answer SLVERR). */
    {
        const char *what = "bus errors in two overlapped loads";
        tce_op ops[4] = {load(0, 36, 0x2000, MBAR), load(0, 40, 0x2200, MBAR),
                         load(128, 44, 0x2400, MBAR), load(128, 52, 0x2600, MBAR)};
        if (tce_sim_inject_error(r.sim, TENSOR + 40u * TW, 8u * TW, 2, 1) != 0)
            fail(what, "cannot inject");
        if (!rig_queue_held(&r, ops, 4, seq))
        fail(what, "submit refused");
        uint32_t eseq[2] = {seq[1], seq[2]};
        tce_status errs[2] = {TCE_ERR_GLOBAL_BUS, TCE_ERR_GLOBAL_BUS};
        expect_errors(&r, eseq, errs, 2, what);
        tce_sim_inject_clear(r.sim);
        /* What lands of a failed load is not specified: its two boxes (0x2200..0x2600) are
         * taken as the engine left them; the loads around them must match. */
        memcpy(tce_smem(&r.ref, 0, 0x2200, 0x400), tce_sim_smem(r.sim, 0, 0x2200, 0x400), 0x400);
        tce_op good[2] = {ops[0], ops[3]};
        tce_status ok[2] = {TCE_OK, TCE_OK};
        compare(&r, good, ok, 2, what);
    }

    /* A command that traps at its check (misaligned bulk copy size) between two loads. */
    {
        const char *what = "a trap between two loads";
        tce_op ops[3];
        ops[0] = load(0, 4, 0x3000, MBAR);
        ops[1] = tce_op_bulk_copy(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CTA, 0, TENSOR, 0x3200, 24,
                                  MBAR);
        ops[2] = load(128, 12, 0x3400, MBAR);
        tce_status want[3] = {TCE_OK, TCE_ERR_UNDEFINED, TCE_OK};
        if (!rig_queue_held(&r, ops, 3, seq))
        fail(what, "submit refused");
        uint32_t eseq[1] = {seq[1]};
        tce_status errs[1] = {TCE_ERR_UNDEFINED};
        expect_errors(&r, eseq, errs, 1, what);
        compare(&r, ops, want, 3, what);
    }

    /* A failing load in flight when another error becomes pending (a DOORBELL of 0 words:
     * ERR_CODE.BADLEN, no code). While an error is pending nothing retires (docs/rtl.md),
     * so the load, its data in and its bus error known, waits; once software clears the
     * first error the load retires as GLOBAL_BUS under its own sequence number. */
    {
        const char *what = "a failing load held by a pending error";
        tce_op op = load(0, 40, 0x2000, MBAR);
        uint32_t v = 0, done = 0;
        if (tce_sim_inject_error(r.sim, TENSOR + 40u * TW, 8u * TW, 2, 1) != 0)
            fail(what, "cannot inject");
        if (tce_drv_submit(&r.drv, &op, &seq[0]) != TCE_DRV_OK)
            fail(what, "submit refused");
        tce_sim_mmio_write(r.sim, TCE_REG_DOORBELL, 0);
        tce_sim_run(r.sim, 5000); /* a few memory latencies: the load's beats are all in */
        tce_sim_mmio_read(r.sim, TCE_REG_ERR_CODE, &v);
        tce_sim_mmio_read(r.sim, TCE_REG_SEQ_DONE, &done);
        if (v != TCE_RM_BIT(ERR_CODE, BADLEN) || done + 1 != seq[0]) {
            char m[160];
            snprintf(m, sizeof m, "ERR_CODE 0x%x, SEQ_DONE %u: want BADLEN alone and the load "
                     "(seq %u) not retired", v, done, seq[0]);
            fail(what, m);
        }
        tce_sim_mmio_write(r.sim, TCE_REG_ERR_CODE, 0);
        tce_sim_run(r.sim, 200);
        uint32_t info = 0;
        tce_sim_mmio_read(r.sim, TCE_REG_ERR_CODE, &v);
        tce_sim_mmio_read(r.sim, TCE_REG_ERR_INFO, &info);
        if (v != TCE_ERR_GLOBAL_BUS || TCE_RM_GET(ERR_INFO, SEQ, info) != (seq[0] & 0xFFFFu)) {
            char m[160];
            snprintf(m, sizeof m, "after the clear: ERR_CODE 0x%x ERR_INFO 0x%08x, want "
                     "GLOBAL_BUS of seq %u", v, info, seq[0]);
            fail(what, m);
        }
        tce_sim_mmio_write(r.sim, TCE_REG_ERR_CODE, 0);
        tce_sim_inject_clear(r.sim);
        if (tce_drv_wait_idle(&r.drv) != TCE_DRV_OK)
            fail(what, "the engine did not go idle");
    }

    /* Four disjoint boxes: the read port from the first to the last payload beat. */
    {
        const char *what = "four disjoint 512-byte loads";
        tce_op ops[4] = {load(0, 0, 0x4000, MBAR), load(128, 4, 0x4200, MBAR),
                         load(0, 8, 0x4400, MBAR), load(128, 12, 0x4600, MBAR)};
        tce_status ok[4] = {TCE_OK, TCE_OK, TCE_OK, TCE_OK};
        tce_sim_probe_clear(r.sim, TENSOR, TENSOR + TW * TH);
        tce_sim_tx_clear(r.sim);
        if (!rig_queue_held(&r, ops, 4, seq))
        fail(what, "submit refused");
        expect_errors(&r, seq, NULL, 0, what);
        tce_sim_probe p = tce_sim_probe_read(r.sim);
        compare(&r, ops, ok, 4, what);
        uint64_t window = p.last_r - p.first_r + 1;
        /* 64 data beats on 64 consecutive cycles: each box's complete-tx goes out on the
         * mbarrier port while the next box's beats are written, so it costs the data port
         * (and so the R channel) no cycle. */
        if (p.r_beats != 64 || window != 64) {
            char m[160];
            snprintf(m, sizeof m, "%llu R beats in %llu cycles, want 64 in 64",
                     (unsigned long long)p.r_beats, (unsigned long long)window);
            fail(what, m);
        }
        const tce_sim_tx_event *ev = tce_sim_tx_events(r.sim);
        unsigned ntx = tce_sim_tx_count(r.sim);
        for (unsigned i = 0; i < ntx; i++)
            if (ev[i].cta != 0 || ev[i].mbar_off != MBAR || ev[i].bytes != 512)
                fail(what, "a complete-tx is not CTA 0's mbarrier with 512 bytes");
        if (ntx != 4)
            fail(what, "want one complete-tx per load");
    }

    tce_memsys_free(&r.ref);
    tce_sim_destroy(r.sim);
    printf("%s\n", failures ? "overlapped loads: FAILED" : "overlapped loads: all checks passed");
    return failures ? 1 : 0;
}
