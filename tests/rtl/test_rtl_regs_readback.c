/* The register slave against the register map (firmware/regmap.def): every RW register the
 * driver's runs never read back (group select, cluster, shared-memory size, the eight global
 * windows) holds what was written, within its fields' widths; a DOORBELL whose word count is
 * outside 1..CMD_WORDS sets ERR_CODE.BADLEN and IRQ_STATUS.ERR and queues nothing; writing
 * ERR_CODE clears it; a DOORBELL on a full queue sets ERR_CODE.OVERFLOW and is dropped; CMD
 * words honour WSTRB as AXI4-Lite says (only the strobed bytes are written), both in their
 * read-back and in the command that runs; unmapped offsets read 0 and ignore writes; a command
 * whose opcode names no operation is refused as UNSUPPORTED at OPCODE. Written for code
 * coverage: these were tce_regs's and tce_cmd_exec's holes. */
#include <stdio.h>
#include <string.h>

#include "../unit/check.h"
#include "op.h"
#include "tce_cmd.h"
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

/* With CTRL.ENABLE 0 the queue holds its commands (regmap.def CTRL): QUEUE_DEPTH doorbells
 * fill it, the next is dropped as OVERFLOW (SEQ_ISSUED unchanged, IRQ_STATUS.ERR set), and
 * SOFT_RESET drops the queued ones, counting them retired. */
static void overflow(void)
{
    wr(TCE_REG_CTRL, 0);
    wr(TCE_REG_CMD, 0); /* a one-word command; it never runs */
    uint32_t depth = TCE_RM_GET(CAPS, QUEUE_DEPTH, rd(TCE_REG_CAPS));
    CHECK(depth > 0);
    uint32_t issued = rd(TCE_REG_SEQ_ISSUED);
    for (uint32_t i = 0; i < depth; i++)
        wr(TCE_REG_DOORBELL, 1);
    CHECK(rd(TCE_REG_SEQ_ISSUED) == issued + depth);
    CHECK(TCE_RM_GET(STATUS, QUEUE_FREE, rd(TCE_REG_STATUS)) == 0);
    CHECK(rd(TCE_REG_ERR_CODE) == 0); /* a full queue is no error yet */
    wr(TCE_REG_DOORBELL, 1);
    CHECK(rd(TCE_REG_SEQ_ISSUED) == issued + depth); /* dropped */
    CHECK(rd(TCE_REG_ERR_CODE) == TCE_RM_BIT(ERR_CODE, OVERFLOW));
    CHECK((rd(TCE_REG_IRQ_STATUS) >> TCE_REG_IRQ_STATUS_ERR_LSB) & 1u);
    wr(TCE_REG_CTRL, TCE_RM_BIT(CTRL, SOFT_RESET));
    CHECK(rd(TCE_REG_ERR_CODE) == 0);
    CHECK(TCE_RM_GET(STATUS, QUEUE_FREE, rd(TCE_REG_STATUS)) == depth);
    CHECK(rd(TCE_REG_SEQ_DONE) == rd(TCE_REG_SEQ_ISSUED));
}

/* Offsets the map leaves unmapped read 0 (as the register model answers them,
 * tools/tce/regmodel_engine.c): between registers, just past the last CMD word, past the
 * windows, the last word of the 4 KB space. Read after CMD and GWIN hold nonzero words. */
static void unmapped_reads_zero(void)
{
    static const uint32_t off[] = {0x00C, 0x04C, 0x0FC, TCE_REG_AT(TCE_REG_CMD, TCE_RM_CMD_WORDS),
                                   0x280, 0xFFC};
    for (unsigned i = 0; i < sizeof off / sizeof off[0]; i++)
        if (rd(off[i]) != 0) {
            fprintf(stderr, "  unmapped offset 0x%03x does not read 0\n", off[i]);
            CHECK(!"unmapped read");
        }
}

/* The register map's words, from regmap.def itself, so a new register needs no edit here. */
static const struct {
    const char *name;
    uint32_t off, count;
    const char *access;
} regmap[] = {
#define TCE_RM_REG(NAME, OFFSET, COUNT, ACCESS, DOC) {#NAME, OFFSET, COUNT, #ACCESS},
#include "regmap.def"
#undef TCE_RM_REG
};
#define NREGS (sizeof regmap / sizeof regmap[0])

static int mapped(uint32_t off)
{
    for (unsigned r = 0; r < NREGS; r++)
        if (off >= regmap[r].off && off < regmap[r].off + 4u * regmap[r].count)
            return 1;
    return 0;
}

/* Writes to unmapped offsets are ignored (docs/rtl.md): every RW word reads back as before,
 * and the offsets still read 0. The offsets set address bits 10 and 11, which the driver's
 * accesses never do (the map ends below 0x400). */
static void unmapped_writes_ignored(void)
{
    static const uint32_t off[] = {0x00C, 0x280, 0x404, 0x800, 0xC00, 0xFFC};
    static uint32_t before[1024];
    for (unsigned i = 0; i < sizeof off / sizeof off[0]; i++)
        CHECK(!mapped(off[i]));
    for (unsigned r = 0; r < NREGS; r++)
        if (!strcmp(regmap[r].access, "RW"))
            for (uint32_t i = 0; i < regmap[r].count; i++)
                before[TCE_REG_AT(regmap[r].off, i) / 4] = rd(TCE_REG_AT(regmap[r].off, i));
    for (unsigned i = 0; i < sizeof off / sizeof off[0]; i++) {
        wr(off[i], 0xFFFFFFFFu);
        wr(off[i], 0x5A5A5A5Au);
    }
    for (unsigned r = 0; r < NREGS; r++)
        if (!strcmp(regmap[r].access, "RW"))
            for (uint32_t i = 0; i < regmap[r].count; i++) {
                uint32_t a = TCE_REG_AT(regmap[r].off, i), got = rd(a);
                if (got != before[a / 4]) {
                    fprintf(stderr, "  %s[%u] at 0x%03x changed 0x%08x -> 0x%08x\n", regmap[r].name,
                            i, a, before[a / 4], got);
                    CHECK(!"unmapped write landed");
                }
            }
    for (unsigned i = 0; i < sizeof off / sizeof off[0]; i++)
        CHECK(rd(off[i]) == 0);
}

static void wr_strb(uint32_t off, uint32_t v, unsigned strb)
{
    CHECK(tce_sim_mmio_write_strb(sim, off, v, strb) == 0);
}

/* A CMD word never written since reset reads 0 in the bytes a strobe leaves out (as a reset
 * word would); a written word keeps them. The last word is one no test command uses. */
static void cmd_strobes_read_back(void)
{
    uint32_t last = TCE_REG_AT(TCE_REG_CMD, TCE_RM_CMD_WORDS - 1);
    wr_strb(last, 0xAABBCCDDu, 0x1);
    CHECK(rd(last) == 0x000000DDu);
    wr_strb(last, 0x11223344u, 0x6);
    CHECK(rd(last) == 0x002233DDu);
    wr_strb(last, 0x55667788u, 0x0);
    CHECK(rd(last) == 0x002233DDu);
    wr_strb(last, 0x99000000u, 0x8);
    CHECK(rd(last) == 0x992233DDu);
}

/* A bulk copy of 64 bytes from CTA 0's shared memory to global memory whose command words
 * are first written inverted, then put right a half at a time with junk in the half the
 * strobe leaves out: the copy runs only if every unstrobed byte was left alone. */
static void cmd_strobes_run(void)
{
    const uint64_t gbase = 0x10000000ull;
    CHECK(tce_sim_add_global(sim, gbase, 4096) == 0);
    uint8_t *src = tce_sim_smem(sim, 0, 0x200, 64), *dst = tce_sim_gmem(sim, gbase, 64);
    if (!src || !dst) {
        CHECK(!"memories");
        return;
    }
    for (unsigned i = 0; i < 64; i++) {
        src[i] = (uint8_t)(i * 13 + 5);
        dst[i] = 0;
    }
    /* The windows hold the read-back test's words: window 0 becomes this page, the
     * others none (size 0). */
    for (uint32_t i = 0; i < TCE_REG_GWIN_BASE_LO_COUNT; i++) {
        wr(TCE_REG_AT(TCE_REG_GWIN_SIZE_LO, i), i ? 0 : 4096);
        wr(TCE_REG_AT(TCE_REG_GWIN_SIZE_HI, i), 0);
        wr(TCE_REG_AT(TCE_REG_GWIN_BASE_LO, i), i ? 0 : (uint32_t)gbase);
        wr(TCE_REG_AT(TCE_REG_GWIN_BASE_HI, i), 0);
    }
    tce_op op = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, 0, gbase, 0x200, 64, 0);
    uint32_t w[TCE_RM_CMD_WORDS];
    tce_cmd_field_id bad;
    unsigned n = tce_cmd_pack(&op, w, &bad);
    CHECK(n > 0);
    for (unsigned i = 0; i < n; i++) {
        uint32_t at = TCE_REG_AT(TCE_REG_CMD, i);
        wr(at, ~w[i]);
        wr_strb(at, (w[i] & 0x0000FFFFu) | 0xDEAD0000u, 0x3);
        wr_strb(at, (w[i] & 0xFFFF0000u) | 0x0000BEEFu, 0xC);
        CHECK(rd(at) == w[i]);
    }
    wr(TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE));
    wr(TCE_REG_DOORBELL, n);
    CHECK(tce_sim_run_until_idle(sim, 100000) == 0);
    uint32_t err = rd(TCE_REG_ERR_CODE);
    if (err)
        fprintf(stderr, "  strobed command: ERR_CODE 0x%x ERR_INFO 0x%08x\n", err,
                rd(TCE_REG_ERR_INFO));
    CHECK(err == 0);
    dst = tce_sim_gmem(sim, gbase, 64);
    CHECK(dst && memcmp(dst, src, 64) == 0);
}

/* A command whose OPCODE names no operation (regmap.def's op enum ends at MULTIMEM_COPY, 8;
 * the field is four bits): the engine refuses it as an operation it does not implement,
 * ST_UNSUPPORTED at ERR_INFO.FIELD = OPCODE with KIND the opcode (docs/rtl.md), retires it
 * and writes nothing. The words are cmd_strobes_run's copy with the opcode replaced, so
 * everything else about it is legal. No driver call makes one: a raw doorbell does. */
static void unknown_opcodes(void)
{
    const uint64_t gbase = 0x10000000ull;
    uint8_t *dst = tce_sim_gmem(sim, gbase + 0x100, 64);
    if (!dst) {
        CHECK(!"memories");
        return;
    }
    memset(dst, 0xA5, 64);
    tce_op op = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, 0, gbase + 0x100, 0x200,
                                 64, 0);
    for (uint32_t opcode = TCE_OP_MULTIMEM_COPY + 1; opcode < 16; opcode++) {
        uint32_t w[TCE_RM_CMD_WORDS];
        tce_cmd_field_id bad;
        unsigned n = tce_cmd_pack(&op, w, &bad);
        CHECK(n > 0 && tce_cmd_put(w, TCE_CMDF_OPCODE, 0, opcode));
        for (unsigned i = 0; i < n; i++)
            wr(TCE_REG_AT(TCE_REG_CMD, i), w[i]);
        uint32_t issued = rd(TCE_REG_SEQ_ISSUED);
        wr(TCE_REG_DOORBELL, n);
        CHECK(tce_sim_run_until_idle(sim, 100000) == 0);
        uint32_t code = rd(TCE_REG_ERR_CODE), info = rd(TCE_REG_ERR_INFO);
        if (code != TCE_ERR_UNSUPPORTED || TCE_RM_GET(ERR_INFO, FIELD, info) != TCE_CMDF_OPCODE ||
            TCE_RM_GET(ERR_INFO, KIND, info) != opcode ||
            TCE_RM_GET(ERR_INFO, SEQ, info) != ((issued + 1) & 0xFFFFu)) {
            fprintf(stderr, "  opcode %u: ERR_CODE 0x%x ERR_INFO 0x%08x, want code %u field %u\n",
                    opcode, code, info, TCE_ERR_UNSUPPORTED, TCE_CMDF_OPCODE);
            CHECK(!"unknown opcode");
        }
        CHECK(rd(TCE_REG_SEQ_DONE) == issued + 1);
        wr(TCE_REG_ERR_CODE, 0);
        wr(TCE_REG_IRQ_STATUS, 0xFFFFFFFFu);
    }
    dst = tce_sim_gmem(sim, gbase + 0x100, 64);
    for (unsigned i = 0; dst && i < 64; i++)
        if (dst[i] != 0xA5) {
            fprintf(stderr, "  an unknown opcode wrote global byte %u\n", i);
            CHECK(!"unknown opcode wrote memory");
            break;
        }
}

/* CTRL.SOFT_RESET in the very cycle a command retires: that command counts as retired, so
 * SEQ_DONE meets SEQ_ISSUED once the engine is idle. The reset formed SEQ_DONE as SEQ_ISSUED
 * less the commands in flight, which still counted the one retiring and overrode its count:
 * SEQ_DONE stayed one behind for ever (found by the whole-engine bmc, docs/formal.md). The
 * command is one word with an unknown opcode (refused at once); the reset is swept across
 * the cycles after its doorbell so that one lands on its retirement. */
static void soft_reset_at_retirement(void)
{
    uint32_t w[TCE_RM_CMD_WORDS] = {0};
    CHECK(tce_cmd_put(w, TCE_CMDF_OPCODE, 0, 15));
    for (unsigned d = 0; d < 12; d++) {
        wr(TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE) | TCE_RM_BIT(CTRL, SOFT_RESET));
        wr(TCE_REG_CMD, w[0]);
        wr(TCE_REG_DOORBELL, 1);
        tce_sim_run(sim, d);
        wr(TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE) | TCE_RM_BIT(CTRL, SOFT_RESET));
        CHECK(tce_sim_run_until_idle(sim, 1000) == 0);
        uint32_t issued = rd(TCE_REG_SEQ_ISSUED), done = rd(TCE_REG_SEQ_DONE);
        if (done != issued) {
            fprintf(stderr, "  soft reset %u cycles after the doorbell: SEQ_ISSUED %u, SEQ_DONE %u\n",
                    d, issued, done);
            CHECK(!"SEQ_DONE behind after a soft reset");
        }
    }
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
    /* every bit of SMEM_SIZE, and a size below one 128-byte line: the register keeps what
     * was written (the checks use at most the build's SMEM_BYTES, tce_regs.sv mem_smem) */
    round_trip("SMEM_SIZE", TCE_REG_SMEM_SIZE, 0xFFFFFFFFu, 0xFFFFFFFFu);
    round_trip("SMEM_SIZE", TCE_REG_SMEM_SIZE, 0x0000003Fu, 0xFFFFFFFFu);
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
    overflow();
    cmd_strobes_read_back();
    cmd_strobes_run();
    unknown_opcodes();
    soft_reset_at_retirement();
    unmapped_reads_zero();
    unmapped_writes_ignored();
    tce_sim_destroy(sim);
    return check_finish("test_rtl_regs_readback");
}
