/* Global memory behind the engine's AXI4 master: a cycle-stepped slave model in C.
 *
 * A read burst may answer `latency` cycles after its AR handshake; a write burst's B comes
 * `latency` cycles after its last W beat (with a latency range, each burst draws its own
 * latency from [lat_min, lat_max]). A read beat in a page no mapping touches answers
 * DECERR; bytes of a touched page outside every mapping read as 0, and a write beat whose
 * strobes name such a byte answers DECERR (its mapped bytes are written); a beat touching
 * an injected error range answers that range's response (SLVERR or DECERR) the same way. By default bursts answer in arrival order, one
 * beat per cycle. With `reorder`, each R beat comes from a randomly chosen due burst among
 * the oldest burst of each ID (AXI allows any order and interleaving across IDs, never
 * within one), and with `stall_pct` every ready signal and R/B valid is withheld that
 * percentage of cycles (back-pressure). An outstanding limit holds AR/AW ready low while
 * that many bursts are unanswered, and a bandwidth cap lets at most `bw_beats` data beats
 * (R and W together) through per `bw_window` cycles. The randomness is a seeded generator,
 * so a run is repeatable. */
#ifndef TCE_AXI_MEM_H
#define TCE_AXI_MEM_H

#include <stdbool.h>
#include <stdint.h>

#define TCE_AXI_MAX_REGIONS 16
#define TCE_AXI_MAX_BURSTS 64
#define TCE_AXI_MAX_BYTES 64   /* widest beat: 512 bits */
#define TCE_AXI_MAX_INJECT 8

/* AXI response codes (xRESP), and one injected behaviour that is no response: a burst
 * touching a TCE_AXI_HANG range is accepted and never answered (to test the watchdog). */
enum { TCE_AXI_OKAY = 0, TCE_AXI_EXOKAY = 1, TCE_AXI_SLVERR = 2, TCE_AXI_DECERR = 3,
       TCE_AXI_HANG = 4 };
/* Directions an injected error applies to. */
enum { TCE_AXI_INJECT_READ = 1, TCE_AXI_INJECT_WRITE = 2 };

typedef struct {
    uint64_t base, size;
    unsigned resp;       /* TCE_AXI_SLVERR, TCE_AXI_DECERR or TCE_AXI_HANG */
    unsigned dirs;       /* TCE_AXI_INJECT_READ | TCE_AXI_INJECT_WRITE */
} tce_axi_inject;

typedef struct {
    uint64_t base, size;
    uint8_t *bytes;
    bool owned;          /* allocated here (freed here) or attached by the caller */
} tce_axi_region;

typedef struct {
    uint64_t addr;       /* AxADDR as given */
    unsigned len;        /* beats */
    unsigned id;
    unsigned beat;       /* beats done */
    uint64_t due;        /* cycle from which it may answer */
    unsigned resp;       /* write: worst response of its beats so far (unmapped, injected) */
} tce_axi_burst;

typedef struct {
    unsigned beat_bytes;
    unsigned latency;      /* lat_min */
    unsigned lat_max;      /* > latency: each burst draws from [latency, lat_max] */
    unsigned max_rd, max_wr;   /* outstanding limits (read bursts; write bursts until B) */
    unsigned bw_beats, bw_window; /* bandwidth cap; bw_window 0: none */
    unsigned bw_credit;    /* in 1/bw_window beats: a beat costs bw_window */
    tce_axi_inject inj[TCE_AXI_MAX_INJECT];
    unsigned ninj;
    uint64_t injected;     /* beats answered with an injected error */
    unsigned nregions;
    tce_axi_region r[TCE_AXI_MAX_REGIONS];
    /* read bursts waiting or streaming, write bursts receiving data, write responses due */
    tce_axi_burst rq[TCE_AXI_MAX_BURSTS];
    unsigned nrq;
    tce_axi_burst wq[TCE_AXI_MAX_BURSTS];
    unsigned nwq;
    tce_axi_burst bq[TCE_AXI_MAX_BURSTS];
    unsigned nbq;
    /* disorder */
    bool reorder;
    unsigned stall_pct;
    uint64_t rng;
    unsigned rsel;      /* index in rq of the burst answering next */
    bool stall_ready;   /* this cycle: AR/AW/W ready withheld */
    bool stall_r;       /* this cycle: no R beat offered */
    bool stall_b;       /* this cycle: no B offered */
    bool r_held, b_held;/* a beat/response was offered and not taken: it must stay (AXI) */
    uint64_t ooo_beats; /* R beats answered ahead of an older burst (proof of disorder) */
} tce_axi_mem;

/* What the slave drives this cycle (computed from its state only, never from the master's
 * outputs of the same cycle, so there is no combinational loop). */
typedef struct {
    bool arready, awready, wready;
    bool rvalid;
    unsigned rid;
    uint8_t rdata[TCE_AXI_MAX_BYTES];
    unsigned rresp;
    bool rlast;
    bool bvalid;
    unsigned bid;
    unsigned bresp;
} tce_axi_slave_out;

/* What the master drove, sampled just before the clock edge. */
typedef struct {
    bool arvalid;
    unsigned arid;
    uint64_t araddr;
    unsigned arlen;
    unsigned arsize, arburst; /* the model assumes the beat size and INCR; the checker checks */
    bool rready;
    bool awvalid;
    unsigned awid;
    uint64_t awaddr;
    unsigned awlen;
    unsigned awsize, awburst;
    bool wvalid;
    uint8_t wdata[TCE_AXI_MAX_BYTES];
    uint64_t wstrb;
    bool wlast;
    bool bready;
} tce_axi_master_out;

void tce_axi_mem_init(tce_axi_mem *m, unsigned beat_bytes, unsigned latency);
void tce_axi_mem_disorder(tce_axi_mem *m, bool reorder, unsigned stall_pct, uint64_t seed);
/* Each burst's latency drawn from [lat_min, lat_max] (lat_min >= 1; equal: fixed). */
void tce_axi_mem_latency_range(tce_axi_mem *m, unsigned lat_min, unsigned lat_max);
/* At most max_rd read bursts accepted and not fully answered, and max_wr write bursts
 * accepted whose B was not yet taken (0: the model's capacity, TCE_AXI_MAX_BURSTS). */
void tce_axi_mem_outstanding(tce_axi_mem *m, unsigned max_rd, unsigned max_wr);
/* At most `beats` R and W beats together per `window` cycles on average (window 0: no cap). */
void tce_axi_mem_bandwidth(tce_axi_mem *m, unsigned beats, unsigned window);
/* Answer `resp` to every beat in direction(s) `dirs` that touches [base, base+size).
 * 0, or -1 (no room, empty range, resp not SLVERR/DECERR/HANG, no direction). */
int tce_axi_mem_inject(tce_axi_mem *m, uint64_t base, uint64_t size, unsigned resp,
                       unsigned dirs);
void tce_axi_mem_inject_clear(tce_axi_mem *m);
void tce_axi_mem_free(tce_axi_mem *m);
int tce_axi_mem_map(tce_axi_mem *m, uint64_t base, uint64_t size);
/* Use the caller's buffer as [base, base+size) (exactly, not page-rounded); the caller
 * keeps ownership. detach_all drops every attached region. */
int tce_axi_mem_attach(tce_axi_mem *m, uint64_t base, uint64_t size, uint8_t *bytes);
void tce_axi_mem_detach_all(tce_axi_mem *m);
uint8_t *tce_axi_mem_ptr(tce_axi_mem *m, uint64_t addr, uint64_t len);
void tce_axi_mem_reset(tce_axi_mem *m);
void tce_axi_mem_outputs(const tce_axi_mem *m, uint64_t cycle, tce_axi_slave_out *o);
/* Address (AxADDR) of the burst the R beat offered in o belongs to (o->rvalid set). */
uint64_t tce_axi_mem_r_burst_addr(const tce_axi_mem *m);
/* Apply the handshakes of this clock edge. */
void tce_axi_mem_edge(tce_axi_mem *m, uint64_t cycle, const tce_axi_slave_out *o,
                      const tce_axi_master_out *in);

#endif
