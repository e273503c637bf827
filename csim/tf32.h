/* Rounding of f32 data to tf32 as a TFLOAT32 / TFLOAT32_FTZ tensor load does it. */
#ifndef TCE_TF32_H
#define TCE_TF32_H

#include <stddef.h>
#include <stdint.h>

#include "tce_types.h"

/* The tf32 value (f32 bit pattern, low 13 mantissa bits zero) of f32 bits x. */
uint32_t tce_tf32_round(uint32_t x);

/* Does a load of this dtype round its f32 data to tf32? (TFLOAT32 and TFLOAT32_FTZ.) */
bool tce_dtype_rounds_to_tf32(tce_dtype dt);

/* Round every whole 4-byte little-endian f32 in the n bytes at p to tf32, in place: the
 * one step tile and im2col loads both apply to the bytes they fetched. */
void tce_tf32_round_bytes(uint8_t *p, size_t n);

#endif
