/* cp.async.bulk.commit_group, cp.async.bulk.wait_group{.read} and tensormap.replace
 * (PTX ISA 9.7.9.25.6, 9.7.9.26); reporting order from ptxas 13.0. */
#include "ptx_internal.h"

#define T(x) (1u << (x))

ptx_status ptx_decode_group(ptx_ctx *c, ptx_insn *out, ptx_error *err, bool wait)
{
    const ptx_line *ln = c->ln;
    unsigned mask = (wait ? CLS(MC_READ) : 0) | CLS(MC_TMFIELD);
    unsigned i;
    /* ptxas (probed): repeated words; the words every instruction that does not take them
     * refuses before its types (load mode, .cta_group, multicast, cache hint, an operation
     * other than .inc/.dec); types (.b1024 is not one); the operand; a state space; .b1024;
     * then other foreign words (.dim, completion, .L2, order, ...); tensormap field words are
     * ignored */
    if (ptx_scan_repeats(c, 99, ~CLS(MC_SPACE), err) != PTX_OK ||
        ptx_refuse_classes(c, CLS(MC_LOADMODE) | CLS(MC_CTAGROUP) | CLS(MC_CACHEHINT) | CLS(MC_MULTICAST) |
                                  CLS(MC_REDOP),
                           err) != PTX_OK ||
        ptx_check_types(c, T(TY_B1024), err) != PTX_OK)
        return PTX_ERROR;
    if (wait ? (ln->nopd != 1 || ln->opd[0].kind != PTX_OPD_IMM) : ln->nopd != 0)
        return ptx_operands_fail(c, err, wait ? "one integer constant N" : "no operands");
    if (ptx_scan_repeats(c, 0, mask, err) != PTX_OK)
        return PTX_ERROR;
    for (i = 0; i < c->mods.n; i++)
        if (c->mods.m[i].def->mc == MC_TYPE)
            return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, c->mods.m[i].tok.col, "'.b1024' is illegal for '%s'", c->iname);
    if (ptx_check_classes(c, mask, err) != PTX_OK)
        return PTX_ERROR;
    if (wait && (ln->opd[0].base.imm < 0 || ln->opd[0].base.imm > 0x7fffffff))
        return ptx_fail(err, PTX_CAUSE_RANGE, ln->opd[0].col, "wait_group count must be a non-negative integer");
    out->read_only = ptx_mods_first(&c->mods, MC_READ) != 0;
    if (wait)
        out->role.value = 0;
    return PTX_OK;
}

/* Per field: operand layout and, for .field3, the immediate's range. */
static const struct {
    const char *name;
    bool b64;       /* .type must be .b64 */
    bool has_ord;   /* [addr], ord, new_val */
    bool imm_value; /* new_val is an immediate with a range */
    unsigned max;   /* its largest value (sm_90a), or the ord maximum */
} k_fields[PTX_TM_FIELD_COUNT] = {
    {"global_address", true, false, false, 0}, {"rank", false, false, false, 0},
    {"box_dim", false, true, false, 4},         {"global_dim", false, true, false, 4},
    {"global_stride", true, true, false, 4},    {"element_stride", false, true, false, 4},
    {"elemtype", false, false, true, 12},       {"interleave_layout", false, false, true, 2},
    {"swizzle_mode", false, false, true, 3},    {"swizzle_atomicity", false, false, true, 3},
    {"fill_mode", false, false, true, 1},
};

const char *ptx_tm_field_name(ptx_tm_field f)
{
    return (unsigned)f < PTX_TM_FIELD_COUNT ? k_fields[f].name : "?";
}

static bool tensormap_target(ptx_target t)
{
    if (!ptx_target_specific(t))
        return false;
    if (t.suffix == 'a')
        return t.sm == 90 || (t.sm >= 100 && t.sm < 104) || t.sm == 110 || (t.sm >= 120 && t.sm < 130);
    return t.sm >= 100;
}

/* Reporting order (ptxas 13.0, settled on the corpus, single-edit variants and probes): a
 * repeated modifier of any class (and .b1024 twice) -> .multicast::cluster, .cta_group,
 * .L2::cache_hint, an operation other than .inc/.dec -> types (.b1024 and one of .b32/.b64;
 * the bf16 family is judged late) -> the form by operand count ([addr], {ord,} value of the
 * type's size) -> a .dim ->
 * .swizzle_atomicity's target -> mode .tile -> field -> target -> field/type -> the field's
 * exact operands (the address's base aside) -> ordinal and value ranges -> .b1024 required ->
 * a vector qualifier -> a completion mechanism or .L2, .cp_mask -> an immediate or
 * non-integer address -> .inc/.dec, late types, other foreign words -> state spaces. */
ptx_status ptx_decode_tensormap(ptx_ctx *c, ptx_insn *out, ptx_error *err)
{
    const ptx_line *ln = c->ln;
    unsigned mask = CLS(MC_SPACE) | CLS(MC_LOADMODE) | CLS(MC_TMFIELD);
    unsigned early = CLS(MC_MULTICAST) | CLS(MC_CTAGROUP) | CLS(MC_CACHEHINT);
    const ptx_mod *fm, *lm, *ty = 0, *sp;
    unsigned i, nty = 0, nb1024 = 0;
    ptx_tm_field f;
    ptx_opkind kinds[3];
    unsigned nk = 0, vidx;
    char tn[16];

    if (ptx_mods_count(&c->mods, MC_LOADMODE) > 1)
        return ptx_fail(err, PTX_CAUSE_REPEATED, ptx_mods_nth(&c->mods, MC_LOADMODE, 1)->tok.col,
                        "more than one .mode modifier ('.tile')");
    if (ptx_scan_repeats(c, 99, ~CLS(MC_SPACE), err) != PTX_OK)
        return PTX_ERROR;
    for (i = 0; i < c->mods.n; i++)
        if (c->mods.m[i].def->mc == MC_TYPE && c->mods.m[i].def->val == TY_B1024 && ++nb1024 == 2)
            return ptx_fail(err, PTX_CAUSE_REPEATED, c->mods.m[i].tok.col, "'.b1024' given twice");
    if (ptx_refuse_classes(c, early | CLS(MC_REDOP), err) != PTX_OK) /* .inc/.dec: late */
        return PTX_ERROR;
    if (ptx_check_types(c, T(TY_B1024) | T(TCE_ET_B32) | T(TCE_ET_B64) | PTX_TYPES_REPORTED_LATE, err) != PTX_OK)
        return PTX_ERROR;
    for (i = 0; i < c->mods.n; i++) {
        if (c->mods.m[i].def->mc != MC_TYPE || (PTX_TYPES_REPORTED_LATE & T(c->mods.m[i].def->val)))
            continue;
        ty = &c->mods.m[i];
        nty++;
    }
    if (nty != 1)
        return ptx_fail(err, PTX_CAUSE_UNEXPECTED_TYPE, c->icol, "'tensormap.replace' needs one of .b32/.b64");
    /* the form by operand count: [addr], new_val or [addr], ord (a constant), new_val; a
     * register value has the .type's width */
    {
        ptx_opkind vk = ty->def->val == TCE_ET_B64 ? OK_F64 : OK_F32; /* of the type's size; .f32/.f64 too */
        if (ln->nopd < 2 || ln->nopd > 3 || ln->opd[0].kind != PTX_OPD_ADDR ||
            (ln->nopd == 3 && !ptx_operand_fits_at(ln, 1, OK_IMM)) || !ptx_operand_fits_at(ln, ln->nopd - 1, vk))
            return ptx_operands_fail(c, err, "[addr], {ord,} new_val");
    }
    if (ptx_refuse_classes(c, CLS(MC_DIM), err) != PTX_OK)
        return PTX_ERROR;
    fm = ptx_mods_first(&c->mods, MC_TMFIELD);
    ptx_target_name(c->t, tn, sizeof tn);
    if (fm && fm->def->val == PTX_TM_SWIZZLE_ATOMICITY && !(ptx_target_specific(c->t) && c->t.sm >= 100))
        return ptx_fail(err, PTX_CAUSE_TARGET, fm->tok.col,
                        "'tensormap.replace.swizzle_atomicity' needs sm_100a or later, not %s", tn);
    lm = ptx_mods_first(&c->mods, MC_LOADMODE);
    if (lm && lm->def->val != LM_TILE)
        return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, lm->tok.col, "'tensormap.replace' takes mode '.tile' only");
    if (!lm)
        return ptx_fail(err, PTX_CAUSE_MISSING_MODIFIER, c->icol, "'tensormap.replace' needs the mode '.tile'");
    if (!fm && ty->def->val == TCE_ET_B64) /* ptxas checks an absent field against .b64 first */
        return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, ty->tok.col,
                        "no field given, and the 32-bit fields do not take type '.b64'");
    if (!fm)
        return ptx_fail(err, PTX_CAUSE_MISSING_MODIFIER, c->icol,
                        "'tensormap.replace' needs a field (.global_address, .box_dim, ...)");
    f = (ptx_tm_field)fm->def->val;
    if (!tensormap_target(c->t))
        return ptx_fail(err, PTX_CAUSE_TARGET, c->icol, "'tensormap.replace' is not available on %s", tn);
    if (k_fields[f].b64 != (ty->def->val == TCE_ET_B64))
        return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, fm->tok.col, "field '.%t' needs type '%s', not '.%t'",
                        &fm->tok, k_fields[f].b64 ? ".b64" : ".b32", &ty->tok);
    kinds[nk++] = OK_ADDR_ANY; /* its base is judged below */
    if (k_fields[f].has_ord)
        kinds[nk++] = OK_IMM;
    vidx = nk;
    /* ptxas computes a field with an ordinal with integer arithmetic: its value is an integer
     * register (a float one is "Arguments mismatch for instruction 'sub'"); others take any
     * register of the size */
    kinds[nk++] = k_fields[f].imm_value ? OK_IMM
                  : k_fields[f].has_ord ? (k_fields[f].b64 ? OK_R64 : OK_R32)
                                        : (k_fields[f].b64 ? OK_F64 : OK_F32);
    if (!ptx_operands_match(ln, kinds, nk))
        return ptx_operands_fail(c, err, k_fields[f].has_ord ? "[addr], ord, new_val" : "[addr], new_val");
    if (k_fields[f].has_ord && (ln->opd[1].base.imm < 0 || ln->opd[1].base.imm > (int64_t)k_fields[f].max))
        return ptx_fail(err, PTX_CAUSE_RANGE, ln->opd[1].col, "ordinal of '.%t' must be in [0..%u]", &fm->tok,
                        k_fields[f].max);
    if (k_fields[f].imm_value) {
        unsigned max = k_fields[f].max;
        if (f == PTX_TM_ELEMTYPE && ptx_target_specific(c->t) && c->t.sm >= 100)
            max = 15; /* sub-byte types 13..15 */
        if (f == PTX_TM_SWIZZLE_MODE && c->t.sm == 103)
            max = 4; /* 96B swizzle */
        if (ln->opd[vidx].base.imm < 0 || ln->opd[vidx].base.imm > (int64_t)max)
            return ptx_fail(err, PTX_CAUSE_RANGE, ln->opd[vidx].col, "value of '.%t' must be in [0..%u]", &fm->tok,
                            max);
    }
    if (!nb1024)
        return ptx_fail(err, PTX_CAUSE_MISSING_MODIFIER, c->icol, "'tensormap.replace' needs the size '.b1024'");
    for (i = 0; i < c->mods.n; i++)
        if (c->mods.m[i].def->mc == MC_VEC)
            return ptx_fail(err, PTX_CAUSE_VECTOR, c->mods.m[i].tok.col, "'tensormap.replace' takes no vector qualifier");
    for (i = 0; i < c->mods.n; i++) {
        const ptx_mod *m = &c->mods.m[i];
        if (m->def->mc == MC_CPMASK && c->t.sm < 100)
            return ptx_fail(err, PTX_CAUSE_TARGET, m->tok.col, "'.cp_mask' needs sm_100 or later (target is %s)", tn);
        if (m->def->mc == MC_COMPLETION || m->def->mc == MC_LEVEL || m->def->mc == MC_CPMASK)
            return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, m->tok.col,
                            "modifier '.%t' is illegal for 'tensormap.replace'", &m->tok);
    }
    if (!ln->opd[0].base.is_reg && !ln->opd[0].base.name[0])
        return ptx_fail(err, PTX_CAUSE_OPERANDS, ln->opd[0].col, "an immediate address is only for .local");
    if (!ptx_operand_fits_at(ln, 0, OK_ADDR))
        return ptx_operands_fail(c, err, "an address of an integer register or a name");
    if (ptx_check_types(c, T(TY_B1024) | T(TCE_ET_B32) | T(TCE_ET_B64), err) != PTX_OK)
        return PTX_ERROR;
    if (ptx_check_classes(c, mask, err) != PTX_OK)
        return PTX_ERROR;
    if (ptx_scan_repeats(c, 1, mask, err) != PTX_OK)
        return PTX_ERROR;
    sp = ptx_mods_first(&c->mods, MC_SPACE);
    if (sp && sp->def->val != SP_GLOBAL && sp->def->val != SP_SHARED_CTA)
        return ptx_fail(err, PTX_CAUSE_SPACE_INCORRECT, sp->tok.col,
                        "'tensormap.replace' writes a tensor map in .global or .shared::cta, not '.%t'", &sp->tok);
    out->tm_field = f;
    out->role.dst = 0;
    out->role.value = (int)vidx;
    return PTX_OK;
}
