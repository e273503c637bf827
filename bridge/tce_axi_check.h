/* A per-cycle protocol checker for the engine's three ports, fed by the bridge with what
 * both sides drove just before each clock edge:
 *   - the AXI4 master to global memory (handshake stability on every channel, burst
 *     limits, INCR only, beat size, no 4 KB crossing, WLAST on the right beat, W beats =
 *     AWLEN+1, R/B only for outstanding IDs, RLAST on the right beat);
 *   - the AXI4-Lite register slave (stability both ways, B/R only for a request);
 *   - the shared-memory port (request valid/payload stable until ready, a response only
 *     for an accepted request, aligned addresses, CTA in range);
 *   - while reset is asserted, no VALID on any port the engine drives.
 * The first violation is kept with its cycle, channel and rule; later ones are counted.
 * It also keeps what is outstanding (and since which cycle) for the watchdog's report.
 * Plain C with no simulator inside, so a unit test can drive it with hand-made traces. */
#ifndef TCE_AXI_CHECK_H
#define TCE_AXI_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tce_axi_mem.h"
#include "tce_smem_model.h"

#define TCE_CHECK_MAX_OUT 64 /* bursts tracked per direction */

/* The AXI4-Lite port, both sides (the bridge is the master, the engine the slave). */
typedef struct {
    bool awvalid, awready;
    uint32_t awaddr;
    bool wvalid, wready;
    uint32_t wdata;
    unsigned wstrb;
    bool bvalid, bready;
    unsigned bresp;
    bool arvalid, arready;
    uint32_t araddr;
    bool rvalid, rready;
    uint32_t rdata;
    unsigned rresp;
} tce_axil_sample;

/* The shared-memory port and the mbarrier port, both sides: each request as the engine
 * drives it (valid is its VALID, whether or not the memory is ready), READY, and whether a
 * response came. */
typedef struct {
    tce_smem_req req;
    bool req_ready;
    bool rsp_valid;
    tce_smem_mbar_req mreq;
    bool mreq_ready;
    bool mrsp_valid;
} tce_smem_port_sample;

typedef struct {
    uint64_t addr;
    unsigned id, len, beats; /* len = AxLEN+1; beats: data beats seen */
    uint64_t since;          /* cycle of the address handshake (writes: of the last W) */
} tce_check_burst;

typedef struct {
    unsigned beat_bytes, word_bytes, num_ctas;
    /* first violation */
    bool failed;
    uint64_t fail_cycle;
    char first[200];
    unsigned long violations;
    /* previous cycle's samples, for the stability rules */
    bool have_prev;
    tce_axi_master_out pm;
    tce_axi_slave_out ps;
    tce_axil_sample pl;
    tce_smem_port_sample pq;
    /* outstanding AXI4 bursts: reads (AR done), writes awaiting W beats, writes awaiting B */
    tce_check_burst rd[TCE_CHECK_MAX_OUT];
    unsigned nrd;
    tce_check_burst wr[TCE_CHECK_MAX_OUT];
    unsigned nwr;
    tce_check_burst bw[TCE_CHECK_MAX_OUT];
    unsigned nbw;
    /* AXI4-Lite: address/data accepted, response not yet */
    bool l_aw, l_w, l_ar;
    uint64_t l_since;
    /* shared-memory and mbarrier requests accepted and not yet answered */
    unsigned sm_out, mb_out;
    uint64_t sm_since, mb_since;
    uint64_t last_progress; /* cycle of the latest handshake on any port */
} tce_axi_check;

void tce_axi_check_init(tce_axi_check *c, unsigned beat_bytes, unsigned smem_word_bytes,
                        unsigned num_ctas);
/* Reset was asserted: forget everything in flight (violations stay). */
void tce_axi_check_reset(tce_axi_check *c);
/* One clock edge: feed all three ports, then call tce_axi_check_end_cycle. */
void tce_axi_check_axi(tce_axi_check *c, uint64_t cycle, const tce_axi_master_out *m,
                       const tce_axi_slave_out *s);
void tce_axi_check_axil(tce_axi_check *c, uint64_t cycle, const tce_axil_sample *l);
void tce_axi_check_smem(tce_axi_check *c, uint64_t cycle, const tce_smem_port_sample *p);
void tce_axi_check_end_cycle(tce_axi_check *c);
/* One clock edge while reset is asserted, instead of the three above: the engine must
 * offer nothing (AXI: a master drives ARVALID, AWVALID and WVALID low in reset, a slave
 * BVALID and RVALID; the same for the shared-memory and mbarrier requests). A request
 * offered then could be taken by a memory that is not in reset and answered after it. */
void tce_axi_check_in_reset(tce_axi_check *c, uint64_t cycle, const tce_axi_master_out *m,
                            const tce_axil_sample *l, const tce_smem_port_sample *q);
/* The first violation ("cycle C: CHANNEL: rule"), or NULL while there is none. */
const char *tce_axi_check_error(const tce_axi_check *c);
/* What is in flight on the ports, one clause per channel, for a hang report. */
void tce_axi_check_outstanding(const tce_axi_check *c, uint64_t now, char *out, size_t cap);

#endif
