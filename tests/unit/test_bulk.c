/* cp.async.bulk / cp.reduce.async.bulk / prefetch / multimem.cp.async.bulk on the golden
 * model: every direction moves exactly its bytes, multicast reaches each CTA of ctaMask,
 * .cp_mask moves only the enabled byte lanes, multimem writes every member, and bad
 * operands are refused with the named status and nothing written. */
#include <stdio.h>
#include <string.h>

#include "csim.h"

#include "check.h"

#define GBASE 0x100000ull
#define GSIZE 4096u
#define GBASE2 0x200000ull /* a second window: the other multimem member */
#define SMEM 8192u

static void setup(tce_memsys *ms, unsigned ncta)
{
    if (tce_memsys_init(ms, ncta, SMEM) || tce_memsys_add_global(ms, GBASE, GSIZE) ||
        tce_memsys_add_global(ms, GBASE2, GSIZE)) {
        printf("setup failed\n");
        failures++;
        return;
    }
    uint8_t *g = tce_gmem(ms, GBASE, GSIZE);
    for (unsigned i = 0; i < GSIZE; i++)
        g[i] = (uint8_t)(i * 7u + 3u);
    for (unsigned c = 0; c < ncta; c++)
        memset(tce_smem(ms, c, 0, SMEM), 0xa5, SMEM);
}

static tce_op base_op(tce_op_kind kind, tce_space dst, tce_space src, tce_completion done)
{
    tce_op op;
    memset(&op, 0, sizeof op);
    op.kind = kind;
    op.dst_space = dst;
    op.src_space = src;
    op.completion = done;
    op.vec = 1;
    return op;
}

static bool all_bytes(const uint8_t *p, size_t n, uint8_t v)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != v)
            return false;
    return true;
}

static void global_to_shared(void)
{
    tce_memsys ms;
    setup(&ms, 2);
    tce_op op = base_op(TCE_OP_BULK_COPY, TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL,
                        TCE_DONE_MBARRIER);
    op.gaddr = GBASE + 32;
    op.saddr = 256;
    op.size = 48;
    op.mbar = 8;
    tce_result r = tce_csim_execute(&op, &ms);
    CHECK(r.status == TCE_OK);
    CHECK(!memcmp(tce_smem(&ms, 0, 256, 48), tce_gmem(&ms, GBASE + 32, 48), 48));
    CHECK(all_bytes(tce_smem(&ms, 0, 240, 16), 16, 0xa5)); /* nothing before */
    CHECK(all_bytes(tce_smem(&ms, 0, 304, 16), 16, 0xa5)); /* nothing after */
    CHECK(all_bytes(tce_smem(&ms, 1, 0, SMEM), SMEM, 0xa5)); /* nor in the other CTA */
    CHECK(r.tx_bytes == 48 && r.tx_ctas == 0x1);

    /* To shared::cluster, CTA 1 by the rank field. */
    op.dst_space = TCE_SPACE_SHARED_CLUSTER;
    op.saddr = TCE_SADDR(1, 512);
    r = tce_csim_execute(&op, &ms);
    CHECK(r.status == TCE_OK && r.tx_bytes == 48 && r.tx_ctas == 0x2);
    CHECK(!memcmp(tce_smem(&ms, 1, 512, 48), tce_gmem(&ms, GBASE + 32, 48), 48));
    CHECK(all_bytes(tce_smem(&ms, 0, 512, 48), 48, 0xa5));
    tce_memsys_free(&ms);
}

static void multicast(void)
{
    tce_memsys ms;
    setup(&ms, 4);
    tce_op op = base_op(TCE_OP_BULK_COPY, TCE_SPACE_SHARED_CLUSTER, TCE_SPACE_GLOBAL,
                        TCE_DONE_MBARRIER);
    op.multicast = true;
    op.cta_mask = 0xb; /* CTAs 0, 1, 3 */
    op.gaddr = GBASE + 1024;
    op.saddr = 1024;
    op.size = 64;
    op.mbar = 16;
    tce_result r = tce_csim_execute(&op, &ms);
    CHECK(r.status == TCE_OK && r.tx_bytes == 64 && r.tx_ctas == 0xb);
    for (unsigned c = 0; c < 4; c++) {
        bool want = (0xbu >> c) & 1u;
        bool same = !memcmp(tce_smem(&ms, c, 1024, 64), tce_gmem(&ms, GBASE + 1024, 64), 64);
        CHECK(same == want);
        if (!want)
            CHECK(all_bytes(tce_smem(&ms, c, 0, SMEM), SMEM, 0xa5));
    }
    /* A mask bit beyond the cluster: refused, nothing written. */
    op.cta_mask = 0x10;
    op.saddr = 2048;
    r = tce_csim_execute(&op, &ms);
    CHECK(r.status == TCE_ERR_SHARED_RANGE);
    CHECK(all_bytes(tce_smem(&ms, 0, 2048, 64), 64, 0xa5));
    op.cta_mask = 0;
    CHECK(tce_csim_execute(&op, &ms).status == TCE_ERR_UNDEFINED);
    tce_memsys_free(&ms);
}

static void shared_to_cluster(void)
{
    tce_memsys ms;
    setup(&ms, 2);
    uint8_t *src = tce_smem(&ms, 0, 64, 32);
    for (unsigned i = 0; i < 32; i++)
        src[i] = (uint8_t)(0x40 + i);
    tce_op op = base_op(TCE_OP_BULK_COPY, TCE_SPACE_SHARED_CLUSTER, TCE_SPACE_SHARED_CTA,
                        TCE_DONE_MBARRIER);
    op.cta = 0;
    op.saddr_src = 64;
    op.saddr = TCE_SADDR(1, 128);
    op.size = 32;
    op.mbar = TCE_SADDR(1, 0);
    tce_result r = tce_csim_execute(&op, &ms);
    CHECK(r.status == TCE_OK && r.tx_bytes == 32 && r.tx_ctas == 0x2);
    CHECK(!memcmp(tce_smem(&ms, 1, 128, 32), src, 32));
    /* The PTX text wants a different CTA as destination. */
    op.saddr = TCE_SADDR(0, 256);
    r = tce_csim_execute(&op, &ms);
    CHECK(r.status == TCE_ERR_UNDEFINED && strstr(r.why, "dstMem"));
    CHECK(all_bytes(tce_smem(&ms, 0, 256, 32), 32, 0xa5));
    /* The mbarrier must be in the destination CTA. */
    op.saddr = TCE_SADDR(1, 256);
    op.mbar = TCE_SADDR(0, 8);
    CHECK(tce_csim_execute(&op, &ms).status == TCE_OK); /* rank 0 = offset-only form */
    op.mbar = TCE_SADDR(1, 8);
    CHECK(tce_csim_execute(&op, &ms).status == TCE_OK);
    tce_memsys ms3;
    setup(&ms3, 3);
    op.mbar = TCE_SADDR(2, 8);
    r = tce_csim_execute(&op, &ms3);
    CHECK(r.status == TCE_ERR_UNDEFINED && strstr(r.why, "mbar"));
    CHECK(all_bytes(tce_smem(&ms3, 1, 0, SMEM), SMEM, 0xa5));
    tce_memsys_free(&ms3);
    op.mbar = TCE_SADDR(1, 0);
    /* The wrong completion mechanism for the direction. */
    op.saddr = TCE_SADDR(1, 256);
    op.completion = TCE_DONE_BULK_GROUP;
    CHECK(tce_csim_execute(&op, &ms).status == TCE_ERR_ILLEGAL_INSTR);
    tce_memsys_free(&ms);
}

static void shared_to_global(void)
{
    tce_memsys ms;
    setup(&ms, 1);
    uint8_t *src = tce_smem(&ms, 0, 0, 64);
    for (unsigned i = 0; i < 64; i++)
        src[i] = (uint8_t)(0x80 + i);
    uint8_t before[64];
    memcpy(before, tce_gmem(&ms, GBASE + 128, 64), 64);
    tce_op op = base_op(TCE_OP_BULK_COPY, TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CTA,
                        TCE_DONE_BULK_GROUP);
    op.gaddr = GBASE + 128;
    op.saddr = 0;
    op.size = 32;
    tce_result r = tce_csim_execute(&op, &ms);
    CHECK(r.status == TCE_OK && r.tx_bytes == 0 && r.tx_ctas == 0);
    CHECK(!memcmp(tce_gmem(&ms, GBASE + 128, 32), src, 32));
    CHECK(!memcmp(tce_gmem(&ms, GBASE + 160, 32), before + 32, 32));

    /* .cp_mask 0x8001: only bytes 0 and 15 of each 16-byte chunk move. */
    op.gaddr = GBASE + 512;
    op.saddr = 32;
    op.has_byte_mask = true;
    op.byte_mask = 0x8001;
    memcpy(before, tce_gmem(&ms, GBASE + 512, 32), 32);
    r = tce_csim_execute(&op, &ms);
    CHECK(r.status == TCE_OK && r.bytes_written == 4);
    const uint8_t *g = tce_gmem(&ms, GBASE + 512, 32);
    for (unsigned i = 0; i < 32; i++) {
        bool lane = i % 16 == 0 || i % 16 == 15;
        CHECK(g[i] == (lane ? src[32 + i] : before[i]));
    }
    tce_memsys_free(&ms);
}

static void errors(void)
{
    tce_memsys ms;
    setup(&ms, 1);
    uint8_t snap[GSIZE];
    memcpy(snap, tce_gmem(&ms, GBASE, GSIZE), GSIZE);
    tce_op op = base_op(TCE_OP_BULK_COPY, TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CTA,
                        TCE_DONE_BULK_GROUP);
    op.gaddr = GBASE;
    op.saddr = 0;
    op.size = 24; /* not a multiple of 16: undefined */
    tce_result r = tce_csim_execute(&op, &ms);
    CHECK(r.status == TCE_ERR_UNDEFINED && strstr(r.why, "size"));
    op.size = 32;
    op.gaddr = GBASE + 8;
    r = tce_csim_execute(&op, &ms);
    CHECK(r.status == TCE_ERR_MISALIGNED && strstr(r.why, "gaddr"));
    op.gaddr = GBASE;
    op.saddr = 4;
    r = tce_csim_execute(&op, &ms);
    CHECK(r.status == TCE_ERR_MISALIGNED && strstr(r.why, "saddr"));
    op.saddr = 0;
    op.gaddr = GBASE + GSIZE - 16; /* runs 16 bytes past the window */
    r = tce_csim_execute(&op, &ms);
    CHECK(r.status == TCE_ERR_GLOBAL_BUS);
    op.gaddr = GBASE;
    op.saddr = SMEM - 16; /* source past the CTA's shared memory */
    r = tce_csim_execute(&op, &ms);
    CHECK(r.status == TCE_ERR_SHARED_RANGE);
    CHECK(!memcmp(snap, tce_gmem(&ms, GBASE, GSIZE), GSIZE));

    /* global -> shared with a misaligned mbarrier. */
    op = base_op(TCE_OP_BULK_COPY, TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, TCE_DONE_MBARRIER);
    op.gaddr = GBASE;
    op.saddr = 64;
    op.size = 16;
    op.mbar = 4;
    r = tce_csim_execute(&op, &ms);
    CHECK(r.status == TCE_ERR_MISALIGNED && strstr(r.why, "mbar"));
    CHECK(all_bytes(tce_smem(&ms, 0, 64, 16), 16, 0xa5));

    /* prefetch: checked, no effect on memory. */
    op = base_op(TCE_OP_BULK_PREFETCH, TCE_SPACE_GLOBAL, TCE_SPACE_GLOBAL, TCE_DONE_NONE);
    op.gaddr = GBASE + 64;
    op.size = 256;
    CHECK(tce_csim_execute(&op, &ms).status == TCE_OK);
    op.size = 250;
    CHECK(tce_csim_execute(&op, &ms).status == TCE_ERR_UNDEFINED);
    op.size = 256;
    op.gaddr = GBASE + 65;
    CHECK(tce_csim_execute(&op, &ms).status == TCE_ERR_MISALIGNED);
    CHECK(!memcmp(snap, tce_gmem(&ms, GBASE, GSIZE), GSIZE));
    tce_memsys_free(&ms);
}

static void put_u32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void reduce(void)
{
    tce_memsys ms;
    setup(&ms, 2);
    uint8_t *g = tce_gmem(&ms, GBASE, 16), *s = tce_smem(&ms, 0, 0, 16);
    const uint32_t gv[4] = {1, 0xffffffffu, 7, 0x80000000u}, sv[4] = {2, 3, 5, 1};
    for (int i = 0; i < 4; i++) {
        put_u32(g + 4 * i, gv[i]);
        put_u32(s + 4 * i, sv[i]);
    }
    tce_op op = base_op(TCE_OP_BULK_REDUCE, TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CTA,
                        TCE_DONE_BULK_GROUP);
    op.gaddr = GBASE;
    op.saddr = 0;
    op.size = 16;
    op.redop = TCE_RED_ADD;
    op.etype = TCE_ET_U32;
    tce_result r = tce_csim_execute(&op, &ms);
    CHECK(r.status == TCE_OK);
    CHECK(get_u32(g) == 3 && get_u32(g + 4) == 2 && get_u32(g + 8) == 12 &&
          get_u32(g + 12) == 0x80000001u);
    /* min.s32 against the new values {3, 2, 12, 0x80000001}. */
    op.redop = TCE_RED_MIN;
    op.etype = TCE_ET_S32;
    CHECK(tce_csim_execute(&op, &ms).status == TCE_OK);
    CHECK(get_u32(g) == 2 && get_u32(g + 4) == 2 && get_u32(g + 8) == 5 &&
          get_u32(g + 12) == 0x80000001u);
    /* An illegal pair is refused before anything changes. */
    op.redop = TCE_RED_AND;
    op.etype = TCE_ET_U32;
    r = tce_csim_execute(&op, &ms);
    CHECK(r.status == TCE_ERR_ILLEGAL_INSTR && strstr(r.why, "and"));
    CHECK(get_u32(g) == 2);
    op.redop = TCE_RED_ADD;
    op.etype = TCE_ET_F16; /* add.f16 without .noftz */
    CHECK(tce_csim_execute(&op, &ms).status == TCE_ERR_ILLEGAL_INSTR);

    /* To shared::cluster (CTA 1), mbarrier-completed: inc.u32. */
    uint8_t *d = tce_smem(&ms, 1, 32, 16);
    for (int i = 0; i < 4; i++)
        put_u32(d + 4 * i, (uint32_t)i + 1u); /* {1,2,3,4} inc with {2,3,5,1} */
    op = base_op(TCE_OP_BULK_REDUCE, TCE_SPACE_SHARED_CLUSTER, TCE_SPACE_SHARED_CTA,
                 TCE_DONE_MBARRIER);
    op.saddr_src = 0;
    op.saddr = TCE_SADDR(1, 32);
    op.mbar = TCE_SADDR(1, 8);
    op.size = 16;
    op.redop = TCE_RED_INC;
    op.etype = TCE_ET_U32;
    put_u32(s, 2);
    put_u32(s + 4, 3);
    put_u32(s + 8, 5);
    put_u32(s + 12, 1);
    r = tce_csim_execute(&op, &ms);
    CHECK(r.status == TCE_OK && r.tx_bytes == 16 && r.tx_ctas == 0x2);
    CHECK(get_u32(d) == 2 && get_u32(d + 4) == 3 && get_u32(d + 8) == 4 && get_u32(d + 12) == 0);
    /* f32 add is not defined towards shared::cluster. */
    op.redop = TCE_RED_ADD;
    op.etype = TCE_ET_F32;
    CHECK(tce_csim_execute(&op, &ms).status == TCE_ERR_ILLEGAL_INSTR);
    tce_memsys_free(&ms);
}

static void multimem(void)
{
    tce_memsys ms;
    setup(&ms, 1);
    uint8_t *s = tce_smem(&ms, 0, 0, 32);
    for (unsigned i = 0; i < 32; i++)
        s[i] = (uint8_t)(0xc0 + i);
    tce_op op = base_op(TCE_OP_MULTIMEM_COPY, TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CTA,
                        TCE_DONE_BULK_GROUP);
    op.saddr = 0;
    op.size = 32;
    op.multimem_count = 2;
    op.multimem_addr[0] = GBASE + 256;
    op.multimem_addr[1] = GBASE2 + 64;
    tce_result r = tce_csim_execute(&op, &ms);
    CHECK(r.status == TCE_OK && r.bytes_written == 64);
    CHECK(!memcmp(tce_gmem(&ms, GBASE + 256, 32), s, 32));
    CHECK(!memcmp(tce_gmem(&ms, GBASE2 + 64, 32), s, 32));
    /* With .cp_mask 0x00f0: bytes 4..7 of each chunk only. */
    op.multimem_addr[0] = GBASE + 1024;
    op.multimem_addr[1] = GBASE2 + 1024;
    op.has_byte_mask = true;
    op.byte_mask = 0x00f0;
    uint8_t b0[32], b1[32];
    memcpy(b0, tce_gmem(&ms, GBASE + 1024, 32), 32);
    memcpy(b1, tce_gmem(&ms, GBASE2 + 1024, 32), 32);
    CHECK(tce_csim_execute(&op, &ms).status == TCE_OK);
    for (unsigned i = 0; i < 32; i++) {
        bool lane = i % 16 >= 4 && i % 16 < 8;
        CHECK(tce_gmem(&ms, GBASE + 1024 + i, 1)[0] == (lane ? s[i] : b0[i]));
        CHECK(tce_gmem(&ms, GBASE2 + 1024 + i, 1)[0] == (lane ? s[i] : b1[i]));
    }
    /* One member unmapped: nothing is written anywhere. */
    op.has_byte_mask = false;
    op.multimem_addr[0] = GBASE + 2048;
    op.multimem_addr[1] = 0x900000;
    memcpy(b0, tce_gmem(&ms, GBASE + 2048, 32), 32);
    r = tce_csim_execute(&op, &ms);
    CHECK(r.status == TCE_ERR_GLOBAL_BUS && strstr(r.why, "multimem_addr[1]"));
    CHECK(!memcmp(tce_gmem(&ms, GBASE + 2048, 32), b0, 32));
    op.multimem_addr[1] = GBASE2 + 8; /* misaligned member */
    CHECK(tce_csim_execute(&op, &ms).status == TCE_ERR_MISALIGNED);
    op.multimem_count = 0;
    CHECK(tce_csim_execute(&op, &ms).status == TCE_ERR_UNDEFINED);
    tce_memsys_free(&ms);
}

int main(void)
{
    global_to_shared();
    multicast();
    shared_to_cluster();
    shared_to_global();
    errors();
    reduce();
    multimem();
    return check_finish("test_bulk");
}
