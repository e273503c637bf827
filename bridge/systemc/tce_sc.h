/* tce_sc: a C API over the SystemC TLM-2.0 model of the engine (tce_sc_engine) in a small
 * platform: a clock, a reset, a host initiator for the registers, the global-memory target
 * (tce_sc_memory) and the shared-memory/mbarrier target (tce_sc_smem).
 *
 * The calls mirror bridge/tce_sim.h one for one (tce_sim_X -> tce_sc_X, same arguments and
 * results), so a harness written for the Verilator bridge runs on this model by renaming.
 * C-callable; C users never see C++.
 *
 * SystemC elaborates once per process: the first tce_sc_create builds the platform; after
 * tce_sc_destroy a later create reuses it (memories cleared, engine reset). Only one
 * instance can be live at a time; a second create while one is live fails by name. */
#ifndef TCE_SC_H
#define TCE_SC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tce_sc tce_sc;

typedef struct {
    unsigned data_w;        /* engine data path in bits; must match the built model (default 256) */
    unsigned num_ctas;      /* CTAs with a shared memory; must match the model (16) */
    uint32_t smem_bytes;    /* shared memory per CTA; must match the model (232448) */
    unsigned mem_latency;   /* global memory: cycles to first data / write response, >= 1 */
    unsigned smem_latency;  /* shared memory: cycles to the response, >= 1 */
    int axi_reorder;        /* 1: each global transaction draws its latency from
                             * [mem_latency, mem_latency_max], so bursts of different IDs
                             * answer out of order (TLM has no beat-level interleaving) */
    unsigned axi_stall_pct; /* accepted for tce_sim compatibility; TLM transport has no
                             * ready/valid to withhold, so it has no effect here */
    uint64_t seed;          /* latency draws; a run is repeatable for a given seed */
    unsigned mem_latency_max; /* upper latency bound with axi_reorder (0: 4 x mem_latency) */
    unsigned clock_ps;      /* clock period in picoseconds (default 1000: 1 GHz) */
} tce_sc_params;

tce_sc_params tce_sc_default_params(void);

/* NULL on failure, with the reason in err (naming the parameter). */
tce_sc *tce_sc_create(const tce_sc_params *p, char *err, size_t errlen);
void tce_sc_destroy(tce_sc *s);
/* Reset the engine (memories keep their contents; the complete-tx log is cleared). */
void tce_sc_reset(tce_sc *s);

/* Register access through the engine's TLM target socket (simulated time passes). 0, or -1
 * when the access failed (the TLM response was not OK: e.g. no answer within 100000
 * cycles). */
int tce_sc_mmio_write(tce_sc *s, uint32_t addr, uint32_t value);
int tce_sc_mmio_read(tce_sc *s, uint32_t addr, uint32_t *value);

void tce_sc_run(tce_sc *s, uint64_t cycles);
/* Run until STATUS.BUSY is 0 (polled over MMIO). 0 when idle, -1 after max_cycles. */
int tce_sc_run_until_idle(tce_sc *s, uint64_t max_cycles);
uint64_t tce_sc_cycles(const tce_sc *s);
/* Read bursts answered ahead of an older outstanding burst (with axi_reorder). */
uint64_t tce_sc_reordered_beats(const tce_sc *s);
int tce_sc_irq(const tce_sc *s);

int tce_sc_add_global(tce_sc *s, uint64_t base, uint64_t size);
int tce_sc_attach_global(tce_sc *s, uint64_t base, uint64_t size, uint8_t *bytes);
void tce_sc_detach_global(tce_sc *s);
int tce_sc_attach_smem(tce_sc *s, unsigned cta, uint8_t *bytes, uint32_t size);
uint8_t *tce_sc_gmem(tce_sc *s, uint64_t addr, uint64_t len);
uint8_t *tce_sc_smem(tce_sc *s, unsigned cta, uint32_t off, uint32_t len);

/* As tce_sim_inject_error: global transactions touching [base, base+size) fail, reads when
 * dirs bit 0 is set, writes when bit 1 is; resp 2 (AXI SLVERR) answers
 * TLM_GENERIC_ERROR_RESPONSE, 3 (DECERR) TLM_ADDRESS_ERROR_RESPONSE. The C bridge's resp 4
 * (hang) has no TLM equivalent: -1, as for other bad arguments. A TLM transaction is one
 * whole burst, so the burst fails as a whole where the C bridge fails the beats touching
 * the range (the engine reports both as TCE_ERR_GLOBAL_BUS). inject_clear removes every
 * injected error. */
int tce_sc_inject_error(tce_sc *s, uint64_t base, uint64_t size, unsigned resp, unsigned dirs);
void tce_sc_inject_clear(tce_sc *s);

typedef struct {
    unsigned cta;
    uint32_t mbar_off;
    uint32_t bytes;
} tce_sc_tx_event;
unsigned tce_sc_tx_count(const tce_sc *s);
const tce_sc_tx_event *tce_sc_tx_events(const tce_sc *s);
void tce_sc_tx_clear(tce_sc *s);

/* Waves of the RTL inside, as tce_sim_trace / tce_sim_trace_window: start writing path
 * (NULL: stop), FST or, when path ends in ".vcd", VCD (converted with GTKWave's fst2vcd when
 * the trace stops); the window form dumps only cycles [from, to) (to 0: to the end).
 * 0, or -1 on failure. */
int tce_sc_trace(tce_sc *s, const char *path);
int tce_sc_trace_window(tce_sc *s, const char *path, uint64_t from, uint64_t to);

#ifdef __cplusplus
}
#endif
#endif
