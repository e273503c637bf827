/* Non-tensor bulk operations: cp.async.bulk (four directions, multicast, .cp_mask),
 * cp.reduce.async.bulk (to global and to shared::cluster), cp.async.bulk.prefetch.L2 and
 * multimem.cp.async.bulk.
 *
 * Every operand is checked before any byte moves, so a refused operation leaves memory
 * untouched: size and addresses must be multiples of 16 (PTX: a size that is not is
 * undefined behaviour -> TCE_ERR_UNDEFINED; a misaligned address traps "misaligned
 * address" -> TCE_ERR_MISALIGNED), and every byte must be mapped (TCE_ERR_GLOBAL_BUS /
 * TCE_ERR_SHARED_RANGE). docs/bulk.md has the rules and their sources. */
#include "arith.h"
#include "le_bytes.h"
#include "csim.h"

#include <stdio.h>
#include <string.h>

#define CHUNK 16u

/* A resolved shared-memory operand. */
typedef struct {
    unsigned cta;
    uint32_t off;
} smem_ref;

/* A shared::cta address is an offset in the issuing CTA; a shared::cluster address
 * carries the target rank in bits [27:24] (TCE_SADDR). */
static tce_result resolve_smem(const tce_op *op, const tce_memsys *ms, tce_space space,
                               uint32_t addr, uint32_t len, const char *field, unsigned fid,
                               smem_ref *out)
{
    if (space == TCE_SPACE_SHARED_CTA) {
        if (addr > 0xFFFFFFu)
            return tce_fail(TCE_ERR_SHARED_RANGE, fid, "%s 0x%x is beyond any shared::cta window",
                            field, addr);
        out->cta = op->cta;
        out->off = addr;
    } else if (space == TCE_SPACE_SHARED_CLUSTER) {
        if (addr >> 28)
            return tce_fail(TCE_ERR_SHARED_RANGE, fid,
                            "%s 0x%x has bits above the CTA rank field [27:24]", field, addr);
        out->cta = TCE_SADDR_RANK(addr);
        out->off = TCE_SADDR_OFF(addr);
    } else
        return tce_fail(TCE_ERR_UNDEFINED, fid,
                        "%s: state space %d is not shared", field, (int)space);
    if (out->cta >= ms->ncta)
        return tce_fail(TCE_ERR_SHARED_RANGE, fid,
                        "%s 0x%x names CTA %u; the cluster has %u", field,
                        addr, out->cta, ms->ncta);
    if (out->off % CHUNK)
        return tce_fail(TCE_ERR_MISALIGNED, fid, "%s 0x%x is not 16-byte aligned", field, addr);
    if (!tce_smem(ms, out->cta, out->off, len))
        return tce_fail(TCE_ERR_SHARED_RANGE, fid,
                        "%s 0x%x + size %u runs past CTA %u's %u bytes of shared memory", field,
                        addr, len, out->cta, ms->smem_size);
    return tce_ok();
}

static tce_result check_global(const tce_memsys *ms, uint64_t addr, uint32_t len,
                               const char *field, unsigned fid)
{
    if (addr % CHUNK)
        return tce_fail(TCE_ERR_MISALIGNED, fid, "%s 0x%llx is not 16-byte aligned", field,
                        (unsigned long long)addr);
    if (addr + len < addr || !tce_gmem(ms, addr, len ? len : 1))
        return tce_fail(TCE_ERR_GLOBAL_BUS, fid,
                        "%s 0x%llx + size %u is not all mapped global memory",
                        field, (unsigned long long)addr, len);
    return tce_ok();
}

/* The mbarrier an mbarrier-completed copy signals: an 8-byte object, 8-byte aligned, in
 * the shared memory of CTA `cta` at the offset of op->mbar. */
static tce_result check_mbar(const tce_op *op, const tce_memsys *ms, unsigned cta)
{
    uint32_t off = TCE_SADDR_OFF(op->mbar);
    if (op->mbar >> 28)
        return tce_fail(TCE_ERR_SHARED_RANGE, TCE_CMDF_MBAR,
                        "mbar 0x%x has bits above the CTA rank field",
                        op->mbar);
    /* The mbarrier lives with the data it tracks (PTX: same CTA as dstMem). A shared::cta
     * style mbar (rank bits 0) means "the destination CTA's". */
    if (TCE_SADDR_RANK(op->mbar) && TCE_SADDR_RANK(op->mbar) != cta && !op->multicast)
        return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_MBAR,
                        "mbar 0x%x is in CTA %u but the destination is in CTA %u", op->mbar,
                        TCE_SADDR_RANK(op->mbar), cta);
    if (off % 8u)
        return tce_fail(TCE_ERR_MISALIGNED, TCE_CMDF_MBAR,
                        "mbar 0x%x is not 8-byte aligned", op->mbar);
    if (!tce_smem(ms, cta, off, 8))
        return tce_fail(TCE_ERR_SHARED_RANGE, TCE_CMDF_MBAR,
                        "mbar 0x%x is outside CTA %u's shared memory",
                        op->mbar, cta);
    return tce_ok();
}

static tce_result check_size(const tce_op *op, const char *what)
{
    if (op->size % CHUNK)
        return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_SIZE,
                        "%s: size %u is not a multiple of 16 (undefined in the PTX text)", what,
                        op->size);
    return tce_ok();
}

static tce_result want_completion(const tce_op *op, tce_completion want, const char *what)
{
    static const char *const names[] = {"none", "mbarrier::complete_tx::bytes", "bulk_group"};
    if (op->completion != want)
        return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_COMPLETION,
                        "%s: completion must be .%s, not .%s", what,
                        names[want],
                        (unsigned)op->completion < 3 ? names[op->completion] : "?");
    return tce_ok();
}

/* Copy with the .cp_mask byte mask: byte i of every 16-byte chunk moves iff mask bit i. */
static void masked_copy(uint8_t *dst, const uint8_t *src, uint32_t n, bool has_mask,
                        uint16_t mask)
{
    if (!has_mask) {
        memmove(dst, src, n);
        return;
    }
    for (uint32_t i = 0; i < n; i++)
        if ((mask >> (i % CHUNK)) & 1u)
            dst[i] = src[i];
}

static uint32_t masked_bytes(uint32_t n, bool has_mask, uint16_t mask)
{
    if (!has_mask)
        return n;
    unsigned per_chunk = 0;
    for (unsigned i = 0; i < CHUNK; i++)
        per_chunk += (mask >> i) & 1u;
    return n / CHUNK * per_chunk;
}

#define TRY(expr)                                                                            \
    do {                                                                                     \
        tce_result t_ = (expr);                                                              \
        if (t_.status != TCE_OK)                                                             \
            return t_;                                                                       \
    } while (0)

static tce_result no_flag(bool set, const char *flag, unsigned fid, const char *what)
{
    if (set)
        return tce_fail(TCE_ERR_ILLEGAL_INSTR, fid, "%s: %s is not allowed in this direction", what,
                        flag);
    return tce_ok();
}

/* global -> shared::cta / shared::cluster (optionally multicast). */
static tce_result copy_global_to_shared(const tce_op *op, tce_memsys *ms)
{
    const char *what = "cp.async.bulk global->shared";
    TRY(want_completion(op, TCE_DONE_MBARRIER, what));
    TRY(no_flag(op->has_byte_mask, ".cp_mask", TCE_CMDF_HAS_BYTE_MASK, what));
    TRY(no_flag(op->multicast && op->dst_space != TCE_SPACE_SHARED_CLUSTER,
                ".multicast::cluster", TCE_CMDF_MULTICAST,
                "cp.async.bulk.shared::cta"));
    TRY(check_global(ms, op->gaddr, op->size, "srcMem (gaddr)", TCE_CMDF_GADDR_LO));
    smem_ref dst;
    uint16_t ctas;
    if (op->multicast) {
        if (op->saddr >> 24)
            return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_SADDR,
                            "multicast dstMem 0x%x: only the offset is used, rank bits must be 0",
                            op->saddr);
        if (!op->cta_mask)
            return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_CTA_MASK,
                            "multicast ctaMask is 0: no destination CTA");
        if (op->cta_mask >> ms->ncta)
            return tce_fail(TCE_ERR_SHARED_RANGE, TCE_CMDF_CTA_MASK,
                            "ctaMask 0x%x names CTAs beyond the %u of the "
                                                  "cluster",
                            op->cta_mask, ms->ncta);
        ctas = op->cta_mask;
        for (unsigned c = 0; c < ms->ncta; c++)
            if ((ctas >> c) & 1u) {
                TRY(resolve_smem(op, ms, TCE_SPACE_SHARED_CLUSTER, TCE_SADDR(c, op->saddr),
                                 op->size, "dstMem (saddr)", TCE_CMDF_SADDR, &dst));
                TRY(check_mbar(op, ms, c));
            }
    } else {
        TRY(resolve_smem(op, ms, op->dst_space, op->saddr, op->size, "dstMem (saddr)",
                         TCE_CMDF_SADDR, &dst));
        TRY(check_mbar(op, ms, dst.cta));
        ctas = (uint16_t)(1u << dst.cta);
    }
    /* Multicast lands at the same CTA-relative offset in every destination. */
    const uint8_t *src = tce_gmem(ms, op->gaddr, op->size ? op->size : 1);
    for (unsigned c = 0; c < ms->ncta; c++)
        if ((ctas >> c) & 1u)
            memmove(tce_smem(ms, c, dst.off, op->size), src, op->size);
    tce_result r = tce_ok();
    r.tx_bytes = op->size;
    r.tx_ctas = ctas;
    r.bytes_read = op->size;
    for (unsigned c = 0; c < ms->ncta; c++)
        r.bytes_written += ((ctas >> c) & 1u) ? op->size : 0u;
    return r;
}

/* shared::cta -> shared::cluster of another CTA. */
static tce_result copy_shared_to_cluster(const tce_op *op, tce_memsys *ms)
{
    const char *what = "cp.async.bulk.shared::cluster.shared::cta";
    TRY(want_completion(op, TCE_DONE_MBARRIER, what));
    TRY(no_flag(op->has_byte_mask, ".cp_mask", TCE_CMDF_HAS_BYTE_MASK, what));
    TRY(no_flag(op->multicast, ".multicast::cluster", TCE_CMDF_MULTICAST, what));
    smem_ref src, dst;
    TRY(resolve_smem(op, ms, TCE_SPACE_SHARED_CTA, op->saddr_src, op->size, "srcMem (saddr_src)",
                     TCE_CMDF_SADDR_SRC, &src));
    TRY(resolve_smem(op, ms, TCE_SPACE_SHARED_CLUSTER, op->saddr, op->size, "dstMem (saddr)",
                     TCE_CMDF_SADDR, &dst));
    if (dst.cta == op->cta)
        return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_SADDR,
                        "%s: dstMem 0x%x is in the issuing CTA %u; the PTX text requires a "
                        "different CTA of the cluster",
                        what, op->saddr, op->cta);
    TRY(check_mbar(op, ms, dst.cta));
    memmove(tce_smem(ms, dst.cta, dst.off, op->size), tce_smem(ms, src.cta, src.off, op->size),
            op->size);
    tce_result r = tce_ok();
    r.tx_bytes = op->size;
    r.tx_ctas = (uint16_t)(1u << dst.cta);
    r.bytes_read = r.bytes_written = op->size;
    return r;
}

/* shared::cta -> global (optionally .cp_mask). */
static tce_result copy_shared_to_global(const tce_op *op, tce_memsys *ms)
{
    const char *what = "cp.async.bulk.global.shared::cta";
    TRY(want_completion(op, TCE_DONE_BULK_GROUP, what));
    TRY(no_flag(op->multicast, ".multicast::cluster", TCE_CMDF_MULTICAST, what));
    smem_ref src;
    TRY(resolve_smem(op, ms, TCE_SPACE_SHARED_CTA, op->saddr, op->size, "srcMem (saddr)",
                     TCE_CMDF_SADDR, &src));
    TRY(check_global(ms, op->gaddr, op->size, "dstMem (gaddr)", TCE_CMDF_GADDR_LO));
    masked_copy(tce_gmem(ms, op->gaddr, op->size ? op->size : 1),
                tce_smem(ms, src.cta, src.off, op->size), op->size, op->has_byte_mask,
                op->byte_mask);
    tce_result r = tce_ok();
    r.bytes_read = op->size;
    r.bytes_written = masked_bytes(op->size, op->has_byte_mask, op->byte_mask);
    return r;
}

static tce_result bulk_copy(const tce_op *op, tce_memsys *ms)
{
    if (op->src_space == TCE_SPACE_GLOBAL &&
        (op->dst_space == TCE_SPACE_SHARED_CTA || op->dst_space == TCE_SPACE_SHARED_CLUSTER))
        return copy_global_to_shared(op, ms);
    if (op->src_space == TCE_SPACE_SHARED_CTA && op->dst_space == TCE_SPACE_SHARED_CLUSTER)
        return copy_shared_to_cluster(op, ms);
    if (op->src_space == TCE_SPACE_SHARED_CTA && op->dst_space == TCE_SPACE_GLOBAL)
        return copy_shared_to_global(op, ms);
    return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_DST_SPACE,
                    "cp.async.bulk: no direction from space %d to %d",
                    (int)op->src_space, (int)op->dst_space);
}

/* cp.reduce.async.bulk: dst[i] = op(dst[i], src[i]) element by element. */
static tce_result bulk_reduce(const tce_op *op, tce_memsys *ms)
{
    bool to_global = op->dst_space == TCE_SPACE_GLOBAL;
    const char *what = to_global ? "cp.reduce.async.bulk.global.shared::cta"
                                 : "cp.reduce.async.bulk.shared::cluster.shared::cta";
    if (op->src_space != TCE_SPACE_SHARED_CTA ||
        (!to_global && op->dst_space != TCE_SPACE_SHARED_CLUSTER))
        return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_DST_SPACE,
                        "cp.reduce.async.bulk: no direction from space %d to %d",
                        (int)op->src_space, (int)op->dst_space);
    tce_arith_ctx actx = to_global ? TCE_ARITH_BULK_REDUCE : TCE_ARITH_BULK_REDUCE_CLUSTER;
    if ((unsigned)op->redop > TCE_RED_XOR || (unsigned)op->etype > TCE_ET_F64 ||
        !tce_arith_legal(actx, op->redop, op->etype, op->noftz))
        return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_REDOP,
                        "%s: .%s%s.%s is not a legal op/type pair", what,
                        tce_redop_name(op->redop), op->noftz ? ".noftz" : "",
                        tce_etype_name(op->etype));
    TRY(want_completion(op, to_global ? TCE_DONE_BULK_GROUP : TCE_DONE_MBARRIER, what));
    TRY(no_flag(op->multicast, ".multicast::cluster", TCE_CMDF_MULTICAST, what));
    TRY(no_flag(op->has_byte_mask, ".cp_mask", TCE_CMDF_HAS_BYTE_MASK, what));
    TRY(check_size(op, what));
    /* Field convention (op.h): to global the shared source is saddr; to shared::cluster
     * saddr is the destination and saddr_src the source. */
    smem_ref src, dst = {0, 0};
    TRY(resolve_smem(op, ms, TCE_SPACE_SHARED_CTA, to_global ? op->saddr : op->saddr_src,
                     op->size, to_global ? "srcMem (saddr)" : "srcMem (saddr_src)",
                     to_global ? TCE_CMDF_SADDR : TCE_CMDF_SADDR_SRC, &src));
    uint8_t *d;
    tce_result r = tce_ok();
    if (to_global) {
        TRY(check_global(ms, op->gaddr, op->size, "dstMem (gaddr)", TCE_CMDF_GADDR_LO));
        d = tce_gmem(ms, op->gaddr, op->size ? op->size : 1);
    } else {
        TRY(resolve_smem(op, ms, TCE_SPACE_SHARED_CLUSTER, op->saddr, op->size, "dstMem (saddr)",
                         TCE_CMDF_SADDR, &dst));
        TRY(check_mbar(op, ms, dst.cta));
        d = tce_smem(ms, dst.cta, dst.off, op->size);
        r.tx_bytes = op->size;
        r.tx_ctas = (uint16_t)(1u << dst.cta);
    }
    const uint8_t *s = tce_smem(ms, src.cta, src.off, op->size);
    unsigned esz = tce_etype_size(op->etype);
    for (uint32_t i = 0; i < op->size; i += esz)
        tce_le_put(d + i, esz,
                 tce_arith_apply(actx, op->redop, op->etype, op->noftz, tce_le_get(d + i, esz),
                                 tce_le_get(s + i, esz)));
    r.bytes_read = 2ull * op->size;
    r.bytes_written = op->size;
    return r;
}

/* cp.async.bulk.prefetch.L2.global: a cache hint. The operands are checked as for a copy
 * (size and address alignment); no memory changes and no range check, since a hint to
 * unmapped memory has nothing to fault on. */
static tce_result bulk_prefetch(const tce_op *op)
{
    const char *what = "cp.async.bulk.prefetch.L2.global";
    if (op->src_space != TCE_SPACE_GLOBAL)
        return tce_fail(TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_SRC_SPACE,
                        "%s: the source must be .global", what);
    TRY(want_completion(op, TCE_DONE_NONE, what));
    if (op->gaddr % CHUNK)
        return tce_fail(TCE_ERR_MISALIGNED, TCE_CMDF_GADDR_LO,
                        "%s: srcMem (gaddr) 0x%llx is not 16-byte aligned",
                        what, (unsigned long long)op->gaddr);
    return tce_ok();
}

/* multimem.cp.async.bulk.global.shared::cta: the same bytes to every memory of the
 * multimem group (op->multimem_addr[0..multimem_count)). */
static tce_result multimem_copy(const tce_op *op, tce_memsys *ms)
{
    const char *what = "multimem.cp.async.bulk.global.shared::cta";
    if (op->src_space != TCE_SPACE_SHARED_CTA || op->dst_space != TCE_SPACE_GLOBAL)
        return tce_fail(TCE_ERR_ILLEGAL_INSTR,
                        op->src_space != TCE_SPACE_SHARED_CTA ? TCE_CMDF_SRC_SPACE
                                                              : TCE_CMDF_DST_SPACE,
                        "%s: only shared::cta -> global exists", what);
    TRY(want_completion(op, TCE_DONE_BULK_GROUP, what));
    TRY(no_flag(op->multicast, ".multicast::cluster", TCE_CMDF_MULTICAST, what));
    if (op->multimem_count < 1 || op->multimem_count > 8)
        return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_MULTIMEM_COUNT,
                        "%s: multimem_count %u is not 1..8", what,
                        op->multimem_count);
    smem_ref src;
    TRY(resolve_smem(op, ms, TCE_SPACE_SHARED_CTA, op->saddr, op->size, "srcMem (saddr)",
                     TCE_CMDF_SADDR, &src));
    for (unsigned i = 0; i < op->multimem_count; i++) {
        char field[32];
        snprintf(field, sizeof field, "multimem_addr[%u]", i);
        TRY(check_global(ms, op->multimem_addr[i], op->size, field, TCE_CMDF_MULTIMEM_LO));
        for (unsigned j = 0; j < i; j++)
            if (op->multimem_addr[j] < op->multimem_addr[i] + op->size &&
                op->multimem_addr[i] < op->multimem_addr[j] + op->size)
                return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_MULTIMEM_LO,
                                "%s: multimem_addr[%u] and [%u] overlap; each GPU's memory is "
                                "distinct",
                                what, j, i);
    }
    const uint8_t *s = tce_smem(ms, src.cta, src.off, op->size);
    for (unsigned i = 0; i < op->multimem_count; i++)
        masked_copy(tce_gmem(ms, op->multimem_addr[i], op->size ? op->size : 1), s, op->size,
                    op->has_byte_mask, op->byte_mask);
    tce_result r = tce_ok();
    r.bytes_read = op->size;
    r.bytes_written = (uint64_t)op->multimem_count *
                      masked_bytes(op->size, op->has_byte_mask, op->byte_mask);
    return r;
}

tce_result tce_csim_bulk(const tce_op *op, tce_memsys *ms)
{
    if (op->cta >= ms->ncta)
        return tce_fail(TCE_ERR_SHARED_RANGE, TCE_CMDF_CTA,
                        "issuing CTA %u is not in the %u-CTA cluster",
                        op->cta, ms->ncta);
    switch (op->kind) {
    case TCE_OP_BULK_COPY:
        TRY(check_size(op, "cp.async.bulk"));
        return bulk_copy(op, ms);
    case TCE_OP_BULK_REDUCE:
        return bulk_reduce(op, ms);
    case TCE_OP_BULK_PREFETCH:
        TRY(check_size(op, "cp.async.bulk.prefetch"));
        return bulk_prefetch(op);
    case TCE_OP_MULTIMEM_COPY:
        TRY(check_size(op, "multimem.cp.async.bulk"));
        return multimem_copy(op, ms);
    default:
        break;
    }
    return tce_fail(TCE_ERR_UNDEFINED, TCE_CMDF_OPCODE,
                    "tce_csim_bulk: operation kind %s is not a bulk copy",
                    tce_op_kind_name(op->kind));
}
