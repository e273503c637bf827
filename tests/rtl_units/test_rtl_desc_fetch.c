/* The RTL descriptor fetch (rtl/front/tce_desc_fetch.sv, Verilated alone at DATA_W 128, 256
 * and 512) against a C memory on its AXI read port and the golden model's descriptor format:
 *
 *   fetch    every fetch issues the bursts the header promises (one of 128 bytes, or two of
 *            64 split at a 4 KB page, ARID 0), returns the memory's 128 bytes, and a fetched
 *            tensor map unpacks (tce_desc_unpack) to a map that packs back (tce_desc_pack) to
 *            the same bytes, as the memory's does
 *   bus      a beat answered SLVERR ends the fetch with bus_err, and is never cached
 *   cache    a start of the cached address is a hit (done the next cycle, no bus read, the
 *            memory's current bytes); the entry is dropped by `inval` at once and by any
 *            engine write burst overlapping its 128 bytes (also one seen during the fetch)
 *            three cycles after it (`hit` false in the two cycles after any write, and in
 *            the third after an overlapping one); `hit` is compared with a C model of that
 *            rule every cycle, for the address of the cycle before (the unit compares the
 *            key a cycle ahead)
 *
 * The unit's contract (its header): the write snoop is three register stages, so `start`
 * never comes in the cycle of a write handshake nor in the two after it (the engine's
 * executor guarantees it, a TCE_ASSERT assertion checks it), and `addr` holds still in the
 * cycle before `start` (likewise); this bench keeps both. Writes
 * come in every other cycle, also three cycles before a start of the address they cover,
 * which must then miss.
 *
 * The memory answers with random AR and R latencies; the engine's writes (wr_seen) land at
 * random addresses, some overlapping the descriptors, and change the bytes they cover. A
 * hand-picked sequence comes first, then thousands of random commands; the seed is printed
 * and TCE_RTL_SEED=<n> replays a run. */
#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "tce_descf.h"
#include "tensormap.h"
#include "unit_check.h"

#define REGION_BYTES 16384u
#define NREGIONS 2
#define NSLOTS 12
#define RANDOM_FETCHES 3000u

/* Two regions of global memory: one low, one ending at 2^64. */
static const uint64_t REGION_BASE[NREGIONS] = {0x00007a0000000000ull,
                                               0ull - (uint64_t)REGION_BYTES};
static uint8_t mem[NREGIONS][REGION_BYTES];
static uint64_t slot[NSLOTS]; /* addresses that hold tensor maps (at the start) */

static uint8_t *mem_at(uint64_t a)
{
    for (unsigned r = 0; r < NREGIONS; r++)
        if (a - REGION_BASE[r] < REGION_BYTES)
            return &mem[r][a - REGION_BASE[r]];
    return NULL;
}

static void mem_read(uint64_t a, uint8_t *out, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        uint8_t *p = mem_at(a + i);
        out[i] = p ? *p : 0;
    }
}

/* A random tiled tensor map the encoder accepts, packed at a. */
static void put_map(uint64_t a)
{
    static const tce_dtype dts[] = {TCE_DT_UINT8,   TCE_DT_UINT16,  TCE_DT_UINT32,
                                    TCE_DT_INT32,   TCE_DT_UINT64,  TCE_DT_FLOAT16,
                                    TCE_DT_FLOAT32, TCE_DT_BFLOAT16, TCE_DT_FLOAT64};
    for (unsigned tries = 0; tries < 1000; tries++) {
        tce_dtype dt = dts[rnd_below(sizeof dts / sizeof dts[0])];
        unsigned rank = 1 + (unsigned)rnd_below(5), es = tce_dtype_size(dt);
        uint64_t gdim[5], gstride[4];
        uint32_t box[5], est[5];
        for (unsigned i = 0; i < rank; i++) {
            gdim[i] = 1 + rnd_below(i == 0 ? 4096 : 64);
            /* Each stride covers the dims below it, rounded to 16 bytes, plus some pad. */
            if (i + 1 < rank)
                gstride[i] = ((i == 0 ? gdim[0] * es : gstride[i - 1] * gdim[i]) + 15u + 16u *
                              rnd_below(4)) & ~15ull;
            box[i] = (uint32_t)(i == 0 ? 16u / es * (1 + rnd_below(8)) : 1 + rnd_below(32));
            est[i] = 1 + (uint32_t)rnd_below(8);
        }
        uint64_t gaddr = (rnd() & 0x0000FFFFFFFFFF00ull);
        tce_tensormap m;
        tce_diag why;
        if (tce_encode_tiled(&m, dt, rank, gaddr, gdim, gstride, box, est, TCE_IL_NONE,
                             (tce_swizzle)rnd_below(4), TCE_L2_NONE,
                             rnd_below(2) ? TCE_OOB_ZERO : TCE_OOB_NAN, &why) != TCE_OK)
            continue;
        uint8_t d[TCE_DESC_BYTES];
        tce_desc_pack(&m, d);
        for (unsigned i = 0; i < TCE_DESC_BYTES; i++)
            *mem_at(a + i) = d[i];
        return;
    }
    CHECK(0, "no random tensor map passed the encoder in 1000 draws");
}

/* ------------------------------------------------------------------ the bench */

typedef struct {
    uint64_t addr;
    unsigned len, beat; /* beats - 1, beats returned so far */
} burst;

static tce_descf *unit;
static unsigned beat_bytes;
static unsigned long cycles, fetches, hits, errors_seen, rd_beats;

/* The C model of the cache rule (the header). m_seen[k]: a write came k+1 cycles ago
 * (m_w_*[k]: which); m_ov: the write of three cycles ago covered the entry; it drops the
 * entry in this cycle. */
static bool m_valid, m_busy, m_clean, m_seen[2], m_ov;
static uint64_t m_tag, m_w_addr[2];
static uint64_t m_prev_addr; /* the last cycle's addr: the one `hit` answers for */
static unsigned m_w_len[2];

/* The AXI read slave. */
static burst ars[4];
static unsigned nars;
static unsigned ar_delay;
static bool err_mode; /* answer some beats SLVERR during this fetch */
static bool quiet;    /* no random writes or invalidations (the hand-picked checks) */

static bool overlaps(uint64_t wlo, unsigned wlen, uint64_t a)
{
    /* Bytes [wlo, wlo + (wlen+1) beats) against [a, a + 128), without wrapping at 2^64. */
    unsigned __int128 lo = wlo & ~(uint64_t)(beat_bytes - 1u), hi = lo + (wlen + 1u) * beat_bytes;
    return lo < (unsigned __int128)a + 128u && (unsigned __int128)a < hi;
}

/* Extra inputs of one cycle beyond the fetch's own traffic. */
typedef struct {
    bool start;
    uint64_t addr;
    bool inval;
    bool wr;
    uint64_t wr_addr;
    unsigned wr_len;
} extras;

/* A write the engine issues: lands in memory (bytes it covers) unless a fetch is under way,
 * which reads whatever it reads (the entry is then dropped, what is checked). */
static void apply_write(const extras *x)
{
    if (m_busy)
        return;
    uint64_t lo = x->wr_addr & ~(uint64_t)(beat_bytes - 1u);
    for (uint64_t i = 0; i < (uint64_t)(x->wr_len + 1u) * beat_bytes; i++) {
        uint8_t *p = mem_at(lo + i);
        if (p)
            *p = (uint8_t)rnd();
    }
}

/* One cycle: drives the slave and the extras, checks hit against the model, updates the
 * model. Returns the outputs. */
static void cycle(const extras *x, tce_descf_out *o)
{
    tce_descf_in in;
    memset(&in, 0, sizeof in);
    in.start = x->start;
    in.addr = x->addr;
    in.inval = x->inval;
    in.wr_seen = x->wr;
    in.wr_addr = x->wr_addr;
    in.wr_len = x->wr_len;
    in.arready = nars < 4 && ar_delay == 0;
    if (nars > 0 && rnd_below(3) != 0) {
        burst *b = &ars[0];
        in.rvalid = true;
        mem_read(b->addr + (uint64_t)b->beat * beat_bytes, in.rdata, beat_bytes);
        in.rresp = err_mode && rnd_below(6) == 0 ? 2 : 0;
        in.rlast = b->beat == b->len;
    }
    tce_descf_cycle(unit, &in, o);
    cycles++;

    CHECK(!(x->start && (x->wr || m_seen[0] || m_seen[1])), "bench bug: a start within two "
          "cycles of a write breaks the contract");
    bool pred_hit = !m_busy && m_valid && !m_seen[0] && !m_seen[1] && !m_ov &&
                    m_tag == m_prev_addr && !x->inval;
    if (!m_busy)
        CHECK(o->hit == pred_hit, "cycle %lu: hit %d, the cache rule says %d (entry %d at 0x%" PRIx64
              ", addr 0x%" PRIx64 ", write %d at 0x%" PRIx64 " len %u, inval %d)", cycles, o->hit,
              pred_hit, m_valid, m_tag, m_prev_addr, x->wr, x->wr_addr, x->wr_len, x->inval);

    /* The slave. */
    if (in.arready && o->arvalid) {
        ars[nars++] = (burst){o->araddr, o->arlen, 0};
        CHECK(o->arid == 0, "ARID %u, want 0", o->arid);
        ar_delay = (unsigned)rnd_below(4);
    } else if (ar_delay) {
        ar_delay--;
    }
    if (in.rvalid && o->rready) {
        rd_beats++;
        if (in.rresp)
            errors_seen++;
        if (ars[0].beat++ == ars[0].len) {
            for (unsigned i = 1; i < nars; i++)
                ars[i - 1] = ars[i];
            nars--;
        }
    }

    /* The model: an invalidation drops the entry (or spoils the fetch) now, a write over it
     * three cycles later. */
    if (x->inval || m_ov)
        m_valid = false, m_clean = false;
    m_ov = m_seen[1] && overlaps(m_w_addr[1], m_w_len[1], m_tag);
    m_seen[1] = m_seen[0], m_w_addr[1] = m_w_addr[0], m_w_len[1] = m_w_len[0];
    m_seen[0] = x->wr, m_w_addr[0] = x->wr_addr, m_w_len[0] = x->wr_len;
    m_prev_addr = x->addr;
    if (x->wr)
        apply_write(x);
}

/* Runs one command: start at addr, then cycles until done, with random writes and
 * invalidations around it. Checks the bursts, the bytes and the verdict. */
static void fetch(uint64_t addr, const char *what)
{
    uint8_t want[128];
    extras x;
    tce_descf_out o;
    /* The contract: no start within two cycles of a write, and the address held a cycle. */
    for (bool first = true; first || m_seen[0] || m_seen[1]; first = false) {
        memset(&x, 0, sizeof x);
        x.addr = addr;
        cycle(&x, &o);
    }
    bool pred_hit = m_valid && !m_ov && m_tag == addr;
    memset(&x, 0, sizeof x);
    x.start = true;
    x.addr = addr;
    if (!quiet && rnd_below(40) == 0)
        x.inval = true;
    if (x.inval)
        pred_hit = false;
    err_mode = !pred_hit && !quiet && rnd_below(8) == 0;
    cycle(&x, &o);
    /* An invalidation in the start cycle is harmless: the fetch reads after it. */
    if (!pred_hit) {
        m_busy = true;
        m_valid = false;
        m_tag = addr;
        m_clean = true;
    }
    mem_read(addr, want, 128); /* the bytes the fetch must return (memory holds still now) */
    unsigned long errors_before = errors_seen, t0 = cycles;
    uint64_t want_ar[2];
    unsigned want_len[2], nwant = 0, half = 64u / beat_bytes;
    if ((addr & 0xFFFu) == 0xFC0u) {
        want_ar[nwant] = addr, want_len[nwant++] = half - 1;
        want_ar[nwant] = addr + 64, want_len[nwant++] = half - 1;
    } else {
        want_ar[nwant] = addr, want_len[nwant++] = 2 * half - 1;
    }
    unsigned ar_seen = 0;
    for (unsigned k = 0;; k++) {
        if (k > 400) {
            CHECK(0, "%s: fetch of 0x%" PRIx64 " did not end in 400 cycles", what, addr);
            return;
        }
        memset(&x, 0, sizeof x);
        x.addr = rnd(); /* ignored without start */
        if (!quiet && m_busy && rnd_below(12) == 0) {
            x.wr = true;
            x.wr_addr = rnd_below(2) ? addr + rnd_below(256) - 128 : slot[rnd_below(NSLOTS)];
            x.wr_len = (unsigned)rnd_below(8);
        }
        if (!quiet && m_busy && rnd_below(80) == 0)
            x.inval = true;
        unsigned nars_before = nars;
        cycle(&x, &o);
        if (o.arvalid && nars > nars_before) {
            const burst *b = &ars[nars - 1];
            if (ar_seen < nwant)
                CHECK(b->addr == want_ar[ar_seen] && b->len == want_len[ar_seen],
                      "%s: AR %u of the fetch of 0x%" PRIx64 ": 0x%" PRIx64 " len %u, want 0x%" PRIx64
                      " len %u", what, ar_seen, addr, b->addr, b->len, want_ar[ar_seen],
                      want_len[ar_seen]);
            else
                CHECK(0, "%s: fetch of 0x%" PRIx64 ": more than %u bursts", what, addr, nwant);
            ar_seen++;
        }
        if (o.done)
            break;
    }
    if (pred_hit) {
        hits++;
        CHECK(cycles - t0 == 1, "%s: a hit on 0x%" PRIx64 " took %lu cycles, want 1", what, addr,
              cycles - t0);
        CHECK(ar_seen == 0, "%s: a hit on 0x%" PRIx64 " read the bus", what, addr);
        CHECK(!o.bus_err, "%s: a hit on 0x%" PRIx64 " reported a bus error", what, addr);
    } else {
        fetches++;
        CHECK(ar_seen == nwant, "%s: fetch of 0x%" PRIx64 ": %u bursts, want %u", what, addr,
              ar_seen, nwant);
        bool err = errors_seen != errors_before;
        CHECK(o.bus_err == err, "%s: fetch of 0x%" PRIx64 ": bus_err %d after %s", what, addr,
              o.bus_err, err ? "an SLVERR beat" : "clean beats");
        m_busy = false;
        m_valid = m_clean && !err;
        if (err)
            return;
    }
    CHECK(!memcmp(o.desc, want, 128), "%s: %s of 0x%" PRIx64 ": the descriptor differs from "
          "memory", what, pred_hit ? "hit" : "fetch", addr);
    /* The golden model's reading of the bytes: the same verdict, and a map that packs back
     * to the same bytes. */
    tce_tensormap a, b;
    tce_diag why;
    tce_status sa = tce_desc_unpack(want, &a, &why), sb = tce_desc_unpack(o.desc, &b, &why);
    CHECK(sa == sb, "%s: 0x%" PRIx64 ": unpack says %s of memory, %s of the fetch", what, addr,
          tce_status_name(sa), tce_status_name(sb));
    if (sb == TCE_OK) {
        uint8_t again[TCE_DESC_BYTES];
        tce_desc_pack(&b, again);
        CHECK(!memcmp(again, o.desc, 128), "%s: 0x%" PRIx64 ": the fetched map does not pack "
              "back to its bytes", what, addr);
    }
}

/* Idle cycles with the given extras (writes, invalidations between commands). */
static void idle(unsigned n, bool random_traffic)
{
    for (unsigned k = 0; k < n; k++) {
        extras x;
        memset(&x, 0, sizeof x);
        x.addr = slot[rnd_below(NSLOTS)];
        if (random_traffic && rnd_below(6) == 0) {
            x.wr = true;
            x.wr_addr = rnd_below(3) ? slot[rnd_below(NSLOTS)] + rnd_below(192) - 64
                                     : REGION_BASE[rnd_below(NREGIONS)] + rnd_below(REGION_BYTES);
            x.wr_len = (unsigned)rnd_below(16);
        }
        if (random_traffic && rnd_below(30) == 0) {
            x.inval = true;
            put_map(slot[rnd_below(NSLOTS)]); /* software changed a map, then said so */
        }
        tce_descf_out o;
        cycle(&x, &o);
    }
}

static void setup_memory(void)
{
    for (unsigned r = 0; r < NREGIONS; r++)
        for (unsigned i = 0; i < REGION_BYTES; i++)
            mem[r][i] = (uint8_t)rnd();
    /* Page-crossing offsets (0xFC0), page starts, the last 128 bytes below 2^64. */
    static const uint64_t offs[NSLOTS] = {0x0000, 0x0FC0, 0x1080, 0x1FC0, 0x2200, 0x2FC0,
                                          0x3000, 0x0FC0, 0x1F00, 0x2FC0, 0x3EC0, 0x3F80};
    for (unsigned s = 0; s < NSLOTS; s++) {
        slot[s] = REGION_BASE[s < 7 ? 0 : 1] + offs[s];
        put_map(slot[s]);
    }
}

static void run_width(unsigned data_w)
{
    unit = tce_descf_create(data_w);
    if (!unit) {
        CHECK(0, "cannot create the Verilated descriptor fetch (DATA_W %u)", data_w);
        return;
    }
    beat_bytes = data_w / 8u;
    m_valid = m_busy = m_seen[0] = m_seen[1] = m_ov = false;
    nars = 0;
    unsigned long f0 = fetches, h0 = hits;
    setup_memory();
    quiet = true;
    /* Hand-picked: a fetch, its hit, a page-crossing fetch, the top of the address space,
     * an invalidation, a write over the entry, a write one byte short of it. */
    idle(2, false);
    fetch(slot[0], "first fetch");
    fetch(slot[0], "the same map again");
    fetch(slot[1], "a page-crossing map");
    fetch(slot[1], "page-crossing again");
    fetch(slot[11], "the last 128 bytes below 2^64");
    fetch(slot[11], "top of memory again");
    {
        extras x;
        memset(&x, 0, sizeof x);
        x.wr = true;
        x.wr_addr = slot[11] + 127;
        x.wr_len = 0;
        tce_descf_out o;
        cycle(&x, &o);
        CHECK(m_seen[0] && overlaps(m_w_addr[0], m_w_len[0], m_tag), "the model missed a "
              "write over its entry");
    }
    fetch(slot[11], "after a write into its last byte");
    {
        extras x;
        memset(&x, 0, sizeof x);
        x.wr = true;
        x.wr_addr = slot[2] - beat_bytes;
        x.wr_len = 0; /* the beat just below: no overlap */
        tce_descf_out o;
        fetch(slot[2], "map 2");
        cycle(&x, &o);
        fetch(slot[2], "map 2 after a write just below it");
        x.inval = true;
        x.wr = false;
        cycle(&x, &o);
        fetch(slot[2], "map 2 after an invalidation");
    }
    quiet = false;
    for (unsigned k = 0; k < RANDOM_FETCHES; k++) {
        idle((unsigned)rnd_below(4), true);
        uint64_t a = rnd_below(4) ? slot[rnd_below(NSLOTS)]
                                  : (REGION_BASE[rnd_below(NREGIONS)] +
                                     rnd_below(REGION_BYTES / 64u) * 64u);
        if (a - REGION_BASE[1] > REGION_BYTES - 128 && a - REGION_BASE[1] < REGION_BYTES)
            a = REGION_BASE[1] + REGION_BYTES - 128;
        fetch(a, "random");
        if (rnd_below(3) == 0)
            fetch(a, "random, again");
    }
    printf("DATA_W %u: %lu fetches, %lu hits\n", data_w, fetches - f0, hits - h0);
    tce_descf_destroy(unit);
}

int main(void)
{
    int rc = unit_seed(0xde5cf37cull);
    if (rc)
        return rc;
    run_width(128);
    run_width(256);
    run_width(512);
    printf("%lu fetches (%lu read beats, %lu answered SLVERR), %lu hits in %lu cycles\n",
           fetches, rd_beats, errors_seen, hits, cycles);
    return unit_verdict();
}
