// A minimal virtual platform around tce_sc_engine, the one docs/systemc.md walks through:
// a clock, a reset, a CPU-like initiator that programs the engine through its register
// socket, global memory and the cluster's shared memory. The CPU copies 4 KB from global
// to CTA 2's shared memory with cp.async.bulk, waits for the interrupt, and checks the
// bytes and the mbarrier complete-tx. Exit status 0 when everything matched.
#include "tce_sc_engine.h"
#include "tce_sc_memory.h"

extern "C" {
#include "tce_cmd.h"   // the firmware's command packer (C): tce_op -> CMD words
}

#include <cstdio>
#include <cstring>

using namespace sc_core;

namespace {

constexpr uint64_t kGlobal = 0x80000000ull;

struct cpu : sc_module {
    tlm_utils::simple_initiator_socket<cpu> bus;
    sc_in<bool> irq;
    tce_sc_memory *gmem = nullptr;
    tce_sc_shared_memory *smem = nullptr;
    int result = 1;

    SC_HAS_PROCESS(cpu);
    explicit cpu(sc_module_name n) : sc_module(n), bus("bus"), irq("irq") { SC_THREAD(run); }

    bool reg(bool write, uint32_t addr, uint32_t &v)
    {
        tlm::tlm_generic_payload t;
        uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
        t.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
        t.set_address(addr);
        t.set_data_ptr(b);
        t.set_data_length(4);
        t.set_streaming_width(4);
        t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        sc_time d = SC_ZERO_TIME;
        bus->b_transport(t, d);
        wait(d);
        v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
        return t.is_response_ok();
    }
    bool wr(uint32_t addr, uint32_t v) { return reg(true, addr, v); }

    void run()
    {
        wait(10, SC_NS);   // past reset
        uint8_t *src = gmem->ptr(kGlobal, 4096);
        for (unsigned i = 0; i < 4096; i++)
            src[i] = (uint8_t)(i * 7 + 3);
        tce_op op;
        std::memset(&op, 0, sizeof op);
        op.kind = TCE_OP_BULK_COPY;
        op.src_space = TCE_SPACE_GLOBAL;
        op.dst_space = TCE_SPACE_SHARED_CTA;
        op.completion = TCE_DONE_MBARRIER;
        op.cta = 2;
        op.gaddr = kGlobal;
        op.saddr = 0x1000;
        op.size = 4096;
        op.mbar = 0x8;
        uint32_t w[TCE_RM_CMD_WORDS];
        tce_cmd_field_id bad;
        unsigned n = tce_cmd_pack(&op, w, &bad);
        bool ok = n > 0 && wr(TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE) | TCE_RM_BIT(CTRL, IRQ_EN));
        for (unsigned i = 0; ok && i < n; i++)
            ok = wr(TCE_REG_AT(TCE_REG_CMD, i), w[i]);
        ok = ok && wr(TCE_REG_DOORBELL, n);
        const sc_time start = sc_time_stamp();
        if (ok && !irq.read())
            wait(irq.posedge_event());
        uint32_t err = 0;
        ok = ok && reg(false, TCE_REG_ERR_CODE, err) && err == 0;
        ok = ok && std::memcmp(smem->ptr(2, 0x1000, 4096), src, 4096) == 0;
        ok = ok && smem->tx_log.size() == 1 && smem->tx_log[0].cta == 2 &&
             smem->tx_log[0].mbar_off == 0x8 && smem->tx_log[0].bytes == 4096;
        std::printf("example_sc_main: 4 KB bulk copy %s, doorbell to interrupt %s, %llu gmem "
                    "transactions\n",
                    ok ? "matched" : "FAILED", (sc_time_stamp() - start).to_string().c_str(),
                    (unsigned long long)gmem->transactions());
        result = ok ? 0 : 1;
        sc_stop();
    }
};

} // namespace

int sc_main(int, char **)
{
    const sc_time period(1, SC_NS);
    sc_clock clk("clk", period);
    sc_signal<bool> rst_n("rst_n"), irq("irq");

    tce_sc_engine engine("engine", period);
    tce_sc_memory gmem("gmem", period);
    tce_sc_shared_memory smem("smem", period, 16, 232448);
    cpu host("cpu");

    engine.clk(clk);
    engine.rst_n(rst_n);
    engine.irq(irq);
    host.irq(irq);
    host.bus.bind(engine.regs);      // CPU -> engine registers
    engine.gmem.bind(gmem.socket);   // engine -> global memory
    engine.smem.bind(smem.socket);   // engine -> shared memories and mbarriers
    host.gmem = &gmem;
    host.smem = &smem;

    gmem.map(kGlobal, 1 << 20);
    gmem.set_latency(20, 20, 1);     // 20 cycles to first data
    smem.set_latency(2);

    rst_n.write(false);
    sc_start(5 * period);            // hold reset for five cycles
    rst_n.write(true);
    sc_start(period * 200000.0);     // the CPU thread stops the simulation when done
    return host.result;
}
