/* What the tile and im2col test fixtures share: a tensor's memories (one global window
 * holding the tensor, shared memory of every CTA set to 0xa5 so an untouched byte is
 * recognisable) and a load op into CTA 0 with an mbarrier, which a test then edits.
 * Each fixture fills the tensor and the map its own way (tile_fixture.h, im2col_fixture.h).
 * Header-only (each test is one executable). */
#ifndef TENSOR_FIXTURE_H
#define TENSOR_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csim.h"

typedef struct {
    tce_memsys ms;
    tce_tensormap map;
    tce_op op;
    uint8_t *g;      /* the tensor's bytes in global memory */
    uint64_t gbytes;
} tensor_fx;

/* ncta CTAs of smem_bytes shared memory each, all 0xa5, and gbytes of global memory at
 * gbase (f->g). A fixture that cannot get its memory ends the test run (exit 2). */
static inline void tfx_memory(tensor_fx *f, uint64_t gbase, uint64_t gbytes,
                              uint32_t smem_bytes, unsigned ncta)
{
    if (tce_memsys_init(&f->ms, ncta, smem_bytes) ||
        tce_memsys_add_global(&f->ms, gbase, gbytes)) {
        fprintf(stderr, "fixture: out of memory\n");
        exit(2);
    }
    f->g = tce_gmem(&f->ms, gbase, gbytes);
    f->gbytes = gbytes;
    for (unsigned c = 0; c < ncta; c++)
        memset(f->ms.smem[c], 0xa5, smem_bytes);
}

/* A tensor load of `rank` dimensions in `mode` to shared offset dst of CTA 0, completing
 * on the mbarrier at offset mbar of CTA 0; coordinates 0. */
static inline void tfx_load_op(tce_op *op, tce_mode mode, unsigned rank, uint32_t dst,
                               uint32_t mbar)
{
    op->kind = TCE_OP_TENSOR_LOAD;
    op->mode = mode;
    op->src_space = TCE_SPACE_GLOBAL;
    op->dst_space = TCE_SPACE_SHARED_CLUSTER;
    op->completion = TCE_DONE_MBARRIER;
    op->dims = rank;
    op->saddr = TCE_SADDR(0, dst);
    op->mbar = TCE_SADDR(0, mbar);
}

#endif
