/* The firmware driver against the register-level model: submit and completion, engine
 * errors (ERR_CODE / ERR_INFO / IRQ), bulk async-groups with .read, a full queue,
 * statistics and tensormap_replace. Expected values come from the operation itself
 * (the bytes it must move) and from regmap.def, not from running the model twice. */
#include <stdio.h>
#include <string.h>

#include "regmodel_engine.h"

#include "check.h"

#define GBASE 0x100000ull
#define GSIZE 0x10000u
#define SMEM 0x8000u

typedef struct {
    tce_memsys ms;
    regmodel m;
    tce_drv d;
} rig;

static void rig_open(rig *r, unsigned ncta, uint32_t rd_cycles, uint32_t wr_cycles)
{
    memset(r, 0, sizeof *r);
    if (tce_memsys_init(&r->ms, ncta, SMEM) || tce_memsys_add_global(&r->ms, GBASE, GSIZE)) {
        fprintf(stderr, "out of memory\n");
        failures++;
        return;
    }
    regmodel_init(&r->m, &r->ms, rd_cycles, wr_cycles, NULL, NULL);
    CHECK(tce_drv_init(&r->d, regmodel_bus(&r->m), 10000) == TCE_DRV_OK);
}

static void rig_close(rig *r) { tce_memsys_free(&r->ms); }

/* cp.async.bulk.global.shared::cta.bulk_group [gaddr], [soff], size */
static tce_op store_op(unsigned cta, uint64_t gaddr, uint32_t soff, uint32_t size)
{
    return tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, cta, gaddr, soff, size, 0);
}

static unsigned rd32_status_queued(rig *r)
{
    return TCE_RM_GET(STATUS, QUEUED, regmodel_rd32(&r->m, TCE_REG_STATUS));
}

static void test_identity(void)
{
    rig r;
    rig_open(&r, 2, 0, 0);
    CHECK(r.d.ncta == 2);
    CHECK(r.d.queue_depth == TCE_RM_QUEUE_DEPTH);
    CHECK(r.d.cmd_words == TCE_RM_CMD_WORDS);
    CHECK(r.d.data_bytes == TCE_RM_DATA_BYTES);
    rig_close(&r);
}

static uint32_t zero_rd(void *ctx, uint32_t off) { (void)ctx; (void)off; return 0; }
static void zero_wr(void *ctx, uint32_t off, uint32_t v) { (void)ctx; (void)off; (void)v; }

static void test_no_engine(void)
{
    tce_drv d;
    tce_bus b = {zero_rd, zero_wr, NULL};
    CHECK(tce_drv_init(&d, b, 10) == TCE_DRV_NO_ENGINE);
    CHECK(strstr(d.why, "ID register") != NULL);
}

static void test_submit_and_complete(void)
{
    rig r;
    rig_open(&r, 1, 3, 5);
    uint8_t *s = tce_smem(&r.ms, 0, 0x100, 64);
    for (unsigned i = 0; i < 64; i++)
        s[i] = (uint8_t)(i * 7 + 1);
    tce_op op = store_op(0, GBASE + 0x40, 0x100, 64);
    uint32_t seq = 0;
    CHECK(tce_drv_submit(&r.d, &op, &seq) == TCE_DRV_OK);
    CHECK(seq == 1);
    bool done = true;
    CHECK(tce_drv_poll(&r.d, seq, &done) == TCE_DRV_OK);
    CHECK(!done); /* 3 + 5 cycles of latency: not after one poll */
    CHECK(tce_drv_wait(&r.d, seq) == TCE_DRV_OK);
    CHECK(memcmp(tce_gmem(&r.ms, GBASE + 0x40, 64), s, 64) == 0);
    CHECK(tce_gmem(&r.ms, GBASE + 0x3F, 1)[0] == 0); /* nothing outside the range */
    CHECK(tce_gmem(&r.ms, GBASE + 0x80, 1)[0] == 0);

    /* A short command sends only its used prefix; the rest reads as zero. */
    uint32_t w[TCE_RM_CMD_WORDS];
    tce_cmd_field_id bad;
    unsigned n = tce_cmd_pack(&op, w, &bad);
    CHECK(n == 10); /* SIZE is word 9, the last non-zero one */
    tce_op back;
    unsigned field = 0;
    CHECK(tce_cmd_unpack(w, &back, &field) == TCE_OK);
    CHECK(back.gaddr == op.gaddr && back.size == 64 && back.saddr == 0x100);
    CHECK(back.completion == TCE_DONE_BULK_GROUP && back.kind == TCE_OP_BULK_COPY);

    tce_drv_stats st;
    CHECK(tce_drv_stats_read(&r.d, &st) == TCE_DRV_OK);
    CHECK(st.cmds_ok == 1 && st.cmds_err == 0);
    CHECK(st.bytes_read == 64 && st.bytes_written == 64);
    CHECK(st.cycles >= 8);
    rig_close(&r);
}

static void test_pack_limits(void)
{
    rig r;
    rig_open(&r, 1, 0, 0);
    tce_op op = store_op(0, GBASE, 0, 16);
    op.cta = 16; /* the CTA field is 4 bits */
    CHECK(tce_drv_submit(&r.d, &op, NULL) == TCE_DRV_BAD_ARG);
    CHECK(strstr(r.d.why, "CTA") != NULL);
    op = store_op(0, GBASE, 0, 16);
    op.vec = 16;
    CHECK(tce_drv_submit(&r.d, &op, NULL) == TCE_DRV_BAD_ARG);
    CHECK(strstr(r.d.why, "VEC") != NULL);
    /* Every field round-trips through the command words. */
    tce_op a;
    memset(&a, 0, sizeof a);
    a.kind = TCE_OP_TENSOR_LOAD;
    a.dst_space = TCE_SPACE_SHARED_CLUSTER;
    a.mode = TCE_MODE_IM2COL;
    a.dims = 5;
    a.completion = TCE_DONE_MBARRIER;
    a.cta = 15;
    a.tmap_addr = 0x123456789ABCDEC0ull;
    for (unsigned i = 0; i < 5; i++)
        a.coords[i] = -1000 * (int32_t)i - 7;
    a.im2col[0] = 0xFFFF;
    a.im2col[1] = 3;
    a.im2col[2] = 0x8000;
    a.saddr = TCE_SADDR(3, 0x4000);
    a.mbar = TCE_SADDR(3, 0x8);
    a.multicast = true;
    a.cta_mask = 0xA5A5;
    a.has_byte_mask = true;
    a.byte_mask = 0x0FF0;
    a.redop = TCE_RED_XOR;
    a.etype = TCE_ET_F64;
    a.noftz = true;
    a.vec = 8;
    a.multimem_count = 8;
    for (unsigned i = 0; i < 8; i++) {
        a.operand[i] = 0xF00D000000000000ull + i;
        a.multimem_addr[i] = 0x7000000000ull * (i + 1);
    }
    uint32_t w[TCE_RM_CMD_WORDS];
    tce_cmd_field_id bad;
    CHECK(tce_cmd_pack(&a, w, &bad) == TCE_RM_CMD_WORDS);
    tce_op b;
    unsigned field;
    CHECK(tce_cmd_unpack(w, &b, &field) == TCE_OK);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    rig_close(&r);
}

static void test_engine_errors(void)
{
    rig r;
    rig_open(&r, 2, 1, 1);
    tce_drv_irq_enable(&r.d, true);
    /* A tensor load whose map address is not 64-byte aligned: the H100 says misaligned. */
    tce_op op;
    memset(&op, 0, sizeof op);
    op.kind = TCE_OP_TENSOR_LOAD;
    op.dst_space = TCE_SPACE_SHARED_CLUSTER;
    op.completion = TCE_DONE_MBARRIER;
    op.dims = 2;
    op.tmap_addr = GBASE + 0x20;
    op.cta = 1;
    uint32_t seq;
    tce_drv_enable(&r.d, false); /* queue both before the first one fails */
    CHECK(tce_drv_submit(&r.d, &op, &seq) == TCE_DRV_OK);
    tce_op ok = store_op(0, GBASE, 0, 16);
    uint32_t seq2;
    CHECK(tce_drv_submit(&r.d, &ok, &seq2) == TCE_DRV_OK);
    tce_drv_enable(&r.d, true);
    CHECK(tce_drv_wait(&r.d, seq2) == TCE_DRV_ENGINE_ERROR);
    CHECK(regmodel_irq(&r.m));
    CHECK(tce_drv_irq_status(&r.d) & TCE_RM_BIT(IRQ_STATUS, ERR));
    /* The queue is held: the second command has not run. */
    CHECK((rd32_status_queued(&r)) == 1);
    tce_drv_error_info e;
    CHECK(tce_drv_error(&r.d, &e) == TCE_DRV_OK);
    CHECK(e.status == TCE_ERR_MISALIGNED);
    CHECK(e.field == TCE_CMDF_TMAP_LO);
    CHECK(e.cta == 1 && e.kind == TCE_OP_TENSOR_LOAD && e.seq16 == seq);
    CHECK(!e.overflow && !e.badlen);
    /* Cleared: the queue resumes. */
    CHECK(tce_drv_wait(&r.d, seq2) == TCE_DRV_OK);
    tce_drv_irq_ack(&r.d, ~0u);
    CHECK(!regmodel_irq(&r.m));

    /* A CTA outside the attached cluster. */
    ok.cta = 5;
    CHECK(tce_drv_submit(&r.d, &ok, &seq) == TCE_DRV_OK);
    CHECK(tce_drv_wait(&r.d, seq) == TCE_DRV_ENGINE_ERROR);
    /* While an error is pending the driver refuses to queue more behind it. */
    CHECK(tce_drv_submit(&r.d, &ok, NULL) == TCE_DRV_ENGINE_ERROR);
    CHECK(tce_drv_error(&r.d, &e) == TCE_DRV_OK);
    CHECK(e.status == TCE_ERR_SHARED_RANGE && e.field == TCE_CMDF_CTA && e.cta == 5);

    /* A misaligned mbarrier names the MBAR field. */
    tce_op ld;
    memset(&ld, 0, sizeof ld);
    ld.kind = TCE_OP_BULK_COPY;
    ld.src_space = TCE_SPACE_GLOBAL;
    ld.dst_space = TCE_SPACE_SHARED_CLUSTER;
    ld.completion = TCE_DONE_MBARRIER;
    ld.gaddr = GBASE;
    ld.saddr = 0x100;
    ld.size = 16;
    ld.mbar = 0x4; /* not 8-byte aligned */
    CHECK(tce_drv_submit(&r.d, &ld, &seq) == TCE_DRV_OK);
    CHECK(tce_drv_wait(&r.d, seq) == TCE_DRV_ENGINE_ERROR);
    CHECK(tce_drv_error(&r.d, &e) == TCE_DRV_OK);
    CHECK(e.status == TCE_ERR_MISALIGNED && e.field == TCE_CMDF_MBAR);

    /* Reserved bits in a command word: no instruction encodes them. */
    regmodel_wr32(&r.m, TCE_REG_AT(TCE_REG_CMD, 0), 0x80000000u);
    regmodel_wr32(&r.m, TCE_REG_DOORBELL, 1);
    CHECK(tce_drv_wait_idle(&r.d) == TCE_DRV_ENGINE_ERROR);
    CHECK(tce_drv_error(&r.d, &e) == TCE_DRV_OK);
    CHECK(e.status == TCE_ERR_ILLEGAL_INSTR && e.field == TCE_RM_FIELD_NONE);
    /* An opcode past the last one names the OPCODE field. */
    regmodel_wr32(&r.m, TCE_REG_AT(TCE_REG_CMD, 0), 0xFu);
    regmodel_wr32(&r.m, TCE_REG_DOORBELL, 1);
    CHECK(tce_drv_wait_idle(&r.d) == TCE_DRV_ENGINE_ERROR);
    CHECK(tce_drv_error(&r.d, &e) == TCE_DRV_OK);
    CHECK(e.status == TCE_ERR_ILLEGAL_INSTR && e.field == TCE_CMDF_OPCODE);
    /* A doorbell with a bad word count is dropped and flagged. */
    uint32_t issued = regmodel_rd32(&r.m, TCE_REG_SEQ_ISSUED);
    regmodel_wr32(&r.m, TCE_REG_DOORBELL, TCE_RM_CMD_WORDS + 1);
    CHECK(regmodel_rd32(&r.m, TCE_REG_SEQ_ISSUED) == issued);
    CHECK(tce_drv_error(&r.d, &e) == TCE_DRV_OK);
    CHECK(e.badlen && e.status == TCE_OK);

    tce_drv_stats st;
    tce_drv_stats_read(&r.d, &st);
    CHECK(st.cmds_err == 5 && st.cmds_ok == 1);
    rig_close(&r);
}

static void test_queue_full(void)
{
    rig r;
    rig_open(&r, 1, 0, 0);
    tce_drv_enable(&r.d, false);
    tce_op op = store_op(0, GBASE, 0, 16);
    for (unsigned i = 0; i < TCE_RM_QUEUE_DEPTH; i++)
        CHECK(tce_drv_submit(&r.d, &op, NULL) == TCE_DRV_OK);
    CHECK(tce_drv_submit(&r.d, &op, NULL) == TCE_DRV_TIMEOUT);
    CHECK(strstr(r.d.why, "queue full") != NULL);
    /* A doorbell regardless of QUEUE_FREE is dropped and flagged as overflow. */
    regmodel_wr32(&r.m, TCE_REG_DOORBELL, 10);
    tce_drv_error_info e;
    CHECK(tce_drv_error(&r.d, &e) == TCE_DRV_OK);
    CHECK(e.overflow && e.status == TCE_OK);
    tce_drv_enable(&r.d, true);
    CHECK(tce_drv_wait_idle(&r.d) == TCE_DRV_OK);
    CHECK(regmodel_rd32(&r.m, TCE_REG_SEQ_DONE) == TCE_RM_QUEUE_DEPTH);
    /* A wait that cannot end ends as a timeout that says so. */
    tce_drv_enable(&r.d, false);
    uint32_t seq;
    CHECK(tce_drv_submit(&r.d, &op, &seq) == TCE_DRV_OK);
    CHECK(tce_drv_wait(&r.d, seq) == TCE_DRV_TIMEOUT);
    CHECK(strstr(r.d.why, "did not retire") != NULL);
    CHECK(tce_drv_reset(&r.d) == TCE_DRV_OK);
    CHECK(regmodel_rd32(&r.m, TCE_REG_SEQ_ISSUED) == 0);
    rig_close(&r);
}

static void test_groups(void)
{
    rig r;
    rig_open(&r, 2, 4, 40);
    uint8_t *s = tce_smem(&r.ms, 1, 0, 256);
    for (unsigned i = 0; i < 256; i++)
        s[i] = (uint8_t)(255 - i);
    tce_drv_enable(&r.d, false);
    tce_op a = store_op(1, GBASE, 0, 128);
    tce_op b = store_op(1, GBASE + 0x200, 128, 128);
    CHECK(tce_drv_submit(&r.d, &a, NULL) == TCE_DRV_OK);
    CHECK(tce_drv_submit(&r.d, &a, NULL) == TCE_DRV_OK);
    regmodel_wr32(&r.m, TCE_REG_GROUP_SEL, 1);
    CHECK(regmodel_rd32(&r.m, TCE_REG_GROUP_OPEN) == 2);
    CHECK(tce_drv_commit_group(&r.d, 1) == TCE_DRV_OK);
    CHECK(tce_drv_submit(&r.d, &b, NULL) == TCE_DRV_OK);
    CHECK(tce_drv_commit_group(&r.d, 1) == TCE_DRV_OK);
    /* An empty group is complete at once. */
    CHECK(tce_drv_commit_group(&r.d, 1) == TCE_DRV_OK);
    regmodel_wr32(&r.m, TCE_REG_GROUP_SEL, 1);
    CHECK(regmodel_rd32(&r.m, TCE_REG_GROUP_PENDING) == 2);
    CHECK(regmodel_rd32(&r.m, TCE_REG_GROUP_READ_PENDING) == 2);
    /* CTA 0 has no groups. */
    CHECK(tce_drv_wait_group(&r.d, 0, 0, false) == TCE_DRV_OK);
    /* Held engine: the groups cannot complete. */
    CHECK(tce_drv_wait_group(&r.d, 1, 1, false) == TCE_DRV_TIMEOUT);
    tce_drv_enable(&r.d, true);
    CHECK(tce_drv_wait_group(&r.d, 1, 1, false) == TCE_DRV_OK);
    regmodel_wr32(&r.m, TCE_REG_GROUP_SEL, 1);
    CHECK(regmodel_rd32(&r.m, TCE_REG_GROUP_PENDING) <= 1);
    CHECK(memcmp(tce_gmem(&r.ms, GBASE, 128), s, 128) == 0);
    /* .read: the source may be reused once read, before the writes complete. */
    CHECK(tce_drv_wait_group(&r.d, 1, 0, true) == TCE_DRV_OK);
    regmodel_wr32(&r.m, TCE_REG_GROUP_SEL, 1);
    CHECK(regmodel_rd32(&r.m, TCE_REG_GROUP_PENDING) == 1);
    memset(s + 128, 0xEE, 128); /* overwrite the source: the copy already read it */
    CHECK(tce_drv_wait_group(&r.d, 1, 0, false) == TCE_DRV_OK);
    for (unsigned i = 0; i < 128; i++)
        CHECK(tce_gmem(&r.ms, GBASE + 0x200 + i, 1)[0] == (uint8_t)(255 - 128 - i));
    CHECK(tce_drv_irq_status(&r.d) & TCE_RM_BIT(IRQ_STATUS, GROUP));
    CHECK(tce_drv_commit_group(&r.d, 2) == TCE_DRV_BAD_ARG);
    rig_close(&r);
}

static void test_tensormap_replace(void)
{
    rig r;
    rig_open(&r, 1, 0, 0);
    tce_gmem_port port = regmodel_gmem_port(&r.ms);
    tce_tensormap m, got;
    tce_diag why;
    const uint64_t gdim[2] = {64, 32}, gstr[1] = {128};
    const uint32_t box[2] = {16, 8}, es[2] = {1, 1};
    CHECK(tce_encode_tiled(&m, TCE_DT_FLOAT16, 2, GBASE + 0x1000, gdim, gstr, box, es,
                           TCE_IL_NONE, TCE_SW_NONE, TCE_L2_NONE, TCE_OOB_ZERO, &why) == TCE_OK);
    const uint64_t maddr = GBASE + 0x800;
    tce_desc_pack(&m, tce_gmem(&r.ms, maddr, TCE_DESC_BYTES));
    CHECK(tce_drv_tensormap_replace(&r.d, &port, maddr, TCE_TMR_BOX_DIM, 1, 32) == TCE_DRV_OK);
    CHECK(r.m.desc_invalidations == 1);
    CHECK(tce_desc_unpack(tce_gmem(&r.ms, maddr, TCE_DESC_BYTES), &got, &why) == TCE_OK);
    CHECK(got.box[1] == 32 && got.box[0] == 16 && got.gdim[1] == 32 && got.rank == 2);
    /* PTX .elemtype 10 is .bf16 (CUtensorMapDataType 9), 8 is .f32.ftz (10). */
    CHECK(tce_drv_tensormap_replace(&r.d, &port, maddr, TCE_TMR_ELEMTYPE, 0, 10) == TCE_DRV_OK);
    tce_desc_unpack(tce_gmem(&r.ms, maddr, TCE_DESC_BYTES), &got, &why);
    CHECK(got.dtype == TCE_DT_BFLOAT16);
    CHECK(tce_drv_tensormap_replace(&r.d, &port, maddr, TCE_TMR_ELEMTYPE, 0, 8) == TCE_DRV_OK);
    tce_desc_unpack(tce_gmem(&r.ms, maddr, TCE_DESC_BYTES), &got, &why);
    CHECK(got.dtype == TCE_DT_FLOAT32_FTZ);
    /* global_stride ord 0 is the stride of dimension 1. */
    CHECK(tce_drv_tensormap_replace(&r.d, &port, maddr, TCE_TMR_GLOBAL_STRIDE, 0, 256) ==
          TCE_DRV_OK);
    tce_desc_unpack(tce_gmem(&r.ms, maddr, TCE_DESC_BYTES), &got, &why);
    CHECK(got.gstride[1] == 256);
    /* rank is written as rank - 1. */
    CHECK(tce_drv_tensormap_replace(&r.d, &port, maddr, TCE_TMR_RANK, 0, 2) == TCE_DRV_OK);
    tce_desc_unpack(tce_gmem(&r.ms, maddr, TCE_DESC_BYTES), &got, &why);
    CHECK(got.rank == 3);
    /* Swizzle atomicity joins with 128B swizzle only. */
    CHECK(tce_drv_tensormap_replace(&r.d, &port, maddr, TCE_TMR_SWIZZLE_ATOMICITY, 0, 1) ==
          TCE_DRV_BAD_ARG);
    CHECK(r.d.detail == TCE_ERR_INVALID_VALUE);
    CHECK(strstr(r.d.why, "swizzle_atomicity") != NULL);
    CHECK(tce_drv_tensormap_replace(&r.d, &port, maddr, TCE_TMR_SWIZZLE_MODE, 0, 3) == TCE_DRV_OK);
    CHECK(tce_drv_tensormap_replace(&r.d, &port, maddr, TCE_TMR_SWIZZLE_ATOMICITY, 0, 2) ==
          TCE_DRV_OK);
    tce_desc_unpack(tce_gmem(&r.ms, maddr, TCE_DESC_BYTES), &got, &why);
    CHECK(got.swizzle == TCE_SW_128B_ATOM_32B_FLIP_8B);
    /* Values PTX does not define, and ones the descriptor cannot hold. */
    uint8_t before[TCE_DESC_BYTES];
    memcpy(before, tce_gmem(&r.ms, maddr, TCE_DESC_BYTES), TCE_DESC_BYTES);
    CHECK(tce_drv_tensormap_replace(&r.d, &port, maddr, TCE_TMR_FILL_MODE, 0, 2) ==
          TCE_DRV_BAD_ARG);
    CHECK(r.d.detail == TCE_ERR_ILLEGAL_INSTR);
    CHECK(tce_drv_tensormap_replace(&r.d, &port, maddr, TCE_TMR_BOX_DIM, 5, 8) == TCE_DRV_BAD_ARG);
    CHECK(r.d.detail == TCE_ERR_ILLEGAL_INSTR && strstr(r.d.why, "ord") != NULL);
    CHECK(tce_drv_tensormap_replace(&r.d, &port, maddr, TCE_TMR_BOX_DIM, 0, 257) ==
          TCE_DRV_BAD_ARG);
    CHECK(r.d.detail == TCE_ERR_INVALID_VALUE);
    CHECK(memcmp(before, tce_gmem(&r.ms, maddr, TCE_DESC_BYTES), TCE_DESC_BYTES) == 0);
    /* Bytes without tce's MAGIC are the CUDA driver's map format, which the GPU changes
     * without checking (tmreplace.txt): rank - 1 = 1 lands in bits 68-70. */
    memset(tce_gmem(&r.ms, maddr, TCE_DESC_BYTES), 0, TCE_DESC_BYTES);
    CHECK(tce_drv_tensormap_replace(&r.d, &port, maddr, TCE_TMR_RANK, 0, 1) == TCE_DRV_OK);
    CHECK(tce_gmem(&r.ms, maddr, TCE_DESC_BYTES)[8] == 0x10);
    CHECK(tce_drv_tensormap_replace(&r.d, &port, maddr + 8, TCE_TMR_RANK, 0, 1) ==
          TCE_DRV_BAD_ARG);
    rig_close(&r);
}

int main(void)
{
    test_no_engine();
    test_identity();
    test_submit_and_complete();
    test_pack_limits();
    test_engine_errors();
    test_queue_full();
    test_groups();
    test_tensormap_replace();
    return check_finish("test_driver");
}
