/* The driver's 128-byte CUtensorMap <-> tce_tensormap. The layout comes only from
 * cumap_layout.def; the map rules are the encoder's own (encode_rules.c). Freestanding:
 * the firmware converts driver maps with it on a soft CPU. */
#include "cumap.h"

#include "encode_rules.h"
#include "tce_text.h"

const tce_cumap_field_info tce_cumap_fields[TCE_CF_COUNT] = {
#define CUMAP_FIELD(NAME, BIT, WIDTH, ITEMS, STEP, MAPS, DOC)                                 \
    {#NAME, BIT, WIDTH, ITEMS, STEP, MAPS, DOC},
#include "cumap_layout.def"
#undef CUMAP_FIELD
};

uint64_t tce_cumap_bits(const uint8_t d[TCE_CUMAP_BYTES], unsigned bit, unsigned width)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < width && bit + i < 8u * TCE_CUMAP_BYTES; i++)
        v |= (uint64_t)((d[(bit + i) >> 3] >> ((bit + i) & 7u)) & 1u) << i;
    return v;
}

void tce_cumap_set_bits(uint8_t d[TCE_CUMAP_BYTES], unsigned bit, unsigned width, uint64_t v)
{
    for (unsigned i = 0; i < width && bit + i < 8u * TCE_CUMAP_BYTES; i++) {
        unsigned b = bit + i;
        uint8_t m = (uint8_t)(1u << (b & 7u));
        d[b >> 3] = (uint8_t)(((v >> i) & 1u) ? d[b >> 3] | m : d[b >> 3] & ~m);
    }
}

uint64_t tce_cumap_get(const uint8_t d[TCE_CUMAP_BYTES], tce_cumap_field f, unsigned item)
{
    const tce_cumap_field_info *fi = &tce_cumap_fields[f];
    return tce_cumap_bits(d, fi->bit + item * fi->step, fi->width);
}

static void put(uint8_t d[TCE_CUMAP_BYTES], tce_cumap_field f, unsigned item, uint64_t v)
{
    const tce_cumap_field_info *fi = &tce_cumap_fields[f];
    tce_cumap_set_bits(d, fi->bit + item * fi->step, fi->width, v);
}

unsigned tce_cumap_corner_bits(unsigned rank)
{
    return rank == 3 ? 16u : rank == 4 ? 8u : 5u;
}

/* PTX Table 33 codes; the driver stores tf32 as f32 (or f32.ftz) plus the TF32 bit. */
bool tce_cumap_elemtype(tce_dtype dt, unsigned *code, bool *tf32)
{
    *tf32 = dt == TCE_DT_TFLOAT32 || dt == TCE_DT_TFLOAT32_FTZ;
    switch (dt) {
    case TCE_DT_FLOAT64: *code = 9; return true;
    case TCE_DT_BFLOAT16: *code = 10; return true;
    case TCE_DT_FLOAT32_FTZ: *code = 8; return true;
    case TCE_DT_TFLOAT32: *code = 7; return true;
    case TCE_DT_TFLOAT32_FTZ: *code = 8; return true;
    default:
        *code = (unsigned)dt;
        return (unsigned)dt <= TCE_DT_FLOAT32; /* packed types: no capture of their code */
    }
}

bool tce_cumap_dtype(unsigned code, bool tf32, tce_dtype *out)
{
    static const tce_dtype by_code[11] = {
        TCE_DT_UINT8,   TCE_DT_UINT16,      TCE_DT_UINT32,  TCE_DT_INT32,
        TCE_DT_UINT64,  TCE_DT_INT64,       TCE_DT_FLOAT16, TCE_DT_FLOAT32,
        TCE_DT_FLOAT32_FTZ, TCE_DT_FLOAT64, TCE_DT_BFLOAT16};
    if (code > 10 || (tf32 && code != 7 && code != 8))
        return false;
    *out = tf32 ? (code == 7 ? TCE_DT_TFLOAT32 : TCE_DT_TFLOAT32_FTZ) : by_code[code];
    return true;
}

static tce_status say(tce_diag *why, tce_status st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static tce_status say(tce_diag *why, tce_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (why)
        tce_text_vset(why->text, sizeof why->text, fmt, ap);
    va_end(ap);
    return st;
}

static uint32_t swizzle_period(tce_swizzle sw)
{
    return sw == TCE_SW_NONE ? 16u : 128u << (unsigned)sw; /* 256, 512, 1024 */
}

/* The value minus one must fit the field: zero and values past the top are refused. */
static bool put_m1(uint8_t *out, tce_cumap_field f, unsigned item, uint64_t v)
{
    unsigned w = tce_cumap_fields[f].width;
    if (v == 0 || (w < 64 && v - 1 >= (1ull << w)))
        return false;
    put(out, f, item, v - 1);
    return true;
}

tce_status tce_cumap_encode(const tce_tensormap *m, uint8_t out[TCE_CUMAP_BYTES], tce_diag *why)
{
    for (unsigned b = 0; b < TCE_CUMAP_BYTES; b++)
        out[b] = 0;
    unsigned code;
    bool tf32;
    if (m->kind != TCE_MAP_TILED && m->kind != TCE_MAP_IM2COL)
        return say(why, TCE_ERR_UNSUPPORTED, "im2col wide maps: the corpus (sm_90) holds no "
                   "driver bytes of one, so their layout is not known");
    if ((unsigned)m->dtype >= TCE_DT_COUNT || !tce_cumap_elemtype(m->dtype, &code, &tf32))
        return say(why, TCE_ERR_UNSUPPORTED, "tensorDataType %s: the corpus holds no driver "
                   "bytes of a packed sub-byte type", (unsigned)m->dtype < TCE_DT_COUNT
                   ? tce_dtype_name(m->dtype) : "?");
    if ((unsigned)m->swizzle > TCE_SW_128B)
        return say(why, TCE_ERR_UNSUPPORTED, "swizzle %s: the corpus holds no driver bytes of "
                   "it (sm_100 only)", tce_swizzle_name(m->swizzle));
    if (m->rank < 1 || m->rank > TCE_MAX_RANK || (m->kind == TCE_MAP_IM2COL && m->rank < 3))
        return say(why, TCE_ERR_INVALID_VALUE, "tensorRank=%u is not %s", m->rank,
                   m->kind == TCE_MAP_TILED ? "1..5" : "3..5");
    if ((unsigned)m->interleave > TCE_IL_32B || (unsigned)m->promo > TCE_L2_256B ||
        (unsigned)m->oobfill > TCE_OOB_NAN)
        return say(why, TCE_ERR_INVALID_VALUE, "interleave=%u, l2Promotion=%u or oobFill=%u "
                   "is not a driver enum value", (unsigned)m->interleave, (unsigned)m->promo,
                   (unsigned)m->oobfill);
    put(out, TCE_CF_GLOBAL_ADDRESS, 0, m->gaddr);
    put(out, TCE_CF_MODE, 0, m->kind == TCE_MAP_IM2COL);
    put(out, TCE_CF_RANK_M1, 0, m->rank - 1);
    put(out, TCE_CF_ELEMTYPE, 0, code);
    put(out, TCE_CF_TF32, 0, tf32);
    put(out, TCE_CF_INTERLEAVE, 0, (unsigned)m->interleave);
    put(out, TCE_CF_SWIZZLE, 0, (unsigned)m->swizzle);
    put(out, TCE_CF_OOB_FILL, 0, (unsigned)m->oobfill);
    put(out, TCE_CF_L2_PROMOTION, 0, (unsigned)m->promo);
    for (unsigned i = 0; i < m->rank; i++) {
        if (!put_m1(out, TCE_CF_GDIM_M1, i, m->gdim[i]))
            return say(why, TCE_ERR_INVALID_VALUE, "globalDim[%u]=%llu is not 1..2^32", i,
                       (unsigned long long)m->gdim[i]);
        if (!put_m1(out, TCE_CF_ESTRIDE_M1, i, m->estride[i]))
            return say(why, TCE_ERR_INVALID_VALUE, "elementStrides[%u]=%u is not 1..8", i,
                       (unsigned)m->estride[i]);
        if (i > 0) {
            uint64_t s = m->gstride[i];
            if (s % 16u || s >> 40)
                return say(why, TCE_ERR_INVALID_VALUE, "globalStrides[%u]=%llu is not a "
                           "multiple of 16 below 2^40", i - 1, (unsigned long long)s);
            put(out, TCE_CF_GSTRIDE_LO, i - 1, (s >> 4) & 0xFFFFFFFFu);
            put(out, TCE_CF_GSTRIDE_HI, i - 1, s >> 36);
        }
        if (m->kind == TCE_MAP_TILED && !put_m1(out, TCE_CF_BOX_M1, i, m->box[i]))
            return say(why, TCE_ERR_INVALID_VALUE, "boxDim[%u]=%u is not 1..256", i,
                       (unsigned)m->box[i]);
    }
    if (m->kind == TCE_MAP_IM2COL) {
        unsigned bits = tce_cumap_corner_bits(m->rank);
        int32_t lo = -(1 << (bits - 1)), hi = (1 << (bits - 1)) - 1;
        uint64_t lw = 0, uw = 0;
        for (unsigned i = 0; i + 2 < m->rank; i++) {
            if (m->lower[i] < lo || m->lower[i] > hi || m->upper[i] < lo || m->upper[i] > hi)
                return say(why, TCE_ERR_INVALID_VALUE, "pixelBox corner %u (lower %d, upper %d) "
                           "is outside [%d, %d]", i, (int)m->lower[i], (int)m->upper[i],
                           (int)lo, (int)hi);
            uint64_t mask = (1ull << bits) - 1;
            lw |= ((uint64_t)(uint32_t)m->lower[i] & mask) << (bits * i);
            uw |= ((uint64_t)(uint32_t)m->upper[i] & mask) << (bits * i);
        }
        put(out, TCE_CF_LOWER, 0, lw);
        put(out, TCE_CF_UPPER, 0, uw);
        if (!put_m1(out, TCE_CF_CHANNELS_M1, 0, m->channels))
            return say(why, TCE_ERR_INVALID_VALUE, "channelsPerPixel=%u is not 1..256",
                       (unsigned)m->channels);
        if (!put_m1(out, TCE_CF_PIXELS_M1, 0, m->pixels))
            return say(why, TCE_ERR_INVALID_VALUE, "pixelsPerColumn=%u is not 1..65536",
                       (unsigned)m->pixels);
    }
    uint64_t bytes = tce_encode_box_bytes(m);
    if (bytes >> 32)
        return say(why, TCE_ERR_INVALID_VALUE, "the box is %llu bytes, past 32 bits",
                   (unsigned long long)bytes);
    put(out, TCE_CF_BOX_BYTES, 0, bytes);
    put(out, TCE_CF_SWIZZLE_PERIOD, 0, swizzle_period(m->swizzle));
    if (why)
        why->text[0] = '\0';
    return TCE_OK;
}

/* Bits that belong to no field of a map of this mode. */
static bool reserved_bit(unsigned bit, unsigned maps)
{
    for (unsigned f = 0; f < TCE_CF_COUNT; f++) {
        const tce_cumap_field_info *fi = &tce_cumap_fields[f];
        if (!(fi->maps & maps))
            continue;
        for (unsigned i = 0; i < fi->items; i++) {
            unsigned lo = fi->bit + i * fi->step;
            if (bit >= lo && bit < lo + fi->width)
                return false;
        }
    }
    return true;
}

static int64_t sign_extend(uint64_t v, unsigned bits)
{
    if ((v >> (bits - 1)) & 1u)
        v |= ~0ull << bits;
    return (int64_t)v;
}

#define BAD TCE_ERR_BAD_DESCRIPTOR

tce_status tce_cumap_decode(const uint8_t in[TCE_CUMAP_BYTES], tce_tensormap *m, tce_diag *why)
{
    tce_tensormap d = {0};
    const tce_cumap_field_info *F = tce_cumap_fields;
    uint64_t mode = tce_cumap_get(in, TCE_CF_MODE, 0);
    if (mode > 1)
        return say(why, BAD, "MODE (bits %u-%u) is %llu: not 0 (tiled) or 1 (im2col)",
                   F[TCE_CF_MODE].bit, F[TCE_CF_MODE].bit + 3, (unsigned long long)mode);
    unsigned maps = mode ? TCE_CUMAP_IM2COL : TCE_CUMAP_TILED;
    for (unsigned b = 0; b < 8u * TCE_CUMAP_BYTES; b++)
        if (((in[b >> 3] >> (b & 7u)) & 1u) && reserved_bit(b, maps))
            return say(why, BAD, "bit %u (byte %u) is set; it is no field of a driver %s map",
                       b, b >> 3, mode ? "im2col" : "tiled");
    d.kind = mode ? TCE_MAP_IM2COL : TCE_MAP_TILED;
    d.rank = (unsigned)tce_cumap_get(in, TCE_CF_RANK_M1, 0) + 1;
    if (d.rank > TCE_MAX_RANK)
        return say(why, BAD, "RANK_M1 (bits %u-%u) is %u: rank %u is past 5", F[TCE_CF_RANK_M1].bit,
                   F[TCE_CF_RANK_M1].bit + 2, d.rank - 1, d.rank);
    unsigned code = (unsigned)tce_cumap_get(in, TCE_CF_ELEMTYPE, 0);
    bool tf32 = tce_cumap_get(in, TCE_CF_TF32, 0) != 0;
    if (!tce_cumap_dtype(code, tf32, &d.dtype))
        return say(why, BAD, "ELEMTYPE (bits %u-%u) is %u%s: no data type the H100's driver "
                   "writes", F[TCE_CF_ELEMTYPE].bit, F[TCE_CF_ELEMTYPE].bit + 3, code,
                   tf32 ? " with TF32 set" : "");
    d.interleave = (tce_interleave)tce_cumap_get(in, TCE_CF_INTERLEAVE, 0);
    if ((unsigned)d.interleave > TCE_IL_32B)
        return say(why, BAD, "INTERLEAVE (bits %u-%u) is 3: not a CUtensorMapInterleave",
                   F[TCE_CF_INTERLEAVE].bit, F[TCE_CF_INTERLEAVE].bit + 1);
    d.swizzle = (tce_swizzle)tce_cumap_get(in, TCE_CF_SWIZZLE, 0);
    d.oobfill = (tce_oobfill)tce_cumap_get(in, TCE_CF_OOB_FILL, 0);
    d.promo = (tce_l2promo)tce_cumap_get(in, TCE_CF_L2_PROMOTION, 0);
    d.gaddr = tce_cumap_get(in, TCE_CF_GLOBAL_ADDRESS, 0);
    d.gstride[0] = tce_dtype_size(d.dtype);
    for (unsigned i = 0; i < d.rank; i++) {
        d.gdim[i] = tce_cumap_get(in, TCE_CF_GDIM_M1, i) + 1;
        d.estride[i] = (uint32_t)tce_cumap_get(in, TCE_CF_ESTRIDE_M1, i) + 1;
        if (i > 0)
            d.gstride[i] = (tce_cumap_get(in, TCE_CF_GSTRIDE_LO, i - 1) |
                            tce_cumap_get(in, TCE_CF_GSTRIDE_HI, i - 1) << 32) << 4;
        if (d.kind == TCE_MAP_TILED)
            d.box[i] = (uint32_t)tce_cumap_get(in, TCE_CF_BOX_M1, i) + 1;
    }
    if (d.kind == TCE_MAP_IM2COL) {
        unsigned bits = tce_cumap_corner_bits(d.rank);
        uint64_t lw = tce_cumap_get(in, TCE_CF_LOWER, 0), uw = tce_cumap_get(in, TCE_CF_UPPER, 0);
        uint64_t mask = (1ull << bits) - 1;
        for (unsigned i = 0; i + 2 < d.rank; i++) {
            d.lower[i] = (int32_t)sign_extend((lw >> (bits * i)) & mask, bits);
            d.upper[i] = (int32_t)sign_extend((uw >> (bits * i)) & mask, bits);
        }
        /* Corner bits past the rank's corners belong to no corner. */
        unsigned used = bits * (d.rank - 2);
        if (used < 16 && ((lw >> used) || (uw >> used)))
            return say(why, BAD, "LOWER/UPPER bits past the %u corner bits of a rank %u map "
                       "are set", used, d.rank);
        d.channels = (uint32_t)tce_cumap_get(in, TCE_CF_CHANNELS_M1, 0) + 1;
        d.pixels = (uint32_t)tce_cumap_get(in, TCE_CF_PIXELS_M1, 0) + 1;
    }
    tce_encode_fault f;
    if (!tce_encode_rules_check(&d, 100, &f))
        return say(why, BAD, "the driver would not write this map: %s", f.text);
    *m = d;
    if (why)
        why->text[0] = '\0';
    return TCE_OK;
}

bool tce_cumap_derived(const uint8_t in[TCE_CUMAP_BYTES], const tce_tensormap *m, tce_diag *why)
{
    uint64_t bytes = tce_cumap_get(in, TCE_CF_BOX_BYTES, 0);
    uint64_t want = tce_encode_box_bytes(m);
    if (bytes != want)
        return say(why, TCE_ERR_BAD_DESCRIPTOR, "BOX_BYTES is %llu; the driver writes %llu for "
                   "these parameters", (unsigned long long)bytes, (unsigned long long)want) == 0;
    uint64_t period = tce_cumap_get(in, TCE_CF_SWIZZLE_PERIOD, 0);
    if (period != swizzle_period(m->swizzle))
        return say(why, TCE_ERR_BAD_DESCRIPTOR, "SWIZZLE_PERIOD is %llu; the driver writes %u "
                   "for %s swizzle", (unsigned long long)period, (unsigned)swizzle_period(m->swizzle),
                   tce_swizzle_name(m->swizzle)) == 0;
    if (why)
        why->text[0] = '\0';
    return true;
}
