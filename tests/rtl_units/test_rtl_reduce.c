/* The RTL reduction unit (rtl/reduce/, Verilated through bridge/units/) against the golden
 * model's arithmetic (tce_arith_apply, tce_arith_legal) and against the H100 itself:
 *
 *   legality   every (family, op, type, noftz) code, including out-of-range ones
 *   edges      every legal (family, op, type) on all pairs of hand-picked edge values
 *   random     at least 1,000,000 random lanes (seeded; the seed is printed; pass
 *              TCE_RTL_SEED=<n> to replay one), with random byte enables and illegal beats
 *   corpus     every element stream of bulk_reduce.txt (gin, sin -> the H100's gout) and
 *              of red.txt (a, b -> out: red.global and red.shared, one red per element)
 *   timing     N beats in exactly N + latency cycles with the output always ready, plus
 *              one cycle per f16/bf16/f64 add (their adders take a beat in two passes) and
 *              one per change of type (its notice: the unit's decode is registered), and
 *              every result, in order, under random back-pressure and input gaps
 *
 * Usage: test_rtl_reduce <.../hwcorpus/bulk_reduce.txt> <.../hwcorpus/red.txt> */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arith.h"
#include "corpus.h"
#include "tce_redu.h"
#include "unit_check.h"

#define NB TCE_REDU_BYTES
#define BATCH 4096u           /* beats streamed through the unit per check */
#define RANDOM_LANES 1000000u /* the minimum number of random lanes */

static const char *const CTX_NAMES[] = {"bulk_reduce", "tensor_reduce", "red.global",
                                        "red.shared", "bulk_reduce.cluster"};
#define NCTX 5

static uint64_t get_le(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static void put_le(uint8_t *p, unsigned n, uint64_t v)
{
    for (unsigned i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* ------------------------------------------------------------------ streaming */

/* The type on the unit's ports: all zero codes after create, then the last beat offered
 * (tce_redu.h). A beat of another type costs a cycle of notice. */
static tce_redu_beat ports;

static bool same_type(const tce_redu_beat *a, const tce_redu_beat *b)
{
    return a->op == b->op && a->etype == b->etype && a->ctx == b->ctx && a->noftz == b->noftz;
}

static bool cycle(tce_redu *u, const tce_redu_beat *in, bool out_ready, tce_redu_result *out)
{
    if (in)
        ports = *in;
    return tce_redu_cycle(u, in, out_ready, out);
}

/* Runs n beats through the unit. With `pressure`, the output is ready only half the time
 * and the input offers a beat only three times in four. results[i] gets the output of beat
 * i; the tags say which beat each result belongs to, so order is checked here. Returns the
 * cycles used, or 0 (a failure) when the unit stops making progress. */
static uint64_t stream(tce_redu *u, tce_redu_beat *beats, size_t n, bool pressure,
                       tce_redu_result *results)
{
    size_t sent = 0, got = 0;
    uint64_t cycles = 0, limit = 8 * (uint64_t)n + 64;
    for (size_t i = 0; i < n; i++)
        beats[i].tag = (uint16_t)i;
    while (got < n) {
        if (cycles++ > limit) {
            CHECK(0, "unit stalled: %zu of %zu beats sent, %zu results after %llu cycles", sent,
                  n, got, (unsigned long long)cycles);
            return 0;
        }
        bool offer = sent < n && (!pressure || rnd_below(4) != 0);
        bool ready = !pressure || (rnd() & 1);
        tce_redu_result out;
        if (cycle(u, offer ? &beats[sent] : NULL, ready, &out))
            sent++;
        if (out.valid && ready) {
            if (got >= sent) {
                CHECK(0, "a result came out with no beat in the unit");
                return 0;
            }
            CHECK(out.tag == (uint16_t)got, "result %zu carries tag %u: out of order", got,
                  out.tag);
            results[got++] = out;
        }
    }
    return cycles;
}

/* What the golden model writes back for one beat: every enabled byte of a legal beat takes
 * the byte of tce_arith_apply's element result; everything else keeps the memory byte. */
static void expected_beat(const tce_redu_beat *b, uint8_t *want, bool *legal)
{
    unsigned es = tce_etype_size(b->etype);
    *legal = tce_arith_legal(b->ctx, b->op, b->etype, b->noftz);
    memcpy(want, b->mem, NB);
    if (!*legal)
        return;
    for (unsigned off = 0; off + es <= NB; off += es) {
        uint8_t r[8];
        put_le(r, es,
               tce_arith_apply(b->ctx, b->op, b->etype, b->noftz, get_le(b->mem + off, es),
                               get_le(b->src + off, es)));
        for (unsigned k = 0; k < es; k++)
            if (b->be >> (off + k) & 1u)
                want[off + k] = r[k];
    }
}

/* ------------------------------------------------------------------ batch checker */

static tce_redu_beat batch[BATCH];
static tce_redu_result batch_out[BATCH];
static size_t batch_n;
static unsigned long lanes_checked;

static void check_beat(const tce_redu_beat *b, const tce_redu_result *r)
{
    uint8_t want[NB];
    bool legal;
    expected_beat(b, want, &legal);
    CHECK(r->illegal == !legal, "%s %s.%s noftz=%d: unit says illegal=%d, model legal=%d",
          CTX_NAMES[b->ctx], tce_redop_name(b->op), tce_etype_name(b->etype), b->noftz,
          r->illegal, legal);
    CHECK(r->be == b->be, "byte enables 0x%x came back as 0x%x", b->be, r->be);
    unsigned es = tce_etype_size(b->etype);
    for (unsigned off = 0; off + es <= NB; off += es) {
        bool enabled = legal && ((b->be >> off) & ((1u << es) - 1u)) != 0;
        if (enabled)
            lanes_checked++;
        if (memcmp(want + off, r->data + off, es) != 0) {
            CHECK(0,
                  "%s %s.%s%s lane %u%s: mem 0x%0*llx src 0x%0*llx: expected 0x%0*llx, got "
                  "0x%0*llx",
                  CTX_NAMES[b->ctx], tce_redop_name(b->op), b->noftz ? "noftz." : "",
                  tce_etype_name(b->etype), off / es, enabled ? "" : " (disabled)",
                  (int)es * 2, (unsigned long long)get_le(b->mem + off, es), (int)es * 2,
                  (unsigned long long)get_le(b->src + off, es), (int)es * 2,
                  (unsigned long long)get_le(want + off, es), (int)es * 2,
                  (unsigned long long)get_le(r->data + off, es));
        }
    }
}

static void flush_batch(tce_redu *u)
{
    if (!batch_n)
        return;
    if (stream(u, batch, batch_n, false, batch_out))
        for (size_t i = 0; i < batch_n; i++)
            check_beat(&batch[i], &batch_out[i]);
    batch_n = 0;
}

static tce_redu_beat *new_beat(tce_redu *u, tce_arith_ctx ctx, tce_redop op, tce_etype et,
                               bool noftz)
{
    if (batch_n == BATCH)
        flush_batch(u);
    tce_redu_beat *b = &batch[batch_n++];
    memset(b, 0, sizeof *b);
    b->ctx = ctx;
    b->op = op;
    b->etype = et;
    b->noftz = noftz;
    b->be = 0xffffffffu;
    return b;
}

/* ------------------------------------------------------------------ legal combinations */

typedef struct {
    tce_arith_ctx ctx;
    tce_redop op;
    tce_etype et;
    bool noftz;
} combo;

static combo combos[NCTX * 8 * 10 * 2];
static unsigned ncombos;

static void collect_combos(void)
{
    for (int c = 0; c < NCTX; c++)
        for (int op = 0; op < 8; op++)
            for (int et = 0; et <= TCE_ET_F64; et++)
                for (int nf = 0; nf < 2; nf++)
                    if (tce_arith_legal((tce_arith_ctx)c, (tce_redop)op, (tce_etype)et, nf))
                        combos[ncombos++] = (combo){(tce_arith_ctx)c, (tce_redop)op,
                                                    (tce_etype)et, nf != 0};
}

static bool is_float(tce_etype et)
{
    return et == TCE_ET_F16 || et == TCE_ET_BF16 || et == TCE_ET_F32 || et == TCE_ET_F64;
}

static void float_format(tce_etype et, unsigned *eb, unsigned *mb)
{
    switch (et) {
    case TCE_ET_F16: *eb = 5, *mb = 10; break;
    case TCE_ET_BF16: *eb = 8, *mb = 7; break;
    case TCE_ET_F32: *eb = 8, *mb = 23; break;
    default: *eb = 11, *mb = 52; break;
    }
}

/* ------------------------------------------------------------------ edge values */

#define MAX_EDGES 80

static uint64_t fp_bits(unsigned mb, uint64_t e, uint64_t m) { return e << mb | m; }

/* Both signs of: zeros, subnormals (smallest, largest), the normal boundary, 1 and its
 * neighbours, half, quarter and one ulp of 1 (round-to-nearest-even ties and sticky bits),
 * a value that makes 1 vanish in its sticky bit, the largest normals and half an ulp of the
 * largest (a tie that overflows), infinity, quiet NaNs with payloads, a signalling NaN and
 * the canonical NaN pattern. */
static unsigned float_edges(tce_etype et, uint64_t *v)
{
    unsigned eb, mb, n = 0;
    float_format(et, &eb, &mb);
    uint64_t man = (1ull << mb) - 1u, emax = (1ull << eb) - 1u, bias = emax >> 1;
    uint64_t quiet = 1ull << (mb - 1u), sign = 1ull << (eb + mb);
    uint64_t mags[] = {
        0, 1, 2, 3, man - 1u, man,                                     /* zero, subnormals */
        fp_bits(mb, 1, 0), fp_bits(mb, 1, 1), fp_bits(mb, 1, man),     /* smallest normals */
        fp_bits(mb, 2, 0),
        fp_bits(mb, bias, 0), fp_bits(mb, bias, 1), fp_bits(mb, bias, man), /* 1 and next */
        fp_bits(mb, bias + 1u, 0), fp_bits(mb, bias + 1u, 1),          /* 2 */
        fp_bits(mb, bias - mb - 1u, 0),                                /* half ulp of 1 */
        fp_bits(mb, bias - mb - 1u, 1),                                /* just above it */
        fp_bits(mb, bias - mb - 2u, 0),                                /* quarter ulp */
        fp_bits(mb, bias - mb, 0),                                     /* one ulp */
        fp_bits(mb, bias - mb, man),
        fp_bits(mb, bias + mb + 3u, 0),                                /* 1 is all sticky */
        fp_bits(mb, emax - 1u, man), fp_bits(mb, emax - 1u, 0),        /* largest normals */
        fp_bits(mb, emax - 2u, man),
        fp_bits(mb, emax - 2u - mb, 0),                                /* half ulp of max */
        fp_bits(mb, emax, 0),                                          /* infinity */
        fp_bits(mb, emax, quiet), fp_bits(mb, emax, quiet | 5u),       /* quiet NaNs */
        fp_bits(mb, emax, quiet | (man >> 2)), fp_bits(mb, emax, 1),   /* signalling NaN */
        fp_bits(mb, emax, man),                                        /* all-ones NaN */
    };
    for (unsigned i = 0; i < sizeof mags / sizeof mags[0]; i++) {
        v[n++] = mags[i];
        v[n++] = mags[i] | sign;
    }
    return n;
}

/* Zero, one, two, three, the signed and unsigned boundaries and their neighbours, the
 * 32-bit carry boundary of 64-bit values, alternating bit patterns. */
static unsigned int_edges(unsigned bits, uint64_t *v)
{
    uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1u, sign = 1ull << (bits - 1u);
    uint64_t vals[] = {0,          1,          2,          3,           mask,
                       mask - 1u,  mask - 2u,  sign,       sign - 1u,   sign + 1u,
                       sign - 2u,  0x55555555u, 0xaaaaaaaau, 0xffffffffu, 0x100000000ull,
                       0x5555555555555555ull, 0x80000000ull, 0x7fffffffull};
    unsigned n = 0;
    for (unsigned i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        uint64_t x = vals[i] & mask;
        bool dup = false;
        for (unsigned k = 0; k < n; k++)
            dup |= v[k] == x;
        if (!dup)
            v[n++] = x;
    }
    return n;
}

/* Every legal combination on every ordered pair of its type's edge values, packed into
 * full beats. */
static void run_edges(tce_redu *u)
{
    unsigned long before = lanes_checked;
    for (unsigned ci = 0; ci < ncombos; ci++) {
        const combo *c = &combos[ci];
        uint64_t v[MAX_EDGES];
        unsigned es = tce_etype_size(c->et);
        unsigned n = is_float(c->et) ? float_edges(c->et, v) : int_edges(es * 8, v);
        unsigned lanes = NB / es, lane = 0;
        tce_redu_beat *b = NULL;
        for (unsigned i = 0; i < n; i++)
            for (unsigned k = 0; k < n; k++) {
                if (lane == 0) {
                    b = new_beat(u, c->ctx, c->op, c->et, c->noftz);
                    /* A short last beat leaves its remaining lanes at zero. */
                }
                put_le(b->mem + lane * es, es, v[i]);
                put_le(b->src + lane * es, es, v[k]);
                lane = (lane + 1) % lanes;
            }
    }
    flush_batch(u);
    printf("edges: %u legal (family, op, type, noftz) combinations, %lu lanes\n", ncombos,
           lanes_checked - before);
}

/* ------------------------------------------------------------------ random lanes */

/* A float of format (eb, mb) drawn to reach every path: all classes, exponents near 1,
 * near the top and at the bottom, and raw bits. */
static uint64_t random_float(unsigned eb, unsigned mb)
{
    uint64_t man = (1ull << mb) - 1u, emax = (1ull << eb) - 1u, bias = emax >> 1;
    uint64_t s = (rnd() & 1) << (eb + mb), m = rnd() & man, r = rnd_below(100);
    if (r < 20)
        return rnd() & ((s << 1) - 1u); /* raw bits */
    if (r < 25)
        return s;                       /* zero */
    if (r < 35)
        return s | (m ? m : 1u);        /* subnormal */
    if (r < 38)
        return s | emax << mb;          /* infinity */
    if (r < 42)
        return s | emax << mb | (m ? m : 1u); /* NaN, quiet or signalling */
    if (r < 47)
        return s | (emax - 1u - rnd_below(3)) << mb | m; /* near overflow */
    if (r < 52)
        return s | (1u + rnd_below(3)) << mb | m;        /* near the subnormals */
    return s | (bias - 8u + rnd_below(17)) << mb | m;    /* around 1 */
}

/* A source close to `mem`: the same exponent give or take a mantissa width (alignment,
 * sticky bits, cancellation), either sign. */
static uint64_t random_float_near(unsigned eb, unsigned mb, uint64_t mem)
{
    uint64_t man = (1ull << mb) - 1u, emax = (1ull << eb) - 1u;
    int64_t e = (int64_t)(mem >> mb & emax) + (int64_t)rnd_below(2 * mb + 7) - (int64_t)(mb + 3);
    if (e < 0)
        e = 0;
    if (e > (int64_t)emax - 1)
        e = (int64_t)emax - 1;
    uint64_t m = rnd_below(4) == 0 ? (mem & man) ^ (1ull << rnd_below(mb)) : rnd() & man;
    return (rnd() & 1) << (eb + mb) | (uint64_t)e << mb | m;
}

static uint64_t random_int(unsigned bits, uint64_t mem, bool is_src)
{
    uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1u;
    uint64_t r = rnd_below(8);
    if (is_src && r < 2)
        return (mem + rnd_below(5) - 2u) & mask; /* equal or adjacent: inc/dec/min/max edges */
    if (r < 3)
        return rnd_below(4);
    if (r < 4)
        return (mask - rnd_below(4)) & mask;
    if (r < 5)
        return ((1ull << (bits - 1u)) + rnd_below(5) - 2u) & mask;
    return rnd() & mask;
}

static void random_beat(tce_redu *u)
{
    /* One beat in 64 is an illegal code (the unit must flag it and write nothing); the
     * others a legal combination, floats three times in five. */
    if (rnd_below(64) == 0) {
        tce_arith_ctx ctx = (tce_arith_ctx)rnd_below(NCTX);
        tce_redop op = (tce_redop)rnd_below(8);
        tce_etype et = (tce_etype)rnd_below(TCE_ET_F64 + 1);
        bool nf = rnd() & 1;
        if (!tce_arith_legal(ctx, op, et, nf)) {
            tce_redu_beat *b = new_beat(u, ctx, op, et, nf);
            for (unsigned i = 0; i < NB; i++)
                b->mem[i] = (uint8_t)rnd(), b->src[i] = (uint8_t)rnd();
            return;
        }
    }
    const combo *c;
    bool want_float = rnd_below(5) < 3;
    do
        c = &combos[rnd_below(ncombos)];
    while (is_float(c->et) != want_float);
    tce_redu_beat *b = new_beat(u, c->ctx, c->op, c->et, c->noftz);
    unsigned es = tce_etype_size(c->et), lanes = NB / es;
    for (unsigned l = 0; l < lanes; l++) {
        uint64_t m, s;
        if (is_float(c->et)) {
            unsigned eb, mb;
            float_format(c->et, &eb, &mb);
            m = random_float(eb, mb);
            s = rnd_below(2) ? random_float_near(eb, mb, m) : random_float(eb, mb);
        } else {
            m = random_int(es * 8, 0, false);
            s = random_int(es * 8, m, true);
        }
        put_le(b->mem + l * es, es, m);
        put_le(b->src + l * es, es, s);
    }
    /* One beat in 16 enables a random subset of its elements. */
    if (rnd_below(16) == 0) {
        b->be = 0;
        for (unsigned l = 0; l < lanes; l++)
            if (rnd() & 1)
                b->be |= ((1u << es) - 1u) << (l * es);
    }
}

static void run_random(tce_redu *u)
{
    unsigned long before = lanes_checked;
    unsigned long beats = 0;
    while (lanes_checked - before < RANDOM_LANES) {
        /* Count lanes only as batches complete: run a batch's worth at a time. */
        for (unsigned i = 0; i < BATCH; i++, beats++)
            random_beat(u);
        flush_batch(u);
    }
    printf("random: %lu beats, %lu lanes\n", beats, lanes_checked - before);
}

/* ------------------------------------------------------------------ legality */

static void run_legality(tce_redu *u)
{
    /* Every code the ports can carry: 8 families (5 real), 8 ops, 16 types, noftz. Data are
     * zero with all bytes enabled; only the flag and the untouched data of illegal beats
     * are checked here. */
    static tce_redu_beat beats[8 * 8 * 16 * 2];
    static tce_redu_result res[8 * 8 * 16 * 2];
    size_t n = 0;
    for (unsigned c = 0; c < 8; c++)
        for (unsigned op = 0; op < 8; op++)
            for (unsigned et = 0; et < 16; et++)
                for (unsigned nf = 0; nf < 2; nf++) {
                    tce_redu_beat *b = &beats[n++];
                    memset(b, 0, sizeof *b);
                    b->ctx = (tce_arith_ctx)c;
                    b->op = (tce_redop)op;
                    b->etype = (tce_etype)et;
                    b->noftz = nf != 0;
                    b->be = 0xffffffffu;
                    for (unsigned i = 0; i < NB; i++)
                        b->mem[i] = (uint8_t)(0x11 * i), b->src[i] = (uint8_t)(0xe7 ^ i);
                }
    unsigned legal = 0;
    if (!stream(u, beats, n, false, res))
        return;
    for (size_t i = 0; i < n; i++) {
        const tce_redu_beat *b = &beats[i];
        bool want = tce_arith_legal(b->ctx, b->op, b->etype, b->noftz);
        legal += want;
        CHECK(res[i].illegal == !want, "family %u op %u type %u noftz %d: unit illegal=%d, "
              "model legal=%d", b->ctx, b->op, b->etype, b->noftz, res[i].illegal, want);
        if (!want)
            CHECK(!memcmp(res[i].data, b->mem, NB),
                  "family %u op %u type %u noftz %d: illegal beat changed memory", b->ctx,
                  b->op, b->etype, b->noftz);
    }
    printf("legality: %zu codes, %u legal\n", n, legal);
}

/* ------------------------------------------------------------------ hardware corpus */

/* "add.noftz.f16" -> op, noftz, type (the corpus's bulk_reduce `redop` key). */
static bool parse_redop(const char *s, tce_redop *op, bool *noftz, tce_etype *et)
{
    const char *dot = strchr(s, '.');
    if (!dot)
        return false;
    size_t oplen = (size_t)(dot - s);
    const char *type = dot + 1;
    *noftz = !strncmp(type, "noftz.", 6);
    if (*noftz)
        type += 6;
    int o = -1, t = -1;
    for (int i = 0; i < 8; i++) {
        const char *name = tce_redop_name((tce_redop)i);
        if (strlen(name) == oplen && !strncmp(s, name, oplen))
            o = i;
    }
    for (int i = 0; i <= TCE_ET_F64; i++)
        if (!strcmp(type, tce_etype_name((tce_etype)i)))
            t = i;
    if (o < 0 || t < 0)
        return false;
    *op = (tce_redop)o;
    *et = (tce_etype)t;
    return true;
}

/* A capture's operation as the unit sees it. bulk_reduce.txt: `redop add.noftz.f16` with the
 * buffers gin (memory), sin (source), gout (the H100's result). red.txt:
 * `op red.global.add.u32`, one red on each of the first `elements` elements of a (memory)
 * with operand b, result out; the bytes past them (the bf16 captures hold 4 bytes per
 * element) come back unchanged. *active is the number of bytes reduced. */
static bool corpus_operation(const corpus_case *c, bool red, tce_redu_beat *proto,
                             const char **name, const uint8_t **mem, const uint8_t **src,
                             const uint8_t **want, size_t *len, size_t *active)
{
    size_t mlen, slen, wlen;
    const char *s = corpus_str(c, red ? "op" : "redop");
    *name = s ? s : "(none)";
    *mem = corpus_blob(c, red ? "a" : "gin", &mlen);
    *src = corpus_blob(c, red ? "b" : "sin", &slen);
    *want = corpus_blob(c, red ? "out" : "gout", &wlen);
    if (!s || !*mem || !*src || !*want || mlen != slen || mlen != wlen)
        return false;
    memset(proto, 0, sizeof *proto);
    proto->ctx = TCE_ARITH_BULK_REDUCE;
    if (red) {
        if (!strncmp(s, "red.global.", 11))
            proto->ctx = TCE_ARITH_RED_GLOBAL;
        else if (!strncmp(s, "red.shared.", 11))
            proto->ctx = TCE_ARITH_RED_SHARED;
        else
            return false;
        s += 11;
    }
    *len = *active = mlen;
    if (!parse_redop(s, &proto->op, &proto->noftz, &proto->etype))
        return false;
    uint64_t elements;
    if (red) {
        if (!corpus_u64(c, "elements", &elements) ||
            elements > mlen / tce_etype_size(proto->etype))
            return false;
        *active = (size_t)elements * tce_etype_size(proto->etype);
    }
    return true;
}

/* Streams every case of a capture file through the unit in bus-wide beats, with the bytes
 * the instruction does not reduce disabled, and compares each byte with what the H100
 * wrote. */
static void run_corpus(tce_redu *u, const char *path, bool red)
{
    corpus_reader rd;
    if (corpus_open(&rd, path)) {
        CHECK(0, "cannot open the corpus %s", path);
        return;
    }
    static tce_redu_beat beats[BATCH];
    static tce_redu_result res[BATCH];
    corpus_case c;
    unsigned long cases = 0, bytes_total = 0;
    int st;
    while ((st = corpus_next(&rd, &c)) == 1) {
        tce_redu_beat proto;
        const char *name;
        const uint8_t *mem, *src, *want;
        size_t len, active;
        if (!corpus_operation(&c, red, &proto, &name, &mem, &src, &want, &len, &active) ||
            len > (size_t)BATCH * NB) {
            CHECK(0, "%s case %ld (line %ld): unusable case (%s)", path, c.id, c.line, name);
            corpus_case_free(&c);
            continue;
        }
        size_t n = (len + NB - 1) / NB;
        for (size_t i = 0; i < n; i++) {
            size_t off = i * NB, blen = len - off < NB ? len - off : NB;
            beats[i] = proto;
            memcpy(beats[i].mem, mem + off, blen);
            memcpy(beats[i].src, src + off, blen);
            beats[i].be = 0;
            for (size_t k = 0; k < blen && off + k < active; k++)
                beats[i].be |= 1u << k;
        }
        if (stream(u, beats, n, false, res))
            for (size_t i = 0; i < n; i++) {
                size_t off = i * NB, blen = len - off < NB ? len - off : NB;
                CHECK(!res[i].illegal, "case %ld %s: the unit calls it illegal", c.id, name);
                for (size_t k = 0; k < blen; k++)
                    CHECK(res[i].data[k] == want[off + k],
                          "case %ld %s byte %zu: H100 wrote %02x, unit %02x (mem %02x src %02x)",
                          c.id, name, off + k, want[off + k], res[i].data[k], mem[off + k],
                          src[off + k]);
            }
        cases++;
        bytes_total += len;
        corpus_case_free(&c);
    }
    if (st < 0)
        CHECK(0, "%s: %s", path, rd.err);
    corpus_close(&rd);
    CHECK(cases > 0, "%s holds no case", path);
    printf("corpus: %lu %s cases, %lu bytes compared with the H100's results\n", cases,
           red ? "red" : "bulk_reduce", bytes_total);
}

/* ------------------------------------------------------------------ timing */

/* The float adds whose adders serve two lanes each, a beat in two cycles
 * (docs/reduction_unit.md, "Timing"); every other legal beat takes one. */
static bool two_pass(const combo *c)
{
    return c->op == TCE_RED_ADD &&
           (c->et == TCE_ET_F16 || c->et == TCE_ET_BF16 || c->et == TCE_ET_F64);
}

static void run_timing(tce_redu *u)
{
    /* Full rate: with the output always ready, N beats take exactly N + latency cycles,
     * mixing every legal combination in runs of RUN beats of one type (integer and f32
     * adds run one beat a cycle), plus one cycle for each two-pass beat and one for each
     * change of type. */
    const size_t n = 2000, RUN = 4;
    static tce_redu_beat beats[2000];
    static tce_redu_result res[2000];
    size_t extra = 0, notices = 0;
    for (size_t i = 0; i < n; i++) {
        const combo *c = &combos[(i / RUN) % ncombos];
        extra += two_pass(c);
        tce_redu_beat *b = &beats[i];
        memset(b, 0, sizeof *b);
        b->ctx = c->ctx, b->op = c->op, b->etype = c->et, b->noftz = c->noftz;
        b->be = 0xffffffffu;
        for (unsigned k = 0; k < NB; k++)
            b->mem[k] = (uint8_t)rnd(), b->src[k] = (uint8_t)rnd();
        notices += !same_type(i ? &beats[i - 1] : &ports, b);
    }
    uint64_t cycles = stream(u, beats, n, false, res);
    CHECK(extra > 0 && extra < n, "the mix must hold one- and two-pass beats");
    CHECK(notices > n / RUN / 2, "the mix must change type");
    CHECK(cycles == n + extra + notices + TCE_REDU_LATENCY,
          "%zu beats (%zu of two passes, %zu changes of type) took %llu cycles, want "
          "%zu + %zu + %zu + %u",
          n, extra, notices, (unsigned long long)cycles, n, extra, notices, TCE_REDU_LATENCY);
    for (size_t i = 0; i < n; i++)
        check_beat(&beats[i], &res[i]);
    printf("timing: %zu beats (%zu of two passes, %zu changes of type) in %llu cycles "
           "(latency %u)\n",
           n, extra, notices, (unsigned long long)cycles, TCE_REDU_LATENCY);

    /* A single beat comes out exactly `latency` cycles after it went in; a new type takes
     * a cycle of notice first, and a two-pass beat is taken in its second cycle. */
    tce_redu_result out;
    const tce_redu_beat *one = &beats[n - 1 - RUN]; /* another type than the last beat */
    CHECK(!same_type(one, &ports), "the single beat must change type");
    bool taken = cycle(u, one, true, &out);
    CHECK(!taken && !out.valid, "a beat of a new type must wait a cycle of notice");
    taken = cycle(u, one, true, &out);
    if (two_pass(&combos[((n - 1 - RUN) / RUN) % ncombos])) {
        CHECK(!taken && !out.valid, "a two-pass beat must wait a cycle at the input");
        taken = cycle(u, one, true, &out);
    }
    CHECK(taken && !out.valid, "an idle unit must accept a beat and show no result");
    for (unsigned k = 1; k < TCE_REDU_LATENCY; k++) {
        cycle(u, NULL, true, &out);
        CHECK(!out.valid, "result out after %u cycles, latency is %u", k, TCE_REDU_LATENCY);
    }
    cycle(u, NULL, true, &out);
    CHECK(out.valid, "no result after %u cycles", TCE_REDU_LATENCY);

    /* Back-pressure: a held output stalls the unit without losing, repeating or reordering
     * a beat, and every result is still right. */
    for (size_t i = 0; i < n; i++)
        beats[i].be = rnd_below(4) ? 0xffffffffu : (uint32_t)rnd();
    uint64_t slow = stream(u, beats, n, true, res);
    CHECK(slow > n + TCE_REDU_LATENCY, "random back-pressure cannot be free");
    for (size_t i = 0; i < n; i++)
        check_beat(&beats[i], &res[i]);
    printf("back-pressure: %zu beats in %llu cycles, all in order\n", n,
           (unsigned long long)slow);
}

/* The planted violation (CTest test_rtl_reduce-planted): two beats of different types back
 * to back with no notice between. The unit's TCE_ASSERT check must stop the run there, so
 * getting past it is the failure. */
static int run_planted(void)
{
    tce_redu *u = tce_redu_create();
    if (!u) {
        fprintf(stderr, "cannot create the Verilated unit (out of memory)\n");
        return 1;
    }
    tce_redu_beat b;
    memset(&b, 0, sizeof b);
    b.ctx = TCE_ARITH_BULK_REDUCE, b.op = TCE_RED_ADD, b.etype = TCE_ET_U32, b.be = 0xffffffffu;
    tce_redu_result out;
    for (unsigned k = 0; k < 4; k++) /* with its notice first: no stop expected here */
        cycle(u, &b, true, &out);
    printf("planted: a u32 add runs; now a u64 add with no cycle of notice\n");
    fflush(stdout);
    tce_redu_plant_type_change(u, true);
    b.etype = TCE_ET_U64;
    cycle(u, &b, true, &out);
    cycle(u, &b, true, &out);
    printf("FAIL: the unit took a beat whose type changed in its cycle and did not stop\n");
    tce_redu_destroy(u);
    return 1;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "--planted-type-change"))
        return run_planted();
    if (argc != 3) {
        fprintf(stderr, "usage: %s <bulk_reduce.txt> <red.txt> | --planted-type-change\n",
                argv[0]);
        return 2;
    }
    int rc = unit_seed(0x7ce5eed5ull);
    if (rc)
        return rc;

    tce_redu *u = tce_redu_create();
    if (!u) {
        fprintf(stderr, "cannot create the Verilated unit (out of memory)\n");
        return 1;
    }
    collect_combos();
    run_legality(u);
    run_timing(u);
    run_edges(u);
    run_corpus(u, argv[1], false);
    run_corpus(u, argv[2], true);
    run_random(u);
    printf("%lu lanes compared with the golden model in %llu cycles\n", lanes_checked,
           (unsigned long long)tce_redu_cycles(u));
    tce_redu_destroy(u);
    return unit_verdict();
}
