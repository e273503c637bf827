/* Operations at the top of the 64-bit address space, multicast to all 16 CTAs of the
 * engine's cluster: the upper global-address bits and the upper CTA-mask bits of every
 * mover, the descriptor fetch and its write snoop, which CI's regressions (windows below
 * 2^32, clusters of up to 4 CTAs) leave at zero (docs/coverage.md, the toggle holes). Each
 * operation runs on the golden model and on the RTL from the same memories; both must give
 * the status derived by hand beside it, the same field and statistics, and leave the same
 * bytes; after an error no byte may have changed. */
#include "engines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../unit/check.h"
#include "tce_cmd.h"
#include "map2d.h"

/* A 32 KB window whose bits 16..63 are all ones (bulk copies, the descriptors at its end)
 * and a 16 KB one with bits 16..56 set for the tensor: the encoder keeps a tensor below
 * 2^57, the GPU's virtual address space (csim/encode_rules.c). */
#define FAR 0xFFFFFFFFFFFF0000ull
#define FSIZE 0x8000u
#define T57 0x01FFFFFFFFFF0000ull
#define TSIZE 0x4000u
#define TMAP (FAR + 0x7000)      /* a valid 2-D map */
#define BADMAP (FAR + 0x7F80)    /* 128 bytes of ones */
#define TMAPT (FAR + 0x7080)     /* a map whose tensor is at TTOP */
#define TTOP (FAR + 0x4000)
#define NCTA 16u
#define SMEM 16384u

static void world_init(tce_memsys *ms)
{
    if (tce_memsys_init(ms, NCTA, SMEM) != 0 || tce_memsys_add_global(ms, FAR, FSIZE) != 0 ||
        tce_memsys_add_global(ms, T57, TSIZE) != 0) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    uint8_t *g = ms->g[0].bytes;
    for (uint32_t i = 0; i < FSIZE; i++)
        g[i] = (uint8_t)(i * 13 + (i >> 8) + 1);
    for (uint32_t i = 0; i < TSIZE; i++)
        ms->g[1].bytes[i] = (uint8_t)(i * 7 + (i >> 9) + 5);
    for (unsigned c = 0; c < NCTA; c++) {
        for (uint32_t i = 0; i < SMEM; i++)
            ms->smem[c][i] = (uint8_t)(i * 3 + c * 29);
        memset(ms->smem[c] + 0x100, 0, 8); /* the mbarrier */
    }
    /* f32 64 x 64 at T57 (rows of 256 bytes), box 32 x 16, 128B swizzle */
    pack_map2d(g + (TMAP - FAR), TCE_DT_FLOAT32, 4, T57, 64, 64, 32, 16, TCE_SW_128B);
    memset(g + (BADMAP - FAR), 0xFF, 128);
    /* f32 64 x 32 at TTOP (bits 57..63 set), box 32 x 16: only the encoder refuses a base
     * past 2^57, a descriptor may hold it (csim/encode.c), so the base is patched in */
    pack_map2d(g + (TMAPT - FAR), TCE_DT_FLOAT32, 4, T57, 64, 32, 32, 16, TCE_SW_128B);
    for (unsigned i = 0; i < 8; i++)
        g[TMAPT - FAR + 16 + i] = (uint8_t)(TTOP >> (8 * i));
}

static uint64_t rtl_wr; /* bytes the RTL wrote in the last agree_q */

/* Run ops as one queue on both engines from the same memories; want[i] is op i's status. */
static void agree_q(tce_engine *rtl, const char *name, const tce_op *ops, unsigned n,
                    const tce_status *want)
{
    tce_memsys w[3];
    tce_result res[2][4];
    for (int k = 0; k < 3; k++)
        world_init(&w[k]);
    tce_engine *csim = tce_engine_open("csim");
    tce_engine_tx tx[TCE_ENGINE_MAX_TX];
    unsigned ntx;
    tce_engine_exec_queue(csim, ops, n, &w[0], res[0], tx, &ntx);
    tce_engine_exec_queue(rtl, ops, n, &w[1], res[1], tx, &ntx);
    tce_engine_close(csim);
    uint64_t rd[2], wr[2];
    bool same = true, ok = true;
    for (unsigned i = 0; i < n; i++) {
        same &= res[0][i].status == res[1][i].status &&
                tce_result_field(&res[0][i]) == tce_result_field(&res[1][i]);
        ok &= res[0][i].status == want[i];
    }
    tce_engine_batch_stats(rtl, &rd[1], &wr[1]);
    rd[0] = wr[0] = 0;
    for (unsigned i = 0; i < n; i++)
        if (res[0][i].status == TCE_OK) {
            rd[0] += res[0][i].bytes_read;
            wr[0] += res[0][i].bytes_written;
        }
    same &= rd[0] == rd[1] && wr[0] == wr[1];
    rtl_wr = wr[1];
    bool bytes = !memcmp(w[0].g[0].bytes, w[1].g[0].bytes, FSIZE) &&
                 !memcmp(w[0].g[1].bytes, w[1].g[1].bytes, TSIZE);
    for (unsigned c = 0; c < NCTA; c++)
        bytes &= !memcmp(w[0].smem[c], w[1].smem[c], SMEM);
    /* one failing operation alone: nothing written */
    bool untouched = true;
    if (n == 1 && want[0] != TCE_OK) {
        untouched = !memcmp(w[1].g[0].bytes, w[2].g[0].bytes, FSIZE) &&
                    !memcmp(w[1].g[1].bytes, w[2].g[1].bytes, TSIZE);
        for (unsigned c = 0; c < NCTA; c++)
            untouched &= !memcmp(w[1].smem[c], w[2].smem[c], SMEM);
    }
    CHECK(ok);
    CHECK(same);
    CHECK(bytes);
    CHECK(untouched);
    printf("%-44s csim %s %llu/%llu | rtl %s %llu/%llu%s\n", name,
           tce_status_name(res[0][n - 1].status), (unsigned long long)rd[0],
           (unsigned long long)wr[0], tce_status_name(res[1][n - 1].status),
           (unsigned long long)rd[1], (unsigned long long)wr[1],
           ok && same && bytes && untouched ? "" : "   <-- DISAGREE");
    if (!(ok && same && bytes && untouched) && res[1][n - 1].status != TCE_OK)
        printf("    rtl says: %s\n", res[1][n - 1].why);
    for (int k = 0; k < 3; k++)
        tce_memsys_free(&w[k]);
}

static void agree(tce_engine *rtl, const char *name, const tce_op *op, tce_status want)
{
    agree_q(rtl, name, op, 1, &want);
}

static tce_op tload(bool mcast)
{
    int32_t at[2] = {16, 40}; /* rows 40..55 of 64, columns 16..47: inside */
    tce_op op = tce_op_tile_load(0, TMAP, 2, at, 0x400, 0x100);
    if (mcast) {
        op.dst_space = TCE_SPACE_SHARED_CLUSTER;
        op.multicast = true;
        op.cta_mask = 0xFFFF;
    }
    return op;
}

int main(void)
{
    tce_engine *rtl = tce_engine_open("rtl");
    if (!rtl) {
        fprintf(stderr, "rtl engine: %s\n", tce_engine_open_error());
        return 2;
    }
    /* csim/csim.c read_map: a descriptor of all ones has no such kind or type */
    tce_op bad = tload(false);
    bad.tmap_addr = BADMAP;
    agree(rtl, "tile load, map of all ones", &bad, TCE_ERR_BAD_DESCRIPTOR);
    tce_op op = tload(true);
    agree(rtl, "tile load multicast to 16 CTAs", &op, TCE_OK);
    op = tload(false);
    op.coords[0] = 48; /* columns 48..79: half past the tensor's edge, zero-filled */
    agree(rtl, "tile load across the edge", &op, TCE_OK);
    op = tce_op_as_store(tload(false));
    agree(rtl, "tile store", &op, TCE_OK);
    op.kind = TCE_OP_TENSOR_REDUCE;
    op.redop = TCE_RED_ADD;
    agree(rtl, "tile reduce .add", &op, TCE_OK);
    /* The tensor above 2^57: the tile movers' global addresses take bits 57..63. 16 rows
     * of 32 f32 (128 bytes each) stored and reduced, rows 8..23, columns 16..47. */
    op = tload(false);
    op.tmap_addr = TMAPT;
    op.coords[1] = 8;
    agree(rtl, "tile load above 2^57", &op, TCE_OK);
    op = tce_op_as_store(op);
    agree(rtl, "tile store above 2^57", &op, TCE_OK);
    CHECK(rtl_wr == 16 * 128);
    op.kind = TCE_OP_TENSOR_REDUCE;
    op.redop = TCE_RED_ADD;
    agree(rtl, "tile reduce .add above 2^57", &op, TCE_OK);
    CHECK(rtl_wr == 16 * 128);
    /* From shared offset 0 to rows 16 bytes into a 32-byte beat: the store's first beat
     * starts 16 bytes before the box in shared memory (its shared address wraps below 0) */
    op.kind = TCE_OP_TENSOR_STORE;
    op.saddr = 0;
    op.coords[0] = 4;
    agree(rtl, "tile store from shared 0, rows off 32", &op, TCE_OK);
    CHECK(rtl_wr == 16 * 128);
    /* 0x1F00 bytes from 0x100 before a 4 KB page end, multicast to all 16 CTAs */
    op = tce_op_bulk_copy(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CLUSTER, 0, FAR + 0x2F00, 0x400,
                          0x1F00, 0x100);
    op.multicast = true;
    op.cta_mask = 0xFFFF;
    agree(rtl, "bulk load multicast to 16 CTAs", &op, TCE_OK);
    op = tce_op_bulk_copy(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CLUSTER, 0, FAR + 0x10, 0x2400,
                          0x30, 0x100);
    op.saddr = TCE_SADDR(15, 0x2410);
    op.mbar = TCE_SADDR(15, 0x100);
    agree(rtl, "bulk load into CTA 15", &op, TCE_OK);
    op = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, 0, FAR + 0x5FF0, 0x200,
                          0x1020, 0);
    agree(rtl, "bulk store across a page", &op, TCE_OK);
    op.kind = TCE_OP_BULK_REDUCE;
    op.redop = TCE_RED_ADD;
    op.etype = TCE_ET_U32;
    agree(rtl, "bulk reduce .add.u32", &op, TCE_OK);
    op = (tce_op){.kind = TCE_OP_RED, .dst_space = TCE_SPACE_GLOBAL,
                  .src_space = TCE_SPACE_GLOBAL, .redop = TCE_RED_ADD, .etype = TCE_ET_U64,
                  .vec = 1, .gaddr = FAR + 0x7FF8, .operand = {0x8000000000000001ull}};
    agree(rtl, "red.global.add.u64 at the window's end", &op, TCE_OK);
    /* the last 8 bytes of the window are mapped, the 8 after are not: csim/red.c */
    op.gaddr = FAR + FSIZE;
    agree(rtl, "red.global past the window", &op, TCE_ERR_GLOBAL_BUS);
    op = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_SHARED_CLUSTER, 0, 0,
                          TCE_SADDR(15, 0x2000), 0x240, TCE_SADDR(15, 0x100));
    op.saddr_src = 0x600;
    agree(rtl, "bulk shared::cta -> CTA 15", &op, TCE_OK);
    op.kind = TCE_OP_BULK_REDUCE;
    op.redop = TCE_RED_MAX;
    op.etype = TCE_ET_S32;
    agree(rtl, "bulk reduce .max.s32 into CTA 15", &op, TCE_OK);
    /* A copy still writing when the next command traps: its retirement waits behind the
     * pending error. The next is another bulk load (the only command checked while one is
     * in flight) to a shared address off 16 bytes: MISALIGNED (csim/bulk.c resolve_smem). */
    tce_op q[2];
    q[0] = tce_op_bulk_copy(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CTA, 0, FAR, 0x400, 0x3000,
                            0x100);
    q[1] = tce_op_bulk_copy(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CTA, 0, FAR + 0x4000, 0x3408,
                            0x40, 0x100);
    const tce_status qwant[2] = {TCE_OK, TCE_ERR_MISALIGNED};
    agree_q(rtl, "bulk load, then a trap behind it", q, 2, qwant);
    tce_engine_close(rtl);
    return check_finish("test_rtl_far");
}
