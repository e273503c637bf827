/* A tce_op as engine command words, per the command format in firmware/regmap.def.
 * The driver packs; the engine (and its register-level model) unpacks and checks. */
#ifndef TCE_CMD_H
#define TCE_CMD_H

#include "op.h"
#include "tce_regmap.h"

/* Write `value` into item `item` of field `f`; false when it does not fit the field. */
bool tce_cmd_put(uint32_t w[TCE_RM_CMD_WORDS], tce_cmd_field_id f, unsigned item, uint32_t value);
uint32_t tce_cmd_get(const uint32_t w[TCE_RM_CMD_WORDS], tce_cmd_field_id f, unsigned item);

/* Pack op into w (all TCE_RM_CMD_WORDS words written). Returns the used prefix length
 * (1..TCE_RM_CMD_WORDS: the DOORBELL value), or 0 when a value does not fit its field;
 * then *bad names that field. */
unsigned tce_cmd_pack(const tce_op *op, uint32_t w[TCE_RM_CMD_WORDS], tce_cmd_field_id *bad);

/* Unpack what the engine received. Reserved bits and out-of-range enumerations are an
 * illegal instruction (no PTX instruction encodes them); *bad_field is the offending
 * field's index or TCE_RM_FIELD_NONE. */
tce_status tce_cmd_unpack(const uint32_t w[TCE_RM_CMD_WORDS], tce_op *op, unsigned *bad_field);

#endif
