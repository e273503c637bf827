/* Replay of encode cases (encode.txt: no `op`): the driver's verdict on a set of
 * cuTensorMapEncode* parameters must be ours; every map we accept must survive the trip
 * through our own 128-byte descriptor unchanged, and its driver-format encoding must be
 * the driver's `opaque` bytes exactly, which must decode back to the same map. */
#include "replay.h"

#include "cumap.h"

#include <string.h>

/* Field by field, so padding bytes inside the struct cannot make equal maps differ. */
static bool maps_equal(const tce_tensormap *a, const tce_tensormap *b, const char **field)
{
#define SAME(F)                                                                                \
    if (memcmp(&a->F, &b->F, sizeof a->F)) {                                                   \
        *field = #F;                                                                           \
        return false;                                                                          \
    }
    SAME(kind) SAME(dtype) SAME(rank) SAME(gaddr) SAME(gdim) SAME(gstride) SAME(box)
    SAME(estride) SAME(lower) SAME(upper) SAME(channels) SAME(pixels) SAME(interleave)
    SAME(swizzle) SAME(promo) SAME(oobfill) SAME(wide)
#undef SAME
    return true;
}

/* The driver's bytes: ours must equal them, and decoding them must give the map back. */
replay_verdict replay_check_opaque(const corpus_case *c, const tce_tensormap *m,
                                   replay_ctx *ctx)
{
    size_t n = 0;
    const uint8_t *opaque = corpus_blob(c, "opaque", &n);
    if (!opaque || n != TCE_CUMAP_BYTES) {
        replay_msg(ctx, "accepted case needs 'opaque 128' (the driver's tensor map)\n");
        return REPLAY_FAIL;
    }
    uint8_t ours[TCE_CUMAP_BYTES];
    tce_diag why = {{0}};
    tce_status st = tce_cumap_encode(m, ours, &why);
    if (st != TCE_OK) {
        replay_msg(ctx, "driver-format encode failed: %s: %s\n", tce_status_name(st), why.text);
        return REPLAY_FAIL;
    }
    if (!replay_compare("driver tensor map (opaque)", opaque, ours, n, ctx))
        return REPLAY_FAIL;
    tce_tensormap back;
    const char *field = NULL;
    st = tce_cumap_decode(opaque, &back, &why);
    if (st != TCE_OK) {
        replay_msg(ctx, "the driver's opaque bytes do not decode: %s\n", why.text);
        return REPLAY_FAIL;
    }
    if (!maps_equal(m, &back, &field)) {
        replay_msg(ctx, "decoding the driver's opaque bytes changed the map's '%s'\n", field);
        return REPLAY_FAIL;
    }
    return REPLAY_PASS;
}

replay_verdict replay_encode(const corpus_case *c, replay_ctx *ctx)
{
    int64_t result;
    if (!corpus_i64(c, "result", &result) || (result != 0 && result != 1)) {
        replay_bad(ctx, c, "result", "encode case needs 'result' 0 (accepted) or 1 (INVALID_VALUE)\n");
        return REPLAY_FAIL;
    }
    tce_tensormap m;
    memset(&m, 0, sizeof m);
    tce_status st = replay_encode_map(c, &m, ctx);
    if (ctx->bad_line) /* unreadable parameters are no verdict to agree with */
        return REPLAY_FAIL;
    if (st != TCE_OK && st != TCE_ERR_INVALID_VALUE) {
        replay_msg(ctx, "encode returned %s, expected OK or INVALID_VALUE\n",
                   tce_status_name(st));
        return REPLAY_FAIL;
    }
    if (result == 1) {
        if (st == TCE_ERR_INVALID_VALUE)
            return REPLAY_PASS; /* ctx->msg holds our reason; unused on a pass */
        replay_msg(ctx, "the driver rejected these parameters (CUDA_ERROR_INVALID_VALUE); "
                        "encode accepted them\n");
        return REPLAY_FAIL;
    }
    if (st != TCE_OK) {
        replay_msg(ctx, "the driver accepted these parameters; encode rejected them\n");
        return REPLAY_FAIL;
    }
    uint8_t img[TCE_DESC_BYTES];
    tce_tensormap back;
    tce_diag why = {{0}};
    const char *field = NULL;
    tce_desc_pack(&m, img);
    st = tce_desc_unpack(img, &back, &why);
    if (st != TCE_OK) {
        replay_msg(ctx, "descriptor of an accepted map does not unpack: %s: %s\n",
                   tce_status_name(st), why.text);
        return REPLAY_FAIL;
    }
    if (!maps_equal(&m, &back, &field)) {
        replay_msg(ctx, "descriptor round trip changed the map's '%s'\n", field);
        return REPLAY_FAIL;
    }
    return replay_check_opaque(c, &m, ctx);
}
