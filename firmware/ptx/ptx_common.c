/* Checks every family runs first, in the order ptxas reports them: state-space count and
 * repeated modifier classes (both while scanning the words left to right), then modifier
 * classes the instruction does not take at all. */
#include "ptx_internal.h"

/* A state space past the instruction's count. Repeats of the other classes are found while
 * the opcode is parsed (ptx_mods_collect); a second operation only where the instruction asks
 * (class_mask holds MC_REDOP): elsewhere ptxas uses the first. */
ptx_status ptx_scan_repeats(ptx_ctx *c, unsigned max_spaces, unsigned class_mask, ptx_error *err)
{
    unsigned i, spaces = 0, ops = 0;
    for (i = 0; i < c->mods.n; i++) {
        const ptx_mod *m = &c->mods.m[i];
        if (m->def->mc == MC_SPACE && ++spaces > max_spaces) {
            if (max_spaces == 0)
                return ptx_fail(err, PTX_CAUSE_SPACE_INCORRECT, m->tok.col, "'%s' takes no state space, got '.%t'",
                                c->iname, &m->tok);
            if (max_spaces == 1)
                return ptx_fail(err, PTX_CAUSE_SPACE_COUNT, m->tok.col,
                                "'%s' takes one state space; '.%t' is one too many", c->iname, &m->tok);
            return ptx_fail(err, PTX_CAUSE_SPACE_MULTIPLE, m->tok.col, "a third state space '.%t'", &m->tok);
        }
        if (m->def->mc == MC_REDOP && (class_mask & CLS(MC_REDOP)) && ++ops == 2)
            return ptx_fail(err, PTX_CAUSE_REPEATED, m->tok.col, "more than one .op modifier ('.%t')", &m->tok);
    }
    return PTX_OK;
}

ptx_status ptx_refuse_classes(ptx_ctx *c, unsigned classes, ptx_error *err)
{
    unsigned i;
    for (i = 0; i < c->mods.n; i++) {
        const ptx_mod *m = &c->mods.m[i];
        if ((classes & (1u << m->def->mc)) && !ptx_mod_is_incdec(m))
            return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, m->tok.col, "modifier '.%t' is illegal for '%s'", &m->tok,
                            c->iname);
    }
    return PTX_OK;
}

bool ptx_mod_is_incdec(const ptx_mod *m)
{
    return m->def->mc == MC_REDOP && (m->def->val == TCE_RED_INC || m->def->val == TCE_RED_DEC);
}

/* Modifier classes an instruction does not take, in the order ptxas reports them (probed):
 * a vector qualifier, then other words left to right, then .inc/.dec on an instruction without
 * an operation ("Illegal reduction operation"), then a rounding modifier. */
ptx_status ptx_check_classes_except(ptx_ctx *c, unsigned class_mask, unsigned skip, ptx_error *err)
{
    unsigned i, pass;
    for (pass = 0; pass < 4; pass++)
        for (i = 0; i < c->mods.n; i++) {
            const ptx_mod *m = &c->mods.m[i];
            ptx_modclass mc = m->def->mc;
            bool incdec = ptx_mod_is_incdec(m);
            if (mc == MC_SPACE || mc == MC_TYPE || (skip & (1u << mc)) || (class_mask & (1u << mc)))
                continue;
            if (pass == 0 && mc == MC_VEC)
                return ptx_fail(err, PTX_CAUSE_VECTOR, m->tok.col, "'%s' takes no vector qualifier ('.%t')", c->iname,
                                &m->tok);
            if (pass == 1 && mc == MC_CPMASK && c->t.sm < 100) /* the target is judged first */
                return ptx_fail(err, PTX_CAUSE_TARGET, m->tok.col, "'.cp_mask' needs sm_100 or later");
            if (pass == 1 && mc != MC_VEC && mc != MC_ROUNDING && !incdec)
                return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, m->tok.col, mc == MC_EVICT
                                    ? "eviction-priority modifier '.%t' is illegal for '%s'"
                                    : "modifier '.%t' is illegal for '%s'",
                                &m->tok, c->iname);
            if (pass == 2 && incdec)
                return ptx_fail(err, PTX_CAUSE_OPERATION, m->tok.col, "'%s' takes no operation ('.%t')", c->iname,
                                &m->tok);
            if (pass == 3 && mc == MC_ROUNDING)
                return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, m->tok.col,
                                "rounding modifier '.%t' is illegal for '%s'", &m->tok, c->iname);
        }
    return PTX_OK;
}

ptx_status ptx_check_classes(ptx_ctx *c, unsigned class_mask, ptx_error *err)
{
    return ptx_check_classes_except(c, class_mask, 0, err);
}

/* Type suffixes: fail on the first one not in allowed (bit i = MC_TYPE value i). */
ptx_status ptx_check_types(ptx_ctx *c, uint32_t allowed, ptx_error *err)
{
    unsigned i;
    for (i = 0; i < c->mods.n; i++) {
        const ptx_mod *m = &c->mods.m[i];
        if (m->def->mc == MC_TYPE && !(allowed & (1u << m->def->val)))
            return ptx_fail(err, PTX_CAUSE_UNEXPECTED_TYPE, m->tok.col, "type '.%t' is not one '%s' takes", &m->tok,
                            c->iname);
    }
    return PTX_OK;
}

ptx_status ptx_operands_fail(ptx_ctx *c, ptx_error *err, const char *what)
{
    unsigned i;
    for (i = 0; i < c->ln->nopd; i++) {
        const ptx_operand *o = &c->ln->opd[i];
        if (o->kind == PTX_OPD_REG && o->base.rc == PTX_RC_NONE)
            return ptx_fail(err, PTX_CAUSE_OPERANDS, o->col, "wrong operands for '%s': register '%s' is not declared",
                            c->iname, o->base.name);
    }
    return ptx_fail(err, PTX_CAUSE_OPERANDS, c->ln->ops_col, "wrong operands for '%s': expected %s", c->iname, what);
}

int ptx_mod_val(const ptx_ctx *c, ptx_modclass mc, int dflt)
{
    const ptx_mod *m = ptx_mods_first(&c->mods, mc);
    return m ? m->def->val : dflt;
}

unsigned ptx_mod_col(const ptx_ctx *c, ptx_modclass mc)
{
    const ptx_mod *m = ptx_mods_first(&c->mods, mc);
    return m ? m->tok.col : c->icol;
}
