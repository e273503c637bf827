/* The engine's descriptor cache (rtl/front/tce_desc_fetch.sv) never serves a stale tensor map:
 * a load that reuses a map reads no descriptor bytes (the cache is there), a map rewritten
 * by software and fenced (CTRL.DESC_INVAL, tce_drv_tensormap_fence) is read again, and so
 * is a map the engine itself overwrote (a bulk shared -> global copy onto it, or a tile
 * store through the cached map onto its own bytes, each queued right before the load, no
 * fence: the cache's write snoop is registered, so this is the case it must not miss).
 * A map at page offset 0xFC0 crosses a 4 KB page: it is fetched as two bursts. Every load's
 * shared memory is compared with the golden model running the same operations on the same
 * memories. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtl_drv_rig.h"
#include "map2d.h"

#define DESC 0x10000000ull   /* the map's global address */
#define TENSOR 0x20000000ull /* u8, 256 x 64 */
#define TW 256u
#define TH 64u
#define STAGE 0x8000u        /* CTA 0 shared offset where a replacement map is staged */

static int failures;

static void fail(const char *what)
{
    failures++;
    fprintf(stderr, "FAIL: %s\n", what);
}

/* A u8 map of the w x h tensor at gaddr (row pitch w), box box0 x box1. */
static void map_at(uint64_t gaddr, uint64_t w, uint64_t h, uint32_t box0, uint32_t box1,
                   tce_swizzle sw, uint8_t out[TCE_DESC_BYTES])
{
    pack_map2d(out, TCE_DT_UINT8, 1, gaddr, w, h, box0, box1, sw);
}

static void map(rig *r, uint32_t box0, uint32_t box1, tce_swizzle sw, uint8_t out[TCE_DESC_BYTES])
{
    map_at(TENSOR, TW, TH, box0, box1, sw, out);
    (void)r;
}

/* Runs ops on both models (queued back to back on the engine); counts the R beats of the
 * descriptor's bursts. Compares CTA 0's shared memory and the descriptor's bytes. */
static uint64_t run(rig *r, const tce_op *ops, unsigned n, const char *what)
{
    tce_sim_probe_clear(r->sim, DESC, DESC + TCE_DESC_BYTES);
    for (unsigned i = 0; i < n; i++)
        if (tce_drv_submit(&r->drv, &ops[i], NULL) != TCE_DRV_OK)
            fail(what);
    if (tce_drv_wait_idle(&r->drv) != TCE_DRV_OK)
        fail(what);
    uint64_t beats = tce_sim_probe_read(r->sim).r_beats;
    for (unsigned i = 0; i < n; i++)
        if (tce_csim_execute(&ops[i], &r->ref).status != TCE_OK)
            fail(what);
    uint32_t sz = r->ref.smem_size;
    if (memcmp(tce_sim_smem(r->sim, 0, 0, sz), tce_smem(&r->ref, 0, 0, sz), sz) ||
        memcmp(tce_sim_gmem(r->sim, DESC, TCE_DESC_BYTES), tce_gmem(&r->ref, DESC, TCE_DESC_BYTES),
               TCE_DESC_BYTES)) {
        char m[160];
        snprintf(m, sizeof m, "%s: memory differs from the golden model", what);
        fail(m);
    }
    return beats;
}

static tce_op load(int32_t c0, int32_t c1)
{
    int32_t c[2] = {c0, c1};
    return tce_op_tile_load(0, DESC, 2, c, 0, 0x10000);
}

int main(void)
{
    rig r;
    if (!rig_open(&r, DESC, TENSOR, TW * TH))
        return 2;
    uint8_t *g = tce_sim_gmem(r.sim, TENSOR, TW * TH), *h = tce_gmem(&r.ref, TENSOR, TW * TH);
    for (unsigned i = 0; i < TW * TH; i++)
        g[i] = h[i] = (uint8_t)(i * 7u + (i >> 8));
    if (!rig_driver(r.sim, &r.drv))
        return 2;
    uint8_t a[TCE_DESC_BYTES], b[TCE_DESC_BYTES], c[TCE_DESC_BYTES], d[TCE_DESC_BYTES],
        self[TCE_DESC_BYTES];
    map(&r, 64, 8, TCE_SW_NONE, a);
    map(&r, 32, 16, TCE_SW_32B, b);
    map(&r, 128, 4, TCE_SW_128B, c);
    map(&r, 16, 32, TCE_SW_NONE, d);
    /* A map whose tensor is its own 128 bytes: a store through it overwrites it. */
    map_at(DESC, TCE_DESC_BYTES, 1, TCE_DESC_BYTES, 1, TCE_SW_NONE, self);

    /* Map A: fetched once, then served from the cache. */
    memcpy(tce_sim_gmem(r.sim, DESC, sizeof a), a, sizeof a);
    memcpy(tce_gmem(&r.ref, DESC, sizeof a), a, sizeof a);
    tce_drv_tensormap_fence(&r.drv);
    tce_op l1 = load(0, 0), l2 = load(64, 8);
    uint64_t fetch = run(&r, &l1, 1, "first load of map A");
    if (fetch == 0)
        fail("the first load of map A read no descriptor");
    if (run(&r, &l2, 1, "second load of map A") != 0)
        fail("the second load of map A read the descriptor again (no cache)");

    /* Map B written by software and fenced: read again, and used. */
    memcpy(tce_sim_gmem(r.sim, DESC, sizeof b), b, sizeof b);
    memcpy(tce_gmem(&r.ref, DESC, sizeof b), b, sizeof b);
    tce_drv_tensormap_fence(&r.drv);
    tce_op l3 = load(32, 16);
    if (run(&r, &l3, 1, "load of map B after the fence") == 0)
        fail("map B after DESC_INVAL was not read again");

    /* Map C staged in shared memory, copied onto the map by the engine, then used at once. */
    memcpy(tce_sim_smem(r.sim, 0, STAGE, sizeof c), c, sizeof c);
    memcpy(tce_smem(&r.ref, 0, STAGE, sizeof c), c, sizeof c);
    tce_op pair[2];
    pair[0] = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, 0, DESC, STAGE,
                               TCE_DESC_BYTES, 0);
    pair[1] = load(128, 4);
    if (run(&r, pair, 2, "engine write of map C, then a load") == 0)
        fail("map C written by the engine was not read again");

    /* The self map, fenced: a tile store through it (fetched and cached) writes map D from
     * shared memory over it, and the load queued right behind must fetch map D: two
     * fetches in all, and the load's bytes are map D's (the golden model's). */
    memcpy(tce_sim_gmem(r.sim, DESC, sizeof self), self, sizeof self);
    memcpy(tce_gmem(&r.ref, DESC, sizeof self), self, sizeof self);
    tce_drv_tensormap_fence(&r.drv);
    memcpy(tce_sim_smem(r.sim, 0, STAGE, sizeof d), d, sizeof d);
    memcpy(tce_smem(&r.ref, 0, STAGE, sizeof d), d, sizeof d);
    int32_t origin[2] = {0, 0};
    pair[0] = tce_op_tile_load(0, DESC, 2, origin, STAGE, 0);
    pair[0].kind = TCE_OP_TENSOR_STORE;
    pair[0].src_space = TCE_SPACE_SHARED_CTA;
    pair[0].dst_space = TCE_SPACE_GLOBAL;
    pair[0].completion = TCE_DONE_BULK_GROUP;
    pair[1] = load(16, 32);
    uint64_t beats = run(&r, pair, 2, "tile store over its own cached map, then a load");
    if (beats != 2 * fetch) {
        char m[160];
        snprintf(m, sizeof m, "tile store over its cached map, then a load: %llu descriptor beats "
                 "read, want %llu (two fetches)", (unsigned long long)beats,
                 (unsigned long long)(2 * fetch));
        fail(m);
    }

    /* Map A at page offset 0xFC0 (inside the tensor's window, past the rows the load
     * reads): its 128 bytes span two 4 KB pages and an AXI burst may not cross one, so the
     * fetch is two bursts of 64 bytes, one AR more than the same load through map A at
     * DESC, the same descriptor beats, and the halves must make the same map. */
    const uint64_t far = TENSOR + 0xFC0;
    memcpy(tce_sim_gmem(r.sim, DESC, sizeof a), a, sizeof a);
    memcpy(tce_gmem(&r.ref, DESC, sizeof a), a, sizeof a);
    memcpy(tce_sim_gmem(r.sim, far, sizeof a), a, sizeof a);
    memcpy(tce_gmem(&r.ref, far, sizeof a), a, sizeof a);
    tce_drv_tensormap_fence(&r.drv);
    uint64_t ars_near = 0, ars_far = 0, beats_far = 0;
    for (int k = 0; k < 2; k++) {
        tce_op l = load(64, 0);
        l.tmap_addr = k ? far : DESC;
        tce_sim_probe_clear(r.sim, l.tmap_addr, l.tmap_addr + TCE_DESC_BYTES);
        if (tce_drv_submit(&r.drv, &l, NULL) != TCE_DRV_OK || tce_drv_wait_idle(&r.drv) != TCE_DRV_OK ||
            tce_csim_execute(&l, &r.ref).status != TCE_OK)
            fail("load through map A at page offset 0xFC0");
        tce_sim_probe pr = tce_sim_probe_read(r.sim);
        *(k ? &ars_far : &ars_near) = pr.ar_count;
        if (k)
            beats_far = pr.r_beats;
        uint32_t sz = r.ref.smem_size;
        if (memcmp(tce_sim_smem(r.sim, 0, 0, sz), tce_smem(&r.ref, 0, 0, sz), sz))
            fail("load through map A at page offset 0xFC0: memory differs from the golden model");
    }
    if (ars_far != ars_near + 1 || beats_far != fetch) {
        char m[200];
        snprintf(m, sizeof m, "map at page offset 0xFC0: %llu ARs (at DESC %llu), %llu descriptor "
                 "beats (want %llu)", (unsigned long long)ars_far, (unsigned long long)ars_near,
                 (unsigned long long)beats_far, (unsigned long long)fetch);
        fail(m);
    }

    tce_memsys_free(&r.ref);
    tce_sim_destroy(r.sim);
    printf("%s\n", failures ? "descriptor cache: FAILED" : "descriptor cache: all checks passed");
    return failures ? 1 : 0;
}
