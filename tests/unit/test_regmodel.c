/* The register-level model register by register, against regmap.def's descriptions:
 * reset values, access types (RO ignores writes, W1C, WC, WT), the 64-bit statistics
 * latch, the interrupt line, soft reset, and the group-capacity error. */
#include <stdio.h>
#include <string.h>

#include "regmodel_engine.h"

#include "check.h"

static regmodel m;
static tce_memsys ms;
static uint32_t rd(uint32_t off) { return regmodel_rd32(&m, off); }
static void wr(uint32_t off, uint32_t v) { regmodel_wr32(&m, off, v); }

/* A 16-byte shared -> global store in bulk_group, CTA 0, pushed by hand. */
static void push_store(uint32_t gaddr)
{
    uint32_t w[TCE_RM_CMD_WORDS] = {0};
    tce_cmd_put(w, TCE_CMDF_OPCODE, 0, TCE_OP_BULK_COPY);
    tce_cmd_put(w, TCE_CMDF_SRC_SPACE, 0, TCE_SPACE_SHARED_CTA);
    tce_cmd_put(w, TCE_CMDF_DST_SPACE, 0, TCE_SPACE_GLOBAL);
    tce_cmd_put(w, TCE_CMDF_COMPLETION, 0, TCE_DONE_BULK_GROUP);
    tce_cmd_put(w, TCE_CMDF_GADDR_LO, 0, gaddr);
    tce_cmd_put(w, TCE_CMDF_SIZE, 0, 16);
    for (unsigned i = 0; i < 10; i++)
        wr(TCE_REG_AT(TCE_REG_CMD, i), w[i]);
    wr(TCE_REG_DOORBELL, 10);
}

int main(void)
{
    if (tce_memsys_init(&ms, 4, 0x1000) || tce_memsys_add_global(&ms, 0x10000, 0x1000))
        return 1;
    regmodel_init(&m, &ms, 1, 1, regmodel_mbar_complete_tx, NULL);

    /* Identification and reset values. */
    CHECK(rd(TCE_REG_ID) == 0x54434531u);
    CHECK(TCE_RM_GET(VERSION, MAJOR, rd(TCE_REG_VERSION)) == TCE_RM_VERSION_MAJOR);
    uint32_t caps = rd(TCE_REG_CAPS);
    CHECK(TCE_RM_GET(CAPS, NCTA, caps) == 4); /* the attached cluster */
    CHECK(TCE_RM_GET(CAPS, QUEUE_DEPTH, caps) == TCE_RM_QUEUE_DEPTH);
    CHECK(TCE_RM_GET(CAPS, CMD_WORDS, caps) == TCE_RM_CMD_WORDS);
    uint32_t st = rd(TCE_REG_STATUS);
    CHECK(TCE_RM_GET(STATUS, QUEUE_FREE, st) == TCE_REG_STATUS_QUEUE_FREE_RESET);
    CHECK(!TCE_RM_GET(STATUS, BUSY, st) && !TCE_RM_GET(STATUS, ERR, st));
    CHECK(rd(TCE_REG_CTRL) == 0);

    /* RO registers ignore writes; WT registers read 0; CMD[] reads back. */
    wr(TCE_REG_ID, 0);
    wr(TCE_REG_SEQ_DONE, 77);
    CHECK(rd(TCE_REG_ID) == 0x54434531u && rd(TCE_REG_SEQ_DONE) == 0);
    CHECK(rd(TCE_REG_DOORBELL) == 0 && rd(TCE_REG_GROUP_COMMIT) == 0);
    wr(TCE_REG_AT(TCE_REG_CMD, 48), 0xCAFEF00Du);
    CHECK(rd(TCE_REG_AT(TCE_REG_CMD, 48)) == 0xCAFEF00Du);
    CHECK(rd(0xFFC) == 0); /* unmapped */

    /* Disabled: commands wait, and the clock does not count. */
    push_store(0x10000);
    st = rd(TCE_REG_STATUS);
    CHECK(TCE_RM_GET(STATUS, QUEUED, st) == 1 && TCE_RM_GET(STATUS, BUSY, st));
    CHECK(rd(TCE_REG_STAT_CYCLES_LO) == 0);
    wr(TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE) | TCE_RM_BIT(CTRL, IRQ_EN));
    for (unsigned i = 0; i < 8; i++)
        rd(TCE_REG_STATUS);
    CHECK(rd(TCE_REG_SEQ_DONE) == 1);
    uint32_t irq = rd(TCE_REG_IRQ_STATUS);
    CHECK((irq & TCE_RM_BIT(IRQ_STATUS, DONE)) && (irq & TCE_RM_BIT(IRQ_STATUS, IDLE)));
    CHECK(regmodel_irq(&m));
    /* W1C: only the written bits clear. */
    wr(TCE_REG_IRQ_STATUS, TCE_RM_BIT(IRQ_STATUS, DONE));
    CHECK(rd(TCE_REG_IRQ_STATUS) == (irq & ~TCE_RM_BIT(IRQ_STATUS, DONE)));
    wr(TCE_REG_IRQ_STATUS, ~0u);
    CHECK(rd(TCE_REG_IRQ_STATUS) == 0 && !regmodel_irq(&m));

    /* Statistics: reading _LO latches _HI. */
    m.rbytes = 0x0000000500000010ull;
    CHECK(rd(TCE_REG_STAT_RBYTES_LO) == 0x10);
    m.rbytes = 0x0000000900000010ull; /* changes after the latch */
    CHECK(rd(TCE_REG_STAT_RBYTES_HI) == 5);

    /* The open group counts uncommitted bulk_group commands; the group limit is an error. */
    wr(TCE_REG_GROUP_SEL, 0);
    push_store(0x10010);
    CHECK(rd(TCE_REG_GROUP_OPEN) == 2); /* the first store is in the open group too */
    wr(TCE_REG_GROUP_COMMIT, 1);
    CHECK(rd(TCE_REG_GROUP_OPEN) == 0);
    /* Past what COUNT holds: it stays at 255 and MORE says more are open (regmap.def);
     * the commit still takes them all and clears both. */
    for (unsigned i = 0; i < 300; i++) {
        for (unsigned polls = 0; TCE_RM_GET(STATUS, QUEUE_FREE, rd(TCE_REG_STATUS)) == 0; polls++)
            CHECK(polls < 1000);
        push_store(0x10030);
        uint32_t open = rd(TCE_REG_GROUP_OPEN);
        CHECK(TCE_RM_GET(GROUP_OPEN, COUNT, open) == (i < 255 ? i + 1 : 255));
        CHECK(TCE_RM_GET(GROUP_OPEN, MORE, open) == (i >= 255));
        CHECK((open >> 9) == 0);
    }
    wr(TCE_REG_GROUP_COMMIT, 1);
    CHECK(rd(TCE_REG_GROUP_OPEN) == 0);
    wr(TCE_REG_CTRL, 0); /* hold, so the group stays pending */
    push_store(0x10020);
    wr(TCE_REG_GROUP_COMMIT, 1);
    CHECK(rd(TCE_REG_GROUP_PENDING) == 1 && rd(TCE_REG_GROUP_READ_PENDING) == 1);
    /* A doorbell with length 0 is flagged and not queued. */
    uint32_t issued = rd(TCE_REG_SEQ_ISSUED);
    wr(TCE_REG_DOORBELL, 0);
    CHECK(rd(TCE_REG_SEQ_ISSUED) == issued);
    CHECK(TCE_RM_GET(ERR_CODE, BADLEN, rd(TCE_REG_ERR_CODE)) == 1);
    CHECK(TCE_RM_GET(STATUS, ERR, rd(TCE_REG_STATUS)) == 1);
    /* Soft reset clears queue, groups, errors and counters; SOFT_RESET reads 0. */
    wr(TCE_REG_CTRL, TCE_RM_BIT(CTRL, SOFT_RESET) | TCE_RM_BIT(CTRL, ENABLE));
    CHECK(rd(TCE_REG_SEQ_ISSUED) == 0 && rd(TCE_REG_GROUP_PENDING) == 0);
    CHECK(TCE_RM_GET(STATUS, QUEUE_FREE, rd(TCE_REG_STATUS)) == TCE_RM_QUEUE_DEPTH);
    CHECK(rd(TCE_REG_ERR_CODE) == 0 && rd(TCE_REG_STAT_CMDS_OK) == 0);
    CHECK(rd(TCE_REG_CTRL) == TCE_RM_BIT(CTRL, ENABLE));
    /* DESC_INVAL is a pulse: counted, not stored. */
    wr(TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE) | TCE_RM_BIT(CTRL, DESC_INVAL));
    CHECK(m.desc_invalidations == 1 && rd(TCE_REG_CTRL) == TCE_RM_BIT(CTRL, ENABLE));
    tce_memsys_free(&ms);
    return check_finish("test_regmodel");
}
