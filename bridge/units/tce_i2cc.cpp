// C wrapper around the Verilated im2col-family checks: inputs set, the model clocked twice
// (its tests are registered in two stages), the packed outputs read by field (40-bit windows and
// positions sign-extended).
#include "tce_i2cc.h"

#include <new>

#include "Vtce_im2col_check.h"
#include "tce_unit_bits.h"

struct tce_i2cc {
    VerilatedContext ctx;
    Vtce_im2col_check top{&ctx};
};

extern "C" tce_i2cc *tce_i2cc_create(void)
{
    return new (std::nothrow) tce_i2cc;
}

extern "C" void tce_i2cc_destroy(tce_i2cc *u)
{
    if (!u)
        return;
    u->top.final();
    delete u;
}

template <typename P> static int64_t s40(const P &port, unsigned lsb)
{
    uint64_t v = ub_get(port, lsb, 40);
    return (int64_t)(v << 24) >> 24;
}

extern "C" void tce_i2cc_eval(tce_i2cc *u, const tce_i2cc_in *in, tce_i2cc_out *out)
{
    Vtce_im2col_check &t = u->top;
    ub_put_bytes(t.desc, in->desc, 128);
    t.mode = (uint8_t)in->mode;
    t.dims = (uint8_t)in->dims;
    t.esl = (uint8_t)in->esl;
    for (unsigned i = 0; i < 5; i++)
        ub_put(t.coords, 32 * i, 32, (uint32_t)in->coords[i]);
    for (unsigned i = 0; i < 3; i++)
        ub_put(t.offsets, 16 * i, 16, in->offsets[i]);
    t.st_coord_neg = in->st_coord_neg;
    t.st_red_ok = in->st_red_ok;
    t.st_src_ok = in->st_src_ok;
    t.st_saddr_ok = in->st_saddr_ok;
    // The checks' tests are registered in two stages: two clock edges with these inputs,
    // then the verdict is theirs.
    for (int k = 0; k < 2; k++) {
        t.clk = 0;
        t.eval();
        t.clk = 1;
        t.eval();
    }
    out->status = t.status;
    out->field = t.field;
    out->channels = t.channels;
    out->rows = t.rows;
    out->group = t.group;
    out->nwalk = t.nwalk;
    for (unsigned j = 0; j < 3; j++) {
        out->win_lo[j] = s40(t.win_lo, 40 * j);
        out->win_hi[j] = s40(t.win_hi, 40 * j);
        out->pos_off[j] = (uint16_t)ub_get(t.pos_off, 16 * j, 16);
    }
    for (unsigned i = 0; i < 4; i++)
        out->pos0[i] = s40(t.pos0, 40 * i);
}
