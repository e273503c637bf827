/* `probe IN OUT`: runs every case of a case list (hardware-corpus format, result keys
 * ignored) on the GPU through the CUDA driver API and writes each case again with what
 * the GPU did, in the hardware-corpus format (tests/data/hwcorpus/README.md):
 *  - load.tile / load.im2col: `completed` and `smem N` (footprint + 128 bytes, rounded
 *    up to 128, from smem_off; shared memory filled with a5 before the copy);
 *  - store.tile / reduce.tile / store.im2col_no_offs / reduce.im2col_no_offs: `gout N`,
 *    the whole global buffer afterwards;
 *  - a trap: `error TEXT` (cuGetErrorString of the launch). A trap leaves the process's
 *    CUDA state unusable (even a reset primary context answers 715), so the probe then
 *    executes itself again with `--skip K` and appends the remaining cases.
 * A load whose dump shows a byte count other than the armed `tx` is run once more armed
 * with that count, so `tx` states the count whenever the bytes tell it. Cases the driver refuses to encode are left out (encode.txt covers those). */
#define _POSIX_C_SOURCE 200809L
#include <cuda.h>
#include <stdbool.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "corpus.h"
#include "corpus_write.h"
#include "probe_ptx.h"

#define GBUF_BYTES (64ull << 20)   /* the device allocation the tensor starts at */
#define WAIT_NS 2000000ull         /* 2 ms for an mbarrier phase, as in the corpus */
#define MAX_MODS 128

static CUdevice dev;
static CUcontext ctx;
static CUdeviceptr dmap, dgbuf, ddata;
static struct { char key[48]; CUmodule mod; CUfunction fn; } mods[MAX_MODS];
static unsigned nmods;

static void die(const char *what, CUresult r)
{
    const char *s = NULL;
    cuGetErrorString(r, &s);
    fprintf(stderr, "probe: %s: %s (%d)\n", what, s ? s : "?", (int)r);
    exit(2);
}

#define CK(call) do { CUresult r_ = (call); if (r_ != CUDA_SUCCESS) die(#call, r_); } while (0)

static void ctx_up(void)
{
    CK(cuDevicePrimaryCtxRetain(&ctx, dev));
    CK(cuCtxSetCurrent(ctx));
    CK(cuMemAlloc(&dmap, 128));
    CK(cuMemAlloc(&dgbuf, GBUF_BYTES));
    CK(cuMemAlloc(&ddata, PROBE_REGION + 64));
    nmods = 0;
}

static CUfunction kernel(probe_form form, unsigned rank, const char *redop)
{
    char key[48];
    snprintf(key, sizeof key, "%d/%u/%s", (int)form, rank, redop ? redop : "");
    for (unsigned i = 0; i < nmods; i++)
        if (!strcmp(mods[i].key, key))
            return mods[i].fn;
    static char ptx[16384];
    if (probe_ptx(ptx, sizeof ptx, form, rank, redop) || nmods == MAX_MODS) {
        fprintf(stderr, "probe: no kernel for %s\n", key);
        exit(2);
    }
    char log[8192] = "";
    CUjit_option o[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *v[2] = {log, (void *)(uintptr_t)sizeof log};
    CUresult r = cuModuleLoadDataEx(&mods[nmods].mod, ptx, 2, o, v);
    if (r != CUDA_SUCCESS) {
        fprintf(stderr, "probe: PTX of %s rejected:\n%s\n%s\n", key, log, ptx);
        die("cuModuleLoadDataEx", r);
    }
    CK(cuModuleGetFunction(&mods[nmods].fn, mods[nmods].mod, "probe"));
    CK(cuFuncSetAttribute(mods[nmods].fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                          PROBE_DYN_SMEM));
    snprintf(mods[nmods].key, sizeof mods[nmods].key, "%s", key);
    return mods[nmods++].fn;
}

static int name_index(const char *s, const char *const *names, int n)
{
    for (int i = 0; s && i < n; i++)
        if (!strcmp(s, names[i]))
            return i;
    return -1;
}

static const char *const DTYPES[] = {"UINT8", "UINT16", "UINT32", "INT32", "UINT64", "INT64",
                                     "FLOAT16", "FLOAT32", "FLOAT64", "BFLOAT16",
                                     "FLOAT32_FTZ", "TFLOAT32", "TFLOAT32_FTZ"};
static const char *const ILEAVES[] = {"NONE", "16B", "32B"};
static const char *const SWIZZLES[] = {"NONE", "32B", "64B", "128B"};
static const char *const PROMOS[] = {"NONE", "64B", "128B", "256B"};
static const char *const FILLS[] = {"NONE", "NAN"};

static bool u64s(const corpus_case *c, const char *k, cuuint64_t *o, int n)
{
    int64_t t[8];
    if (corpus_i64_list(c, k, t, 8) != n)
        return false;
    for (int i = 0; i < n; i++)
        o[i] = (cuuint64_t)t[i];
    return true;
}

/* Encode the case's map with the driver at the buffer's address. */
static CUresult encode(const corpus_case *c, CUtensorMap *m, unsigned *rank_out,
                       const char **why)
{
    const char *map = corpus_str(c, "map");
    int dt = name_index(corpus_str(c, "dtype"), DTYPES, 13);
    int il = name_index(corpus_str(c, "interleave"), ILEAVES, 3);
    int sw = name_index(corpus_str(c, "swizzle"), SWIZZLES, 4);
    int pr = name_index(corpus_str(c, "promo"), PROMOS, 4);
    int fl = name_index(corpus_str(c, "oobfill"), FILLS, 2);
    int64_t rank;
    cuuint64_t gdim[5], gstr[5], es64[5];
    cuuint32_t es[5];
    *why = "bad map keys";
    if (!map || dt < 0 || il < 0 || sw < 0 || pr < 0 || fl < 0 ||
        !corpus_i64(c, "rank", &rank) || rank < 1 || rank > 5 || !u64s(c, "gdim", gdim, (int)rank) ||
        (rank > 1 && !u64s(c, "gstride", gstr, (int)rank - 1)) ||
        !u64s(c, "estride", es64, (int)rank))
        return CUDA_ERROR_INVALID_VALUE;
    for (int i = 0; i < rank; i++)
        es[i] = (cuuint32_t)es64[i];
    *rank_out = (unsigned)rank;
    *why = "driver refused the map";
    if (!strcmp(map, "tiled")) {
        cuuint64_t b64[5];
        cuuint32_t box[5];
        if (!u64s(c, "box", b64, (int)rank))
            return CUDA_ERROR_INVALID_VALUE;
        for (int i = 0; i < rank; i++)
            box[i] = (cuuint32_t)b64[i];
        return cuTensorMapEncodeTiled(m, (CUtensorMapDataType)dt, (cuuint32_t)rank,
                                      (void *)(uintptr_t)dgbuf, gdim, gstr, box, es,
                                      (CUtensorMapInterleave)il, (CUtensorMapSwizzle)sw,
                                      (CUtensorMapL2promotion)pr, (CUtensorMapFloatOOBfill)fl);
    }
    int64_t lo[3], up[3], ch, px;
    int lo32[3], up32[3];
    int nsp = (int)rank - 2;
    if (strcmp(map, "im2col") || nsp < 1 || corpus_i64_list(c, "lower", lo, 3) != nsp ||
        corpus_i64_list(c, "upper", up, 3) != nsp || !corpus_i64(c, "channels", &ch) ||
        !corpus_i64(c, "pixels", &px)) {
        *why = "bad im2col keys";
        return CUDA_ERROR_INVALID_VALUE;
    }
    for (int i = 0; i < nsp; i++)
        lo32[i] = (int)lo[i], up32[i] = (int)up[i];
    return cuTensorMapEncodeIm2col(m, (CUtensorMapDataType)dt, (cuuint32_t)rank,
                                   (void *)(uintptr_t)dgbuf, gdim, gstr, lo32, up32,
                                   (cuuint32_t)ch, (cuuint32_t)px, es,
                                   (CUtensorMapInterleave)il, (CUtensorMapSwizzle)sw,
                                   (CUtensorMapL2promotion)pr, (CUtensorMapFloatOOBfill)fl);
}

/* The case's fills, made as replay makes them (corpus_fill). */
static bool fill(const corpus_case *c, const char *prefix, uint8_t *buf, size_t n)
{
    return corpus_fill(c, prefix, buf, n) == CORPUS_FILL_OK;
}

typedef struct {
    bool trapped;
    char error[128];
    uint32_t completed;
    uint8_t *out;      /* dump (loads) or gout (stores) */
    size_t n;
} outcome;

/* Launch and wait; a trap is recorded and the context reset. */
static bool launch(CUfunction fn, void **args, outcome *o)
{
    CUresult r = cuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, PROBE_DYN_SMEM, 0, args, NULL);
    if (r == CUDA_SUCCESS)
        r = cuCtxSynchronize();
    if (r == CUDA_SUCCESS)
        return true;
    const char *s = NULL;
    cuGetErrorString(r, &s);
    o->trapped = true;
    snprintf(o->error, sizeof o->error, "%s", s ? s : "unknown error");
    return false;
}

/* Bytes written in the dump: 16-byte granules no longer all a5 (as tools/tce/replay_tile.c
 * reads them). */
static uint32_t written_bytes(const uint8_t *d, size_t n)
{
    uint32_t w = 0;
    for (size_t i = 0; i + 16 <= n; i += 16) {
        size_t k = 0;
        while (k < 16 && d[i + k] == 0xa5)
            k++;
        w += k < 16 ? 16u : 0u;
    }
    return w;
}

static int run_case(const corpus_case *c, FILE *out)
{
    const char *op = corpus_str(c, "op");
    const char *redop = corpus_str(c, "redop");
    bool load = op && !strncmp(op, "load.", 5);
    probe_form form;
    if (!op)
        return -1;
    if (!strcmp(op, "load.tile"))
        form = PROBE_LOAD_TILE;
    else if (!strcmp(op, "load.im2col"))
        form = PROBE_LOAD_IM2COL;
    else if (!strcmp(op, "store.tile"))
        form = PROBE_STORE;
    else if (!strcmp(op, "reduce.tile") && redop)
        form = PROBE_REDUCE;
    else if (!strcmp(op, "store.im2col_no_offs"))
        form = PROBE_STORE_NO_OFFS;
    else if (!strcmp(op, "reduce.im2col_no_offs") && redop)
        form = PROBE_REDUCE_NO_OFFS;
    else
        return -1;
    int64_t gbytes, smem_off = 0, sbytes = 0, tx = 0, footprint = 0, coords[5] = {0},
                    offs[3] = {0};
    if (!corpus_i64(c, "gbytes", &gbytes) || gbytes <= 0 || (uint64_t)gbytes > GBUF_BYTES ||
        (corpus_get(c, "smem_off") && !corpus_i64(c, "smem_off", &smem_off)))
        return -1;
    if (load && (!corpus_i64(c, "tx", &tx) || !corpus_i64(c, "footprint", &footprint)))
        return -1;
    if (!load && !corpus_i64(c, "sbytes", &sbytes))
        return -1;
    CUtensorMap m;
    unsigned rank = 0;
    const char *why;
    CUresult er = encode(c, &m, &rank, &why);
    if (er != CUDA_SUCCESS) {
        fprintf(stderr, "probe: case %ld skipped: %s\n", c->id, why);
        return 0;
    }
    if (corpus_i64_list(c, "coords", coords, 5) != (int)rank ||
        (form == PROBE_LOAD_IM2COL && corpus_i64_list(c, "offsets", offs, 3) != (int)rank - 2))
        return -1;
    /* Loads dump footprint + 128 bytes rounded up to 128 (as the corpus did); everything
     * must fit the region. */
    size_t dump = load ? ((size_t)footprint + 255) & ~(size_t)127 : 0;
    size_t need = (size_t)smem_off + (load ? dump : (size_t)sbytes);
    if (smem_off < 0 || need > PROBE_REGION || (sbytes & 3)) {
        fprintf(stderr, "probe: case %ld: shared footprint %zu past the %u-byte region\n",
                c->id, need, PROBE_REGION);
        return -1;
    }
    uint8_t *g = malloc((size_t)gbytes);
    outcome o = {0};
    o.n = load ? dump : (size_t)gbytes;
    o.out = malloc(o.n + 4);
    if (!g || !o.out || !fill(c, "g", g, (size_t)gbytes))
        return -1;
    CK(cuMemcpyHtoD(dgbuf, g, (size_t)gbytes));
    CK(cuMemcpyHtoD(dmap, &m, sizeof m));
    if (!load) {
        uint8_t *s = malloc((size_t)sbytes + 1);
        if (!s || !fill(c, "s", s, (size_t)sbytes))
            return -1;
        if (sbytes)
            CK(cuMemcpyHtoD(ddata, s, (size_t)sbytes));
        free(s);
    }
    uint32_t p_off = (uint32_t)smem_off, p_bytes = load ? (uint32_t)dump : (uint32_t)sbytes;
    uint32_t p_tx = (uint32_t)tx, p_c[5], p_o[3];
    unsigned long long p_timeout = WAIT_NS;
    for (int i = 0; i < 5; i++)
        p_c[i] = (uint32_t)coords[i];
    for (int i = 0; i < 3; i++)
        p_o[i] = (uint32_t)offs[i];
    void *args[] = {&dmap, &ddata, &p_off, &p_bytes, &p_tx, &p_timeout, &p_c[0], &p_c[1],
                    &p_c[2], &p_c[3], &p_c[4], &p_o[0], &p_o[1], &p_o[2]};
    for (int pass = 0; pass < 2; pass++) {
        bool red = form == PROBE_REDUCE || form == PROBE_REDUCE_NO_OFFS;
        CUfunction fn = kernel(form, rank, red ? redop : NULL);
        if (!load) {
            if (launch(fn, args, &o))
                CK(cuMemcpyDtoH(o.out, dgbuf, o.n));
            break;
        }
        if (!launch(fn, args, &o))
            break;
        CK(cuMemcpyDtoH(o.out, ddata, o.n + 4));
        memcpy(&o.completed, o.out, 4);
        memmove(o.out, o.out + 4, o.n);
        uint32_t w = written_bytes(o.out, o.n);
        /* A phase can complete with fewer bytes armed than arrive (the rest go to the next
         * phase), so completion alone does not confirm the count: run again armed with
         * what the bytes show whenever that differs. */
        if (w == 0 || w == p_tx)
            break;
        p_tx = w;
    }
    /* The case again: its own keys (tx as finally armed), then the result. */
    fprintf(out, "case %ld\n", c->id);
    static const char *const results[] = {"completed", "smem", "gout", "error"};
    for (unsigned i = 0; i < c->nkeys; i++) {
        const corpus_entry *e = &c->e[i];
        bool skip = false;
        for (size_t k = 0; k < sizeof results / sizeof results[0]; k++)
            skip |= !strcmp(e->key, results[k]);
        if (skip || e->is_blob)
            continue;
        if (!strcmp(e->key, "tx"))
            fprintf(out, "tx %u\n", p_tx);
        else
            fprintf(out, "%s%s%s\n", e->key, e->text[0] ? " " : "", e->text);
    }
    if (o.trapped)
        fprintf(out, "error %s\n", o.error);
    else if (load) {
        fprintf(out, "completed %u\n", o.completed);
        corpus_write_blob(out, "smem", o.out, o.n);
    } else {
        corpus_write_blob(out, "gout", o.out, o.n);
    }
    fprintf(out, "end\n\n");
    fflush(out);
    free(g);
    free(o.out);
    return o.trapped ? 2 : 1;
}

int main(int argc, char **argv)
{
    if (argc == 4 && !strcmp(argv[1], "--ptx")) {
        /* Print one kernel's PTX (for ptxas checks where no GPU is): --ptx FORM/RANK OP */
        static char ptx[16384];
        unsigned f, rank;
        if (sscanf(argv[2], "%u/%u", &f, &rank) != 2 || f >= PROBE_FORMS ||
            probe_ptx(ptx, sizeof ptx, (probe_form)f, rank, argv[3]))
            return 2;
        fputs(ptx, stdout);
        return 0;
    }
    long skip = 0;
    if (argc == 5 && !strcmp(argv[3], "--skip"))
        skip = strtol(argv[4], NULL, 10);
    else if (argc != 3) {
        fprintf(stderr, "usage: probe CASES.txt OUT.txt [--skip K]   (or probe --ptx FORM/RANK REDOP)\n");
        return 2;
    }
    CK(cuInit(0));
    CK(cuDeviceGet(&dev, 0));
    ctx_up();
    char name[128];
    int drv = 0, major = 0, minor = 0;
    CK(cuDeviceGetName(name, sizeof name, dev));
    CK(cuDriverGetVersion(&drv));
    CK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
    CK(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev));
    corpus_reader rd;
    corpus_case c;
    if (corpus_open(&rd, argv[1])) {
        fprintf(stderr, "probe: %s\n", rd.err);
        return 2;
    }
    FILE *out = fopen(argv[2], skip ? "a" : "w");
    if (!out) {
        fprintf(stderr, "probe: cannot write %s\n", argv[2]);
        return 2;
    }
    if (!skip)
        fprintf(out, "# captured on %s (sm_%d%d), driver %d, by tools/probe from %s\n", name,
                major, minor, drv, argv[1]);
    int rc;
    unsigned long done = 0, skipped = 0;
    time_t t0 = time(NULL);
    long ordinal = 0;
    while ((rc = corpus_next(&rd, &c)) == 1) {
        if (ordinal++ < skip) {
            corpus_case_free(&c);
            continue;
        }
        int k = run_case(&c, out);
        if (k < 0) {
            fprintf(stderr, "probe: %s: case %ld (line %ld) lacks keys the probe needs\n",
                    argv[1], c.id, c.line);
            return 2;
        }
        done += k > 0;
        skipped += k == 0;
        corpus_case_free(&c);
        if (k == 2) {
            /* Trapped: go on in a fresh process from the next case. */
            char next[32];
            snprintf(next, sizeof next, "%ld", ordinal);
            fclose(out);
            corpus_close(&rd);
            execl("/proc/self/exe", argv[0], argv[1], argv[2], "--skip", next, (char *)NULL);
            fprintf(stderr, "probe: cannot execute itself again after a trap\n");
            return 2;
        }
    }
    if (rc < 0) {
        fprintf(stderr, "probe: %s\n", rd.err);
        return 2;
    }
    fclose(out);
    printf("probe: %s: %lu cases captured after case #%ld, %lu refused by the driver, %ld s\n",
           argv[1], done, skip, skipped, (long)(time(NULL) - t0));
    return 0;
}
