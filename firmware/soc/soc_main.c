/* Soft-CPU test program for tce_fpga_top: the PTX decoder turns one cp.async.bulk line
 * into an engine operation, the driver submits it over MMIO, and the CPU checks the copy
 * the way a PTX program would: it waits on the mbarrier in shared memory, then reads the
 * bytes back. main's result (0 = the copy arrived intact) ends up in soc_exit_code.
 *
 * Built for rv32imc by the CTest test firmware-riscv-build (tests/fpga.cmake,
 * cmake/riscv_firmware.cmake); docs/fpga.md has the memory map (soc_map.h). */
#include <stdint.h>

#include "driver/tce_driver.h"
#include "ptx/ptx_decode.h"
#include "soc_io.h"
#include "soc_map.h"

enum {
    COPY_BYTES = 256,
    SRC_OFF = 0x1000,        /* source buffer in DDR, from SOC_DDR_BASE */
    DST_OFF = 0x100,         /* destination offset in CTA 0's shared memory */
    MBAR_OFF = 0x0,          /* the mbarrier, CTA 0 */
    POLLS = 100000
};

/* Exit codes: which step failed. */
enum { OK = 0, E_PTX = 1, E_INIT = 2, E_SUBMIT = 3, E_WAIT = 4, E_MBAR = 5, E_DATA = 6 };

static uint8_t pattern(uint32_t i) { return (uint8_t)(i * 7u + 3u); }

int main(void)
{
    static const char line[] =
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd2], 256, [%r3];";
    ptx_target target;
    static ptx_insn insn; /* about 4 KiB: more than the stack the 64 KiB RAM leaves can spare */
    ptx_error err;
    if (!ptx_target_parse("sm_90a", &target) ||
        ptx_decode_line(line, target, &insn, &err) != PTX_OK || !insn.has_op)
        return E_PTX;

    /* The operand values a kernel would hold in %r1, %rd2, %r3. */
    tce_op op = insn.op;
    op.cta = 0;
    op.saddr = TCE_SADDR(0, DST_OFF);
    op.gaddr = SOC_DDR_BASE + SRC_OFF;
    op.mbar = TCE_SADDR(0, MBAR_OFF);
    op.size = COPY_BYTES;

    volatile uint8_t *src = (volatile uint8_t *)(uintptr_t)(SOC_DDR_BASE + SRC_OFF);
    for (uint32_t i = 0; i < COPY_BYTES; i++)
        src[i] = pattern(i);

    tce_drv drv;
    if (tce_drv_init(&drv, soc_engine_bus(), POLLS) != TCE_DRV_OK)
        return E_INIT;
    soc_mbar_arm(0, MBAR_OFF, COPY_BYTES);

    uint32_t seq;
    if (tce_drv_submit(&drv, &op, &seq) != TCE_DRV_OK)
        return E_SUBMIT;
    if (tce_drv_wait(&drv, seq) != TCE_DRV_OK)
        return E_WAIT;
    if (!soc_mbar_wait_phase0(0, MBAR_OFF, POLLS) || (*soc_reg32(SOC_SMEM_MBAR_STATUS) & 1u))
        return E_MBAR;

    for (uint32_t i = 0; i < COPY_BYTES; i += 4) {
        uint32_t got = *soc_reg32(SOC_SMEM_ADDR(0, DST_OFF + i));
        for (uint32_t b = 0; b < 4; b++)
            if ((uint8_t)(got >> (8 * b)) != pattern(i + b))
                return E_DATA;
    }
    return OK;
}
