/* The `rtl` engine: the firmware driver programs the Verilated RTL through the bridge's
 * MMIO (bridge/tce_sim.h), running directly on the caller's memories. Compiled to a stub
 * that says so when this tce is built without Verilator (TCE_HAVE_RTL unset). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine_backend.h"

#ifndef TCE_HAVE_RTL

bool tce_backend_rtl_built(void) { return false; }

tce_backend *tce_backend_rtl(const tce_engine_timing *t, char *why, size_t cap)
{
    (void)t;
    snprintf(why, cap, "this tce was built without Verilator: no rtl engine");
    return NULL;
}

#else

#include "tce_sim.h"

typedef struct {
    tce_backend be;
    tce_sim *sim;
    unsigned num_ctas;
    int bus_dead; /* an MMIO access went unanswered: reads return 0 from then on */
} rtl_backend;

bool tce_backend_rtl_built(void) { return true; }

static uint32_t rtl_rd32(void *ctx, uint32_t off)
{
    rtl_backend *b = ctx;
    uint32_t v = 0;
    if (tce_sim_mmio_read(b->sim, off, &v) != 0)
        b->bus_dead = 1;
    return v;
}

static void rtl_wr32(void *ctx, uint32_t off, uint32_t v)
{
    rtl_backend *b = ctx;
    if (tce_sim_mmio_write(b->sim, off, v) != 0)
        b->bus_dead = 1;
}

static void rtl_detach(tce_backend *be)
{
    rtl_backend *b = (rtl_backend *)be;
    tce_sim_detach_global(b->sim);
    for (unsigned c = 0; c < b->num_ctas; c++)
        (void)tce_sim_attach_smem(b->sim, c, NULL, 0);
}

static int rtl_attach(tce_backend *be, tce_memsys *ms, char *why, size_t cap)
{
    rtl_backend *b = (rtl_backend *)be;
    tce_sim_detach_global(b->sim);
    for (unsigned i = 0; i < ms->ngregions; i++)
        if (tce_sim_attach_global(b->sim, ms->g[i].base, ms->g[i].size, ms->g[i].bytes) != 0) {
            snprintf(why, cap, "rtl: cannot attach global window %u at 0x%llx", i,
                     (unsigned long long)ms->g[i].base);
            rtl_detach(be);
            return -1;
        }
    for (unsigned c = 0; c < b->num_ctas; c++) {
        int bad = c < ms->ncta ? tce_sim_attach_smem(b->sim, c, ms->smem[c], ms->smem_size)
                               : tce_sim_attach_smem(b->sim, c, NULL, 0);
        if (bad) {
            snprintf(why, cap, "rtl: cannot attach CTA %u's shared memory (%u bytes)", c,
                     ms->smem_size);
            rtl_detach(be);
            return -1;
        }
    }
    tce_sim_tx_clear(b->sim);
    return 0;
}

static tce_bus rtl_bus(tce_backend *be)
{
    tce_bus bus = {rtl_rd32, rtl_wr32, be};
    return bus;
}

static const char *rtl_error_text(tce_backend *be)
{
    return ((rtl_backend *)be)->bus_dead ? "the engine stopped answering MMIO" : "";
}

static unsigned rtl_tx(tce_backend *be, tce_engine_tx *out, unsigned cap)
{
    rtl_backend *b = (rtl_backend *)be;
    const tce_sim_tx_event *ev = tce_sim_tx_events(b->sim);
    unsigned n = tce_sim_tx_count(b->sim);
    if (n > cap)
        n = cap;
    for (unsigned i = 0; i < n; i++) {
        out[i].cta = ev[i].cta;
        out[i].mbar_off = ev[i].mbar_off;
        out[i].bytes = ev[i].bytes;
    }
    return n;
}

static uint64_t rtl_cycles(tce_backend *be) { return tce_sim_cycles(((rtl_backend *)be)->sim); }

static void rtl_destroy(tce_backend *be)
{
    rtl_backend *b = (rtl_backend *)be;
    rtl_detach(be);
    tce_sim_destroy(b->sim);
    free(b);
}

tce_backend *tce_backend_rtl(const tce_engine_timing *t, char *why, size_t cap)
{
    tce_sim_params p = tce_sim_default_params();
    if (t) {
        p.mem_latency = t->mem_latency ? t->mem_latency : 1;
        p.axi_reorder = t->axi_reorder;
        p.axi_stall_pct = t->axi_stall_pct;
        p.seed = t->seed;
    }
    rtl_backend *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(why, cap, "out of memory");
        return NULL;
    }
    char err[160] = "";
    b->sim = tce_sim_create(&p, err, sizeof err);
    if (!b->sim) {
        snprintf(why, cap, "rtl: %s", err);
        free(b);
        return NULL;
    }
    b->num_ctas = p.num_ctas;
    b->be.attach = rtl_attach;
    b->be.detach = rtl_detach;
    b->be.bus = rtl_bus;
    b->be.error_text = rtl_error_text;
    b->be.tx = rtl_tx;
    b->be.cycles = rtl_cycles;
    b->be.destroy = rtl_destroy;
    return &b->be;
}

#endif
