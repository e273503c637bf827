/* The modifier vocabulary: every dot-word ptxas knows, grouped into the classes its
 * diagnostics talk about. A word missing here is an "unknown modifier"; a known word in
 * a class an instruction does not take is an "illegal modifier". The classes and the
 * words' fates were settled with ptxas 13.0 experiments (docs/ptx.md). */
#include "ptx_internal.h"

/* Repeat groups of MC_OTHER words (their val), numbered after the classes. */
enum { RG_NONE = 0, RG_CACHEOP = MC_COUNT, RG_COMPARE, RG_PREFSIZE, RG_FTZ, RG_ASYNC, RG_NC };

static const ptx_moddef k_mods[] = {
    {"global", MC_SPACE, SP_GLOBAL},
    {"shared", MC_SPACE, SP_SHARED},
    {"shared::cta", MC_SPACE, SP_SHARED_CTA},
    {"shared::cluster", MC_SPACE, SP_SHARED_CLUSTER},
    {"local", MC_SPACE, SP_LOCAL},
    {"const", MC_SPACE, SP_CONST},
    {"param", MC_SPACE, SP_PARAM},
    {"1d", MC_DIM, 1},
    {"2d", MC_DIM, 2},
    {"3d", MC_DIM, 3},
    {"4d", MC_DIM, 4},
    {"5d", MC_DIM, 5},
    {"tile", MC_LOADMODE, LM_TILE},
    {"im2col", MC_LOADMODE, LM_IM2COL},
    {"im2col::w", MC_LOADMODE, LM_IM2COL_W},
    {"im2col::w::128", MC_LOADMODE, LM_IM2COL_W128},
    {"tile::gather4", MC_LOADMODE, LM_GATHER4},
    {"tile::scatter4", MC_LOADMODE, LM_SCATTER4},
    {"im2col_no_offs", MC_LOADMODE, LM_IM2COL_NO_OFFS},
    {"mbarrier::complete_tx::bytes", MC_COMPLETION, CM_MBARRIER},
    {"bulk_group", MC_COMPLETION, CM_BULK_GROUP},
    {"multicast::cluster", MC_MULTICAST, 0},
    {"cta_group::1", MC_CTAGROUP, 1},
    {"cta_group::2", MC_CTAGROUP, 2},
    {"L2::cache_hint", MC_CACHEHINT, 0},
    {"L2", MC_LEVEL, 0},
    {"noftz", MC_NOFTZ, 0},
    {"read", MC_READ, 0},
    {"cp_mask", MC_CPMASK, 0},
    {"relaxed", MC_SEM, 1},
    {"release", MC_SEM, 2},
    {"acquire", MC_SEM, 3},
    {"acq_rel", MC_SEM, 4},
    {"weak", MC_SEM, 5},
    {"volatile", MC_SEM, 6},
    {"mmio", MC_SEM, 7},
    {"sc", MC_SEM, 8},
    {"cta", MC_SCOPE, 1},
    {"cluster", MC_SCOPE, 2},
    {"gpu", MC_SCOPE, 3},
    {"sys", MC_SCOPE, 4},
    {"v2", MC_VEC, 2},
    {"v4", MC_VEC, 4},
    {"v8", MC_VEC, 8},
    {"add", MC_REDOP, TCE_RED_ADD},
    {"min", MC_REDOP, TCE_RED_MIN},
    {"max", MC_REDOP, TCE_RED_MAX},
    {"inc", MC_REDOP, TCE_RED_INC},
    {"dec", MC_REDOP, TCE_RED_DEC},
    {"and", MC_REDOP, TCE_RED_AND},
    {"or", MC_REDOP, TCE_RED_OR},
    {"xor", MC_REDOP, TCE_RED_XOR},
    {"b32", MC_TYPE, TCE_ET_B32},
    {"b64", MC_TYPE, TCE_ET_B64},
    {"u32", MC_TYPE, TCE_ET_U32},
    {"s32", MC_TYPE, TCE_ET_S32},
    {"u64", MC_TYPE, TCE_ET_U64},
    {"s64", MC_TYPE, TCE_ET_S64},
    {"f16", MC_TYPE, TCE_ET_F16},
    {"bf16", MC_TYPE, TCE_ET_BF16},
    {"f32", MC_TYPE, TCE_ET_F32},
    {"f64", MC_TYPE, TCE_ET_F64},
    {"f16x2", MC_TYPE, TY_F16X2},
    {"bf16x2", MC_TYPE, TY_BF16X2},
    {"b1024", MC_TYPE, TY_B1024},
    {"b16", MC_TYPE, TY_B16},
    {"u16", MC_TYPE, TY_U16},
    {"s16", MC_TYPE, TY_S16},
    {"b8", MC_TYPE, TY_B8},
    {"u8", MC_TYPE, TY_U8},
    {"s8", MC_TYPE, TY_S8},
    {"b128", MC_TYPE, TY_B128},
    {"pred", MC_TYPE, TY_PRED},
    {"tf32", MC_TYPE, TY_TF32},
    {"e4m3", MC_TYPE, TY_OTHER},
    {"e5m2", MC_TYPE, TY_OTHER},
    {"e4m3x2", MC_TYPE, TY_OTHER},
    {"e5m2x2", MC_TYPE, TY_OTHER},
    {"f8e4m3", MC_TYPE, TY_OTHER},
    {"global_address", MC_TMFIELD, PTX_TM_GLOBAL_ADDRESS},
    {"rank", MC_TMFIELD, PTX_TM_RANK},
    {"box_dim", MC_TMFIELD, PTX_TM_BOX_DIM},
    {"global_dim", MC_TMFIELD, PTX_TM_GLOBAL_DIM},
    {"global_stride", MC_TMFIELD, PTX_TM_GLOBAL_STRIDE},
    {"element_stride", MC_TMFIELD, PTX_TM_ELEMENT_STRIDE},
    {"elemtype", MC_TMFIELD, PTX_TM_ELEMTYPE},
    {"interleave_layout", MC_TMFIELD, PTX_TM_INTERLEAVE},
    {"swizzle_mode", MC_TMFIELD, PTX_TM_SWIZZLE_MODE},
    {"swizzle_atomicity", MC_TMFIELD, PTX_TM_SWIZZLE_ATOMICITY},
    {"fill_mode", MC_TMFIELD, PTX_TM_FILL_MODE},
    {"rn", MC_ROUNDING, 0},
    {"rz", MC_ROUNDING, 0},
    {"rm", MC_ROUNDING, 0},
    {"rp", MC_ROUNDING, 0},
    {"rni", MC_ROUNDING, 0},
    {"rzi", MC_ROUNDING, 0},
    {"rmi", MC_ROUNDING, 0},
    {"rpi", MC_ROUNDING, 0},
    {"rna", MC_ROUNDING, 0},
    {"rs", MC_ROUNDING, 0},
    {"L1::evict_normal", MC_EVICT, 0},
    {"L1::evict_unchanged", MC_EVICT, 0},
    {"L1::evict_first", MC_EVICT, 0},
    {"L1::evict_last", MC_EVICT, 0},
    {"L1::no_allocate", MC_EVICT, 0},
    {"L2::evict_normal", MC_EVICT, 0},
    {"L2::evict_first", MC_EVICT, 0},
    {"L2::evict_last", MC_EVICT, 0},
    {"L2::64B", MC_OTHER, RG_PREFSIZE},
    {"L2::128B", MC_OTHER, RG_PREFSIZE},
    {"L2::256B", MC_OTHER, RG_PREFSIZE},
    {"parity", MC_OTHER, 0},
    {"tensormap::generic", MC_OTHER, 0},
    {"tensormap", MC_OTHER, RG_CACHEOP},
    {"mbarrier_init", MC_OTHER, 0},
    {"noComplete", MC_OTHER, 0},
    {"ftz", MC_OTHER, RG_FTZ},
    {"sat", MC_OTHER, 0},
    {"async", MC_OTHER, RG_ASYNC},
    {"approx", MC_OTHER, 0},
    {"full", MC_OTHER, 0},
    {"nc", MC_OTHER, RG_NC},
    {"uni", MC_OTHER, 0},
    {"aligned", MC_OTHER, 0},
    {"sync", MC_OTHER, 0},
    {"cc", MC_OTHER, 0},
    {"lo", MC_OTHER, RG_COMPARE},
    {"hi", MC_OTHER, RG_COMPARE},
    {"wide", MC_OTHER, 0},
    {"ca", MC_OTHER, RG_CACHEOP},
    {"cg", MC_OTHER, RG_CACHEOP},
    {"cs", MC_OTHER, RG_CACHEOP},
    {"lu", MC_OTHER, RG_CACHEOP},
    {"cv", MC_OTHER, RG_CACHEOP},
    {"wb", MC_OTHER, RG_CACHEOP},
    {"wt", MC_OTHER, RG_CACHEOP},
};

const ptx_moddef *ptx_moddef_find(ptx_tok word)
{
    unsigned i;
    for (i = 0; i < sizeof k_mods / sizeof k_mods[0]; i++)
        if (ptx_tok_eq(word, k_mods[i].name))
            return &k_mods[i];
    return 0;
}

/* The group a word belongs to when ptxas parses the opcode: a second word of the same group
 * is "Multiple ... modifiers" (or "Duplicate .x") whatever the instruction, before anything
 * else is checked. Types, operations, eviction priorities and some lone words (.sat, .cc)
 * are not counted here (their instruction judges them later). Probed with ptxas 13.0. */
static unsigned repeat_group(const ptx_mod *m)
{
    switch (m->def->mc) {
    case MC_SPACE: case MC_TYPE: case MC_REDOP: case MC_EVICT: case MC_UNKNOWN: case MC_COUNT:
        return RG_NONE;
    case MC_LEVEL:
        return RG_CACHEOP; /* .L2 is a cache operation to the parser, like .ca/.cg */
    case MC_OTHER:
        return (unsigned)m->def->val;
    default:
        return m->def->mc;
    }
}

/* The opcode's words left to right, as ptxas parses them: the first unknown word, second word
 * of a group, or third state space is the error. */
ptx_status ptx_mods_collect(const ptx_line *ln, unsigned first, ptx_mods *mods, ptx_error *err)
{
    uint32_t seen = 0;
    unsigned i, spaces = 0;
    mods->n = 0;
    for (i = first; i < ln->nwords; i++) {
        const ptx_moddef *d = ptx_moddef_find(ln->words[i]);
        ptx_mod *m = &mods->m[mods->n];
        unsigned g;
        if (!d)
            return ptx_fail(err, PTX_CAUSE_UNKNOWN_MODIFIER, ln->words[i].col, "unknown modifier '.%t'",
                            &ln->words[i]);
        m->tok = ln->words[i];
        m->def = d;
        mods->n++;
        if (d->mc == MC_SPACE && ++spaces == 3)
            return ptx_fail(err, PTX_CAUSE_SPACE_MULTIPLE, m->tok.col,
                            "a third state space '.%t'", &m->tok);
        g = repeat_group(m);
        if (g != RG_NONE && (seen & (1u << g)))
            return ptx_fail(err, PTX_CAUSE_REPEATED, m->tok.col, "modifier '.%t' repeats its kind of modifier",
                            &m->tok);
        seen |= 1u << g;
    }
    return PTX_OK;
}

const ptx_mod *ptx_mods_nth(const ptx_mods *mods, ptx_modclass mc, unsigned k)
{
    unsigned i;
    for (i = 0; i < mods->n; i++)
        if (mods->m[i].def->mc == mc && k-- == 0)
            return &mods->m[i];
    return 0;
}

const ptx_mod *ptx_mods_first(const ptx_mods *mods, ptx_modclass mc) { return ptx_mods_nth(mods, mc, 0); }

unsigned ptx_mods_count(const ptx_mods *mods, ptx_modclass mc)
{
    unsigned i, n = 0;
    for (i = 0; i < mods->n; i++)
        n += mods->m[i].def->mc == mc;
    return n;
}
