/* Complete-tx on an mbarrier in a CTA's shared memory, with the golden mbarrier model:
 * what the engine does when an mbarrier-completed copy retires. */
#include "../../csim/mbarrier.h"
#include "regmodel_engine.h"

#include <stdio.h>

tce_status regmodel_mbar_complete_tx(void *ctx, tce_memsys *ms, unsigned cta, uint32_t off,
                                     uint32_t bytes, char *why, size_t why_cap)
{
    (void)ctx;
    uint8_t *p = tce_smem(ms, cta, off, 8);
    if (!p || (off & 7u)) {
        snprintf(why, why_cap, "mbarrier at CTA %u offset 0x%x is not an 8-byte aligned object in shared memory",
                 cta, off);
        return p ? TCE_ERR_MISALIGNED : TCE_ERR_SHARED_RANGE;
    }
    uint64_t obj = tce_mbar_load(p);
    tce_mbar_why w = {{0}};
    tce_status st = tce_mbar_complete_tx(&obj, bytes, &w);
    if (st != TCE_OK) {
        snprintf(why, why_cap, "mbarrier at CTA %u offset 0x%x: %s", cta, off, w.text);
        return st;
    }
    tce_mbar_store(p, obj);
    return TCE_OK;
}
