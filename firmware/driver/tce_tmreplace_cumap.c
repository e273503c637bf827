/* tensormap.replace on a driver-format map: a plain bit-field write, exactly as the H100
 * did in all 3000 cases of tests/data/hwcorpus/tmreplace.txt (out-of-range values
 * included: the hardware neither checks nor clamps, it keeps the field's low bits). */
#include "tce_tmreplace.h"

#include "cumap.h"
#include "tce_text.h"

static tce_status refuse(tce_diag *why, tce_status st, tce_tmr_field f, const char *rule,
                         uint64_t v)
{
    if (why) {
        tce_text t;
        tce_text_start(&t, why->text, sizeof why->text);
        tce_text_format(&t, "tensormap.replace .%s: %s (got %llu)", tce_tmr_field_name(f), rule,
                        (unsigned long long)v);
    }
    return st;
}

static void put(uint8_t *d, tce_cumap_field f, unsigned item, uint64_t v)
{
    const tce_cumap_field_info *fi = &tce_cumap_fields[f];
    tce_cumap_set_bits(d, fi->bit + item * fi->step, fi->width, v);
}

tce_status tce_cumap_replace(uint8_t desc[TCE_DESC_BYTES], tce_tmr_field f, unsigned ord,
                             uint64_t v, tce_diag *why)
{
    bool per_dim = f == TCE_TMR_BOX_DIM || f == TCE_TMR_GLOBAL_DIM ||
                   f == TCE_TMR_GLOBAL_STRIDE || f == TCE_TMR_ELEMENT_STRIDE;
    if (per_dim && ord >= TCE_MAX_RANK)
        return refuse(why, TCE_ERR_UNDEFINED, f, "ord past 4: no capture shows where the "
                      "hardware writes it", ord);
    bool b64 = f == TCE_TMR_GLOBAL_ADDRESS || f == TCE_TMR_GLOBAL_STRIDE;
    if (!b64 && v > 0xFFFFFFFFu)
        return refuse(why, TCE_ERR_ILLEGAL_INSTR, f, "new_val is .b32", v);
    switch (f) {
    case TCE_TMR_GLOBAL_ADDRESS:
        put(desc, TCE_CF_GLOBAL_ADDRESS, 0, v);
        break;
    case TCE_TMR_RANK:
        put(desc, TCE_CF_RANK_M1, 0, v);
        break;
    case TCE_TMR_BOX_DIM:
        put(desc, TCE_CF_BOX_M1, ord, v - 1);
        break;
    case TCE_TMR_GLOBAL_DIM:
        put(desc, TCE_CF_GDIM_M1, ord, v - 1);
        break;
    case TCE_TMR_ELEMENT_STRIDE:
        put(desc, TCE_CF_ESTRIDE_M1, ord, v - 1);
        break;
    case TCE_TMR_GLOBAL_STRIDE:
        /* Item 4 does not exist in a driver map, but the hardware writes it where the
         * item pattern puts it: over the high nibbles and the reserved bits after them. */
        put(desc, TCE_CF_GSTRIDE_LO, ord, (v >> 4) & 0xFFFFFFFFu);
        put(desc, TCE_CF_GSTRIDE_HI, ord, v >> 36);
        break;
    case TCE_TMR_ELEMTYPE:
        if (v > 15)
            return refuse(why, TCE_ERR_ILLEGAL_INSTR, f, ".elemtype codes are 0..15", v);
        if (v > 12)
            return refuse(why, TCE_ERR_UNSUPPORTED, f, "packed sub-byte types need sm_100; no "
                          "capture shows their code", v);
        /* tf32 and tf32.ftz are f32 and f32.ftz with the TF32 bit; no other type clears
         * that bit (seen in the corpus: a tf32 map given type 2 keeps it). */
        put(desc, TCE_CF_ELEMTYPE, 0, v == 11 ? 7 : v == 12 ? 8 : v);
        if (v >= 11)
            put(desc, TCE_CF_TF32, 0, 1);
        break;
    case TCE_TMR_INTERLEAVE_LAYOUT:
        if (v > 2)
            return refuse(why, TCE_ERR_ILLEGAL_INSTR, f, ".interleave_layout codes are 0..2", v);
        put(desc, TCE_CF_INTERLEAVE, 0, v);
        break;
    case TCE_TMR_SWIZZLE_MODE:
        if (v > 4)
            return refuse(why, TCE_ERR_ILLEGAL_INSTR, f, ".swizzle_mode codes are 0..4", v);
        if (v == 4)
            return refuse(why, TCE_ERR_UNSUPPORTED, f, "96B swizzle needs sm_103a", v);
        put(desc, TCE_CF_SWIZZLE, 0, v);
        break;
    case TCE_TMR_SWIZZLE_ATOMICITY:
        return refuse(why, TCE_ERR_UNSUPPORTED, f, "swizzle atomicity needs sm_100a; no "
                      "capture shows its bits", v);
    case TCE_TMR_FILL_MODE:
        if (v > 1)
            return refuse(why, TCE_ERR_ILLEGAL_INSTR, f, ".fill_mode codes are 0..1", v);
        put(desc, TCE_CF_OOB_FILL, 0, v);
        break;
    default:
        if (why)
            why->text[0] = '\0';
        return TCE_ERR_ILLEGAL_INSTR;
    }
    if (why)
        why->text[0] = '\0';
    return TCE_OK;
}
