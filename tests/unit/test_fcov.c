/* The functional-coverage bins (tools/tce/fcov.c): hand-made operations fall into the bins
 * written down here by hand, every bin they hit is a legal one, and the legal/excluded
 * counts of the groups are the ones derived in docs/coverage.md. */
#include <string.h>

#include "check.h"
#include "csim.h"
#include "fcov.h"

#define GBASE 0x10000ull
#define TMAP 0x10000ull /* the descriptor, at the start of the window */

static tce_memsys ms;

/* A 2-D 64x64 FLOAT16 tiled map with an 8x8 box, written at TMAP. */
static void put_map(tce_dtype dt, tce_oobfill fill)
{
    tce_tensormap m;
    memset(&m, 0, sizeof m);
    m.kind = TCE_MAP_TILED;
    m.dtype = dt;
    m.rank = 2;
    m.gaddr = GBASE + 0x1000;
    m.gdim[0] = m.gdim[1] = 64;
    m.gstride[0] = tce_dtype_size(dt);
    m.gstride[1] = 64 * tce_dtype_size(dt);
    m.box[0] = m.box[1] = 8;
    m.estride[0] = m.estride[1] = 1;
    m.oobfill = fill;
    tce_desc_pack(&m, tce_gmem(&ms, TMAP, TCE_DESC_BYTES));
}

/* The names op hits, joined by spaces, for comparison with a hand-written list. */
static unsigned why_field = TCE_RM_FIELD_NONE; /* the field a trap's result names */

static const char *bins_of(const tce_op *op, tce_status st)
{
    static char out[FCOV_MAX_BINS_PER_OP * FCOV_NAME_MAX];
    char names[FCOV_MAX_BINS_PER_OP][FCOV_NAME_MAX];
    tce_result r;
    memset(&r, 0, sizeof r);
    r.status = st;
    r.field = why_field;
    unsigned n = fcov_classify(op, &ms, &r, names);
    out[0] = '\0';
    for (unsigned i = 0; i < n; i++) {
        if (i)
            strcat(out, " ");
        strcat(out, names[i]);
    }
    return out;
}

#define EXPECT_BINS(op, st, want)                                                              \
    do {                                                                                       \
        const char *got = bins_of(op, st);                                                     \
        if (strcmp(got, want)) {                                                               \
            fprintf(stderr, "  got:  %s\n  want: %s\n", got, want);                            \
            CHECK(!"bins");                                                                    \
        }                                                                                      \
    } while (0)

typedef struct {
    unsigned legal[16], excluded[16];
    char group[16][16];
    unsigned ngroups;
    const char *probe;      /* a bin to look up */
    int probe_legal;        /* -1: not listed, 0 excluded, 1 legal */
} tally;

static void count(void *ctx, const char *name, const char *why)
{
    tally *t = ctx;
    size_t gl = strcspn(name, "/");
    unsigned g = 0;
    while (g < t->ngroups && (strlen(t->group[g]) != gl || strncmp(t->group[g], name, gl)))
        g++;
    if (g == t->ngroups && g < 16) {
        memcpy(t->group[g], name, gl);
        t->group[g][gl] = '\0';
        t->ngroups++;
    }
    if (why)
        t->excluded[g]++;
    else
        t->legal[g]++;
    if (t->probe && !strcmp(name, t->probe))
        t->probe_legal = why == NULL;
}

static int legal(const char *bin)
{
    tally t;
    memset(&t, 0, sizeof t);
    t.probe = bin;
    t.probe_legal = -1;
    fcov_enumerate(count, &t);
    return t.probe_legal;
}

int main(void)
{
    CHECK(tce_memsys_init(&ms, 2, 0x10000) == 0);
    CHECK(tce_memsys_add_global(&ms, GBASE, 0x10000) == 0);
    put_map(TCE_DT_FLOAT16, TCE_OOB_ZERO);

    int32_t c[5] = {0, 0, 0, 0, 0};
    tce_op ld = tce_op_tile_load(0, TMAP, 2, c, 0x400, 0x8);
    EXPECT_BINS(&ld, TCE_OK,
                "tensor/load/tile/2d layout/load/tiled/NONE/NONE dtype/load/FLOAT16 "
                "fill/load/ZERO/inside multicast/tile/unicast");
    /* The box [60, 68) x [0, 8) of a 64-wide tensor: partly out; [64, 72): wholly out;
     * [-8, 0): wholly out; [-4, 4): partly. */
    ld.coords[0] = 60;
    EXPECT_BINS(&ld, TCE_OK, "tensor/load/tile/2d layout/load/tiled/NONE/NONE dtype/load/FLOAT16 "
                             "fill/load/ZERO/partial multicast/tile/unicast");
    ld.coords[0] = 64;
    CHECK(strstr(bins_of(&ld, TCE_OK), "fill/load/ZERO/outside") != NULL);
    ld.coords[0] = -8;
    CHECK(strstr(bins_of(&ld, TCE_OK), "fill/load/ZERO/outside") != NULL);
    ld.coords[0] = -4;
    CHECK(strstr(bins_of(&ld, TCE_OK), "fill/load/ZERO/partial") != NULL);
    ld.coords[0] = 0;
    ld.coords[1] = 56; /* [56, 64): the last rows, inside */
    CHECK(strstr(bins_of(&ld, TCE_OK), "fill/load/ZERO/inside") != NULL);
    ld.multicast = true;
    ld.cta_mask = 3;
    CHECK(strstr(bins_of(&ld, TCE_OK), "multicast/tile/multicast") != NULL);
    put_map(TCE_DT_FLOAT32, TCE_OOB_NAN);
    ld.coords[1] = 60;
    CHECK(strstr(bins_of(&ld, TCE_OK), "dtype/load/FLOAT32 fill/load/NAN/partial") != NULL);

    /* A trap counts its status only. */
    EXPECT_BINS(&ld, TCE_ERR_MISALIGNED, "error/MISALIGNED_ADDRESS errfield/MISALIGNED_ADDRESS/NONE");
    /* the field as a driver-based engine names it (ERR_INFO.FIELD) */
    why_field = TCE_CMDF_TMAP_LO;
    EXPECT_BINS(&ld, TCE_ERR_MISALIGNED,
                "error/MISALIGNED_ADDRESS errfield/MISALIGNED_ADDRESS/TMAP_LO");
    why_field = TCE_RM_FIELD_NONE;
    EXPECT_BINS(&ld, TCE_ERR_UNSUPPORTED, "");

    /* A tile store, and a tensor add-reduce whose f32 type comes from the map. */
    tce_op st = ld;
    st.kind = TCE_OP_TENSOR_STORE;
    st.multicast = false;
    st.coords[1] = 0;
    EXPECT_BINS(&st, TCE_OK, "tensor/store/tile/2d layout/store/tiled/NONE/NONE "
                             "dtype/store/FLOAT32 oob/store/inside");
    st.kind = TCE_OP_TENSOR_REDUCE;
    st.redop = TCE_RED_ADD;
    EXPECT_BINS(&st, TCE_OK, "tensor/reduce/tile/2d layout/reduce/tiled/NONE/NONE "
                             "dtype/reduce/FLOAT32 reduce/tensor/add/f32");

    /* Bulk: a global -> shared::cluster copy, a shared::cta -> global reduce, red. */
    tce_op bc = tce_op_bulk_copy(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CLUSTER, 0, GBASE, 0x400,
                                 256, 0x8);
    EXPECT_BINS(&bc, TCE_OK, "bulk/copy/global/shared_cluster multicast/bulk/unicast");
    tce_op br = bc;
    br.kind = TCE_OP_BULK_REDUCE;
    br.src_space = TCE_SPACE_SHARED_CTA;
    br.dst_space = TCE_SPACE_GLOBAL;
    br.redop = TCE_RED_MIN;
    br.etype = TCE_ET_S32;
    EXPECT_BINS(&br, TCE_OK, "bulk/reduce/shared_cta/global reduce/bulk_global/min/s32");
    tce_op red = br;
    red.kind = TCE_OP_RED;
    red.redop = TCE_RED_ADD;
    red.etype = TCE_ET_U32;
    EXPECT_BINS(&red, TCE_OK, "reduce/red_global/add/u32");

    /* Legality, each by its rule (docs/coverage.md). */
    CHECK(legal("tensor/load/tile::gather4/2d") == 1);
    CHECK(legal("tensor/load/tile::gather4/3d") == 0);
    CHECK(legal("tensor/store/im2col/3d") == 0);
    CHECK(legal("tensor/reduce/im2col_no_offs/3d") == 1);
    CHECK(legal("tensor/load/im2col_no_offs/3d") == 0);
    CHECK(legal("layout/load/wide/NONE/64B") == 1);
    CHECK(legal("layout/load/wide/16B/64B") == 0);
    CHECK(legal("layout/store/wide/NONE/64B") == 0);
    CHECK(legal("layout/load/tiled/32B/128B_ATOM_32B") == 0); /* sm_100 only */
    CHECK(legal("layout/load/tiled/NONE/96B") == 0);
    CHECK(legal("layout/load/wide/NONE/128B_ATOM_32B") == 1);
    CHECK(legal("layout/load/wide/NONE/128B_ATOM_64B") == 0);
    CHECK(legal("dtype/load/16U4_ALIGN8B") == 0);
    CHECK(legal("bulk/copy/shared_cta/shared_cta") == 0);
    CHECK(legal("bulk/reduce/shared_cta/shared_cluster") == 1);
    CHECK(legal("reduce/bulk_cluster/add/f32") == 0); /* integer only */
    CHECK(legal("reduce/red_global/add/f16") == 1);
    CHECK(legal("tensor/load/tile/6d") == -1);
    CHECK(legal("errfield/GLOBAL_BUS_ERROR/GADDR_LO") == 1);   /* bulk.c check_global */
    CHECK(legal("errfield/GLOBAL_BUS_ERROR/NONE") == 1);       /* a tensor walk */
    CHECK(legal("errfield/MISALIGNED_ADDRESS/NONE") == 0);     /* every alignment names one */
    CHECK(legal("errfield/UNDEFINED_BEHAVIOUR/OPCODE") == 0);  /* a defensive default */
    CHECK(legal("errfield/UNDEFINED_BEHAVIOUR/DST_SPACE") == 1); /* red.c, a raw command */
    CHECK(legal("errfield/SHARED_OUT_OF_RANGE/SADDR_SRC") == 1); /* bulk.c resolve_smem */

    /* Group sizes derived by hand (docs/coverage.md): tensor 4 ops x 7 modes x 5 ranks =
     * 140, legal 15 + 15 + 9 + 8 = 47; layout 3 ops x 3 map kinds x 3 interleaves x 8
     * swizzles = 216, legal 3 x (2 x 3 x 4) + 3 = 75 (tiled and im2col maps: the four sm_90
     * swizzles; wide maps: loads, no interleave, 64B, 128B or 128B_ATOM_32B);
     * fill 2 x 3 = 6 and oob 3, all legal; multicast 6 x 2 = 12; bulk 4 x 3 x 3 = 36, legal
     * 4 + 2 + 1 + 1 = 8; error 6 statuses; errfield 6 statuses x (TCE_CMDF_COUNT + 1)
     * fields, legal 11 ILLEGAL_INSTRUCTION + 6 MISALIGNED_ADDRESS + 1 BAD_DESCRIPTOR + 13
     * UNDEFINED_BEHAVIOUR + 4 GLOBAL_BUS_ERROR + 5 SHARED_OUT_OF_RANGE = 40 (fcov.c). */
    tally t;
    memset(&t, 0, sizeof t);
    fcov_enumerate(count, &t);
    static const struct {
        const char *g;
        unsigned legal, total;
    } want[] = {{"tensor", 47, 140}, {"layout", 75, 216}, {"fill", 6, 6}, {"oob", 3, 3},
                {"multicast", 12, 12}, {"bulk", 8, 36},   {"error", 6, 6},
                {"errfield", 40, 6 * (TCE_CMDF_COUNT + 1)}};
    for (unsigned w = 0; w < sizeof want / sizeof want[0]; w++) {
        unsigned g = 0;
        while (g < t.ngroups && strcmp(t.group[g], want[w].g))
            g++;
        CHECK(g < t.ngroups);
        if (g < t.ngroups && (t.legal[g] != want[w].legal ||
                              t.legal[g] + t.excluded[g] != want[w].total)) {
            fprintf(stderr, "  group %s: %u legal of %u\n", want[w].g, t.legal[g],
                    t.legal[g] + t.excluded[g]);
            CHECK(!"group size");
        }
    }
    tce_memsys_free(&ms);
    return check_finish("test_fcov");
}
