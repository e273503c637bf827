/* PLACEHOLDER (to be replaced by the tile-mode implementation). */
#include "csim.h"
tce_result tce_csim_tile(const tce_op *op, const tce_tensormap *map, tce_memsys *ms)
{
    (void)op; (void)map; (void)ms;
    return tce_fail(TCE_ERR_UNSUPPORTED, "tile mode not implemented yet");
}
