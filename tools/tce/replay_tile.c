/* Replay of tile-mode tensor cases: `load.tile` (shared-memory bytes and the complete-tx
 * count), `store.tile` and `reduce.tile` (the whole global buffer afterwards), and the
 * traps the H100 raised for any of them. */
#include "replay_setup.h"

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

/* A load's recorded outcome: the shared-memory dump and, when the mbarrier phase
 * completed, the byte count it was armed with. `completed 0` means the armed count was
 * never reached (the capture armed a guess), so the engine's count must differ from it;
 * the bytes are still what the copy wrote. */
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
        replay_msg(ctx, "tx: hardware did not complete with %lld bytes armed, but the engine "
                        "counts exactly that\n", (long long)tx);
        ok = false;
    }
    if (r->tx_ctas != 1u) {
        replay_msg(ctx, "tx_ctas: expected CTA 0 only (0x1), engine says 0x%x\n", r->tx_ctas);
        ok = false;
    }
    return ok;
}

replay_verdict replay_tile(const corpus_case *c, replay_ctx *ctx)
{
    const char *opname = corpus_str(c, "op");
    bool load = !strcmp(opname, "load.tile");
    bool reduce = !strcmp(opname, "reduce.tile");
    replay_setup s;
    if (replay_setup_tensor(c, ctx, &s) != REPLAY_PASS)
        return REPLAY_FAIL;
    tce_op *op = &s.op;
    op->mode = TCE_MODE_TILE;
    if (load) {
        op->kind = TCE_OP_TENSOR_LOAD;
        op->src_space = TCE_SPACE_GLOBAL;
        op->dst_space = TCE_SPACE_SHARED_CLUSTER;
        op->completion = TCE_DONE_MBARRIER;
    } else {
        op->kind = reduce ? TCE_OP_TENSOR_REDUCE : TCE_OP_TENSOR_STORE;
        op->src_space = TCE_SPACE_SHARED_CTA;
        op->dst_space = TCE_SPACE_GLOBAL;
        op->completion = TCE_DONE_BULK_GROUP;
        op->saddr = TCE_SADDR_OFF(op->saddr);
        if (reduce && !parse_redop(c, &op->redop, ctx)) {
            replay_setup_free(&s);
            return REPLAY_FAIL;
        }
    }
    bool filled = load ? replay_setup_fill_load(c, ctx, &s) : replay_setup_fill_store(c, ctx, &s);
    if (!filled) {
        replay_setup_free(&s);
        return REPLAY_FAIL;
    }
    tce_result r = ctx->exec(op, &s.ms, ctx->engine);
    bool ok;
    if (corpus_get(c, "error") || r.status != TCE_OK) {
        ok = replay_check_trap(c, &r, ctx);
    } else if (load) {
        ok = check_load(c, &s, &r, ctx);
    } else {
        size_t n;
        const uint8_t *want = corpus_blob(c, "gout", &n);
        if (!want || n != s.gbytes) {
            replay_msg(ctx, "case lacks 'gout' of gbytes (%llu) bytes\n",
                       (unsigned long long)s.gbytes);
            ok = false;
        } else {
            ok = replay_compare("gout", want, s.gbuf, n, ctx);
        }
    }
    replay_setup_free(&s);
    return ok ? REPLAY_PASS : REPLAY_FAIL;
}
