// tce_sc_engine: the copy engine as a SystemC TLM-2.0 module.
//
// Inside, the Verilated RTL (rtl/tce_engine.sv) runs cycle by cycle on the rising edges of
// `clk`; outside, every bus is a TLM-2.0 socket (loosely timed, blocking transport):
//
//   regs  (target)    32-bit register accesses -> AXI4-Lite on the RTL. b_transport waits
//                     (simulated time passes) until the RTL answers; BRESP/RRESP SLVERR ->
//                     TLM_GENERIC_ERROR_RESPONSE, DECERR -> TLM_ADDRESS_ERROR_RESPONSE.
//   gmem  (initiator) every AXI4 burst of the RTL -> one b_transport of the whole burst
//                     (beat-aligned address, len x beat_bytes(); writes carry byte enables).
//                     The annotated delay is when the first R beat / the B response is due.
//   smem  (initiator) every shared-memory request -> one b_transport to a shared-memory
//                     target: address = CTA rank [27:24] | offset [23:0]; an mbarrier
//                     complete-tx (the RTL's mbarrier port) is a 4-byte write of the count
//                     with bit 31 set.
//   irq   (sc_out)    the RTL's interrupt line, updated every cycle.
//   rst_n (sc_in)     active-low reset, sampled every cycle.
//
// See docs/systemc.md for the protocol, the timing and an sc_main example.
#ifndef TCE_SC_ENGINE_H
#define TCE_SC_ENGINE_H

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

class Vtce_engine;
class VerilatedContext;
class tce_wave_writer;

class tce_sc_engine : public sc_core::sc_module {
  public:
    sc_core::sc_in<bool> clk;
    sc_core::sc_in<bool> rst_n;
    sc_core::sc_out<bool> irq;
    tlm_utils::simple_target_socket<tce_sc_engine> regs;
    tlm_utils::simple_initiator_socket<tce_sc_engine> gmem;
    tlm_utils::simple_initiator_socket<tce_sc_engine> smem;

    static constexpr unsigned kMaxBeatBytes = 64;    // widest data path: 512 bits
    static constexpr unsigned kMaxOutstanding = 64;  // bursts / requests in flight per path
    static constexpr uint64_t kRegTimeoutCycles = 100000;

    tce_sc_engine(sc_core::sc_module_name name, sc_core::sc_time clock_period);
    ~tce_sc_engine() override;

    // Bytes per data beat: DATA_W / 8 of the verilated model this library was built with.
    static unsigned beat_bytes();
    uint64_t cycles() const { return cycles_; }
    // R bursts answered ahead of an older outstanding burst (other ID, shorter latency).
    uint64_t reordered_bursts() const { return reordered_; }
    // Waves of the RTL: start (path) or stop (nullptr): FST, or VCD when path ends in ".vcd",
    // of clock cycles [from, to) only (to 0: to the end); bridge/tce_wave_writer.h, the
    // same writer as the C bridge's. 0, or -1 on failure.
    int trace(const char *path, uint64_t from = 0, uint64_t to = 0);

  private:
    struct rd_burst {
        uint64_t seq, epoch;
        unsigned id, beats, beat = 0;
        uint64_t addr;
        std::vector<uint8_t> data;
        tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;
        sc_core::sc_time ready;
    };
    struct wr_burst {
        uint64_t epoch;
        unsigned id, beats, beat = 0;
        uint64_t addr;
        bool wlast_err = false;
        std::vector<uint8_t> data, be;
        tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;
        sc_core::sc_time ready;
    };
    static constexpr unsigned kCompleteTx = 2;   // sm_req.kind of an mbarrier-port request
    struct sm_req {
        uint64_t epoch;
        unsigned kind, cta;
        uint32_t addr, tx_count;
        uint64_t wstrb;
        uint8_t wdata[kMaxBeatBytes];
        bool err = false;
        uint8_t rdata[kMaxBeatBytes];
        sc_core::sc_time ready;
    };
    struct lite_req {
        bool active = false, write = false;
        bool addr_done = false, data_done = false, done = false;
        uint32_t addr = 0, data = 0, strb = 0;
        unsigned resp = 0;
    };

    sc_core::sc_time period_;
    std::unique_ptr<VerilatedContext> ctx_;
    std::unique_ptr<Vtce_engine> top_;
    std::unique_ptr<tce_wave_writer> waves_;
    uint64_t cycles_ = 0, reordered_ = 0, epoch_ = 0, rd_seq_ = 0;

    // global-memory read path: issued -> transported (ready at .ready) -> streamed
    std::deque<rd_burst> rd_issue_, rd_done_;
    int rd_cur_ = -1;                 // index in rd_done_ of the burst streaming R beats
    sc_core::sc_event rd_ev_;
    // write path: AW accepted and collecting W beats -> transported -> B due
    std::deque<wr_burst> wr_collect_, wr_issue_, wr_done_;
    sc_core::sc_event wr_ev_;
    // shared-memory path, strictly in order
    std::deque<sm_req> sm_issue_, sm_done_, mb_done_;
    sc_core::sc_event sm_ev_;
    // register path
    lite_req lite_;
    sc_core::sc_event lite_ev_, lite_free_ev_;

    void on_clock();
    void read_worker();
    void write_worker();
    void smem_worker();
    void reg_b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay);
    void drop_in_flight();
};

#endif
