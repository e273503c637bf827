/* Element-level helpers of the tensor modes. */
#include "tensor_access.h"

#include <string.h>

bool tce_coords_in_bounds(const tce_tensormap *m, const int64_t *x)
{
    for (unsigned i = 0; i < m->rank; i++)
        if (x[i] < 0 || (uint64_t)x[i] >= m->gdim[i])
            return false;
    return true;
}

bool tce_store_in_bounds(const tce_tensormap *m, const int64_t *x, uint64_t dim0_bytes)
{
    uint64_t end0 = m->gdim[0] * dim0_bytes;
    if (m->interleave == TCE_IL_NONE)
        end0 = (end0 + 15u) & ~(uint64_t)15u;
    if (x[0] < 0 || (uint64_t)x[0] * dim0_bytes >= end0)
        return false;
    for (unsigned i = 1; i < m->rank; i++)
        if (x[i] < 0 || (uint64_t)x[i] >= m->gdim[i])
            return false;
    return true;
}

void tce_box_row_coords(unsigned rank, const uint32_t *n, const uint32_t *e, const int32_t *c,
                        uint64_t r, int64_t *x)
{
    for (unsigned i = 1; i < rank; i++) {
        uint64_t k = r % n[i];
        r /= n[i];
        x[i] = (int64_t)c[i] + (int64_t)k * e[i];
    }
}

uint64_t tce_elem_gaddr(const tce_tensormap *m, const int64_t *x)
{
    uint64_t a = m->gaddr;
    for (unsigned i = 0; i < m->rank; i++)
        a += (uint64_t)x[i] * m->gstride[i];
    return a;
}

void tce_oob_fill_bytes(const tce_tensormap *m, uint8_t *out, unsigned n)
{
    if (m->oobfill == TCE_OOB_NAN && tce_dtype_is_float(m->dtype)) {
        for (unsigned i = 0; i + 1 < n; i += 2) {
            out[i] = 0xF7; /* 0x7FF7, little-endian */
            out[i + 1] = 0x7F;
        }
    } else {
        memset(out, 0, n);
    }
}

/* Check every swizzled target first so that a bad span writes nothing at all. */
bool tce_smem_span_ok(const tce_memsys *ms, unsigned cta, tce_swizzle sw, uint32_t a,
                      uint32_t n)
{
    if (a + n < a)
        return false;
    if (n == 0)
        return true;
    /* A swizzle only permutes bytes inside their own 128-byte line (it XORs bits below 7
     * with bits at and above 7), so checking the span widened to whole lines is exact
     * whenever the shared memory size is a multiple of 128; otherwise check each byte. */
    if (sw == TCE_SW_NONE)
        return tce_smem(ms, cta, a, n) != NULL;
    if ((ms->smem_size & 127u) == 0) {
        uint32_t lo = a & ~127u;
        uint64_t hi = ((uint64_t)a + n + 127u) & ~(uint64_t)127u;
        return hi - lo <= UINT32_MAX && tce_smem(ms, cta, lo, (uint32_t)(hi - lo)) != NULL;
    }
    for (uint32_t i = 0; i < n; i++)
        if (!tce_smem(ms, cta, tce_swizzle_addr(sw, a + i), 1))
            return false;
    return true;
}

tce_status tce_smem_put(tce_memsys *ms, unsigned cta, tce_swizzle sw, uint32_t a,
                        const uint8_t *src, uint32_t n)
{
    if (!tce_smem_span_ok(ms, cta, sw, a, n))
        return TCE_ERR_SHARED_RANGE;
    for (uint32_t i = 0; i < n; i++)
        *tce_smem(ms, cta, tce_swizzle_addr(sw, a + i), 1) = src[i];
    return TCE_OK;
}

tce_status tce_smem_get(const tce_memsys *ms, unsigned cta, tce_swizzle sw, uint32_t a,
                        uint8_t *dst, uint32_t n)
{
    if (!tce_smem_span_ok(ms, cta, sw, a, n))
        return TCE_ERR_SHARED_RANGE;
    for (uint32_t i = 0; i < n; i++)
        dst[i] = *tce_smem(ms, cta, tce_swizzle_addr(sw, a + i), 1);
    return TCE_OK;
}

uint32_t tce_smem_row_pitch(tce_swizzle sw, uint32_t row_bytes)
{
    uint32_t span = tce_swizzle_span(sw);
    return row_bytes < span ? span : row_bytes;
}
