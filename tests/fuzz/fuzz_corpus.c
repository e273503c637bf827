/* libFuzzer harness: hardware-corpus text through the corpus reader, and every case it
 * reads through the key getters, the tensor-map parameter reader and the global-memory
 * description reader (gaddr/gbuf/galloc/goutside) replay uses. */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus.h"
#include "corpus_gmem.h"
#include "replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > 65536)
        return 0;
    corpus_reader r;
    memset(&r, 0, sizeof r);
    r.path = "fuzz.txt";
    r.f = fmemopen((void *)data, size, "r");
    if (!r.f)
        return 0;
    corpus_case c;
    while (corpus_next(&r, &c) == 1) {
        int64_t v[8];
        uint64_t u;
        size_t n;
        (void)corpus_i64_list(&c, "gdim", v, 8);
        (void)corpus_u64(&c, "gaddr", &u);
        (void)corpus_blob(&c, "smem", &n);
        replay_ctx ctx;
        memset(&ctx, 0, sizeof ctx);
        ctx.engine_name = "csim";
        tce_tensormap m;
        (void)replay_encode_map(&c, &m, &ctx);
        corpus_gmem g;
        corpus_gmem_err gerr;
        if (corpus_gmem_read(&c, &g, &gerr) < 0 && (!gerr.key || !gerr.why[0]))
            abort(); /* a refusal names its key and cause */
        corpus_case_free(&c);
    }
    corpus_close(&r);
    return 0;
}
