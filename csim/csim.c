/* Golden-model entry point: fetch and check the descriptor, then hand the operation to
 * the family that implements it. */
#include "csim.h"
#include "cumap.h"
#include "descriptor_fields.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

tce_result tce_ok(void)
{
    tce_result r;
    memset(&r, 0, sizeof r);
    r.field = TCE_RM_FIELD_NONE;
    return r;
}

tce_result tce_fail(tce_status st, unsigned field, const char *fmt, ...)
{
    tce_result r;
    va_list ap;
    memset(&r, 0, sizeof r);
    r.status = st;
    r.field = field;
    va_start(ap, fmt);
    vsnprintf(r.why, sizeof r.why, fmt, ap);
    va_end(ap);
    return r;
}

const char *tce_op_kind_name(tce_op_kind k)
{
    static const char *const n[TCE_OP_KIND_COUNT] = {
        "bulk_copy", "bulk_reduce", "bulk_prefetch", "tensor_load", "tensor_store",
        "tensor_reduce", "tensor_prefetch", "red", "multimem_copy"};
    return (unsigned)k < TCE_OP_KIND_COUNT ? n[k] : "?";
}

tce_op tce_op_bulk_copy(tce_space src, tce_space dst, unsigned cta, uint64_t gaddr,
                        uint32_t saddr, uint32_t size, uint32_t mbar)
{
    tce_op op;
    memset(&op, 0, sizeof op);
    op.kind = TCE_OP_BULK_COPY;
    op.src_space = src;
    op.dst_space = dst;
    op.completion = dst == TCE_SPACE_GLOBAL ? TCE_DONE_BULK_GROUP : TCE_DONE_MBARRIER;
    op.cta = cta;
    op.gaddr = gaddr;
    op.saddr = saddr;
    op.size = size;
    op.mbar = dst == TCE_SPACE_GLOBAL ? 0 : mbar;
    return op;
}

tce_op tce_op_tile_load(unsigned cta, uint64_t tmap, unsigned dims, const int32_t *coords,
                        uint32_t saddr, uint32_t mbar)
{
    tce_op op;
    memset(&op, 0, sizeof op);
    op.kind = TCE_OP_TENSOR_LOAD;
    op.src_space = TCE_SPACE_GLOBAL;
    op.dst_space = TCE_SPACE_SHARED_CTA;
    op.completion = TCE_DONE_MBARRIER;
    op.mode = TCE_MODE_TILE;
    op.cta = cta;
    op.dims = dims;
    op.tmap_addr = tmap;
    for (unsigned i = 0; i < dims && i < TCE_MAX_RANK; i++)
        op.coords[i] = coords[i];
    op.saddr = saddr;
    op.mbar = mbar;
    return op;
}

tce_op tce_op_as_store(tce_op op)
{
    op.kind = TCE_OP_TENSOR_STORE;
    op.src_space = TCE_SPACE_SHARED_CTA;
    op.dst_space = TCE_SPACE_GLOBAL;
    op.completion = TCE_DONE_BULK_GROUP;
    op.mbar = 0;
    return op;
}

const char *tce_mode_name(tce_mode m)
{
    static const char *const n[] = {"tile", "im2col", "im2col::w", "im2col::w::128",
                                    "tile::gather4", "tile::scatter4", "im2col_no_offs"};
    return (unsigned)m < 7 ? n[m] : "?";
}

/* The descriptor lives in global memory, 64-byte aligned, as a CUtensorMap does. */
static tce_result fetch_map(const tce_op *op, const tce_memsys *ms, tce_tensormap *map)
{
    tce_diag why = {{0}};
    if (op->tmap_addr & 63)
        return tce_fail(TCE_ERR_MISALIGNED, TCE_CMDF_TMAP_LO,
                        "tensor map address 0x%llx is not 64-byte aligned",
                        (unsigned long long)op->tmap_addr);
    const uint8_t *d = tce_gmem(ms, op->tmap_addr, TCE_DESC_BYTES);
    if (!d)
        return tce_fail(TCE_ERR_GLOBAL_BUS, TCE_CMDF_TMAP_LO,
                        "tensor map at 0x%llx is outside global memory",
                        (unsigned long long)op->tmap_addr);
    /* Either tce's own descriptor (its MAGIC) or the CUDA driver's CUtensorMap, as the
     * H100 reads it (docs/cumap.md). */
    bool own = d[0] == (TCE_DESC_MAGIC & 0xFFu) && d[1] == (TCE_DESC_MAGIC >> 8);
    tce_status st = own ? tce_desc_unpack(d, map, &why) : tce_cumap_decode(d, map, &why);
    if (st != TCE_OK)
        return tce_fail(st, TCE_CMDF_TMAP_LO, "%s tensor map at 0x%llx: %s", own ? "tce" : "driver",
                        (unsigned long long)op->tmap_addr, why.text);
    return tce_ok();
}

tce_result tce_csim_execute(const tce_op *op, tce_memsys *ms)
{
    tce_tensormap map;
    tce_result r;
    switch (op->kind) {
    case TCE_OP_BULK_COPY:
    case TCE_OP_BULK_REDUCE:
    case TCE_OP_BULK_PREFETCH:
    case TCE_OP_MULTIMEM_COPY:
        return tce_csim_bulk(op, ms);
    case TCE_OP_RED:
        return tce_csim_red(op, ms);
    case TCE_OP_TENSOR_LOAD:
    case TCE_OP_TENSOR_STORE:
    case TCE_OP_TENSOR_REDUCE:
    case TCE_OP_TENSOR_PREFETCH:
        /* PTX: a tensor load completes on an mbarrier only (.bulk_group is a store's) */
        if (op->kind == TCE_OP_TENSOR_LOAD && op->completion == TCE_DONE_BULK_GROUP)
            return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_COMPLETION,
                            "tensor load: completion must be .mbarrier::complete_tx::bytes, "
                            "not .bulk_group");
        r = fetch_map(op, ms, &map);
        if (r.status != TCE_OK)
            return r;
        switch (op->mode) {
        case TCE_MODE_TILE:
        case TCE_MODE_GATHER4:
        case TCE_MODE_SCATTER4:
            return tce_csim_tile(op, &map, ms);
        case TCE_MODE_IM2COL:
        case TCE_MODE_IM2COL_W:
        case TCE_MODE_IM2COL_W128:
        case TCE_MODE_IM2COL_NO_OFFS:
            return tce_csim_im2col(op, &map, ms);
        }
        return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_MODE, "unknown load mode %d", (int)op->mode);
    default:
        break;
    }
    return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_OPCODE, "unknown operation kind %d", (int)op->kind);
}
