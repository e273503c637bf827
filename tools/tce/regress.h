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
#define REGRESS_NCTA 4u
#define REGRESS_SMEM_SIZE 232448u          /* the bridge's shared memory per CTA */
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

typedef struct {
    bool tf32;         /* allow tf32 tensor maps (the RTL refuses them by name) */
} regress_gen_cfg;

typedef struct {
    tce_op op;
    bool has_map;
    tce_tensormap map;     /* for tensor operations: what the descriptor holds */
    bool illegal;          /* deliberately illegal: both engines must name the same error */
    const char *what;      /* short name of the recipe */
} regress_item;

/* Draw one operation for queue slot `slot` from the generator state. */
void regress_gen(uint64_t *rng, unsigned slot, const regress_gen_cfg *cfg, regress_item *it);
/* The operation in words (one line, no newline). */
void regress_describe(const regress_item *it, char *buf, size_t cap);

#endif
