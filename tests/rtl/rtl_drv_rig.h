/* What the driver-level co-simulation tests of tensor loads share: the engine and the golden
 * model's memories with a descriptor page and a tensor mapped in both, the engine's register
 * bus for the firmware driver, a tensor load operation to fill in, and running one operation
 * to its status (the engine's first error, read and cleared, or TCE_OK). The helpers are
 * static inline so a test may use only some of them under -Werror. */
#ifndef TCE_RTL_DRV_RIG_H
#define TCE_RTL_DRV_RIG_H

#include "csim.h"
#include "tce_driver.h"
#include "tce_sim.h"

#include <stdio.h>
#include <string.h>

typedef struct {
    tce_sim *sim;   /* the engine */
    tce_memsys ref; /* the golden model's memories */
    tce_drv drv;
} rig;

/* Creates the engine (simulated with p) and the reference memories, each with
 * [desc, desc+4096) and [tensor, tensor+tbytes) mapped; false (with the cause printed) on
 * failure. */
static inline bool rig_open_with(rig *r, tce_sim_params p, uint64_t desc, uint64_t tensor,
                                 uint64_t tbytes)
{
    char err[160] = "";
    r->sim = tce_sim_create(&p, err, sizeof err);
    if (!r->sim || tce_memsys_init(&r->ref, p.num_ctas, p.smem_bytes) != 0 ||
        tce_sim_add_global(r->sim, desc, 4096) || tce_memsys_add_global(&r->ref, desc, 4096) ||
        tce_sim_add_global(r->sim, tensor, tbytes) ||
        tce_memsys_add_global(&r->ref, tensor, tbytes)) {
        fprintf(stderr, "setup failed %s\n", err);
        return false;
    }
    return true;
}

/* rig_open_with the bridge's default timing. */
static inline bool rig_open(rig *r, uint64_t desc, uint64_t tensor, uint64_t tbytes)
{
    return rig_open_with(r, tce_sim_default_params(), desc, tensor, tbytes);
}

/* The tests' random draws: a 64-bit LCG (its high bits), and a draw below n. */
static inline uint64_t rig_lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

static inline uint32_t rig_rnd(uint64_t *s, uint32_t n) { return (uint32_t)(rig_lcg(s) % n); }

static inline uint32_t rig_bus_rd(void *ctx, uint32_t off)
{
    uint32_t v = 0;
    (void)tce_sim_mmio_read(ctx, off, &v);
    return v;
}

static inline void rig_bus_wr(void *ctx, uint32_t off, uint32_t v) { (void)tce_sim_mmio_write(ctx, off, v); }

/* The driver over sim's registers; false (with the cause printed) when it does not start. */
static inline bool rig_driver(tce_sim *sim, tce_drv *drv)
{
    tce_bus bus = {rig_bus_rd, rig_bus_wr, sim};
    if (tce_drv_init(drv, bus, 1000000) != TCE_DRV_OK) {
        fprintf(stderr, "driver: %s\n", drv->why);
        return false;
    }
    return true;
}

/* rig_open, the same recognisable bytes in the tensor on both sides (byte i is
 * i*13 + i/512, modulo 256: no two nearby rows alike) and the driver started; false (with
 * the cause printed) on failure. */
static inline bool rig_open_patterned(rig *r, uint64_t desc, uint64_t tensor, uint32_t tbytes)
{
    if (!rig_open(r, desc, tensor, tbytes))
        return false;
    uint8_t *g = tce_sim_gmem(r->sim, tensor, tbytes), *h = tce_gmem(&r->ref, tensor, tbytes);
    for (uint32_t i = 0; i < tbytes; i++)
        g[i] = h[i] = (uint8_t)(i * 13u + (i >> 9));
    return rig_driver(r->sim, &r->drv);
}

/* A tensor load of `mode` (tce_op_tile_load's, other mode) into CTA 0's shared memory at
 * saddr, tracked by the mbarrier at mbar, map at tmap; coordinates are the caller's. */
static inline tce_op rig_tensor_load(tce_mode mode, unsigned dims, uint64_t tmap, uint32_t saddr,
                              uint32_t mbar)
{
    static const int32_t zero[TCE_MAX_RANK] = {0};
    tce_op op = tce_op_tile_load(0, tmap, dims, zero, saddr, mbar);
    op.mode = mode;
    return op;
}

/* Runs op on the engine (after a tensor-map fence: the caller may have rewritten the map). */
static inline tce_status rig_run(tce_drv *drv, const tce_op *op)
{
    tce_drv_tensormap_fence(drv);
    if (tce_drv_submit(drv, op, NULL) != TCE_DRV_OK)
        return TCE_ERR_UNDEFINED;
    if (tce_drv_wait_idle(drv) == TCE_DRV_OK)
        return TCE_OK;
    tce_drv_error_info info = {0};
    (void)tce_drv_error(drv, &info);
    return info.status;
}

/* Runs op on the engine and on the golden model, CTA 0's shared memory below fill_to set to
 * 0xEE on both first, and compares the two statuses and the whole of CTA 0's shared memory.
 * *got gets the engine's status. true when they agree; else msg says the first difference. */
static inline bool rig_vs_golden(rig *r, const tce_op *op, uint32_t fill_to, tce_status *got,
                                 char *msg, size_t n)
{
    uint32_t sz = r->ref.smem_size;
    memset(tce_sim_smem(r->sim, 0, 0, fill_to), 0xEE, fill_to);
    memset(tce_smem(&r->ref, 0, 0, fill_to), 0xEE, fill_to);
    *got = rig_run(&r->drv, op);
    tce_result want = tce_csim_execute(op, &r->ref);
    if (*got != want.status) {
        snprintf(msg, n, "status %s, the golden model's %s (%s)", tce_status_name(*got),
                 tce_status_name(want.status), want.why);
        return false;
    }
    const uint8_t *a = tce_sim_smem(r->sim, 0, 0, sz), *b = tce_smem(&r->ref, 0, 0, sz);
    for (uint32_t i = 0; i < sz; i++)
        if (a[i] != b[i]) {
            snprintf(msg, n, "both %s; shared byte 0x%x: engine 0x%02x, golden model 0x%02x",
                     tce_status_name(*got), i, a[i], b[i]);
            return false;
        }
    return true;
}

/* Queues ops[0..n) while the engine is held, then lets it run; seq[i] gets op i's number.
 * false when the driver refused a submit. */
static inline bool rig_queue_held(rig *r, const tce_op *ops, unsigned n, uint32_t *seq)
{
    bool ok = true;
    tce_drv_enable(&r->drv, false);
    for (unsigned i = 0; i < n; i++)
        ok = tce_drv_submit(&r->drv, &ops[i], &seq[i]) == TCE_DRV_OK && ok;
    tce_drv_enable(&r->drv, true);
    return ok;
}

/* Waits for the engine: it must report exactly the errors (sequence number, status) given,
 * in order, each read and cleared, and then go idle. false with the first problem in m. */
static inline bool rig_expect_errors(rig *r, const uint32_t *seq, const tce_status *errs,
                                     unsigned nerr, char *m, size_t cap)
{
    bool ok = true;
    for (unsigned e = 0;; e++) {
        tce_drv_rc rc = tce_drv_wait_idle(&r->drv);
        if (rc == TCE_DRV_OK) {
            if (e != nerr && ok)
                snprintf(m, cap, "the engine went idle with an error not reported");
            return ok && e == nerr;
        }
        tce_drv_error_info info;
        (void)tce_drv_error(&r->drv, &info);
        if (rc != TCE_DRV_ENGINE_ERROR || e == nerr) {
            if (ok)
                snprintf(m, cap, "%s", rc == TCE_DRV_ENGINE_ERROR ? "an unexpected error" : "engine stuck");
            return false;
        }
        if ((info.seq16 != (seq[e] & 0xFFFFu) || info.status != errs[e]) && ok) {
            snprintf(m, cap, "error %u: seq %u status %s, want seq %u status %s", e, info.seq16,
                     tce_status_name(info.status), seq[e] & 0xFFFFu, tce_status_name(errs[e]));
            ok = false;
        }
    }
}

#endif
