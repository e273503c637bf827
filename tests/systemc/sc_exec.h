/* The SystemC model as a replay/co-simulation engine: run one tce_op on the caller's
 * memories through the model's register socket, the way a driver would (CMD words packed
 * by the firmware's tce_cmd_pack, DOORBELL, poll STATUS.BUSY, read ERR_CODE/ERR_INFO).
 * Shared by the tests in this folder; header-only so each test stays one executable. */
#ifndef TCE_SC_EXEC_H
#define TCE_SC_EXEC_H

#include "csim.h"
#include "tce_cmd.h"
#include "tce_regmap.h"
#include "tce_sc.h"

#include <stdio.h>
#include <string.h>

/* exec for replay_ctx / co-simulation; `engine` is the tce_sc handle. */
static inline tce_result sc_exec(const tce_op *op, tce_memsys *ms, void *engine)
{
    tce_sc *sc = (tce_sc *)engine;
    tce_result r;
    memset(&r, 0, sizeof r);
    r.field = TCE_RM_FIELD_NONE;
    tce_sc_params p = tce_sc_default_params();
    tce_sc_detach_global(sc);
    for (unsigned i = 0; i < ms->ngregions; i++)
        if (tce_sc_attach_global(sc, ms->g[i].base, ms->g[i].size, ms->g[i].bytes) != 0) {
            r.status = TCE_ERR_UNSUPPORTED;
            snprintf(r.why, sizeof r.why, "bench: cannot attach global window %u", i);
            return r;
        }
    for (unsigned c = 0; c < p.num_ctas; c++)
        (void)tce_sc_attach_smem(sc, c, c < ms->ncta ? ms->smem[c] : NULL,
                                 c < ms->ncta ? ms->smem_size : 0);
    tce_sc_tx_clear(sc);

    uint32_t w[TCE_RM_CMD_WORDS];
    tce_cmd_field_id bad;
    unsigned n = tce_cmd_pack(op, w, &bad);
    if (n == 0) {
        r.status = TCE_ERR_INVALID_VALUE;
        snprintf(r.why, sizeof r.why, "tce_cmd_pack refused field %d", (int)bad);
        return r;
    }
    int ok = 0;
    /* Each operation comes with freshly written memories, its tensor map included: the
     * fence.proxy.tensormap a program issues after writing a map (CTRL.DESC_INVAL, as
     * tce_drv_tensormap_fence), so the engine's descriptor cache cannot serve the map an
     * earlier operation saw at the same address. */
    uint32_t ctrl = 0;
    ok |= tce_sc_mmio_read(sc, TCE_REG_CTRL, &ctrl);
    ctrl &= TCE_RM_BIT(CTRL, ENABLE) | TCE_RM_BIT(CTRL, IRQ_EN);
    ok |= tce_sc_mmio_write(sc, TCE_REG_CTRL, ctrl | TCE_RM_BIT(CTRL, DESC_INVAL));
    for (unsigned i = 0; i < n; i++)
        ok |= tce_sc_mmio_write(sc, TCE_REG_AT(TCE_REG_CMD, i), w[i]);
    ok |= tce_sc_mmio_write(sc, TCE_REG_DOORBELL, n);
    ok |= tce_sc_run_until_idle(sc, 5000000);
    uint32_t err = 0, info = 0;
    ok |= tce_sc_mmio_read(sc, TCE_REG_ERR_CODE, &err);
    ok |= tce_sc_mmio_read(sc, TCE_REG_ERR_INFO, &info);
    if (err)
        ok |= tce_sc_mmio_write(sc, TCE_REG_ERR_CODE, 0);   /* clear: the queue resumes */
    if (ok != 0) {
        r.status = TCE_ERR_UNSUPPORTED;
        snprintf(r.why, sizeof r.why, "bench: the engine did not answer or finish");
    } else {
        r.status = (tce_status)TCE_RM_GET(ERR_CODE, CODE, err);
        r.field = TCE_RM_GET(ERR_INFO, FIELD, info);
        if (r.status != TCE_OK)
            snprintf(r.why, sizeof r.why, "engine: ERR_INFO.FIELD %u",
                     (unsigned)TCE_RM_GET(ERR_INFO, FIELD, info));
    }
    const tce_sc_tx_event *ev = tce_sc_tx_events(sc);
    for (unsigned i = 0; i < tce_sc_tx_count(sc); i++) {
        r.tx_bytes = ev[i].bytes;
        r.tx_ctas |= (uint16_t)(1u << ev[i].cta);
    }
    tce_sc_detach_global(sc);
    for (unsigned c = 0; c < p.num_ctas; c++)
        (void)tce_sc_attach_smem(sc, c, NULL, 0);
    return r;
}

#endif
