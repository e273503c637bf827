/* C view of the engine's register map and command format (firmware/regmap.def).
 *
 * Everything here is expanded from regmap.def, so the driver, the register-level model
 * and the RTL agree by construction. Names:
 *   TCE_RM_<CONST>                         build parameters (TCE_RM_CMD_WORDS, ...)
 *   TCE_REG_<REG>                          byte offset of a register
 *   TCE_REG_<REG>_COUNT                    registers in its block
 *   TCE_REG_<REG>_<FIELD>_LSB / _WIDTH     a register field
 *   TCE_CMDF_<FIELD>                       a command field's index (ERR_INFO.FIELD)
 * Freestanding-safe. */
#ifndef TCE_REGMAP_H
#define TCE_REGMAP_H

#include <stdint.h>

enum {
#define TCE_RM_CONST(NAME, VALUE, DOC) TCE_RM_##NAME = (VALUE),
#include "../regmap.def"
#undef TCE_RM_CONST
    TCE_RM_CONST_END_
};

enum {
#define TCE_RM_REG(NAME, OFFSET, COUNT, ACCESS, DOC)                                        \
    TCE_REG_##NAME = (OFFSET), TCE_REG_##NAME##_COUNT = (COUNT),
#include "../regmap.def"
#undef TCE_RM_REG
    TCE_REG_END_
};

enum {
#define TCE_RM_FIELD(REG, NAME, LSB, WIDTH, RESET, DOC)                                    \
    TCE_REG_##REG##_##NAME##_LSB = (LSB), TCE_REG_##REG##_##NAME##_WIDTH = (WIDTH),        \
    TCE_REG_##REG##_##NAME##_RESET = (RESET),
#include "../regmap.def"
#undef TCE_RM_FIELD
    TCE_REG_FIELD_END_
};

typedef enum {
#define TCE_RM_CMD_FIELD(NAME, WORD, LSB, WIDTH, COUNT, STRIDE, DOC) TCE_CMDF_##NAME,
#include "../regmap.def"
#undef TCE_RM_CMD_FIELD
    TCE_CMDF_COUNT
} tce_cmd_field_id;

/* One command field, as regmap.def describes it (table in tce_cmd.c). */
typedef struct {
    const char *name;
    uint8_t word, lsb, width, count, stride;
} tce_cmd_field_desc;

extern const tce_cmd_field_desc tce_cmd_fields[TCE_CMDF_COUNT];

/* Byte offset of register `reg` + i*4 (the CMD[] block). */
#define TCE_REG_AT(reg, i) ((uint32_t)(reg) + 4u * (uint32_t)(i))

static inline uint32_t tce_rm_mask(unsigned width)
{
    return width >= 32 ? 0xFFFFFFFFu : ((1u << width) - 1u);
}
static inline uint32_t tce_rm_get(uint32_t v, unsigned lsb, unsigned width)
{
    return (v >> lsb) & tce_rm_mask(width);
}
static inline uint32_t tce_rm_put(uint32_t v, unsigned lsb, unsigned width, uint32_t x)
{
    uint32_t m = tce_rm_mask(width) << lsb;
    return (v & ~m) | ((x << lsb) & m);
}
/* Field access by name: TCE_RM_GET(STATUS, QUEUE_FREE, v). */
#define TCE_RM_GET(REG, F, v) tce_rm_get((v), TCE_REG_##REG##_##F##_LSB, TCE_REG_##REG##_##F##_WIDTH)
#define TCE_RM_PUT(REG, F, v, x) \
    tce_rm_put((v), TCE_REG_##REG##_##F##_LSB, TCE_REG_##REG##_##F##_WIDTH, (x))
#define TCE_RM_BIT(REG, F) (1u << TCE_REG_##REG##_##F##_LSB)

#endif
