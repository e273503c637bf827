// tce_sc: the C API over the SystemC platform; see tce_sc.h.
//
// The platform is elaborated once per process (a SystemC rule). A C call that needs
// simulated time hands its request to the host thread and runs the kernel until that
// thread calls sc_pause(); a call that only needs time runs the kernel for that long.
#include "tce_sc.h"

#include "tce_sc_engine.h"
#include "tce_sc_memory.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

#ifndef TCE_SIM_DATA_W
#error "TCE_SIM_DATA_W must be the DATA_W the model was verilated with"
#endif

using sc_core::sc_time;

namespace {

constexpr uint32_t kRegStatus = 0x014;   // STATUS; bit 0 BUSY (docs/rtl.md)

struct platform : sc_core::sc_module {
    sc_core::sc_clock clk;
    // Low from the start, as a power-on reset holds it: the clock's first edge comes at
    // time 0, before tce_sc_reset's write takes effect, and the RTL's flip-flops are not
    // yet anything an edge out of reset could leave them in.
    sc_core::sc_signal<bool> rst_n;
    sc_core::sc_signal<bool> irq;
    tce_sc_engine engine;
    tce_sc_memory gmem;
    tce_sc_shared_memory smem;
    tlm_utils::simple_initiator_socket<platform> host;

    // one register access requested by the C side
    bool write = false;
    uint32_t addr = 0, data = 0;
    bool ok = false, done = false;
    sc_core::sc_event go;

    SC_HAS_PROCESS(platform);
    platform(sc_core::sc_module_name n, sc_time period, const tce_sc_params &p)
        : sc_module(n), clk("clk", period, 0.5, sc_core::SC_ZERO_TIME, true),
          rst_n("rst_n", false), irq("irq"), engine("engine", period), gmem("gmem", period),
          smem("smem", period, p.num_ctas, p.smem_bytes), host("host")
    {
        engine.clk(clk);
        engine.rst_n(rst_n);
        engine.irq(irq);
        host.bind(engine.regs);
        engine.gmem.bind(gmem.socket);
        engine.smem.bind(smem.socket);
        SC_THREAD(host_thread);
    }

    void host_thread()
    {
        tlm::tlm_generic_payload t;
        uint8_t b[4];
        for (;;) {
            wait(go);
            for (unsigned i = 0; i < 4; i++)
                b[i] = (uint8_t)(data >> (8 * i));
            t.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
            t.set_address(addr);
            t.set_data_ptr(b);
            t.set_data_length(4);
            t.set_streaming_width(4);
            t.set_byte_enable_ptr(nullptr);
            t.set_byte_enable_length(0);
            t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
            sc_time d = sc_core::SC_ZERO_TIME;
            host->b_transport(t, d);
            ok = t.is_response_ok();
            data = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                   (uint32_t)b[3] << 24;
            done = true;
            sc_core::sc_pause();
        }
    }
};

platform *g_plat;        // elaborated once, kept for the process's life
bool g_live;             // a tce_sc handle currently owns it

} // namespace

struct tce_sc {
    tce_sc_params p{};
    platform *pl = nullptr;
    std::vector<tce_sc_tx_event> tx_view;
};

// libsystemc defines main() calling sc_main(); C programs bring their own main, so this
// definition only satisfies the library's reference and is never run.
int sc_main(int, char **)
{
    std::fprintf(stderr, "tce_sc: the C API is driven from the program's own main()\n");
    return 1;
}

extern "C" {

tce_sc_params tce_sc_default_params(void)
{
    tce_sc_params p;
    std::memset(&p, 0, sizeof p);
    p.data_w = TCE_SIM_DATA_W;
    p.num_ctas = TCE_SIM_NUM_CTAS;
    p.smem_bytes = TCE_SIM_SMEM_BYTES;
    p.mem_latency = 8;
    p.smem_latency = 2;
    p.seed = 1;
    p.clock_ps = 1000;
    return p;
}

static void configure(tce_sc *s)
{
    const tce_sc_params &p = s->p;
    unsigned hi = p.mem_latency;
    if (p.axi_reorder)
        hi = p.mem_latency_max ? p.mem_latency_max : 4 * p.mem_latency;
    s->pl->gmem.set_latency(p.mem_latency, hi, p.seed);
    s->pl->smem.set_latency(p.smem_latency);
}

tce_sc *tce_sc_create(const tce_sc_params *p, char *err, size_t errlen)
{
    const char *why = nullptr;
    if (p->data_w != TCE_SIM_DATA_W)
        why = "data_w: the model was built with another DATA_W";
    else if (p->num_ctas != TCE_SIM_NUM_CTAS)
        why = "num_ctas: the model was built with another NUM_CTAS";
    else if (p->smem_bytes != TCE_SIM_SMEM_BYTES)
        why = "smem_bytes: the model was built with another SMEM_BYTES";
    else if (p->mem_latency == 0 || p->smem_latency == 0)
        why = "mem_latency/smem_latency: must be at least 1 cycle";
    else if (p->axi_reorder && p->mem_latency_max && p->mem_latency_max < p->mem_latency)
        why = "mem_latency_max: below mem_latency";
    else if (p->clock_ps == 0)
        why = "clock_ps: must be at least 1 ps";
    else if (g_live)
        why = "a SystemC platform is already live in this process (destroy it first)";
    else if (g_plat && sc_time((double)p->clock_ps, sc_core::SC_PS) != g_plat->clk.period())
        why = "clock_ps: the platform was elaborated with another clock period";
    if (why) {
        if (err && errlen)
            std::snprintf(err, errlen, "tce_sc_create: %s", why);
        return nullptr;
    }
    if (!g_plat) {
        setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
        g_plat = new platform("tce_sc", sc_time((double)p->clock_ps, sc_core::SC_PS), *p);
        sc_core::sc_start(sc_core::SC_ZERO_TIME);   // end elaboration, start the processes
    } else {
        // a fresh platform: no windows, no errors, zeroed shared memories
        g_plat->gmem.unmap_all();
        g_plat->gmem.clear_errors();
        g_plat->smem.clear_own();
        for (unsigned c = 0; c < p->num_ctas; c++)
            g_plat->smem.attach(c, nullptr, 0);
    }
    auto *s = new tce_sc;
    s->p = *p;
    s->pl = g_plat;
    g_live = true;
    configure(s);
    tce_sc_reset(s);
    return s;
}

void tce_sc_destroy(tce_sc *s)
{
    if (!s)
        return;
    tce_sc_trace(s, nullptr);
    s->pl->gmem.unmap_all();
    for (unsigned c = 0; c < s->p.num_ctas; c++)
        s->pl->smem.attach(c, nullptr, 0);
    g_live = false;
    delete s;
}

void tce_sc_reset(tce_sc *s)
{
    s->pl->rst_n.write(false);
    tce_sc_run(s, 5);
    s->pl->rst_n.write(true);
    tce_sc_run(s, 1);
    s->pl->smem.tx_log.clear();
}

static int host_access(tce_sc *s, bool write, uint32_t addr, uint32_t *data)
{
    platform *pl = s->pl;
    pl->write = write;
    pl->addr = addr;
    pl->data = write ? *data : 0;
    pl->done = false;
    pl->go.notify(sc_core::SC_ZERO_TIME);
    sc_core::sc_start();   // until the host thread pauses the kernel
    if (!pl->done || !pl->ok)
        return -1;
    if (!write)
        *data = pl->data;
    return 0;
}

int tce_sc_mmio_write(tce_sc *s, uint32_t addr, uint32_t value)
{
    return host_access(s, true, addr, &value);
}

int tce_sc_mmio_read(tce_sc *s, uint32_t addr, uint32_t *value)
{
    return host_access(s, false, addr, value);
}

void tce_sc_run(tce_sc *s, uint64_t cycles)
{
    if (cycles)
        sc_core::sc_start(s->pl->clk.period() * (double)cycles);
}

int tce_sc_run_until_idle(tce_sc *s, uint64_t max_cycles)
{
    const uint64_t end = tce_sc_cycles(s) + max_cycles;
    while (tce_sc_cycles(s) < end) {
        uint32_t st = 0;
        if (tce_sc_mmio_read(s, kRegStatus, &st) != 0)
            return -1;
        if ((st & 1u) == 0)
            return 0;
        tce_sc_run(s, 16);
    }
    return -1;
}

uint64_t tce_sc_cycles(const tce_sc *s) { return s->pl->engine.cycles(); }
uint64_t tce_sc_reordered_beats(const tce_sc *s) { return s->pl->engine.reordered_bursts(); }
int tce_sc_irq(const tce_sc *s) { return s->pl->irq.read() ? 1 : 0; }

int tce_sc_add_global(tce_sc *s, uint64_t base, uint64_t size)
{
    return s->pl->gmem.map(base, size);
}

int tce_sc_attach_global(tce_sc *s, uint64_t base, uint64_t size, uint8_t *bytes)
{
    return s->pl->gmem.attach(base, size, bytes);
}

void tce_sc_detach_global(tce_sc *s) { s->pl->gmem.detach_all(); }

int tce_sc_attach_smem(tce_sc *s, unsigned cta, uint8_t *bytes, uint32_t size)
{
    return s->pl->smem.attach(cta, bytes, size);
}

uint8_t *tce_sc_gmem(tce_sc *s, uint64_t addr, uint64_t len) { return s->pl->gmem.ptr(addr, len); }

uint8_t *tce_sc_smem(tce_sc *s, unsigned cta, uint32_t off, uint32_t len)
{
    return s->pl->smem.ptr(cta, off, len);
}

int tce_sc_inject_error(tce_sc *s, uint64_t base, uint64_t size, unsigned resp, unsigned dirs)
{
    if (resp != 2 && resp != 3)
        return -1;
    return s->pl->gmem.inject_error(base, size,
                                    resp == 3 ? tlm::TLM_ADDRESS_ERROR_RESPONSE
                                              : tlm::TLM_GENERIC_ERROR_RESPONSE,
                                    dirs);
}

void tce_sc_inject_clear(tce_sc *s) { s->pl->gmem.clear_errors(); }

unsigned tce_sc_tx_count(const tce_sc *s) { return (unsigned)s->pl->smem.tx_log.size(); }

const tce_sc_tx_event *tce_sc_tx_events(const tce_sc *s)
{
    auto *m = const_cast<tce_sc *>(s);
    const auto &log = s->pl->smem.tx_log;
    m->tx_view.resize(log.size());
    for (size_t i = 0; i < log.size(); i++)
        m->tx_view[i] = {log[i].cta, log[i].mbar_off, log[i].bytes};
    return m->tx_view.data();
}

void tce_sc_tx_clear(tce_sc *s) { s->pl->smem.tx_log.clear(); }

int tce_sc_trace(tce_sc *s, const char *path) { return s->pl->engine.trace(path); }

int tce_sc_trace_window(tce_sc *s, const char *path, uint64_t from, uint64_t to)
{
    return s->pl->engine.trace(path, from, to);
}

} // extern "C"
