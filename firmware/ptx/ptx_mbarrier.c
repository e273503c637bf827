/* mbarrier.init / arrive{.expect_tx} / arrive_drop{.expect_tx} / expect_tx / complete_tx /
 * try_wait{.parity} / test_wait{.parity} / pending_count / inval: the barriers TMA copies
 * complete against. Operand forms and the order in which ptxas 13.0 reports violations were
 * settled with probes (tests/data/ptx/sync_verdicts.tsv):
 * foreign modifiers -> type (.b64 once) -> operands (sink `_` rules) -> .sem value ->
 * .sem and .scope only together -> state space -> .scope value. A 32-bit register as a generic
 * address makes ptxas refuse the whole file ("32-Bit ABI"), naming no line; like the corpus,
 * that is not counted against the line. */
#include "ptx_internal.h"

enum { SEM_RELAXED = 1, SEM_RELEASE = 2, SEM_ACQUIRE = 3 };
enum { SCOPE_CTA = 1, SCOPE_CLUSTER = 2 };

typedef struct {
    unsigned sems;        /* bit per MC_SEM value allowed; 0: no .sem/.scope at all */
    bool cluster_space;   /* .shared::cluster allowed */
    bool spaces;          /* a state space allowed at all */
} mbar_rule;

static bool sink(const ptx_operand *o) { return o->kind == PTX_OPD_SYM && o->base.name[0] == '_' && !o->base.name[1]; }

static bool has_other(const ptx_ctx *c, const char *w)
{
    unsigned i;
    for (i = 0; i < c->mods.n; i++)
        if (ptx_tok_eq(c->mods.m[i].tok, w))
            return true;
    return false;
}

/* Operands per instruction; returns PTX_OK or fails with the cause ptxas gives. */
static ptx_status check_operands(ptx_ctx *c, ptx_insn *out, ptx_insn_kind kind, bool cluster, ptx_error *err)
{
    const ptx_line *ln = c->ln;
    bool parity = has_other(c, "parity");
    switch (kind) {
    case PTX_I_MBARRIER_INIT:
    case PTX_I_MBARRIER_EXPECT_TX:
    case PTX_I_MBARRIER_COMPLETE_TX: {
        static const ptx_opkind k[] = {OK_ADDR, OK_R32};
        if (!ptx_operands_match(ln, k, 2))
            return ptx_operands_fail(c, err, kind == PTX_I_MBARRIER_INIT ? "[addr], count (32-bit)" : "[addr], txCount (32-bit)");
        out->role.mbar = 0;
        out->role.value = 1;
        return PTX_OK;
    }
    case PTX_I_MBARRIER_INVAL: {
        static const ptx_opkind k[] = {OK_ADDR};
        if (!ptx_operands_match(ln, k, 1))
            return ptx_operands_fail(c, err, "[addr]");
        out->role.mbar = 0;
        return PTX_OK;
    }
    case PTX_I_MBARRIER_PENDING_COUNT:
        if (ln->nopd != 2 || ln->opd[0].kind != PTX_OPD_REG || !ptx_scalar_fits(&ln->opd[0].base, OK_R32) ||
            !ptx_operand_fits_at(ln, 1, OK_R64))
            return ptx_operands_fail(c, err, "count (32-bit register), state (64-bit)");
        out->role.dst = 0;
        out->role.value = 1;
        return PTX_OK;
    case PTX_I_MBARRIER_ARRIVE:
    case PTX_I_MBARRIER_ARRIVE_EXPECT_TX:
    case PTX_I_MBARRIER_ARRIVE_DROP:
    case PTX_I_MBARRIER_ARRIVE_DROP_EXPECT_TX: {
        bool tx = kind == PTX_I_MBARRIER_ARRIVE_EXPECT_TX || kind == PTX_I_MBARRIER_ARRIVE_DROP_EXPECT_TX;
        bool state_ok = ln->nopd >= 1 && (sink(&ln->opd[0]) || (ln->opd[0].kind == PTX_OPD_REG &&
                                                                 ptx_scalar_fits(&ln->opd[0].base, OK_R64_REG)));
        if (!state_ok || !ptx_operand_fits_at(ln, 1, OK_ADDR) || ln->nopd > 3 || (tx && ln->nopd != 3) ||
            (ln->nopd == 3 && !ptx_operand_fits_at(ln, 2, OK_R32)))
            return ptx_operands_fail(c, err, tx ? "state or _, [addr], txCount (32-bit)" : "state or _, [addr] {, count}");
        if (cluster && !sink(&ln->opd[0]))
            return ptx_fail(err, PTX_CAUSE_OPERANDS, ln->opd[0].col,
                            "a remote (.shared::cluster) arrive returns no state: the destination must be '_'");
        if (has_other(c, "noComplete") && ln->nopd != 3)
            return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, c->icol, "'.noComplete' needs a count operand");
        if (has_other(c, "noComplete") && cluster)
            return ptx_fail(err, PTX_CAUSE_COMBINATION, c->icol, "'.noComplete' cannot be combined with .shared::cluster");
        out->no_complete = has_other(c, "noComplete");
        out->role.dst = sink(&ln->opd[0]) ? -1 : 0;
        out->role.mbar = 1;
        out->role.value = ln->nopd == 3 ? 2 : -1;
        return PTX_OK;
    }
    case PTX_I_MBARRIER_TRY_WAIT:
    case PTX_I_MBARRIER_TEST_WAIT: {
        unsigned max = kind == PTX_I_MBARRIER_TRY_WAIT ? 4 : 3;
        if (ln->nopd >= 1 && sink(&ln->opd[0]) && !parity)
            return ptx_fail(err, PTX_CAUSE_OPERANDS, ln->opd[0].col, "'%s' must return its result: '_' is not allowed",
                            c->iname);
        if (ln->nopd < 3 || ln->nopd > max || ln->opd[0].kind != PTX_OPD_REG || ln->opd[0].base.rc != PTX_RC_PRED ||
            !ptx_operand_fits_at(ln, 1, OK_ADDR) || !ptx_operand_fits_at(ln, 2, parity ? OK_R32 : OK_R64) ||
            (ln->nopd == 4 && !ptx_operand_fits_at(ln, 3, OK_R32)))
            return ptx_operands_fail(c, err, parity ? "pred, [addr], phaseParity (32-bit)" : "pred, [addr], state (64-bit)");
        out->parity = parity;
        out->role.dst = 0;
        out->role.mbar = 1;
        out->role.value = 2;
        return PTX_OK;
    }
    default:
        return ptx_fail(err, PTX_CAUSE_UNSUPPORTED, c->icol, "'%s' is not decoded", c->iname);
    }
}

ptx_status ptx_decode_mbarrier(ptx_ctx *c, ptx_insn *out, ptx_error *err, ptx_insn_kind kind)
{
    mbar_rule r = {0, true, true};
    const ptx_mod *sem = ptx_mods_first(&c->mods, MC_SEM), *scope = ptx_mods_first(&c->mods, MC_SCOPE);
    const ptx_mod *sp = ptx_mods_first(&c->mods, MC_SPACE);
    unsigned i, nsp = ptx_mods_count(&c->mods, MC_SPACE);
    bool cluster;
    switch (kind) {
    case PTX_I_MBARRIER_ARRIVE:
    case PTX_I_MBARRIER_ARRIVE_EXPECT_TX:
    case PTX_I_MBARRIER_ARRIVE_DROP:
    case PTX_I_MBARRIER_ARRIVE_DROP_EXPECT_TX: r.sems = CLS(SEM_RELEASE) | CLS(SEM_RELAXED); break;
    case PTX_I_MBARRIER_TRY_WAIT:
    case PTX_I_MBARRIER_TEST_WAIT: r.sems = CLS(SEM_ACQUIRE) | CLS(SEM_RELAXED); r.cluster_space = false; break;
    case PTX_I_MBARRIER_EXPECT_TX:
    case PTX_I_MBARRIER_COMPLETE_TX: r.sems = CLS(SEM_RELAXED); break;
    case PTX_I_MBARRIER_PENDING_COUNT: r.spaces = false; break;
    default: r.cluster_space = false; break; /* init, inval */
    }
    /* modifiers of other instructions; without .sem/.scope the scope is named first */
    if (!r.sems && scope)
        return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, scope->tok.col, "'%s' takes no scope ('.%t')", c->iname, &scope->tok);
    for (i = 0; i < c->mods.n; i++) {
        const ptx_mod *m = &c->mods.m[i];
        ptx_modclass mc = m->def->mc;
        if (mc == MC_SPACE || mc == MC_TYPE || (r.sems && (mc == MC_SEM || mc == MC_SCOPE)))
            continue;
        if (mc == MC_OTHER && (ptx_tok_eq(m->tok, "parity") || (ptx_tok_eq(m->tok, "noComplete") && kind == PTX_I_MBARRIER_ARRIVE)))
            continue;
        return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, m->tok.col, "modifier '.%t' is illegal for '%s'", &m->tok, c->iname);
    }
    if (ptx_check_types(c, 1u << TCE_ET_B64, err) != PTX_OK)
        return PTX_ERROR;
    if (ptx_mods_count(&c->mods, MC_TYPE) != 1)
        return ptx_fail(err, PTX_CAUSE_UNEXPECTED_TYPE, c->icol, "'%s' needs the type '.b64' once", c->iname);
    if (nsp > 1) {
        const ptx_mod *m2 = ptx_mods_nth(&c->mods, MC_SPACE, 1);
        /* init and the tx-count forms count spaces; the others see extra operands */
        if (kind == PTX_I_MBARRIER_INIT || kind == PTX_I_MBARRIER_EXPECT_TX || kind == PTX_I_MBARRIER_COMPLETE_TX)
            return ptx_fail(err, PTX_CAUSE_SPACE_COUNT, m2->tok.col, "'%s' takes one state space; '.%t' is one too many",
                            c->iname, &m2->tok);
        return ptx_fail(err, PTX_CAUSE_OPERANDS, m2->tok.col, "'%s' takes one state space; '.%t' is one too many",
                        c->iname, &m2->tok);
    }
    cluster = sp && sp->def->val == SP_SHARED_CLUSTER;
    if (check_operands(c, out, kind, cluster, err) != PTX_OK)
        return PTX_ERROR;
    if (sem && !(r.sems & CLS(sem->def->val)))
        return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, sem->tok.col, "'%s' does not take the order '.%t'", c->iname,
                        &sem->tok);
    if (sem && !scope)
        return ptx_fail(err, PTX_CAUSE_MISSING_MODIFIER, sem->tok.col, "order '.%t' needs a scope (.cta or .cluster)",
                        &sem->tok);
    if (scope && !sem)
        return ptx_fail(err, PTX_CAUSE_MISSING_MODIFIER, scope->tok.col, "scope '.%t' needs an order (.release, ...)",
                        &scope->tok);
    if (sp && !r.spaces)
        return ptx_fail(err, PTX_CAUSE_SPACE_INCORRECT, sp->tok.col, "'%s' takes no state space", c->iname);
    if (cluster && !r.cluster_space)
        return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, sp->tok.col, "'%s' works on the own CTA's barrier only, not '.%t'",
                        c->iname, &sp->tok);
    if (sp && sp->def->val != SP_SHARED && sp->def->val != SP_SHARED_CTA && !cluster)
        return ptx_fail(err, PTX_CAUSE_SPACE_INCORRECT, sp->tok.col, "an mbarrier lives in .shared, not '.%t'", &sp->tok);
    if (scope && scope->def->val != SCOPE_CTA && scope->def->val != SCOPE_CLUSTER)
        return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, scope->tok.col, "'%s' takes scope .cta or .cluster, not '.%t'",
                        c->iname, &scope->tok);
    out->sem = sem ? (unsigned)sem->def->val : 0;
    out->scope = scope ? (unsigned)scope->def->val : 0;
    out->space = sp ? (unsigned)sp->def->val + 1 : 0;
    return PTX_OK;
}
