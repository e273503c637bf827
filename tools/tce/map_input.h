/* What `tce map` reads: a driver-format map (128 bytes as hex on the command line or in
 * a file, or the raw bytes in a file) and tensor-map parameters as the CUDA driver takes
 * them (`tiled|im2col key=value...`). Errors name the argument, or FILE:LINE:COL. */
#ifndef TCE_MAP_INPUT_H
#define TCE_MAP_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cumap.h"

/* ARG is either 256 hex digits (whitespace, commas, braces and 0x prefixes allowed, as in
 * a C array or a hex dump) or a file holding that text or exactly 128 raw bytes. */
bool map_read_bytes(const char *arg, uint8_t out[TCE_CUMAP_BYTES], char *why, size_t cap);

/* The parameters of one cuTensorMapEncodeTiled / cuTensorMapEncodeIm2col call. */
typedef struct {
    bool im2col;
    tce_dtype dtype;
    unsigned rank;
    uint64_t gaddr;
    uint64_t gdim[TCE_MAX_RANK], gstride[TCE_MAX_RANK]; /* gstride: rank - 1 entries */
    uint32_t box[TCE_MAX_RANK], estride[TCE_MAX_RANK];
    int32_t lower[3], upper[3];
    uint32_t channels, pixels;
    tce_interleave il;
    tce_swizzle sw;
    tce_l2promo promo;
    tce_oobfill fill;
} map_params;

/* argv[0] is `tiled` or `im2col`, the rest key=value in the corpus's names (dtype, gdim,
 * gstride, box, estride, lower, upper, channels, pixels, gaddr, rank, interleave, swizzle,
 * promo, oobfill) or the driver API's (tensorDataType, globalDim, ...); enum values with
 * or without their CU_TENSOR_MAP_... prefix. Missing estride: all 1; missing enums: NONE;
 * missing gaddr: 0x10000 (any 256-byte-aligned address). */
bool map_parse_params(int argc, char **argv, map_params *p, char *why, size_t cap);

/* The parameters as a tensor map, unchecked (for naming the parameter a rule concerns). */
void map_to_tensormap(const map_params *p, tce_tensormap *m);
/* Run the driver's rules (sm_90 or sm_100): TCE_OK with *m, or the encoder's verdict. */
tce_status map_encode(const map_params *p, unsigned sm, tce_tensormap *m, tce_diag *why);

/* The driver API's names: "CU_TENSOR_MAP_DATA_TYPE_FLOAT16", ... */
void map_enum_names(const tce_tensormap *m, const char **dtype, const char **il,
                    const char **sw, const char **promo, const char **fill);

#endif
