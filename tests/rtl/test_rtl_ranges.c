/* Operands at the far ends of their ranges, which CI's regressions (small windows below
 * 2^32, short copies, offsets near zero, ordinary floats) leave out: the toggle holes of
 * docs/coverage.md in tce_mbar_assert (complete-tx counts with every bit 4..17, mbarriers
 * high in shared memory), tce_bulk_g2s (every lane rotation and strobe pattern, the CTA
 * masks of both copy contexts), tce_cmd_exec (multimem groups of eight at the top of the
 * address space, global windows there, im2col offsets of every size), tce_box_bytes
 * (descriptors whose box products reach their top bits), tce_red_fpadd (sums of every
 * exponent a renormalisation can stop at, in all four formats) and the movers' fill and
 * stride registers (loads half out of bounds with every element stride, strided stores).
 *
 * Every case runs on the golden model and on the RTL from the same memories; both must
 * give the status derived by hand beside it (drawn cases: the golden model's), the same
 * field, byte statistics and complete-tx list, leave every global and shared byte alike,
 * and after a failed operation alone write nothing. */
#include "engines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../unit/check.h"
#include "arith.h"
#include "tce_cmd.h"

#define SMEM TCE_ENGINE_SMEM_BYTES
#define MAXW 8u
#define MAXD 8u

/* The memories of one case: global windows, descriptors placed in them, and a hook that
 * writes operands. Every CTA's mbarriers (MB_*) start at zero. */
typedef struct {
    uint64_t base, size;
} win;

static win g_win[MAXW];
static unsigned g_nwin, g_ncta; /* a scene's CTAs: 16 for multicast, else 2 (quicker) */
static struct {
    uint64_t addr;
    uint8_t bytes[TCE_DESC_BYTES];
} g_desc[MAXD];
static unsigned g_ndesc;
static void (*g_fill)(tce_memsys *ms);

#define MB_LO 0x100u    /* an mbarrier low in shared memory */
#define MB_HI 0xFFF8u   /* offset bits 3..15 set */
#define MB_TOP 0x38B08u /* near the end of 227 KB: bits 17..15 */

static void scene(const win *w, unsigned n, unsigned ncta)
{
    g_ncta = ncta;
    memcpy(g_win, w, n * sizeof *w);
    g_nwin = n;
    g_ndesc = 0;
    g_fill = NULL;
}

static void put_desc(uint64_t addr, const tce_tensormap *m)
{
    g_desc[g_ndesc].addr = addr;
    tce_desc_pack(m, g_desc[g_ndesc].bytes);
    g_ndesc++;
}

static uint8_t *gbytes(tce_memsys *ms, uint64_t addr, uint64_t n)
{
    uint8_t *p = tce_gmem(ms, addr, n);
    if (!p) {
        fprintf(stderr, "no window holds [0x%llx, +0x%llx)\n", (unsigned long long)addr,
                (unsigned long long)n);
        exit(2);
    }
    return p;
}

static void world_init(tce_memsys *ms)
{
    if (tce_memsys_init(ms, g_ncta, SMEM) != 0) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    for (unsigned k = 0; k < g_nwin; k++) {
        if (tce_memsys_add_global(ms, g_win[k].base, g_win[k].size) != 0) {
            fprintf(stderr, "window %u refused\n", k);
            exit(2);
        }
        uint8_t *g = ms->g[k].bytes;
        for (uint64_t i = 0; i < g_win[k].size; i++)
            g[i] = (uint8_t)(i * 13 + (i >> 9) + k * 7 + 1);
    }
    for (unsigned c = 0; c < g_ncta; c++) {
        for (uint32_t i = 0; i < SMEM; i++)
            ms->smem[c][i] = (uint8_t)(i * 3 + (i >> 10) + c * 29);
        memset(ms->smem[c] + MB_LO, 0, 8);
        memset(ms->smem[c] + MB_HI, 0, 8);
        memset(ms->smem[c] + MB_TOP, 0, 8);
    }
    for (unsigned d = 0; d < g_ndesc; d++)
        memcpy(gbytes(ms, g_desc[d].addr, TCE_DESC_BYTES), g_desc[d].bytes, TCE_DESC_BYTES);
    if (g_fill)
        g_fill(ms);
}

static bool same_bytes(const tce_memsys *a, const tce_memsys *b)
{
    for (unsigned k = 0; k < g_nwin; k++)
        if (memcmp(a->g[k].bytes, b->g[k].bytes, g_win[k].size))
            return false;
    for (unsigned c = 0; c < g_ncta; c++)
        if (memcmp(a->smem[c], b->smem[c], SMEM))
            return false;
    return true;
}

static tce_engine *g_rtl;
static unsigned g_cases;

/* Runs ops as one queue on both engines from the same memories; want[i] is op i's
 * status, worked out by hand (want NULL: the golden model's, for random operands). */
static void agree_q(const char *name, const tce_op *ops, unsigned n, const tce_status *want)
{
    tce_memsys w[3];
    tce_result res[2][TCE_ENGINE_MAX_QUEUE];
    for (int k = 0; k < 3; k++)
        world_init(&w[k]);
    tce_engine *csim = tce_engine_open("csim");
    static tce_engine_tx tx[2][TCE_ENGINE_MAX_TX];
    unsigned ntx[2];
    tce_engine_exec_queue(csim, ops, n, &w[0], res[0], tx[0], &ntx[0]);
    tce_engine_exec_queue(g_rtl, ops, n, &w[1], res[1], tx[1], &ntx[1]);
    tce_engine_close(csim);
    /* the same complete-tx (CTA, mbarrier, bytes), in whatever order each applied them */
    for (int k = 0; k < 2; k++)
        qsort(tx[k], ntx[k], sizeof tx[k][0], tce_engine_tx_order);
    bool txs = ntx[0] == ntx[1] && !memcmp(tx[0], tx[1], ntx[0] * sizeof tx[0][0]);
    uint64_t rd[2] = {0, 0}, wr[2] = {0, 0};
    bool same = true, ok = true;
    for (unsigned i = 0; i < n; i++) {
        same &= res[0][i].status == res[1][i].status &&
                tce_result_field(&res[0][i]) == tce_result_field(&res[1][i]);
        ok &= !want || res[0][i].status == want[i];
        if (res[0][i].status == TCE_OK) {
            rd[0] += res[0][i].bytes_read;
            wr[0] += res[0][i].bytes_written;
        }
    }
    tce_engine_batch_stats(g_rtl, &rd[1], &wr[1]);
    same &= rd[0] == rd[1] && wr[0] == wr[1];
    bool bytes = same_bytes(&w[0], &w[1]);
    bool untouched = n != 1 || res[0][0].status == TCE_OK || same_bytes(&w[1], &w[2]);
    CHECK(ok);
    CHECK(same);
    CHECK(bytes);
    CHECK(untouched);
    CHECK(txs);
    bool good = ok && same && bytes && untouched && txs;
    printf("%-52s csim %s %llu/%llu | rtl %s %llu/%llu%s\n", name,
           tce_status_name(res[0][n - 1].status), (unsigned long long)rd[0],
           (unsigned long long)wr[0], tce_status_name(res[1][n - 1].status),
           (unsigned long long)rd[1], (unsigned long long)wr[1], good ? "" : "   <-- DISAGREE");
    if (good && !want && res[0][n - 1].status != TCE_OK)
        printf("    (%s)\n", res[0][n - 1].why);
    if (!good)
        for (unsigned i = 0; i < n; i++)
            printf("    op %u: want %s, csim %s (%s), rtl %s (%s)\n", i,
                   want ? tce_status_name(want[i]) : "csim's",
                   tce_status_name(res[0][i].status), res[0][i].why,
                   tce_status_name(res[1][i].status), res[1][i].why);
    for (int k = 0; k < 3; k++)
        tce_memsys_free(&w[k]);
    g_cases++;
}

static void agree(const char *name, const tce_op *op, tce_status want)
{
    agree_q(name, op, 1, &want);
}

/* ------------------------------------------------------------------ bulk copies */

#define GLO 0x10000000ull /* 256 KB of copy sources and destinations */
#define GLO_SIZE 0x40000u

static tce_op bulk_in(uint64_t gaddr, unsigned cta, uint32_t soff, uint32_t size, uint32_t mbar)
{
    return tce_op_bulk_copy(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CLUSTER, 0, gaddr,
                            TCE_SADDR(cta, soff), size, TCE_SADDR(cta, mbar));
}

static tce_op mcast(tce_op op, uint16_t mask)
{
    op.multicast = true;
    op.cta_mask = mask;
    return op;
}

/* Complete-tx counts with each bit 4..17 set, on mbarriers whose offsets set bits 3..15
 * and 17:15, and every pair of 16-byte phases of the global source and the shared
 * destination within a 32-byte beat (the lane rotation and both strobe words). */
static void bulk_cases(void)
{
    static const win w[] = {{GLO, GLO_SIZE}};
    scene(w, 1, 2); /* two CTAs (quicker) until the multicasts */
    static const tce_status ok2[2] = {TCE_OK, TCE_OK};
    char name[96];
    for (unsigned b = 4; b <= 17; b++) {
        uint32_t size = (1u << b) | 0x10u;
        if (b == 4)
            size = 0x10;
        for (unsigned ph = 0; ph < 4; ph++) {
            uint32_t g = (ph & 1) ? 0x10 : 0, s = (ph & 2) ? 0x10 : 0;
            unsigned cta = (b + ph) % 2;
            tce_op q[2] = {bulk_in(GLO + 0x20 + g, cta, 0x10000 + s, size, MB_HI),
                           bulk_in(GLO + 0x1000 - 0x10 + g, (cta + 1) % 2, 0x200 + s,
                                   size > 0x8000 ? 0x30 : size + 0x20, MB_LO)};
            snprintf(name, sizeof name, "bulk load %#x + %#x bytes, phases %u/%u", size,
                     q[1].size, g, s);
            agree_q(name, q, 2, ok2);
        }
    }
    /* 229,360 bytes (bits 4..14, 16, 17) into one CTA, its mbarrier above them */
    tce_op op = bulk_in(GLO, 1, 0, 0x37FF0, MB_TOP);
    agree("bulk load 0x37ff0 bytes, mbarrier at 0x38b08", &op, TCE_OK);
    scene(w, 1, 16);
    /* Multicast: both copy contexts carry every CTA bit, and each CTA is some copy's
     * lowest (its first) and some copy's later one. */
    static const uint16_t masks[][2] = {{0xFFFF, 0xFFFF}, {0x8000, 0x4000}, {0xAAAA, 0x5555},
                                        {0x0F0F, 0xF0F0}, {0xC001, 0x2002}, {0x1110, 0x0888}};
    for (unsigned m = 0; m < sizeof masks / sizeof masks[0]; m++) {
        tce_op q[2] = {mcast(bulk_in(GLO + 0x30, 0, 0x4010, 0x70, MB_HI), masks[m][0]),
                       mcast(bulk_in(GLO + 0x2000, 0, 0x8000, 0x1030, MB_LO), masks[m][1])};
        snprintf(name, sizeof name, "bulk load multicast to %#06x then %#06x", masks[m][0],
                 masks[m][1]);
        agree_q(name, q, 2, ok2);
    }
}

/* ------------------------------------------------------------------ multimem and windows */

#define NMW 7u

static tce_op multimem(uint32_t saddr, uint32_t size, unsigned n, const uint64_t *addr)
{
    tce_op op = {.kind = TCE_OP_MULTIMEM_COPY, .src_space = TCE_SPACE_SHARED_CTA,
                 .dst_space = TCE_SPACE_GLOBAL, .completion = TCE_DONE_BULK_GROUP,
                 .saddr = saddr, .size = size, .multimem_count = n};
    memcpy(op.multimem_addr, addr, n * sizeof *addr);
    return op;
}

/* Seven windows at the top of the address space (each base and end with bits up to 63
 * set; the eighth GWIN register holds the rtl engine's map shadow, TCE_ENGINE_MAP_SHADOW),
 * and multimem groups of eight addresses in them and past them. */
static void multimem_cases(void)
{
    win w[NMW];
    for (unsigned k = 0; k < NMW; k++) {
        /* window k: 64 KB less 16 bytes less 16k, ending 16 bytes short of 2^64 - k * 2^19 */
        w[k].size = 0x10000 - 0x10 - 0x10 * k;
        w[k].base = 0ull - ((uint64_t)k << 19) - 0x10 - w[k].size;
    }
    scene(w, NMW, 2);
    uint64_t a[8];
    char name[96];
/* offset o of the window of group entry k (the eighth shares window 0, 32 KB further) */
#define AT(k, o) (w[(k) % NMW].base + (o) + 0x8000u * ((k) / NMW))
    for (unsigned k = 0; k < 8; k++)
        a[k] = AT(k, 0x10 * (k + 1));
    tce_op op = multimem(0x2000, 0x3F0, 8, a);
    agree("multimem 8 x 0x3f0 bytes in the seven top windows", &op, TCE_OK);
    /* the eight at spread offsets of one window (bits 4..15 of each end) */
    for (unsigned k = 0; k < 8; k++)
        a[k] = w[0].base + 0x10 + (uint64_t)(0x1FF0 * k) + ((k * 0x150) & 0xFF0);
    op = multimem(0x10, 0x1D0, 8, a);
    agree("multimem 8 spread through the top window", &op, TCE_OK);
    /* the last address's range runs 16 bytes past window 0's end: GLOBAL_BUS there */
    for (unsigned n = 1; n <= 8; n++) {
        for (unsigned k = 0; k < 8; k++)
            a[k] = AT(k, 0x100);
        a[n - 1] = w[0].base + w[0].size - 0x30;
        op = multimem(0x100, 0x40, n, a);
        snprintf(name, sizeof name, "multimem %u, the last past its window", n);
        agree(name, &op, TCE_ERR_GLOBAL_BUS);
    }
    /* every address's range wraps past 2^64 (csim/memsys.c: no window holds it) */
    for (unsigned k = 0; k < 8; k++)
        a[k] = 0xFFFFFFFFFFFFFF00ull + 0x10 * k;
    op = multimem(0x400, 0x110, 8, a);
    agree("multimem 8 ranges wrapping past 2^64", &op, TCE_ERR_GLOBAL_BUS);
    /* every address off 16 bytes by 1..15 (the low bits of each address and end): the
     * first is MISALIGNED (csim/bulk.c check_global) */
    for (unsigned k = 0; k < 8; k++)
        a[k] = AT(k, 0x200 + (k == 0 ? 0xF : 0x10 * k + (k * 7 + 1) % 16));
    op = multimem(0x400, 0x30, 8, a);
    agree("multimem 8 addresses off 16-byte alignment", &op, TCE_ERR_MISALIGNED);
    /* two of eight overlap: UNDEFINED (each GPU's memory is distinct) */
    for (unsigned k = 0; k < 8; k++)
        a[k] = AT(k, 0x800);
    a[7] = w[0].base + 0x820;
    op = multimem(0x400, 0x30, 8, a);
    agree("multimem 8, the last overlapping the first", &op, TCE_ERR_UNDEFINED);
#undef AT
}

/* ------------------------------------------------------------------ tensor maps */

#define GT 0x20000000ull /* tensors */
#define GT_SIZE 0x80000u
#define GD 0x30000000ull /* descriptors, 128 bytes apart */
#define GD_SIZE 0x1000u

static void tensor_scene(void)
{
    static const win w[] = {{GT, GT_SIZE}, {GD, GD_SIZE}};
    scene(w, 2, 2);
}

/* An encode that must succeed (the parameters are the test's own). */
static void must(tce_status st, const tce_diag *why)
{
    if (st != TCE_OK) {
        fprintf(stderr, "encode: %s\n", why->text);
        exit(2);
    }
}

static tce_op tload(uint64_t tmap, unsigned dims, const int32_t *at, uint32_t saddr)
{
    tce_op op = tce_op_tile_load(0, tmap, dims, at, saddr, MB_LO);
    return op;
}

/* im2col f16 NHWC-style maps of rank 3..5, 16 channels, 32 pixels a column; offsets at
 * each rank's limit (PTX: 3D 16 bits, 4D 8, 5D 5: csim/im2col.c), past it, and in the
 * fields a rank does not read (all 48 bits of the command's IM2COL_0..2). */
static void im2col_cases(void)
{
    tensor_scene();
    tce_diag why;
    tce_tensormap m;
    static const uint64_t gdim[3][5] = {{16, 64, 2}, {16, 16, 8, 2}, {16, 8, 4, 4, 2}};
    static const int32_t lim[3] = {32768, 128, 16};
    uint32_t es[5] = {1, 1, 1, 1, 1};
    for (unsigned r = 3; r <= 5; r++) {
        const uint64_t *d = gdim[r - 3];
        uint64_t str[4];
        uint64_t acc = 2 * d[0];
        for (unsigned i = 1; i < r; i++) {
            str[i - 1] = acc;
            acc *= d[i];
        }
        int32_t lo[3], up[3];
        for (unsigned i = 0; i < 3; i++) {
            lo[i] = -lim[r - 3];          /* the corners at their limits, too */
            up[i] = lim[r - 3] - 1;
        }
        must(tce_encode_im2col(&m, TCE_DT_FLOAT16, r, GT, d, str, lo, up, 16, 32, es,
                               TCE_IL_NONE, TCE_SW_NONE, TCE_L2_NONE, TCE_OOB_NAN, &why),
             &why);
        put_desc(GD + 0x80 * (r - 3), &m);
    }
    static const uint16_t offs[] = {0, 1, 0x1F, 0x20, 0xFF, 0x100, 0x5555, 0xAAAA, 0xFFFF};
    char name[96];
    for (unsigned r = 3; r <= 5; r++) {
        unsigned nsp = r - 2;
        uint16_t limit = r == 3 ? 0xFFFF : r == 4 ? 0xFF : 0x1F;
        for (unsigned o = 0; o < sizeof offs / sizeof offs[0]; o++) {
            int32_t at[5] = {0, -3, -2, -1, 1};
            at[r - 1] = 1; /* n */
            tce_op op = tload(GD + 0x80 * (r - 3), r, at, 0x1000);
            op.mode = TCE_MODE_IM2COL;
            op.dst_space = TCE_SPACE_SHARED_CLUSTER;
            /* the offset under test in the rank's last spatial field, its complement in the
             * others that the rank reads (kept within the limit), and all ones beyond */
            tce_status want = TCE_OK;
            for (unsigned j = 0; j < 3; j++) {
                uint16_t v = j + 1 == nsp ? offs[o] : j < nsp ? (uint16_t)(~offs[o] & limit)
                                                               : 0xFFFF;
                op.im2col[j] = v;
                if (j < nsp && v > limit && want == TCE_OK)
                    want = TCE_ERR_UNDEFINED;
            }
            snprintf(name, sizeof name, "im2col %uD, offsets %#x %#x %#x", r, op.im2col[0],
                     op.im2col[1], op.im2col[2]);
            agree(name, &op, want);
        }
    }
}

/* .im2col_no_offs stores through plain and interleaved rank-4 u8 maps with the command's
 * IM2COL_0..2 set, all ones included: the instruction has no offsets, so the engines agree
 * and each case writes what the zero-offset case writes. */
static void no_offs_cases(void)
{
    static const tce_interleave il[3] = {TCE_IL_NONE, TCE_IL_16B, TCE_IL_32B};
    static const uint16_t offs[4][3] = {{0, 0, 0}, {1, 1, 1}, {2, 3, 0}, {0xFFFF, 0xFFFF, 0xFFFF}};
    char name[96];
    tce_diag why;
    for (unsigned k = 0; k < 3; k++) {
        tensor_scene();
        uint32_t unit = il[k] == TCE_IL_NONE ? 1 : il[k] == TCE_IL_16B ? 16 : 32;
        uint64_t gdim[4] = {il[k] ? 4 : 48, 5, 4, 2}, str[3];
        str[0] = (gdim[0] * unit + 31) & ~31ull;
        str[1] = str[0] * gdim[1];
        str[2] = str[1] * gdim[2];
        int32_t lo[3] = {0, 0, 0}, up[3] = {0, 0, 0};
        uint32_t es[4] = {1, 1, 1, 1};
        tce_tensormap m;
        must(tce_encode_im2col(&m, TCE_DT_UINT8, 4, GT, gdim, str, lo, up, 16, 8, es, il[k],
                               TCE_SW_NONE, TCE_L2_NONE, TCE_OOB_ZERO, &why), &why);
        put_desc(GD, &m);
        for (unsigned o = 0; o < 4; o++) {
            /* channel start 16 (a plain map) or channel slice 1 (interleaved), pixel (1, 2)
             * of image 1: the walk runs on into the next row */
            int32_t at[4] = {16, 1, 2, 1};
            if (il[k])
                at[0] = 1, at[1] = 2, at[2] = 1;
            tce_op op = tce_op_as_store(tload(GD, 4, at, 0x1000));
            op.mode = TCE_MODE_IM2COL_NO_OFFS;
            memcpy(op.im2col, offs[o], sizeof op.im2col);
            snprintf(name, sizeof name, "im2col_no_offs store il%u, offsets %#x %#x %#x", il[k],
                     offs[o][0], offs[o][1], offs[o][2]);
            agree(name, &op, TCE_OK);
            /* and the golden model writes what it writes with no offsets */
            tce_memsys w[2];
            tce_op plain = op;
            memset(plain.im2col, 0, sizeof plain.im2col);
            world_init(&w[0]);
            world_init(&w[1]);
            CHECK(tce_csim_execute(&op, &w[0]).status == TCE_OK);
            CHECK(tce_csim_execute(&plain, &w[1]).status == TCE_OK);
            CHECK(same_bytes(&w[0], &w[1]));
            tce_memsys_free(&w[0]);
            tce_memsys_free(&w[1]);
        }
    }
}

/* Descriptors packed by hand past the driver's rules: boxes up to 256 in every dim of every
 * rank, every traversal stride, every element type, im2col channel and pixel counts up to
 * the fields' widths and spatial dims past 65,280. tce_box_bytes and tce_desc_rules work on
 * them whatever the other rules say; the golden model's unpack and the engine must give the
 * same status: BAD_DESCRIPTOR for a box over 227 KB (csim/encode_rules.c
 * tce_encode_box_bytes), or whatever the first rule broken is. */
static uint64_t g_seed = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(uint32_t n)
{
    g_seed = g_seed * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)((g_seed >> 33) % n);
}

static void box_bytes_cases(void)
{
    tensor_scene();
    char name[96];
    for (unsigned c = 0; c < 44; c++) {
        tce_tensormap m;
        memset(&m, 0, sizeof m);
        m.kind = c < 28 ? TCE_MAP_TILED : c < 36 || c >= 40 ? TCE_MAP_IM2COL
                                                            : TCE_MAP_IM2COL_WIDE;
        m.dtype = (tce_dtype)rnd(TCE_DT_COUNT);
        m.rank = 1 + rnd(5);
        if (c < 20)
            m.rank = 5;
        else if (m.kind != TCE_MAP_TILED && m.rank < 3)
            m.rank = 3 + rnd(3);
        m.gaddr = GT;
        uint64_t acc = 16;
        for (unsigned i = 0; i < TCE_MAX_RANK; i++) {
            m.gdim[i] = i < m.rank ? 1 + rnd(300) : 1;
            m.gstride[i] = acc;
            acc = (acc * m.gdim[i] + 15) & ~15ull;
            m.box[i] = 1 + rnd(256);
            m.estride[i] = 1 + rnd(8);
        }
        if (c < 12) {
            /* boxes of 200..256 (the first all 256), traversal stride 1: products near
             * 2^32; an 8-byte type and box 256 in dim 4 make its factor 256 * 64 */
            m.dtype = c < 8 ? TCE_DT_FLOAT64 : TCE_DT_16U6_ALIGN16B;
            for (unsigned i = 0; i < 5; i++) {
                m.box[i] = c == 0 || (i == 4 && c < 8) ? 256 : 200 + rnd(57);
                if (c >= 8)
                    m.box[i] |= 1; /* odd counts times 6 bits: product bit 1 */
                m.estride[i] = 1;
            }
        } else if (c < 20) {
            for (unsigned i = 0; i < 5; i++) { /* box 256 over every traversal stride */
                m.box[i] = 256;
                m.estride[i] = 1 + (c + i) % 8;
            }
        }
        if (c >= 40) { /* spatial dims of 65,280 and more: the corners' extents */
            m.rank = 3 + c % 3;
            m.interleave = c == 43 ? TCE_IL_16B : TCE_IL_NONE;
            for (unsigned i = 0; i < 4; i++)
                m.gdim[i] = 0xFF00 + rnd(0x101);
        }
        if (m.kind != TCE_MAP_TILED) {
            memset(m.box, 0, sizeof m.box);
            /* channels and pixels up to their fields' widths (16 bits each) */
            m.channels = c < 34 ? 0xFFFF - rnd(64) : 1 + rnd(256);
            m.pixels = c < 34 ? 0xFFFF - rnd(0x7FF) : 1 + rnd(1024);
            if (c == 34) { /* a legal count with bit 17: 256 x 1000 */
                m.channels = 256;
                m.pixels = 1000;
            }
        }
        put_desc(GD + 0x80 * (c % 8), &m);
        int32_t at[5] = {0, 0, 0, 0, 0};
        tce_op op = tload(GD + 0x80 * (c % 8), m.rank, at, 0x1000);
        if (m.kind != TCE_MAP_TILED)
            op.mode = m.kind == TCE_MAP_IM2COL ? TCE_MODE_IM2COL : TCE_MODE_IM2COL_W;
        snprintf(name, sizeof name, "raw map %u: kind %u %s rank %u box %u,%u,%u,%u,%u", c,
                 m.kind, tce_dtype_name(m.dtype), m.rank, m.box[0], m.box[1], m.box[2],
                 m.box[3], m.box[4]);
        agree_q(name, &op, 1, NULL);
        g_ndesc = 0;
    }
}

/* ------------------------------------------------------------------ float adds */

/* Bulk reduce .add of f16, bf16 (the f16 lane's second format), f32 and f64 arrays whose
 * larger exponent field runs through 0..MW+2 (MW: the lane's internal mantissa width, 14,
 * 14, 27 and 56), so the renormalisation's floor (the exponent-1 stop of stage 2) sits at
 * every bit; the smaller operand 0..3 exponents below, either sign, random mantissas. */
typedef struct {
    tce_etype et;
    unsigned eb, mb, mw; /* exponent and mantissa bits, the lane's internal width */
} ffmt;

static const ffmt *g_ff;
#define RED_N 1024u /* elements */
#define RED_S 0x1000u /* the shared source's offset */

static uint64_t fp_val(const ffmt *f, uint64_t *s, uint64_t e)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    uint64_t r = (*s >> 11) ^ (*s << 29);
    uint64_t man = r & ((1ull << f->mb) - 1);
    uint64_t sign = (r >> 63) & 1;
    return (sign << (f->eb + f->mb)) | (e << f->mb) | man;
}

static void red_fill(tce_memsys *ms)
{
    const ffmt *f = g_ff;
    unsigned n = (1 + f->eb + f->mb) / 8;
    uint64_t s = 0x5DEECE66Dull + f->et;
    uint8_t *g = gbytes(ms, GT, RED_N * n), *sm = ms->smem[0] + RED_S;
    for (unsigned i = 0; i < RED_N; i++) {
        uint64_t emax = (1ull << f->eb) - 2;
        uint64_t e = i % (f->mw + 3);
        if (i >= 4 * (f->mw + 3)) /* then any exponent, the largest included */
            e = (i * 2654435761u) % (emax + 1);
        uint64_t d = (i / (f->mw + 3)) % 4;
        uint64_t a = fp_val(f, &s, e), b = fp_val(f, &s, e >= d ? e - d : 0);
        if (i & 1) { /* the larger one in either operand */
            uint64_t t = a;
            a = b;
            b = t;
        }
        for (unsigned k = 0; k < n; k++) {
            g[i * n + k] = (uint8_t)(a >> (8 * k));
            sm[i * n + k] = (uint8_t)(b >> (8 * k));
        }
    }
}

static void fpadd_cases(void)
{
    static const ffmt fm[] = {{TCE_ET_F16, 5, 10, 14},
                              {TCE_ET_BF16, 8, 7, 14},
                              {TCE_ET_F32, 8, 23, 27},
                              {TCE_ET_F64, 11, 52, 56}};
    char name[96];
    for (unsigned k = 0; k < 4; k++) {
        tensor_scene();
        g_ff = &fm[k];
        g_fill = red_fill;
        unsigned n = (1 + fm[k].eb + fm[k].mb) / 8;
        tce_op op = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, 0, GT, RED_S,
                                     RED_N * n, 0);
        op.kind = TCE_OP_BULK_REDUCE;
        op.redop = TCE_RED_ADD;
        op.etype = fm[k].et;
        op.noftz = n == 2;
        snprintf(name, sizeof name, "bulk reduce .add %s, exponents 0..%u and random",
                 tce_etype_name(fm[k].et), fm[k].mw + 2);
        agree(name, &op, TCE_OK);
    }
}

/* ------------------------------------------------------------------ tile loads and stores */

/* A drawn tiled map at GT that the encoder takes: wide rows (interleaved ones up to 256
 * slices of 32 bytes, the longest a row can be), every traversal stride, u8 elements if
 * asked; false after many refusals. */
static bool draw_map(tce_tensormap *m, bool wide, bool u8)
{
    tce_diag why;
    for (unsigned tries = 0; tries < 4000; tries++) {
        tce_interleave il = (tce_interleave)(wide ? 1 + rnd(2) : rnd(3));
        unsigned rank = il != TCE_IL_NONE ? 3 + rnd(3) : 1 + rnd(5);
        tce_dtype dt = u8 ? TCE_DT_UINT8 : (tce_dtype)rnd(TCE_DT_16U4_ALIGN8B);
        unsigned es = tce_dtype_size(dt);
        uint64_t gdim[5], str[4], acc;
        uint32_t box[5], est[5];
        for (unsigned i = 0; i < 5; i++) {
            box[i] = 1 + rnd(i == 0 ? 256 : 4);
            est[i] = 1 + rnd(8);
        }
        /* an interleaved map's dim-0 coordinates count whole slices (csim/tile.c) */
        uint32_t unit = il == TCE_IL_NONE ? es : il == TCE_IL_16B ? 16 : 32;
        if (wide)
            box[0] = 256 - 16 * rnd(4); /* rows of 208..256 slices */
        gdim[0] = 1 + rnd(wide ? 600 : 300);
        gdim[1] = 1 + rnd(8);
        for (unsigned i = 2; i < 5; i++)
            gdim[i] = 1 + rnd(4);
        acc = gdim[0] * unit;
        for (unsigned i = 1; i < rank; i++) {
            acc = (acc + 15 + 16 * rnd(3)) & ~15ull;
            str[i - 1] = acc;
            acc *= gdim[i];
        }
        if (acc > GT_SIZE)
            continue;
        tce_swizzle sw = (tce_swizzle)rnd(4);
        if (tce_encode_tiled(m, dt, rank, GT, gdim, str, box, est, il, sw, TCE_L2_NONE,
                             (tce_oobfill)rnd(2), &why) == TCE_OK)
            return true;
    }
    return false;
}

/* A corner coordinate of dim i: well inside, across either edge, or wholly outside (a
 * store's only past the high edge: csim refuses a negative one); dim 0's on 16 bytes. */
static int32_t draw_coord(const tce_tensormap *m, unsigned i, bool store)
{
    int32_t g = (int32_t)m->gdim[i], b = (int32_t)(m->box[i] * m->estride[i]), c;
    switch (rnd(4)) {
    case 0:
        c = store ? (int32_t)rnd((uint32_t)g) : -(int32_t)rnd((uint32_t)b + 1);
        break;
    case 1:
        c = g - (int32_t)rnd((uint32_t)(b < g ? b : g) + 1); /* across the high edge */
        break;
    case 2:
        c = (int32_t)rnd((uint32_t)g);
        break;
    default:
        c = rnd(2) || store ? g + (int32_t)rnd(8) : -b - (int32_t)rnd(8);
        break;
    }
    if (i == 0) {
        int32_t q = 16 / (int32_t)tce_dtype_size(m->dtype);
        c = c >= 0 ? c / q * q : -((-c + q - 1) / q * q);
    }
    return c;
}

static void tile_cases(void)
{
    char name[128];
    for (unsigned c = 0; c < 96; c++) {
        tensor_scene();
        tce_tensormap m;
        /* wide rows, narrow ones, and narrow u8 ones (odd byte counts) by turns */
        if (!draw_map(&m, (c / 3) % 3 == 0, (c / 3) % 3 == 2)) {
            fprintf(stderr, "no map drawn\n");
            exit(2);
        }
        put_desc(GD, &m);
        unsigned kind = c % 3;
        int32_t at[5] = {0, 0, 0, 0, 0};
        for (unsigned i = 0; i < m.rank; i++)
            at[i] = draw_coord(&m, i, kind != 0);
        tce_op op = tload(GD, m.rank, at, 0x1000 + 0x80 * rnd(8));
        if (kind != 0) { /* a store, or a reduce .add where the type has one */
            op = tce_op_as_store(op);
            if (kind == 2)
                op.kind = TCE_OP_TENSOR_REDUCE;
            op.redop = TCE_RED_ADD;
            if (kind == 2 && !tce_etype_from_dtype(m.dtype, TCE_RED_ADD, &op.etype))
                op.kind = TCE_OP_TENSOR_STORE;
        }
        snprintf(name, sizeof name, "%s %s il%u rank %u box0 %u*%u es0 %u at %d,%d",
                 tce_op_kind_name(op.kind), tce_dtype_name(m.dtype), m.interleave, m.rank,
                 m.box[m.interleave ? 1 : 0], m.estride[m.interleave ? 1 : 0], m.estride[0],
                 at[0], at[1]);
        agree_q(name, &op, 1, NULL);
    }
}

/* Rows of 256 units (elements of 1..8 bytes, or 16- and 32-byte slices with dim-0 traversal
 * strides 1, 2, 3, 5, 8) at fixed corners: loads wholly before the tensor, half before it,
 * from 0 and 13 units before its end (301 units: odd counts of in-bounds units); stores
 * from 0, 48 and 13 units before the end. The fill bounds of a row and a strided row's step
 * in global memory reach their top bits (8 KB rows) and their low ones (u8). */
static void tile_edge_cases(void)
{
    static const struct {
        tce_dtype dt;
        tce_interleave il;
    } shape[] = {{TCE_DT_UINT8, TCE_IL_NONE}, {TCE_DT_UINT16, TCE_IL_NONE},
                 {TCE_DT_FLOAT32, TCE_IL_NONE}, {TCE_DT_FLOAT64, TCE_IL_NONE},
                 {TCE_DT_UINT8, TCE_IL_16B}, {TCE_DT_UINT8, TCE_IL_32B}};
    static const uint32_t e0s[] = {1, 2, 3, 5, 8};
    char name[128];
    tce_diag why;
    for (unsigned k = 0; k < sizeof shape / sizeof shape[0]; k++)
        for (unsigned e = 0; e < (shape[k].il ? 5u : 1u); e++) {
            tensor_scene();
            uint32_t unit = shape[k].il == TCE_IL_NONE ? tce_dtype_size(shape[k].dt)
                            : shape[k].il == TCE_IL_16B ? 16 : 32;
            uint32_t e0 = e0s[e];
            uint64_t gdim[3] = {301, 3, 2}, str[2];
            str[0] = (301 * unit + 15) & ~15u;
            str[1] = str[0] * 3;
            uint32_t box[3] = {256, 2, 1}, es[3] = {e0, 1, 1};
            tce_tensormap m;
            must(tce_encode_tiled(&m, shape[k].dt, 3, GT, gdim, str, box, es, shape[k].il,
                                  TCE_SW_NONE, TCE_L2_NONE, TCE_OOB_ZERO, &why), &why);
            put_desc(GD, &m);
            int32_t q = 16 / (int32_t)tce_dtype_size(shape[k].dt); /* dim 0 on 16 bytes */
            const int32_t at0[7] = {-256 * (int32_t)e0 - q, -128 * (int32_t)e0 / q * q, 0,
                                    301 - 13 - (301 - 13) % q, 0, 48, 301 - 13 - (301 - 13) % q};
            for (unsigned a = 0; a < 7; a++) {
                int32_t at[3] = {at0[a], 1, 0};
                tce_op op = tload(GD, 3, at, 0x1000);
                if (a >= 4)
                    op = tce_op_as_store(op);
                snprintf(name, sizeof name, "%s %s il%u, 256 units, es0 %u, at %d",
                         tce_op_kind_name(op.kind), tce_dtype_name(shape[k].dt), shape[k].il,
                         e0, at[0]);
                agree(name, &op, TCE_OK);
            }
        }
}

/* ------------------------------------------------------------------ command fields */

/* Command fields with the bits no legal operation sets: shared addresses and mbarriers off
 * their alignment, past the CTA's memory or with bits above the rank field, sizes and
 * global addresses off 16 bytes, maps off 64, a range wrapping past 2^64, red vectors of
 * eight u64 (ILLEGAL); and tensor loads and prefetches issued by CTA 15, 32 of them, so
 * every slot of the executor's ring of loads in flight holds a high CTA number and the
 * prefetch opcode. Each status is the golden model's. */
static void field_cases(void)
{
    static const win w[] = {{GLO, GLO_SIZE}, {GD, GD_SIZE}, {GT, GT_SIZE}};
    scene(w, 3, 16);
    tce_diag why;
    tce_tensormap m;
    uint64_t gdim[2] = {64, 64}, str[1] = {256};
    uint32_t box[2] = {32, 4}, es[2] = {1, 1};
    must(tce_encode_tiled(&m, TCE_DT_FLOAT32, 2, GT, gdim, str, box, es, TCE_IL_NONE,
                          TCE_SW_NONE, TCE_L2_NONE, TCE_OOB_ZERO, &why), &why);
    put_desc(GD, &m);
    char name[96];
    const tce_op base = bulk_in(GLO + 0x100, 1, 0x2000, 0x40, MB_LO);
    static const struct {
        const char *what;
        unsigned field; /* 0 size, 1 saddr, 2 mbar, 3 gaddr, 4 tmap, 5 saddr_src */
        uint64_t v;
    } f[] = {
        {"size 0x13", 0, 0x13},          {"size 0x1e", 0, 0x1E},
        {"size 0x3fff0", 0, 0x3FFF0},    {"saddr +1", 1, TCE_SADDR(1, 0x2001)},
        {"saddr +2", 1, TCE_SADDR(1, 0x2002)}, {"saddr offset 0xfc0000", 1, TCE_SADDR(1, 0xFC0000)},
        {"saddr bits 31:28", 1, 0xF1002000u}, {"mbar +1", 2, TCE_SADDR(1, 0x101)},
        {"mbar +2", 2, TCE_SADDR(1, 0x102)}, {"mbar offset 0x800000", 2, TCE_SADDR(1, 0x800000)},
        {"mbar bits 31:29", 2, 0xE1000100u}, {"gaddr +1", 3, GLO + 0x101},
        {"gaddr +2", 3, GLO + 0x102},    {"gaddr wrapping 2^64", 3, 0xFFFFFFFFFFFFFFF0ull},
        {"tmap +1", 4, GD + 1},          {"tmap +2", 4, GD + 2},
        {"tmap +4", 4, GD + 4},          {"tmap +0x10", 4, GD + 0x10},
        {"tmap +0x20", 4, GD + 0x20},    {"saddr_src 0xfeffc00f", 5, 0xFEFFC00Fu},
        {"saddr_src offset 0x3fc000", 5, 0x3FC000u}, {"saddr_src bits 31:25", 5, 0xFE000400u},
    };
    for (unsigned i = 0; i < sizeof f / sizeof f[0]; i++) {
        tce_op op = base;
        if (f[i].field == 4) {
            int32_t at[2] = {0, 0};
            op = tload(f[i].v, 2, at, 0x1000);
        } else if (f[i].field == 5) {
            op = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_SHARED_CLUSTER, 0, 0,
                                  TCE_SADDR(2, 0x3000), 0x40, TCE_SADDR(2, MB_LO));
            op.saddr_src = (uint32_t)f[i].v;
        } else if (f[i].field == 0) {
            op.size = (uint32_t)f[i].v;
        } else if (f[i].field == 1) {
            op.saddr = (uint32_t)f[i].v;
        } else if (f[i].field == 2) {
            op.mbar = (uint32_t)f[i].v;
        } else {
            op.gaddr = f[i].v;
        }
        snprintf(name, sizeof name, "field: %s", f[i].what);
        agree_q(name, &op, 1, NULL);
    }
    tce_op red = {.kind = TCE_OP_RED, .dst_space = TCE_SPACE_GLOBAL,
                  .src_space = TCE_SPACE_GLOBAL, .redop = TCE_RED_ADD, .etype = TCE_ET_U64,
                  .vec = 8, .gaddr = GLO + 0x200};
    agree_q("field: red.global.add.v8.u64", &red, 1, NULL);
    red.vec = 1;
    red.gaddr = GLO + 0x203;
    agree_q("field: red.global.add.u64 at +3", &red, 1, NULL);
    /* 32 loads and prefetches issued by CTA 15, two queues of 16 */
    for (unsigned b = 0; b < 2; b++) {
        tce_op q[16];
        for (unsigned i = 0; i < 16; i++) {
            int32_t at[2] = {(int32_t)(i % 2) * 32, (int32_t)i * 4};
            q[i] = tce_op_tile_load(15, GD, 2, at, TCE_SADDR(15, 0x1000 + 0x200 * i),
                                    TCE_SADDR(15, MB_LO));
            q[i].dst_space = TCE_SPACE_SHARED_CLUSTER;
            if ((i + b) % 2) {
                q[i].kind = TCE_OP_TENSOR_PREFETCH;
                q[i].dst_space = TCE_SPACE_GLOBAL;
                q[i].completion = TCE_DONE_NONE;
                q[i].saddr = q[i].mbar = 0;
            }
        }
        snprintf(name, sizeof name, "16 loads and prefetches from CTA 15, batch %u", b);
        agree_q(name, q, 16, NULL);
    }
}

/* Tile stores and loads at the ends of shared and global ranges: shared offsets 0x30000 of
 * CTA 15; a 128 KB store (bit 17 of the bytes written); and tensors of 2^31 units (the
 * largest a tile operation takes, csim/tile.c check_extent) near 2^56, with boxes at their
 * last 256 units, half past them, and with a dim-0 stride of 3 (coordinates and ends in
 * bytes up to 2^36), only the windows the boxes touch mapped. */
/* A dense 2-D tiled map at base (rows of cols elements), the scene's only descriptor, at GD. */
static void put_tiled2d(uint64_t base, tce_dtype dt, uint64_t cols, uint64_t rows,
                        uint32_t box_cols, uint32_t box_rows, tce_swizzle sw)
{
    tce_diag why;
    tce_tensormap m;
    uint64_t gd[2] = {cols, rows}, st[1] = {cols * tce_dtype_size(dt)};
    uint32_t bx[2] = {box_cols, box_rows}, es[2] = {1, 1};
    must(tce_encode_tiled(&m, dt, 2, base, gd, st, bx, es, TCE_IL_NONE, sw, TCE_L2_NONE,
                          TCE_OOB_ZERO, &why), &why);
    g_ndesc = 0;
    put_desc(GD, &m);
}

static void far_tile_cases(void)
{
    char name[128];
    tce_diag why;
    tce_tensormap m;
    /* f32 64 x 64 at GT, box 32 x 16, from and into CTA 15 at 0x30000 */
    static const win w1[] = {{GT, GT_SIZE}, {GD, GD_SIZE}};
    scene(w1, 2, 16);
    put_tiled2d(GT, TCE_DT_FLOAT32, 64, 64, 32, 16, TCE_SW_128B);
    int32_t at2[2] = {16, 40};
    tce_op op = tce_op_tile_load(15, GD, 2, at2, TCE_SADDR(15, 0x30000), TCE_SADDR(15, MB_HI));
    op.dst_space = TCE_SPACE_SHARED_CLUSTER;
    agree("tile load into CTA 15 at 0x30000", &op, TCE_OK);
    op = tce_op_as_store(tce_op_tile_load(15, GD, 2, at2, 0x30000, 0));
    agree("tile store from CTA 15 at 0x30000", &op, TCE_OK);
    /* f64 256 x 80, box 256 x 64: 128 KB */
    put_tiled2d(GT, TCE_DT_FLOAT64, 256, 80, 256, 64, TCE_SW_NONE);
    int32_t at3[2] = {0, 8};
    op = tce_op_as_store(tce_op_tile_load(0, GD, 2, at3, 0x4000, 0));
    agree("tile store of 128 KB", &op, TCE_OK);
    /* a load of 192 KB (bits 16 and 17 of the bytes read and the complete-tx) from f64
     * 256 x 100, whole rows (the load merges them into page-long bursts) */
    put_tiled2d(GT, TCE_DT_FLOAT64, 256, 100, 256, 96, TCE_SW_NONE);
    int32_t at4[2] = {0, 2};
    op = tce_op_tile_load(0, GD, 2, at4, 0, MB_TOP);
    agree("tile load of 192 KB", &op, TCE_OK);
    /* whole rows of f32 64 x 64 just below 2^57 (merged bursts with every upper address
     * bit) into shared 0x30000 */
    const uint64_t G57 = 0x01FFFFFFFFFF0000ull;
    static const win w2[] = {{G57, 0x4000}, {GD, GD_SIZE}};
    scene(w2, 2, 2);
    put_tiled2d(G57, TCE_DT_FLOAT32, 64, 64, 64, 16, TCE_SW_NONE);
    at2[0] = 0;
    op = tce_op_tile_load(0, GD, 2, at2, 0x30000, MB_HI);
    agree("tile load of whole rows below 2^57 into 0x30000", &op, TCE_OK);
    /* 2^31 units near 2^56: u8 in 32-byte slices (rank 3), f64 elements (rank 1) */
    const uint64_t GH = 0x00F0000000000000ull, top = 1ull << 31;
    for (unsigned v = 0; v < 6; v++) {
        bool il = v < 4;
        uint32_t unit = il ? 32 : 8, e0 = v % 2 ? 3 : 1;
        uint64_t c0 = top - (v < 2 ? 256 * e0 : 128);
        win w[2] = {{GD, GD_SIZE}, {GH + c0 * unit, 256 * 3 * unit}};
        scene(w, 2, 2);
        uint64_t gd[3] = {top, 1, 1}, st[2] = {top * unit, top * unit};
        uint32_t bx[3] = {256, 1, 1}, es[3] = {e0, 1, 1};
        must(tce_encode_tiled(&m, il ? TCE_DT_UINT8 : TCE_DT_FLOAT64, il ? 3 : 1, GH, gd, st,
                              bx, es, il ? TCE_IL_32B : TCE_IL_NONE, TCE_SW_NONE, TCE_L2_NONE,
                              TCE_OOB_ZERO, &why), &why);
        put_desc(GD, &m);
        int32_t at[3] = {(int32_t)c0, 0, 0};
        op = tload(GD, il ? 3 : 1, at, 0x1000);
        if (v >= 2 && v != 5)
            op = tce_op_as_store(op);
        snprintf(name, sizeof name, "%s of 2^31 %s, es0 %u, at %lld",
                 tce_op_kind_name(op.kind), il ? "32-byte slices" : "f64", e0,
                 (long long)c0);
        agree(name, &op, TCE_OK);
    }
}

int main(void)
{
    g_rtl = tce_engine_open("rtl");
    if (!g_rtl) {
        fprintf(stderr, "rtl engine: %s\n", tce_engine_open_error());
        return 2;
    }
    bulk_cases();
    multimem_cases();
    im2col_cases();
    no_offs_cases();
    box_bytes_cases();
    fpadd_cases();
    tile_cases();
    tile_edge_cases();
    field_cases();
    far_tile_cases();
    tce_engine_close(g_rtl);
    printf("%u cases\n", g_cases);
    return check_finish("test_rtl_ranges");
}
