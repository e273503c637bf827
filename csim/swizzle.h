/* Shared-memory swizzle: where a byte at pre-swizzle shared address `a` really lands.
 * The pattern is a function of the absolute shared-memory address (the H100 shows the
 * swizzle phase follows the address bits, not the start of the box). */
#ifndef TCE_SWIZZLE_H
#define TCE_SWIZZLE_H

#include "tce_types.h"

uint32_t tce_swizzle_addr(tce_swizzle sw, uint32_t a);
/* Bytes of shared memory one box row spans under this swizzle (0 for NONE). */
unsigned tce_swizzle_span(tce_swizzle sw);

#endif
