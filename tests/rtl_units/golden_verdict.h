/* The golden model's verdict on one tensor operation and its descriptor, for the unit tests
 * of the checks (test_rtl_tile_check, test_rtl_im2col_check): the descriptor at DESC_ADDR,
 * the tensor's footprint lent from a caller's window (up to WINDOW_BYTES) so the walk finds
 * its elements, and tce_csim_execute. The walk can only add GLOBAL_BUS (an element outside
 * global memory), which no check reports: such a draw is out of a check's reach. */
#ifndef TCE_GOLDEN_VERDICT_H
#define TCE_GOLDEN_VERDICT_H

#include <string.h>

#include "csim.h"
#include "driver/tce_regmap.h"
#include "engines.h"
#include "tensormap.h"
#include "unit_check.h"

#define WINDOW_BYTES (64u << 20)
#define DESC_ADDR 0x10000ull

/* The tensor's footprint from globalAddress, if the descriptor unpacks; 0 otherwise. */
static uint64_t footprint(const uint8_t *d)
{
    tce_tensormap m;
    tce_diag why;
    if (tce_desc_unpack(d, &m, &why) != TCE_OK)
        return 0;
    uint64_t end = m.gdim[0] * (m.interleave == TCE_IL_NONE ? m.gstride[0] : 32u) + 64u;
    for (unsigned i = 1; i < m.rank; i++) {
        if (m.gdim[i] > 1 && m.gstride[i] > (UINT64_MAX - end) / (m.gdim[i] - 1))
            return UINT64_MAX;
        end += (m.gdim[i] - 1) * m.gstride[i];
    }
    return end;
}

/* The golden model's status, field (tce_result_field, as `tce regress` compares engines)
 * and result for op on the descriptor desc, with ncta CTAs of smem bytes. false: out of
 * a check's reach (GLOBAL_BUS, or a tensor command's completion: see the end) or out of
 * host memory (counted as a failure). */
static bool golden_verdict(const tce_op *in, const uint8_t *desc, unsigned ncta, uint32_t smem,
                           uint8_t *window, tce_result *r, unsigned *field)
{
    tce_memsys ms;
    if (tce_memsys_init(&ms, ncta, smem) != 0 ||
        tce_memsys_add_global(&ms, DESC_ADDR, 0x1000) != 0) {
        CHECK(0, "out of memory for the golden model's memories");
        return false;
    }
    memcpy(tce_gmem(&ms, DESC_ADDR, TCE_DESC_BYTES), desc, TCE_DESC_BYTES);
    uint64_t fp = footprint(desc);
    if (fp) {
        tce_tensormap m;
        tce_diag why;
        (void)tce_desc_unpack(desc, &m, &why);
        uint64_t base = m.gaddr & ~63ull, size = fp < WINDOW_BYTES ? fp + 64u : WINDOW_BYTES;
        if (base + size > base && (base >= DESC_ADDR + 0x1000 || base + size <= DESC_ADDR) &&
            tce_memsys_lend_global(&ms, base, size, window) != 0)
            CHECK(0, "cannot lend the golden model a global window");
    }
    tce_op op = *in;
    op.tmap_addr = DESC_ADDR;
    *r = tce_csim_execute(&op, &ms);
    tce_memsys_free(&ms);
    *field = tce_result_field(r);
    /* Out of the check units' reach: the bus, and a tensor command's completion (tce_cmd_exec
     * refuses a load completing a bulk group before the descriptor is fetched). */
    return r->status != TCE_ERR_GLOBAL_BUS && *field != TCE_CMDF_COMPLETION;
}

/* A command field's name (ERR_INFO.FIELD), or "none". */
static const char *cmd_field_name(unsigned f)
{
    return f < TCE_CMDF_COUNT ? tce_cmd_fields[f].name : "none";
}

/* A unit's verdict against the golden model's: the same status, and for a trap the same
 * field. */
static bool same_verdict(unsigned status, unsigned field, const tce_result *r, unsigned want_field)
{
    return status == (unsigned)r->status && (r->status == TCE_OK || field == want_field);
}

#endif
