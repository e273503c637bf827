/* Tile-mode tensor operations of the golden model: loads (incl. multicast, element
 * strides, OOB fill, swizzle, interleave, tf32 rounding), stores, reduces, prefetches,
 * and the sm_100 gather4 / scatter4 forms.
 *
 * Every operation runs in two passes over the same element walk: the first checks every
 * global and shared access (and the traps), the second moves data. So an operation that
 * fails writes nothing. Which rules rest on H100 data and which on the PTX text is listed
 * in docs/tile.md. */
#include <string.h>

#include "arith.h"
#include "le_bytes.h"
#include "csim.h"
#include "tensor_access.h"
#include "tf32.h"

/* The box as the engine walks it: rows of dim-0 units, one after another in shared
 * memory. A "unit" is one element, or with interleave one whole 16/32-byte slice. */
typedef struct {
    unsigned rank;
    uint32_t n[TCE_MAX_RANK];   /* units walked per dimension */
    uint32_t e[TCE_MAX_RANK];   /* coordinate step per dimension */
    uint32_t unit;              /* bytes per dim-0 unit, in global and shared memory */
    uint64_t gunit_stride;      /* global bytes between dim-0 coordinates */
    uint32_t row_bytes;         /* n[0] * unit */
    uint32_t pitch;             /* shared bytes from one row to the next */
    uint64_t rows;              /* product of n[1..rank-1] (gather4/scatter4: 4) */
    bool gather;                /* rows come from op->coords[1..4] */
} tile_geom;

/* What the walk does at each unit. */
typedef enum { WALK_CHECK, WALK_LOAD, WALK_STORE, WALK_REDUCE } walk_action;

typedef struct {
    const tce_op *op;
    const tce_tensormap *map;
    tce_memsys *ms;
    tile_geom g;
    tce_swizzle sw;
    uint32_t soff;              /* shared offset of the box (pre-swizzle) */
    uint16_t ctas;              /* destination CTAs (loads) or the source CTA (stores) */
    bool to_smem;               /* load direction */
    tce_etype et;               /* reduce element type */
    bool noftz;                 /* reduce: the dtype's subnormal rule (arith.h) */
    uint64_t bytes_read, bytes_written;
} tile_job;

static uint64_t ceil_div(uint64_t a, uint64_t b)
{
    return (a + b - 1) / b;
}

/* Box geometry. Non-interleaved: n[i] = ceil(box[i]/estride[i]) elements, estride[0]
 * ignored (driver doc, H100 data); a swizzled row takes at least the swizzle span (H100
 * pads narrow rows). Interleaved: see the branch below. */
static tce_result make_geom(const tce_op *op, const tce_tensormap *m, tile_geom *g)
{
    unsigned es = tce_tensormap_smem_elem_bytes(m);
    memset(g, 0, sizeof *g);
    g->rank = m->rank;
    /* The packed sub-byte types (sm_100) change size between global and shared memory;
     * no data to check an implementation against here, so they are refused by name. */
    if (es == 0 || tce_dtype_size(m->dtype) == 0)
        return tce_fail(TCE_ERR_UNSUPPORTED, TCE_CMDF_TMAP_LO,
                        "dtype %s: packed sub-byte types are not "
                        "implemented by the tile engine", tce_dtype_name(m->dtype));
    for (unsigned i = 0; i < m->rank; i++) {
        if (m->box[i] == 0 || m->estride[i] == 0)
            return tce_fail(TCE_ERR_BAD_DESCRIPTOR, TCE_CMDF_TMAP_LO,
                            "box[%u]=%u / estride[%u]=%u must be >= 1",
                            i, m->box[i], i, m->estride[i]);
        g->e[i] = m->estride[i];
        g->n[i] = (uint32_t)ceil_div(m->box[i], m->estride[i]);
    }
    if (m->interleave == TCE_IL_NONE) {
        g->e[0] = 1;
        g->n[0] = m->box[0];
        g->unit = es;
        g->gunit_stride = es;
    } else {
        /* Interleaved (read off ileave_load.txt, docs/tile.md): each dim-0 coordinate
         * names one whole slice of 16 or 32 bytes, dim-0 coordinates are slice indices
         * (bounds: gdim[0] slices, address: x0 * slice bytes), and the traversal stride
         * of dim 0 is honoured. The H100 walks only ONE position of dimension rank-2
         * (the C/slice dimension of an NC/xHWCx tensor), whatever its boxDim; rows are
         * dense in shared memory (no padding to the swizzle span). */
        g->unit = m->interleave == TCE_IL_16B ? 16u : 32u;
        g->gunit_stride = g->unit;
        if (m->rank >= 3)
            g->n[m->rank - 2] = 1;
    }
    g->row_bytes = g->n[0] * g->unit;
    g->rows = 1;
    if (op->mode == TCE_MODE_GATHER4 || op->mode == TCE_MODE_SCATTER4) {
        g->gather = true;
        g->rows = 4;
    } else {
        for (unsigned i = 1; i < m->rank; i++)
            g->rows *= g->n[i];
    }
    g->pitch = m->interleave == TCE_IL_NONE ? tce_smem_row_pitch(m->swizzle, g->row_bytes)
                                            : g->row_bytes;
    return tce_ok();
}

/* Coordinates of unit k0 of row r. */
static void unit_coords(const tile_job *j, uint64_t r, uint32_t k0, int64_t *x)
{
    const tile_geom *g = &j->g;
    x[0] = (int64_t)j->op->coords[0] + (int64_t)k0 * g->e[0];
    if (g->gather) {
        x[1] = j->op->coords[1 + r];
        return;
    }
    tce_box_row_coords(g->rank, g->n, g->e, j->op->coords, r, x);
}

/* Global address of the unit at in-bounds coordinates x: the sum is taken modulo 2^64, as
 * the H100 does (extreme_load.txt: 214 loads read their bytes through sums that pass 2^64 or
 * start at a globalAddress far from the data; docs/tile.md "Addresses at real sizes"). */
static uint64_t unit_gaddr(const tile_job *j, const int64_t *x)
{
    uint64_t a = j->map->gaddr;
    for (unsigned i = 0; i < j->g.rank; i++)
        a += (uint64_t)x[i] * (i == 0 ? j->g.gunit_stride : j->map->gstride[i]);
    return a;
}

/* One unit of a load: its bytes (data, rounded for tf32, or the fill). */
static void load_unit(const tile_job *j, const uint8_t *src, uint8_t *buf)
{
    const tce_tensormap *m = j->map;
    uint32_t n = j->g.unit;
    if (!src) {
        tce_oob_fill_bytes(m, buf, n);
        return;
    }
    memcpy(buf, src, n);
    if (tce_dtype_rounds_to_tf32(m->dtype))
        tce_tf32_round_bytes(buf, n);
}

/* Walk every unit. WALK_CHECK validates all accesses and returns the first failure;
 * the other actions assume a successful check. */
static tce_result walk(tile_job *j, walk_action act)
{
    const tile_geom *g = &j->g;
    uint8_t buf[32], sbuf[32];
    int64_t x[TCE_MAX_RANK] = {0};
    for (uint64_t r = 0; r < g->rows; r++) {
        uint32_t rowaddr = j->soff + (uint32_t)(r * g->pitch);
        if (act == WALK_CHECK) {
            for (unsigned c = 0; c < TCE_MAX_CTAS; c++)
                if ((j->ctas >> c) & 1u)
                    if (!tce_smem_span_ok(j->ms, c, j->sw, rowaddr, g->row_bytes))
                        return tce_fail(TCE_ERR_SHARED_RANGE, TCE_CMDF_SADDR,
                                        "box row %llu (shared 0x%x..0x%x) "
                                        "is outside CTA %u's shared memory (%u bytes)",
                                        (unsigned long long)r, rowaddr, rowaddr + g->row_bytes,
                                        c, j->ms->ncta > c ? j->ms->smem_size : 0);
        }
        uint64_t row_read = 0; /* a load's bytes read from global memory in this row */
        for (uint32_t k0 = 0; k0 < g->n[0]; k0++) {
            unit_coords(j, r, k0, x);
            bool inb = j->to_smem ? tce_coords_in_bounds(j->map, x)
                                  : tce_store_in_bounds(j->map, x, j->g.gunit_stride);
            uint32_t sa = rowaddr + k0 * g->unit;
            uint8_t *gp = NULL;
            if (inb) {
                uint64_t ga = unit_gaddr(j, x);
                gp = tce_gmem(j->ms, ga, g->unit);
                if (act == WALK_CHECK) {
                    if (!gp)
                        return tce_fail(TCE_ERR_GLOBAL_BUS, TCE_RM_FIELD_NONE,
                                        "tensor element at global 0x%llx "
                                        "(%u bytes) is outside global memory",
                                        (unsigned long long)ga, g->unit);
                    continue;
                }
            }
            if (act == WALK_CHECK)
                continue;
            if (act == WALK_LOAD) {
                load_unit(j, gp, buf);
                if (gp)
                    row_read += g->unit;
                for (unsigned c = 0; c < TCE_MAX_CTAS; c++)
                    if ((j->ctas >> c) & 1u)
                        (void)tce_smem_put(j->ms, c, j->sw, sa, buf, g->unit);
                continue;
            }
            if (!gp)
                continue; /* stores and reduces clip what lies outside the tensor */
            unsigned cta = 0;
            while (!((j->ctas >> cta) & 1u))
                cta++;
            (void)tce_smem_get(j->ms, cta, j->sw, sa, sbuf, g->unit);
            j->bytes_read += g->unit;
            j->bytes_written += g->unit;
            if (act == WALK_STORE) {
                memcpy(gp, sbuf, g->unit);
                continue;
            }
            unsigned esz = tce_etype_size(j->et);
            for (uint32_t b = 0; b + esz <= g->unit; b += esz) {
                uint64_t v = tce_arith_apply(TCE_ARITH_TENSOR_REDUCE, j->op->redop, j->et,
                                             j->noftz, tce_le_get(gp + b, esz),
                                             tce_le_get(sbuf + b, esz));
                tce_le_put(gp + b, esz, v);
            }
        }
        /* Global memory is read in whole 16-byte units (the statistic counts those,
         * docs/registers.md): a row's in-bounds part, contiguous from a 16-byte boundary,
         * is read up to the next one. An interleaved unit is a whole slice already. */
        j->bytes_read += (row_read + 15u) & ~(uint64_t)15u;
    }
    return tce_ok();
}

/* The instruction shape against the descriptor: dims, mode, map kind. */
static tce_result check_shape(const tce_op *op, const tce_tensormap *m)
{
    bool g4 = op->mode == TCE_MODE_GATHER4 || op->mode == TCE_MODE_SCATTER4;
    if (m->kind != TCE_MAP_TILED)
        return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_TMAP_LO,
                        "tile-mode %s with an im2col tensor map",
                        tce_op_kind_name(op->kind));
    if (op->dims != m->rank)
        return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_DIMS,
                        ".%ud instruction with a rank-%u tensor map",
                        op->dims, m->rank);
    if (op->mode == TCE_MODE_GATHER4 &&
        !(op->kind == TCE_OP_TENSOR_LOAD || op->kind == TCE_OP_TENSOR_PREFETCH))
        return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_MODE,
                        "tile::gather4 is a load/prefetch mode, not %s",
                        tce_op_kind_name(op->kind));
    if (op->mode == TCE_MODE_SCATTER4 && op->kind != TCE_OP_TENSOR_STORE)
        return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_MODE,
                        "tile::scatter4 is a store mode, not %s",
                        tce_op_kind_name(op->kind));
    if (g4) {
        /* PTX: gather4/scatter4 work on 2-D tensors, boxDim[1] == 1, no interleave. */
        if (m->rank != 2)
            return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_TMAP_LO,
                            "%s needs a 2-D tensor map, rank is %u",
                            tce_mode_name(op->mode), m->rank);
        if (m->box[1] != 1)
            return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_TMAP_LO,
                            "%s needs boxDim[1] == 1, it is %u",
                            tce_mode_name(op->mode), m->box[1]);
        if (m->interleave != TCE_IL_NONE)
            return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_TMAP_LO,
                            "%s does not support interleave",
                            tce_mode_name(op->mode));
    }
    return tce_ok();
}

/* Coordinate traps seen on the H100 (tile_load/tile_store/tile_reduce.txt):
 *  - non-interleaved: the innermost coordinate must start on a 16-byte boundary;
 *  - stores and reduces: no negative coordinate.
 * gather4/scatter4 follow the same rules on their column and row indices (PTX text and
 * the Blackwell observations in spec/tma-notes.md section 8). */
static tce_result check_coords(const tce_op *op, const tce_tensormap *m)
{
    unsigned es = tce_dtype_size(m->dtype);
    unsigned ncoord = (op->mode == TCE_MODE_GATHER4 || op->mode == TCE_MODE_SCATTER4) ? 5
                                                                                       : m->rank;
    if (m->interleave == TCE_IL_NONE && (((int64_t)op->coords[0] * es) & 15) != 0)
        return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_COORD,
                        "tensorCoords[0]=%d: %d x %u bytes is not a "
                        "multiple of 16 bytes", op->coords[0], op->coords[0], es);
    bool to_global = op->kind == TCE_OP_TENSOR_STORE || op->kind == TCE_OP_TENSOR_REDUCE;
    if (to_global)
        for (unsigned i = 0; i < ncoord; i++)
            if (op->coords[i] < 0)
                return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_COORD,
                                "tensorCoords[%u]=%d: stores and "
                                "reduces take no negative coordinate", i, op->coords[i]);
    return tce_ok();
}

/* The H100 executes no tile operation on a map with a globalDim past 2^31, although the
 * driver encodes up to 2^32: 307 loads and 106 stores of extreme_load/extreme_store.txt trap
 * with "illegal instruction", whatever the coordinates; none with every globalDim <= 2^31
 * does (docs/tile.md "Traps at real sizes"). Coordinates are signed 32-bit, so a dimension
 * of 2^31 is the largest every coordinate can reach. */
static tce_result check_extent(const tce_tensormap *m)
{
    for (unsigned i = 0; i < m->rank; i++)
        if (m->gdim[i] > TCE_TILE_GDIM_MAX)
            return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_TMAP_LO,
                            "tensor map globalDim[%u]=%llu: a tile "
                            "operation takes no dimension past 2^31", i,
                            (unsigned long long)m->gdim[i]);
    return tce_ok();
}

/* A tile load whose box starts at a negative coordinate, or that holds no in-bounds element
 * at all, reads at the tensor's globalAddress itself on the H100: those loads fault with
 * "an illegal memory access" exactly when globalAddress is unmapped (53 of 53 such faults
 * in extreme_load.txt, and none of the 214 loads that completed; the bytes show nothing of
 * that read). Stores do not (13 stores with an empty box and an unmapped globalAddress
 * completed). */
static bool load_reads_origin(const tile_job *j)
{
    if (j->g.gather)
        return false;
    /* A box starting at c >= 0 holds an in-bounds coordinate of dim i iff c < globalDim. */
    for (unsigned i = 0; i < j->g.rank; i++)
        if (j->op->coords[i] < 0 || (uint64_t)j->op->coords[i] >= j->map->gdim[i])
            return true;
    return false;
}

/* Shared-memory side: which CTAs, which offset, alignment, the mbarrier. */
static tce_result resolve_smem(const tce_op *op, const tce_memsys *ms, tile_job *j)
{
    uint32_t off;
    if (j->to_smem && op->dst_space == TCE_SPACE_SHARED_CLUSTER) {
        off = TCE_SADDR_OFF(op->saddr);
        if (op->multicast) {
            if (op->cta_mask == 0)
                return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_CTA_MASK,
                                "multicast with an empty ctaMask");
            j->ctas = op->cta_mask;
        } else {
            j->ctas = (uint16_t)(1u << TCE_SADDR_RANK(op->saddr));
        }
    } else if (j->to_smem && op->dst_space != TCE_SPACE_SHARED_CTA) {
        return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_DST_SPACE,
                        "tensor load destination must be shared::cta "
                        "or shared::cluster (dst_space %d)", (int)op->dst_space);
    } else if (!j->to_smem && op->src_space != TCE_SPACE_SHARED_CTA) {
        return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_SRC_SPACE,
                        "tensor store/reduce source must be "
                        "shared::cta (src_space %d)", (int)op->src_space);
    } else {
        if (op->saddr > 0xFFFFFFu || op->cta >= TCE_MAX_CTAS)
            return tce_fail(TCE_ERR_SHARED_RANGE, TCE_CMDF_SADDR,
                            "shared::cta address 0x%x (CTA %u) is "
                            "outside the CTA's shared window", op->saddr, op->cta);
        off = op->saddr;
        j->ctas = (uint16_t)(1u << op->cta);
        if (j->to_smem && op->multicast)
            return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_MULTICAST,
                            "multicast needs a shared::cluster "
                            "destination");
    }
    for (unsigned c = 0; c < TCE_MAX_CTAS; c++)
        if (((j->ctas >> c) & 1u) && c >= ms->ncta)
            return tce_fail(TCE_ERR_SHARED_RANGE,
                            j->to_smem && op->multicast ? TCE_CMDF_CTA_MASK : TCE_CMDF_SADDR,
                            "CTA %u is not in the cluster (%u CTAs)", c,
                            ms->ncta);
    /* H100: a shared address off a 128-byte boundary traps with "misaligned address", for
     * loads, stores and reduces, interleaved or not, after the coordinate traps
     * (tests/data/probes/misalign.txt, every case; ileave_store.txt 53 126 133 ...). */
    if (off & 127u)
        return tce_fail(TCE_ERR_MISALIGNED, TCE_CMDF_SADDR,
                        "shared address 0x%x is not 128-byte aligned",
                        off);
    if (j->to_smem && op->completion == TCE_DONE_MBARRIER) {
        uint32_t mb = TCE_SADDR_OFF(op->mbar);
        if (mb & 7u)
            return tce_fail(TCE_ERR_MISALIGNED, TCE_CMDF_MBAR,
                            "mbarrier address 0x%x is not 8-byte aligned",
                            mb);
        for (unsigned c = 0; c < TCE_MAX_CTAS; c++)
            if (((j->ctas >> c) & 1u) && !tce_smem(ms, c, mb, 8))
                return tce_fail(TCE_ERR_SHARED_RANGE, TCE_CMDF_MBAR,
                                "mbarrier at 0x%x is outside CTA %u's "
                                "shared memory", mb, c);
    }
    j->soff = off;
    return tce_ok();
}

/* The instruction has no .noftz: the flushing follows the tensor map's dtype. */
static tce_result check_reduce(const tce_op *op, const tce_tensormap *m, tce_etype *et,
                               bool *noftz)
{
    *noftz = tce_arith_tensor_noftz(m->dtype);
    if (!tce_etype_from_dtype(m->dtype, op->redop, et) ||
        !tce_arith_legal(TCE_ARITH_TENSOR_REDUCE, op->redop, *et, *noftz))
        return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_REDOP,
                        "redop %s is not defined on dtype %s",
                        tce_redop_name(op->redop), tce_dtype_name(m->dtype));
    if (tce_etype_size(*et) != tce_dtype_size(m->dtype))
        return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_REDOP,
                        "redop %s: element type %s does not match "
                        "dtype %s", tce_redop_name(op->redop), tce_etype_name(*et),
                        tce_dtype_name(m->dtype));
    return tce_ok();
}

tce_result tce_csim_tile(const tce_op *op, const tce_tensormap *map, tce_memsys *ms)
{
    tile_job j;
    tce_result r;
    memset(&j, 0, sizeof j);
    j.op = op;
    j.map = map;
    j.ms = ms;
    j.sw = map->swizzle;

    switch (op->kind) {
    case TCE_OP_TENSOR_LOAD:
    case TCE_OP_TENSOR_PREFETCH:
        j.to_smem = true;
        break;
    case TCE_OP_TENSOR_STORE:
    case TCE_OP_TENSOR_REDUCE:
        break;
    default:
        return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_OPCODE, "%s is not a tensor operation",
                        tce_op_kind_name(op->kind));
    }
    if (op->mode != TCE_MODE_TILE && op->mode != TCE_MODE_GATHER4 &&
        op->mode != TCE_MODE_SCATTER4)
        return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_MODE,
                        "mode %s is not a tile mode", tce_mode_name(op->mode));
    if ((r = check_shape(op, map)).status != TCE_OK)
        return r;
    if ((r = make_geom(op, map, &j.g)).status != TCE_OK)
        return r;
    if ((r = check_coords(op, map)).status != TCE_OK)
        return r;
    if ((r = check_extent(map)).status != TCE_OK)
        return r;
    if (op->kind == TCE_OP_TENSOR_REDUCE && (r = check_reduce(op, map, &j.et, &j.noftz)).status != TCE_OK)
        return r;
    if (op->kind == TCE_OP_TENSOR_PREFETCH) {
        /* A prefetch only warms L2: validated like a load, no shared-memory side. */
        r = tce_ok();
        return r;
    }
    if ((r = resolve_smem(op, ms, &j)).status != TCE_OK)
        return r;
    /* The whole box must fit in shared memory before any address arithmetic can wrap. */
    if (j.g.rows * j.g.pitch > ms->smem_size)
        return tce_fail(TCE_ERR_SHARED_RANGE, TCE_CMDF_SADDR,
                        "box of %llu rows x %u bytes exceeds the %u "
                        "bytes of shared memory", (unsigned long long)j.g.rows, j.g.pitch,
                        ms->smem_size);
    if (op->kind == TCE_OP_TENSOR_LOAD && load_reads_origin(&j) &&
        !tce_gmem(ms, map->gaddr, TCE_TILE_ORIGIN_READ_BYTES))
        return tce_fail(TCE_ERR_GLOBAL_BUS, TCE_RM_FIELD_NONE,
                        "the box starts at a negative coordinate or holds "
                        "no element of the tensor, so the load reads globalAddress 0x%llx, "
                        "which is outside global memory", (unsigned long long)map->gaddr);
    if ((r = walk(&j, WALK_CHECK)).status != TCE_OK)
        return r;
    walk_action act = op->kind == TCE_OP_TENSOR_LOAD    ? WALK_LOAD
                      : op->kind == TCE_OP_TENSOR_STORE ? WALK_STORE
                                                        : WALK_REDUCE;
    (void)walk(&j, act);
    r = tce_ok();
    if (act == WALK_LOAD) {
        unsigned nd = 0;
        for (unsigned c = 0; c < TCE_MAX_CTAS; c++)
            nd += (j.ctas >> c) & 1u;
        r.tx_bytes = (uint32_t)(j.g.rows * j.g.row_bytes);
        r.tx_ctas = j.ctas;
        r.bytes_written = (uint64_t)r.tx_bytes * nd;
    } else {
        r.bytes_written = j.bytes_written;
    }
    r.bytes_read = j.bytes_read;
    return r;
}
