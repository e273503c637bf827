// tce_sc_engine: the Verilated RTL clocked by SystemC, its buses adapted to TLM-2.0; see
// tce_sc_engine.h.
//
// One rising edge of clk is one RTL cycle, exactly as in bridge/tce_sim.cpp: the adapters
// drive the RTL's inputs from their own state, the RTL settles with its clock low, every
// valid/ready pair is sampled, the RTL's clock rises, and the adapters apply the
// handshakes of that edge. Bus transactions are carried out by three worker threads (global
// reads, global writes, shared memory), so a target that waits inside b_transport stalls
// only its own path, never the clock. A transaction's result becomes visible to the RTL at
// the first edge at or after (time of the request + annotated delay).
// Verilator's headers come first: seeing SystemC's, they would assume a SystemC-mode model
// (this one is a plain C++ model clocked by hand).
#include "Vtce_engine.h"
#include "verilated.h"

#include "tce_model_edge.h"
#include "tce_sc_engine.h"
#include "tce_wave_writer.h"

#include <algorithm>
#include <cstring>

using sc_core::sc_time;
using sc_core::SC_ZERO_TIME;
using tlm::tlm_generic_payload;
using tlm::tlm_response_status;

namespace {

#ifndef TCE_SIM_DATA_W
#error "TCE_SIM_DATA_W must be the DATA_W the model was verilated with"
#endif
constexpr unsigned kB = TCE_SIM_DATA_W / 8;   // bytes per beat of the verilated model
static_assert(kB >= 16 && kB <= tce_sc_engine::kMaxBeatBytes,
              "the adapters handle 128- to 512-bit data paths (wide Verilator signals)");

template <typename W> void bytes_to_wide(W &w, const uint8_t *b)
{
    for (unsigned i = 0; i < kB / 4; i++)
        w[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 |
               (uint32_t)b[4 * i + 3] << 24;
}
template <typename W> void wide_to_bytes(const W &w, uint8_t *b)
{
    for (unsigned i = 0; i < kB / 4; i++)
        for (unsigned k = 0; k < 4; k++)
            b[4 * i + k] = (uint8_t)(w[i] >> (8 * k));
}

// AXI response code for a TLM status: address errors are decode errors, the rest slave
// errors.
unsigned axi_resp(tlm_response_status s)
{
    if (s == tlm::TLM_OK_RESPONSE)
        return 0;
    return s == tlm::TLM_ADDRESS_ERROR_RESPONSE ? 3u : 2u;
}

void set_plain(tlm_generic_payload &p, tlm::tlm_command cmd, uint64_t addr, uint8_t *data,
               unsigned len, uint8_t *be)
{
    p.set_command(cmd);
    p.set_address(addr);
    p.set_data_ptr(data);
    p.set_data_length(len);
    p.set_streaming_width(len);
    p.set_byte_enable_ptr(be);
    p.set_byte_enable_length(be ? len : 0);
    p.set_dmi_allowed(false);
    p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
}

} // namespace

SC_HAS_PROCESS(tce_sc_engine);

unsigned tce_sc_engine::beat_bytes() { return kB; }

tce_sc_engine::tce_sc_engine(sc_core::sc_module_name name, sc_time clock_period)
    : sc_module(name), clk("clk"), rst_n("rst_n"), irq("irq"), regs("regs"), gmem("gmem"),
      smem("smem"), period_(clock_period)
{
    ctx_ = std::make_unique<VerilatedContext>();
    ctx_->traceEverOn(true);   // must precede the model; costs nothing until a trace opens
    top_ = std::make_unique<Vtce_engine>(ctx_.get(), "tce_engine");
    waves_ = std::make_unique<tce_wave_writer>();
    regs.register_b_transport(this, &tce_sc_engine::reg_b_transport);
    SC_METHOD(on_clock);
    sensitive << clk.pos();
    dont_initialize();
    SC_THREAD(read_worker);
    SC_THREAD(write_worker);
    SC_THREAD(smem_worker);
}

tce_sc_engine::~tce_sc_engine()
{
    waves_->stop();
    top_->final();
}

int tce_sc_engine::trace(const char *path, uint64_t from, uint64_t to)
{
    return path ? waves_->start(*top_, path, from, to) : waves_->stop();
}

// Reset: what the RTL had outstanding is forgotten. Transactions already inside a worker
// still complete on the bus (a memory cannot un-see them) but their answers are dropped.
void tce_sc_engine::drop_in_flight()
{
    epoch_++;
    rd_done_.clear();
    rd_cur_ = -1;
    wr_collect_.clear();
    wr_done_.clear();
    sm_done_.clear();
    mb_done_.clear();
    if (lite_.active && !lite_.done) {
        lite_.done = true;
        lite_.resp = 2;
        lite_ev_.notify(SC_ZERO_TIME);
    }
}

void tce_sc_engine::on_clock()
{
    Vtce_engine *t = top_.get();
    const sc_time now = sc_core::sc_time_stamp();
    const bool in_reset = !rst_n.read();
    if (in_reset)
        drop_in_flight();
    t->rst_n = in_reset ? 0 : 1;

    // ---- drive the RTL's inputs from the adapters' state
    const bool arready = rd_issue_.size() + rd_done_.size() < kMaxOutstanding;
    const bool awready = wr_collect_.size() + wr_issue_.size() + wr_done_.size() < kMaxOutstanding;
    const bool wready = !wr_collect_.empty();   // AXI4: W beats follow their AW, in order
    if (rd_cur_ < 0) {
        // Answer the burst whose data is due first; within one ID only the oldest may
        // answer (AXI orders a single ID, never across IDs). rd_done_ is in issue order.
        unsigned seen_ids = 0;   // bit i: an older burst of ID i is waiting
        for (size_t i = 0; i < rd_done_.size(); i++) {
            const rd_burst &b = rd_done_[i];
            const unsigned idbit = 1u << (b.id & 31u);
            if (!(seen_ids & idbit) && b.ready <= now &&
                (rd_cur_ < 0 || b.ready < rd_done_[(size_t)rd_cur_].ready))
                rd_cur_ = (int)i;
            seen_ids |= idbit;
        }
        if (rd_cur_ > 0)
            reordered_++;
    }
    t->m_axi_arready = arready;
    t->m_axi_awready = awready;
    t->m_axi_wready = wready;
    uint8_t beat[kB] = {0};
    if (rd_cur_ >= 0) {
        const rd_burst &b = rd_done_[(size_t)rd_cur_];
        std::memcpy(beat, b.data.data() + (size_t)b.beat * kB, kB);
        t->m_axi_rvalid = 1;
        t->m_axi_rid = b.id;
        t->m_axi_rresp = axi_resp(b.status);
        t->m_axi_rlast = b.beat + 1 == b.beats;
    } else {
        t->m_axi_rvalid = 0;
        t->m_axi_rid = 0;
        t->m_axi_rresp = 0;
        t->m_axi_rlast = 0;
    }
    bytes_to_wide(t->m_axi_rdata, beat);
    const bool bvalid = !wr_done_.empty() && wr_done_.front().ready <= now;
    t->m_axi_bvalid = bvalid;
    t->m_axi_bid = bvalid ? wr_done_.front().id : 0;
    t->m_axi_bresp = bvalid ? axi_resp(wr_done_.front().status) : 0;

    // Both ports' requests share one in-order queue to the smem socket (a complete-tx only
    // ever follows data that has been answered), and each port has its own answers.
    const bool sm_ready = sm_issue_.size() + sm_done_.size() + mb_done_.size() < kMaxOutstanding;
    const bool sm_rsp = !sm_done_.empty() && sm_done_.front().ready <= now;
    const bool mb_rsp = !mb_done_.empty() && mb_done_.front().ready <= now;
    t->sm_req_ready = sm_ready;
    t->sm_rsp_valid = sm_rsp;
    uint8_t zero[kB] = {0};
    bytes_to_wide(t->sm_rsp_rdata, sm_rsp ? sm_done_.front().rdata : zero);
    t->sm_rsp_err = sm_rsp && sm_done_.front().err;
    t->mb_req_ready = sm_ready;
    t->mb_rsp_valid = mb_rsp;
    t->mb_rsp_err = mb_rsp && mb_done_.front().err;

    t->s_axil_awvalid = lite_.active && !lite_.done && lite_.write && !lite_.addr_done;
    t->s_axil_awaddr = lite_.addr;
    t->s_axil_wvalid = lite_.active && !lite_.done && lite_.write && !lite_.data_done;
    t->s_axil_wdata = lite_.data;
    t->s_axil_wstrb = lite_.strb;
    t->s_axil_bready = lite_.active && !lite_.done && lite_.write;
    t->s_axil_arvalid = lite_.active && !lite_.done && !lite_.write && !lite_.addr_done;
    t->s_axil_araddr = lite_.addr;
    t->s_axil_rready = lite_.active && !lite_.done && !lite_.write;

    // ---- settle with the clock low and sample every handshake of this edge
    tce_model_settle(*t);
    if (waves_->dumping(cycles_))
        waves_->dump(2 * cycles_);
    const bool ar_fire = t->m_axi_arvalid && arready;
    const bool aw_fire = t->m_axi_awvalid && awready;
    const bool w_fire = t->m_axi_wvalid && wready;
    const bool r_fire = rd_cur_ >= 0 && t->m_axi_rready;
    const bool b_fire = bvalid && t->m_axi_bready;
    const bool sm_fire = t->sm_req_valid && sm_ready;
    const bool mb_fire = t->mb_req_valid && sm_ready;
    const unsigned arid = t->m_axi_arid, arlen = t->m_axi_arlen;
    const uint64_t araddr = t->m_axi_araddr;
    const unsigned awid = t->m_axi_awid, awlen = t->m_axi_awlen;
    const uint64_t awaddr = t->m_axi_awaddr;
    uint8_t wdata[kB];
    wide_to_bytes(t->m_axi_wdata, wdata);
    const uint64_t wstrb = t->m_axi_wstrb;
    const bool wlast = t->m_axi_wlast;
    sm_req rq{};
    if (sm_fire) {
        rq.epoch = epoch_;
        // Kinds 2 and 3 are no data-port request: answered as errors (the worker's default).
        rq.kind = t->sm_req_kind <= 1 ? t->sm_req_kind : 3;
        rq.cta = t->sm_req_cta;
        rq.addr = t->sm_req_addr;
        wide_to_bytes(t->sm_req_wdata, rq.wdata);
        rq.wstrb = t->sm_req_wstrb;
    }
    sm_req mq{};
    if (mb_fire) {
        mq.epoch = epoch_;
        mq.kind = kCompleteTx;
        mq.cta = t->mb_req_cta;
        mq.addr = t->mb_req_addr;
        mq.tx_count = t->mb_req_tx_count;
    }
    const bool l_aw = t->s_axil_awvalid && t->s_axil_awready;
    const bool l_w = t->s_axil_wvalid && t->s_axil_wready;
    const bool l_b = t->s_axil_bvalid && t->s_axil_bready;
    const bool l_ar = t->s_axil_arvalid && t->s_axil_arready;
    const bool l_r = t->s_axil_rvalid && t->s_axil_rready;
    const unsigned l_bresp = t->s_axil_bresp, l_rresp = t->s_axil_rresp;
    const uint32_t l_rdata = t->s_axil_rdata;
    const bool irq_now = t->irq;

    // ---- the edge
    tce_model_rise(*t); // inputs unchanged since the settle (tce_model_edge.h)
    if (waves_->dumping(cycles_))
        waves_->dump(2 * cycles_ + 1);

    // ---- apply the handshakes
    if (r_fire) {
        rd_burst &b = rd_done_[(size_t)rd_cur_];
        if (++b.beat == b.beats) {
            rd_done_.erase(rd_done_.begin() + rd_cur_);
            rd_cur_ = -1;
        }
    }
    if (b_fire)
        wr_done_.pop_front();
    if (w_fire) {
        wr_burst &b = wr_collect_.front();
        if (b.beat < b.beats) {
            std::memcpy(b.data.data() + (size_t)b.beat * kB, wdata, kB);
            for (unsigned i = 0; i < kB; i++)
                b.be[(size_t)b.beat * kB + i] = ((wstrb >> i) & 1u) ? 0xFF : 0x00;
        }
        b.beat++;
        // WLAST must mark exactly the burst's last beat; a mismatch is a slave error.
        if (wlast != (b.beat == b.beats))
            b.wlast_err = true;
        if (wlast || b.beat == b.beats) {
            wr_issue_.push_back(std::move(b));
            wr_collect_.pop_front();
            wr_ev_.notify(SC_ZERO_TIME);
        }
    }
    if (ar_fire) {
        rd_burst b;
        b.seq = rd_seq_++;
        b.epoch = epoch_;
        b.id = arid;
        b.beats = arlen + 1;
        b.addr = araddr & ~(uint64_t)(kB - 1);   // AXI INCR: beats are beat-aligned
        rd_issue_.push_back(std::move(b));
        rd_ev_.notify(SC_ZERO_TIME);
    }
    if (aw_fire) {
        wr_burst b;
        b.epoch = epoch_;
        b.id = awid;
        b.beats = awlen + 1;
        b.addr = awaddr & ~(uint64_t)(kB - 1);
        b.data.assign((size_t)b.beats * kB, 0);
        b.be.assign((size_t)b.beats * kB, 0);
        wr_collect_.push_back(std::move(b));
    }
    if (sm_rsp)
        sm_done_.pop_front();   // the ports have no response back-pressure
    if (mb_rsp)
        mb_done_.pop_front();
    if (sm_fire)
        sm_issue_.push_back(rq);
    if (mb_fire)
        sm_issue_.push_back(mq);
    if (sm_fire || mb_fire)
        sm_ev_.notify(SC_ZERO_TIME);
    if (lite_.active && !lite_.done) {
        if (l_aw || l_ar)
            lite_.addr_done = true;
        if (l_w)
            lite_.data_done = true;
        if (l_b || l_r) {
            lite_.done = true;
            lite_.resp = l_b ? l_bresp : l_rresp;
            if (l_r)
                lite_.data = l_rdata;
            lite_ev_.notify(SC_ZERO_TIME);
        }
    }
    irq.write(irq_now);
    cycles_++;
}

void tce_sc_engine::read_worker()
{
    tlm_generic_payload p;
    for (;;) {
        while (rd_issue_.empty())
            wait(rd_ev_);
        rd_burst b = rd_issue_.front();   // stays queued (and counted) until transported
        b.data.assign((size_t)b.beats * kB, 0);
        set_plain(p, tlm::TLM_READ_COMMAND, b.addr, b.data.data(), b.beats * kB, nullptr);
        sc_time d = SC_ZERO_TIME;
        gmem->b_transport(p, d);
        b.status = p.get_response_status();
        b.ready = sc_core::sc_time_stamp() + d;
        rd_issue_.pop_front();
        if (b.epoch == epoch_)
            rd_done_.push_back(std::move(b));
    }
}

void tce_sc_engine::write_worker()
{
    tlm_generic_payload p;
    for (;;) {
        while (wr_issue_.empty())
            wait(wr_ev_);
        wr_burst b = wr_issue_.front();
        sc_time d = SC_ZERO_TIME;
        if (b.wlast_err) {
            b.status = tlm::TLM_GENERIC_ERROR_RESPONSE;   // malformed: not forwarded
        } else {
            bool all = std::all_of(b.be.begin(), b.be.end(), [](uint8_t v) { return v != 0; });
            set_plain(p, tlm::TLM_WRITE_COMMAND, b.addr, b.data.data(), b.beats * kB,
                      all ? nullptr : b.be.data());
            gmem->b_transport(p, d);
            b.status = p.get_response_status();
        }
        b.ready = sc_core::sc_time_stamp() + d;
        wr_issue_.pop_front();
        if (b.epoch == epoch_)
            wr_done_.push_back(std::move(b));
    }
}

void tce_sc_engine::smem_worker()
{
    tlm_generic_payload p;
    for (;;) {
        while (sm_issue_.empty())
            wait(sm_ev_);
        sm_req r = sm_issue_.front();
        const uint64_t where = ((uint64_t)(r.cta & 0xFu) << 24) | (r.addr & 0xFFFFFFu);
        uint8_t be[kB];
        uint8_t count[4];
        sc_time d = SC_ZERO_TIME;
        bool sent = true;
        switch (r.kind) {
        case 0: // read
            set_plain(p, tlm::TLM_READ_COMMAND, where, r.rdata, kB, nullptr);
            break;
        case 1: // write, byte strobes as byte enables
            for (unsigned i = 0; i < kB; i++)
                be[i] = ((r.wstrb >> i) & 1u) ? 0xFF : 0x00;
            set_plain(p, tlm::TLM_WRITE_COMMAND, where, r.wdata, kB, be);
            break;
        case kCompleteTx: // from the mbarrier port: the count, little-endian, in the complete-tx window
            for (unsigned i = 0; i < 4; i++)
                count[i] = (uint8_t)(r.tx_count >> (8 * i));
            set_plain(p, tlm::TLM_WRITE_COMMAND, where | (1ull << 31), count, 4, nullptr);
            break;
        default:
            sent = false;
        }
        if (sent) {
            smem->b_transport(p, d);
            r.err = p.get_response_status() != tlm::TLM_OK_RESPONSE;
        } else {
            r.err = true;
        }
        r.ready = sc_core::sc_time_stamp() + d;
        sm_issue_.pop_front();
        if (r.epoch == epoch_)
            (r.kind == kCompleteTx ? mb_done_ : sm_done_).push_back(r);
    }
}

void tce_sc_engine::reg_b_transport(tlm_generic_payload &p, sc_time &delay)
{
    // The access takes place at the initiator's local time.
    wait(delay);
    delay = SC_ZERO_TIME;
    const uint64_t a = p.get_address();
    if (p.get_command() == tlm::TLM_IGNORE_COMMAND) {
        p.set_response_status(tlm::TLM_OK_RESPONSE);
        return;
    }
    if (p.get_data_length() != 4 || p.get_streaming_width() < 4) {
        p.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);   // registers are 32-bit
        return;
    }
    if (a > 0xFFC || a % 4) {
        p.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE); // 4 KB register window
        return;
    }
    uint32_t strb = 0xF;
    if (const unsigned char *be = p.get_byte_enable_ptr()) {
        unsigned n = p.get_byte_enable_length();
        strb = 0;
        for (unsigned i = 0; i < 4; i++)
            strb |= (n == 0 || be[i % n]) ? (1u << i) : 0u;
    }
    unsigned char *d = p.get_data_ptr();
    while (lite_.active)
        wait(lite_free_ev_);   // one register access at a time on the AXI4-Lite port
    lite_ = lite_req{};
    lite_.active = true;
    lite_.write = p.is_write();
    lite_.addr = (uint32_t)a;
    lite_.strb = strb;
    if (lite_.write)
        lite_.data = (uint32_t)d[0] | (uint32_t)d[1] << 8 | (uint32_t)d[2] << 16 |
                     (uint32_t)d[3] << 24;
    wait(period_ * (double)kRegTimeoutCycles, lite_ev_);
    if (!lite_.done) {
        p.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);   // the RTL never answered
    } else {
        if (!lite_.write)
            for (unsigned i = 0; i < 4; i++)
                d[i] = (uint8_t)(lite_.data >> (8 * i));
        p.set_response_status(lite_.resp == 0   ? tlm::TLM_OK_RESPONSE
                              : lite_.resp == 3 ? tlm::TLM_ADDRESS_ERROR_RESPONSE
                                                : tlm::TLM_GENERIC_ERROR_RESPONSE);
    }
    lite_ = lite_req{};
    lite_free_ev_.notify(SC_ZERO_TIME);
}
