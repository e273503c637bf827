/* .im2col_no_offs stores and reduces (cp.async.bulk.tensor / cp.reduce.async.bulk.tensor,
 * shared::cta -> global). The mirror of an im2col load without offsets: shared-memory
 * row p (pixelsPerColumn rows of channelsPerPixel elements, rows padded to the swizzle
 * span as loads place them) goes to the pixel at step p of the im2col walk. Through an
 * interleaved map a row is one 16/32-byte slice, rows are dense, and the walk is the
 * interleaved load's view (im2col_ileave.c), the channel slice fixed at its coordinate.
 *
 * The restrictions are the PTX text's for the .global.shared::cta direction (non-negative
 * coordinates; lower corner >= 0 and upper corner <= 0, so the box stays inside the
 * tensor). Elements past the tensor's end are not written, with the clipping granule the
 * H100 shows for tile stores (tce_store_in_bounds): a whole slice for an interleaved map.
 * All of it matches the H200 captures of tests/data/probes/no_offs.txt and
 * ileave_no_offs.txt (docs/im2col.md). */
#include "im2col_common.h"

#include "arith.h"
#include "le_bytes.h"
#include "tensor_access.h"

#include <stdlib.h>
#include <string.h>

/* The restrictions of the shared::cta -> global direction, and the reduction's type. */
static tce_result check_store(const tce_op *op, const tce_tensormap *map, tce_etype *et,
                              bool *noftz)
{
    static const char *const names[3] = {"W", "H", "D"};
    for (unsigned i = 0; i < map->rank; i++)
        if (op->coords[i] < 0) /* the H100 traps negative store coordinates (tile_store) */
            return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_COORD,
                            "coords[%u] = %d is negative; stores and "
                            "reduces need non-negative coordinates", i, op->coords[i]);
    for (unsigned j = 0; j + 2 < map->rank; j++) {
        if (map->lower[j] < 0)
            return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_TMAP_LO,
                            "lower corner %s = %d is negative: a "
                            "no_offs store's box must stay inside the tensor",
                            names[j], map->lower[j]);
        if (map->upper[j] > 0)
            return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_TMAP_LO,
                            "upper corner %s = %d is positive: a "
                            "no_offs store's box must stay inside the tensor",
                            names[j], map->upper[j]);
    }
    if (op->kind == TCE_OP_TENSOR_REDUCE) {
        /* No .noftz on the instruction: f32 flushing follows the dtype (arith.h). */
        *noftz = tce_arith_tensor_noftz(map->dtype);
        if (!tce_etype_from_dtype(map->dtype, op->redop, et) ||
            !tce_arith_legal(TCE_ARITH_TENSOR_REDUCE, op->redop, *et, *noftz))
            return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_REDOP,
                            "reduction .%s is not defined on a %s "
                            "tensor", tce_redop_name(op->redop), tce_dtype_name(map->dtype));
        if (tce_etype_size(*et) != tce_dtype_size(map->dtype))
            return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_REDOP,
                            "reduction .%s: element type %s does not "
                            "match dtype %s", tce_redop_name(op->redop), tce_etype_name(*et),
                            tce_dtype_name(map->dtype));
    }
    if (op->src_space != TCE_SPACE_SHARED_CTA)
        return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_SRC_SPACE,
                        "tensor store/reduce source must be shared::cta "
                        "(src_space %d)", (int)op->src_space);
    if (op->saddr > 0xFFFFFFu || op->cta >= TCE_MAX_CTAS)
        return tce_fail(TCE_ERR_SHARED_RANGE, TCE_CMDF_SADDR,
                        "shared::cta address 0x%x (CTA %u) is outside "
                        "the CTA's shared window", op->saddr, op->cta);
    return tce_ok();
}

tce_result tce_i2c_no_offs_store(const tce_op *op, const tce_tensormap *map, tce_memsys *ms)
{
    /* The instruction carries no offsets, so a raw command's IM2COL_0..2 are not read
     * (tce_im2col_check zeroes them for this mode too). */
    tce_op flat = *op;
    memset(flat.im2col, 0, sizeof flat.im2col);
    op = &flat;
    unsigned es;
    tce_etype et = TCE_ET_B32;
    bool noftz = false;
    tce_result r = i2c_check_common(op, map, TCE_MAP_IM2COL, &es);
    if (r.status != TCE_OK)
        return r;
    r = check_store(op, map, &et, &noftz);
    if (r.status != TCE_OK)
        return r;
    unsigned rank = map->rank, nsp = rank - 2;
    r = i2c_check_pixels(map);
    if (r.status != TCE_OK)
        return r;
    /* An interleaved map walks the view its loads walk (im2col_ileave.c): a shared row is
     * one 16/32-byte slice, rows dense, and each goes to the slice at the row's pixel. */
    bool il = map->interleave != TCE_IL_NONE;
    tce_tensormap view;
    tce_op vop;
    if (il)
        i2c_ileave_view(op, map, &vop, &view);
    i2c_walk w;
    r = i2c_walk_begin(&w, il ? &vop : op, il ? &view : map);
    if (r.status != TCE_OK)
        return r;
    /* As tile stores trap on the H100 (tests/data/probes/misalign.txt). */
    if (op->saddr & 127u)
        return tce_fail(TCE_ERR_MISALIGNED, TCE_CMDF_SADDR,
                        "shared source address 0x%x is not 128-byte "
                        "aligned", op->saddr);

    /* Pass 1: read every shared row and find every global element, so that a bad address
     * anywhere leaves global memory untouched. A row moves `units` elements: the map's
     * channels, or the slice's elements, which an interleaved map clips together. */
    uint32_t rows = map->pixels, units = il ? i2c_slice_bytes(map) / es : map->channels;
    uint32_t row_bytes = units * es;
    uint32_t pitch = il ? row_bytes : tce_smem_row_pitch(map->swizzle, row_bytes);
    uint8_t *img = malloc((size_t)rows * row_bytes);
    uint8_t **dst = malloc(sizeof(uint8_t *) * (size_t)rows * units);
    if (!img || !dst) {
        free(img);
        free(dst);
        return tce_fail(TCE_ERR_UNSUPPORTED, TCE_RM_FIELD_NONE,
                        "out of host memory for %u rows", rows);
    }
    tce_status st = TCE_OK;
    for (uint32_t p = 0; p < rows && st == TCE_OK; p++, i2c_walk_next(&w)) {
        uint64_t a = (uint64_t)op->saddr + (uint64_t)p * pitch;
        if (a + row_bytes > 0xFFFFFFFFull ||
            tce_smem_get(ms, op->cta, map->swizzle, (uint32_t)a, img + (size_t)p * row_bytes,
                         row_bytes) != TCE_OK) {
            r = tce_fail(TCE_ERR_SHARED_RANGE, TCE_CMDF_SADDR,
                         "row %u at shared offset 0x%llx runs outside "
                         "CTA %u's shared memory", p, (unsigned long long)a, op->cta);
            st = r.status;
            break;
        }
        int64_t x[TCE_MAX_RANK] = {0};
        if (il) {
            i2c_ileave_row_coords(op, map, &w, x);
        } else {
            for (unsigned j = 0; j < nsp; j++)
                x[1 + j] = w.pos[j];
            x[rank - 1] = w.n;
        }
        bool row_in = il && tce_store_in_bounds(map, x, i2c_slice_bytes(map));
        for (unsigned k = 0; k < units; k++) {
            uint8_t **d = &dst[(size_t)p * units + k];
            *d = NULL;
            uint64_t ga;
            if (il) {
                if (!row_in)
                    continue; /* clipped: the slice lies outside the tensor */
                ga = i2c_slice_gaddr(map, x) + (uint64_t)k * es;
            } else {
                x[0] = (int64_t)op->coords[0] + k;
                if (!tce_store_in_bounds(map, x, es))
                    continue; /* clipped: past the tensor's end in C or N */
                ga = tce_elem_gaddr(map, x);
            }
            *d = tce_gmem(ms, ga, es);
            if (!*d) {
                r = tce_fail(TCE_ERR_GLOBAL_BUS, TCE_RM_FIELD_NONE,
                             "pixel %u element %u writes global address "
                             "0x%llx, which is outside global memory", p, k,
                             (unsigned long long)ga);
                st = r.status;
                break;
            }
        }
    }
    if (st != TCE_OK) {
        free(img);
        free(dst);
        return r;
    }
    /* Pass 2: write (or reduce into) every in-bounds element, in walk order. */
    r = tce_ok();
    for (size_t i = 0; i < (size_t)rows * units; i++) {
        const uint8_t *src = img + i * es;
        if (!dst[i])
            continue;
        if (op->kind == TCE_OP_TENSOR_REDUCE) {
            uint64_t v = tce_arith_apply(TCE_ARITH_TENSOR_REDUCE, op->redop, et, noftz,
                                         tce_le_get(dst[i], es), tce_le_get(src, es));
            tce_le_put(dst[i], es, v);
        } else {
            memcpy(dst[i], src, es);
        }
        r.bytes_written += es;
    }
    /* As a tile store: what it reads from shared memory is what it writes (rows clipped
     * past the tensor read nothing). */
    r.bytes_read = r.bytes_written;
    free(img);
    free(dst);
    return r;
}
