/* The reduction unit's front end: which op/type pairs each instruction family accepts,
 * which flushing and NaN rule each family applies, and the tensor-map dtype -> element
 * type mapping of tensor reduces. The arithmetic itself is in arith_int.c and
 * arith_float.c. docs/arithmetic.md gives the rules and whether each rests on hardware
 * captures or on the PTX text. */
#include "arith_internal.h"

#define ET(x) (1u << (x))
#define B32 ET(TCE_ET_B32)
#define B64 ET(TCE_ET_B64)
#define U32 ET(TCE_ET_U32)
#define S32 ET(TCE_ET_S32)
#define U64 ET(TCE_ET_U64)
#define S64 ET(TCE_ET_S64)
#define F16 ET(TCE_ET_F16)
#define BF16 ET(TCE_ET_BF16)
#define F32 ET(TCE_ET_F32)
#define F64 ET(TCE_ET_F64)

#define NCTX 5
#define NOPS 8

/* Element types each family accepts per op, in tce_redop order
 * {add, min, max, inc, dec, and, or, xor}. Sources: the op/type tables of the PTX text
 * (cp.reduce.async.bulk, cp.reduce.async.bulk.tensor), the H100 for the tensor add of
 * f64 (tests/data/probes/reduce_types.txt, which the PTX table lacks), and, for red, the
 * types ptxas accepts (tests/data/ptxcorpus): .and/.or/.xor want .b32/.b64, .inc/.dec only .u32,
 * .min/.max of f16/bf16 only as a .global vector. */
static const uint16_t legal_types[NCTX][NOPS] = {
    [TCE_ARITH_BULK_REDUCE] = {U32 | S32 | U64 | F32 | F64 | F16 | BF16,
                               U32 | S32 | U64 | S64 | F16 | BF16,
                               U32 | S32 | U64 | S64 | F16 | BF16, U32, U32, B32 | B64,
                               B32 | B64, B32 | B64},
    [TCE_ARITH_TENSOR_REDUCE] = {U32 | S32 | U64 | F32 | F64 | F16 | BF16,
                                 U32 | S32 | U64 | S64 | F16 | BF16,
                                 U32 | S32 | U64 | S64 | F16 | BF16, U32, U32, B32 | B64,
                                 B32 | B64, B32 | B64},
    [TCE_ARITH_RED_GLOBAL] = {U32 | S32 | U64 | F32 | F64 | F16 | BF16,
                              U32 | S32 | U64 | S64 | F16 | BF16,
                              U32 | S32 | U64 | S64 | F16 | BF16, U32, U32, B32 | B64,
                              B32 | B64, B32 | B64},
    [TCE_ARITH_RED_SHARED] = {U32 | S32 | U64 | F32 | F64 | F16 | BF16, U32 | S32 | U64 | S64,
                              U32 | S32 | U64 | S64, U32, U32, B32 | B64, B32 | B64,
                              B32 | B64},
    [TCE_ARITH_BULK_REDUCE_CLUSTER] = {U32 | S32 | U64, U32 | S32, U32 | S32, U32, U32, B32,
                                       B32, B32},
};

static bool is_half(tce_etype et) { return et == TCE_ET_F16 || et == TCE_ET_BF16; }

bool tce_arith_legal(tce_arith_ctx ctx, tce_redop op, tce_etype et, bool noftz)
{
    if ((unsigned)ctx >= NCTX || (unsigned)op >= NOPS || (unsigned)et > TCE_ET_F64)
        return false;
    if (!(legal_types[ctx][op] & ET(et)))
        return false;
    /* Tensor reduces have no .noftz qualifier; the argument carries the dtype's rule. */
    if (ctx == TCE_ARITH_TENSOR_REDUCE)
        return true;
    /* .noftz exists only for f16/bf16 (and red's f16/bf16 min/max vectors), and there it
     * is mandatory: ptxas rejects add.f16 without it. cp.reduce.async.bulk's min/max
     * f16/bf16 take no .noftz. */
    if (is_half(et)) {
        if (op == TCE_RED_ADD)
            return noftz;
        return (ctx == TCE_ARITH_RED_GLOBAL) ? noftz : !noftz;
    }
    return !noftz;
}

static const tce_fpfmt *float_format(tce_etype et)
{
    switch (et) {
    case TCE_ET_F16: return &TCE_FP16;
    case TCE_ET_BF16: return &TCE_BF16;
    case TCE_ET_F32: return &TCE_FP32;
    case TCE_ET_F64: return &TCE_FP64;
    default: return NULL;
    }
}

/* Does this family flush f32 subnormals? Hardware captures: red.global yes (inputs, and
 * results by the PTX text), red.shared no, cp.reduce.async.bulk no (although the PTX text
 * says it does), tensor reduce only for a FLOAT32_FTZ map. f16/bf16/f64 are never
 * flushed. */
static bool flushes(tce_arith_ctx ctx, tce_etype et, bool noftz)
{
    if (et != TCE_ET_F32)
        return false;
    if (ctx == TCE_ARITH_RED_GLOBAL)
        return true;
    if (ctx == TCE_ARITH_TENSOR_REDUCE)
        return !noftz;
    return false;
}

/* The f64 default NaN (inf + -inf) the H100 writes: sign set, quiet bit only. */
#define F64_DEFAULT_NAN 0xfff8000000000000ull

/* NaN results: f16/bf16/f32 adds give the canonical 0x7fff.. NaN in every family; f64
 * propagates an input NaN. When both f64 inputs are NaN the L2 reducers (bulk and tensor
 * reduce, red.global) keep the source operand's and the shared-memory unit (red.shared)
 * keeps the memory's. */
static tce_nan_rule nan_rule(tce_arith_ctx ctx, tce_etype et)
{
    if (et != TCE_ET_F64)
        return TCE_NAN_CANONICAL;
    return ctx == TCE_ARITH_RED_SHARED ? TCE_NAN_KEEP_MEM : TCE_NAN_KEEP_SRC;
}

uint64_t tce_arith_apply(tce_arith_ctx ctx, tce_redop op, tce_etype et, bool noftz, uint64_t mem,
                         uint64_t src)
{
    const tce_fpfmt *f = float_format(et);
    unsigned bits = tce_etype_size(et) * 8u;
    if (f && op == TCE_RED_ADD)
        return tce_fp_add(*f, mem, src, flushes(ctx, et, noftz), nan_rule(ctx, et),
                          F64_DEFAULT_NAN);
    if (f && (op == TCE_RED_MIN || op == TCE_RED_MAX))
        return tce_fp_minmax(*f, mem, src, op == TCE_RED_MAX);
    /* Integer types, and (illegal, never dispatched) bitwise ops on float bits. */
    return tce_int_apply(op, bits, et == TCE_ET_S32 || et == TCE_ET_S64, mem, src);
}

bool tce_etype_from_dtype(tce_dtype dt, tce_redop op, tce_etype *out)
{
    bool bitwise = op == TCE_RED_AND || op == TCE_RED_OR || op == TCE_RED_XOR;
    bool arith = op == TCE_RED_ADD || op == TCE_RED_MIN || op == TCE_RED_MAX;
    tce_etype et;
    switch (dt) {
    case TCE_DT_UINT32:
        et = bitwise ? TCE_ET_B32 : TCE_ET_U32;
        break;
    case TCE_DT_INT32:
        /* s32 has no inc/dec in the PTX table. */
        if (!bitwise && !arith)
            return false;
        et = bitwise ? TCE_ET_B32 : TCE_ET_S32;
        break;
    case TCE_DT_UINT64:
        et = bitwise ? TCE_ET_B64 : TCE_ET_U64;
        break;
    case TCE_DT_INT64:
        /* The H100 traps and/or/xor on INT64 tensors (tile_reduce.txt); the PTX table
         * has no add.s64. */
        if (op != TCE_RED_MIN && op != TCE_RED_MAX)
            return false;
        et = TCE_ET_S64;
        break;
    case TCE_DT_FLOAT16:
        et = TCE_ET_F16;
        break;
    case TCE_DT_BFLOAT16:
        et = TCE_ET_BF16;
        break;
    case TCE_DT_FLOAT32:
    case TCE_DT_FLOAT32_FTZ:
        et = TCE_ET_F32;
        break;
    case TCE_DT_TFLOAT32:
    case TCE_DT_TFLOAT32_FTZ:
    case TCE_DT_FLOAT64:
        /* The H100 adds into tf32 tensors as f32 (TFLOAT32_FTZ flushing like FLOAT32_FTZ)
         * and into f64 tensors as f64, and traps every other reduction on them
         * (tests/data/probes/reduce_types.txt: all 8 ops on each; add_types.txt: 275 adds,
         * 13 TFLOAT32_FTZ cases of which match only flushed; ileave_reduce.txt). */
        if (op != TCE_RED_ADD)
            return false;
        et = dt == TCE_DT_FLOAT64 ? TCE_ET_F64 : TCE_ET_F32;
        break;
    default:
        /* 8/16-bit integers and packed types name no reduction type. */
        return false;
    }
    if (!tce_arith_legal(TCE_ARITH_TENSOR_REDUCE, op, et, tce_arith_tensor_noftz(dt)))
        return false;
    *out = et;
    return true;
}

bool tce_arith_tensor_noftz(tce_dtype dt)
{
    return dt != TCE_DT_FLOAT32_FTZ && dt != TCE_DT_TFLOAT32_FTZ;
}
