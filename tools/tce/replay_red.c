/* PLACEHOLDER (to be replaced by the red replay handler). */
#include "replay.h"
replay_verdict replay_red(const corpus_case *c, replay_ctx *ctx)
{
    (void)c;
    replay_msg(ctx, "red replay not implemented yet\n");
    return REPLAY_UNSUPPORTED;
}
