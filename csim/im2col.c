/* PLACEHOLDER (to be replaced by the im2col implementation). */
#include "csim.h"
tce_result tce_csim_im2col(const tce_op *op, const tce_tensormap *map, tce_memsys *ms)
{
    (void)op; (void)map; (void)ms;
    return tce_fail(TCE_ERR_UNSUPPORTED, "im2col not implemented yet");
}
