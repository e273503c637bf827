/* Cause categories: their names, and which category each ptxas 13.0 diagnostic belongs
 * to (used by `tce ptx --check` to compare causes with a verdict file). */
#include "ptx_internal.h"

static const char *k_cause_names[PTX_CAUSE_COUNT] = {
    "none", "syntax", "undeclared", "unknown-modifier", "illegal-modifier", "unexpected-type", "combination",
    "repeated", "missing-modifier", "space-missing", "space-multiple", "space-count", "space-incorrect",
    "target", "operation", "type", "vector", "operands", "range", "unsupported"};

const char *ptx_cause_name(ptx_cause c) { return (unsigned)c < PTX_CAUSE_COUNT ? k_cause_names[c] : "?"; }

/* Indexed like the MC_SEM / MC_SCOPE values of ptx_mods.c, and SP_* + 1 for spaces. */
const char *ptx_sem_name(unsigned sem)
{
    static const char *const n[] = {"", "relaxed", "release", "acquire", "acq_rel", "weak", "volatile", "mmio", "sc"};
    return sem < sizeof n / sizeof n[0] ? n[sem] : "?";
}

const char *ptx_scope_name(unsigned scope)
{
    static const char *const n[] = {"", "cta", "cluster", "gpu", "sys"};
    return scope < sizeof n / sizeof n[0] ? n[scope] : "?";
}

const char *ptx_space_name(unsigned space)
{
    static const char *const n[] = {"", "global", "shared", "shared::cta", "shared::cluster", "local", "const", "param"};
    return space < sizeof n / sizeof n[0] ? n[space] : "?";
}

/* needle is never empty. A position is compared further only where its first byte
 * matches: half the comparisons of a plain scan on a long message (tce ptx --check
 * classifies every rejected line of a verdict file with every rule) */
static bool has(const char *s, const char *needle)
{
    const char c0 = needle[0];
    unsigned i;
    for (; *s; s++) {
        if (*s != c0)
            continue;
        for (i = 1; needle[i] && s[i] == needle[i]; i++)
            ;
        if (!needle[i])
            return true;
    }
    return false;
}

static bool starts(const char *s, const char *p)
{
    while (*p && *s == *p) {
        s++;
        p++;
    }
    return *p == 0;
}

/* Ordered: the first pattern that matches decides. */
ptx_cause ptx_cause_of_ptxas_message(const char *m)
{
    static const struct {
        const char *pat;
        bool prefix;
        ptx_cause cause;
    } rules[] = {
        {"Parsing error", true, PTX_CAUSE_SYNTAX},
        {"syntax error", false, PTX_CAUSE_SYNTAX},
        {"Illegal expression", true, PTX_CAUSE_UNDECLARED},
        {"Illegal operand type", true, PTX_CAUSE_UNDECLARED},
        {"not declared", false, PTX_CAUSE_UNDECLARED},
        {"Unknown modifier", true, PTX_CAUSE_UNKNOWN_MODIFIER},
        {"Unexpected instruction types", true, PTX_CAUSE_UNEXPECTED_TYPE},
        {"not supported on .target", false, PTX_CAUSE_TARGET},
        {"requires .target", false, PTX_CAUSE_TARGET},
        {"cannot be combined", false, PTX_CAUSE_COMBINATION},
        {"Multiple state spaces", true, PTX_CAUSE_SPACE_MULTIPLE},
        {"Multiple ", true, PTX_CAUSE_REPEATED},
        {"Unexpected number of state spaces", true, PTX_CAUSE_SPACE_COUNT},
        {"State space modifier required", true, PTX_CAUSE_SPACE_MISSING},
        {"State space incorrect", true, PTX_CAUSE_SPACE_INCORRECT},
        {"No state space qualifier expected", true, PTX_CAUSE_SPACE_INCORRECT},
        {"cannot be applied to", false, PTX_CAUSE_SPACE_INCORRECT},
        {"Vector qualifier is not allowed", true, PTX_CAUSE_VECTOR},
        {"Vector modifier required", true, PTX_CAUSE_VECTOR},
        {"vector modifier supported", false, PTX_CAUSE_VECTOR},
        {"Vector is not expected", true, PTX_CAUSE_OPERANDS},
        {"Vector with elements of different types", true, PTX_CAUSE_OPERANDS},
        {"Vector expected", true, PTX_CAUSE_OPERANDS},
        {"vector size mismatch", false, PTX_CAUSE_OPERANDS},
        {"Arguments mismatch", true, PTX_CAUSE_OPERANDS},
        {"Incompatible elements", true, PTX_CAUSE_OPERANDS},
        {"Immediate addresses", true, PTX_CAUSE_OPERANDS},
        {"expected to be in range", false, PTX_CAUSE_RANGE},
        {"Illegal operation", true, PTX_CAUSE_OPERATION},
        {"Illegal reduction operation", true, PTX_CAUSE_OPERATION},
        {"Reduction operation is required", true, PTX_CAUSE_OPERATION},
        {"Incorrect type", true, PTX_CAUSE_TYPE},
        {"Illegal type", true, PTX_CAUSE_TYPE},
        {"Operation .", true, PTX_CAUSE_TYPE},
        {"Illegal modifier", true, PTX_CAUSE_ILLEGAL_MODIFIER},
        {"Illegal rounding modifier", true, PTX_CAUSE_ILLEGAL_MODIFIER},
        {"unexpected value", false, PTX_CAUSE_RANGE},
        {"Sink '_' is expected", true, PTX_CAUSE_OPERANDS},
        {"Duplicate .", true, PTX_CAUSE_REPEATED},
        {"Illegal vector size", true, PTX_CAUSE_OPERANDS},
        {"as address operand", false, PTX_CAUSE_OPERANDS},
        {"Integer constant expression expected", true, PTX_CAUSE_OPERANDS},
        {"Result discard mode", true, PTX_CAUSE_OPERANDS},
        {"required", false, PTX_CAUSE_MISSING_MODIFIER},
        {"requires order", false, PTX_CAUSE_MISSING_MODIFIER},
        {"requires scope", false, PTX_CAUSE_MISSING_MODIFIER},
        {"requires modifier", false, PTX_CAUSE_MISSING_MODIFIER},
    };
    unsigned i;
    if (!m || !*m)
        return PTX_CAUSE_NONE;
    for (i = 0; i < sizeof rules / sizeof rules[0]; i++)
        if (rules[i].prefix ? starts(m, rules[i].pat) : has(m, rules[i].pat))
            return rules[i].cause;
    return PTX_CAUSE_NONE;
}
