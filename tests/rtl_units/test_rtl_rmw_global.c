/* The RTL read-modify-write of global memory (rtl/rmw/tce_rmw_global.sv, with the reduction
 * unit it shares in tce_engine; Verilated alone through bridge/units/) against the golden
 * model's reduction arithmetic (tce_arith_apply, beat by beat, in issue order).
 *
 * The C side plays the write mover (bursts of up to 16 beats, AWs running up to six bursts
 * ahead of the W beats, random strobes) and global memory (random AR, R, W and B delays; an
 * R beat reads memory when it is returned, a W beat writes it when it is taken, B follows the
 * last W beat). So a read of bytes whose earlier write has not landed would return the old
 * value, and the lost update shows in the final bytes: the bursts are drawn in a 2 KB window,
 * where they overlap within and across commands.
 *
 *   reduce   commands of every legal (family, op, type, noftz) of the bulk reduce, tensor
 *            reduce and red.global, each burst's result against tce_arith_apply applied in
 *            issue order; ARs equal to the mover's bursts, in order
 *   plain    plain stores between them (the unit passes the write channels through)
 *   errors   an R beat answered SLVERR is written back with no strobes (memory keeps its
 *            bytes) and the command's last B says SLVERR until the next command's clear; a
 *            B answered SLVERR by memory reaches the mover as such
 *
 * The harness includes the overlap-rule checker of rtl/assert (built with TCE_ASSERT). The
 * seed is printed; TCE_RTL_SEED=<n> replays a run. */
#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "arith.h"
#include "tce_rmwg.h"
#include "unit_check.h"

#define NB TCE_RMWG_BYTES
#define MEM_BASE 0x40000000ull
#define MEM_BYTES 8192u
#define WINDOW 2048u        /* where bursts land */
#define MAX_BURSTS 24u
#define COMMANDS 6000u

static uint8_t mem[MEM_BYTES];  /* the memory the RTL reads and writes */
static uint8_t want[MEM_BYTES]; /* the golden model's memory */

typedef struct {
    uint64_t addr;
    unsigned len; /* beats - 1 */
    uint8_t src[16][NB];
    uint32_t strb[16];
} burst;

typedef struct {
    bool reduce;
    tce_arith_ctx ctx;
    tce_redop op;
    tce_etype et;
    bool noftz;
    unsigned nbursts;
    burst b[MAX_BURSTS];
    bool r_errors; /* memory answers some R beats SLVERR */
    bool b_errors; /* ... and some B responses */
} command;

typedef struct {
    tce_arith_ctx ctx;
    tce_redop op;
    tce_etype et;
    bool noftz;
} combo;

static combo combos[3 * 8 * 10 * 2];
static unsigned ncombos;
static tce_rmwg *unit;
static unsigned long cycles, beats_reduced, beats_stored, r_errors, b_errors, commands_run;

static uint8_t *mem_at(uint64_t a) { return &mem[a - MEM_BASE]; }

/* ------------------------------------------------------------------ the golden model */

/* A beat of the command applied to `want`: every enabled byte takes the byte of the
 * element result (reduce) or the source (store); a beat whose read failed changes nothing. */
static void model_beat(const command *c, uint64_t a, const uint8_t *src, uint32_t strb,
                       bool read_failed)
{
    uint8_t *m = &want[a - MEM_BASE];
    if (!c->reduce) {
        for (unsigned i = 0; i < NB; i++)
            if (strb >> i & 1u)
                m[i] = src[i];
        return;
    }
    if (read_failed)
        return;
    unsigned es = tce_etype_size(c->et);
    for (unsigned off = 0; off < NB; off += es) {
        uint64_t mv = 0, sv = 0;
        for (unsigned k = 0; k < es; k++)
            mv |= (uint64_t)m[off + k] << (8 * k), sv |= (uint64_t)src[off + k] << (8 * k);
        uint64_t r = tce_arith_apply(c->ctx, c->op, c->et, c->noftz, mv, sv);
        for (unsigned k = 0; k < es; k++)
            if (strb >> (off + k) & 1u)
                m[off + k] = (uint8_t)(r >> (8 * k));
    }
}

/* ------------------------------------------------------------------ memory side */

typedef struct {
    uint64_t addr;
    unsigned len, beat;
} xfer;

#define QMAX 64u
static xfer arq[QMAX], awq[QMAX];
static unsigned narq, nawq;
static unsigned bpend[QMAX], nb; /* B responses owed (delay countdown), in AW order */
static unsigned ar_stall, aw_stall;

static void pop(xfer *q, unsigned *n)
{
    for (unsigned i = 1; i < *n; i++)
        q[i - 1] = q[i];
    (*n)--;
}

/* ------------------------------------------------------------------ one command */

/* Read failures the golden model must skip: the beat index (in the command) of each R beat
 * answered SLVERR. The unit pairs R beats with W beats in order, so the k-th R beat belongs
 * to the k-th W beat. */
static bool r_failed[MAX_BURSTS * 16];

static void run_command(const command *c, unsigned ahead)
{
    unsigned total_beats = 0;
    for (unsigned i = 0; i < c->nbursts; i++)
        total_beats += c->b[i].len + 1;
    memset(r_failed, 0, sizeof r_failed);
    unsigned aw_sent = 0, w_burst = 0, w_beat = 0, b_seen = 0, r_beats = 0, ar_seen = 0,
             aw_out = 0, r_failed_n = 0;
    unsigned last_bresp = 0;
    bool any_b_error = false;
    unsigned long t0 = cycles;
    bool first = true;
    while (b_seen < c->nbursts) {
        if (cycles - t0 > 20000u) {
            CHECK(0, "command %lu stalled: %u of %u bursts answered, %u AWs, W burst %u",
                  commands_run, b_seen, c->nbursts, aw_sent, w_burst);
            return;
        }
        tce_rmwg_in in;
        memset(&in, 0, sizeof in);
        in.reduce_in = c->reduce;
        in.clear = first;
        in.op = c->op, in.etype = c->et, in.ctx = c->ctx, in.noftz = c->noftz;
        /* The mover: AWs up to `ahead` bursts ahead of its W beats. */
        if (aw_sent < c->nbursts && aw_sent < w_burst + ahead && rnd_below(4)) {
            in.u_awvalid = true;
            in.u_awaddr = c->b[aw_sent].addr;
            in.u_awlen = c->b[aw_sent].len;
        }
        const burst *wb = w_burst < c->nbursts ? &c->b[w_burst] : NULL;
        if (wb && w_burst < aw_sent && rnd_below(5)) {
            in.u_wvalid = true;
            memcpy(in.u_wdata, wb->src[w_beat], NB);
            in.u_wstrb = wb->strb[w_beat];
            in.u_wlast = w_beat == wb->len;
        }
        /* Memory. */
        in.arready = ar_stall == 0 && narq < QMAX;
        in.awready = aw_stall == 0 && nawq < QMAX;
        in.wready = nawq > 0 && rnd_below(6) != 0; /* W after its AW */
        if (narq > 0 && rnd_below(3) != 0) {
            in.rvalid = true;
            memcpy(in.rdata, mem_at(arq[0].addr + (uint64_t)arq[0].beat * NB), NB);
            in.rresp = c->r_errors && rnd_below(10) == 0 ? 2 : 0;
        }
        if (nb > 0 && bpend[0] == 0) {
            in.bvalid = true;
            in.bresp = c->b_errors && rnd_below(4) == 0 ? 2 : 0;
        }
        tce_rmwg_out o;
        tce_rmwg_cycle(unit, &in, &o);
        cycles++;
        first = false;
        CHECK(!o.illegal, "command %lu: the reduction unit calls %s.%s illegal", commands_run,
              tce_redop_name(c->op), tce_etype_name(c->et));

        /* Mover handshakes. */
        if (in.u_awvalid && o.u_awready)
            aw_sent++;
        if (in.u_wvalid && o.u_wready) {
            if (w_beat++ == wb->len)
                w_burst++, w_beat = 0;
        }
        if (o.u_bvalid) {
            b_seen++;
            last_bresp = o.u_bresp;
            if (in.bvalid && in.bresp)
                CHECK(o.u_bresp == 2, "command %lu: memory's SLVERR B reached the mover as %u",
                      commands_run, o.u_bresp);
            if (in.bresp)
                b_errors++;
            any_b_error |= in.bresp != 0;
        }
        CHECK(o.u_bvalid == in.bvalid, "command %lu: B passed through as %d, memory gave %d",
              commands_run, o.u_bvalid, in.bvalid);

        /* Memory handshakes. */
        if (in.arready && o.arvalid) {
            CHECK(c->reduce, "command %lu: a plain store issued an AR", commands_run);
            CHECK(o.arid == 0, "AR ID %u, want 0", o.arid);
            if (ar_seen < c->nbursts)
                CHECK(o.araddr == c->b[ar_seen].addr && o.arlen == c->b[ar_seen].len,
                      "command %lu: AR %u at 0x%" PRIx64 " len %u, the mover's burst is 0x%" PRIx64
                      " len %u", commands_run, ar_seen, o.araddr, o.arlen, c->b[ar_seen].addr,
                      c->b[ar_seen].len);
            arq[narq++] = (xfer){o.araddr, o.arlen, 0};
            ar_seen++;
            ar_stall = (unsigned)rnd_below(3);
        } else if (ar_stall) {
            ar_stall--;
        }
        if (in.rvalid && o.rready) {
            if (in.rresp) {
                r_failed[r_beats] = true;
                r_failed_n++;
                r_errors++;
            }
            r_beats++;
            if (arq[0].beat++ == arq[0].len)
                pop(arq, &narq);
        }
        if (in.awready && o.awvalid) {
            CHECK(aw_out < c->nbursts && o.awaddr == c->b[aw_out].addr &&
                      o.awlen == c->b[aw_out].len,
                  "command %lu: AW %u at 0x%" PRIx64 " len %u differs from the mover's burst",
                  commands_run, aw_out, o.awaddr, o.awlen);
            awq[nawq++] = (xfer){o.awaddr, o.awlen, 0};
            aw_out++;
            aw_stall = (unsigned)rnd_below(3);
        } else if (aw_stall) {
            aw_stall--;
        }
        if (in.wready && o.wvalid) {
            xfer *w = &awq[0];
            uint8_t *p = mem_at(w->addr + (uint64_t)w->beat * NB);
            for (unsigned i = 0; i < NB; i++)
                if (o.wstrb >> i & 1u)
                    p[i] = o.wdata[i];
            CHECK(o.wlast == (w->beat == w->len), "command %lu: WLAST %d on beat %u of %u",
                  commands_run, o.wlast, w->beat, w->len + 1);
            if (w->beat++ == w->len) {
                pop(awq, &nawq);
                bpend[nb++] = (unsigned)rnd_below(8);
            }
        }
        if (in.bvalid) {
            for (unsigned i = 1; i < nb; i++)
                bpend[i - 1] = bpend[i];
            nb--;
        }
        for (unsigned i = 0; i < nb; i++)
            if (bpend[i])
                bpend[i]--;
    }
    /* The golden model, beat by beat in issue order. */
    unsigned k = 0;
    for (unsigned i = 0; i < c->nbursts; i++)
        for (unsigned j = 0; j <= c->b[i].len; j++, k++) {
            model_beat(c, c->b[i].addr + (uint64_t)j * NB, c->b[i].src[j], c->b[i].strb[j],
                       r_failed[k]);
            if (c->reduce)
                beats_reduced++;
            else
                beats_stored++;
        }
    if (c->reduce)
        CHECK(r_beats == total_beats, "command %lu: %u R beats for %u W beats", commands_run,
              r_beats, total_beats);
    if (r_failed_n && !any_b_error)
        CHECK(last_bresp == 2, "command %lu: %u R beats failed, the last B says %u, not SLVERR",
              commands_run, r_failed_n, last_bresp);
    if (!r_failed_n && !any_b_error)
        CHECK(last_bresp == 0, "command %lu: no error, the last B says %u", commands_run,
              last_bresp);
    for (unsigned i = 0; i < MEM_BYTES; i++)
        if (mem[i] != want[i]) {
            CHECK(0, "command %lu (%s %s.%s%s, %u bursts): byte 0x%" PRIx64 " is %02x, golden "
                  "model %02x", commands_run, c->reduce ? "reduce" : "store",
                  tce_redop_name(c->op), c->noftz ? "noftz." : "", tce_etype_name(c->et),
                  c->nbursts, (uint64_t)(MEM_BASE + i), mem[i], want[i]);
            memcpy(mem, want, MEM_BYTES); /* report a divergence once */
            break;
        }
    commands_run++;
}

/* ------------------------------------------------------------------ draws */

static void collect_combos(void)
{
    static const tce_arith_ctx ctxs[] = {TCE_ARITH_BULK_REDUCE, TCE_ARITH_TENSOR_REDUCE,
                                         TCE_ARITH_RED_GLOBAL};
    for (unsigned c = 0; c < 3; c++)
        for (int op = 0; op < 8; op++)
            for (int et = 0; et <= TCE_ET_F64; et++)
                for (int nf = 0; nf < 2; nf++)
                    if (tce_arith_legal(ctxs[c], (tce_redop)op, (tce_etype)et, nf))
                        combos[ncombos++] = (combo){ctxs[c], (tce_redop)op, (tce_etype)et,
                                                    nf != 0};
}

static void draw_command(command *c)
{
    memset(c, 0, sizeof *c);
    c->reduce = rnd_below(4) != 0;
    const combo *k = &combos[rnd_below(ncombos)];
    c->ctx = k->ctx, c->op = k->op, c->et = k->et, c->noftz = k->noftz;
    c->nbursts = 1 + (unsigned)rnd_below(rnd_below(4) ? 8 : MAX_BURSTS);
    c->r_errors = rnd_below(12) == 0;
    c->b_errors = rnd_below(20) == 0;
    unsigned es = tce_etype_size(c->et);
    uint32_t elem_mask = (1u << es) - 1u;
    for (unsigned i = 0; i < c->nbursts; i++) {
        burst *b = &c->b[i];
        b->len = (unsigned)rnd_below(rnd_below(3) ? 4 : 16);
        uint64_t span = (uint64_t)(b->len + 1) * NB;
        b->addr = MEM_BASE + 0x400 + rnd_below((WINDOW - span) / NB + 1) * NB;
        for (unsigned j = 0; j <= b->len; j++) {
            for (unsigned x = 0; x < NB; x++)
                b->src[j][x] = (uint8_t)rnd();
            /* Whole elements, as the movers enable them: all, a run, or a random subset. */
            switch (rnd_below(4)) {
            case 0: {
                unsigned from = (unsigned)rnd_below(NB / es), to = (unsigned)rnd_below(NB / es);
                if (from > to) {
                    unsigned t = from;
                    from = to, to = t;
                }
                for (unsigned e = from; e <= to; e++)
                    b->strb[j] |= elem_mask << (e * es);
                break;
            }
            case 1:
                for (unsigned e = 0; e < NB / es; e++)
                    if (rnd() & 1)
                        b->strb[j] |= elem_mask << (e * es);
                break;
            default: b->strb[j] = 0xFFFFFFFFu; break;
            }
        }
    }
}

int main(void)
{
    int rc = unit_seed(0x3a1d6c0dull);
    if (rc)
        return rc;
    unit = tce_rmwg_create();
    if (!unit) {
        fprintf(stderr, "cannot create the Verilated unit (out of memory)\n");
        return 1;
    }
    collect_combos();
    for (unsigned i = 0; i < MEM_BYTES; i++)
        mem[i] = want[i] = (uint8_t)rnd();
    static command c;
    /* Hand-picked first: the same beat reduced by four bursts in a row (each read must wait
     * for the previous write), with the mover's AWs as far ahead as they go. */
    for (unsigned k = 0; k < ncombos; k++) {
        memset(&c, 0, sizeof c);
        c.reduce = true;
        c.ctx = combos[k].ctx, c.op = combos[k].op, c.et = combos[k].et;
        c.noftz = combos[k].noftz;
        c.nbursts = 4;
        for (unsigned i = 0; i < 4; i++) {
            c.b[i].addr = MEM_BASE + 0x800;
            c.b[i].len = i;
            for (unsigned j = 0; j <= i; j++) {
                for (unsigned x = 0; x < NB; x++)
                    c.b[i].src[j][x] = (uint8_t)rnd();
                c.b[i].strb[j] = 0xFFFFFFFFu;
            }
        }
        run_command(&c, 6);
    }
    printf("hand-picked: every legal combination (%u) on one beat reduced four times over\n",
           ncombos);
    for (unsigned k = 0; k < COMMANDS; k++) {
        draw_command(&c);
        run_command(&c, 1 + (unsigned)rnd_below(6));
    }
    printf("%lu commands: %lu beats reduced, %lu stored, %lu R beats and %lu B responses "
           "answered SLVERR, %lu cycles\n", commands_run, beats_reduced, beats_stored, r_errors,
           b_errors, cycles);
    tce_rmwg_destroy(unit);
    return unit_verdict();
}
