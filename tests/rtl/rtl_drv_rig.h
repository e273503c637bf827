/* What the driver-level co-simulation tests of tensor loads share: the engine's register
 * bus for the firmware driver, a tensor load operation to fill in, and running one
 * operation to its status (the engine's first error, read and cleared, or TCE_OK). */
#ifndef TCE_RTL_DRV_RIG_H
#define TCE_RTL_DRV_RIG_H

#include "csim.h"
#include "tce_driver.h"
#include "tce_sim.h"

#include <stdio.h>


static uint32_t rig_bus_rd(void *ctx, uint32_t off)
{
    uint32_t v = 0;
    (void)tce_sim_mmio_read(ctx, off, &v);
    return v;
}

static void rig_bus_wr(void *ctx, uint32_t off, uint32_t v) { (void)tce_sim_mmio_write(ctx, off, v); }

/* The driver over sim's registers; false (with the cause printed) when it does not start. */
static bool rig_driver(tce_sim *sim, tce_drv *drv)
{
    tce_bus bus = {rig_bus_rd, rig_bus_wr, sim};
    if (tce_drv_init(drv, bus, 1000000) != TCE_DRV_OK) {
        fprintf(stderr, "driver: %s\n", drv->why);
        return false;
    }
    return true;
}

/* A tensor load of `mode` (tce_op_tile_load's, other mode) into CTA 0's shared memory at
 * saddr, tracked by the mbarrier at mbar, map at tmap; coordinates are the caller's. */
static tce_op rig_tensor_load(tce_mode mode, unsigned dims, uint64_t tmap, uint32_t saddr,
                              uint32_t mbar)
{
    static const int32_t zero[TCE_MAX_RANK] = {0};
    tce_op op = tce_op_tile_load(0, tmap, dims, zero, saddr, mbar);
    op.mode = mode;
    return op;
}

/* Runs op on the engine (after a tensor-map fence: the caller may have rewritten the map). */
static tce_status rig_run(tce_drv *drv, const tce_op *op)
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

#endif
