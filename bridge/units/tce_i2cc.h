/* C interface to the Verilated im2col-family checks (rtl/check/tce_im2col_check.sv alone;
 * each call is two clock edges, after which the verdict is the given inputs'). Inputs are
 * given as tce_tile_check gives them (the descriptor, the command's mode, .dim,
 * coordinates and IM2COL_0..2, log2 of the element bytes, and the
 * tile checker's verdicts on the store rules); tests/rtl_units/test_rtl_im2col_check.c
 * compares the outputs with the golden model's. */
#ifndef TCE_I2CC_H
#define TCE_I2CC_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    uint8_t desc[128];
    unsigned mode, dims, esl;
    int32_t coords[5];
    uint16_t offsets[3]; /* IM2COL_0..2 */
    bool st_coord_neg, st_red_ok, st_src_ok, st_saddr_ok;
} tce_i2cc_in;

typedef struct {
    unsigned status, field;
    unsigned channels, rows, group, nwalk;
    int64_t win_lo[3], win_hi[3]; /* windows of the walking dimensions (s40) */
    uint16_t pos_off[3];          /* offsets added to positions 0..2 */
    int64_t pos0[4];              /* positions of dims 1..4 at row 0 (s40) */
} tce_i2cc_out;

typedef struct tce_i2cc tce_i2cc;

tce_i2cc *tce_i2cc_create(void);
void tce_i2cc_destroy(tce_i2cc *u);
/* The outputs for the inputs (the unit has no clock). */
void tce_i2cc_eval(tce_i2cc *u, const tce_i2cc_in *in, tce_i2cc_out *out);

#ifdef __cplusplus
}
#endif

#endif
