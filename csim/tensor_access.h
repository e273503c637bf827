/* Element-level access shared by the tensor modes (tile, gather4/scatter4, im2col):
 * bounds checks on tensor coordinates, the out-of-bounds fill value, and swizzled
 * shared-memory reads and writes. */
#ifndef TCE_TENSOR_ACCESS_H
#define TCE_TENSOR_ACCESS_H

#include "memsys.h"
#include "swizzle.h"
#include "tensormap.h"

/* Are tensor coordinates x[0..rank-1] inside [0, gdim[i])? */
bool tce_coords_in_bounds(const tce_tensormap *m, const int64_t *x);
/* Is the element at x written by a store or reduce? The H100 clips dim 0 only at 16-byte
 * granules (tile_store.txt: 19 x u16 rows are written as 48 bytes): every element of a
 * 16-byte chunk that holds a tensor element is written, even past globalDim[0]; an
 * interleaved layout clips at its own unit, and the other dims clip exactly.
 * dim0_bytes: global bytes between consecutive dim-0 coordinates. */
bool tce_store_in_bounds(const tce_tensormap *m, const int64_t *x, uint64_t dim0_bytes);
/* Coordinates x[1..rank-1] of row r of a box walked row by row, dim 1 fastest: dim i
 * counts n[i] positions from c[i] in steps of e[i] (the tile walk's odometer, which
 * tests/rtl_units/test_rtl_row_walk.c holds the RTL's row walk to). */
void tce_box_row_coords(unsigned rank, const uint32_t *n, const uint32_t *e, const int32_t *c,
                        uint64_t r, int64_t *x);
/* Global byte address of the element at in-bounds coordinates x. */
uint64_t tce_elem_gaddr(const tce_tensormap *m, const int64_t *x);
/* The fill for an out-of-bounds element of n bytes: zero, or with OOB-NaN fill on a float
 * type the 16-bit pattern 0x7FF7 repeated (what the H100 writes). */
void tce_oob_fill_bytes(const tce_tensormap *m, uint8_t *out, unsigned n);
/* Copy n bytes to/from pre-swizzle shared offset a of a CTA; every byte goes through the
 * swizzle. Returns TCE_ERR_SHARED_RANGE (nothing written) when any byte falls outside. */
tce_status tce_smem_put(tce_memsys *ms, unsigned cta, tce_swizzle sw, uint32_t a,
                        const uint8_t *src, uint32_t n);
tce_status tce_smem_get(const tce_memsys *ms, unsigned cta, tce_swizzle sw, uint32_t a,
                        uint8_t *dst, uint32_t n);
/* Shared-memory pitch of a box row of row_bytes: with a swizzle a row takes at least the
 * whole swizzle span (the H100 pads narrow rows), otherwise the row is dense. */
uint32_t tce_smem_row_pitch(tce_swizzle sw, uint32_t row_bytes);
/* Would every byte of [a, a+n) of CTA `cta`, after the swizzle, land in shared memory?
 * Lets an operation check all its accesses before it writes anything. */
bool tce_smem_span_ok(const tce_memsys *ms, unsigned cta, tce_swizzle sw, uint32_t a,
                      uint32_t n);

#endif
