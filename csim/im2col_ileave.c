/* im2col loads through a 16B/32B interleaved tensor map (the NC/xHWx layouts), read off
 * the H100 captures tests/data/probes/ileave_im2col.txt and ileave_im2col_b.txt.
 *
 * What the bytes show (every completed case, 487 of 488 with the whole row image in the
 * dump):
 *  - every shared-memory row is ONE slice of 16 or 32 bytes, whatever channelsPerPixel
 *    says: tx = pixelsPerColumn x slice bytes;
 *  - the spatial dimensions W, H, D are dimensions 0 .. rank-3, dimension rank-2 is the
 *    slice of channels and stays at coords[rank-2] for every row, and rank-1 is N (the
 *    same C dimension at rank-2 that interleaved tile loads walk only once, csim/tile.c);
 *  - dimension 0's coordinates are slice indices (bounds gdim[0] slices, address
 *    x0 x slice); spatial dimension j has the window [lower[j], gdim[j] - 1 + upper[j]],
 *    the traversal stride estride[j] and the offset im2col[j] (case 25: coords 6,
 *    offset 2, rows hold slices 8..18 of gdim[0] = 19, then five fill rows; case 5: after
 *    the W window of a rank-3 map the walk carries into N; case 50: a rank-4 walk carries
 *    from W into dim 1, case 46: a channel slice out of bounds fills every row);
 *  - out-of-bounds rows get the fill (zero, or 0x7FF7 with NaN fill on a float type);
 *  - rows are dense in shared memory (no padding to the swizzle span) and swizzled by
 *    address, as interleaved tile loads are.
 * So the walk is the plain im2col walk (i2c_walk) on a view of the map with the channel
 * dimension moved first; im2col.c runs it with the helpers below. */
#include "im2col_common.h"

#include "tensor_access.h"
#include "tf32.h"

#include <string.h>

unsigned i2c_slice_bytes(const tce_tensormap *map)
{
    return map->interleave == TCE_IL_16B ? 16u : 32u;
}

void i2c_ileave_view(const tce_op *op, const tce_tensormap *map, tce_op *vop,
                     tce_tensormap *view)
{
    unsigned rank = map->rank;
    *view = *map;
    *vop = *op;
    view->gdim[0] = map->gdim[rank - 2];
    view->estride[0] = map->estride[rank - 2];
    vop->coords[0] = op->coords[rank - 2];
    for (unsigned j = 0; j + 2 < rank; j++) {
        view->gdim[1 + j] = map->gdim[j];
        view->estride[1 + j] = map->estride[j];
        vop->coords[1 + j] = op->coords[j];
    }
}

void i2c_ileave_row_coords(const tce_op *op, const tce_tensormap *map, const i2c_walk *w,
                           int64_t *x)
{
    unsigned rank = map->rank;
    for (unsigned j = 0; j + 2 < rank; j++)
        x[j] = w->pos[j] + op->im2col[j];
    x[rank - 2] = op->coords[rank - 2];
    x[rank - 1] = w->n;
}

uint64_t i2c_slice_gaddr(const tce_tensormap *map, const int64_t *x)
{
    uint64_t a = map->gaddr + (uint64_t)x[0] * i2c_slice_bytes(map);
    for (unsigned i = 1; i < map->rank; i++)
        a += (uint64_t)x[i] * map->gstride[i];
    return a;
}

tce_status i2c_fetch_slice(const tce_tensormap *map, const tce_memsys *ms, const int64_t *x,
                           uint8_t *out, uint64_t *bad_addr, uint64_t *bytes_read)
{
    unsigned slice = i2c_slice_bytes(map);
    if (!tce_coords_in_bounds(map, x)) {
        tce_oob_fill_bytes(map, out, slice);
        return TCE_OK;
    }
    uint64_t a = i2c_slice_gaddr(map, x);
    const uint8_t *src = tce_gmem(ms, a, slice);
    if (!src) {
        *bad_addr = a;
        return TCE_ERR_GLOBAL_BUS;
    }
    memcpy(out, src, slice);
    *bytes_read += slice;
    if (tce_dtype_rounds_to_tf32(map->dtype))
        tce_tf32_round_bytes(out, slice);
    return TCE_OK;
}
