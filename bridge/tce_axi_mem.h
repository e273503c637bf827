/* Global memory behind the engine's AXI4 master: a cycle-stepped slave model in C.
 *
 * A read burst may answer `latency` cycles after its AR handshake; a write burst's B comes
 * `latency` cycles after its last W beat. A read beat in a page no mapping touches answers
 * DECERR; a write beat whose strobes name an unmapped byte answers DECERR on its B (its
 * mapped bytes are written). Bytes of a mapped page outside every mapping read as 0. By default bursts answer in arrival order, one beat
 * per cycle. With `reorder`, each R beat comes from a randomly chosen due burst among the
 * oldest burst of each ID (AXI allows any order and interleaving across IDs, never within
 * one), and with `stall_pct` every ready signal and R/B valid is withheld that percentage of
 * cycles (back-pressure). The randomness is a seeded generator, so a run is repeatable. */
#ifndef TCE_AXI_MEM_H
#define TCE_AXI_MEM_H

#include <stdbool.h>
#include <stdint.h>

#define TCE_AXI_MAX_REGIONS 16
#define TCE_AXI_MAX_BURSTS 64
#define TCE_AXI_MAX_BYTES 64   /* widest beat: 512 bits */

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
    bool err;            /* write: some beat hit unmapped memory */
} tce_axi_burst;

typedef struct {
    unsigned beat_bytes;
    unsigned latency;
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
    bool rready;
    bool awvalid;
    unsigned awid;
    uint64_t awaddr;
    unsigned awlen;
    bool wvalid;
    uint8_t wdata[TCE_AXI_MAX_BYTES];
    uint64_t wstrb;
    bool wlast;
    bool bready;
} tce_axi_master_out;

void tce_axi_mem_init(tce_axi_mem *m, unsigned beat_bytes, unsigned latency);
void tce_axi_mem_disorder(tce_axi_mem *m, bool reorder, unsigned stall_pct, uint64_t seed);
void tce_axi_mem_free(tce_axi_mem *m);
int tce_axi_mem_map(tce_axi_mem *m, uint64_t base, uint64_t size);
/* Use the caller's buffer as [base, base+size) (exactly, not page-rounded); the caller
 * keeps ownership. detach_all drops every attached region. */
int tce_axi_mem_attach(tce_axi_mem *m, uint64_t base, uint64_t size, uint8_t *bytes);
void tce_axi_mem_detach_all(tce_axi_mem *m);
uint8_t *tce_axi_mem_ptr(tce_axi_mem *m, uint64_t addr, uint64_t len);
void tce_axi_mem_reset(tce_axi_mem *m);
void tce_axi_mem_outputs(const tce_axi_mem *m, uint64_t cycle, tce_axi_slave_out *o);
/* Apply the handshakes of this clock edge. */
void tce_axi_mem_edge(tce_axi_mem *m, uint64_t cycle, const tce_axi_slave_out *o,
                      const tce_axi_master_out *in);

#endif
