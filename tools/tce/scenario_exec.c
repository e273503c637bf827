/* Scenario instructions: register values, and each PTX line decoded by the firmware's
 * PTX decoder, then run twice: through the driver on the chosen backend (tce_backend:
 * the register-level model or the Verilated RTL), and directly on the golden model with
 * the reference copy of the memories. */
#include <string.h>

#include "../../csim/mbarrier.h"
#include "fcov.h"
#include "scenario.h"

bool scen_reg_get(scenario *s, const char *name, uint64_t *out)
{
    for (unsigned i = 0; i < s->nregs; i++)
        if (!strcmp(s->regs[i].name, name)) {
            *out = s->regs[i].value;
            return true;
        }
    return scen_fail(s, "register %s has no value (set it with 'reg %s = VALUE' or mov)", name,
                     name);
}

static bool reg_set(scenario *s, const char *name, uint64_t v)
{
    for (unsigned i = 0; i < s->nregs; i++)
        if (!strcmp(s->regs[i].name, name)) {
            s->regs[i].value = v;
            return true;
        }
    if (s->nregs == SCEN_MAX_REGS || strlen(name) >= PTX_NAME_MAX)
        return scen_fail(s, "too many registers, or name %s too long", name);
    snprintf(s->regs[s->nregs].name, PTX_NAME_MAX, "%s", name);
    s->regs[s->nregs++].value = v;
    return true;
}

/* A register value only means something for a register the scenario's PTX can name: one
 * declared (ptx_regs_default, or a `.reg` line), written as PTX writes it. A name no
 * instruction can read (%bogus, a lone %, control bytes) is an error, not a silent no-op. */
static bool reg_name_ok(scenario *s, const char *name)
{
    char shown[3 * PTX_NAME_MAX];
    size_t k = 0;
    bool printable = true;
    for (const char *p = name; *p && k + 5 < sizeof shown; p++) {
        unsigned char c = (unsigned char)*p;
        if (c < 0x21 || c > 0x7e) {
            printable = false;
            k += (size_t)snprintf(shown + k, sizeof shown - k, "\\x%02x", c);
        } else {
            shown[k++] = (char)c;
        }
    }
    shown[k] = '\0';
    if (!printable)
        return scen_fail(s, "reg '%s': a register name has no control or non-ASCII bytes", shown);
    if (ptx_reg_class(&s->regdecl, name) != PTX_RC_NONE)
        return true;
    char decl[256];
    size_t d = 0;
    for (unsigned i = 0; i < s->regdecl.n && d + 40 < sizeof decl; i++) {
        const ptx_regset *rs = &s->regdecl.set[i];
        d += (size_t)snprintf(decl + d, sizeof decl - d, rs->count ? " %s<%u>" : " %s",
                              rs->prefix, rs->count);
    }
    return scen_fail(s, "reg %s: no such register; the scenario's PTX declares%s", shown, decl);
}

/* reg %a = VALUE [%b = VALUE ...]  (also %a=VALUE) */
bool scen_exec_reg(scenario *s, char *rest)
{
    char *p = rest;
    unsigned count = 0;
    while (*p) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            break;
        if (*p != '%')
            return scen_fail(s, "reg: expected %%name = VALUE at '%s'", p);
        char name[PTX_NAME_MAX];
        size_t n = strcspn(p, " \t=");
        if (n >= sizeof name)
            return scen_fail(s, "reg: name too long");
        memcpy(name, p, n);
        name[n] = '\0';
        p += n;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p != '=')
            return scen_fail(s, "reg %s: expected '=' and a value", name);
        p++;
        while (*p == ' ' || *p == '\t')
            p++;
        char val[96];
        n = strcspn(p, " \t");
        if (n == 0 || n >= sizeof val)
            return scen_fail(s, "reg %s: missing value", name);
        memcpy(val, p, n);
        val[n] = '\0';
        p += n;
        uint64_t v;
        if (!reg_name_ok(s, name) || !scen_value(s, val, &v) || !reg_set(s, name, v))
            return false;
        count++;
    }
    if (!count)
        return scen_fail(s, "usage: reg %%name = VALUE ...");
    return true;
}

static bool scalar(scenario *s, const ptx_scalar *sc, uint64_t *out)
{
    if (sc->is_reg)
        return scen_reg_get(s, sc->name, out);
    if (sc->name[0]) /* a symbol: a declared scenario name */
        return scen_value(s, sc->name, out);
    if (sc->is_float) /* the lexer keeps no value for it: never read it as 0 */
        return scen_fail(s, "a floating-point literal where an integer is read");
    *out = (uint64_t)sc->imm;
    return true;
}

static bool opd_value(scenario *s, const ptx_insn *in, int idx, const char *what, uint64_t *out)
{
    if (idx < 0 || (unsigned)idx >= in->nopd)
        return scen_fail(s, "%s: the instruction has no %s operand", ptx_insn_kind_name(in->kind),
                         what);
    const ptx_operand *o = &in->opd[idx];
    if (!scalar(s, &o->base, out))
        return false;
    if (o->kind == PTX_OPD_ADDR)
        *out += (uint64_t)o->offset;
    return true;
}

const char *scen_backend_name(scen_backend be)
{
    switch (be) {
    case SCEN_BACKEND_RTL:
        return TCE_HW_ENGINE;
    case SCEN_BACKEND_SYSTEMC:
        return "systemc";
    case SCEN_BACKEND_CSIM:
        break;
    }
    return "csim";
}

bool scen_backend_is_rtl(scen_backend be)
{
    return be == SCEN_BACKEND_RTL || be == SCEN_BACKEND_SYSTEMC;
}

/* The backend's default memory timing (NULL), as `tce replay` uses it. */
static tce_backend *backend_open(scen_backend be, char *why, size_t cap)
{
    switch (be) {
    case SCEN_BACKEND_RTL:
        return tce_backend_rtl(NULL, why, cap);
    case SCEN_BACKEND_SYSTEMC:
        return tce_backend_systemc(NULL, why, cap);
    case SCEN_BACKEND_CSIM:
        break;
    }
    return tce_backend_regmodel(why, cap);
}

/* Register polls one driver wait may spend: an RTL poll runs the clock a few cycles, so a
 * hung engine ends in seconds with an error, never a hang. */
#define SCEN_POLL_LIMIT (1u << 20)

static void engine_detach(scenario *s)
{
    s->be->detach(s->be);
    tce_engine_shadow_remove(&s->eng);
}

/* The engine's memories hold the driver's map shadow while it is attached. */
static bool engine_attach(scenario *s)
{
    char why[200] = "";
    if (tce_engine_shadow_add(&s->eng, why, sizeof why) != 0)
        return scen_fail(s, "backend %s: %s", scen_backend_name(s->backend), why);
    if (s->be->attach(s->be, &s->eng, why, sizeof why) != 0) {
        tce_engine_shadow_remove(&s->eng);
        return scen_fail(s, "backend %s: %s", scen_backend_name(s->backend), why);
    }
    s->tx_applied = 0;
    tce_drv_rc rc = tce_drv_init(&s->drv, s->be->bus(s->be), SCEN_POLL_LIMIT);
    /* The scenario's memory, so the engine refuses what the golden model refuses: the
     * shared-memory size of s->ref (not the engine copy's), the windows of s->eng (the
     * scenario's, and the driver's map shadow). */
    tce_memsys view = s->eng;
    view.smem_size = s->ref.smem_size;
    if (rc == TCE_DRV_OK)
        rc = tce_engine_describe_memory(&s->drv, &view);
    if (rc != TCE_DRV_OK) {
        engine_detach(s);
        return scen_fail(s, "driver init on backend %s: %s: %s", scen_backend_name(s->backend),
                         tce_drv_rc_name(rc), s->drv.why);
    }
    tce_gmem_port port = regmodel_gmem_port(&s->eng);
    tce_drv_map_shadow(&s->drv, &port, TCE_ENGINE_MAP_SHADOW);
    return true;
}

static bool engine_start(scenario *s)
{
    if (s->engine_ready)
        return true;
    if (!scen_ensure_memory(s))
        return false;
    char why[200] = "";
    s->be = backend_open(s->backend, why, sizeof why);
    if (!s->be)
        return scen_fail(s, "backend %s: %s", scen_backend_name(s->backend), why);
    if (!engine_attach(s)) {
        s->be->destroy(s->be);
        s->be = NULL;
        return false;
    }
    s->engine_ready = true;
    return true;
}

void scen_engine_stop(scenario *s)
{
    if (!s->engine_ready)
        return;
    engine_detach(s);
    s->be->destroy(s->be);
    s->be = NULL;
    s->engine_ready = false;
    fcov_flush(); /* functional coverage of the scenario's operations, when TCE_FCOV_DIR asks */
}

/* The backends only record complete-tx requests (so that the engines stay comparable);
 * the scenario applies them to its own mbarriers, in the order the engine made them, each
 * time it looks at the engine. A request the golden mbarrier refuses is an error here. */
static bool apply_tx(scenario *s)
{
    tce_engine_tx tx[TCE_ENGINE_MAX_TX];
    unsigned n = s->be->tx(s->be, tx, TCE_ENGINE_MAX_TX);
    if (n == TCE_ENGINE_MAX_TX)
        return scen_fail(s, "more than %u mbarrier complete-tx requests between two waits: "
                            "wait on the engine more often", TCE_ENGINE_MAX_TX - 1);
    for (; s->tx_applied < n; s->tx_applied++) {
        const tce_engine_tx *t = &tx[s->tx_applied];
        char why[160];
        tce_status st = regmodel_mbar_complete_tx(NULL, &s->eng, t->cta, t->mbar_off, t->bytes,
                                                  why, sizeof why);
        if (st != TCE_OK)
            return scen_fail(s, "the engine's complete-tx of %u bytes: %s: %s", t->bytes,
                             tce_status_name(st), why);
    }
    return true;
}

/* The request log is bounded: when it is half full and the engine is idle, re-attach
 * (which empties it), keeping the driver statistics of the attachment that ends. */
static bool rebase_tx(scenario *s)
{
    if (s->tx_applied < TCE_ENGINE_MAX_TX / 2)
        return true;
    tce_drv_stats st;
    tce_drv_stats_read(&s->drv, &st);
    s->stats_before.bytes_read += st.bytes_read;
    s->stats_before.bytes_written += st.bytes_written;
    s->stats_before.cmds_ok += st.cmds_ok;
    s->stats_before.cmds_err += st.cmds_err;
    engine_detach(s);
    if (!engine_attach(s)) {
        s->be->destroy(s->be);
        s->be = NULL;
        s->engine_ready = false;
        return false;
    }
    return true;
}

/* A command field as ERR_INFO.FIELD names it. */
static const char *field_label(unsigned f)
{
    return f < TCE_CMDF_COUNT ? tce_cmd_fields[f].name : "NONE";
}

/* The engine's pending error as a message, and clear it. An operation the backend does
 * not implement is named as such: a gap in the backend, not a pass and not a wrong answer. */
static tce_status take_engine_error(scenario *s, char *buf, size_t cap, unsigned *field)
{
    tce_drv_error_info e;
    char why[256];
    snprintf(why, sizeof why, "%s", s->be->error_text(s->be));
    tce_drv_error(&s->drv, &e);
    long line = s->seq_line[e.seq16 & 255u];
    if (field)
        *field = e.field;
    if (e.status == TCE_ERR_UNSUPPORTED) {
        s->unsupported = true;
        snprintf(buf, cap, "the instruction at line %ld is not supported by backend %s%s%s", line,
                 scen_backend_name(s->backend), why[0] ? ": " : "", why);
        return e.status;
    }
    if (!why[0]) /* a simulator says nothing beyond status and field: say what they mean */
        tce_engine_explain(e.status, e.field, NULL, why, sizeof why);
    snprintf(buf, cap, "%s (command field %s, CTA %u, line %ld): %s", tce_status_name(e.status),
             e.field < TCE_CMDF_COUNT ? tce_cmd_fields[e.field].name : "-", e.cta, line, why);
    return e.status;
}

bool scen_drain(scenario *s)
{
    if (!s->engine_ready)
        return true;
    tce_drv_rc rc = tce_drv_wait_idle(&s->drv);
    if (rc == TCE_DRV_ENGINE_ERROR) {
        char msg[400];
        take_engine_error(s, msg, sizeof msg, NULL);
        if (s->unsupported)
            return scen_fail(s, "%s", msg);
        return scen_fail(s, "the engine failed an earlier instruction: %s", msg);
    }
    if (rc != TCE_DRV_OK)
        return scen_fail(s, "driver: %s: %s", tce_drv_rc_name(rc), s->drv.why);
    s->nwrites = 0; /* every copy has written its bytes */
    s->nlate = 0;
    return apply_tx(s) && rebase_tx(s);
}

/* An operand the operation keeps in `bits` bits (a 32-bit shared address or size, a
 * 16-bit mask): a wider value is an error naming the operand, never a wrap. A signed
 * operand (a coordinate) may also be a negative number that fits. */
static bool narrow(scenario *s, const char *what, uint64_t v, unsigned bits, bool is_signed)
{
    uint64_t max = ((uint64_t)1 << bits) - 1, neg_min = (uint64_t)0 - ((uint64_t)1 << (bits - 1));
    if (v <= max || (is_signed && v >= neg_min))
        return true;
    return scen_fail(s, "%s operand 0x%llx does not fit the %u bits the instruction keeps", what,
                     (unsigned long long)v, bits);
}

/* Fill the operation's addresses and values from the operands, by role. */
static bool resolve_op(scenario *s, const ptx_insn *in, tce_op *op)
{
    uint64_t v;
    *op = in->op;
    op->cta = s->cta;
    const ptx_roles *r = &in->role;
    if (r->tmap >= 0) {
        const ptx_operand *t = &in->opd[r->tmap];
        if (!scalar(s, &t->base, &op->tmap_addr))
            return false;
        for (unsigned i = 0; i < t->nvec && i < TCE_MAX_RANK; i++) {
            if (!scalar(s, &t->vec[i], &v) || !narrow(s, "coordinate", v, 32, true))
                return false;
            op->coords[i] = (int32_t)(uint32_t)v;
        }
    }
    /* An address operand is global or shared by the space of its side. */
    bool shared_to_shared = op->src_space != TCE_SPACE_GLOBAL && op->dst_space != TCE_SPACE_GLOBAL;
    if (r->dst >= 0) {
        if (!opd_value(s, in, r->dst, "destination", &v) ||
            (op->dst_space != TCE_SPACE_GLOBAL && !narrow(s, "shared destination", v, 32, false)))
            return false;
        if (op->dst_space == TCE_SPACE_GLOBAL)
            op->gaddr = v;
        else
            op->saddr = (uint32_t)v;
    }
    if (r->src >= 0) {
        if (!opd_value(s, in, r->src, "source", &v) ||
            (op->src_space != TCE_SPACE_GLOBAL && !narrow(s, "shared source", v, 32, false)))
            return false;
        if (op->src_space == TCE_SPACE_GLOBAL)
            op->gaddr = v;
        else if (shared_to_shared)
            op->saddr_src = (uint32_t)v;
        else
            op->saddr = (uint32_t)v;
    }
    if (r->mbar >= 0) {
        if (!opd_value(s, in, r->mbar, "mbarrier", &v) || !narrow(s, "mbarrier", v, 32, false))
            return false;
        op->mbar = (uint32_t)v;
    }
    if (r->size >= 0) {
        if (!opd_value(s, in, r->size, "size", &v) || !narrow(s, "size", v, 32, false))
            return false;
        op->size = (uint32_t)v;
    }
    if (r->cta_mask >= 0) {
        if (!opd_value(s, in, r->cta_mask, "ctaMask", &v) || !narrow(s, "ctaMask", v, 16, false))
            return false;
        op->cta_mask = (uint16_t)v;
    }
    if (r->byte_mask >= 0) {
        if (!opd_value(s, in, r->byte_mask, "byte mask", &v) ||
            !narrow(s, "byte mask", v, 16, false))
            return false;
        op->byte_mask = (uint16_t)v;
    }
    if (r->im2col >= 0) {
        const ptx_operand *o = &in->opd[r->im2col];
        for (unsigned i = 0; i < o->nvec && i < 3; i++) {
            if (!scalar(s, &o->vec[i], &v) || !narrow(s, "im2col offset", v, 16, true))
                return false;
            op->im2col[i] = (uint16_t)v;
        }
    }
    if (r->value >= 0) {
        const ptx_operand *o = &in->opd[r->value];
        if (o->kind == PTX_OPD_VEC) {
            for (unsigned i = 0; i < o->nvec && i < 8; i++)
                if (!scalar(s, &o->vec[i], &op->operand[i]))
                    return false;
        } else if (!scalar(s, &o->base, &op->operand[0])) {
            return false;
        }
    }
    return true;
}

/* The late-order word of the mbarrier at l (scen_late_mbar), or NULL when no copy since
 * the last drain completes on it. */
static scen_late_mbar *late_mbar(scenario *s, const scen_loc *l)
{
    for (unsigned i = 0; i < s->nlate; i++)
        if (s->late[i].cta == l->cta && s->late[i].off == l->addr)
            return &s->late[i];
    return NULL;
}

/* Both paths: the driver and engine model, and the golden model on the reference copy. */
static bool run_engine_op(scenario *s, const ptx_insn *in)
{
    tce_op op;
    if (!resolve_op(s, in, &op) || !engine_start(s))
        return false;
    s->engine_ops++;
    tce_result ref = tce_csim_execute(&op, &s->ref);
    uint64_t before[TCE_MAX_CTAS] = {0}; /* each mbarrier's word before this copy's complete-tx */
    unsigned nlate_new = 0;
    if (ref.status == TCE_OK && op.completion == TCE_DONE_MBARRIER) {
        for (unsigned c = 0; c < s->ncta; c++) {
            if (!(ref.tx_ctas & (1u << c)))
                continue;
            const uint8_t *m = tce_smem(&s->ref, c, TCE_SADDR_OFF(op.mbar), 8);
            before[c] = m ? tce_mbar_load(m) : 0;
            nlate_new++;
            char why[160];
            tce_status st = regmodel_mbar_complete_tx(NULL, &s->ref, c, TCE_SADDR_OFF(op.mbar),
                                                      ref.tx_bytes, why, sizeof why);
            if (st != TCE_OK) {
                ref.status = st;
                ref.field = TCE_CMDF_MBAR;
                snprintf(ref.why, sizeof ref.why, "%s", why);
                break;
            }
        }
    }
    if ((s->tx_applied >= TCE_ENGINE_MAX_TX / 2 || s->nwrites == SCEN_MAX_WRITES ||
         s->nlate + nlate_new > SCEN_MAX_LATE) &&
        !scen_drain(s))
        return false;
    /* a copy into shared memory writes tx_bytes from its destination in each CTA it
     * completes on (a box or a bulk copy is one run of bytes there) */
    if (ref.status == TCE_OK && op.completion == TCE_DONE_MBARRIER && op.dst_space != TCE_SPACE_GLOBAL) {
        s->writes[s->nwrites++] = (scen_write){ref.tx_ctas, TCE_SADDR_OFF(op.saddr), ref.tx_bytes,
                                                 TCE_SADDR_OFF(op.mbar), s->line};
        for (unsigned c = 0; c < s->ncta; c++) {
            scen_loc l = {true, c, TCE_SADDR_OFF(op.mbar)};
            if ((ref.tx_ctas >> c) & 1u && !late_mbar(s, &l))
                s->late[s->nlate++] = (scen_late_mbar){c, TCE_SADDR_OFF(op.mbar), before[c], s->line};
        }
    }
    uint32_t seq;
    tce_drv_rc rc = tce_drv_submit(&s->drv, &op, &seq);
    if (rc == TCE_DRV_OK) {
        s->seq_line[seq & 255u] = s->line;
        if (s->expect_fail || ref.status != TCE_OK) {
            rc = tce_drv_wait(&s->drv, seq);
        }
    }
    char msg[400] = "";
    tce_status got = TCE_OK;
    unsigned got_field = TCE_RM_FIELD_NONE;
    if (rc == TCE_DRV_ENGINE_ERROR)
        got = take_engine_error(s, msg, sizeof msg, &got_field);
    else if (rc != TCE_DRV_OK)
        return scen_fail(s, "driver: %s: %s", tce_drv_rc_name(rc), s->drv.why);
    if (s->unsupported)
        return scen_fail(s, "%s", msg);
    if (!apply_tx(s))
        return false;
    if (s->expect_fail) {
        s->expect_fail = false;
        s->checks++;
        if (got != s->expect_status || ref.status != s->expect_status)
            return scen_fail(s, "expected the engine to fail with %s (expect error at line %ld); "
                                "engine: %s; golden model: %s %s",
                             tce_status_name(s->expect_status), s->expect_line,
                             got == TCE_OK ? "OK" : msg, tce_status_name(ref.status), ref.why);
        /* the same error names the same command field (ERR_INFO.FIELD), as in regress */
        if (got_field != tce_result_field(&ref))
            return scen_fail(s, "expected error %s (expect error at line %ld): the engine names "
                                "command field %s, the golden model %s (%s)",
                             tce_status_name(ref.status), s->expect_line, field_label(got_field),
                             field_label(tce_result_field(&ref)), ref.why);
        if (s->expect_field != SCEN_ANY_FIELD &&
            (got_field != s->expect_field || ref.field != s->expect_field))
            return scen_fail(s, "expected the failure to name command field %s (expect error "
                                "at line %ld); engine: %s; golden model: %s",
                             field_label(s->expect_field), s->expect_line,
                             field_label(got_field), field_label(ref.field));
        tce_result r = ref;
        r.field = got_field; /* the trap as the engine reported it */
        fcov_sample(&op, &s->ref, &r);
        return true;
    }
    if (got != TCE_OK)
        return scen_fail(s, "engine error %s", msg);
    if (ref.status != TCE_OK)
        return scen_fail(s, "the golden model fails this instruction but the engine did not: %s: %s",
                         tce_status_name(ref.status), ref.why);
    /* Sampled with the golden model's verdict: the engine's comes at the next wait, and
     * the scenario fails there if it differs. */
    fcov_sample(&op, &s->ref, &ref);
    return true;
}

/* The mbarrier an mbarrier.* instruction names: a shared::cta address of the issuing CTA,
 * or a smem(CTA,OFF) (shared::cluster) value. Same bytes in both memories. */
/* The first copy since the last drain that completes on the mbarrier at l, or NULL. */
static const scen_write *copy_completing_on(const scenario *s, const scen_loc *l)
{
    for (unsigned i = 0; i < s->nwrites; i++)
        if (((s->writes[i].ctas >> l->cta) & 1u) && s->writes[i].mbar == l->addr)
            return &s->writes[i];
    return NULL;
}

/* The mbarrier's bytes in both memories, and its place (*at) */
static bool mbar_ptrs(scenario *s, const ptx_insn *in, int idx, bool init, scen_loc *at, uint8_t **e,
                      uint8_t **r)
{
    uint64_t a;
    if (!opd_value(s, in, idx, "mbarrier address", &a))
        return false;
    unsigned cta = (a >> 24) ? TCE_SADDR_RANK(a) : s->cta;
    uint32_t off = TCE_SADDR_OFF(a);
    scen_loc l = {true, cta, off};
    if (cta >= s->ncta)
        return scen_fail(s, "mbarrier address 0x%llx names CTA %u, outside the cluster",
                         (unsigned long long)a, cta);
    if (off & 7)
        return scen_fail(s, "mbarrier address 0x%llx is not 8-byte aligned", (unsigned long long)a);
    /* The H100 does not order a thread's mbarrier operation after a copy still in flight,
     * and the two memories hold the two orders: refused, not compared. */
    for (unsigned i = 0; i < s->nwrites; i++)
        if (((s->writes[i].ctas >> cta) & 1u) && off + 8 > s->writes[i].off &&
            off < (uint64_t)s->writes[i].off + s->writes[i].bytes)
            return scen_fail(s, "the mbarrier at 0x%x of CTA %u is inside the shared memory the copy of "
                                "line %ld may still be writing: wait for the copy first (the order is "
                                "undefined on the H100)", off, cta, s->writes[i].line);
    /* arrivals and complete-tx add up in either order; a new phase count does not */
    const scen_write *w = init ? copy_completing_on(s, &l) : NULL;
    if (w)
        return scen_fail(s, "mbarrier.init of the mbarrier at 0x%x of CTA %u while the copy of line %ld "
                            "may still complete on it: wait for the copy first (the order is undefined on "
                            "the H100)", off, cta, w->line);
    *at = l;
    *e = scen_loc_bytes(s, &s->eng, &l, 8);
    *r = scen_loc_bytes(s, &s->ref, &l, 8);
    return *e && *r;
}

typedef enum { MB_INIT, MB_ARRIVE, MB_ARRIVE_TX } mbar_action;

static tce_status mbar_apply(mbar_action act, uint64_t *obj, uint64_t count, uint64_t tx,
                             uint64_t *state, tce_mbar_why *why)
{
    return act == MB_INIT       ? tce_mbar_init(obj, (uint32_t)count, why)
           : act == MB_ARRIVE_TX ? tce_mbar_arrive_expect_tx(obj, (uint32_t)tx, 1, state, why)
                                 : tce_mbar_arrive(obj, (uint32_t)count, state, why);
}

static bool mbar_op(scenario *s, const ptx_insn *in, mbar_action act)
{
    uint8_t *mem[2];
    scen_loc at;
    uint64_t count = 1, tx = 0, state = 0;
    int addr_idx = act == MB_INIT ? 0 : 1;
    /* Completions the engine made so far land before the thread's own operation. */
    if ((s->engine_ready && !apply_tx(s)) || !mbar_ptrs(s, in, addr_idx, act == MB_INIT, &at, &mem[0], &mem[1]))
        return false;
    if (act == MB_INIT && !opd_value(s, in, 1, "count", &count))
        return false;
    if (act == MB_ARRIVE_TX && !opd_value(s, in, 2, "txCount", &tx))
        return false;
    if (act == MB_ARRIVE && in->nopd > 2 && !opd_value(s, in, 2, "count", &count))
        return false;
    /* The engine may still be writing bytes this barrier counts: the instruction runs
     * on the memories as they are, which is what the H100 thread sees too. */
    uint64_t obj[2];
    unsigned turned[2]; /* 1 where the instruction completes the phase */
    for (unsigned k = 0; k < 2; k++) {
        obj[k] = tce_mbar_load(mem[k]);
        turned[k] = tce_mbar_phase(obj[k]);
        tce_mbar_why why = {{0}};
        tce_status st = mbar_apply(act, &obj[k], count, tx, &state, &why);
        if (st != TCE_OK)
            return scen_fail(s, "%s: %s: %s", ptx_insn_kind_name(in->kind), tce_status_name(st),
                             why.text);
        turned[k] ^= tce_mbar_phase(obj[k]);
    }
    /* The same operation in the late order: before the copies since the last drain land
     * (init is refused under such a copy, in mbar_ptrs). */
    scen_late_mbar *late = act == MB_INIT ? NULL : late_mbar(s, &at);
    uint64_t late_obj = late ? late->obj : 0, late_state;
    unsigned late_turned = tce_mbar_phase(late_obj);
    tce_mbar_why late_why = {{0}};
    tce_status late_st = late ? mbar_apply(act, &late_obj, count, tx, &late_state, &late_why) : TCE_OK;
    late_turned ^= tce_mbar_phase(late_obj);
    if (in->no_complete && (turned[0] || turned[1] || (late && late_turned)))
        return scen_fail(s, "%s.noComplete completes the phase of the mbarrier at 0x%x of CTA %u%s: "
                            "undefined on the H100",
                         ptx_insn_kind_name(in->kind), (unsigned)at.addr, at.cta,
                         turned[1] ? "" : " in one order of the copies in flight");
    /* The golden model applied the copies' complete-tx at issue (the early order), the
     * engine's model when it ran them, the H100 at any time before the wait: the late
     * order, the operation first and then the copies' complete-tx, must end where the
     * golden model does. Each order in between then does too (the copies' byte counts
     * only add up, so at most one prefix of them balances the tx-count); the phase the
     * operation itself completes may differ, the state after the copies does not. */
    if (late) {
        uint64_t fin = late_obj;
        for (unsigned i = 0; late_st == TCE_OK && i < s->nwrites; i++)
            if (((s->writes[i].ctas >> at.cta) & 1u) && s->writes[i].mbar == at.addr)
                late_st = tce_mbar_complete_tx(&fin, s->writes[i].bytes, &late_why);
        if (late_st != TCE_OK)
            return scen_fail(s, "%s on the mbarrier at 0x%x of CTA %u before the copy of line %ld "
                                "completes on it: %s: %s (the order is undefined on the H100): wait "
                                "for the copy first",
                             ptx_insn_kind_name(in->kind), (unsigned)at.addr, at.cta, late->line,
                             tce_status_name(late_st), late_why.text);
        if (fin != obj[1])
            return scen_fail(s, "%s on the mbarrier at 0x%x of CTA %u ends in another state if it "
                                "comes before the copy of line %ld completes on it (the order is "
                                "undefined on the H100): wait for the copy first",
                             ptx_insn_kind_name(in->kind), (unsigned)at.addr, at.cta, late->line);
    }
    for (unsigned k = 0; k < 2; k++)
        tce_mbar_store(mem[k], obj[k]);
    if (late)
        late->obj = late_obj;
    if (act != MB_INIT && in->opd[0].kind == PTX_OPD_REG && in->opd[0].base.is_reg)
        return reg_set(s, in->opd[0].base.name, state);
    return true;
}

/* try_wait / test_wait: the runner lets the engine finish what it has, then the phase
 * must be complete; a wait that could never succeed is an error, not a hang. */
static bool mbar_wait(scenario *s, const ptx_insn *in)
{
    uint8_t *e, *r;
    scen_loc at;
    uint64_t par;
    if (!scen_drain(s) || !mbar_ptrs(s, in, 1, false, &at, &e, &r) ||
        !opd_value(s, in, 2, in->parity ? "phaseParity" : "state", &par))
        return false;
    bool done = false;
    tce_mbar_why why = {{0}};
    uint64_t obj = tce_mbar_load(e);
    tce_status st = in->parity ? tce_mbar_test_wait_parity(obj, (unsigned)par & 1u, &done, &why)
                               : tce_mbar_test_wait(obj, par, &done, &why);
    if (st != TCE_OK)
        return scen_fail(s, "%s: %s: %s", ptx_insn_kind_name(in->kind), tce_status_name(st), why.text);
    if (!done) {
        tce_mbar_state m = tce_mbar_unpack(obj);
        return scen_fail(s, "%s would wait forever: the engine is idle and the phase is not "
                            "complete (pending arrivals %u, tx-count %d)",
                         ptx_insn_kind_name(in->kind), m.pending, m.tx);
    }
    if (in->opd[0].kind == PTX_OPD_REG && in->opd[0].base.is_reg)
        return reg_set(s, in->opd[0].base.name, 1);
    return true;
}

static bool tensormap_replace(scenario *s, const ptx_insn *in)
{
    uint64_t addr, val, ord = 0;
    bool has_ord = in->nopd == 3;
    if (!opd_value(s, in, 0, "tensor map address", &addr) ||
        (has_ord && !opd_value(s, in, 1, "ord", &ord)) ||
        !opd_value(s, in, has_ord ? 2 : 1, "new_val", &val))
        return false;
    if (!engine_start(s) || !scen_drain(s))
        return false;
    tce_tmr_field f = (tce_tmr_field)in->tm_field;
    scen_loc l = {false, 0, addr};
    uint8_t *ref = scen_loc_bytes(s, &s->ref, &l, TCE_DESC_BYTES);
    if (!ref)
        return false;
    tce_diag why = {{0}};
    tce_status st = tce_tensormap_replace(ref, f, (unsigned)ord, val, &why);
    if (st != TCE_OK)
        return scen_fail(s, "tensormap.replace: %s: %s", tce_status_name(st), why.text);
    /* The engine side goes through the driver, which also invalidates cached maps. */
    tce_gmem_port port = regmodel_gmem_port(&s->eng);
    tce_drv_rc rc = tce_drv_tensormap_replace(&s->drv, &port, addr, f, (unsigned)ord, val);
    if (rc != TCE_DRV_OK)
        return scen_fail(s, "driver tensormap_replace: %s: %s", tce_drv_rc_name(rc), s->drv.why);
    return true;
}

bool scen_exec_ptx(scenario *s, const char *text)
{
    ptx_insn in;
    ptx_error perr;
    memset(&perr, 0, sizeof perr);
    ptx_status ps = ptx_decode_line_regs(text, s->target, &s->regdecl, &in, &perr);
    if (ps == PTX_EMPTY)
        return true;
    if (ps != PTX_OK)
        return scen_fail(s, "PTX rejected at column %u (%s): %s", perr.col,
                         ptx_cause_name(perr.cause), perr.msg);
    s->ptx_lines++;
    if (in.has_pred) {
        uint64_t p = 0;
        if (!scen_reg_get(s, in.pred, &p))
            return false;
        if ((p != 0) == in.pred_negated)
            return true; /* guarded off */
    }
    if (in.has_op)
        return run_engine_op(s, &in);
    if (!scen_ensure_memory(s))
        return false;
    uint64_t v;
    switch (in.kind) {
    case PTX_I_REG_DECL:
    case PTX_I_FENCE_PROXY_ASYNC:
        return true;
    case PTX_I_MOV:
        if (in.nopd != 2 || in.opd[0].kind != PTX_OPD_REG)
            return scen_fail(s, "mov: expected a register and a value");
        return opd_value(s, &in, 1, "source", &v) && reg_set(s, in.opd[0].base.name, v);
    case PTX_I_ADD: {
        uint64_t a, b;
        if (in.nopd != 3 || in.opd[0].kind != PTX_OPD_REG)
            return scen_fail(s, "add: expected a register and two values");
        if (!opd_value(s, &in, 1, "a", &a) || !opd_value(s, &in, 2, "b", &b))
            return false;
        v = a + b;
        if (in.type_bits && in.type_bits < 64)
            v &= (1ull << in.type_bits) - 1;
        return reg_set(s, in.opd[0].base.name, v);
    }
    case PTX_I_COMMIT_GROUP: {
        if (!engine_start(s))
            return false;
        tce_drv_rc rc = tce_drv_commit_group(&s->drv, s->cta);
        if (rc == TCE_DRV_ENGINE_ERROR) /* an earlier command failed: name it (or its gap) */
            return scen_drain(s);
        if (rc != TCE_DRV_OK)
            return scen_fail(s, "commit_group: %s", s->drv.why);
        return apply_tx(s);
    }
    case PTX_I_WAIT_GROUP: {
        if (!engine_start(s) || !opd_value(s, &in, 0, "N", &v))
            return false;
        tce_drv_rc rc = tce_drv_wait_group(&s->drv, s->cta, (unsigned)v, in.read_only);
        if (rc == TCE_DRV_ENGINE_ERROR)
            return scen_drain(s);
        if (rc != TCE_DRV_OK)
            return scen_fail(s, "wait_group: %s: %s", tce_drv_rc_name(rc), s->drv.why);
        return apply_tx(s);
    }
    case PTX_I_MBARRIER_INIT: return mbar_op(s, &in, MB_INIT);
    case PTX_I_MBARRIER_ARRIVE: return mbar_op(s, &in, MB_ARRIVE);
    case PTX_I_MBARRIER_ARRIVE_EXPECT_TX: return mbar_op(s, &in, MB_ARRIVE_TX);
    case PTX_I_MBARRIER_TRY_WAIT:
    case PTX_I_MBARRIER_TEST_WAIT: return mbar_wait(s, &in);
    case PTX_I_TENSORMAP_REPLACE: return tensormap_replace(s, &in);
    default:
        return scen_fail(s, "%s: the runner does not execute this instruction",
                         ptx_insn_kind_name(in.kind));
    }
}
