/* The fences and prefetch a TMA kernel puts around its copies: fence.proxy.tensormap::generic
 * (before a copy reads a tensor map written with tensormap.replace), fence.mbarrier_init and
 * prefetch.tensormap. Rules and their reporting order were settled with ptxas 13.0 probes
 * (tests/data/ptx/sync_verdicts.tsv). */
#include "ptx_internal.h"

static const ptx_mod *first_of(const ptx_ctx *c, ptx_modclass mc) { return ptx_mods_first(&c->mods, mc); }

/* A fence takes an order and a scope only: no other modifier, no state space, no type. */
static ptx_status fence_words(ptx_ctx *c, ptx_error *err)
{
    if (ptx_check_classes(c, CLS(MC_SEM) | CLS(MC_SCOPE), err) != PTX_OK ||
        ptx_scan_repeats(c, 0, CLS(MC_SEM) | CLS(MC_SCOPE), err) != PTX_OK || ptx_check_types(c, 0, err) != PTX_OK)
        return PTX_ERROR;
    return PTX_OK;
}

static unsigned space_of(const ptx_ctx *c)
{
    const ptx_mod *m = first_of(c, MC_SPACE);
    return m ? (unsigned)m->def->val + 1 : 0;
}

/* fence.proxy.tensormap::generic.release.scope;  / .acquire.scope [addr], 128; */
ptx_status ptx_decode_fence_tensormap(ptx_ctx *c, ptx_insn *out, ptx_error *err)
{
    static const ptx_opkind k[] = {OK_ADDR, OK_IMM};
    const ptx_line *ln = c->ln;
    const ptx_mod *sem = first_of(c, MC_SEM), *scope = first_of(c, MC_SCOPE);
    bool acquire;
    if (sem && sem->def->val != 2 && sem->def->val != 3)
        return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, sem->tok.col,
                        "'fence.proxy.tensormap::generic' takes .release or .acquire, not '.%t'", &sem->tok);
    if (fence_words(c, err) != PTX_OK)
        return PTX_ERROR;
    if (!sem)
        return ptx_fail(err, PTX_CAUSE_MISSING_MODIFIER, c->icol,
                        "'fence.proxy.tensormap::generic' needs .release or .acquire");
    acquire = sem->def->val == 3;
    /* ptxas checks the operand count against the order before it asks for a scope */
    if (acquire ? ln->nopd == 0 : ln->nopd == 2)
        return ptx_fail(err, PTX_CAUSE_MISSING_MODIFIER, sem->tok.col,
                        acquire ? "'.acquire' takes two operands: [addr], 128"
                                : "'.release' takes no operands (the acquire side names the tensor map)");
    if (!scope)
        return ptx_fail(err, PTX_CAUSE_MISSING_MODIFIER, sem->tok.col, "'.%t' needs a scope (.cta .cluster .gpu .sys)",
                        &sem->tok);
    if (!acquire && ln->nopd)
        return ptx_operands_fail(c, err, "no operands");
    if (acquire) {
        if (!ptx_operands_match(ln, k, 2))
            return ptx_operands_fail(c, err, "[addr], 128");
        if (ln->opd[1].base.imm != 128)
            return ptx_fail(err, PTX_CAUSE_RANGE, ln->opd[1].col, "the size must be 128 (a tensor map's size)");
        out->role.tmap = 0;
        out->role.size = 1;
    }
    out->sem = (unsigned)sem->def->val;
    out->scope = (unsigned)scope->def->val;
    return PTX_OK;
}

/* fence.mbarrier_init.release.cluster; */
ptx_status ptx_decode_fence_mbarrier_init(ptx_ctx *c, ptx_insn *out, ptx_error *err)
{
    const ptx_mod *sem = first_of(c, MC_SEM), *scope = first_of(c, MC_SCOPE);
    if (fence_words(c, err) != PTX_OK)
        return PTX_ERROR;
    if (!sem)
        return ptx_fail(err, PTX_CAUSE_MISSING_MODIFIER, c->icol, "'fence.mbarrier_init' needs the order '.release'");
    if (!scope)
        return ptx_fail(err, PTX_CAUSE_MISSING_MODIFIER, c->icol, "'fence.mbarrier_init' needs the scope '.cluster'");
    if (sem->def->val != 2)
        return ptx_fail(err, PTX_CAUSE_COMBINATION, sem->tok.col, "'fence.mbarrier_init' takes '.release' only, not '.%t'",
                        &sem->tok);
    if (scope->def->val != 2)
        return ptx_fail(err, PTX_CAUSE_COMBINATION, scope->tok.col,
                        "'fence.mbarrier_init' takes '.cluster' only, not '.%t'", &scope->tok);
    if (c->ln->nopd)
        return ptx_operands_fail(c, err, "no operands");
    out->sem = 2;
    out->scope = 2;
    return PTX_OK;
}

/* prefetch{.const,.param}.tensormap [addr]; a plain prefetch is outside the family. */
ptx_status ptx_decode_prefetch_tensormap(ptx_ctx *c, ptx_insn *out, ptx_error *err)
{
    static const ptx_opkind k[] = {OK_ADDR};
    const ptx_mod *sp = first_of(c, MC_SPACE), *lv;
    unsigned i;
    bool tm = false;
    for (i = 0; i < c->mods.n; i++)
        tm = tm || ptx_tok_eq(c->mods.m[i].tok, "tensormap");
    if (!tm)
        return ptx_fail(err, PTX_CAUSE_UNSUPPORTED, c->icol, "only 'prefetch.tensormap' is decoded, not a cache prefetch");
    lv = first_of(c, MC_LEVEL);
    if (lv)
        return ptx_fail(err, PTX_CAUSE_REPEATED, lv->tok.col, "'.tensormap' and '.%t' are both cache levels", &lv->tok);
    for (i = 0; i < c->mods.n; i++) {
        const ptx_mod *m = &c->mods.m[i];
        if (m->def->mc != MC_SPACE && m->def->mc != MC_TYPE && !ptx_tok_eq(m->tok, "tensormap"))
            return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, m->tok.col, "modifier '.%t' is illegal for 'prefetch.tensormap'",
                            &m->tok);
    }
    if (ptx_scan_repeats(c, 1, 0, err) != PTX_OK)
        return PTX_ERROR;
    if (ptx_check_types(c, 0, err) != PTX_OK)
        return PTX_ERROR;
    if (!ptx_operands_match(c->ln, k, 1))
        return ptx_operands_fail(c, err, "[addr]");
    if (sp && sp->def->val != SP_CONST && sp->def->val != SP_PARAM)
        return ptx_fail(err, PTX_CAUSE_SPACE_INCORRECT, sp->tok.col,
                        "'prefetch.tensormap' reads .const, .param or a generic address, not '.%t'", &sp->tok);
    out->space = space_of(c);
    out->role.tmap = 0;
    return PTX_OK;
}
