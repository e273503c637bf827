/* Global windows and per-CTA shared memories, with bounds-checked access. */
#include "memsys.h"

#include <stdlib.h>
#include <string.h>

int tce_memsys_init(tce_memsys *ms, unsigned ncta, uint32_t smem_size)
{
    memset(ms, 0, sizeof *ms);
    if (ncta < 1 || ncta > TCE_MAX_CTAS)
        return -1;
    ms->ncta = ncta;
    ms->smem_size = smem_size;
    for (unsigned i = 0; i < ncta; i++) {
        ms->smem[i] = calloc(smem_size ? smem_size : 1, 1);
        if (!ms->smem[i]) {
            tce_memsys_free(ms);
            return -1;
        }
    }
    return 0;
}

/* A window may not overlap another: an address would be ambiguous. */
static int window_free(const tce_memsys *ms, uint64_t base, uint64_t size)
{
    if (ms->ngregions == TCE_MAX_GREGIONS || size == 0 || base + size < base)
        return 0;
    for (unsigned i = 0; i < ms->ngregions; i++) {
        const tce_gregion *g = &ms->g[i];
        if (base < g->base + g->size && g->base < base + size)
            return 0;
    }
    return 1;
}

int tce_memsys_add_global(tce_memsys *ms, uint64_t base, uint64_t size)
{
    if (!window_free(ms, base, size))
        return -1;
    uint8_t *p = calloc((size_t)size, 1);
    if (!p)
        return -1;
    ms->g[ms->ngregions++] = (tce_gregion){base, size, p, false};
    return 0;
}

int tce_memsys_lend_global(tce_memsys *ms, uint64_t base, uint64_t size, uint8_t *bytes)
{
    if (!bytes || !window_free(ms, base, size))
        return -1;
    ms->g[ms->ngregions++] = (tce_gregion){base, size, bytes, true};
    return 0;
}

void tce_memsys_free(tce_memsys *ms)
{
    for (unsigned i = 0; i < ms->ngregions; i++)
        if (!ms->g[i].borrowed)
            free(ms->g[i].bytes);
    for (unsigned i = 0; i < TCE_MAX_CTAS; i++)
        free(ms->smem[i]);
    memset(ms, 0, sizeof *ms);
}

uint8_t *tce_gmem(const tce_memsys *ms, uint64_t addr, uint64_t len)
{
    for (unsigned i = 0; i < ms->ngregions; i++) {
        const tce_gregion *g = &ms->g[i];
        if (addr >= g->base && addr - g->base <= g->size && len <= g->size - (addr - g->base))
            return g->bytes + (addr - g->base);
    }
    return NULL;
}

uint8_t *tce_smem(const tce_memsys *ms, unsigned cta, uint32_t off, uint32_t len)
{
    if (cta >= ms->ncta || !ms->smem[cta] || off > ms->smem_size || len > ms->smem_size - off)
        return NULL;
    return ms->smem[cta] + off;
}
