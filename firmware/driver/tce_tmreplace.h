/* tensormap.replace: rewrite one field of a 128-byte tensor map image, with the PTX
 * instruction's operand conventions (PTX ISA, "tensormap.replace"). */
#ifndef TCE_TMREPLACE_H
#define TCE_TMREPLACE_H

#include "tensormap.h"

typedef enum {
    TCE_TMR_GLOBAL_ADDRESS = 0, /* .b64 */
    TCE_TMR_RANK,               /* new_val = rank - 1 */
    TCE_TMR_BOX_DIM,            /* ord = dimension */
    TCE_TMR_GLOBAL_DIM,         /* ord = dimension */
    TCE_TMR_GLOBAL_STRIDE,      /* .b64 bytes; ord i is globalStrides[i], the stride of dim i+1 */
    TCE_TMR_ELEMENT_STRIDE,     /* ord = dimension */
    TCE_TMR_ELEMTYPE,           /* PTX Table 33 code, NOT CUtensorMapDataType */
    TCE_TMR_INTERLEAVE_LAYOUT,
    TCE_TMR_SWIZZLE_MODE,       /* 0 none, 1 32B, 2 64B, 3 128B, 4 96B */
    TCE_TMR_SWIZZLE_ATOMICITY,  /* 0 16B, 1 32B, 2 32B + 8B flip, 3 64B */
    TCE_TMR_FILL_MODE,
    TCE_TMR_FIELD_COUNT
} tce_tmr_field;

/* The field's PTX name (global_address, rank, ...), or NULL when out of range. */
const char *tce_tmr_field_name(tce_tmr_field f);
/* Parse a PTX field name. */
bool tce_tmr_field_from_name(const char *name, tce_tmr_field *out);

/* Replace field `f` (item `ord` for per-dimension fields) of desc with new_val. A desc
 * that is not a tce descriptor (no MAGIC) is taken as the CUDA driver's map and handed to
 * tce_cumap_replace below. Errors for tce descriptors, with why->text naming the field and value:
 *   TCE_ERR_BAD_DESCRIPTOR  desc does not unpack;
 *   TCE_ERR_UNDEFINED       desc is not a tiled map (.mode is .tile only);
 *   TCE_ERR_ILLEGAL_INSTR   ord or a .field3 code that PTX does not define ("x" in Table 33);
 *   TCE_ERR_INVALID_VALUE   a value the descriptor cannot hold (box 0 or > 256, ...).
 * desc is unchanged on error. */
tce_status tce_tensormap_replace(uint8_t desc[TCE_DESC_BYTES], tce_tmr_field f, unsigned ord,
                                 uint64_t new_val, tce_diag *why);

/* tensormap.replace on the CUDA driver's own 128-byte map (csim/cumap.h), as the H100
 * executes it: the new value's bits go straight into the field (box, dim and element
 * stride minus one, stride divided by 16, rank as given, all cut to the field's width),
 * nothing else changes and nothing is checked, so a value out of range is stored as the
 * hardware stores it (docs/cumap.md). Errors, desc unchanged:
 *   TCE_ERR_UNDEFINED    ord past 4 (no capture writes there);
 *   TCE_ERR_UNSUPPORTED  swizzle_atomicity, swizzle_mode 4, elemtype 13..15 (sm_100+,
 *                        no captured layout);
 *   TCE_ERR_ILLEGAL_INSTR a .field3 code PTX does not define. */
tce_status tce_cumap_replace(uint8_t desc[TCE_DESC_BYTES], tce_tmr_field f, unsigned ord,
                             uint64_t new_val, tce_diag *why);

#endif
