/* C interface to the Verilated reduction unit (rtl/reduce/tce_red_unit.sv, default
 * parameters: DATA_W = 256, TAG_W = 16). The C tests drive it cycle by cycle and compare its
 * results with the golden model (csim/arith.h). Interface and timing:
 * docs/reduction_unit.md. */
#ifndef TCE_REDU_H
#define TCE_REDU_H

#include <stdbool.h>
#include <stdint.h>

#include "arith.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TCE_REDU_BYTES 32u  /* DATA_W / 8 of the Verilated build */
#define TCE_REDU_LATENCY 5u /* cycles from an accepted beat to its result (tce_red_pkg) */

/* One input beat. Byte i of mem/src is bits [8i+7:8i] of the data bus (little-endian). */
typedef struct {
    uint8_t mem[TCE_REDU_BYTES]; /* memory data: the reduction's destination */
    uint8_t src[TCE_REDU_BYTES]; /* source data */
    uint32_t be;                 /* byte enables, bit i = byte i */
    tce_redop op;
    tce_etype etype;
    tce_arith_ctx ctx;
    bool noftz;
    uint16_t tag; /* returned with the result */
} tce_redu_beat;

/* The unit's output during one cycle. */
typedef struct {
    bool valid;
    uint8_t data[TCE_REDU_BYTES];
    uint32_t be;
    bool illegal;
    uint16_t tag;
} tce_redu_result;

typedef struct tce_redu tce_redu;

/* A new unit, held in reset for two cycles and released. NULL if out of memory. */
tce_redu *tce_redu_create(void);
void tce_redu_destroy(tce_redu *u);

/* One clock cycle. `in` is the beat offered this cycle (NULL: in_valid low), `out_ready`
 * whether the consumer takes a result. `*out` receives the output as it stood during the
 * cycle (a result is consumed when out->valid && out_ready). Returns whether the unit
 * accepted `in`. A beat whose (op, etype, ctx, noftz) differs from the ports' (all zero
 * after create) is not offered in its first cycle: its type alone stands on the ports, the
 * notice the unit's registered decode needs, so it is never accepted then. */
bool tce_redu_cycle(tce_redu *u, const tce_redu_beat *in, bool out_ready, tce_redu_result *out);

/* For the planted-violation test only: with `plant` set, tce_redu_cycle offers a beat of a
 * new type at once, without the cycle of notice, which the unit's TCE_ASSERT check must
 * stop on. */
void tce_redu_plant_type_change(tce_redu *u, bool plant);

/* Clock cycles run since creation (reset cycles excluded). */
uint64_t tce_redu_cycles(const tce_redu *u);

#ifdef __cplusplus
}
#endif

#endif
