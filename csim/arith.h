/* Reduction arithmetic, written with integer operations only so the RTL reduction unit
 * can mirror it line for line: integer add/min/max/inc/dec/and/or/xor, f16/bf16/f32/f64
 * add with round-to-nearest-even, and f16/bf16 min/max with the hardware's NaN and
 * signed-zero results. */
#ifndef TCE_ARITH_H
#define TCE_ARITH_H

#include "tce_types.h"

/* The instruction family decides the flushing and NaN rules of an element op. */
typedef enum {
    TCE_ARITH_BULK_REDUCE = 0,   /* cp.reduce.async.bulk (1-D) */
    TCE_ARITH_TENSOR_REDUCE = 1, /* cp.reduce.async.bulk.tensor */
    TCE_ARITH_RED_GLOBAL = 2,    /* red.global */
    TCE_ARITH_RED_SHARED = 3,    /* red.shared */
    TCE_ARITH_BULK_REDUCE_CLUSTER = 4 /* cp.reduce.async.bulk.shared::cluster (integer only) */
} tce_arith_ctx;

/* Is (op, type) a legal pair for this instruction family? */
bool tce_arith_legal(tce_arith_ctx ctx, tce_redop op, tce_etype et, bool noftz);

/* mem = op(mem, src) for one element of tce_etype_size(et) bytes, little-endian.
 * Returns the new memory value (low bytes for 16/32-bit types). */
uint64_t tce_arith_apply(tce_arith_ctx ctx, tce_redop op, tce_etype et, bool noftz, uint64_t mem,
                         uint64_t src);

/* Tensor reduces name a tensor-map dtype rather than an instruction type. */
bool tce_etype_from_dtype(tce_dtype dt, tce_redop op, tce_etype *out);

/* The `noftz` argument a tensor reduce passes to tce_arith_legal/tce_arith_apply for a
 * tensor map of type dt. The instruction has no .noftz qualifier; the H100 takes the f32
 * flushing from the dtype instead: FLOAT32_FTZ and TFLOAT32_FTZ flush subnormal inputs and
 * results, FLOAT32 and TFLOAT32 keep them (tile_reduce.txt, probes/reduce_types.txt).
 * f16/bf16/f64 tensor adds keep subnormals either way. */
bool tce_arith_tensor_noftz(tce_dtype dt);

#endif
