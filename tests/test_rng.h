/* The byte generator the co-simulation tests fill memories with: xorshift64 (shifts 13, 7,
 * 17), one byte per step; and splitmix64 for the fuzz tests. Each test keeps its own state
 * and seed, so its data stay the same. */
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

/* splitmix64: the 64-bit generator of the fuzz tests (mutation kinds and positions). */
static inline uint64_t test_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

#endif
