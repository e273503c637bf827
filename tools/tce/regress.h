/* `tce regress`: random legal operations on two engines side by side (regress.c), drawn
 * by the generator of regress_gen.c into a fixed memory layout. */
#ifndef TCE_REGRESS_H
#define TCE_REGRESS_H

#include "../../csim/csim.h"
#include "engines.h"

/* The memory layout every batch uses. A batch queues up to REGRESS_MAX_QUEUE operations;
 * operation i writes only its own slot i, and all read the shared source areas, so the
 * order in which an engine overlaps queued commands cannot change the result. The one
 * exception is the overlap area: bulk u32/s32 add reductions of several operations land
 * there on overlapping ranges, to catch a lost read-modify-write update; 32-bit wrapping
 * adds commute, so their order cannot change the result either. */
#define REGRESS_NCTA 4u                    /* shared memory per CTA: TCE_ENGINE_SMEM_BYTES */
#define REGRESS_GBASE 0x10000000ull
#define REGRESS_GSIZE 0x21000u             /* global window: sources, slots, overlap area */
#define REGRESS_GSRC_SIZE 0x10000u         /* [0, 64 KB): tensors loaded, bulk sources */
#define REGRESS_GSLOT_SIZE 0x4000u         /* 16 KB per queued operation */
#define REGRESS_GOVERLAP_OFF 0x20000u      /* overlapping 32-bit add reductions */
#define REGRESS_GOVERLAP_SIZE 0x1000u
#define REGRESS_DESC_BASE 0x00010000ull    /* descriptors: 128 bytes per slot */
#define REGRESS_DESC_SIZE 0x1000u
#define REGRESS_MBAR_OFF 0x0u              /* mbarriers: 8 bytes per slot */
#define REGRESS_SSRC_OFF 0x400u            /* shared source area */
#define REGRESS_SSRC_SIZE 0x7C00u
#define REGRESS_SSLOT_OFF 0x8000u          /* shared destination slots */
#define REGRESS_SSLOT_SIZE 0x2000u         /* 8 KB per queued operation */
#define REGRESS_SMEM_USED 0x10000u         /* bytes of shared memory refilled per batch */
#define REGRESS_MAX_QUEUE 4u
/* Two more windows with an unmapped gap between them, far from the rest, that only the
 * straddling tensors of regress_gen_memory.c touch: their rows may fall in the gap (the
 * golden model refuses the operation before anything moves) or skip it (it runs). */
#define REGRESS_GFAR_BASE 0x10040000ull
#define REGRESS_GFAR_SIZE 0x4000u          /* each of the two */
#define REGRESS_GFAR_GAP 0x400u

/* Queue slot i's own areas: global destination, shared destination (in every CTA), mbarrier. */
static inline uint64_t regress_gslot(unsigned slot)
{
    return REGRESS_GBASE + REGRESS_GSRC_SIZE + (uint64_t)slot * REGRESS_GSLOT_SIZE;
}
static inline uint32_t regress_sslot(unsigned slot)
{
    return REGRESS_SSLOT_OFF + slot * REGRESS_SSLOT_SIZE;
}
static inline uint32_t regress_mbar(unsigned slot) { return REGRESS_MBAR_OFF + slot * 8u; }

typedef struct {
    bool tf32;         /* allow tf32 tensor maps (every engine rounds them now) */
    bool wide;         /* --wide: the hwcorpus's field ranges (REGRESS_WIDE_* below) */
} regress_gen_cfg;

/* --wide widens the tensor draws toward what the H100 captures hold (tests/data/hwcorpus):
 * a box's shared-memory side (load destination, store source) at any 128-byte offset past
 * a 1024-byte boundary (the captures' smem_off 0..896: swizzles follow the address bits),
 * rows of up to 256 elements without a swizzle, boxes up to 64 along dim 1 and 8 beyond,
 * element strides 1..8. Boxes shrink by the largest offset so every box still fits its
 * shared slot. Off by default: the CI seeds keep the draws they were measured with. */
#define REGRESS_WIDE_SMEM_OFF_MAX 0x380u

/* Bytes of the packed map a corrupted-map draw may change (regress_gen_memory.c). */
#define REGRESS_MAX_POKES 8u

typedef struct {
    tce_op op;
    bool has_map;
    tce_tensormap map;     /* for tensor operations: what the descriptor holds */
    bool illegal;          /* deliberately illegal: both engines must name the same error */
    bool extreme;          /* drawn at real sizes (regress_gen_extreme.c): beyond a 32-bit
                              address build's reach */
    const char *what;      /* short name of the recipe */
    unsigned desc_pokes;   /* the packed map gets byte desc_poke_off[k] set to desc_poke_val[k] */
    uint8_t desc_poke_off[REGRESS_MAX_POKES], desc_poke_val[REGRESS_MAX_POKES];
} regress_item;

/* Draw one operation for queue slot `slot` from the generator state. */
void regress_gen(uint64_t *rng, unsigned slot, const regress_gen_cfg *cfg, regress_item *it);

/* Pieces of the generator the recipes share: a uniform draw in [0, n), a percentage
 * chance, the destination of a tensor load in slot `slot` (shared::cta, one cluster CTA,
 * or multicast). */
uint32_t regress_rnd(uint64_t *rng, uint32_t n);
bool regress_chance(uint64_t *rng, unsigned pct);
void regress_load_dest(uint64_t *rng, unsigned slot, const regress_gen_cfg *cfg, tce_op *op);
/* A tensor store's or reduce's source and completion: shared::cta at a 1024-aligned place
 * of the shared source area (with --wide, plus 0..REGRESS_WIDE_SMEM_OFF_MAX in steps of 128),
 * to global, through a bulk async-group. */
void regress_store_source(uint64_t *rng, const regress_gen_cfg *cfg, tce_op *op);
/* With --wide, how far past its area's start a tensor begins: a multiple of `align` (the
 * encoder's 16, or 32 for a 32B-interleaved map) below 256, so rows meet the 32-byte beats
 * and the 4 KB pages at other places than a 256-byte-aligned tensor's do; 0 without. */
uint32_t regress_base_off(uint64_t *rng, const regress_gen_cfg *cfg, unsigned align);
/* Bytes a tensor box may take of a shared area of `area` bytes: with --wide, less the
 * largest 128-byte offset regress_load_dest / regress_store_source may add. */
uint32_t regress_box_cap(const regress_gen_cfg *cfg, uint32_t area);
/* The data types a tensor map may draw (TFLOAT32 and TFLOAT32_FTZ last: only with
 * cfg->tf32; TFLOAT32_FTZ only with cfg->wide). */
tce_dtype regress_dtype(uint64_t *rng, const regress_gen_cfg *cfg);

/* regress_gen_tensor.c: im2col-family loads (.im2col, ::w, ::w::128) and tile::gather4
 * loads, legal by construction (the encoder filters the maps), with an occasional start
 * outside the pixel window, which both engines must trap. */
void regress_gen_im2col(uint64_t *rng, unsigned slot, const regress_gen_cfg *cfg,
                        regress_item *it);
void regress_gen_gather4(uint64_t *rng, unsigned slot, const regress_gen_cfg *cfg,
                         regress_item *it);
/* regress_gen_extreme.c (--wide): a tile load or store at real sizes, huge globalDim and
 * strides, int32-edge coordinates, a far (often wrapping) globalAddress; now and then one
 * the H100 traps (globalDim past 2^31, an unmapped origin read). */
void regress_gen_extreme(uint64_t *rng, unsigned slot, const regress_gen_cfg *cfg,
                         regress_item *it);
/* regress_gen_memory.c: turn a legal draw into one that names memory outside what exists
 * (past the shared memory, a CTA beyond the cluster, past a global window, a 0xFFFFFFF0-byte
 * copy) or uses a corrupted tensor map; the golden model refuses it untouched. */
void regress_make_memory_illegal(uint64_t *rng, regress_item *it);
/* One of those recipes: a tensor operation's map moved to the end of the first far window
 * (REGRESS_GFAR_*), so that its byte range runs on through the unmapped gap into the second
 * (and maybe past it): rows or elements in the gap make the golden model refuse it with
 * GLOBAL_BUS before anything moves, rows whose strides skip the gap run. */
void regress_straddle_gap(uint64_t *rng, regress_item *it);
/* The share of draws regress.c makes so, in percent, from a stream of its own. */
#define REGRESS_MEMORY_ILLEGAL_PCT 3u

/* The operation in words (one line, no newline). */
void regress_describe(const regress_item *it, char *buf, size_t cap);

/* --bus-errors (regress_bus.c): one operation of a batch, the victim, finds an error
 * response on what only it reads or writes. */
typedef enum {
    REGRESS_BUS_NONE,
    REGRESS_BUS_DEST,   /* writes to its global destination slot */
    REGRESS_BUS_DESC,   /* reads of its tensor descriptor */
    REGRESS_BUS_SOURCE, /* reads of its bulk copy's global source (no other op reads global) */
} regress_bus_kind;

typedef struct {
    int slot;              /* the victim's queue slot; -1: no injection in this batch */
    uint64_t base, size;   /* the injected range */
    unsigned resp, dirs;   /* tce_engine_inject_error's */
    regress_bus_kind kind;
} regress_bus_plan;

typedef struct {
    unsigned long injected, reported, untouched;
} regress_bus_stats;

/* Whether batch `batch` of `seed` gets an injection, and where. Depends only on (seed,
 * batch) and the batch's operations, so --only=K reproduces it. */
bool regress_bus_draw(uint64_t seed, unsigned long batch, const regress_item *items,
                      unsigned n, regress_bus_plan *p);
/* The victim's global destination slot in ms (before the batch runs, for "was anything
 * written there"). */
uint8_t *regress_bus_dest_global(tce_memsys *ms, unsigned slot);
/* Judge the victim: the engine under test (dut) must report GLOBAL_BUS where the golden
 * model (ref) touched the bad range, the same trap where the golden model trapped, and
 * either where it touched nothing. When dut reports GLOBAL_BUS, the victim's destination
 * (global slot or shared slot in every CTA, and its mbarrier) and its complete-tx requests
 * are taken out of the comparison: the golden model knows no bus errors, and the engine
 * may have written part of the destination before the error came back. Every other byte
 * is still compared by the caller. 0, or -1 with the cause in why. */
int regress_bus_judge(const regress_bus_plan *p, const regress_item *items,
                      const uint8_t *gslot_before, const tce_memsys *ref, tce_memsys *dut,
                      tce_result *ref_res, tce_result *dut_res, tce_engine_tx *ref_tx,
                      unsigned *ref_ntx, tce_engine_tx *dut_tx, unsigned *dut_ntx,
                      regress_bus_stats *st, char *why, size_t cap);

#endif
