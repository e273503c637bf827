// C wrapper around the Verilated descriptor fetch in three bus widths (one template).
#include "tce_descf.h"

#include <new>

#include "Vtce_desc_fetch_128.h"
#include "Vtce_desc_fetch_256.h"
#include "Vtce_desc_fetch_512.h"
#include "tce_unit_bits.h"

namespace {

struct fetch_if {
    virtual ~fetch_if() = default;
    virtual void cycle(const tce_descf_in *in, tce_descf_out *out) = 0;
};

// tce_desc_fetch's default AXI ID width (RID is not read: the fetch owns the channel).
constexpr unsigned ID_W = 4;

template <typename V> struct fetch_model final : fetch_if {
    VerilatedContext ctx;
    V top{&ctx};
    unsigned beat; // bytes

    explicit fetch_model(unsigned data_w) : beat(data_w / 8u)
    {
        ub_reset(top);
    }
    ~fetch_model() override { top.final(); }

    void cycle(const tce_descf_in *in, tce_descf_out *o) override
    {
        top.start = in->start;
        top.addr = in->addr;
        top.inval = in->inval;
        top.wr_seen = in->wr_seen;
        top.wr_addr = in->wr_addr;
        top.wr_len = (uint8_t)in->wr_len;
        top.arready = in->arready;
        top.rvalid = in->rvalid;
        ub_axi_r_put(top.axi_r, 8u * beat, ID_W, 0, in->rdata, in->rresp, in->rlast);
        top.eval();
        o->done = top.done;
        o->busy = top.busy;
        o->hit = top.hit;
        o->bus_err = top.bus_err;
        ub_get_bytes(top.desc, o->desc, 128);
        o->arvalid = top.arvalid;
        ub_axi_ax_get(top.axi_ar, &o->arid, &o->araddr, &o->arlen, ID_W);
        o->rready = top.rready;
        ub_tick(top);
    }
};

} // namespace

struct tce_descf {
    fetch_if *m;
};

extern "C" tce_descf *tce_descf_create(unsigned data_w)
{
    tce_descf *u = new (std::nothrow) tce_descf;
    if (!u)
        return nullptr;
    switch (data_w) {
    case 128: u->m = new (std::nothrow) fetch_model<Vtce_desc_fetch_128>(128); break;
    case 256: u->m = new (std::nothrow) fetch_model<Vtce_desc_fetch_256>(256); break;
    case 512: u->m = new (std::nothrow) fetch_model<Vtce_desc_fetch_512>(512); break;
    default: u->m = nullptr; break;
    }
    if (!u->m) {
        delete u;
        return nullptr;
    }
    return u;
}

extern "C" void tce_descf_destroy(tce_descf *u)
{
    if (!u)
        return;
    delete u->m;
    delete u;
}

extern "C" void tce_descf_cycle(tce_descf *u, const tce_descf_in *in, tce_descf_out *out)
{
    u->m->cycle(in, out);
}
