/* Shared pieces of the im2col families: pixel walk, common checks, row fetch, delivery
 * of a finished row image to the destination CTAs. See im2col_common.h. */
#include "im2col_common.h"

#include "tensor_access.h"
#include "tf32.h"

#include <string.h>

void i2c_walk_next(i2c_walk *w)
{
    for (unsigned j = 0; j < w->nsp; j++) {
        w->pos[j] += w->step[j];
        if (w->pos[j] <= w->hi[j])
            return;
        /* The captures show the restart is at the lower corner itself, even when the
         * start was off the stride grid (cases 222, 1057, 1342, 1423, 1486). */
        w->pos[j] = w->lo[j];
    }
    w->n += w->nstep;
}

tce_result i2c_walk_begin(i2c_walk *w, const tce_op *op, const tce_tensormap *map)
{
    static const char *const names[3] = {"w", "h", "d"};
    unsigned rank = map->rank;
    memset(w, 0, sizeof *w);
    w->nsp = rank - 2;
    for (unsigned j = 0; j < w->nsp; j++) {
        w->pos[j] = op->coords[1 + j];
        w->lo[j] = map->lower[j];
        w->hi[j] = (int64_t)map->gdim[1 + j] - 1 + map->upper[j];
        w->step[j] = map->estride[1 + j] ? map->estride[1 + j] : 1;
    }
    w->n = op->coords[rank - 1];
    w->nstep = map->estride[rank - 1] ? map->estride[rank - 1] : 1;
    for (unsigned j = 0; j < w->nsp; j++)
        if (w->pos[j] < w->lo[j] || w->pos[j] > w->hi[j])
            return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_COORD,
                            "coords[%u] (%s = %lld) lies outside the pixel window [%lld, %lld] "
                            "given by the lower/upper corners",
                            1 + j, names[j], (long long)w->pos[j], (long long)w->lo[j],
                            (long long)w->hi[j]);
    return tce_ok();
}

static const char *map_kind_name(tce_map_kind k)
{
    switch (k) {
    case TCE_MAP_TILED: return "tiled";
    case TCE_MAP_IM2COL: return "im2col";
    case TCE_MAP_IM2COL_WIDE: return "im2col-wide";
    }
    return "?";
}

tce_result i2c_check_common(const tce_op *op, const tce_tensormap *map, tce_map_kind want,
                            unsigned *esize)
{
    if (map->kind != want)
        return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_TMAP_LO,
                        "%s mode needs a tensor map made by the %s encode, "
                        "this one is %s",
                        tce_mode_name(op->mode), map_kind_name(want), map_kind_name(map->kind));
    if (map->rank < 3 || map->rank > 5)
        return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_TMAP_LO,
                        "%s mode needs a rank 3..5 tensor, map rank is %u",
                        tce_mode_name(op->mode), map->rank);
    if (op->dims != map->rank)
        return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_DIMS,
                        "instruction .%ud does not match the map's rank %u",
                        op->dims, map->rank);
    /* Interleaved im2col loads and no_offs stores: H100/H200 data in tests/data/probes
     * (im2col_ileave.c). The ::w modes are sm_100 instructions that cannot run on the
     * H100, and the PTX text rules interleave out for them. */
    if (map->interleave != TCE_IL_NONE && op->mode != TCE_MODE_IM2COL &&
        op->mode != TCE_MODE_IM2COL_NO_OFFS)
        return tce_fail(TCE_ERR_UNSUPPORTED, TCE_CMDF_TMAP_LO,
                        "%s with an interleaved layout (interleave %d) is "
                        "not implemented (the PTX text rules it out; sm_100 only)",
                        tce_mode_name(op->mode), (int)map->interleave);
    unsigned es = tce_tensormap_smem_elem_bytes(map);
    if (es == 0 || es != tce_dtype_size(map->dtype))
        return tce_fail(TCE_ERR_UNSUPPORTED, TCE_CMDF_TMAP_LO,
                        "%s with the packed type %s is not implemented",
                        tce_mode_name(op->mode), tce_dtype_name(map->dtype));
    if (map->channels == 0 || map->channels > I2C_MAX_CHANNELS)
        return tce_fail(TCE_ERR_BAD_DESCRIPTOR, TCE_CMDF_TMAP_LO,
                        "map channelsPerPixel %u is outside 1..%u",
                        map->channels, I2C_MAX_CHANNELS);
    /* The H100 traps every im2col load whose channel start is not on a 16-byte boundary
     * (corpus cases 94, 425, 1087, 1128, 1144, 1482, 1521), as it does for tile loads. */
    int64_t cbytes = (int64_t)op->coords[0] * (int64_t)es;
    if (map->interleave == TCE_IL_NONE && cbytes % 16 != 0)
        return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_COORD,
                        "coords[0] (channel %d) is %lld bytes into the "
                        "row, not a multiple of 16 bytes",
                        op->coords[0], (long long)cbytes);
    *esize = es;
    return tce_ok();
}

tce_status i2c_fetch_row(const tce_tensormap *map, const tce_memsys *ms, const int64_t *x,
                         unsigned channels, unsigned esize, uint8_t *out, uint64_t *bad_addr,
                         uint64_t *bytes_read)
{
    int64_t e[TCE_MAX_RANK];
    memcpy(e, x, sizeof e);
    uint64_t row_read = 0;
    for (unsigned k = 0; k < channels; k++) {
        uint8_t *dst = out + (size_t)k * esize;
        e[0] = x[0] + (int64_t)k;
        if (!tce_coords_in_bounds(map, e)) {
            tce_oob_fill_bytes(map, dst, esize);
            continue;
        }
        uint64_t a = tce_elem_gaddr(map, e);
        const uint8_t *src = tce_gmem(ms, a, esize);
        if (!src) {
            *bad_addr = a;
            return TCE_ERR_GLOBAL_BUS;
        }
        memcpy(dst, src, esize);
        row_read += esize;
        if (tce_dtype_rounds_to_tf32(map->dtype) && esize == 4)
            tce_tf32_round_bytes(dst, esize);
    }
    /* Global memory is read in whole 16-byte units (csim/tile.c walk): the in-bounds
     * channels start on a 16-byte boundary and are read up to the next one. */
    *bytes_read += (row_read + 15u) & ~(uint64_t)15u;
    return TCE_OK;
}

/* Every byte of every destination row, through the swizzle, lies in shared memory. */
tce_result i2c_check_pixels(const tce_tensormap *map)
{
    if (map->pixels == 0 || map->pixels > 1024)
        return tce_fail(TCE_ERR_BAD_DESCRIPTOR, TCE_CMDF_TMAP_LO,
                        "map pixelsPerColumn %u is outside 1..1024",
                        map->pixels);
    return tce_ok();
}

static bool rows_fit(const tce_memsys *ms, unsigned cta, tce_swizzle sw, uint64_t base,
                     uint32_t rows, uint32_t pitch, uint32_t row_bytes)
{
    for (uint32_t r = 0; r < rows; r++) {
        uint64_t a = base + (uint64_t)r * pitch;
        if (a + row_bytes > 0xFFFFFFFFull ||
            !tce_smem_span_ok(ms, cta, sw, (uint32_t)a, row_bytes))
            return false;
    }
    return true;
}

tce_result i2c_deliver_load(const tce_op *op, const tce_tensormap *map, tce_memsys *ms,
                            const uint8_t *img, uint32_t rows, uint32_t row_bytes)
{
    tce_result r;
    r = tce_ok();
    uint32_t off;
    uint16_t dests;
    /* Destinations and alignment follow the tile loads' rules (csim/tile.c), so that both
     * families answer the same operation fields the same way. */
    if (op->dst_space == TCE_SPACE_SHARED_CLUSTER) {
        off = TCE_SADDR_OFF(op->saddr);
        if (op->multicast && op->cta_mask == 0)
            return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_CTA_MASK,
                            "multicast with an empty ctaMask");
        dests = op->multicast ? op->cta_mask : (uint16_t)(1u << TCE_SADDR_RANK(op->saddr));
    } else if (op->dst_space == TCE_SPACE_SHARED_CTA) {
        if (op->multicast)
            return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_MULTICAST,
                            "multicast needs a shared::cluster "
                            "destination");
        if (op->saddr > 0xFFFFFFu || op->cta >= TCE_MAX_CTAS)
            return tce_fail(TCE_ERR_SHARED_RANGE, TCE_CMDF_SADDR,
                            "shared::cta address 0x%x (CTA %u) is "
                            "outside the CTA's shared window", op->saddr, op->cta);
        off = op->saddr;
        dests = (uint16_t)(1u << op->cta);
    } else {
        return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_DST_SPACE,
                        "tensor load destination must be shared::cta "
                        "or shared::cluster (dst_space %d)", (int)op->dst_space);
    }
    /* H100: a shared address off a 128-byte boundary traps with "misaligned address"
     * (tests/data/probes/misalign.txt, the load.im2col cases). */
    if (off & 127u)
        return tce_fail(TCE_ERR_MISALIGNED, TCE_CMDF_SADDR,
                        "shared destination address 0x%x is not "
                        "128-byte aligned", off);
    /* Interleaved rows are dense, as in tile loads (probes/ileave_im2col.txt). */
    uint32_t pitch = map->interleave == TCE_IL_NONE ? tce_smem_row_pitch(map->swizzle, row_bytes)
                                                    : row_bytes;
    for (unsigned cta = 0; cta < TCE_MAX_CTAS; cta++) {
        if (!(dests & (1u << cta)))
            continue;
        if (cta >= ms->ncta)
            return tce_fail(TCE_ERR_SHARED_RANGE,
                            op->multicast ? TCE_CMDF_CTA_MASK : TCE_CMDF_SADDR,
                            "destination CTA %u is not in the cluster of "
                            "%u CTAs", cta, ms->ncta);
        if (!rows_fit(ms, cta, map->swizzle, off, rows, pitch, row_bytes))
            return tce_fail(TCE_ERR_SHARED_RANGE, TCE_CMDF_SADDR,
                            "%u rows of %u bytes (pitch %u) at shared "
                            "offset 0x%x run past CTA %u's %u bytes of shared memory",
                            rows, row_bytes, pitch, off, cta, ms->smem_size);
        if (op->completion == TCE_DONE_MBARRIER) {
            uint32_t mb = TCE_SADDR_OFF(op->mbar);
            if (mb & 7u)
                return tce_fail(TCE_ERR_MISALIGNED, TCE_CMDF_MBAR,
                                "mbarrier offset 0x%x is not 8-byte "
                                "aligned", mb);
            if (!tce_smem(ms, cta, mb, 8))
                return tce_fail(TCE_ERR_SHARED_RANGE, TCE_CMDF_MBAR,
                                "mbarrier offset 0x%x lies outside CTA "
                                "%u's shared memory", mb, cta);
        }
    }
    for (unsigned cta = 0; cta < TCE_MAX_CTAS; cta++) {
        if (!(dests & (1u << cta)))
            continue;
        for (uint32_t row = 0; row < rows; row++) {
            tce_status st = tce_smem_put(ms, cta, map->swizzle, off + row * pitch,
                                         img + (size_t)row * row_bytes, row_bytes);
            if (st != TCE_OK) /* unreachable after rows_fit; kept so a change there shows */
                return tce_fail(st, TCE_CMDF_SADDR,
                                "shared write of row %u to CTA %u failed", row, cta);
        }
        r.bytes_written += (uint64_t)rows * row_bytes;
    }
    r.tx_bytes = rows * row_bytes;
    r.tx_ctas = dests;
    return r;
}
