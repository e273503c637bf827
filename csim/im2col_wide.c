/* im2col::w and im2col::w::128 loads (sm_100). No hardware data: every rule here rests on
 * the PTX text (§5.5.5 as digested in spec/tma-notes.md §10) and is listed, with the
 * choices made where the text is silent, in docs/im2col.md.
 *
 * The model: im2col with a box of one pixel along H and D. The pixels walk along W from
 * the W coordinate in steps of elementStrides[W] through the window
 * [lowerW + wOffset, gdimW - 1 + upperW + wOffset]; past its end the walk restarts at the
 * window start and moves on to the next image (N += elementStrides[N]), exactly as the
 * im2col walk does when it leaves its box. H and D stay at their coordinates. The halo
 * pixels are the walk's continuation: ::w appends wHalo rows after the pixelsPerColumn
 * main rows; ::w::128 splits the 128 main pixels into four groups of 32 and follows each
 * group with the wHalo pixels that come after it. */
#include "im2col_common.h"

#include <stdlib.h>
#include <string.h>

#define W128_GROUP 32u
#define W128_GROUPS 4u

tce_result tce_i2c_wide_load(const tce_op *op, const tce_tensormap *map, tce_memsys *ms)
{
    bool w128 = op->mode == TCE_MODE_IM2COL_W128;
    unsigned es;
    tce_result r = i2c_check_common(op, map, TCE_MAP_IM2COL_WIDE, &es);
    if (r.status != TCE_OK)
        return r;
    if ((map->wide == TCE_WIDE_W128) != w128)
        return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_MODE,
                        "instruction mode %s does not match the map's wide "
                        "mode %s", tce_mode_name(op->mode),
                        map->wide == TCE_WIDE_W128 ? "W128" : "W");
    unsigned halo = op->im2col[0], woff = op->im2col[1];
    if (halo >= (w128 ? 32u : 512u))
        return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_IM2COL_0,
                        "wHalo %u is outside [0, %u) for %s", halo,
                        w128 ? 32u : 512u, tce_mode_name(op->mode));
    if (woff >= 32u)
        return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_IM2COL_1,
                        "wOffset %u is outside [0, 32)", woff);
    if (w128 && map->swizzle == TCE_SW_96B)
        return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_TMAP_LO,
                        "96B swizzle is not allowed with im2col::w::128");
    if (!w128) {
        r = i2c_check_pixels(map);
        if (r.status != TCE_OK)
            return r;
    }

    unsigned rank = map->rank;
    i2c_walk w;
    memset(&w, 0, sizeof w);
    w.nsp = 1;
    w.lo[0] = (int64_t)map->lower[0] + woff;
    w.hi[0] = (int64_t)map->gdim[1] - 1 + map->upper[0] + woff;
    w.step[0] = map->estride[1] ? map->estride[1] : 1;
    w.pos[0] = (int64_t)op->coords[1] + woff;
    w.n = op->coords[rank - 1];
    w.nstep = map->estride[rank - 1] ? map->estride[rank - 1] : 1;
    /* "The first element can lie outside of the Bounding Box in the W-dimension only and
     * only on the left side": a start left of the window is legal, right of it is not. */
    if (w.pos[0] > w.hi[0])
        return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_COORD,
                        "coords[1] (w = %d, + wOffset %u) lies right of "
                        "the W window end %lld", op->coords[1], woff, (long long)w.hi[0]);
    if (op->kind == TCE_OP_TENSOR_PREFETCH) {
        r = tce_ok();
        return r;
    }

    /* Walk positions in traversal order; rows then pick from them. */
    uint32_t steps = w128 ? (W128_GROUPS - 1) * W128_GROUP + W128_GROUP + halo
                          : map->pixels + halo;
    uint32_t rows = w128 ? W128_GROUPS * (W128_GROUP + halo) : steps;
    if (rows > I2C_MAX_ROWS)
        return tce_fail(TCE_ERR_UNDEFINED, TCE_RM_FIELD_NONE,
                        "%u rows exceed the engine's %u", rows, I2C_MAX_ROWS);
    int64_t *wpos = malloc(sizeof(int64_t) * 2 * steps);
    uint32_t row_bytes = map->channels * es;
    uint8_t *img = malloc((size_t)rows * row_bytes);
    if (!wpos || !img) {
        free(wpos);
        free(img);
        return tce_fail(TCE_ERR_UNSUPPORTED, TCE_RM_FIELD_NONE,
                        "out of host memory for %u rows", rows);
    }
    for (uint32_t s = 0; s < steps; s++, i2c_walk_next(&w)) {
        wpos[2 * s] = w.pos[0];
        wpos[2 * s + 1] = w.n;
    }
    uint64_t bytes_read = 0;
    for (uint32_t row = 0; row < rows; row++) {
        uint32_t s = row;
        if (w128) /* group g's rows are walk steps 32g .. 32g + 31 + wHalo */
            s = (row / (W128_GROUP + halo)) * W128_GROUP + row % (W128_GROUP + halo);
        int64_t x[TCE_MAX_RANK] = {0};
        x[0] = op->coords[0];
        x[1] = wpos[2 * s];
        for (unsigned i = 2; i + 1 < rank; i++)
            x[i] = op->coords[i];
        x[rank - 1] = wpos[2 * s + 1];
        uint64_t bad = 0;
        if (i2c_fetch_row(map, ms, x, map->channels, es, img + (size_t)row * row_bytes, &bad,
                          &bytes_read) != TCE_OK) {
            free(wpos);
            free(img);
            return tce_fail(TCE_ERR_GLOBAL_BUS, TCE_RM_FIELD_NONE,
                            "row %u reads global address 0x%llx, which is "
                            "outside global memory", row, (unsigned long long)bad);
        }
    }
    free(wpos);
    r = i2c_deliver_load(op, map, ms, img, rows, row_bytes);
    free(img);
    r.bytes_read = r.status == TCE_OK ? bytes_read : 0;
    return r;
}
