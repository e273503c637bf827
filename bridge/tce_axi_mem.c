/* Global-memory AXI4 slave model; see tce_axi_mem.h. */
#include "tce_axi_mem.h"

#include "tce_prng.h"

#include <stdlib.h>
#include <string.h>

#define PAGE 4096u

void tce_axi_mem_init(tce_axi_mem *m, unsigned beat_bytes, unsigned latency)
{
    memset(m, 0, sizeof *m);
    m->beat_bytes = beat_bytes;
    m->latency = latency ? latency : 1;
    m->lat_max = m->latency;
    m->max_rd = m->max_wr = TCE_AXI_MAX_BURSTS;
}

void tce_axi_mem_disorder(tce_axi_mem *m, bool reorder, unsigned stall_pct, uint64_t seed)
{
    m->reorder = reorder;
    m->stall_pct = stall_pct > 90 ? 90 : stall_pct;
    m->rng = seed ? seed : 1;
}

static uint32_t rnd(tce_axi_mem *m) { return tce_prng_xorshift64s(&m->rng); }

void tce_axi_mem_latency_range(tce_axi_mem *m, unsigned lat_min, unsigned lat_max)
{
    m->latency = lat_min ? lat_min : 1;
    m->lat_max = lat_max > m->latency ? lat_max : m->latency;
}

void tce_axi_mem_outstanding(tce_axi_mem *m, unsigned max_rd, unsigned max_wr)
{
    m->max_rd = max_rd && max_rd < TCE_AXI_MAX_BURSTS ? max_rd : TCE_AXI_MAX_BURSTS;
    m->max_wr = max_wr && max_wr < TCE_AXI_MAX_BURSTS ? max_wr : TCE_AXI_MAX_BURSTS;
}

void tce_axi_mem_bandwidth(tce_axi_mem *m, unsigned beats, unsigned window)
{
    /* More beats than cycles is no cap at all (one R and one W beat per cycle at most). */
    m->bw_window = beats && window && beats < 2 * window ? window : 0;
    m->bw_beats = m->bw_window ? beats : 0;
    m->bw_credit = m->bw_window; /* the first beat may go at once */
}

int tce_axi_mem_inject(tce_axi_mem *m, uint64_t base, uint64_t size, unsigned resp,
                       unsigned dirs)
{
    if (m->ninj == TCE_AXI_MAX_INJECT || size == 0 || base + size < base ||
        (resp != TCE_AXI_SLVERR && resp != TCE_AXI_DECERR && resp != TCE_AXI_HANG) ||
        (dirs & (TCE_AXI_INJECT_READ | TCE_AXI_INJECT_WRITE)) == 0)
        return -1;
    m->inj[m->ninj++] = (tce_axi_inject){base, size, resp, dirs};
    return 0;
}

void tce_axi_mem_inject_clear(tce_axi_mem *m) { m->ninj = 0; }

/* This burst's latency: fixed, or drawn from the range. */
static unsigned draw_latency(tce_axi_mem *m)
{
    if (m->lat_max <= m->latency)
        return m->latency;
    return m->latency + rnd(m) % (m->lat_max - m->latency + 1);
}

/* Choose the burst that answers next: the oldest burst of a randomly chosen ID among those
 * whose first beat is due. */
static void pick_read(tce_axi_mem *m, uint64_t cycle)
{
    unsigned cand[TCE_AXI_MAX_BURSTS], n = 0;
    for (unsigned i = 0; i < m->nrq; i++) {
        bool first_of_id = true;
        for (unsigned j = 0; j < i; j++)
            first_of_id &= m->rq[j].id != m->rq[i].id;
        if (first_of_id && m->rq[i].due <= cycle + 1)
            cand[n++] = i;
    }
    m->rsel = n ? cand[rnd(m) % n] : 0;
}

void tce_axi_mem_free(tce_axi_mem *m)
{
    for (unsigned i = 0; i < m->nregions; i++)
        if (m->r[i].owned)
            free(m->r[i].bytes);
    m->nregions = 0;
}

int tce_axi_mem_map(tce_axi_mem *m, uint64_t base, uint64_t size)
{
    /* Whole pages, as a real memory system maps them: a beat is then either wholly mapped
     * or not at all. */
    uint64_t lo = base & ~(uint64_t)(PAGE - 1);
    uint64_t hi = (base + size + PAGE - 1) & ~(uint64_t)(PAGE - 1);
    if (size == 0 || hi <= lo || m->nregions == TCE_AXI_MAX_REGIONS)
        return -1;
    for (unsigned i = 0; i < m->nregions; i++)
        if (lo < m->r[i].base + m->r[i].size && m->r[i].base < hi)
            return -1;
    uint8_t *b = calloc(1, (size_t)(hi - lo));
    if (!b)
        return -1;
    m->r[m->nregions++] = (tce_axi_region){lo, hi - lo, b, true};
    return 0;
}

int tce_axi_mem_attach(tce_axi_mem *m, uint64_t base, uint64_t size, uint8_t *bytes)
{
    if (size == 0 || base + size < base || !bytes || m->nregions == TCE_AXI_MAX_REGIONS)
        return -1;
    for (unsigned i = 0; i < m->nregions; i++)
        if (base < m->r[i].base + m->r[i].size && m->r[i].base < base + size)
            return -1;
    m->r[m->nregions++] = (tce_axi_region){base, size, bytes, false};
    return 0;
}

void tce_axi_mem_detach_all(tce_axi_mem *m)
{
    unsigned k = 0;
    for (unsigned i = 0; i < m->nregions; i++)
        if (m->r[i].owned)
            m->r[k++] = m->r[i];
    m->nregions = k;
}

uint8_t *tce_axi_mem_ptr(tce_axi_mem *m, uint64_t addr, uint64_t len)
{
    for (unsigned i = 0; i < m->nregions; i++) {
        const tce_axi_region *r = &m->r[i];
        if (addr >= r->base && len <= r->size && addr - r->base <= r->size - len)
            return r->bytes + (addr - r->base);
    }
    return NULL;
}

void tce_axi_mem_reset(tce_axi_mem *m)
{
    m->nrq = m->nwq = m->nbq = 0;
}

static uint64_t beat_addr(const tce_axi_mem *m, const tce_axi_burst *b)
{
    uint64_t a0 = b->addr & ~(uint64_t)(m->beat_bytes - 1);
    return a0 + (uint64_t)b->beat * m->beat_bytes;
}

/* Real memory is mapped in whole pages, so a beat is wholly mapped or not. A buffer the
 * caller attached (tce_axi_mem_attach) may end inside a beat; the bytes of its pages that
 * it does not cover read as zero, as the rest of a mapped page would, and only a strobed
 * write byte there is an error. A reduction reads the whole last beat of its range, and
 * only its strobed bytes go back. */
static bool page_mapped(const tce_axi_mem *m, uint64_t addr)
{
    uint64_t lo = addr & ~(uint64_t)(PAGE - 1);
    for (unsigned i = 0; i < m->nregions; i++)
        if (m->r[i].base < lo + PAGE && lo < m->r[i].base + m->r[i].size)
            return true;
    return false;
}

/* The response to a beat at a (beat-aligned) in direction dir, and its bytes (NULL on error,
 * and NULL with OKAY for a beat only partly inside a mapping, see page_mapped). */
static uint8_t *beat_target(const tce_axi_mem *m, uint64_t a, unsigned dir, unsigned *resp)
{
    for (unsigned i = 0; i < m->ninj; i++) {
        const tce_axi_inject *r = &m->inj[i];
        if (r->resp != TCE_AXI_HANG && (r->dirs & dir) && a < r->base + r->size &&
            r->base < a + m->beat_bytes) {
            *resp = r->resp;
            return NULL;
        }
    }
    uint8_t *p = tce_axi_mem_ptr((tce_axi_mem *)m, a, m->beat_bytes);
    *resp = (p || page_mapped(m, a)) ? TCE_AXI_OKAY : TCE_AXI_DECERR;
    return p;
}

/* Whether any beat of a burst lies in a TCE_AXI_HANG range of direction dir. */
static bool hangs(const tce_axi_mem *m, const tce_axi_burst *b, unsigned dir)
{
    uint64_t lo = b->addr & ~(uint64_t)(m->beat_bytes - 1);
    uint64_t hi = lo + (uint64_t)b->len * m->beat_bytes;
    for (unsigned i = 0; i < m->ninj; i++) {
        const tce_axi_inject *r = &m->inj[i];
        if (r->resp == TCE_AXI_HANG && (r->dirs & dir) && lo < r->base + r->size && r->base < hi)
            return true;
    }
    return false;
}

static bool injected(const tce_axi_mem *m, unsigned resp, uint64_t a)
{
    return resp != TCE_AXI_OKAY && tce_axi_mem_ptr((tce_axi_mem *)m, a, m->beat_bytes);
}

/* Bandwidth: whether `beats` more beats may move this cycle. */
static bool bw_allows(const tce_axi_mem *m, unsigned beats)
{
    return !m->bw_window || m->bw_credit >= beats * m->bw_window;
}

void tce_axi_mem_outputs(const tce_axi_mem *m, uint64_t cycle, tce_axi_slave_out *o)
{
    memset(o, 0, sizeof *o);
    o->arready = !m->stall_ready && m->nrq < m->max_rd;
    o->awready = !m->stall_ready && m->nwq + m->nbq < m->max_wr;
    unsigned sel = m->reorder ? m->rsel : 0;
    /* A held beat was offered with credit to spare, and credit only shrinks when a beat
     * moves, so the bandwidth cap never withdraws it. */
    if (!m->stall_r && sel < m->nrq && m->rq[sel].due <= cycle && bw_allows(m, 1)) {
        const tce_axi_burst *b = &m->rq[sel];
        const uint8_t *p = beat_target(m, beat_addr(m, b), TCE_AXI_INJECT_READ, &o->rresp);
        o->rvalid = true;
        o->rid = b->id;
        o->rlast = b->beat + 1 == b->len;
        if (p)
            memcpy(o->rdata, p, m->beat_bytes);
        else if (o->rresp == TCE_AXI_OKAY) /* partly mapped: the mapped bytes, zeros */
            for (unsigned i = 0; i < m->beat_bytes; i++) {
                const uint8_t *q = tce_axi_mem_ptr((tce_axi_mem *)m, beat_addr(m, b) + i, 1);
                o->rdata[i] = q ? *q : 0;
            }
    }
    /* W beats belong to the oldest write burst whose AW has arrived (AXI4: no interleave). */
    o->wready = !m->stall_ready && m->nwq > 0 && m->nbq < TCE_AXI_MAX_BURSTS &&
                bw_allows(m, o->rvalid ? 2 : 1);
    if (!m->stall_b && m->nbq > 0 && m->bq[0].due <= cycle) {
        o->bvalid = true;
        o->bid = m->bq[0].id;
        o->bresp = m->bq[0].resp;
    }
}

uint64_t tce_axi_mem_r_burst_addr(const tce_axi_mem *m)
{
    unsigned sel = m->reorder ? m->rsel : 0;
    return sel < m->nrq ? m->rq[sel].addr : 0;
}

static void remove_at(tce_axi_burst *q, unsigned *n, unsigned i)
{
    memmove(q + i, q + i + 1, (size_t)(*n - 1 - i) * sizeof *q);
    (*n)--;
}

static void pop_front(tce_axi_burst *q, unsigned *n)
{
    remove_at(q, n, 0);
}

void tce_axi_mem_edge(tce_axi_mem *m, uint64_t cycle, const tce_axi_slave_out *o,
                      const tce_axi_master_out *in)
{
    unsigned sel = m->reorder ? m->rsel : 0;
    if (m->bw_window) {
        m->bw_credit -= ((o->rvalid && in->rready) + (o->wready && in->wvalid)) * m->bw_window;
        m->bw_credit += m->bw_beats;
        if (m->bw_credit > 2 * m->bw_window) /* no bursts saved up beyond R+W of one cycle */
            m->bw_credit = 2 * m->bw_window;
    }
    if (o->rvalid && in->rready) {
        tce_axi_burst *b = &m->rq[sel];
        m->ooo_beats += sel != 0;
        m->injected += injected(m, o->rresp, beat_addr(m, b));
        if (++b->beat == b->len)
            remove_at(m->rq, &m->nrq, sel);
    }
    if (o->bvalid && in->bready)
        pop_front(m->bq, &m->nbq);
    if (o->wready && in->wvalid) {
        tce_axi_burst *b = &m->wq[0];
        uint64_t a = beat_addr(m, b);
        unsigned resp;
        uint8_t *p = beat_target(m, a, TCE_AXI_INJECT_WRITE, &resp);
        m->injected += injected(m, resp, a);
        if (resp > b->resp)
            b->resp = resp;
        uint64_t lanes = m->beat_bytes >= 64 ? ~0ull : (1ull << m->beat_bytes) - 1;
        if (p && (in->wstrb & lanes) == lanes) /* every lane: one copy (the usual beat) */
            memcpy(p, in->wdata, m->beat_bytes);
        else if (p)
            for (unsigned i = 0; i < m->beat_bytes; i++)
                if ((in->wstrb >> i) & 1u)
                    p[i] = in->wdata[i];
        if (!p && resp == TCE_AXI_OKAY) /* partly mapped: only strobed bytes must be mapped */
            for (unsigned i = 0; i < m->beat_bytes; i++)
                if ((in->wstrb >> i) & 1u) {
                    uint8_t *q = tce_axi_mem_ptr(m, a + i, 1);
                    if (q)
                        *q = in->wdata[i];
                    else if (TCE_AXI_DECERR > b->resp)
                        b->resp = TCE_AXI_DECERR;
                }
        b->beat++;
        /* WLAST must mark exactly the burst's last beat; a mismatch is a slave error (the
         * protocol checker, tce_axi_check.h, names it). */
        if (in->wlast != (b->beat == b->len))
            b->resp = TCE_AXI_SLVERR > b->resp ? TCE_AXI_SLVERR : b->resp;
        if (in->wlast || b->beat == b->len) {
            tce_axi_burst done = *b;
            done.due = hangs(m, b, TCE_AXI_INJECT_WRITE) ? UINT64_MAX : cycle + draw_latency(m);
            pop_front(m->wq, &m->nwq);
            m->bq[m->nbq++] = done;
        }
    }
    if (o->arready && in->arvalid) {
        tce_axi_burst b = {in->araddr, in->arlen + 1, in->arid, 0, cycle + draw_latency(m),
                           TCE_AXI_OKAY};
        if (hangs(m, &b, TCE_AXI_INJECT_READ))
            b.due = UINT64_MAX;
        m->rq[m->nrq++] = b;
    }
    if (o->awready && in->awvalid)
        m->wq[m->nwq++] = (tce_axi_burst){in->awaddr, in->awlen + 1, in->awid, 0, 0,
                                          TCE_AXI_OKAY};
    /* An offered R beat or B response that was not taken must be offered again unchanged
     * (AXI: VALID stays up, payload stable, until the handshake). */
    m->r_held = o->rvalid && !in->rready;
    m->b_held = o->bvalid && !in->bready;
    if (m->reorder && !m->r_held)
        pick_read(m, cycle);
    if (m->stall_pct) {
        m->stall_ready = rnd(m) % 100 < m->stall_pct;
        m->stall_r = !m->r_held && rnd(m) % 100 < m->stall_pct;
        m->stall_b = !m->b_held && rnd(m) % 100 < m->stall_pct;
    }
}
