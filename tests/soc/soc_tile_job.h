/* The job of the simulated soft-CPU test (CTest soc-iss-tile, tests/soc.cmake): what the
 * firmware program soc_tile_main.c does on the RV32 simulator with the RTL engine, and what
 * the host test test_soc_firmware.c replays on the golden model to check it. Both include
 * this header, so the PTX lines, the operand values and the tensor map are written once.
 * Freestanding (the firmware side is built for rv32imc). */
#ifndef SOC_TILE_JOB_H
#define SOC_TILE_JOB_H

#include <stdint.h>

#include "ptx/ptx_decode.h"
#include "tensormap.h"

#define SOC_JOB_DDR_BASE 0x80000000u  /* = SOC_DDR_BASE of firmware/soc/soc_map.h */

enum {
    SOC_JOB_DDR_SIZE = 0x40000,   /* global memory the host maps */
    SOC_JOB_TMAP_OFF = 0x0,       /* the 128-byte tensor map, from SOC_JOB_DDR_BASE */
    SOC_JOB_TENSOR_OFF = 0x10000, /* the 40 x 12 f32 tensor (rows of 160 bytes) */
    SOC_JOB_TENSOR_BYTES = 40 * 12 * 4,
    SOC_JOB_OUT_OFF = 0x20000,    /* where the bulk store puts the tile back */
    SOC_JOB_TILE_OFF = 0x400,     /* CTA 0: the 32 x 8 f32 box, 128B-swizzled (1024-aligned) */
    SOC_JOB_TILE_BYTES = 32 * 8 * 4,
    SOC_JOB_COPY_OFF = 0x800,     /* CTA 1: the 512-byte bulk copy */
    SOC_JOB_COPY_BYTES = 512,
    SOC_JOB_MBAR_OFF = 0x0,       /* the mbarrier in CTA 0 (tile) and in CTA 1 (copy) */
    SOC_JOB_OPS = 3
};

/* 0: a 2-D tile load at {16, 5}: both dimensions run past the tensor (40 x 12), so part of
 * the box is out-of-bounds fill; 1: a bulk copy into another CTA of the cluster; 2: the
 * loaded tile stored back to global memory through a bulk async-group. */
static const char *const soc_job_ptx[SOC_JOB_OPS] = {
    "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
    " [%r1], [%rd2, {%r3, %r4}], [%r5];",
    "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd2], 512, [%r3];",
    "cp.async.bulk.global.shared::cta.bulk_group [%rd1], [%r2], 1024;",
};

/* The tensor map of op 0, as cuTensorMapEncodeTiled would be called. */
static inline tce_status soc_job_map(tce_tensormap *m, tce_diag *why)
{
    const uint64_t gdim[2] = {40, 12}, gstride[1] = {40 * 4};
    const uint32_t box[2] = {32, 8}, estride[2] = {1, 1};
    return tce_encode_tiled(m, TCE_DT_FLOAT32, 2, SOC_JOB_DDR_BASE + SOC_JOB_TENSOR_OFF, gdim,
                            gstride, box, estride, TCE_IL_NONE, TCE_SW_128B, TCE_L2_NONE,
                            TCE_OOB_ZERO, why);
}

/* Op k: its PTX line decoded for sm_90a into *insn (a workspace the caller owns: about 4 KiB,
 * too much for a soft CPU's stack), with the values a kernel would hold in its registers.
 * PTX_OK, or the decoder's verdict in *err. */
static inline ptx_status soc_job_op(unsigned k, ptx_insn *insn, tce_op *op, ptx_error *err)
{
    ptx_target target;
    if (k >= SOC_JOB_OPS || !ptx_target_parse("sm_90a", &target))
        return PTX_ERROR;
    ptx_status st = ptx_decode_line(soc_job_ptx[k], target, insn, err);
    if (st != PTX_OK || !insn->has_op)
        return st == PTX_OK ? PTX_ERROR : st;
    *op = insn->op;
    op->cta = 0;
    switch (k) {
    case 0:
        op->tmap_addr = SOC_JOB_DDR_BASE + SOC_JOB_TMAP_OFF;
        op->coords[0] = 16;
        op->coords[1] = 5;
        op->saddr = TCE_SADDR(0, SOC_JOB_TILE_OFF);
        op->mbar = TCE_SADDR(0, SOC_JOB_MBAR_OFF);
        break;
    case 1:
        op->saddr = TCE_SADDR(1, SOC_JOB_COPY_OFF);
        op->gaddr = SOC_JOB_DDR_BASE + SOC_JOB_TENSOR_OFF + 0x200;
        op->mbar = TCE_SADDR(1, SOC_JOB_MBAR_OFF);
        op->size = SOC_JOB_COPY_BYTES;
        break;
    default:
        op->gaddr = SOC_JOB_DDR_BASE + SOC_JOB_OUT_OFF;
        op->saddr = SOC_JOB_TILE_OFF;
        op->size = SOC_JOB_TILE_BYTES;
        break;
    }
    return PTX_OK;
}

#endif
