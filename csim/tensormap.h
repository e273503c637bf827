/* The engine's tensor descriptor ("tensor map").
 *
 * tce_tensormap is the decoded form every model works on. In memory the descriptor is
 * 128 bytes whose layout is defined once, in descriptor_layout.def; docs/descriptor.md
 * and the RTL package rtl/generated/tce_desc_pkg.sv are generated from that file.
 *
 * The encode functions take exactly the parameters of cuTensorMapEncodeTiled,
 * cuTensorMapEncodeIm2col and cuTensorMapEncodeIm2colWide and accept or reject them by
 * the driver's rules (checked against the driver's verdicts in the hardware corpus). */
#ifndef TCE_TENSORMAP_H
#define TCE_TENSORMAP_H

#include "tce_types.h"

typedef struct {
    tce_map_kind kind;
    tce_dtype dtype;
    unsigned rank;                    /* 1..5 */
    uint64_t gaddr;                   /* global address of element 0 */
    uint64_t gdim[TCE_MAX_RANK];      /* elements per dim, innermost first */
    uint64_t gstride[TCE_MAX_RANK];   /* bytes; gstride[0] is the element size */
    uint32_t box[TCE_MAX_RANK];       /* tiled: boxDim; im2col: unused (0) */
    uint32_t estride[TCE_MAX_RANK];   /* elementStrides (traversal strides) */
    int32_t lower[3];                 /* im2col corners, W first; wide: lower[0] only */
    int32_t upper[3];
    uint32_t channels;                /* im2col channelsPerPixel */
    uint32_t pixels;                  /* im2col pixelsPerColumn */
    tce_interleave interleave;
    tce_swizzle swizzle;
    tce_l2promo promo;
    tce_oobfill oobfill;
    tce_wide_mode wide;               /* im2col wide only */
} tce_tensormap;

/* Why an encode or a decode said no: the rule, in words, naming the parameter. */
typedef struct {
    char text[160];
} tce_diag;

tce_status tce_encode_tiled(tce_tensormap *out, tce_dtype dtype, unsigned rank, uint64_t gaddr,
                            const uint64_t *gdim, const uint64_t *gstrides, const uint32_t *box,
                            const uint32_t *estrides, tce_interleave il, tce_swizzle sw,
                            tce_l2promo promo, tce_oobfill fill, tce_diag *why);

tce_status tce_encode_im2col(tce_tensormap *out, tce_dtype dtype, unsigned rank, uint64_t gaddr,
                             const uint64_t *gdim, const uint64_t *gstrides, const int32_t *lower,
                             const int32_t *upper, uint32_t channels, uint32_t pixels,
                             const uint32_t *estrides, tce_interleave il, tce_swizzle sw,
                             tce_l2promo promo, tce_oobfill fill, tce_diag *why);

tce_status tce_encode_im2col_wide(tce_tensormap *out, tce_dtype dtype, unsigned rank,
                                  uint64_t gaddr, const uint64_t *gdim, const uint64_t *gstrides,
                                  int32_t lower_w, int32_t upper_w, uint32_t channels,
                                  uint32_t pixels, const uint32_t *estrides, tce_interleave il,
                                  tce_wide_mode mode, tce_swizzle sw, tce_l2promo promo,
                                  tce_oobfill fill, tce_diag *why);

/* 128-byte descriptor image <-> decoded form. Unpack checks the format tag and the field
 * ranges so that a corrupted or hand-written descriptor is reported, never used. */
void tce_desc_pack(const tce_tensormap *m, uint8_t out[TCE_DESC_BYTES]);
tce_status tce_desc_unpack(const uint8_t in[TCE_DESC_BYTES], tce_tensormap *m, tce_diag *why);

/* Bytes one element occupies in shared memory (packed sub-byte types differ from global). */
unsigned tce_tensormap_smem_elem_bytes(const tce_tensormap *m);

/* The GPU whose driver rules the encode calls follow: 90 (default, the H100 the corpus was
 * captured on) or 100 (adds packed sub-byte types and swizzle atomicity). Returns the
 * previous setting. Im2col wide maps always follow the sm_100 rules. */
unsigned tce_encode_set_target_sm(unsigned sm);

#endif
