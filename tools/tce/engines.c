/* Engine registry and the one queue runner the driver-based engines share: submit every
 * operation through the firmware driver, wait for the engine to go idle, and attribute
 * each error the engine reports (ERR_CODE / ERR_INFO.SEQ) to the operation that caused it.
 * That is the mission's data flow: driver -> registers -> engine. */
#include "engines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine_backend.h"
#include "fcov.h"
#include "regmodel_engine.h"

/* Register polls one wait may spend; each RTL poll runs the clock a few cycles, so this
 * bounds a hung engine to a few seconds instead of forever. */
#define DRV_POLL_LIMIT 4000000u

struct tce_engine {
    char name[16];
    tce_backend *be; /* NULL: the golden model */
    unsigned long unsupported;
    uint64_t batch_read, batch_written; /* the last exec_queue's statistics */
};

static char open_error[200];

const char *tce_engine_open_error(void) { return open_error; }
const char *tce_engine_name(const tce_engine *e) { return e->name; }
bool tce_engine_have_rtl(void) { return tce_backend_rtl_built(); }
bool tce_engine_have_systemc(void) { return tce_backend_systemc_built(); }

int tce_engine_trace(tce_engine *e, const char *path)
{
    if (!e->be || !e->be->trace)
        return -1;
    return e->be->trace(e->be, path);
}

int tce_engine_inject_error(tce_engine *e, uint64_t base, uint64_t size, unsigned resp,
                            unsigned dirs)
{
    if (!e->be || !e->be->inject)
        return -1;
    return e->be->inject(e->be, base, size, resp, dirs);
}

void tce_engine_inject_clear(tce_engine *e)
{
    if (e->be && e->be->inject_clear)
        e->be->inject_clear(e->be);
}

const char *tce_engine_fault(tce_engine *e) { return e->be ? e->be->error_text(e->be) : ""; }

tce_engine *tce_engine_open_timed(const char *name, const tce_engine_timing *timing)
{
    open_error[0] = '\0';
    tce_backend *be = NULL;
    if (!strcmp(name, "csim")) {
        be = NULL;
    } else if (!strcmp(name, "regmodel")) {
        be = tce_backend_regmodel(open_error, sizeof open_error);
        if (!be)
            return NULL;
    } else if (!strcmp(name, TCE_HW_ENGINE)) {
        be = tce_backend_rtl(timing, open_error, sizeof open_error);
        if (!be)
            return NULL;
    } else if (!strcmp(name, "rtl") || !strcmp(name, "netlist")) {
        snprintf(open_error, sizeof open_error,
                 "engine '%s' is not in this binary: build/tce has rtl, build/tce-netlist "
                 "(CMake target tce-netlist) has netlist",
                 name);
        return NULL;
    } else if (!strcmp(name, "systemc")) {
        be = tce_backend_systemc(timing, open_error, sizeof open_error);
        if (!be)
            return NULL;
    } else {
        snprintf(open_error, sizeof open_error,
                 "unknown engine '%s' (engines: csim, regmodel, " TCE_HW_ENGINE ", systemc)", name);
        return NULL;
    }
    tce_engine *e = calloc(1, sizeof *e);
    if (!e) {
        if (be)
            be->destroy(be);
        snprintf(open_error, sizeof open_error, "out of memory");
        return NULL;
    }
    snprintf(e->name, sizeof e->name, "%s", name);
    e->be = be;
    return e;
}

tce_engine *tce_engine_open(const char *name) { return tce_engine_open_timed(name, NULL); }

void tce_engine_close(tce_engine *e)
{
    if (!e)
        return;
    if (e->be) {
        e->be->destroy(e->be);
        fcov_flush(); /* functional coverage of what it ran, when TCE_FCOV_DIR asks */
    }
    free(e);
}

unsigned long tce_engine_unsupported(const tce_engine *e) { return e->unsupported; }

void tce_engine_batch_stats(const tce_engine *e, uint64_t *bytes_read, uint64_t *bytes_written)
{
    *bytes_read = e->batch_read;
    *bytes_written = e->batch_written;
}

uint64_t tce_engine_cycles(const tce_engine *e)
{
    return e->be ? e->be->cycles(e->be) : 0;
}

unsigned tce_result_field(const tce_result *r)
{
    return r->status == TCE_OK ? (unsigned)TCE_RM_FIELD_NONE : r->field;
}

tce_drv_rc tce_engine_describe_memory(tce_drv *d, const tce_memsys *ms)
{
    tce_drv_window w[TCE_MAX_GREGIONS];
    for (unsigned i = 0; i < ms->ngregions; i++) {
        w[i].base = ms->g[i].base;
        w[i].size = ms->g[i].size;
    }
    return tce_drv_set_memory(d, ms->ncta, ms->smem_size, w, ms->ngregions);
}

static void set_status(tce_result *r, tce_status st, const char *fmt, const char *a,
                       const char *b)
{
    memset(r, 0, sizeof *r);
    r->status = st;
    r->field = TCE_RM_FIELD_NONE;
    snprintf(r->why, sizeof r->why, fmt, a, b);
}

void tce_engine_explain(tce_status st, unsigned field, const tce_op *op, char *buf, size_t cap)
{
    static const char *const cause[TCE_ERR_COUNT] = {
        "no error", "no such instruction form", "misaligned address",
        "the tensor map is not one the encoder makes", "undefined in the PTX text",
        "not mapped global memory (or the bus answered an error)",
        "outside the cluster's shared memory", "not implemented by this engine build",
        "a value the command cannot carry"};
    const char *what = (unsigned)st < TCE_ERR_COUNT ? cause[st] : "unknown status";
    if (field >= TCE_CMDF_COUNT) {
        snprintf(buf, cap, "%s (no single command field)", what);
        return;
    }
    /* ERR_INFO names a field, not which entry of a repeated one (coordinates, multimem
     * addresses): entry 0's value would be a wrong answer for any other. */
    if (tce_cmd_fields[field].count > 1) {
        snprintf(buf, cap, "%s (one of its entries; ERR_INFO does not say which): %s",
                 tce_cmd_fields[field].name, what);
        return;
    }
    uint32_t w[TCE_RM_CMD_WORDS];
    tce_cmd_field_id bad;
    if (op && tce_cmd_pack(op, w, &bad) > 0)
        snprintf(buf, cap, "%s = 0x%x: %s", tce_cmd_fields[field].name,
                 (unsigned)tce_cmd_get(w, (tce_cmd_field_id)field, 0), what);
    else
        snprintf(buf, cap, "%s: %s", tce_cmd_fields[field].name, what);
}

/* Read and clear the engine's pending error; record it on the operation it names. */
static void take_error(tce_engine *e, tce_drv *d, const tce_op *ops, const uint32_t *seq,
                       unsigned n, tce_result *res)
{
    tce_drv_error_info info;
    const char *text = e->be->error_text(e->be); /* before the clear wipes it */
    char words[120];
    snprintf(words, sizeof words, "%s", text);
    tce_drv_error(d, &info);
    if (info.status == TCE_OK)
        return; /* only OVERFLOW/BADLEN: the driver never causes those */
    for (unsigned i = 0; i < n; i++)
        if ((seq[i] & 0xFFFFu) == info.seq16) {
            char where[80];
            snprintf(where, sizeof where, "ERR_INFO.FIELD %s",
                     info.field < TCE_CMDF_COUNT ? tce_cmd_fields[info.field].name : "none");
            set_status(&res[i], info.status, "engine: %s%s", where, "");
            res[i].field = info.field;
            /* The engine's own words (regmodel: the golden model's; a simulator: its fault),
             * else what status and field say, with the field's value. */
            if (!words[0])
                tce_engine_explain(info.status, info.field, &ops[i], words, sizeof words);
            size_t l = strlen(res[i].why);
            snprintf(res[i].why + l, sizeof res[i].why - l, ": %s", words);
            return;
        }
}

int tce_engine_shadow_add(tce_memsys *ms, char *why, size_t cap)
{
    if (tce_memsys_add_global(ms, TCE_ENGINE_MAP_SHADOW, TCE_DRV_SHADOW_BYTES) == 0)
        return 0;
    snprintf(why, cap, "the driver's map shadow [0x%llx, +%u) overlaps a global window, or "
             "the memories already hold %d windows", (unsigned long long)TCE_ENGINE_MAP_SHADOW,
             TCE_DRV_SHADOW_BYTES, TCE_MAX_GREGIONS - 1);
    return -1;
}

void tce_engine_shadow_remove(tce_memsys *ms)
{
    for (unsigned i = 0; i < ms->ngregions; i++)
        if (ms->g[i].base == TCE_ENGINE_MAP_SHADOW) {
            free(ms->g[i].bytes);
            for (unsigned k = i; k + 1 < ms->ngregions; k++)
                ms->g[k] = ms->g[k + 1];
            ms->ngregions--;
            return;
        }
}

static int exec_driver(tce_engine *e, const tce_op *ops, unsigned n, tce_memsys *ms,
                       tce_result *res, tce_engine_tx *tx, unsigned *ntx)
{
    char why[160] = "";
    for (unsigned i = 0; i < n; i++)
        memset(&res[i], 0, sizeof res[i]);
    if (tce_engine_shadow_add(ms, why, sizeof why) != 0 ||
        e->be->attach(e->be, ms, why, sizeof why) != 0) {
        tce_engine_shadow_remove(ms);
        for (unsigned i = 0; i < n; i++)
            set_status(&res[i], TCE_ERR_UNSUPPORTED, "%s%s", why, "");
        return -1;
    }
    tce_drv d;
    tce_drv_rc rc = tce_drv_init(&d, e->be->bus(e->be), DRV_POLL_LIMIT);
    tce_gmem_port port = regmodel_gmem_port(ms);
    tce_drv_map_shadow(&d, &port, TCE_ENGINE_MAP_SHADOW);
    uint32_t seq[TCE_ENGINE_MAX_QUEUE] = {0};
    int hung = 0;
    if (rc == TCE_DRV_OK)
        rc = tce_engine_describe_memory(&d, ms);
    if (rc != TCE_DRV_OK) {
        for (unsigned i = 0; i < n; i++)
            set_status(&res[i], TCE_ERR_UNSUPPORTED, "driver init: %s", d.why, "");
        hung = -1;
        goto out;
    }
    for (unsigned i = 0; i < n; i++) {
        for (unsigned attempt = 0;; attempt++) {
            rc = tce_drv_submit(&d, &ops[i], &seq[i]);
            if (rc != TCE_DRV_ENGINE_ERROR || attempt > n)
                break;
            take_error(e, &d, ops, seq, i, res); /* an earlier command failed: clear, go on */
        }
        if (rc == TCE_DRV_BAD_ARG) /* cannot be expressed as a command: never sent */
            set_status(&res[i], TCE_ERR_INVALID_VALUE, "driver: %s%s", d.why, "");
        else if (rc != TCE_DRV_OK) {
            set_status(&res[i], TCE_ERR_UNSUPPORTED, "driver submit: %s: %s",
                       tce_drv_rc_name(rc), d.why);
            seq[i] = 0;
            hung = -1;
        }
    }
    for (unsigned guard = 0; guard <= n + 1; guard++) {
        rc = tce_drv_wait_idle(&d);
        if (rc != TCE_DRV_ENGINE_ERROR)
            break;
        take_error(e, &d, ops, seq, n, res);
    }
    if (rc != TCE_DRV_OK) {
        for (unsigned i = 0; i < n; i++)
            if (res[i].status == TCE_OK)
                set_status(&res[i], TCE_ERR_UNSUPPORTED, "driver wait: %s: %s",
                           tce_drv_rc_name(rc), d.why);
        hung = -1;
    }
out:;
    tce_engine_tx local[TCE_ENGINE_MAX_TX];
    unsigned k = e->be->tx(e->be, local, TCE_ENGINE_MAX_TX);
    if (tx)
        memcpy(tx, local, k * sizeof local[0]);
    if (ntx)
        *ntx = k;
    /* With one operation every complete-tx is its own, and so are the statistics (the
     * driver's init cleared them). */
    tce_drv_stats stats;
    e->batch_read = e->batch_written = 0;
    if (!hung && tce_drv_stats_read(&d, &stats) == TCE_DRV_OK) {
        e->batch_read = stats.bytes_read;
        e->batch_written = stats.bytes_written;
        if (n == 1) {
            res[0].bytes_read = stats.bytes_read;
            res[0].bytes_written = stats.bytes_written;
        }
    }
    if (n == 1 && res[0].status == TCE_OK)
        for (unsigned i = 0; i < k; i++) {
            res[0].tx_bytes = local[i].bytes;
            res[0].tx_ctas |= (uint16_t)(1u << local[i].cta);
        }
    e->be->detach(e->be);
    tce_engine_shadow_remove(ms);
    return hung;
}

int tce_engine_exec_queue(tce_engine *e, const tce_op *ops, unsigned n, tce_memsys *ms,
                          tce_result *res, tce_engine_tx *tx, unsigned *ntx)
{
    if (n > TCE_ENGINE_MAX_QUEUE)
        n = TCE_ENGINE_MAX_QUEUE;
    if (e->be) {
        int hung = exec_driver(e, ops, n, ms, res, tx, ntx);
        for (unsigned i = 0; i < n; i++)
            fcov_sample(&ops[i], ms, &res[i]);
        return hung;
    }
    unsigned k = 0;
    e->batch_read = e->batch_written = 0;
    for (unsigned i = 0; i < n; i++) {
        res[i] = tce_csim_execute(&ops[i], ms);
        e->batch_read += res[i].bytes_read;
        e->batch_written += res[i].bytes_written;
        if (res[i].status != TCE_OK || ops[i].completion != TCE_DONE_MBARRIER)
            continue;
        for (unsigned c = 0; c < TCE_MAX_CTAS; c++)
            if ((res[i].tx_ctas >> c) & 1u) {
                tce_engine_tx t = {c, TCE_SADDR_OFF(ops[i].mbar), res[i].tx_bytes};
                if (tx)
                    tx[k] = t;
                k++;
            }
    }
    if (ntx)
        *ntx = k;
    return 0;
}

int tce_engine_tx_order(const void *pa, const void *pb)
{
    const tce_engine_tx *a = pa, *b = pb;
    if (a->cta != b->cta)
        return a->cta < b->cta ? -1 : 1;
    if (a->mbar_off != b->mbar_off)
        return a->mbar_off < b->mbar_off ? -1 : 1;
    return a->bytes < b->bytes ? -1 : a->bytes > b->bytes;
}

tce_result tce_engine_exec(const tce_op *op, tce_memsys *ms, void *engine)
{
    tce_engine *e = engine;
    if (!e->be)
        return tce_csim_execute(op, ms);
    tce_result r;
    exec_driver(e, op, 1, ms, &r, NULL, NULL);
    fcov_sample(op, ms, &r);
    if (r.status == TCE_ERR_UNSUPPORTED)
        e->unsupported++;
    return r;
}
