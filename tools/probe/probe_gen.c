/* `probe_gen KIND COUNT SEED`: writes COUNT random cases (hardware-corpus format, no
 * results) for the probe to run on a GPU. KIND:
 *   ileave_store   store.tile through 16B/32B interleaved maps
 *   ileave_reduce  reduce.tile through 16B/32B interleaved maps (the op/type pairs of
 *                  tile_reduce.txt, plus about 10 % drawn from all pairs)
 *   ileave_im2col  load.im2col through 16B/32B interleaved maps
 *   reduce_types   reduce.tile of every op on UINT8 UINT16 FLOAT64 TFLOAT32 TFLOAT32_FTZ
 *                  (and FLOAT32 beside them), half of them interleaved, to learn which
 *                  pairs the H100 accepts and how it computes them
 *   add_types      reduce.tile add on FLOAT64 TFLOAT32 TFLOAT32_FTZ only (the pairs
 *                  reduce_types found legal beyond the PTX table), `values` fills
 *   int_types      reduce.tile of every op on UINT32 INT32 UINT64 INT64, half of them
 *                  interleaved (INT32 inc/dec and INT64 add were never captured)
 *   wide_load      load.tile over wider fields than tile_load.txt: rank 1..5, every type,
 *                  rows up to 256 bytes, boxes up to 64 along outer dims, element strides up
 *                  to 8, boxes partly or wholly out of bounds (negative coordinates too),
 *                  NaN fill, a few interleaved maps and misaligned coordinates/offsets
 *   wide_store     store.tile / reduce.tile (half each, legal op/type pairs) on such tensors
 *   wide_im2col    load.im2col through non-interleaved maps, channels up to 256 bytes
 *   no_offs        store.im2col_no_offs / reduce.im2col_no_offs (half each) through
 *                  non-interleaved im2col maps, channels up to the swizzle span
 *   ileave_no_offs the same through 16B/32B interleaved im2col maps
 * The draws follow the shapes of the existing captures (ileave_load.txt, im2col_load.txt):
 * small tensors, rank 3..5, box dim 0 of 16 or 32 bytes, a few deliberately illegal
 * coordinates and shared offsets. The driver decides which maps are legal; the probe
 * leaves out those it refuses. Fills are the corpus generators named by seed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t st;

static uint64_t next(void)
{
    uint64_t z;
    st += 0x9E3779B97F4A7C15ull;
    z = st;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in [lo, hi]. */
static int64_t rnd(int64_t lo, int64_t hi)
{
    return lo + (int64_t)(next() % (uint64_t)(hi - lo + 1));
}

static int pct(int p)
{
    return rnd(0, 99) < p;
}

static const char *const DTYPES[] = {"UINT8", "UINT16", "UINT32", "INT32", "UINT64", "INT64",
                                     "FLOAT16", "FLOAT32", "FLOAT64", "BFLOAT16",
                                     "FLOAT32_FTZ", "TFLOAT32", "TFLOAT32_FTZ"};
static const unsigned DSIZE[] = {1, 2, 4, 4, 8, 8, 2, 4, 8, 2, 4, 4, 4};
static const char *const REDOPS[] = {"add", "min", "max", "inc", "dec", "and", "or", "xor"};
static const char *const SWZ[] = {"NONE", "32B", "64B", "128B"};
static const unsigned SWZ_SPAN[] = {0, 32, 64, 128};
static const char *const PROMO[] = {"NONE", "64B", "128B", "256B"};

/* tile_reduce.txt's op/type pairs: dtype index, then a bit per REDOPS entry. */
static const struct { int dt; unsigned ops; } LEGAL[] = {
    {9, 0x07}, {6, 0x07}, {7, 0x01}, {10, 0x01}, {3, 0xE7}, {5, 0xE6}, {2, 0xFF}, {4, 0xE7}};

/* Types the `values` generator knows; tf32 (with the f32 layout) only where asked, as
 * the first files were drawn without it. */
static int is_float(int dt, int with_tf32)
{
    return (dt >= 6 && dt <= 10) || (with_tf32 && (dt == 11 || dt == 12));
}

static void put_list(const char *key, const int64_t *v, int n)
{
    printf("%s", key);
    for (int i = 0; i < n; i++)
        printf(" %lld", (long long)v[i]);
    printf("\n");
}

typedef struct {
    int dt, rank, il, sw;
    unsigned es, slice;
    int64_t gdim[5], gstride[5], estride[5];
    uint64_t gbytes;
} tensor;

/* How big a drawn tensor gets: dim 0 and the outer dims up to their small or (less often)
 * large bound, dim 1's stride padded by up to pad0 units, element strides up to estride; the
 * unit is the slice (16/32 bytes) or 16 bytes; at most maxg bytes. */
typedef struct {
    int64_t dim0_small, dim0_large, outer_small, outer_large, pad0, estride;
    int unit16;
    uint64_t maxg;
} shape;
static const shape SMALL = {8, 20, 6, 12, 3, 4, 0, UINT64_MAX};
static const shape WIDE = {32, 300, 8, 40, 4, 8, 1, 256u * 1024u};

/* A tensor: strides on the unit, each dim's stride at least the previous dim's extent plus
 * a little padding; il < 0 draws the interleave (16B/32B) here, as the first kinds' files
 * did. Returns 0 when it grows past the shape's maxg. */
static int draw_tensor(tensor *t, int dt, int min_rank, int il, const shape *sh)
{
    t->dt = dt;
    t->es = DSIZE[dt];
    t->rank = (int)rnd(min_rank, 5);
    t->il = il < 0 ? (int)rnd(1, 2) : il;
    t->slice = t->il == 2 ? 32u : 16u;
    t->sw = t->il == 2 ? (pct(85) ? 1 : (int)rnd(0, 3)) : (int)rnd(0, 3);
    t->gdim[0] = rnd(1, pct(50) ? sh->dim0_small : sh->dim0_large);
    int64_t unit = sh->unit16 ? 16 : t->slice;
    t->gstride[0] = (int64_t)t->es;
    int64_t s = ((t->gdim[0] * t->es + unit - 1) / unit) * unit;
    if (pct(30))
        s += unit * rnd(1, sh->pad0);
    for (int i = 1; i < t->rank; i++) {
        t->gdim[i] = rnd(1, pct(70) ? sh->outer_small : sh->outer_large);
        t->gstride[i] = s;
        s = s * t->gdim[i] + (pct(20) ? unit * rnd(1, 2) : 0);
        if ((uint64_t)s > sh->maxg)
            return 0;
    }
    /* gbytes covers any in-bounds address however dim 0 is counted (elements or slices). */
    uint64_t reach = (uint64_t)t->gdim[0] * (t->slice > t->es ? t->slice : t->es);
    for (int i = 1; i < t->rank; i++)
        reach += (uint64_t)(t->gdim[i] - 1) * (uint64_t)t->gstride[i];
    t->gbytes = (uint64_t)s > reach ? (uint64_t)s : reach;
    t->gbytes = (t->gbytes + 255) & ~255ull;
    for (int i = 0; i < t->rank; i++)
        t->estride[i] = pct(75) ? 1 : rnd(2, sh->estride);
    return t->gbytes <= sh->maxg;
}

static void put_map_tail(const tensor *t)
{
    put_list("estride", t->estride, t->rank);
    static const char *const IL[] = {"NONE", "16B", "32B"};
    printf("interleave %s\nswizzle %s\npromo %s\noobfill %s\n", IL[t->il],
           SWZ[t->sw], PROMO[rnd(0, 3)], pct(50) ? "NONE" : "NAN");
}

static void put_tensor_head(const tensor *t, const char *map)
{
    printf("map %s\ndtype %s\nrank %d\n", map, DTYPES[t->dt], t->rank);
    put_list("gdim", t->gdim, t->rank);
    put_list("gstride", t->gstride + 1, t->rank - 1);
}

/* Coordinates for a store/reduce: mostly inside, some partly or wholly past the end,
 * about 4 % negative (traps on this GPU for non-interleaved maps). */
static void draw_store_coords(const tensor *t, int64_t *c)
{
    for (int i = 0; i < t->rank; i++) {
        c[i] = rnd(0, t->gdim[i] - 1 + (pct(15) ? 2 : 0));
        if (pct(1))
            c[i] = -rnd(1, 2);
    }
}

/* A legal op/type pair of tile_reduce.txt: returns the dtype index, sets *op. */
static int draw_legal_pair(int *op)
{
    int k = (int)rnd(0, sizeof LEGAL / sizeof LEGAL[0] - 1);
    do
        *op = (int)rnd(0, 7);
    while (!((LEGAL[k].ops >> *op) & 1u));
    return LEGAL[k].dt;
}

/* One store/reduce case; float reduces get `values` fills. smem_off < 0: a whole 128-byte
 * line 0..7 drawn here, after the map. The draws keep the order the files were made in
 * (sseed before gseed), so their seeds give the same cases. */
static void put_store_case(long id, int reduce, int op, const tensor *t, const int64_t *box,
                           const int64_t *c, int float_fill, int64_t smem_off, uint64_t sbytes)
{
    printf("case %ld\nop %s\n", id, reduce ? "reduce.tile" : "store.tile");
    if (reduce)
        printf("redop %s\n", REDOPS[op]);
    put_tensor_head(t, "tiled");
    put_list("box", box, t->rank);
    put_map_tail(t);
    put_list("coords", c, t->rank);
    const char *fill = reduce && float_fill ? "values" : "raw";
    if (smem_off < 0)
        smem_off = 128 * rnd(0, 7);
    uint64_t sseed = next(), gseed = next();
    printf("gseed %llu\ngfill %s\nsseed %llu\nsfill %s\ngbytes %llu\nsmem_off %lld\n"
           "sbytes %llu\nend\n",
           (unsigned long long)gseed, fill, (unsigned long long)sseed, fill,
           (unsigned long long)t->gbytes, (long long)smem_off, (unsigned long long)sbytes);
}

static int gen_store(long id, int reduce, int odd_types, int add_only, int int_only)
{
    static const int ODD[] = {0, 1, 8, 11, 12, 7};
    static const int ADDT[] = {8, 11, 12};
    static const int INTT[] = {2, 3, 4, 5};
    tensor t;
    int dt, op = 0, il = -1;
    if (int_only) {
        dt = INTT[rnd(0, 3)];
        op = (int)rnd(0, 7);
        il = pct(50) ? 0 : (int)rnd(1, 2);
    } else if (add_only) {
        dt = ADDT[rnd(0, 2)];
        il = pct(50) ? 0 : (int)rnd(1, 2);
    } else if (odd_types) {
        dt = ODD[rnd(0, 5)];
        op = (int)rnd(0, 7);
        il = pct(50) ? 0 : (int)rnd(1, 2);
    } else if (reduce) {
        if (pct(90)) {
            dt = draw_legal_pair(&op);
        } else {
            dt = (int)rnd(0, 12);
            op = (int)rnd(0, 7);
        }
    } else {
        dt = (int)rnd(0, 12);
    }
    draw_tensor(&t, dt, il ? 3 : 1, il, &SMALL);
    il = t.il;
    if (t.gbytes > 4096)
        return 0;
    int64_t box[5], c[5];
    box[0] = (pct(50) ? 16 : 32) / (int64_t)t.es;
    if (!il)
        box[0] *= rnd(1, 2);
    if (pct(5))
        box[0] = rnd(1, 8);
    uint64_t rows = 1;
    for (int i = 1; i < t.rank; i++) {
        box[i] = rnd(1, t.gdim[i] + (pct(20) ? 2 : 0));
        if (box[i] > 16)
            box[i] = 16;
        rows *= (uint64_t)box[i];
    }
    draw_store_coords(&t, c);
    if (!il) /* dim 0 on a 16-byte boundary, or it traps (tile_store.txt) */
        c[0] -= c[0] % (16 / (int64_t)t.es);
    uint64_t row = (uint64_t)box[0] * t.es;
    if (row < t.slice)
        row = t.slice;
    if (row < SWZ_SPAN[t.sw])
        row = SWZ_SPAN[t.sw];
    uint64_t sbytes = ((rows * row + 127) & ~127ull) + 128;
    if (sbytes > 32768)
        return 0;
    int64_t smem_off = 128 * rnd(0, 7) + (pct(3) ? 16 : 0);
    put_store_case(id, reduce, op, &t, box, c, is_float(dt, odd_types), smem_off, sbytes);
    return 1;
}

/* An im2col start: the channel coordinate mostly 0, each spatial start pixel mostly in
 * [lower, gdim-1+upper], 4 % past the last start pixel, small offsets now and then. */
static void draw_im2col_coords(const tensor *t, const int64_t *lo, const int64_t *up,
                               int64_t *c, int64_t *off)
{
    c[0] = pct(85) ? 0 : rnd(0, t->gdim[0]);
    for (int i = 0; i < t->rank - 2; i++) {
        int64_t d = t->gdim[1 + i];
        c[1 + i] = rnd(lo[i], d - 1 + up[i] < lo[i] ? lo[i] : d - 1 + up[i]);
        if (pct(4))
            c[1 + i] = d + up[i] + rnd(0, 2);
        off[i] = pct(70) ? 0 : rnd(0, 3);
    }
    c[t->rank - 1] = rnd(0, t->gdim[t->rank - 1] - 1);
}

/* One im2col load case, unless its footprint (pixels x rows padded to 16 bytes and the
 * swizzle span) passes max_footprint: returns whether it wrote one. Its shared offset is
 * drawn from 0..smem_lines 128-byte lines; the draws keep the order the first files were
 * made in, so their seeds give the same cases. */
static int put_im2col_case(long id, const tensor *t, const int64_t *lo, const int64_t *up,
                           int64_t ch, int64_t px, const int64_t *c, const int64_t *off,
                           int smem_lines, uint64_t max_footprint)
{
    uint64_t row = ((uint64_t)ch * t->es + 15) & ~15ull;
    if (row < SWZ_SPAN[t->sw])
        row = SWZ_SPAN[t->sw];
    uint64_t tx = (uint64_t)px * (uint64_t)ch * t->es, footprint = (uint64_t)px * row;
    if (footprint > max_footprint)
        return 0;
    int nsp = t->rank - 2;
    printf("case %ld\nop load.im2col\n", id);
    put_tensor_head(t, "im2col");
    put_list("lower", lo, nsp);
    put_list("upper", up, nsp);
    printf("channels %lld\npixels %lld\n", (long long)ch, (long long)px);
    put_map_tail(t);
    put_list("coords", c, t->rank);
    put_list("offsets", off, nsp);
    int64_t smem_off = 128 * rnd(0, smem_lines);
    uint64_t gseed = next();
    printf("gseed %llu\ngbytes %llu\nsmem_off %lld\ntx %llu\nfootprint %llu\nend\n",
           (unsigned long long)gseed, (unsigned long long)t->gbytes, (long long)smem_off,
           (unsigned long long)tx, (unsigned long long)footprint);
    return 1;
}

/* im2col through an interleaved map: lower/upper within the driver's range for the rank,
 * the start pixel mostly inside [lower, gdim-1+upper] of each spatial dim. */
static int gen_im2col(long id)
{
    tensor t;
    draw_tensor(&t, (int)rnd(0, 12), 3, -1, &SMALL);
    if (t.gbytes > 4096)
        return 0;
    int nsp = t.rank - 2;
    int64_t lim = t.rank == 3 ? 4 : t.rank == 4 ? 3 : 2;
    int64_t lo[3], up[3], c[5], off[3];
    for (int i = 0; i < nsp; i++) {
        lo[i] = rnd(-lim, 1);
        up[i] = rnd(-1, lim);
    }
    int64_t ch = (pct(50) ? 16 : 32) / (int64_t)t.es;
    if (pct(30))
        ch *= rnd(2, 4);
    if (pct(5))
        ch = rnd(1, 16);
    int64_t px = rnd(1, pct(70) ? 16 : 48);
    draw_im2col_coords(&t, lo, up, c, off);
    return put_im2col_case(id, &t, lo, up, ch, px, c, off, 3, 8192);
}

/* Box dim 0 in elements: whole 16-byte granules within the swizzle span (the driver's rule),
 * now and then one that is not. */
static int64_t draw_box0(const tensor *t)
{
    unsigned span = t->sw ? SWZ_SPAN[t->sw] : 256u;
    int64_t g = rnd(1, span / 16);
    int64_t b = (16 * g) / (int64_t)t->es;
    if (pct(4))
        b = rnd(1, 2 * b + 1);
    return b < 1 ? 1 : b;
}

/* Shared bytes a box can take at most (whole box, rows padded to 16 bytes and the swizzle
 * span): sizes the dump; the probe re-arms tx from what the bytes show. */
static uint64_t box_bound(const tensor *t, const int64_t *box)
{
    uint64_t row = ((uint64_t)box[0] * t->es + 15) & ~15ull;
    if (row < t->slice)
        row = t->slice;
    if (row < SWZ_SPAN[t->sw])
        row = SWZ_SPAN[t->sw];
    uint64_t rows = 1;
    for (int i = 1; i < t->rank; i++)
        rows *= (uint64_t)box[i];
    return rows * row;
}

static int gen_wide_load(long id)
{
    tensor t;
    int il = pct(12) ? (int)rnd(1, 2) : 0;
    if (!draw_tensor(&t, (int)rnd(0, 12), il ? 3 : 1, il, &WIDE))
        return 0;
    int64_t box[5], c[5];
    box[0] = draw_box0(&t);
    for (int i = 1; i < t.rank; i++)
        box[i] = rnd(1, pct(60) ? 8 : 64);
    uint64_t bound = box_bound(&t, box);
    if (bound > 16384)
        return 0;
    for (int i = 0; i < t.rank; i++) {
        int64_t lo = pct(85) ? 0 : -box[i] - 1, hi = t.gdim[i] - 1 + (pct(15) ? box[i] + 2 : 0);
        c[i] = rnd(lo, hi);
    }
    if (!il && pct(93)) /* dim 0 on a 16-byte boundary: off it traps (regress --wide) */
        c[0] -= ((c[0] % (16 / (int64_t)t.es)) + 16 / (int64_t)t.es) % (16 / (int64_t)t.es);
    int64_t smem_off = 128 * rnd(0, 7) + (pct(3) ? 16 * rnd(1, 7) : 0);
    printf("case %ld\nop load.tile\n", id);
    put_tensor_head(&t, "tiled");
    put_list("box", box, t.rank);
    put_map_tail(&t);
    put_list("coords", c, t.rank);
    printf("gseed %llu\ngbytes %llu\nsmem_off %lld\ntx %llu\nfootprint %llu\nend\n",
           (unsigned long long)next(), (unsigned long long)t.gbytes, (long long)smem_off,
           (unsigned long long)bound, (unsigned long long)bound);
    return 1;
}

static int gen_wide_store(long id)
{
    tensor t;
    int reduce = pct(50), dt, op = 0;
    if (reduce) {
        dt = draw_legal_pair(&op);
    } else {
        dt = (int)rnd(0, 12);
    }
    if (!draw_tensor(&t, dt, 1, 0, &WIDE) || t.gbytes > 8192)
        return 0;
    int64_t box[5], c[5];
    box[0] = draw_box0(&t);
    for (int i = 1; i < t.rank; i++)
        box[i] = rnd(1, pct(60) ? 8 : 32);
    uint64_t sbytes = ((box_bound(&t, box) + 127) & ~127ull) + 128;
    if (sbytes > 32768)
        return 0;
    for (int i = 0; i < t.rank; i++) {
        c[i] = rnd(0, t.gdim[i] - 1 + (pct(15) ? box[i] + 2 : 0));
        if (pct(1))
            c[i] = -rnd(1, 2);
    }
    c[0] -= c[0] % (16 / (int64_t)t.es);
    put_store_case(id, reduce, op, &t, box, c, is_float(dt, 0), -1, sbytes);
    return 1;
}

/* im2col through a non-interleaved map: the lower/upper corners within the driver's range
 * for the rank, start pixels mostly inside, some past the last start pixel. */
static int gen_wide_im2col(long id)
{
    tensor t;
    if (!draw_tensor(&t, (int)rnd(0, 12), 3, 0, &WIDE))
        return 0;
    int nsp = t.rank - 2;
    int64_t lim = t.rank == 3 ? 32 : t.rank == 4 ? 8 : 4;
    int64_t lo[3], up[3], c[5], off[3];
    for (int i = 0; i < nsp; i++) {
        lo[i] = rnd(-lim, pct(80) ? 0 : lim - 1);
        up[i] = rnd(pct(80) ? 0 : -lim, lim - 1);
    }
    unsigned span = t.sw ? SWZ_SPAN[t.sw] : 256u;
    int64_t ch = (16 * rnd(1, span / 16)) / (int64_t)t.es;
    if (ch < 1 || pct(4))
        ch = rnd(1, 16);
    int64_t px = rnd(1, pct(70) ? 32 : 256);
    draw_im2col_coords(&t, lo, up, c, off);
    return put_im2col_case(id, &t, lo, up, ch, px, c, off, 7, 16384);
}

/* .im2col_no_offs store or reduce (shared::cta -> global) through an im2col map, interleaved
 * (16B/32B drawn) when ileave: corners mostly inside the tensor (lower >= 0, upper <= 0, as
 * the PTX text requires) and 5 % each outside it, start pixels mostly inside the window, the
 * channel coordinate mostly on 16 bytes. The source is filled well past any row layout the
 * map could mean (rows of channelsPerPixel padded to the swizzle span, or one slice each). */
static int gen_no_offs(long id, int ileave)
{
    tensor t;
    int reduce = pct(50), dt, op = 0;
    if (reduce && pct(90)) {
        dt = draw_legal_pair(&op);
    } else {
        dt = (int)rnd(0, 12);
        op = (int)rnd(0, 7);
    }
    if (!draw_tensor(&t, dt, 3, ileave ? -1 : 0, ileave ? &SMALL : &WIDE) || t.gbytes > 16384)
        return 0;
    int nsp = t.rank - 2;
    int64_t lim = t.rank == 3 ? 4 : t.rank == 4 ? 3 : 2;
    int64_t lo[3], up[3], c[5], off[3];
    for (int i = 0; i < nsp; i++) {
        lo[i] = pct(5) ? -rnd(1, lim) : rnd(0, lim);
        up[i] = pct(5) ? rnd(1, lim) : -rnd(0, lim);
    }
    unsigned span = t.sw ? SWZ_SPAN[t.sw] : 256u;
    int64_t ch = (16 * rnd(1, (ileave ? 64 : span) / 16)) / (int64_t)t.es;
    if (ch < 1 || pct(4))
        ch = rnd(1, 16);
    int64_t px = rnd(1, pct(70) ? 32 : 128);
    draw_im2col_coords(&t, lo, up, c, off);
    int64_t per16 = 16 / (int64_t)t.es;
    if (!ileave && pct(90))
        c[0] -= c[0] % per16;
    for (int i = 0; i < t.rank; i++)
        if (pct(1))
            c[i] = -rnd(1, 2);
    uint64_t row = ((uint64_t)ch * t.es + 15) & ~15ull;
    if (row < 32)
        row = 32;
    if (row < SWZ_SPAN[t.sw])
        row = SWZ_SPAN[t.sw];
    uint64_t sbytes = (((uint64_t)px * row + 127) & ~127ull) + 256;
    if (sbytes > 32768)
        return 0;
    int64_t smem_off = 128 * rnd(0, 7) + (pct(3) ? 16 * rnd(1, 7) : 0);
    const char *fill = reduce && is_float(dt, 0) ? "values" : "raw";
    printf("case %ld\nop %s\n", id, reduce ? "reduce.im2col_no_offs" : "store.im2col_no_offs");
    if (reduce)
        printf("redop %s\n", REDOPS[op]);
    put_tensor_head(&t, "im2col");
    put_list("lower", lo, nsp);
    put_list("upper", up, nsp);
    printf("channels %lld\npixels %lld\n", (long long)ch, (long long)px);
    put_map_tail(&t);
    put_list("coords", c, t.rank);
    uint64_t sseed = next(), gseed = next();
    printf("gseed %llu\ngfill %s\nsseed %llu\nsfill %s\ngbytes %llu\nsmem_off %lld\n"
           "sbytes %llu\nend\n",
           (unsigned long long)gseed, fill, (unsigned long long)sseed, fill,
           (unsigned long long)t.gbytes, (long long)smem_off, (unsigned long long)sbytes);
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: probe_gen ileave_store|ileave_reduce|ileave_im2col|reduce_types|add_types|wide_load|wide_store|wide_im2col|no_offs|ileave_no_offs|int_types COUNT SEED\n");
        return 2;
    }
    long count = strtol(argv[2], NULL, 10);
    st = strtoull(argv[3], NULL, 10);
    int kind = !strcmp(argv[1], "ileave_store")    ? 0
               : !strcmp(argv[1], "ileave_reduce") ? 1
               : !strcmp(argv[1], "ileave_im2col") ? 2
               : !strcmp(argv[1], "reduce_types")  ? 3
               : !strcmp(argv[1], "add_types")     ? 4
               : !strcmp(argv[1], "wide_load")     ? 5
               : !strcmp(argv[1], "wide_store")    ? 6
               : !strcmp(argv[1], "wide_im2col")   ? 7
               : !strcmp(argv[1], "no_offs")       ? 8
               : !strcmp(argv[1], "ileave_no_offs") ? 9
               : !strcmp(argv[1], "int_types")     ? 10
                                                   : -1;
    if (kind < 0 || count <= 0) {
        fprintf(stderr, "probe_gen: unknown kind '%s' or bad count\n", argv[1]);
        return 2;
    }
    for (long id = 0; id < count;)
        id += kind == 2   ? gen_im2col(id)
              : kind == 5 ? gen_wide_load(id)
              : kind == 6 ? gen_wide_store(id)
              : kind == 7 ? gen_wide_im2col(id)
              : kind == 8 || kind == 9 ? gen_no_offs(id, kind == 9)
                                       : gen_store(id, kind != 0, kind == 3 || kind == 4,
                                                   kind == 4, kind == 10);
    return 0;
}
