/* libFuzzer harness: tensormap.replace on a 128-byte map in memory (firmware/driver/
 * tce_tmreplace.c, tce_tmreplace_cumap.c): the map's bytes, then the field, the ordinal and
 * the new value (the instruction's operands). What must hold, as its header says: on an
 * error the map is unchanged; on success a tce descriptor still unpacks. Bytes past the
 * input's end read as 0. Seeds: tce's descriptors of the encode cases (as desc_unpack's). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "driver/tce_tmreplace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t in[TCE_DESC_BYTES + 10] = {0}, desc[TCE_DESC_BYTES], before[TCE_DESC_BYTES];
    memcpy(in, data, size < sizeof in ? size : sizeof in);
    memcpy(desc, in, sizeof desc);
    memcpy(before, desc, sizeof desc);
    /* one past the last field too: the range check */
    tce_tmr_field f = (tce_tmr_field)(in[TCE_DESC_BYTES] % (TCE_TMR_FIELD_COUNT + 1));
    unsigned ord = in[TCE_DESC_BYTES + 1];
    uint64_t val;
    memcpy(&val, in + TCE_DESC_BYTES + 2, sizeof val);
    tce_tensormap m;
    tce_diag why = {{0}};
    bool ours = tce_desc_unpack(desc, &m, &why) == TCE_OK;
    memset(&why, 0, sizeof why);
    if (tce_tensormap_replace(desc, f, ord, val, &why) != TCE_OK) {
        if (memcmp(desc, before, sizeof desc))
            abort(); /* an error leaves the map as it was */
    } else if (ours && tce_desc_unpack(desc, &m, &why) != TCE_OK) {
        abort(); /* a replaced field of our descriptor made it unreadable */
    }
    return 0;
}
