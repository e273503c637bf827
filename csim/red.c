/* red{.global,.shared}.OP{.noftz}{.vN}.TYPE: op->vec elements at the address, each
 * reduced with its operand. Vector forms follow the PTX table (checked against ptxas,
 * tests/data/ptxcorpus): .global only, .v2/.v4 for f32 add, .v2/.v4/.v8 for f16/bf16
 * add/min/max (an f16x2/bf16x2 arrives here as twice as many f16/bf16 elements, so the
 * packed scalar add.f16x2, legal on .shared too, is vec 2).
 * Scalar f16/bf16 min/max exists only as a vector. */
#include "arith.h"
#include "le_bytes.h"
#include "csim.h"

#include <string.h>

static tce_result check_vector(const tce_op *op, bool global)
{
    bool half = op->etype == TCE_ET_F16 || op->etype == TCE_ET_BF16;
    unsigned v = op->vec;
    if (v != 1 && v != 2 && v != 4 && v != 8)
        return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_VEC, "red: vec %u is not 1, 2, 4 or 8", v);
    if (v == 1) {
        if (half && op->redop != TCE_RED_ADD)
            return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_VEC,
                            "red: %s.%s exists only as a vector (.v2/.v4/.v8)",
                            tce_redop_name(op->redop), tce_etype_name(op->etype));
        return tce_ok();
    }
    /* Two f16/bf16 lanes on shared memory are the packed scalar red.add.noftz.f16x2 /
     * .bf16x2, which (unlike vectors) .shared has. */
    if (!global && half && v == 2 && op->redop == TCE_RED_ADD)
        return tce_ok();
    if (!global)
        return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_VEC,
                        "red: vector .v%u needs the .global space", v);
    if (op->etype == TCE_ET_F32 && op->redop == TCE_RED_ADD && v <= 4)
        return tce_ok();
    if (half)
        return tce_ok();
    return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_VEC, "red: .v%u is not defined for %s.%s", v,
                    tce_redop_name(op->redop), tce_etype_name(op->etype));
}

tce_result tce_csim_red(const tce_op *op, tce_memsys *ms)
{
    bool global = op->dst_space == TCE_SPACE_GLOBAL;
    if (!global && op->dst_space != TCE_SPACE_SHARED_CTA && op->dst_space != TCE_SPACE_SHARED_CLUSTER)
        return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_DST_SPACE,
                        "red: unknown dst_space %d", (int)op->dst_space);
    tce_arith_ctx actx = global ? TCE_ARITH_RED_GLOBAL : TCE_ARITH_RED_SHARED;
    if ((unsigned)op->etype > TCE_ET_F64 || (unsigned)op->redop > TCE_RED_XOR ||
        !tce_arith_legal(actx, op->redop, op->etype, op->noftz))
        return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_REDOP,
                        "red.%s: %s%s.%s is not a legal op/type pair",
                        global ? "global" : "shared", tce_redop_name(op->redop),
                        op->noftz ? ".noftz" : "", tce_etype_name(op->etype));
    tce_result r = check_vector(op, global);
    if (r.status != TCE_OK)
        return r;

    unsigned esz = tce_etype_size(op->etype);
    uint32_t len = esz * op->vec;
    uint8_t *p;
    /* A red accesses its whole vector naturally aligned ("Addresses as Operands"). */
    if (global) {
        if (op->gaddr % len)
            return tce_fail(TCE_ERR_MISALIGNED, TCE_CMDF_GADDR_LO,
                            "red: gaddr 0x%llx is not %u-byte aligned",
                            (unsigned long long)op->gaddr, len);
        p = tce_gmem(ms, op->gaddr, len);
        if (!p)
            return tce_fail(TCE_ERR_GLOBAL_BUS, TCE_CMDF_GADDR_LO,
                            "red: gaddr 0x%llx+%u is outside global memory",
                            (unsigned long long)op->gaddr, len);
    } else {
        uint32_t off = TCE_SADDR_OFF(op->saddr);
        unsigned cta = op->dst_space == TCE_SPACE_SHARED_CLUSTER ? TCE_SADDR_RANK(op->saddr)
                                                                  : op->cta;
        if (op->dst_space == TCE_SPACE_SHARED_CTA && TCE_SADDR_RANK(op->saddr))
            return tce_fail(TCE_ERR_SHARED_RANGE, TCE_CMDF_SADDR,
                            "red.shared::cta: saddr 0x%x carries a CTA rank", op->saddr);
        if (off % len)
            return tce_fail(TCE_ERR_MISALIGNED, TCE_CMDF_SADDR,
                            "red: saddr offset 0x%x is not %u-byte aligned",
                            off, len);
        p = tce_smem(ms, cta, off, len);
        if (!p)
            return tce_fail(TCE_ERR_SHARED_RANGE, TCE_CMDF_SADDR,
                            "red: saddr 0x%x+%u is outside CTA %u's shared memory", op->saddr,
                            len, cta);
    }
    for (unsigned i = 0; i < op->vec; i++) {
        uint64_t m = tce_le_get(p + i * esz, esz);
        tce_le_put(p + i * esz, esz,
                 tce_arith_apply(actx, op->redop, op->etype, op->noftz, m, op->operand[i]));
    }
    r = tce_ok();
    r.bytes_read = len;
    r.bytes_written = len;
    return r;
}
