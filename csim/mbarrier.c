/* mbarrier state machine (PTX 9.7.13.15): counts, the tx-count and phase completion, on
 * the 8-byte encoding described in mbarrier.h. Every operation checks its preconditions
 * first and writes the object only when it succeeds. */
#include "mbarrier.h"

#include "le_bytes.h"

#include <stdarg.h>
#include <stdio.h>

#define PENDING_SHIFT 0u
#define EXPECTED_SHIFT 20u
#define TX_SHIFT 40u
#define VALID_BIT 61u
#define PHASE_BIT 63u
#define COUNT_MASK 0xFFFFFull
#define TX_MASK 0x1FFFFFull

static tce_status fail(tce_mbar_why *why, const char *fmt, ...)
{
    if (why) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why->text, sizeof why->text, fmt, ap);
        va_end(ap);
    }
    return TCE_ERR_UNDEFINED;
}

uint64_t tce_mbar_pack(const tce_mbar_state *s)
{
    return ((uint64_t)(s->pending & COUNT_MASK) << PENDING_SHIFT) |
           ((uint64_t)(s->expected & COUNT_MASK) << EXPECTED_SHIFT) |
           (((uint64_t)(uint32_t)s->tx & TX_MASK) << TX_SHIFT) |
           ((uint64_t)(s->valid ? 1u : 0u) << VALID_BIT) |
           ((uint64_t)(s->phase & 1u) << PHASE_BIT);
}

tce_mbar_state tce_mbar_unpack(uint64_t w)
{
    tce_mbar_state s;
    uint32_t tx = (uint32_t)((w >> TX_SHIFT) & TX_MASK);
    s.pending = (uint32_t)((w >> PENDING_SHIFT) & COUNT_MASK);
    s.expected = (uint32_t)((w >> EXPECTED_SHIFT) & COUNT_MASK);
    /* Sign-extend the 21-bit field without relying on signed shifts. */
    s.tx = (tx & 0x100000u) ? -(int32_t)((~tx + 1u) & (uint32_t)TX_MASK) : (int32_t)tx;
    s.valid = (w >> VALID_BIT) & 1u;
    s.phase = (unsigned)((w >> PHASE_BIT) & 1u);
    return s;
}

uint64_t tce_mbar_load(const uint8_t *p) { return tce_le_get(p, 8); }

void tce_mbar_store(uint8_t *p, uint64_t w) { tce_le_put(p, 8, w); }

unsigned tce_mbar_phase(uint64_t obj) { return (unsigned)((obj >> PHASE_BIT) & 1u); }

static tce_status need_valid(const tce_mbar_state *s, const char *what, tce_mbar_why *why)
{
    if (!s->valid)
        return fail(why, "%s on an mbarrier that was never initialised (or was invalidated)",
                    what);
    return TCE_OK;
}

/* The phase completes when no arrivals and no transaction bytes are pending. */
static void maybe_complete(tce_mbar_state *s)
{
    if (s->pending == 0 && s->tx == 0) {
        s->phase ^= 1u;
        s->pending = s->expected;
    }
}

static bool tx_in_range(int64_t tx)
{
    return tx >= -(int64_t)TCE_MBAR_MAX_COUNT && tx <= (int64_t)TCE_MBAR_MAX_COUNT;
}

tce_status tce_mbar_init(uint64_t *obj, uint32_t count, tce_mbar_why *why)
{
    if (count < 1 || count > TCE_MBAR_MAX_COUNT)
        return fail(why, "mbarrier.init: count %u is outside [1, 2^20-1]", count);
    tce_mbar_state s = {count, count, 0, true, 0};
    *obj = tce_mbar_pack(&s);
    return TCE_OK;
}

void tce_mbar_inval(uint64_t *obj) { *obj = 0; }

/* Raise (or, for complete_tx, lower) the tx-count by a txCount n in [0, 2^20-1]. */
static tce_status add_tx(tce_mbar_state *s, uint32_t n, bool lower, const char *what,
                         tce_mbar_why *why)
{
    if (n > TCE_MBAR_MAX_COUNT)
        return fail(why, "%s: txCount %u is outside [0, 2^20-1]", what, n);
    int64_t delta = lower ? -(int64_t)n : (int64_t)n;
    int64_t tx = (int64_t)s->tx + delta;
    if (!tx_in_range(tx))
        return fail(why, "%s: tx-count %d %+lld leaves [-(2^20-1), 2^20-1]", what, (int)s->tx,
                    (long long)delta);
    s->tx = (int32_t)tx;
    return TCE_OK;
}

/* expect_tx raises the tx-count, complete_tx lowers it and may complete the phase. */
static tce_status move_tx(uint64_t *obj, uint32_t n, bool complete, tce_mbar_why *why)
{
    const char *what = complete ? "complete_tx" : "expect_tx";
    tce_mbar_state s = tce_mbar_unpack(*obj);
    tce_status st = need_valid(&s, what, why);
    if (st == TCE_OK)
        st = add_tx(&s, n, complete, what, why);
    if (st != TCE_OK)
        return st;
    if (complete)
        maybe_complete(&s);
    *obj = tce_mbar_pack(&s);
    return TCE_OK;
}

tce_status tce_mbar_expect_tx(uint64_t *obj, uint32_t n, tce_mbar_why *why)
{
    return move_tx(obj, n, false, why);
}

tce_status tce_mbar_complete_tx(uint64_t *obj, uint32_t n, tce_mbar_why *why)
{
    return move_tx(obj, n, true, why);
}

/* The state token: the object word as it was, which carries the phase parity. */
static tce_status arrive_on(tce_mbar_state *s, uint64_t before, uint32_t count, uint64_t *state,
                            const char *what, tce_mbar_why *why)
{
    if (count < 1 || count > TCE_MBAR_MAX_COUNT)
        return fail(why, "%s: count %u is outside [1, 2^20-1]", what, count);
    if (count > s->pending)
        return fail(why, "%s: count %u exceeds the %u pending arrivals of the phase", what, count,
                    s->pending);
    s->pending -= count;
    if (state)
        *state = before;
    maybe_complete(s);
    return TCE_OK;
}

tce_status tce_mbar_arrive(uint64_t *obj, uint32_t count, uint64_t *state, tce_mbar_why *why)
{
    tce_mbar_state s = tce_mbar_unpack(*obj);
    tce_status st = need_valid(&s, "arrive", why);
    if (st == TCE_OK)
        st = arrive_on(&s, *obj, count, state, "arrive", why);
    if (st == TCE_OK)
        *obj = tce_mbar_pack(&s);
    return st;
}

tce_status tce_mbar_arrive_expect_tx(uint64_t *obj, uint32_t tx, uint32_t count, uint64_t *state,
                                     tce_mbar_why *why)
{
    tce_mbar_state s = tce_mbar_unpack(*obj);
    tce_status st = need_valid(&s, "arrive.expect_tx", why);
    if (st == TCE_OK)
        st = add_tx(&s, tx, false, "arrive.expect_tx", why);
    if (st == TCE_OK)
        st = arrive_on(&s, *obj, count, state, "arrive.expect_tx", why);
    if (st == TCE_OK)
        *obj = tce_mbar_pack(&s);
    return st;
}

tce_status tce_mbar_arrive_drop(uint64_t *obj, uint32_t count, uint64_t *state,
                                tce_mbar_why *why)
{
    tce_mbar_state s = tce_mbar_unpack(*obj);
    tce_status st = need_valid(&s, "arrive_drop", why);
    if (st == TCE_OK && count > s.expected)
        st = fail(why, "arrive_drop: count %u exceeds the expected count %u", count, s.expected);
    if (st == TCE_OK) {
        s.expected -= count;
        st = arrive_on(&s, *obj, count, state, "arrive_drop", why);
    }
    if (st == TCE_OK)
        *obj = tce_mbar_pack(&s);
    return st;
}

tce_status tce_mbar_test_wait_parity(uint64_t obj, unsigned parity, bool *complete,
                                     tce_mbar_why *why)
{
    tce_mbar_state s = tce_mbar_unpack(obj);
    tce_status st = need_valid(&s, "test_wait.parity", why);
    if (st == TCE_OK && parity > 1u)
        st = fail(why, "test_wait.parity: phaseParity %u is not 0 or 1", parity);
    if (st == TCE_OK)
        *complete = (parity & 1u) != s.phase;
    return st;
}

tce_status tce_mbar_test_wait(uint64_t obj, uint64_t state, bool *complete, tce_mbar_why *why)
{
    return tce_mbar_test_wait_parity(obj, tce_mbar_phase(state), complete, why);
}
