/* Driver-format tensor maps for an engine that fetches tce descriptors: convert the CUDA
 * driver's 128-byte map into the engine's own descriptor in a shadow slot (see
 * tce_driver.h and docs/driver_maps.md). Converting here, not in the RTL, keeps one
 * descriptor format in hardware; the cost is one 128-byte read per tensor command and a
 * write plus a cache invalidation only when a slot's contents change. */
#include "tce_driver.h"

#include "cumap.h"
#include "tce_text.h"

void tce_drv_map_shadow(tce_drv *d, const tce_gmem_port *mem, uint64_t base)
{
    d->maps.mem = *mem;
    d->maps.base = base;
    d->maps.next = 0;
    d->maps.convert = tce_drv_map_for_engine;
    for (unsigned i = 0; i < TCE_DRV_SHADOW_SLOTS; i++)
        d->maps.used[i] = false;
}

static bool is_tce_descriptor(const uint8_t *img)
{
    /* tce's MAGIC (0x7CE1, odd) can never be the low bytes of a driver map's address,
     * which is 16-byte aligned in every map the driver writes. */
    return img[0] == 0xE1 && img[1] == 0x7C;
}

static bool same(const uint8_t *a, const uint8_t *b)
{
    for (unsigned i = 0; i < TCE_DESC_BYTES; i++)
        if (a[i] != b[i])
            return false;
    return true;
}

tce_drv_rc tce_drv_map_for_engine(tce_drv *d, uint64_t *tmap)
{
    tce_drv_maps *m = &d->maps;
    uint8_t img[TCE_DESC_BYTES], desc[TCE_DESC_BYTES], old[TCE_DESC_BYTES];
    if ((*tmap & 63u) || !m->mem.read(m->mem.ctx, *tmap, img, TCE_DESC_BYTES) ||
        is_tce_descriptor(img))
        return TCE_DRV_OK;
    tce_tensormap map;
    tce_diag why;
    if (tce_cumap_decode(img, &map, &why) == TCE_OK)
        tce_desc_pack(&map, desc);
    else
        for (unsigned i = 0; i < TCE_DESC_BYTES; i++)
            desc[i] = 0; /* no MAGIC: the engine refuses it as a bad descriptor */
    unsigned slot = TCE_DRV_SHADOW_SLOTS;
    for (unsigned i = 0; i < TCE_DRV_SHADOW_SLOTS; i++)
        if (m->used[i] && m->src[i] == *tmap)
            slot = i;
    bool reuse = slot == TCE_DRV_SHADOW_SLOTS;
    if (reuse) {
        slot = m->next;
        m->next = (m->next + 1) % TCE_DRV_SHADOW_SLOTS;
    }
    uint64_t at = m->base + (uint64_t)slot * TCE_DESC_BYTES;
    bool fresh = reuse && !m->used[slot];
    if (!fresh && m->mem.read(m->mem.ctx, at, old, TCE_DESC_BYTES) && same(old, desc)) {
        m->src[slot] = *tmap;
        *tmap = at;
        return TCE_DRV_OK;
    }
    /* The slot's contents change: commands still queued may not have fetched them yet,
     * and the engine may hold the old descriptor. */
    if (!fresh) {
        tce_drv_rc rc = tce_drv_wait_idle(d);
        if (rc != TCE_DRV_OK)
            return rc;
    }
    if (!m->mem.write(m->mem.ctx, at, desc, TCE_DESC_BYTES)) {
        d->detail = TCE_ERR_GLOBAL_BUS;
        tce_text t;
        tce_text_start(&t, d->why, sizeof d->why);
        tce_text_format(&t, "map shadow: cannot write slot %u at 0x%llx", slot,
                        (unsigned long long)at);
        return TCE_DRV_BAD_ARG;
    }
    tce_drv_tensormap_fence(d);
    m->used[slot] = true;
    m->src[slot] = *tmap;
    *tmap = at;
    return TCE_DRV_OK;
}
