/* `tce regress --bus-errors`: where to inject a bus error in a batch, and how to judge the
 * engine's answer against the golden model, which knows no bus errors (see regress.h). */
#include <string.h>

#include "corpus.h"
#include "regress.h"

#define AXI_SLVERR 2u
#define AXI_DECERR 3u
#define INJECT_READ 1u
#define INJECT_WRITE 2u

/* Whether an engine may read global memory for the operation: prefetches may read into L2,
 * and a reduction into global memory reads its destination before it writes it back. */
static bool reads_global(const tce_op *op)
{
    switch (op->kind) {
    case TCE_OP_TENSOR_LOAD:
    case TCE_OP_BULK_PREFETCH:
    case TCE_OP_TENSOR_PREFETCH: return true;
    case TCE_OP_BULK_REDUCE:
    case TCE_OP_TENSOR_REDUCE:
    case TCE_OP_RED: return op->dst_space == TCE_SPACE_GLOBAL || op->src_space == TCE_SPACE_GLOBAL;
    default: return op->src_space == TCE_SPACE_GLOBAL;
    }
}

bool regress_bus_draw(uint64_t seed, unsigned long batch, const regress_item *items,
                      unsigned n, regress_bus_plan *p)
{
    /* its own generator: the batch's operations and memory do not change */
    uint64_t rng = seed * 0xC2B2AE3D27D4EB4Full ^ (batch + 1) * 0x165667B19E3779F9ull;
    memset(p, 0, sizeof *p);
    p->slot = -1;
    if (corpus_splitmix64(&rng) % 2)
        return false; /* every other batch, on average, runs clean */
    unsigned v = (unsigned)(corpus_splitmix64(&rng) % n);
    const tce_op *op = &items[v].op;
    p->resp = corpus_splitmix64(&rng) % 2 ? AXI_SLVERR : AXI_DECERR;
    if (op->dst_space == TCE_SPACE_GLOBAL) {
        p->kind = REGRESS_BUS_DEST;
        p->base = regress_gslot(v);
        p->size = REGRESS_GSLOT_SIZE;
        p->dirs = INJECT_WRITE;
    } else if (items[v].has_map) {
        /* The judge takes the golden model's bytes from the victim's shared slot: a load
         * whose rows were moved out of it (to the end of shared memory) runs unbroken. */
        uint32_t off = TCE_SADDR_OFF(op->saddr);
        if (op->kind == TCE_OP_TENSOR_LOAD &&
            (off < regress_sslot(v) || off - regress_sslot(v) >= REGRESS_SSLOT_SIZE))
            return false;
        p->kind = REGRESS_BUS_DESC;
        p->base = op->tmap_addr;
        p->size = 128;
        p->dirs = INJECT_READ;
    } else if (reads_global(op) && op->size >= 16u) {
        /* (a deliberately illegal size below 16 bytes has no 16-byte window to break) */
        /* the source area is shared: only when no other operation reads global memory (a
         * deliberately illegal range may lie in another operation's destination slot) */
        for (unsigned i = 0; i < n; i++)
            if (i != v && reads_global(&items[i].op))
                return false;
        p->kind = REGRESS_BUS_SOURCE;
        /* a 32-byte window somewhere in the source, so some beats come back fine */
        uint64_t off = 16u * (corpus_splitmix64(&rng) % (op->size / 16u));
        p->base = op->gaddr + off;
        p->size = 32;
        p->dirs = INJECT_READ;
    } else
        return false; /* shared -> shared: no global access to break */
    p->slot = (int)v;
    return true;
}

uint8_t *regress_bus_dest_global(tce_memsys *ms, unsigned slot)
{
    return ms->g[0].bytes + (regress_gslot(slot) - REGRESS_GBASE);
}

/* Drop the complete-tx requests on the victim's mbarrier. */
static void drop_tx(tce_engine_tx *tx, unsigned *n, uint32_t mbar_off)
{
    unsigned k = 0;
    for (unsigned i = 0; i < *n; i++)
        if (tx[i].mbar_off != mbar_off)
            tx[k++] = tx[i];
    *n = k;
}

int regress_bus_judge(const regress_bus_plan *p, const regress_item *items,
                      const uint8_t *gslot_before, const tce_memsys *ref, tce_memsys *dut,
                      tce_result *ref_res, tce_result *dut_res, tce_engine_tx *ref_tx,
                      unsigned *ref_ntx, tce_engine_tx *dut_tx, unsigned *dut_ntx,
                      regress_bus_stats *st, char *why, size_t cap)
{
    unsigned v = (unsigned)p->slot;
    const tce_result *g = &ref_res[v];
    tce_result *t = &dut_res[v];
    const tce_op *op = &items[v].op;
    st->injected++;
    bool touched;
    if (p->kind == REGRESS_BUS_DEST)
        touched = memcmp(gslot_before,
                         regress_bus_dest_global((tce_memsys *)ref, v), REGRESS_GSLOT_SIZE) != 0;
    else
        touched = true; /* the descriptor / the source range is always read */
    bool ok;
    const char *want;
    if (g->status != TCE_OK) {
        /* the golden model trapped: the engine traps alike, or found the bus error first */
        ok = t->status == g->status || t->status == TCE_ERR_GLOBAL_BUS;
        want = "the golden model's trap or GLOBAL_BUS";
    } else if (touched) {
        ok = t->status == TCE_ERR_GLOBAL_BUS;
        want = "GLOBAL_BUS";
    } else {
        ok = t->status == TCE_OK || t->status == TCE_ERR_GLOBAL_BUS;
        want = "OK or GLOBAL_BUS (the golden model wrote nothing there)";
    }
    if (!ok) {
        snprintf(why, cap, "bus error injected for op %u: engine said %s (%s), expected %s", v,
                 tce_status_name(t->status), t->why, want);
        return -1;
    }
    if (t->status != TCE_ERR_GLOBAL_BUS) {
        st->untouched += g->status == TCE_OK;
        return 0; /* answered like the golden model: everything is compared */
    }
    st->reported++;
    /* Compare everything but the victim's destination: take the golden model's bytes there. */
    if (op->dst_space == TCE_SPACE_GLOBAL)
        memcpy(regress_bus_dest_global(dut, v),
               regress_bus_dest_global((tce_memsys *)ref, v), REGRESS_GSLOT_SIZE);
    else
        for (unsigned c = 0; c < ref->ncta; c++)
            memcpy(dut->smem[c] + regress_sslot(v), ref->smem[c] + regress_sslot(v),
                   REGRESS_SSLOT_SIZE);
    for (unsigned c = 0; c < ref->ncta; c++)
        memcpy(dut->smem[c] + regress_mbar(v), ref->smem[c] + regress_mbar(v), 8);
    drop_tx(ref_tx, ref_ntx, regress_mbar(v));
    drop_tx(dut_tx, dut_ntx, regress_mbar(v));
    *t = *g;
    return 0;
}
