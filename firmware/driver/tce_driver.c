/* The copy-engine driver (see tce_driver.h). Every wait is a bounded register poll that
 * also watches STATUS.ERR, so an engine error ends a wait at once instead of as a
 * timeout, and a stuck engine ends it with a TIMEOUT that says what was awaited. */
#include "tce_driver.h"

#include "tce_text.h"

static uint32_t rd(tce_drv *d, uint32_t off) { return d->bus.rd32(d->bus.ctx, off); }
static void wr(tce_drv *d, uint32_t off, uint32_t v) { d->bus.wr32(d->bus.ctx, off, v); }

const char *tce_drv_rc_name(tce_drv_rc rc)
{
    switch (rc) {
    case TCE_DRV_OK: return "ok";
    case TCE_DRV_TIMEOUT: return "timeout";
    case TCE_DRV_ENGINE_ERROR: return "engine error";
    case TCE_DRV_BAD_ARG: return "bad argument";
    case TCE_DRV_NO_ENGINE: return "no engine";
    case TCE_DRV_REJECTED: return "doorbell rejected";
    }
    return "?";
}

/* Record the cause: "<what> <number>" (number omitted when ~0). */
static tce_drv_rc say(tce_drv *d, tce_drv_rc rc, const char *what, const char *what2,
                      uint64_t num)
{
    tce_text t;
    tce_text_start(&t, d->why, sizeof d->why);
    tce_text_str(&t, what);
    tce_text_str(&t, what2);
    if (num != ~(uint64_t)0)
        tce_text_dec(&t, num);
    return rc;
}

static const uint64_t NO_NUM = ~(uint64_t)0;

tce_drv_rc tce_drv_init(tce_drv *d, tce_bus bus, uint32_t poll_limit)
{
    d->bus = bus;
    d->poll_limit = poll_limit ? poll_limit : 1000000u;
    d->why[0] = '\0';
    d->maps.convert = 0;
    uint32_t id = rd(d, TCE_REG_ID);
    if (id != TCE_RM_ID_VALUE)
        return say(d, TCE_DRV_NO_ENGINE, "ID register reads ", "", id);
    uint32_t ver = rd(d, TCE_REG_VERSION);
    if (TCE_RM_GET(VERSION, MAJOR, ver) != TCE_RM_VERSION_MAJOR)
        return say(d, TCE_DRV_NO_ENGINE, "register map major version is ", "",
                   TCE_RM_GET(VERSION, MAJOR, ver));
    uint32_t caps = rd(d, TCE_REG_CAPS);
    d->data_bytes = TCE_RM_GET(CAPS, DATA_BYTES, caps);
    d->ncta = TCE_RM_GET(CAPS, NCTA, caps);
    d->queue_depth = TCE_RM_GET(CAPS, QUEUE_DEPTH, caps);
    d->cmd_words = TCE_RM_GET(CAPS, CMD_WORDS, caps);
    if (d->cmd_words < 1 || d->cmd_words > TCE_RM_CMD_WORDS)
        return say(d, TCE_DRV_NO_ENGINE, "CAPS.CMD_WORDS is ", "", d->cmd_words);
    return tce_drv_reset(d);
}

tce_drv_rc tce_drv_set_memory(tce_drv *d, unsigned ncta, uint32_t smem_bytes,
                              const tce_drv_window *w, unsigned n)
{
    if (ncta < 1 || ncta > d->ncta)
        return say(d, TCE_DRV_BAD_ARG, "cluster of CTAs beyond the engine's CAPS.NCTA: ", "",
                   ncta);
    if (n > TCE_REG_GWIN_BASE_LO_COUNT)
        return say(d, TCE_DRV_BAD_ARG, "more global windows than GWIN registers: ", "", n);
    for (unsigned i = 0; i < n; i++)
        if (w[i].size == 0 || w[i].base + w[i].size < w[i].base)
            return say(d, TCE_DRV_BAD_ARG, "global window empty or wrapping past 2^64: ", "", i);
    wr(d, TCE_REG_CLUSTER, TCE_RM_PUT(CLUSTER, NCTA, 0, ncta));
    wr(d, TCE_REG_SMEM_SIZE, smem_bytes);
    for (unsigned i = 0; i < TCE_REG_GWIN_BASE_LO_COUNT; i++) {
        uint64_t base = i < n ? w[i].base : 0, size = i < n ? w[i].size : 0;
        wr(d, TCE_REG_AT(TCE_REG_GWIN_BASE_LO, i), (uint32_t)base);
        wr(d, TCE_REG_AT(TCE_REG_GWIN_BASE_HI, i), (uint32_t)(base >> 32));
        wr(d, TCE_REG_AT(TCE_REG_GWIN_SIZE_LO, i), (uint32_t)size);
        wr(d, TCE_REG_AT(TCE_REG_GWIN_SIZE_HI, i), (uint32_t)(size >> 32));
    }
    return TCE_DRV_OK;
}

tce_drv_rc tce_drv_reset(tce_drv *d)
{
    wr(d, TCE_REG_CTRL, TCE_RM_BIT(CTRL, SOFT_RESET));
    wr(d, TCE_REG_CTRL, TCE_RM_BIT(CTRL, ENABLE));
    d->last_seq = rd(d, TCE_REG_SEQ_ISSUED);
    uint32_t st = rd(d, TCE_REG_STATUS);
    if (TCE_RM_GET(STATUS, BUSY, st) || TCE_RM_GET(STATUS, ERR, st))
        return say(d, TCE_DRV_TIMEOUT, "engine still busy or in error after soft reset", "",
                   NO_NUM);
    return TCE_DRV_OK;
}

static void ctrl_bit(tce_drv *d, uint32_t bit, bool on)
{
    uint32_t c = rd(d, TCE_REG_CTRL);
    c = on ? (c | bit) : (c & ~bit);
    wr(d, TCE_REG_CTRL, c & (TCE_RM_BIT(CTRL, ENABLE) | TCE_RM_BIT(CTRL, IRQ_EN)));
}

void tce_drv_enable(tce_drv *d, bool on) { ctrl_bit(d, TCE_RM_BIT(CTRL, ENABLE), on); }
void tce_drv_irq_enable(tce_drv *d, bool on) { ctrl_bit(d, TCE_RM_BIT(CTRL, IRQ_EN), on); }
uint32_t tce_drv_irq_status(tce_drv *d) { return rd(d, TCE_REG_IRQ_STATUS); }
void tce_drv_irq_ack(tce_drv *d, uint32_t bits) { wr(d, TCE_REG_IRQ_STATUS, bits); }

static bool error_pending(tce_drv *d, uint32_t status)
{
    if (!TCE_RM_GET(STATUS, ERR, status))
        return false;
    say(d, TCE_DRV_ENGINE_ERROR, "the engine reports an error (read ERR_CODE)", "", NO_NUM);
    return true;
}

static bool uses_map(const tce_op *op)
{
    return op->kind == TCE_OP_TENSOR_LOAD || op->kind == TCE_OP_TENSOR_STORE ||
           op->kind == TCE_OP_TENSOR_REDUCE || op->kind == TCE_OP_TENSOR_PREFETCH;
}

tce_drv_rc tce_drv_submit(tce_drv *d, const tce_op *op, uint32_t *seq)
{
    tce_op converted;
    if (d->maps.convert && uses_map(op)) {
        converted = *op;
        tce_drv_rc rc = d->maps.convert(d, &converted.tmap_addr);
        if (rc != TCE_DRV_OK)
            return rc;
        op = &converted;
    }
    uint32_t w[TCE_RM_CMD_WORDS];
    tce_cmd_field_id bad = TCE_CMDF_OPCODE;
    unsigned n = tce_cmd_pack(op, w, &bad);
    if (n == 0)
        return say(d, TCE_DRV_BAD_ARG, "operation value does not fit command field ",
                   tce_cmd_fields[bad].name, NO_NUM);
    if (n > d->cmd_words)
        return say(d, TCE_DRV_BAD_ARG, "command needs more words than CAPS.CMD_WORDS: ", "", n);
    uint32_t polls = 0;
    for (;;) {
        uint32_t st = rd(d, TCE_REG_STATUS);
        if (error_pending(d, st))
            return TCE_DRV_ENGINE_ERROR;
        if (TCE_RM_GET(STATUS, QUEUE_FREE, st) > 0)
            break;
        if (++polls >= d->poll_limit)
            return say(d, TCE_DRV_TIMEOUT, "queue full: no free slot after polls: ", "", polls);
    }
    for (unsigned i = 0; i < n; i++)
        wr(d, TCE_REG_AT(TCE_REG_CMD, i), w[i]);
    wr(d, TCE_REG_DOORBELL, n);
    uint32_t issued = rd(d, TCE_REG_SEQ_ISSUED);
    if (issued == d->last_seq)
        return say(d, TCE_DRV_REJECTED, "doorbell not accepted (read ERR_CODE)", "", NO_NUM);
    d->last_seq = issued;
    if (seq)
        *seq = issued;
    return TCE_DRV_OK;
}

tce_drv_rc tce_drv_poll(tce_drv *d, uint32_t seq, bool *done)
{
    /* SEQ_DONE first: an engine records a command's error no later than it retires the
     * command, so once SEQ_DONE shows it retired, the STATUS read that follows sees its
     * error. Read the other way round, a command failing between the two reads looked
     * done without one. */
    uint32_t retired = rd(d, TCE_REG_SEQ_DONE);
    uint32_t st = rd(d, TCE_REG_STATUS);
    /* Sequence numbers wrap: compare by signed distance. */
    *done = (int32_t)(retired - seq) >= 0;
    if (error_pending(d, st))
        return TCE_DRV_ENGINE_ERROR;
    return TCE_DRV_OK;
}

tce_drv_rc tce_drv_wait(tce_drv *d, uint32_t seq)
{
    for (uint32_t polls = 0; polls < d->poll_limit; polls++) {
        bool done = false;
        tce_drv_rc rc = tce_drv_poll(d, seq, &done);
        if (rc != TCE_DRV_OK)
            return rc;
        if (done)
            return TCE_DRV_OK;
    }
    return say(d, TCE_DRV_TIMEOUT, "command did not retire: sequence number ", "", seq);
}

tce_drv_rc tce_drv_wait_idle(tce_drv *d)
{
    for (uint32_t polls = 0; polls < d->poll_limit; polls++) {
        uint32_t st = rd(d, TCE_REG_STATUS);
        if (error_pending(d, st))
            return TCE_DRV_ENGINE_ERROR;
        if (!TCE_RM_GET(STATUS, BUSY, st))
            return TCE_DRV_OK;
    }
    return say(d, TCE_DRV_TIMEOUT, "engine still busy after polls: ", "", d->poll_limit);
}

tce_drv_rc tce_drv_error(tce_drv *d, tce_drv_error_info *e)
{
    uint32_t code = rd(d, TCE_REG_ERR_CODE);
    uint32_t info = rd(d, TCE_REG_ERR_INFO);
    e->status = (tce_status)TCE_RM_GET(ERR_CODE, CODE, code);
    e->overflow = TCE_RM_GET(ERR_CODE, OVERFLOW, code) != 0;
    e->badlen = TCE_RM_GET(ERR_CODE, BADLEN, code) != 0;
    e->seq16 = TCE_RM_GET(ERR_INFO, SEQ, info);
    e->field = TCE_RM_GET(ERR_INFO, FIELD, info);
    e->cta = TCE_RM_GET(ERR_INFO, CTA, info);
    e->kind = (tce_op_kind)TCE_RM_GET(ERR_INFO, KIND, info);
    return tce_drv_clear_error(d);
}

tce_drv_rc tce_drv_clear_error(tce_drv *d)
{
    wr(d, TCE_REG_ERR_CODE, 0);
    wr(d, TCE_REG_IRQ_STATUS, TCE_RM_BIT(IRQ_STATUS, ERR));
    return TCE_DRV_OK;
}

tce_drv_rc tce_drv_commit_group(tce_drv *d, unsigned cta)
{
    if (cta >= d->ncta)
        return say(d, TCE_DRV_BAD_ARG, "commit_group: CTA beyond CAPS.NCTA: ", "", cta);
    wr(d, TCE_REG_GROUP_SEL, cta);
    wr(d, TCE_REG_GROUP_COMMIT, 1);
    uint32_t st = rd(d, TCE_REG_STATUS);
    if (error_pending(d, st))
        return TCE_DRV_ENGINE_ERROR;
    return TCE_DRV_OK;
}

tce_drv_rc tce_drv_wait_group(tce_drv *d, unsigned cta, unsigned n, bool read_only)
{
    if (cta >= d->ncta)
        return say(d, TCE_DRV_BAD_ARG, "wait_group: CTA beyond CAPS.NCTA: ", "", cta);
    wr(d, TCE_REG_GROUP_SEL, cta);
    uint32_t reg = read_only ? TCE_REG_GROUP_READ_PENDING : TCE_REG_GROUP_PENDING;
    for (uint32_t polls = 0; polls < d->poll_limit; polls++) {
        if (rd(d, reg) <= n)
            return TCE_DRV_OK;
        if (error_pending(d, rd(d, TCE_REG_STATUS)))
            return TCE_DRV_ENGINE_ERROR;
    }
    return say(d, TCE_DRV_TIMEOUT,
               read_only ? "wait_group.read: groups still reading, more than "
                         : "wait_group: groups still pending, more than ",
               "", n);
}

static uint64_t rd64(tce_drv *d, uint32_t lo_off)
{
    uint32_t lo = rd(d, lo_off); /* latches the high word */
    uint32_t hi = rd(d, lo_off + 4);
    return ((uint64_t)hi << 32) | lo;
}

tce_drv_rc tce_drv_stats_read(tce_drv *d, tce_drv_stats *s)
{
    s->cycles = rd64(d, TCE_REG_STAT_CYCLES_LO);
    s->bytes_read = rd64(d, TCE_REG_STAT_RBYTES_LO);
    s->bytes_written = rd64(d, TCE_REG_STAT_WBYTES_LO);
    s->cmds_ok = rd(d, TCE_REG_STAT_CMDS_OK);
    s->cmds_err = rd(d, TCE_REG_STAT_CMDS_ERR);
    return TCE_DRV_OK;
}

tce_drv_rc tce_drv_tensormap_replace(tce_drv *d, const tce_gmem_port *mem, uint64_t addr,
                                     tce_tmr_field field, unsigned ord, uint64_t new_val)
{
    uint8_t desc[TCE_DESC_BYTES];
    tce_diag why;
    if (!mem || !mem->read || !mem->write)
        return say(d, TCE_DRV_BAD_ARG, "tensormap_replace needs a global-memory port", "",
                   NO_NUM);
    if (addr & 63)
        return say(d, TCE_DRV_BAD_ARG, "tensormap_replace: map address is not 64-byte aligned: ",
                   "", addr);
    if (!mem->read(mem->ctx, addr, desc, TCE_DESC_BYTES))
        return say(d, TCE_DRV_BAD_ARG, "tensormap_replace: no memory at map address ", "", addr);
    d->detail = tce_tensormap_replace(desc, field, ord, new_val, &why);
    if (d->detail != TCE_OK)
        return say(d, TCE_DRV_BAD_ARG, why.text, "", NO_NUM);
    if (!mem->write(mem->ctx, addr, desc, TCE_DESC_BYTES))
        return say(d, TCE_DRV_BAD_ARG, "tensormap_replace: cannot write map at ", "", addr);
    tce_drv_tensormap_fence(d); /* the engine may hold the old map */
    return TCE_DRV_OK;
}

void tce_drv_tensormap_fence(tce_drv *d)
{
    uint32_t c = rd(d, TCE_REG_CTRL) & (TCE_RM_BIT(CTRL, ENABLE) | TCE_RM_BIT(CTRL, IRQ_EN));
    wr(d, TCE_REG_CTRL, c | TCE_RM_BIT(CTRL, DESC_INVAL));
}
