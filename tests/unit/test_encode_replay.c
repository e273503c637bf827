/* The encode replay handler passes a case exactly when our verdict is the driver's and,
 * for an accepted map, our driver-format bytes are the driver's `opaque` bytes; it says
 * which way a disagreement went. Cases are real corpus cases (ids in the comments) with
 * their recorded result and, for the failure paths, the opposite result or a changed
 * opaque byte. */
#include <stdio.h>
#include <string.h>

#include "corpus.h"
#include "replay.h"

#include "check.h"

/* encode.txt case 1 (accepted: a box wider than its tensor) and case 347 (rejected: a
 * 898560-byte box), each once with the driver's result and once with the opposite; case 1
 * again with its opaque byte 52 (elementStrides) changed, and once with no opaque. */
/* encode.txt case 1's opaque bytes (two lines of 64), and line 1 with byte 52 changed
 * from a0 to a1 (elementStrides[0] 2 instead of 1). */
#define OPAQUE1_A "0000e0cff27f0000308406000a000000460000001801000000000000000000000000000006000000030000000400000000000000a00000270306030000000000"
#define OPAQUE1_B "00000000000000001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
#define OPAQUE1_BAD_A "0000e0cff27f0000308406000a000000460000001801000000000000000000000000000006000000030000000400000000000000a10000270306030000000000"

static const char corpus_text[] =
    "# unit test\n"
    "case 1\nmap tiled\ndtype FLOAT32_FTZ\nrank 4\ngdim 1 7 4 5\ngstride 160 1120 4480\n"
    "box 40 4 7 4\nestride 1 5 3 1\ninterleave NONE\nswizzle NONE\npromo 256B\noobfill NAN\n"
    "gaddr 0x7ff2cfe00000\nresult 0\nopaque 128\n" OPAQUE1_A "\n" OPAQUE1_B "\nend\n"
    "case 3\nmap tiled\ndtype FLOAT32_FTZ\nrank 4\ngdim 1 7 4 5\ngstride 160 1120 4480\n"
    "box 40 4 7 4\nestride 1 5 3 1\ninterleave NONE\nswizzle NONE\npromo 256B\noobfill NAN\n"
    "gaddr 0x7ff2cfe00000\nresult 0\nopaque 128\n" OPAQUE1_BAD_A "\n" OPAQUE1_B "\nend\n"
    "case 4\nmap tiled\ndtype FLOAT32_FTZ\nrank 4\ngdim 1 7 4 5\ngstride 160 1120 4480\n"
    "box 40 4 7 4\nestride 1 5 3 1\ninterleave NONE\nswizzle NONE\npromo 256B\noobfill NAN\n"
    "gaddr 0x7ff2cfe00000\nresult 0\nend\n"
    "case 2\nmap tiled\ndtype FLOAT32_FTZ\nrank 4\ngdim 1 7 4 5\ngstride 160 1120 4480\n"
    "box 40 4 7 4\nestride 1 5 3 1\ninterleave NONE\nswizzle NONE\npromo 256B\noobfill NAN\n"
    "gaddr 0x7ff2cfe00000\nresult 1\nend\n"
    "case 347\nmap tiled\ndtype FLOAT64\nrank 5\ngdim 22 8 3 4 11\n"
    "gstride 176 1408 4224 16896\nbox 8 3 2 12 195\nestride 1 1 1 1 1\ninterleave NONE\n"
    "swizzle 128B\npromo NONE\noobfill NONE\ngaddr 0x7ff2cfe00000\nresult 1\nend\n"
    "case 348\nmap tiled\ndtype FLOAT64\nrank 5\ngdim 22 8 3 4 11\n"
    "gstride 176 1408 4224 16896\nbox 8 3 2 12 195\nestride 1 1 1 1 1\ninterleave NONE\n"
    "swizzle 128B\npromo NONE\noobfill NONE\ngaddr 0x7ff2cfe00000\nresult 0\nend\n"
    "case 9\nmap tiled\ndtype FLOAT64\nrank 1\ngdim 8\nbox 8\nestride 1\ninterleave NONE\n"
    "swizzle NONE\npromo NONE\noobfill NONE\nresult 2\nend\n";

/* A load case that records the driver's map (as extreme_load.txt does) is checked against
 * it before it runs: tile_load.txt case 0 given encode.txt case 1's opaque bytes, which
 * belong to another map, must fail on the map, not on the copy. */
static void test_load_with_opaque(void)
{
    static const char path[] = "test_encode_replay_load.txt";
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f)
        return;
    fprintf(f, "case 0\nop load.tile\nmap tiled\ndtype INT32\nrank 3\ngdim 15 8 2\n"
               "gstride 112 944\nbox 8 3 2\nestride 1 1 1\ninterleave NONE\nswizzle NONE\n"
               "promo 64B\noobfill NONE\ncoords 4 4 0\ngseed 605762485721727532\ngbytes 1888\n"
               "smem_off 256\ntx 192\nresult 0\nopaque 128\n%s\n%s\n"
               "error an illegal instruction was encountered\nend\n", OPAQUE1_A, OPAQUE1_B);
    fclose(f);
    corpus_reader rd;
    corpus_case c;
    CHECK(corpus_open(&rd, path) == 0);
    CHECK(corpus_next(&rd, &c) == 1);
    replay_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.engine_name = "csim";
    ctx.exec = tce_engine_exec;
    ctx.engine = tce_engine_open("csim");
    CHECK(ctx.engine != NULL);
    CHECK(replay_tile(&c, &ctx) == REPLAY_FAIL);
    tce_engine_close(ctx.engine);
    CHECK(strstr(ctx.msg, "driver tensor map (opaque): first difference at offset") != NULL);
    if (!strstr(ctx.msg, "driver tensor map (opaque)"))
        fprintf(stderr, "message: %s\n", ctx.msg);
    corpus_case_free(&c);
    corpus_close(&rd);
    remove(path);
}

int main(void)
{
    static const char path[] = "test_encode_replay_tmp.txt";
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f)
        return 1;
    fputs(corpus_text, f);
    fclose(f);

    static const struct {
        long id;
        replay_verdict want;
        const char *msg;
    } expect[] = {
        {1, REPLAY_PASS, NULL},
        {3, REPLAY_FAIL, "driver tensor map (opaque): first difference at offset 52: "
                         "expected a1, got a0"},
        {4, REPLAY_FAIL, "accepted case needs 'opaque 128'"},
        {2, REPLAY_FAIL, "the driver rejected these parameters"},
        {347, REPLAY_PASS, NULL},
        {348, REPLAY_FAIL, "the driver accepted these parameters; encode rejected them"},
        {9, REPLAY_FAIL, "needs 'result' 0"},
    };
    corpus_reader rd;
    corpus_case c;
    CHECK(corpus_open(&rd, path) == 0);
    for (size_t k = 0; k < sizeof expect / sizeof expect[0]; k++) {
        CHECK(corpus_next(&rd, &c) == 1);
        CHECK(c.id == expect[k].id);
        replay_ctx ctx;
        memset(&ctx, 0, sizeof ctx);
        ctx.engine_name = "csim";
        replay_verdict v = replay_encode(&c, &ctx);
        if (v != expect[k].want || (expect[k].msg && !strstr(ctx.msg, expect[k].msg))) {
            fprintf(stderr, "case %ld: verdict %d, message '%s'\n", c.id, (int)v, ctx.msg);
            failures++;
        }
        /* The rejection reason is kept for the report: case 348 names the box size. */
        if (c.id == 348)
            CHECK(strstr(ctx.msg, "898560 bytes") != NULL);
        corpus_case_free(&c);
    }
    corpus_close(&rd);
    remove(path);
    test_load_with_opaque();
    return check_finish("test_encode_replay");
}
