/* A 2-D tiled map packed as the engine's 128-byte descriptor, for the RTL tests that need a
 * valid map and no more: rows of cols elements of esize bytes, back to back. An encode
 * refusal ends the test (exit 2). */
#ifndef TCE_TEST_MAP2D_H
#define TCE_TEST_MAP2D_H

#include <stdio.h>
#include <stdlib.h>

#include "tce_cmd.h"

static void pack_map2d(uint8_t *dst, tce_dtype dt, unsigned esize, uint64_t base,
                       uint64_t cols, uint64_t rows, uint32_t box_cols, uint32_t box_rows,
                       tce_swizzle sw)
{
    tce_tensormap m;
    tce_diag why;
    uint64_t gdim[2] = {cols, rows}, gstride[1] = {cols * esize};
    uint32_t box[2] = {box_cols, box_rows}, es[2] = {1, 1};
    if (tce_encode_tiled(&m, dt, 2, base, gdim, gstride, box, es, TCE_IL_NONE, sw,
                         TCE_L2_NONE, TCE_OOB_ZERO, &why) != TCE_OK) {
        fprintf(stderr, "encode: %s\n", why.text);
        exit(2);
    }
    tce_desc_pack(&m, dst);
}

#endif
