/* Statement splitter for whole PTX modules (see ptx_module.h). It knows only PTX's
 * punctuation, never instruction names, so every instruction of any kind comes out whole. */
#include "ptx_module.h"

#include <stdbool.h>
#include <string.h>

/* '\n', or a '\r' not followed by '\n' (old Mac line ends still end lines) */
static bool line_end(const char *t, size_t n, size_t i)
{
    return t[i] == '\n' || (t[i] == '\r' && (i + 1 >= n || t[i + 1] != '\n'));
}

int ptxm_blank_comments(char *t, size_t n, unsigned *line, unsigned *col, const char **why)
{
    unsigned ln = 1, cl = 1;
    size_t i = 0;
    bool str = false;
    while (i < n) {
        if (t[i] == 0) {
            *line = ln, *col = cl, *why = "NUL byte in PTX text";
            return -1;
        }
        if (str) {
            if (t[i] == '\\' && i + 1 < n && !line_end(t, n, i + 1)) {
                i += 2, cl += 2;
                continue;
            }
            if (t[i] == '"' || line_end(t, n, i))
                str = false;
        } else if (t[i] == '"') {
            str = true;
        } else if (t[i] == '/' && i + 1 < n && t[i + 1] == '/') {
            while (i < n && !line_end(t, n, i))
                t[i++] = ' ';
            continue;
        } else if (t[i] == '/' && i + 1 < n && t[i + 1] == '*') {
            unsigned l0 = ln, c0 = cl;
            t[i] = t[i + 1] = ' ';
            i += 2, cl += 2;
            while (i < n && !(t[i] == '*' && i + 1 < n && t[i + 1] == '/')) {
                if (line_end(t, n, i))
                    ln++, cl = 1;
                else
                    t[i] = ' ', cl++;
                i++;
            }
            if (i >= n) {
                *line = l0, *col = c0, *why = "'/*' comment is not closed";
                return -1;
            }
            t[i] = t[i + 1] = ' ';
            i += 2, cl += 2;
            continue;
        }
        if (line_end(t, n, i))
            ln++, cl = 1;
        else
            cl++;
        i++;
    }
    return 0;
}

void ptxm_init(ptxm_reader *r, const char *text, size_t n)
{
    r->text = text;
    r->n = n;
    r->pos = 0;
    r->line = 1;
    r->col = 1;
}

static void advance(ptxm_reader *r)
{
    if (line_end(r->text, r->n, r->pos))
        r->line++, r->col = 1;
    else
        r->col++;
    r->pos++;
}

static bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
static bool is_ident(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$';
}

/* Directives that take no ';' and end at the end of their line. */
static bool linewise(const char *w, size_t len)
{
    static const char *const k[] = {"version", "target", "address_size", "file", "loc", "maxntid", "reqntid",
                                    "minnctapersm", "maxnctapersm", "maxnreg", "maxclusterrank",
                                    "reqnctapercluster", "explicitcluster", "noreturn", "blocksareclusters", 0};
    unsigned i;
    for (i = 0; k[i]; i++)
        if (strlen(k[i]) == len && !memcmp(k[i], w, len))
            return true;
    return false;
}

/* Does the run of leading `.word`s name .entry or .func (a function header)? */
static bool is_func_head(const char *t, size_t n, size_t i)
{
    while (i < n && t[i] == '.') {
        size_t w = ++i;
        while (i < n && is_ident(t[i]))
            i++;
        if ((i - w == 5 && !memcmp(t + w, "entry", 5)) || (i - w == 4 && !memcmp(t + w, "func", 4)))
            return true;
        while (i < n && is_ws(t[i]))
            i++;
    }
    return false;
}

static int fail(ptxm_stmt *s, unsigned line, unsigned col, const char **why, const char *msg)
{
    s->line = line;
    s->col = col;
    *why = msg;
    return -1;
}

int ptxm_next(ptxm_reader *r, ptxm_stmt *s, const char **why)
{
    const char *t = r->text;
    size_t start;
    while (r->pos < r->n && is_ws(t[r->pos]))
        advance(r);
    if (r->pos >= r->n)
        return 0;
    start = r->pos;
    s->off = start;
    s->line = r->line;
    s->col = r->col;
    if (t[start] == '{' || t[start] == '}') {
        s->kind = t[start] == '{' ? PTXM_OPEN : PTXM_CLOSE;
        advance(r);
        s->len = 1;
        return 1;
    }
    if (is_ident(t[start]) && !(t[start] >= '0' && t[start] <= '9')) {
        size_t i = start;
        while (i < r->n && is_ident(t[i]))
            i++;
        if (i < r->n && t[i] == ':' && !(i + 1 < r->n && t[i + 1] == ':')) {
            while (r->pos <= i)
                advance(r);
            s->kind = PTXM_LABEL;
            s->len = r->pos - start;
            return 1;
        }
    }
    if (t[start] == '.') {
        size_t w = start + 1, i = w;
        while (i < r->n && is_ident(t[i]))
            i++;
        if (linewise(t + w, i - w)) {
            bool str = false;
            while (r->pos < r->n && (str || !line_end(t, r->n, r->pos))) {
                char ch = t[r->pos];
                if (ch == '"')
                    str = !str;
                advance(r);
                if (!str && ch == ';')
                    break;
            }
            s->kind = PTXM_DIRECTIVE;
            s->len = r->pos - start;
            return 1;
        }
        if (i - w == 7 && !memcmp(t + w, "section", 7)) {
            unsigned depth = 0;
            while (r->pos < r->n) {
                char ch = t[r->pos];
                advance(r);
                if (ch == '{')
                    depth++;
                else if (ch == '}' && depth && --depth == 0)
                    break;
                else if (ch == '}')
                    return fail(s, r->line, r->col - 1, why, "'}' without '{' in a .section");
            }
            if (depth)
                return fail(s, s->line, s->col, why, "'.section' block is not closed with '}'");
            s->kind = PTXM_SECTION;
            s->len = r->pos - start;
            return 1;
        }
    }
    {
        bool head = t[start] == '.' && is_func_head(t, r->n, start), str = false;
        unsigned paren = 0, brace = 0;
        s->kind = t[start] == '.' ? PTXM_DIRECTIVE : PTXM_INSN;
        while (r->pos < r->n) {
            char ch = t[r->pos];
            if (str) {
                if (ch == '"')
                    str = false;
                advance(r);
                continue;
            }
            if (ch == '"') {
                str = true;
            } else if (ch == '(') {
                paren++;
            } else if (ch == ')') {
                if (!paren)
                    return fail(s, r->line, r->col, why, "')' without '('");
                paren--;
            } else if (ch == '{') {
                if (head && !paren && !brace) { /* the function body starts */
                    s->kind = PTXM_FUNC_HEAD;
                    s->len = r->pos - start;
                    return 1;
                }
                brace++;
            } else if (ch == '}') {
                if (!brace)
                    return fail(s, r->line, r->col, why, "'}' ends a block inside a statement: ';' missing before it");
                brace--;
            } else if (ch == ';') {
                if (paren || brace)
                    return fail(s, r->line, r->col, why, paren ? "';' inside '( )'" : "';' inside '{ }'");
                advance(r);
                s->kind = head ? PTXM_FUNC_HEAD : s->kind;
                s->len = r->pos - start;
                return 1;
            }
            advance(r);
        }
        return fail(s, s->line, s->col, why, "statement does not end: ';' missing");
    }
}

void ptxm_locate(const char *text, const ptxm_stmt *s, size_t off, unsigned *line, unsigned *col)
{
    size_t i;
    size_t n = s->off + s->len;
    *line = s->line;
    *col = s->col;
    for (i = s->off; i < off && i < n; i++) {
        if (line_end(text, n, i))
            (*line)++, *col = 1;
        else
            (*col)++;
    }
}
