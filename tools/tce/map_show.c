/* `tce map show`: which global element lands where in shared memory for one load through
 * a driver-format map. The placement is not recomputed here: the golden model (checked
 * against every load of the hardware corpus) performs the load on tagged memory. A first
 * pass fills the tensor's bytes with ff, which tells elements read from global memory (all
 * ff) from fill (zero or the NaN pattern) and from bytes the load does not write (the a5
 * shared memory started with); then one pass per byte of an element index writes that
 * byte of (byte offset / element size) into every byte of each element, and the indices
 * read back are turned into coordinates. */
#include "map_show.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../csim/csim.h"
#include "map_input.h"
#include "num_parse.h"

#define SHOW_MAX_WINDOW (64u << 20) /* global bytes a box's elements may span */
#define SHOW_MAX_DRAWN 65536u       /* shared-memory bytes drawn */
#define SHOW_MAX_ENUM (4u << 20)    /* coordinate tuples tried when naming elements */
#define SHOW_SMEM 232448u
#define SHOW_ROW 128u               /* bytes per drawn row: eight 16-byte chunks */

typedef struct {
    tce_tensormap m;
    uint8_t img[TCE_CUMAP_BYTES];
    int32_t coords[TCE_MAX_RANK];
    uint16_t offsets[3];
    uint32_t smem_off;
    uint64_t lo[TCE_MAX_RANK], hi[TCE_MAX_RANK]; /* coordinate ranges that can be read */
    uint64_t win_lo, win_hi;                      /* byte offsets from gaddr */
    unsigned esize;
} show_ctx;

/* Per shared-memory element slot: what the load put there. */
typedef enum { SLOT_UNTOUCHED, SLOT_FILL, SLOT_GLOBAL } slot_kind;

typedef struct {
    slot_kind kind;
    uint64_t index; /* element index = byte offset from gaddr / element size */
} slot;

static int bad(const char *fmt, const char *a)
{
    fprintf(stderr, "tce map show: ");
    fprintf(stderr, fmt, a);
    fprintf(stderr, "\n");
    return 2;
}

static bool parse_list(const char *opt, const char *v, int64_t lo, int64_t hi, int64_t *out,
                       unsigned want)
{
    char buf[200];
    unsigned n = 0;
    snprintf(buf, sizeof buf, "%s", v);
    for (char *p = buf, *next; p; p = next) {
        next = strchr(p, ',');
        if (next)
            *next++ = '\0';
        tce_num_status st = n < want ? tce_num_i64_in(p, lo, hi, &out[n]) : TCE_NUM_RANGE;
        if (st != TCE_NUM_OK) {
            fprintf(stderr, "tce map show: %s=%s: %s\n", opt, v,
                    n < want ? tce_num_why(st) : "too many values");
            return false;
        }
        n++;
    }
    if (n != want) {
        fprintf(stderr, "tce map show: %s=%s: needs %u values, got %u\n", opt, v, want, n);
        return false;
    }
    return true;
}

/* Coordinate ranges an element of the box can come from, clipped to the tensor. */
static void ranges(show_ctx *s)
{
    const tce_tensormap *m = &s->m;
    for (unsigned i = 0; i < m->rank; i++) {
        int64_t lo = 0, hi = (int64_t)m->gdim[i];
        if (m->kind == TCE_MAP_TILED) {
            lo = s->coords[i];
            hi = lo + (int64_t)m->box[i] * (i == 0 && m->interleave == TCE_IL_NONE ? 1 : m->estride[i]);
        } else if (i == 0) {
            lo = s->coords[0];
            hi = lo + m->channels;
        }
        if (lo < 0)
            lo = 0;
        if (hi > (int64_t)m->gdim[i])
            hi = (int64_t)m->gdim[i];
        s->lo[i] = (uint64_t)lo;
        s->hi[i] = hi > lo ? (uint64_t)hi : (uint64_t)lo;
    }
    s->win_lo = 0;
    s->win_hi = 0;
    bool empty = false;
    for (unsigned i = 0; i < m->rank; i++)
        empty |= s->hi[i] == s->lo[i];
    if (empty)
        return;
    uint64_t a = 0, b = 0;
    for (unsigned i = 0; i < m->rank; i++) {
        uint64_t st = i ? m->gstride[i] : s->esize;
        a += s->lo[i] * st;
        b += (s->hi[i] - 1) * st;
    }
    s->win_lo = a;
    s->win_hi = b + s->esize;
}

static tce_result run_load(const show_ctx *s, tce_memsys *ms, uint64_t map_at)
{
    tce_op op = tce_op_tile_load(0, map_at, s->m.rank, s->coords, TCE_SADDR(0, s->smem_off), 8);
    op.dst_space = TCE_SPACE_SHARED_CLUSTER;
    if (s->m.kind == TCE_MAP_IM2COL) {
        op.mode = TCE_MODE_IM2COL;
        for (unsigned i = 0; i < 3; i++)
            op.im2col[i] = s->offsets[i];
    }
    memset(ms->smem[0], 0xa5, ms->smem_size);
    return tce_csim_execute(&op, ms);
}

/* Element index -> coordinates, by trying every tuple of the ranges (offsets need not
 * decompose uniquely: strides may overlap). */
typedef struct {
    uint64_t key;
    int32_t c[TCE_MAX_RANK];
    bool used, set, twice;
} coord_entry;

typedef struct {
    coord_entry *t;
    size_t cap;
} coord_table;

static coord_entry *lookup(coord_table *h, uint64_t key, bool add)
{
    for (size_t i = (size_t)(key * 0x9E3779B97F4A7C15ull) & (h->cap - 1);; i = (i + 1) & (h->cap - 1)) {
        if (!h->t[i].used) {
            if (!add)
                return NULL;
            h->t[i].used = true;
            h->t[i].key = key;
            return &h->t[i];
        }
        if (h->t[i].key == key)
            return &h->t[i];
    }
}

static bool build_coords(const show_ctx *s, coord_table *h)
{
    uint64_t n = 1;
    for (unsigned i = 0; i < s->m.rank; i++)
        n *= s->hi[i] - s->lo[i];
    if (n == 0 || n > SHOW_MAX_ENUM)
        return false;
    h->cap = 1;
    while (h->cap < 2 * n)
        h->cap <<= 1;
    h->t = calloc(h->cap, sizeof *h->t);
    if (!h->t)
        return false;
    uint64_t x[TCE_MAX_RANK];
    for (unsigned i = 0; i < s->m.rank; i++)
        x[i] = s->lo[i];
    for (uint64_t k = 0; k < n; k++) {
        uint64_t off = x[0] * s->esize;
        for (unsigned i = 1; i < s->m.rank; i++)
            off += x[i] * s->m.gstride[i];
        coord_entry *e = lookup(h, off / s->esize, true);
        if (e->set)
            e->twice = true; /* two coordinates at one address: strides overlap */
        else {
            e->set = true;
            for (unsigned i = 0; i < s->m.rank; i++)
                e->c[i] = (int32_t)x[i];
        }
        for (unsigned i = 0; i < s->m.rank; i++) {
            if (++x[i] < s->hi[i])
                break;
            x[i] = s->lo[i];
        }
    }
    return true;
}

static void coord_text(const show_ctx *s, coord_table *h, uint64_t index, char *out, size_t cap)
{
    coord_entry *e = h->t ? lookup(h, index, false) : NULL;
    if (!e) {
        snprintf(out, cap, "byte +0x%llx", (unsigned long long)(index * s->esize));
        return;
    }
    size_t len = (size_t)snprintf(out, cap, "(");
    for (unsigned i = 0; i < s->m.rank && len < cap; i++)
        len += (size_t)snprintf(out + len, cap - len, "%s%d", i ? ", " : "", (int)e->c[i]);
    if (len < cap)
        snprintf(out + len, cap - len, ")%s", e->twice ? "*" : "");
}

static void svg_escape_free(FILE *o, const char *t)
{
    for (; *t; t++)
        fputc(*t == '<' ? '[' : *t == '>' ? ']' : *t == '&' ? '+' : *t, o);
}

static void write_svg(FILE *o, const show_ctx *s, const slot *slots, unsigned nslots,
                      coord_table *h, const char *title)
{
    const unsigned cw = 8, rh = 20, top = 70;
    unsigned rows = (nslots * s->esize + SHOW_ROW - 1) / SHOW_ROW;
    fprintf(o, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" height=\"%u\" "
               "font-family=\"monospace\" font-size=\"9\">\n", SHOW_ROW * cw + 90,
            top + rows * rh + 20);
    fprintf(o, "<defs><pattern id=\"fill\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\">"
               "<rect width=\"6\" height=\"6\" fill=\"#ddd\"/><path d=\"M0,6 L6,0\" stroke=\"#888\"/>"
               "</pattern></defs>\n");
    fprintf(o, "<text x=\"4\" y=\"14\" font-size=\"12\">");
    svg_escape_free(o, title);
    fprintf(o, "</text>\n<text x=\"4\" y=\"30\" font-size=\"10\">rows of 128 bytes of shared "
               "memory from +0x%x; colour: box row (dim 1 coordinate, im2col: pixel); hatched: "
               "fill (out of bounds); white: not written; hover for coordinates</text>\n",
            s->smem_off);
    fprintf(o, "<text x=\"4\" y=\"46\" font-size=\"10\">swizzle %s: %s</text>\n",
            tce_swizzle_name(s->m.swizzle),
            s->m.swizzle == TCE_SW_NONE ? "rows land as they are"
            : s->m.swizzle == TCE_SW_32B ? "16-byte chunk j of a 256-byte span lands at j ^ (bit 7 of the address)"
            : s->m.swizzle == TCE_SW_64B ? "16-byte chunk bits [5:4] are XORed with address bits [8:7]"
                                         : "16-byte chunk j of 128-byte row r lands at chunk j ^ (r % 8)");
    for (unsigned c = 0; c <= SHOW_ROW / 16; c++)
        fprintf(o, "<line x1=\"%u\" y1=\"%u\" x2=\"%u\" y2=\"%u\" stroke=\"#000\" stroke-width=\"0.4\"/>\n",
                80 + c * 16 * cw, top - 4, 80 + c * 16 * cw, top + rows * rh);
    for (unsigned i = 0; i < nslots; i++) {
        uint32_t off = i * s->esize;
        unsigned x = 80 + (off % SHOW_ROW) * cw, y = top + (off / SHOW_ROW) * rh;
        if (off % SHOW_ROW == 0)
            fprintf(o, "<text x=\"4\" y=\"%u\">+0x%05x</text>\n", y + 13, s->smem_off + off);
        char where[96] = "";
        const char *fillc = "#fff";
        char colour[32];
        if (slots[i].kind == SLOT_GLOBAL) {
            coord_text(s, h, slots[i].index, where, sizeof where);
            coord_entry *e = h->t ? lookup(h, slots[i].index, false) : NULL;
            /* Colour by box row (dim 1) of a tiled map, by pixel of an im2col one. */
            unsigned row;
            if (s->m.kind == TCE_MAP_IM2COL)
                row = off / (s->m.channels * s->esize);
            else if (e && s->m.rank > 1)
                row = (unsigned)e->c[1];
            else
                row = off / SHOW_ROW;
            snprintf(colour, sizeof colour, "hsl(%u,70%%,%u%%)", (row * 47u) % 360u, 62 + (row / 8) % 3 * 8);
            fillc = colour;
        } else if (slots[i].kind == SLOT_FILL) {
            snprintf(where, sizeof where, "fill (%s)", s->m.oobfill == TCE_OOB_NAN ? "NaN" : "zero");
            fillc = "url(#fill)";
        } else
            snprintf(where, sizeof where, "not written");
        fprintf(o, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"%s\" stroke=\"#444\" "
                   "stroke-width=\"0.3\"%s><title>smem +0x%x: %s</title></rect>\n",
                x, y, s->esize * cw, rh - 2, fillc,
                slots[i].kind == SLOT_UNTOUCHED ? " stroke-dasharray=\"2,2\"" : "",
                s->smem_off + off, where);
        if (slots[i].kind == SLOT_GLOBAL && s->esize * cw >= 32) {
            fprintf(o, "<text x=\"%u\" y=\"%u\">", x + 2, y + 12);
            svg_escape_free(o, where);
            fprintf(o, "</text>\n");
        }
    }
    fprintf(o, "</svg>\n");
}

int map_show_main(int argc, char **argv)
{
    show_ctx s;
    memset(&s, 0, sizeof s);
    const char *map_arg = NULL, *coords = NULL, *offsets = NULL, *out = "map.svg";
    bool text = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strncmp(a, "--coords=", 9))
            coords = a + 9;
        else if (!strncmp(a, "--offsets=", 10))
            offsets = a + 10;
        else if (!strncmp(a, "--out=", 6))
            out = a + 6;
        else if (!strcmp(a, "--text"))
            text = true;
        else if (!strncmp(a, "--smem-off=", 11)) {
            uint64_t v;
            if (!tce_opt_u64("map show", "--smem-off", a + 11, 0, 0x10000, &v))
                return 2;
            s.smem_off = (uint32_t)v;
        } else if (a[0] == '-')
            return bad("unknown option '%s'", a);
        else if (map_arg)
            return bad("one map only ('%s' is a second)", a);
        else
            map_arg = a;
    }
    if (!map_arg)
        return bad("%s", "no map given (hex or a file)");
    char why[300];
    if (!map_read_bytes(map_arg, s.img, why, sizeof why))
        return bad("%s", why);
    /* tf32 rounding would change the tags; where elements land does not depend on it. */
    tce_cumap_set_bits(s.img, tce_cumap_fields[TCE_CF_TF32].bit, 1, 0);
    tce_diag d;
    if (tce_cumap_decode(s.img, &s.m, &d) != TCE_OK)
        return bad("the map does not decode: %s", d.text);
    s.esize = tce_dtype_size(s.m.dtype);
    if (!coords)
        return bad("%s", "--coords=C0,C1,... (tensorCoords, innermost first) is required");
    int64_t v[TCE_MAX_RANK];
    if (!parse_list("--coords", coords, INT32_MIN, INT32_MAX, v, s.m.rank))
        return 2;
    for (unsigned i = 0; i < s.m.rank; i++)
        s.coords[i] = (int32_t)v[i];
    if (s.m.kind == TCE_MAP_IM2COL) {
        if (offsets && !parse_list("--offsets", offsets, 0, 65535, v, s.m.rank - 2))
            return 2;
        for (unsigned i = 0; offsets && i + 2 < s.m.rank; i++)
            s.offsets[i] = (uint16_t)v[i];
    } else if (offsets)
        return bad("%s", "--offsets= is for im2col maps");
    if (s.smem_off % 128)
        return bad("--smem-off=%s: shared memory boxes start 128-byte aligned", argv[0]);
    ranges(&s);
    uint64_t span = s.win_hi - s.win_lo;
    if (span > SHOW_MAX_WINDOW) {
        snprintf(why, sizeof why, "the box's elements span %llu bytes of global memory; show "
                 "draws boxes within %u MiB", (unsigned long long)span, SHOW_MAX_WINDOW >> 20);
        return bad("%s", why);
    }
    /* Global memory: the tensor's reachable bytes, and the map in a window of its own. */
    tce_memsys ms;
    uint64_t base = (s.m.gaddr + s.win_lo) & ~255ull, end = (s.m.gaddr + s.win_hi + 255) & ~255ull;
    uint64_t map_at = base >= 0x2000 ? 0x1000 : end + 0x1000;
    if (tce_memsys_init(&ms, 1, SHOW_SMEM) || tce_memsys_add_global(&ms, map_at, 128) ||
        (span && tce_memsys_add_global(&ms, base, end - base)))
        return bad("%s", "cannot set up the memories (address range wraps?)");
    memcpy(tce_gmem(&ms, map_at, 128), s.img, 128);
    uint8_t *g = span ? tce_gmem(&ms, base, end - base) : NULL;
    if (g)
        memset(g, 0xff, end - base);
    tce_result r = run_load(&s, &ms, map_at);
    if (r.status != TCE_OK) {
        printf("the H100 traps on this load: %s: %s\n", tce_status_name(r.status), r.why);
        tce_memsys_free(&ms);
        return 1;
    }
    uint8_t *sm = ms.smem[0] + s.smem_off;
    uint32_t extent = 0;
    for (uint32_t i = 0; i < SHOW_SMEM - s.smem_off; i++)
        if (sm[i] != 0xa5)
            extent = i + 1;
    uint32_t drawn = (extent + SHOW_ROW - 1) / SHOW_ROW * SHOW_ROW;
    bool cut = drawn > SHOW_MAX_DRAWN;
    if (cut)
        drawn = SHOW_MAX_DRAWN;
    unsigned nslots = drawn / s.esize;
    slot *slots = calloc(nslots ? nslots : 1, sizeof *slots);
    uint8_t *marker = malloc(drawn ? drawn : 1);
    if (!slots || !marker) {
        free(slots);
        free(marker);
        tce_memsys_free(&ms);
        return bad("%s", "out of memory");
    }
    memcpy(marker, sm, drawn);
    for (unsigned k = 0; k < nslots; k++) {
        const uint8_t *e = marker + k * s.esize;
        bool all_ff = true, all_a5 = true;
        for (unsigned b = 0; b < s.esize; b++) {
            all_ff &= e[b] == 0xff;
            all_a5 &= e[b] == 0xa5;
        }
        slots[k].kind = all_ff ? SLOT_GLOBAL : all_a5 ? SLOT_UNTOUCHED : SLOT_FILL;
    }
    /* Tag passes: byte p of each element's index. */
    uint64_t max_index = s.win_hi / s.esize;
    for (unsigned p = 0; p < 8 && (p == 0 || (max_index >> (8 * p)) != 0); p++) {
        for (uint64_t off = base; g && off < end; off++) {
            uint64_t rel = off - s.m.gaddr; /* mod 2^64, as the hardware's sum */
            g[off - base] = (uint8_t)((rel / s.esize) >> (8 * p));
        }
        run_load(&s, &ms, map_at);
        for (unsigned k = 0; k < nslots; k++)
            if (slots[k].kind == SLOT_GLOBAL)
                slots[k].index |= (uint64_t)sm[k * s.esize] << (8 * p);
    }
    coord_table h = {NULL, 0};
    build_coords(&s, &h);
    unsigned nglobal = 0, nfill = 0, nuntouched = 0;
    for (unsigned k = 0; k < nslots; k++) {
        nglobal += slots[k].kind == SLOT_GLOBAL;
        nfill += slots[k].kind == SLOT_FILL;
        nuntouched += slots[k].kind == SLOT_UNTOUCHED;
        if (text) {
            char where[96];
            if (slots[k].kind == SLOT_GLOBAL)
                coord_text(&s, &h, slots[k].index, where, sizeof where);
            else
                snprintf(where, sizeof where, "%s", slots[k].kind == SLOT_FILL ? "fill" : "not written");
            printf("smem +0x%x: %s\n", s.smem_off + k * s.esize, where);
        }
    }
    char title[200];
    snprintf(title, sizeof title, "%s %s map, box at {%s}: %u elements from global memory, %u "
             "fill, %u slots not written", s.m.kind == TCE_MAP_IM2COL ? "im2col" : "tiled",
             tce_dtype_name(s.m.dtype), coords, nglobal, nfill, nuntouched);
    FILE *o = fopen(out, "w");
    int rc = 0;
    if (!o) {
        fprintf(stderr, "tce map show: cannot write %s\n", out);
        rc = 2;
    } else {
        write_svg(o, &s, slots, nslots, &h, title);
        if (fclose(o) != 0) {
            fprintf(stderr, "tce map show: writing %s failed\n", out);
            rc = 2;
        } else
            printf("%s%s\nwrote %s (open it in a browser)\n", title,
                   cut ? " (drawing cut at 64 KiB of shared memory)" : "", out);
    }
    free(h.t);
    free(slots);
    free(marker);
    tce_memsys_free(&ms);
    return rc;
}
