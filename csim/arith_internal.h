/* Pieces shared by the arithmetic files (arith.c, arith_int.c, arith_float.c); not part
 * of the public API in arith.h. Everything here is integer-only so the RTL reduction unit
 * can mirror it. */
#ifndef TCE_ARITH_INTERNAL_H
#define TCE_ARITH_INTERNAL_H

#include "arith.h"

/* A binary floating-point format: exponent and stored-mantissa widths. */
typedef struct {
    unsigned ebits;
    unsigned mbits;
} tce_fpfmt;

extern const tce_fpfmt TCE_FP16, TCE_BF16, TCE_FP32, TCE_FP64;

/* What an add returns when its result is NaN. */
typedef enum {
    /* The positive all-ones-payload NaN (0x7fff, 0x7fffffff): what the H100's
     * f16/bf16/f32 reduction adds return for every NaN result. */
    TCE_NAN_CANONICAL = 0,
    /* An input NaN, quieted: the memory operand's if it is NaN, else the source's. */
    TCE_NAN_KEEP_MEM = 1,
    /* An input NaN, quieted: the source operand's if it is NaN, else the memory's. */
    TCE_NAN_KEEP_SRC = 2
} tce_nan_rule;

/* a + b in format f, round to nearest even. With ftz, subnormal inputs become zero of
 * the same sign before the add and a subnormal result becomes zero of its sign.
 * `invalid_nan` is returned for inf + -inf under the KEEP rules. */
uint64_t tce_fp_add(tce_fpfmt f, uint64_t mem, uint64_t src, bool ftz, tce_nan_rule nan,
                    uint64_t invalid_nan);

/* IEEE 754-2008 minNum/maxNum as the H100 reduction unit does them: a NaN operand is
 * ignored, two NaNs give the canonical NaN, and -0 orders below +0. */
uint64_t tce_fp_minmax(tce_fpfmt f, uint64_t mem, uint64_t src, bool is_max);

/* Integer ops on `bits`-wide values (32 or 64); signedness for min/max. */
uint64_t tce_int_apply(tce_redop op, unsigned bits, bool is_signed, uint64_t mem, uint64_t src);

#endif
