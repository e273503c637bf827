/* Entry point: lexes a line, finds the instruction name (the longest known dotted prefix;
 * the remaining words are modifiers in any order, as ptxas allows), and hands over to the
 * family decoder. */
#include "ptx_internal.h"

/* An instruction name as its dotted words, and as ptxas prints it when that differs. */
typedef struct {
    const char *words;
    const char *name;
    uint8_t kind;      /* ptx_insn_kind */
} insn_name;

/* Longer names first within a shared prefix. */
static const insn_name k_names[] = {
    {"cp.reduce.async.bulk.tensor", 0, PTX_I_CP_REDUCE_ASYNC_BULK_TENSOR},
    {"cp.reduce.async.bulk", 0, PTX_I_CP_REDUCE_ASYNC_BULK},
    {"cp.async.bulk.prefetch.tensor", 0, PTX_I_CP_ASYNC_BULK_PREFETCH_TENSOR},
    {"cp.async.bulk.prefetch", 0, PTX_I_CP_ASYNC_BULK_PREFETCH},
    {"cp.async.bulk.tensor", 0, PTX_I_CP_ASYNC_BULK_TENSOR},
    {"cp.async.bulk.commit_group", 0, PTX_I_COMMIT_GROUP},
    {"cp.async.bulk.wait_group", 0, PTX_I_WAIT_GROUP},
    {"cp.async.bulk", 0, PTX_I_CP_ASYNC_BULK},
    {"multimem.cp.reduce.async.bulk", 0, PTX_I_MULTIMEM_CP_REDUCE_ASYNC_BULK},
    {"multimem.cp.async.bulk", 0, PTX_I_MULTIMEM_CP_ASYNC_BULK},
    {"tensormap.replace", 0, PTX_I_TENSORMAP_REPLACE},
    {"red", 0, PTX_I_RED},
    {"mbarrier.init", 0, PTX_I_MBARRIER_INIT},
    {"mbarrier.arrive.expect_tx", 0, PTX_I_MBARRIER_ARRIVE_EXPECT_TX},
    {"mbarrier.arrive", 0, PTX_I_MBARRIER_ARRIVE},
    {"mbarrier.try_wait", 0, PTX_I_MBARRIER_TRY_WAIT},
    {"mbarrier.test_wait", 0, PTX_I_MBARRIER_TEST_WAIT},
    {"fence.proxy.async", 0, PTX_I_FENCE_PROXY_ASYNC},
    {"mbarrier.expect_tx", 0, PTX_I_MBARRIER_EXPECT_TX},
    {"mbarrier.complete_tx", 0, PTX_I_MBARRIER_COMPLETE_TX},
    {"mbarrier.arrive_drop.expect_tx", 0, PTX_I_MBARRIER_ARRIVE_DROP_EXPECT_TX},
    {"mbarrier.arrive_drop", 0, PTX_I_MBARRIER_ARRIVE_DROP},
    {"mbarrier.pending_count", 0, PTX_I_MBARRIER_PENDING_COUNT},
    {"mbarrier.inval", 0, PTX_I_MBARRIER_INVAL},
    {"prefetch", "prefetch.tensormap", PTX_I_PREFETCH_TENSORMAP},
    {"fence.proxy.tensormap::generic", 0, PTX_I_FENCE_PROXY_TENSORMAP},
    {"fence.mbarrier_init", 0, PTX_I_FENCE_MBARRIER_INIT},
    {"mov", 0, PTX_I_MOV},
    {"add", 0, PTX_I_ADD},
};

/* How many of the line's words, from the first, spell `dotted` ("cp.async.bulk"); 0 if they
 * do not. */
static unsigned name_words(const ptx_line *ln, const char *dotted)
{
    unsigned k = 0;
    while (*dotted) {
        const char *e = dotted;
        ptx_tok t;
        while (*e && *e != '.')
            e++;
        t.s = dotted;
        t.len = (unsigned)(e - dotted);
        if (k >= ln->nwords || ln->words[k].len != t.len)
            return 0;
        for (t.col = 0; t.col < t.len; t.col++)
            if (ln->words[k].s[t.col] != dotted[t.col])
                return 0;
        k++;
        dotted = *e ? e + 1 : e;
    }
    return k;
}

static const char *k_kind_names[PTX_I_KIND_COUNT] = {
    "none", "cp.async.bulk", "cp.reduce.async.bulk", "cp.async.bulk.prefetch", "cp.async.bulk.tensor",
    "cp.reduce.async.bulk.tensor", "cp.async.bulk.prefetch.tensor", "cp.async.bulk.commit_group",
    "cp.async.bulk.wait_group", "tensormap.replace", "multimem.cp.async.bulk", "multimem.cp.reduce.async.bulk",
    "red", "mbarrier.init", "mbarrier.arrive", "mbarrier.arrive.expect_tx", "mbarrier.try_wait",
    "mbarrier.test_wait", "fence.proxy.async", "mbarrier.expect_tx", "mbarrier.complete_tx", "mbarrier.arrive_drop",
    "mbarrier.arrive_drop.expect_tx", "mbarrier.pending_count", "mbarrier.inval", "prefetch.tensormap",
    "fence.proxy.tensormap::generic", "fence.mbarrier_init", "mov", "add", ".reg"};

const char *ptx_insn_kind_name(ptx_insn_kind k)
{
    return (unsigned)k < PTX_I_KIND_COUNT ? k_kind_names[k] : "?";
}

static void clear_insn(ptx_insn *o)
{
    /* padding too; the builtin is the hosted memset, or soc_support.c's on the SoC (a byte
     * loop here cost 4 KB of compares an instruction in the fuzzing build) */
    __builtin_memset(o, 0, sizeof *o);
    o->role.dst = o->role.src = o->role.size = o->role.mbar = o->role.tmap = o->role.im2col = -1;
    o->role.cta_mask = o->role.cache_policy = o->role.byte_mask = o->role.value = -1;
    o->op.vec = 1;
}

/* `.reg .b32 %r<16>;`, `.reg .pred p, q;`, `.reg .v2 .b32 %v<4>;` (a vector register) */
static ptx_status decode_reg_decl(const char *text, ptx_regs *regs, ptx_insn *out, ptx_error *err)
{
    static const struct {
        const char *t;
        ptx_regclass rc;
    } types[] = {{"pred", PTX_RC_PRED}, {"b8", PTX_RC_B8},      {"u8", PTX_RC_B8},      {"s8", PTX_RC_B8},
                 {"b16", PTX_RC_B16},   {"u16", PTX_RC_B16},    {"s16", PTX_RC_B16},    {"f16", PTX_RC_B16},
                 {"bf16", PTX_RC_B16},  {"b32", PTX_RC_B32},    {"u32", PTX_RC_B32},    {"s32", PTX_RC_B32},
                 {"f16x2", PTX_RC_B32}, {"bf16x2", PTX_RC_B32}, {"b64", PTX_RC_B64},    {"u64", PTX_RC_B64},
                 {"s64", PTX_RC_B64},   {"f32", PTX_RC_F32},    {"f64", PTX_RC_F64},    {"b128", PTX_RC_B128}};
    const char *p = text;
    ptx_tok ty;
    ptx_regclass rc = PTX_RC_NONE;
    bool vec = false;
    unsigned i;
    while (*p == ' ' || *p == '\t')
        p++;
    p += 4; /* ".reg" */
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p != '.')
            return ptx_fail(err, PTX_CAUSE_SYNTAX, (unsigned)(p - text) + 1, "'.reg' needs a type");
        ty.s = ++p;
        ty.col = (unsigned)(p - text) + 1;
        while ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9'))
            p++;
        ty.len = (unsigned)(p - ty.s);
        if (vec || !(ptx_tok_eq(ty, "v2") || ptx_tok_eq(ty, "v4") || ptx_tok_eq(ty, "v8")))
            break;
        vec = true;
    }
    for (i = 0; i < sizeof types / sizeof types[0]; i++)
        if (ptx_tok_eq(ty, types[i].t))
            rc = types[i].rc;
    if (rc == PTX_RC_NONE || (vec && rc == PTX_RC_PRED))
        return ptx_fail(err, PTX_CAUSE_UNEXPECTED_TYPE, ty.col, "'.reg' type '.%t' is not a register type", &ty);
    if (vec)
        rc = PTX_RC_VEC;
    out->kind = PTX_I_REG_DECL;
    for (;;) {
        ptx_regset rs;
        unsigned n = 0;
        while (*p == ' ' || *p == '\t')
            p++;
        while (*p && *p != '<' && *p != ',' && *p != ';' && *p != ' ' && n + 1 < PTX_NAME_MAX)
            rs.prefix[n++] = *p++;
        rs.prefix[n] = 0;
        if (!n)
            return ptx_fail(err, PTX_CAUSE_SYNTAX, (unsigned)(p - text) + 1, "'.reg' needs a register name");
        rs.count = 0;
        rs.rc = rc;
        if (*p == '<') {
            p++;
            if (!(*p >= '0' && *p <= '9'))
                return ptx_fail(err, PTX_CAUSE_SYNTAX, (unsigned)(p - text) + 1, "'<N>' needs a number");
            while (*p >= '0' && *p <= '9' && rs.count < 1000000)
                rs.count = rs.count * 10 + (unsigned)(*p++ - '0');
            if (*p != '>')
                return ptx_fail(err, PTX_CAUSE_SYNTAX, (unsigned)(p - text) + 1, "'<N' needs '>'");
            p++;
        }
        if (regs) {
            if (regs->n >= PTX_MAX_REGSETS)
                return ptx_fail(err, PTX_CAUSE_UNSUPPORTED, 1, "more than %u register declarations",
                                PTX_MAX_REGSETS);
            regs->set[regs->n++] = rs;
        }
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == ',') {
            p++;
            continue;
        }
        if (*p == ';')
            return PTX_OK;
        return ptx_fail(err, PTX_CAUSE_SYNTAX, (unsigned)(p - text) + 1, "'.reg' declaration needs ';'");
    }
}

static bool is_directive_or_label(const char *t)
{
    while (*t == ' ' || *t == '\t')
        t++;
    if (*t == '.' || *t == '{' || *t == '}')
        return true;
    while ((*t >= 'a' && *t <= 'z') || (*t >= 'A' && *t <= 'Z') || (*t >= '0' && *t <= '9') || *t == '_' ||
           *t == '$')
        t++;
    return *t == ':';
}

ptx_status ptx_decode_line_regs(const char *text, ptx_target t, ptx_regs *regs, ptx_insn *out, ptx_error *err)
{
    ptx_line ln;
    ptx_ctx c;
    unsigned i, k, best = 0, bestlen = 0;
    ptx_status st;
    const char *q = text;

    clear_insn(out);
    if (err) {
        err->cause = PTX_CAUSE_NONE;
        err->col = 0;
        err->msg[0] = 0;
    }
    while (*q == ' ' || *q == '\t')
        q++;
    if (q[0] == '.' && q[1] == 'r' && q[2] == 'e' && q[3] == 'g' && (q[4] == ' ' || q[4] == '\t'))
        return decode_reg_decl(text, regs, out, err);
    if (is_directive_or_label(text))
        return PTX_EMPTY;
    /* operands are lexed straight into out: the line holds no second copy (soft-CPU stack) */
    ln.opd = out->opd;
    st = ptx_lex_line(text, &ln, err);
    if (st != PTX_OK)
        return st;

    for (i = 0; i < sizeof k_names / sizeof k_names[0]; i++) {
        k = name_words(&ln, k_names[i].words);
        if (k > bestlen) {
            bestlen = k;
            best = i;
        }
    }
    if (!bestlen)
        return ptx_fail(err, PTX_CAUSE_UNSUPPORTED, ln.opcode.col, "'%t' is not an instruction this decoder knows",
                        &ln.opcode);

    c.ln = &ln;
    c.t = t;
    c.iname = k_names[best].name ? k_names[best].name : k_names[best].words;
    c.icol = ln.opcode.col;
    out->kind = (ptx_insn_kind)k_names[best].kind;
    out->has_pred = ln.has_pred;
    out->pred_negated = ln.pred_neg;
    if (ln.has_pred)
        ptx_copy_tok(out->pred, PTX_NAME_MAX, ln.pred);

    if (ptx_mods_collect(&ln, bestlen, &c.mods, err) != PTX_OK)
        return PTX_ERROR;
    /* registers inside braces are resolved while parsing (ptxas: "Illegal expression") */
    if (ptx_resolve_regs(&ln, regs, true, err) != PTX_OK)
        return PTX_ERROR;
    if (ln.syntax_pending)
        return PTX_ERROR; /* err holds the grammar error the lexer met */
    if (ptx_resolve_regs(&ln, regs, false, err) != PTX_OK)
        return PTX_ERROR;
    if (ptx_resolve_guard(&ln, regs, err) != PTX_OK)
        return PTX_ERROR;

    switch (out->kind) {
    case PTX_I_CP_ASYNC_BULK: st = ptx_decode_bulk(&c, out, err); break;
    case PTX_I_CP_REDUCE_ASYNC_BULK: st = ptx_decode_bulk_reduce(&c, out, err); break;
    case PTX_I_CP_ASYNC_BULK_PREFETCH: st = ptx_decode_bulk_prefetch(&c, out, err); break;
    case PTX_I_CP_ASYNC_BULK_TENSOR:
    case PTX_I_CP_REDUCE_ASYNC_BULK_TENSOR:
    case PTX_I_CP_ASYNC_BULK_PREFETCH_TENSOR: st = ptx_decode_tensor(&c, out, err, out->kind); break;
    case PTX_I_COMMIT_GROUP: st = ptx_decode_group(&c, out, err, false); break;
    case PTX_I_WAIT_GROUP: st = ptx_decode_group(&c, out, err, true); break;
    case PTX_I_TENSORMAP_REPLACE: st = ptx_decode_tensormap(&c, out, err); break;
    case PTX_I_MULTIMEM_CP_ASYNC_BULK: st = ptx_decode_multimem(&c, out, err, false); break;
    case PTX_I_MULTIMEM_CP_REDUCE_ASYNC_BULK: st = ptx_decode_multimem(&c, out, err, true); break;
    case PTX_I_RED: st = ptx_decode_red(&c, out, err); break;
    case PTX_I_MBARRIER_INIT:
    case PTX_I_MBARRIER_ARRIVE:
    case PTX_I_MBARRIER_ARRIVE_EXPECT_TX:
    case PTX_I_MBARRIER_ARRIVE_DROP:
    case PTX_I_MBARRIER_ARRIVE_DROP_EXPECT_TX:
    case PTX_I_MBARRIER_EXPECT_TX:
    case PTX_I_MBARRIER_COMPLETE_TX:
    case PTX_I_MBARRIER_TRY_WAIT:
    case PTX_I_MBARRIER_TEST_WAIT:
    case PTX_I_MBARRIER_PENDING_COUNT:
    case PTX_I_MBARRIER_INVAL: st = ptx_decode_mbarrier(&c, out, err, out->kind); break;
    case PTX_I_FENCE_PROXY_TENSORMAP: st = ptx_decode_fence_tensormap(&c, out, err); break;
    case PTX_I_FENCE_MBARRIER_INIT: st = ptx_decode_fence_mbarrier_init(&c, out, err); break;
    case PTX_I_PREFETCH_TENSORMAP: st = ptx_decode_prefetch_tensormap(&c, out, err); break;
    default: st = ptx_decode_scenario(&c, out, err, out->kind); break;
    }
    if (st != PTX_OK)
        return st;
    if (ptx_undeclared_memory(&c, err) != PTX_OK)
        return PTX_ERROR;
    out->nopd = ln.nopd;
    return PTX_OK;
}

ptx_status ptx_decode_line(const char *text, ptx_target t, ptx_insn *out, ptx_error *err)
{
    return ptx_decode_line_regs(text, t, 0, out, err);
}
