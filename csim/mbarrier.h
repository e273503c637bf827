/* The mbarrier object (PTX "Parallel synchronization: mbarrier"): an 8-byte, 8-byte-
 * aligned object in shared memory that tracks the current phase's pending arrivals and
 * pending transaction bytes (tx-count). The phase completes, atomically, when both reach
 * zero: the phase flips and the pending count reloads from the expected count.
 *
 * This module owns the object's 8-byte encoding (docs/bulk.md), so the scenario runner
 * and the RTL's shared-memory model agree on the bits:
 *
 *   [19:0]  pending arrival count, 0 .. 2^20-1
 *   [39:20] expected arrival count (for the next phase), 1 .. 2^20-1
 *   [60:40] tx-count, 21-bit two's complement, -(2^20-1) .. 2^20-1
 *   [61]    1 once initialised (cleared by inval)
 *   [62]    reserved, 0
 *   [63]    phase parity: the number of completed phases, mod 2
 *
 * Operations the PTX text calls undefined (a count out of range, an arrival with no
 * pending arrivals left, a tx-count leaving its range, any use before init) return
 * TCE_ERR_UNDEFINED with the cause in `why` and leave the object unchanged.
 * Freestanding-safe. */
#ifndef TCE_MBARRIER_H
#define TCE_MBARRIER_H

#include "tce_types.h"

#define TCE_MBAR_MAX_COUNT ((1u << 20) - 1u) /* arrival counts and |tx-count| */

typedef struct {
    uint32_t pending;
    uint32_t expected;
    int32_t tx;
    bool valid;
    unsigned phase; /* parity only: 0 or 1 */
} tce_mbar_state;

typedef struct {
    char text[128];
} tce_mbar_why;

uint64_t tce_mbar_pack(const tce_mbar_state *s);
tce_mbar_state tce_mbar_unpack(uint64_t word);

/* The object as stored in shared memory: 8 bytes, little-endian. */
uint64_t tce_mbar_load(const uint8_t *p);
void tce_mbar_store(uint8_t *p, uint64_t word);

/* mbarrier.init: count in [1, 2^20-1]; phase 0, pending = expected = count, tx 0. */
tce_status tce_mbar_init(uint64_t *obj, uint32_t count, tce_mbar_why *why);
/* mbarrier.inval: the object is no longer an mbarrier. */
void tce_mbar_inval(uint64_t *obj);
/* expect-tx(n): tx-count += n, n in [0, 2^20-1]. */
tce_status tce_mbar_expect_tx(uint64_t *obj, uint32_t n, tce_mbar_why *why);
/* complete-tx(n): tx-count -= n, then phase completion. What a TMA copy's bytes do. */
tce_status tce_mbar_complete_tx(uint64_t *obj, uint32_t n, tce_mbar_why *why);
/* arrive-on(count): pending -= count, then phase completion. `state` (may be NULL)
 * receives the opaque state token of the phase the arrival belonged to. */
tce_status tce_mbar_arrive(uint64_t *obj, uint32_t count, uint64_t *state, tce_mbar_why *why);
/* mbarrier.arrive.expect_tx: expect-tx(tx) then arrive-on(count), as one step. */
tce_status tce_mbar_arrive_expect_tx(uint64_t *obj, uint32_t tx, uint32_t count, uint64_t *state,
                                     tce_mbar_why *why);
/* mbarrier.arrive_drop: expected -= count for every later phase, then arrive-on(count). */
tce_status tce_mbar_arrive_drop(uint64_t *obj, uint32_t count, uint64_t *state,
                                tce_mbar_why *why);
/* test_wait.parity / try_wait.parity: true when the phase with this parity has completed,
 * i.e. parity differs from the current (incomplete) phase's parity. */
tce_status tce_mbar_test_wait_parity(uint64_t obj, unsigned parity, bool *complete,
                                     tce_mbar_why *why);
/* test_wait / try_wait with a state token from arrive. */
tce_status tce_mbar_test_wait(uint64_t obj, uint64_t state, bool *complete, tce_mbar_why *why);
/* Phase parity of the current, incomplete phase. */
unsigned tce_mbar_phase(uint64_t obj);

#endif
