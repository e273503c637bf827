/* Splits a whole PTX module, as compilers write it, into statements: instructions (one per
 * ';', however many lines they span), labels, directives (those without ';' end at the line's
 * end), function headers (`.entry`/`.func` up to the body's '{' or the prototype's ';'),
 * `.section` blocks, and the '{' '}' of scopes. Comments are blanked first, so statements never
 * hold them. Positions are 1-based line and column in the original text. */
#ifndef TCE_PTX_MODULE_H
#define TCE_PTX_MODULE_H

#include <stddef.h>

typedef enum {
    PTXM_INSN = 0,   /* instruction, with its guard, up to and including ';' */
    PTXM_LABEL,      /* NAME: */
    PTXM_DIRECTIVE,  /* .reg, .global, .version, .loc, .pragma, ... */
    PTXM_FUNC_HEAD,  /* .entry / .func header; a '{' (PTXM_OPEN) or nothing follows */
    PTXM_SECTION,    /* .section NAME { ... } as a whole (debug information) */
    PTXM_OPEN,       /* '{' */
    PTXM_CLOSE       /* '}' */
} ptxm_kind;

typedef struct {
    ptxm_kind kind;
    size_t off, len;     /* the statement in the (blanked) text */
    unsigned line, col;  /* where it starts */
} ptxm_stmt;

typedef struct {
    const char *text;    /* comments blanked by ptxm_blank_comments */
    size_t n, pos;
    unsigned line, col;
} ptxm_reader;

/* Replaces // and block comments with spaces (keeping line ends). On an unterminated block
 * comment or a NUL byte returns -1 and sets line, col and why; else 0. */
int ptxm_blank_comments(char *text, size_t n, unsigned *line, unsigned *col, const char **why);

void ptxm_init(ptxm_reader *r, const char *text, size_t n);
/* 1: *s holds the next statement; 0: end of text; -1: malformed (*why, at s->line:s->col). */
int ptxm_next(ptxm_reader *r, ptxm_stmt *s, const char **why);
/* Line and column of text offset `off`, counting from a statement's start. */
void ptxm_locate(const char *text, const ptxm_stmt *s, size_t off, unsigned *line, unsigned *col);

#endif
