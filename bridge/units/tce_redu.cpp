// C wrapper around the Verilated reduction unit: C++ only because Verilator generates C++.
// Each call is one clock cycle: drive the inputs with the clock low, settle, sample the
// handshake and the (registered) outputs, then raise and lower the clock.
#include "tce_redu.h"

#include <cstring>
#include <new>

#include "Vtce_red_unit.h"
#include "verilated.h"

struct tce_redu {
    VerilatedContext ctx;
    Vtce_red_unit *top;
    uint64_t cycles;
    bool plant;  // offer a new type without notice (tce_redu_plant_type_change)
};

// VlWide<N> holds the bus as 32-bit words, least significant first.
template <typename Wide> static void put_bytes(Wide &w, const uint8_t *b)
{
    for (unsigned i = 0; i < TCE_REDU_BYTES / 4u; i++)
        w[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 |
               (uint32_t)b[4 * i + 3] << 24;
}

template <typename Wide> static void get_bytes(const Wide &w, uint8_t *b)
{
    for (unsigned i = 0; i < TCE_REDU_BYTES / 4u; i++)
        for (unsigned k = 0; k < 4u; k++)
            b[4 * i + k] = (uint8_t)(w[i] >> (8 * k));
}

static void tick(tce_redu *u)
{
    u->top->clk = 1;
    u->top->eval();
    u->top->clk = 0;
    u->top->eval();
}

extern "C" tce_redu *tce_redu_create(void)
{
    tce_redu *u = new (std::nothrow) tce_redu;
    if (!u)
        return nullptr;
    u->top = new (std::nothrow) Vtce_red_unit{&u->ctx};
    if (!u->top) {
        delete u;
        return nullptr;
    }
    u->cycles = 0;
    u->plant = false;
    u->top->clk = 0;
    u->top->in_valid = 0;
    u->top->out_ready = 0;
    u->top->rst_n = 0;
    u->top->eval();
    tick(u);
    tick(u);
    u->top->rst_n = 1;
    u->top->eval();
    return u;
}

extern "C" void tce_redu_destroy(tce_redu *u)
{
    if (!u)
        return;
    u->top->final();
    delete u->top;
    delete u;
}

extern "C" bool tce_redu_cycle(tce_redu *u, const tce_redu_beat *in, bool out_ready,
                               tce_redu_result *out)
{
    Vtce_red_unit *t = u->top;
    // A new type first stands on the ports for a cycle with no beat: the unit decodes it
    // into registers, as the engine's per-command type allows (docs/reduction_unit.md).
    bool notice = in && (t->in_op != (uint8_t)in->op || t->in_etype != (uint8_t)in->etype ||
                         t->in_ctx != (uint8_t)in->ctx || t->in_noftz != in->noftz);
    t->in_valid = in != nullptr && (!notice || u->plant);
    if (in) {
        put_bytes(t->in_mem, in->mem);
        put_bytes(t->in_src, in->src);
        t->in_be = in->be;
        t->in_op = (uint8_t)in->op;
        t->in_etype = (uint8_t)in->etype;
        t->in_ctx = (uint8_t)in->ctx;
        t->in_noftz = in->noftz;
        t->in_tag = in->tag;
    }
    t->out_ready = out_ready;
    t->eval();

    bool accepted = t->in_valid && t->in_ready;
    memset(out, 0, sizeof *out);
    out->valid = t->out_valid;
    get_bytes(t->out_data, out->data);
    out->be = t->out_be;
    out->illegal = t->out_illegal;
    out->tag = t->out_tag;

    tick(u);
    u->cycles++;
    return accepted;
}

extern "C" void tce_redu_plant_type_change(tce_redu *u, bool plant) { u->plant = plant; }

extern "C" uint64_t tce_redu_cycles(const tce_redu *u) { return u->cycles; }
