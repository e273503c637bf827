/* Replay of `load.im2col` cases: the shared-memory bytes the H100 wrote, the complete-tx
 * count when its mbarrier phase completed, and the traps it raised. */
#include "replay_setup.h"

#include <string.h>

/* `completed 1`: the mbarrier phase completed with `tx` armed, so the engine's count must
 * equal it. `completed 0`: the armed count was never reached, so it must differ. */
static bool check_load(const corpus_case *c, const replay_setup *s, const tce_result *r,
                       replay_ctx *ctx)
{
    size_t n;
    const uint8_t *want = corpus_blob(c, "smem", &n);
    int64_t tx, completed;
    if (!want || !corpus_i64(c, "tx", &tx) || !corpus_i64(c, "completed", &completed)) {
        replay_msg(ctx, "load case lacks smem/tx/completed\n");
        return false;
    }
    const uint8_t *got = replay_setup_smem_box(s, (uint32_t)n, ctx);
    if (!got)
        return false;
    bool ok = replay_compare("smem", want, got, n, ctx);
    if (completed == 1 && (uint64_t)tx != r->tx_bytes) {
        replay_msg(ctx, "tx: hardware completed with %lld bytes, engine counted %u\n",
                   (long long)tx, r->tx_bytes);
        ok = false;
    } else if (completed == 0 && (uint64_t)tx == r->tx_bytes) {
        replay_msg(ctx, "tx: hardware did not complete with %lld bytes armed, engine counts "
                        "exactly that\n", (long long)tx);
        ok = false;
    }
    if (r->tx_ctas != 1u) {
        replay_msg(ctx, "tx_ctas: expected CTA 0 only (0x1), engine says 0x%x\n", r->tx_ctas);
        ok = false;
    }
    return ok;
}

replay_verdict replay_im2col(const corpus_case *c, replay_ctx *ctx)
{
    replay_setup s;
    if (replay_setup_tensor(c, ctx, &s) != REPLAY_PASS)
        return REPLAY_FAIL;
    int64_t offs[3];
    if (corpus_i64_list(c, "offsets", offs, 3) != (int)s.map.rank - 2) {
        replay_msg(ctx, "key 'offsets': an im2col load needs rank-2 (%u) values\n",
                   s.map.rank - 2);
        replay_setup_free(&s);
        return REPLAY_FAIL;
    }
    tce_op *op = &s.op;
    replay_setup_load_op(&s, TCE_MODE_IM2COL);
    if (!replay_setup_fill_load(c, ctx, &s)) {
        replay_setup_free(&s);
        return REPLAY_FAIL;
    }
    tce_result r = ctx->exec(op, &s.ms, ctx->engine);
    bool ok = corpus_get(c, "error") || r.status != TCE_OK ? replay_check_trap(c, &r, ctx)
                                                           : check_load(c, &s, &r, ctx);
    replay_setup_free(&s);
    return ok ? REPLAY_PASS : REPLAY_FAIL;
}
