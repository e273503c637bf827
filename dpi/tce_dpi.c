/* DPI-C export of the golden model (csim/) for SystemVerilog testbenches: encode a tensor
 * map, build an operation, pack it as engine command words, and execute it on memories
 * the testbench owns (open arrays, borrowed for the call only). The SV side is
 * dpi/tce_dpi_pkg.sv; docs/dpi.md lists the prototypes and the ownership rules.
 *
 * Every call that can fail returns a tce_status (csim/tce_types.h) and leaves the cause in
 * words for tce_dpi_why(); nothing here aborts the simulation. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "svdpi.h"

#include "csim.h"
#include "driver/tce_cmd.h"
#include "memsys.h"
#include "op.h"
#include "tensormap.h"

/* The last call's outcome. One simulation thread calls DPI imports, so a single record is
 * enough; tce_dpi_why/_field/_tx_bytes read it back. */
static struct {
    char why[200];
    unsigned field;
    uint32_t tx_bytes;
    uint16_t tx_ctas;
} last;

static int fail(int st, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(int st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last.why, sizeof last.why, fmt, ap);
    va_end(ap);
    last.field = TCE_RM_FIELD_NONE;
    return st;
}

static void ok(void)
{
    last.why[0] = '\0';
    last.field = TCE_RM_FIELD_NONE;
    last.tx_bytes = 0;
    last.tx_ctas = 0;
}

const char *tce_dpi_why(void) { return last.why; }
int tce_dpi_field(void) { return (int)last.field; }
int tce_dpi_tx_bytes(void) { return (int)last.tx_bytes; }
int tce_dpi_tx_ctas(void) { return (int)last.tx_ctas; }
int tce_dpi_status_count(void) { return TCE_ERR_COUNT; }
int tce_dpi_cmd_words(void) { return TCE_RM_CMD_WORDS; }

const char *tce_dpi_status_name(int st)
{
    return tce_status_name((tce_status)st);
}

/* An open array's elements, after checking its size; NULL (and the cause) otherwise. */
static void *elems(const svOpenArrayHandle a, const char *what, int want, int *st)
{
    if (!a || svDimensions(a) != 1 || svSize(a, 1) < want) {
        *st = fail(TCE_ERR_INVALID_VALUE, "tce_dpi: %s holds fewer than %d elements", what, want);
        return NULL;
    }
    void *p = svGetArrayPtr(a);
    if (!p)
        *st = fail(TCE_ERR_INVALID_VALUE, "tce_dpi: %s is not contiguous (svGetArrayPtr gave NULL)",
                   what);
    return p;
}

/* Encoded map -> the engine's 128-byte descriptor in desc[0..127]. */
static int put_desc(tce_status st, const tce_tensormap *m, const tce_diag *why,
                    const svOpenArrayHandle desc)
{
    if (st != TCE_OK)
        return fail(st, "%s", why->text);
    int est = TCE_OK;
    uint8_t *d = elems(desc, "desc", TCE_DESC_BYTES, &est);
    if (!d)
        return est;
    tce_desc_pack(m, d);
    return TCE_OK;
}

int tce_dpi_encode_tiled(int dtype, int rank, uint64_t gaddr, const svOpenArrayHandle gdim,
                         const svOpenArrayHandle gstride, const svOpenArrayHandle box,
                         const svOpenArrayHandle estride, int interleave, int swizzle,
                         int promo, int fill, const svOpenArrayHandle desc)
{
    ok();
    if (rank < 1 || rank > TCE_MAX_RANK)
        return fail(TCE_ERR_INVALID_VALUE, "tce_dpi_encode_tiled: rank %d outside 1..5", rank);
    int st = TCE_OK;
    const uint64_t *gd = elems(gdim, "gdim", rank, &st);
    const uint64_t *gs = rank > 1 ? elems(gstride, "gstride", rank - 1, &st) : NULL;
    const uint32_t *bx = elems(box, "box", rank, &st);
    const uint32_t *es = elems(estride, "estride", rank, &st);
    if (st != TCE_OK)
        return st;
    tce_tensormap m;
    tce_diag why = {{0}};
    tce_status r = tce_encode_tiled(&m, (tce_dtype)dtype, (unsigned)rank, gaddr, gd, gs, bx, es,
                                    (tce_interleave)interleave, (tce_swizzle)swizzle,
                                    (tce_l2promo)promo, (tce_oobfill)fill, &why);
    return put_desc(r, &m, &why, desc);
}

int tce_dpi_encode_im2col(int dtype, int rank, uint64_t gaddr, const svOpenArrayHandle gdim,
                          const svOpenArrayHandle gstride, const svOpenArrayHandle lower,
                          const svOpenArrayHandle upper, int channels, int pixels,
                          const svOpenArrayHandle estride, int interleave, int swizzle,
                          int promo, int fill, const svOpenArrayHandle desc)
{
    ok();
    if (rank < 3 || rank > TCE_MAX_RANK)
        return fail(TCE_ERR_INVALID_VALUE, "tce_dpi_encode_im2col: rank %d outside 3..5", rank);
    int st = TCE_OK;
    const uint64_t *gd = elems(gdim, "gdim", rank, &st);
    const uint64_t *gs = elems(gstride, "gstride", rank - 1, &st);
    const int32_t *lo = elems(lower, "lower", rank - 2, &st);
    const int32_t *up = elems(upper, "upper", rank - 2, &st);
    const uint32_t *es = elems(estride, "estride", rank, &st);
    if (st != TCE_OK)
        return st;
    tce_tensormap m;
    tce_diag why = {{0}};
    tce_status r = tce_encode_im2col(&m, (tce_dtype)dtype, (unsigned)rank, gaddr, gd, gs, lo, up,
                                     (uint32_t)channels, (uint32_t)pixels, es,
                                     (tce_interleave)interleave, (tce_swizzle)swizzle,
                                     (tce_l2promo)promo, (tce_oobfill)fill, &why);
    return put_desc(r, &m, &why, desc);
}

/* Operations: a tce_op on the C heap, behind a chandle, filled field by field by name so
 * the SV side needs no copy of the struct layout. */
void *tce_dpi_op_new(int kind)
{
    tce_op *op = calloc(1, sizeof *op);
    if (op)
        op->kind = (tce_op_kind)kind;
    return op;
}

void tce_dpi_op_free(void *op) { free(op); }

/* Set `field` of the operation; TCE_OK, or INVALID_VALUE for an unknown field name or a
 * value its C field cannot hold. */
int tce_dpi_op_set(void *handle, const char *field, int64_t v)
{
    ok();
    tce_op *op = handle;
    if (!op || !field)
        return fail(TCE_ERR_INVALID_VALUE, "tce_dpi_op_set: no operation");
    /* "coord3": an array field's name and, as its last character, the item */
    size_t len = strlen(field);
    bool item = len > 1 && field[len - 1] >= '0' && field[len - 1] <= '9';
    unsigned idx = item ? (unsigned)(field[len - 1] - '0') : 0;
    char base[16] = {0};
    if (item) {
        if (len - 1 >= sizeof base)
            goto unknown;
        memcpy(base, field, len - 1);
    }
    const char *name = item ? base : field;
#define U(lim) do { if (v < 0 || (uint64_t)v > (uint64_t)(lim)) goto range; } while (0)
#define IDX(count) do { if (!item || idx >= (count)) goto unknown; } while (0)
    if (item && strcmp(name, "coord") && strcmp(name, "im2col") && strcmp(name, "operand"))
        goto unknown;
    if (!strcmp(name, "kind")) { U(TCE_OP_KIND_COUNT - 1); op->kind = (tce_op_kind)v; }
    else if (!strcmp(name, "dst_space")) { U(2); op->dst_space = (tce_space)v; }
    else if (!strcmp(name, "src_space")) { U(2); op->src_space = (tce_space)v; }
    else if (!strcmp(name, "completion")) { U(2); op->completion = (tce_completion)v; }
    else if (!strcmp(name, "cta")) { U(TCE_MAX_CTAS - 1); op->cta = (unsigned)v; }
    else if (!strcmp(name, "mode")) { U(6); op->mode = (tce_mode)v; }
    else if (!strcmp(name, "dims")) { U(TCE_MAX_RANK); op->dims = (unsigned)v; }
    else if (!strcmp(name, "tmap_addr")) { op->tmap_addr = (uint64_t)v; }
    else if (!strcmp(name, "coord")) {
        IDX(TCE_MAX_RANK);
        if (v < INT32_MIN || v > INT32_MAX) goto range;
        op->coords[idx] = (int32_t)v;
    }
    else if (!strcmp(name, "im2col")) { IDX(3); U(UINT16_MAX); op->im2col[idx] = (uint16_t)v; }
    else if (!strcmp(name, "gaddr")) { op->gaddr = (uint64_t)v; }
    else if (!strcmp(name, "saddr")) { U(UINT32_MAX); op->saddr = (uint32_t)v; }
    else if (!strcmp(name, "saddr_src")) { U(UINT32_MAX); op->saddr_src = (uint32_t)v; }
    else if (!strcmp(name, "mbar")) { U(UINT32_MAX); op->mbar = (uint32_t)v; }
    else if (!strcmp(name, "size")) { U(UINT32_MAX); op->size = (uint32_t)v; }
    else if (!strcmp(name, "multicast")) { U(1); op->multicast = v != 0; }
    else if (!strcmp(name, "cta_mask")) { U(UINT16_MAX); op->cta_mask = (uint16_t)v; }
    else if (!strcmp(name, "byte_mask")) {
        U(UINT16_MAX);
        op->has_byte_mask = true;
        op->byte_mask = (uint16_t)v;
    }
    else if (!strcmp(name, "redop")) { U(7); op->redop = (tce_redop)v; }
    else if (!strcmp(name, "etype")) { U(9); op->etype = (tce_etype)v; }
    else if (!strcmp(name, "noftz")) { U(1); op->noftz = v != 0; }
    else if (!strcmp(name, "vec")) { U(8); op->vec = (unsigned)v; }
    else if (!strcmp(name, "operand")) { IDX(8); op->operand[idx] = (uint64_t)v; }
    else goto unknown;
    return TCE_OK;
#undef U
#undef IDX
unknown:
    return fail(TCE_ERR_INVALID_VALUE, "tce_dpi_op_set: no operation field '%s'", field);
range:
    return fail(TCE_ERR_INVALID_VALUE, "tce_dpi_op_set: %s = %lld does not fit the field", field,
                (long long)v);
}

/* The engine command words of the operation (the firmware's packer, the one the driver
 * uses): words[0..n) for CMD[], n for DOORBELL. Returns n, or 0 with the cause. */
int tce_dpi_op_pack(void *handle, const svOpenArrayHandle words)
{
    ok();
    int st = TCE_OK;
    uint32_t *w = elems(words, "words", TCE_RM_CMD_WORDS, &st);
    if (!handle || !w) {
        if (!handle)
            fail(TCE_ERR_INVALID_VALUE, "tce_dpi_op_pack: no operation");
        return 0;
    }
    tce_cmd_field_id bad = 0;
    unsigned n = tce_cmd_pack(handle, w, &bad);
    if (n == 0) {
        fail(TCE_ERR_INVALID_VALUE, "tce_dpi_op_pack: a value does not fit command field %u",
             (unsigned)bad);
        last.field = (unsigned)bad;
    }
    return (int)n;
}

/* Execute the operation on the caller's memories: global memory gmem[] at byte address
 * gbase, and ncta shared memories of smem_bytes each, CTA c at smem[c*smem_bytes]. The
 * arrays are borrowed for this call only: the model writes them in place, keeps no pointer
 * and frees nothing. */
int tce_dpi_execute(void *handle, const svOpenArrayHandle gmem, uint64_t gbase,
                    const svOpenArrayHandle smem, int ncta, int smem_bytes)
{
    ok();
    if (!handle)
        return fail(TCE_ERR_INVALID_VALUE, "tce_dpi_execute: no operation");
    if (ncta < 1 || ncta > TCE_MAX_CTAS || smem_bytes < 1)
        return fail(TCE_ERR_INVALID_VALUE, "tce_dpi_execute: %d CTAs (1..16) or %d shared-memory "
                    "bytes", ncta, smem_bytes);
    int st = TCE_OK;
    uint8_t *g = elems(gmem, "gmem", 1, &st);
    uint8_t *s = elems(smem, "smem", ncta * smem_bytes, &st);
    if (st != TCE_OK)
        return st;
    tce_memsys ms;
    memset(&ms, 0, sizeof ms);
    ms.ncta = (unsigned)ncta;
    ms.smem_size = (uint32_t)smem_bytes;
    for (int c = 0; c < ncta; c++)
        ms.smem[c] = s + (size_t)c * (size_t)smem_bytes;
    ms.ngregions = 1;
    ms.g[0] = (tce_gregion){gbase, (uint64_t)svSize(gmem, 1), g, true};
    tce_result r = tce_csim_execute(handle, &ms);
    snprintf(last.why, sizeof last.why, "%s", r.why);
    last.field = r.field;
    last.tx_bytes = r.tx_bytes;
    last.tx_ctas = r.tx_ctas;
    return (int)r.status;
}
