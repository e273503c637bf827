/* Soft-CPU test program run on the RV32 simulator (tools/rv32/) against the Verilated
 * engine by CTest soc-iss-tile: the firmware encodes a tensor map with the golden model's
 * encoder, writes it to DDR, decodes three PTX lines (soc_tile_job.h) and issues them
 * through the driver: a 2-D tile load and a bulk copy completing on mbarriers it armed,
 * then a bulk store of the loaded tile through a bulk async-group. It waits for each the
 * way a kernel would and checks the engine reports no error. The host compares every byte
 * with the golden model; this program only says which step failed (soc_exit_code) and, when
 * the PTX decode fails, the decoder's verdict (soc_ptx_error). */
#include <stdint.h>

#include "soc_io.h"
#include "soc_map.h"
#include "soc_tile_job.h"

enum { POLLS = 200000 };

/* Exit codes: which step failed (0: all of them passed). */
enum {
    OK = 0, E_ENCODE = 1, E_PTX = 2, E_INIT = 3, E_SUBMIT = 4, E_WAIT = 5, E_MBAR = 6,
    E_GROUP = 7, E_ENGINE = 8
};

/* The decoder's error when step E_PTX fails, for the host to print (cause, column, message). */
ptx_error soc_ptx_error;

int main(void)
{
    /* static, like the decoded instruction below: the stack the RAM leaves is a few KiB */
    static tce_tensormap map;
    tce_diag why;
    uint8_t desc[TCE_DESC_BYTES];
    if (soc_job_map(&map, &why) != TCE_OK)
        return E_ENCODE;
    tce_desc_pack(&map, desc);
    for (uint32_t i = 0; i < TCE_DESC_BYTES; i += 4)
        *soc_reg32(SOC_DDR_BASE + SOC_JOB_TMAP_OFF + i) =
            (uint32_t)desc[i] | ((uint32_t)desc[i + 1] << 8) | ((uint32_t)desc[i + 2] << 16) |
            ((uint32_t)desc[i + 3] << 24);

    /* a decoded instruction is about 4 KiB */
    static ptx_insn insn;
    static tce_op ops[SOC_JOB_OPS];
    for (unsigned k = 0; k < SOC_JOB_OPS; k++)
        if (soc_job_op(k, &insn, &ops[k], &soc_ptx_error) != PTX_OK)
            return E_PTX;

    tce_drv drv;
    if (tce_drv_init(&drv, soc_engine_bus(), POLLS) != TCE_DRV_OK)
        return E_INIT;
    /* The map was written after the engine last looked (fence.proxy.tensormap). */
    tce_drv_tensormap_fence(&drv);
    soc_mbar_arm(0, SOC_JOB_MBAR_OFF, SOC_JOB_TILE_BYTES);
    soc_mbar_arm(1, SOC_JOB_MBAR_OFF, SOC_JOB_COPY_BYTES);

    uint32_t seq[2];
    for (unsigned k = 0; k < 2; k++)
        if (tce_drv_submit(&drv, &ops[k], &seq[k]) != TCE_DRV_OK)
            return E_SUBMIT;
    for (unsigned k = 0; k < 2; k++)
        if (tce_drv_wait(&drv, seq[k]) != TCE_DRV_OK)
            return E_WAIT;
    if (!soc_mbar_wait_phase0(0, SOC_JOB_MBAR_OFF, POLLS) ||
        !soc_mbar_wait_phase0(1, SOC_JOB_MBAR_OFF, POLLS) ||
        (*soc_reg32(SOC_SMEM_MBAR_STATUS) & 1u))
        return E_MBAR;

    /* The tile is in shared memory now: write it back out (cp.async.bulk.commit_group,
     * cp.async.bulk.wait_group 0). */
    uint32_t store_seq;
    if (tce_drv_submit(&drv, &ops[2], &store_seq) != TCE_DRV_OK)
        return E_SUBMIT;
    if (tce_drv_commit_group(&drv, 0) != TCE_DRV_OK ||
        tce_drv_wait_group(&drv, 0, 0, false) != TCE_DRV_OK)
        return E_GROUP;

    tce_drv_error_info info;
    if (tce_drv_error(&drv, &info) != TCE_DRV_OK || info.status != TCE_OK || info.overflow ||
        info.badlen)
        return E_ENGINE;
    return OK;
}
