/* Shared-memory swizzle patterns. Each XORs the 16-byte chunk index (or, for the
 * atomicity variants, a wider chunk) with the 128-byte line index bits of the absolute
 * shared address; see docs/swizzle.md for the derivation and which rest on hardware. */
#include "swizzle.h"

uint32_t tce_swizzle_addr(tce_swizzle sw, uint32_t a)
{
    switch (sw) {
    case TCE_SW_NONE: return a;
    case TCE_SW_32B: return a ^ (((a >> 7) & 1u) << 4);
    case TCE_SW_64B: return a ^ (((a >> 7) & 3u) << 4);
    case TCE_SW_128B: return a ^ (((a >> 7) & 7u) << 4);
    case TCE_SW_128B_ATOM_32B: return a ^ (((a >> 7) & 3u) << 5);
    case TCE_SW_128B_ATOM_32B_FLIP_8B:
        return (a ^ (((a >> 7) & 3u) << 5)) ^ (((a >> 7) & 1u) << 3);
    case TCE_SW_128B_ATOM_64B: return a ^ (((a >> 7) & 1u) << 6);
    case TCE_SW_96B: return a ^ (((a >> 7) & 1u) << 4);
    }
    return a;
}

unsigned tce_swizzle_span(tce_swizzle sw)
{
    switch (sw) {
    case TCE_SW_NONE: return 0;
    case TCE_SW_32B: return 32;
    case TCE_SW_64B: return 64;
    case TCE_SW_96B: return 96;
    default: return 128;
    }
}
