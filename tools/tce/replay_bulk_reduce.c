/* PLACEHOLDER (to be replaced by the bulk_reduce replay handler). */
#include "replay.h"
replay_verdict replay_bulk_reduce(const corpus_case *c, replay_ctx *ctx)
{
    (void)c;
    replay_msg(ctx, "bulk_reduce replay not implemented yet\n");
    return REPLAY_UNSUPPORTED;
}
