/* The driver's accept/reject rules for tensor maps. Each rule cites its source in
 * docs/encode.md: the driver documentation (tma-notes sections 2-4) or, where the H100's
 * driver disagrees with it or says nothing, the verdicts in tests/data/hwcorpus/encode.txt.
 * All arithmetic is on integers so the RTL's descriptor checks can mirror it. */
#include "encode_rules.h"

#include "tce_text.h"

/* Freestanding (no libc): descriptor unpack, and so the firmware's tensormap.replace, runs
 * these rules on a soft CPU. */

#define SPAN_NONE 0u

/* The format check runs in the hosted build. The freestanding rv32 build leaves it out:
 * there newlib's uint32_t/int32_t are long, which the check flags for %u/%d although
 * both are 32 bits on ilp32 and tce_text_vformat reads them alike. */
static bool fail(tce_encode_fault *f, tce_desc_field field, int index, const char *fmt, ...)
#if defined(__GNUC__) && __STDC_HOSTED__
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static bool fail(tce_encode_fault *f, tce_desc_field field, int index, const char *fmt, ...)
{
    va_list ap;
    tce_text t;
    f->field = field;
    f->index = index;
    tce_text_start(&t, f->text, sizeof f->text);
    va_start(ap, fmt);
    tce_text_vformat(&t, fmt, ap);
    va_end(ap);
    return false;
}

static bool is_packed(tce_dtype dt)
{
    return dt == TCE_DT_16U4_ALIGN8B || dt == TCE_DT_16U4_ALIGN16B || dt == TCE_DT_16U6_ALIGN16B;
}

/* The two packed types whose 16-element groups are padded to 16 bytes in shared memory. */
static bool is_align16_packed(tce_dtype dt)
{
    return dt == TCE_DT_16U4_ALIGN16B || dt == TCE_DT_16U6_ALIGN16B;
}

/* Bits one element occupies in global memory. */
static unsigned global_bits(tce_dtype dt)
{
    switch (dt) {
    case TCE_DT_16U4_ALIGN8B:
    case TCE_DT_16U4_ALIGN16B:
        return 4;
    case TCE_DT_16U6_ALIGN16B:
        return 6;
    default:
        return 8u * tce_dtype_size(dt);
    }
}

/* Bits one element occupies in shared memory (tma-notes section 6: the ALIGN16B types
 * pad each 16-element group to 16 bytes, i.e. one byte per element). */
static unsigned smem_bits(tce_dtype dt)
{
    if (is_align16_packed(dt))
        return 8;
    return global_bits(dt);
}

/* Bytes of one swizzle span; 0 when the mode does not limit the row. */
static unsigned swizzle_span(tce_swizzle sw)
{
    switch (sw) {
    case TCE_SW_32B:
        return 32;
    case TCE_SW_64B:
        return 64;
    case TCE_SW_96B:
        return 96;
    case TCE_SW_128B:
    case TCE_SW_128B_ATOM_32B:
    case TCE_SW_128B_ATOM_32B_FLIP_8B:
    case TCE_SW_128B_ATOM_64B:
        return 128;
    default:
        return SPAN_NONE;
    }
}

static bool is_atom_swizzle(tce_swizzle sw)
{
    return sw == TCE_SW_128B_ATOM_32B || sw == TCE_SW_128B_ATOM_32B_FLIP_8B ||
           sw == TCE_SW_128B_ATOM_64B;
}

static const char *il_name(tce_interleave il)
{
    return il == TCE_IL_16B ? "16B" : il == TCE_IL_32B ? "32B" : "NONE";
}

static const char *kind_call(tce_map_kind k)
{
    return k == TCE_MAP_TILED ? "tiled" : k == TCE_MAP_IM2COL ? "im2col" : "im2col wide";
}

uint64_t tce_encode_box_bytes(const tce_tensormap *m)
{
    uint64_t bits = global_bits(m->dtype);
    if (m->kind == TCE_MAP_TILED) {
        /* The driver's own count (it is what it stores in its descriptor and what its
         * limit is checked against): floor, not ceil, and elementStrides[0] counts even
         * without interleave. Verified on all 10641 accepted encodes of the corpus. */
        uint64_t n = 1;
        for (unsigned i = 0; i < m->rank && i < TCE_MAX_RANK; i++)
            n *= m->estride[i] ? m->box[i] / m->estride[i] : 0;
        return n * bits / 8u;
    }
    return (uint64_t)m->channels * m->pixels * bits / 8u;
}

/* Enumerations must hold one of the driver's values. */
static bool check_enums(const tce_tensormap *m, tce_encode_fault *f)
{
    if ((unsigned)m->kind > TCE_MAP_IM2COL_WIDE)
        return fail(f, TCE_DF_KIND, -1, "map kind %u is not tiled, im2col or im2col wide",
                    (unsigned)m->kind);
    if ((unsigned)m->dtype >= TCE_DT_COUNT)
        return fail(f, TCE_DF_DTYPE, -1, "tensorDataType=%u is not a CUtensorMapDataType",
                    (unsigned)m->dtype);
    if ((unsigned)m->interleave > TCE_IL_32B)
        return fail(f, TCE_DF_INTERLEAVE, -1, "interleave=%u is not NONE, 16B or 32B",
                    (unsigned)m->interleave);
    /* 96B swizzle exists only as a PTX tensormap field on sm_103a; no driver call makes it. */
    if ((unsigned)m->swizzle > TCE_SW_128B_ATOM_64B)
        return fail(f, TCE_DF_SWIZZLE, -1, "swizzle=%u is not a CUtensorMapSwizzle value",
                    (unsigned)m->swizzle);
    if ((unsigned)m->promo > TCE_L2_256B)
        return fail(f, TCE_DF_PROMO, -1, "l2Promotion=%u is not a CUtensorMapL2promotion value",
                    (unsigned)m->promo);
    if ((unsigned)m->oobfill > TCE_OOB_NAN)
        return fail(f, TCE_DF_OOBFILL, -1, "oobFill=%u is not NONE or NAN_REQUEST_ZERO_FMA",
                    (unsigned)m->oobfill);
    if (m->kind == TCE_MAP_IM2COL_WIDE && (unsigned)m->wide > TCE_WIDE_W128)
        return fail(f, TCE_DF_WIDE_MODE, -1, "mode=%u is not W or W128", (unsigned)m->wide);
    return true;
}

static bool check_rank(const tce_tensormap *m, tce_encode_fault *f)
{
    unsigned lo = m->kind == TCE_MAP_TILED ? 1 : 3;
    if (m->rank < lo || m->rank > TCE_MAX_RANK)
        return fail(f, TCE_DF_RANK, -1, "tensorRank=%u is outside %u..%u for a %s map", m->rank,
                    lo, TCE_MAX_RANK, kind_call(m->kind));
    /* Documented for tiled; the interleaved layouts exist only for 3D..5D tensors. */
    if (m->interleave != TCE_IL_NONE && m->rank < 3)
        return fail(f, TCE_DF_RANK, -1, "tensorRank=%u with interleave %s: interleaved maps "
                    "need rank >= 3", m->rank, il_name(m->interleave));
    return true;
}

/* What the H100's driver refuses although sm_100 drivers take it (corpus: every one of
 * 174 packed-type and 410 ATOM-swizzle encodes was rejected). */
static bool check_arch(const tce_tensormap *m, unsigned sm, tce_encode_fault *f)
{
    if (sm >= 100)
        return true;
    if (is_packed(m->dtype))
        return fail(f, TCE_DF_DTYPE, -1, "tensorDataType=%s is not supported on sm_%u "
                    "(packed sub-byte types need sm_100)", tce_dtype_name(m->dtype), sm);
    if (is_atom_swizzle(m->swizzle))
        return fail(f, TCE_DF_SWIZZLE, -1, "swizzle=%s is not supported on sm_%u (swizzle "
                    "atomicity needs sm_100)", tce_swizzle_name(m->swizzle), sm);
    return true;
}

/* 16 bytes always; 32 with 32B interleave or the ALIGN16B packed types. */
static unsigned global_align(const tce_tensormap *m)
{
    return (m->interleave == TCE_IL_32B || is_align16_packed(m->dtype)) ? 32u : 16u;
}

static bool check_global(const tce_tensormap *m, tce_encode_fault *f)
{
    unsigned al = global_align(m);
    /* The 128-byte alignment the programming guide asks of swizzled maps is not
     * enforced: the corpus has 487 accepted swizzled maps at 16-byte-aligned addresses. */
    if (m->gaddr % al)
        return fail(f, TCE_DF_GADDR, -1, "globalAddress=0x%llx is not %u-byte aligned",
                    (unsigned long long)m->gaddr, al);
    for (unsigned i = 0; i < m->rank; i++) {
        if (m->gdim[i] == 0)
            return fail(f, TCE_DF_GDIM_M1, (int)i, "globalDim[%u]=0 must be non-zero", i);
        if (m->gdim[i] > (1ull << 32))
            return fail(f, TCE_DF_GDIM_M1, (int)i, "globalDim[%u]=%llu exceeds 2^32", i,
                        (unsigned long long)m->gdim[i]);
    }
    if (m->dtype == TCE_DT_16U4_ALIGN8B && m->gdim[0] % 2)
        return fail(f, TCE_DF_GDIM_M1, 0, "globalDim[0]=%llu is not a multiple of 2 for "
                    "16U4_ALIGN8B", (unsigned long long)m->gdim[0]);
    if (is_align16_packed(m->dtype) && m->gdim[0] % 128)
        return fail(f, TCE_DF_GDIM_M1, 0, "globalDim[0]=%llu is not a multiple of 128 for %s",
                    (unsigned long long)m->gdim[0], tce_dtype_name(m->dtype));
    /* No ordering or overlap rule: the corpus accepts decreasing strides (158 maps) and
     * strides smaller than the row below them (592 maps). */
    for (unsigned i = 1; i < m->rank; i++) {
        uint64_t s = m->gstride[i];
        if (s % al)
            return fail(f, TCE_DF_GSTRIDE, (int)i - 1, "globalStrides[%u]=%llu is not a "
                        "multiple of %u", i - 1, (unsigned long long)s, al);
        if (s >= (1ull << 40))
            return fail(f, TCE_DF_GSTRIDE, (int)i - 1, "globalStrides[%u]=%llu is not below "
                        "2^40", i - 1, (unsigned long long)s);
    }
    return true;
}

static bool check_estrides(const tce_tensormap *m, tce_encode_fault *f)
{
    /* elementStrides[0] is range-checked even where the engine ignores it (corpus: 94
     * non-interleaved maps rejected for estride[0] of 0, 9 or 10 alone). */
    for (unsigned i = 0; i < m->rank; i++)
        if (m->estride[i] < 1 || m->estride[i] > 8)
            return fail(f, TCE_DF_ESTRIDE_M1, (int)i, "elementStrides[%u]=%u is outside 1..8",
                        i, m->estride[i]);
    return true;
}

static bool check_box(const tce_tensormap *m, tce_encode_fault *f)
{
    for (unsigned i = 0; i < m->rank; i++) {
        if (m->box[i] < 1)
            return fail(f, TCE_DF_BOX_M1, (int)i, "boxDim[%u]=0 must be at least 1", i);
        if (m->box[i] > 256)
            return fail(f, TCE_DF_BOX_M1, (int)i, "boxDim[%u]=%u exceeds 256", i, m->box[i]);
    }
    /* boxDim > globalDim is fine (4313 accepted maps have one). The row must be whole
     * 16-byte units with every interleave, not only NONE as documented (384 interleaved
     * maps rejected for it alone). */
    uint64_t row_bits = (uint64_t)m->box[0] * global_bits(m->dtype);
    if (row_bits % 128u)
        return fail(f, TCE_DF_BOX_M1, 0, "boxDim[0]=%u times the element size is %llu bits, "
                    "not a multiple of 16 bytes", m->box[0], (unsigned long long)row_bits);
    if (is_align16_packed(m->dtype) && m->box[0] != 128)
        return fail(f, TCE_DF_BOX_M1, 0, "boxDim[0]=%u must be 128 for %s", m->box[0],
                    tce_dtype_name(m->dtype));
    return true;
}

/* Range of each corner offset: the 16-bit field is split across the spatial dims. */
static int32_t corner_limit(const tce_tensormap *m)
{
    if (m->kind == TCE_MAP_IM2COL_WIDE)
        return 32768;
    return m->rank == 3 ? 32768 : m->rank == 4 ? 128 : 16;
}

static bool check_pixels(const tce_tensormap *m, tce_encode_fault *f)
{
    unsigned nsp = m->kind == TCE_MAP_IM2COL_WIDE ? 1 : m->rank - 2;
    int32_t lim = corner_limit(m);
    for (unsigned i = 0; i < nsp; i++) {
        if (m->lower[i] < -lim || m->lower[i] > lim - 1)
            return fail(f, TCE_DF_LOWER, (int)i, "pixelBoxLowerCorner[%u]=%d is outside "
                        "[%d, %d] for rank %u", i, m->lower[i], -lim, lim - 1, m->rank);
        if (m->upper[i] < -lim || m->upper[i] > lim - 1)
            return fail(f, TCE_DF_UPPER, (int)i, "pixelBoxUpperCorner[%u]=%d is outside "
                        "[%d, %d] for rank %u", i, m->upper[i], -lim, lim - 1, m->rank);
    }
    if (m->channels < 1 || m->channels > 256)
        return fail(f, TCE_DF_CHANNELS, -1, "channelsPerPixel=%u is outside 1..256",
                    m->channels);
    if (m->pixels < 1 || m->pixels > 1024)
        return fail(f, TCE_DF_PIXELS, -1, "pixelsPerColumn=%u is outside 1..1024", m->pixels);
    /* Undocumented; corpus: 82 maps rejected for it alone, none accepted against it. */
    uint64_t row_bits = (uint64_t)m->channels * global_bits(m->dtype);
    if (row_bits % 128u)
        return fail(f, TCE_DF_CHANNELS, -1, "channelsPerPixel=%u times the element size is "
                    "%llu bits, not a multiple of 16 bytes", m->channels,
                    (unsigned long long)row_bits);
    if (is_align16_packed(m->dtype) && m->channels != 128)
        return fail(f, TCE_DF_CHANNELS, -1, "channelsPerPixel=%u must be 128 for %s",
                    m->channels, tce_dtype_name(m->dtype));
    /* The box must have non-zero area: along each spatial dim the window of start pixels,
     * [lower, globalDim - 1 + upper], must not be empty (590 maps rejected for it alone, none
     * accepted against it). With an interleaved layout the H100's driver measures corner i against
     * globalDim[i] instead of globalDim[i+1] (4 maps rejected for it alone and 14
     * accepted maps break the plain reading; see docs/encode.md). */
    unsigned shift = (m->interleave == TCE_IL_NONE || m->kind == TCE_MAP_IM2COL_WIDE) ? 1 : 0;
    for (unsigned i = 0; i < nsp; i++) {
        int64_t extent = (int64_t)m->gdim[i + shift] + m->upper[i] - m->lower[i];
        if (extent <= 0)
            return fail(f, TCE_DF_LOWER, (int)i, "pixel box along spatial dim %u is empty: "
                        "globalDim[%u]=%llu + upper %d - lower %d = %lld", i, i + shift,
                        (unsigned long long)m->gdim[i + shift], m->upper[i], m->lower[i],
                        (long long)extent);
    }
    return true;
}

/* Swizzle, interleave and element type combinations. */
static bool check_layout(const tce_tensormap *m, tce_encode_fault *f)
{
    /* The documented "32B interleave requires 32B swizzle" is not enforced by the H100's
     * driver: 71 accepted maps combine 32B interleave with NONE, 64B or 128B swizzle. */
    if (m->kind == TCE_MAP_IM2COL_WIDE) {
        if (m->interleave != TCE_IL_NONE)
            return fail(f, TCE_DF_INTERLEAVE, -1, "interleave=%s: im2col wide maps take no "
                        "interleave", il_name(m->interleave));
        if (m->swizzle != TCE_SW_64B && m->swizzle != TCE_SW_128B &&
            m->swizzle != TCE_SW_128B_ATOM_32B)
            return fail(f, TCE_DF_SWIZZLE, -1, "swizzle=%s: im2col wide maps need 64B, 128B "
                        "or 128B_ATOM_32B", tce_swizzle_name(m->swizzle));
    }
    if (is_align16_packed(m->dtype)) {
        bool ok = m->swizzle == TCE_SW_NONE || m->swizzle == TCE_SW_128B ||
                  m->swizzle == TCE_SW_128B_ATOM_32B ||
                  (m->dtype == TCE_DT_16U6_ALIGN16B && m->swizzle == TCE_SW_128B_ATOM_64B);
        if (!ok)
            return fail(f, TCE_DF_SWIZZLE, -1, "swizzle=%s is not allowed with %s",
                        tce_swizzle_name(m->swizzle), tce_dtype_name(m->dtype));
        if (m->dtype == TCE_DT_16U6_ALIGN16B && m->interleave != TCE_IL_NONE)
            return fail(f, TCE_DF_INTERLEAVE, -1, "interleave=%s: 16U6_ALIGN16B needs NONE",
                        il_name(m->interleave));
    }
    unsigned span = swizzle_span(m->swizzle);
    if (m->interleave == TCE_IL_NONE && span != SPAN_NONE) {
        uint64_t inner = m->kind == TCE_MAP_TILED ? m->box[0] : m->channels;
        uint64_t bytes = inner * smem_bits(m->dtype) / 8u;
        if (bytes > span)
            return fail(f, m->kind == TCE_MAP_TILED ? TCE_DF_BOX_M1 : TCE_DF_CHANNELS,
                        m->kind == TCE_MAP_TILED ? 0 : -1, "%s=%llu is %llu bytes, more than "
                        "the %u-byte span of swizzle %s",
                        m->kind == TCE_MAP_TILED ? "boxDim[0]" : "channelsPerPixel",
                        (unsigned long long)inner, (unsigned long long)bytes, span,
                        tce_swizzle_name(m->swizzle));
    }
    if (m->oobfill == TCE_OOB_NAN && !tce_dtype_is_float(m->dtype))
        return fail(f, TCE_DF_OOBFILL, -1, "oobFill=NAN_REQUEST_ZERO_FMA needs a floating-point "
                    "type, not %s", tce_dtype_name(m->dtype));
    return true;
}

bool tce_encode_rules_check(const tce_tensormap *m, unsigned sm, tce_encode_fault *f)
{
    if (m->kind == TCE_MAP_IM2COL_WIDE && sm < 100)
        sm = 100; /* such maps exist only for sm_100 and later */
    if (!check_enums(m, f) || !check_rank(m, f) || !check_arch(m, sm, f) ||
        !check_global(m, f))
        return false;
    if (m->kind == TCE_MAP_TILED ? !check_box(m, f) : !check_pixels(m, f))
        return false;
    if (!check_estrides(m, f) || !check_layout(m, f))
        return false;
    /* Undocumented; corpus: 20 tiled maps of 260352 bytes or more rejected for it alone,
     * none above 218400 accepted. */
    uint64_t bytes = tce_encode_box_bytes(m);
    if (bytes > TCE_ENC_MAX_BOX_BYTES)
        return fail(f, m->kind == TCE_MAP_TILED ? TCE_DF_BOX_M1 : TCE_DF_PIXELS, -1,
                    "the box is %llu bytes, more than the %u bytes of shared memory a block "
                    "can have", (unsigned long long)bytes, TCE_ENC_MAX_BOX_BYTES);
    return true;
}
