/* cp.async.bulk, cp.reduce.async.bulk and cp.async.bulk.prefetch (PTX ISA 9.7.9.25.4),
 * and multimem.cp.async.bulk / multimem.cp.reduce.async.bulk (PTX ISA 9.1, 9.7.9.26).
 * Directions and op/type tables are the ISA's; the reporting order follows ptxas 13.0. */
#include "ptx_internal.h"

#define T(x) (1u << (x))

static ptx_status target_fail(ptx_ctx *c, ptx_error *err, unsigned col, const char *feature, const char *needs)
{
    char tn[16];
    ptx_target_name(c->t, tn, sizeof tn);
    return ptx_fail(err, PTX_CAUSE_TARGET, col, "feature '%s' requires %s (target is %s)", feature, needs, tn);
}

/* Words of other copy instructions (load mode, .cta_group, ...) that ptxas reports before the
 * operands (a .dim right after their shape); order, scope and the like come last. */
static ptx_status early_foreign(ptx_ctx *c, bool no_multicast, bool with_op, ptx_error *err)
{
    return ptx_refuse_classes(c, CLS(MC_LOADMODE) | CLS(MC_CTAGROUP) | (with_op ? CLS(MC_REDOP) : 0) |
                                     (no_multicast ? CLS(MC_MULTICAST) : 0),
                              err);
}

typedef enum { DIR_NONE, DIR_G2S_CTA, DIR_G2S_CLUSTER, DIR_S2S, DIR_S2G } bulk_dir;

static bulk_dir direction(const ptx_ctx *c)
{
    const ptx_mod *d = ptx_mods_nth(&c->mods, MC_SPACE, 0), *s = ptx_mods_nth(&c->mods, MC_SPACE, 1);
    if (!d || !s)
        return DIR_NONE;
    if (s->def->val == SP_GLOBAL && d->def->val == SP_SHARED_CTA)
        return DIR_G2S_CTA;
    if (s->def->val == SP_GLOBAL && d->def->val == SP_SHARED_CLUSTER)
        return DIR_G2S_CLUSTER;
    if (s->def->val == SP_SHARED_CTA && d->def->val == SP_SHARED_CLUSTER)
        return DIR_S2S;
    if (s->def->val == SP_SHARED_CTA && d->def->val == SP_GLOBAL)
        return DIR_S2G;
    return DIR_NONE;
}

static ptx_status space_fail(ptx_ctx *c, ptx_error *err)
{
    return ptx_fail(err, PTX_CAUSE_SPACE_INCORRECT, ptx_mod_col(c, MC_SPACE),
                    "'%s' does not copy between this .dst.src pair of state spaces",
                    c->iname);
}

/* An immediate size that is not a multiple of 16 (ptxas: "expected to be multiple of 16"). */
static ptx_status size_fail(ptx_ctx *c, unsigned idx, ptx_error *err)
{
    const ptx_operand *o = &c->ln->opd[idx];
    if (o->kind == PTX_OPD_IMM && (o->base.imm & 15) != 0)
        return ptx_fail(err, PTX_CAUSE_RANGE, o->col, "size of '%s' must be a multiple of 16", c->iname);
    return PTX_OK;
}

/* The first n operands' addresses: an immediate address is for .local only; a base is an
 * integer register or a name. */
static ptx_status addr_bases(ptx_ctx *c, unsigned n, ptx_error *err)
{
    unsigned i;
    for (i = 0; i < n && i < c->ln->nopd; i++) {
        const ptx_operand *o = &c->ln->opd[i];
        if (o->kind != PTX_OPD_ADDR)
            continue;
        if (!o->base.is_reg && !o->base.name[0])
            return ptx_fail(err, PTX_CAUSE_OPERANDS, o->col, "an immediate address is only for .local");
        if (ptx_undeclared_memory(c, err) != PTX_OK)
            return PTX_ERROR;
        if (!ptx_operand_fits_at(c->ln, i, OK_ADDR))
            return ptx_operands_fail(c, err, "an address of an integer register or a name");
    }
    return PTX_OK;
}

/* The completion mechanism: required, the one of the direction (bulk_group for a store to
 * .global, the mbarrier otherwise), and no cache hint between shared memories. */
static ptx_status completion_fail(ptx_ctx *c, bulk_dir dir, int cm, bool hint, ptx_error *err)
{
    if (cm < 0)
        return ptx_fail(err, PTX_CAUSE_MISSING_MODIFIER, c->icol, "'%s' needs a .completion_mechanism modifier",
                        c->iname);
    if ((dir == DIR_S2G) != (cm == CM_BULK_GROUP))
        return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, ptx_mod_col(c, MC_COMPLETION),
                        "completion '.%t' is illegal for this direction of '%s'",
                        &ptx_mods_first(&c->mods, MC_COMPLETION)->tok, c->iname);
    if (hint && dir == DIR_S2S)
        return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, ptx_mod_col(c, MC_CACHEHINT),
                        "'.L2::cache_hint' is illegal for '%s' between shared memories", c->iname);
    return PTX_OK;
}

ptx_status ptx_decode_bulk(ptx_ctx *c, ptx_insn *out, ptx_error *err)
{
    const ptx_line *ln = c->ln;
    /* ptxas 13.0 accepts and ignores tensormap field words (.box_dim, ...) here */
    unsigned mask = CLS(MC_SPACE) | CLS(MC_COMPLETION) | CLS(MC_MULTICAST) | CLS(MC_CACHEHINT) | CLS(MC_CPMASK) |
                    CLS(MC_TMFIELD);
    bulk_dir dir;
    int cm;
    bool multicast, hint, cpmask, g2s;
    ptx_opkind kinds[8];
    unsigned nk = 0;

    /* ptxas (corpus, variants, probes): repeats, an operation, words of other copy
     * instructions, the operand shape, the direction, the completion and the modifiers against
     * the direction, the exact list, the size, the addresses' bases; .cp_mask's target, type
     * suffixes and order/scope/other words last; tensormap field words ignored */
    if (ptx_scan_repeats(c, 2, mask | CLS(MC_LOADMODE) | CLS(MC_CTAGROUP), err) != PTX_OK)
        return PTX_ERROR;
    if (ptx_refuse_classes(c, CLS(MC_REDOP), err) != PTX_OK)
        return PTX_ERROR;
    if (early_foreign(c, false, false, err) != PTX_OK || ptx_check_types(c, PTX_TYPES_REPORTED_LATE, err) != PTX_OK)
        return PTX_ERROR;
    cm = ptx_mod_val(c, MC_COMPLETION, -1);
    multicast = ptx_mods_first(&c->mods, MC_MULTICAST) != 0;
    hint = ptx_mods_first(&c->mods, MC_CACHEHINT) != 0;
    cpmask = ptx_mods_first(&c->mods, MC_CPMASK) != 0;
    /* the operands must fit some form, give the trailing operands .multicast::cluster asks
     * for ([mbar], ctaMask), and with .L2::cache_hint end in a 64-bit policy (or have it
     * before a 16-bit operand), before ptxas judges the direction */
    {
        static const ptx_opkind fixed[] = {OK_ADDR_ANY, OK_ADDR_ANY, OK_R32}, opt[] = {OK_ADDR_ANY, OK_R16, OK_R64, OK_R16};
        /* (the .cp_mask operand is looked for later) */
        unsigned need = (multicast ? 2u : 0u) + (hint ? 1u : 0u);
        if (!ptx_operands_loose_fit(ln, fixed, 3, opt, 4) || ln->nopd < 3 + need ||
            (hint && !ptx_operand_fits_at(ln, ln->nopd - 1, OK_R64) &&
             !(ptx_operand_fits_at(ln, ln->nopd - 1, OK_R16) && ptx_operand_fits_at(ln, ln->nopd - 2, OK_R64))))
            return ptx_operands_fail(c, err, "[dstMem], [srcMem], size and what the modifiers ask for");
    }
    if (ptx_refuse_classes(c, CLS(MC_DIM), err) != PTX_OK)
        return PTX_ERROR;
    dir = direction(c);
    if (dir == DIR_NONE)
        return space_fail(c, err);
    if (completion_fail(c, dir, cm, hint, err) != PTX_OK)
        return PTX_ERROR;
    g2s = dir == DIR_G2S_CTA || dir == DIR_G2S_CLUSTER;
    if (cpmask && dir != DIR_S2G)
        return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, ptx_mod_col(c, MC_CPMASK),
                        "'.cp_mask' is illegal for '%s' unless copying .shared::cta to .global", c->iname);
    kinds[nk++] = OK_ADDR_ANY; /* the bases are judged below */
    kinds[nk++] = OK_ADDR_ANY;
    kinds[nk++] = OK_R32;
    if (cm == CM_MBARRIER)
        kinds[nk++] = OK_ADDR_ANY;
    if (multicast)
        kinds[nk++] = OK_R16;
    if (hint)
        kinds[nk++] = OK_R64;
    /* operands that fit the variant without .cp_mask make ptxas judge .cp_mask as a word that
     * variant does not take (its target first); with .multicast::cluster or .L2::cache_hint
     * the list is wrong (corpus) */
    if (cpmask && !multicast && !hint && ptx_operands_match(ln, kinds, nk)) {
        if (c->t.sm < 100)
            return target_fail(c, err, ptx_mod_col(c, MC_CPMASK), ".cp_mask", "sm_100 or higher");
        return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, ptx_mod_col(c, MC_CPMASK),
                        "'.cp_mask' needs its byte-mask operand");
    }
    if (cpmask)
        kinds[nk++] = OK_R16;
    if (!ptx_operands_match(ln, kinds, nk))
        return ptx_operands_fail(c, err, "the operand list of this variant");
    if (multicast && dir != DIR_G2S_CLUSTER)
        return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, ptx_mod_col(c, MC_MULTICAST),
                        "'.multicast::cluster' on '%s' needs a .shared::cluster destination",
                        c->iname);
    if (size_fail(c, 2, err) != PTX_OK)
        return PTX_ERROR;
    if (cpmask && c->t.sm < 100)
        return target_fail(c, err, ptx_mod_col(c, MC_CPMASK), ".cp_mask", "sm_100 or higher");
    /* other words, then the addresses' bases, then .inc/.dec and rounding (probed) */
    if (ptx_check_types(c, 0, err) != PTX_OK ||
        ptx_check_classes_except(c, mask, CLS(MC_REDOP) | CLS(MC_ROUNDING), err) != PTX_OK ||
        addr_bases(c, cm == CM_MBARRIER ? 4 : 2, err) != PTX_OK || ptx_check_classes(c, mask, err) != PTX_OK)
        return PTX_ERROR;

    out->has_op = true;
    out->op.kind = TCE_OP_BULK_COPY;
    out->op.completion = cm == CM_MBARRIER ? TCE_DONE_MBARRIER : TCE_DONE_BULK_GROUP;
    out->op.dst_space = dir == DIR_G2S_CTA ? TCE_SPACE_SHARED_CTA
                        : dir == DIR_S2G   ? TCE_SPACE_GLOBAL
                                           : TCE_SPACE_SHARED_CLUSTER;
    out->op.src_space = g2s ? TCE_SPACE_GLOBAL : TCE_SPACE_SHARED_CTA;
    out->op.multicast = multicast;
    out->op.has_byte_mask = cpmask;
    out->cache_hint = hint;
    out->role.dst = 0;
    out->role.src = 1;
    out->role.size = 2;
    nk = 3;
    if (dir != DIR_S2G)
        out->role.mbar = (int)nk++;
    if (multicast)
        out->role.cta_mask = (int)nk++;
    if (hint)
        out->role.cache_policy = (int)nk++;
    if (cpmask)
        out->role.byte_mask = (int)nk++;
    return PTX_OK;
}

/* Element types of cp.reduce.async.bulk: the op/type table for a .global destination is
 * the general one; .shared::cluster narrows it (ISA table in 9.7.9.25.4.2). */
static uint32_t global_types(int op)
{
    switch (op) {
    case TCE_RED_ADD:
        return T(TCE_ET_U32) | T(TCE_ET_S32) | T(TCE_ET_U64) | T(TCE_ET_F32) | T(TCE_ET_F64) | T(TCE_ET_F16) |
               T(TCE_ET_BF16);
    case TCE_RED_MIN:
    case TCE_RED_MAX:
        return T(TCE_ET_U32) | T(TCE_ET_S32) | T(TCE_ET_U64) | T(TCE_ET_S64) | T(TCE_ET_F16) | T(TCE_ET_BF16);
    case TCE_RED_INC:
    case TCE_RED_DEC:
        return T(TCE_ET_U32);
    default:
        return T(TCE_ET_B32) | T(TCE_ET_B64);
    }
}

static uint32_t cluster_types(int op)
{
    switch (op) {
    case TCE_RED_ADD: return T(TCE_ET_U32) | T(TCE_ET_S32) | T(TCE_ET_U64);
    case TCE_RED_MIN:
    case TCE_RED_MAX: return T(TCE_ET_U32) | T(TCE_ET_S32);
    case TCE_RED_INC:
    case TCE_RED_DEC: return T(TCE_ET_U32);
    default: return T(TCE_ET_B32);
    }
}

#define BULK_RED_TYPES (T(TCE_ET_F16) | T(TCE_ET_BF16) | T(TCE_ET_B32) | T(TCE_ET_U32) | T(TCE_ET_S32) | \
                        T(TCE_ET_B64) | T(TCE_ET_U64) | T(TCE_ET_S64) | T(TCE_ET_F32) | T(TCE_ET_F64))
#define CLUSTER_RED_TYPES (T(TCE_ET_B32) | T(TCE_ET_U32) | T(TCE_ET_S32) | T(TCE_ET_B64) | T(TCE_ET_U64))

ptx_status ptx_decode_bulk_reduce(ptx_ctx *c, ptx_insn *out, ptx_error *err)
{
    const ptx_line *ln = c->ln;
    unsigned mask = CLS(MC_SPACE) | CLS(MC_COMPLETION) | CLS(MC_CACHEHINT) | CLS(MC_REDOP) | CLS(MC_NOFTZ);
    bulk_dir dir;
    int cm, op, ty;
    bool hint, noftz;
    const ptx_mod *tym, *opm;
    ptx_opkind kinds[6];
    unsigned nk = 0;

    /* ptxas: repeats (a second operation is not one: the first one counts), the type count
     * and the load-mode/multicast/cta_group words come before the operands; tensormap field
     * words are ignored; an order, scope or other foreign word is reported last */
    if (ptx_scan_repeats(c, 2, (mask & ~CLS(MC_REDOP)) | CLS(MC_LOADMODE) | CLS(MC_MULTICAST) | CLS(MC_CTAGROUP), err) !=
        PTX_OK)
        return PTX_ERROR;
    /* the copy family's load modes, multicast and .cta_group first; .b1024 is not counted as a
     * type, and is refused last (probed) */
    if (ptx_refuse_classes(c, CLS(MC_LOADMODE) | CLS(MC_MULTICAST) | CLS(MC_CTAGROUP), err) != PTX_OK ||
        ptx_check_types(c, BULK_RED_TYPES | T(TY_B1024), err) != PTX_OK)
        return PTX_ERROR;
    tym = 0;
    {
        unsigned i, nty = 0;
        for (i = 0; i < c->mods.n; i++)
            if (c->mods.m[i].def->mc == MC_TYPE && (BULK_RED_TYPES & T(c->mods.m[i].def->val)) && nty++ == 0)
                tym = &c->mods.m[i];
        if (nty != 1)
            return ptx_fail(err, PTX_CAUSE_UNEXPECTED_TYPE, c->icol, "'%s' needs exactly one element type", c->iname);
    }
    /* shape: [dstMem], [srcMem], size {, [mbar] | , cache-policy} */
    if (ln->nopd < 3 || ln->nopd > 4 || !ptx_operand_fits_at(ln, 0, OK_ADDR_ANY) ||
        !ptx_operand_fits_at(ln, 1, OK_ADDR_ANY) || !ptx_operand_fits_at(ln, 2, OK_R32) ||
        (ln->nopd == 4 && !ptx_operand_fits_at(ln, 3, OK_ADDR_ANY) && !ptx_operand_fits_at(ln, 3, OK_R64)) ||
        (ptx_mods_first(&c->mods, MC_CACHEHINT) && ln->nopd != 4))
        return ptx_operands_fail(c, err, "[dstMem], [srcMem], size and [mbar] or a cache-policy");

    /* the [mbar] form (into .shared::cluster) has no floating-point element type */
    {
        const ptx_mod *t = tym;
        if (ln->nopd == 4 && ln->opd[3].kind == PTX_OPD_ADDR &&
            (t->def->val == TCE_ET_F16 || t->def->val == TCE_ET_BF16 || t->def->val == TCE_ET_F32 ||
             t->def->val == TCE_ET_F64))
            return ptx_operands_fail(c, err, "an integer element type for a .shared::cluster destination");
    }
    if (ptx_refuse_classes(c, CLS(MC_DIM), err) != PTX_OK) /* after the type count and the shape */
        return PTX_ERROR;
    dir = direction(c);
    if (dir != DIR_S2S && dir != DIR_S2G)
        return space_fail(c, err);
    opm = ptx_mods_first(&c->mods, MC_REDOP);
    if (!opm)
        return ptx_fail(err, PTX_CAUSE_OPERATION, c->icol, "'%s' needs a reduction operation", c->iname);
    op = opm->def->val;
    ty = tym->def->val;
    if (!(global_types(op) & T(ty)))
        return ptx_fail(err, PTX_CAUSE_TYPE, tym->tok.col, "type '.%t' does not go with operation '.%t' in '%s'",
                        &tym->tok, &opm->tok, c->iname);
    /* floating-point element types have no .shared::cluster operand list at all */
    if (dir == DIR_S2S && (T(ty) & (T(TCE_ET_F16) | T(TCE_ET_BF16) | T(TCE_ET_F32) | T(TCE_ET_F64))))
        return ptx_operands_fail(c, err, "an integer element type for a .shared::cluster destination");
    if (dir == DIR_S2S && !(CLUSTER_RED_TYPES & T(ty)))
        return ptx_fail(err, PTX_CAUSE_TYPE, tym->tok.col,
                        "type '.%t' is illegal for '%s' into .shared::cluster", &tym->tok, c->iname);
    if (dir == DIR_S2S && !(cluster_types(op) & T(ty)))
        return ptx_fail(err, PTX_CAUSE_OPERATION, opm->tok.col,
                        "operation '.%t' is illegal for '%s' into .shared::cluster with type '.%t'", &opm->tok,
                        c->iname, &tym->tok);
    cm = ptx_mod_val(c, MC_COMPLETION, -1);
    hint = ptx_mods_first(&c->mods, MC_CACHEHINT) != 0;
    noftz = ptx_mods_first(&c->mods, MC_NOFTZ) != 0;
    if (completion_fail(c, dir, cm, hint, err) != PTX_OK)
        return PTX_ERROR;
    kinds[nk++] = OK_ADDR;
    kinds[nk++] = OK_ADDR;
    kinds[nk++] = OK_R32;
    if (dir == DIR_S2S)
        kinds[nk++] = OK_ADDR;
    if (hint)
        kinds[nk++] = OK_R64;
    /* floating-point element types have no .shared::cluster operand list at all */
    if (!ptx_operands_match(ln, kinds, nk) ||
        (dir == DIR_S2S && (T(ty) & (T(TCE_ET_F16) | T(TCE_ET_BF16) | T(TCE_ET_F32) | T(TCE_ET_F64)))))
        return ptx_operands_fail(c, err, "the operand list of this variant");
    if (ptx_mods_count(&c->mods, MC_REDOP) > 1)
        return ptx_fail(err, PTX_CAUSE_REPEATED, ptx_mods_nth(&c->mods, MC_REDOP, 1)->tok.col,
                        "more than one .op modifier ('.%t')", &ptx_mods_nth(&c->mods, MC_REDOP, 1)->tok);
    if (noftz && !(op == TCE_RED_ADD && (ty == TCE_ET_F16 || ty == TCE_ET_BF16)))
        return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, ptx_mod_col(c, MC_NOFTZ),
                        "'.noftz' is illegal for '%s' except .add on .f16/.bf16", c->iname);
    if (!noftz && op == TCE_RED_ADD && (ty == TCE_ET_F16 || ty == TCE_ET_BF16))
        return ptx_fail(err, PTX_CAUSE_MISSING_MODIFIER, tym->tok.col, "'%s.add' on '.%t' needs '.noftz'", c->iname,
                        &tym->tok);
    if (size_fail(c, 2, err) != PTX_OK || ptx_check_classes(c, mask | CLS(MC_TMFIELD), err) != PTX_OK)
        return PTX_ERROR;
    {
        unsigned i;
        for (i = 0; i < c->mods.n; i++)
            if (c->mods.m[i].def->mc == MC_TYPE && !(BULK_RED_TYPES & T(c->mods.m[i].def->val)))
                return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, c->mods.m[i].tok.col, "'.%t' is illegal for '%s'",
                                &c->mods.m[i].tok, c->iname);
    }

    out->has_op = true;
    out->op.kind = TCE_OP_BULK_REDUCE;
    out->op.completion = cm == CM_MBARRIER ? TCE_DONE_MBARRIER : TCE_DONE_BULK_GROUP;
    out->op.dst_space = dir == DIR_S2G ? TCE_SPACE_GLOBAL : TCE_SPACE_SHARED_CLUSTER;
    out->op.src_space = TCE_SPACE_SHARED_CTA;
    out->op.redop = (tce_redop)op;
    out->op.etype = (tce_etype)ty;
    out->op.noftz = noftz;
    out->cache_hint = hint;
    out->role.dst = 0;
    out->role.src = 1;
    out->role.size = 2;
    if (dir == DIR_S2S)
        out->role.mbar = 3;
    if (hint)
        out->role.cache_policy = 3;
    return PTX_OK;
}

ptx_status ptx_decode_bulk_prefetch(ptx_ctx *c, ptx_insn *out, ptx_error *err)
{
    const ptx_line *ln = c->ln;
    unsigned mask = CLS(MC_SPACE) | CLS(MC_LEVEL) | CLS(MC_CACHEHINT);
    bool hint;
    ptx_opkind kinds[3] = {OK_ADDR, OK_R32, OK_R64};
    const ptx_mod *sp;

    /* ptxas: a third state space at once; the copy-family words that a prefetch never takes
     * before the operands; a second state space, the state space itself and type suffixes
     * after them; tensormap field words ignored; other foreign words last */
    if (ptx_scan_repeats(c, 2, mask | CLS(MC_LOADMODE) | CLS(MC_CTAGROUP) | CLS(MC_MULTICAST), err) != PTX_OK)
        return PTX_ERROR;
    if (early_foreign(c, true, true, err) != PTX_OK || ptx_check_types(c, PTX_TYPES_REPORTED_LATE, err) != PTX_OK)
        return PTX_ERROR;
    hint = ptx_mods_first(&c->mods, MC_CACHEHINT) != 0;
    /* the shape ([srcMem], size {, cache-policy}: the addresses' bases later), a .dim, .L2, an
     * eviction priority, the state space, then the exact list (probed) */
    kinds[0] = OK_ADDR_ANY;
    if (!ptx_operands_match(ln, kinds, hint ? 3 : 2))
        return ptx_operands_fail(c, err, hint ? "[srcMem], size, cache-policy" : "[srcMem], size");
    if (ptx_refuse_classes(c, CLS(MC_DIM), err) != PTX_OK)
        return PTX_ERROR;
    if (!ptx_mods_first(&c->mods, MC_LEVEL))
        return ptx_fail(err, PTX_CAUSE_MISSING_MODIFIER, c->icol, "'%s' needs the .level modifier '.L2'", c->iname);
    if (ptx_refuse_classes(c, CLS(MC_EVICT), err) != PTX_OK)
        return PTX_ERROR;
    if (ptx_mods_nth(&c->mods, MC_SPACE, 1))
        return ptx_fail(err, PTX_CAUSE_SPACE_COUNT, ptx_mods_nth(&c->mods, MC_SPACE, 1)->tok.col,
                        "'%s' takes one state space", c->iname);
    sp = ptx_mods_first(&c->mods, MC_SPACE);
    if (!sp)
        return ptx_fail(err, PTX_CAUSE_SPACE_MISSING, c->icol, "'%s' needs the state space '.global'", c->iname);
    if (sp->def->val != SP_GLOBAL)
        return ptx_fail(err, PTX_CAUSE_SPACE_INCORRECT, sp->tok.col, "'%s' prefetches from '.global' only",
                        c->iname);
    kinds[0] = OK_ADDR;
    if (!ptx_operands_match(ln, kinds, hint ? 3 : 2))
        return ptx_operands_fail(c, err, "an address of an integer register or a name");
    if (ptx_check_types(c, 0, err) != PTX_OK)
        return PTX_ERROR;
    if (ptx_check_classes(c, mask | CLS(MC_TMFIELD), err) != PTX_OK)
        return PTX_ERROR;
    out->has_op = true;
    out->op.kind = TCE_OP_BULK_PREFETCH;
    out->op.completion = TCE_DONE_NONE;
    out->op.src_space = TCE_SPACE_GLOBAL;
    out->op.dst_space = TCE_SPACE_GLOBAL;
    out->cache_hint = hint;
    out->role.src = 0;
    out->role.size = 1;
    if (hint)
        out->role.cache_policy = 2;
    return PTX_OK;
}

/* multimem.cp.async.bulk.global.shared::cta.bulk_group{.cp_mask} [dstMem], [srcMem], size
 * {, byteMask} (PTX ISA 9.1, not known to ptxas 13.0): the rules of the text, checked in the
 * same order as the .shared::cta -> .global form of cp.async.bulk. The ISA seed text has
 * no multimem.cp.reduce.async.bulk, so that name is refused as unsupported. */
ptx_status ptx_decode_multimem(ptx_ctx *c, ptx_insn *out, ptx_error *err, bool reduce)
{
    const ptx_line *ln = c->ln;
    unsigned mask = CLS(MC_SPACE) | CLS(MC_COMPLETION) | CLS(MC_CPMASK);
    ptx_opkind kinds[4] = {OK_ADDR, OK_ADDR, OK_R32, OK_R16};
    bool cpmask;
    if (reduce)
        return ptx_fail(err, PTX_CAUSE_UNSUPPORTED, c->icol, "'%s' is not in the PTX text this decoder follows",
                        c->iname);
    if (ptx_scan_repeats(c, 2, mask, err) != PTX_OK)
        return PTX_ERROR;
    if (ptx_check_types(c, 0, err) != PTX_OK)
        return PTX_ERROR;
    if (ptx_check_classes(c, mask, err) != PTX_OK)
        return PTX_ERROR;
    if (direction(c) != DIR_S2G)
        return ptx_fail(err, PTX_CAUSE_SPACE_INCORRECT, ptx_mod_col(c, MC_SPACE),
                        "'%s' copies .shared::cta to .global only (.global.shared::cta)", c->iname);
    if (ptx_mod_val(c, MC_COMPLETION, -1) < 0)
        return ptx_fail(err, PTX_CAUSE_MISSING_MODIFIER, c->icol, "'%s' needs the completion mechanism '.bulk_group'",
                        c->iname);
    if (ptx_mod_val(c, MC_COMPLETION, -1) != CM_BULK_GROUP)
        return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, ptx_mod_col(c, MC_COMPLETION),
                        "'%s' completes through '.bulk_group' only", c->iname);
    cpmask = ptx_mods_first(&c->mods, MC_CPMASK) != 0;
    if (!ptx_operands_match(ln, kinds, cpmask ? 4 : 3))
        return ptx_operands_fail(c, err, cpmask ? "[dstMem], [srcMem], size, byteMask" : "[dstMem], [srcMem], size");
    if (cpmask && c->t.sm < 100)
        return target_fail(c, err, ptx_mod_col(c, MC_CPMASK), ".cp_mask", "sm_100 or higher");
    out->has_op = true;
    out->op.kind = TCE_OP_MULTIMEM_COPY;
    out->op.completion = TCE_DONE_BULK_GROUP;
    out->op.dst_space = TCE_SPACE_GLOBAL;
    out->op.src_space = TCE_SPACE_SHARED_CTA;
    out->op.has_byte_mask = cpmask;
    out->role.dst = 0;
    out->role.src = 1;
    out->role.size = 2;
    if (cpmask)
        out->role.byte_mask = 3;
    return PTX_OK;
}
