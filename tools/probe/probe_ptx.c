/* PTX kernels of the probe. One thread does everything: it prepares shared memory with
 * plain stores, makes them visible to the async proxy, issues the single instruction
 * under test and waits for it (mbarrier with a time limit for loads, bulk_group for stores
 * and reduces), then copies the result out. */
#include "probe_ptx.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    char *buf;
    size_t cap, len;
    int overflow;
} sb;

static void put(sb *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(s->buf + s->len, s->cap - s->len, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= s->cap - s->len)
        s->overflow = 1;
    else
        s->len += (size_t)n;
}

/* "{%c0, %c1, ...}" for the rank's coordinates. */
static void coord_list(sb *s, unsigned rank)
{
    put(s, "{");
    for (unsigned i = 0; i < rank; i++)
        put(s, "%s%%c%u", i ? ", " : "", i);
    put(s, "}");
}

int probe_ptx(char *buf, size_t cap, probe_form form, unsigned rank, const char *redop)
{
    sb s = {buf, cap, 0, 0};
    int im2col = form == PROBE_LOAD_IM2COL || form == PROBE_STORE_NO_OFFS ||
                 form == PROBE_REDUCE_NO_OFFS;
    if (rank < 1 || rank > 5 || (im2col && rank < 3) || form >= PROBE_FORMS)
        return -1;
    int load = form == PROBE_LOAD_TILE || form == PROBE_LOAD_IM2COL;
    put(&s, ".version 8.0\n.target sm_90\n.address_size 64\n"
            ".extern .shared .align 1024 .b8 dsm[];\n"
            ".visible .entry probe(.param .u64 p_tmap, .param .u64 p_data, .param .u32 p_off,\n"
            "  .param .u32 p_bytes, .param .u32 p_tx, .param .u64 p_timeout,\n"
            "  .param .u32 p_c0, .param .u32 p_c1, .param .u32 p_c2, .param .u32 p_c3,\n"
            "  .param .u32 p_c4, .param .u32 p_o0, .param .u32 p_o1, .param .u32 p_o2)\n{\n"
            "  .reg .pred %%p<4>;\n  .reg .b16 %%h<3>;\n"
            "  .reg .b32 %%r<16>;\n  .reg .b32 %%c<5>;\n  .reg .b64 %%rd<16>;\n");
    put(&s, "  ld.param.u64 %%rd1, [p_tmap];\n  ld.param.u64 %%rd2, [p_data];\n"
            "  cvta.to.global.u64 %%rd2, %%rd2;\n"
            "  ld.param.u32 %%r1, [p_off];\n  ld.param.u32 %%r2, [p_bytes];\n"
            "  ld.param.u32 %%r3, [p_tx];\n  ld.param.u64 %%rd3, [p_timeout];\n");
    for (unsigned i = 0; i < 5; i++)
        put(&s, "  ld.param.u32 %%c%u, [p_c%u];\n", i, i);
    for (unsigned i = 0; i < 3; i++)
        put(&s, "  ld.param.u32 %%r%u, [p_o%u];\n  cvt.u16.u32 %%h%u, %%r%u;\n", 13 + i, i, i,
            13 + i);
    /* base: the region's 1024-aligned start; r5: the box; r6: the mbarrier. */
    put(&s, "  mov.u32 %%r4, dsm;\n  add.u32 %%r4, %%r4, 1023;\n  and.b32 %%r4, %%r4, -1024;\n"
            "  add.u32 %%r5, %%r4, %%r1;\n  add.u32 %%r6, %%r4, %u;\n", PROBE_REGION);
    /* Loads: the region filled with a5 so unwritten bytes show. Stores: zero, then the
     * source bytes at the box. */
    put(&s, "  mov.u32 %%r7, 0;\n  mov.u32 %%r8, %s;\n"
            "FILL:\n  add.u32 %%r9, %%r4, %%r7;\n  st.shared.u32 [%%r9], %%r8;\n"
            "  add.u32 %%r7, %%r7, 4;\n  setp.lt.u32 %%p1, %%r7, %u;\n  @%%p1 bra FILL;\n",
        load ? "0xa5a5a5a5" : "0", PROBE_REGION);
    if (!load)
        put(&s, "  mov.u32 %%r7, 0;\n  setp.eq.u32 %%p1, %%r2, 0;\n  @%%p1 bra SRCDONE;\n"
                "SRC:\n  cvt.u64.u32 %%rd4, %%r7;\n  add.u64 %%rd5, %%rd2, %%rd4;\n"
                "  ld.global.u32 %%r8, [%%rd5];\n  add.u32 %%r9, %%r5, %%r7;\n"
                "  st.shared.u32 [%%r9], %%r8;\n  add.u32 %%r7, %%r7, 4;\n"
                "  setp.lt.u32 %%p1, %%r7, %%r2;\n  @%%p1 bra SRC;\nSRCDONE:\n");
    if (load)
        put(&s, "  mbarrier.init.shared::cta.b64 [%%r6], 1;\n");
    put(&s, "  fence.proxy.async.shared::cta;\n");
    if (load) {
        put(&s, "  mbarrier.arrive.expect_tx.shared::cta.b64 %%rd6, [%%r6], %%r3;\n");
        put(&s, "  cp.async.bulk.tensor.%ud.shared::cluster.global.%s.mbarrier::complete_tx::bytes"
                " [%%r5], [%%rd1, ", rank, form == PROBE_LOAD_IM2COL ? "im2col" : "tile");
        coord_list(&s, rank);
        put(&s, "], [%%r6]");
        if (form == PROBE_LOAD_IM2COL) {
            put(&s, ", {");
            for (unsigned i = 0; i + 2 < rank; i++)
                put(&s, "%s%%h%u", i ? ", " : "", i);
            put(&s, "}");
        }
        put(&s, ";\n");
        /* Wait for the phase, at most `timeout` ns of the global timer. */
        put(&s, "  mov.u64 %%rd7, %%globaltimer;\n  mov.u32 %%r10, 0;\n"
                "WAIT:\n  mbarrier.try_wait.parity.shared::cta.b64 %%p2, [%%r6], 0;\n"
                "  @%%p2 bra DONE;\n  mov.u64 %%rd8, %%globaltimer;\n"
                "  sub.u64 %%rd8, %%rd8, %%rd7;\n  setp.lt.u64 %%p3, %%rd8, %%rd3;\n"
                "  @%%p3 bra WAIT;\n  bra.uni OUT;\nDONE:\n  mov.u32 %%r10, 1;\n"
                "OUT:\n  st.global.u32 [%%rd2], %%r10;\n");
        /* The dump: bytes from the box start, after the flag word. */
        put(&s, "  mov.u32 %%r7, 0;\n  setp.eq.u32 %%p1, %%r2, 0;\n  @%%p1 bra END;\n"
                "DUMP:\n  add.u32 %%r9, %%r5, %%r7;\n  ld.shared.u32 %%r8, [%%r9];\n"
                "  cvt.u64.u32 %%rd4, %%r7;\n  add.u64 %%rd5, %%rd2, %%rd4;\n"
                "  st.global.u32 [%%rd5+4], %%r8;\n  add.u32 %%r7, %%r7, 4;\n"
                "  setp.lt.u32 %%p1, %%r7, %%r2;\n  @%%p1 bra DUMP;\n");
    } else {
        const char *mode = im2col ? "im2col_no_offs" : "tile";
        if (form == PROBE_STORE || form == PROBE_STORE_NO_OFFS)
            put(&s, "  cp.async.bulk.tensor.%ud.global.shared::cta.%s.bulk_group [%%rd1, ", rank,
                mode);
        else
            put(&s, "  cp.reduce.async.bulk.tensor.%ud.global.shared::cta.%s.%s.bulk_group"
                    " [%%rd1, ", rank, redop, mode);
        coord_list(&s, rank);
        put(&s, "], [%%r5];\n  cp.async.bulk.commit_group;\n  cp.async.bulk.wait_group 0;\n");
    }
    put(&s, "END:\n  ret;\n}\n");
    return s.overflow ? -1 : 0;
}
