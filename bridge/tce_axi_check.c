/* Per-cycle protocol checker of the engine's ports; see tce_axi_check.h. */
#include "tce_axi_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>


#define PAGE 4096u
#define AXI_BURST_INCR 1u

void tce_axi_check_init(tce_axi_check *c, unsigned beat_bytes, unsigned smem_word_bytes,
                        unsigned num_ctas)
{
    memset(c, 0, sizeof *c);
    c->beat_bytes = beat_bytes;
    c->word_bytes = smem_word_bytes;
    c->num_ctas = num_ctas;
}

void tce_axi_check_reset(tce_axi_check *c)
{
    c->have_prev = false;
    c->nrd = c->nwr = c->nbw = 0;
    c->l_aw = c->l_w = c->l_ar = false;
    c->sm_out = 0;
    c->mb_out = 0;
}

static void violation(tce_axi_check *c, uint64_t cycle, const char *chan, const char *fmt, ...)
{
    c->violations++;
    if (c->failed)
        return;
    c->failed = true;
    c->fail_cycle = cycle;
    int n = snprintf(c->first, sizeof c->first, "cycle %llu: %s: ", (unsigned long long)cycle,
                     chan);
    if (n < 0 || (size_t)n >= sizeof c->first)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->first + n, sizeof c->first - (size_t)n, fmt, ap);
    va_end(ap);
}

const char *tce_axi_check_error(const tce_axi_check *c) { return c->failed ? c->first : NULL; }

/* A handshake pending at the last edge (VALID && !READY) must still be offered, unchanged:
 * the two AXI rules every channel shares. STABLE tests the pending handshake first and only
 * then evaluates `same` (whether the payload is unchanged: up to two 64-byte comparisons),
 * which decides nothing on the other cycles, most of them. */
#define STABLE(c, cycle, chan, pvalid, pready, valid, same)                                   \
    do {                                                                                   \
        if ((c)->have_prev && (pvalid) && !(pready))                                       \
            held((c), (cycle), (chan), (valid), (same));                                   \
    } while (0)

static void held(tce_axi_check *c, uint64_t cycle, const char *chan, bool valid, bool same)
{
    if (!valid)
        violation(c, cycle, chan, "VALID fell before READY (a handshake was withdrawn)");
    else if (!same)
        violation(c, cycle, chan, "payload changed while VALID waited for READY");
}

static void push(tce_axi_check *c, uint64_t cycle, const char *chan, tce_check_burst *q,
                 unsigned *n, tce_check_burst b)
{
    if (*n == TCE_CHECK_MAX_OUT) {
        violation(c, cycle, chan, "more than %u bursts outstanding (checker capacity)",
                  TCE_CHECK_MAX_OUT);
        return;
    }
    q[(*n)++] = b;
}

static void drop(tce_check_burst *q, unsigned *n, unsigned i)
{
    memmove(q + i, q + i + 1, (size_t)(*n - 1 - i) * sizeof *q);
    (*n)--;
}

/* The oldest burst of this ID, or -1. */
static int oldest(const tce_check_burst *q, unsigned n, unsigned id)
{
    for (unsigned i = 0; i < n; i++)
        if (q[i].id == id)
            return (int)i;
    return -1;
}

/* Address-channel rules shared by AR and AW. */
static void burst_rules(tce_axi_check *c, uint64_t cycle, const char *chan, uint64_t addr,
                        unsigned len, unsigned size, unsigned burst)
{
    if (len > 255)
        violation(c, cycle, chan, "AxLEN %u is above 255 (AXI4 INCR bursts have 1..256 beats)",
                  len);
    else if (burst != AXI_BURST_INCR)
        violation(c, cycle, chan, "AxBURST %u is not INCR (1)", burst);
    else if ((1u << size) != c->beat_bytes)
        violation(c, cycle, chan, "AxSIZE %u is not the %u-byte beat", size, c->beat_bytes);
    else {
        uint64_t first = addr & ~(uint64_t)(c->beat_bytes - 1);
        uint64_t last = first + (uint64_t)len * c->beat_bytes; /* last beat's address */
        if (first / PAGE != last / PAGE)
            violation(c, cycle, chan,
                      "burst at 0x%llx of %u beats crosses a 4 KB boundary (AXI forbids it)",
                      (unsigned long long)addr, len + 1);
    }
}

void tce_axi_check_axi(tce_axi_check *c, uint64_t cycle, const tce_axi_master_out *m,
                       const tce_axi_slave_out *s)
{
    const tce_axi_master_out *pm = &c->pm;
    const tce_axi_slave_out *ps = &c->ps;
    unsigned bb = c->beat_bytes;
    STABLE(c, cycle, "AXI AR", pm->arvalid, ps->arready, m->arvalid,
           m->arid == pm->arid && m->araddr == pm->araddr && m->arlen == pm->arlen &&
               m->arsize == pm->arsize && m->arburst == pm->arburst);
    STABLE(c, cycle, "AXI AW", pm->awvalid, ps->awready, m->awvalid,
           m->awid == pm->awid && m->awaddr == pm->awaddr && m->awlen == pm->awlen &&
               m->awsize == pm->awsize && m->awburst == pm->awburst);
    STABLE(c, cycle, "AXI W", pm->wvalid, ps->wready, m->wvalid,
           !memcmp(m->wdata, pm->wdata, bb) && m->wstrb == pm->wstrb && m->wlast == pm->wlast);
    STABLE(c, cycle, "AXI R", ps->rvalid, pm->rready, s->rvalid,
           s->rid == ps->rid && !memcmp(s->rdata, ps->rdata, bb) && s->rresp == ps->rresp &&
               s->rlast == ps->rlast);
    STABLE(c, cycle, "AXI B", ps->bvalid, pm->bready, s->bvalid,
           s->bid == ps->bid && s->bresp == ps->bresp);

    if (m->arvalid && s->arready) {
        burst_rules(c, cycle, "AXI AR", m->araddr, m->arlen, m->arsize, m->arburst);
        push(c, cycle, "AXI AR", c->rd, &c->nrd,
             (tce_check_burst){m->araddr, m->arid, m->arlen + 1, 0, cycle});
        c->last_progress = cycle;
    }
    if (m->awvalid && s->awready) {
        burst_rules(c, cycle, "AXI AW", m->awaddr, m->awlen, m->awsize, m->awburst);
        push(c, cycle, "AXI AW", c->wr, &c->nwr,
             (tce_check_burst){m->awaddr, m->awid, m->awlen + 1, 0, cycle});
        c->last_progress = cycle;
    }
    if (m->wvalid && s->wready) {
        c->last_progress = cycle;
        if (bb < 64 && (m->wstrb >> bb) != 0)
            violation(c, cycle, "AXI W", "WSTRB 0x%llx has lanes beyond the %u-byte beat",
                      (unsigned long long)m->wstrb, bb);
        /* W beats follow AW order; this engine always sends a burst's AW first (docs/rtl.md),
         * which the AW handshake of this same edge satisfies. */
        if (c->nwr == 0)
            violation(c, cycle, "AXI W", "W beat with no write burst address (AW) accepted");
        else {
            tce_check_burst *b = &c->wr[0];
            b->beats++;
            bool last = b->beats == b->len;
            if (m->wlast != last)
                violation(c, cycle, "AXI W", "WLAST %s on beat %u of a %u-beat burst (AWLEN %u)",
                          m->wlast ? "set" : "missing", b->beats, b->len, b->len - 1);
            if (m->wlast || last) {
                tce_check_burst done = *b;
                done.since = cycle;
                drop(c->wr, &c->nwr, 0);
                push(c, cycle, "AXI W", c->bw, &c->nbw, done);
            }
        }
    }
    if (s->rvalid && m->rready) {
        c->last_progress = cycle;
        int i = oldest(c->rd, c->nrd, s->rid);
        if (i < 0)
            violation(c, cycle, "AXI R", "R beat for ID %u, which has no read outstanding",
                      s->rid);
        else {
            tce_check_burst *b = &c->rd[i];
            b->beats++;
            bool last = b->beats == b->len;
            if (s->rlast != last)
                violation(c, cycle, "AXI R", "RLAST %s on beat %u of a %u-beat burst (ID %u)",
                          s->rlast ? "set" : "missing", b->beats, b->len, s->rid);
            if (last || s->rlast)
                drop(c->rd, &c->nrd, (unsigned)i);
        }
    }
    if (s->bvalid && m->bready) {
        c->last_progress = cycle;
        int i = oldest(c->bw, c->nbw, s->bid);
        if (i < 0)
            violation(c, cycle, "AXI B",
                      "B response for ID %u, which has no completed write burst waiting", s->bid);
        else
            drop(c->bw, &c->nbw, (unsigned)i);
    }
    c->pm = *m;
    c->ps = *s;
}

void tce_axi_check_axil(tce_axi_check *c, uint64_t cycle, const tce_axil_sample *l)
{
    const tce_axil_sample *p = &c->pl;
    STABLE(c, cycle, "AXI-Lite AW", p->awvalid, p->awready, l->awvalid, l->awaddr == p->awaddr);
    STABLE(c, cycle, "AXI-Lite W", p->wvalid, p->wready, l->wvalid,
           l->wdata == p->wdata && l->wstrb == p->wstrb);
    STABLE(c, cycle, "AXI-Lite B", p->bvalid, p->bready, l->bvalid, l->bresp == p->bresp);
    STABLE(c, cycle, "AXI-Lite AR", p->arvalid, p->arready, l->arvalid, l->araddr == p->araddr);
    STABLE(c, cycle, "AXI-Lite R", p->rvalid, p->rready, l->rvalid,
           l->rdata == p->rdata && l->rresp == p->rresp);
    if (l->awvalid && l->awready) {
        if (c->l_aw)
            violation(c, cycle, "AXI-Lite AW", "second write address before the first's B");
        c->l_aw = true;
        c->l_since = cycle;
    }
    if (l->wvalid && l->wready) {
        if (c->l_w)
            violation(c, cycle, "AXI-Lite W", "second write data before the first's B");
        c->l_w = true;
        c->l_since = cycle;
    }
    if (l->bvalid && l->bready) {
        if (!c->l_aw || !c->l_w)
            violation(c, cycle, "AXI-Lite B", "B response before both AW and W were accepted");
        c->l_aw = c->l_w = false;
    }
    if (l->arvalid && l->arready) {
        if (c->l_ar)
            violation(c, cycle, "AXI-Lite AR", "second read address before the first's R");
        c->l_ar = true;
        c->l_since = cycle;
    }
    if (l->rvalid && l->rready) {
        if (!c->l_ar)
            violation(c, cycle, "AXI-Lite R", "R response with no read address accepted");
        c->l_ar = false;
    }
    c->pl = *l;
}

/* In-order request/response ports (shared-memory, mbarrier): a response retires the oldest
 * outstanding request; there must be one. */
static void answered(tce_axi_check *c, uint64_t cycle, const char *chan, unsigned *out)
{
    if (*out == 0)
        violation(c, cycle, chan, "response with no request outstanding");
    else
        (*out)--;
    c->last_progress = cycle;
}

static void accepted(tce_axi_check *c, uint64_t cycle, unsigned *out, uint64_t *since)
{
    c->last_progress = cycle;
    if ((*out)++ == 0)
        *since = cycle;
}

void tce_axi_check_smem(tce_axi_check *c, uint64_t cycle, const tce_smem_port_sample *q)
{
    const tce_smem_port_sample *p = &c->pq;
    STABLE(c, cycle, "shared-memory request", p->req.valid, p->req_ready, q->req.valid,
           q->req.kind == p->req.kind && q->req.cta == p->req.cta && q->req.addr == p->req.addr &&
               q->req.wstrb == p->req.wstrb &&
               (q->req.kind != TCE_SMEM_WRITE || !memcmp(q->req.wdata, p->req.wdata, c->word_bytes)));
    /* A request and the response to an earlier one may share an edge: answer first. */
    if (q->rsp_valid)
        answered(c, cycle, "shared-memory response", &c->sm_out);
    if (q->req.valid && q->req_ready) {
        accepted(c, cycle, &c->sm_out, &c->sm_since);
        if (q->req.kind > TCE_SMEM_WRITE)
            violation(c, cycle, "shared-memory request", "kind %u is not read/write",
                      q->req.kind);
        else if (q->req.cta >= c->num_ctas)
            violation(c, cycle, "shared-memory request", "CTA %u is not below NUM_CTAS %u",
                      q->req.cta, c->num_ctas);
        else if (q->req.addr % c->word_bytes)
            violation(c, cycle, "shared-memory request",
                      "address 0x%x is not %u-byte aligned", q->req.addr, c->word_bytes);
    }
    /* The mbarrier port: the same rules, for complete-tx requests. */
    STABLE(c, cycle, "mbarrier request", p->mreq.valid, p->mreq_ready, q->mreq.valid,
           q->mreq.cta == p->mreq.cta && q->mreq.addr == p->mreq.addr &&
               q->mreq.tx_count == p->mreq.tx_count);
    if (q->mrsp_valid)
        answered(c, cycle, "mbarrier response", &c->mb_out);
    if (q->mreq.valid && q->mreq_ready) {
        accepted(c, cycle, &c->mb_out, &c->mb_since);
        if (q->mreq.cta >= c->num_ctas)
            violation(c, cycle, "mbarrier request", "CTA %u is not below NUM_CTAS %u",
                      q->mreq.cta, c->num_ctas);
        else if (q->mreq.addr % 8)
            violation(c, cycle, "mbarrier request", "mbarrier 0x%x is not 8-byte aligned",
                      q->mreq.addr);
    }
    c->pq = *q;
}

void tce_axi_check_end_cycle(tce_axi_check *c) { c->have_prev = true; }

void tce_axi_check_in_reset(tce_axi_check *c, uint64_t cycle, const tce_axi_master_out *m,
                            const tce_axil_sample *l, const tce_smem_port_sample *q)
{
    static const char rule[] = "VALID high while reset is asserted";
    if (m->arvalid)
        violation(c, cycle, "AXI AR", "%s", rule);
    if (m->awvalid)
        violation(c, cycle, "AXI AW", "%s", rule);
    if (m->wvalid)
        violation(c, cycle, "AXI W", "%s", rule);
    if (l->bvalid)
        violation(c, cycle, "AXI-Lite B", "%s", rule);
    if (l->rvalid)
        violation(c, cycle, "AXI-Lite R", "%s", rule);
    if (q->req.valid)
        violation(c, cycle, "shared-memory request", "%s", rule);
    if (q->mreq.valid)
        violation(c, cycle, "mbarrier request", "%s", rule);
    c->have_prev = false; /* the stability rules start again after reset */
}

static void append(char *out, size_t cap, const char *fmt, ...)
{
    size_t l = strlen(out);
    if (l + 1 >= cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out + l, cap - l, fmt, ap);
    va_end(ap);
}

static void list(const tce_check_burst *q, unsigned n, const char *what, uint64_t now,
                 char *out, size_t cap)
{
    if (!n)
        return;
    append(out, cap, "; %u %s:", n, what);
    for (unsigned i = 0; i < n && i < 4; i++)
        append(out, cap, " [ID %u 0x%llx, %u of %u beats, since cycle %llu (%llu ago)]",
               q[i].id, (unsigned long long)q[i].addr, q[i].beats, q[i].len,
               (unsigned long long)q[i].since, (unsigned long long)(now - q[i].since));
    if (n > 4)
        append(out, cap, " ...");
}

void tce_axi_check_outstanding(const tce_axi_check *c, uint64_t now, char *out, size_t cap)
{
    if (!cap)
        return;
    out[0] = '\0';
    append(out, cap, "last handshake on any port at cycle %llu",
           (unsigned long long)c->last_progress);
    list(c->rd, c->nrd, "AXI reads awaiting R", now, out, cap);
    list(c->wr, c->nwr, "AXI writes awaiting W beats", now, out, cap);
    list(c->bw, c->nbw, "AXI writes awaiting B", now, out, cap);
    if (c->nrd + c->nwr + c->nbw == 0)
        append(out, cap, "; no AXI burst outstanding");
    if (c->sm_out)
        append(out, cap, "; %u shared-memory requests unanswered since cycle %llu", c->sm_out,
               (unsigned long long)c->sm_since);
    if (c->mb_out)
        append(out, cap, "; %u mbarrier requests unanswered since cycle %llu", c->mb_out,
               (unsigned long long)c->mb_since);
    const tce_axi_master_out *m = &c->pm;
    const tce_axi_slave_out *s = &c->ps;
    const tce_smem_port_sample *q = &c->pq;
    append(out, cap,
           "; valid/ready now: AR %d/%d AW %d/%d W %d/%d R %d/%d B %d/%d smem req %d/%d"
           " mbar req %d/%d",
           m->arvalid, s->arready, m->awvalid, s->awready, m->wvalid, s->wready, s->rvalid,
           m->rready, s->bvalid, m->bready, q->req.valid, q->req_ready, q->mreq.valid,
           q->mreq_ready);
}
