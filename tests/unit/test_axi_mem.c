/* The global-memory AXI4 slave model (bridge/tce_axi_mem.c) driven by a scripted, legal
 * master, with the protocol checker watching every edge: under every kind of disorder
 * (reordering, stalls, latency range, outstanding limit, bandwidth cap) the model stays
 * AXI-legal and returns the right bytes; each knob does what it says (measured here), and
 * injected errors answer SLVERR/DECERR at exactly the chosen addresses. */
#include <string.h>

#include "check.h"
#include "tce_axi_check.h"

#define BEAT 32u
#define BASE 0x10000ull
#define SIZE 0x4000ull

typedef struct {
    bool write;
    uint64_t addr;
    unsigned len; /* beats */
    unsigned id;
} xfer;

typedef struct {
    uint64_t cycles;
    unsigned max_rd_out;         /* most read bursts the model held at once */
    uint64_t beats;              /* R and W beats moved */
    unsigned lat_min, lat_max;   /* AR handshake to first R beat offered */
    unsigned rresp_err, bresp_err;
    bool data_ok;                /* every R beat held the memory's bytes */
} stats;

static uint64_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

/* Run the transfers (reads on their IDs, writes of a pattern) to completion. The master is
 * legal but erratic: RREADY/BREADY drop at random, W beats come with gaps. */
static stats run(tce_axi_mem *m, const xfer *x, unsigned n, uint64_t seed, tce_axi_check *chk)
{
    stats st = {0, 0, 0, ~0u, 0, 0, 0, true};
    uint64_t rng = seed;
    unsigned next = 0, wbeat = 0, reads_left = 0, writes_left = 0;
    /* per ID, the AR cycles of its bursts not yet answered, oldest first */
    uint64_t ar_cycle[16][32];
    unsigned nar[16] = {0};
    bool first_beat[16] = {false};
    int wcur = -1; /* write whose W beats are being sent */
    for (unsigned i = 0; i < n; i++) {
        writes_left += x[i].write;
        reads_left += !x[i].write;
    }
    tce_axi_master_out mo;
    memset(&mo, 0, sizeof mo);
    for (uint64_t cyc = 0; cyc < 200000 && (next < n || reads_left || writes_left); cyc++) {
        /* address channel: the next transfer in order, held until accepted */
        if (next < n && !mo.arvalid && !mo.awvalid && wcur < 0) {
            const xfer *t = &x[next];
            if (t->write) {
                mo.awvalid = true;
                mo.awaddr = t->addr;
                mo.awlen = t->len - 1;
                mo.awsize = 5;
                mo.awburst = 1;
            } else {
                mo.arvalid = true;
                mo.arid = t->id;
                mo.araddr = t->addr;
                mo.arlen = t->len - 1;
                mo.arsize = 5;
                mo.arburst = 1;
            }
        }
        if (wcur >= 0 && !mo.wvalid && lcg(&rng) % 4) {
            mo.wvalid = true;
            for (unsigned i = 0; i < BEAT; i++)
                mo.wdata[i] = (uint8_t)(wcur * 16 + wbeat + i);
            mo.wstrb = 0xFFFFFFFFull;
            mo.wlast = wbeat + 1 == x[wcur].len;
        }
        mo.rready = lcg(&rng) % 5 != 0;
        mo.bready = lcg(&rng) % 3 != 0;

        tce_axi_slave_out so;
        tce_axi_mem_outputs(m, cyc, &so);
        if (so.rvalid && !first_beat[so.rid]) {
            unsigned lat = (unsigned)(cyc - ar_cycle[so.rid][0]);
            first_beat[so.rid] = true;
            st.lat_min = lat < st.lat_min ? lat : st.lat_min;
            st.lat_max = lat > st.lat_max ? lat : st.lat_max;
        }
        if (chk) {
            tce_axi_check_axi(chk, cyc, &mo, &so);
            tce_axi_check_end_cycle(chk);
        }
        if (so.rvalid && mo.rready) {
            st.beats++;
            if (so.rresp)
                st.rresp_err++;
            else {
                /* which burst: the oldest outstanding one of this ID in the model */
                for (unsigned i = 0; i < m->nrq; i++)
                    if (m->rq[i].id == so.rid) {
                        uint64_t a = (m->rq[i].addr & ~(uint64_t)(BEAT - 1)) +
                                     (uint64_t)m->rq[i].beat * BEAT;
                        st.data_ok &= !memcmp(so.rdata, tce_axi_mem_ptr(m, a, BEAT), BEAT);
                        break;
                    }
            }
            if (so.rlast) {
                reads_left--;
                first_beat[so.rid] = false;
                memmove(ar_cycle[so.rid], ar_cycle[so.rid] + 1, --nar[so.rid] * sizeof(uint64_t));
            }
        }
        if (so.bvalid && mo.bready) {
            writes_left--;
            st.bresp_err += so.bresp != 0;
        }
        bool ar_fire = mo.arvalid && so.arready, aw_fire = mo.awvalid && so.awready;
        bool w_fire = mo.wvalid && so.wready;
        tce_axi_mem_edge(m, cyc, &so, &mo);
        if (m->nrq > st.max_rd_out)
            st.max_rd_out = m->nrq;
        if (ar_fire) {
            ar_cycle[mo.arid][nar[mo.arid]++] = cyc;
            mo.arvalid = false;
            next++;
        }
        if (aw_fire) {
            mo.awvalid = false;
            wcur = (int)next++;
            wbeat = 0;
        }
        if (w_fire) {
            st.beats++;
            mo.wvalid = false;
            if (++wbeat == x[wcur].len)
                wcur = -1;
        }
        st.cycles = cyc + 1;
    }
    return st;
}

/* 24 reads over 4 IDs and 6 writes, all inside the mapped window. */
static unsigned workload(xfer *x, uint64_t seed)
{
    uint64_t rng = seed;
    unsigned n = 0;
    for (unsigned i = 0; i < 30; i++) {
        unsigned len = 1 + (unsigned)(lcg(&rng) % 8);
        uint64_t page = BASE + (lcg(&rng) % (SIZE / 4096)) * 4096;
        x[n++] = (xfer){i % 5 == 4, page + (lcg(&rng) % (128 - len)) * BEAT, len, i % 4};
    }
    return n;
}

static void setup(tce_axi_mem *m, unsigned latency)
{
    tce_axi_mem_init(m, BEAT, latency);
    CHECK(tce_axi_mem_map(m, BASE, SIZE) == 0);
    uint8_t *p = tce_axi_mem_ptr(m, BASE, SIZE);
    for (unsigned i = 0; i < SIZE; i++)
        p[i] = (uint8_t)(i * 7 + 3);
}

static void everything_at_once(void)
{
    for (uint64_t seed = 1; seed <= 20; seed++) {
        xfer x[32];
        unsigned n = workload(x, seed);
        tce_axi_mem m;
        setup(&m, 3);
        tce_axi_mem_disorder(&m, true, 30, seed);
        tce_axi_mem_latency_range(&m, 3, 25);
        tce_axi_mem_outstanding(&m, 2, 1);
        tce_axi_mem_bandwidth(&m, 1, 2);
        tce_axi_check chk;
        tce_axi_check_init(&chk, BEAT, BEAT, 1);
        stats st = run(&m, x, n, seed * 77, &chk);
        CHECK(tce_axi_check_error(&chk) == NULL);
        if (tce_axi_check_error(&chk))
            fprintf(stderr, "  seed %llu: %s\n", (unsigned long long)seed,
                    tce_axi_check_error(&chk));
        CHECK(st.data_ok);
        CHECK(m.nrq == 0 && m.nwq == 0 && m.nbq == 0);
        CHECK(st.max_rd_out <= 2);
        CHECK(st.rresp_err == 0 && st.bresp_err == 0);
        tce_axi_mem_free(&m);
    }
}

static void knobs_measured(void)
{
    xfer x[32];
    unsigned n = workload(x, 5);
    /* Fixed latency: every first beat exactly `latency` cycles after its AR. */
    tce_axi_mem m;
    setup(&m, 9);
    stats fixed = run(&m, x, n, 1, NULL);
    CHECK(fixed.lat_min >= 9);
    tce_axi_mem_free(&m);

    /* A latency range: first beats spread over [5, 40], never earlier than 5. */
    setup(&m, 1);
    tce_axi_mem_latency_range(&m, 5, 40);
    tce_axi_mem_disorder(&m, true, 0, 3);
    stats range = run(&m, x, n, 1, NULL);
    CHECK(range.lat_min >= 5);
    CHECK(range.lat_max > range.lat_min + 10); /* drawn, not fixed */
    CHECK(range.data_ok);
    tce_axi_mem_free(&m);

    /* Outstanding limit: never more read bursts held than allowed; unlimited holds more. */
    setup(&m, 30);
    stats unl = run(&m, x, n, 1, NULL);
    tce_axi_mem_free(&m);
    setup(&m, 30);
    tce_axi_mem_outstanding(&m, 1, 1);
    stats one = run(&m, x, n, 1, NULL);
    tce_axi_mem_free(&m);
    CHECK(unl.max_rd_out > 1);
    CHECK(one.max_rd_out == 1);
    CHECK(one.cycles > unl.cycles);

    /* Bandwidth: 1 beat per 4 cycles takes at least 4 cycles a beat. */
    setup(&m, 1);
    tce_axi_mem_bandwidth(&m, 1, 4);
    stats bw = run(&m, x, n, 1, NULL);
    tce_axi_mem_free(&m);
    CHECK(bw.beats > 50);
    CHECK(bw.cycles + 8 >= 4 * bw.beats); /* the bucket starts with one beat's credit */
    CHECK(bw.data_ok);
}

static void injected_errors(void)
{
    tce_axi_mem m;
    setup(&m, 2);
    CHECK(tce_axi_mem_inject(&m, BASE + 0x1040, 0x40, TCE_AXI_SLVERR, TCE_AXI_INJECT_READ) == 0);
    CHECK(tce_axi_mem_inject(&m, BASE + 0x2000, 1, TCE_AXI_DECERR, TCE_AXI_INJECT_WRITE) == 0);
    CHECK(tce_axi_mem_inject(&m, BASE, 0, TCE_AXI_SLVERR, TCE_AXI_INJECT_READ) == -1);
    CHECK(tce_axi_mem_inject(&m, BASE, 16, TCE_AXI_OKAY, TCE_AXI_INJECT_READ) == -1);
    CHECK(tce_axi_mem_inject(&m, BASE, 16, TCE_AXI_SLVERR, 0) == -1);
    uint8_t before[BEAT];
    memcpy(before, tce_axi_mem_ptr(&m, BASE + 0x2000, BEAT), BEAT);
    xfer x[] = {
        {false, BASE + 0x1000, 4, 0}, /* beats 0x1000, 0x1020 OK; 0x1040, 0x1060 SLVERR */
        {false, BASE + 0x1080, 2, 1}, /* just past the range: OK */
        {true, BASE + 0x2000, 1, 0},  /* DECERR, nothing written */
        {true, BASE + 0x2020, 1, 0},  /* OKAY */
        {false, BASE + 0x2000, 1, 2}, /* a write-only range reads fine */
    };
    tce_axi_check chk;
    tce_axi_check_init(&chk, BEAT, BEAT, 1);
    stats st = run(&m, x, 5, 9, &chk);
    CHECK(tce_axi_check_error(&chk) == NULL);
    if (tce_axi_check_error(&chk))
        fprintf(stderr, "  %s\n", tce_axi_check_error(&chk));
    CHECK(st.rresp_err == 2);
    CHECK(st.bresp_err == 1);
    CHECK(m.injected == 3);
    CHECK(!memcmp(before, tce_axi_mem_ptr(&m, BASE + 0x2000, BEAT), BEAT));
    CHECK(tce_axi_mem_ptr(&m, BASE + 0x2020, 1)[0] == (uint8_t)(3 * 16 + 0));
    tce_axi_mem_inject_clear(&m);
    st = run(&m, x, 2, 9, NULL);
    CHECK(st.rresp_err == 0);
    tce_axi_mem_free(&m);
}

int main(void)
{
    everything_at_once();
    knobs_measured();
    injected_errors();
    return check_finish("test_axi_mem");
}
