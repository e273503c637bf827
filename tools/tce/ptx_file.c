/* Reads a PTX module as a compiler writes it: statements from ptx_module.c, registers
 * scoped per function and per { } block, copy-family instructions decoded by the firmware
 * decoder, every other instruction counted by name, every directive checked by name. */
#include "ptx_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input_file.h"
#include "ptx/ptx_decode.h"
#include "ptx_module.h"

#define MAX_DEPTH 64

/* A name and how often it occurs; small linear tables (a kernel uses a few dozen names). */
typedef struct {
    char *name;
    unsigned count;
} tally;

typedef struct {
    tally *t;
    unsigned n, cap;
} tally_set;

static int tally_add(tally_set *s, const char *name, size_t len)
{
    unsigned i;
    for (i = 0; i < s->n; i++)
        if (strlen(s->t[i].name) == len && !memcmp(s->t[i].name, name, len)) {
            s->t[i].count++;
            return 0;
        }
    if (s->n == s->cap) {
        unsigned cap = s->cap ? 2 * s->cap : 16;
        tally *nt = realloc(s->t, cap * sizeof *nt);
        if (!nt)
            return -1;
        s->t = nt;
        s->cap = cap;
    }
    s->t[s->n].name = malloc(len + 1);
    if (!s->t[s->n].name)
        return -1;
    memcpy(s->t[s->n].name, name, len);
    s->t[s->n].name[len] = 0;
    s->t[s->n].count = 1;
    s->n++;
    return 0;
}

static void tally_free(tally_set *s)
{
    unsigned i;
    for (i = 0; i < s->n; i++)
        free(s->t[i].name);
    free(s->t);
    memset(s, 0, sizeof *s);
}

static unsigned tally_total(const tally_set *s)
{
    unsigned i, n = 0;
    for (i = 0; i < s->n; i++)
        n += s->t[i].count;
    return n;
}

static int by_name(const void *a, const void *b) { return strcmp(((const tally *)a)->name, ((const tally *)b)->name); }

static void tally_print(const tally_set *s, const char *indent)
{
    unsigned i;
    if (s->n)
        qsort(s->t, s->n, sizeof *s->t, by_name);
    for (i = 0; i < s->n; i++)
        printf("%s%6u  %s\n", indent, s->t[i].count, s->t[i].name);
}

/* Is the dotted opcode one of the engine's family (decoded, not just counted)? */
static bool is_family(const char *op, size_t len)
{
    static const char *const prefixes[] = {"cp.async.bulk.", "cp.async.bulk", "cp.reduce.async.bulk", "multimem.cp.",
                                           "tensormap.", "red.", "mbarrier.", "fence.proxy.async",
                                           "fence.proxy.tensormap", "fence.mbarrier_init", 0};
    unsigned i;
    char buf[160];
    size_t k = len < sizeof buf - 1 ? len : sizeof buf - 1;
    memcpy(buf, op, k);
    buf[k] = 0;
    for (i = 0; prefixes[i]; i++) {
        size_t pl = strlen(prefixes[i]);
        if (!strncmp(buf, prefixes[i], pl) && (prefixes[i][pl - 1] == '.' || buf[pl] == 0 || buf[pl] == '.' || buf[pl] == ':'))
            return true;
    }
    /* prefetch{.const,.param}.tensormap; a cache-line prefetch is not a copy */
    return !strncmp(buf, "prefetch.", 9) &&
           (strstr(buf, ".tensormap.") || (k >= 10 && !strcmp(buf + k - 10, ".tensormap")));
}

static bool known_directive(const char *w, size_t len)
{
    static const char *const k[] = {
        "address_size", "align", "branchtargets", "callprototype", "calltargets", "common", "const", "entry",
        "explicitcluster", "extern", "file", "func", "global", "loc", "local", "maxclusterrank", "maxnctapersm",
        "maxnreg", "maxntid", "minnctapersm", "noreturn", "param", "pragma", "reg", "reqnctapercluster", "reqntid",
        "section", "shared", "sreg", "target", "tex", "version", "visible", "weak", "alias", "abi_preserve",
        "abi_preserve_control", "blocksareclusters", "surfref", "texref", "samplerref", 0};
    unsigned i;
    for (i = 0; k[i]; i++)
        if (strlen(k[i]) == len && !memcmp(k[i], w, len))
            return true;
    return false;
}

static void print_insn(const char *path, unsigned lineno, const ptx_insn *in)
{
    unsigned i;
    printf("%s:%u: %s", path, lineno, ptx_insn_kind_name(in->kind));
    if (in->has_pred)
        printf(" @%s%s", in->pred_negated ? "!" : "", in->pred);
    if (in->has_op) {
        const tce_op *op = &in->op;
        printf(" op=%s dst=%u src=%u done=%u", tce_op_kind_name(op->kind), (unsigned)op->dst_space,
               (unsigned)op->src_space, (unsigned)op->completion);
        if (op->kind >= TCE_OP_TENSOR_LOAD && op->kind <= TCE_OP_TENSOR_PREFETCH)
            printf(" mode=%s dims=%u", tce_mode_name(op->mode), op->dims);
        /* a tensor reduce takes its element type from the tensor map, not the text */
        if (op->kind == TCE_OP_TENSOR_REDUCE)
            printf(" redop=%s", tce_redop_name(op->redop));
        else if (op->kind == TCE_OP_BULK_REDUCE || op->kind == TCE_OP_RED)
            printf(" redop=%s etype=%s noftz=%d", tce_redop_name(op->redop), tce_etype_name(op->etype), op->noftz);
        if (op->kind == TCE_OP_RED)
            printf(" vec=%u", op->vec);
        if (op->multicast)
            printf(" multicast");
        if (op->has_byte_mask)
            printf(" cp_mask");
    }
    if (in->sem)
        printf(" sem=%s", ptx_sem_name(in->sem));
    if (in->scope)
        printf(" scope=%s", ptx_scope_name(in->scope));
    if (in->space)
        printf(" space=%s", ptx_space_name(in->space));
    if (in->kind == PTX_I_MBARRIER_TRY_WAIT || in->kind == PTX_I_MBARRIER_TEST_WAIT)
        printf(" %s", in->parity ? "parity" : "state");
    if (in->kind == PTX_I_TENSORMAP_REPLACE)
        printf(" field=%s", ptx_tm_field_name(in->tm_field));
    if (in->kind == PTX_I_WAIT_GROUP && in->read_only)
        printf(" read");
    if (in->cache_hint)
        printf(" L2::cache_hint");
    if (in->cta_group)
        printf(" cta_group=%u", in->cta_group);
    printf(" operands=%u:", in->nopd);
    for (i = 0; i < in->nopd; i++) {
        const ptx_operand *o = &in->opd[i];
        unsigned k;
        printf(i ? ", " : " ");
        switch (o->kind) {
        case PTX_OPD_REG: printf("%s", o->base.name); break;
        case PTX_OPD_IMM: printf("%lld", (long long)o->base.imm); break;
        case PTX_OPD_SYM: printf("%s", o->base.name); break;
        case PTX_OPD_ADDR:
            if (o->base.is_reg || o->base.name[0])
                printf("[%s%+lld]", o->base.name, (long long)o->offset);
            else
                printf("[%lld]", (long long)o->base.imm);
            break;
        case PTX_OPD_TMAP:
        case PTX_OPD_VEC:
            printf(o->kind == PTX_OPD_TMAP ? "[%s, {" : "{", o->base.name);
            for (k = 0; k < o->nvec; k++) {
                if (o->vec[k].is_reg)
                    printf("%s%s", k ? ", " : "", o->vec[k].name);
                else
                    printf("%s%lld", k ? ", " : "", (long long)o->vec[k].imm);
            }
            printf(o->kind == PTX_OPD_TMAP ? "}]" : "}");
            break;
        }
    }
    printf("\n");
}

/* The whole file in memory; NULL (with a message) when it cannot be read. */
static char *slurp(const char *path, size_t *n)
{
    char why[512];
    FILE *f = tce_input_open(path, why, sizeof why);
    char *buf = NULL;
    size_t cap = 0, len = 0;
    if (!f) {
        fprintf(stderr, "tce ptx: %s\n", why);
        return NULL;
    }
    for (;;) {
        size_t got;
        if (len == cap) {
            char *nb = realloc(buf, cap ? 2 * cap : 65536);
            if (!nb)
                break;
            buf = nb;
            cap = cap ? 2 * cap : 65536;
        }
        got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    if (ferror(f) || len == cap) {
        fprintf(stderr, "tce ptx: %s: %s\n", path, ferror(f) ? "read error" : "out of memory");
        free(buf);
        fclose(f);
        return NULL;
    }
    fclose(f);
    *n = len;
    return buf;
}

/* A lone CR (old Mac line ends) would make the file one long line: refuse it where it is. */
static bool lone_cr(const char *t, size_t n, unsigned *line, unsigned *col)
{
    size_t i;
    *line = 1;
    *col = 1;
    for (i = 0; i < n; i++) {
        if (t[i] == '\r' && !(i + 1 < n && t[i + 1] == '\n'))
            return true;
        if (t[i] == '\n')
            (*line)++, *col = 1;
        else
            (*col)++;
    }
    return false;
}

/* Does the module define or declare a function (.entry / .func as a directive word)? A file
 * with none is a fragment, one kernel body as scenarios hold, read as if inside a function. */
static bool has_function(const char *t, size_t n)
{
    size_t i;
    for (i = 0; i + 5 <= n; i++) {
        size_t w = i + 1, k = w;
        if (t[i] != '.' || (i && ((t[i - 1] >= 'a' && t[i - 1] <= 'z') || (t[i - 1] >= '0' && t[i - 1] <= '9') ||
                                  t[i - 1] == '_' || t[i - 1] == '%')))
            continue;
        while (k < n && ((t[k] >= 'a' && t[k] <= 'z') || t[k] == '_'))
            k++;
        if ((k - w == 5 && !memcmp(t + w, "entry", 5)) || (k - w == 4 && !memcmp(t + w, "func", 4)))
            return true;
    }
    return false;
}

typedef struct {
    const char *path;
    const char *text;
    unsigned nerr;
} file_ctx;

static void report(file_ctx *fc, unsigned line, unsigned col, const char *msg, const char *cause)
{
    if (cause)
        printf("%s:%u:%u: error: %s (%s)\n", fc->path, line, col, msg, cause);
    else
        printf("%s:%u:%u: error: %s\n", fc->path, line, col, msg);
    fc->nerr++;
}

/* The statement as one NUL-terminated line (line ends become spaces, columns stay offsets). */
static char *stmt_text(const char *text, const ptxm_stmt *s, char **buf, size_t *cap)
{
    size_t i;
    if (s->len + 1 > *cap) {
        char *nb = realloc(*buf, s->len + 1);
        if (!nb)
            return NULL;
        *buf = nb;
        *cap = s->len + 1;
    }
    for (i = 0; i < s->len; i++) {
        char ch = text[s->off + i];
        (*buf)[i] = (ch == '\n' || ch == '\r') ? ' ' : ch;
    }
    (*buf)[s->len] = 0;
    return *buf;
}

/* The function name in a header: the identifier before the parameter list '(' that
 * follows .entry/.func and an optional (return) list. */
static void func_name(const char *h, char *name, size_t cap)
{
    const char *p = strstr(h, ".entry");
    size_t k = 0;
    p = p ? p + 6 : strstr(h, ".func") + 5;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p == '(') { /* return parameters */
        while (*p && *p != ')')
            p++;
        if (*p)
            p++;
        while (*p == ' ' || *p == '\t')
            p++;
    }
    while (*p && *p != ' ' && *p != '\t' && *p != '(' && *p != ';' && k + 1 < cap)
        name[k++] = *p++;
    name[k] = 0;
}

int ptx_decode_file(const char *path, const char *target_opt, bool summary)
{
    size_t n = 0;
    char *text = slurp(path, &n);
    int rc;
    if (!text)
        return 2;
    rc = ptx_decode_text(path, text, n, target_opt, summary);
    free(text);
    return rc;
}

int ptx_decode_text(const char *path, char *text, size_t n, const char *target_opt, bool summary)
{
    size_t cap = 0;
    char *line = NULL;
    file_ctx fc = {path, text, 0};
    ptxm_reader rd;
    ptxm_stmt st;
    ptx_target t = {90, 'a'};
    bool fixed = false, pending_func = false, seen_target = false, fragment;
    ptx_regs regs;
    unsigned saved[MAX_DEPTH], depth = 0, func_depth = 0, nfam = 0, nother = 0, bad_line, bad_col, open_line = 0,
             open_col = 0;
    const char *why;
    char fname[256] = "", cur[256] = "";
    tally_set fam_file = {0}, fam_func = {0}, other = {0};
    int rc;
    if (target_opt) {
        if (!ptx_target_parse(target_opt, &t)) {
            fprintf(stderr, "tce ptx: '%s' is not a target (want e.g. sm_90a)\n", target_opt);
            return 2;
        }
        fixed = true;
    }
    regs.n = 0;
    if (lone_cr(text, n, &bad_line, &bad_col)) {
        report(&fc, bad_line, bad_col, "carriage return inside a line (CR-only line ends? use LF)", NULL);
        return 1;
    }
    if (ptxm_blank_comments(text, n, &bad_line, &bad_col, &why)) {
        report(&fc, bad_line, bad_col, why, NULL);
        return 1;
    }
    fragment = !has_function(text, n);
    ptxm_init(&rd, text, n);
    while ((rc = ptxm_next(&rd, &st, &why)) == 1) {
        const char *s = stmt_text(text, &st, &line, &cap);
        ptx_insn insn;
        ptx_error err;
        if (!s) {
            report(&fc, st.line, st.col, "out of memory", NULL);
            break;
        }
        switch (st.kind) {
        case PTXM_OPEN:
            if (depth == MAX_DEPTH) {
                report(&fc, st.line, st.col, "blocks nested deeper than 64", NULL);
                goto done;
            }
            if (depth == 0 && !fragment) {
                if (!pending_func)
                    report(&fc, st.line, st.col, "'{' outside a function body", NULL);
                regs.n = 0; /* registers belong to one function */
                func_depth = 1;
                open_line = st.line;
                open_col = st.col;
                strcpy(cur, fname);
                tally_free(&fam_func);
            }
            pending_func = false;
            saved[depth++] = regs.n;
            break;
        case PTXM_CLOSE:
            if (!depth) {
                report(&fc, st.line, st.col, "'}' without a matching '{'", NULL);
                break;
            }
            regs.n = saved[--depth];
            if (depth == 0 && func_depth) {
                func_depth = 0;
                if (summary) {
                    printf("%s: function %s: %u family instructions\n", path, cur, tally_total(&fam_func));
                    tally_print(&fam_func, "  ");
                }
            }
            break;
        case PTXM_LABEL:
            if (!depth && !fragment)
                report(&fc, st.line, st.col, "label outside a function body", NULL);
            break;
        case PTXM_SECTION:
            break;
        case PTXM_FUNC_HEAD:
            if (depth)
                report(&fc, st.line, st.col, "function declared inside a function body", NULL);
            func_name(s, fname, sizeof fname);
            pending_func = s[st.len - 1] != ';';
            break;
        case PTXM_DIRECTIVE: {
            size_t w = 1;
            while (s[w] && (s[w] == '_' || (s[w] >= 'a' && s[w] <= 'z')))
                w++;
            if (!known_directive(s + 1, w - 1)) {
                char msg[96];
                snprintf(msg, sizeof msg, "unknown directive '%.*s'", (int)(w < 40 ? w : 40), s);
                report(&fc, st.line, st.col, msg, NULL);
                break;
            }
            if (w == 4 && !strncmp(s, ".reg", 4)) {
                if (!depth && !fragment) {
                    report(&fc, st.line, st.col, "'.reg' outside a function body", NULL);
                    break;
                }
                if (ptx_decode_line_regs(s, t, &regs, &insn, &err) == PTX_ERROR) {
                    unsigned l, c;
                    ptxm_locate(text, &st, st.off + (err.col ? err.col - 1 : 0), &l, &c);
                    report(&fc, l, c, err.msg, ptx_cause_name(err.cause));
                }
            } else if (w == 7 && !strncmp(s, ".target", 7)) {
                char name[32] = {0};
                ptx_target nt;
                if (seen_target)
                    report(&fc, st.line, st.col, "a second '.target'", NULL);
                seen_target = true;
                if (sscanf(s + 7, " %31[a-z0-9_]", name) != 1 || !ptx_target_parse(name, &nt)) {
                    char msg[80];
                    snprintf(msg, sizeof msg, "'%s' is not a target", name);
                    report(&fc, st.line, st.col, msg, NULL);
                } else if (!fixed) {
                    t = nt;
                }
            } else if (w == 8 && !strncmp(s, ".version", 8)) {
                unsigned maj, mnr;
                char end;
                if (sscanf(s + 8, " %u.%u %c", &maj, &mnr, &end) != 2)
                    report(&fc, st.line, st.col, "'.version' needs MAJOR.MINOR", NULL);
            }
            break;
        }
        case PTXM_INSN: {
            const char *p = s, *op;
            size_t oplen;
            if (!depth && !fragment) {
                report(&fc, st.line, st.col, "instruction outside a function body", NULL);
                break;
            }
            if (*p == '@') {
                p++;
                if (*p == '!')
                    p++;
                while (*p && *p != ' ' && *p != '\t')
                    p++;
                while (*p == ' ' || *p == '\t')
                    p++;
            }
            op = p;
            while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' ||
                   *p == '.' || *p == ':')
                p++;
            oplen = (size_t)(p - op);
            if (!oplen) {
                unsigned l, c;
                ptxm_locate(text, &st, st.off + (size_t)(op - s), &l, &c);
                report(&fc, l, c, "expected an instruction", "syntax");
                break;
            }
            if (!is_family(op, oplen)) {
                const char *dot = memchr(op, '.', oplen);
                nother++;
                tally_add(&other, op, dot ? (size_t)(dot - op) : oplen);
                break;
            }
            nfam++;
            tally_add(&fam_file, op, oplen);
            tally_add(&fam_func, op, oplen);
            if (ptx_decode_line_regs(s, t, &regs, &insn, &err) == PTX_ERROR) {
                unsigned l, c;
                ptxm_locate(text, &st, st.off + (err.col ? err.col - 1 : 0), &l, &c);
                report(&fc, l, c, err.msg, ptx_cause_name(err.cause));
            } else if (!summary) {
                print_insn(path, st.line, &insn);
            }
            break;
        }
        }
    }
    if (rc < 0)
        report(&fc, st.line, st.col, why, "syntax");
    else if (depth)
        report(&fc, open_line, open_col, "'{' is not closed by the end of the file", NULL);
    else if (pending_func)
        report(&fc, st.line, st.col, "function header without a body or ';'", NULL);
done:
    if (summary) {
        printf("%s: all functions: %u family instructions\n", path, tally_total(&fam_file));
        tally_print(&fam_file, "  ");
        printf("%s: other instructions: %u (%u names)\n", path, nother, other.n);
        tally_print(&other, "  ");
    }
    printf("%s: %u family instructions, %u other instructions, %u errors\n", path, nfam, nother, fc.nerr);
    tally_free(&fam_file);
    tally_free(&fam_func);
    tally_free(&other);
    free(line);
    return fc.nerr ? 1 : 0;
}
