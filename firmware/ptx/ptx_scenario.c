/* What a scenario needs around the copy instructions: mbarrier.init / arrive{.expect_tx} /
 * try_wait{.parity} / test_wait{.parity}, fence.proxy.async, mov, add. Only the forms a
 * copy scenario uses are accepted; anything else is refused with the cause named. */
#include "ptx_internal.h"

static bool has_word(const ptx_ctx *c, const char *w)
{
    unsigned i;
    for (i = 0; i < c->ln->nwords; i++)
        if (ptx_tok_eq(c->ln->words[i], w))
            return true;
    return false;
}

/* The first word after the instruction name that is not one of the allowed ones. */
static ptx_status only_words(ptx_ctx *c, unsigned first, const char *const *allowed, ptx_error *err)
{
    unsigned i, k;
    for (i = first; i < c->ln->nwords; i++) {
        bool ok = false;
        for (k = 0; allowed[k]; k++)
            ok = ok || ptx_tok_eq(c->ln->words[i], allowed[k]);
        if (!ok)
            return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, c->ln->words[i].col, "modifier '.%t' is illegal for '%s'",
                            &c->ln->words[i], c->iname);
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

static ptx_status want(ptx_ctx *c, const ptx_opkind *k, unsigned n, const char *what, ptx_error *err)
{
    return ptx_operands_match(c->ln, k, n) ? PTX_OK : ptx_operands_fail(c, err, what);
}

ptx_status ptx_decode_scenario(ptx_ctx *c, ptx_insn *out, ptx_error *err, ptx_insn_kind kind)
{
    static const char *const mbar_words[] = {"shared", "shared::cta", "shared::cluster", "b64", "release",
                                             "acquire", "relaxed", "cta", "cluster", "parity", 0};
    static const char *const fence_words[] = {"tensormap::generic", "shared::cta", "shared::cluster", "global",
                                              "release", "acquire", "cta", "cluster", "gpu", "sys", 0};
    static const char *const int_words[] = {"b16", "u16", "s16", "b32", "u32", "s32", "b64", "u64", "s64", "pred", 0};
    unsigned first = name_words(c->iname);
    const ptx_line *ln = c->ln;
    switch (kind) {
    case PTX_I_MBARRIER_INIT: {
        static const ptx_opkind k[] = {OK_ADDR, OK_R32};
        if (only_words(c, first, mbar_words, err) != PTX_OK || !has_word(c, "b64"))
            return err && err->cause ? PTX_ERROR
                                     : ptx_fail(err, PTX_CAUSE_UNEXPECTED_TYPE, c->icol, "'mbarrier.init' needs '.b64'");
        if (want(c, k, 2, "[addr], count", err) != PTX_OK)
            return PTX_ERROR;
        out->role.mbar = 0;
        out->role.value = 1;
        return PTX_OK;
    }
    case PTX_I_MBARRIER_ARRIVE:
    case PTX_I_MBARRIER_ARRIVE_EXPECT_TX: {
        static const ptx_opkind k2[] = {OK_R64, OK_ADDR}, k3[] = {OK_R64, OK_ADDR, OK_R32}, ks[] = {OK_ADDR},
                                ks2[] = {OK_ADDR, OK_R32};
        if (only_words(c, first, mbar_words, err) != PTX_OK || !has_word(c, "b64"))
            return err && err->cause ? PTX_ERROR
                                     : ptx_fail(err, PTX_CAUSE_UNEXPECTED_TYPE, c->icol, "'%s' needs '.b64'", c->iname);
        /* state, [addr]{, count/txCount}; the sink form `_` is a symbol operand */
        if (!(ptx_operands_match(ln, k2, 2) || ptx_operands_match(ln, k3, 3) ||
              (ln->nopd >= 2 && ln->opd[0].kind == PTX_OPD_SYM && ptx_operand_fits_at(ln, 1, OK_ADDR) &&
               (ln->nopd == 2 || (ln->nopd == 3 && ptx_operand_fits_at(ln, 2, OK_R32)))) ||
              ptx_operands_match(ln, ks, 1) || ptx_operands_match(ln, ks2, 2)))
            return ptx_operands_fail(c, err, "state, [addr] {, count}");
        if (kind == PTX_I_MBARRIER_ARRIVE_EXPECT_TX && ln->nopd < 2)
            return ptx_operands_fail(c, err, "a transaction count");
        out->role.mbar = ln->opd[0].kind == PTX_OPD_ADDR ? 0 : 1;
        out->role.value = ln->opd[ln->nopd - 1].kind == PTX_OPD_ADDR ? -1 : (int)ln->nopd - 1;
        return PTX_OK;
    }
    case PTX_I_MBARRIER_TRY_WAIT:
    case PTX_I_MBARRIER_TEST_WAIT: {
        if (only_words(c, first, mbar_words, err) != PTX_OK || !has_word(c, "b64"))
            return err && err->cause ? PTX_ERROR
                                     : ptx_fail(err, PTX_CAUSE_UNEXPECTED_TYPE, c->icol, "'%s' needs '.b64'", c->iname);
        out->parity = has_word(c, "parity");
        if (ln->nopd < 3 || ln->opd[0].kind != PTX_OPD_REG || ln->opd[0].base.rc != PTX_RC_PRED ||
            !ptx_operand_fits_at(ln, 1, OK_ADDR) ||
            !(ptx_operand_fits_at(ln, 2, out->parity ? OK_R32 : OK_R64)) ||
            (ln->nopd == 4 && !ptx_operand_fits_at(ln, 3, OK_R32)) || ln->nopd > 4)
            return ptx_operands_fail(c, err, out->parity ? "pred, [addr], phaseParity" : "pred, [addr], state");
        out->role.dst = 0;
        out->role.mbar = 1;
        out->role.value = 2;
        return PTX_OK;
    }
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

