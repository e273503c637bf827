/* .im2col::w and .im2col::w::128 loads with a halo on the RTL, against the golden model
 * (no hardware captures exist; docs/im2col.md lists the PTX-text rules and the choices).
 * `tce regress` draws these modes too, but its 8 KB shared slot leaves no room for the
 * halo of ::w::128 (128 + 4 wHalo rows of at least 64 bytes), so this test covers it: every
 * wHalo 0..31 with a few wOffsets, starts left of the window and walks that run past the
 * window end into the next image. The status and all of CTA 0's shared memory must
 * agree. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtl_drv_rig.h"

#define DESC 0x10000000ull
#define TENSOR 0x20000000ull
#define TBYTES 0x10000u
#define MBAR 0x30000u

static int failures;
static unsigned completed; /* cases both engines ran to TCE_OK */

/* FLOAT16 N x H x W x C = 2 x 3 x 20 x 32, W128 or W mode, 64B/128B swizzle. */
static void put_map(rig *r, tce_wide_mode wm, tce_swizzle sw, int32_t lower, int32_t upper,
                    unsigned pixels, uint32_t estride_w)
{
    tce_tensormap m;
    tce_diag why;
    uint64_t gdim[4] = {32, 20, 3, 2}, gstr[3] = {64, 64 * 20, 64 * 20 * 3};
    uint32_t es[4] = {1, estride_w, 1, 1};
    if (tce_encode_im2col_wide(&m, TCE_DT_FLOAT16, 4, TENSOR, gdim, gstr, lower, upper, 32,
                               pixels, es, TCE_IL_NONE, wm, sw, TCE_L2_NONE, TCE_OOB_ZERO,
                               &why) != TCE_OK) {
        fprintf(stderr, "encode: %s\n", why.text);
        exit(2);
    }
    tce_desc_pack(&m, tce_sim_gmem(r->sim, DESC, TCE_DESC_BYTES));
    tce_desc_pack(&m, tce_gmem(&r->ref, DESC, TCE_DESC_BYTES));
}

static void one(rig *r, tce_mode mode, int32_t w, int32_t h, int32_t n, unsigned halo,
                unsigned woff, const char *what)
{
    tce_op op = rig_tensor_load(mode, 4, DESC, 0, MBAR);
    op.coords[1] = w;
    op.coords[2] = h;
    op.coords[3] = n;
    op.im2col[0] = (uint16_t)halo;
    op.im2col[1] = (uint16_t)woff;
    uint32_t sz = r->ref.smem_size;
    memset(tce_sim_smem(r->sim, 0, 0, MBAR), 0xEE, MBAR);
    memset(tce_smem(&r->ref, 0, 0, MBAR), 0xEE, MBAR);
    tce_status got = rig_run(&r->drv, &op);
    tce_result want = tce_csim_execute(&op, &r->ref);
    completed += got == TCE_OK && want.status == TCE_OK;
    if (got != want.status ||
        memcmp(tce_sim_smem(r->sim, 0, 0, sz), tce_smem(&r->ref, 0, 0, sz), sz)) {
        if (failures++ < 10)
            fprintf(stderr, "FAIL: %s (w=%d h=%d n=%d halo=%u woff=%u): status %s vs %s, or "
                    "shared memory differs\n", what, w, h, n, halo, woff, tce_status_name(got),
                    tce_status_name(want.status));
    }
}

int main(void)
{
    rig r;
    if (!rig_open_patterned(&r, DESC, TENSOR, TBYTES))
        return 2;
    unsigned cases = 0;
    /* ::w::128: every halo, window [-1, 20] shifted by wOffset, W stride 1 and 2. */
    for (uint32_t esw = 1; esw <= 2; esw++) {
        put_map(&r, TCE_WIDE_W128, TCE_SW_128B, -1, 1, 1, esw);
        for (unsigned halo = 0; halo < 32; halo++, cases++)
            one(&r, TCE_MODE_IM2COL_W128, (int32_t)(halo % 7) - 3, (int32_t)(halo % 4) - 1,
                (int32_t)(halo % 3), halo, halo % 5, "im2col::w::128");
    }
    /* ::w: pixels + halo rows, walks across the window end into the next image. */
    for (uint32_t esw = 1; esw <= 3; esw++) {
        put_map(&r, TCE_WIDE_W, TCE_SW_64B, -2, 0, 37, esw);
        for (unsigned halo = 0; halo < 40; halo += 3, cases++)
            one(&r, TCE_MODE_IM2COL_W, (int32_t)(halo % 9) - 4, 1, 0, halo, halo % 4,
                "im2col::w");
    }
    /* Walker cost: an ::w load of 40 in-bounds rows of 64 bytes (both images of W = 20) in
     * a 4-D tensor. The row walk presents a row per cycle (docs/rtl.md, "Row walker") and
     * issues its one burst in that cycle, so at this latency nothing waits on the walker:
     * the R beats (2 per row at DATA_W 256) arrive back to back, 80 beats in exactly 80
     * cycles (also at DATA_W 128: 4 beats per row). At DATA_W 512 a row is one beat, and the
     * step into the second image (W wraps by 19 while N moves) costs the walk a cycle, so
     * there the bound is one beat per cycle plus 2. */
    put_map(&r, TCE_WIDE_W, TCE_SW_64B, 0, 0, 40, 1);
    tce_sim_probe_clear(r.sim, TENSOR, TENSOR + TBYTES);
    one(&r, TCE_MODE_IM2COL_W, 0, 1, 0, 0, 0, "im2col::w timing");
    cases++;
    tce_sim_probe pr = tce_sim_probe_read(r.sim);
    uint64_t span = pr.r_beats ? pr.last_r - pr.first_r + 1 : 0;
    uint64_t want = 40 * 64 * 8 / tce_sim_default_params().data_w;
    printf("im2col::w, 40 rows x 64 B: %llu R beats over %llu cycles (%.2f cycles/row)\n",
           (unsigned long long)pr.r_beats, (unsigned long long)span, span / 40.0);
    uint64_t want_span = want + (want < 80 ? 2 : 0);
    if (pr.r_beats != want || (want >= 80 ? span != want : span > want_span)) {
        fprintf(stderr, "FAIL: %llu R beats over %llu cycles for 40 rows (want %llu over %llu)\n",
                (unsigned long long)pr.r_beats, (unsigned long long)span,
                (unsigned long long)want, (unsigned long long)want_span);
        failures++;
    }
    /* Start right of the window: traps on both. */
    put_map(&r, TCE_WIDE_W, TCE_SW_64B, -2, 0, 8, 1);
    one(&r, TCE_MODE_IM2COL_W, 20, 0, 0, 1, 0, "im2col::w right of the window");
    cases++;
    tce_memsys_free(&r.ref);
    tce_sim_destroy(r.sim);
    printf("im2col wide: %u cases (%u completed, the rest trapped on both), %s\n", cases,
           completed, failures ? "FAILED" : "all match the golden model");
    /* Only the right-of-window case may trap: a run where loads stop completing fails. */
    return failures || completed + 1 != cases ? 1 : 0;
}
