/* Targets and the feature rules the PTX ISA text ties to them. */
#include "ptx_internal.h"

bool ptx_target_parse(const char *s, ptx_target *out)
{
    unsigned v = 0, n = 0;
    if (!(s[0] == 's' && s[1] == 'm' && s[2] == '_'))
        return false;
    s += 3;
    while (*s >= '0' && *s <= '9' && n < 4) {
        v = v * 10 + (unsigned)(*s++ - '0');
        n++;
    }
    if (!n || v < 10)
        return false;
    out->sm = v;
    out->suffix = 0;
    if (*s == 'a' || *s == 'f')
        out->suffix = *s++;
    return *s == 0;
}

bool ptx_target_specific(ptx_target t) { return t.suffix == 'a' || t.suffix == 'f'; }

/* sm_100a, sm_110a (sm_101a renamed), and the f families of sm_100 and sm_110: within a
 * family the "or higher" rule admits sm_103 under sm_100f. */
bool ptx_target_has_bw_arch(ptx_target t)
{
    if (!ptx_target_specific(t))
        return false;
    return (t.sm >= 100 && t.sm < 104) || t.sm == 110;
}

bool ptx_target_has_sm100_family(ptx_target t)
{
    if (!ptx_target_specific(t))
        return false;
    return t.sm >= 100 && t.sm < 104;
}

void ptx_target_name(ptx_target t, char *buf, unsigned cap)
{
    char tmp[16];
    unsigned n = 0, v = t.sm, k = 0, i;
    char digits[8];
    tmp[n++] = 's';
    tmp[n++] = 'm';
    tmp[n++] = '_';
    do {
        digits[k++] = (char)('0' + v % 10);
        v /= 10;
    } while (v && k < 8);
    while (k)
        tmp[n++] = digits[--k];
    if (t.suffix)
        tmp[n++] = t.suffix;
    tmp[n] = 0;
    for (i = 0; i + 1 < cap && i <= n; i++)
        buf[i] = tmp[i];
    buf[cap - 1] = 0;
}
