/* libFuzzer harness: 128 bytes of a CUDA driver CUtensorMap through tce_cumap_decode (the
 * decoder of descriptors from outside, csim/cumap.c). A map it accepts and the encoder
 * can write must come back as the same bytes on a second trip. With
 * TCE_FUZZ_SEEDS_FROM=encode.txt and TCE_FUZZ_SEEDS_TO=DIR it first writes the driver's
 * own maps (the corpus's `opaque` bytes) into DIR, as seeds (tests/fuzz/seeds.cmake). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cumap.h"
#include "encode_seeds.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The driver's own map of an encode case: its `opaque` bytes. */
static bool driver_bytes(const corpus_case *c, uint8_t out[128])
{
    size_t len;
    const uint8_t *opaque = corpus_blob(c, "opaque", &len);
    if (!opaque || len != TCE_CUMAP_BYTES)
        return false;
    memcpy(out, opaque, len);
    return true;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fuzz_encode_seeds(driver_bytes);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t in[TCE_CUMAP_BYTES] = {0}, once[TCE_CUMAP_BYTES], twice[TCE_CUMAP_BYTES];
    memcpy(in, data, size < TCE_CUMAP_BYTES ? size : TCE_CUMAP_BYTES);
    tce_tensormap m, back;
    tce_diag why = {{0}};
    memset(&m, 0, sizeof m);
    if (tce_cumap_decode(in, &m, &why) != TCE_OK)
        return 0;
    (void)tce_cumap_derived(in, &m, &why);
    if (tce_cumap_encode(&m, once, &why) != TCE_OK)
        return 0; /* a layout the encoder does not write (UNSUPPORTED) */
    memset(&back, 0, sizeof back);
    if (tce_cumap_decode(once, &back, &why) != TCE_OK || tce_cumap_encode(&back, twice, &why) != TCE_OK ||
        memcmp(once, twice, sizeof once))
        abort(); /* our own bytes must survive their own round trip */
    return 0;
}
