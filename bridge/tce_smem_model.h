/* The shared memories of one cluster behind the engine's shared-memory port and mbarrier
 * port, with the mbarrier complete-tx requests logged in order. Requests are accepted unless
 * a stall was asked for (tce_smem_stall: each port holds READY low on a share of cycles, so
 * the engine's waits on a busy port run); each gets one response on its own port, in order,
 * `latency` cycles later (docs/rtl.md, "Shared-memory port", "mbarrier port"). */
#ifndef TCE_SMEM_MODEL_H
#define TCE_SMEM_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#define TCE_SMEM_MAX_CTAS 16
#define TCE_SMEM_MAX_BYTES 64
#define TCE_SMEM_PIPE 64

/* Data-port request kinds (rtl/generated/tce_op_pkg.sv SM_*, generated from this enum); complete-tx has a port of its own. */
enum { TCE_SMEM_READ = 0, TCE_SMEM_WRITE = 1 };

typedef struct {
    unsigned cta;
    uint32_t mbar_off;
    uint32_t bytes;
} tce_smem_tx;

typedef struct {
    uint64_t due;
    bool err;
    bool data;   /* rdata holds the word a read returns; other answers drive zeros */
    uint8_t rdata[TCE_SMEM_MAX_BYTES];
} tce_smem_rsp;

typedef struct {
    unsigned ncta;
    uint32_t size;
    unsigned word_bytes;
    unsigned latency;
    uint8_t *mem[TCE_SMEM_MAX_CTAS];
    uint8_t *own[TCE_SMEM_MAX_CTAS];   /* the model's own buffers; mem[] may point elsewhere */
    /* Answers in flight, oldest at [head]: rings, so retiring one moves no bytes. */
    tce_smem_rsp pipe[TCE_SMEM_PIPE];
    unsigned npipe, head;
    tce_smem_rsp mpipe[TCE_SMEM_PIPE];   /* the mbarrier port's answers (err only) */
    unsigned nmpipe, mhead;
    tce_smem_tx *tx;
    unsigned ntx, captx;
    /* READY withheld on stall_pct % of cycles, drawn per port and cycle from rng */
    unsigned stall_pct;
    uint64_t rng;
    bool stall, mstall;
} tce_smem_model;

typedef struct {
    bool valid;
    unsigned kind, cta;
    uint32_t addr;
    uint8_t wdata[TCE_SMEM_MAX_BYTES];
    uint64_t wstrb;
} tce_smem_req;

/* A complete-tx on the mbarrier port: subtract tx_count from the tx-count of the mbarrier
 * at byte offset addr (8-byte aligned) of CTA cta. */
typedef struct {
    bool valid;
    unsigned cta;
    uint32_t addr;
    uint32_t tx_count;
} tce_smem_mbar_req;

int tce_smem_init(tce_smem_model *m, unsigned ncta, uint32_t size, unsigned word_bytes,
                  unsigned latency);
void tce_smem_free(tce_smem_model *m);
void tce_smem_reset(tce_smem_model *m);
/* Hold each port's READY low on pct % of cycles (0: never; below 100), drawn from seed. */
void tce_smem_stall(tce_smem_model *m, unsigned pct, uint64_t seed);
bool tce_smem_ready(const tce_smem_model *m);
bool tce_smem_mbar_ready(const tce_smem_model *m);
/* The response offered this cycle on the data port / the mbarrier port, or NULL. */
const tce_smem_rsp *tce_smem_response(const tce_smem_model *m, uint64_t cycle);
const tce_smem_rsp *tce_smem_mbar_response(const tce_smem_model *m, uint64_t cycle);
/* Apply this edge: retire the offered responses, accept the requests that are valid while
 * their port is ready as it was before the edge (the data request first, then the
 * complete-tx). */
void tce_smem_edge(tce_smem_model *m, uint64_t cycle, const tce_smem_req *req,
                   const tce_smem_mbar_req *mreq);

#endif
