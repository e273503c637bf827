/* The port protocol checker (bridge/tce_axi_check.c) against hand-made traces: a legal
 * trace passes, and every rule fires on a trace that breaks just that rule, naming the
 * cycle, the channel and the rule. */
#include <stddef.h>
#include <string.h>

#include "check.h"
#include "tce_axi_check.h"
#include "tce_smem_model.h"

#define BEAT 32u

typedef struct {
    tce_axi_check c;
    uint64_t cyc;
    tce_axi_master_out m;
    tce_axi_slave_out s;
    tce_axil_sample l;
    tce_smem_port_sample q;
} rig;

static void rig_init(rig *r)
{
    memset(r, 0, sizeof *r);
    tce_axi_check_init(&r->c, BEAT, BEAT, 4);
}

/* One clock edge with the current samples. */
static void edge(rig *r)
{
    tce_axi_check_axi(&r->c, r->cyc, &r->m, &r->s);
    tce_axi_check_axil(&r->c, r->cyc, &r->l);
    tce_axi_check_smem(&r->c, r->cyc, &r->q);
    tce_axi_check_end_cycle(&r->c);
    r->cyc++;
}

static void ar(rig *r, unsigned id, uint64_t addr, unsigned len)
{
    r->m.arvalid = true;
    r->m.arid = id;
    r->m.araddr = addr;
    r->m.arlen = len;
    r->m.arsize = 5; /* 32 bytes */
    r->m.arburst = 1;
}

static void aw(rig *r, unsigned id, uint64_t addr, unsigned len)
{
    r->m.awvalid = true;
    r->m.awid = id;
    r->m.awaddr = addr;
    r->m.awlen = len;
    r->m.awsize = 5;
    r->m.awburst = 1;
}

/* A read burst whose AR was accepted at the last edge (ARVALID then dropped). */
static void read_accepted(rig *r, unsigned id, uint64_t addr, unsigned len)
{
    ar(r, id, addr, len);
    r->s.arready = true;
    edge(r);
    r->m.arvalid = false;
}

/* A write burst whose AW was accepted at the last edge, W ready from then on. */
static void write_accepted(rig *r, uint64_t addr, unsigned len)
{
    aw(r, 0, addr, len);
    r->s.awready = r->s.wready = true;
    edge(r);
    r->m.awvalid = false;
}

static void offer_r(rig *r, unsigned id, bool last)
{
    r->s.rvalid = true;
    r->s.rid = id;
    r->s.rlast = last;
}

/* The checker's verdict contains every word of `want` (NULL: no violation). */
static int fired(const rig *r, const char *chan, const char *rule)
{
    const char *e = tce_axi_check_error(&r->c);
    if (!chan)
        return e == NULL;
    if (!e || !strstr(e, chan) || !strstr(e, rule)) {
        fprintf(stderr, "  expected '%s' / '%s', got '%s'\n", chan, rule, e ? e : "(none)");
        return 0;
    }
    return 1;
}

/* A legal exchange on all three ports: two reads on two IDs answered out of order and
 * interleaved, a held R beat, a 2-beat write, register write and read, shared memory. */
static void legal_trace(void)
{
    rig r;
    rig_init(&r);
    ar(&r, 1, 0x1000, 1);
    edge(&r); /* ARREADY low: AR must wait */
    r.s.arready = true;
    edge(&r);
    ar(&r, 2, 0x2010, 0); /* unaligned start inside the beat is legal */
    edge(&r);
    r.m.arvalid = r.s.arready = false;
    r.m.rready = true;
    offer_r(&r, 2, true);
    edge(&r); /* ID 2 overtakes ID 1 */
    r.s.rid = 1;
    r.s.rlast = false;
    r.m.rready = false;
    edge(&r); /* R held */
    r.m.rready = true;
    edge(&r);
    r.s.rlast = true;
    edge(&r);
    r.s.rvalid = false;
    write_accepted(&r, 0x3000, 1);
    r.m.wvalid = true;
    r.m.wstrb = 0xFFFFFFFFull;
    edge(&r);
    r.m.wlast = true;
    edge(&r);
    r.m.wvalid = r.m.wlast = false;
    r.s.bvalid = true;
    r.m.bready = true;
    edge(&r);
    r.s.bvalid = false;
    /* AXI4-Lite: AW and W in different cycles, then B; a read. */
    r.l.awvalid = r.l.awready = true;
    r.l.awaddr = 0x14;
    edge(&r);
    r.l.awvalid = false;
    r.l.wvalid = r.l.wready = true;
    edge(&r);
    r.l.wvalid = false;
    r.l.bvalid = r.l.bready = true;
    edge(&r);
    r.l.bvalid = false;
    r.l.arvalid = r.l.arready = true;
    edge(&r);
    r.l.arvalid = false;
    r.l.rvalid = r.l.rready = true;
    edge(&r);
    r.l.rvalid = false;
    /* Shared memory: a request waits for ready, then its response. */
    r.q.req.valid = true;
    r.q.req.addr = 0x40;
    edge(&r);
    r.q.req_ready = true;
    edge(&r);
    r.q.req.valid = false;
    r.q.rsp_valid = true;
    edge(&r);
    r.q.rsp_valid = false;
    edge(&r);
    CHECK(fired(&r, NULL, NULL));
    CHECK(r.c.nrd == 0 && r.c.nwr == 0 && r.c.nbw == 0 && r.c.sm_out == 0);
}

/* Each rule, broken alone. */
static void stability_rules(void)
{
    rig r;
    rig_init(&r);
    ar(&r, 0, 0x1000, 0);
    edge(&r);
    r.m.arvalid = false;
    edge(&r);
    CHECK(fired(&r, "cycle 1: AXI AR", "VALID fell before READY"));

    rig_init(&r);
    aw(&r, 0, 0x1000, 0);
    edge(&r);
    r.m.awaddr = 0x1020;
    edge(&r);
    CHECK(fired(&r, "AXI AW", "payload changed"));

    rig_init(&r);
    aw(&r, 0, 0x1000, 0);
    r.s.awready = true;
    edge(&r);
    r.m.awvalid = false;
    r.s.awready = false;
    r.m.wvalid = true;
    r.m.wlast = true;
    r.m.wdata[3] = 7;
    edge(&r);
    r.m.wdata[3] = 8;
    edge(&r);
    CHECK(fired(&r, "AXI W", "payload changed"));

    rig_init(&r);
    read_accepted(&r, 3, 0x1000, 0);
    offer_r(&r, 3, true);
    edge(&r); /* RREADY low */
    r.s.rvalid = false;
    edge(&r);
    CHECK(fired(&r, "AXI R", "VALID fell before READY"));

    rig_init(&r);
    read_accepted(&r, 3, 0x1000, 0);
    offer_r(&r, 3, true);
    edge(&r);
    r.s.rresp = TCE_AXI_SLVERR;
    edge(&r);
    CHECK(fired(&r, "AXI R", "payload changed"));

    rig_init(&r);
    r.s.bvalid = true;
    edge(&r);
    r.s.bvalid = false;
    edge(&r);
    /* BREADY was low: no handshake (so no "B for nothing"), only the withdrawn B. */
    CHECK(fired(&r, "cycle 1: AXI B", "VALID fell before READY"));
    CHECK(r.c.violations == 1);

    rig_init(&r);
    r.l.arvalid = true;
    r.l.araddr = 0x14;
    edge(&r);
    r.l.araddr = 0x18;
    edge(&r);
    CHECK(fired(&r, "AXI-Lite AR", "payload changed"));

    rig_init(&r);
    r.l.wvalid = true;
    edge(&r);
    r.l.wvalid = false;
    edge(&r);
    CHECK(fired(&r, "AXI-Lite W", "VALID fell before READY"));

    rig_init(&r);
    r.q.req.valid = true;
    r.q.req.kind = TCE_SMEM_WRITE;
    edge(&r);
    r.q.req.valid = false;
    edge(&r);
    CHECK(fired(&r, "shared-memory request", "VALID fell before READY"));

    rig_init(&r);
    r.q.req.valid = true;
    r.q.req.kind = TCE_SMEM_WRITE;
    r.q.req.wdata[31] = 1;
    edge(&r);
    r.q.req.wdata[31] = 2;
    edge(&r);
    CHECK(fired(&r, "shared-memory request", "payload changed"));

    rig_init(&r);
    r.q.mreq.valid = true;
    r.q.mreq.tx_count = 64;
    edge(&r);
    r.q.mreq.tx_count = 32;
    edge(&r);
    CHECK(fired(&r, "mbarrier request", "payload changed"));
}

static void burst_rules(void)
{
    struct {
        uint64_t addr;
        unsigned len, size, burst;
        const char *rule;
    } bad[] = {
        {0x1000, 256, 5, 1, "AxLEN 256 is above 255"},
        {0x1000, 0, 5, 0, "AxBURST 0 is not INCR"},
        {0x1000, 0, 5, 2, "AxBURST 2 is not INCR"},
        {0x1000, 0, 4, 1, "AxSIZE 4 is not the 32-byte beat"},
        {0x1FE0, 1, 5, 1, "crosses a 4 KB boundary"},
        {0x1020, 127, 5, 1, "crosses a 4 KB boundary"}, /* last beat at 0x2000 */
    };
    for (unsigned k = 0; k < sizeof bad / sizeof bad[0]; k++)
        for (int write = 0; write < 2; write++) {
            rig r;
            rig_init(&r);
            if (write) {
                aw(&r, 0, bad[k].addr, bad[k].len);
                r.m.awsize = bad[k].size;
                r.m.awburst = bad[k].burst;
                r.s.awready = true;
            } else {
                ar(&r, 0, bad[k].addr, bad[k].len);
                r.m.arsize = bad[k].size;
                r.m.arburst = bad[k].burst;
                r.s.arready = true;
            }
            edge(&r);
            CHECK(fired(&r, write ? "AXI AW" : "AXI AR", bad[k].rule));
        }
    /* The largest legal bursts: 128 beats ending exactly at the page end, 256 from 0. */
    rig r;
    rig_init(&r);
    ar(&r, 0, 0x1000, 127);
    r.s.arready = true;
    edge(&r);
    aw(&r, 0, 0x0, 255);
    r.m.arvalid = false;
    r.s.awready = true;
    r.m.awsize = 3; /* 8-byte beats are illegal here: the beat is 32 bytes */
    edge(&r);
    CHECK(fired(&r, "cycle 1: AXI AW", "AxSIZE 3"));
    rig_init(&r);
    ar(&r, 0, 0x1000, 127);
    r.s.arready = true;
    edge(&r);
    CHECK(fired(&r, NULL, NULL));
}

static void ordering_rules(void)
{
    rig r;
    /* WLAST early: a 3-beat burst closed on beat 2. */
    rig_init(&r);
    write_accepted(&r, 0x1000, 2);
    r.m.wvalid = true;
    edge(&r);
    r.m.wlast = true;
    edge(&r);
    CHECK(fired(&r, "AXI W", "WLAST set on beat 2 of a 3-beat burst"));

    /* WLAST missing on the last beat. */
    rig_init(&r);
    write_accepted(&r, 0x1000, 1);
    r.m.wvalid = true;
    edge(&r);
    edge(&r);
    CHECK(fired(&r, "AXI W", "WLAST missing on beat 2 of a 2-beat burst"));

    /* W with no AW. */
    rig_init(&r);
    r.m.wvalid = r.m.wlast = true;
    r.s.wready = true;
    edge(&r);
    CHECK(fired(&r, "AXI W", "no write burst address"));

    /* WSTRB lanes beyond the beat. */
    rig_init(&r);
    aw(&r, 0, 0x1000, 0);
    r.s.awready = r.s.wready = true;
    r.m.wvalid = r.m.wlast = true;
    r.m.wstrb = 1ull << BEAT;
    edge(&r);
    CHECK(fired(&r, "AXI W", "WSTRB"));

    /* R for an ID with nothing outstanding (ID 1 read, ID 2 answered). */
    rig_init(&r);
    read_accepted(&r, 1, 0x1000, 0);
    r.s.rvalid = r.m.rready = r.s.rlast = true;
    r.s.rid = 2;
    edge(&r);
    CHECK(fired(&r, "AXI R", "ID 2, which has no read outstanding"));

    /* RLAST early and RLAST missing. */
    for (int early = 0; early < 2; early++) {
        rig_init(&r);
        ar(&r, 1, 0x1000, early ? 3 : 0);
        r.s.arready = true;
        edge(&r);
        r.m.arvalid = false;
        r.s.rvalid = r.m.rready = true;
        r.s.rid = 1;
        r.s.rlast = early;
        edge(&r);
        CHECK(fired(&r, "AXI R", early ? "RLAST set on beat 1 of a 4-beat burst"
                                       : "RLAST missing on beat 1 of a 1-beat burst"));
    }

    /* B before the write's last W beat. */
    rig_init(&r);
    aw(&r, 0, 0x1000, 1);
    r.s.awready = r.s.wready = true;
    r.m.wvalid = true;
    edge(&r);
    r.m.awvalid = r.m.wvalid = false;
    r.s.bvalid = r.m.bready = true;
    edge(&r);
    CHECK(fired(&r, "cycle 1: AXI B", "no completed write burst"));

    /* AXI-Lite: B without W; R without AR; a second AR before R. */
    rig_init(&r);
    r.l.awvalid = r.l.awready = true;
    edge(&r);
    r.l.awvalid = false;
    r.l.bvalid = r.l.bready = true;
    edge(&r);
    CHECK(fired(&r, "AXI-Lite B", "before both AW and W"));
    rig_init(&r);
    r.l.rvalid = r.l.rready = true;
    edge(&r);
    CHECK(fired(&r, "AXI-Lite R", "no read address"));
    rig_init(&r);
    r.l.arvalid = r.l.arready = true;
    edge(&r);
    edge(&r);
    CHECK(fired(&r, "cycle 1: AXI-Lite AR", "second read address"));

    /* Shared memory: response with nothing outstanding, misaligned, CTA out of range. */
    rig_init(&r);
    r.q.rsp_valid = true;
    edge(&r);
    CHECK(fired(&r, "shared-memory response", "no request outstanding"));
    rig_init(&r);
    r.q.req.valid = r.q.req_ready = true;
    r.q.req.addr = 0x48;
    edge(&r);
    CHECK(fired(&r, "shared-memory request", "0x48 is not 32-byte aligned"));
    rig_init(&r);
    r.q.req.valid = r.q.req_ready = true;
    r.q.req.kind = 2; /* complete-tx has the mbarrier port now */
    edge(&r);
    CHECK(fired(&r, "shared-memory request", "kind 2 is not read/write"));
    rig_init(&r);
    r.q.mreq.valid = r.q.mreq_ready = true;
    r.q.mreq.addr = 0x44;
    edge(&r);
    CHECK(fired(&r, "mbarrier request", "mbarrier 0x44 is not 8-byte aligned"));
    rig_init(&r);
    r.q.mreq.valid = r.q.mreq_ready = true;
    r.q.mreq.cta = 4;
    edge(&r);
    CHECK(fired(&r, "mbarrier request", "CTA 4 is not below NUM_CTAS 4"));
    rig_init(&r);
    r.q.mrsp_valid = true;
    edge(&r);
    CHECK(fired(&r, "mbarrier response", "no request outstanding"));
    rig_init(&r);
    r.q.req.valid = r.q.req_ready = true;
    r.q.req.cta = 4;
    edge(&r);
    CHECK(fired(&r, "shared-memory request", "CTA 4 is not below NUM_CTAS 4"));
}

/* The first violation is kept, later ones counted; reset forgets what was in flight. */
static void first_kept_and_reset(void)
{
    rig r;
    rig_init(&r);
    r.q.rsp_valid = true;
    edge(&r);
    r.q.rsp_valid = false;
    r.l.rvalid = r.l.rready = true;
    edge(&r);
    CHECK(fired(&r, "cycle 0: shared-memory response", "no request outstanding"));
    CHECK(r.c.violations == 2);

    rig_init(&r);
    read_accepted(&r, 0, 0x1000, 3);
    char out[600];
    tce_axi_check_outstanding(&r.c, 100, out, sizeof out);
    CHECK(strstr(out, "1 AXI reads awaiting R: [ID 0 0x1000, 0 of 4 beats, since cycle 0 "
                      "(100 ago)]") != NULL);
    tce_axi_check_reset(&r.c);
    r.s.rvalid = r.m.rready = r.s.rlast = true;
    edge(&r);
    CHECK(fired(&r, "AXI R", "no read outstanding")); /* the read died with the reset */
}

/* In reset the engine offers nothing: each VALID it drives is named; with none the cycle
 * passes, and stability is not carried across the reset. */
static void reset_rules(void)
{
    static const struct {
        const char *chan;
        size_t off; /* the VALID's place in the rig */
    } valids[] = {
        {"AXI AR", offsetof(rig, m.arvalid)},
        {"AXI AW", offsetof(rig, m.awvalid)},
        {"AXI W", offsetof(rig, m.wvalid)},
        {"AXI-Lite B", offsetof(rig, l.bvalid)},
        {"AXI-Lite R", offsetof(rig, l.rvalid)},
        {"shared-memory request", offsetof(rig, q.req.valid)},
        {"mbarrier request", offsetof(rig, q.mreq.valid)},
    };
    rig r;
    for (size_t i = 0; i < sizeof valids / sizeof valids[0]; i++) {
        rig_init(&r);
        tce_axi_check_in_reset(&r.c, 0, &r.m, &r.l, &r.q);
        CHECK(fired(&r, NULL, NULL));
        *(bool *)((char *)&r + valids[i].off) = true;
        tce_axi_check_in_reset(&r.c, 1, &r.m, &r.l, &r.q);
        CHECK(fired(&r, "cycle 1", valids[i].chan));
        CHECK(fired(&r, valids[i].chan, "VALID high while reset is asserted"));
    }
    /* An AR waiting at the reset may be gone after it. */
    rig_init(&r);
    ar(&r, 0, 0x1000, 0);
    edge(&r);
    r.m.arvalid = false;
    tce_axi_check_in_reset(&r.c, r.cyc++, &r.m, &r.l, &r.q);
    tce_axi_check_reset(&r.c);
    edge(&r);
    CHECK(fired(&r, NULL, NULL));
}

int main(void)
{
    legal_trace();
    stability_rules();
    burst_rules();
    ordering_rules();
    first_kept_and_reset();
    reset_rules();
    return check_finish("test_axi_check");
}
