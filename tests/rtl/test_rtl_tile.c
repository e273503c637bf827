/* The hardware corpus's tile loads and stores (tests/data/hwcorpus/tile_load.txt and
 * tile_store.txt: what an H100 wrote to shared / global memory) replayed through the RTL: the shared tools/tce replay handler
 * sets up each case exactly as for the golden model, and this file plugs the Verilated
 * engine in as the engine under test. Every case must match the recorded bytes, trap and
 * byte count, except those this engine build refuses by name as UNSUPPORTED (tf32
 * rounding, interleaved layouts), which are counted and may only be those cases. */
#include "csim.h"
#include "replay.h"
#include "tce_cmd.h"
#include "tce_regmap.h"
#include "tce_sim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef TCE_SOURCE_DIR
#error "TCE_SOURCE_DIR must name the repository (tests read its corpus copy)"
#endif

static tce_sim *sim;

/* replay_exec_fn for the RTL: run op on the caller's memories through MMIO. */
static tce_result rtl_exec(const tce_op *op, tce_memsys *ms, void *engine)
{
    (void)engine;
    tce_result r;
    memset(&r, 0, sizeof r);
    tce_sim_detach_global(sim);
    for (unsigned i = 0; i < ms->ngregions; i++)
        if (tce_sim_attach_global(sim, ms->g[i].base, ms->g[i].size, ms->g[i].bytes) != 0) {
            r.status = TCE_ERR_UNSUPPORTED;
            snprintf(r.why, sizeof r.why, "bench: cannot attach global window %u", i);
            return r;
        }
    tce_sim_params p = tce_sim_default_params();
    for (unsigned c = 0; c < p.num_ctas; c++)
        (void)tce_sim_attach_smem(sim, c, c < ms->ncta ? ms->smem[c] : NULL,
                                  c < ms->ncta ? ms->smem_size : 0);
    tce_sim_tx_clear(sim);

    uint32_t w[TCE_RM_CMD_WORDS];
    tce_cmd_field_id bad;
    unsigned n = tce_cmd_pack(op, w, &bad);
    if (n == 0) {
        r.status = TCE_ERR_INVALID_VALUE;
        snprintf(r.why, sizeof r.why, "tce_cmd_pack refused field %d", (int)bad);
        return r;
    }
    int ok = 0;
    for (unsigned i = 0; i < n; i++)
        ok |= tce_sim_mmio_write(sim, TCE_REG_AT(TCE_REG_CMD, i), w[i]);
    ok |= tce_sim_mmio_write(sim, TCE_REG_DOORBELL, n);
    ok |= tce_sim_run_until_idle(sim, 5000000);
    uint32_t err = 0, info = 0;
    ok |= tce_sim_mmio_read(sim, TCE_REG_ERR_CODE, &err);
    ok |= tce_sim_mmio_read(sim, TCE_REG_ERR_INFO, &info);
    if (err)
        ok |= tce_sim_mmio_write(sim, TCE_REG_ERR_CODE, 0);
    if (ok != 0) {
        r.status = TCE_ERR_UNSUPPORTED;
        snprintf(r.why, sizeof r.why, "bench: the engine did not answer or finish");
    } else {
        r.status = (tce_status)TCE_RM_GET(ERR_CODE, CODE, err);
        if (r.status != TCE_OK)
            snprintf(r.why, sizeof r.why, "engine: ERR_INFO.FIELD %u",
                     (unsigned)TCE_RM_GET(ERR_INFO, FIELD, info));
    }
    const tce_sim_tx_event *ev = tce_sim_tx_events(sim);
    for (unsigned i = 0; i < tce_sim_tx_count(sim); i++) {
        r.tx_bytes = ev[i].bytes;
        r.tx_ctas |= (uint16_t)(1u << ev[i].cta);
    }
    tce_sim_detach_global(sim);
    for (unsigned c = 0; c < p.num_ctas; c++)
        (void)tce_sim_attach_smem(sim, c, NULL, 0);
    return r;
}

/* Replay every `stride`-th case of one file; counts into the totals. */
static long pass, fail, unsupported, bad_unsupported;

static void replay_file(const char *path, long stride)
{
    corpus_reader rd;
    if (corpus_open(&rd, path) != 0) {
        fprintf(stderr, "cannot open %s\n", path);
        fail++;
        return;
    }
    replay_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.engine_name = "rtl";
    ctx.exec = rtl_exec;
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
        bool tf32 = (dtype && strstr(dtype, "TFLOAT32") != NULL) || (il && strcmp(il, "NONE") != 0);
        ctx.msg[0] = 0;
        replay_verdict v = replay_tile(&c, &ctx);
        if (v == REPLAY_PASS) {
            pass++;
        } else if (tf32 && strstr(ctx.msg, "UNSUPPORTED")) {
            unsupported++;   /* not in this engine build: refused by name */
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
    /* Every `stride`-th case (default: all); the suite can sample under time pressure. */
    long stride = argc > 2 ? strtol(argv[2], NULL, 10) : 1;
    char err[160];
    tce_sim_params p = tce_sim_default_params();
    sim = tce_sim_create(&p, err, sizeof err);
    if (!sim) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    tce_sim_mmio_write(sim, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE));
    const char *wave = getenv("TCE_TEST_WAVES");   /* debugging: an FST of the whole run */
    if (wave && tce_sim_trace(sim, wave) != 0)
        fprintf(stderr, "cannot open %s for waves\n", wave);
    if (argc > 1) {
        replay_file(argv[1], stride);
    } else {
        replay_file(TCE_SOURCE_DIR "/tests/data/hwcorpus/tile_load.txt", stride);
        replay_file(TCE_SOURCE_DIR "/tests/data/hwcorpus/tile_store.txt", stride);
    }
    printf("test_rtl_tile: %ld cases: %ld match the H100, %ld tf32/interleaved refused as unsupported, "
           "%ld failed (%ld of them unsupported), %llu cycles\n",
           pass + fail + unsupported, pass, unsupported, fail, bad_unsupported,
           (unsigned long long)tce_sim_cycles(sim));
    tce_sim_destroy(sim);
    return (fail == 0 && pass > 0) ? 0 : 1;
}
