/* `tce map explain|check|diff|show` against corpus truth (the driver's own bytes and
 * parameters in tests/data/hwcorpus, case ids in the comments) and hand-derived placements
 * (the 128B swizzle rule of the corpus README; the mission scenario's im2col window), and
 * its errors for bad input. Each verb runs in-process with its output captured. */
#define _POSIX_C_SOURCE 200809L /* fileno, dup, dup2 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

int map_main(int argc, char **argv);

static char out[1 << 20];

/* Run `tce map ARGS...` (NULL-terminated); returns the exit status, output in `out`. */
static int run(const char *a0, ...)
{
    char *argv[16];
    int argc = 0;
    argv[argc++] = (char *)"map";
    va_list ap;
    va_start(ap, a0);
    for (const char *a = a0; a && argc < 15; a = va_arg(ap, const char *))
        argv[argc++] = (char *)a;
    va_end(ap);
    argv[argc] = NULL;
    fflush(stdout);
    fflush(stderr);
    FILE *tmp = tmpfile();
    int so = dup(1), se = dup(2);
    dup2(fileno(tmp), 1);
    dup2(fileno(tmp), 2);
    int rc = map_main(argc, argv);
    fflush(stdout);
    fflush(stderr);
    dup2(so, 1);
    dup2(se, 2);
    close(so);
    close(se);
    rewind(tmp);
    size_t n = fread(out, 1, sizeof out - 1, tmp);
    out[n] = '\0';
    fclose(tmp);
    return rc;
}

static void expect(const char *what)
{
    if (!strstr(out, what)) {
        fprintf(stderr, "expected '%s' in:\n%s\n", what, out);
        failures++;
    }
}

/* encode.txt case 0 (im2col FLOAT32 rank 4, gdim 12 8 8 3, gstride 48 384 3072, lower 0 -1,
 * upper 2 -2, channels 12, pixels 100, estride 1 1 3 1, swizzle 64B, promo 256B). */
static const char case0[] =
    "2000e0cff27f0000b14306000300000018000000c000000000000000000000000b000000070000000700000002"
    "000000000000008000000b00ff02fe63000000c012000000000000000200000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000000000000000";
/* encode.txt case 1 (tiled FLOAT32_FTZ rank 4): its parameters and the driver's bytes. */
static const char case1[] =
    "0000e0cff27f0000308406000a0000004600000018010000000000000000000000000000060000000300000004"
    "00000000000000a000002703060300000000000000000000000000100000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000000000000000";
/* A 64 x 32 FLOAT16 tensor at 0x10000 with 128-byte rows, box 64 x 8, 128B swizzle (the
 * map test_cumap.c derives by hand). */
static const char swz[] =
    "00000100000000001063040008000000000000000000000000000000000000003f0000001f000000000000000000"
    "0000000000000000003f07000000000000000004000000000000000400000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000000000";

static void test_explain(void)
{
    CHECK(run("explain", case0, NULL) == 0);
    expect("CUtensorMap, im2col (cuTensorMapEncodeIm2col)");
    expect("CU_TENSOR_MAP_DATA_TYPE_FLOAT32");
    expect("globalAddress        0x7ff2cfe00020");
    expect("globalDim            {12, 8, 8, 3}");
    expect("globalStrides        {48, 384, 3072}");
    expect("pixelBoxLowerCorner  {0, -1}");
    expect("pixelBoxUpperCorner  {2, -2}");
    expect("channelsPerPixel     12");
    expect("pixelsPerColumn      100");
    expect("elementStrides       {1, 1, 3, 1}");
    expect("CU_TENSOR_MAP_SWIZZLE_64B");
    expect("CU_TENSOR_MAP_L2_PROMOTION_L2_256B");
    expect("verdict: a map the driver writes");
    /* Bit 85 set (byte 10 |= 0x20): no field of a driver map. */
    char bad[sizeof case0];
    memcpy(bad, case0, sizeof case0);
    bad[20] = '2'; /* byte 10 is hex characters 20-21: "06" -> "26" */
    CHECK(run("explain", bad, NULL) == 1);
    expect("bit 85 (byte 10)");
    expect("globalDim[0] = 12"); /* the fields as stored are still shown */
    /* A map file written as a C array, and one with a stray character on line 2. */
    FILE *f = fopen("test_map_cmd.txt", "w");
    CHECK(f != NULL);
    if (f) {
        fputs("{", f);
        for (unsigned i = 0; i < 128; i++)
            fprintf(f, "0x%.2s,%s", swz + 2 * i, i % 16 == 15 ? "\n" : " ");
        fputs("}\n", f);
        fclose(f);
    }
    CHECK(run("explain", "test_map_cmd.txt", NULL) == 0);
    expect("boxDim               {64, 8}");
    expect("CU_TENSOR_MAP_SWIZZLE_128B");
    f = fopen("test_map_cmd.txt", "w");
    if (f) {
        fputs("0000010000000000\n00zz\n", f);
        fclose(f);
    }
    CHECK(run("explain", "test_map_cmd.txt", NULL) == 2);
    expect("test_map_cmd.txt:2:3: 'z' where a pair of hex digits should be");
    remove("test_map_cmd.txt");
    CHECK(run("explain", ".", NULL) == 2);
    expect("cannot read it");
    CHECK(run("explain", "00ff", NULL) == 2);
    expect("00ff: no such file, and not 256 hex digits");
    CHECK(run("explain", NULL) == 2);
}

/* The map `check` printed after "writes:", without its spaces and line breaks. */
static void printed_map(char *hex, size_t cap)
{
    size_t n = 0;
    const char *p = strstr(out, "writes:\n");
    for (p = p ? p + 8 : out; *p && n < cap - 1; p++)
        if (*p != ' ' && *p != '\n')
            hex[n++] = *p;
    hex[n] = '\0';
}

static void test_check(void)
{
    CHECK(run("check", "tiled", "dtype=FLOAT32_FTZ", "gdim=1,7,4,5", "gstride=160,1120,4480",
              "box=40,4,7,4", "estride=1,5,3,1", "promo=256B", "oobfill=NAN",
              "gaddr=0x7ff2cfe00000", NULL) == 0);
    expect("cuTensorMapEncodeTiled (sm_90 rules): CUDA_SUCCESS");
    /* the printed bytes are the driver's, 32 a line in groups of 4 */
    char hex[300];
    printed_map(hex, sizeof hex);
    CHECK(strcmp(hex, case1) == 0);
    /* case 347: rejected for its 898560-byte box; driver API names work as keys */
    CHECK(run("check", "tiled", "tensorDataType=CU_TENSOR_MAP_DATA_TYPE_FLOAT64",
              "globalDim=22,8,3,4,11", "globalStrides=176,1408,4224,16896",
              "boxDim=8,3,2,12,195", "swizzle=CU_TENSOR_MAP_SWIZZLE_128B", NULL) == 1);
    expect("CUDA_ERROR_INVALID_VALUE");
    expect("parameter: boxDim (the box as a whole)");
    expect("898560 bytes");
    CHECK(run("check", "tiled", "dtype=FLOAT16", "gdim=64,32", "gstride=128", "box=64,257", NULL) == 1);
    expect("parameter: boxDim[1]");
    expect("rule:      boxDim[1]=257 exceeds 256");
    /* sm_100 takes the ATOM swizzles that sm_90 refuses */
    CHECK(run("check", "tiled", "dtype=FLOAT16", "gdim=64,32", "gstride=128", "box=64,8",
              "swizzle=128B_ATOM_32B", NULL) == 1);
    expect("parameter: swizzle");
    CHECK(run("check", "--sm=100", "tiled", "dtype=FLOAT16", "gdim=64,32", "gstride=128",
              "box=64,8", "swizzle=128B_ATOM_32B", NULL) == 0);
    expect("no driver bytes");
    CHECK(run("check", "tiled", "dtype=FLOAT16", "gdim=64,32", "gstride=128", "bx=64,8", NULL) == 2);
    expect("'bx=64,8': unknown parameter");
    CHECK(run("check", "tiled", "dtype=FLOAT16", "gdim=64,x", NULL) == 2);
    expect("gdim=64,x: 'x' is not a number");
    CHECK(run("check", "wide", NULL) == 2);
    CHECK(run("check", "--sm=80", "tiled", NULL) == 2);
}

/* tmreplace.txt case 13: box_dim ord 2 = 887 on a FLOAT16 map with box 56 19 24. */
static void test_diff(void)
{
    static const char before[] =
        "0000e0ab737f0000200300005c010000d8ad13000000000000000000000000009b0300003c0700000909000000"
        "00000000000000180000371217000000000000002a000000000000100000000000000000000000000000000000"
        "0000000000000000000000000000000000000000000000000000000000000000000000000000";
    char after[sizeof before];
    memcpy(after, before, sizeof before);
    after[114] = '7'; /* byte 57: 17 -> 76 */
    after[115] = '6';
    CHECK(run("diff", before, after, NULL) == 1);
    expect("BOX_M1 (bits 456-463):\n  A: boxDim[2] = 24\n  B: boxDim[2] = 119");
    expect("1 difference");
    CHECK(run("diff", before, before, NULL) == 0);
    expect("the maps are identical");
    CHECK(run("diff", before, NULL) == 2);
}

static void test_show(void)
{
    /* 128B swizzle: 16-byte chunk j of row r lands at chunk j ^ (r % 8); row 1's chunk 1
     * (elements 8..15) at +0x80, its chunk 0 at +0x90 */
    CHECK(run("show", swz, "--coords=0,0", "--text", "--out=test_map_cmd.svg", NULL) == 0);
    expect("smem +0x80: (8, 1)\n");
    expect("smem +0x90: (0, 1)\n");
    expect("smem +0x380: (56, 7)\n"); /* row 7: chunk 7 -> chunk 0 */
    expect("512 elements from global memory, 0 fill, 0 slots not written");
    FILE *f = fopen("test_map_cmd.svg", "r");
    CHECK(f != NULL);
    if (f) {
        size_t n = fread(out, 1, sizeof out - 1, f);
        out[n] = '\0';
        fclose(f);
        expect("<svg xmlns=\"http://www.w3.org/2000/svg\"");
        expect("<title>smem +0x80: (8, 1)</title>");
    }
    remove("test_map_cmd.svg");
    /* rows 28..35 of a 32-row tensor: the last four rows are zero fill */
    CHECK(run("show", swz, "--coords=0,28", "--out=test_map_cmd.svg", NULL) == 0);
    expect("256 elements from global memory, 256 fill");
    remove("test_map_cmd.svg");
    /* an innermost coordinate of 2 bytes is not 16-byte aligned: the H100 traps */
    CHECK(run("show", swz, "--coords=1,0", "--out=test_map_cmd.svg", NULL) == 1);
    expect("the H100 traps on this load: ILLEGAL_INSTRUCTION");
    /* the mission's im2col load (tests/scenarios/mission.tce): a 3x3 window with padding 1
     * from (h, w) = (-1, -1); pixels of row h = -1 and w = -1 are fill */
    CHECK(run("check", "im2col", "dtype=UINT8", "gaddr=0x10020000", "gdim=16,4,4,1",
              "gstride=16,64,256", "lower=-1,-1", "upper=-1,-1", "channels=16", "pixels=16",
              NULL) == 0);
    char map[300];
    printed_map(map, sizeof map);
    CHECK(run("show", map, "--coords=0,-1,-1,0", "--offsets=0,0", "--text",
              "--out=test_map_cmd.svg", NULL) == 0);
    expect("smem +0x40: fill\n");
    expect("smem +0x50: (0, 0, 0, 0)\n");
    expect("smem +0x90: (0, 0, 1, 0)\n");
    expect("144 elements from global memory, 112 fill");
    remove("test_map_cmd.svg");
    CHECK(run("show", swz, NULL) == 2);
    expect("--coords=C0,C1,... (tensorCoords, innermost first) is required");
    CHECK(run("show", swz, "--coords=0", NULL) == 2);
    expect("needs 2 values, got 1");
    CHECK(run("show", swz, "--coords=0,0", "--smem-off=64", NULL) == 2);
}

/* Every example of docs/map.md: a "$ build/tce map ..." line (a trailing backslash
 * continues it) inside a ``` block, then the output it must print, to the block's end. */
static void test_docs(void)
{
    static char doc[1 << 16];
    FILE *f = fopen(TCE_SOURCE_DIR "/docs/map.md", "r");
    CHECK(f != NULL);
    if (!f)
        return;
    size_t n = fread(doc, 1, sizeof doc - 1, f);
    doc[n] = '\0';
    fclose(f);
    unsigned examples = 0;
    for (char *p = strstr(doc, "\n$ build/tce map "); p; p = strstr(p, "\n$ build/tce map ")) {
        static char cmd[4096], want[8192];
        size_t k = 0;
        p += strlen("\n$ build/tce map ");
        while (*p && *p != '\n' && k < sizeof cmd - 1) {
            if (*p == '\\' && p[1] == '\n')
                p += 2; /* continuation */
            else
                cmd[k++] = *p++;
        }
        cmd[k] = '\0';
        char *end = strstr(p, "\n```");
        if (!end)
            break;
        size_t wl = (size_t)(end - p);
        if (wl >= sizeof want)
            wl = sizeof want - 1;
        memcpy(want, p + 1, wl ? wl - 1 : 0);
        want[wl ? wl - 1 : 0] = '\0';
        char *argv[16];
        int argc = 0;
        for (char *t = strtok(cmd, " "); t && argc < 15; t = strtok(NULL, " "))
            argv[argc++] = t;
        argv[argc] = NULL;
        run(argc > 0 ? argv[0] : NULL, argc > 1 ? argv[1] : NULL, argc > 2 ? argv[2] : NULL,
            argc > 3 ? argv[3] : NULL, argc > 4 ? argv[4] : NULL, argc > 5 ? argv[5] : NULL,
            argc > 6 ? argv[6] : NULL, argc > 7 ? argv[7] : NULL, argc > 8 ? argv[8] : NULL,
            NULL);
        /* the output ends with a newline; the block's text does not */
        size_t ol = strlen(out);
        if (ol && out[ol - 1] == '\n')
            out[ol - 1] = '\0';
        if (strcmp(out, want)) {
            fprintf(stderr, "docs/map.md example 'tce map %s...' printed:\n%s\nthe page says:\n%s\n",
                    argv[0], out, want);
            failures++;
        }
        examples++;
        p = end;
    }
    CHECK(examples >= 5);
    remove("box.svg");
}

int main(void)
{
    test_docs();
    test_explain();
    test_check();
    test_diff();
    test_show();
    CHECK(run("frobnicate", NULL) == 2);
    return check_finish("test_map_cmd");
}
