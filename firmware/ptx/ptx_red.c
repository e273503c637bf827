/* red (PTX ISA 9.7.13.6), scalar and vector forms. The op/type table is the ISA's; the
 * order in which violations are reported, and the vector-form rules' wording, follow
 * ptxas 13.0 (see docs/ptx.md). */
#include "ptx_internal.h"

/* bit i = MC_TYPE value i */
#define T(x) (1u << (x))
#define RED_TYPES (T(TCE_ET_B32) | T(TCE_ET_B64) | T(TCE_ET_U32) | T(TCE_ET_U64) | T(TCE_ET_S32) | T(TCE_ET_S64) | \
                   T(TCE_ET_F32) | T(TCE_ET_F64) | T(TCE_ET_F16) | T(TCE_ET_BF16) | T(TY_F16X2) | T(TY_BF16X2))
#define HALF_TYPES (T(TCE_ET_F16) | T(TCE_ET_BF16) | T(TY_F16X2) | T(TY_BF16X2))

static uint32_t op_types(int op)
{
    switch (op) {
    case TCE_RED_ADD:
        return T(TCE_ET_U32) | T(TCE_ET_S32) | T(TCE_ET_U64) | T(TCE_ET_F64) | T(TCE_ET_F32) | HALF_TYPES;
    case TCE_RED_MIN:
    case TCE_RED_MAX:
        return T(TCE_ET_U32) | T(TCE_ET_S32) | T(TCE_ET_U64) | T(TCE_ET_S64) | HALF_TYPES;
    case TCE_RED_INC:
    case TCE_RED_DEC:
        return T(TCE_ET_U32);
    default:
        return T(TCE_ET_B32) | T(TCE_ET_B64);
    }
}

static const char *k_op_needs[] = {
    ".u32/.s32/.u64/.f32/.f64/.f16/.f16x2/.bf16/.bf16x2", ".u32/.s32/.u64/.s64/.f16/.f16x2/.bf16/.bf16x2",
    ".u32/.s32/.u64/.s64/.f16/.f16x2/.bf16/.bf16x2",      ".u32", ".u32", ".b32/.b64", ".b32/.b64", ".b32/.b64"};

static ptx_opkind value_kind(int ty)
{
    switch (ty) {
    case TCE_ET_F16: case TCE_ET_BF16: return OK_R16;
    case TCE_ET_F32: case TY_F16X2: case TY_BF16X2: return OK_F32;
    case TCE_ET_F64: return OK_F64;
    case TCE_ET_B64: case TCE_ET_U64: case TCE_ET_S64: return OK_R64;
    default: return OK_R32;
    }
}

static unsigned reg_bits(ptx_regclass rc)
{
    return rc == PTX_RC_B16 ? 16 : (rc == PTX_RC_B32 || rc == PTX_RC_F32) ? 32 : (rc == PTX_RC_B64 || rc == PTX_RC_F64) ? 64
           : rc == PTX_RC_PRED ? 1 : 0;
}

static unsigned type_bits(int ty)
{
    switch (value_kind(ty)) {
    case OK_R16: return 16;
    case OK_R64: case OK_F64: return 64;
    default: return 32;
    }
}

/* Does a value (register or literal) have the width and kind the type asks for? An integer
 * literal does not fit a floating-point type, nor a float literal an integer one. */
static bool value_fits(const ptx_scalar *v, int ty)
{
    bool fl = ty == TCE_ET_F32 || ty == TCE_ET_F64 || (T(ty) & HALF_TYPES);
    if (!v->is_reg && !v->name[0])
        return v->is_float == fl && !(T(ty) & HALF_TYPES);
    /* a scalar .f16x2/.bf16x2 value is a .b32 register, not an .f32 one (probed; a vector's
     * elements may be either) */
    if (ty == TY_F16X2 || ty == TY_BF16X2)
        return ptx_scalar_fits(v, OK_R32);
    return ptx_scalar_fits(v, value_kind(ty));
}

/* Reporting order (ptxas 13.0, settled on the corpus, single-edit variants and probes; the
 * opcode's words and vectors were judged while parsing, ptx_decode.c): a load mode, .cta_group
 * or multicast -> exactly one type (.b1024 is none) -> operand shape (count, policy exactly
 * with .L2::cache_hint, an undeclared value) -> .b1024 -> a vector of other than 1/2/4/8
 * elements, a vector without qualifier for .b32/.b64 -> a second operation -> a second state
 * space -> state space -> a scalar value's size (its kind, for half types, after the op/type
 * table) -> other foreign words -> .noftz illegal -> vector elements' size, the vector
 * qualifier against the type, float vector elements -> the address (immediate, undeclared, not
 * integer) -> .noftz required -> values' kind -> .read -> operation -> op/type table -> .sem ->
 * vector forms, a vector without qualifier -> rounding -> a policy operand without
 * .L2::cache_hint -> policy with .shared -> the value's vector shape. */
ptx_status ptx_decode_red(ptx_ctx *c, ptx_insn *out, ptx_error *err)
{
    const ptx_line *ln = c->ln;
    /* ptxas 13.0 accepts and ignores tensormap field words (.box_dim, ...) on red */
    unsigned mask = CLS(MC_SPACE) | CLS(MC_SEM) | CLS(MC_SCOPE) | CLS(MC_REDOP) | CLS(MC_CACHEHINT) | CLS(MC_NOFTZ) |
                    CLS(MC_VEC) | CLS(MC_TMFIELD);
    const ptx_mod *tym, *opm, *vm, *spm, *sem;
    int ty, op, sp;
    unsigned vec, i;
    bool hint, noftz;

    /* a second state space is reported after the operand shape */
    if (ptx_scan_repeats(c, 2, mask & ~CLS(MC_REDOP), err) != PTX_OK)
        return PTX_ERROR;
    /* words of the copy instructions before the types, other foreign words after them */
    if (ptx_refuse_classes(c, CLS(MC_LOADMODE) | CLS(MC_CTAGROUP) | CLS(MC_MULTICAST), err) != PTX_OK)
        return PTX_ERROR;
    /* .b1024 is not counted as a type; it is refused after the operand shape (probed) */
    if (ptx_check_types(c, RED_TYPES | T(TY_B1024), err) != PTX_OK)
        return PTX_ERROR;
    tym = 0;
    for (i = 0, vec = 0; i < c->mods.n; i++)
        if (c->mods.m[i].def->mc == MC_TYPE && c->mods.m[i].def->val != TY_B1024 && vec++ == 0)
            tym = &c->mods.m[i];
    if (vec != 1)
        return ptx_fail(err, PTX_CAUSE_UNEXPECTED_TYPE, c->icol, "'red' needs exactly one type");
    hint = ptx_mods_first(&c->mods, MC_CACHEHINT) != 0;
    /* operand shape: [a], b, and a 64-bit cache-policy exactly when .L2::cache_hint; an
     * immediate address or an undeclared value register fails here too */
    if (ln->nopd < 2 || ln->nopd > 3 || (ln->nopd == 3 && !ptx_operand_fits_at(ln, 2, OK_R64)) ||
        (hint && ln->nopd != 3) || ln->opd[0].kind != PTX_OPD_ADDR ||
        (ln->opd[1].kind == PTX_OPD_REG && ln->opd[1].base.rc == PTX_RC_NONE))
        return ptx_operands_fail(c, err, hint ? "[a], b, cache-policy" : "[a], b");
    for (i = 0; i < c->mods.n; i++)
        if (c->mods.m[i].def->mc == MC_TYPE && c->mods.m[i].def->val == TY_B1024)
            return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, c->mods.m[i].tok.col, "'.b1024' is illegal for 'red'");
    if (ln->opd[1].kind == PTX_OPD_VEC) {
        const ptx_operand *v = &ln->opd[1];
        if (v->nvec != 1 && v->nvec != 2 && v->nvec != 4 && v->nvec != 8)
            return ptx_fail(err, PTX_CAUSE_OPERANDS, v->col, "a vector value has 2, 4 or 8 elements, not %u", v->nvec);
        /* (elements of different sizes were refused as the line was parsed) */
        /* a vector value without a vector qualifier: an operand error at once for a bit type,
         * after the op/type table for the others (probed) */
        if (!ptx_mods_first(&c->mods, MC_VEC) && (tym->def->val == TCE_ET_B32 || tym->def->val == TCE_ET_B64))
            return ptx_operands_fail(c, err, "a scalar value (no vector qualifier given)");
    }
    if (ptx_mods_count(&c->mods, MC_REDOP) > 1)
        return ptx_fail(err, PTX_CAUSE_REPEATED, ptx_mods_nth(&c->mods, MC_REDOP, 1)->tok.col,
                        "more than one .op modifier ('.%t')", &ptx_mods_nth(&c->mods, MC_REDOP, 1)->tok);
    if (ptx_mods_nth(&c->mods, MC_SPACE, 1))
        return ptx_fail(err, PTX_CAUSE_SPACE_COUNT, ptx_mods_nth(&c->mods, MC_SPACE, 1)->tok.col,
                        "'red' takes one state space; '.%t' is one too many", &ptx_mods_nth(&c->mods, MC_SPACE, 1)->tok);
    sem = ptx_mods_first(&c->mods, MC_SEM);
    spm = ptx_mods_first(&c->mods, MC_SPACE);
    sp = spm ? spm->def->val : -1;
    if (sp == SP_LOCAL || sp == SP_CONST || sp == SP_PARAM)
        return ptx_fail(err, PTX_CAUSE_SPACE_INCORRECT, spm->tok.col, "'red' does not work on '.%t'", &spm->tok);
    ty = tym->def->val;
    opm = ptx_mods_first(&c->mods, MC_REDOP);
    vm = ptx_mods_first(&c->mods, MC_VEC);
    vec = vm ? (unsigned)vm->def->val : 1;
    noftz = ptx_mods_first(&c->mods, MC_NOFTZ) != 0;
    /* a scalar value's width against the type (a vector's elements: below); for a half type
     * only a register of another size, or a constant for .f16x2/.bf16x2, here: the rest after
     * the op/type table (probed) */
    if (ln->opd[1].kind == PTX_OPD_VEC) {
    } else if (ln->opd[1].kind != PTX_OPD_REG && ln->opd[1].kind != PTX_OPD_IMM) {
        return ptx_operands_fail(c, err, "a value register or constant");
    } else if (ln->opd[1].base.rc != PTX_RC_PRED && !value_fits(&ln->opd[1].base, ty) &&
               (!(T(ty) & HALF_TYPES) || (ln->opd[1].base.is_reg && reg_bits(ln->opd[1].base.rc) != type_bits(ty)) ||
                (!ln->opd[1].base.is_reg && (ty == TY_F16X2 || ty == TY_BF16X2)))) {
        return ptx_operands_fail(c, err, "a value of the type's width and kind");
    }
    /* foreign words (a .dim, .L2, an eviction priority, ...; rounding after the op/type table) */
    if (ptx_check_classes(c, mask | CLS(MC_READ) | CLS(MC_ROUNDING), err) != PTX_OK)
        return PTX_ERROR;
    if (noftz && !(T(ty) & HALF_TYPES))
        return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, ptx_mod_col(c, MC_NOFTZ),
                        "'.noftz' is illegal for 'red' with type '.%t'", &tym->tok);
    /* a vector element of another size than the type's, before the qualifier is judged (its
     * kind, and a predicate, only after) */
    if (ln->opd[1].kind == PTX_OPD_VEC)
        for (i = 0; i < ln->opd[1].nvec; i++)
            if (ln->opd[1].vec[i].is_reg && ln->opd[1].vec[i].rc != PTX_RC_PRED &&
                reg_bits(ln->opd[1].vec[i].rc) != type_bits(ty))
                return ptx_operands_fail(c, err, "vector elements of the type's size");
    if (vm && !(T(ty) & (HALF_TYPES | T(TCE_ET_F32))))
        return ptx_fail(err, PTX_CAUSE_VECTOR, vm->tok.col, "vector '.%t' is not allowed for 'red' with type '.%t'",
                        &vm->tok, &tym->tok);
    /* a vector of a floating-point type: an integer constant among .f32 elements, or
     * .f16x2/.bf16x2 elements none of which is a .b32 register (probed) */
    if (ln->opd[1].kind == PTX_OPD_VEC && (T(ty) & (HALF_TYPES | T(TCE_ET_F32)))) {
        bool b32 = false;
        for (i = 0; i < ln->opd[1].nvec; i++) {
            const ptx_scalar *e = &ln->opd[1].vec[i];
            if (ty == TCE_ET_F32 && !e->is_reg && !e->is_float)
                return ptx_operands_fail(c, err, "elements of one type (no integer constant)");
            b32 |= e->is_reg && e->rc == PTX_RC_B32;
        }
        if ((ty == TY_F16X2 || ty == TY_BF16X2) && !b32)
            return ptx_operands_fail(c, err, ".b32 elements");
    }
    /* an immediate address, an undeclared address register */
    if (!ln->opd[0].base.is_reg && !ln->opd[0].base.name[0])
        return ptx_fail(err, PTX_CAUSE_OPERANDS, ln->opd[0].col, "an immediate address is only for .local");
    if (ptx_undeclared_memory(c, err) != PTX_OK)
        return PTX_ERROR;
    if (ln->opd[0].base.is_reg && ln->opd[0].base.rc != PTX_RC_B16 && ln->opd[0].base.rc != PTX_RC_B32 &&
        ln->opd[0].base.rc != PTX_RC_B64)
        return ptx_fail(err, PTX_CAUSE_OPERANDS, ln->opd[0].col, "an address register is an integer or bit register");
    if ((T(ty) & HALF_TYPES) && !noftz)
        return ptx_fail(err, PTX_CAUSE_MISSING_MODIFIER, tym->tok.col, "'red' with type '.%t' needs '.noftz'",
                        &tym->tok);
    /* a value of the type's kind (half types: after the op/type table), vector elements' kind */
    if (ln->opd[1].kind != PTX_OPD_VEC && !(T(ty) & HALF_TYPES) && !value_fits(&ln->opd[1].base, ty))
        return ptx_operands_fail(c, err, "a value of the type's width and kind");
    if (ln->opd[1].kind == PTX_OPD_VEC)
        for (i = 0; i < ln->opd[1].nvec; i++)
            if (!ptx_scalar_fits(&ln->opd[1].vec[i], value_kind(ty)))
                return ptx_operands_fail(c, err, "vector elements of the type's width");
    if (ptx_check_classes(c, mask | CLS(MC_ROUNDING) | CLS(MC_READ), err) != PTX_OK)
        return PTX_ERROR;
    if (!opm)
        return ptx_fail(err, PTX_CAUSE_OPERATION, c->icol, "'red' needs an operation (.add, .min, ...)");
    op = opm->def->val;
    if (!(op_types(op) & T(ty)))
        return ptx_fail(err, PTX_CAUSE_TYPE, tym->tok.col, "'red.%t' takes %s, not '.%t'", &opm->tok, k_op_needs[op],
                        &tym->tok);
    if (sem && sem->def->val != 1 && sem->def->val != 2)
        return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, sem->tok.col, "'.%t' is illegal for 'red' (.relaxed or .release)",
                        &sem->tok);
    if (ln->opd[1].kind != PTX_OPD_VEC && !value_fits(&ln->opd[1].base, ty))
        return ptx_operands_fail(c, err, "a value of the type's width and kind");
    if (ptx_check_classes(c, mask | CLS(MC_ROUNDING), err) != PTX_OK) /* rounding: below */
        return PTX_ERROR;
    if (vm) {
        if (sp != -1 && sp != SP_GLOBAL)
            return ptx_fail(err, PTX_CAUSE_SPACE_INCORRECT, spm->tok.col,
                            "vector 'red' works on '.global' (or generic) addresses only, not '.%t'", &spm->tok);
        if (vec == 8 && !(ty == TCE_ET_F16 || ty == TCE_ET_BF16))
            return ptx_fail(err, PTX_CAUSE_VECTOR, vm->tok.col, "'.v8' needs a 16-bit element type; use .v2 or .v4");
        if (ty == TCE_ET_F32 && op != TCE_RED_ADD)
            return ptx_fail(err, PTX_CAUSE_TYPE, opm->tok.col, "vector 'red' on .f32 supports .add only");
    } else if ((op == TCE_RED_MIN || op == TCE_RED_MAX) && (T(ty) & HALF_TYPES)) {
        return ptx_fail(err, PTX_CAUSE_VECTOR, opm->tok.col, "'red.%t' on '.%t' exists only in a vector form",
                        &opm->tok, &tym->tok);
    }
    if (!vm && ln->opd[1].kind == PTX_OPD_VEC)
        return ptx_operands_fail(c, err, "a scalar value (no vector qualifier given)");
    if (ptx_check_classes(c, mask, err) != PTX_OK)
        return PTX_ERROR;
    if (ln->nopd == 3 && !hint)
        return ptx_fail(err, PTX_CAUSE_MISSING_MODIFIER, ln->opd[2].col,
                        "a third operand (cache-policy) needs '.L2::cache_hint'");
    if (hint && (sp == SP_SHARED || sp == SP_SHARED_CTA || sp == SP_SHARED_CLUSTER))
        return ptx_fail(err, PTX_CAUSE_SPACE_INCORRECT, ptx_mod_col(c, MC_CACHEHINT),
                        "'.L2::cache_hint' cannot be used with '.%t'", &spm->tok);
    if (vm && (ln->opd[1].kind != PTX_OPD_VEC || ln->opd[1].nvec != vec))
        return ptx_operands_fail(c, err, "a vector value with as many elements as the vector qualifier");
    out->has_op = true;
    out->op.kind = TCE_OP_RED;
    out->op.redop = (tce_redop)op;
    out->op.etype = ty <= TCE_ET_F64 ? (tce_etype)ty : (ty == TY_F16X2 ? TCE_ET_F16 : TCE_ET_BF16);
    out->op.vec = vec * ((ty == TY_F16X2 || ty == TY_BF16X2) ? 2 : 1);
    out->op.noftz = noftz;
    out->op.dst_space = sp == SP_SHARED || sp == SP_SHARED_CTA ? TCE_SPACE_SHARED_CTA
                        : sp == SP_SHARED_CLUSTER              ? TCE_SPACE_SHARED_CLUSTER
                                                               : TCE_SPACE_GLOBAL;
    out->op.src_space = out->op.dst_space;
    out->sem = sem ? (unsigned)sem->def->val : 0;
    out->scope = (unsigned)ptx_mod_val(c, MC_SCOPE, 0);
    out->cache_hint = hint;
    out->role.dst = 0;
    out->role.value = 1;
    if (hint)
        out->role.cache_policy = 2;
    return PTX_OK;
}
