/* Operand kind and register-width checks shared by all families. The rules (settled with
 * ptxas 13.0): a register must have the slot's width; bit-size (.bN) registers fit any
 * slot of their width, float registers only float slots; an integer immediate fits any
 * scalar slot; an address may be formed from a register of any integer width or a name. */
#include "ptx_internal.h"

bool ptx_scalar_fits(const ptx_scalar *s, ptx_opkind k)
{
    if (!s->is_reg)
        return s->name[0] == 0 && k != OK_R64_REG; /* immediates only, not names */
    switch (k) {
    case OK_R16: return s->rc == PTX_RC_B16;
    case OK_R32: return s->rc == PTX_RC_B32;
    case OK_R64: case OK_R64_REG: return s->rc == PTX_RC_B64;
    case OK_F32: return s->rc == PTX_RC_B32 || s->rc == PTX_RC_F32;
    case OK_F64: return s->rc == PTX_RC_B64 || s->rc == PTX_RC_F64;
    default: return false;
    }
}

/* An undeclared register fits a memory slot here: ptxas names it once the list fits
 * (ptx_undeclared_memory). */
static bool addr_base_ok(const ptx_scalar *s)
{
    if (!s->is_reg)
        return s->name[0] != 0; /* a symbol; immediate addresses are for .local only */
    return s->rc == PTX_RC_B16 || s->rc == PTX_RC_B32 || s->rc == PTX_RC_B64 || s->rc == PTX_RC_NONE;
}

bool ptx_coords_typed(const ptx_operand *o)
{
    unsigned i;
    for (i = 0; i < o->nvec; i++)
        if (ptx_scalar_fits(&o->vec[i], OK_R32))
            return true;
    return false;
}

static bool operand_fits(const ptx_operand *o, ptx_opkind k)
{
    unsigned i;
    switch (k) {
    case OK_ADDR:
        return o->kind == PTX_OPD_ADDR && addr_base_ok(&o->base);
    case OK_TMAP: /* coordinates: 32-bit registers (a predicate too) or constants, one of them
                   * a .b32 register or a constant; the tensor map's base is not judged (probed) */
        if (o->kind != PTX_OPD_TMAP || !ptx_coords_typed(o))
            return false;
        for (i = 0; i < o->nvec; i++)
            if (!ptx_scalar_fits(&o->vec[i], OK_F32) && o->vec[i].rc != PTX_RC_PRED)
                return false;
        return true;
    case OK_VEC16:
        if (o->kind != PTX_OPD_VEC)
            return false;
        for (i = 0; i < o->nvec; i++)
            if (!ptx_scalar_fits(&o->vec[i], OK_R16))
                return false;
        return true;
    case OK_IMM:
        return o->kind == PTX_OPD_IMM;
    case OK_ADDR_ANY:
        return o->kind == PTX_OPD_ADDR;
    case OK_ADDR_OR_REG: /* (the base is judged later: ptx_memory_bases) */
        return o->kind == PTX_OPD_ADDR || o->kind == PTX_OPD_REG;
    default: /* ptxas 13.0 refuses a floating-point literal in an integer slot (probed) */
        if (o->base.is_float && (k == OK_R16 || k == OK_R32 || k == OK_R64))
            return false;
        return (o->kind == PTX_OPD_REG || o->kind == PTX_OPD_IMM) && ptx_scalar_fits(&o->base, k);
    }
}

bool ptx_operands_match(const ptx_line *ln, const ptx_opkind *kinds, unsigned n)
{
    unsigned i;
    if (ln->nopd != n)
        return false;
    for (i = 0; i < n; i++)
        if (!operand_fits(&ln->opd[i], kinds[i]))
            return false;
    return true;
}

bool ptx_operand_fits_at(const ptx_line *ln, unsigned i, ptx_opkind k)
{
    return i < ln->nopd && operand_fits(&ln->opd[i], k);
}

bool ptx_operands_match_prefix(const ptx_line *ln, const ptx_opkind *kinds, unsigned n)
{
    unsigned i;
    if (ln->nopd < n)
        return false;
    for (i = 0; i < n; i++)
        if (!operand_fits(&ln->opd[i], kinds[i]))
            return false;
    return true;
}

bool ptx_operands_loose_fit(const ptx_line *ln, const ptx_opkind *fixed, unsigned nfixed, const ptx_opkind *opt,
                            unsigned nopt)
{
    unsigned i, k = 0;
    if (ln->nopd < nfixed)
        return false;
    if (!ptx_operands_match_prefix(ln, fixed, nfixed))
        return false;
    for (i = nfixed; i < ln->nopd; i++) {
        while (k < nopt && !ptx_operand_fits_at(ln, i, opt[k]))
            k++;
        if (k == nopt)
            return false;
        k++;
    }
    return true;
}

ptx_status ptx_undeclared_memory(const ptx_ctx *c, ptx_error *err)
{
    unsigned i;
    for (i = 0; i < c->ln->nopd; i++) {
        const ptx_operand *o = &c->ln->opd[i];
        if (o->kind != PTX_OPD_VEC && o->base.is_reg && o->base.rc == PTX_RC_NONE)
            return ptx_fail(err, PTX_CAUSE_UNDECLARED, o->base.col, "register '%s' is not declared", o->base.name);
    }
    return PTX_OK;
}

ptx_status ptx_memory_bases(const ptx_ctx *c, bool constants_only, ptx_error *err)
{
    unsigned i;
    for (i = 0; i < c->ln->nopd; i++) {
        const ptx_operand *o = &c->ln->opd[i];
        if (o->kind != PTX_OPD_ADDR || addr_base_ok(&o->base) || (constants_only && o->base.is_reg))
            continue;
        if (!o->base.is_reg)
            return ptx_fail(err, PTX_CAUSE_OPERANDS, o->col, "an immediate address is only for .local");
        return ptx_fail(err, PTX_CAUSE_OPERANDS, o->col, "an address register is an integer or bit register");
    }
    return PTX_OK;
}
