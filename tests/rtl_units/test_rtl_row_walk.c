/* The RTL row walk (rtl/walk/tce_row_walk.sv, Verilated alone through bridge/units/) against
 * the golden model's walk: every row's coordinates come from csim's box odometer
 * (tce_box_row_coords, the one csim/tile.c walks) or from an outside row list, its global
 * address from tce_elem_gaddr (taken modulo 2^GADDR_W), its bounds from
 * tce_coords_in_bounds, its shared address from the row pitch. In three builds: the general
 * walk (EXT_ROWS 1, GADDR_W 64), the odometer-only walk at GADDR_W 64 and at 32. The
 * general walk promises an address only for rows in bounds and strides the descriptor rules
 * allow (multiples of 16 below 2^40): it gets only such strides, and its address is compared
 * where the row is in bounds (the movers read or write no other).
 *
 *   edges    hand-picked boxes: ranks 1..5, one row and 256-row dimensions, element
 *            strides 1..8 with wraps of more than 16 elements, coordinates at INT32_MIN and
 *            INT32_MAX, globalDim 2^32, addresses that wrap past 2^GADDR_W, 8 KB pitches,
 *            shared offsets that wrap past 2^24
 *   random   a few thousand boxes (ranks 1..5, up to 4096 rows), with random back-pressure
 *            on `next`; the general build also walks random outside row lists (gather4
 *            rows, im2col-like pixel rows, large jumps)
 *   timing   every build presents a row every cycle after row 0 while `next` is high; the
 *            general build presents an odometer walk's row 0 the cycle after start at rank
 *            1-2 and one cycle later at rank 3-5, an outside generator's one cycle later
 *            still (its latency is in the tile-load bench figures)
 *
 * The seed is printed; TCE_RTL_SEED=<n> replays a run. */
#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "tce_roww.h"
#include "tensor_access.h"
#include "unit_check.h"

#define MAX_ROWS 4096u
#define RANDOM_BOXES 1500u

static const char *const BUILD_NAMES[] = {"general (EXT_ROWS 1, GADDR_W 64)",
                                          "odometer (EXT_ROWS 0, GADDR_W 64)",
                                          "odometer (EXT_ROWS 0, GADDR_W 32)"};

static unsigned long rows_checked;

/* An outside generator's rows (coordinates of dims 1..4). */
static int64_t ext_rows[MAX_ROWS][4];

static uint64_t rows_of(const tce_roww_cmd *c)
{
    uint64_t r = 1;
    for (unsigned i = 0; i + 1 < c->rank; i++)
        r *= c->n[i];
    return r;
}

/* The golden model's view of row r: coordinates, address, bounds. */
static void expected_row(const tce_roww_cmd *c, unsigned gw, uint64_t r, uint64_t *g, bool *inb)
{
    tce_tensormap m;
    memset(&m, 0, sizeof m);
    m.rank = c->rank;
    m.gaddr = c->gaddr;
    m.gdim[0] = 1; /* dim 0 is not the walk's: one in-bounds position at x[0] = 0 */
    m.gstride[0] = 1ull << c->ul;
    uint32_t n[5] = {1}, e[5] = {1};
    for (unsigned i = 1; i < 5; i++) {
        m.gdim[i] = c->gdim[i - 1];
        m.gstride[i] = c->gstride[i - 1];
        n[i] = c->n[i - 1];
        e[i] = c->e[i - 1];
    }
    int64_t x[5] = {0};
    if (c->ext_rows)
        for (unsigned i = 1; i < c->rank; i++)
            x[i] = ext_rows[r][i - 1];
    else
        tce_box_row_coords(c->rank, n, e, c->coords, r, x);
    *inb = tce_coords_in_bounds(&m, x);
    x[0] = c->coords[0];
    *g = tce_elem_gaddr(&m, x);
    if (gw < 64)
        *g &= (1ull << gw) - 1u;
}

/* Walks one command to its last row. `pressure`: `next` is high only half the time. */
static void walk(tce_roww *u, tce_roww_build b, const tce_roww_cmd *c, uint64_t nrows,
                 bool pressure, const char *what)
{
    unsigned gw = b == TCE_ROWW_ODO32 ? 32 : 64;
    tce_roww_start(u, c);
    uint64_t r = 0, gi = 0, cycles = 0, limit = 8 * nrows + 64, last_take = 0;
    while (r < nrows) {
        if (cycles++ > limit) {
            CHECK(0, "%s: %s: the walk stalled at row %" PRIu64 " of %" PRIu64, BUILD_NAMES[b],
                  what, r, nrows);
            return;
        }
        bool next = !pressure || (rnd() & 1);
        static const int64_t none[4];
        const int64_t *x = c->ext_rows ? ext_rows[gi] : none;
        tce_roww_out o;
        tce_roww_cycle(u, x, c->ext_rows && gi + 1 == nrows, next, &o);
        if (c->ext_rows && o.step) {
            CHECK(gi + 1 < nrows, "%s: %s: row_step past the generator's last row",
                  BUILD_NAMES[b], what);
            if (gi + 1 < nrows)
                gi++;
        }
        if (!(o.valid && next))
            continue;
        uint64_t g;
        bool inb;
        expected_row(c, gw, r, &g, &inb);
        uint32_t sbase = (c->soff + (uint32_t)r * c->pitch) & 0xFFFFFFu;
        CHECK(o.g == g || (b == TCE_ROWW_GENERAL && !inb),
              "%s: %s: row %" PRIu64 ": address 0x%" PRIx64 ", model 0x%" PRIx64, BUILD_NAMES[b],
              what, r, o.g, g);
        CHECK(o.inb == inb, "%s: %s: row %" PRIu64 ": in bounds %d, model %d", BUILD_NAMES[b],
              what, r, o.inb, inb);
        CHECK(o.sbase == sbase, "%s: %s: row %" PRIu64 ": shared 0x%x, model 0x%x",
              BUILD_NAMES[b], what, r, o.sbase, sbase);
        CHECK(o.last == (r + 1 == nrows), "%s: %s: row %" PRIu64 " of %" PRIu64 ": last_row %d",
              BUILD_NAMES[b], what, r, nrows, o.last);
        /* A row per cycle after row 0; the general build's row 0 latency (the header). */
        if (!pressure && r > 0)
            CHECK(cycles - last_take == 1, "%s: %s: row %" PRIu64 " came %" PRIu64
                  " cycles after the previous one, not 1", BUILD_NAMES[b], what, r,
                  cycles - last_take);
        if (b == TCE_ROWW_GENERAL && !pressure && r == 0) {
            uint64_t want = (c->rank <= 2 ? 2u : 3u) + (c->ext_rows ? 1u : 0u);
            CHECK(cycles == want, "%s: %s: row 0 came %" PRIu64 " cycles after start, not %" PRIu64,
                  BUILD_NAMES[b], what, cycles, want);
        }
        last_take = cycles;
        rows_checked++;
        r++;
    }
    /* A few more cycles: the walk presents nothing past its last row. */
    for (unsigned k = 0; k < 3; k++) {
        static const int64_t none[4];
        tce_roww_out o;
        tce_roww_cycle(u, c->ext_rows ? ext_rows[gi] : none, c->ext_rows, true, &o);
        CHECK(!o.valid, "%s: %s: a row presented after the last one", BUILD_NAMES[b], what);
    }
}

static void base_cmd(tce_roww_cmd *c, unsigned rank)
{
    memset(c, 0, sizeof *c);
    c->rank = rank;
    c->ul = 1;
    c->gaddr = 0x10000;
    for (unsigned i = 0; i < 4; i++) {
        c->gdim[i] = 1, c->gstride[i] = 0, c->n[i] = 1, c->e[i] = 1;
        if (i + 1 < rank) {
            c->gdim[i] = 64;
            c->gstride[i] = 256u << (2 * i);
            c->n[i] = 3;
        }
    }
    c->pitch = 128;
}

/* Hand-picked boxes (the header), each walked with `next` always high and under pressure. */
static void run_edges(tce_roww *u, tce_roww_build b)
{
    tce_roww_cmd c;
    unsigned cases = 0;
    for (unsigned pass = 0; pass < 2; pass++) {
        bool p = pass == 1;
        for (unsigned rank = 1; rank <= 5; rank++) {
            base_cmd(&c, rank);
            c.coords[0] = -8;
            for (unsigned i = 0; i + 1 < rank; i++)
                c.coords[i + 1] = (int32_t)i - 1;
            walk(u, b, &c, rows_of(&c), p, "small box of each rank"), cases++;
        }
        /* 256 rows in dim 1 from a negative start, leaving the tensor at both ends. */
        base_cmd(&c, 2);
        c.n[0] = 256, c.coords[1] = -5, c.gdim[0] = 200;
        walk(u, b, &c, 256, p, "256 rows across both ends of dim 1"), cases++;
        /* 256 positions of dim 4, the others one. */
        base_cmd(&c, 5);
        c.n[0] = c.n[1] = c.n[2] = 1, c.n[3] = 256, c.e[3] = 3, c.gdim[3] = 700;
        walk(u, b, &c, 256, p, "256 positions of dim 4 at stride 3"), cases++;
        /* Strides of 8 wrapping back over more than 16 elements in every dim. */
        base_cmd(&c, 5);
        for (unsigned i = 0; i < 4; i++)
            c.n[i] = 3 + i, c.e[i] = 8, c.gdim[i] = 40;
        walk(u, b, &c, rows_of(&c), p, "stride-8 wraps in dims 1..4"), cases++;
        /* Every element stride 1..8 in dims 1..4. */
        for (unsigned s = 1; s <= 8; s++) {
            base_cmd(&c, 5);
            for (unsigned i = 0; i < 4; i++)
                c.e[i] = s, c.n[i] = 2 + (s + i) % 3, c.gdim[i] = 13, c.coords[i + 1] = -3;
            walk(u, b, &c, rows_of(&c), p, "element stride 1..8"), cases++;
        }
        /* Coordinates at INT32_MAX with globalDim 2^32: rows past 2^31 still in bounds. */
        base_cmd(&c, 3);
        c.coords[1] = INT32_MAX, c.coords[2] = INT32_MAX - 5;
        c.gdim[0] = c.gdim[1] = 1ull << 32;
        c.n[0] = 4, c.e[0] = 8, c.n[1] = 3, c.e[1] = 4;
        walk(u, b, &c, rows_of(&c), p, "coordinates at INT32_MAX, globalDim 2^32"), cases++;
        /* ... and at INT32_MIN, the dim's whole range out of bounds. */
        base_cmd(&c, 3);
        c.coords[0] = INT32_MIN, c.coords[1] = INT32_MIN, c.coords[2] = -1;
        c.gdim[0] = c.gdim[1] = 1ull << 32;
        c.n[0] = 5, c.e[0] = 7, c.n[1] = 2;
        walk(u, b, &c, rows_of(&c), p, "coordinates at INT32_MIN"), cases++;
        /* Sums that pass 2^GADDR_W: a base near the top, large strides. */
        base_cmd(&c, 4);
        c.gaddr = b == TCE_ROWW_ODO32 ? 0xFFFFFF00ull : 0xFFFFFFFFFFFFFF00ull;
        c.gstride[0] = b == TCE_ROWW_ODO32 ? 0xFFFFFFF0u : (1ull << 40) - 16u;
        c.gstride[1] = b == TCE_ROWW_ODO32 ? 0x80000000u
                       : b == TCE_ROWW_GENERAL ? (1ull << 40) - 16u : 0xFFFFFFFFFFFFFFF0ull;
        c.gstride[2] = 0x7FFFFFF0u;
        c.coords[0] = 64, c.coords[1] = 3, c.coords[2] = -2, c.coords[3] = 1;
        c.n[0] = 4, c.n[1] = 3, c.n[2] = 2, c.e[1] = 5;
        walk(u, b, &c, rows_of(&c), p, "address sums past 2^GADDR_W"), cases++;
        /* 8 KB pitch from a shared offset near 2^24 (the offset wraps), every unit size. */
        for (unsigned ul = 0; ul <= 5; ul++) {
            base_cmd(&c, 2);
            c.ul = ul, c.coords[0] = -(int32_t)(16u >> (ul < 4 ? ul : 4));
            c.pitch = 8192, c.soff = 0xFFC000u, c.n[0] = 5;
            walk(u, b, &c, rows_of(&c), p, "8 KB pitch, shared offset wrapping"), cases++;
        }
    }
    printf("%s: edges: %u walks\n", BUILD_NAMES[b], cases);
}

static uint64_t random_stride(unsigned gw, bool legal)
{
    if (legal) /* the descriptor rules: a multiple of 16 below 2^40 */
        return random_stride(gw, false) & ((1ull << 40) - 16u);
    switch (rnd_below(4)) {
    case 0: return rnd_below(64) * 16u;
    case 1: return (rnd() & ((1ull << 40) - 1u)) & ~15ull;
    case 2: return gw == 64 ? rnd() : rnd() & 0xFFFFFFFFu;
    default: return rnd_below(1u << 20);
    }
}

static int32_t random_coord(void)
{
    switch (rnd_below(5)) {
    case 0: return (int32_t)(uint32_t)rnd();
    case 1: return (int32_t)rnd_range(INT32_MAX - 3000, INT32_MAX);
    case 2: return (int32_t)rnd_range(INT32_MIN, INT32_MIN + 100);
    default: return (int32_t)rnd_range(-40, 300);
    }
}

/* A random box of at most MAX_ROWS rows. */
static void random_cmd(tce_roww_cmd *c, unsigned gw, bool legal)
{
    memset(c, 0, sizeof *c);
    c->rank = 1 + (unsigned)rnd_below(5);
    c->ul = (unsigned)rnd_below(6);
    c->gaddr = gw == 64 ? rnd() : rnd() & 0xFFFFFFFFu;
    if (rnd_below(2))
        c->gaddr &= ~0xFFFull;
    uint64_t rows = 1;
    for (unsigned i = 0; i < 4; i++) {
        c->gdim[i] = 1, c->gstride[i] = random_stride(gw, legal), c->n[i] = 1, c->e[i] = 1;
        if (i + 1 >= c->rank)
            continue;
        unsigned n;
        do
            n = rnd_below(4) ? 1 + (unsigned)rnd_below(12) : 1 + (unsigned)rnd_below(256);
        while (rows * n > MAX_ROWS);
        rows *= n;
        c->n[i] = n;
        c->e[i] = 1 + (unsigned)rnd_below(8);
        c->gdim[i] = rnd_below(8) == 0 ? (1ull << 32) - rnd_below(3) : 1 + rnd_below(400);
    }
    for (unsigned i = 0; i < 5; i++)
        c->coords[i] = random_coord();
    c->soff = (uint32_t)rnd() & 0xFFFF80u;
    c->pitch = (uint32_t)rnd_below(1u << 14);
}

/* A random outside row list for cmd c: gather4's four rows (dim 1 only, anywhere),
 * im2col-like pixel rows (small steps, wraps back by a window), or random jumps within the
 * generators' 35-bit reach. Returns the row count. */
static uint64_t random_ext_rows(tce_roww_cmd *c)
{
    c->ext_rows = true;
    unsigned kind = (unsigned)rnd_below(3);
    uint64_t nrows = kind == 0 ? 4 : 1 + rnd_below(kind == 1 ? 600 : 60);
    int64_t x[4];
    for (unsigned i = 0; i < 4; i++)
        x[i] = (int64_t)random_coord();
    for (uint64_t r = 0; r < nrows; r++) {
        for (unsigned i = 0; i < 4; i++) {
            if (kind == 0)
                ext_rows[r][i] = i == 0 ? (int64_t)random_coord() : 0;
            else if (kind == 1) {
                /* A window of pixels: step by 1..8, now and then wrap back or carry. */
                if (i == 0 || rnd_below(6) == 0)
                    x[i] += rnd_below(5) == 0 ? -(int64_t)rnd_below(40) : (int64_t)rnd_range(0, 8);
                ext_rows[r][i] = x[i];
            } else {
                ext_rows[r][i] = rnd_below(3) ? (int64_t)random_coord()
                                              : rnd_range(-(1ll << 34), (1ll << 34) - 1);
            }
        }
    }
    return nrows;
}

static void run_random(tce_roww *u, tce_roww_build b)
{
    unsigned gw = b == TCE_ROWW_ODO32 ? 32 : 64;
    unsigned long before = rows_checked;
    unsigned ext = 0;
    for (unsigned k = 0; k < RANDOM_BOXES; k++) {
        tce_roww_cmd c;
        random_cmd(&c, gw, b == TCE_ROWW_GENERAL);
        bool pressure = rnd_below(3) == 0;
        if (b == TCE_ROWW_GENERAL && rnd_below(3) == 0) {
            uint64_t n = random_ext_rows(&c);
            walk(u, b, &c, n, pressure, "random outside rows");
            ext++;
        } else {
            walk(u, b, &c, rows_of(&c), pressure, "random box");
        }
    }
    printf("%s: random: %u walks (%u of outside rows), %lu rows\n", BUILD_NAMES[b], RANDOM_BOXES,
           ext, rows_checked - before);
}

int main(void)
{
    int rc = unit_seed(0x70ca1c5eull);
    if (rc)
        return rc;
    for (unsigned b = 0; b < 3; b++) {
        tce_roww *u = tce_roww_create((tce_roww_build)b);
        if (!u) {
            fprintf(stderr, "cannot create the Verilated row walk (out of memory)\n");
            return 1;
        }
        run_edges(u, (tce_roww_build)b);
        run_random(u, (tce_roww_build)b);
        tce_roww_destroy(u);
    }
    printf("%lu rows compared with the golden model's walk\n", rows_checked);
    return unit_verdict();
}
