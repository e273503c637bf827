/* docs/registers.md is generated from firmware/regmap.def; this test regenerates it in
 * memory and fails when the committed file differs, so the document cannot drift from
 * the register map. `test_regmodel_docs --write` rewrites the file. It also checks
 * regmap.def itself: registers do not overlap, fields fit their register and do not
 * overlap, and CAPS reset values equal the build parameters they describe. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver/tce_regmap.h"

#define DOC_PATH TCE_SOURCE_DIR "/docs/registers.md"

#include "check.h"

static char doc[65536];
static size_t len;

static void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#include <stdarg.h>
static void out(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(doc + len, sizeof doc - len, fmt, ap);
    va_end(ap);
    if (n > 0)
        len += (size_t)n < sizeof doc - len ? (size_t)n : sizeof doc - len - 1;
}

static void generate(void)
{
    out("# Copy-engine registers and command format\n\n");
    out("Generated from `firmware/regmap.def` (the single definition) by\n"
        "`build/tests/test_regmodel_docs --write`; the `test_regmodel_docs` CTest fails when\n"
        "this file and regmap.def disagree. All registers are 32-bit, AXI4-Lite, byte offsets.\n"
        "The command protocol (CMD[] + DOORBELL, sequence numbers, an error holds the queue\n"
        "until ERR_CODE is written) is described at the top of regmap.def; the driver is\n"
        "firmware/driver/tce_driver.h and the register-level model tools/tce/regmodel_engine.c.\n\n");
    out("## Build parameters\n\n| Name | Value | Meaning |\n| --- | --- | --- |\n");
#define TCE_RM_CONST(NAME, VALUE, DOC) out("| %s | %lld | %s |\n", #NAME, (long long)(VALUE), DOC);
#include "regmap.def"
#undef TCE_RM_CONST
    out("\n## Registers\n\n| Offset | Name | Count | Access | Meaning |\n| --- | --- | --- | --- | --- |\n");
#define TCE_RM_REG(NAME, OFFSET, COUNT, ACCESS, DOC) \
    out("| 0x%03x | %s | %d | %s | %s |\n", (unsigned)(OFFSET), #NAME, (int)(COUNT), #ACCESS, DOC);
#include "regmap.def"
#undef TCE_RM_REG
    out("\n## Register fields\n\n| Register | Field | Bits | Reset | Meaning |\n| --- | --- | --- | --- | --- |\n");
#define TCE_RM_FIELD(REG, NAME, LSB, WIDTH, RESET, DOC) \
    out("| %s | %s | [%d:%d] | %d | %s |\n", #REG, #NAME, (LSB) + (WIDTH) - 1, (LSB), (int)(RESET), DOC);
#include "regmap.def"
#undef TCE_RM_FIELD
    out("\n## Command format\n\nA command is up to CMD_WORDS 32-bit words written to CMD[] and pushed by\n"
        "writing its used length to DOORBELL. Index is the value ERR_INFO.FIELD reports.\n\n"
        "| Index | Field | Word | Bits | Items (word stride) | Meaning |\n| --- | --- | --- | --- | --- | --- |\n");
    int idx = 0;
#define TCE_RM_CMD_FIELD(NAME, WORD, LSB, WIDTH, COUNT, STRIDE, DOC) \
    out("| %d | %s | %d | [%d:%d] | %d (%d) | %s |\n", idx++, #NAME, WORD, (LSB) + (WIDTH) - 1, LSB, COUNT, STRIDE, DOC);
#include "regmap.def"
#undef TCE_RM_CMD_FIELD
}

static void check_map(void)
{
    /* Registers: word aligned, no overlap. */
    struct { const char *n; unsigned off, count; } regs[] = {
#define TCE_RM_REG(NAME, OFFSET, COUNT, ACCESS, DOC) {#NAME, OFFSET, COUNT},
#include "regmap.def"
#undef TCE_RM_REG
    };
    unsigned nr = sizeof regs / sizeof regs[0];
    for (unsigned i = 0; i < nr; i++) {
        CHECK(regs[i].off % 4 == 0);
        for (unsigned j = i + 1; j < nr; j++)
            CHECK(regs[i].off + 4 * regs[i].count <= regs[j].off ||
                  regs[j].off + 4 * regs[j].count <= regs[i].off);
    }
    CHECK(regs[nr - 1].count == TCE_RM_CMD_WORDS); /* the CMD block */
    /* Fields fit in 32 bits; fields of one register do not overlap. */
    struct { const char *reg; unsigned lsb, width, reset; } f[] = {
#define TCE_RM_FIELD(REG, NAME, LSB, WIDTH, RESET, DOC) {#REG, LSB, WIDTH, RESET},
#include "regmap.def"
#undef TCE_RM_FIELD
    };
    unsigned nf = sizeof f / sizeof f[0];
    for (unsigned i = 0; i < nf; i++) {
        CHECK(f[i].lsb + f[i].width <= 32);
        CHECK((f[i].reset & ~tce_rm_mask(f[i].width)) == 0);
        for (unsigned j = i + 1; j < nf; j++)
            if (!strcmp(f[i].reg, f[j].reg))
                CHECK(f[i].lsb + f[i].width <= f[j].lsb || f[j].lsb + f[j].width <= f[i].lsb);
    }
    CHECK((int)TCE_REG_CAPS_NCTA_RESET == (int)TCE_RM_NCTA);
    CHECK((int)TCE_REG_CAPS_QUEUE_DEPTH_RESET == (int)TCE_RM_QUEUE_DEPTH);
    CHECK((int)TCE_REG_CAPS_CMD_WORDS_RESET == (int)TCE_RM_CMD_WORDS);
    CHECK((int)TCE_REG_CAPS_DATA_BYTES_RESET == (int)TCE_RM_DATA_BYTES);
    CHECK((int)TCE_REG_STATUS_QUEUE_FREE_RESET == (int)TCE_RM_QUEUE_DEPTH);
    CHECK((int)TCE_REG_VERSION_MAJOR_RESET == (int)TCE_RM_VERSION_MAJOR);
    CHECK((int)TCE_REG_VERSION_MINOR_RESET == (int)TCE_RM_VERSION_MINOR);
    /* Command fields: inside the command, no two items share bits. */
    static uint32_t used[TCE_RM_CMD_WORDS];
    for (unsigned i = 0; i < TCE_CMDF_COUNT; i++) {
        const tce_cmd_field_desc *d = &tce_cmd_fields[i];
        CHECK(d->lsb + d->width <= 32);
        for (unsigned k = 0; k < d->count; k++) {
            unsigned w = d->word + k * d->stride;
            CHECK(w < TCE_RM_CMD_WORDS);
            if (w >= TCE_RM_CMD_WORDS)
                continue;
            uint32_t m = tce_rm_mask(d->width) << d->lsb;
            CHECK((used[w] & m) == 0);
            used[w] |= m;
        }
    }
    CHECK((int)TCE_CMDF_COUNT < (int)TCE_RM_FIELD_NONE);
}

int main(int argc, char **argv)
{
    check_map();
    generate();
    if (argc > 1 && !strcmp(argv[1], "--write")) {
        FILE *f = fopen(DOC_PATH, "wb");
        if (!f || fwrite(doc, 1, len, f) != len) {
            fprintf(stderr, "cannot write %s\n", DOC_PATH);
            return 1;
        }
        fclose(f);
        printf("wrote %s\n", DOC_PATH);
        return failures ? 1 : 0;
    }
    static char have[65536];
    FILE *f = fopen(DOC_PATH, "rb");
    size_t n = f ? fread(have, 1, sizeof have, f) : 0;
    if (f)
        fclose(f);
    if (n != len || memcmp(have, doc, len) != 0) {
        fprintf(stderr, "%s differs from firmware/regmap.def: run test_regmodel_docs --write\n",
                DOC_PATH);
        failures++;
    }
    if (failures)
        return 1;
    printf("test_regmodel_docs: registers.md matches regmap.def\n");
    return 0;
}
