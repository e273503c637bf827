// tce_sim: the Verilated tce_engine clocked against the C memory models; see tce_sim.h.
//
// One call of step() is one clock cycle: the models drive their outputs (from their own
// state only), the engine settles with the clock low, every valid/ready pair is sampled,
// the clock rises, and the models apply the handshakes that happened at that edge.
#include "tce_sim.h"
#include "tce_model_edge.h"
#include "tce_wave_writer.h"

extern "C" {
#include "tce_axi_check.h"
#include "tce_axi_mem.h"
#include "tce_smem_model.h"
}

#include "Vtce_engine.h"
#include "verilated.h"
#include "verilated_syms.h"
#ifdef TCE_SIM_COVERAGE
#include "verilated_cov.h"
#include <unistd.h>
#endif

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>


#ifndef TCE_SIM_DATA_W
#error "TCE_SIM_DATA_W must be the DATA_W the model was verilated with"
#endif

namespace {

constexpr unsigned kBeatBytes = TCE_SIM_DATA_W / 8;
constexpr uint64_t kMmioTimeout = 100000; // cycles a register access may take
#ifdef TCE_MODEL_NETLIST
constexpr bool kRandomInitDefault = true; // the netlist starts from random state
#else
constexpr bool kRandomInitDefault = false;
#endif
// Register offsets the watchdog reads for its report (firmware/regmap.def).
constexpr uint32_t kStatus = 0x014, kErrCode = 0x018, kSeqIssued = 0x028, kSeqDone = 0x02C;

// Unit FSM states the watchdog names in its report: scope under the top, variable. They are
// public_flat_rd (bridge/tce_watch.vlt), so Verilator's scope table finds them by name.
struct watched_state {
    const char *unit, *var;
};
constexpr watched_state kWatchedStates[] = {
    {"u_exec", "state"},      {"u_desc", "state"},    {"u_g2s", "busy"},
    {"u_from_smem", "state"}, {"u_tile_load", "ws"}, {"u_tile_store", "state"},
};

// Byte-wise access to a Verilator wide signal (DATA_W > 64). Its words are 32-bit, least
// significant first, so on a little-endian host the signal's bytes are the memory's bytes in
// order: one memcpy per port and cycle instead of a loop assembling words from bytes.
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "wide signals are copied as bytes");
template <typename W> void bytes_to_wide(W &w, const uint8_t *b)
{
    static_assert(sizeof(w[0]) == 4 && sizeof(W) >= kBeatBytes, "Verilator wide word layout");
    std::memcpy(&w[0], b, kBeatBytes);
}
template <typename W> void wide_to_bytes(const W &w, uint8_t *b)
{
    static_assert(sizeof(w[0]) == 4 && sizeof(W) >= kBeatBytes, "Verilator wide word layout");
    std::memcpy(b, &w[0], kBeatBytes);
}

} // namespace

struct tce_sim {
    tce_sim_params p{};
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vtce_engine> top;
    tce_wave_writer waves;
    tce_axi_check chk{};
    std::string fault; // why the simulation failed; empty while it has not
    bool reporting = false; // the watchdog is reading registers for its report
    tce_axi_mem axi{};
    tce_smem_model sm{};
    uint64_t cyc = 0;
    int irq = 0;
    std::vector<tce_sim_tx_event> tx_view;
    tce_sim_probe probe{};
    uint64_t probe_lo = 0, probe_hi = 0;
    bool aw_seen = false, w_seen = false; // halves of the AXI4-Lite write in progress
    uint32_t aw_addr = 0;

    // The engine's outputs sampled before each edge. Every field is rewritten each cycle;
    // they live here, zeroed once, so the bytes past a DATA_W beat stay zero without a
    // per-cycle memset (the checker copies whole samples).
    tce_axi_master_out master_out{};
    tce_smem_port_sample smem_sample{};

    // AXI4-Lite handshakes seen at the last edge
    bool aw_fired = false, w_fired = false, b_fired = false, ar_fired = false, r_fired = false;
    uint32_t r_data = 0;

    void step();
    void check_ports(const tce_axi_slave_out &ao, const tce_axi_master_out &mo,
                     const tce_smem_port_sample &q);
    tce_axil_sample axil_sample() const;
    void watchdog(uint32_t status);
    void note_handshakes(const tce_axi_slave_out &ao, const tce_axi_master_out &mo);
};

// The AXI4-Lite port as both sides drive it now.
tce_axil_sample tce_sim::axil_sample() const
{
    const tce_model_ports &io = tce_model_io(*top);
    tce_axil_sample l;
    l.awvalid = io.s_axil_awvalid;
    l.awready = io.s_axil_awready;
    l.awaddr = io.s_axil_awaddr;
    l.wvalid = io.s_axil_wvalid;
    l.wready = io.s_axil_wready;
    l.wdata = io.s_axil_wdata;
    l.wstrb = io.s_axil_wstrb;
    l.bvalid = io.s_axil_bvalid;
    l.bready = io.s_axil_bready;
    l.bresp = io.s_axil_bresp;
    l.arvalid = io.s_axil_arvalid;
    l.arready = io.s_axil_arready;
    l.araddr = io.s_axil_araddr;
    l.rvalid = io.s_axil_rvalid;
    l.rready = io.s_axil_rready;
    l.rdata = io.s_axil_rdata;
    l.rresp = io.s_axil_rresp;
    return l;
}

// Feed this edge's samples of all three ports to the protocol checker.
void tce_sim::check_ports(const tce_axi_slave_out &ao, const tce_axi_master_out &mo,
                          const tce_smem_port_sample &q)
{
    tce_axi_check_axi(&chk, cyc, &mo, &ao);
    tce_axil_sample l = axil_sample();
    tce_axi_check_axil(&chk, cyc, &l);
    // A register write is software making progress (a doorbell starts work); reads are not
    // (polling a hung engine must not keep the watchdog quiet).
    if (l.bvalid && l.bready)
        chk.last_progress = cyc;
    tce_axi_check_smem(&chk, cyc, &q);
    tce_axi_check_end_cycle(&chk);
}

// Called with each STATUS value software reads: busy with nothing moving for too long is a
// hang. The report says where: the registers, then what the ports have in flight.
void tce_sim::watchdog(uint32_t status)
{
    if (reporting || !fault.empty() || p.watchdog_cycles == 0 || (status & 1u) == 0 ||
        cyc - chk.last_progress < p.watchdog_cycles)
        return;
    reporting = true;
    uint32_t seq_issued = 0, seq_done = 0, err = 0;
    tce_sim_mmio_read(this, kSeqIssued, &seq_issued);
    tce_sim_mmio_read(this, kSeqDone, &seq_done);
    tce_sim_mmio_read(this, kErrCode, &err);
    reporting = false;
    char ports[1200];
    tce_axi_check_outstanding(&chk, cyc, ports, sizeof ports);
    std::string units = "; unit states:";
    for (const auto &w : kWatchedStates) {
        std::string scope = std::string(ctx->scopeFind("TOP.tce_engine") ? "TOP" : "tce_engine") +
                            ".tce_engine." + w.unit;
        const VerilatedScope *sc = ctx->scopeFind(scope.c_str());
        VerilatedVar *v = sc ? sc->varFind(w.var) : nullptr;
        char b[80];
        if (v && v->datap() && v->vltype() == VLVT_UINT8)
            std::snprintf(b, sizeof b, " %s.%s=%u", w.unit, w.var,
                          *static_cast<const uint8_t *>(v->datap()));
        else
            std::snprintf(b, sizeof b, " %s.%s=(not readable)", w.unit, w.var);
        units += b;
    }
    char head[300];
    std::snprintf(head, sizeof head,
                  "watchdog: engine busy with no progress for %llu cycles (cycle %llu): "
                  "STATUS=0x%08x (queued %u) SEQ_ISSUED=%u SEQ_DONE=%u (stuck on command %u) "
                  "ERR_CODE=0x%x; ",
                  (unsigned long long)(cyc - chk.last_progress), (unsigned long long)cyc, status,
                  (status >> 16) & 0xFFu, seq_issued, seq_done, seq_done + 1, err);
    fault = std::string(head) + ports + units;
}

// Updates the probe with the handshakes of the coming edge (signals sampled before it).
void tce_sim::note_handshakes(const tce_axi_slave_out &ao, const tce_axi_master_out &mo)
{
    if (aw_fired) {
        aw_seen = true;
        aw_addr = tce_model_io(*top).s_axil_awaddr;
    }
    w_seen = w_seen || w_fired;
    if (aw_seen && w_seen) {
        probe.wr_cycle = cyc;
        probe.wr_addr = aw_addr;
        aw_seen = w_seen = false;
    }
    if (mo.arvalid && ao.arready) {
        if (probe.ar_count++ == 0)
            probe.first_ar = cyc;
    }
    if (ao.rvalid && mo.rready) {
        uint64_t a = tce_axi_mem_r_burst_addr(&axi);
        if (a >= probe_lo && a < probe_hi) {
            if (probe.r_beats++ == 0)
                probe.first_r = cyc;
            probe.last_r = cyc;
        }
    }
    if (mo.wvalid && ao.wready) {
        if (probe.w_beats++ == 0)
            probe.first_w = cyc;
        probe.last_w = cyc;
    }
    if (smem_sample.mreq.valid && smem_sample.mreq_ready) {
        if (probe.tx_count++ == 0)
            probe.first_tx = cyc;
        probe.last_tx = cyc;
    }
}

void tce_sim::step()
{
    tce_model_ports &io = tce_model_io(*top); // the ports, without a reference per access
    tce_axi_slave_out ao;
    tce_axi_mem_outputs(&axi, cyc, &ao);
    io.m_axi_arready = ao.arready;
    io.m_axi_awready = ao.awready;
    io.m_axi_wready = ao.wready;
    io.m_axi_rvalid = ao.rvalid;
    io.m_axi_rid = ao.rid;
    bytes_to_wide(io.m_axi_rdata, ao.rdata);
    io.m_axi_rresp = ao.rresp;
    io.m_axi_rlast = ao.rlast;
    io.m_axi_bvalid = ao.bvalid;
    io.m_axi_bid = ao.bid;
    io.m_axi_bresp = ao.bresp;

    const tce_smem_rsp *sr = tce_smem_response(&sm, cyc);
    io.sm_req_ready = tce_smem_ready(&sm);
    io.sm_rsp_valid = sr != nullptr;
    static const uint8_t zero[TCE_SMEM_MAX_BYTES] = {0};
    bytes_to_wide(io.sm_rsp_rdata, sr ? sr->rdata : zero);
    io.sm_rsp_err = sr ? sr->err : 0;
    const tce_smem_rsp *mr = tce_smem_mbar_response(&sm, cyc);
    io.mb_req_ready = tce_smem_mbar_ready(&sm);
    io.mb_rsp_valid = mr != nullptr;
    io.mb_rsp_err = mr ? mr->err : 0;

    tce_model_settle(*top);
    if (waves.dumping(cyc))
        waves.dump(2 * cyc);

    tce_axi_master_out &mo = master_out;
    mo.arvalid = io.m_axi_arvalid;
    mo.arid = io.m_axi_arid;
    mo.araddr = io.m_axi_araddr;
    mo.arlen = io.m_axi_arlen;
    mo.arsize = io.m_axi_arsize;
    mo.arburst = io.m_axi_arburst;
    mo.rready = io.m_axi_rready;
    mo.awvalid = io.m_axi_awvalid;
    mo.awid = io.m_axi_awid;
    mo.awaddr = io.m_axi_awaddr;
    mo.awlen = io.m_axi_awlen;
    mo.awsize = io.m_axi_awsize;
    mo.awburst = io.m_axi_awburst;
    mo.wvalid = io.m_axi_wvalid;
    wide_to_bytes(io.m_axi_wdata, mo.wdata);
    mo.wstrb = io.m_axi_wstrb;
    mo.wlast = io.m_axi_wlast;
    mo.bready = io.m_axi_bready;

    // The shared-memory request as driven; the model takes it only with READY.
    tce_smem_port_sample &sq = smem_sample;
    sq.req.valid = io.sm_req_valid;
    sq.req.kind = io.sm_req_kind;
    sq.req.cta = io.sm_req_cta;
    sq.req.addr = io.sm_req_addr;
    wide_to_bytes(io.sm_req_wdata, sq.req.wdata);
    sq.req.wstrb = io.sm_req_wstrb;
    sq.req_ready = io.sm_req_ready;
    sq.rsp_valid = sr != nullptr;
    sq.mreq.valid = io.mb_req_valid;
    sq.mreq.cta = io.mb_req_cta;
    sq.mreq.addr = io.mb_req_addr;
    sq.mreq.tx_count = io.mb_req_tx_count;
    sq.mreq_ready = io.mb_req_ready;
    sq.mrsp_valid = mr != nullptr;

    aw_fired = io.s_axil_awvalid && io.s_axil_awready;
    w_fired = io.s_axil_wvalid && io.s_axil_wready;
    b_fired = io.s_axil_bvalid && io.s_axil_bready;
    ar_fired = io.s_axil_arvalid && io.s_axil_arready;
    r_fired = io.s_axil_rvalid && io.s_axil_rready;
    r_data = io.s_axil_rdata;
    irq = io.irq;
    if (io.rst_n)
        check_ports(ao, mo, sq);
    else {
        tce_axil_sample l = axil_sample();
        tce_axi_check_in_reset(&chk, cyc, &mo, &l, &sq);
    }
    if (chk.failed && fault.empty())
        fault = std::string("AXI protocol checker: ") + chk.first;
    note_handshakes(ao, mo);

    tce_model_rise(*top);
    if (waves.dumping(cyc))
        waves.dump(2 * cyc + 1);
    tce_axi_mem_edge(&axi, cyc, &ao, &mo);
    // The model takes a request valid while its port was ready (the READY just sampled).
    tce_smem_edge(&sm, cyc, &sq.req, &sq.mreq);
    cyc++;
}

extern "C" {

tce_sim_params tce_sim_default_params(void)
{
    tce_sim_params p;
    p.data_w = TCE_SIM_DATA_W;
    p.num_ctas = TCE_SIM_NUM_CTAS;
    p.smem_bytes = TCE_SIM_SMEM_BYTES;
    p.mem_latency = 8;
    p.smem_latency = 2;
    p.axi_reorder = 0;
    p.axi_stall_pct = 0;
    p.seed = 1;
    p.mem_latency_max = 0;
    p.axi_max_outstanding = 0;
    p.axi_bw_beats = 0;
    p.axi_bw_window = 0;
    p.watchdog_cycles = 200000;
    p.smem_stall_pct = 0;
    return p;
}

tce_sim *tce_sim_create(const tce_sim_params *p, char *err, size_t errlen)
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
    else if (p->mem_latency_max && p->mem_latency_max < p->mem_latency)
        why = "mem_latency_max: below mem_latency";
    else if (p->axi_bw_window && (p->axi_bw_beats == 0 || p->axi_bw_beats > p->axi_bw_window))
        why = "axi_bw_beats: must be 1..axi_bw_window";
    else if (p->smem_stall_pct >= 100)
        why = "smem_stall_pct: must be below 100 (at 100 the port never takes a request)";
    if (why) {
        if (err && errlen)
            std::snprintf(err, errlen, "tce_sim_create: %s", why);
        return nullptr;
    }
    auto *s = new tce_sim;
    s->p = *p;
    s->ctx = std::make_unique<VerilatedContext>();
    s->ctx->traceEverOn(true); // must precede the model; costs nothing until a trace opens
    // Every flip-flop and memory word without a reset starts at zero, or at a value drawn
    // from the seed (the models are Verilated with --x-initial unique): the state the
    // engine works from must come from its reset, as in hardware, where only an FPGA's
    // bitstream starts at zero. The netlist model starts random, the RTL models at zero;
    // TCE_SIM_INIT=random|zero in the environment chooses (docs/rtl.md). Set before the
    // model exists (its constructor draws).
    bool random_init = kRandomInitDefault;
    if (const char *e = std::getenv("TCE_SIM_INIT")) {
        if (std::strcmp(e, "random") && std::strcmp(e, "zero")) {
            if (err && errlen)
                std::snprintf(err, errlen, "tce_sim_create: TCE_SIM_INIT='%.40s': must be "
                              "random or zero", e);
            delete s;
            return nullptr;
        }
        random_init = !std::strcmp(e, "random");
    }
#ifdef TCE_SIM_COVERAGE
    // A counted model starts at zero: each bit a random start sets would count as a toggle
    // when reset or the first write clears it (docs/coverage.md). The normal build keeps
    // TCE_SIM_INIT's check that no state depends on its start.
    random_init = false;
#endif
    s->ctx->randReset(random_init ? 2 : 0);
    s->ctx->randSeed(static_cast<int>(p->seed % 0x7fffffffu) + 1);
    s->top = std::make_unique<Vtce_engine>(s->ctx.get(), "tce_engine");
    tce_axi_mem_init(&s->axi, kBeatBytes, p->mem_latency);
    tce_axi_mem_disorder(&s->axi, p->axi_reorder != 0, p->axi_stall_pct, p->seed);
    tce_axi_mem_latency_range(&s->axi, p->mem_latency, p->mem_latency_max);
    tce_axi_mem_outstanding(&s->axi, p->axi_max_outstanding, p->axi_max_outstanding);
    tce_axi_mem_bandwidth(&s->axi, p->axi_bw_beats, p->axi_bw_window);
    tce_axi_check_init(&s->chk, kBeatBytes, kBeatBytes, p->num_ctas);
    if (tce_smem_init(&s->sm, p->num_ctas, p->smem_bytes, kBeatBytes, p->smem_latency) != 0) {
        if (err && errlen)
            std::snprintf(err, errlen, "tce_sim_create: cannot allocate shared memories");
        tce_axi_mem_free(&s->axi);
        delete s;
        return nullptr;
    }
    tce_smem_stall(&s->sm, p->smem_stall_pct, p->seed);
    tce_sim_reset(s);
    tce_sim_probe_clear(s, 0, 0);
    return s;
}

#ifdef TCE_SIM_COVERAGE
// A coverage build (-DTCE_COVERAGE=ON): the counts live in the simulation's own context and
// die with it, so each simulation writes them to a file of its own, named by process and
// sequence, in $TCE_COVERAGE_DIR (default: the working directory) for verilator_coverage
// to merge (scripts/coverage.sh).
static void write_coverage(tce_sim *s)
{
    static unsigned seq;
    const char *dir = std::getenv("TCE_COVERAGE_DIR");
    std::string path = std::string(dir && *dir ? dir : ".") + "/tce-" +
                       std::to_string(static_cast<long>(getpid())) + "-" +
                       std::to_string(seq++) + ".dat";
    s->ctx->coveragep()->write(path.c_str());
}
#endif

void tce_sim_destroy(tce_sim *s)
{
    if (!s)
        return;
    tce_sim_trace(s, nullptr);
    s->top->final();
#ifdef TCE_SIM_COVERAGE
    write_coverage(s);
#endif
    tce_axi_mem_free(&s->axi);
    tce_smem_free(&s->sm);
    delete s;
}

void tce_sim_reset(tce_sim *s)
{
    s->top->s_axil_awvalid = 0;
    s->top->s_axil_wvalid = 0;
    s->top->s_axil_bready = 0;
    s->top->s_axil_arvalid = 0;
    s->top->s_axil_rready = 0;
    tce_axi_check_reset(&s->chk);
    s->chk.failed = false;
    s->fault.clear();
    // Reset falls before the first clock edge, as in hardware: the engine's asynchronous
    // resets act at once, so from its first cycle in reset it offers nothing. Left at 0
    // from the start, rst_n would have no falling edge, and a model started from random
    // state would drive that state until the first rising clock edge.
    s->top->rst_n = 1;
    tce_model_settle(*s->top);
    s->top->rst_n = 0;
    tce_axi_mem_reset(&s->axi);
    tce_smem_reset(&s->sm);
    for (int i = 0; i < 4; i++)
        s->step();
    s->top->rst_n = 1;
    tce_axi_check_reset(&s->chk);
    s->chk.last_progress = s->cyc;
    s->step();
}

// A register access the engine never answered fails the simulation.
static void bus_fault(tce_sim *s, const char *what, uint32_t addr)
{
    char b[160];
    std::snprintf(b, sizeof b,
                  "register bus: no AXI4-Lite response to a %s offset 0x%03x in %llu cycles "
                  "(cycle %llu)",
                  what, addr, (unsigned long long)kMmioTimeout, (unsigned long long)s->cyc);
    if (s->fault.empty())
        s->fault = b;
}

int tce_sim_mmio_write(tce_sim *s, uint32_t addr, uint32_t value)
{
    return tce_sim_mmio_write_strb(s, addr, value, 0xF);
}

int tce_sim_mmio_write_strb(tce_sim *s, uint32_t addr, uint32_t value, unsigned strb)
{
    if (!s->fault.empty())
        return -1;
    auto *t = s->top.get();
    t->s_axil_awvalid = 1;
    t->s_axil_awaddr = addr;
    t->s_axil_wvalid = 1;
    t->s_axil_wdata = value;
    t->s_axil_wstrb = strb & 0xFu;
    t->s_axil_bready = 1;
    for (uint64_t n = 0; n < kMmioTimeout; n++) {
        s->step();
        if (s->aw_fired)
            t->s_axil_awvalid = 0;
        if (s->w_fired)
            t->s_axil_wvalid = 0;
        if (s->b_fired) {
            t->s_axil_bready = 0;
            return s->fault.empty() ? 0 : -1;
        }
    }
    t->s_axil_awvalid = t->s_axil_wvalid = t->s_axil_bready = 0;
    bus_fault(s, "write to", addr);
    return -1;
}

int tce_sim_mmio_read(tce_sim *s, uint32_t addr, uint32_t *value)
{
    if (!s->fault.empty())
        return -1;
    auto *t = s->top.get();
    t->s_axil_arvalid = 1;
    t->s_axil_araddr = addr;
    t->s_axil_rready = 1;
    for (uint64_t n = 0; n < kMmioTimeout; n++) {
        s->step();
        if (s->ar_fired)
            t->s_axil_arvalid = 0;
        if (s->r_fired) {
            t->s_axil_rready = 0;
            *value = s->r_data;
            if (addr == kStatus)
                s->watchdog(s->r_data);
            return s->fault.empty() || s->reporting ? 0 : -1;
        }
    }
    t->s_axil_arvalid = t->s_axil_rready = 0;
    bus_fault(s, "read of", addr);
    return -1;
}

void tce_sim_run(tce_sim *s, uint64_t cycles)
{
    for (uint64_t i = 0; i < cycles; i++)
        s->step();
}

int tce_sim_run_until_idle(tce_sim *s, uint64_t max_cycles)
{
    const uint64_t end = s->cyc + max_cycles;
    while (s->cyc < end) {
        uint32_t st = 0;
        if (tce_sim_mmio_read(s, kStatus, &st) != 0)
            return -1;
        if ((st & 1u) == 0)
            return 0;
        tce_sim_run(s, 16);
    }
    return -1;
}

uint64_t tce_sim_cycles(const tce_sim *s) { return s->cyc; }

void tce_sim_probe_clear(tce_sim *s, uint64_t lo, uint64_t hi)
{
    uint64_t wr = s->probe.wr_cycle;
    uint32_t wa = s->probe.wr_addr;
    s->probe = tce_sim_probe{};
    s->probe.wr_cycle = wr; // the last register write stays known across a clear
    s->probe.wr_addr = wa;
    s->probe.first_ar = UINT64_MAX;
    s->probe.first_r = UINT64_MAX;
    s->probe.first_w = UINT64_MAX;
    s->probe.first_tx = UINT64_MAX;
    s->probe_lo = lo;
    s->probe_hi = hi;
}

tce_sim_probe tce_sim_probe_read(const tce_sim *s) { return s->probe; }
int tce_sim_irq(const tce_sim *s) { return s->irq; }
uint64_t tce_sim_reordered_beats(const tce_sim *s) { return s->axi.ooo_beats; }

int tce_sim_add_global(tce_sim *s, uint64_t base, uint64_t size)
{
    return tce_axi_mem_map(&s->axi, base, size);
}

int tce_sim_attach_global(tce_sim *s, uint64_t base, uint64_t size, uint8_t *bytes)
{
    return tce_axi_mem_attach(&s->axi, base, size, bytes);
}

void tce_sim_detach_global(tce_sim *s) { tce_axi_mem_detach_all(&s->axi); }

int tce_sim_attach_smem(tce_sim *s, unsigned cta, uint8_t *bytes, uint32_t size)
{
    if (cta >= s->sm.ncta || (bytes && size < s->sm.size))
        return -1;
    s->sm.mem[cta] = bytes ? bytes : s->sm.own[cta];
    return 0;
}

uint8_t *tce_sim_gmem(tce_sim *s, uint64_t addr, uint64_t len)
{
    return tce_axi_mem_ptr(&s->axi, addr, len);
}

uint8_t *tce_sim_smem(tce_sim *s, unsigned cta, uint32_t off, uint32_t len)
{
    if (cta >= s->sm.ncta || off > s->sm.size || len > s->sm.size - off)
        return nullptr;
    return s->sm.mem[cta] + off;
}

unsigned tce_sim_tx_count(const tce_sim *s) { return s->sm.ntx; }

const tce_sim_tx_event *tce_sim_tx_events(const tce_sim *s)
{
    auto *m = const_cast<tce_sim *>(s);
    m->tx_view.resize(s->sm.ntx);
    for (unsigned i = 0; i < s->sm.ntx; i++)
        m->tx_view[i] = {s->sm.tx[i].cta, s->sm.tx[i].mbar_off, s->sm.tx[i].bytes};
    return m->tx_view.data();
}

void tce_sim_tx_clear(tce_sim *s) { s->sm.ntx = 0; }

const char *tce_sim_fault(const tce_sim *s) { return s->fault.empty() ? nullptr : s->fault.c_str(); }

int tce_sim_inject_error(tce_sim *s, uint64_t base, uint64_t size, unsigned resp,
                         unsigned dirs)
{
    return tce_axi_mem_inject(&s->axi, base, size, resp, dirs);
}

void tce_sim_inject_clear(tce_sim *s) { tce_axi_mem_inject_clear(&s->axi); }

int tce_sim_trace_window(tce_sim *s, const char *path, uint64_t from, uint64_t to)
{
    return path ? s->waves.start(*s->top, path, from, to) : s->waves.stop();
}

int tce_sim_trace(tce_sim *s, const char *path) { return tce_sim_trace_window(s, path, 0, 0); }

} // extern "C"
