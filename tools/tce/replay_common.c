/* Pieces every replay handler uses: building the tensor map from the driver parameters,
 * the fill generators, byte comparison and failure descriptions. */
#include "replay.h"
#include "byte_diff.h"

#include <stdarg.h>
#include <string.h>

#include "cumap.h"

static bool driver_maps;

void replay_set_driver_maps(bool on)
{
    driver_maps = on;
}

bool replay_place_map(const tce_tensormap *m, uint8_t *at, replay_ctx *ctx)
{
    if (!driver_maps) {
        tce_desc_pack(m, at);
        return true;
    }
    tce_diag why = {{0}};
    tce_status st = tce_cumap_encode(m, at, &why);
    if (st != TCE_OK)
        replay_msg(ctx, "no driver-format map for this case: %s: %s\n", tce_status_name(st),
                   why.text);
    return st == TCE_OK;
}

void replay_msg(replay_ctx *ctx, const char *fmt, ...)
{
    size_t len = strlen(ctx->msg);
    va_list ap;
    if (len + 1 >= sizeof ctx->msg)
        return;
    va_start(ap, fmt);
    vsnprintf(ctx->msg + len, sizeof ctx->msg - len, fmt, ap);
    va_end(ap);
}

void replay_bad(replay_ctx *ctx, const corpus_case *c, const char *key, const char *fmt, ...)
{
    const corpus_entry *e = key ? corpus_get(c, key) : NULL;
    size_t len = strlen(ctx->msg);
    va_list ap;
    ctx->bad_line = e ? e->line : c->line;
    if (len + 1 >= sizeof ctx->msg)
        return;
    va_start(ap, fmt);
    vsnprintf(ctx->msg + len, sizeof ctx->msg - len, fmt, ap);
    va_end(ap);
}

static bool enum_by_name(const char *s, const char *const *names, int n, int *out)
{
    for (int i = 0; i < n; i++)
        if (names[i] && !strcmp(s, names[i])) {
            *out = i;
            return true;
        }
    return false;
}

/* want values of key; each below 2^bits when bits < 64 (the encoder keeps 32). */
static bool get_u64s(const corpus_case *c, const char *key, uint64_t *out, int want,
                     unsigned bits, replay_ctx *ctx)
{
    int64_t v[TCE_MAX_RANK];
    int n = corpus_i64_list(c, key, v, TCE_MAX_RANK);
    if (n != want) {
        if (n < 0 && corpus_get(c, key))
            replay_bad(ctx, c, key, "key '%s': a value is not a number below 2^64, or there are "
                                    "more than %d\n", key, TCE_MAX_RANK);
        else
            replay_bad(ctx, c, key, "key '%s': expected %d values, found %d\n", key, want, n);
        return false;
    }
    for (int i = 0; i < n; i++) {
        out[i] = (uint64_t)v[i];
        if (bits < 64 && out[i] >> bits) {
            replay_bad(ctx, c, key, "key '%s': value %llu does not fit the %u bits the "
                                    "encoder keeps\n", key, (unsigned long long)out[i], bits);
            return false;
        }
    }
    return true;
}

/* A signed 32-bit parameter (im2col corners) or an unsigned one (channels, pixels). */
static bool fits32(const corpus_case *c, const char *key, int64_t v, bool is_signed,
                   replay_ctx *ctx)
{
    if (is_signed ? v >= INT32_MIN && v <= INT32_MAX : v >= 0 && v <= (int64_t)UINT32_MAX)
        return true;
    replay_bad(ctx, c, key, "key '%s': value %lld does not fit the 32 bits the encoder keeps\n",
               key, (long long)v);
    return false;
}

tce_status replay_encode_map(const corpus_case *c, tce_tensormap *m, replay_ctx *ctx)
{
    static const char *const il_names[] = {"NONE", "16B", "32B"};
    static const char *const sw_names[] = {"NONE", "32B", "64B", "128B", "128B_ATOM_32B",
                                           "128B_ATOM_32B_FLIP_8B", "128B_ATOM_64B", "96B"};
    static const char *const l2_names[] = {"NONE", "64B", "128B", "256B"};
    static const char *const fill_names[] = {"NONE", "NAN"};
    const char *map = corpus_str(c, "map"), *dts = corpus_str(c, "dtype");
    const char *ils = corpus_str(c, "interleave"), *sws = corpus_str(c, "swizzle");
    const char *l2s = corpus_str(c, "promo"), *fls = corpus_str(c, "oobfill");
    tce_dtype dt;
    int il, sw, l2, fl;
    int64_t rank;
    uint64_t gaddr = REPLAY_GBASE;
    if (!map || !dts || !ils || !sws || !l2s || !fls || !corpus_i64(c, "rank", &rank)) {
        replay_bad(ctx, c, "rank", "case lacks one of map/dtype/rank/interleave/swizzle/promo/"
                                   "oobfill, or its rank is not a number\n");
        return TCE_ERR_INVALID_VALUE;
    }
    if (!tce_dtype_from_name(dts, &dt) || !enum_by_name(ils, il_names, 3, &il) ||
        !enum_by_name(sws, sw_names, 8, &sw) || !enum_by_name(l2s, l2_names, 4, &l2) ||
        !enum_by_name(fls, fill_names, 2, &fl) || rank < 1 || rank > TCE_MAX_RANK) {
        replay_bad(ctx, c, NULL, "unknown value in dtype/interleave/swizzle/promo/oobfill/rank\n");
        return TCE_ERR_INVALID_VALUE;
    }
    if (corpus_get(c, "gaddr") && !corpus_u64(c, "gaddr", &gaddr)) {
        replay_bad(ctx, c, "gaddr", "key 'gaddr' is not a number below 2^64\n");
        return TCE_ERR_INVALID_VALUE;
    }
    uint64_t gdim[TCE_MAX_RANK] = {0}, gstride[TCE_MAX_RANK] = {0}, tmp[TCE_MAX_RANK] = {0};
    uint32_t box[TCE_MAX_RANK] = {0}, es[TCE_MAX_RANK] = {0};
    if (!get_u64s(c, "gdim", gdim, (int)rank, 64, ctx) ||
        (rank > 1 && !get_u64s(c, "gstride", gstride, (int)rank - 1, 64, ctx)) ||
        !get_u64s(c, "estride", tmp, (int)rank, 32, ctx))
        return TCE_ERR_INVALID_VALUE;
    for (int i = 0; i < rank; i++)
        es[i] = (uint32_t)tmp[i];
    tce_diag why = {{0}};
    tce_status st;
    if (!strcmp(map, "tiled")) {
        if (!get_u64s(c, "box", tmp, (int)rank, 32, ctx))
            return TCE_ERR_INVALID_VALUE;
        for (int i = 0; i < rank; i++)
            box[i] = (uint32_t)tmp[i];
        st = tce_encode_tiled(m, dt, (unsigned)rank, gaddr, gdim, gstride, box, es,
                              (tce_interleave)il, (tce_swizzle)sw, (tce_l2promo)l2,
                              (tce_oobfill)fl, &why);
    } else if (!strcmp(map, "im2col")) {
        int64_t lo[3], up[3], ch, px;
        int nsp = (int)rank - 2;
        if (nsp < 1 || corpus_i64_list(c, "lower", lo, 3) != nsp ||
            corpus_i64_list(c, "upper", up, 3) != nsp || !corpus_i64(c, "channels", &ch) ||
            !corpus_i64(c, "pixels", &px)) {
            replay_bad(ctx, c, "lower", "im2col case needs lower/upper (rank-2 numbers), "
                                        "channels, pixels\n");
            return TCE_ERR_INVALID_VALUE;
        }
        if (!fits32(c, "channels", ch, false, ctx) || !fits32(c, "pixels", px, false, ctx))
            return TCE_ERR_INVALID_VALUE;
        for (int i = 0; i < nsp; i++)
            if (!fits32(c, "lower", lo[i], true, ctx) || !fits32(c, "upper", up[i], true, ctx))
                return TCE_ERR_INVALID_VALUE;
        int32_t l32[3] = {0}, u32[3] = {0};
        for (int i = 0; i < nsp; i++)
            l32[i] = (int32_t)lo[i], u32[i] = (int32_t)up[i];
        st = tce_encode_im2col(m, dt, (unsigned)rank, gaddr, gdim, gstride, l32, u32,
                               (uint32_t)ch, (uint32_t)px, es, (tce_interleave)il,
                               (tce_swizzle)sw, (tce_l2promo)l2, (tce_oobfill)fl, &why);
    } else {
        replay_bad(ctx, c, "map", "unknown map kind '%s'\n", map);
        return TCE_ERR_INVALID_VALUE;
    }
    if (st != TCE_OK)
        replay_msg(ctx, "encode rejected the map: %s\n", why.text);
    return st;
}

bool replay_fill(const corpus_case *c, const char *prefix, uint8_t *buf, size_t n,
                 replay_ctx *ctx)
{
    const char *dt = corpus_str(c, "dtype");
    char key[32];
    snprintf(key, sizeof key, "%sfill", prefix);
    const char *how = corpus_str(c, key);
    switch (corpus_fill(c, prefix, buf, n)) {
    case CORPUS_FILL_OK:
        return true;
    case CORPUS_FILL_NO_SEED:
        replay_msg(ctx, "case lacks '%sseed'\n", prefix);
        return false;
    case CORPUS_FILL_NO_VALUES_TYPE:
        replay_msg(ctx, "'values' fill for dtype '%s' is not defined\n", dt ? dt : "?");
        return false;
    case CORPUS_FILL_UNKNOWN:
        break;
    }
    replay_msg(ctx, "unknown fill generator '%s'\n", how ? how : "?");
    return false;
}

bool replay_compare(const char *what, const uint8_t *expect, const uint8_t *got, size_t n,
                    replay_ctx *ctx)
{
    size_t first, count = byte_diff(expect, got, n, &first);
    if (!count)
        return true;
    replay_msg(ctx, "%s: first difference at offset %zu: expected %02x, got %02x (%zu of %zu "
                    "bytes differ)\n",
               what, first, expect[first], got[first], count, n);
    return false;
}

void replay_describe(const corpus_case *c, replay_ctx *ctx)
{
    static const char *const keys[] = {"op", "redop", "map", "dtype", "rank", "gdim",
                                       "gstride", "box", "lower", "upper", "channels",
                                       "pixels", "estride", "interleave", "swizzle", "oobfill",
                                       "coords", "offsets", "smem_off", "tx", "bytes"};
    replay_msg(ctx, "   ");
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        const char *v = corpus_str(c, keys[i]);
        if (v)
            replay_msg(ctx, " %s=[%s]", keys[i], v);
    }
    replay_msg(ctx, "\n");
}

/* What the harness appends to an error that surfaced in its own kernel after a store
 * (hwcorpus README, "Extreme-parameter captures"): the store's trap all the same. */
#define CHECK_KERNEL_SUFFIX " (raised in the harness's check kernel)"

bool replay_harness_did_not_run(const corpus_case *c)
{
    static const char suffix[] = " (raised in the harness's fill kernel)";
    const char *e = corpus_str(c, "error");
    size_t n = e ? strlen(e) : 0, k = sizeof suffix - 1;
    return n >= k && !strcmp(e + n - k, suffix);
}

bool replay_check_trap(const corpus_case *c, const tce_result *r, replay_ctx *ctx)
{
    const char *want = corpus_str(c, "error");
    const char *got = tce_status_cuda_text(r->status);
    size_t wlen = want ? strlen(want) : 0, k = sizeof CHECK_KERNEL_SUFFIX - 1;
    if (want && wlen >= k && !strcmp(want + wlen - k, CHECK_KERNEL_SUFFIX))
        wlen -= k;
    if (!want && r->status == TCE_OK)
        return true;
    if (want && got && strlen(got) == wlen && !strncmp(want, got, wlen))
        return true;
    if (want && strstr(want, "(harness watchdog)"))
        replay_msg(ctx, "the hardware never finished ('%s'); engine returned %s%s%s\n", want,
                   tce_status_name(r->status), r->why[0] ? ": " : "", r->why);
    else if (want)
        replay_msg(ctx, "hardware trapped ('%s'); engine returned %s%s%s\n", want,
                   tce_status_name(r->status), r->why[0] ? ": " : "", r->why);
    else
        replay_msg(ctx, "hardware completed; engine returned %s: %s\n",
                   tce_status_name(r->status), r->why);
    return false;
}
