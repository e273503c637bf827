/* The bridge's seeded generators, one place for all of them: the global-memory AXI model's
 * stalls, reordering and latency draws (tce_axi_mem.c), the shared-memory port's stalls
 * (tce_smem_model.c) and the SystemC memory's latency draws (systemc/tce_sc_memory.cpp).
 * Header-only and plain C, so the C++ wrapper includes it as it is. Each caller keeps its
 * own 64-bit state, so a run is repeatable for its seed and the streams are those the
 * models drew before they shared this file. */
#ifndef TCE_PRNG_H
#define TCE_PRNG_H

#include <stdint.h>

/* splitmix64 (Steele, Lea, Flood 2014): any state, zero included, starts a full stream. */
static inline uint64_t tce_prng_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* xorshift64* (Vigna 2016), the high 32 bits of the product: the AXI model's stream. The
 * state must not be 0 (it would stay 0); tce_axi_mem_disorder maps a seed of 0 to 1. */
static inline uint32_t tce_prng_xorshift64s(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return (uint32_t)((*state * 0x2545F4914F6CDD1Dull) >> 32);
}

#endif
