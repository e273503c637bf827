/* The soft-CPU system's address decoder over the bridge (soc_platform.h). */
#include "soc_platform.h"

#include <stdio.h>
#include <string.h>

#include "le_bytes.h"
#include "mbarrier.h"
#include "soc_map.h"

enum { STATUS_MBAR = 0x00, STATUS_ERR_OFF = 0x04, STATUS_TX_APPLIED = 0x08,
       STATUS_SMEM_BYTES = 0x0C, STATUS_GEOMETRY = 0x10 };

void soc_platform_init(soc_platform *p, tce_sim *sim, rv32_cpu *cpu)
{
    memset(p, 0, sizeof *p);
    tce_sim_params d = tce_sim_default_params();
    p->sim = sim;
    p->cpu = cpu;
    p->num_ctas = d.num_ctas;
    p->smem_bytes = d.smem_bytes;
    p->data_bytes = d.data_w / 8;
    p->tx_applied = tce_sim_tx_count(sim);
}

/* The CPU's fault message names the address and the PC; this says why. */
static int refuse(soc_platform *p, const char *what)
{
    snprintf(p->err, sizeof p->err, "%s", what);
    return -1;
}

void soc_platform_sync(soc_platform *p)
{
    uint64_t ahead = p->cpu->instret - p->synced_insns;
    if (ahead)
        tce_sim_run(p->sim, ahead);
    p->synced_insns = p->cpu->instret;
    /* Apply what the engine asked since the last look, in its order. */
    unsigned n = tce_sim_tx_count(p->sim);
    const tce_sim_tx_event *ev = tce_sim_tx_events(p->sim);
    for (; p->tx_applied < n; p->tx_applied++) {
        const tce_sim_tx_event *e = &ev[p->tx_applied];
        uint8_t *w = tce_sim_smem(p->sim, e->cta, e->mbar_off, 8);
        uint64_t obj = w ? tce_mbar_load(w) : 0;
        tce_mbar_why why;
        if (w && tce_mbar_complete_tx(&obj, e->bytes, &why) == TCE_OK) {
            tce_mbar_store(w, obj);
        } else if (!(p->mbar_status & 1u)) { /* sticky: the first undefined one is kept */
            p->mbar_status = 1u | (e->cta & 0xFu) << 4;
            p->mbar_err_off = e->mbar_off;
        }
    }
}

/* The engine's cycles advance during the access; the CPU stalls through them. */
static int engine_access(soc_platform *p, uint32_t off, int write, uint32_t *v)
{
    uint64_t before = tce_sim_cycles(p->sim);
    int rc = write ? tce_sim_mmio_write(p->sim, off, *v) : tce_sim_mmio_read(p->sim, off, v);
    p->stall_cycles += tce_sim_cycles(p->sim) - before;
    if (write)
        p->mmio_writes++;
    else
        p->mmio_reads++;
    if (rc != 0) {
        const char *f = tce_sim_fault(p->sim);
        snprintf(p->err, sizeof p->err, "engine register 0x%03x: %s", off,
                 f ? f : "no answer from the engine");
        return -1;
    }
    return 0;
}

static int status_read(soc_platform *p, uint32_t off, uint32_t *v)
{
    switch (off) {
    case STATUS_MBAR: *v = p->mbar_status; return 0;
    case STATUS_ERR_OFF: *v = p->mbar_err_off; return 0;
    case STATUS_TX_APPLIED: *v = p->tx_applied; return 0;
    case STATUS_SMEM_BYTES: *v = p->smem_bytes; return 0;
    case STATUS_GEOMETRY: *v = (p->data_bytes & 0xFFu) | (p->num_ctas & 0xFFu) << 8; return 0;
    default: return -1;
    }
}

/* Where a shared-memory or DDR address lands in the bridge's memories; NULL when nothing
 * is there (the access is refused with p->err naming why). */
static uint8_t *memory_at(soc_platform *p, uint32_t addr, unsigned size)
{
    if (addr >= SOC_DDR_BASE) {
        uint8_t *m = tce_sim_gmem(p->sim, addr, size);
        if (!m)
            refuse(p, "DDR address outside the mapped global memory");
        return m;
    }
    uint32_t a = addr - SOC_SMEM_BASE;
    unsigned cta = (a >> 24) & 0xFu;
    uint8_t *m = cta < p->num_ctas ? tce_sim_smem(p->sim, cta, a & 0xFFFFFFu, size) : NULL;
    if (!m)
        refuse(p, cta < p->num_ctas ? "shared-memory offset beyond SMEM_BYTES"
                                    : "shared-memory CTA beyond the cluster");
    return m;
}

static int is_engine(uint32_t addr) { return addr - SOC_ENGINE_BASE < 0x1000u; }
static int is_status(uint32_t addr) { return addr - SOC_SMEM_STATUS < 0x100u; }
static int is_memory(uint32_t addr)
{
    return addr >= SOC_DDR_BASE || addr - SOC_SMEM_BASE < 0x10000000u;
}

static int bus_load(void *ctx, uint32_t addr, unsigned size, uint32_t *v)
{
    soc_platform *p = ctx;
    soc_platform_sync(p);
    if (is_engine(addr)) {
        if (size != 4)
            return refuse(p, "engine registers take 32-bit accesses only");
        return engine_access(p, addr - SOC_ENGINE_BASE, 0, v);
    }
    if (is_status(addr)) {
        if (size != 4 || status_read(p, addr - SOC_SMEM_STATUS, v) != 0)
            return refuse(p, "no such shared-memory status register (32-bit)");
        return 0;
    }
    if (!is_memory(addr))
        return refuse(p, "nothing is mapped");
    const uint8_t *m = memory_at(p, addr, size);
    if (!m)
        return -1;
    *v = (uint32_t)tce_le_get(m, size);
    return 0;
}

static int bus_store(void *ctx, uint32_t addr, unsigned size, uint32_t v)
{
    soc_platform *p = ctx;
    soc_platform_sync(p);
    if (is_engine(addr)) {
        if (size != 4)
            return refuse(p, "engine registers take 32-bit accesses only");
        return engine_access(p, addr - SOC_ENGINE_BASE, 1, &v);
    }
    if (is_status(addr)) {
        if (addr - SOC_SMEM_STATUS != STATUS_MBAR)
            return refuse(p, "shared-memory status register is read-only");
        p->mbar_status = 0; /* any write clears */
        return 0;
    }
    if (!is_memory(addr))
        return refuse(p, "nothing is mapped");
    uint8_t *m = memory_at(p, addr, size);
    if (!m)
        return -1;
    tce_le_put(m, size, v);
    return 0;
}

static const char *bus_why(void *ctx) { return ((soc_platform *)ctx)->err; }

rv32_bus soc_platform_bus(soc_platform *p)
{
    rv32_bus bus = {bus_load, bus_store, bus_why, p};
    return bus;
}
