/* The accept/reject rules of cuTensorMapEncode{Tiled,Im2col,Im2colWide}, applied to a
 * decoded tensor map. One function serves both the encoder (which turns a failure into a
 * tce_diag naming the driver parameter) and descriptor unpack (which also names the
 * descriptor field and byte offset), so a descriptor is valid exactly when the encoder
 * could have produced it. See docs/encode.md for every rule and its evidence. */
#ifndef TCE_ENCODE_RULES_H
#define TCE_ENCODE_RULES_H

#include "descriptor_fields.h"
#include "tensormap.h"

/* Largest box, in the driver's own byte count, that an encode accepts (227 KiB, the H100's
 * opt-in shared memory per block; see docs/encode.md for the corpus bracket). */
#define TCE_ENC_MAX_BOX_BYTES 232448u

/* The broken rule: its text names the driver parameter; field/index name the descriptor
 * field that holds it (index -1: the field as a whole). */
typedef struct {
    tce_desc_field field;
    int index;
    char text[160];
} tce_encode_fault;

/* Checks every rule for a map of m->kind, as a driver for GPU `sm` (90 or 100) would.
 * Returns true when m is acceptable; otherwise fills *fault with the first broken rule. */
bool tce_encode_rules_check(const tce_tensormap *m, unsigned sm, tce_encode_fault *fault);

/* The driver's box byte count: element size times the product over dims of
 * floor(boxDim[i] / elementStrides[i]) (tiled), channels*pixels*esize (im2col). Packed
 * types count their global-memory bits. Exposed for tests. */
uint64_t tce_encode_box_bytes(const tce_tensormap *m);

#endif
