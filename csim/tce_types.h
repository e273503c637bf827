/* Basic vocabulary shared by the golden model, the firmware and the bridge.
 *
 * Enumerations that mirror a CUDA driver enum keep the driver's numeric values, so a
 * parameter recorded from cuTensorMapEncode* (the hardware corpus) maps one to one.
 * Freestanding-safe: only <stdint.h>, <stddef.h> and <stdbool.h>, so the firmware can
 * include it when built for a soft CPU. */
#ifndef TCE_TYPES_H
#define TCE_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TCE_MAX_RANK 5
#define TCE_MAX_CTAS 16
#define TCE_DESC_BYTES 128

/* CUtensorMapDataType values. */
typedef enum {
    TCE_DT_UINT8 = 0,
    TCE_DT_UINT16 = 1,
    TCE_DT_UINT32 = 2,
    TCE_DT_INT32 = 3,
    TCE_DT_UINT64 = 4,
    TCE_DT_INT64 = 5,
    TCE_DT_FLOAT16 = 6,
    TCE_DT_FLOAT32 = 7,
    TCE_DT_FLOAT64 = 8,
    TCE_DT_BFLOAT16 = 9,
    TCE_DT_FLOAT32_FTZ = 10,
    TCE_DT_TFLOAT32 = 11,
    TCE_DT_TFLOAT32_FTZ = 12,
    TCE_DT_16U4_ALIGN8B = 13,
    TCE_DT_16U4_ALIGN16B = 14,
    TCE_DT_16U6_ALIGN16B = 15,
    TCE_DT_COUNT
} tce_dtype;

/* CUtensorMapInterleave values. */
typedef enum { TCE_IL_NONE = 0, TCE_IL_16B = 1, TCE_IL_32B = 2 } tce_interleave;

/* CUtensorMapSwizzle values, plus 96B (sm_103a, PTX swizzle_mode 4; no driver enum). */
typedef enum {
    TCE_SW_NONE = 0,
    TCE_SW_32B = 1,
    TCE_SW_64B = 2,
    TCE_SW_128B = 3,
    TCE_SW_128B_ATOM_32B = 4,
    TCE_SW_128B_ATOM_32B_FLIP_8B = 5,
    TCE_SW_128B_ATOM_64B = 6,
    TCE_SW_96B = 7
} tce_swizzle;

/* CUtensorMapL2promotion values (a hint: no effect on bytes). */
typedef enum { TCE_L2_NONE = 0, TCE_L2_64B = 1, TCE_L2_128B = 2, TCE_L2_256B = 3 } tce_l2promo;

/* CUtensorMapFloatOOBfill values. */
typedef enum { TCE_OOB_ZERO = 0, TCE_OOB_NAN = 1 } tce_oobfill;

/* Which encode call built a tensor map. */
typedef enum { TCE_MAP_TILED = 0, TCE_MAP_IM2COL = 1, TCE_MAP_IM2COL_WIDE = 2 } tce_map_kind;

/* CUtensorMapIm2ColWideMode values. */
typedef enum { TCE_WIDE_W = 0, TCE_WIDE_W128 = 1 } tce_wide_mode;

/* Outcome of every model, driver and decoder call. Codes below 0x100 are what the
 * engine's status register reports (see docs/registers.md); each names the cause. */
typedef enum {
    TCE_OK = 0,
    /* The H100 raises "an illegal instruction was encountered". */
    TCE_ERR_ILLEGAL_INSTR = 1,
    /* The H100 raises "misaligned address". */
    TCE_ERR_MISALIGNED = 2,
    /* The descriptor in memory is not one the encoder could have produced. */
    TCE_ERR_BAD_DESCRIPTOR = 3,
    /* The PTX text calls the behaviour undefined; the engine refuses instead of guessing. */
    TCE_ERR_UNDEFINED = 4,
    /* A global-memory access hit no memory (DECERR) or a slave error (SLVERR). */
    TCE_ERR_GLOBAL_BUS = 5,
    /* A shared-memory access outside the CTA's window or to a CTA outside the cluster. */
    TCE_ERR_SHARED_RANGE = 6,
    /* The operation is valid PTX but this engine build does not implement it. */
    TCE_ERR_UNSUPPORTED = 7,
    /* Encode-time rejection (CUDA_ERROR_INVALID_VALUE). */
    TCE_ERR_INVALID_VALUE = 8,
    TCE_ERR_COUNT
} tce_status;

/* Reduction operators (cp.reduce.async.bulk{.tensor}, red). */
typedef enum {
    TCE_RED_ADD = 0,
    TCE_RED_MIN = 1,
    TCE_RED_MAX = 2,
    TCE_RED_INC = 3,
    TCE_RED_DEC = 4,
    TCE_RED_AND = 5,
    TCE_RED_OR = 6,
    TCE_RED_XOR = 7
} tce_redop;

/* Element type of a reduction, as the instruction names it. */
typedef enum {
    TCE_ET_B32 = 0,
    TCE_ET_B64 = 1,
    TCE_ET_U32 = 2,
    TCE_ET_S32 = 3,
    TCE_ET_U64 = 4,
    TCE_ET_S64 = 5,
    TCE_ET_F16 = 6,
    TCE_ET_BF16 = 7,
    TCE_ET_F32 = 8,
    TCE_ET_F64 = 9
} tce_etype;

/* How a floating-point add treats subnormal inputs and results. Each instruction has
 * its own rule (see docs/arithmetic.md); the caller says which applies. */
typedef enum {
    TCE_FLUSH_NONE = 0, /* subnormals preserved */
    TCE_FLUSH_FTZ = 1   /* subnormal inputs and results become sign-preserving zero */
} tce_flush;

/* Bytes of one element of a tensor-map data type in global memory (packed types: 0). */
unsigned tce_dtype_size(tce_dtype dt);
bool tce_dtype_is_float(tce_dtype dt);
const char *tce_dtype_name(tce_dtype dt);
bool tce_dtype_from_name(const char *name, tce_dtype *out);
const char *tce_swizzle_name(tce_swizzle sw);
const char *tce_status_name(tce_status st);
/* The CUDA error text the H100 reports for a trap, or NULL when st is not a trap. */
const char *tce_status_cuda_text(tce_status st);
unsigned tce_etype_size(tce_etype et);
const char *tce_redop_name(tce_redop op);
const char *tce_etype_name(tce_etype et);

#endif
