/* Test fixture of the tile-mode unit tests: a tensor whose every 4-byte element names its
 * own coordinates, so the expected shared-memory bytes can be written down by hand.
 * The map is built decoded and handed to tce_csim_tile directly, so the tests do not
 * depend on which maps the encoder accepts. Header-only (each test is one executable). */
#ifndef TILE_FIXTURE_H
#define TILE_FIXTURE_H

#include <string.h>

#include "check.h"
#include "csim.h"
#include "swizzle.h"
#include "tensor_access.h"
#include "tensor_fixture.h"

#define TF_GBASE 0x100000ull
#define TF_SMEM 0x10000u /* 64 KiB per CTA */
#define TF_DST 0x400u    /* 1024-aligned box address */
#define TF_MBAR 0x8u

/* Tag of a 4-byte element at coordinates (x0, x1, x2): never 0 (the zero fill). */
static inline uint32_t tf_tag3(int64_t x0, int64_t x1, int64_t x2)
{
    return 0x80000000u | ((uint32_t)x2 & 0xFFu) << 16 | ((uint32_t)x1 & 0xFFu) << 8 |
           ((uint32_t)x0 & 0xFFu);
}

/* Tag of a 2-D element (x0, x1). */
static inline uint32_t tf_tag(int64_t x0, int64_t x1)
{
    return tf_tag3(x0, x1, 0);
}

typedef tensor_fx tile_fx;

/* A dense tensor of 4-byte elements (dtype must be a 4-byte type) of rank 1..3 at
 * TF_GBASE, element (x0,x1,x2) = tf_tag; dims above 3 are 1. Shared memory of ncta CTAs
 * set to 0xa5. A load op of the whole rank to TF_DST of CTA 0 with coords 0. */
static inline void tf_init(tile_fx *f, tce_dtype dt, unsigned rank, const uint64_t *gdim,
                    const uint32_t *box, tce_swizzle sw, unsigned ncta)
{
    memset(f, 0, sizeof *f);
    tce_tensormap *m = &f->map;
    m->kind = TCE_MAP_TILED;
    m->dtype = dt;
    m->rank = rank;
    m->gaddr = TF_GBASE;
    m->swizzle = sw;
    uint64_t stride = 4;
    for (unsigned i = 0; i < rank; i++) {
        m->gdim[i] = gdim[i];
        m->gstride[i] = stride;
        m->box[i] = box[i];
        m->estride[i] = 1;
        stride *= gdim[i];
    }
    tfx_memory(f, TF_GBASE, stride, TF_SMEM, ncta);
    uint64_t d0 = gdim[0], d1 = rank > 1 ? gdim[1] : 1, d2 = rank > 2 ? gdim[2] : 1;
    for (uint64_t z = 0; z < d2; z++)
        for (uint64_t y = 0; y < d1; y++)
            for (uint64_t x = 0; x < d0; x++) {
                uint32_t v = tf_tag3((int64_t)x, (int64_t)y, (int64_t)z);
                memcpy(f->g + 4 * (x + d0 * (y + d1 * z)), &v, 4);
            }
    tfx_load_op(&f->op, TCE_MODE_TILE, rank, TF_DST, TF_MBAR);
}

/* Turn the fixture's op into a store (or reduce) from TF_DST of CTA 0. */
static inline void tf_to_store(tile_fx *f, tce_op_kind kind)
{
    f->op.kind = kind;
    f->op.src_space = TCE_SPACE_SHARED_CTA;
    f->op.dst_space = TCE_SPACE_GLOBAL;
    f->op.completion = TCE_DONE_BULK_GROUP;
    f->op.saddr = TF_DST;
}

static inline tce_result tf_run(tile_fx *f)
{
    return tce_csim_tile(&f->op, &f->map, &f->ms);
}

/* 4-byte word at pre-swizzle shared offset a of CTA cta, read through the swizzle. */
static inline uint32_t tf_sword(const tile_fx *f, unsigned cta, uint32_t a)
{
    uint8_t b[4];
    uint32_t v;
    if (tce_smem_get(&f->ms, cta, f->map.swizzle, a, b, 4) != TCE_OK)
        return 0xDEADBEEFu;
    memcpy(&v, b, 4);
    return v;
}

/* 4-byte word at raw (physical) shared offset a of CTA cta. */
static inline uint32_t tf_raw(const tile_fx *f, unsigned cta, uint32_t a)
{
    uint32_t v;
    memcpy(&v, f->ms.smem[cta] + a, 4);
    return v;
}

static inline uint32_t tf_gword(const tile_fx *f, uint64_t byte_off)
{
    uint32_t v;
    memcpy(&v, f->g + byte_off, 4);
    return v;
}

/* Does CTA cta's shared memory hold only 0xa5 in [a, a+n)? */
static inline int tf_untouched(const tile_fx *f, unsigned cta, uint32_t a, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (f->ms.smem[cta][a + i] != 0xa5)
            return 0;
    return 1;
}

#endif
