/* What every soft-CPU program of the reference system needs to reach the engine and the
 * shared memories (soc_map.h): the driver's register bus over MMIO, and the CPU side of an
 * mbarrier (arm it, wait for its phase) through the shared-memory window. */
#ifndef TCE_SOC_IO_H
#define TCE_SOC_IO_H

#include <stdint.h>

#include "driver/tce_driver.h"

static inline volatile uint32_t *soc_reg32(uint32_t addr)
{
    return (volatile uint32_t *)(uintptr_t)addr;
}

/* The driver's bus: 32-bit MMIO at SOC_ENGINE_BASE. */
tce_bus soc_engine_bus(void);

/* The mbarrier word after mbarrier.init(1) and mbarrier.arrive.expect_tx(tx): no arrival
 * pending, tx bytes pending, phase 0 (encoding: docs/bulk.md, csim/mbarrier.h). Written
 * by the CPU before the copy is submitted, so the engine's complete-tx cannot race it
 * (docs/fpga.md: host accesses are not atomic against the engine). */
void soc_mbar_arm(unsigned cta, uint32_t off, uint32_t tx);

/* mbarrier.try_wait.parity 0, polled at most `polls` times: 1 once phase 0 has completed
 * (parity bit 63 is 1), 0 if it did not. */
int soc_mbar_wait_phase0(unsigned cta, uint32_t off, uint32_t polls);

#endif
