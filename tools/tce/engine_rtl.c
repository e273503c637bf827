/* The `rtl` and `systemc` engines: the firmware driver programs the Verilated RTL over
 * MMIO, running directly on the caller's memories, either through the C bridge
 * (bridge/tce_sim.h, engine "rtl") or through the SystemC TLM model around the same RTL
 * (bridge/systemc/tce_sc.h, engine "systemc"). The two APIs mirror each other call for
 * call, so one backend serves both: it reaches its simulator only through a sim_ops table
 * filled from tce_sim_* or tce_sc_* when the engine is opened. Each simulator compiles to
 * a stub that says so when this tce is built without it (TCE_HAVE_RTL, TCE_HAVE_SYSTEMC). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine_backend.h"
#include "wave_opt.h"

#if defined(TCE_HAVE_RTL) || defined(TCE_HAVE_SYSTEMC)

/* What the backend needs of a simulator; `sim` is its handle. */
typedef struct {
    const char *engine; /* the engine's name, for messages */
    int (*mmio_read)(void *sim, uint32_t off, uint32_t *v);
    int (*mmio_write)(void *sim, uint32_t off, uint32_t v);
    int (*attach_global)(void *sim, uint64_t base, uint64_t size, uint8_t *bytes);
    void (*detach_global)(void *sim);
    int (*attach_smem)(void *sim, unsigned cta, uint8_t *bytes, uint32_t size);
    void (*tx_clear)(void *sim);
    unsigned (*tx)(void *sim, tce_engine_tx *out, unsigned cap);
    uint64_t (*cycles)(void *sim);
    int (*trace)(void *sim, const char *path);
    void (*destroy)(void *sim);
} sim_ops;

/* The table's entries for an API with prefix P and handle type T: one-line adapters (a
 * function pointer may not be called through another type, so no casts of the APIs). */
#define SIM_OPS(P, T, NAME)                                                                  \
    static int P##_op_rd(void *s, uint32_t o, uint32_t *v) { return P##_mmio_read(s, o, v); } \
    static int P##_op_wr(void *s, uint32_t o, uint32_t v) { return P##_mmio_write(s, o, v); } \
    static int P##_op_attach_global(void *s, uint64_t base, uint64_t size, uint8_t *bytes)   \
    {                                                                                        \
        return P##_attach_global(s, base, size, bytes);                                      \
    }                                                                                        \
    static void P##_op_detach_global(void *s) { P##_detach_global(s); }                      \
    static int P##_op_attach_smem(void *s, unsigned cta, uint8_t *bytes, uint32_t size)      \
    {                                                                                        \
        return P##_attach_smem(s, cta, bytes, size);                                         \
    }                                                                                        \
    static void P##_op_tx_clear(void *s) { P##_tx_clear(s); }                                \
    static unsigned P##_op_tx(void *s, tce_engine_tx *out, unsigned cap)                     \
    {                                                                                        \
        const P##_tx_event *ev = P##_tx_events(s);                                           \
        unsigned n = P##_tx_count(s);                                                        \
        if (n > cap)                                                                         \
            n = cap;                                                                         \
        for (unsigned i = 0; i < n; i++) {                                                   \
            out[i].cta = ev[i].cta;                                                          \
            out[i].mbar_off = ev[i].mbar_off;                                                \
            out[i].bytes = ev[i].bytes;                                                      \
        }                                                                                    \
        return n;                                                                            \
    }                                                                                        \
    static uint64_t P##_op_cycles(void *s) { return P##_cycles(s); }                         \
    static int P##_op_trace(void *s, const char *path) { return P##_trace(s, path); }        \
    static void P##_op_destroy(void *s) { P##_destroy(s); }                                  \
    static const sim_ops P##_ops = {NAME,                 P##_op_rd,          P##_op_wr,     \
                                    P##_op_attach_global, P##_op_detach_global,              \
                                    P##_op_attach_smem,   P##_op_tx_clear,    P##_op_tx,     \
                                    P##_op_cycles,        P##_op_trace,       P##_op_destroy};

/* What the two simulators offer in different shapes: the reason the simulation failed
 * (the C bridge's protocol checker and watchdog; NULL from one without them), bus-error
 * injection, waves over a cycle window (FST or VCD). */
typedef struct {
    const char *(*fault)(void *sim);
    int (*inject)(void *sim, uint64_t base, uint64_t size, unsigned resp, unsigned dirs);
    void (*inject_clear)(void *sim);
    int (*trace_window)(void *sim, const char *path, uint64_t from, uint64_t to);
} sim_extras;

typedef struct {
    tce_backend be;
    const sim_ops *ops;
    const sim_extras *ex;
    void *sim;
    unsigned num_ctas;
    uint32_t smem_bytes; /* the model's shared memory per CTA */
    int bus_dead; /* an MMIO access went unanswered: reads return 0 from then on */
    /* A caller's shared memories smaller than the model's run on copies of the model's size
     * (the engine is told the real size, SMEM_SIZE, and refuses what lies past it); the
     * bytes are copied back at detach. */
    tce_memsys *copied; /* whose memories the copies stand for, or NULL */
    uint8_t *copy[TCE_MAX_CTAS];
} sim_backend;

static uint32_t sim_rd32(void *ctx, uint32_t off)
{
    sim_backend *b = ctx;
    uint32_t v = 0;
    if (b->ops->mmio_read(b->sim, off, &v) != 0)
        b->bus_dead = 1;
    return v;
}

static void sim_wr32(void *ctx, uint32_t off, uint32_t v)
{
    sim_backend *b = ctx;
    if (b->ops->mmio_write(b->sim, off, v) != 0)
        b->bus_dead = 1;
}

static void sim_detach(tce_backend *be)
{
    sim_backend *b = (sim_backend *)be;
    if (b->copied) {
        for (unsigned c = 0; c < b->copied->ncta; c++)
            memcpy(b->copied->smem[c], b->copy[c], b->copied->smem_size);
        b->copied = NULL;
    }
    b->ops->detach_global(b->sim);
    for (unsigned c = 0; c < b->num_ctas; c++)
        (void)b->ops->attach_smem(b->sim, c, NULL, 0);
}

static int sim_attach(tce_backend *be, tce_memsys *ms, char *why, size_t cap)
{
    sim_backend *b = (sim_backend *)be;
    b->ops->detach_global(b->sim);
    for (unsigned i = 0; i < ms->ngregions; i++)
        if (b->ops->attach_global(b->sim, ms->g[i].base, ms->g[i].size, ms->g[i].bytes) != 0) {
            snprintf(why, cap, "%s: cannot attach global window %u at 0x%llx", b->ops->engine,
                     i, (unsigned long long)ms->g[i].base);
            sim_detach(be);
            return -1;
        }
    bool copy = ms->smem_size < b->smem_bytes && ms->ncta <= b->num_ctas;
    for (unsigned c = 0; copy && c < ms->ncta; c++) {
        if (!b->copy[c] && !(b->copy[c] = malloc(b->smem_bytes))) {
            snprintf(why, cap, "%s: out of memory for CTA %u's shared memory", b->ops->engine, c);
            sim_detach(be);
            return -1;
        }
        memcpy(b->copy[c], ms->smem[c], ms->smem_size);
        memset(b->copy[c] + ms->smem_size, 0, b->smem_bytes - ms->smem_size);
    }
    if (copy)
        b->copied = ms;
    for (unsigned c = 0; c < b->num_ctas; c++) {
        int bad = c >= ms->ncta ? b->ops->attach_smem(b->sim, c, NULL, 0)
                  : copy        ? b->ops->attach_smem(b->sim, c, b->copy[c], b->smem_bytes)
                                : b->ops->attach_smem(b->sim, c, ms->smem[c], ms->smem_size);
        if (bad) {
            snprintf(why, cap, "%s: cannot attach CTA %u's shared memory (%u bytes)",
                     b->ops->engine, c, ms->smem_size);
            sim_detach(be);
            return -1;
        }
    }
    b->ops->tx_clear(b->sim);
    return 0;
}

static tce_bus sim_bus(tce_backend *be)
{
    tce_bus bus = {sim_rd32, sim_wr32, be};
    return bus;
}

static const char *sim_error_text(tce_backend *be)
{
    sim_backend *b = (sim_backend *)be;
    const char *f = b->ex->fault(b->sim);
    if (f)
        return f;
    return b->bus_dead ? "the engine stopped answering MMIO" : "";
}

static int sim_inject(tce_backend *be, uint64_t base, uint64_t size, unsigned resp,
                      unsigned dirs)
{
    sim_backend *b = (sim_backend *)be;
    return b->ex->inject(b->sim, base, size, resp, dirs);
}

static void sim_inject_clear(tce_backend *be)
{
    sim_backend *b = (sim_backend *)be;
    b->ex->inject_clear(b->sim);
}

/* Start the waves `tce ... --wave=` asked for, if any; 0, or -1 with the cause in why. */
static int sim_start_waves(sim_backend *b, char *why, size_t cap)
{
    const tce_wave_spec *w = tce_wave_take();
    if (!w)
        return 0;
    if (b->ex->trace_window(b->sim, w->path, w->from, w->to) != 0) {
        snprintf(why, cap, "%s: --wave: cannot write %s", b->ops->engine, w->path);
        return -1;
    }
    return 0;
}

static unsigned sim_tx(tce_backend *be, tce_engine_tx *out, unsigned cap)
{
    sim_backend *b = (sim_backend *)be;
    return b->ops->tx(b->sim, out, cap);
}

static uint64_t sim_cycles(tce_backend *be)
{
    sim_backend *b = (sim_backend *)be;
    return b->ops->cycles(b->sim);
}

static int sim_trace(tce_backend *be, const char *path)
{
    sim_backend *b = (sim_backend *)be;
    return b->ops->trace(b->sim, path);
}

static void sim_destroy(tce_backend *be)
{
    sim_backend *b = (sim_backend *)be;
    sim_detach(be);
    b->ops->destroy(b->sim);
    for (unsigned c = 0; c < TCE_MAX_CTAS; c++)
        free(b->copy[c]);
    free(b);
}

/* Wrap a created simulator (NULL: its creation failed, the cause in err). */
static tce_backend *sim_backend_new(const sim_ops *ops, const sim_extras *ex, void *sim,
                                    unsigned num_ctas, uint32_t smem_bytes, const char *err,
                                    char *why, size_t cap)
{
    if (!sim) {
        snprintf(why, cap, "%s: %s", ops->engine, err);
        return NULL;
    }
    sim_backend *b = calloc(1, sizeof *b);
    if (!b) {
        ops->destroy(sim);
        snprintf(why, cap, "out of memory");
        return NULL;
    }
    b->ops = ops;
    b->ex = ex;
    b->sim = sim;
    b->num_ctas = num_ctas;
    b->smem_bytes = smem_bytes;
    b->be.attach = sim_attach;
    b->be.detach = sim_detach;
    b->be.bus = sim_bus;
    b->be.error_text = sim_error_text;
    b->be.tx = sim_tx;
    b->be.cycles = sim_cycles;
    b->be.destroy = sim_destroy;
    b->be.trace = sim_trace;
    b->be.inject = sim_inject;
    b->be.inject_clear = sim_inject_clear;
    if (sim_start_waves(b, why, cap) != 0) {
        sim_destroy(&b->be);
        return NULL;
    }
    return &b->be;
}

#endif

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

SIM_OPS(tce_sim, tce_sim, "rtl")

static const char *rtl_fault(void *s) { return tce_sim_fault(s); }
static int rtl_inject(void *s, uint64_t base, uint64_t size, unsigned resp, unsigned dirs)
{
    return tce_sim_inject_error(s, base, size, resp, dirs);
}
static void rtl_inject_clear(void *s) { tce_sim_inject_clear(s); }
static int rtl_trace_window(void *s, const char *path, uint64_t from, uint64_t to)
{
    return tce_sim_trace_window(s, path, from, to);
}
static const sim_extras rtl_extras = {rtl_fault, rtl_inject, rtl_inject_clear, rtl_trace_window};

bool tce_backend_rtl_built(void) { return true; }

tce_backend *tce_backend_rtl(const tce_engine_timing *t, char *why, size_t cap)
{
    tce_sim_params p = tce_sim_default_params();
    if (t) {
        p.mem_latency = t->mem_latency ? t->mem_latency : 1;
        p.axi_reorder = t->axi_reorder;
        p.axi_stall_pct = t->axi_stall_pct;
        p.seed = t->seed;
        p.mem_latency_max = t->mem_latency_max;
        p.axi_max_outstanding = t->axi_max_outstanding;
        p.axi_bw_beats = t->axi_bw_beats;
        p.axi_bw_window = t->axi_bw_window;
        if (t->watchdog_cycles)
            p.watchdog_cycles = t->watchdog_cycles;
        if (t->smem_latency)
            p.smem_latency = t->smem_latency;
        p.smem_stall_pct = t->smem_stall_pct;
    }
    if (p.smem_bytes != TCE_ENGINE_SMEM_BYTES) {
        snprintf(why, cap, "rtl: the bridge was built with %u bytes of shared memory per CTA, "
                           "the tools use TCE_ENGINE_SMEM_BYTES = %u (engines.h)",
                 p.smem_bytes, TCE_ENGINE_SMEM_BYTES);
        return NULL;
    }
    char err[160] = "";
    tce_sim *sim = tce_sim_create(&p, err, sizeof err);
    return sim_backend_new(&tce_sim_ops, &rtl_extras, sim, p.num_ctas, p.smem_bytes, err, why,
                           cap);
}

#endif

#ifndef TCE_HAVE_SYSTEMC

bool tce_backend_systemc_built(void) { return false; }

tce_backend *tce_backend_systemc(const tce_engine_timing *t, char *why, size_t cap)
{
    (void)t;
    snprintf(why, cap, "this tce was built without SystemC: no systemc engine");
    return NULL;
}

#else

#include "tce_sc.h"

SIM_OPS(tce_sc, tce_sc, "systemc")

/* The SystemC model has the bridge's bus-error injection and wave window; it has no
 * protocol checker or watchdog, so no fault text of its own (an unanswered register access
 * is reported as the bus going dead). */
static const char *sc_fault(void *s)
{
    (void)s;
    return NULL;
}
static int sc_inject(void *s, uint64_t base, uint64_t size, unsigned resp, unsigned dirs)
{
    return tce_sc_inject_error(s, base, size, resp, dirs);
}
static void sc_inject_clear(void *s) { tce_sc_inject_clear(s); }
static int sc_trace_window(void *s, const char *path, uint64_t from, uint64_t to)
{
    return tce_sc_trace_window(s, path, from, to);
}
static const sim_extras sc_extras = {sc_fault, sc_inject, sc_inject_clear, sc_trace_window};

bool tce_backend_systemc_built(void) { return true; }

/* The TLM model has no ready/valid to withhold, no outstanding-burst limit and no bandwidth
 * cap (axi_stall_pct, axi_max_outstanding, axi_bw_* and the smem_* timing have no effect
 * there); with
 * axi_reorder it draws each burst's latency from [mem_latency, mem_latency_max], by default
 * [mem_latency, 4 x mem_latency]. */
tce_backend *tce_backend_systemc(const tce_engine_timing *t, char *why, size_t cap)
{
    tce_sc_params p = tce_sc_default_params();
    if (t) {
        p.mem_latency = t->mem_latency ? t->mem_latency : 1;
        p.axi_reorder = t->axi_reorder;
        p.axi_stall_pct = t->axi_stall_pct;
        p.seed = t->seed;
        p.mem_latency_max = t->mem_latency_max;
    }
    char err[160] = "";
    tce_sc *sim = tce_sc_create(&p, err, sizeof err);
    return sim_backend_new(&tce_sc_ops, &sc_extras, sim, p.num_ctas, p.smem_bytes, err, why,
                           cap);
}

#endif
