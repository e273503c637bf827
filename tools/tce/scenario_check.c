/* Scenario checks (`expect ...`) and the final byte-for-byte comparison of the engine's
 * memories with the golden model's copy. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../../csim/mbarrier.h"
#include "byte_diff.h"
#include "num_parse.h"
#include "scenario.h"

/* Split at blanks; more than max words is an error (a long `expect bytes` line would
 * otherwise lose its tail and check less than it says). */
static bool split(scenario *s, char *rest, char **tok, unsigned max, unsigned *n)
{
    *n = 0;
    for (char *t = strtok(rest, " \t"); t; t = strtok(NULL, " \t")) {
        if (*n == max)
            return scen_fail(s, "expect: more than %u words on one line (write the rest on "
                                "another expect line)", max - 1);
        tok[(*n)++] = t;
    }
    return true;
}

static bool differ(scenario *s, const char *what, const uint8_t *want, const uint8_t *got,
                   size_t n)
{
    size_t first, count = byte_diff(want, got, n, &first);
    if (!count)
        return false;
    s->failed_checks++;
    scen_fail(s, "%s: %zu of %zu bytes differ; first at +%zu: expected %02x, got %02x", what,
              count, n, first, want[first], got[first]);
    return true;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = (char)tolower((unsigned char)c);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* expect bytes PLACE HEX... : the hex digits of all tokens, two per byte. */
static bool expect_bytes(scenario *s, char **tok, unsigned n)
{
    uint8_t want[4096];
    size_t len = 0;
    scen_loc l;
    if (n < 2)
        return scen_fail(s, "usage: expect bytes PLACE HEXBYTES...");
    if (!scen_loc_parse(s, tok[0], &l))
        return false;
    for (unsigned i = 1; i < n; i++) {
        size_t tl = strlen(tok[i]);
        if (tl % 2)
            return scen_fail(s, "expect bytes: '%s' has an odd number of hex digits", tok[i]);
        for (size_t k = 0; k < tl; k += 2) {
            int hi = hexval(tok[i][k]), lo = hexval(tok[i][k + 1]);
            if (hi < 0 || lo < 0)
                return scen_fail(s, "expect bytes: '%s' is not hex", tok[i]);
            if (len == sizeof want)
                return scen_fail(s, "expect bytes: more than %zu bytes", sizeof want);
            want[len++] = (uint8_t)(hi * 16 + lo);
        }
    }
    const uint8_t *got = scen_loc_bytes(s, &s->eng, &l, len);
    if (!got)
        return false;
    differ(s, tok[0], want, got, len);
    return true;
}

/* expect fill PLACE SIZE FILL : the bytes equal what the fill generator makes. */
static bool expect_fill(scenario *s, char **tok, unsigned n)
{
    scen_loc l;
    uint64_t size;
    if (n != 3)
        return scen_fail(s, "usage: expect fill PLACE SIZE FILL");
    if (!scen_loc_parse(s, tok[0], &l) || !scen_value(s, tok[1], &size))
        return false;
    const uint8_t *got = scen_loc_bytes(s, &s->eng, &l, size);
    if (!got)
        return false;
    uint8_t *want = malloc(size ? size : 1);
    if (!want)
        return scen_fail(s, "out of memory");
    bool ok = scen_fill_bytes(s, tok[2], want, size);
    if (ok)
        differ(s, tok[0], want, got, size);
    free(want);
    return ok;
}

/* expect same PLACE_A PLACE_B SIZE : two places hold the same bytes. */
static bool expect_same(scenario *s, char **tok, unsigned n)
{
    scen_loc a, b;
    uint64_t size;
    if (n != 3)
        return scen_fail(s, "usage: expect same PLACE PLACE SIZE");
    if (!scen_loc_parse(s, tok[0], &a) || !scen_loc_parse(s, tok[1], &b) ||
        !scen_value(s, tok[2], &size))
        return false;
    const uint8_t *pa = scen_loc_bytes(s, &s->eng, &a, size);
    const uint8_t *pb = pa ? scen_loc_bytes(s, &s->eng, &b, size) : NULL;
    if (!pa || !pb)
        return false;
    differ(s, tok[1], pa, pb, size);
    return true;
}

/* expect mbarrier PLACE phase=P [pending=N] [tx=T] */
static bool expect_mbar(scenario *s, char **tok, unsigned n)
{
    scen_loc l;
    if (n < 2)
        return scen_fail(s, "usage: expect mbarrier smem(CTA,OFF) phase=P [pending=N] [tx=T]");
    if (!scen_loc_parse(s, tok[0], &l))
        return false;
    if (!l.shared)
        return scen_fail(s, "expect mbarrier: an mbarrier lives in shared memory: smem(CTA,OFF)");
    const uint8_t *p = scen_loc_bytes(s, &s->eng, &l, 8);
    if (!p)
        return false;
    tce_mbar_state m = tce_mbar_unpack(tce_mbar_load(p));
    if (!m.valid) {
        s->failed_checks++;
        return scen_fail(s, "expect mbarrier %s: not an initialised mbarrier", tok[0]), true;
    }
    for (unsigned i = 1; i < n; i++) {
        char *eq = strchr(tok[i], '=');
        if (!eq)
            return scen_fail(s, "expect mbarrier: '%s' is not key=value", tok[i]);
        *eq = '\0';
        int64_t want64;
        tce_num_status st = tce_num_i64_in(eq + 1, 0, INT64_MAX, &want64);
        if (st != TCE_NUM_OK)
            return scen_fail(s, "expect mbarrier: %s='%s' %s", tok[i], eq + 1, tce_num_why(st));
        long long want = want64;
        long long got;
        if (!strcmp(tok[i], "phase"))
            got = m.phase, want &= 1;
        else if (!strcmp(tok[i], "pending"))
            got = m.pending;
        else if (!strcmp(tok[i], "tx"))
            got = m.tx;
        else
            return scen_fail(s, "expect mbarrier: unknown key '%s' (phase, pending, tx)", tok[i]);
        if (got != want) {
            s->failed_checks++;
            scen_fail(s, "expect mbarrier %s: %s is %lld, expected %lld", tok[0], tok[i], got, want);
            return true;
        }
    }
    return true;
}

bool scen_check_line(scenario *s, char *rest)
{
    char *tok[600];
    unsigned n;
    if (!split(s, rest, tok, 600, &n))
        return false;
    if (n == 0)
        return scen_fail(s, "usage: expect bytes|fill|same|mbarrier|error ...");
    if (!strcmp(tok[0], "error")) {
        /* Arms the next engine instruction: it must fail with this status (and, when
         * given, name this command field in ERR_INFO.FIELD). */
        if (n != 2 && n != 3)
            return scen_fail(s, "usage: expect error STATUS [FIELD] (e.g. MISALIGNED_ADDRESS "
                                "SADDR)");
        unsigned field = SCEN_ANY_FIELD;
        if (n == 3) {
            for (unsigned f = 0; f < TCE_CMDF_COUNT && field == SCEN_ANY_FIELD; f++)
                if (!strcmp(tok[2], tce_cmd_fields[f].name))
                    field = f;
            if (!strcmp(tok[2], "NONE"))
                field = TCE_RM_FIELD_NONE;
            if (field == SCEN_ANY_FIELD)
                return scen_fail(s, "expect error: '%s' is not a command field name (or NONE)",
                                 tok[2]);
        }
        for (int st = 1; st < TCE_ERR_COUNT; st++) {
            if (!strcmp(tok[1], tce_status_name((tce_status)st))) {
                s->expect_fail = true;
                s->expect_status = (tce_status)st;
                s->expect_field = field;
                s->expect_line = s->line;
                return true;
            }
        }
        return scen_fail(s, "expect error: '%s' is not a tce_status name", tok[1]);
    }
    if (!scen_drain(s))
        return false;
    unsigned before = s->failed_checks;
    bool ok;
    if (!strcmp(tok[0], "bytes"))
        ok = expect_bytes(s, tok + 1, n - 1);
    else if (!strcmp(tok[0], "fill"))
        ok = expect_fill(s, tok + 1, n - 1);
    else if (!strcmp(tok[0], "same"))
        ok = expect_same(s, tok + 1, n - 1);
    else if (!strcmp(tok[0], "mbarrier"))
        ok = expect_mbar(s, tok + 1, n - 1);
    else
        return scen_fail(s, "expect %s: unknown check (bytes, fill, same, mbarrier, error)", tok[0]);
    if (!ok)
        return false;
    s->checks++;
    if (s->failed_checks != before)
        fprintf(stderr, "%s:%ld: check failed: %s\n", s->file, s->line, s->err);
    return true;
}

bool scen_compare_memories(scenario *s)
{
    if (!s->mem_ready)
        return true;
    /* The scenario's windows (the engine's memories also hold the driver's map shadow). */
    for (unsigned i = 0; i < s->ref.ngregions; i++) {
        const tce_gregion *g = &s->ref.g[i];
        char what[64];
        snprintf(what, sizeof what, "global window 0x%llx", (unsigned long long)g->base);
        const uint8_t *e = tce_gmem(&s->eng, g->base, g->size);
        if (!e || differ(s, what, g->bytes, e, g->size))
            return e ? false : scen_fail(s, "%s is missing from the engine's memories", what);
    }
    for (unsigned c = 0; c < s->ncta; c++) {
        char what[64];
        snprintf(what, sizeof what, "shared memory of CTA %u", c);
        if (differ(s, what, s->ref.smem[c], s->eng.smem[c], s->smem_size))
            return false;
        /* A backend with a larger shared memory (rtl, systemc) must not write past the scenario's. */
        for (uint32_t off = s->smem_size; off < s->eng.smem_size; off++)
            if (s->eng.smem[c][off] != 0)
                return scen_fail(s, "shared memory of CTA %u: the engine wrote byte 0x%x at "
                                    "offset 0x%x, past the scenario's %u bytes",
                                 c, s->eng.smem[c][off], off, s->smem_size);
    }
    return true;
}
