/* Replay of `op red.SPACE.OP[.noftz].TYPE` cases: memory initially `a`, one scalar red
 * per element i with operand b[i] at element i's address; afterwards the memory must
 * equal `out`. Each red goes through the engine as its own TCE_OP_RED. */
#include "replay.h"
#include "le_bytes.h"

#include <string.h>

/* "red.shared.add.noftz.f16" -> space, op, noftz, type; a packed f16x2/bf16x2 type gives
 * its lane type and lanes = 2. */
static bool parse_red(const char *s, tce_space *space, tce_redop *op, bool *noftz, tce_etype *et,
                      unsigned *lanes)
{
    char buf[64];
    char *part[6];
    int n = 0;
    size_t len = strlen(s);
    if (len >= sizeof buf)
        return false;
    memcpy(buf, s, len + 1);
    for (char *p = buf; n < 6;) {
        part[n++] = p;
        p = strchr(p, '.');
        if (!p)
            break;
        *p++ = 0;
    }
    if (n < 4 || n > 5 || strcmp(part[0], "red"))
        return false;
    if (!strcmp(part[1], "global"))
        *space = TCE_SPACE_GLOBAL;
    else if (!strcmp(part[1], "shared") || !strcmp(part[1], "shared::cta"))
        *space = TCE_SPACE_SHARED_CTA;
    else
        return false;
    *noftz = n == 5;
    if (n == 5 && strcmp(part[3], "noftz"))
        return false;
    int o = -1, t = -1;
    for (int i = 0; i < 8; i++)
        if (!strcmp(part[2], tce_redop_name((tce_redop)i)))
            o = i;
    *lanes = 1;
    if (!strcmp(part[n - 1], "f16x2") || !strcmp(part[n - 1], "bf16x2")) {
        *lanes = 2;
        part[n - 1][strlen(part[n - 1]) - 2] = 0;
    }
    for (int i = 0; i <= TCE_ET_F64; i++)
        if (!strcmp(part[n - 1], tce_etype_name((tce_etype)i)))
            t = i;
    if (o < 0 || t < 0)
        return false;
    *op = (tce_redop)o;
    *et = (tce_etype)t;
    return true;
}

replay_verdict replay_red(const corpus_case *c, replay_ctx *ctx)
{
    const char *name = corpus_str(c, "op");
    tce_op op;
    unsigned lanes;
    memset(&op, 0, sizeof op);
    if (!name || !parse_red(name, &op.dst_space, &op.redop, &op.noftz, &op.etype, &lanes)) {
        replay_msg(ctx, "red case: cannot parse op '%s' (want red.global|shared.OP[.noftz].TYPE)\n",
                   name ? name : "");
        return REPLAY_FAIL;
    }
    unsigned lsz = tce_etype_size(op.etype), esz = lsz * lanes;
    uint64_t elements;
    size_t a_len, b_len, out_len;
    const uint8_t *a = corpus_blob(c, "a", &a_len);
    const uint8_t *b = corpus_blob(c, "b", &b_len);
    const uint8_t *out = corpus_blob(c, "out", &out_len);
    if (!corpus_u64(c, "elements", &elements) || elements == 0 ||
        elements > (REPLAY_SMEM_SIZE - REPLAY_SMEM_BASE) / esz) {
        replay_msg(ctx, "red case: missing, zero or oversized 'elements'\n");
        return REPLAY_FAIL;
    }
    /* The buffers may be longer than the reds reach (the bf16 captures hold 4 bytes per
     * element); the bytes past elements*size must come back unchanged. */
    size_t bytes = a_len;
    if (!a || !b || !out || a_len < (size_t)elements * esz || b_len != a_len ||
        out_len != a_len || a_len > REPLAY_SMEM_SIZE - REPLAY_SMEM_BASE) {
        replay_msg(ctx, "red case: a/b/out must be equally long, at least elements*%u = %llu "
                        "bytes\n",
                   esz, (unsigned long long)elements * esz);
        return REPLAY_FAIL;
    }

    tce_memsys ms;
    if (tce_memsys_init(&ms, 1, REPLAY_SMEM_SIZE) ||
        tce_memsys_add_global(&ms, REPLAY_GBASE, bytes)) {
        tce_memsys_free(&ms);
        replay_msg(ctx, "out of memory setting up the case\n");
        return REPLAY_FAIL;
    }
    bool global = op.dst_space == TCE_SPACE_GLOBAL;
    uint8_t *mem = global ? tce_gmem(&ms, REPLAY_GBASE, bytes)
                          : tce_smem(&ms, 0, REPLAY_SMEM_BASE, (uint32_t)bytes);
    memcpy(mem, a, bytes);

    op.kind = TCE_OP_RED;
    op.src_space = op.dst_space;
    op.completion = TCE_DONE_NONE;
    op.vec = lanes;
    replay_verdict v = REPLAY_PASS;
    for (uint64_t i = 0; i < elements && v == REPLAY_PASS; i++) {
        op.gaddr = global ? REPLAY_GBASE + i * esz : 0;
        op.saddr = global ? 0 : REPLAY_SMEM_BASE + (uint32_t)(i * esz);
        for (unsigned l = 0; l < lanes; l++)
            op.operand[l] = tce_le_get(b + i * esz + l * lsz, lsz);
        tce_result r = ctx->exec(&op, &ms, ctx->engine);
        if (r.status == TCE_ERR_UNSUPPORTED) {
            replay_msg(ctx, "engine %s: %s\n", ctx->engine_name, r.why);
            v = REPLAY_UNSUPPORTED;
        } else if (r.status != TCE_OK) {
            replay_msg(ctx, "element %llu: engine returned %s: %s\n", (unsigned long long)i,
                       tce_status_name(r.status), r.why);
            v = REPLAY_FAIL;
        }
    }
    if (v == REPLAY_PASS && !replay_compare("memory", out, mem, bytes, ctx))
        v = REPLAY_FAIL;
    tce_memsys_free(&ms);
    return v;
}
