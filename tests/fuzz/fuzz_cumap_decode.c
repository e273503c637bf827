/* libFuzzer harness: 128 bytes of a CUDA driver CUtensorMap through tce_cumap_decode (the
 * decoder of descriptors from outside, csim/cumap.c). A map it accepts and the encoder
 * can write must come back as the same bytes on a second trip. With
 * TCE_FUZZ_SEEDS_FROM=encode.txt and TCE_FUZZ_SEEDS_TO=DIR it first writes the driver's
 * own maps (the corpus's `opaque` bytes) into DIR, as seeds (tests/fuzz/seeds.cmake). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus.h"
#include "cumap.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    const char *from = getenv("TCE_FUZZ_SEEDS_FROM"), *to = getenv("TCE_FUZZ_SEEDS_TO");
    corpus_reader r;
    corpus_case c;
    unsigned n = 0;
    if (!from || !to || corpus_open(&r, from))
        return 0;
    while (n < 400 && corpus_next(&r, &c) == 1) {
        size_t len;
        const uint8_t *opaque = corpus_blob(&c, "opaque", &len);
        char path[4096];
        snprintf(path, sizeof path, "%s/cumap%u", to, n);
        FILE *f = opaque && len == TCE_CUMAP_BYTES ? fopen(path, "wb") : NULL;
        if (f) {
            fwrite(opaque, 1, len, f);
            fclose(f);
            n++;
        }
        corpus_case_free(&c);
    }
    corpus_close(&r);
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
