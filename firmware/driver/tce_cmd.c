/* Command packing and unpacking, driven by the command-field table of regmap.def so a
 * field moves in one place only. */
#include "tce_cmd.h"

const tce_cmd_field_desc tce_cmd_fields[TCE_CMDF_COUNT] = {
#define TCE_RM_CMD_FIELD(NAME, WORD, LSB, WIDTH, COUNT, STRIDE, DOC) \
    {#NAME, (WORD), (LSB), (WIDTH), (COUNT), (STRIDE)},
#include "../regmap.def"
#undef TCE_RM_CMD_FIELD
};

bool tce_cmd_put(uint32_t w[TCE_RM_CMD_WORDS], tce_cmd_field_id f, unsigned item, uint32_t value)
{
    const tce_cmd_field_desc *d = &tce_cmd_fields[f];
    if (item >= d->count || (value & ~tce_rm_mask(d->width)) != 0)
        return false;
    unsigned word = d->word + item * d->stride;
    w[word] = tce_rm_put(w[word], d->lsb, d->width, value);
    return true;
}

uint32_t tce_cmd_get(const uint32_t w[TCE_RM_CMD_WORDS], tce_cmd_field_id f, unsigned item)
{
    const tce_cmd_field_desc *d = &tce_cmd_fields[f];
    if (item >= d->count)
        return 0;
    return tce_rm_get(w[d->word + item * d->stride], d->lsb, d->width);
}

/* Remembers the first field that did not fit, so pack can report it. */
typedef struct {
    uint32_t *w;
    bool ok;
    tce_cmd_field_id bad;
} packer;

static void put(packer *p, tce_cmd_field_id f, unsigned item, uint64_t value)
{
    if (!p->ok)
        return;
    if (value > 0xFFFFFFFFu || !tce_cmd_put(p->w, f, item, (uint32_t)value)) {
        p->ok = false;
        p->bad = f;
    }
}

static void put64(packer *p, tce_cmd_field_id lo, tce_cmd_field_id hi, unsigned item, uint64_t v)
{
    put(p, lo, item, v & 0xFFFFFFFFu);
    put(p, hi, item, v >> 32);
}

unsigned tce_cmd_pack(const tce_op *op, uint32_t w[TCE_RM_CMD_WORDS], tce_cmd_field_id *bad)
{
    packer p = {w, true, TCE_CMDF_OPCODE};
    for (unsigned i = 0; i < TCE_RM_CMD_WORDS; i++)
        w[i] = 0;
    put(&p, TCE_CMDF_OPCODE, 0, (uint32_t)op->kind);
    put(&p, TCE_CMDF_DST_SPACE, 0, (uint32_t)op->dst_space);
    put(&p, TCE_CMDF_SRC_SPACE, 0, (uint32_t)op->src_space);
    put(&p, TCE_CMDF_MODE, 0, (uint32_t)op->mode);
    put(&p, TCE_CMDF_DIMS, 0, op->dims);
    put(&p, TCE_CMDF_COMPLETION, 0, (uint32_t)op->completion);
    put(&p, TCE_CMDF_CTA, 0, op->cta);
    put(&p, TCE_CMDF_REDOP, 0, (uint32_t)op->redop);
    put(&p, TCE_CMDF_ETYPE, 0, (uint32_t)op->etype);
    put(&p, TCE_CMDF_NOFTZ, 0, op->noftz);
    put(&p, TCE_CMDF_MULTICAST, 0, op->multicast);
    put(&p, TCE_CMDF_HAS_BYTE_MASK, 0, op->has_byte_mask);
    put(&p, TCE_CMDF_CTA_MASK, 0, op->cta_mask);
    put(&p, TCE_CMDF_BYTE_MASK, 0, op->byte_mask);
    put64(&p, TCE_CMDF_TMAP_LO, TCE_CMDF_TMAP_HI, 0, op->tmap_addr);
    put64(&p, TCE_CMDF_GADDR_LO, TCE_CMDF_GADDR_HI, 0, op->gaddr);
    put(&p, TCE_CMDF_SADDR, 0, op->saddr);
    put(&p, TCE_CMDF_SADDR_SRC, 0, op->saddr_src);
    put(&p, TCE_CMDF_MBAR, 0, op->mbar);
    put(&p, TCE_CMDF_SIZE, 0, op->size);
    for (unsigned i = 0; i < TCE_MAX_RANK; i++)
        put(&p, TCE_CMDF_COORD, i, (uint32_t)op->coords[i]);
    put(&p, TCE_CMDF_IM2COL_0, 0, op->im2col[0]);
    put(&p, TCE_CMDF_IM2COL_1, 0, op->im2col[1]);
    put(&p, TCE_CMDF_IM2COL_2, 0, op->im2col[2]);
    put(&p, TCE_CMDF_VEC, 0, op->vec);
    put(&p, TCE_CMDF_MULTIMEM_COUNT, 0, op->multimem_count);
    for (unsigned i = 0; i < 8; i++) {
        put64(&p, TCE_CMDF_OPERAND_LO, TCE_CMDF_OPERAND_HI, i, op->operand[i]);
        put64(&p, TCE_CMDF_MULTIMEM_LO, TCE_CMDF_MULTIMEM_HI, i, op->multimem_addr[i]);
    }
    if (!p.ok) {
        if (bad)
            *bad = p.bad;
        return 0;
    }
    /* Words past the last non-zero one read as zero in the engine: send only the prefix. */
    unsigned n = TCE_RM_CMD_WORDS;
    while (n > 1 && w[n - 1] == 0)
        n--;
    return n;
}

/* Bits of word `word` that some field covers; the rest are reserved and must be 0. */
static uint32_t used_bits(unsigned word)
{
    uint32_t m = 0;
    for (unsigned f = 0; f < TCE_CMDF_COUNT; f++) {
        const tce_cmd_field_desc *d = &tce_cmd_fields[f];
        for (unsigned i = 0; i < d->count; i++)
            if (d->word + i * d->stride == word)
                m |= tce_rm_mask(d->width) << d->lsb;
    }
    return m;
}

static uint64_t get64(const uint32_t *w, tce_cmd_field_id lo, tce_cmd_field_id hi, unsigned i)
{
    return (uint64_t)tce_cmd_get(w, lo, i) | ((uint64_t)tce_cmd_get(w, hi, i) << 32);
}

static tce_status reject(unsigned *bad_field, unsigned f)
{
    if (bad_field)
        *bad_field = f;
    return TCE_ERR_ILLEGAL_INSTR;
}

tce_status tce_cmd_unpack(const uint32_t w[TCE_RM_CMD_WORDS], tce_op *op, unsigned *bad_field)
{
    for (unsigned i = 0; i < TCE_RM_CMD_WORDS; i++)
        if (w[i] & ~used_bits(i))
            return reject(bad_field, TCE_RM_FIELD_NONE);
    uint8_t *raw = (uint8_t *)op;
    for (unsigned i = 0; i < sizeof *op; i++)
        raw[i] = 0;
    uint32_t v = tce_cmd_get(w, TCE_CMDF_OPCODE, 0);
    if (v >= TCE_OP_KIND_COUNT)
        return reject(bad_field, TCE_CMDF_OPCODE);
    op->kind = (tce_op_kind)v;
    if ((v = tce_cmd_get(w, TCE_CMDF_DST_SPACE, 0)) > TCE_SPACE_SHARED_CLUSTER)
        return reject(bad_field, TCE_CMDF_DST_SPACE);
    op->dst_space = (tce_space)v;
    if ((v = tce_cmd_get(w, TCE_CMDF_SRC_SPACE, 0)) > TCE_SPACE_SHARED_CLUSTER)
        return reject(bad_field, TCE_CMDF_SRC_SPACE);
    op->src_space = (tce_space)v;
    if ((v = tce_cmd_get(w, TCE_CMDF_MODE, 0)) > TCE_MODE_IM2COL_NO_OFFS)
        return reject(bad_field, TCE_CMDF_MODE);
    op->mode = (tce_mode)v;
    op->dims = tce_cmd_get(w, TCE_CMDF_DIMS, 0);
    bool tensor = op->kind >= TCE_OP_TENSOR_LOAD && op->kind <= TCE_OP_TENSOR_PREFETCH;
    if (tensor && (op->dims < 1 || op->dims > TCE_MAX_RANK))
        return reject(bad_field, TCE_CMDF_DIMS);
    if ((v = tce_cmd_get(w, TCE_CMDF_COMPLETION, 0)) > TCE_DONE_BULK_GROUP)
        return reject(bad_field, TCE_CMDF_COMPLETION);
    op->completion = (tce_completion)v;
    op->cta = tce_cmd_get(w, TCE_CMDF_CTA, 0);
    op->redop = (tce_redop)tce_cmd_get(w, TCE_CMDF_REDOP, 0);
    if ((v = tce_cmd_get(w, TCE_CMDF_ETYPE, 0)) > TCE_ET_F64)
        return reject(bad_field, TCE_CMDF_ETYPE);
    op->etype = (tce_etype)v;
    op->noftz = tce_cmd_get(w, TCE_CMDF_NOFTZ, 0) != 0;
    op->multicast = tce_cmd_get(w, TCE_CMDF_MULTICAST, 0) != 0;
    op->has_byte_mask = tce_cmd_get(w, TCE_CMDF_HAS_BYTE_MASK, 0) != 0;
    op->cta_mask = (uint16_t)tce_cmd_get(w, TCE_CMDF_CTA_MASK, 0);
    op->byte_mask = (uint16_t)tce_cmd_get(w, TCE_CMDF_BYTE_MASK, 0);
    op->tmap_addr = get64(w, TCE_CMDF_TMAP_LO, TCE_CMDF_TMAP_HI, 0);
    op->gaddr = get64(w, TCE_CMDF_GADDR_LO, TCE_CMDF_GADDR_HI, 0);
    op->saddr = tce_cmd_get(w, TCE_CMDF_SADDR, 0);
    op->saddr_src = tce_cmd_get(w, TCE_CMDF_SADDR_SRC, 0);
    op->mbar = tce_cmd_get(w, TCE_CMDF_MBAR, 0);
    op->size = tce_cmd_get(w, TCE_CMDF_SIZE, 0);
    for (unsigned i = 0; i < TCE_MAX_RANK; i++)
        op->coords[i] = (int32_t)tce_cmd_get(w, TCE_CMDF_COORD, i);
    op->im2col[0] = (uint16_t)tce_cmd_get(w, TCE_CMDF_IM2COL_0, 0);
    op->im2col[1] = (uint16_t)tce_cmd_get(w, TCE_CMDF_IM2COL_1, 0);
    op->im2col[2] = (uint16_t)tce_cmd_get(w, TCE_CMDF_IM2COL_2, 0);
    op->vec = tce_cmd_get(w, TCE_CMDF_VEC, 0);
    if (op->kind == TCE_OP_RED && op->vec != 1 && op->vec != 2 && op->vec != 4 && op->vec != 8)
        return reject(bad_field, TCE_CMDF_VEC);
    op->multimem_count = tce_cmd_get(w, TCE_CMDF_MULTIMEM_COUNT, 0);
    if (op->multimem_count > 8)
        return reject(bad_field, TCE_CMDF_MULTIMEM_COUNT);
    for (unsigned i = 0; i < 8; i++) {
        op->operand[i] = get64(w, TCE_CMDF_OPERAND_LO, TCE_CMDF_OPERAND_HI, i);
        op->multimem_addr[i] = get64(w, TCE_CMDF_MULTIMEM_LO, TCE_CMDF_MULTIMEM_HI, i);
    }
    if (bad_field)
        *bad_field = TCE_RM_FIELD_NONE;
    return TCE_OK;
}
