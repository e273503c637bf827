/* PLACEHOLDER (to be replaced by the red implementation). */
#include "csim.h"
tce_result tce_csim_red(const tce_op *op, tce_memsys *ms)
{
    (void)op; (void)ms;
    return tce_fail(TCE_ERR_UNSUPPORTED, "red not implemented yet");
}
