/* libFuzzer harness: 128 descriptor bytes through tce_desc_unpack. Whatever it accepts
 * must pack back to a descriptor that unpacks to the same map (the engine and the golden
 * model read maps only through unpack). With TCE_FUZZ_SEEDS_FROM=encode.txt and
 * TCE_FUZZ_SEEDS_TO=DIR it first writes the descriptors of the driver's accepted encode
 * cases into DIR, as seeds (tests/fuzz/seeds.cmake, our_descriptor_seeds.c). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tensormap.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t in[TCE_DESC_BYTES] = {0}, again[TCE_DESC_BYTES];
    memcpy(in, data, size < TCE_DESC_BYTES ? size : TCE_DESC_BYTES);
    tce_tensormap m, back;
    tce_diag why = {{0}};
    memset(&m, 0, sizeof m);
    if (tce_desc_unpack(in, &m, &why) != TCE_OK)
        return 0;
    tce_desc_pack(&m, again);
    memset(&back, 0, sizeof back);
    if (tce_desc_unpack(again, &back, &why) != TCE_OK)
        abort(); /* an accepted map must survive its own round trip */
    uint8_t twice[TCE_DESC_BYTES];
    tce_desc_pack(&back, twice);
    if (memcmp(again, twice, sizeof twice))
        abort();
    return 0;
}
