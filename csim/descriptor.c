/* The 128-byte descriptor image <-> tce_tensormap. The layout comes only from
 * descriptor_layout.def (through descriptor_fields.h); unpack accepts exactly the images
 * pack makes of maps the encoder accepts, and names the field and byte of anything else. */
#include "encode_rules.h"
#include "le_bytes.h"
#include "tce_text.h"

/* Freestanding (no libc): the firmware's tensormap.replace runs this on a soft CPU. */

const tce_desc_field_info tce_desc_fields[TCE_DF_COUNT] = {
#define DESC_FIELD(NAME, OFF, BYTES, ITEMS, SIGNED, DOC) {#NAME, OFF, BYTES, ITEMS, SIGNED},
#include "descriptor_layout.def"
#undef DESC_FIELD
};

/* Pack cannot fail, so a value its field cannot hold (a box of 300, a zero dimension) is
 * reported through the descriptor itself: this reserved byte gets the field's number + 1,
 * and unpack, which requires reserved bytes to be zero, names that field. */
#define PACK_OVERFLOW_BYTE 15u

unsigned tce_desc_field_offset(tce_desc_field f, int index)
{
    const tce_desc_field_info *fi = &tce_desc_fields[f];
    return fi->offset + (index > 0 ? (unsigned)index * fi->bytes : 0u);
}

/* Does v (a signed value when the field is signed) fit the field's item width? */
static bool fits(const tce_desc_field_info *fi, int64_t v, bool is_unsigned_u64, uint64_t u)
{
    unsigned bits = 8u * fi->bytes;
    if (fi->is_signed) {
        int64_t lo = -(int64_t)(1ull << (bits - 1)), hi = (int64_t)((1ull << (bits - 1)) - 1);
        return v >= lo && v <= hi;
    }
    if (is_unsigned_u64)
        return bits >= 64 || u < (1ull << bits);
    return v >= 0 && (bits >= 64 || (uint64_t)v < (1ull << bits));
}

static void put_u(uint8_t *out, tce_desc_field f, int index, uint64_t v)
{
    const tce_desc_field_info *fi = &tce_desc_fields[f];
    if (!fits(fi, 0, true, v) && out[PACK_OVERFLOW_BYTE] == 0)
        out[PACK_OVERFLOW_BYTE] = (uint8_t)(f + 1);
    tce_le_put(out + tce_desc_field_offset(f, index), fi->bytes, v);
}

static void put_s(uint8_t *out, tce_desc_field f, int index, int64_t v)
{
    const tce_desc_field_info *fi = &tce_desc_fields[f];
    if (!fits(fi, v, false, 0) && out[PACK_OVERFLOW_BYTE] == 0)
        out[PACK_OVERFLOW_BYTE] = (uint8_t)(f + 1);
    tce_le_put(out + tce_desc_field_offset(f, index), fi->bytes, (uint64_t)v);
}

/* Stored value minus one, so the top of each range (box 256, dim 2^32) fits; a zero, which
 * no valid map has, cannot be stored and is flagged. */
static void put_m1(uint8_t *out, tce_desc_field f, int index, uint64_t v)
{
    if (v == 0) {
        if (out[PACK_OVERFLOW_BYTE] == 0)
            out[PACK_OVERFLOW_BYTE] = (uint8_t)(f + 1);
        return;
    }
    put_u(out, f, index, v - 1);
}

static unsigned clamp_rank(unsigned rank)
{
    return rank > TCE_MAX_RANK ? TCE_MAX_RANK : rank;
}

/* Spatial dims whose corners the map carries. */
static unsigned corner_count(tce_map_kind kind, unsigned rank)
{
    if (kind == TCE_MAP_IM2COL)
        return rank >= 3 ? rank - 2 : 0;
    return kind == TCE_MAP_IM2COL_WIDE ? 1 : 0;
}

void tce_desc_pack(const tce_tensormap *m, uint8_t out[TCE_DESC_BYTES])
{
    for (unsigned b = 0; b < TCE_DESC_BYTES; b++)
        out[b] = 0;
    unsigned rank = clamp_rank(m->rank);
    put_u(out, TCE_DF_MAGIC, 0, TCE_DESC_MAGIC);
    put_u(out, TCE_DF_KIND, 0, (uint64_t)m->kind);
    put_u(out, TCE_DF_DTYPE, 0, (uint64_t)m->dtype);
    put_u(out, TCE_DF_RANK, 0, m->rank);
    put_u(out, TCE_DF_INTERLEAVE, 0, (uint64_t)m->interleave);
    put_u(out, TCE_DF_SWIZZLE, 0, (uint64_t)m->swizzle);
    put_u(out, TCE_DF_PROMO, 0, (uint64_t)m->promo);
    put_u(out, TCE_DF_OOBFILL, 0, (uint64_t)m->oobfill);
    put_u(out, TCE_DF_WIDE_MODE, 0, (uint64_t)m->wide);
    put_u(out, TCE_DF_CHANNELS, 0, m->channels);
    put_u(out, TCE_DF_PIXELS, 0, m->pixels);
    put_u(out, TCE_DF_ESIZE, 0, (unsigned)m->dtype < TCE_DT_COUNT ? tce_dtype_size(m->dtype) : 0);
    put_u(out, TCE_DF_GADDR, 0, m->gaddr);
    for (unsigned i = 0; i < rank; i++) {
        put_m1(out, TCE_DF_GDIM_M1, (int)i, m->gdim[i]);
        put_m1(out, TCE_DF_ESTRIDE_M1, (int)i, m->estride[i]);
        if (i > 0)
            put_u(out, TCE_DF_GSTRIDE, (int)i - 1, m->gstride[i]);
        if (m->kind == TCE_MAP_TILED)
            put_m1(out, TCE_DF_BOX_M1, (int)i, m->box[i]);
    }
    for (unsigned i = 0; i < corner_count(m->kind, rank); i++) {
        put_s(out, TCE_DF_LOWER, (int)i, m->lower[i]);
        put_s(out, TCE_DF_UPPER, (int)i, m->upper[i]);
    }
}

static tce_status bad(tce_diag *why, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static tce_status bad(tce_diag *why, const char *fmt, ...)
{
    if (why) {
        va_list ap;
        tce_text t;
        tce_text_start(&t, why->text, sizeof why->text);
        va_start(ap, fmt);
        tce_text_vformat(&t, fmt, ap);
        va_end(ap);
    }
    return TCE_ERR_BAD_DESCRIPTOR;
}

static uint64_t get_item(const uint8_t *in, tce_desc_field f, int index)
{
    return tce_le_get(in + tce_desc_field_offset(f, index), tce_desc_fields[f].bytes);
}

static int64_t get_signed(const uint8_t *in, tce_desc_field f, int index)
{
    unsigned bits = 8u * tce_desc_fields[f].bytes;
    uint64_t v = get_item(in, f, index);
    if (bits < 64 && (v >> (bits - 1)) & 1u)
        v |= ~0ull << bits;
    return (int64_t)v;
}

/* Whether item `index` of field f carries a value for a map of this kind and rank; an
 * item that does not must be zero. */
static bool item_used(tce_desc_field f, int index, tce_map_kind kind, unsigned rank)
{
    unsigned i = (unsigned)index;
    switch (f) {
    case TCE_DF_GDIM_M1:
    case TCE_DF_ESTRIDE_M1:
        return i < rank;
    case TCE_DF_GSTRIDE:
        return i + 1 < rank;
    case TCE_DF_BOX_M1:
        return kind == TCE_MAP_TILED && i < rank;
    case TCE_DF_LOWER:
    case TCE_DF_UPPER:
        return i < corner_count(kind, rank);
    case TCE_DF_CHANNELS:
    case TCE_DF_PIXELS:
        return kind != TCE_MAP_TILED;
    case TCE_DF_WIDE_MODE:
        return kind == TCE_MAP_IM2COL_WIDE;
    default:
        return true;
    }
}

/* Bytes that belong to no field. */
static void reserved_map(bool covered[TCE_DESC_BYTES])
{
    for (unsigned b = 0; b < TCE_DESC_BYTES; b++)
        covered[b] = false;
    for (unsigned f = 0; f < TCE_DF_COUNT; f++) {
        const tce_desc_field_info *fi = &tce_desc_fields[f];
        for (unsigned b = 0; b < fi->bytes * fi->items && fi->offset + b < TCE_DESC_BYTES; b++)
            covered[fi->offset + b] = true;
    }
}

static tce_status check_structure(const uint8_t *in, tce_diag *why)
{
    uint64_t magic = get_item(in, TCE_DF_MAGIC, 0);
    if (magic != TCE_DESC_MAGIC)
        return bad(why, "MAGIC (byte %u) is 0x%04llx, not 0x%04x: not a tce descriptor",
                   tce_desc_fields[TCE_DF_MAGIC].offset, (unsigned long long)magic,
                   TCE_DESC_MAGIC);
    bool covered[TCE_DESC_BYTES];
    reserved_map(covered);
    for (unsigned b = 0; b < TCE_DESC_BYTES; b++) {
        if (covered[b] || in[b] == 0)
            continue;
        if (b == PACK_OVERFLOW_BYTE && in[b] >= 1 && in[b] <= TCE_DF_COUNT)
            return bad(why, "%s (byte %u) was given a value it cannot hold when packed "
                       "(marker in reserved byte %u)", tce_desc_fields[in[b] - 1].name,
                       tce_desc_fields[in[b] - 1].offset, b);
        return bad(why, "reserved byte %u is 0x%02x, must be 0", b, in[b]);
    }
    uint64_t kind = get_item(in, TCE_DF_KIND, 0), dtype = get_item(in, TCE_DF_DTYPE, 0);
    uint64_t rank = get_item(in, TCE_DF_RANK, 0), esize = get_item(in, TCE_DF_ESIZE, 0);
    if (kind > TCE_MAP_IM2COL_WIDE)
        return bad(why, "KIND (byte %u) is %llu, not 0..2", tce_desc_fields[TCE_DF_KIND].offset,
                   (unsigned long long)kind);
    if (dtype >= TCE_DT_COUNT)
        return bad(why, "DTYPE (byte %u) is %llu, not a data type",
                   tce_desc_fields[TCE_DF_DTYPE].offset, (unsigned long long)dtype);
    if (rank < 1 || rank > TCE_MAX_RANK)
        return bad(why, "RANK (byte %u) is %llu, not 1..%u", tce_desc_fields[TCE_DF_RANK].offset,
                   (unsigned long long)rank, TCE_MAX_RANK);
    if (esize != tce_dtype_size((tce_dtype)dtype))
        return bad(why, "ESIZE (byte %u) is %llu, but %s elements are %u bytes",
                   tce_desc_fields[TCE_DF_ESIZE].offset, (unsigned long long)esize,
                   tce_dtype_name((tce_dtype)dtype), tce_dtype_size((tce_dtype)dtype));
    for (unsigned f = 0; f < TCE_DF_COUNT; f++)
        for (unsigned i = 0; i < tce_desc_fields[f].items; i++)
            if (!item_used((tce_desc_field)f, (int)i, (tce_map_kind)kind, (unsigned)rank) &&
                get_item(in, (tce_desc_field)f, (int)i) != 0)
                return bad(why, "%s[%u] (byte %u) must be 0 for a rank %llu %s map",
                           tce_desc_fields[f].name, i,
                           tce_desc_field_offset((tce_desc_field)f, (int)i),
                           (unsigned long long)rank,
                           kind == TCE_MAP_TILED ? "tiled" : kind == TCE_MAP_IM2COL
                                                                 ? "im2col"
                                                                 : "im2col wide");
    return TCE_OK;
}

tce_status tce_desc_unpack(const uint8_t in[TCE_DESC_BYTES], tce_tensormap *m, tce_diag *why)
{
    tce_tensormap d = {0};
    if (!in || !m)
        return bad(why, "descriptor unpack given a NULL %s", in ? "map" : "image");
    tce_status st = check_structure(in, why);
    if (st != TCE_OK)
        return st;
    d.kind = (tce_map_kind)get_item(in, TCE_DF_KIND, 0);
    d.dtype = (tce_dtype)get_item(in, TCE_DF_DTYPE, 0);
    d.rank = (unsigned)get_item(in, TCE_DF_RANK, 0);
    d.interleave = (tce_interleave)get_item(in, TCE_DF_INTERLEAVE, 0);
    d.swizzle = (tce_swizzle)get_item(in, TCE_DF_SWIZZLE, 0);
    d.promo = (tce_l2promo)get_item(in, TCE_DF_PROMO, 0);
    d.oobfill = (tce_oobfill)get_item(in, TCE_DF_OOBFILL, 0);
    d.wide = (tce_wide_mode)get_item(in, TCE_DF_WIDE_MODE, 0);
    d.channels = (uint32_t)get_item(in, TCE_DF_CHANNELS, 0);
    d.pixels = (uint32_t)get_item(in, TCE_DF_PIXELS, 0);
    d.gaddr = get_item(in, TCE_DF_GADDR, 0);
    d.gstride[0] = tce_dtype_size(d.dtype);
    for (unsigned i = 0; i < d.rank; i++) {
        d.gdim[i] = get_item(in, TCE_DF_GDIM_M1, (int)i) + 1;
        d.estride[i] = (uint32_t)get_item(in, TCE_DF_ESTRIDE_M1, (int)i) + 1;
        if (i > 0)
            d.gstride[i] = get_item(in, TCE_DF_GSTRIDE, (int)i - 1);
        if (d.kind == TCE_MAP_TILED)
            d.box[i] = (uint32_t)get_item(in, TCE_DF_BOX_M1, (int)i) + 1;
    }
    for (unsigned i = 0; i < corner_count(d.kind, d.rank); i++) {
        d.lower[i] = (int32_t)get_signed(in, TCE_DF_LOWER, (int)i);
        d.upper[i] = (int32_t)get_signed(in, TCE_DF_UPPER, (int)i);
    }
    /* Everything the encoder guarantees, under the most permissive target (sm_100): the
     * engine, not the descriptor, decides what a given GPU supports. */
    tce_encode_fault f;
    if (!tce_encode_rules_check(&d, 100, &f)) {
        const tce_desc_field_info *fi = &tce_desc_fields[f.field];
        if (f.index >= 0)
            return bad(why, "%s[%d] (byte %u): %s", fi->name, f.index,
                       tce_desc_field_offset(f.field, f.index), f.text);
        return bad(why, "%s (byte %u): %s", fi->name, fi->offset, f.text);
    }
    *m = d;
    if (why)
        why->text[0] = '\0';
    return TCE_OK;
}

unsigned tce_tensormap_smem_elem_bytes(const tce_tensormap *m)
{
    switch (m->dtype) {
    case TCE_DT_16U4_ALIGN8B:
        return 0; /* half a byte: 16 elements fill 8 bytes, as in global memory */
    case TCE_DT_16U4_ALIGN16B:
    case TCE_DT_16U6_ALIGN16B:
        return 1; /* each 16-element group is padded to 16 bytes */
    default:
        return tce_dtype_size(m->dtype);
    }
}
