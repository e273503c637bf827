/* tile::gather4 loads on the RTL against hand-derived bytes (no hardware captures exist;
 * the rules are the PTX text's, docs/tile.md): four rows of a 2-D tensor, row r at dim-1
 * coordinate tensorCoords[1 + r], box[0] elements of dim 0 from tensorCoords[0], rows one
 * after another in shared memory at the row pitch (padded to the swizzle span), rows and
 * elements outside the tensor filled with zeros; a rank-3 map or boxDim[1] != 1 traps.
 * The expected bytes are computed here from those rules, not by the golden model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtl_drv_rig.h"

#define DESC 0x10000000ull
#define TENSOR 0x20000000ull /* u8, TW x TH, row stride TW */
#define TW 64u
#define TH 8u
#define SOFF 0x400u
#define MBAR 0x10000u

static int failures;

static uint8_t elem(unsigned x, unsigned y) { return (uint8_t)(y * 37u + x + 1u); }

static void put_map(tce_sim *sim, unsigned rank, uint32_t box0, uint32_t box1, tce_swizzle sw)
{
    tce_tensormap m;
    tce_diag why;
    uint64_t gdim[3] = {TW, TH, 1}, gstr[2] = {TW, TW * TH};
    uint32_t box[3] = {box0, box1, 1}, es[3] = {1, 1, 1};
    if (tce_encode_tiled(&m, TCE_DT_UINT8, rank, TENSOR, gdim, gstr, box, es, TCE_IL_NONE, sw,
                         TCE_L2_NONE, TCE_OOB_ZERO, &why) != TCE_OK) {
        fprintf(stderr, "encode: %s\n", why.text);
        exit(2);
    }
    tce_desc_pack(&m, tce_sim_gmem(sim, DESC, TCE_DESC_BYTES));
}

/* Pre-swizzle offset -> physical offset of 64B swizzle: bits [5:4] ^= bits [8:7]. */
static uint32_t swz64(uint32_t a) { return a ^ (((a >> 7) & 3u) << 4); }

/* Fails when any of the n shared bytes at SOFF (set to 0xEE before) was written by `who`. */
static void smem_untouched(tce_sim *sim, unsigned n, const char *who)
{
    for (unsigned i = 0; i < n; i++)
        if (*tce_sim_smem(sim, 0, SOFF + i, 1) != 0xEE) {
            fprintf(stderr, "FAIL: %s wrote shared memory (0x%x)\n", who, SOFF + i);
            failures++;
            return;
        }
}

/* Runs one gather4 load; returns the engine's status. */
static tce_status gather(tce_drv *drv, unsigned dims, int32_t c0, const int32_t rows[4])
{
    tce_op op = rig_tensor_load(TCE_MODE_GATHER4, dims, DESC, SOFF, MBAR);
    op.coords[0] = c0;
    for (unsigned r = 0; r < 4; r++)
        op.coords[1 + r] = rows[r];
    return rig_run(drv, &op);
}

/* Runs a `kind` in `mode` (.dims) from/to SOFF with rows {0, 1, 2, 3} at column 0, which the
 * engine must trap as ILLEGAL_INSTR naming field `want_field`. */
static void misuse(tce_drv *drv, const char *what, tce_op_kind kind, tce_mode mode,
                   unsigned dims, unsigned want_field)
{
    const int32_t rows[4] = {0, 1, 2, 3};
    tce_op op = rig_tensor_load(mode, dims, DESC, SOFF, MBAR);
    op.kind = kind;
    if (kind != TCE_OP_TENSOR_LOAD)
        op.completion = TCE_DONE_BULK_GROUP;
    if (kind == TCE_OP_TENSOR_REDUCE) {
        op.redop = TCE_RED_ADD;
        op.etype = TCE_ET_U32;
    }
    for (unsigned r = 0; r < 4; r++)
        op.coords[1 + r] = rows[r];
    tce_drv_tensormap_fence(drv);
    if (tce_drv_submit(drv, &op, NULL) != TCE_DRV_OK) {
        fprintf(stderr, "FAIL: %s: the driver refused it (%s)\n", what, drv->why);
        failures++;
        return;
    }
    tce_drv_error_info info = {0};
    if (tce_drv_wait_idle(drv) == TCE_DRV_OK || (tce_drv_error(drv, &info), 0) ||
        info.status != TCE_ERR_ILLEGAL_INSTR || info.field != want_field) {
        fprintf(stderr, "FAIL: %s: status %s field %u, want ILLEGAL_INSTR field %u\n", what,
                tce_status_name(info.status), info.field, want_field);
        failures++;
    }
}

/* Compares shared memory with rows of `bytes` at `pitch`, row r from tensor row rows[r]
 * at columns c0.., zero outside the tensor; swizzled by f. */
static void expect(tce_sim *sim, const char *what, int32_t c0, const int32_t rows[4],
                   uint32_t bytes, uint32_t pitch, uint32_t (*f)(uint32_t))
{
    for (unsigned r = 0; r < 4; r++)
        for (uint32_t b = 0; b < bytes; b++) {
            int64_t x = (int64_t)c0 + b, y = rows[r];
            uint8_t want = (x >= 0 && x < TW && y >= 0 && y < TH) ? elem((unsigned)x, (unsigned)y) : 0;
            uint32_t a = SOFF + r * pitch + b;
            if (f)
                a = SOFF + f(r * pitch + b); /* SOFF is 1024-aligned: the swizzle sees the row offset */
            uint8_t got = *tce_sim_smem(sim, 0, a, 1);
            if (got != want) {
                fprintf(stderr, "FAIL: %s: row %u byte %u (shared 0x%x): 0x%02x, want 0x%02x\n",
                        what, r, b, a, got, want);
                failures++;
                return;
            }
        }
}

/* Runs one scatter4 store from SOFF; returns the engine's status. */
static tce_status scatter(tce_drv *drv, int32_t c0, const int32_t rows[4])
{
    tce_op op = rig_tensor_load(TCE_MODE_SCATTER4, 2, DESC, SOFF, 0);
    op.kind = TCE_OP_TENSOR_STORE;
    op.src_space = TCE_SPACE_SHARED_CTA;
    op.dst_space = TCE_SPACE_GLOBAL;
    op.completion = TCE_DONE_BULK_GROUP;
    op.coords[0] = c0;
    for (unsigned r = 0; r < 4; r++)
        op.coords[1 + r] = rows[r];
    return rig_run(drv, &op);
}

/* Shared source byte i of the scatter4 boxes. */
static uint8_t src_byte(uint32_t i) { return (uint8_t)(i * 11u + 3u); }

/* Compares the tensor after a scatter4 store of rows of `bytes` at `pitch` (swizzled by f)
 * from column c0 onto `before`: row r lands on tensor row rows[r] when inside, its columns
 * clipped at TW (a multiple of 16); the last store to a row wins. */
static void expect_store(tce_sim *sim, const char *what, const uint8_t *before, int32_t c0,
                         const int32_t rows[4], uint32_t bytes, uint32_t pitch,
                         uint32_t (*f)(uint32_t))
{
    uint8_t want[TW * TH];
    memcpy(want, before, sizeof want);
    for (unsigned r = 0; r < 4; r++)
        for (uint32_t b = 0; b < bytes; b++) {
            uint32_t x = (uint32_t)c0 + b;
            if (rows[r] >= (int32_t)TH || x >= TW)
                continue;
            uint32_t off = r * pitch + b;
            want[(uint32_t)rows[r] * TW + x] = src_byte(f ? f(off) : off);
        }
    const uint8_t *got = tce_sim_gmem(sim, TENSOR, TW * TH);
    for (uint32_t i = 0; i < TW * TH; i++)
        if (got[i] != want[i]) {
            fprintf(stderr, "FAIL: %s: tensor row %u column %u: 0x%02x, want 0x%02x\n", what,
                    i / TW, i % TW, got[i], want[i]);
            failures++;
            return;
        }
}

static void scatter_checks(tce_sim *sim, tce_drv *drv)
{
    uint8_t *tensor = tce_sim_gmem(sim, TENSOR, TW * TH);
    uint8_t before[TW * TH];
    uint8_t *src = tce_sim_smem(sim, 0, SOFF, 512);
    for (uint32_t i = 0; i < 512; i++)
        src[i] = src_byte(i);

    /* Rows in any order, one repeated (the second write wins), one below the tensor;
     * columns past the tensor's end not written (48 + 32 > 64); 64B swizzle: the source
     * rows padded to 64 bytes and their chunks permuted. */
    static const struct {
        const char *what;
        tce_swizzle sw;
        int32_t c0, rows[4];
        uint32_t pitch;
        uint32_t (*f)(uint32_t);
    } cases[] = {
        {"scatter4 rows 6,1,9,1 at column 16", TCE_SW_NONE, 16, {6, 1, 9, 1}, 32, NULL},
        {"scatter4 rows 0,2,3,7 at column 48", TCE_SW_NONE, 48, {0, 2, 3, 7}, 32, NULL},
        {"scatter4, 64B swizzle, rows 4,5,2,0", TCE_SW_64B, 0, {4, 5, 2, 0}, 64, swz64},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        put_map(sim, 2, 32, 1, cases[i].sw);
        memcpy(before, tensor, sizeof before);
        if (scatter(drv, cases[i].c0, cases[i].rows) != TCE_OK)
            fprintf(stderr, "FAIL: %s: the store failed\n", cases[i].what), failures++;
        expect_store(sim, cases[i].what, before, cases[i].c0, cases[i].rows, 32,
                     cases[i].pitch, cases[i].f);
    }

    /* Stores take no negative coordinate: a negative row index traps (field COORD) and
     * nothing is written. */
    put_map(sim, 2, 32, 1, TCE_SW_NONE);
    const int32_t d[4] = {1, 2, 3, -1};
    memcpy(before, tensor, sizeof before);
    if (scatter(drv, 0, d) != TCE_ERR_ILLEGAL_INSTR)
        fprintf(stderr, "FAIL: scatter4 with row -1 did not trap\n"), failures++;
    if (memcmp(before, tensor, sizeof before))
        fprintf(stderr, "FAIL: a trapped scatter4 store wrote global memory\n"), failures++;
}

int main(void)
{
    char err[160];
    tce_sim_params p = tce_sim_default_params();
    tce_sim *sim = tce_sim_create(&p, err, sizeof err);
    if (!sim || tce_sim_add_global(sim, DESC, 4096) || tce_sim_add_global(sim, TENSOR, TW * TH)) {
        fprintf(stderr, "setup failed %s\n", err);
        return 2;
    }
    uint8_t *g = tce_sim_gmem(sim, TENSOR, TW * TH);
    for (unsigned y = 0; y < TH; y++)
        for (unsigned x = 0; x < TW; x++)
            g[y * TW + x] = elem(x, y);
    tce_drv drv;
    if (!rig_driver(sim, &drv))
        return 2;

    /* Rows in any order, one repeated, inside the tensor. */
    put_map(sim, 2, 32, 1, TCE_SW_NONE);
    const int32_t a[4] = {5, 0, 7, 5};
    memset(tce_sim_smem(sim, 0, SOFF, 256), 0xEE, 256);
    if (gather(&drv, 2, 16, a) != TCE_OK)
        fprintf(stderr, "FAIL: in-bounds gather4 failed\n"), failures++;
    expect(sim, "rows 5,0,7,5 from column 16", 16, a, 32, 32, NULL);

    /* Rows above and below the tensor and columns past its end: zero fill. */
    const int32_t b[4] = {-1, 3, 8, 6};
    memset(tce_sim_smem(sim, 0, SOFF, 256), 0xEE, 256);
    if (gather(&drv, 2, 48, b) != TCE_OK)
        fprintf(stderr, "FAIL: gather4 with fill failed\n"), failures++;
    expect(sim, "rows -1,3,8,6 from column 48", 48, b, 32, 32, NULL);

    /* 64B swizzle: 32-byte rows padded to 64, chunks permuted. */
    put_map(sim, 2, 32, 1, TCE_SW_64B);
    const int32_t c[4] = {1, 2, 4, 7};
    memset(tce_sim_smem(sim, 0, SOFF, 512), 0xEE, 512);
    if (gather(&drv, 2, 0, c) != TCE_OK)
        fprintf(stderr, "FAIL: swizzled gather4 failed\n"), failures++;
    expect(sim, "64B swizzle, rows 1,2,4,7", 0, c, 32, 64, swz64);

    /* Traps (PTX: 2-D maps with boxDim[1] == 1 only); nothing is written. */
    put_map(sim, 2, 32, 2, TCE_SW_NONE);
    memset(tce_sim_smem(sim, 0, SOFF, 256), 0xEE, 256);
    if (gather(&drv, 2, 0, a) != TCE_ERR_ILLEGAL_INSTR)
        fprintf(stderr, "FAIL: boxDim[1] = 2 did not trap\n"), failures++;
    put_map(sim, 3, 32, 1, TCE_SW_NONE);
    if (gather(&drv, 3, 0, a) != TCE_ERR_ILLEGAL_INSTR)
        fprintf(stderr, "FAIL: a rank-3 map did not trap\n"), failures++;
    /* The mode against the operation (golden model, tile.c check_shape): gather4 is a load
     * mode, scatter4 a store mode; either one used the other way is an illegal instruction
     * (field MODE), found after the map kind and .dim checks (a wrong .dim names DIMS). */
    put_map(sim, 2, 32, 1, TCE_SW_NONE);
    uint8_t *tensor = tce_sim_gmem(sim, TENSOR, TW * TH);
    uint8_t before[TW * TH];
    memcpy(before, tensor, sizeof before);
    misuse(&drv, "gather4 store", TCE_OP_TENSOR_STORE, TCE_MODE_GATHER4, 2, TCE_CMDF_MODE);
    misuse(&drv, "gather4 reduce", TCE_OP_TENSOR_REDUCE, TCE_MODE_GATHER4, 2, TCE_CMDF_MODE);
    misuse(&drv, "scatter4 load", TCE_OP_TENSOR_LOAD, TCE_MODE_SCATTER4, 2, TCE_CMDF_MODE);
    misuse(&drv, "scatter4 reduce", TCE_OP_TENSOR_REDUCE, TCE_MODE_SCATTER4, 2, TCE_CMDF_MODE);
    misuse(&drv, "gather4 store, .3d with a rank-2 map", TCE_OP_TENSOR_STORE, TCE_MODE_GATHER4,
           3, TCE_CMDF_DIMS);
    if (memcmp(before, tensor, sizeof before))
        fprintf(stderr, "FAIL: a trapped gather4 store/reduce wrote global memory\n"), failures++;
    smem_untouched(sim, 256, "a trapped gather4");

    /* cp.async.bulk.prefetch.tensor (tile::gather4 and tile modes): checked like the load
     * up to its coordinates (csim/tile.c), then a hint with no shared-memory side: a
     * shared address off 128 bytes and an mbarrier outside shared memory, which a load
     * traps on, are not looked at; nothing lands in shared memory and no payload is read. */
    const int32_t pf_rows[4] = {0, 1, 2, 3};
    tce_op pf = rig_tensor_load(TCE_MODE_GATHER4, 2, DESC, SOFF + 16, 0x7FFFF8u);
    pf.kind = TCE_OP_TENSOR_PREFETCH;
    pf.completion = TCE_DONE_NONE;
    for (unsigned r = 0; r < 4; r++)
        pf.coords[1 + r] = pf_rows[r];
    memset(tce_sim_smem(sim, 0, SOFF, 512), 0xEE, 512);
    tce_sim_probe_clear(sim, TENSOR, TENSOR + TW * TH);
    tce_status st = rig_run(&drv, &pf);
    if (st != TCE_OK)
        fprintf(stderr, "FAIL: gather4 prefetch: %s, want OK\n", tce_status_name(st)), failures++;
    pf.mode = TCE_MODE_TILE;
    st = rig_run(&drv, &pf);
    if (st != TCE_OK)
        fprintf(stderr, "FAIL: tile prefetch: %s, want OK\n", tce_status_name(st)), failures++;
    if (tce_sim_probe_read(sim).r_beats != 0)
        fprintf(stderr, "FAIL: a prefetch read tensor data\n"), failures++;
    smem_untouched(sim, 512, "a prefetch");
    /* ... and traps where the load would before its shared side: tensorCoords[0] = 8 u8
     * elements is off 16 bytes (field COORD), a rank-3 map (gather4 needs 2-D). */
    pf.mode = TCE_MODE_GATHER4;
    pf.coords[0] = 8;
    tce_drv_error_info info = {0};
    if (tce_drv_submit(&drv, &pf, NULL) != TCE_DRV_OK || tce_drv_wait_idle(&drv) == TCE_DRV_OK ||
        (tce_drv_error(&drv, &info), info.status != TCE_ERR_ILLEGAL_INSTR ||
                                         info.field != TCE_CMDF_COORD))
        fprintf(stderr, "FAIL: prefetch off 16 bytes: %s field %u, want ILLEGAL_INSTR COORD\n",
                tce_status_name(info.status), info.field), failures++;
    pf.coords[0] = 0;
    put_map(sim, 3, 32, 1, TCE_SW_NONE);
    pf.dims = 3;
    st = rig_run(&drv, &pf);
    if (st != TCE_ERR_ILLEGAL_INSTR)
        fprintf(stderr, "FAIL: gather4 prefetch of a rank-3 map: %s\n", tce_status_name(st)), failures++;

    scatter_checks(sim, &drv);

    tce_sim_destroy(sim);
    printf("%s\n", failures ? "gather4/scatter4: FAILED" : "gather4/scatter4: all checks passed");
    return failures ? 1 : 0;
}
