/* Scenario setup: cluster shape, global windows, initial contents, tensor maps; and the
 * value and place expressions every other directive uses. */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "corpus.h"
#include "cumap.h"
#include "num_parse.h"
#include "scenario.h"

bool scen_fail(scenario *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->err, sizeof s->err, fmt, ap);
    va_end(ap);
    return false;
}

/* A 64-bit value as written (num_parse.h): 0xFFFFFFFFFFFFFFFF stays all ones. On error
 * s->err says why, naming the text. */
static bool parse_int(scenario *s, const char *t, int64_t *out)
{
    uint64_t v;
    tce_num_status st = tce_num_bits64(t, &v, NULL);
    if (st != TCE_NUM_OK)
        return scen_fail(s, "'%s' %s", t ? t : "", tce_num_why(st));
    *out = (int64_t)v;
    return true;
}

/* Whether t looks like a number, so that a malformed one is reported as such rather than
 * as an unknown name. */
static bool numeric(const char *t)
{
    return (t[0] >= '0' && t[0] <= '9') || (t[0] == '-' && t[1] >= '0' && t[1] <= '9');
}

static const scen_name *find_name(scenario *s, const char *name, size_t len)
{
    for (unsigned i = 0; i < s->nnames; i++)
        if (strlen(s->names[i].name) == len && !strncmp(s->names[i].name, name, len))
            return &s->names[i];
    return NULL;
}

/* VALUE: integer | NAME | NAME+INT | NAME-INT | %reg | smem(CTA,OFF) (a shared::cluster
 * address, TCE_SADDR). */
bool scen_value(scenario *s, const char *text, uint64_t *out)
{
    int64_t v;
    if (numeric(text)) {
        if (!parse_int(s, text, &v))
            return false;
        *out = (uint64_t)v;
        return true;
    }
    if (!strncmp(text, "smem(", 5)) {
        scen_loc l;
        if (!scen_loc_parse(s, text, &l))
            return false;
        if (l.addr > TCE_SADDR_OFF(~0u))
            return scen_fail(s, "'%s': offset 0x%llx does not fit the 24 bits a shared::cluster "
                                "address keeps", text, (unsigned long long)l.addr);
        *out = TCE_SADDR(l.cta, l.addr);
        return true;
    }
    if (text[0] == '%')
        return scen_reg_get(s, text, out);
    size_t n = strcspn(text, "+-");
    const scen_name *nm = find_name(s, text, n);
    if (!nm)
        return scen_fail(s, "'%s' is not a number, a declared name, %%reg or smem(CTA,OFF)", text);
    uint64_t base = nm->addr;
    if (text[n]) {
        uint64_t off;
        tce_num_status st = tce_num_u64_in(text + n + 1, 0, UINT64_MAX, &off);
        if (st != TCE_NUM_OK)
            return scen_fail(s, "offset '%s' in '%s' %s", text + n + 1, text, tce_num_why(st));
        base = text[n] == '+' ? base + off : base - off;
    }
    *out = base;
    return true;
}

/* PLACE: smem(CTA,OFF) | smem(CTA,OFF)+INT | VALUE (a global address). A shared offset is
 * 32 bits wide (TCE_SADDR keeps 32): a larger one is an error, not a wrap. */
bool scen_loc_parse(scenario *s, const char *text, scen_loc *out)
{
    memset(out, 0, sizeof *out);
    if (!strncmp(text, "smem(", 5)) {
        char buf[96];
        if (strlen(text + 5) >= sizeof buf)
            return scen_fail(s, "'%.40s...': a shared place is at most %zu characters", text,
                             sizeof buf + 4);
        snprintf(buf, sizeof buf, "%s", text + 5);
        char *close = strchr(buf, ')');
        char *comma = strchr(buf, ',');
        if (!close || !comma || comma > close)
            return scen_fail(s, "'%s': shared places are written smem(CTA,OFFSET)", text);
        *close = '\0';
        *comma = '\0';
        uint64_t cta, off, extra = 0;
        tce_num_status st = tce_num_u64_in(buf, 0, s->ncta - 1, &cta);
        if (st == TCE_NUM_RANGE)
            return scen_fail(s, "'%s': CTA %s is outside the %u-CTA cluster", text, buf, s->ncta);
        if (st != TCE_NUM_OK)
            return scen_fail(s, "'%s': CTA '%s' %s", text, buf, tce_num_why(st));
        st = tce_num_u64_in(comma + 1, 0, UINT32_MAX, &off);
        if (st == TCE_NUM_OK && close[1] == '+')
            st = tce_num_u64_in(close + 2, 0, UINT32_MAX - off, &extra);
        else if (close[1] && close[1] != '+')
            return scen_fail(s, "'%s': unexpected text after smem(...)", text);
        if (st == TCE_NUM_RANGE)
            return scen_fail(s, "'%s': the shared offset does not fit the 32 bits a shared "
                                "address keeps", text);
        if (st != TCE_NUM_OK)
            return scen_fail(s, "'%s': the offset %s", text, tce_num_why(st));
        out->shared = true;
        out->cta = (unsigned)cta;
        out->addr = off + extra;
        return true;
    }
    return scen_value(s, text, &out->addr);
}

uint8_t *scen_loc_bytes(scenario *s, tce_memsys *ms, const scen_loc *l, uint64_t len)
{
    uint8_t *p = l->shared ? (l->addr <= UINT32_MAX && len <= UINT32_MAX - l->addr
                                  ? tce_smem(ms, l->cta, (uint32_t)l->addr, (uint32_t)len)
                                  : NULL)
                           : tce_gmem(ms, l->addr, len);
    if (!p) {
        if (l->shared)
            scen_fail(s, "smem(%u,0x%llx) + %llu bytes is outside the CTA's %u bytes of shared memory",
                      l->cta, (unsigned long long)l->addr, (unsigned long long)len, s->smem_size);
        else
            scen_fail(s, "global 0x%llx + %llu bytes is not inside one declared global window",
                      (unsigned long long)l->addr, (unsigned long long)len);
    }
    return p;
}

/* FILL: zero | byte:V | iota | seed:S | values:S:DTYPE */
bool scen_fill_bytes(scenario *s, const char *spec, uint8_t *buf, size_t n)
{
    int64_t v;
    if (!strcmp(spec, "zero")) {
        memset(buf, 0, n);
        return true;
    }
    if (!strcmp(spec, "iota")) {
        for (size_t i = 0; i < n; i++)
            buf[i] = (uint8_t)i;
        return true;
    }
    if (!strncmp(spec, "byte:", 5) && parse_int(s, spec + 5, &v) && v >= 0 && v <= 255) {
        memset(buf, (int)v, n);
        return true;
    }
    if (!strncmp(spec, "seed:", 5) && parse_int(s, spec + 5, &v)) {
        corpus_fill_raw(buf, n, (uint64_t)v);
        return true;
    }
    if (!strncmp(spec, "values:", 7)) {
        char tmp[64];
        snprintf(tmp, sizeof tmp, "%s", spec + 7);
        char *colon = strchr(tmp, ':');
        if (colon) {
            *colon = '\0';
            if (parse_int(s, tmp, &v) && corpus_fill_values(buf, n, (uint64_t)v, colon + 1))
                return true;
        }
        return scen_fail(s, "fill '%s': values:SEED:DTYPE needs a float dtype (FLOAT16 BFLOAT16 FLOAT32 FLOAT32_FTZ FLOAT64)",
                         spec);
    }
    return scen_fail(s, "unknown fill '%s' (zero, byte:V, iota, seed:S, values:S:DTYPE)", spec);
}

bool scen_ensure_memory(scenario *s)
{
    if (s->mem_ready)
        return true;
    uint32_t eng_smem = s->smem_size;
    if (scen_backend_is_rtl(s->backend) && eng_smem < SCEN_RTL_SMEM_BYTES)
        eng_smem = SCEN_RTL_SMEM_BYTES;
    if (tce_memsys_init(&s->eng, s->ncta, eng_smem) ||
        tce_memsys_init(&s->ref, s->ncta, s->smem_size))
        return scen_fail(s, "cannot allocate %u CTAs x %u bytes of shared memory", s->ncta,
                         s->smem_size);
    s->mem_ready = true;
    return true;
}

/* Split "k=v" tokens; returns the value of key or NULL. */
static const char *kv(char **tok, unsigned n, const char *key)
{
    size_t kl = strlen(key);
    for (unsigned i = 0; i < n; i++)
        if (!strncmp(tok[i], key, kl) && tok[i][kl] == '=')
            return tok[i] + kl + 1;
    return NULL;
}

/* Split at blanks into at most max tokens; more is an error (never silently dropped). */
#define SCEN_MAX_TOKENS 40
static unsigned split(scenario *s, char *rest, char **tok, bool *ok)
{
    unsigned n = 0;
    *ok = true;
    for (char *t = strtok(rest, " \t"); t; t = strtok(NULL, " \t")) {
        if (n == SCEN_MAX_TOKENS) {
            *ok = scen_fail(s, "more than %d words on one line (word %d is '%s')",
                            SCEN_MAX_TOKENS, SCEN_MAX_TOKENS + 1, t);
            return n;
        }
        tok[n++] = t;
    }
    return n;
}

static int int_list(scenario *s, const char *key, const char *text, int64_t *out, int max)
{
    if (!text)
        return 0;
    char buf[256];
    if (strlen(text) >= sizeof buf) {
        scen_fail(s, "%s: the list is longer than %zu characters", key, sizeof buf - 1);
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", text);
    int n = 0;
    for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
        if (n == max) {
            scen_fail(s, "%s: more than %d values", key, max);
            return -1;
        }
        uint64_t v;
        if (!scen_value(s, t, &v)) {
            char why[sizeof s->err];
            snprintf(why, sizeof why, "%s", s->err);
            scen_fail(s, "%s: %s", key, why);
            return -1;
        }
        out[n++] = (int64_t)v;
    }
    return n;
}

static bool add_name(scenario *s, const char *name, uint64_t addr, uint64_t size, bool tmap)
{
    if (find_name(s, name, strlen(name)))
        return scen_fail(s, "name '%s' is declared twice", name);
    if (s->nnames == SCEN_MAX_NAMES || strlen(name) >= sizeof s->names[0].name)
        return scen_fail(s, "too many names, or '%s' is too long", name);
    if (!isalpha((unsigned char)name[0]) && name[0] != '_')
        return scen_fail(s, "name '%s' must start with a letter", name);
    scen_name *n = &s->names[s->nnames++];
    snprintf(n->name, sizeof n->name, "%s", name);
    n->addr = addr;
    n->size = size;
    n->is_tmap = tmap;
    return true;
}

/* global NAME ADDR SIZE [FILL] */
static bool do_global(scenario *s, char **tok, unsigned n)
{
    uint64_t addr, size;
    if (n < 3 || n > 4)
        return scen_fail(s, "usage: global NAME ADDR SIZE [FILL]");
    if (!scen_value(s, tok[1], &addr) || !scen_value(s, tok[2], &size))
        return false;
    if (size == 0 || size > (256u << 20))
        return scen_fail(s, "global %s: size %llu must be 1..256 MiB", tok[0],
                         (unsigned long long)size);
    if (!scen_ensure_memory(s))
        return false;
    for (unsigned i = 0; i < s->eng.ngregions; i++) {
        const tce_gregion *g = &s->eng.g[i];
        if (addr < g->base + g->size && g->base < addr + size)
            return scen_fail(s, "global %s overlaps an earlier global window", tok[0]);
    }
    if (s->ref.ngregions == TCE_MAX_GREGIONS - 1)
        return scen_fail(s, "global %s: at most %d global windows", tok[0], TCE_MAX_GREGIONS - 1);
    if (tce_memsys_add_global(&s->eng, addr, size) || tce_memsys_add_global(&s->ref, addr, size))
        return scen_fail(s, "global %s: cannot allocate %llu bytes", tok[0],
                         (unsigned long long)size);
    if (!add_name(s, tok[0], addr, size, false))
        return false;
    if (n == 4) {
        uint8_t *e = tce_gmem(&s->eng, addr, size), *r = tce_gmem(&s->ref, addr, size);
        if (!scen_fill_bytes(s, tok[3], e, size))
            return false;
        memcpy(r, e, size);
    }
    return true;
}

/* fill PLACE SIZE FILL */
static bool do_fill(scenario *s, char **tok, unsigned n)
{
    scen_loc l;
    uint64_t size;
    if (n != 3)
        return scen_fail(s, "usage: fill PLACE SIZE FILL");
    if (!scen_ensure_memory(s) || !scen_loc_parse(s, tok[0], &l) || !scen_value(s, tok[1], &size))
        return false;
    uint8_t *e = scen_loc_bytes(s, &s->eng, &l, size), *r = scen_loc_bytes(s, &s->ref, &l, size);
    if (!e || !r || !scen_fill_bytes(s, tok[2], e, size))
        return false;
    memcpy(r, e, size);
    return true;
}

static bool enum_arg(scenario *s, char **tok, unsigned n, const char *key, const char *const *names,
                     unsigned count, unsigned *out)
{
    const char *v = kv(tok, n, key);
    if (!v)
        return true;
    for (unsigned i = 0; i < count; i++)
        if (names[i] && !strcmp(v, names[i])) {
            *out = i;
            return true;
        }
    return scen_fail(s, "%s=%s is not one of the known values", key, v);
}

/* The 128 bytes of map `name` at addr in both memories, and the name for later lines. */
static bool store_map(scenario *s, const char *name, uint64_t addr, const uint8_t *img)
{
    scen_loc l = {false, 0, addr};
    uint8_t *e = scen_loc_bytes(s, &s->eng, &l, TCE_DESC_BYTES);
    uint8_t *r = scen_loc_bytes(s, &s->ref, &l, TCE_DESC_BYTES);
    if (!e || !r)
        return scen_fail(s, "tmap %s: 0x%llx + 128 is not inside a declared global window",
                         name, (unsigned long long)addr);
    memcpy(e, img, TCE_DESC_BYTES);
    memcpy(r, img, TCE_DESC_BYTES);
    return add_name(s, name, addr, TCE_DESC_BYTES, true);
}

/* `tmap NAME ADDR driver HEX`: the CUDA driver's 128 bytes as given (256 hex digits,
 * in one or more tokens), e.g. copied from a program that called cuTensorMapEncode*. Any
 * bytes are taken: a map that does not decode is the engine's to refuse, as the GPU's. */
static bool tmap_driver_bytes(scenario *s, char **tok, unsigned n, uint64_t addr)
{
    uint8_t img[TCE_DESC_BYTES];
    unsigned got = 0;
    for (unsigned t = 3; t < n; t++)
        for (const char *p = tok[t]; *p; p += 2) {
            int hi = corpus_hex_digit(p[0]), lo = p[1] ? corpus_hex_digit(p[1]) : -1;
            if (hi < 0 || lo < 0)
                return scen_fail(s, "tmap %s driver: '%s' is not hex byte pairs", tok[0], tok[t]);
            if (got == TCE_DESC_BYTES)
                return scen_fail(s, "tmap %s driver: more than 128 bytes", tok[0]);
            img[got++] = (uint8_t)(hi << 4 | lo);
        }
    if (got != TCE_DESC_BYTES)
        return scen_fail(s, "tmap %s driver: %u bytes of hex, a driver map is 128", tok[0], got);
    return store_map(s, tok[0], addr, img);
}

/* Every word after the kind is key=value with a key this kind takes, each key once: a
 * misspelt key would otherwise be ignored and its parameter left at the default. */
static bool tmap_keys_known(scenario *s, char **tok, unsigned n, bool tiled)
{
    static const char *const common[] = {"dtype", "gaddr", "gdim", "gstride", "estride",
                                         "interleave", "swizzle", "promo", "oobfill",
                                         "format"};
    static const char *const tiled_only[] = {"box"};
    static const char *const im2col_only[] = {"lower", "upper", "channels", "pixels"};
    for (unsigned i = 3; i < n; i++) {
        const char *eq = strchr(tok[i], '=');
        if (!eq || eq == tok[i])
            return scen_fail(s, "tmap %s: '%s' is not key=value", tok[0], tok[i]);
        size_t kl = (size_t)(eq - tok[i]);
        bool known = false;
        for (size_t k = 0; k < sizeof common / sizeof common[0]; k++)
            known |= strlen(common[k]) == kl && !strncmp(tok[i], common[k], kl);
        const char *const *own = tiled ? tiled_only : im2col_only;
        size_t nown = tiled ? 1 : 4;
        for (size_t k = 0; k < nown; k++)
            known |= strlen(own[k]) == kl && !strncmp(tok[i], own[k], kl);
        if (!known)
            return scen_fail(s, "tmap %s: unknown key '%.*s' for a %s map", tok[0], (int)kl,
                             tok[i], tiled ? "tiled" : "im2col");
        for (unsigned j = 3; j < i; j++)
            if (!strncmp(tok[j], tok[i], kl + 1))
                return scen_fail(s, "tmap %s: key '%.*s' is given twice", tok[0], (int)kl,
                                 tok[i]);
    }
    return true;
}

/* A parameter the encoder takes as 32 bits: a wider value is an error, not a wrap. */
static bool fits32(scenario *s, const char *map, const char *key, int64_t v, bool is_signed)
{
    if (is_signed ? v >= INT32_MIN && v <= INT32_MAX : (uint64_t)v <= UINT32_MAX)
        return true;
    return scen_fail(s, "tmap %s: %s value %lld does not fit the 32 bits the encoder takes",
                     map, key, (long long)v);
}

/* tmap NAME ADDR tiled|im2col key=value... : encode with the driver's rules, store the
 * 128-byte descriptor at ADDR in both memories: tce's own, or with format=driver the CUDA
 * driver's bytes (docs/cumap.md). */
static bool do_tmap(scenario *s, char **tok, unsigned n)
{
    static const char *const il_names[] = {"NONE", "16B", "32B"};
    static const char *const sw_names[] = {"NONE", "32B", "64B", "128B", "128B_ATOM_32B",
                                           "128B_ATOM_32B_FLIP_8B", "128B_ATOM_64B", "96B"};
    static const char *const promo_names[] = {"NONE", "64B", "128B", "256B"};
    static const char *const fill_names[] = {"ZERO", "NAN"};
    uint64_t addr;
    if (n < 3)
        return scen_fail(s, "usage: tmap NAME ADDR tiled|im2col dtype=.. gaddr=.. gdim=.. gstride=.. ... "
                            "[format=driver], or tmap NAME ADDR driver HEX");
    if (!scen_ensure_memory(s) || !scen_value(s, tok[1], &addr))
        return false;
    if (!strcmp(tok[2], "driver"))
        return tmap_driver_bytes(s, tok, n, addr);
    bool tiled = !strcmp(tok[2], "tiled");
    if (!tiled && strcmp(tok[2], "im2col"))
        return scen_fail(s, "tmap %s: kind '%s' is not tiled, im2col or driver", tok[0], tok[2]);
    if (!tmap_keys_known(s, tok, n, tiled))
        return false;
    const char *dt = kv(tok, n, "dtype");
    tce_dtype dtype;
    if (!dt || !tce_dtype_from_name(dt, &dtype))
        return scen_fail(s, "tmap %s: dtype=%s is not a CUtensorMapDataType name", tok[0],
                         dt ? dt : "(missing)");
    uint64_t gaddr;
    const char *ga = kv(tok, n, "gaddr");
    if (!ga)
        return scen_fail(s, "tmap %s: gaddr= (the tensor's global address) is missing", tok[0]);
    if (!scen_value(s, ga, &gaddr))
        return false;
    int64_t gdim[TCE_MAX_RANK], gstr[TCE_MAX_RANK], box[TCE_MAX_RANK], es[TCE_MAX_RANK];
    int64_t lower[3], upper[3], ch = 0, px = 0;
    int rank = int_list(s, "gdim", kv(tok, n, "gdim"), gdim, TCE_MAX_RANK);
    if (rank <= 0)
        return rank < 0 ? false : scen_fail(s, "tmap %s: gdim= is missing", tok[0]);
    int ns = int_list(s, "gstride", kv(tok, n, "gstride"), gstr, TCE_MAX_RANK - 1);
    if (ns < 0)
        return false;
    if (ns != rank - 1)
        return scen_fail(s, "tmap %s: gstride= needs %d values (dims 1..rank-1), got %d", tok[0],
                         rank - 1, ns);
    int ne = int_list(s, "estride", kv(tok, n, "estride"), es, TCE_MAX_RANK);
    if (ne < 0)
        return false;
    for (int i = ne; i < rank; i++)
        es[i] = 1;
    if (ne && ne != rank)
        return scen_fail(s, "tmap %s: estride= needs %d values", tok[0], rank);
    unsigned il = 0, sw = 0, promo = 0, fill = 0;
    if (!enum_arg(s, tok, n, "interleave", il_names, 3, &il) ||
        !enum_arg(s, tok, n, "swizzle", sw_names, 8, &sw) ||
        !enum_arg(s, tok, n, "promo", promo_names, 4, &promo) ||
        !enum_arg(s, tok, n, "oobfill", fill_names, 2, &fill))
        return false;
    uint64_t ugdim[TCE_MAX_RANK], ugstr[TCE_MAX_RANK];
    uint32_t ubox[TCE_MAX_RANK], ues[TCE_MAX_RANK];
    for (int i = 0; i < rank; i++) {
        if (!fits32(s, tok[0], "estride", es[i], false))
            return false;
        ugdim[i] = (uint64_t)gdim[i];
        ues[i] = (uint32_t)es[i];
        if (i < rank - 1)
            ugstr[i] = (uint64_t)gstr[i];
    }
    tce_tensormap m;
    tce_diag why = {{0}};
    tce_status st;
    if (tiled) {
        int nb = int_list(s, "box", kv(tok, n, "box"), box, TCE_MAX_RANK);
        if (nb < 0)
            return false;
        if (nb != rank)
            return scen_fail(s, "tmap %s: box= needs %d values", tok[0], rank);
        for (int i = 0; i < rank; i++) {
            if (!fits32(s, tok[0], "box", box[i], false))
                return false;
            ubox[i] = (uint32_t)box[i];
        }
        st = tce_encode_tiled(&m, dtype, (unsigned)rank, gaddr, ugdim, ugstr, ubox, ues,
                              (tce_interleave)il, (tce_swizzle)sw, (tce_l2promo)promo,
                              (tce_oobfill)fill, &why);
    } else {
        int nl = int_list(s, "lower", kv(tok, n, "lower"), lower, 3);
        int nu = int_list(s, "upper", kv(tok, n, "upper"), upper, 3);
        if (nl < 0 || nu < 0)
            return false;
        if (nl != rank - 2 || nu != rank - 2)
            return scen_fail(s, "tmap %s: lower= and upper= need %d values (the spatial dims)",
                             tok[0], rank - 2);
        int32_t lo[3] = {0, 0, 0}, up[3] = {0, 0, 0};
        for (int i = 0; i < nl; i++) {
            if (!fits32(s, tok[0], "lower", lower[i], true) ||
                !fits32(s, tok[0], "upper", upper[i], true))
                return false;
            lo[i] = (int32_t)lower[i];
            up[i] = (int32_t)upper[i];
        }
        if (int_list(s, "channels", kv(tok, n, "channels"), &ch, 1) != 1 ||
            int_list(s, "pixels", kv(tok, n, "pixels"), &px, 1) != 1)
            return scen_fail(s, "tmap %s: channels= and pixels= are required for im2col", tok[0]);
        if (!fits32(s, tok[0], "channels", ch, false) || !fits32(s, tok[0], "pixels", px, false))
            return false;
        st = tce_encode_im2col(&m, dtype, (unsigned)rank, gaddr, ugdim, ugstr, lo, up,
                               (uint32_t)ch, (uint32_t)px, ues, (tce_interleave)il,
                               (tce_swizzle)sw, (tce_l2promo)promo, (tce_oobfill)fill, &why);
    }
    if (st != TCE_OK)
        return scen_fail(s, "tmap %s: the encoder rejects it (%s): %s", tok[0],
                         tce_status_name(st), why.text);
    const char *format = kv(tok, n, "format");
    if (!format)
        format = s->driver_maps ? "driver" : "tce";
    if (strcmp(format, "driver") && strcmp(format, "tce"))
        return scen_fail(s, "tmap %s: format=%s is not tce or driver", tok[0], format);
    uint8_t img[TCE_DESC_BYTES];
    if (!strcmp(format, "driver")) {
        st = tce_cumap_encode(&m, img, &why);
        if (st != TCE_OK)
            return scen_fail(s, "tmap %s: no driver-format map (%s): %s", tok[0],
                             tce_status_name(st), why.text);
    } else
        tce_desc_pack(&m, img);
    return store_map(s, tok[0], addr, img);
}

bool scen_setup_line(scenario *s, const char *kw, char *rest, bool *handled)
{
    char *tok[SCEN_MAX_TOKENS];
    bool ok;
    *handled = true;
    bool (*setup)(scenario *, char **, unsigned) = !strcmp(kw, "global") ? do_global
                                                   : !strcmp(kw, "fill") ? do_fill
                                                   : !strcmp(kw, "tmap") ? do_tmap
                                                                         : NULL;
    if (setup) {
        /* The golden model has run every instruction above this line, so the engine must
         * have too before memory changes: a red.global still queued would otherwise land
         * on the new bytes in one memory only (fuzz_scenario's find, docs/fuzzing.md). */
        unsigned n = split(s, rest, tok, &ok);
        return ok && scen_drain(s) && setup(s, tok, n);
    }
    if (!strcmp(kw, "cluster") || !strcmp(kw, "smem")) {
        unsigned n = split(s, rest, tok, &ok);
        int64_t v;
        if (!ok)
            return false;
        if (s->mem_ready)
            return scen_fail(s, "'%s' must come before any global, fill, tmap or instruction", kw);
        if (n != 1)
            return scen_fail(s, "usage: %s N", kw);
        if (!parse_int(s, tok[0], &v))
            return false;
        if (!strcmp(kw, "cluster")) {
            if (v < 1 || v > TCE_MAX_CTAS)
                return scen_fail(s, "cluster %lld: a cluster has 1..%d CTAs", (long long)v,
                                 TCE_MAX_CTAS);
            s->ncta = (unsigned)v;
        } else {
            if (v < 16 || v > (1 << 24))
                return scen_fail(s, "smem %lld: shared memory per CTA is 16 bytes .. 16 MiB",
                                 (long long)v);
            s->smem_size = (uint32_t)v;
        }
        return true;
    }
    if (!strcmp(kw, "target")) {
        unsigned n = split(s, rest, tok, &ok);
        if (!ok)
            return false;
        if (n != 1 || !ptx_target_parse(tok[0], &s->target))
            return scen_fail(s, "target: '%s' is not an sm_NN{a,f} name", n ? tok[0] : "");
        return true;
    }
    *handled = false;
    return true;
}
