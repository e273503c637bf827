/* Splits one PTX line into predicate guard, dotted opcode words and operands, and
 * resolves register names. Grammar errors here are what ptxas calls "Parsing error". */
#include "ptx_internal.h"

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_ident(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_' || c == '$' || c == '%';
}

typedef struct {
    const char *base; /* line start, for columns */
    const char *p;
    const char *end;
} cursor;

static unsigned colof(const cursor *c, const char *p) { return (unsigned)(p - c->base) + 1; }
static void skip_ws(cursor *c)
{
    while (c->p < c->end && is_space(*c->p))
        c->p++;
}

static ptx_status syntax(ptx_error *err, const cursor *c, const char *near)
{
    ptx_tok t;
    t.s = near;
    t.len = 0;
    while (near + t.len < c->end && !is_space(near[t.len]) && t.len < 16 &&
           (t.len == 0 || is_ident(near[t.len]) || near[t.len] == ':'))
        t.len++;
    if (near >= c->end)
        return ptx_fail(err, PTX_CAUSE_SYNTAX, colof(c, near), "syntax error at end of line");
    return ptx_fail(err, PTX_CAUSE_SYNTAX, colof(c, near), "syntax error near '%t'", &t);
}

/* Integer literal: decimal, 0x hex, 0 octal, optional sign, optional U suffix; float
 * literals (1.0, 0f3f800000) are accepted as immediates with value 0 (never used as
 * integers by the copy family). Returns false if no literal starts here; *big when it
 * does not fit 64 bits (2^64 and up, below -2^63), which the caller reports. */
static bool lex_number(cursor *c, int64_t *val, bool *big)
{
    const char *p = c->p;
    bool neg = false;
    uint64_t v = 0;
    *big = false;
    if (p < c->end && (*p == '-' || *p == '+')) {
        neg = *p == '-';
        p++;
    }
    if (p >= c->end || !is_digit(*p))
        return false;
    if (p + 1 < c->end && p[0] == '0' && (p[1] == 'f' || p[1] == 'F' || p[1] == 'd' || p[1] == 'D') &&
        p + 2 < c->end && ((p[2] >= '0' && p[2] <= '9') || (p[2] >= 'a' && p[2] <= 'f') || (p[2] >= 'A' && p[2] <= 'F'))) {
        p += 2;
        while (p < c->end && is_ident(*p))
            p++;
        c->p = p;
        *val = 0;
        return true;
    }
    if (p + 1 < c->end && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        p += 2;
        for (; p < c->end; p++) {
            char ch = *p;
            unsigned d;
            if (is_digit(ch)) d = (unsigned)(ch - '0');
            else if (ch >= 'a' && ch <= 'f') d = (unsigned)(ch - 'a' + 10);
            else if (ch >= 'A' && ch <= 'F') d = (unsigned)(ch - 'A' + 10);
            else break;
            *big |= v >> 60 != 0;
            v = v * 16 + d;
        }
    } else {
        for (; p < c->end && is_digit(*p); p++) {
            uint64_t d = (uint64_t)(*p - '0');
            *big |= v > (~(uint64_t)0 - d) / 10;
            v = v * 10 + d;
        }
        if (p < c->end && *p == '.') { /* decimal float literal */
            p++;
            while (p < c->end && (is_digit(*p) || *p == 'e' || *p == 'E'))
                p++;
            v = 0;
            *big = false;
        }
    }
    if (p < c->end && (*p == 'U' || *p == 'u'))
        p++;
    if (p < c->end && is_ident(*p))
        return false; /* e.g. 12abc */
    *big |= neg && v > (uint64_t)1 << 63;
    c->p = p;
    *val = (int64_t)(neg ? 0 - v : v);
    return true;
}

static ptx_status too_big(ptx_error *err, const cursor *c, const char *start)
{
    return ptx_fail(err, PTX_CAUSE_RANGE, colof(c, start),
                    "integer literal does not fit in 64 bits");
}

/* register, immediate or symbol */
static ptx_status lex_scalar(cursor *c, ptx_scalar *s, ptx_error *err)
{
    skip_ws(c);
    s->col = colof(c, c->p);
    s->is_reg = false;
    s->is_float = false;
    s->rc = PTX_RC_NONE;
    s->imm = 0;
    s->name[0] = 0;
    if (c->p < c->end && (*c->p == '%' || *c->p == '_' || *c->p == '$' ||
                          (*c->p >= 'a' && *c->p <= 'z') || (*c->p >= 'A' && *c->p <= 'Z'))) {
        ptx_tok t;
        t.s = c->p;
        t.len = 0;
        t.col = s->col;
        while (c->p < c->end && is_ident(*c->p)) {
            c->p++;
            t.len++;
        }
        /* special registers such as %tid.x */
        if (c->p + 1 < c->end && *c->p == '.' && t.s[0] == '%' && (c->p[1] >= 'a' && c->p[1] <= 'z')) {
            c->p++;
            t.len++;
            while (c->p < c->end && is_ident(*c->p)) {
                c->p++;
                t.len++;
            }
        }
        ptx_copy_tok(s->name, PTX_NAME_MAX, t);
        s->is_reg = t.s[0] == '%';
        return PTX_OK;
    }
    const char *start = c->p;
    bool big;
    if (lex_number(c, &s->imm, &big)) {
        const char *q = start + (*start == '-' || *start == '+');
        /* 0f3f800000, 0d..., 1.5: a floating-point literal (its value is not kept) */
        s->is_float = (q + 1 < c->p && q[0] == '0' && (q[1] == 'f' || q[1] == 'F' || q[1] == 'd' || q[1] == 'D'));
        for (; q < c->p; q++)
            s->is_float = s->is_float || *q == '.';
        return big ? too_big(err, c, start) : PTX_OK;
    }
    return syntax(err, c, c->p);
}

/* Returns PTX_EMPTY for a whole vector of more than PTX_MAX_VEC elements (err says so): its
 * first elements are kept, so an undeclared one among them is still named first, as ptxas
 * does. */
static ptx_status lex_vector(cursor *c, ptx_operand *o, ptx_error *err)
{
    unsigned extra = 0, extra_col = 0;
    /* at '{' */
    c->p++;
    o->nvec = 0;
    for (;;) {
        ptx_scalar s;
        if (lex_scalar(c, &s, err) != PTX_OK)
            return PTX_ERROR;
        if (o->nvec < PTX_MAX_VEC)
            o->vec[o->nvec++] = s;
        else if (!extra++)
            extra_col = s.col;
        skip_ws(c);
        if (c->p < c->end && *c->p == ',') {
            c->p++;
            continue;
        }
        if (c->p < c->end && *c->p == '}') {
            c->p++;
            if (!extra)
                return PTX_OK;
            ptx_fail(err, PTX_CAUSE_OPERANDS, extra_col, "vector has more than %u elements", PTX_MAX_VEC);
            return PTX_EMPTY;
        }
        return syntax(err, c, c->p);
    }
}

static ptx_status lex_operand(cursor *c, ptx_operand *o, ptx_error *err)
{
    skip_ws(c);
    o->col = colof(c, c->p);
    o->offset = 0;
    o->nvec = 0;
    if (c->p >= c->end)
        return syntax(err, c, c->p);
    if (*c->p == '{') {
        o->kind = PTX_OPD_VEC;
        return lex_vector(c, o, err);
    }
    if (*c->p == '[') {
        c->p++;
        if (lex_scalar(c, &o->base, err) != PTX_OK)
            return PTX_ERROR;
        skip_ws(c);
        if (c->p < c->end && *c->p == ',') {
            if (!o->base.is_reg && !o->base.name[0]) /* [0, {..}]: a tensor map is named */
                return syntax(err, c, c->p);
            c->p++;
            skip_ws(c);
            if (c->p >= c->end || *c->p != '{')
                return syntax(err, c, c->p);
            o->kind = PTX_OPD_TMAP;
            if (lex_vector(c, o, err) != PTX_OK)
                return PTX_ERROR;
            skip_ws(c);
        } else {
            o->kind = PTX_OPD_ADDR;
            if (c->p < c->end && (*c->p == '+' || *c->p == '-')) {
                bool neg = *c->p == '-', big;
                int64_t v;
                c->p++;
                skip_ws(c);
                const char *start = c->p;
                if (!lex_number(c, &v, &big))
                    return syntax(err, c, c->p);
                if (big)
                    return too_big(err, c, start);
                o->offset = (int64_t)(neg ? 0 - (uint64_t)v : (uint64_t)v);
                skip_ws(c);
            }
        }
        if (c->p >= c->end || *c->p != ']')
            return syntax(err, c, c->p);
        c->p++;
        return PTX_OK;
    }
    if (lex_scalar(c, &o->base, err) != PTX_OK)
        return PTX_ERROR;
    o->kind = o->base.is_reg ? PTX_OPD_REG : (o->base.name[0] ? PTX_OPD_SYM : PTX_OPD_IMM);
    return PTX_OK;
}

static ptx_status lex_operands(cursor *c, ptx_line *ln, ptx_error *err);

ptx_status ptx_lex_line(const char *text, ptx_line *ln, ptx_error *err)
{
    cursor c;
    const char *e;
    c.base = text;
    c.p = text;
    /* the line ends at a comment or the string end */
    for (e = text; *e; e++)
        if (e[0] == '/' && e[1] == '/')
            break;
    c.end = e;
    ln->has_pred = false;
    ln->pred_neg = false;
    ln->nwords = 0;
    ln->nopd = 0;
    ln->syntax_pending = false;
    skip_ws(&c);
    if (c.p >= c.end)
        return PTX_EMPTY;
    if (*c.p == '@') {
        c.p++;
        if (c.p < c.end && *c.p == '!') {
            ln->pred_neg = true;
            c.p++;
        }
        ln->pred.s = c.p;
        ln->pred.col = colof(&c, c.p);
        while (c.p < c.end && is_ident(*c.p))
            c.p++;
        ln->pred.len = (unsigned)(c.p - ln->pred.s);
        /* a guard names a predicate register, with or without '%' (`.reg .pred P1;`) */
        if (!ln->pred.len || is_digit(ln->pred.s[0]))
            return syntax(err, &c, ln->pred.s);
        ln->has_pred = true;
        skip_ws(&c);
    }
    ln->opcode.s = c.p;
    ln->opcode.col = colof(&c, c.p);
    while (c.p < c.end && (is_ident(*c.p) || *c.p == '.' || *c.p == ':'))
        c.p++;
    ln->opcode.len = (unsigned)(c.p - ln->opcode.s);
    if (!ln->opcode.len)
        return syntax(err, &c, c.p);
    /* split at '.' */
    {
        const char *w = ln->opcode.s, *oe = ln->opcode.s + ln->opcode.len, *q;
        for (q = w;; q++) {
            if (q == oe || *q == '.') {
                if (q == w)
                    return syntax(err, &c, q);
                if (ln->nwords >= PTX_MAX_WORDS)
                    return ptx_fail(err, PTX_CAUSE_SYNTAX, colof(&c, w), "too many modifiers");
                ln->words[ln->nwords].s = w;
                ln->words[ln->nwords].len = (unsigned)(q - w);
                ln->words[ln->nwords].col = colof(&c, w);
                ln->nwords++;
                if (q == oe)
                    break;
                w = q + 1;
            }
        }
    }
    /* ptxas judges the opcode's words before it parses the operands: a grammar error from
     * here on is held (err keeps it) until those checks have run */
    ln->syntax_pending = lex_operands(&c, ln, err) != PTX_OK;
    return PTX_OK;
}

static ptx_status lex_operands(cursor *c, ptx_line *ln, ptx_error *err)
{
    ptx_status st;
    if (c->p < c->end && !is_space(*c->p) && *c->p != ';')
        return syntax(err, c, c->p);
    skip_ws(c);
    ln->ops_col = colof(c, c->p);
    ln->end_col = ln->ops_col;
    if (c->p < c->end && *c->p != ';') {
        for (;;) {
            if (ln->nopd >= PTX_MAX_OPERANDS)
                return ptx_fail(err, PTX_CAUSE_OPERANDS, colof(c, c->p), "more than %u operands", PTX_MAX_OPERANDS);
            st = lex_operand(c, &ln->opd[ln->nopd], err);
            if (st == PTX_EMPTY)
                ln->nopd++; /* an over-long vector: its elements are resolved before err is reported */
            if (st != PTX_OK)
                return PTX_ERROR;
            ln->nopd++;
            skip_ws(c);
            if (c->p < c->end && *c->p == ',') {
                c->p++;
                continue;
            }
            break;
        }
    }
    if (c->p >= c->end || *c->p != ';')
        return syntax(err, c, c->p);
    ln->end_col = colof(c, c->p);
    c->p++;
    skip_ws(c);
    if (c->p < c->end)
        return syntax(err, c, c->p);
    return PTX_OK;
}

/* ---- registers ---- */

/* The corpus kernel's declarations: what a NULL ptx_regs stands for. A constant table, so a
 * decode without declarations needs no ptx_regs (1 KiB) on the caller's stack. */
static const ptx_regset k_default_sets[] = {
    {"%rs", 8, PTX_RC_B16}, {"%rd", 8, PTX_RC_B64}, {"%r", 16, PTX_RC_B32},
    {"%fd", 4, PTX_RC_F64}, {"%f", 4, PTX_RC_F32},  {"%p", 4, PTX_RC_PRED}};
#define N_DEFAULT_SETS (sizeof k_default_sets / sizeof k_default_sets[0])

void ptx_regs_default(ptx_regs *regs)
{
    unsigned i;
    for (i = 0; i < N_DEFAULT_SETS; i++)
        regs->set[i] = k_default_sets[i];
    regs->n = N_DEFAULT_SETS;
}

static ptx_regclass lookup_reg(const ptx_regs *regs, const char *name)
{
    unsigned i, n = regs ? regs->n : N_DEFAULT_SETS;
    for (i = 0; i < n; i++) {
        const ptx_regset *rs = regs ? &regs->set[i] : &k_default_sets[i];
        unsigned pl = ptx_strlen(rs->prefix), k;
        bool match = true;
        for (k = 0; k < pl; k++)
            if (name[k] != rs->prefix[k]) {
                match = false;
                break;
            }
        if (!match)
            continue;
        if (rs->count == 0) {
            if (name[pl] == 0)
                return rs->rc;
            continue;
        }
        if (!is_digit(name[pl]) || (name[pl] == '0' && name[pl + 1]))
            continue;
        {
            unsigned v = 0;
            const char *q = name + pl;
            while (is_digit(*q) && v < 100000)
                v = v * 10 + (unsigned)(*q++ - '0');
            if (*q == 0 && v < rs->count)
                return rs->rc;
        }
    }
    return PTX_RC_NONE;
}

ptx_regclass ptx_reg_class(const ptx_regs *regs, const char *name)
{
    return lookup_reg(regs, name);
}

static ptx_status resolve(ptx_scalar *s, const ptx_regs *regs, ptx_error *err)
{
    if (!s->is_reg) {
        /* a plain name may be a register declared without '%' */
        if (s->name[0] && lookup_reg(regs, s->name) != PTX_RC_NONE) {
            s->is_reg = true;
            s->rc = lookup_reg(regs, s->name);
        }
        return PTX_OK;
    }
    s->rc = lookup_reg(regs, s->name);
    if (s->rc == PTX_RC_NONE)
        return ptx_fail(err, PTX_CAUSE_UNDECLARED, s->col, "register '%s' is not declared", s->name);
    return PTX_OK;
}

/* Register size as ptxas compares vector elements (a predicate counts as 32 bits: probed). */
static unsigned reg_bits(ptx_regclass rc)
{
    switch (rc) {
    case PTX_RC_B8: return 8;
    case PTX_RC_B16: return 16;
    case PTX_RC_B32: case PTX_RC_F32: case PTX_RC_PRED: return 32;
    case PTX_RC_B64: case PTX_RC_F64: return 64;
    case PTX_RC_B128: return 128;
    default: return 1000u + (unsigned)rc;
    }
}

ptx_status ptx_resolve_regs(ptx_line *ln, const ptx_regs *regs, bool vectors_only, ptx_error *err)
{
    unsigned i, k;
    for (i = 0; i < ln->nopd; i++) {
        ptx_operand *o = &ln->opd[i];
        if (!vectors_only && o->kind != PTX_OPD_VEC) {
            /* ptxas takes an undeclared scalar for an operand of the wrong kind ("Arguments
             * mismatch", found by the operand checks); in an address it is "Illegal operand type" */
            if (o->kind == PTX_OPD_REG) {
                o->base.rc = lookup_reg(regs, o->base.name);
                continue;
            }
            /* an undeclared address base is "Illegal operand type" once the instruction's
             * operand list is checked (ptx_undeclared_memory), not here */
            if (o->base.is_reg)
                o->base.rc = lookup_reg(regs, o->base.name);
            else if (resolve(&o->base, regs, err) != PTX_OK)
                return PTX_ERROR;
            if (o->kind == PTX_OPD_SYM && o->base.is_reg)
                o->kind = PTX_OPD_REG;
        }
        if (o->kind == PTX_OPD_VEC || o->kind == PTX_OPD_TMAP) {
            unsigned width = 0;
            for (k = 0; k < o->nvec; k++) {
                if (resolve(&o->vec[k], regs, err) != PTX_OK)
                    return PTX_ERROR;
                if (!vectors_only || !o->vec[k].is_reg)
                    continue;
                /* ptxas builds a vector element by element: an element of another size than
                 * the first register is refused as the vector closes (immediates fit any) */
                if (!width)
                    width = reg_bits(o->vec[k].rc);
                else if (reg_bits(o->vec[k].rc) != width)
                    return ptx_fail(err, PTX_CAUSE_OPERANDS, o->vec[k].col,
                                    "vector elements of different sizes ('%s')", o->vec[k].name);
            }
        }
    }
    return PTX_OK;
}

ptx_status ptx_resolve_guard(const ptx_line *ln, const ptx_regs *regs, ptx_error *err)
{
    char name[PTX_NAME_MAX];
    ptx_regclass rc;
    if (!ln->has_pred)
        return PTX_OK;
    ptx_copy_tok(name, PTX_NAME_MAX, ln->pred);
    rc = lookup_reg(regs, name);
    if (rc == PTX_RC_NONE)
        return ptx_fail(err, PTX_CAUSE_UNDECLARED, ln->pred.col, "guard '%s' is not a declared register", name);
    if (rc != PTX_RC_PRED)
        return ptx_fail(err, PTX_CAUSE_OPERANDS, ln->pred.col, "guard '%s' is not a predicate register", name);
    return PTX_OK;
}
