/* The hardware corpus's tile loads and stores (tests/data/hwcorpus/tile_load.txt and
 * tile_store.txt: what an H100 wrote) replayed through one of tce's hardware engines
 * (tools/tce/engines.h: "rtl", "systemc"): the shared replay handler sets each case up
 * exactly as for the golden model and tce_engine_exec runs it through the firmware driver
 * and the engine's registers. Every case must match the recorded bytes, trap and byte
 * count, except those this engine build refuses by name as UNSUPPORTED (tf32 rounding,
 * interleaved layouts: the RTL does not implement them), which are counted and may only be
 * those. Header-only: test_rtl_tile.c and tests/systemc/test_sc_tile.c are one executable
 * each and differ only in the engine and its memory timing. */
#ifndef TCE_ENGINE_TILE_REPLAY_H
#define TCE_ENGINE_TILE_REPLAY_H

#include "engines.h"
#include "replay.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef TCE_SOURCE_DIR
#error "TCE_SOURCE_DIR must name the repository (tests read its corpus copy)"
#endif

typedef struct {
    long pass, fail, unsupported, bad_unsupported;
} tile_replay_counts;

/* Replay every `stride`-th case of one file through e; counts into n. */
static void tile_replay_file(tce_engine *e, const char *path, long stride,
                             tile_replay_counts *n)
{
    corpus_reader rd;
    if (corpus_open(&rd, path) != 0) {
        fprintf(stderr, "cannot open %s\n", path);
        n->fail++;
        return;
    }
    replay_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.engine_name = tce_engine_name(e);
    ctx.exec = tce_engine_exec;
    ctx.engine = e;
    long idx = 0;
    corpus_case c;
    int got;
    while ((got = corpus_next(&rd, &c)) == 1) {
        if (idx++ % stride != 0) {
            corpus_case_free(&c);
            continue;
        }
        /* What this engine build refuses by name: tf32 rounding, interleaved layouts. */
        const char *dtype = corpus_str(&c, "dtype");
        const char *il = corpus_str(&c, "interleave");
        bool refusable =
            (dtype && strstr(dtype, "TFLOAT32") != NULL) || (il && strcmp(il, "NONE") != 0);
        ctx.msg[0] = 0;
        replay_verdict v = replay_tile(&c, &ctx);
        if (v == REPLAY_PASS) {
            n->pass++;
        } else if (refusable && strstr(ctx.msg, "UNSUPPORTED")) {
            n->unsupported++;
        } else {
            if (strstr(ctx.msg, "UNSUPPORTED"))
                n->bad_unsupported++;
            if (n->fail++ < 10)
                fprintf(stderr, "case %ld (line %ld): %s\n", c.id, c.line, ctx.msg);
        }
        corpus_case_free(&c);
    }
    corpus_close(&rd);
    if (got < 0) {
        fprintf(stderr, "%s: %s\n", path, rd.err);
        n->fail++;
    }
}

/* The whole test: argv[1] a corpus file (default: tile_load.txt and tile_store.txt),
 * argv[2] a stride (default 1: every case). TCE_TEST_WAVES=file.fst writes the run's
 * waves. Returns the exit status: 0 when nothing failed and something passed, 2 when the
 * engine cannot be opened. */
static int tile_replay_main(const char *test, const char *engine,
                            const tce_engine_timing *timing, int argc, char **argv)
{
    long stride = argc > 2 ? strtol(argv[2], NULL, 10) : 1;
    if (stride < 1)
        stride = 1;
    tce_engine *e = tce_engine_open_timed(engine, timing);
    if (!e) {
        fprintf(stderr, "%s: engine %s: %s\n", test, engine, tce_engine_open_error());
        return 2;
    }
    const char *wave = getenv("TCE_TEST_WAVES"); /* debugging: an FST of the whole run */
    if (wave && tce_engine_trace(e, wave) != 0)
        fprintf(stderr, "cannot open %s for waves\n", wave);
    tile_replay_counts n = {0, 0, 0, 0};
    if (argc > 1) {
        tile_replay_file(e, argv[1], stride, &n);
    } else {
        tile_replay_file(e, TCE_SOURCE_DIR "/tests/data/hwcorpus/tile_load.txt", stride, &n);
        tile_replay_file(e, TCE_SOURCE_DIR "/tests/data/hwcorpus/tile_store.txt", stride, &n);
    }
    printf("%s: %ld cases: %ld match the H100, %ld tf32/interleaved refused as unsupported, "
           "%ld failed (%ld of them unsupported), %llu cycles\n",
           test, n.pass + n.fail + n.unsupported, n.pass, n.unsupported, n.fail,
           n.bad_unsupported, (unsigned long long)tce_engine_cycles(e));
    tce_engine_close(e);
    return (n.fail == 0 && n.pass > 0) ? 0 : 1;
}

#endif
