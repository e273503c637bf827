/* The "errors agree" harness of the co-simulation tests: one operation run on the golden
 * model (csim) and on the RTL (rtl engine: firmware driver -> registers -> Verilated engine)
 * from identical memories (a 2-CTA cluster, a tensor window at GBASE, a descriptor page at
 * DBASE holding a valid 2-D map, which a test may then corrupt); agree() requires the
 * golden model's status (and field), the same verdict, field and statistics from the RTL,
 * an explanation in words from the RTL, and every memory byte untouched after an error.
 * Header-only, static: each test is one executable. */
#ifndef TCE_ERRORS_RIG_H
#define TCE_ERRORS_RIG_H

#include "engines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../unit/check.h"
#include "tce_cmd.h"
#include "map2d.h"

#define GBASE 0x10000000ull
#define GSIZE 0x800u /* ends mid-page: bytes past it share the last 4 KB page */
#define DBASE 0x20000000ull
#define NCTA 2u
#define SMEM 16384u /* smaller than the engine's 227 KB */
/* The cluster's shared memory per CTA: SMEM unless a case needs another size. */
static uint32_t smem_bytes = SMEM;

typedef struct {
    tce_memsys ms;
} world;

static void world_init(world *w)
{
    if (tce_memsys_init(&w->ms, NCTA, smem_bytes) != 0 ||
        tce_memsys_add_global(&w->ms, GBASE, GSIZE) != 0 ||
        tce_memsys_add_global(&w->ms, DBASE, 4096) != 0) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    for (uint32_t i = 0; i < GSIZE; i++)
        w->ms.g[0].bytes[i] = (uint8_t)(i * 7 + 3);
    for (unsigned c = 0; c < NCTA; c++)
        for (uint32_t i = 0; i < smem_bytes; i++)
            w->ms.smem[c][i] = (uint8_t)(i * 5 + c);
    for (unsigned c = 0; c < NCTA; c++)
        memset(w->ms.smem[c] + 0x100, 0, 8); /* the mbarrier */
}

/* A valid 2-D tiled map of f32 at GBASE, 16 x 16 elements, box 8 x 8, packed at DBASE. */
static void put_map(world *w)
{
    pack_map2d(w->ms.g[1].bytes, TCE_DT_FLOAT32, 4, GBASE, 16, 16, 8, 8, TCE_SW_NONE);
}

/* The rtl engine; exit 2 (the test cannot run) when it does not open. */
static tce_engine *open_rtl(void)
{
    tce_engine *rtl = tce_engine_open("rtl");
    if (!rtl) {
        fprintf(stderr, "rtl engine: %s\n", tce_engine_open_error());
        exit(2);
    }
    return rtl;
}

/* The field agree() requires of the golden model's verdict; ANY_FIELD: only that the
 * engines name the same one. */
#define ANY_FIELD 0x100u
static unsigned want_field = ANY_FIELD;

static const char *field_name(unsigned f)
{
    return f < TCE_CMDF_COUNT ? tce_cmd_fields[f].name : "none";
}

/* Run op on both engines from the same memories, built by setup (and then `poke`d: a
 * descriptor corruption); check status, field, statistics, the same memory on both and,
 * after an error, memory untouched. */
static void agree(tce_engine *rtl, const char *name, const tce_op *op,
                  void (*poke)(uint8_t *desc), tce_status want)
{
    world w[2];
    tce_result res[2];
    for (int k = 0; k < 2; k++) {
        world_init(&w[k]);
        put_map(&w[k]);
        if (poke)
            poke(w[k].ms.g[1].bytes);
    }
    world before;
    world_init(&before);
    put_map(&before);
    if (poke)
        poke(before.ms.g[1].bytes);
    tce_engine *csim = tce_engine_open("csim");
    tce_engine_tx tx[TCE_ENGINE_MAX_TX];
    unsigned ntx;
    tce_engine_exec_queue(csim, op, 1, &w[0].ms, &res[0], tx, &ntx);
    tce_engine_exec_queue(rtl, op, 1, &w[1].ms, &res[1], tx, &ntx);
    tce_engine_close(csim);
    unsigned f0 = tce_result_field(&res[0]), f1 = tce_result_field(&res[1]);
    bool same = res[0].status == res[1].status && f0 == f1 &&
                res[0].bytes_read == res[1].bytes_read &&
                res[0].bytes_written == res[1].bytes_written;
    CHECK(res[0].status == want);
    CHECK(want_field == ANY_FIELD || f0 == want_field);
    CHECK(same);
    /* The RTL explains itself beyond the field name. */
    const char *words = strstr(res[1].why, ": ");
    CHECK(res[1].status == TCE_OK || (words && words[2] != '\0'));
    /* Both engines leave the same bytes (an error: the bytes from before) */
    bool untouched = true;
    for (unsigned g = 0; g < 2; g++)
        untouched &= !memcmp(w[0].ms.g[g].bytes, w[1].ms.g[g].bytes, w[0].ms.g[g].size);
    for (unsigned c = 0; c < NCTA; c++)
        untouched &= !memcmp(w[0].ms.smem[c], w[1].ms.smem[c], smem_bytes);
    if (want != TCE_OK)
        for (int k = 0; k < 2; k++) {
            for (unsigned g = 0; g < 2; g++)
                untouched &= !memcmp(w[k].ms.g[g].bytes, before.ms.g[g].bytes, w[k].ms.g[g].size);
            for (unsigned c = 0; c < NCTA; c++)
                untouched &= !memcmp(w[k].ms.smem[c], before.ms.smem[c], smem_bytes);
        }
    CHECK(untouched);
    printf("%-44s csim %s field %s %llu/%llu | rtl %s field %s %llu/%llu%s\n", name,
           tce_status_name(res[0].status), field_name(f0),
           (unsigned long long)res[0].bytes_read, (unsigned long long)res[0].bytes_written,
           tce_status_name(res[1].status), field_name(f1),
           (unsigned long long)res[1].bytes_read, (unsigned long long)res[1].bytes_written,
           same && untouched ? "" : "   <-- DISAGREE");
    if (res[1].status != TCE_OK)
        printf("    rtl says: %s\n", res[1].why);
    for (int k = 0; k < 2; k++)
        tce_memsys_free(&w[k].ms);
    tce_memsys_free(&before.ms);
}

/* Operations and maps the cases start from (static inline: a test may use some). */
static inline tce_op load2d(void)
{
    int32_t at[2] = {0, 0};
    return tce_op_tile_load(0, DBASE, 2, at, 0x400, 0x100);
}
static inline tce_op im2col_load(unsigned dims, unsigned j, uint16_t offset)
{
    int32_t at[5] = {0, 0, 0, 0, 0};
    tce_op op = tce_op_tile_load(0, DBASE, dims, at, 0x400, 0x100);
    op.mode = TCE_MODE_IM2COL;
    op.im2col[j] = offset;
    return op;
}
static inline void to_store(tce_op *op)
{
    op->kind = TCE_OP_TENSOR_STORE;
    op->src_space = TCE_SPACE_SHARED_CTA;
    op->dst_space = TCE_SPACE_GLOBAL;
    op->completion = TCE_DONE_BULK_GROUP;
    op->mbar = 0;
}

/* im2col maps of f32 at GBASE, 4 channels, spatial dims 4 wide (rank 4: W, H; rank 5: W, H,
 * D), one image, for the offset limits of im2col.c (8 bits at rank 4, 5 bits at rank 5). */
static inline void im2col_map(uint8_t *d, unsigned rank)
{
    tce_tensormap m;
    tce_diag why;
    uint64_t gdim[5] = {4, 4, 4, 4, 1}, gstride[4] = {16, 64, 256, 1024};
    int32_t lower[3] = {0, 0, 0}, upper[3] = {0, 0, 0};
    uint32_t es[5] = {1, 1, 1, 1, 1};
    gdim[rank - 1] = 1;
    if (tce_encode_im2col(&m, TCE_DT_FLOAT32, rank, GBASE, gdim, gstride, lower, upper, 4, 4, es,
                          TCE_IL_NONE, TCE_SW_NONE, TCE_L2_NONE, TCE_OOB_ZERO, &why) != TCE_OK) {
        fprintf(stderr, "encode im2col: %s\n", why.text);
        exit(2);
    }
    tce_desc_pack(&m, d);
}
static inline void im2col_4d(uint8_t *d) { im2col_map(d, 4); }
static inline void im2col_5d(uint8_t *d) { im2col_map(d, 5); }

#endif
