/* The engines `tce` can run operations on, behind one interface:
 *   csim      the golden model, called directly;
 *   regmodel  firmware driver -> register map -> register-level model -> golden model;
 *   rtl       firmware driver -> register map -> Verilated RTL through the bridge (only in
 *             a build with Verilator);
 *   systemc   the same, through the SystemC TLM model around the RTL (only in a build with
 *             Verilator and SystemC; one open at a time per process).
 * Every engine reports a tce_result like the golden model: status, why, tx_bytes, tx_ctas.
 * An operation an engine does not implement comes back as TCE_ERR_UNSUPPORTED. */
#ifndef TCE_ENGINES_H
#define TCE_ENGINES_H

#include "../../csim/csim.h"

typedef struct tce_engine tce_engine;

/* Shared memory per CTA of the hardware engines (rtl, systemc): the H100's 227 KB. The
 * bridge's model is built with it (bridge/CMakeLists.txt TCE_SIM_SMEM_BYTES; opening the
 * rtl engine checks they agree), and every tool that hands memories to an engine sizes
 * them with it. */
#define TCE_ENGINE_SMEM_BYTES 232448u

/* Memory timing of the hardware engines (the rtl bridge's global-memory model). */
typedef struct {
    unsigned mem_latency;   /* cycles, >= 1 */
    int axi_reorder;        /* answer reads out of order across IDs */
    unsigned axi_stall_pct; /* % of cycles the memory withholds ready/valid */
    uint64_t seed;
    /* rtl engine only (tce_sim_params): 0 leaves each at the bridge's default */
    unsigned mem_latency_max;     /* each burst's latency drawn from [mem_latency, this] */
    unsigned axi_max_outstanding; /* read (and write) bursts the memory accepts at once */
    unsigned axi_bw_beats, axi_bw_window; /* bandwidth cap: beats per window cycles */
    uint64_t watchdog_cycles;     /* busy with no handshake this long fails the run */
    unsigned smem_latency;        /* shared-memory response latency, cycles */
    unsigned smem_stall_pct;      /* % of cycles a shared-memory port is not ready */
} tce_engine_timing;

/* The name of this binary's Verilated engine: `rtl` (the RTL through bridge/), or, in
 * build/tce-netlist, `netlist`: the same bridge and backend around Yosys's netlist of the
 * engine (bridge/netlist.cmake, docs/rtl.md). A tce has one of the two. */
#ifdef TCE_NETLIST_ENGINE
#define TCE_HW_ENGINE "netlist"
#else
#define TCE_HW_ENGINE "rtl"
#endif

/* NULL when the name is unknown or that engine is not built into this binary; the reason
 * is then in tce_engine_open_error(). `timing` may be NULL (the bridge's defaults). */
tce_engine *tce_engine_open(const char *name);
tce_engine *tce_engine_open_timed(const char *name, const tce_engine_timing *timing);
const char *tce_engine_open_error(void);
void tce_engine_close(tce_engine *e);
const char *tce_engine_name(const tce_engine *e);
/* Whether this binary contains the rtl engine. */
bool tce_engine_have_rtl(void);

/* replay_exec_fn: one operation, waited for. */
tce_result tce_engine_exec(const tce_op *op, tce_memsys *ms, void *engine);

/* One complete-tx the engine applied (cta, mbarrier offset, bytes). */
typedef struct {
    unsigned cta;
    uint32_t mbar_off;
    uint32_t bytes;
} tce_engine_tx;

/* qsort order of complete-tx records (CTA, mbarrier offset, bytes): two engines' lists of one
 * operation compare equal once both are sorted, whatever order each applied them in. */
int tce_engine_tx_order(const void *a, const void *b);

#define TCE_ENGINE_MAX_QUEUE 16

/* Where the driver-based engines keep the firmware's map shadow (TCE_DRV_SHADOW_BYTES of
 * converted driver-format maps, docs/driver_maps.md): a window the runners add to the
 * engine's memories while it is attached. Below 4 GiB, for 32-bit address builds. */
#define TCE_ENGINE_MAP_SHADOW 0xFFFFF000ull
/* Add that window to ms (-1 with why when it overlaps a window or ms is full) and take it
 * off again. */
int tce_engine_shadow_add(tce_memsys *ms, char *why, size_t cap);
void tce_engine_shadow_remove(tce_memsys *ms);
#define TCE_ENGINE_MAX_TX (TCE_ENGINE_MAX_QUEUE * TCE_MAX_CTAS)

/* Queue n (<= TCE_ENGINE_MAX_QUEUE) operations before waiting for any, then wait for all.
 * res[i] is op i's status (tx_bytes/tx_ctas only where the engine can attribute them);
 * every complete-tx of the batch is listed in tx (*ntx of them) in the order applied.
 * Returns 0, or -1 when the engine hung (then every res not yet known says so). */
int tce_engine_exec_queue(tce_engine *e, const tce_op *ops, unsigned n, tce_memsys *ms,
                          tce_result *res, tce_engine_tx *tx, unsigned *ntx);

/* How many operations this engine answered TCE_ERR_UNSUPPORTED so far (replay tells a
 * gap in an engine from a wrong answer by it). */
unsigned long tce_engine_unsupported(const tce_engine *e);

/* The bytes read and written by the last tce_engine_exec_queue, failed operations counting
 * none: the statistics registers for a driver-based engine (0 when it hung), the golden
 * model's results summed for csim. */
void tce_engine_batch_stats(const tce_engine *e, uint64_t *bytes_read, uint64_t *bytes_written);

/* Engine clock cycles spent so far (0 for csim). */
uint64_t tce_engine_cycles(const tce_engine *e);

/* Whether this binary contains the systemc engine (the SystemC TLM model around the RTL). */
bool tce_engine_have_systemc(void);

/* FST waves of the engine's RTL to path (NULL: stop). 0, or -1 when the engine has no
 * waves (csim, regmodel) or the file cannot be opened. */
int tce_engine_trace(tce_engine *e, const char *path);

/* Global memory answers resp (2 SLVERR, 3 DECERR) to reads (dirs bit 0) / writes (bit 1)
 * touching [base, base+size), until cleared. 0, or -1 where the engine has no bus model
 * (only rtl has one) or no room is left. */
int tce_engine_inject_error(tce_engine *e, uint64_t base, uint64_t size, unsigned resp,
                            unsigned dirs);
void tce_engine_inject_clear(tce_engine *e);
/* The command field at fault (a TCE_CMDF_* index, as ERR_INFO.FIELD reports it; 255
 * FIELD_NONE when no single field is, or the result is OK): the golden model names it in
 * its result, a driver-based engine's result carries ERR_INFO.FIELD. */
unsigned tce_result_field(const tce_result *r);

/* Words for an engine error that came with none: what status means, at which command field,
 * with the field's value in op (op may be NULL) where the field has one entry. */
void tce_engine_explain(tce_status st, unsigned field, const tce_op *op, char *buf, size_t cap);

/* Why the engine's simulation failed (protocol violation, watchdog, dead bus), or "" . */
const char *tce_engine_fault(tce_engine *e);

#endif
