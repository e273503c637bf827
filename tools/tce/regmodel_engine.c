/* Register-level model of the copy engine (see regmodel_engine.h). The behaviour of
 * every register follows its description in firmware/regmap.def. */
#include "regmodel_engine.h"

#include "engines.h"

#include <stdio.h>
#include <string.h>

static void soft_reset(regmodel *m)
{
    uint32_t keep_ctrl = m->ctrl & (TCE_RM_BIT(CTRL, ENABLE) | TCE_RM_BIT(CTRL, IRQ_EN));
    m->ctrl = keep_ctrl;
    m->err_code = m->err_info = m->irq_status = m->group_sel = 0;
    memset(m->staging, 0, sizeof m->staging);
    m->seq_issued = m->seq_done = 0;
    m->cycles = m->rbytes = m->wbytes = 0;
    m->cmds_ok = m->cmds_err = m->latched_hi = 0;
    m->qhead = m->qcount = 0;
    m->head_started = m->head_reads_done = false;
    m->head_left = 0;
    memset(m->grp, 0, sizeof m->grp);
    m->why[0] = '\0';
}

void regmodel_init(regmodel *m, tce_memsys *ms, uint32_t read_cycles, uint32_t write_cycles,
                   regmodel_tx_fn complete_tx, void *tx_ctx)
{
    memset(m, 0, sizeof *m);
    m->ms = ms;
    m->read_cycles = read_cycles;
    m->write_cycles = write_cycles;
    m->complete_tx = complete_tx;
    m->tx_ctx = tx_ctx;
    m->cluster = TCE_RM_PUT(CLUSTER, NCTA, 0, ms->ncta);
    m->smem_size = ms->smem_size;
    soft_reset(m);
}

static bool err_pending(const regmodel *m) { return m->err_code != 0; }

/* The first error is kept; later ones only add their flag bits. */
static void record_error(regmodel *m, tce_status st, unsigned field, const regmodel_cmd *c,
                         const char *why, uint32_t flags)
{
    if (m->err_code == 0) {
        m->err_code = TCE_RM_PUT(ERR_CODE, CODE, m->err_code, (uint32_t)st);
        uint32_t info = 0;
        info = TCE_RM_PUT(ERR_INFO, SEQ, info, c ? c->seq & 0xFFFFu : 0);
        info = TCE_RM_PUT(ERR_INFO, FIELD, info, field);
        info = TCE_RM_PUT(ERR_INFO, CTA, info, c ? tce_cmd_get(c->words, TCE_CMDF_CTA, 0) : 0);
        info = TCE_RM_PUT(ERR_INFO, KIND, info,
                          c ? tce_cmd_get(c->words, TCE_CMDF_OPCODE, 0) : 0);
        m->err_info = info;
        snprintf(m->why, sizeof m->why, "%s", why ? why : "");
    }
    m->err_code |= flags;
    m->irq_status |= TCE_RM_BIT(IRQ_STATUS, ERR);
}

static regmodel_group *group_of(regmodel *m, const regmodel_cmd *c)
{
    return &m->grp[c->cta].g[c->group % REGMODEL_MAX_GROUPS];
}

static void retire(regmodel *m, bool ok)
{
    regmodel_cmd *c = &m->q[m->qhead];
    if (c->in_group) {
        regmodel_group *g = group_of(m, c);
        if (!m->head_reads_done)
            g->rdone++;
        g->wdone++;
        if (g->wdone == g->total && c->group != m->grp[c->cta].tail)
            m->irq_status |= TCE_RM_BIT(IRQ_STATUS, GROUP);
    }
    if (ok)
        m->cmds_ok++;
    else
        m->cmds_err++;
    m->seq_done++;
    m->irq_status |= TCE_RM_BIT(IRQ_STATUS, DONE);
    m->qhead = (m->qhead + 1) % TCE_RM_QUEUE_DEPTH;
    m->qcount--;
    m->head_started = m->head_reads_done = false;
    if (m->qcount == 0)
        m->irq_status |= TCE_RM_BIT(IRQ_STATUS, IDLE);
}

/* The read point: decode and execute on the memories. False when the command failed
 * (it is then retired). */
static bool execute_head(regmodel *m)
{
    regmodel_cmd *c = &m->q[m->qhead];
    unsigned field = TCE_RM_FIELD_NONE;
    tce_status st = tce_cmd_unpack(c->words, &m->head_op, &field);
    if (st != TCE_OK) {
        record_error(m, st, field, c, "command word holds a value no instruction encodes", 0);
        retire(m, false);
        return false;
    }
    if (m->head_op.cta >= m->ms->ncta) {
        char why[96];
        snprintf(why, sizeof why, "issuing CTA %u is outside the %u-CTA cluster",
                 m->head_op.cta, m->ms->ncta);
        record_error(m, TCE_ERR_SHARED_RANGE, TCE_CMDF_CTA, c, why, 0);
        retire(m, false);
        return false;
    }
    /* The engine, like the RTL, fetches tce descriptors only (the firmware converts the
     * driver's maps): without this the golden model inside would read driver maps too. */
    const tce_op *op = &m->head_op;
    bool tensor = op->kind == TCE_OP_TENSOR_LOAD || op->kind == TCE_OP_TENSOR_STORE ||
                  op->kind == TCE_OP_TENSOR_REDUCE || op->kind == TCE_OP_TENSOR_PREFETCH;
    const uint8_t *d = tensor ? tce_gmem(m->ms, op->tmap_addr, 2) : NULL;
    if (d && !(op->tmap_addr & 63) && (d[0] != 0xE1 || d[1] != 0x7C)) {
        record_error(m, TCE_ERR_BAD_DESCRIPTOR, TCE_CMDF_TMAP_LO, c,
                     "the engine fetches tce descriptors only (no MAGIC at the map address)",
                     0);
        retire(m, false);
        return false;
    }
    m->head_result = tce_csim_execute(&m->head_op, m->ms);
    if (m->head_result.status != TCE_OK) {
        record_error(m, m->head_result.status, m->head_result.field, c,
                     m->head_result.why, 0);
        retire(m, false);
        return false;
    }
    m->rbytes += m->head_result.bytes_read;
    m->wbytes += m->head_result.bytes_written;
    if (c->in_group)
        group_of(m, c)->rdone++;
    m->head_reads_done = true;
    return true;
}

/* The write point: the command's effects become visible to its completion mechanism. */
static void finish_head(regmodel *m)
{
    regmodel_cmd *c = &m->q[m->qhead];
    const tce_op *op = &m->head_op;
    const tce_result *r = &m->head_result;
    if (op->completion == TCE_DONE_MBARRIER && m->complete_tx) {
        for (unsigned cta = 0; cta < m->ms->ncta; cta++) {
            if (!(r->tx_ctas & (1u << cta)))
                continue;
            char why[160] = "";
            tce_status st = m->complete_tx(m->tx_ctx, m->ms, cta, TCE_SADDR_OFF(op->mbar),
                                           r->tx_bytes, why, sizeof why);
            if (st != TCE_OK) {
                record_error(m, st, TCE_CMDF_MBAR, c, why, 0);
                retire(m, false);
                return;
            }
        }
    }
    retire(m, true);
}

/* One clock: the head command makes progress unless the engine is off or halted. */
static void tick(regmodel *m)
{
    if (!(m->ctrl & TCE_RM_BIT(CTRL, ENABLE)))
        return;
    m->cycles++;
    bool spent = false;
    while (m->qcount && !err_pending(m)) {
        if (!m->head_started) {
            m->head_started = true;
            m->head_reads_done = false;
            m->head_left = m->read_cycles;
        }
        if (m->head_left) {
            if (spent)
                return;
            m->head_left--;
            spent = true;
            continue;
        }
        if (!m->head_reads_done) {
            if (execute_head(m))
                m->head_left = m->write_cycles;
            continue;
        }
        finish_head(m);
    }
}

void regmodel_step(regmodel *m, uint32_t cycles)
{
    while (cycles--)
        tick(m);
}

/* Groups whose writes are complete leave the front: groups complete in commit order. */
static void retire_groups(regmodel_groups *gs)
{
    while (gs->head != gs->tail) {
        regmodel_group *g = &gs->g[gs->head % REGMODEL_MAX_GROUPS];
        if (g->wdone != g->total)
            break;
        gs->head++;
    }
}

static uint32_t pending_groups(regmodel *m, bool reads)
{
    regmodel_groups *gs = &m->grp[m->group_sel];
    retire_groups(gs);
    uint32_t n = 0;
    for (uint32_t i = gs->head; i != gs->tail; i++) {
        const regmodel_group *g = &gs->g[i % REGMODEL_MAX_GROUPS];
        if ((reads ? g->rdone : g->wdone) != g->total)
            n++;
    }
    return n;
}

static void doorbell(regmodel *m, uint32_t n)
{
    if (n < 1 || n > TCE_RM_CMD_WORDS) {
        record_error(m, TCE_OK, TCE_RM_FIELD_NONE, NULL, "DOORBELL word count out of range",
                     TCE_RM_BIT(ERR_CODE, BADLEN));
        return;
    }
    if (m->qcount == TCE_RM_QUEUE_DEPTH) {
        record_error(m, TCE_OK, TCE_RM_FIELD_NONE, NULL, "DOORBELL while the queue was full",
                     TCE_RM_BIT(ERR_CODE, OVERFLOW));
        return;
    }
    regmodel_cmd *c = &m->q[(m->qhead + m->qcount) % TCE_RM_QUEUE_DEPTH];
    memset(c, 0, sizeof *c);
    memcpy(c->words, m->staging, n * sizeof(uint32_t));
    c->seq = ++m->seq_issued;
    /* Program order decides the group: the CTA's open group at doorbell time. */
    c->cta = tce_cmd_get(c->words, TCE_CMDF_CTA, 0);
    c->in_group = tce_cmd_get(c->words, TCE_CMDF_COMPLETION, 0) == TCE_DONE_BULK_GROUP;
    if (c->in_group) {
        regmodel_groups *gs = &m->grp[c->cta];
        c->group = gs->tail;
        gs->g[gs->tail % REGMODEL_MAX_GROUPS].total++;
    }
    m->qcount++;
}

static void commit_group(regmodel *m)
{
    regmodel_groups *gs = &m->grp[m->group_sel];
    retire_groups(gs);
    if (gs->tail - gs->head >= REGMODEL_MAX_GROUPS - 1) {
        char why[96];
        snprintf(why, sizeof why, "CTA %u has %u bulk async-groups pending, the engine's limit",
                 m->group_sel, REGMODEL_MAX_GROUPS - 1);
        record_error(m, TCE_ERR_UNSUPPORTED, TCE_RM_FIELD_NONE, NULL, why, 0);
        return;
    }
    gs->tail++;
    memset(&gs->g[gs->tail % REGMODEL_MAX_GROUPS], 0, sizeof(regmodel_group));
}

uint32_t regmodel_rd32(void *vm, uint32_t off)
{
    regmodel *m = vm;
    m->bus_accesses++;
    tick(m);
    if (off >= TCE_REG_CMD && off < TCE_REG_AT(TCE_REG_CMD, TCE_RM_CMD_WORDS) && !(off & 3))
        return m->staging[(off - TCE_REG_CMD) / 4];
    if (off >= TCE_REG_GWIN_BASE_LO && off < TCE_REG_AT(TCE_REG_GWIN_SIZE_HI, TCE_REG_GWIN_SIZE_HI_COUNT) &&
        !(off & 3))
        return m->gwin[(off - TCE_REG_GWIN_BASE_LO) / 32][(off / 4) % 8];
    uint32_t v = 0;
    switch (off) {
    case TCE_REG_ID: return TCE_RM_ID_VALUE;
    case TCE_REG_CLUSTER: return m->cluster;
    case TCE_REG_SMEM_SIZE: return m->smem_size;
    case TCE_REG_VERSION:
        v = TCE_RM_PUT(VERSION, MAJOR, 0, TCE_RM_VERSION_MAJOR);
        return TCE_RM_PUT(VERSION, MINOR, v, TCE_RM_VERSION_MINOR);
    case TCE_REG_CAPS:
        v = TCE_RM_PUT(CAPS, DATA_BYTES, 0, TCE_RM_DATA_BYTES);
        v = TCE_RM_PUT(CAPS, NCTA, v, m->ms->ncta); /* the cluster actually attached */
        v = TCE_RM_PUT(CAPS, QUEUE_DEPTH, v, TCE_RM_QUEUE_DEPTH);
        return TCE_RM_PUT(CAPS, CMD_WORDS, v, TCE_RM_CMD_WORDS);
    case TCE_REG_CTRL: return m->ctrl;
    case TCE_REG_STATUS:
        v = TCE_RM_PUT(STATUS, BUSY, 0, m->qcount != 0);
        v = TCE_RM_PUT(STATUS, ERR, v, err_pending(m));
        v = TCE_RM_PUT(STATUS, QUEUE_FREE, v, TCE_RM_QUEUE_DEPTH - m->qcount);
        return TCE_RM_PUT(STATUS, QUEUED, v, m->qcount);
    case TCE_REG_ERR_CODE: return m->err_code;
    case TCE_REG_ERR_INFO: return m->err_info;
    case TCE_REG_IRQ_STATUS: return m->irq_status;
    case TCE_REG_SEQ_ISSUED: return m->seq_issued;
    case TCE_REG_SEQ_DONE: return m->seq_done;
    case TCE_REG_GROUP_SEL: return m->group_sel;
    case TCE_REG_GROUP_PENDING: return pending_groups(m, false);
    case TCE_REG_GROUP_READ_PENDING: return pending_groups(m, true);
    case TCE_REG_GROUP_OPEN: {
        uint32_t open = m->grp[m->group_sel].g[m->grp[m->group_sel].tail % REGMODEL_MAX_GROUPS].total;
        uint32_t top = tce_rm_mask(TCE_REG_GROUP_OPEN_COUNT_WIDTH);
        v = TCE_RM_PUT(GROUP_OPEN, COUNT, 0, open > top ? top : open);
        return TCE_RM_PUT(GROUP_OPEN, MORE, v, open > top);
    }
    case TCE_REG_STAT_CYCLES_LO: m->latched_hi = (uint32_t)(m->cycles >> 32); return (uint32_t)m->cycles;
    case TCE_REG_STAT_RBYTES_LO: m->latched_hi = (uint32_t)(m->rbytes >> 32); return (uint32_t)m->rbytes;
    case TCE_REG_STAT_WBYTES_LO: m->latched_hi = (uint32_t)(m->wbytes >> 32); return (uint32_t)m->wbytes;
    case TCE_REG_STAT_CYCLES_HI:
    case TCE_REG_STAT_RBYTES_HI:
    case TCE_REG_STAT_WBYTES_HI: return m->latched_hi;
    case TCE_REG_STAT_CMDS_OK: return m->cmds_ok;
    case TCE_REG_STAT_CMDS_ERR: return m->cmds_err;
    default: return 0; /* unmapped and write-only registers read 0 */
    }
}

void regmodel_wr32(void *vm, uint32_t off, uint32_t v)
{
    regmodel *m = vm;
    m->bus_accesses++;
    tick(m);
    if (off >= TCE_REG_CMD && off < TCE_REG_AT(TCE_REG_CMD, TCE_RM_CMD_WORDS) && !(off & 3)) {
        m->staging[(off - TCE_REG_CMD) / 4] = v;
        return;
    }
    if (off >= TCE_REG_GWIN_BASE_LO && off < TCE_REG_AT(TCE_REG_GWIN_SIZE_HI, TCE_REG_GWIN_SIZE_HI_COUNT) &&
        !(off & 3)) {
        m->gwin[(off - TCE_REG_GWIN_BASE_LO) / 32][(off / 4) % 8] = v;
        return;
    }
    switch (off) {
    case TCE_REG_CLUSTER: m->cluster = TCE_RM_PUT(CLUSTER, NCTA, 0, TCE_RM_GET(CLUSTER, NCTA, v)); break;
    case TCE_REG_SMEM_SIZE: m->smem_size = v; break;
    case TCE_REG_CTRL:
        m->ctrl = v & (TCE_RM_BIT(CTRL, ENABLE) | TCE_RM_BIT(CTRL, IRQ_EN));
        if (v & TCE_RM_BIT(CTRL, DESC_INVAL))
            m->desc_invalidations++;
        if (v & TCE_RM_BIT(CTRL, SOFT_RESET))
            soft_reset(m);
        break;
    case TCE_REG_ERR_CODE:
        m->err_code = m->err_info = 0;
        m->why[0] = '\0';
        break;
    case TCE_REG_IRQ_STATUS: m->irq_status &= ~v; break;
    case TCE_REG_DOORBELL: doorbell(m, v); break;
    case TCE_REG_GROUP_SEL: m->group_sel = TCE_RM_GET(GROUP_SEL, CTA, v); break;
    case TCE_REG_GROUP_COMMIT: commit_group(m); break;
    default: break; /* read-only and unmapped registers ignore writes */
    }
}

bool regmodel_irq(const regmodel *m)
{
    return (m->ctrl & TCE_RM_BIT(CTRL, IRQ_EN)) && m->irq_status != 0;
}

tce_bus regmodel_bus(regmodel *m)
{
    tce_bus b = {regmodel_rd32, regmodel_wr32, m};
    return b;
}

/* A port access succeeds only when the whole range is memory (tce_gmem checks it). */
static bool gmem_port_read(void *ctx, uint64_t addr, void *buf, uint32_t len)
{
    uint8_t *p = tce_gmem(ctx, addr, len);
    if (p)
        memcpy(buf, p, len);
    return p != NULL;
}

static bool gmem_port_write(void *ctx, uint64_t addr, const void *buf, uint32_t len)
{
    uint8_t *p = tce_gmem(ctx, addr, len);
    if (p)
        memcpy(p, buf, len);
    return p != NULL;
}

tce_gmem_port regmodel_gmem_port(tce_memsys *ms)
{
    tce_gmem_port p = {gmem_port_read, gmem_port_write, ms};
    return p;
}
