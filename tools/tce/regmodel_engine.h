/* Register-level model of the copy engine: the registers and command queue of
 * firmware/regmap.def behind a tce_bus, executing each command with the golden model.
 * It lets the driver be tested before the RTL exists; the driver later talks to the RTL
 * through the bridge with the same bus.
 *
 * Timing: every bus access is one engine clock. A command at the head of the queue
 * spends read_cycles reading its sources (then executes on the memories, so a source
 * may be reused once its group's reads are done), and write_cycles more before it
 * retires: only then do SEQ_DONE, its bulk async-group and its mbarrier complete-tx
 * show it. */
#ifndef REGMODEL_ENGINE_H
#define REGMODEL_ENGINE_H

#include "../../csim/csim.h"
#include "../../firmware/driver/tce_driver.h"

#define REGMODEL_MAX_GROUPS 64 /* committed-but-pending groups per CTA the model tracks */

/* Apply complete-tx(bytes) to the mbarrier at shared offset `off` of CTA `cta`.
 * Returns a status; on failure writes the cause into why. */
typedef tce_status (*regmodel_tx_fn)(void *ctx, tce_memsys *ms, unsigned cta, uint32_t off,
                                     uint32_t bytes, char *why, size_t why_cap);

typedef struct {
    uint32_t words[TCE_RM_CMD_WORDS];
    uint32_t seq;
    bool in_group;      /* completion is bulk_group: counted in its CTA's group */
    unsigned cta;
    uint32_t group;     /* absolute group number in that CTA's context */
} regmodel_cmd;

typedef struct {
    uint32_t total, rdone, wdone;
} regmodel_group;

typedef struct {
    uint32_t head, tail; /* committed groups are [head, tail); tail is the open group */
    regmodel_group g[REGMODEL_MAX_GROUPS];
} regmodel_groups;

typedef struct {
    /* configuration */
    tce_memsys *ms;
    uint32_t read_cycles, write_cycles;
    regmodel_tx_fn complete_tx;
    void *tx_ctx;

    /* registers */
    uint32_t ctrl, err_code, err_info, irq_status, group_sel;
    /* CLUSTER, SMEM_SIZE and GWIN_*: kept and read back only; this model's memory is ms */
    uint32_t cluster, smem_size, gwin[4][TCE_REG_GWIN_BASE_LO_COUNT];
    uint32_t staging[TCE_RM_CMD_WORDS];
    uint32_t seq_issued, seq_done;
    uint64_t cycles, rbytes, wbytes;
    uint32_t cmds_ok, cmds_err, latched_hi;

    /* queue and the head command's progress */
    regmodel_cmd q[TCE_RM_QUEUE_DEPTH];
    unsigned qhead, qcount;
    bool head_started, head_reads_done;
    uint32_t head_left;
    tce_result head_result;
    tce_op head_op;

    regmodel_groups grp[TCE_MAX_CTAS];

    /* observation, for tests and the runner (not registers) */
    char why[256];               /* the golden model's cause of the pending error */
    uint32_t desc_invalidations; /* CTRL.DESC_INVAL writes */
    uint64_t bus_accesses;
} regmodel;

/* The engine's complete-tx, on the golden mbarrier model (regmodel_mbar.c). */
tce_status regmodel_mbar_complete_tx(void *ctx, tce_memsys *ms, unsigned cta, uint32_t off,
                                     uint32_t bytes, char *why, size_t why_cap);

/* ms must outlive the model. complete_tx may be NULL (mbarrier completions ignored). */
void regmodel_init(regmodel *m, tce_memsys *ms, uint32_t read_cycles, uint32_t write_cycles,
                   regmodel_tx_fn complete_tx, void *tx_ctx);
tce_bus regmodel_bus(regmodel *m);
/* The driver's global-memory port (tensormap_replace) onto the memories ms. */
tce_gmem_port regmodel_gmem_port(tce_memsys *ms);
uint32_t regmodel_rd32(void *m, uint32_t off);
void regmodel_wr32(void *m, uint32_t off, uint32_t v);
/* The interrupt line. */
bool regmodel_irq(const regmodel *m);
/* Advance the clock without a bus access. */
void regmodel_step(regmodel *m, uint32_t cycles);

#endif
