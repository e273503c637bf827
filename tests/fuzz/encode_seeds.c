/* Seeds for the descriptor harnesses; see encode_seeds.h. */
#include "encode_seeds.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay.h"

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

bool fuzz_our_descriptor(const corpus_case *c, uint8_t out[128])
{
    replay_ctx ctx;
    tce_tensormap m;
    memset(&ctx, 0, sizeof ctx);
    memset(&m, 0, sizeof m);
    if (replay_encode_map(c, &m, &ctx) != TCE_OK)
        return false;
    tce_desc_pack(&m, out);
    return true;
}
