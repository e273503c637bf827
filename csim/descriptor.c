/* PLACEHOLDER (to be replaced by pack/unpack generated from descriptor_layout.def). */
#include "tensormap.h"
#include <string.h>
void tce_desc_pack(const tce_tensormap *m, uint8_t out[TCE_DESC_BYTES])
{
    memset(out, 0, TCE_DESC_BYTES);
    memcpy(out, m, sizeof *m < TCE_DESC_BYTES ? sizeof *m : TCE_DESC_BYTES);
}
tce_status tce_desc_unpack(const uint8_t in[TCE_DESC_BYTES], tce_tensormap *m, tce_diag *why)
{
    (void)why;
    memset(m, 0, sizeof *m);
    memcpy(m, in, sizeof *m < TCE_DESC_BYTES ? sizeof *m : TCE_DESC_BYTES);
    return TCE_OK;
}
unsigned tce_tensormap_smem_elem_bytes(const tce_tensormap *m)
{
    return tce_dtype_size(m->dtype);
}
