/* red on the golden model: scalar and vector forms, both spaces, the legal-form checks
 * and the alignment/range errors, against hand-derived memory contents. */
#include <stdio.h>
#include <string.h>

#include "csim.h"

#include "check.h"

#define GBASE 0x40000ull

static uint64_t get(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = n; i-- > 0;)
        v = (v << 8) | p[i];
    return v;
}

static void put(uint8_t *p, unsigned n, uint64_t v)
{
    for (unsigned i = 0; i < n; i++, v >>= 8)
        p[i] = (uint8_t)v;
}

static tce_op red_op(tce_space sp, tce_redop o, tce_etype et, bool noftz, unsigned vec)
{
    tce_op op;
    memset(&op, 0, sizeof op);
    op.kind = TCE_OP_RED;
    op.dst_space = op.src_space = sp;
    op.redop = o;
    op.etype = et;
    op.noftz = noftz;
    op.vec = vec;
    return op;
}

int main(void)
{
    tce_memsys ms;
    if (tce_memsys_init(&ms, 2, 1024) || tce_memsys_add_global(&ms, GBASE, 256))
        return 1;
    uint8_t *g = tce_gmem(&ms, GBASE, 256);

    /* Scalar red.global.add.u64 wraps. */
    put(g, 8, 0xfffffffffffffffeull);
    tce_op op = red_op(TCE_SPACE_GLOBAL, TCE_RED_ADD, TCE_ET_U64, false, 1);
    op.gaddr = GBASE;
    op.operand[0] = 5;
    CHECK(tce_csim_execute(&op, &ms).status == TCE_OK);
    CHECK(get(g, 8) == 3);

    /* red.global.add.f32 flushes a subnormal operand; red.shared keeps it. */
    put(g + 16, 4, 0x00000000);
    op = red_op(TCE_SPACE_GLOBAL, TCE_RED_ADD, TCE_ET_F32, false, 1);
    op.gaddr = GBASE + 16;
    op.operand[0] = 0x00000005;
    CHECK(tce_csim_execute(&op, &ms).status == TCE_OK);
    CHECK(get(g + 16, 4) == 0);
    uint8_t *s1 = tce_smem(&ms, 1, 64, 4);
    put(s1, 4, 0);
    op = red_op(TCE_SPACE_SHARED_CTA, TCE_RED_ADD, TCE_ET_F32, false, 1);
    op.cta = 1;
    op.saddr = 64;
    op.operand[0] = 0x00000005;
    CHECK(tce_csim_execute(&op, &ms).status == TCE_OK);
    CHECK(get(s1, 4) == 5);
    /* red.shared::cluster reaches another CTA by rank. */
    op.dst_space = TCE_SPACE_SHARED_CLUSTER;
    op.cta = 0;
    op.saddr = TCE_SADDR(1, 64);
    CHECK(tce_csim_execute(&op, &ms).status == TCE_OK);
    CHECK(get(s1, 4) == 10);

    /* red.global.v4.f32.add: four lanes, each its own operand. */
    const uint32_t mem4[4] = {0x3f800000, 0x40000000, 0xbf800000, 0x7f7fffff};
    const uint32_t src4[4] = {0x3f800000, 0x3f800000, 0x3f800000, 0x7f7fffff};
    const uint32_t want4[4] = {0x40000000, 0x40400000, 0x00000000, 0x7f800000};
    for (int i = 0; i < 4; i++)
        put(g + 32 + 4 * i, 4, mem4[i]);
    op = red_op(TCE_SPACE_GLOBAL, TCE_RED_ADD, TCE_ET_F32, false, 4);
    op.gaddr = GBASE + 32;
    for (int i = 0; i < 4; i++)
        op.operand[i] = src4[i];
    CHECK(tce_csim_execute(&op, &ms).status == TCE_OK);
    for (int i = 0; i < 4; i++)
        CHECK(get(g + 32 + 4 * i, 4) == want4[i]);

    /* red.global.v8.f16.max.noftz: NaN ignored, -0 < +0. */
    const uint16_t m8[8] = {0x3c00, 0x7e00, 0x8000, 0xbc00, 0x0000, 0x7c00, 0x0001, 0x7e00};
    const uint16_t s8[8] = {0x4000, 0x3c00, 0x0000, 0xc000, 0x8000, 0x3c00, 0x0002, 0x7e01};
    const uint16_t w8[8] = {0x4000, 0x3c00, 0x0000, 0xbc00, 0x0000, 0x7c00, 0x0002, 0x7fff};
    for (int i = 0; i < 8; i++)
        put(g + 64 + 2 * i, 2, m8[i]);
    op = red_op(TCE_SPACE_GLOBAL, TCE_RED_MAX, TCE_ET_F16, true, 8);
    op.gaddr = GBASE + 64;
    for (int i = 0; i < 8; i++)
        op.operand[i] = s8[i];
    CHECK(tce_csim_execute(&op, &ms).status == TCE_OK);
    for (int i = 0; i < 8; i++)
        CHECK(get(g + 64 + 2 * i, 2) == w8[i]);

    /* red.shared.add.noftz.bf16x2: the packed pair arrives as two bf16 lanes. */
    uint8_t *s0 = tce_smem(&ms, 0, 128, 4);
    put(s0, 2, 0x3f80);     /* 1.0 */
    put(s0 + 2, 2, 0x8001); /* -smallest subnormal: kept */
    op = red_op(TCE_SPACE_SHARED_CTA, TCE_RED_ADD, TCE_ET_BF16, true, 2);
    op.saddr = 128;
    op.operand[0] = 0x3f80;
    op.operand[1] = 0x8001;
    CHECK(tce_csim_execute(&op, &ms).status == TCE_OK);
    CHECK(get(s0, 2) == 0x4000 && get(s0 + 2, 2) == 0x8002);
    op.redop = TCE_RED_MAX; /* no packed max on shared */
    CHECK(tce_csim_execute(&op, &ms).status == TCE_ERR_ILLEGAL_INSTR);

    /* Forms the PTX text (and ptxas) do not have. */
    uint8_t snap[256];
    memcpy(snap, g, 256);
    op = red_op(TCE_SPACE_GLOBAL, TCE_RED_ADD, TCE_ET_F32, false, 8); /* f32 only v2/v4 */
    op.gaddr = GBASE + 128;
    CHECK(tce_csim_execute(&op, &ms).status == TCE_ERR_ILLEGAL_INSTR);
    op = red_op(TCE_SPACE_GLOBAL, TCE_RED_ADD, TCE_ET_U32, false, 2); /* no integer vectors */
    op.gaddr = GBASE + 128;
    CHECK(tce_csim_execute(&op, &ms).status == TCE_ERR_ILLEGAL_INSTR);
    op = red_op(TCE_SPACE_SHARED_CTA, TCE_RED_ADD, TCE_ET_F32, false, 2); /* vectors: global */
    CHECK(tce_csim_execute(&op, &ms).status == TCE_ERR_ILLEGAL_INSTR);
    op = red_op(TCE_SPACE_GLOBAL, TCE_RED_MIN, TCE_ET_F16, true, 1); /* scalar f16 min */
    op.gaddr = GBASE + 128;
    CHECK(tce_csim_execute(&op, &ms).status == TCE_ERR_ILLEGAL_INSTR);
    op = red_op(TCE_SPACE_GLOBAL, TCE_RED_ADD, TCE_ET_BF16, false, 1); /* missing .noftz */
    CHECK(tce_csim_execute(&op, &ms).status == TCE_ERR_ILLEGAL_INSTR);
    op = red_op(TCE_SPACE_GLOBAL, TCE_RED_INC, TCE_ET_S32, false, 1);
    tce_result r = tce_csim_execute(&op, &ms);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && strstr(r.why, "inc"));
    /* Alignment and range. */
    op = red_op(TCE_SPACE_GLOBAL, TCE_RED_ADD, TCE_ET_U64, false, 1);
    op.gaddr = GBASE + 4;
    r = tce_csim_execute(&op, &ms);
    CHECK(r.status == TCE_ERR_MISALIGNED && strstr(r.why, "gaddr"));
    op = red_op(TCE_SPACE_GLOBAL, TCE_RED_ADD, TCE_ET_F32, false, 4); /* vector: 16-aligned */
    op.gaddr = GBASE + 136;
    CHECK(tce_csim_execute(&op, &ms).status == TCE_ERR_MISALIGNED);
    op = red_op(TCE_SPACE_GLOBAL, TCE_RED_ADD, TCE_ET_U32, false, 1);
    op.gaddr = GBASE + 256;
    CHECK(tce_csim_execute(&op, &ms).status == TCE_ERR_GLOBAL_BUS);
    op = red_op(TCE_SPACE_SHARED_CTA, TCE_RED_ADD, TCE_ET_U32, false, 1);
    op.saddr = 1024;
    CHECK(tce_csim_execute(&op, &ms).status == TCE_ERR_SHARED_RANGE);
    CHECK(!memcmp(snap, g, 256));

    tce_memsys_free(&ms);
    return check_finish("test_red");
}
