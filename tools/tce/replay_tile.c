/* Replay of tile-mode tensor cases: `load.tile` (shared-memory bytes and the complete-tx
 * count), `store.tile` and `reduce.tile` (the whole global buffer afterwards), and the
 * traps the H100 raised for any of them; `store.im2col_no_offs` and
 * `reduce.im2col_no_offs` are stores too, through an im2col map. */
#include "replay_setup.h"

#include <stdlib.h>
#include <string.h>

static bool parse_redop(const corpus_case *c, tce_redop *out, replay_ctx *ctx)
{
    const char *s = corpus_str(c, "redop");
    for (int i = 0; s && i < 8; i++)
        if (!strcmp(s, tce_redop_name((tce_redop)i))) {
            *out = (tce_redop)i;
            return true;
        }
    replay_msg(ctx, "reduce case has no valid 'redop' (got '%s')\n", s ? s : "");
    return false;
}

/* Bytes the H100 wrote, read off the dump: 16-byte granules no longer all 0xa5 (the copy
 * moves whole 16-byte granules; random data or a fill matching a5 x16 is not a concern).
 * Returns -1 when the last granule of the dump was written, so the write may run past it. */
static long dump_written_bytes(const uint8_t *d, size_t n)
{
    long w = 0;
    bool last = false;
    for (size_t i = 0; i + 16 <= n; i += 16) {
        last = false;
        for (size_t k = 0; k < 16; k++)
            if (d[i + k] != 0xa5) {
                last = true;
                break;
            }
        w += last ? 16 : 0;
    }
    return last ? -1 : w;
}

/* The complete-tx count against the capture. The H100 recorded whether the mbarrier phase
 * completed with `tx` armed: completion means the arrived bytes reached `tx` (so the
 * engine's count is at least `tx`), no completion means they never equalled it. The
 * dump itself shows how many bytes were written, which the count must equal. */
static bool check_tx(const corpus_case *c, const uint8_t *want, size_t n, const tce_result *r,
                     replay_ctx *ctx)
{
    int64_t tx, completed;
    bool ok = true;
    if (!corpus_i64(c, "tx", &tx) || !corpus_i64(c, "completed", &completed)) {
        replay_msg(ctx, "load case lacks tx/completed\n");
        return false;
    }
    if (completed == 1 && (uint64_t)tx > r->tx_bytes) {
        replay_msg(ctx, "tx: hardware completed with %lld bytes armed, engine counts only %u\n",
                   (long long)tx, r->tx_bytes);
        ok = false;
    } else if (completed == 0 && (uint64_t)tx == r->tx_bytes) {
        replay_msg(ctx, "tx: hardware did not complete with %lld bytes armed, but the engine "
                        "counts exactly that\n", (long long)tx);
        ok = false;
    }
    long w = dump_written_bytes(want, n);
    if (w >= 0 && (uint64_t)w != r->tx_bytes) {
        replay_msg(ctx, "tx: the hardware wrote %ld bytes, engine counts %u\n", w, r->tx_bytes);
        ok = false;
    }
    if (r->tx_ctas != 1u) {
        replay_msg(ctx, "tx_ctas: expected CTA 0 only (0x1), engine says 0x%x\n", r->tx_ctas);
        ok = false;
    }
    return ok;
}

/* One load on fresh memories whose slack after the tensor buffer holds `slack`; the
 * first n bytes of the box region are copied to out. *has_slack tells whether the map can
 * reach past the recorded buffer at all. */
static bool run_load(const corpus_case *c, replay_ctx *ctx, uint8_t slack, tce_result *r,
                     uint8_t *out, size_t n, bool *has_slack)
{
    replay_setup s;
    if (replay_setup_tensor(c, ctx, &s) != REPLAY_PASS)
        return false;
    tce_op *op = &s.op;
    replay_setup_load_op(&s, TCE_MODE_TILE);
    bool ok = replay_setup_fill_load(c, ctx, &s);
    if (ok) {
        replay_setup_fill_slack(&s, slack);
        *has_slack = s.slack != 0;
        *r = ctx->exec(op, &s.ms, ctx->engine);
        const uint8_t *box = n ? replay_setup_smem_box(&s, (uint32_t)n, ctx) : NULL;
        ok = !n || box;
        if (box)
            memcpy(out, box, n);
    }
    replay_setup_free(&s);
    return ok;
}

/* A load whose map reaches past the recorded buffer runs twice, with that memory zeroed
 * and then all ones: bytes that differ came from memory the capture did not record and
 * are not compared. */
static replay_verdict replay_tile_load(const corpus_case *c, replay_ctx *ctx)
{
    size_t n = 0;
    const uint8_t *want = corpus_blob(c, "smem", &n);
    bool trap = corpus_get(c, "error") != NULL;
    if (!trap && !want) {
        replay_msg(ctx, "load case has neither 'smem' nor 'error'\n");
        return REPLAY_FAIL;
    }
    uint8_t *got0 = calloc(n ? n : 1, 1), *got1 = calloc(n ? n : 1, 1);
    tce_result r0, r1;
    bool has_slack = false;
    bool ok = got0 && got1 && run_load(c, ctx, 0x00, &r0, got0, trap ? 0 : n, &has_slack);
    if (ok && (trap || r0.status != TCE_OK)) {
        ok = replay_check_trap(c, &r0, ctx);
    } else if (ok) {
        if (has_slack)
            ok = run_load(c, ctx, 0xff, &r1, got1, n, &has_slack);
        else
            memcpy(got1, got0, n);
        size_t unknown = 0;
        for (size_t i = 0; ok && i < n; i++)
            if (got0[i] != got1[i]) {
                got0[i] = want[i]; /* depends on unrecorded memory: not compared */
                unknown++;
            }
        if (ok) {
            ok = replay_compare("smem", want, got0, n, ctx);
            ok = check_tx(c, want, n, &r0, ctx) && ok;
            if (!ok && unknown)
                replay_msg(ctx, "(%zu bytes depend on memory past the recorded buffer)\n",
                           unknown);
        }
    }
    free(got0);
    free(got1);
    return ok ? REPLAY_PASS : REPLAY_FAIL;
}

replay_verdict replay_tile(const corpus_case *c, replay_ctx *ctx)
{
    const char *opname = corpus_str(c, "op");
    bool ran;
    replay_verdict driver = replay_setup_driver_verdict(c, ctx, &ran);
    if (!ran)
        return driver;
    bool reduce = !strncmp(opname, "reduce.", 7);
    if (!strcmp(opname, "load.tile"))
        return replay_tile_load(c, ctx);
    replay_setup s;
    if (replay_setup_tensor(c, ctx, &s) != REPLAY_PASS)
        return REPLAY_FAIL;
    tce_op *op = &s.op;
    op->mode = strstr(opname, "im2col_no_offs") ? TCE_MODE_IM2COL_NO_OFFS : TCE_MODE_TILE;
    op->kind = reduce ? TCE_OP_TENSOR_REDUCE : TCE_OP_TENSOR_STORE;
    op->src_space = TCE_SPACE_SHARED_CTA;
    op->dst_space = TCE_SPACE_GLOBAL;
    op->completion = TCE_DONE_BULK_GROUP;
    op->saddr = TCE_SADDR_OFF(op->saddr);
    if ((reduce && !parse_redop(c, &op->redop, ctx)) || !replay_setup_fill_store(c, ctx, &s)) {
        replay_setup_free(&s);
        return REPLAY_FAIL;
    }
    tce_result r = ctx->exec(op, &s.ms, ctx->engine);
    bool ok;
    if (corpus_get(c, "error") || r.status != TCE_OK) {
        ok = replay_check_trap(c, &r, ctx);
    } else {
        size_t n;
        const uint8_t *want = corpus_blob(c, "gout", &n);
        if (!want || n != s.gbytes) {
            replay_msg(ctx, "case lacks 'gout' of gbytes (%llu) bytes\n",
                       (unsigned long long)s.gbytes);
            ok = false;
        } else {
            ok = replay_compare("gout", want, s.gbuf, n, ctx);
            ok = replay_setup_check_outside(c, ctx, &s) && ok;
        }
    }
    replay_setup_free(&s);
    return ok ? REPLAY_PASS : REPLAY_FAIL;
}
