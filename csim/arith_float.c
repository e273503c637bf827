/* Floating-point add and min/max of the reduction unit, written with integer operations
 * only: the RTL reduction datapath mirrors these steps (unpack, align with guard/round/
 * sticky bits, add or subtract, normalise, round to nearest even, pack). One routine
 * serves f16, bf16, f32 and f64; the format is a parameter. */
#include "arith_internal.h"

const tce_fpfmt TCE_FP16 = {5, 10};
const tce_fpfmt TCE_BF16 = {8, 7};
const tce_fpfmt TCE_FP32 = {8, 23};
const tce_fpfmt TCE_FP64 = {11, 52};

/* Three extra low bits (guard, round, sticky) are enough for a correctly rounded add:
 * an alignment shift of two or more costs at most one bit of left renormalisation. */
#define GRS 3u

typedef struct {
    uint64_t sign_bit, exp_mask, man_mask, quiet_bit, width_mask;
    unsigned exp_max; /* all-ones exponent field */
} fp_consts;

static fp_consts consts(tce_fpfmt f)
{
    fp_consts c;
    unsigned width = 1u + f.ebits + f.mbits;
    c.sign_bit = 1ull << (width - 1u);
    c.man_mask = (1ull << f.mbits) - 1u;
    c.exp_max = (1u << f.ebits) - 1u;
    c.exp_mask = (uint64_t)c.exp_max << f.mbits;
    c.quiet_bit = 1ull << (f.mbits - 1u);
    c.width_mask = width == 64u ? ~0ull : (1ull << width) - 1u;
    return c;
}

static unsigned exp_field(tce_fpfmt f, uint64_t v) { return (unsigned)(v >> f.mbits) & ((1u << f.ebits) - 1u); }

static bool is_nan(tce_fpfmt f, const fp_consts *c, uint64_t v)
{
    return exp_field(f, v) == c->exp_max && (v & c->man_mask) != 0;
}

static bool is_inf(tce_fpfmt f, const fp_consts *c, uint64_t v)
{
    return exp_field(f, v) == c->exp_max && (v & c->man_mask) == 0;
}

/* Subnormal -> zero of the same sign. */
static uint64_t flush(tce_fpfmt f, const fp_consts *c, uint64_t v)
{
    if (exp_field(f, v) == 0)
        return v & c->sign_bit;
    return v;
}

static uint64_t canonical_nan(const fp_consts *c) { return c->width_mask >> 1; }

static uint64_t pick_nan(tce_fpfmt f, const fp_consts *c, uint64_t first, uint64_t second)
{
    if (is_nan(f, c, first))
        return first | c->quiet_bit;
    return second | c->quiet_bit;
}

/* Shift right by n keeping a sticky bit: any 1 shifted out sets bit 0. */
static uint64_t shift_right_sticky(uint64_t v, unsigned n)
{
    if (n == 0)
        return v;
    if (n >= 63u)
        return v != 0;
    return (v >> n) | ((v & ((1ull << n) - 1u)) != 0);
}

uint64_t tce_fp_add(tce_fpfmt f, uint64_t mem, uint64_t src, bool ftz, tce_nan_rule nan,
                    uint64_t invalid_nan)
{
    fp_consts c = consts(f);
    uint64_t a = mem & c.width_mask, b = src & c.width_mask;
    if (ftz) {
        a = flush(f, &c, a);
        b = flush(f, &c, b);
    }

    /* Special operands. */
    if (is_nan(f, &c, a) || is_nan(f, &c, b)) {
        if (nan == TCE_NAN_CANONICAL)
            return canonical_nan(&c);
        return nan == TCE_NAN_KEEP_MEM ? pick_nan(f, &c, a, b) : pick_nan(f, &c, b, a);
    }
    if (is_inf(f, &c, a) && is_inf(f, &c, b)) {
        if ((a ^ b) & c.sign_bit) /* inf + -inf is invalid */
            return nan == TCE_NAN_CANONICAL ? canonical_nan(&c) : invalid_nan & c.width_mask;
        return a;
    }
    if (is_inf(f, &c, a))
        return a;
    if (is_inf(f, &c, b))
        return b;

    /* Order by magnitude so the subtraction below never goes negative. */
    if ((b & ~c.sign_bit) > (a & ~c.sign_bit)) {
        uint64_t t = a;
        a = b;
        b = t;
    }
    uint64_t sa = a & c.sign_bit, sb = b & c.sign_bit;
    unsigned ea = exp_field(f, a), eb = exp_field(f, b);
    uint64_t ma = a & c.man_mask, mb = b & c.man_mask;
    /* Subnormals have exponent 1 without the hidden bit. */
    if (ea)
        ma |= 1ull << f.mbits;
    else
        ea = 1;
    if (eb)
        mb |= 1ull << f.mbits;
    else
        eb = 1;
    ma <<= GRS;
    mb = shift_right_sticky(mb << GRS, ea - eb);

    uint64_t sum = sa == sb ? ma + mb : ma - mb;
    if (sum == 0) /* exact zero: +0 under round-to-nearest, unless both were -0/-x */
        return sa & sb;

    /* Normalise: the hidden bit belongs at bit mbits + GRS. */
    unsigned e = ea;
    uint64_t hidden = 1ull << (f.mbits + GRS);
    if (sum >= hidden << 1) {
        sum = shift_right_sticky(sum, 1);
        e++;
    }
    while (sum < hidden && e > 1) {
        sum <<= 1;
        e--;
    }

    /* Round to nearest, ties to even. */
    unsigned low = (unsigned)(sum & ((1u << GRS) - 1u));
    uint64_t half = 1ull << (GRS - 1u);
    sum >>= GRS;
    if (low > half || (low == half && (sum & 1u)))
        sum++;
    if (sum >> (f.mbits + 1u)) { /* rounding carried into a new bit */
        sum >>= 1;
        e++;
    }
    if (e >= c.exp_max) /* overflow: round-to-nearest gives infinity */
        return sa | c.exp_mask;
    /* A result without the hidden bit is subnormal: exponent field 0. */
    uint64_t efield = (sum >> f.mbits) ? (uint64_t)e : 0u;
    uint64_t r = sa | (efield << f.mbits) | (sum & c.man_mask);
    if (ftz)
        r = flush(f, &c, r);
    return r;
}

uint64_t tce_fp_minmax(tce_fpfmt f, uint64_t mem, uint64_t src, bool is_max)
{
    fp_consts c = consts(f);
    uint64_t a = mem & c.width_mask, b = src & c.width_mask;
    bool na = is_nan(f, &c, a), nb = is_nan(f, &c, b);
    if (na && nb)
        return canonical_nan(&c);
    if (na)
        return b;
    if (nb)
        return a;
    /* Sign-magnitude to a key that orders as unsigned: negative values reversed below
     * positive ones, so -0 (key just below +0) orders below +0. */
    uint64_t ka = (a & c.sign_bit) ? (~a & c.width_mask) : (a | c.sign_bit);
    uint64_t kb = (b & c.sign_bit) ? (~b & c.width_mask) : (b | c.sign_bit);
    if (is_max)
        return kb > ka ? b : a;
    return kb < ka ? b : a;
}
