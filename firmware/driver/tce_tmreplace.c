/* tensormap.replace on a descriptor image: unpack, change one field with the PTX
 * operand conventions, re-pack and re-check, so the result is always a descriptor the
 * engine accepts or the call fails without touching it. */
#include "tce_tmreplace.h"

#include "descriptor_fields.h"
#include "tce_text.h"

static const char *const field_names[TCE_TMR_FIELD_COUNT] = {
    "global_address", "rank", "box_dim", "global_dim", "global_stride", "element_stride",
    "elemtype", "interleave_layout", "swizzle_mode", "swizzle_atomicity", "fill_mode"};

/* PTX .elemtype codes (Table 33) differ from CUtensorMapDataType from 8 to 10:
 * PTX 8 .f32.ftz, 9 .f64, 10 .bf16 vs driver 8 FLOAT64, 9 BFLOAT16, 10 FLOAT32_FTZ. */
static const tce_dtype ptx_elemtype[16] = {
    TCE_DT_UINT8,       TCE_DT_UINT16,       TCE_DT_UINT32,        TCE_DT_INT32,
    TCE_DT_UINT64,      TCE_DT_INT64,        TCE_DT_FLOAT16,       TCE_DT_FLOAT32,
    TCE_DT_FLOAT32_FTZ, TCE_DT_FLOAT64,      TCE_DT_BFLOAT16,      TCE_DT_TFLOAT32,
    TCE_DT_TFLOAT32_FTZ, TCE_DT_16U4_ALIGN8B, TCE_DT_16U4_ALIGN16B, TCE_DT_16U6_ALIGN16B};

const char *tce_tmr_field_name(tce_tmr_field f)
{
    return (unsigned)f < TCE_TMR_FIELD_COUNT ? field_names[f] : 0;
}

bool tce_tmr_field_from_name(const char *name, tce_tmr_field *out)
{
    for (unsigned i = 0; i < TCE_TMR_FIELD_COUNT; i++)
        if (tce_str_eq(name, field_names[i])) {
            *out = (tce_tmr_field)i;
            return true;
        }
    return false;
}

static tce_status fail(tce_diag *why, tce_status st, tce_tmr_field f, const char *rule,
                       uint64_t value)
{
    if (why) {
        tce_text t;
        tce_text_start(&t, why->text, sizeof why->text);
        tce_text_str(&t, "tensormap.replace .");
        tce_text_str(&t, field_names[f]);
        tce_text_str(&t, ": ");
        tce_text_str(&t, rule);
        tce_text_str(&t, " (got ");
        tce_text_dec(&t, value);
        tce_text_str(&t, ")");
    }
    return st;
}

/* The descriptor keeps swizzle mode and atomicity as one CUtensorMapSwizzle value. */
static void split_swizzle(tce_swizzle sw, unsigned *mode, unsigned *atom)
{
    *atom = 0;
    switch (sw) {
    case TCE_SW_NONE: *mode = 0; break;
    case TCE_SW_32B: *mode = 1; break;
    case TCE_SW_64B: *mode = 2; break;
    case TCE_SW_96B: *mode = 4; break;
    case TCE_SW_128B_ATOM_32B: *mode = 3; *atom = 1; break;
    case TCE_SW_128B_ATOM_32B_FLIP_8B: *mode = 3; *atom = 2; break;
    case TCE_SW_128B_ATOM_64B: *mode = 3; *atom = 3; break;
    default: *mode = 3; break;
    }
}

static bool join_swizzle(unsigned mode, unsigned atom, tce_swizzle *out)
{
    static const tce_swizzle by_mode[5] = {TCE_SW_NONE, TCE_SW_32B, TCE_SW_64B, TCE_SW_128B,
                                           TCE_SW_96B};
    static const tce_swizzle by_atom[4] = {TCE_SW_128B, TCE_SW_128B_ATOM_32B,
                                           TCE_SW_128B_ATOM_32B_FLIP_8B, TCE_SW_128B_ATOM_64B};
    if (atom == 0) {
        *out = by_mode[mode];
        return true;
    }
    if (mode != 3) /* only 128B swizzling has an atomicity other than 16B */
        return false;
    *out = by_atom[atom];
    return true;
}

tce_status tce_tensormap_replace(uint8_t desc[TCE_DESC_BYTES], tce_tmr_field f, unsigned ord,
                                 uint64_t v, tce_diag *why)
{
    tce_tensormap m;
    tce_diag inner;
    /* A map without tce's MAGIC is the CUDA driver's own: the hardware's bit writes. */
    if (desc[0] != (TCE_DESC_MAGIC & 0xFFu) || desc[1] != (TCE_DESC_MAGIC >> 8))
        return tce_cumap_replace(desc, f, ord, v, why);
    if ((unsigned)f >= TCE_TMR_FIELD_COUNT) {
        if (why)
            why->text[0] = '\0';
        return TCE_ERR_ILLEGAL_INSTR;
    }
    if (tce_desc_unpack(desc, &m, &inner) != TCE_OK) {
        if (why) {
            tce_text t;
            tce_text_start(&t, why->text, sizeof why->text);
            tce_text_str(&t, "tensormap.replace: the object is not a valid tensor map: ");
            tce_text_str(&t, inner.text);
        }
        return TCE_ERR_BAD_DESCRIPTOR;
    }
    if (m.kind != TCE_MAP_TILED)
        return fail(why, TCE_ERR_UNDEFINED, f, "only .tile tensor maps can be modified (map kind)",
                    (uint64_t)m.kind);
    bool per_dim = f == TCE_TMR_BOX_DIM || f == TCE_TMR_GLOBAL_DIM ||
                   f == TCE_TMR_GLOBAL_STRIDE || f == TCE_TMR_ELEMENT_STRIDE;
    unsigned ord_max = f == TCE_TMR_GLOBAL_STRIDE ? TCE_MAX_RANK - 1 : TCE_MAX_RANK;
    if (per_dim && ord >= ord_max)
        return fail(why, TCE_ERR_ILLEGAL_INSTR, f, "ord is past the largest tensor rank", ord);
    bool b64 = f == TCE_TMR_GLOBAL_ADDRESS || f == TCE_TMR_GLOBAL_STRIDE;
    if (!b64 && v > 0xFFFFFFFFu)
        return fail(why, TCE_ERR_ILLEGAL_INSTR, f, "new_val is .b32", v);
    unsigned mode, atom;
    split_swizzle(m.swizzle, &mode, &atom);

    switch (f) {
    case TCE_TMR_GLOBAL_ADDRESS:
        m.gaddr = v;
        break;
    case TCE_TMR_RANK:
        if (v >= TCE_MAX_RANK)
            return fail(why, TCE_ERR_INVALID_VALUE, f, "new_val is rank-1 and the rank is 1..5", v);
        /* Dimensions a larger rank brings in start as a dense extent of 1; the caller
         * replaces them next, as device-side map builders do. */
        for (unsigned i = m.rank; i <= v; i++) {
            m.gdim[i] = 1;
            m.box[i] = 1;
            m.estride[i] = 1;
            if (i > 0)
                m.gstride[i] = m.gstride[i - 1] * m.gdim[i - 1];
        }
        /* Dimensions a smaller rank drops are cleared, as the encoder leaves them. */
        for (unsigned i = (unsigned)v + 1; i < TCE_MAX_RANK; i++) {
            m.gdim[i] = 0;
            m.box[i] = 0;
            m.estride[i] = 0;
            m.gstride[i] = 0;
        }
        m.rank = (unsigned)v + 1;
        break;
    case TCE_TMR_BOX_DIM:
        if (v < 1 || v > 256)
            return fail(why, TCE_ERR_INVALID_VALUE, f, "box_dim must be 1..256", v);
        m.box[ord] = (uint32_t)v;
        break;
    case TCE_TMR_GLOBAL_DIM:
        if (v < 1)
            return fail(why, TCE_ERR_INVALID_VALUE, f, "global_dim must be at least 1", v);
        m.gdim[ord] = v;
        break;
    case TCE_TMR_GLOBAL_STRIDE:
        m.gstride[ord + 1] = v;
        break;
    case TCE_TMR_ELEMENT_STRIDE:
        if (v < 1 || v > 8)
            return fail(why, TCE_ERR_INVALID_VALUE, f, "element_stride must be 1..8", v);
        m.estride[ord] = (uint32_t)v;
        break;
    case TCE_TMR_ELEMTYPE:
        if (v > 15)
            return fail(why, TCE_ERR_ILLEGAL_INSTR, f, ".elemtype codes are 0..15", v);
        m.dtype = ptx_elemtype[v];
        m.gstride[0] = tce_dtype_size(m.dtype);
        break;
    case TCE_TMR_INTERLEAVE_LAYOUT:
        if (v > 2)
            return fail(why, TCE_ERR_ILLEGAL_INSTR, f, ".interleave_layout codes are 0..2", v);
        m.interleave = (tce_interleave)v;
        break;
    case TCE_TMR_SWIZZLE_MODE:
        if (v > 4)
            return fail(why, TCE_ERR_ILLEGAL_INSTR, f, ".swizzle_mode codes are 0..4", v);
        if (!join_swizzle((unsigned)v, atom, &m.swizzle))
            return fail(why, TCE_ERR_INVALID_VALUE, f,
                        "the map's swizzle atomicity is not 16B, which needs 128B swizzling", v);
        break;
    case TCE_TMR_SWIZZLE_ATOMICITY:
        if (v > 3)
            return fail(why, TCE_ERR_ILLEGAL_INSTR, f, ".swizzle_atomicity codes are 0..3", v);
        if (!join_swizzle(mode, (unsigned)v, &m.swizzle))
            return fail(why, TCE_ERR_INVALID_VALUE, f,
                        "an atomicity other than 16B needs swizzle_mode 128B first", v);
        break;
    case TCE_TMR_FILL_MODE:
        if (v > 1)
            return fail(why, TCE_ERR_ILLEGAL_INSTR, f, ".fill_mode codes are 0..1", v);
        m.oobfill = (tce_oobfill)v;
        break;
    default:
        break;
    }

    /* Re-pack and re-check: a value the descriptor cannot hold fails here, not in use. */
    uint8_t img[TCE_DESC_BYTES];
    tce_tensormap check;
    tce_desc_pack(&m, img);
    if (tce_desc_unpack(img, &check, &inner) != TCE_OK) {
        if (why) {
            tce_text t;
            tce_text_start(&t, why->text, sizeof why->text);
            tce_text_str(&t, "tensormap.replace .");
            tce_text_str(&t, field_names[f]);
            tce_text_str(&t, ": the result is not a valid tensor map: ");
            tce_text_str(&t, inner.text);
        }
        return TCE_ERR_INVALID_VALUE;
    }
    for (unsigned i = 0; i < TCE_DESC_BYTES; i++)
        desc[i] = img[i];
    return TCE_OK;
}
