/* Seeds for the descriptor harnesses; see encode_seeds.h. */
#include "encode_seeds.h"

#include <stdio.h>
#include <stdlib.h>

void fuzz_encode_seeds(bool (*make)(const corpus_case *c, uint8_t out[128]))
{
    const char *from = getenv("TCE_FUZZ_SEEDS_FROM"), *to = getenv("TCE_FUZZ_SEEDS_TO");
    corpus_reader r;
    corpus_case c;
    unsigned n = 0;
    if (!from || !to || corpus_open(&r, from))
        return;
    while (n < 400 && corpus_next(&r, &c) == 1) {
        uint8_t bytes[128];
        char path[4096];
        snprintf(path, sizeof path, "%s/seed%u", to, n);
        FILE *f = make(&c, bytes) ? fopen(path, "wb") : NULL;
        if (f) {
            fwrite(bytes, 1, sizeof bytes, f);
            fclose(f);
            n++;
        }
        corpus_case_free(&c);
    }
    corpus_close(&r);
}
