/* im2col loads (cp.async.bulk.tensor / cp.async.bulk.prefetch.tensor .im2col) and the
 * entry point of every im2col mode.
 *
 * A load fills pixelsPerColumn shared-memory rows of channelsPerPixel elements. Row p
 * holds the pixel at filter base (w, h, d, n) of step p of the walk plus the instruction's
 * offsets {W, H, D}; the walk and the traps below are read off the 1600 H100 captures in
 * tests/data/hwcorpus/im2col_load.txt (docs/im2col.md gives the derivation). */
#include "im2col_common.h"

#include <stdlib.h>
#include <string.h>

/* Per-rank limit of the 16-bit offset operand (PTX: 3D [0,2^16-1], 4D [0,2^8-1],
 * 5D [0,2^5-1]). */
static unsigned offset_limit(unsigned rank)
{
    return rank == 3 ? 0xFFFFu : rank == 4 ? 0xFFu : 0x1Fu;
}

static tce_result im2col_load(const tce_op *op, const tce_tensormap *map, tce_memsys *ms)
{
    static const char *const names[3] = {"w", "h", "d"};
    unsigned es;
    tce_result r = i2c_check_common(op, map, TCE_MAP_IM2COL, &es);
    if (r.status != TCE_OK)
        return r;
    unsigned rank = map->rank, nsp = rank - 2;
    r = i2c_check_pixels(map);
    if (r.status != TCE_OK)
        return r;
    for (unsigned j = 0; j < nsp; j++)
        if (op->im2col[j] > offset_limit(rank))
            return tce_fail(TCE_ERR_UNDEFINED, (unsigned)TCE_CMDF_IM2COL_0 + j,
                            "im2col offset %s = %u exceeds the %uD limit %u",
                            names[j], op->im2col[j], rank, offset_limit(rank));

    /* An interleaved map walks a view of itself (im2col_ileave.c) and moves one slice a
     * row. Only a start outside the window traps; a start off the traversal-stride grid
     * is legal (the 5 such captures completed) and simply walks from where it is. */
    bool il = map->interleave != TCE_IL_NONE;
    tce_tensormap view;
    tce_op vop;
    if (il)
        i2c_ileave_view(op, map, &vop, &view);
    i2c_walk w;
    r = i2c_walk_begin(&w, il ? &vop : op, il ? &view : map);
    if (r.status != TCE_OK)
        return r;
    if (op->kind == TCE_OP_TENSOR_PREFETCH) {
        r = tce_ok(); /* an L2 hint: no bytes land, no mbarrier is signalled */
        return r;
    }

    uint32_t rows = map->pixels, row_bytes = il ? i2c_slice_bytes(map) : map->channels * es;
    uint8_t *img = malloc((size_t)rows * row_bytes);
    if (!img)
        return tce_fail(TCE_ERR_UNSUPPORTED, TCE_RM_FIELD_NONE,
                        "out of host memory for %u rows", rows);
    uint64_t bytes_read = 0;
    for (uint32_t p = 0; p < rows; p++, i2c_walk_next(&w)) {
        int64_t x[TCE_MAX_RANK] = {0};
        uint8_t *row = img + (size_t)p * row_bytes;
        uint64_t bad = 0;
        tce_status st;
        if (il) {
            i2c_ileave_row_coords(op, map, &w, x);
            st = i2c_fetch_slice(map, ms, x, row, &bad, &bytes_read);
        } else {
            x[0] = op->coords[0];
            for (unsigned j = 0; j < nsp; j++)
                x[1 + j] = w.pos[j] + op->im2col[j];
            x[rank - 1] = w.n;
            st = i2c_fetch_row(map, ms, x, map->channels, es, row, &bad, &bytes_read);
        }
        if (st != TCE_OK) {
            free(img);
            return tce_fail(TCE_ERR_GLOBAL_BUS, TCE_RM_FIELD_NONE,
                            "pixel %u reads global address 0x%llx, which "
                            "is outside global memory", p, (unsigned long long)bad);
        }
    }
    r = i2c_deliver_load(op, map, ms, img, rows, row_bytes);
    free(img);
    r.bytes_read = r.status == TCE_OK ? bytes_read : 0;
    return r;
}

tce_result tce_csim_im2col(const tce_op *op, const tce_tensormap *map, tce_memsys *ms)
{
    bool load = op->kind == TCE_OP_TENSOR_LOAD || op->kind == TCE_OP_TENSOR_PREFETCH;
    bool store = op->kind == TCE_OP_TENSOR_STORE || op->kind == TCE_OP_TENSOR_REDUCE;
    switch (op->mode) {
    case TCE_MODE_IM2COL:
        if (load)
            return im2col_load(op, map, ms);
        return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_MODE,
                        "%s is not defined in im2col mode (stores and "
                        "reduces use .im2col_no_offs)", tce_op_kind_name(op->kind));
    case TCE_MODE_IM2COL_W:
    case TCE_MODE_IM2COL_W128:
        if (load)
            return tce_i2c_wide_load(op, map, ms);
        return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_MODE, "%s is not defined in %s mode",
                        tce_op_kind_name(op->kind), tce_mode_name(op->mode));
    case TCE_MODE_IM2COL_NO_OFFS:
        if (store)
            return tce_i2c_no_offs_store(op, map, ms);
        return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_MODE,
                        "%s is not defined in .im2col_no_offs mode (it is "
                        "for stores and reduces)", tce_op_kind_name(op->kind));
    default:
        break;
    }
    return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_MODE,
                    "mode %s is not an im2col mode", tce_mode_name(op->mode));
}
