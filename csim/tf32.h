/* Rounding of f32 data to tf32 as a TFLOAT32 / TFLOAT32_FTZ tensor load does it. */
#ifndef TCE_TF32_H
#define TCE_TF32_H

#include <stdint.h>

/* The tf32 value (f32 bit pattern, low 13 mantissa bits zero) of f32 bits x. */
uint32_t tce_tf32_round(uint32_t x);

#endif
