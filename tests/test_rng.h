/* The byte generator the co-simulation tests fill memories with: xorshift64 (shifts 13, 7,
 * 17), one byte per step. Each test keeps its own state and seed, so its data stay the same. */
#ifndef TCE_TEST_RNG_H
#define TCE_TEST_RNG_H

#include <stdint.h>

static inline uint8_t test_xorshift_byte(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return (uint8_t)*state;
}

#endif
