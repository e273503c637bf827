/* Functional-coverage bins; see fcov.h. A bin's name is GROUP/VALUE/...; the groups and
 * what rules bins out are listed in docs/coverage.md ("Functional coverage"). */
#define _POSIX_C_SOURCE 200809L /* getpid */
#include "fcov.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../csim/arith.h"
#include "../../csim/cumap.h"
#include "../../csim/descriptor_fields.h"
#include "../../firmware/driver/tce_regmap.h"
#include "engines.h"

static const char *const tensor_op[4] = {"load", "store", "reduce", "prefetch"};
static const char *const space_name[3] = {"global", "shared_cta", "shared_cluster"};
static const char *const il_name[3] = {"NONE", "16B", "32B"};
static const char *const map_kind[3] = {"tiled", "im2col", "wide"};
static const char *const oob_name[3] = {"inside", "partial", "outside"};
static const char *const mc_what[6] = {"bulk", "tile", "im2col", "im2col::w", "im2col::w::128",
                                       "tile::gather4"};
/* The families of reduction arithmetic (csim/arith.h), as bins name them. */
static const struct {
    const char *name;
    tce_arith_ctx ctx;
} red_family[5] = {{"bulk_global", TCE_ARITH_BULK_REDUCE},
                   {"bulk_cluster", TCE_ARITH_BULK_REDUCE_CLUSTER},
                   {"tensor", TCE_ARITH_TENSOR_REDUCE},
                   {"red_global", TCE_ARITH_RED_GLOBAL},
                   {"red_shared", TCE_ARITH_RED_SHARED}};
/* Bulk kinds: cp.async.bulk, cp.reduce.async.bulk, the prefetch, multimem.cp.async.bulk. */
static const struct {
    const char *name;
    tce_op_kind kind;
} bulk_kind[4] = {{"copy", TCE_OP_BULK_COPY},
                  {"reduce", TCE_OP_BULK_REDUCE},
                  {"prefetch", TCE_OP_BULK_PREFETCH},
                  {"multimem", TCE_OP_MULTIMEM_COPY}};

/* ---- legality: why a bin cannot be hit (NULL: legal) ---- */

static const char *tensor_why(unsigned op, tce_mode m, unsigned rank)
{
    bool load = op == 0 || op == 3;
    switch (m) {
    case TCE_MODE_TILE:
        return NULL;
    case TCE_MODE_IM2COL:
    case TCE_MODE_IM2COL_W:
    case TCE_MODE_IM2COL_W128:
        if (!load)
            return "PTX: the im2col load modes exist for loads and prefetches only";
        return rank < 3 ? "PTX: im2col modes need a 3D..5D tensor" : NULL;
    case TCE_MODE_GATHER4:
        if (!load)
            return "PTX: tile::gather4 exists for loads and prefetches only";
        return rank != 2 ? "PTX: tile::gather4 takes a 2D tensor" : NULL;
    case TCE_MODE_SCATTER4:
        if (op != 1)
            return "PTX: tile::scatter4 exists for stores only";
        return rank != 2 ? "PTX: tile::scatter4 takes a 2D tensor" : NULL;
    case TCE_MODE_IM2COL_NO_OFFS:
        if (load)
            return "PTX: im2col_no_offs exists for stores and reduces only";
        return rank < 3 ? "PTX: im2col_no_offs needs a 3D..5D tensor" : NULL;
    }
    return "unknown mode";
}

static const char *layout_why(unsigned op, unsigned kind, unsigned il, unsigned sw)
{
    if (sw == TCE_SW_96B)
        return "encode rules: 96B is an sm_103a tensormap field that no encode call makes";
    if (kind != 2 && sw > TCE_SW_128B)
        return "encode rules (sm_90, the H100 the engine models): swizzle atomicity needs "
               "sm_100";
    if (kind == 2) {
        if (op != 0)
            return "PTX: im2col wide maps serve the im2col::w loads only";
        if (il != TCE_IL_NONE)
            return "encode rules: im2col wide maps take no interleave";
        if (sw != TCE_SW_64B && sw != TCE_SW_128B && sw != TCE_SW_128B_ATOM_32B)
            return "encode rules: im2col wide maps need 64B, 128B or 128B_ATOM_32B swizzle";
    }
    return NULL;
}

static bool packed_dtype(unsigned dt)
{
    return dt == TCE_DT_16U4_ALIGN8B || dt == TCE_DT_16U4_ALIGN16B || dt == TCE_DT_16U6_ALIGN16B;
}

/* A tensor reduce can name this dtype with some operator. */
static bool reducible(tce_dtype dt)
{
    tce_etype et;
    for (unsigned op = 0; op <= TCE_RED_XOR; op++)
        if (tce_etype_from_dtype(dt, (tce_redop)op, &et))
            return true;
    return false;
}

static const char *red_why(unsigned fam, unsigned op, unsigned et)
{
    if (tce_arith_legal(red_family[fam].ctx, (tce_redop)op, (tce_etype)et, false) ||
        tce_arith_legal(red_family[fam].ctx, (tce_redop)op, (tce_etype)et, true))
        return NULL;
    return "golden model (tce_arith_legal): not an op/type pair of this instruction";
}

static const char *bulk_why(unsigned k, unsigned src, unsigned dst)
{
    bool ok;
    switch (bulk_kind[k].kind) {
    case TCE_OP_BULK_COPY:
        ok = (src == TCE_SPACE_GLOBAL && dst != TCE_SPACE_GLOBAL) ||
             (src == TCE_SPACE_SHARED_CTA && dst != TCE_SPACE_SHARED_CTA);
        break;
    case TCE_OP_BULK_REDUCE:
        ok = src == TCE_SPACE_SHARED_CTA && dst != TCE_SPACE_SHARED_CTA;
        break;
    case TCE_OP_BULK_PREFETCH:
        ok = src == TCE_SPACE_GLOBAL && dst == TCE_SPACE_GLOBAL; /* no destination */
        break;
    default:
        ok = src == TCE_SPACE_SHARED_CTA && dst == TCE_SPACE_GLOBAL;
        break;
    }
    return ok ? NULL : "PTX (golden model bulk.c): no such direction for this instruction";
}

/* The (status, field) pairs the golden model's checks report, each found by reading them
 * (tce_fail calls in csim/, with the fields its helpers are passed at each call site); a
 * GLOBAL_BUS_ERROR with no field is a bus error inside a tensor walk (tile.c, im2col*.c).
 * CTest fcov-errfield-csim checks that every literal pair in csim/ is listed here. */
static const struct {
    tce_status st;
    unsigned field;
} errfield_legal[] = {
    /* bulk.c want_completion, no_flag, the direction checks; red.c; tile.c; im2col*.c */
    {TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_COMPLETION},
    {TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_HAS_BYTE_MASK},
    {TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_MULTICAST},
    {TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_DST_SPACE},
    {TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_SRC_SPACE},
    {TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_REDOP},
    {TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_COORD},
    {TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_TMAP_LO},
    {TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_DIMS},
    {TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_MODE},
    {TCE_ERR_ILLEGAL_INSTR, TCE_CMDF_VEC},
    /* csim.c read_map; bulk.c check_global (gaddr, multimem addresses), resolve_smem
     * (saddr, saddr_src), check_mbar; red.c; tile.c; im2col*.c */
    {TCE_ERR_MISALIGNED, TCE_CMDF_TMAP_LO},
    {TCE_ERR_MISALIGNED, TCE_CMDF_GADDR_LO},
    {TCE_ERR_MISALIGNED, TCE_CMDF_MULTIMEM_LO},
    {TCE_ERR_MISALIGNED, TCE_CMDF_SADDR},
    {TCE_ERR_MISALIGNED, TCE_CMDF_SADDR_SRC},
    {TCE_ERR_MISALIGNED, TCE_CMDF_MBAR},
    /* csim.c read_map (tce_desc_unpack, tce_cumap_decode); im2col_common.c */
    {TCE_ERR_BAD_DESCRIPTOR, TCE_CMDF_TMAP_LO},
    /* bulk.c check_mbar, check_size, multicast and s2s rules, multimem; tile.c and im2col*.c
     * mode and shape rules; im2col.c and im2col_wide.c offset limits */
    {TCE_ERR_UNDEFINED, TCE_CMDF_MBAR},
    {TCE_ERR_UNDEFINED, TCE_CMDF_SIZE},
    {TCE_ERR_UNDEFINED, TCE_CMDF_SADDR},
    {TCE_ERR_UNDEFINED, TCE_CMDF_CTA_MASK},
    {TCE_ERR_UNDEFINED, TCE_CMDF_MULTIMEM_COUNT},
    {TCE_ERR_UNDEFINED, TCE_CMDF_MULTIMEM_LO},
    {TCE_ERR_UNDEFINED, TCE_CMDF_MODE},
    {TCE_ERR_UNDEFINED, TCE_CMDF_IM2COL_0},
    {TCE_ERR_UNDEFINED, TCE_CMDF_IM2COL_1},
    {TCE_ERR_UNDEFINED, TCE_CMDF_IM2COL_2},
    {TCE_ERR_UNDEFINED, TCE_CMDF_TMAP_LO},
    {TCE_ERR_UNDEFINED, TCE_CMDF_DIMS},
    /* red.c: a dst_space outside tce_space. DST_SPACE is a two-bit command field, so a
     * raw command reaches it with 3 (test_rtl_check_traps) */
    {TCE_ERR_UNDEFINED, TCE_CMDF_DST_SPACE},
    /* csim.c read_map; bulk.c check_global; red.c; the tensor walks (no field) */
    {TCE_ERR_GLOBAL_BUS, TCE_CMDF_TMAP_LO},
    {TCE_ERR_GLOBAL_BUS, TCE_CMDF_GADDR_LO},
    {TCE_ERR_GLOBAL_BUS, TCE_CMDF_MULTIMEM_LO},
    {TCE_ERR_GLOBAL_BUS, TCE_CMDF_COUNT},
    /* bulk.c resolve_smem, check_mbar, multicast mask, issuing CTA; red.c; tile.c; im2col*.c */
    {TCE_ERR_SHARED_RANGE, TCE_CMDF_MBAR},
    {TCE_ERR_SHARED_RANGE, TCE_CMDF_CTA_MASK},
    {TCE_ERR_SHARED_RANGE, TCE_CMDF_CTA},
    {TCE_ERR_SHARED_RANGE, TCE_CMDF_SADDR},
    {TCE_ERR_SHARED_RANGE, TCE_CMDF_SADDR_SRC},
};

/* A command field by its register-map name; the one past the last is "NONE". */
static const char *field_name(unsigned f)
{
    return f < TCE_CMDF_COUNT ? tce_cmd_fields[f].name : "NONE";
}

/* A pair no check of the golden model reports. Two checks cannot fire (a default reached
 * only by an operation kind outside its C enum, a limit that the map's own limits keep), so
 * their pairs are out of the legal set too. */
static const char *errfield_why(unsigned st, unsigned fl)
{
    for (size_t i = 0; i < sizeof errfield_legal / sizeof errfield_legal[0]; i++)
        if (errfield_legal[i].st == st && errfield_legal[i].field == fl)
            return NULL;
    if (st == TCE_ERR_UNDEFINED && fl == TCE_CMDF_OPCODE)
        return "golden model (csim.c, bulk.c, tile.c): only an operation kind outside "
               "tce_op_kind reaches this default";
    if (st == TCE_ERR_UNDEFINED && fl == TCE_CMDF_COUNT)
        return "golden model (im2col_wide.c): its row limit cannot fire: pixelsPerColumn "
               "<= 1024 and wHalo < 512 make at most 1535 of its 1536 rows";
    return "golden model: no check reports this status with this field";
}

size_t fcov_enumerate(fcov_bin_fn f, void *ctx)
{
    char n[FCOV_NAME_MAX];
    size_t count = 0;
#define BIN(why, ...)                                                                          \
    do {                                                                                       \
        snprintf(n, sizeof n, __VA_ARGS__);                                                    \
        f(ctx, n, why);                                                                        \
        count++;                                                                               \
    } while (0)
    for (unsigned op = 0; op < 4; op++)
        for (unsigned m = 0; m <= TCE_MODE_IM2COL_NO_OFFS; m++)
            for (unsigned r = 1; r <= TCE_MAX_RANK; r++)
                BIN(tensor_why(op, (tce_mode)m, r), "tensor/%s/%s/%ud", tensor_op[op],
                    tce_mode_name((tce_mode)m), r);
    /* Layout and element type: loads, stores and reduces (a prefetch moves nothing). */
    for (unsigned op = 0; op < 3; op++)
        for (unsigned k = 0; k < 3; k++)
            for (unsigned il = 0; il < 3; il++)
                for (unsigned sw = 0; sw <= TCE_SW_96B; sw++)
                    BIN(layout_why(op, k, il, sw),
                        "layout/%s/%s/%s/%s", tensor_op[op], map_kind[k], il_name[il],
                        tce_swizzle_name((tce_swizzle)sw));
    for (unsigned op = 0; op < 3; op++)
        for (unsigned dt = 0; dt < TCE_DT_COUNT; dt++)
            BIN(packed_dtype(dt) ? "golden model (tile.c): packed sub-byte types (sm_100) are "
                                   "UNSUPPORTED"
                : op == 2 && !reducible((tce_dtype)dt)
                    ? "golden model (tce_etype_from_dtype): no reduction type for this dtype"
                    : NULL,
                "dtype/%s/%s", tensor_op[op], tce_dtype_name((tce_dtype)dt));
    for (unsigned fill = 0; fill < 2; fill++)
        for (unsigned o = 0; o < 3; o++)
            BIN(NULL, "fill/load/%s/%s", fill ? "NAN" : "ZERO", oob_name[o]);
    for (unsigned o = 0; o < 3; o++)
        BIN(NULL, "oob/store/%s", oob_name[o]);
    for (unsigned w = 0; w < 6; w++)
        for (unsigned mc = 0; mc < 2; mc++)
            BIN(NULL, "multicast/%s/%s", mc_what[w], mc ? "multicast" : "unicast");
    for (unsigned k = 0; k < 4; k++)
        for (unsigned s = 0; s < 3; s++)
            for (unsigned d = 0; d < 3; d++)
                BIN(bulk_why(k, s, d), "bulk/%s/%s/%s", bulk_kind[k].name, space_name[s],
                    space_name[d]);
    for (unsigned fam = 0; fam < 5; fam++)
        for (unsigned op = 0; op <= TCE_RED_XOR; op++)
            for (unsigned et = 0; et <= TCE_ET_F64; et++)
                BIN(red_why(fam, op, et), "reduce/%s/%s/%s", red_family[fam].name,
                    tce_redop_name((tce_redop)op), tce_etype_name((tce_etype)et));
    for (unsigned st = TCE_ERR_ILLEGAL_INSTR; st <= TCE_ERR_SHARED_RANGE; st++)
        BIN(NULL, "error/%s", tce_status_name((tce_status)st));
    for (unsigned st = TCE_ERR_ILLEGAL_INSTR; st <= TCE_ERR_SHARED_RANGE; st++)
        for (unsigned fl = 0; fl <= TCE_CMDF_COUNT; fl++)
            BIN(errfield_why(st, fl), "errfield/%s/%s", tce_status_name((tce_status)st),
                field_name(fl));
#undef BIN
    return count;
}

/* ---- classification ---- */

static bool read_map(const tce_op *op, const tce_memsys *ms, tce_tensormap *m)
{
    const uint8_t *d = tce_gmem(ms, op->tmap_addr, TCE_DESC_BYTES);
    if (!d)
        return false;
    tce_diag why;
    bool own = d[0] == (TCE_DESC_MAGIC & 0xFFu) && d[1] == (TCE_DESC_MAGIC >> 8);
    return (own ? tce_desc_unpack(d, m, &why) : tce_cumap_decode(d, m, &why)) == TCE_OK;
}

/* Where a tile box lies against the tensor: every element inside, some, or none. */
static unsigned tile_oob(const tce_op *op, const tce_tensormap *m)
{
    bool all_in = true, none_in = false;
    for (unsigned d = 0; d < m->rank && d < TCE_MAX_RANK; d++) {
        int64_t lo = op->coords[d], hi = lo + (int64_t)m->box[d]; /* [lo, hi) */
        int64_t dim = (int64_t)m->gdim[d];
        if (lo < 0 || hi > dim)
            all_in = false;
        if (hi <= 0 || lo >= dim)
            none_in = true;
    }
    return all_in ? 0 : none_in ? 2 : 1;
}

unsigned fcov_classify(const tce_op *op, const tce_memsys *ms, const tce_result *r,
                       char names[FCOV_MAX_BINS_PER_OP][FCOV_NAME_MAX])
{
    unsigned n = 0;
#define NAME(...) snprintf(names[n++], FCOV_NAME_MAX, __VA_ARGS__)
    if (r->status != TCE_OK) {
        if (r->status >= TCE_ERR_ILLEGAL_INSTR && r->status <= TCE_ERR_SHARED_RANGE) {
            NAME("error/%s", tce_status_name(r->status));
            unsigned fl = tce_result_field(r);
            NAME("errfield/%s/%s", tce_status_name(r->status),
                 field_name(fl < TCE_CMDF_COUNT ? fl : TCE_CMDF_COUNT));
        }
        return n;
    }
    int top = op->kind == TCE_OP_TENSOR_LOAD      ? 0
              : op->kind == TCE_OP_TENSOR_STORE   ? 1
              : op->kind == TCE_OP_TENSOR_REDUCE  ? 2
              : op->kind == TCE_OP_TENSOR_PREFETCH ? 3
                                                  : -1;
    if (top >= 0) {
        NAME("tensor/%s/%s/%ud", tensor_op[top], tce_mode_name(op->mode), op->dims);
        tce_tensormap m;
        if (top < 3 && read_map(op, ms, &m)) {
            NAME("layout/%s/%s/%s/%s", tensor_op[top], map_kind[m.kind % 3],
                 il_name[m.interleave % 3], tce_swizzle_name(m.swizzle));
            NAME("dtype/%s/%s", tensor_op[top], tce_dtype_name(m.dtype));
            if (op->mode == TCE_MODE_TILE && top == 0)
                NAME("fill/load/%s/%s", m.oobfill == TCE_OOB_NAN ? "NAN" : "ZERO",
                     oob_name[tile_oob(op, &m)]);
            if (op->mode == TCE_MODE_TILE && top == 1)
                NAME("oob/store/%s", oob_name[tile_oob(op, &m)]);
            tce_etype et;
            if (top == 2 && tce_etype_from_dtype(m.dtype, op->redop, &et))
                NAME("reduce/tensor/%s/%s", tce_redop_name(op->redop), tce_etype_name(et));
        }
        if (top == 0 && op->mode <= TCE_MODE_GATHER4)
            NAME("multicast/%s/%s", tce_mode_name(op->mode),
                 op->multicast ? "multicast" : "unicast");
        return n;
    }
    for (unsigned k = 0; k < 4; k++)
        if (op->kind == bulk_kind[k].kind)
            NAME("bulk/%s/%s/%s", bulk_kind[k].name, space_name[op->src_space % 3],
                 space_name[op->kind == TCE_OP_BULK_PREFETCH ? 0 : op->dst_space % 3]);
    if (op->kind == TCE_OP_BULK_COPY && op->src_space == TCE_SPACE_GLOBAL)
        NAME("multicast/bulk/%s", op->multicast ? "multicast" : "unicast");
    if (op->kind == TCE_OP_BULK_REDUCE)
        NAME("reduce/%s/%s/%s", op->dst_space == TCE_SPACE_GLOBAL ? "bulk_global" : "bulk_cluster",
             tce_redop_name(op->redop), tce_etype_name(op->etype));
    if (op->kind == TCE_OP_RED)
        NAME("reduce/%s/%s/%s", op->dst_space == TCE_SPACE_GLOBAL ? "red_global" : "red_shared",
             tce_redop_name(op->redop), tce_etype_name(op->etype));
#undef NAME
    return n;
}

/* ---- this process's counts ---- */

typedef struct {
    char name[FCOV_NAME_MAX];
    unsigned long long count;
} fcov_count;

static fcov_count *counts;
static size_t ncounts, cap_counts;
static bool alloc_failed;

static void count_bin(const char *name)
{
    for (size_t i = 0; i < ncounts; i++)
        if (!strcmp(counts[i].name, name)) {
            counts[i].count++;
            return;
        }
    if (ncounts == cap_counts) {
        size_t nc = cap_counts ? cap_counts * 2 : 256;
        fcov_count *p = realloc(counts, nc * sizeof *p);
        if (!p) {
            alloc_failed = true;
            return;
        }
        counts = p;
        cap_counts = nc;
    }
    size_t len = strnlen(name, FCOV_NAME_MAX - 1); /* names are made to fit (fcov_classify) */
    memcpy(counts[ncounts].name, name, len);
    counts[ncounts].name[len] = '\0';
    counts[ncounts++].count = 1;
}

/* TCE_FCOV_DIR, read once: sampling runs for every operation, and the environment of a
 * run does not change under it. NULL when coverage is off. */
static const char *fcov_dir(void)
{
    static bool read;
    static const char *dir;
    if (!read) {
        dir = getenv("TCE_FCOV_DIR");
        if (dir && !*dir)
            dir = NULL;
        read = true;
    }
    return dir;
}

void fcov_sample(const tce_op *op, const tce_memsys *ms, const tce_result *r)
{
    if (!fcov_dir())
        return;
    char names[FCOV_MAX_BINS_PER_OP][FCOV_NAME_MAX];
    unsigned n = fcov_classify(op, ms, r, names);
    for (unsigned i = 0; i < n; i++)
        count_bin(names[i]);
}

int fcov_flush(void)
{
    const char *dir = fcov_dir();
    static unsigned seq;
    if (!dir)
        return 0;
    if (alloc_failed) {
        fprintf(stderr, "tce: TCE_FCOV_DIR: out of memory while counting bins\n");
        return -1;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/fcov-%ld-%u.txt", dir, (long)getpid(), seq++);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "tce: TCE_FCOV_DIR: cannot write %s\n", path);
        return -1;
    }
    fprintf(f, "# tce fcov 1\n");
    for (size_t i = 0; i < ncounts; i++)
        fprintf(f, "%llu %s\n", counts[i].count, counts[i].name);
    ncounts = 0;
    if (fclose(f) != 0) {
        fprintf(stderr, "tce: TCE_FCOV_DIR: write error on %s\n", path);
        return -1;
    }
    return 0;
}
