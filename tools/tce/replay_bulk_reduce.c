/* Replay of `op bulk_reduce` cases: one
 *   cp.reduce.async.bulk.global.shared::cta.bulk_group.REDOP [g], [s], bytes
 * with the global buffer initially `gin` and the shared source `sin`; the engine's global
 * buffer afterwards must equal `gout` byte for byte. */
#include "replay.h"

#include <string.h>

/* "add.noftz.f16" -> op, noftz, type. */
static bool parse_redop(const char *s, tce_redop *op, bool *noftz, tce_etype *et)
{
    char buf[48];
    size_t n = strlen(s);
    if (n >= sizeof buf)
        return false;
    memcpy(buf, s, n + 1);
    char *dot = strchr(buf, '.');
    if (!dot)
        return false;
    *dot = 0;
    const char *type = dot + 1;
    *noftz = false;
    if (!strncmp(type, "noftz.", 6)) {
        *noftz = true;
        type += 6;
    }
    int o = -1, t = -1;
    for (int i = 0; i < 8; i++)
        if (!strcmp(buf, tce_redop_name((tce_redop)i)))
            o = i;
    for (int i = 0; i <= TCE_ET_F64; i++)
        if (!strcmp(type, tce_etype_name((tce_etype)i)))
            t = i;
    if (o < 0 || t < 0)
        return false;
    *op = (tce_redop)o;
    *et = (tce_etype)t;
    return true;
}

replay_verdict replay_bulk_reduce(const corpus_case *c, replay_ctx *ctx)
{
    const char *redop = corpus_str(c, "redop");
    uint64_t bytes;
    size_t gin_len, sin_len, gout_len;
    const uint8_t *gin = corpus_blob(c, "gin", &gin_len);
    const uint8_t *sin = corpus_blob(c, "sin", &sin_len);
    const uint8_t *gout = corpus_blob(c, "gout", &gout_len);
    tce_op op;
    memset(&op, 0, sizeof op);
    if (!redop || !parse_redop(redop, &op.redop, &op.noftz, &op.etype)) {
        replay_msg(ctx, "bulk_reduce case: missing or unknown redop '%s'\n", redop ? redop : "");
        return REPLAY_FAIL;
    }
    if (!corpus_u64(c, "bytes", &bytes) || bytes > REPLAY_SMEM_SIZE - REPLAY_SMEM_BASE) {
        replay_msg(ctx, "bulk_reduce case: missing or oversized 'bytes'\n");
        return REPLAY_FAIL;
    }
    if (!gin || !sin || gin_len != bytes || sin_len != bytes ||
        (!corpus_str(c, "error") && (!gout || gout_len != bytes))) {
        replay_msg(ctx, "bulk_reduce case: gin/sin/gout must each hold 'bytes' (%llu) bytes\n",
                   (unsigned long long)bytes);
        return REPLAY_FAIL;
    }

    tce_memsys ms;
    if (tce_memsys_init(&ms, 1, REPLAY_SMEM_SIZE) ||
        tce_memsys_add_global(&ms, REPLAY_GBASE, bytes ? bytes : 16)) {
        tce_memsys_free(&ms);
        replay_msg(ctx, "out of memory setting up the case\n");
        return REPLAY_FAIL;
    }
    memcpy(tce_gmem(&ms, REPLAY_GBASE, bytes), gin, bytes);
    memcpy(tce_smem(&ms, 0, REPLAY_SMEM_BASE, (uint32_t)bytes), sin, bytes);

    op.kind = TCE_OP_BULK_REDUCE;
    op.dst_space = TCE_SPACE_GLOBAL;
    op.src_space = TCE_SPACE_SHARED_CTA;
    op.completion = TCE_DONE_BULK_GROUP;
    op.gaddr = REPLAY_GBASE;
    op.saddr = REPLAY_SMEM_BASE;
    op.size = (uint32_t)bytes;
    op.vec = 1;

    tce_result r = ctx->exec(&op, &ms, ctx->engine);
    replay_verdict v = REPLAY_PASS;
    if (r.status == TCE_ERR_UNSUPPORTED) {
        replay_msg(ctx, "engine %s: %s\n", ctx->engine_name, r.why);
        v = REPLAY_UNSUPPORTED;
    } else if (!replay_check_trap(c, &r, ctx))
        v = REPLAY_FAIL;
    else if (r.status == TCE_OK &&
             !replay_compare("global buffer", gout, tce_gmem(&ms, REPLAY_GBASE, bytes), bytes,
                             ctx))
        v = REPLAY_FAIL;
    tce_memsys_free(&ms);
    return v;
}
