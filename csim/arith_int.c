/* Integer and bitwise reduction ops on 32- or 64-bit elements, as the PTX text defines
 * them (red / cp.reduce.async.bulk "Semantics"): add wraps modulo 2^bits, min/max compare
 * signed or unsigned, and
 *   inc(r, s) = r >= s ? 0 : r + 1
 *   dec(r, s) = (r == 0 || r > s) ? s : r - 1
 * with r the memory value and s the source operand, both unsigned. */
#include "arith_internal.h"

uint64_t tce_int_apply(tce_redop op, unsigned bits, bool is_signed, uint64_t mem, uint64_t src)
{
    uint64_t mask = bits >= 64u ? ~0ull : (1ull << bits) - 1u;
    uint64_t sign = 1ull << (bits - 1u);
    uint64_t r = mem & mask, s = src & mask;
    switch (op) {
    case TCE_RED_ADD:
        return (r + s) & mask;
    case TCE_RED_MIN:
    case TCE_RED_MAX: {
        /* Flipping the sign bit maps two's complement order onto unsigned order. */
        uint64_t kr = is_signed ? r ^ sign : r, ks = is_signed ? s ^ sign : s;
        bool s_wins = op == TCE_RED_MIN ? ks < kr : ks > kr;
        return s_wins ? s : r;
    }
    case TCE_RED_INC:
        return r >= s ? 0u : r + 1u;
    case TCE_RED_DEC:
        return (r == 0u || r > s) ? s : r - 1u;
    case TCE_RED_AND:
        return r & s;
    case TCE_RED_OR:
        return r | s;
    case TCE_RED_XOR:
        return r ^ s;
    }
    return r;
}
