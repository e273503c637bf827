/* Little-endian byte access: global and shared memory, the reduction operands and the
 * 128-byte descriptor all hold their multi-byte values low byte first (as the H100
 * does). One definition here so every csim family and the replay tools read and write
 * an element the same way. n is at most 8. */
#ifndef TCE_LE_BYTES_H
#define TCE_LE_BYTES_H

#include <stdint.h>

/* The n-byte little-endian value at p. */
static inline uint64_t tce_le_get(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)p[i] << (8u * i);
    return v;
}

/* Store the low n bytes of v at p, low byte first. */
static inline void tce_le_put(uint8_t *p, unsigned n, uint64_t v)
{
    for (unsigned i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8u * i));
}

#endif
