/* `tce regress`'s operations that name memory outside what exists, or a corrupted tensor
 * map: the golden model refuses each before touching anything (SHARED_RANGE, GLOBAL_BUS,
 * BAD_DESCRIPTOR), and the engine must refuse it alike, same status and field, with
 * memory unchanged. Drawn from a stream of their own (regress.c), so every other draw of a
 * seed stays what it was. */
#include <string.h>

#include "encode_rules.h"
#include "regress.h"

static uint32_t rnd(uint64_t *rng, uint32_t n) { return regress_rnd(rng, n); }

/* The tensor map as packed, with one more byte changed (init_memory applies them). */
static void poke(regress_item *it, unsigned off, uint8_t val, const char *what)
{
    if (it->desc_pokes < REGRESS_MAX_POKES) {
        it->desc_poke_off[it->desc_pokes] = (uint8_t)off;
        it->desc_poke_val[it->desc_pokes] = val;
        it->desc_pokes++;
    }
    it->what = what;
}

/* Byte offsets of csim/descriptor_layout.def. */
enum { D_MAGIC = 0, D_KIND = 2, D_RANK = 4, D_SWIZZLE = 6, D_OOBFILL = 8, D_PIXELS = 12,
       D_ESIZE = 14, D_RESERVED = 15, D_GSTRIDE = 48, D_BOX_M1 = 80, D_ESTRIDE_M1 = 85 };

/* A box past the encoder's 227 KB (TCE_ENC_MAX_BOX_BYTES, the driver's count) with every
 * other rule kept: dims 1.. of a tiled map at 256 elements, stride 1; an im2col map's
 * pixelsPerColumn at 1024. False when that is still not enough (a narrow 2-D map). */
static bool box_too_big(regress_item *it)
{
    tce_tensormap m = it->map;
    if (m.kind == TCE_MAP_TILED) {
        for (unsigned i = 1; i < m.rank; i++) {
            m.box[i] = 256;
            m.estride[i] = 1;
        }
    } else {
        m.pixels = 1024;
    }
    if (tce_encode_box_bytes(&m) <= TCE_ENC_MAX_BOX_BYTES)
        return false;
    const char *what = "tensor map, box past 227 KB";
    if (m.kind == TCE_MAP_TILED) {
        for (unsigned i = 1; i < m.rank; i++) {
            poke(it, D_BOX_M1 + i, 255, what);
            poke(it, D_ESTRIDE_M1 + i, 0, what);
        }
    } else {
        poke(it, D_PIXELS, 0x00, what); /* the count itself, 0x400, little-endian */
        poke(it, D_PIXELS + 1, 0x04, what);
    }
    return true;
}

static void corrupt_map(uint64_t *rng, regress_item *it)
{
    uint8_t d[TCE_DESC_BYTES];
    tce_desc_pack(&it->map, d);
    unsigned pick = rnd(rng, 9);
    if (pick == 8 && box_too_big(it))
        return;
    switch (pick) {
    case 0: /* a stride of 2^40 or more (dim 1's, unused in a 1-D map: nonzero either way) */
        poke(it, D_GSTRIDE + 5, (uint8_t)(d[D_GSTRIDE + 5] | 1u), "tensor map, stride >= 2^40");
        break;
    case 1:
        poke(it, D_ESIZE, 0, "tensor map, element size 0");
        break;
    case 2: /* tiled <-> im2col: the other kind's fields are wrong */
        poke(it, D_KIND, (uint8_t)(d[D_KIND] ^ 1u), "tensor map, kind changed");
        break;
    case 3: /* one dimension less (its fields stay set) or one more (a valid map of
             * another rank, which the instruction's .Nd then contradicts) */
        poke(it, D_RANK, (uint8_t)(d[D_RANK] > 1 && rnd(rng, 2) ? d[D_RANK] - 1 : d[D_RANK] + 1),
             "tensor map, rank changed");
        break;
    case 4:
        poke(it, D_RESERVED, (uint8_t)(1 + rnd(rng, 255)), "tensor map, reserved byte set");
        break;
    case 5:
        poke(it, D_MAGIC, (uint8_t)(d[D_MAGIC] ^ 0xFFu), "tensor map, magic broken");
        break;
    case 6: /* 96B exists only as a PTX field on sm_103a: no encoder makes it */
        poke(it, D_SWIZZLE, 7, "tensor map, swizzle 96B");
        break;
    default: /* legal for a float type, refused for an integer one */
        poke(it, D_OOBFILL, 1, "tensor map, NaN fill");
        break;
    }
}

/* Where the tensor crosses is drawn from its own extent, so the box often holds the
 * crossing (the golden model checks each element: csim/tile.c walk(WALK_CHECK),
 * csim/im2col*.c). */
void regress_straddle_gap(uint64_t *rng, regress_item *it)
{
    const tce_tensormap *m = &it->map;
    uint64_t ext = (uint64_t)m->gdim[0] * tce_dtype_size(m->dtype);
    for (unsigned i = 1; i < m->rank; i++)
        ext += (m->gdim[i] - 1) * m->gstride[i];
    if (m->interleave != TCE_IL_NONE)
        ext += m->gdim[0] * 32u;
    uint64_t cap = ext < REGRESS_GFAR_SIZE ? ext : REGRESS_GFAR_SIZE;
    uint64_t back = 32u * (1 + rnd(rng, (uint32_t)(cap / 32u)));
    if (back > REGRESS_GFAR_SIZE)
        back = REGRESS_GFAR_SIZE;
    it->map.gaddr = REGRESS_GFAR_BASE + REGRESS_GFAR_SIZE - back;
    it->what = "tensor straddling a gap between windows";
}

/* The straddling tensor's box rows start 128..1024 bytes before the end of shared memory,
 * so a later row runs past it: a unit in the gap, a row past shared memory, or both, and
 * the golden model names the fault it meets first (csim/tile.c walk(WALK_CHECK) checks a
 * row's shared span before its units; an im2col load reads every pixel before it checks
 * the destination). */
static void rows_past_shared(uint64_t *rng, regress_item *it)
{
    tce_op *op = &it->op;
    if (op->kind == TCE_OP_TENSOR_PREFETCH)
        return; /* no shared side */
    uint32_t off = TCE_ENGINE_SMEM_BYTES - 128u * (1 + rnd(rng, 8));
    op->saddr = (op->saddr & 0xFF000000u) | off;
    it->what = "tensor straddling a gap, its rows running past shared memory";
}

void regress_make_memory_illegal(uint64_t *rng, regress_item *it)
{
    tce_op *op = &it->op;
    const uint64_t gend = REGRESS_GBASE + REGRESS_GSIZE;
    it->illegal = true;
    if (it->has_map) {
        if (!it->extreme && rnd(rng, 2) == 0) {
            regress_straddle_gap(rng, it);
            if (rnd(rng, 3) == 0)
                rows_past_shared(rng, it);
        } else if (rnd(rng, 6) == 0) { /* the map itself just past the descriptor window */
            op->tmap_addr = REGRESS_DESC_BASE + REGRESS_DESC_SIZE;
            it->what = "tensor map address past the mapped windows";
        } else {
            corrupt_map(rng, it);
        }
        return;
    }
    bool to_shared = op->dst_space != TCE_SPACE_GLOBAL;
    switch (op->kind) {
    case TCE_OP_RED:
        if (op->dst_space == TCE_SPACE_GLOBAL) {
            op->gaddr = gend; /* the first byte past the window */
            it->what = "red, global address past the window";
        } else {
            op->dst_space = TCE_SPACE_SHARED_CLUSTER;
            op->saddr = TCE_SADDR(REGRESS_NCTA + rnd(rng, 16 - REGRESS_NCTA), TCE_SADDR_OFF(op->saddr));
            it->what = "red, shared::cluster CTA beyond the cluster";
        }
        return;
    case TCE_OP_MULTIMEM_COPY:
        op->multimem_addr[rnd(rng, op->multimem_count)] = gend - 16u * (op->size > 16 ? 1 : 0);
        it->what = "multimem, an address runs past the window";
        return;
    case TCE_OP_BULK_PREFETCH:
        it->illegal = false; /* a hint: no range to refuse */
        return;
    default:
        break;
    }
    unsigned pick = rnd(rng, 4);
    if (pick == 0 && op->src_space != TCE_SPACE_SHARED_CTA) {
        op->size = 0xFFFFFFF0u;
        it->what = "bulk, size 0xFFFFFFF0";
    } else if (pick <= 1 && (op->src_space == TCE_SPACE_GLOBAL || op->dst_space == TCE_SPACE_GLOBAL)) {
        /* the range ends 16..256 bytes past the window */
        uint32_t past = 16u * (1 + rnd(rng, 16));
        if (op->size <= past)
            op->size = past + 16u;
        op->gaddr = gend + past - op->size;
        it->what = "bulk, global range past the window";
    } else if (pick == 2 && op->multicast) {
        op->cta_mask |= (uint16_t)(1u << (REGRESS_NCTA + rnd(rng, 16 - REGRESS_NCTA)));
        it->what = "bulk, multicast to a CTA beyond the cluster";
    } else if (to_shared && op->dst_space == TCE_SPACE_SHARED_CLUSTER && !op->multicast &&
               rnd(rng, 2)) {
        op->saddr = TCE_SADDR(REGRESS_NCTA + rnd(rng, 16 - REGRESS_NCTA), TCE_SADDR_OFF(op->saddr));
        it->what = "bulk, shared::cluster CTA beyond the cluster";
    } else {
        /* the shared side runs 16..256 bytes past the end of shared memory */
        uint32_t past = 16u * (1 + rnd(rng, 16)), size = op->size < 32 ? 32 : op->size;
        uint32_t off = TCE_ENGINE_SMEM_BYTES + past - size;
        op->size = size;
        if (to_shared && op->src_space == TCE_SPACE_SHARED_CTA && rnd(rng, 2))
            op->saddr_src = off;
        else if (to_shared)
            op->saddr = (op->saddr & 0x0F000000u) | off;
        else
            op->saddr = off;
        it->what = "bulk, shared range past the end of shared memory";
    }
}
