// C wrapper around the Verilated tile check: the command fields go in as tce_engine wires
// them (coord_neg and coord0_low from the coordinates), one clock cycle per call.
#include "tce_tchk.h"

#include <cstring>

#include "Vtce_tile_check.h"
#include "Vtce_tile_check_lite.h"
#include "tce_unit_bits.h"

// One Verilated build of the unit (the default or the lite parameters).
template <typename V> struct tchk_model {
    VerilatedContext ctx;
    V top{&ctx};
};

struct tce_tchk {
    tchk_model<Vtce_tile_check> *full;
    tchk_model<Vtce_tile_check_lite> *lite;
    uint8_t last_desc[128]; // the descriptor of the last cycle: desc_new when it differs
};

extern "C" tce_tchk *tce_tchk_create(bool lite)
{
    tce_tchk *u = new (std::nothrow) tce_tchk{nullptr, nullptr, {0}};
    if (!u)
        return nullptr;
    if (lite)
        u->lite = ub_create<tchk_model<Vtce_tile_check_lite>>();
    else
        u->full = ub_create<tchk_model<Vtce_tile_check>>();
    if (!u->full && !u->lite) {
        delete u;
        return nullptr;
    }
    return u;
}

extern "C" void tce_tchk_destroy(tce_tchk *u)
{
    if (!u)
        return;
    ub_destroy(u->full);
    ub_destroy(u->lite);
    delete u;
}

template <typename V>
static void cycle(V &t, const tce_tchk_in *in, bool hold, bool desc_new, tce_tchk_out *out)
{
    ub_put_bytes(t.desc, in->desc, 128);
    t.hold = hold;
    t.desc_new = desc_new;
    t.mem_ncta = (uint8_t)in->mem_ncta;
    t.mem_smem = in->mem_smem;
    t.is_store = in->is_store;
    t.is_prefetch = in->is_prefetch;
    t.is_reduce = in->is_reduce;
    t.redop = (uint8_t)in->redop;
    t.src_space = (uint8_t)in->src_space;
    t.dst_space = (uint8_t)in->dst_space;
    t.completion = (uint8_t)in->completion;
    t.cta = (uint8_t)in->cta;
    t.dims = (uint8_t)in->dims;
    t.mode = (uint8_t)in->mode;
    t.saddr = in->saddr;
    t.mbar_off = in->mbar_off & 0xFFFFFFu;
    t.multicast = in->multicast;
    t.cta_mask = in->cta_mask;
    uint8_t neg = 0;
    for (unsigned i = 0; i < 5; i++) {
        ub_put(t.coords, 32 * i, 32, (uint32_t)in->coords[i]);
        neg |= (uint8_t)((in->coords[i] < 0) << i);
    }
    t.coord_neg = neg;
    t.coord0_low = (uint8_t)((uint32_t)in->coords[0] & 15u);
    for (unsigned i = 0; i < 3; i++)
        ub_put(t.im2col_off, 16 * i, 16, in->im2col[i]);
    t.eval();
    out->ready = t.ready;
    out->status = t.status;
    out->field = t.field;
    out->pass = t.pass;
    out->tx_bytes = t.tx_bytes;
    out->ctas = t.ctas;
    out->rows = t.rows;
    out->rng_end_lo = ub_get(t.rng_end, 0, 64);
    out->rng_end_hi = (unsigned)ub_get(t.rng_end, 64, 4);
    out->rng_over = t.rng_over;
    ub_tick(t);
}

extern "C" void tce_tchk_cycle(tce_tchk *u, const tce_tchk_in *in, bool hold, tce_tchk_out *out)
{
    // (the first cycle after create counts as new: the unit's reset says the same)
    bool desc_new = memcmp(u->last_desc, in->desc, sizeof u->last_desc) != 0;
    memcpy(u->last_desc, in->desc, sizeof u->last_desc);
    if (u->lite)
        cycle(u->lite->top, in, hold, desc_new, out);
    else
        cycle(u->full->top, in, hold, desc_new, out);
}
