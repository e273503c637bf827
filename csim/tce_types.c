/* Names and sizes of the shared enumerations. */
#include "tce_types.h"

#include "tce_text.h"

static const char *const dtype_names[TCE_DT_COUNT] = {
    "UINT8",    "UINT16",      "UINT32",   "INT32",        "UINT64",        "INT64",
    "FLOAT16",  "FLOAT32",     "FLOAT64",  "BFLOAT16",     "FLOAT32_FTZ",   "TFLOAT32",
    "TFLOAT32_FTZ", "16U4_ALIGN8B", "16U4_ALIGN16B", "16U6_ALIGN16B"};

unsigned tce_dtype_size(tce_dtype dt)
{
    switch (dt) {
    case TCE_DT_UINT8: return 1;
    case TCE_DT_UINT16: case TCE_DT_FLOAT16: case TCE_DT_BFLOAT16: return 2;
    case TCE_DT_UINT32: case TCE_DT_INT32: case TCE_DT_FLOAT32: case TCE_DT_FLOAT32_FTZ:
    case TCE_DT_TFLOAT32: case TCE_DT_TFLOAT32_FTZ: return 4;
    case TCE_DT_UINT64: case TCE_DT_INT64: case TCE_DT_FLOAT64: return 8;
    default: return 0;
    }
}

bool tce_dtype_is_float(tce_dtype dt)
{
    switch (dt) {
    case TCE_DT_FLOAT16: case TCE_DT_FLOAT32: case TCE_DT_FLOAT64: case TCE_DT_BFLOAT16:
    case TCE_DT_FLOAT32_FTZ: case TCE_DT_TFLOAT32: case TCE_DT_TFLOAT32_FTZ: return true;
    default: return false;
    }
}

const char *tce_dtype_name(tce_dtype dt)
{
    return (unsigned)dt < TCE_DT_COUNT ? dtype_names[dt] : "?";
}

bool tce_dtype_from_name(const char *name, tce_dtype *out)
{
    for (unsigned i = 0; i < TCE_DT_COUNT; i++)
        if (tce_str_eq(name, dtype_names[i])) {
            *out = (tce_dtype)i;
            return true;
        }
    return false;
}

const char *tce_swizzle_name(tce_swizzle sw)
{
    static const char *const n[] = {"NONE", "32B", "64B", "128B", "128B_ATOM_32B",
                                    "128B_ATOM_32B_FLIP_8B", "128B_ATOM_64B", "96B"};
    return (unsigned)sw < 8 ? n[sw] : "?";
}

const char *tce_status_name(tce_status st)
{
    static const char *const n[TCE_ERR_COUNT] = {
        "OK", "ILLEGAL_INSTRUCTION", "MISALIGNED_ADDRESS", "BAD_DESCRIPTOR", "UNDEFINED_BEHAVIOUR",
        "GLOBAL_BUS_ERROR", "SHARED_OUT_OF_RANGE", "UNSUPPORTED", "INVALID_VALUE"};
    return (unsigned)st < TCE_ERR_COUNT ? n[st] : "?";
}

const char *tce_status_cuda_text(tce_status st)
{
    switch (st) {
    case TCE_ERR_ILLEGAL_INSTR: return "an illegal instruction was encountered";
    case TCE_ERR_MISALIGNED: return "misaligned address";
    /* The GPU's name for an access to memory that is not mapped (extreme_load.txt). */
    case TCE_ERR_GLOBAL_BUS: return "an illegal memory access was encountered";
    default: return NULL;
    }
}

unsigned tce_etype_size(tce_etype et)
{
    switch (et) {
    case TCE_ET_F16: case TCE_ET_BF16: return 2;
    case TCE_ET_B32: case TCE_ET_U32: case TCE_ET_S32: case TCE_ET_F32: return 4;
    default: return 8;
    }
}

const char *tce_redop_name(tce_redop op)
{
    static const char *const n[] = {"add", "min", "max", "inc", "dec", "and", "or", "xor"};
    return (unsigned)op < 8 ? n[op] : "?";
}

const char *tce_etype_name(tce_etype et)
{
    static const char *const n[] = {"b32", "b64", "u32", "s32", "u64",
                                    "s64", "f16", "bf16", "f32", "f64"};
    return (unsigned)et < 10 ? n[et] : "?";
}
