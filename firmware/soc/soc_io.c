/* MMIO and mbarrier helpers of the soft-CPU programs (soc_io.h). */
#include "soc_io.h"

#include "soc_map.h"

static uint32_t engine_rd(void *ctx, uint32_t off)
{
    (void)ctx;
    return *soc_reg32(SOC_ENGINE_BASE + off);
}

static void engine_wr(void *ctx, uint32_t off, uint32_t v)
{
    (void)ctx;
    *soc_reg32(SOC_ENGINE_BASE + off) = v;
}

tce_bus soc_engine_bus(void)
{
    tce_bus bus = {engine_rd, engine_wr, 0};
    return bus;
}

void soc_mbar_arm(unsigned cta, uint32_t off, uint32_t tx)
{
    const uint64_t expected = 1, init_bit = 1ull << 61;
    uint64_t w = (expected << 20) | ((uint64_t)(tx & 0x1FFFFFu) << 40) | init_bit;
    *soc_reg32(SOC_SMEM_ADDR(cta, off)) = (uint32_t)w;
    *soc_reg32(SOC_SMEM_ADDR(cta, off + 4)) = (uint32_t)(w >> 32);
}

int soc_mbar_wait_phase0(unsigned cta, uint32_t off, uint32_t polls)
{
    for (uint32_t i = 0; i < polls; i++)
        if (*soc_reg32(SOC_SMEM_ADDR(cta, off + 4)) >> 31)
            return 1;
    return 0;
}
