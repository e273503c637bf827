// TLM-2.0 memory targets for the SystemC engine model (tce_sc_engine.h):
//
//  tce_sc_memory - global memory: address windows (own pages or the caller's buffer),
//                  a fixed or seeded-random latency per transaction, and injected errors
//                  (TLM_ADDRESS_ERROR_RESPONSE / TLM_GENERIC_ERROR_RESPONSE at chosen
//                  address ranges). Unmapped bytes answer TLM_ADDRESS_ERROR_RESPONSE.
//  tce_sc_shared_memory   - the shared memories of one cluster, plus the mbarrier complete-tx
//                  requests, logged in order. Address map (docs/systemc.md):
//                    [27:24] CTA rank, [23:0] byte offset      shared-memory bytes
//                    bit 31 set, same rank/offset, 4-byte write  complete-tx of that count
//
// Both are loosely timed: b_transport never waits, it adds its latency to the annotated
// delay. A transaction is all or nothing: if any enabled byte is unmapped or hits an
// injected error, nothing is read or written and the whole transaction fails.
#ifndef TCE_SC_MEMORY_H
#define TCE_SC_MEMORY_H

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <vector>

class tce_sc_memory : public sc_core::sc_module {
  public:
    tlm_utils::simple_target_socket<tce_sc_memory> socket;

    tce_sc_memory(sc_core::sc_module_name name, sc_core::sc_time clock_period);
    ~tce_sc_memory() override;

    // Windows: map rounds out to whole 4 KB pages (as tce_axi_mem does); attach uses the
    // caller's buffer exactly. 0, or -1 on overlap / bad arguments / no memory.
    int map(uint64_t base, uint64_t size);
    int attach(uint64_t base, uint64_t size, uint8_t *bytes);
    void detach_all();
    void unmap_all();
    uint8_t *ptr(uint64_t addr, uint64_t len);

    // Latency in clock cycles from the request to the first data (reads) or to the
    // response (writes): uniform in [min, max] from a seeded generator, fixed if equal.
    void set_latency(unsigned min_cycles, unsigned max_cycles, uint64_t seed);
    // Transactions touching [base, base+size) fail with `status`: reads when dirs bit 0 is
    // set, writes when bit 1 is (the C bridge's TCE_AXI_INJECT_READ / _WRITE). 0, or -1 on
    // an empty range, an OK status or no direction.
    int inject_error(uint64_t base, uint64_t size, tlm::tlm_response_status status,
                     unsigned dirs = 3);
    void clear_errors();

    uint64_t transactions() const { return ntrans_; }

  private:
    struct region {
        uint64_t base, size;
        uint8_t *bytes;
        bool owned;
    };
    struct fault {
        uint64_t base, size;
        tlm::tlm_response_status status;
        unsigned dirs;
    };
    std::vector<region> regions_;
    std::vector<fault> faults_;
    sc_core::sc_time period_;
    unsigned lat_min_ = 8, lat_max_ = 8;
    uint64_t rng_ = 1;
    uint64_t ntrans_ = 0;

    bool overlaps(uint64_t base, uint64_t size) const;
    unsigned next_latency();
    tlm::tlm_response_status access(tlm::tlm_generic_payload &t);
    void b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay);
    unsigned transport_dbg(tlm::tlm_generic_payload &t);
};

// Complete-tx requests as the shared-memory target saw them.
struct tce_sc_tx_record {
    unsigned cta;
    uint32_t mbar_off;
    uint32_t bytes;
};

class tce_sc_shared_memory : public sc_core::sc_module {
  public:
    static constexpr uint64_t kCompleteTxBit = 1ull << 31;
    tlm_utils::simple_target_socket<tce_sc_shared_memory> socket;

    tce_sc_shared_memory(sc_core::sc_module_name name, sc_core::sc_time clock_period, unsigned num_ctas,
                uint32_t bytes_per_cta);

    void set_latency(unsigned cycles) { latency_ = cycles; }
    // Replace CTA cta's memory by the caller's (at least bytes_per_cta long); NULL restores
    // the model's own. 0, or -1 on bad arguments.
    int attach(unsigned cta, uint8_t *bytes, uint32_t size);
    uint8_t *ptr(unsigned cta, uint32_t off, uint32_t len);
    void clear_own();   // zero the model's own memories (a fresh platform)

    std::vector<tce_sc_tx_record> tx_log;

  private:
    sc_core::sc_time period_;
    unsigned ncta_;
    uint32_t size_;
    unsigned latency_ = 2;
    std::vector<std::vector<uint8_t>> own_;
    std::vector<uint8_t *> mem_;

    tlm::tlm_response_status access(tlm::tlm_generic_payload &t);
    void b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay);
    unsigned transport_dbg(tlm::tlm_generic_payload &t);
};

#endif
