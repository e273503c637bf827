/* Common setup of the tensor replays: map, memories and operation skeleton. */
#include "replay_setup.h"

#include <stdlib.h>
#include <string.h>

/* Bytes past the buffer's end that some in-bounds element of the map can touch, capped
 * at REPLAY_GSLACK. Dim 0 steps by the element, or by the whole 16/32-byte slice when the
 * layout is interleaved. */
static uint64_t reachable_slack(const tce_tensormap *m, uint64_t gbytes)
{
    uint64_t unit0 = m->interleave == TCE_IL_32B   ? 32
                     : m->interleave == TCE_IL_16B ? 16
                                                   : tce_dtype_size(m->dtype);
    uint64_t reach = unit0 ? unit0 : 1, cap = gbytes + REPLAY_GSLACK;
    for (unsigned i = 0; i < m->rank && reach < cap; i++) {
        uint64_t step = i == 0 ? unit0 : m->gstride[i];
        uint64_t n = m->gdim[i] - 1;
        if (step && n > (cap - reach) / step)
            reach = cap; /* saturate: more than the cap anyway */
        else
            reach += n * step;
    }
    /* The capture's buffers were 256-byte-aligned allocations, so the rest of the last
     * 256-byte block was addressable memory there too; an engine that reads or writes
     * whole bus beats (up to 64 bytes, aligned) may touch it, as stores' 16-byte chunks do. */
    if (reach < gbytes)
        reach = gbytes;
    reach = (reach + 255) & ~(uint64_t)255;
    return reach > gbytes ? (reach < cap ? reach : cap) - gbytes : 0;
}

replay_verdict replay_setup_driver_verdict(const corpus_case *c, replay_ctx *ctx, bool *ran)
{
    int64_t result = 0;
    *ran = true;
    if (!corpus_get(c, "result"))
        return REPLAY_PASS;
    if (!corpus_i64(c, "result", &result) || result < 0 || result > 0xffff) {
        replay_bad(ctx, c, "result", "'result' must be the driver's CUresult (0 accepted)\n");
        *ran = false;
        return REPLAY_FAIL;
    }
    if (result == 0)
        return REPLAY_PASS;
    *ran = false;
    tce_tensormap m;
    tce_status st = replay_encode_map(c, &m, ctx);
    if (ctx->bad_line)
        return REPLAY_FAIL;
    if (st == TCE_ERR_INVALID_VALUE && result == 1)
        return REPLAY_PASS;
    replay_msg(ctx, "the driver refused the map (CUresult %lld); encode returned %s\n",
               (long long)result, tce_status_name(st));
    return REPLAY_FAIL;
}

/* The allocation of an extreme-parameter capture, kept from case to case (64 MiB each). */
static uint8_t *alloc_bytes(uint64_t n)
{
    static uint8_t *buf;
    static uint64_t cap;
    if (n > cap) {
        free(buf);
        cap = 0;
        buf = malloc((size_t)n);
        if (buf)
            cap = n;
    }
    return buf;
}

/* Global memory of an extreme-parameter capture: the descriptor window and the whole
 * allocation, nothing else (an access elsewhere is the hardware's illegal memory access). */
static replay_verdict setup_gmem(const corpus_case *c, replay_ctx *ctx, replay_setup *s)
{
    const corpus_gmem *g = &s->gm;
    s->alloc = alloc_bytes(g->alloc_bytes);
    if (!s->alloc || tce_memsys_init(&s->ms, 1, REPLAY_SMEM_SIZE) ||
        tce_memsys_add_global(&s->ms, REPLAY_DESC_ADDR, REPLAY_DESC_WINDOW) ||
        tce_memsys_lend_global(&s->ms, g->alloc_base, g->alloc_bytes, s->alloc)) {
        tce_memsys_free(&s->ms);
        replay_bad(ctx, c, "galloc", "cannot map the allocation 'galloc 0x%llx %llu' (out of "
                   "memory, or it overlaps the descriptor window at 0x%llx)\n",
                   (unsigned long long)g->alloc_base, (unsigned long long)g->alloc_bytes,
                   (unsigned long long)REPLAY_DESC_ADDR);
        return REPLAY_FAIL;
    }
    s->gbuf = s->alloc + (g->gbuf - g->alloc_base);
    s->gbytes = g->gbytes;
    s->slack = 0;
    return REPLAY_PASS;
}

/* The allocation from the `g` stream; only the raw generator continues below gbuf. */
static bool fill_alloc(const corpus_case *c, replay_ctx *ctx, replay_setup *s)
{
    const char *how = corpus_str(c, "gfill");
    uint64_t seed;
    if (how && strcmp(how, "raw")) {
        replay_bad(ctx, c, "gfill", "'gfill %s': a capture with 'galloc' fills it with the raw "
                   "generator only\n", how);
        return false;
    }
    if (!corpus_u64(c, "gseed", &seed)) {
        replay_bad(ctx, c, "gseed", "case lacks 'gseed', or it is not a number below 2^64\n");
        return false;
    }
    corpus_gmem_fill(&s->gm, seed, s->alloc);
    return true;
}

bool replay_setup_check_outside(const corpus_case *c, replay_ctx *ctx, const replay_setup *s)
{
    uint64_t seed = 0;
    int64_t lo = 0, hi = 0;
    if (!s->has_gmem)
        return true;
    if (!s->gm.has_outside) {
        replay_bad(ctx, c, NULL, "store case with 'galloc' lacks 'goutside'\n");
        return false;
    }
    (void)corpus_u64(c, "gseed", &seed); /* checked by fill_alloc */
    uint64_t n = corpus_gmem_outside_changes(&s->gm, seed, s->alloc, &lo, &hi);
    if (n == s->gm.outside_n && (!n || (lo == s->gm.outside_lo && hi == s->gm.outside_hi)))
        return true;
    replay_msg(ctx, "goutside: the hardware changed %llu bytes of the allocation outside the "
               "buffer", (unsigned long long)s->gm.outside_n);
    if (s->gm.outside_n)
        replay_msg(ctx, " (offsets %lld..%lld)", (long long)s->gm.outside_lo,
                   (long long)s->gm.outside_hi);
    replay_msg(ctx, ", the engine %llu", (unsigned long long)n);
    if (n)
        replay_msg(ctx, " (offsets %lld..%lld)", (long long)lo, (long long)hi);
    replay_msg(ctx, "\n");
    return false;
}

replay_verdict replay_setup_tensor(const corpus_case *c, replay_ctx *ctx, replay_setup *s)
{
    int64_t gbytes, smem_off = 0, sbytes = 0, coords[TCE_MAX_RANK], offs[3];
    corpus_gmem_err gerr;
    memset(s, 0, sizeof *s);
    if (replay_encode_map(c, &s->map, ctx) != TCE_OK)
        return REPLAY_FAIL;
    int gm = corpus_gmem_read(c, &s->gm, &gerr);
    if (gm < 0) {
        replay_bad(ctx, c, gerr.key, "%s\n", gerr.why);
        return REPLAY_FAIL;
    }
    s->has_gmem = gm == 1;
    /* A capture that kept the driver's map (extreme_*.txt) checks our bytes against it. */
    if (corpus_get(c, "opaque") && replay_check_opaque(c, &s->map, ctx) != REPLAY_PASS)
        return REPLAY_FAIL;
    if (!corpus_i64(c, "gbytes", &gbytes) || gbytes <= 0) {
        replay_msg(ctx, "case lacks a positive 'gbytes'\n");
        return REPLAY_FAIL;
    }
    if (corpus_get(c, "smem_off") &&
        (!corpus_i64(c, "smem_off", &smem_off) || smem_off < 0 ||
         smem_off >= (int64_t)(REPLAY_SMEM_SIZE - REPLAY_SMEM_BASE))) {
        replay_msg(ctx, "bad 'smem_off' (must be 0..%u)\n", REPLAY_SMEM_SIZE - REPLAY_SMEM_BASE - 1);
        return REPLAY_FAIL;
    }
    if (corpus_get(c, "sbytes") &&
        (!corpus_i64(c, "sbytes", &sbytes) || sbytes < 0 ||
         sbytes > (int64_t)REPLAY_SMEM_SIZE - REPLAY_SMEM_BASE - smem_off)) {
        replay_msg(ctx, "bad 'sbytes': must fit in shared memory after smem_off\n");
        return REPLAY_FAIL;
    }
    int nc = corpus_i64_list(c, "coords", coords, TCE_MAX_RANK);
    if (nc != (int)s->map.rank) {
        replay_msg(ctx, "key 'coords': expected %u values, found %d\n", s->map.rank, nc);
        return REPLAY_FAIL;
    }
    for (int i = 0; i < nc; i++)
        if (coords[i] < INT32_MIN || coords[i] > INT32_MAX) {
            replay_bad(ctx, c, "coords", "key 'coords': %lld does not fit the 32 signed bits "
                                         "a coordinate keeps\n", (long long)coords[i]);
            return REPLAY_FAIL;
        }
    int no = 0;
    if (corpus_get(c, "offsets")) {
        no = corpus_i64_list(c, "offsets", offs, 3);
        if (no < 0) {
            replay_msg(ctx, "key 'offsets': bad value or more than 3\n");
            return REPLAY_FAIL;
        }
        for (int i = 0; i < no; i++)
            if (offs[i] < 0 || offs[i] > UINT16_MAX) {
                replay_bad(ctx, c, "offsets", "key 'offsets': %lld does not fit the 16 bits an "
                                              "im2col offset keeps\n", (long long)offs[i]);
                return REPLAY_FAIL;
            }
    }
    if (s->has_gmem) {
        if (setup_gmem(c, ctx, s) != REPLAY_PASS)
            return REPLAY_FAIL;
    } else {
        s->slack = reachable_slack(&s->map, (uint64_t)gbytes);
        if (tce_memsys_init(&s->ms, 1, REPLAY_SMEM_SIZE) ||
            tce_memsys_add_global(&s->ms, REPLAY_DESC_ADDR, REPLAY_DESC_WINDOW) ||
            tce_memsys_add_global(&s->ms, REPLAY_GBASE, (uint64_t)gbytes + s->slack)) {
            tce_memsys_free(&s->ms);
            replay_msg(ctx, "cannot allocate the memories (gbytes %lld)\n", (long long)gbytes);
            return REPLAY_FAIL;
        }
    }
    s->ready = true;
    if (!replay_place_map(&s->map, tce_gmem(&s->ms, REPLAY_DESC_ADDR, TCE_DESC_BYTES), ctx)) {
        tce_memsys_free(&s->ms);
        s->ready = false;
        return REPLAY_FAIL;
    }
    if (!s->has_gmem) {
        s->gbuf = tce_gmem(&s->ms, REPLAY_GBASE, (uint64_t)gbytes);
        s->gbytes = (uint64_t)gbytes;
    }
    s->smem_off = (uint32_t)smem_off;
    s->sbytes = (uint32_t)sbytes;

    tce_op *op = &s->op;
    op->cta = 0;
    op->tmap_addr = REPLAY_DESC_ADDR;
    op->dims = s->map.rank;
    for (int i = 0; i < nc; i++)
        op->coords[i] = (int32_t)coords[i];
    for (int i = 0; i < no; i++)
        op->im2col[i] = (uint16_t)offs[i];
    op->saddr = TCE_SADDR(0, REPLAY_SMEM_BASE + s->smem_off);
    op->mbar = TCE_SADDR(0, REPLAY_MBAR_OFF);
    return REPLAY_PASS;
}

bool replay_setup_fill_load(const corpus_case *c, replay_ctx *ctx, replay_setup *s)
{
    memset(s->ms.smem[0], 0xa5, s->ms.smem_size);
    if (s->has_gmem)
        return fill_alloc(c, ctx, s);
    return replay_fill(c, "g", s->gbuf, (size_t)s->gbytes, ctx);
}

bool replay_setup_fill_store(const corpus_case *c, replay_ctx *ctx, replay_setup *s)
{
    if (s->has_gmem ? !fill_alloc(c, ctx, s) : !replay_fill(c, "g", s->gbuf, (size_t)s->gbytes, ctx))
        return false;
    if (!s->sbytes)
        return true;
    uint8_t *src = tce_smem(&s->ms, 0, REPLAY_SMEM_BASE + s->smem_off, s->sbytes);
    return src && replay_fill(c, "s", src, s->sbytes, ctx);
}

void replay_setup_load_op(replay_setup *s, tce_mode mode)
{
    s->op.kind = TCE_OP_TENSOR_LOAD;
    s->op.mode = mode;
    s->op.src_space = TCE_SPACE_GLOBAL;
    s->op.dst_space = TCE_SPACE_SHARED_CLUSTER;
    s->op.completion = TCE_DONE_MBARRIER;
}

void replay_setup_fill_slack(replay_setup *s, uint8_t v)
{
    memset(s->gbuf + s->gbytes, v, (size_t)s->slack);
}

const uint8_t *replay_setup_smem_box(const replay_setup *s, uint32_t n, replay_ctx *ctx)
{
    const uint8_t *p = tce_smem(&s->ms, 0, REPLAY_SMEM_BASE + s->smem_off, n);
    if (!p)
        replay_msg(ctx, "%u bytes at shared offset 0x%x run past shared memory\n", n,
                   REPLAY_SMEM_BASE + s->smem_off);
    return p;
}

void replay_setup_free(replay_setup *s)
{
    if (s->ready)
        tce_memsys_free(&s->ms);
    s->ready = false;
}
