/* `red` float adds of special operands on the RTL engine: the NaN, infinity, overflow and
 * flush-to-zero arms of tce_red_fpadd that random operands almost never reach (a random
 * f64 is a NaN once in 2048 draws; two at once, on shared memory, once in four million).
 * Each case runs on the golden model and on the RTL from the same memories; the result
 * in memory must be the value worked out here by hand from the rules of
 * docs/arithmetic.md (csim/arith_float.c, settled on the H100's probes):
 *  - f16, bf16, f32: any NaN result is the canonical 0x7f..f, inf + -inf too;
 *  - f64: an input NaN comes back quieted (quiet bit, mantissa bit 51, set); with two
 *    NaNs red.shared keeps memory's and red.global the source's; inf + -inf is
 *    sign|exponent|quiet, 0xfff8000000000000;
 *  - red.global.add.f32 flushes subnormal inputs and results to signed zero, red.shared
 *    does not;
 *  - an overflow rounds to infinity.
 * Both engines must leave every other byte alike too. */
#include "engines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../unit/check.h"

#define GBASE 0x10000000ull
#define GSIZE 0x1000u
#define SMEM 0x1000u
#define OFF 0x140u /* where the element lies, in global and in shared memory */

typedef struct {
    const char *what;
    tce_etype et;
    bool shared; /* red.shared::cta, else red.global */
    uint64_t mem, src, want;
} red_case;

static const red_case cases[] = {
    /* f64, two NaNs: memory's (quieted) on shared, the source's on global */
    {"f64 shared, qNaN mem + sNaN src", TCE_ET_F64, true, 0x7ff8000000000123ull,
     0x7ff0000000000456ull, 0x7ff8000000000123ull},
    {"f64 shared, sNaN mem + qNaN src", TCE_ET_F64, true, 0xfff0000000000789ull,
     0x7ff8000000000abcull, 0xfff8000000000789ull},
    {"f64 global, qNaN mem + sNaN src", TCE_ET_F64, false, 0x7ff8000000000123ull,
     0x7ff0000000000456ull, 0x7ff8000000000456ull},
    /* one NaN: that one, quieted, wherever it is */
    {"f64 shared, 1.0 + sNaN", TCE_ET_F64, true, 0x3ff0000000000000ull, 0x7ff0000000000001ull,
     0x7ff8000000000001ull},
    {"f64 global, sNaN + 1.0", TCE_ET_F64, false, 0xfff0000000000002ull, 0x3ff0000000000000ull,
     0xfff8000000000002ull},
    /* inf + -inf: the invalid-operation NaN; inf + finite: inf */
    {"f64 shared, +inf + -inf", TCE_ET_F64, true, 0x7ff0000000000000ull, 0xfff0000000000000ull,
     0xfff8000000000000ull},
    {"f64 global, -inf + +inf", TCE_ET_F64, false, 0xfff0000000000000ull, 0x7ff0000000000000ull,
     0xfff8000000000000ull},
    {"f64 global, -inf + 2.0", TCE_ET_F64, false, 0xfff0000000000000ull, 0x4000000000000000ull,
     0xfff0000000000000ull},
    /* overflow: DBL_MAX + DBL_MAX rounds to +inf */
    {"f64 shared, max + max", TCE_ET_F64, true, 0x7fefffffffffffffull, 0x7fefffffffffffffull,
     0x7ff0000000000000ull},
    /* f32: canonical NaNs */
    {"f32 global, +inf + -inf", TCE_ET_F32, false, 0x7f800000u, 0xff800000u, 0x7fffffffu},
    {"f32 shared, sNaN + 1.0", TCE_ET_F32, true, 0xff800001u, 0x3f800000u, 0x7fffffffu},
    /* f32: 1.5*2^-126 + -2^-126 = 2^-127, subnormal: flushed to +0 on global, kept on
     * shared; two smallest subnormals: flushed inputs give +0, kept ones 2 ulps */
    {"f32 global, subnormal sum flushed", TCE_ET_F32, false, 0x00c00000u, 0x80800000u, 0u},
    {"f32 shared, subnormal sum kept", TCE_ET_F32, true, 0x00c00000u, 0x80800000u, 0x00400000u},
    {"f32 global, subnormal inputs flushed", TCE_ET_F32, false, 0x00000001u, 0x00000001u, 0u},
    {"f32 shared, subnormal inputs kept", TCE_ET_F32, true, 0x00000001u, 0x00000001u, 2u},
    /* f32 overflow: FLT_MAX + FLT_MAX */
    {"f32 global, max + max", TCE_ET_F32, false, 0x7f7fffffu, 0x7f7fffffu, 0x7f800000u},
    /* f16 and bf16 (the shared lane of two formats) */
    {"f16 global, +inf + -inf", TCE_ET_F16, false, 0x7c00u, 0xfc00u, 0x7fffu},
    {"f16 global, NaN + 1.0", TCE_ET_F16, false, 0x3c00u, 0x7e01u, 0x7fffu},
    {"f16 global, max + max", TCE_ET_F16, false, 0x7bffu, 0x7bffu, 0x7c00u},
    {"bf16 global, -inf + +inf", TCE_ET_BF16, false, 0xff80u, 0x7f80u, 0x7fffu},
    {"bf16 global, NaN + 1.0", TCE_ET_BF16, false, 0xffc1u, 0x3f80u, 0x7fffu},
    {"bf16 global, max + max", TCE_ET_BF16, false, 0x7f7fu, 0x7f7fu, 0x7f80u},
};

static unsigned esize(tce_etype et)
{
    return et == TCE_ET_F64 ? 8u : et == TCE_ET_F32 ? 4u : 2u;
}

static void put_le(uint8_t *p, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get_le(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/* The memories of one engine: a global page and two CTAs' shared memory, patterned, with
 * the case's memory operand at OFF. */
static void world(tce_memsys *ms, const red_case *c)
{
    if (tce_memsys_init(ms, 2, SMEM) != 0 || tce_memsys_add_global(ms, GBASE, GSIZE) != 0) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    for (uint32_t i = 0; i < GSIZE; i++)
        ms->g[0].bytes[i] = (uint8_t)(i * 7 + 3);
    for (unsigned k = 0; k < 2; k++)
        for (uint32_t i = 0; i < SMEM; i++)
            ms->smem[k][i] = (uint8_t)(i * 5 + k);
    put_le(c->shared ? ms->smem[0] + OFF : ms->g[0].bytes + OFF, c->mem, esize(c->et));
}

int main(void)
{
    tce_engine *rtl = tce_engine_open("rtl");
    if (!rtl) {
        fprintf(stderr, "rtl engine: %s\n", tce_engine_open_error());
        return 2;
    }
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const red_case *c = &cases[i];
        bool half = c->et == TCE_ET_F16 || c->et == TCE_ET_BF16;
        tce_op op = {.kind = TCE_OP_RED,
                     .dst_space = c->shared ? TCE_SPACE_SHARED_CTA : TCE_SPACE_GLOBAL,
                     .src_space = TCE_SPACE_GLOBAL, .redop = TCE_RED_ADD, .etype = c->et,
                     .noftz = half, .vec = 1, .gaddr = GBASE + OFF, .saddr = OFF,
                     .operand = {c->src}};
        tce_memsys ms[2];
        tce_result res[2];
        tce_engine_tx tx[TCE_ENGINE_MAX_TX];
        unsigned ntx;
        for (int k = 0; k < 2; k++)
            world(&ms[k], c);
        tce_engine *csim = tce_engine_open("csim");
        tce_engine_exec_queue(csim, &op, 1, &ms[0], &res[0], tx, &ntx);
        tce_engine_exec_queue(rtl, &op, 1, &ms[1], &res[1], tx, &ntx);
        tce_engine_close(csim);
        unsigned n = esize(c->et);
        uint64_t got[2];
        for (int k = 0; k < 2; k++)
            got[k] = get_le(c->shared ? ms[k].smem[0] + OFF : ms[k].g[0].bytes + OFF, n);
        bool same = !memcmp(ms[0].g[0].bytes, ms[1].g[0].bytes, GSIZE) &&
                    !memcmp(ms[0].smem[0], ms[1].smem[0], SMEM) &&
                    !memcmp(ms[0].smem[1], ms[1].smem[1], SMEM);
        printf("%-40s want 0x%0*llx | csim %s 0x%0*llx | rtl %s 0x%0*llx%s\n", c->what,
               (int)(2 * n), (unsigned long long)c->want, tce_status_name(res[0].status),
               (int)(2 * n), (unsigned long long)got[0], tce_status_name(res[1].status),
               (int)(2 * n), (unsigned long long)got[1],
               got[0] == c->want && got[1] == c->want && same ? "" : "   <-- WRONG");
        CHECK(res[0].status == TCE_OK && res[1].status == TCE_OK);
        CHECK(got[0] == c->want); /* the golden model against the hand-derived value */
        CHECK(got[1] == c->want); /* the RTL against it */
        CHECK(same);
        for (int k = 0; k < 2; k++)
            tce_memsys_free(&ms[k]);
    }
    tce_engine_close(rtl);
    return check_finish("test_rtl_red_special");
}
