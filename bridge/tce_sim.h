/* tce_sim: a C API over the Verilated tce_engine (rtl/tce_engine.sv) with its memories.
 *
 * Behind the engine's AXI4 master sits a global-memory model (tce_axi_mem.h) and behind its
 * shared-memory port one shared memory per CTA with an mbarrier complete-tx log
 * (tce_smem_model.h). Software talks to the engine only through MMIO, as a driver would;
 * the backdoor calls read and write the memories directly, without using simulated time.
 * C-callable; the implementation is the only C++ in the project (bridge/). */
#ifndef TCE_SIM_H
#define TCE_SIM_H

#include <stddef.h>
#include <stdint.h>

/* The clock the waves are drawn with: 100 MHz, a 10 ns period, so cycle c starts at
 * 10c ns (clock low) and its rising edge is at 10c + 5 ns. The model itself has no time;
 * this only labels the waves (docs/waves.md). */
#define TCE_WAVE_CLOCK_MHZ 100
#define TCE_WAVE_HALF_PERIOD_NS (1000 / TCE_WAVE_CLOCK_MHZ / 2)

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tce_sim tce_sim;

typedef struct {
    unsigned data_w;       /* engine data path in bits; must match the built model (256) */
    unsigned num_ctas;     /* CTAs with a shared memory, 1..16; must match the model (16) */
    uint32_t smem_bytes;   /* shared memory per CTA; must match the model (232448) */
    unsigned mem_latency;  /* cycles from AXI request to first response beat, >= 1 */
    unsigned smem_latency; /* cycles from shared-memory request to response, >= 1 */
    int axi_reorder;       /* 1: read answers in random order/interleaving across IDs */
    unsigned axi_stall_pct;/* % of cycles the global-memory model withholds ready/valid */
    uint64_t seed;         /* for the randomness; a run is repeatable for a given seed */
    unsigned mem_latency_max; /* > mem_latency: each burst draws from [mem_latency, this] */
    unsigned axi_max_outstanding; /* read bursts (and, separately, write bursts) the memory
                                     accepts before holding AR/AW ready low; 0: no limit */
    unsigned axi_bw_beats, axi_bw_window; /* at most this many R+W beats per window cycles;
                                             window 0: no bandwidth cap */
    uint64_t watchdog_cycles; /* STATUS.BUSY with no handshake on any port for this long is
                                 a hang (tce_sim_fault names what is stuck); 0: off */
    unsigned smem_stall_pct;  /* % of cycles each shared-memory port (data, mbarrier) holds
                                 its request READY low, drawn from seed; 0: never */
} tce_sim_params;

/* The parameters the model was built with (fill in latencies as wanted). */
tce_sim_params tce_sim_default_params(void);

/* NULL on failure, with the reason in err (naming the parameter). */
tce_sim *tce_sim_create(const tce_sim_params *p, char *err, size_t errlen);
void tce_sim_destroy(tce_sim *s);
/* Reset the engine (memories keep their contents; the complete-tx log is cleared). */
void tce_sim_reset(tce_sim *s);

/* AXI4-Lite register access through the engine's slave port; runs the clock. Returns 0, or
 * -1 when the engine did not answer within a bound (a hung bus is reported, not waited on)
 * or the simulation has failed (tce_sim_fault says why). */
int tce_sim_mmio_write(tce_sim *s, uint32_t addr, uint32_t value);
/* The same with WSTRB (bit b: byte b of value is written; bits above 3 are ignored). */
int tce_sim_mmio_write_strb(tce_sim *s, uint32_t addr, uint32_t value, unsigned strb);
int tce_sim_mmio_read(tce_sim *s, uint32_t addr, uint32_t *value);

void tce_sim_run(tce_sim *s, uint64_t cycles);
/* Run until STATUS.BUSY is 0 (polled over MMIO). 0 when idle, -1 after max_cycles. */
int tce_sim_run_until_idle(tce_sim *s, uint64_t max_cycles);
uint64_t tce_sim_cycles(const tce_sim *s);
/* R beats the global-memory model answered ahead of an older burst (with axi_reorder). */
uint64_t tce_sim_reordered_beats(const tce_sim *s);
/* The engine's interrupt line, as last sampled. */
int tce_sim_irq(const tce_sim *s);

/* Global memory: map [base, base+size) (page granular: the model maps whole 4 KB pages,
 * as a real memory system would). 0, or -1 if it overlaps a mapping or allocation fails. */
int tce_sim_add_global(tce_sim *s, uint64_t base, uint64_t size);
/* Run on the caller's memory instead of copying: global [base, base+size) is the caller's
 * buffer (mapped exactly, not page-rounded), and CTA cta's shared memory is `bytes`
 * (at least smem_bytes long; NULL gives the model's own back). The caller keeps ownership
 * and must detach before freeing. 0, or -1 on overlap / bad arguments. */
int tce_sim_attach_global(tce_sim *s, uint64_t base, uint64_t size, uint8_t *bytes);
void tce_sim_detach_global(tce_sim *s);
int tce_sim_attach_smem(tce_sim *s, unsigned cta, uint8_t *bytes, uint32_t size);
/* Backdoor pointers, NULL when [addr, addr+len) is not wholly mapped / in range. */
uint8_t *tce_sim_gmem(tce_sim *s, uint64_t addr, uint64_t len);
uint8_t *tce_sim_smem(tce_sim *s, unsigned cta, uint32_t off, uint32_t len);

/* mbarrier complete-tx requests the engine made, in order. */
typedef struct {
    unsigned cta;
    uint32_t mbar_off;
    uint32_t bytes;
} tce_sim_tx_event;
unsigned tce_sim_tx_count(const tce_sim *s);
const tce_sim_tx_event *tce_sim_tx_events(const tce_sim *s);
void tce_sim_tx_clear(tce_sim *s);

/* What crossed the engine's ports, for cycle figures (tce bench): cycle numbers as
 * tce_sim_cycles() counts them, each the cycle whose closing edge took the handshake. */
typedef struct {
    uint64_t wr_cycle;   /* the last AXI4-Lite write (AW and W both taken), its offset */
    uint32_t wr_addr;
    uint64_t ar_count;   /* AR handshakes since the clear */
    uint64_t first_ar;   /* cycle of the first; UINT64_MAX while none */
    uint64_t r_beats;    /* R handshakes of bursts whose AxADDR lies in the clear's window */
    uint64_t first_r, last_r; /* cycles of the first and last of those; UINT64_MAX / 0 */
    uint64_t w_beats;    /* AXI4 W handshakes since the clear (any address) */
    uint64_t first_w, last_w; /* cycles of the first and last of those; UINT64_MAX / 0 */
    uint64_t tx_count;   /* mbarrier complete-tx requests taken since the clear */
    uint64_t first_tx, last_tx; /* cycles of the first and last of those; UINT64_MAX / 0 */
} tce_sim_probe;
/* Zero the counters; R beats count only for bursts starting in [lo, hi). */
void tce_sim_probe_clear(tce_sim *s, uint64_t lo, uint64_t hi);
tce_sim_probe tce_sim_probe_read(const tce_sim *s);


/* Why the simulation failed, or NULL while it has not. Every edge is checked against the
 * AXI4 / AXI4-Lite / shared-memory port rules (tce_axi_check.h): the first violation
 * ("cycle C: CHANNEL: rule") fails it. So does the watchdog: a STATUS read that finds the
 * engine busy with no handshake on any port for watchdog_cycles; its report names the
 * registers (STATUS, SEQ_ISSUED, SEQ_DONE), the outstanding AXI bursts and since when, and
 * the shared-memory port. So does a register access the engine never answers. Once failed,
 * every MMIO access returns -1; tce_sim_reset clears the failure. */
const char *tce_sim_fault(const tce_sim *s);

/* Global memory answers `resp` (2 SLVERR, 3 DECERR) to every read (dirs bit 0) and/or
 * write (bit 1) beat touching [base, base+size); up to 8 ranges. 0, or -1. */
int tce_sim_inject_error(tce_sim *s, uint64_t base, uint64_t size, unsigned resp,
                         unsigned dirs);
void tce_sim_inject_clear(tce_sim *s);

/* Waves: start writing path (NULL: stop). FST, or VCD when path ends in ".vcd" (written as
 * FST and converted with GTKWave's fst2vcd when the trace stops). 0, or -1 on failure. */
int tce_sim_trace(tce_sim *s, const char *path);
/* The same, dumping only cycles [from, to) (to 0: to the end). */
int tce_sim_trace_window(tce_sim *s, const char *path, uint64_t from, uint64_t to);

#ifdef __cplusplus
}
#endif
#endif
