// C wrapper around the Verilated tce_rmw_global + reduction unit harness.
#include "tce_rmwg.h"

#include "Vtce_rmwg_top.h"
#include "tce_unit_bits.h"

struct tce_rmwg {
    VerilatedContext ctx;
    Vtce_rmwg_top top{&ctx};
};

extern "C" tce_rmwg *tce_rmwg_create(void)
{
    return ub_create<tce_rmwg>();
}

extern "C" void tce_rmwg_destroy(tce_rmwg *u)
{
    ub_destroy(u);
}

extern "C" void tce_rmwg_cycle(tce_rmwg *u, const tce_rmwg_in *in, tce_rmwg_out *o)
{
    Vtce_rmwg_top &t = u->top;
    t.reduce_in = in->reduce_in;
    t.clear = in->clear;
    t.op = (uint8_t)in->op;
    t.etype = (uint8_t)in->etype;
    t.ctx = (uint8_t)in->ctx;
    t.noftz = in->noftz;
    t.u_awvalid = in->u_awvalid;
    t.u_awaddr = in->u_awaddr;
    t.u_awlen = (uint8_t)in->u_awlen;
    t.u_wvalid = in->u_wvalid;
    ub_put_bytes(t.u_wdata, in->u_wdata, TCE_RMWG_BYTES);
    t.u_wstrb = in->u_wstrb;
    t.u_wlast = in->u_wlast;
    t.awready = in->awready;
    t.wready = in->wready;
    t.bvalid = in->bvalid;
    t.bresp = (uint8_t)in->bresp;
    t.arready = in->arready;
    t.rvalid = in->rvalid;
    ub_put_bytes(t.rdata, in->rdata, TCE_RMWG_BYTES);
    t.rresp = (uint8_t)in->rresp;
    t.eval();
    o->u_awready = t.u_awready;
    o->u_wready = t.u_wready;
    o->u_bvalid = t.u_bvalid;
    o->u_bresp = t.u_bresp;
    o->awvalid = t.awvalid;
    o->awaddr = t.awaddr;
    o->awlen = t.awlen;
    o->wvalid = t.wvalid;
    ub_get_bytes(t.wdata, o->wdata, TCE_RMWG_BYTES);
    o->wstrb = t.wstrb;
    o->wlast = t.wlast;
    o->arvalid = t.arvalid;
    o->arid = t.arid;
    o->araddr = t.araddr;
    o->arlen = t.arlen;
    o->rready = t.rready;
    o->illegal = t.illegal;
    ub_tick(u->top);
}
