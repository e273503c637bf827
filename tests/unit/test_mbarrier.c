/* mbarrier phases on hand-derived sequences: arrivals and transaction bytes must both
 * drain before the phase flips, waits see the flip by parity or state token, and the
 * counts' ranges (PTX: arrival counts 1..2^20-1, tx-count +-(2^20-1)) are enforced. */
#include <stdio.h>
#include <string.h>

#include "mbarrier.h"

#include "check.h"

static bool done(uint64_t obj, unsigned parity)
{
    bool c = false;
    tce_mbar_why why;
    CHECK(tce_mbar_test_wait_parity(obj, parity, &c, &why) == TCE_OK);
    return c;
}

static void encoding(void)
{
    uint64_t m = 0;
    tce_mbar_why why;
    CHECK(tce_mbar_init(&m, 5, &why) == TCE_OK);
    /* pending 5 in [19:0], expected 5 in [39:20], valid bit 61. */
    CHECK(m == 0x2000000000500005ull);
    tce_mbar_state s = {7, 9, -1, true, 1};
    uint64_t w = tce_mbar_pack(&s);
    CHECK(w == (0x8000000000000000ull | 0x2000000000000000ull | 0x1FFFFF0000000000ull |
                (9ull << 20) | 7ull));
    tce_mbar_state u = tce_mbar_unpack(w);
    CHECK(u.pending == 7 && u.expected == 9 && u.tx == -1 && u.valid && u.phase == 1);
    s.tx = -(int32_t)TCE_MBAR_MAX_COUNT;
    u = tce_mbar_unpack(tce_mbar_pack(&s));
    CHECK(u.tx == -1048575);
    /* Stored little-endian in shared memory. */
    uint8_t bytes[8];
    tce_mbar_store(bytes, 0x0102030405060708ull);
    CHECK(bytes[0] == 0x08 && bytes[7] == 0x01);
    CHECK(tce_mbar_load(bytes) == 0x0102030405060708ull);
}

static void tma_style_phase(void)
{
    /* The producer pattern: two threads arrive, one of them arming 128 bytes, and a copy
     * completes them in two 64-byte pieces. */
    uint64_t m = 0, st0 = 0, st1 = 0;
    tce_mbar_why why;
    CHECK(tce_mbar_init(&m, 2, &why) == TCE_OK);
    CHECK(!done(m, 0) && done(m, 1)); /* phase 0 incomplete; "phase -1" counts as done */
    CHECK(tce_mbar_arrive_expect_tx(&m, 128, 1, &st0, &why) == TCE_OK);
    CHECK(tce_mbar_complete_tx(&m, 64, &why) == TCE_OK);
    CHECK(tce_mbar_arrive(&m, 1, &st1, &why) == TCE_OK);
    /* All arrivals in, 64 bytes outstanding: still phase 0. */
    tce_mbar_state s = tce_mbar_unpack(m);
    CHECK(s.pending == 0 && s.tx == 64 && s.phase == 0);
    bool c = true;
    CHECK(tce_mbar_test_wait(m, st0, &c, &why) == TCE_OK && !c);
    CHECK(tce_mbar_complete_tx(&m, 64, &why) == TCE_OK);
    /* Phase 0 completed: parity flips, pending reloads from expected. */
    s = tce_mbar_unpack(m);
    CHECK(s.phase == 1 && s.pending == 2 && s.tx == 0);
    CHECK(done(m, 0) && !done(m, 1));
    CHECK(tce_mbar_test_wait(m, st0, &c, &why) == TCE_OK && c);
    CHECK(tce_mbar_test_wait(m, st1, &c, &why) == TCE_OK && c);

    /* Phase 1: the bytes land before anyone arms them (tx goes negative). */
    CHECK(tce_mbar_complete_tx(&m, 32, &why) == TCE_OK);
    CHECK(tce_mbar_unpack(m).tx == -32 && tce_mbar_phase(m) == 1);
    CHECK(tce_mbar_arrive_expect_tx(&m, 32, 1, NULL, &why) == TCE_OK);
    CHECK(tce_mbar_phase(m) == 1); /* one arrival still pending */
    CHECK(tce_mbar_arrive(&m, 1, NULL, &why) == TCE_OK);
    CHECK(tce_mbar_phase(m) == 0 && done(m, 1));

    /* Phase 2: one arrival with count 2 completes it at once (no tx armed). */
    CHECK(tce_mbar_arrive(&m, 2, NULL, &why) == TCE_OK);
    CHECK(tce_mbar_phase(m) == 1 && tce_mbar_unpack(m).pending == 2);
}

static void arrive_drop(void)
{
    uint64_t m = 0;
    tce_mbar_why why;
    CHECK(tce_mbar_init(&m, 3, &why) == TCE_OK);
    CHECK(tce_mbar_arrive_drop(&m, 1, NULL, &why) == TCE_OK);
    tce_mbar_state s = tce_mbar_unpack(m);
    CHECK(s.expected == 2 && s.pending == 2 && s.phase == 0);
    CHECK(tce_mbar_arrive(&m, 2, NULL, &why) == TCE_OK);
    s = tce_mbar_unpack(m);
    CHECK(s.phase == 1 && s.pending == 2); /* later phases expect 2 */
}

static void ranges(void)
{
    uint64_t m = 0, before;
    tce_mbar_why why;
    /* Never initialised. */
    CHECK(tce_mbar_arrive(&m, 1, NULL, &why) == TCE_ERR_UNDEFINED);
    CHECK(strstr(why.text, "initialised") != NULL);
    CHECK(tce_mbar_init(&m, 0, &why) == TCE_ERR_UNDEFINED);
    CHECK(tce_mbar_init(&m, 1u << 20, &why) == TCE_ERR_UNDEFINED);
    CHECK(tce_mbar_init(&m, (1u << 20) - 1u, &why) == TCE_OK);
    CHECK(tce_mbar_expect_tx(&m, (1u << 20) - 1u, &why) == TCE_OK);
    before = m;
    /* One more byte leaves the tx range: refused, object unchanged. */
    CHECK(tce_mbar_expect_tx(&m, 1, &why) == TCE_ERR_UNDEFINED && m == before);
    CHECK(tce_mbar_expect_tx(&m, 1u << 20, &why) == TCE_ERR_UNDEFINED && m == before);
    CHECK(tce_mbar_complete_tx(&m, (1u << 20) - 1u, &why) == TCE_OK);
    CHECK(tce_mbar_complete_tx(&m, (1u << 20) - 1u, &why) == TCE_OK);
    CHECK(tce_mbar_unpack(m).tx == -1048575);
    before = m;
    CHECK(tce_mbar_complete_tx(&m, 1, &why) == TCE_ERR_UNDEFINED && m == before);
    /* More arrivals than pending. */
    CHECK(tce_mbar_init(&m, 2, &why) == TCE_OK);
    before = m;
    CHECK(tce_mbar_arrive(&m, 3, NULL, &why) == TCE_ERR_UNDEFINED && m == before);
    CHECK(tce_mbar_arrive(&m, 0, NULL, &why) == TCE_ERR_UNDEFINED && m == before);
    bool c;
    CHECK(tce_mbar_test_wait_parity(m, 2, &c, &why) == TCE_ERR_UNDEFINED);
    tce_mbar_inval(&m);
    CHECK(tce_mbar_complete_tx(&m, 1, &why) == TCE_ERR_UNDEFINED);
}

int main(void)
{
    encoding();
    tma_style_phase();
    arrive_drop();
    ranges();
    return check_finish("test_mbarrier");
}
