/* The CUDA driver's own 128-byte tensor map (CUtensorMap), byte for byte.
 *
 * The layout is defined once, in cumap_layout.def (hardware-derived: it reproduces every
 * map the H100's driver wrote in the hardware corpus); docs/cumap.md is generated from it.
 * Encode gives the bytes cuTensorMapEncodeTiled / cuTensorMapEncodeIm2col write for a map
 * the encoder accepted; decode gives the map back from such bytes. Freestanding, like the
 * rest of the descriptor code, so the firmware can convert maps on a soft CPU. */
#ifndef TCE_CUMAP_H
#define TCE_CUMAP_H

#include "tensormap.h"

#define TCE_CUMAP_BYTES 128

typedef enum {
#define CUMAP_FIELD(NAME, BIT, WIDTH, ITEMS, STEP, MAPS, DOC) TCE_CF_##NAME,
#include "cumap_layout.def"
#undef CUMAP_FIELD
    TCE_CF_COUNT
} tce_cumap_field;

/* Which maps a field belongs to (the MAPS column). */
#define TCE_CUMAP_TILED 1u
#define TCE_CUMAP_IM2COL 2u

typedef struct {
    const char *name;
    unsigned bit;   /* first bit of item 0 */
    unsigned width; /* bits per item */
    unsigned items;
    unsigned step;  /* bits from one item to the next */
    unsigned maps;  /* TCE_CUMAP_TILED | TCE_CUMAP_IM2COL */
    const char *doc;
} tce_cumap_field_info;

extern const tce_cumap_field_info tce_cumap_fields[TCE_CF_COUNT];

/* Raw bit access (bit 0 is bit 0 of byte 0; width 1..64; put keeps the low width bits). */
uint64_t tce_cumap_bits(const uint8_t d[TCE_CUMAP_BYTES], unsigned bit, unsigned width);
void tce_cumap_set_bits(uint8_t d[TCE_CUMAP_BYTES], unsigned bit, unsigned width, uint64_t v);
/* Item `item` of field f, as stored. */
uint64_t tce_cumap_get(const uint8_t d[TCE_CUMAP_BYTES], tce_cumap_field f, unsigned item);

/* Bits per pixel-box corner coordinate of an im2col map of this rank (16, 8, 5). */
unsigned tce_cumap_corner_bits(unsigned rank);

/* PTX .elemtype code <-> CUtensorMapDataType, with the TF32 flag the driver adds. */
bool tce_cumap_elemtype(tce_dtype dt, unsigned *code, bool *tf32);
bool tce_cumap_dtype(unsigned code, bool tf32, tce_dtype *out);

/* The bytes the driver writes for m (a map tce_encode_tiled / tce_encode_im2col accepted).
 * TCE_ERR_UNSUPPORTED for what the corpus does not show the driver's layout of (im2col
 * wide maps, packed sub-byte types, the sm_100 swizzle atomicities, 96B swizzle);
 * TCE_ERR_INVALID_VALUE when a value does not fit its field. why names the parameter. */
tce_status tce_cumap_encode(const tce_tensormap *m, uint8_t out[TCE_CUMAP_BYTES], tce_diag *why);

/* The map in driver bytes. TCE_ERR_BAD_DESCRIPTOR, naming the field and its bits, when a
 * reserved bit is set, a code has no meaning, or the map breaks a rule of the driver's
 * encoder (sm_100 rules, as tce_desc_unpack). Items past the rank are ignored (the
 * hardware's tensormap.replace leaves them) and so are the derived fields BOX_BYTES and
 * SWIZZLE_PERIOD (tensormap.replace does not update them): see tce_cumap_derived. */
tce_status tce_cumap_decode(const uint8_t in[TCE_CUMAP_BYTES], tce_tensormap *m, tce_diag *why);

/* Whether the derived fields hold what the driver would write for the decoded map m;
 * false names the first that does not (a map changed by tensormap.replace). */
bool tce_cumap_derived(const uint8_t in[TCE_CUMAP_BYTES], const tce_tensormap *m, tce_diag *why);

#endif
