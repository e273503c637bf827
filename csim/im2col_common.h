/* Pieces the three im2col families share (im2col.c: loads with offsets, im2col_wide.c:
 * im2col::w and ::w::128, im2col_no_offs.c: stores and reduces):
 *
 *  - the pixel walk: which filter-base position (W, H, D, N) each shared-memory row
 *    holds, read off the H100 captures (docs/im2col.md);
 *  - the checks every im2col operation makes on the map and the channel coordinate;
 *  - fetching one row of channels from global memory (with the out-of-bounds fill and the
 *    tf32 rounding of TFLOAT32 loads), and delivering a finished image of rows to the
 *    destination CTAs of a load.
 *
 * Everything is integer arithmetic so the RTL can mirror it. */
#ifndef TCE_IM2COL_COMMON_H
#define TCE_IM2COL_COMMON_H

#include "csim.h"

/* Most rows one operation can produce: pixelsPerColumn <= 1024 (driver rule) plus, for
 * im2col::w, up to 511 halo rows. A larger count can only come from a corrupt map. */
#define I2C_MAX_ROWS 1536u
/* channelsPerPixel <= 256 (driver rule). */
#define I2C_MAX_CHANNELS 256u

/* The traversal of filter-base positions. Spatial dimension j (0 = W, 1 = H, 2 = D) runs
 * from its start to hi[j] in steps of step[j]; past hi[j] it restarts at lo[j] (not at a
 * stride-aligned value) and carries into dimension j+1; a carry out of the last spatial
 * dimension advances N by nstep (the N traversal stride). */
typedef struct {
    unsigned nsp;       /* spatial dimensions that move: rank-2 (im2col) or 1 (im2col::w) */
    int64_t pos[3];
    int64_t lo[3];
    int64_t hi[3];
    int64_t step[3];
    int64_t n;
    int64_t nstep;
} i2c_walk;

void i2c_walk_next(i2c_walk *w);

/* Start the walk of an im2col load or an im2col_no_offs store: every spatial dimension
 * (W, H, D) moves, from the op's coordinates through the window [lower, gdim - 1 + upper]
 * of filter-base positions, by the traversal strides. The start position of each spatial
 * dimension must lie inside its window; the H100 raises "illegal instruction" otherwise
 * (a start off the stride grid is legal and walks from where it is). Returns TCE_OK or a
 * failed result naming the coordinate. */
tce_result i2c_walk_begin(i2c_walk *w, const tce_op *op, const tce_tensormap *map);

/* Checks common to every im2col operation: a map of the expected kind whose rank matches
 * the instruction's .dim, a layout this model implements (interleaved only for im2col
 * loads and no_offs stores), and the channel coordinate on a 16-byte boundary (the H100 traps
 * otherwise, as for a tile's innermost coordinate; not checked for interleaved maps,
 * whose dim 0 is a pixel dimension).
 * Fills *esize with the element's bytes. */
tce_result i2c_check_common(const tce_op *op, const tce_tensormap *map, tce_map_kind want,
                            unsigned *esize);

/* pixelsPerColumn must be 1..1024 (driver rule); a map outside it is a bad descriptor.
 * (im2col::w::128 ignores the field and does not check it.) */
tce_result i2c_check_pixels(const tce_tensormap *map);

/* Fetch channels elements of one row: tensor coordinate x (x[0] = first channel, the rest
 * the pixel) and the following channels along dim 0. Out-of-bounds elements get the fill;
 * TFLOAT32 values are rounded to tf32 (tce_tf32_round, shared with tile loads). A read
 * outside global memory returns TCE_ERR_GLOBAL_BUS with *bad_addr set; *bytes_read counts
 * in-bounds bytes. */
tce_status i2c_fetch_row(const tce_tensormap *map, const tce_memsys *ms, const int64_t *x,
                         unsigned channels, unsigned esize, uint8_t *out, uint64_t *bad_addr,
                         uint64_t *bytes_read);

/* Write rows x row_bytes of img to every destination CTA of a load, each row at pitch
 * tce_smem_row_pitch(swizzle, row_bytes) (row_bytes for an interleaved map) from the op's
 * shared address, through the swizzle. Checks the shared address, the destination CTAs and the mbarrier first, so a
 * failure writes nothing anywhere. Sets tx_bytes (rows x row_bytes), tx_ctas and
 * bytes_written in the returned result. */
tce_result i2c_deliver_load(const tce_op *op, const tce_tensormap *map, tce_memsys *ms,
                            const uint8_t *img, uint32_t rows, uint32_t row_bytes);

/* The family entry points tce_csim_im2col dispatches to. */
tce_result tce_i2c_wide_load(const tce_op *op, const tce_tensormap *map, tce_memsys *ms);
tce_result tce_i2c_no_offs_store(const tce_op *op, const tce_tensormap *map, tce_memsys *ms);
/* im2col loads and .im2col_no_offs stores through an interleaved map (im2col_ileave.c;
 * im2col.c and im2col_no_offs.c run the walk): the bytes of one row (a 16/32-byte slice);
 * the map and op the plain walk runs on (the channel dimension rank-2 moved first); row
 * coordinates x of the walk's position (x[0] a slice index); the global address of the
 * slice at in-bounds x; the row at x, or the fill when x is out of bounds, with the tf32
 * rounding of TFLOAT32 loads (TCE_ERR_GLOBAL_BUS and *bad_addr when unmapped). */
unsigned i2c_slice_bytes(const tce_tensormap *map);
void i2c_ileave_view(const tce_op *op, const tce_tensormap *map, tce_op *vop,
                     tce_tensormap *view);
void i2c_ileave_row_coords(const tce_op *op, const tce_tensormap *map, const i2c_walk *w,
                           int64_t *x);
uint64_t i2c_slice_gaddr(const tce_tensormap *map, const int64_t *x);
tce_status i2c_fetch_slice(const tce_tensormap *map, const tce_memsys *ms, const int64_t *x,
                           uint8_t *out, uint64_t *bad_addr, uint64_t *bytes_read);

#endif
