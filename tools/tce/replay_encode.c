/* PLACEHOLDER (to be replaced by the encode replay handler). */
#include "replay.h"
replay_verdict replay_encode(const corpus_case *c, replay_ctx *ctx)
{
    (void)c;
    replay_msg(ctx, "encode replay not implemented yet\n");
    return REPLAY_UNSUPPORTED;
}
