/* What a scenario needs around the copy instructions besides the mbarriers (ptx_mbarrier.c):
 * fence.proxy.async, mov, add. Only the forms a copy scenario uses are accepted; anything
 * else is refused with the cause named. */
#include "ptx_internal.h"

/* The first word after the instruction name that is not one of the allowed ones. */
static ptx_status only_words(ptx_ctx *c, unsigned first, const char *const *allowed, ptx_error *err)
{
    unsigned i, k;
    for (i = first; i < c->ln->nwords; i++) {
        bool ok = false;
        for (k = 0; allowed[k]; k++)
            ok = ok || ptx_tok_eq(c->ln->words[i], allowed[k]);
        if (!ok) {
            const ptx_moddef *d = ptx_moddef_find(c->ln->words[i]);
            /* .inc/.dec: "Illegal reduction operation", as on every instruction without one */
            bool incdec = d && d->mc == MC_REDOP && (d->val == TCE_RED_INC || d->val == TCE_RED_DEC);
            return ptx_fail(err, incdec ? PTX_CAUSE_OPERATION : PTX_CAUSE_ILLEGAL_MODIFIER, c->ln->words[i].col,
                            "modifier '.%t' is illegal for '%s'", &c->ln->words[i], c->iname);
        }
    }
    return PTX_OK;
}

static unsigned name_words(const char *iname)
{
    unsigned n = 1;
    for (; *iname; iname++)
        n += *iname == '.';
    return n;
}

ptx_status ptx_decode_scenario(ptx_ctx *c, ptx_insn *out, ptx_error *err, ptx_insn_kind kind)
{
    static const char *const fence_words[] = {"tensormap::generic", "shared::cta", "shared::cluster", "global",
                                              "release", "acquire", "cta", "cluster", "gpu", "sys", 0};
    static const char *const int_words[] = {"b16", "u16", "s16", "b32", "u32", "s32", "b64", "u64", "s64", "pred", 0};
    unsigned first = name_words(c->iname);
    const ptx_line *ln = c->ln;
    const ptx_mod *sp = ptx_mods_first(&c->mods, MC_SPACE);
    out->sem = (unsigned)ptx_mod_val(c, MC_SEM, 0);
    out->scope = (unsigned)ptx_mod_val(c, MC_SCOPE, 0);
    out->space = sp ? (unsigned)sp->def->val + 1 : 0;
    switch (kind) {
    case PTX_I_FENCE_PROXY_ASYNC:
        if (only_words(c, first, fence_words, err) != PTX_OK)
            return PTX_ERROR;
        if (ln->nopd)
            return ptx_operands_fail(c, err, "no operands");
        return PTX_OK;
    case PTX_I_MOV:
    case PTX_I_ADD: {
        const ptx_tok *ty;
        ptx_opkind k;
        if (only_words(c, first, int_words, err) != PTX_OK)
            return PTX_ERROR;
        if (ln->nwords != first + 1)
            return ptx_fail(err, PTX_CAUSE_UNEXPECTED_TYPE, c->icol, "'%s' needs exactly one type", c->iname);
        ty = &ln->words[first];
        k = (ty->s[1] == '6') ? OK_R64 : (ty->s[1] == '3') ? OK_R32 : OK_R16;
        out->type_bits = k == OK_R64 ? 64 : k == OK_R32 ? 32 : 16;
        if (ptx_tok_eq(*ty, "pred")) {
            out->type_bits = 1;
            if (kind == PTX_I_ADD || ln->nopd != 2 || ln->opd[0].base.rc != PTX_RC_PRED)
                return ptx_operands_fail(c, err, "pred, pred");
            return PTX_OK;
        }
        if (ln->nopd != (kind == PTX_I_MOV ? 2u : 3u) || ln->opd[0].kind != PTX_OPD_REG ||
            !ptx_scalar_fits(&ln->opd[0].base, k))
            return ptx_operands_fail(c, err, kind == PTX_I_MOV ? "dst, src" : "dst, a, b");
        /* mov may take a symbol's address */
        if (!(ptx_operand_fits_at(ln, 1, k) || (kind == PTX_I_MOV && ln->opd[1].kind == PTX_OPD_SYM)) ||
            (kind == PTX_I_ADD && !ptx_operand_fits_at(ln, 2, k)))
            return ptx_operands_fail(c, err, "registers or constants of the type's width");
        out->role.dst = 0;
        out->role.src = 1;
        if (kind == PTX_I_ADD)
            out->role.value = 2;
        return PTX_OK;
    }
    default:
        return ptx_fail(err, PTX_CAUSE_UNSUPPORTED, c->icol, "'%s' is not decoded", c->iname);
    }
}

