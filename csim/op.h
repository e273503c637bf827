/* One engine operation: what a decoded PTX instruction asks of the copy engine.
 *
 * The decoder produces it, the driver programs it into the engine's registers, and the
 * golden model executes it directly. Freestanding-safe (firmware includes it).
 *
 * Shared-memory addresses: a shared::cta address is a byte offset in the issuing CTA's
 * shared memory. A shared::cluster address carries the target CTA's rank in bits
 * [27:24] and the byte offset in bits [23:0] (TCE_SADDR); multicast destinations use the
 * offset part with every rank of cta_mask. */
#ifndef TCE_OP_H
#define TCE_OP_H

#include "tce_types.h"

#define TCE_SADDR(rank, off) ((((uint32_t)(rank) & 0xFu) << 24) | ((uint32_t)(off) & 0xFFFFFFu))
#define TCE_SADDR_RANK(a) (((uint32_t)(a) >> 24) & 0xFu)
#define TCE_SADDR_OFF(a) ((uint32_t)(a) & 0xFFFFFFu)

typedef enum {
    TCE_OP_BULK_COPY = 0,       /* cp.async.bulk */
    TCE_OP_BULK_REDUCE = 1,     /* cp.reduce.async.bulk */
    TCE_OP_BULK_PREFETCH = 2,   /* cp.async.bulk.prefetch.L2 */
    TCE_OP_TENSOR_LOAD = 3,     /* cp.async.bulk.tensor, global -> shared */
    TCE_OP_TENSOR_STORE = 4,    /* cp.async.bulk.tensor, shared::cta -> global */
    TCE_OP_TENSOR_REDUCE = 5,   /* cp.reduce.async.bulk.tensor */
    TCE_OP_TENSOR_PREFETCH = 6, /* cp.async.bulk.prefetch.tensor */
    TCE_OP_RED = 7,             /* red{.v2,.v4} */
    TCE_OP_MULTIMEM_COPY = 8,   /* multimem.cp.async.bulk */
    TCE_OP_KIND_COUNT
} tce_op_kind;

typedef enum {
    TCE_SPACE_GLOBAL = 0,
    TCE_SPACE_SHARED_CTA = 1,
    TCE_SPACE_SHARED_CLUSTER = 2
} tce_space;

typedef enum {
    TCE_MODE_TILE = 0,
    TCE_MODE_IM2COL = 1,
    TCE_MODE_IM2COL_W = 2,
    TCE_MODE_IM2COL_W128 = 3,
    TCE_MODE_GATHER4 = 4,       /* tile::gather4 (loads, prefetch) */
    TCE_MODE_SCATTER4 = 5,      /* tile::scatter4 (stores) */
    TCE_MODE_IM2COL_NO_OFFS = 6 /* stores and reduces */
} tce_mode;

/* How the operation signals completion. */
typedef enum {
    TCE_DONE_NONE = 0,     /* prefetch */
    TCE_DONE_MBARRIER = 1, /* .mbarrier::complete_tx::bytes */
    TCE_DONE_BULK_GROUP = 2
} tce_completion;

typedef struct {
    tce_op_kind kind;
    tce_space dst_space;
    tce_space src_space;
    tce_completion completion;
    unsigned cta;             /* rank of the issuing CTA in its cluster */

    /* tensor operations */
    tce_mode mode;
    unsigned dims;            /* the instruction's .Nd */
    uint64_t tmap_addr;       /* global address of the 128-byte descriptor */
    int32_t coords[TCE_MAX_RANK];  /* gather4/scatter4: {col, row0, row1, row2, row3} */
    uint16_t im2col[3];       /* im2col offsets {W,H,D}; im2col::w: {wHalo, wOffset} */

    /* addresses and sizes */
    uint64_t gaddr;           /* bulk: global address (source or destination) */
    uint32_t saddr;           /* shared address: tensor load/bulk dst, or store/reduce src */
    uint32_t saddr_src;       /* bulk shared::cta -> shared::cluster: the source */
    uint32_t mbar;            /* shared address of the mbarrier (TCE_DONE_MBARRIER) */
    uint32_t size;            /* bulk: bytes */
    bool multicast;
    uint16_t cta_mask;        /* multicast::cluster destinations */
    bool has_byte_mask;       /* .cp_mask */
    uint16_t byte_mask;       /* bit i enables byte i of every 16-byte chunk */

    /* reductions and red */
    tce_redop redop;
    tce_etype etype;
    bool noftz;               /* .noftz given (f16/bf16 add) */
    unsigned vec;             /* red: 1, 2, 4 or 8 elements */
    uint64_t operand[8];      /* red: the source register values */

    /* multimem.cp.async.bulk: the global ranges of the multimem group */
    unsigned multimem_count;
    uint64_t multimem_addr[8];
} tce_op;

/* A cp.async.bulk copy. Completion follows the PTX forms: a global destination completes
 * through a bulk async-group, a shared one through the mbarrier at `mbar` (ignored for
 * global). For shared::cta -> shared::cluster, `saddr` is the destination; set
 * saddr_src on the result. */
tce_op tce_op_bulk_copy(tce_space src, tce_space dst, unsigned cta, uint64_t gaddr,
                        uint32_t saddr, uint32_t size, uint32_t mbar);

/* A cp.async.bulk.tensor.<dims>d.shared::cta.global.tile load of the map at `tmap` at
 * coords[0..dims) into `saddr`, completing through the mbarrier at `mbar`. */
tce_op tce_op_tile_load(unsigned cta, uint64_t tmap, unsigned dims, const int32_t *coords,
                        uint32_t saddr, uint32_t mbar);

/* The same tensor operation as a store from the issuing CTA's shared memory at its saddr
 * (shared::cta -> global, bulk-group completion, no mbarrier): a load's box written back. */
tce_op tce_op_as_store(tce_op op);

const char *tce_op_kind_name(tce_op_kind k);
const char *tce_mode_name(tce_mode m);

#endif
