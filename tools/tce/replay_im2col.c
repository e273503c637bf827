/* PLACEHOLDER (to be replaced by the im2col replay handler). */
#include "replay.h"
replay_verdict replay_im2col(const corpus_case *c, replay_ctx *ctx)
{
    (void)c;
    replay_msg(ctx, "im2col replay not implemented yet\n");
    return REPLAY_UNSUPPORTED;
}
