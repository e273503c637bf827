/* The hardware corpus's tile loads and stores (tests/data/hwcorpus/tile_load.txt and
 * tile_store.txt: what an H100 wrote) replayed through the SystemC TLM model: the shared
 * replay handler sets each case up as for the golden model and sc_exec runs it through the
 * model's sockets. Every case must match the recorded bytes, trap and byte count, except
 * those this engine build refuses by name as UNSUPPORTED (tf32 rounding, interleaved
 * layouts: the RTL does not implement them), which are counted and may only be those. The
 * global-memory target answers with random latencies (reordered bursts), so the run also
 * shows the RTL is indifferent to TLM-level reordering. */
#include "replay.h"
#include "sc_exec.h"

#include <stdbool.h>
#include <stdlib.h>

#ifndef TCE_SOURCE_DIR
#error "TCE_SOURCE_DIR must name the repository (tests read its corpus copy)"
#endif

static long pass, fail, unsupported, bad_unsupported;

static void replay_file(tce_sc *sc, const char *path, long stride)
{
    corpus_reader rd;
    if (corpus_open(&rd, path) != 0) {
        fprintf(stderr, "cannot open %s\n", path);
        fail++;
        return;
    }
    replay_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.engine_name = "systemc";
    ctx.exec = sc_exec;
    ctx.engine = sc;
    long idx = 0;
    corpus_case c;
    int got;
    while ((got = corpus_next(&rd, &c)) == 1) {
        if (idx++ % stride != 0) {
            corpus_case_free(&c);
            continue;
        }
        const char *dtype = corpus_str(&c, "dtype");
        const char *il = corpus_str(&c, "interleave");
        bool refusable = (dtype && strstr(dtype, "TFLOAT32") != NULL) || (il && strcmp(il, "NONE") != 0);
        ctx.msg[0] = 0;
        replay_verdict v = replay_tile(&c, &ctx);
        if (v == REPLAY_PASS) {
            pass++;
        } else if (refusable && strstr(ctx.msg, "UNSUPPORTED")) {
            unsupported++;
        } else {
            if (strstr(ctx.msg, "UNSUPPORTED"))
                bad_unsupported++;
            if (fail++ < 10)
                fprintf(stderr, "case %ld (line %ld): %s\n", c.id, c.line, ctx.msg);
        }
        corpus_case_free(&c);
    }
    corpus_close(&rd);
    if (got < 0) {
        fprintf(stderr, "%s: %s\n", path, rd.err);
        fail++;
    }
}

int main(int argc, char **argv)
{
    long stride = argc > 2 ? strtol(argv[2], NULL, 10) : 1;
    if (stride < 1)
        stride = 1;
    char err[160];
    tce_sc_params p = tce_sc_default_params();
    p.axi_reorder = 1;   /* latencies 8..40 cycles per burst */
    p.mem_latency = 8;
    p.mem_latency_max = 40;
    p.seed = 0x7e57;
    tce_sc *sc = tce_sc_create(&p, err, sizeof err);
    if (!sc) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    if (tce_sc_mmio_write(sc, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE)) != 0) {
        fprintf(stderr, "enable: register write not answered\n");
        return 2;
    }
    if (argc > 1) {
        replay_file(sc, argv[1], stride);
    } else {
        replay_file(sc, TCE_SOURCE_DIR "/tests/data/hwcorpus/tile_load.txt", stride);
        replay_file(sc, TCE_SOURCE_DIR "/tests/data/hwcorpus/tile_store.txt", stride);
    }
    printf("test_sc_tile: %ld cases: %ld match the H100, %ld tf32/interleaved refused as unsupported, "
           "%ld failed (%ld of them unsupported), %llu cycles, %llu reordered bursts\n",
           pass + fail + unsupported, pass, unsupported, fail, bad_unsupported,
           (unsigned long long)tce_sc_cycles(sc), (unsigned long long)tce_sc_reordered_beats(sc));
    tce_sc_destroy(sc);
    return (fail == 0 && pass > 0) ? 0 : 1;
}
