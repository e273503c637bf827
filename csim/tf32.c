/* f32 -> tf32 rounding of TFLOAT32 / TFLOAT32_FTZ loads, as read off tile_load.txt
 * (34,491 in-bounds elements, docs/tile.md):
 *  - finite values keep sign, exponent and the top 10 mantissa bits, rounded to nearest
 *    on the 13 dropped bits; the one exact tie in the data (odd kept LSB) rounds up, which
 *    nearest-even and nearest-away agree on; nearest-even is what the PTX text says;
 *  - subnormals are rounded the same way and kept, also for TFLOAT32_FTZ (FTZ does not
 *    flush on the load path); a subnormal can round up into the smallest normal;
 *  - every NaN, of either sign, becomes the canonical 0x7FFFE000.
 * Carry out of the mantissa moves into the exponent by plain integer addition, so the
 * largest finite values round to infinity and infinity stays infinity. */
#include "tf32.h"

#include "le_bytes.h"

#define TF32_DROP 13u

uint32_t tce_tf32_round(uint32_t x)
{
    uint32_t mag = x & 0x7FFFFFFFu;
    if (mag > 0x7F800000u)
        return 0x7FFFE000u;
    if (mag == 0x7F800000u)
        return x;
    uint32_t lsb = (x >> TF32_DROP) & 1u;
    uint32_t bias = (1u << (TF32_DROP - 1)) - 1u + lsb;
    uint32_t sign = x & 0x80000000u;
    return sign | (((mag + bias) >> TF32_DROP) << TF32_DROP);
}

bool tce_dtype_rounds_to_tf32(tce_dtype dt)
{
    return dt == TCE_DT_TFLOAT32 || dt == TCE_DT_TFLOAT32_FTZ;
}

void tce_tf32_round_bytes(uint8_t *p, size_t n)
{
    for (size_t b = 0; b + 4 <= n; b += 4)
        tce_le_put(p + b, 4, tce_tf32_round((uint32_t)tce_le_get(p + b, 4)));
}
