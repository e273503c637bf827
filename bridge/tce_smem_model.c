/* Shared-memory model; see tce_smem_model.h. */
#include "tce_smem_model.h"

#include "tce_prng.h"

#include <stdlib.h>
#include <string.h>

int tce_smem_init(tce_smem_model *m, unsigned ncta, uint32_t size, unsigned word_bytes,
                  unsigned latency)
{
    memset(m, 0, sizeof *m);
    if (ncta == 0 || ncta > TCE_SMEM_MAX_CTAS || word_bytes > TCE_SMEM_MAX_BYTES)
        return -1;
    m->ncta = ncta;
    m->size = size;
    m->word_bytes = word_bytes;
    m->latency = latency ? latency : 1;
    for (unsigned c = 0; c < ncta; c++) {
        if (!(m->own[c] = calloc(1, size))) {
            tce_smem_free(m);
            return -1;
        }
        m->mem[c] = m->own[c];
    }
    return 0;
}

void tce_smem_free(tce_smem_model *m)
{
    for (unsigned c = 0; c < TCE_SMEM_MAX_CTAS; c++) {
        free(m->own[c]);
        m->own[c] = m->mem[c] = NULL;
    }
    free(m->tx);
    m->tx = NULL;
    m->ntx = m->captx = 0;
}

void tce_smem_reset(tce_smem_model *m)
{
    m->stall = m->mstall = false;
    m->npipe = m->head = 0;
    m->nmpipe = m->mhead = 0;
    m->ntx = 0;
}

void tce_smem_stall(tce_smem_model *m, unsigned pct, uint64_t seed)
{
    m->stall_pct = pct; /* 0..99: tce_sim_open refuses more */
    m->rng = seed ^ 0x5A3C96E1D2B4F087ull;
    m->stall = m->mstall = false;
}

/* the next draw of the stall stream */
static uint64_t stall_draw(tce_smem_model *m) { return tce_prng_splitmix64(&m->rng); }

bool tce_smem_ready(const tce_smem_model *m)
{
    return !m->stall && m->npipe < TCE_SMEM_PIPE;
}

bool tce_smem_mbar_ready(const tce_smem_model *m)
{
    return !m->mstall && m->nmpipe < TCE_SMEM_PIPE;
}

static const tce_smem_rsp *due(const tce_smem_rsp *pipe, unsigned n, unsigned head,
                              uint64_t cycle)
{
    return (n > 0 && pipe[head].due <= cycle) ? &pipe[head] : NULL;
}

const tce_smem_rsp *tce_smem_response(const tce_smem_model *m, uint64_t cycle)
{
    return due(m->pipe, m->npipe, m->head, cycle);
}

const tce_smem_rsp *tce_smem_mbar_response(const tce_smem_model *m, uint64_t cycle)
{
    return due(m->mpipe, m->nmpipe, m->mhead, cycle);
}

/* Retire the answer offered this cycle from an in-order pipe. */
static void retire(const tce_smem_rsp *pipe, unsigned *n, unsigned *head, uint64_t cycle)
{
    if (due(pipe, *n, *head, cycle)) {
        *head = (*head + 1) % TCE_SMEM_PIPE;
        (*n)--;
    }
}

/* The next free slot of a pipe (the caller checked there is one): an answer with no error
 * and no data; a read that succeeds fills rdata and sets data. */
static tce_smem_rsp *push(tce_smem_rsp *pipe, unsigned *n, unsigned head, uint64_t due_at)
{
    tce_smem_rsp *r = &pipe[(head + (*n)++) % TCE_SMEM_PIPE];
    r->due = due_at;
    r->err = false;
    r->data = false;
    return r;
}

static bool in_range(const tce_smem_model *m, unsigned cta, uint32_t off, uint32_t len)
{
    return cta < m->ncta && off <= m->size && len <= m->size - off;
}

/* Log a complete-tx; false when the mbarrier is outside the CTA's memory or misaligned
 * (or the log cannot grow). */
static bool complete_tx(tce_smem_model *m, const tce_smem_mbar_req *q)
{
    if (!in_range(m, q->cta, q->addr, 8) || q->addr % 8)
        return false;
    if (m->ntx == m->captx) {
        unsigned cap = m->captx ? 2 * m->captx : 64;
        tce_smem_tx *n = realloc(m->tx, cap * sizeof *n);
        if (!n)
            return false;
        m->tx = n;
        m->captx = cap;
    }
    m->tx[m->ntx++] = (tce_smem_tx){q->cta, q->addr, q->tx_count};
    return true;
}

void tce_smem_edge(tce_smem_model *m, uint64_t cycle, const tce_smem_req *req,
                   const tce_smem_mbar_req *mreq)
{
    /* READY as driven before the edge decides; retiring frees a slot only for the next. */
    bool take = req->valid && tce_smem_ready(m);
    bool mtake = mreq->valid && tce_smem_mbar_ready(m);
    retire(m->pipe, &m->npipe, &m->head, cycle);
    retire(m->mpipe, &m->nmpipe, &m->mhead, cycle);
    if (take) {
        tce_smem_rsp *r = push(m->pipe, &m->npipe, m->head, cycle + m->latency);
        unsigned wb = m->word_bytes;
        if (req->kind == TCE_SMEM_READ) {
            if (in_range(m, req->cta, req->addr, wb)) {
                memcpy(r->rdata, m->mem[req->cta] + req->addr, wb);
                r->data = true;
            } else
                r->err = true;
        } else if (req->kind == TCE_SMEM_WRITE) {
            /* Every enabled byte must be inside the CTA's memory, else nothing is written.
             * A word wholly inside has no byte outside, and one with every lane enabled is
             * one copy: the usual case, checked first (the loops cost more than the rest of
             * the model's cycle). */
            uint64_t lanes = wb >= 64 ? ~0ull : (1ull << wb) - 1;
            bool inside = in_range(m, req->cta, req->addr, wb);
            for (unsigned i = 0; !inside && i < wb; i++)
                if (((req->wstrb >> i) & 1u) && !in_range(m, req->cta, req->addr + i, 1))
                    r->err = true;
            if (!r->err && inside && (req->wstrb & lanes) == lanes)
                memcpy(m->mem[req->cta] + req->addr, req->wdata, wb);
            else if (!r->err)
                for (unsigned i = 0; i < wb; i++)
                    if ((req->wstrb >> i) & 1u)
                        m->mem[req->cta][req->addr + i] = req->wdata[i];
        } else {
            r->err = true;
        }
    }
    if (mtake) {
        tce_smem_rsp *r = push(m->mpipe, &m->nmpipe, m->mhead, cycle + m->latency);
        r->err = !complete_tx(m, mreq);
    }
    /* READY for the next cycle */
    if (m->stall_pct) {
        m->stall = stall_draw(m) % 100 < m->stall_pct;
        m->mstall = stall_draw(m) % 100 < m->stall_pct;
    }
}
