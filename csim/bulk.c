/* PLACEHOLDER (to be replaced by the bulk-copy implementation). */
#include "csim.h"
tce_result tce_csim_bulk(const tce_op *op, tce_memsys *ms)
{
    (void)op; (void)ms;
    return tce_fail(TCE_ERR_UNSUPPORTED, "bulk not implemented yet");
}
