/* PLACEHOLDER (to be replaced by the tile replay handler). */
#include "replay.h"
replay_verdict replay_tile(const corpus_case *c, replay_ctx *ctx)
{
    (void)c;
    replay_msg(ctx, "tile replay not implemented yet\n");
    return REPLAY_UNSUPPORTED;
}
