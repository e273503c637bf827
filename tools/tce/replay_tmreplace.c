/* Replay of tensormap.replace cases (tmreplace.txt): the driver's map, encoded by us from
 * the case's parameters, must be the recorded `before` bytes; tensormap.replace of one
 * field on those bytes must give the recorded `after` bytes (or the recorded trap). */
#include "replay.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cumap.h"
#include "../../firmware/driver/tce_tmreplace.h"

/* A key whose value is exactly 128 bytes of hex on one line. */
static bool map_bytes(const corpus_case *c, const char *key, uint8_t out[TCE_CUMAP_BYTES],
                      replay_ctx *ctx)
{
    const char *s = corpus_str(c, key);
    if (!s) {
        replay_msg(ctx, "tensormap.replace case lacks '%s'\n", key);
        return false;
    }
    size_t n = strlen(s);
    if (n != 2 * TCE_CUMAP_BYTES) {
        replay_msg(ctx, "key '%s': %zu hex digits, expected %d (128 bytes)\n", key, n,
                   2 * TCE_CUMAP_BYTES);
        return false;
    }
    for (size_t i = 0; i < TCE_CUMAP_BYTES; i++) {
        int hi = corpus_hex_digit(s[2 * i]), lo = corpus_hex_digit(s[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            replay_msg(ctx, "key '%s': non-hex character at column %zu\n", key,
                       hi < 0 ? 2 * i + 1 : 2 * i + 2);
            return false;
        }
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return true;
}

static bool parse_u64(const char *s, uint64_t *out)
{
    char *end;
    if (!s || !*s || *s == '-' || *s == '+')
        return false;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end)
        return false;
    *out = v;
    return true;
}

/* `replace FIELD [ord N] value V` */
static bool parse_replace(const corpus_case *c, tce_tmr_field *f, unsigned *ord, uint64_t *v,
                          replay_ctx *ctx)
{
    const char *s = corpus_str(c, "replace");
    char buf[160], *tok[6];
    int n = 0;
    if (!s || strlen(s) >= sizeof buf) {
        replay_msg(ctx, "key 'replace' missing or too long\n");
        return false;
    }
    strcpy(buf, s);
    for (char *p = strtok(buf, " \t"); p; p = strtok(NULL, " \t")) {
        if (n == 6) {
            n = 7;
            break;
        }
        tok[n++] = p;
    }
    uint64_t o = 0;
    bool ok = (n == 3 || n == 5) && tce_tmr_field_from_name(tok[0], f);
    if (ok && n == 5)
        ok = !strcmp(tok[1], "ord") && parse_u64(tok[2], &o) && o <= 0xFFFFFFFFu;
    if (ok)
        ok = !strcmp(tok[n - 2], "value") && parse_u64(tok[n - 1], v);
    if (!ok) {
        replay_msg(ctx, "key 'replace': expected 'FIELD [ord N] value V' with a tensormap.replace "
                        "field name and numbers, got '%s'\n", s);
        return false;
    }
    *ord = (unsigned)o;
    return true;
}

replay_verdict replay_tmreplace(const corpus_case *c, replay_ctx *ctx)
{
    uint8_t before[TCE_CUMAP_BYTES], after[TCE_CUMAP_BYTES], ours[TCE_CUMAP_BYTES];
    tce_tmr_field f;
    unsigned ord;
    uint64_t v;
    if (!map_bytes(c, "before", before, ctx) || !parse_replace(c, &f, &ord, &v, ctx))
        return REPLAY_FAIL;
    const char *err = corpus_str(c, "error");
    if (!err && !map_bytes(c, "after", after, ctx))
        return REPLAY_FAIL;
    tce_tensormap m;
    memset(&m, 0, sizeof m);
    if (replay_encode_map(c, &m, ctx) != TCE_OK) {
        replay_msg(ctx, "the driver encoded this map; encode rejected it\n");
        return REPLAY_FAIL;
    }
    tce_diag why = {{0}};
    tce_status st = tce_cumap_encode(&m, ours, &why);
    if (st != TCE_OK) {
        replay_msg(ctx, "driver-format encode failed: %s: %s\n", tce_status_name(st), why.text);
        return REPLAY_FAIL;
    }
    if (!replay_compare("driver tensor map before the replace", before, ours, sizeof ours, ctx))
        return REPLAY_FAIL;
    memcpy(ours, before, sizeof ours);
    st = tce_cumap_replace(ours, f, ord, v, &why);
    if (err) {
        if (st != TCE_OK)
            return REPLAY_PASS;
        replay_msg(ctx, "the GPU trapped (%s); tensormap.replace succeeded\n", err);
        return REPLAY_FAIL;
    }
    if (st != TCE_OK) {
        replay_msg(ctx, "tensormap.replace failed (%s: %s); the GPU wrote the field\n",
                   tce_status_name(st), why.text);
        return REPLAY_FAIL;
    }
    return replay_compare("driver tensor map after the replace", after, ours, sizeof ours, ctx)
               ? REPLAY_PASS
               : REPLAY_FAIL;
}
