// C wrapper around the Verilated row walk (three builds, one template): C++ only because
// Verilator generates C++. A cycle drives the inputs with the clock low, settles, samples
// the outputs, then raises and lowers the clock.
#include "tce_roww.h"

#include <new>

#include "Vtce_row_walk_gen.h"
#include "Vtce_row_walk_odo32.h"
#include "Vtce_row_walk_odo64.h"
#include "tce_unit_bits.h"

namespace {

struct walk_if {
    virtual ~walk_if() = default;
    virtual void start(const tce_roww_cmd *c) = 0;
    virtual void cycle(const int64_t *x, bool last, bool next, tce_roww_out *o) = 0;
};

template <typename V> struct walk_model final : walk_if {
    VerilatedContext ctx;
    V top{&ctx};
    unsigned gw; // GADDR_W of the build

    explicit walk_model(unsigned gaddr_w) : gw(gaddr_w)
    {
        ub_reset(top);
    }
    ~walk_model() override { top.final(); }

    void start(const tce_roww_cmd *c) override
    {
        top.start = 1;
        top.next = 0;
        top.rank = c->rank;
        top.ul = c->ul;
        ub_put(top.gaddr, 0, gw, c->gaddr);
        for (unsigned i = 0; i < 4; i++) {
            ub_put(top.gdim14, 33 * i, 33, c->gdim[i]);
            ub_put(top.gstride, gw * i, gw, c->gstride[i]);
            ub_put(top.n, 9 * i, 9, c->n[i]);
            ub_put(top.e, 4 * i, 4, c->e[i]);
        }
        for (unsigned i = 0; i < 5; i++)
            ub_put(top.coords, 32 * i, 32, (uint32_t)c->coords[i]);
        top.soff = c->soff;
        top.pitch = c->pitch;
        top.ext_rows = c->ext_rows;
        top.eval();
        ub_tick(top);
        top.start = 0;
    }

    void cycle(const int64_t *x, bool last, bool next, tce_roww_out *o) override
    {
        for (unsigned i = 0; i < 4; i++)
            ub_put(top.ext_x, 40 * i, 40, (uint64_t)x[i]);
        top.ext_last = last;
        top.next = next;
        top.eval();
        o->valid = top.row_valid;
        o->g = ub_get(top.row_g, 0, gw);
        o->sbase = top.row_sbase;
        o->inb = top.row_inb;
        o->last = top.last_row;
        o->step = top.row_step;
        ub_tick(top);
    }
};

} // namespace

struct tce_roww {
    walk_if *m;
};

extern "C" tce_roww *tce_roww_create(tce_roww_build build)
{
    tce_roww *u = new (std::nothrow) tce_roww;
    if (!u)
        return nullptr;
    switch (build) {
    case TCE_ROWW_GENERAL: u->m = new (std::nothrow) walk_model<Vtce_row_walk_gen>(64); break;
    case TCE_ROWW_ODO64: u->m = new (std::nothrow) walk_model<Vtce_row_walk_odo64>(64); break;
    default: u->m = new (std::nothrow) walk_model<Vtce_row_walk_odo32>(32); break;
    }
    if (!u->m) {
        delete u;
        return nullptr;
    }
    return u;
}

extern "C" void tce_roww_destroy(tce_roww *u)
{
    if (!u)
        return;
    delete u->m;
    delete u;
}

extern "C" void tce_roww_start(tce_roww *u, const tce_roww_cmd *cmd) { u->m->start(cmd); }

extern "C" void tce_roww_cycle(tce_roww *u, const int64_t ext_x[4], bool ext_last, bool next,
                               tce_roww_out *out)
{
    u->m->cycle(ext_x, ext_last, next, out);
}
