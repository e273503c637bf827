// Bit fields of Verilated ports, for the unit wrappers of bridge/units/: a port is a C
// integer up to 64 bits or a VlWide<N> of 32-bit words, least significant first, and a
// unit's packed buses (5 x 32-bit coordinates, 4 x 9-bit counts) are set and read by field;
// and the clocking, reset and lifetime every wrapper shares.
#ifndef TCE_UNIT_BITS_H
#define TCE_UNIT_BITS_H

#include <cstddef>
#include <cstdint>
#include <new>

#include "verilated.h"

template <std::size_t N> static inline void ub_put(VlWide<N> &w, unsigned lsb, unsigned width,
                                                   uint64_t v)
{
    for (unsigned b = 0; b < width; b++) {
        unsigned at = lsb + b;
        uint32_t m = 1u << (at % 32u);
        if ((v >> b) & 1u)
            w[at / 32u] |= m;
        else
            w[at / 32u] &= ~m;
    }
}

template <std::size_t N> static inline uint64_t ub_get(const VlWide<N> &w, unsigned lsb,
                                                       unsigned width)
{
    uint64_t v = 0;
    for (unsigned b = 0; b < width; b++) {
        unsigned at = lsb + b;
        v |= (uint64_t)((w[at / 32u] >> (at % 32u)) & 1u) << b;
    }
    return v;
}

template <typename T> static inline void ub_put(T &port, unsigned lsb, unsigned width, uint64_t v)
{
    uint64_t m = (width >= 64 ? ~0ull : (1ull << width) - 1u) << lsb;
    port = (T)(((uint64_t)port & ~m) | ((v << lsb) & m));
}

template <typename T> static inline uint64_t ub_get(const T &port, unsigned lsb, unsigned width)
{
    uint64_t v = (uint64_t)port >> lsb;
    return width >= 64 ? v : v & ((1ull << width) - 1u);
}

// One clock cycle of a Verilated unit whose clock is `clk`: rise, settle, fall, settle.
template <typename V> static inline void ub_tick(V &top)
{
    top.clk = 1;
    top.eval();
    top.clk = 0;
    top.eval();
}

// Two cycles of reset (active-low `rst_n`), then released with the inputs as the caller left
// them (Verilated inputs start at zero).
template <typename V> static inline void ub_reset(V &top)
{
    top.clk = 0;
    top.rst_n = 0;
    top.eval();
    ub_tick(top);
    ub_tick(top);
    top.rst_n = 1;
    top.eval();
}

// A wrapper whose Verilated model is its member `top`: allocated and reset, or NULL when
// memory runs out; and its end, which lets the model finish before it is freed.
template <typename U> static inline U *ub_create()
{
    U *u = new (std::nothrow) U;
    if (u)
        ub_reset(u->top);
    return u;
}

template <typename U> static inline void ub_destroy(U *u)
{
    if (!u)
        return;
    u->top.final();
    delete u;
}

// Byte i of a bus is bits [8i+7:8i].
template <std::size_t N> static inline void ub_put_bytes(VlWide<N> &w, const uint8_t *b,
                                                         unsigned n)
{
    for (unsigned i = 0; i < n / 4u; i++)
        w[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 |
               (uint32_t)b[4 * i + 3] << 24;
}

template <std::size_t N> static inline void ub_get_bytes(const VlWide<N> &w, uint8_t *b,
                                                         unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        b[i] = (uint8_t)(w[i / 4u] >> (8 * (i % 4u)));
}

// The AXI payload structs of rtl/tce_axi_pkg.sv (TCE_AXI_TYPEDEFS) as one flat port,
// fields from the most significant down: AR/AW {id, addr[64], len[8]},
// R {id, data, resp[2], last}, W {data, strb, last}.
template <typename P> static inline void ub_axi_ax_get(const P &port, unsigned *id, uint64_t *addr,
                                                       unsigned *len, unsigned id_w)
{
    *len = (unsigned)ub_get(port, 0, 8);
    *addr = ub_get(port, 8, 64);
    *id = (unsigned)ub_get(port, 72, id_w);
}

template <typename P> static inline void ub_axi_r_put(P &port, unsigned data_w, unsigned id_w,
                                                      unsigned id, const uint8_t *data,
                                                      unsigned resp, bool last)
{
    ub_put(port, 0, 1, last);
    ub_put(port, 1, 2, resp);
    for (unsigned i = 0; i < data_w / 8u; i++)
        ub_put(port, 3 + 8 * i, 8, data[i]);
    ub_put(port, 3 + data_w, id_w, id);
}

#endif
