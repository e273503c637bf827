/* Reading `tce map`'s inputs: map bytes and encode parameters (map_input.h). */
#include "map_input.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus.h"
#include "num_parse.h"

static bool fail(char *why, size_t cap, const char *fmt, const char *a, const char *b)
{
    snprintf(why, cap, fmt, a, b);
    return false;
}

/* Hex text: pairs of digits; separators and a 0x before a number are skipped. `where`
 * prefixes messages ("ARG" or "FILE"); line and column are counted for files. */
static bool hex_text(const char *text, size_t len, const char *where, bool is_file,
                     uint8_t out[TCE_CUMAP_BYTES], char *why, size_t cap)
{
    unsigned got = 0, line = 1, col = 1;
    for (size_t i = 0; i < len;) {
        char c = text[i];
        if (c == '\n') {
            line++, col = 1, i++;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == ',' || c == '{' || c == '}' || c == ';') {
            i++, col++;
            continue;
        }
        if (c == '0' && i + 1 < len && (text[i + 1] == 'x' || text[i + 1] == 'X')) {
            i += 2, col += 2;
            continue;
        }
        int hi = corpus_hex_digit((unsigned char)c);
        int lo = i + 1 < len ? corpus_hex_digit((unsigned char)text[i + 1]) : -1;
        if (hi < 0 || lo < 0) {
            if (is_file)
                snprintf(why, cap, "%s:%u:%u: '%c' where a pair of hex digits should be", where,
                         line, hi < 0 ? col : col + 1, hi < 0 ? c : text[i + 1] ? text[i + 1] : ' ');
            else
                snprintf(why, cap, "'%s': character %u is not part of a pair of hex digits",
                         where, (unsigned)(hi < 0 ? i + 1 : i + 2));
            return false;
        }
        if (got == TCE_CUMAP_BYTES) {
            if (is_file)
                snprintf(why, cap, "%s:%u:%u: more than 128 bytes of hex", where, line, col);
            else
                snprintf(why, cap, "'%.40s...': more than 128 bytes of hex", where);
            return false;
        }
        out[got++] = (uint8_t)(hi << 4 | lo);
        i += 2, col += 2;
    }
    if (got != TCE_CUMAP_BYTES) {
        snprintf(why, cap, "%s%.60s%s: %u bytes of hex; a tensor map is 128", is_file ? "" : "'",
                 where, is_file ? "" : "'", got);
        return false;
    }
    return true;
}

bool map_read_bytes(const char *arg, uint8_t out[TCE_CUMAP_BYTES], char *why, size_t cap)
{
    FILE *f = fopen(arg, "rb");
    if (!f) {
        /* Not a file: hex on the command line, when it looks like hex at all. */
        bool hexish = strlen(arg) >= 2 * TCE_CUMAP_BYTES;
        if (!hexish)
            return fail(why, cap, "%s: no such file, and not 256 hex digits%s", arg, "");
        return hex_text(arg, strlen(arg), arg, false, out, why, cap);
    }
    char buf[8192];
    size_t n = fread(buf, 1, sizeof buf, f);
    bool err = ferror(f) != 0, more = !feof(f);
    fclose(f);
    if (err)
        return fail(why, cap, "%s: cannot read it (a directory?)%s", arg, "");
    if (more)
        return fail(why, cap, "%s: more than 8 KiB: not a tensor map%s", arg, "");
    /* 128 bytes that are not all text: the raw map, as a program would fwrite it. */
    bool text = n > 0;
    for (size_t i = 0; i < n && text; i++)
        text = buf[i] == '\n' || buf[i] == '\r' || buf[i] == '\t' || (buf[i] >= ' ' && buf[i] < 127);
    if (n == TCE_CUMAP_BYTES && !text) {
        memcpy(out, buf, TCE_CUMAP_BYTES);
        return true;
    }
    if (!text)
        return fail(why, cap, "%s: neither 128 raw bytes nor hex text%s", arg, "");
    return hex_text(buf, n, arg, true, out, why, cap);
}

/* ---- parameters ---------------------------------------------------------------------- */

typedef struct {
    const char *corpus, *driver;
} key_names;

static const key_names keys[] = {
    {"dtype", "tensorDataType"},       {"rank", "tensorRank"},
    {"gaddr", "globalAddress"},        {"gdim", "globalDim"},
    {"gstride", "globalStrides"},      {"box", "boxDim"},
    {"estride", "elementStrides"},     {"lower", "pixelBoxLowerCorner"},
    {"upper", "pixelBoxUpperCorner"},  {"channels", "channelsPerPixel"},
    {"pixels", "pixelsPerColumn"},     {"interleave", "interleave"},
    {"swizzle", "swizzle"},            {"promo", "l2Promotion"},
    {"oobfill", "oobFill"}};
#define NKEYS (sizeof keys / sizeof keys[0])

/* A value with an optional enum prefix (CU_TENSOR_MAP_SWIZZLE_128B -> 128B). */
static const char *strip(const char *v, const char *prefix)
{
    size_t n = strlen(prefix);
    return strncmp(v, prefix, n) ? v : v + n;
}

static bool pick(const char *v, const char *const *names, unsigned n, unsigned *out)
{
    for (unsigned i = 0; i < n; i++)
        if (names[i] && !strcmp(v, names[i])) {
            *out = i;
            return true;
        }
    return false;
}

/* A comma list of numbers; false with why naming the key. */
static bool num_list(const char *key, const char *v, int64_t lo, int64_t hi, int64_t *out,
                     unsigned max, unsigned *count, char *why, size_t cap)
{
    char buf[256];
    unsigned n = 0;
    if (strlen(v) >= sizeof buf)
        return fail(why, cap, "%s=: value too long%s", key, "");
    strcpy(buf, v);
    if (!*buf) {
        *count = 0;
        return true;
    }
    for (char *p = buf, *next; p; p = next) {
        next = strchr(p, ',');
        if (next)
            *next++ = '\0';
        if (n == max) {
            snprintf(why, cap, "%s=%s: more than %u values", key, v, max);
            return false;
        }
        int64_t x;
        tce_num_status st = tce_num_i64_in(p, lo, hi, &x);
        if (st != TCE_NUM_OK) {
            snprintf(why, cap, "%s=%s: '%s' %s (%lld..%lld)", key, v, p, tce_num_why(st),
                     (long long)lo, (long long)hi);
            return false;
        }
        out[n++] = x;
    }
    *count = n;
    return true;
}

bool map_parse_params(int argc, char **argv, map_params *p, char *why, size_t cap)
{
    static const char *const il_names[] = {"NONE", "16B", "32B"};
    static const char *const sw_names[] = {"NONE", "32B", "64B", "128B", "128B_ATOM_32B",
                                           "128B_ATOM_32B_FLIP_8B", "128B_ATOM_64B"};
    static const char *const promo_names[] = {"NONE", "64B", "128B", "256B"};
    memset(p, 0, sizeof *p);
    p->gaddr = 0x10000;
    if (argc < 1 || (strcmp(argv[0], "tiled") && strcmp(argv[0], "im2col")))
        return fail(why, cap, "the first parameter is the map kind, tiled or im2col (got '%s')%s",
                    argc ? argv[0] : "", "");
    p->im2col = !strcmp(argv[0], "im2col");
    const char *val[NKEYS] = {0};
    for (int i = 1; i < argc; i++) {
        const char *eq = strchr(argv[i], '=');
        if (!eq || eq == argv[i])
            return fail(why, cap, "'%s' is not key=value%s", argv[i], "");
        size_t kl = (size_t)(eq - argv[i]);
        unsigned k = 0;
        for (; k < NKEYS; k++)
            if ((strlen(keys[k].corpus) == kl && !strncmp(argv[i], keys[k].corpus, kl)) ||
                (strlen(keys[k].driver) == kl && !strncmp(argv[i], keys[k].driver, kl)))
                break;
        if (k == NKEYS)
            return fail(why, cap, "'%s': unknown parameter (see tce map --help)%s", argv[i], "");
        if (val[k])
            return fail(why, cap, "'%s': %s is given twice", argv[i], keys[k].driver);
        val[k] = eq + 1;
    }
    int64_t v[TCE_MAX_RANK];
    unsigned n;
    const char *dt = val[0] ? strip(val[0], "CU_TENSOR_MAP_DATA_TYPE_") : NULL;
    if (!dt || !tce_dtype_from_name(dt, &p->dtype))
        return fail(why, cap, "dtype= (tensorDataType) %s%s", dt ? "is not a CUtensorMapDataType "
                    "name: " : "is missing", dt ? dt : "");
    if (!val[3] || !num_list("gdim", val[3], 0, INT64_MAX, v, TCE_MAX_RANK, &n, why, cap))
        return val[3] ? false : fail(why, cap, "gdim= (globalDim) is missing%s%s", "", "");
    p->rank = n;
    for (unsigned i = 0; i < n; i++)
        p->gdim[i] = (uint64_t)v[i];
    if (val[1]) {
        uint64_t r;
        if (tce_num_u64_in(val[1], 1, 5, &r) != TCE_NUM_OK || r != p->rank) {
            snprintf(why, cap, "rank=%s: gdim= gives %u dimensions", val[1], p->rank);
            return false;
        }
    }
    if (val[2]) {
        uint64_t a;
        if (tce_num_u64_in(val[2], 0, UINT64_MAX, &a) != TCE_NUM_OK)
            return fail(why, cap, "gaddr=%s: not a 64-bit address%s", val[2], "");
        p->gaddr = a;
    }
    if (!num_list("gstride", val[4] ? val[4] : "", 0, INT64_MAX, v, TCE_MAX_RANK - 1, &n, why, cap))
        return false;
    if (n + 1 != p->rank && p->rank > 0) {
        snprintf(why, cap, "gstride= (globalStrides) needs %u values (dims 1..rank-1), got %u",
                 p->rank - 1, n);
        return false;
    }
    for (unsigned i = 0; i < n; i++)
        p->gstride[i] = (uint64_t)v[i];
    for (unsigned i = 0; i < TCE_MAX_RANK; i++)
        p->estride[i] = 1;
    if (val[6]) {
        if (!num_list("estride", val[6], 0, UINT32_MAX, v, TCE_MAX_RANK, &n, why, cap))
            return false;
        if (n != p->rank) {
            snprintf(why, cap, "estride= (elementStrides) needs %u values, got %u", p->rank, n);
            return false;
        }
        for (unsigned i = 0; i < n; i++)
            p->estride[i] = (uint32_t)v[i];
    }
    if (!p->im2col) {
        if (!val[5] || !num_list("box", val[5], 0, UINT32_MAX, v, TCE_MAX_RANK, &n, why, cap))
            return val[5] ? false : fail(why, cap, "box= (boxDim) is missing%s%s", "", "");
        if (n != p->rank) {
            snprintf(why, cap, "box= (boxDim) needs %u values, got %u", p->rank, n);
            return false;
        }
        for (unsigned i = 0; i < n; i++)
            p->box[i] = (uint32_t)v[i];
        for (unsigned k = 7; k <= 10; k++)
            if (val[k])
                return fail(why, cap, "%s= is an im2col parameter; this is a tiled map%s",
                            keys[k].corpus, "");
    } else {
        if (val[5])
            return fail(why, cap, "box= is a tiled parameter; im2col maps take channels= and "
                        "pixels=%s%s", "", "");
        unsigned want = p->rank >= 3 ? p->rank - 2 : 0;
        for (unsigned k = 7; k <= 8; k++) {
            if (!val[k] || !num_list(keys[k].corpus, val[k], INT32_MIN, INT32_MAX, v, 3, &n, why, cap))
                return val[k] ? false : fail(why, cap, "%s= (%s) is missing", keys[k].corpus,
                                             keys[k].driver);
            if (n != want) {
                snprintf(why, cap, "%s= needs %u values (the spatial dims), got %u",
                         keys[k].corpus, want, n);
                return false;
            }
            for (unsigned i = 0; i < n; i++)
                (k == 7 ? p->lower : p->upper)[i] = (int32_t)v[i];
        }
        for (unsigned k = 9; k <= 10; k++) {
            if (!val[k] || !num_list(keys[k].corpus, val[k], 0, UINT32_MAX, v, 1, &n, why, cap))
                return val[k] ? false : fail(why, cap, "%s= (%s) is missing", keys[k].corpus,
                                             keys[k].driver);
            *(k == 9 ? &p->channels : &p->pixels) = (uint32_t)v[0];
        }
    }
    unsigned e = 0;
    if (val[11] && !pick(strip(val[11], "CU_TENSOR_MAP_INTERLEAVE_"), il_names, 3, &e))
        return fail(why, cap, "interleave=%s is not NONE, 16B or 32B%s", val[11], "");
    p->il = (tce_interleave)e;
    e = 0;
    if (val[12] && !pick(strip(val[12], "CU_TENSOR_MAP_SWIZZLE_"), sw_names, 7, &e))
        return fail(why, cap, "swizzle=%s is not a CUtensorMapSwizzle name%s", val[12], "");
    p->sw = (tce_swizzle)e;
    e = 0;
    if (val[13] && !pick(strip(strip(val[13], "CU_TENSOR_MAP_L2_PROMOTION_"), "L2_"), promo_names,
                         4, &e))
        return fail(why, cap, "promo=%s is not NONE, 64B, 128B or 256B%s", val[13], "");
    p->promo = (tce_l2promo)e;
    if (val[14]) {
        const char *f = strip(val[14], "CU_TENSOR_MAP_FLOAT_OOB_FILL_");
        if (!strcmp(f, "NAN") || !strcmp(f, "NAN_REQUEST_ZERO_FMA"))
            p->fill = TCE_OOB_NAN;
        else if (strcmp(f, "NONE") && strcmp(f, "ZERO"))
            return fail(why, cap, "oobfill=%s is not NONE or NAN_REQUEST_ZERO_FMA%s", val[14], "");
    }
    return true;
}

void map_to_tensormap(const map_params *p, tce_tensormap *m)
{
    memset(m, 0, sizeof *m);
    m->kind = p->im2col ? TCE_MAP_IM2COL : TCE_MAP_TILED;
    m->dtype = p->dtype;
    m->rank = p->rank;
    m->gaddr = p->gaddr;
    m->interleave = p->il;
    m->swizzle = p->sw;
    m->promo = p->promo;
    m->oobfill = p->fill;
    m->gstride[0] = tce_dtype_size(p->dtype);
    for (unsigned i = 0; i < p->rank && i < TCE_MAX_RANK; i++) {
        m->gdim[i] = p->gdim[i];
        m->estride[i] = p->estride[i];
        if (i > 0)
            m->gstride[i] = p->gstride[i - 1];
        if (!p->im2col)
            m->box[i] = p->box[i];
    }
    for (unsigned i = 0; i < 3; i++) {
        m->lower[i] = p->lower[i];
        m->upper[i] = p->upper[i];
    }
    m->channels = p->channels;
    m->pixels = p->pixels;
}

tce_status map_encode(const map_params *p, unsigned sm, tce_tensormap *m, tce_diag *why)
{
    unsigned old = tce_encode_set_target_sm(sm);
    tce_status st;
    if (p->im2col)
        st = tce_encode_im2col(m, p->dtype, p->rank, p->gaddr, p->gdim, p->gstride, p->lower,
                               p->upper, p->channels, p->pixels, p->estride, p->il, p->sw,
                               p->promo, p->fill, why);
    else
        st = tce_encode_tiled(m, p->dtype, p->rank, p->gaddr, p->gdim, p->gstride, p->box,
                              p->estride, p->il, p->sw, p->promo, p->fill, why);
    tce_encode_set_target_sm(old);
    return st;
}

void map_enum_names(const tce_tensormap *m, const char **dtype, const char **il,
                    const char **sw, const char **promo, const char **fill)
{
    static char dt_buf[64], sw_buf[64];
    static const char *const il_n[] = {"CU_TENSOR_MAP_INTERLEAVE_NONE",
                                       "CU_TENSOR_MAP_INTERLEAVE_16B",
                                       "CU_TENSOR_MAP_INTERLEAVE_32B"};
    static const char *const pr_n[] = {"CU_TENSOR_MAP_L2_PROMOTION_NONE",
                                       "CU_TENSOR_MAP_L2_PROMOTION_L2_64B",
                                       "CU_TENSOR_MAP_L2_PROMOTION_L2_128B",
                                       "CU_TENSOR_MAP_L2_PROMOTION_L2_256B"};
    snprintf(dt_buf, sizeof dt_buf, "CU_TENSOR_MAP_DATA_TYPE_%s", tce_dtype_name(m->dtype));
    snprintf(sw_buf, sizeof sw_buf, "CU_TENSOR_MAP_SWIZZLE_%s", tce_swizzle_name(m->swizzle));
    *dtype = dt_buf;
    *il = (unsigned)m->interleave < 3 ? il_n[m->interleave] : "?";
    *sw = sw_buf;
    *promo = (unsigned)m->promo < 4 ? pr_n[m->promo] : "?";
    *fill = m->oobfill == TCE_OOB_NAN ? "CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA"
                                      : "CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE";
}
