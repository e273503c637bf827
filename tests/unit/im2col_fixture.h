/* Test fixture of the im2col unit tests: a UINT32 tensor whose every element names its own
 * coordinates, so an expected shared-memory row can be written down by hand as the pixel
 * it must hold. Header-only (each test is one executable). */
#ifndef IM2COL_FIXTURE_H
#define IM2COL_FIXTURE_H

#include <stdio.h>
#include <string.h>

#include "check.h"
#include "csim.h"
#include "swizzle.h"
#include "tensor_access.h"
#include "tensor_fixture.h"

#define FX_GBASE 0x100000ull
#define FX_SMEM 0x10000u       /* 64 KiB per CTA */
#define FX_DST 0x400u          /* shared destination / source offset */
#define FX_MBAR 0x8u

/* Element value of tensor coordinate x (C, W, H, D, N order for the rank): one byte-wide
 * field per dimension plus a marker bit 0x80 in the top byte, so that no element is 0
 * (the zero fill) and each field reads back directly. Rank 5 folds D and N into the top
 * byte's low nibbles. */
static inline uint32_t fx_tag(unsigned rank, const int64_t *x)
{
    uint32_t c = (uint32_t)x[0], w = (uint32_t)x[1];
    uint32_t h = rank > 3 ? (uint32_t)x[2] : 0;
    uint32_t d = rank > 4 ? (uint32_t)x[3] : 0;
    uint32_t n = (uint32_t)x[rank - 1];
    return 0x80000000u | (n & 0xFu) << 24 | (d & 0x7u) << 28 | (h & 0xFFu) << 16 |
           (w & 0xFFu) << 8 | (c & 0xFFu);
}

/* The tag of pixel (w, h, d, n) channel c, the way a test writes it down. */
static inline uint32_t fx_px(unsigned rank, int c, int w, int h, int d, int n)
{
    int64_t x[5] = {c, w, 0, 0, 0};
    if (rank == 3) {
        x[2] = n;
    } else if (rank == 4) {
        x[2] = h;
        x[3] = n;
    } else {
        x[2] = h;
        x[3] = d;
        x[4] = n;
    }
    return fx_tag(rank, x);
}

typedef tensor_fx i2c_fx;

/* A dense UINT32 tensor of gdim at FX_GBASE, every element its tag; shared memory of
 * ncta CTAs set to 0xa5; an im2col map with the given corners, channels, pixels and
 * traversal strides (NULL: all 1); an op loading to FX_DST of CTA 0. */
static inline void fx_init(i2c_fx *f, unsigned rank, const uint64_t *gdim,
                           const int32_t *lower, const int32_t *upper, uint32_t channels,
                           uint32_t pixels, const uint32_t *estride, tce_swizzle sw,
                           unsigned ncta)
{
    memset(f, 0, sizeof *f);
    tce_tensormap *m = &f->map;
    m->kind = TCE_MAP_IM2COL;
    m->dtype = TCE_DT_UINT32;
    m->rank = rank;
    m->gaddr = FX_GBASE;
    uint64_t stride = 4, total = 1;
    for (unsigned i = 0; i < rank; i++) {
        m->gdim[i] = gdim[i];
        m->gstride[i] = stride;
        stride *= gdim[i];
        total *= gdim[i];
        m->estride[i] = estride ? estride[i] : 1;
    }
    for (unsigned j = 0; j + 2 < rank; j++) {
        m->lower[j] = lower[j];
        m->upper[j] = upper[j];
    }
    m->channels = channels;
    m->pixels = pixels;
    m->swizzle = sw;
    tfx_memory(f, FX_GBASE, total * 4, FX_SMEM, ncta);
    int64_t x[5] = {0};
    for (uint64_t e = 0; e < total; e++) {
        uint64_t r = e;
        for (unsigned i = 0; i < rank; i++) {
            x[i] = (int64_t)(r % gdim[i]);
            r /= gdim[i];
        }
        uint32_t v = fx_tag(rank, x);
        memcpy(f->g + e * 4, &v, 4);
    }
    tfx_load_op(&f->op, TCE_MODE_IM2COL, rank, FX_DST, FX_MBAR);
}

static inline void fx_free(i2c_fx *f)
{
    tce_memsys_free(&f->ms);
}

static inline tce_result fx_run(i2c_fx *f)
{
    return tce_csim_im2col(&f->op, &f->map, &f->ms);
}

/* The whole path: the map packed into a 128-byte descriptor in global memory at
 * FX_DESC, fetched and unpacked by tce_csim_execute as the engine does. */
#define FX_DESC 0x10000ull
static inline tce_result fx_run_packed(i2c_fx *f)
{
    uint8_t *d = tce_gmem(&f->ms, FX_DESC, TCE_DESC_BYTES);
    if (!d) {
        if (tce_memsys_add_global(&f->ms, FX_DESC, 4096))
            return tce_fail(TCE_ERR_UNSUPPORTED, TCE_RM_FIELD_NONE, "fixture: no room for the descriptor");
        d = tce_gmem(&f->ms, FX_DESC, TCE_DESC_BYTES);
    }
    tce_desc_pack(&f->map, d);
    f->op.tmap_addr = FX_DESC;
    return tce_csim_execute(&f->op, &f->ms);
}

/* Element k of shared row p of a load to FX_DST of `cta`, read back through the swizzle
 * at the row pitch the map implies. */
static inline uint32_t fx_smem_elem(const i2c_fx *f, unsigned cta, uint32_t p,
                                    uint32_t k)
{
    uint32_t pitch = tce_smem_row_pitch(f->map.swizzle, f->map.channels * 4);
    uint8_t b[4];
    if (tce_smem_get(&f->ms, cta, f->map.swizzle, FX_DST + p * pitch + k * 4, b, 4) != TCE_OK)
        return 0xDEADBEEFu;
    uint32_t v;
    memcpy(&v, b, 4);
    return v;
}

/* Is every byte of CTA `cta`'s shared memory still the 0xa5 it was set to? */
static inline bool fx_smem_untouched(const i2c_fx *f, unsigned cta)
{
    for (uint32_t i = 0; i < FX_SMEM; i++)
        if (f->ms.smem[cta][i] != 0xa5)
            return false;
    return true;
}

/* A pixel a test expects in a row: its filter-adjusted position, or padding. */
typedef struct {
    int w, h, d, n;
    bool pad; /* the whole row is the fill */
} fx_pixel;
#define PX(w, h, d, n) {(w), (h), (d), (n), false}
#define PAD {0, 0, 0, 0, true}

/* Rows 0..count-1 of CTA `cta` hold exactly these pixels, every channel from the op's
 * channel coordinate on (a channel past the tensor reads as the zero fill). */
static inline bool fx_rows_are(const i2c_fx *f, unsigned cta, const fx_pixel *want,
                               unsigned count)
{
    bool ok = true;
    unsigned rank = f->map.rank;
    for (unsigned p = 0; p < count; p++)
        for (unsigned k = 0; k < f->map.channels; k++) {
            int c = f->op.coords[0] + (int)k;
            bool oob = want[p].pad || c >= (int)f->map.gdim[0];
            uint32_t e = oob ? 0 : fx_px(rank, c, want[p].w, want[p].h, want[p].d, want[p].n);
            uint32_t got = fx_smem_elem(f, cta, p, k);
            if (got != e) {
                fprintf(stderr, "  row %u channel %u: expected %08x, got %08x\n", p, k, e, got);
                ok = false;
                k = f->map.channels; /* one line per row is enough */
            }
        }
    return ok;
}

#endif
