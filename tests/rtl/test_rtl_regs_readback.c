/* The register slave against the register map (firmware/regmap.def): every RW register the
 * driver's runs never read back (group select, cluster, shared-memory size, the eight global
 * windows) holds what was written, within its fields' widths; a DOORBELL whose word count is
 * outside 1..CMD_WORDS sets ERR_CODE.BADLEN and IRQ_STATUS.ERR and queues nothing; writing
 * ERR_CODE clears it. Written for code coverage: these were tce_regs's holes. */
#include <stdio.h>

#include "../unit/check.h"
#include "tce_regmap.h"
#include "tce_sim.h"

static tce_sim *sim;

static uint32_t rd(uint32_t off)
{
    uint32_t v = 0xDEADBEEFu;
    CHECK(tce_sim_mmio_read(sim, off, &v) == 0);
    return v;
}

static void wr(uint32_t off, uint32_t v) { CHECK(tce_sim_mmio_write(sim, off, v) == 0); }

/* Write v, read back v masked to the register's fields. */
static void round_trip(const char *name, uint32_t off, uint32_t v, uint32_t mask)
{
    wr(off, v);
    uint32_t got = rd(off);
    if (got != (v & mask)) {
        fprintf(stderr, "  %s: wrote 0x%08x, read 0x%08x, want 0x%08x\n", name, v, got, v & mask);
        CHECK(!"register read-back");
    }
}

static uint32_t field_mask(unsigned lsb, unsigned width)
{
    return (width >= 32 ? 0xFFFFFFFFu : ((1u << width) - 1u)) << lsb;
}

static uint32_t gwin_value(uint32_t i, unsigned k) { return (0x01000193u * (i * 4 + k + 1)) ^ 0x5A5A0000u; }

static void badlen(uint32_t words)
{
    uint32_t issued = rd(TCE_REG_SEQ_ISSUED);
    wr(TCE_REG_DOORBELL, words);
    CHECK((rd(TCE_REG_ERR_CODE) >> TCE_REG_ERR_CODE_BADLEN_LSB) & 1u);
    CHECK((rd(TCE_REG_IRQ_STATUS) >> TCE_REG_IRQ_STATUS_ERR_LSB) & 1u);
    CHECK(rd(TCE_REG_SEQ_ISSUED) == issued); /* dropped, not queued */
    wr(TCE_REG_ERR_CODE, 0);
    wr(TCE_REG_IRQ_STATUS, 0xFFFFFFFFu);
    CHECK(rd(TCE_REG_ERR_CODE) == 0);
}

int main(void)
{
    char err[160] = "";
    tce_sim_params p = tce_sim_default_params();
    sim = tce_sim_create(&p, err, sizeof err);
    if (!sim) {
        fprintf(stderr, "tce_sim_create: %s\n", err);
        return 2;
    }
    round_trip("GROUP_SEL", TCE_REG_GROUP_SEL, 0xA5A5A5A5u,
               field_mask(TCE_REG_GROUP_SEL_CTA_LSB, TCE_REG_GROUP_SEL_CTA_WIDTH));
    round_trip("GROUP_SEL", TCE_REG_GROUP_SEL, 0x3u,
               field_mask(TCE_REG_GROUP_SEL_CTA_LSB, TCE_REG_GROUP_SEL_CTA_WIDTH));
    round_trip("CLUSTER", TCE_REG_CLUSTER, 0x5Au,
               field_mask(TCE_REG_CLUSTER_NCTA_LSB, TCE_REG_CLUSTER_NCTA_WIDTH));
    round_trip("SMEM_SIZE", TCE_REG_SMEM_SIZE, 0x00012340u, 0xFFFFFFFFu);
    static const struct {
        const char *name;
        uint32_t reg;
    } gwin[4] = {{"GWIN_BASE_LO", TCE_REG_GWIN_BASE_LO},
                 {"GWIN_BASE_HI", TCE_REG_GWIN_BASE_HI},
                 {"GWIN_SIZE_LO", TCE_REG_GWIN_SIZE_LO},
                 {"GWIN_SIZE_HI", TCE_REG_GWIN_SIZE_HI}};
    for (uint32_t i = 0; i < TCE_REG_GWIN_BASE_LO_COUNT; i++)
        for (unsigned k = 0; k < 4; k++) /* a distinct value per word: a crossed word shows */
            round_trip(gwin[k].name, TCE_REG_AT(gwin[k].reg, i), gwin_value(i, k), 0xFFFFFFFFu);
    for (uint32_t i = 0; i < TCE_REG_GWIN_BASE_LO_COUNT; i++) /* no write landed elsewhere */
        for (unsigned k = 0; k < 4; k++)
            CHECK(rd(TCE_REG_AT(gwin[k].reg, i)) == gwin_value(i, k));
    badlen(0);
    badlen(TCE_RM_CMD_WORDS + 1);
    tce_sim_destroy(sim);
    return check_finish("test_rtl_regs_readback");
}
