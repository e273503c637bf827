/* `tce bench`: the engine's throughput and latency as simulated cycles of the Verilated RTL
 * (deterministic: the same build gives the same numbers), each beside its bound (issue 16:
 * every port utilization >= 98 %, doorbell to first read <= 8 cycles, 128-byte boxes <= 1
 * cycle each beyond their data), ending with `N within bounds, M outside` (exit 1 when any
 * is outside).
 *
 * Every workload runs through the firmware driver on tce_sim with a 200-cycle global
 * memory; the figures are read at the AXI4 port by the bridge's probe, and every workload's
 * shared memories are compared with the golden model's afterwards, so a fast but wrong
 * engine cannot pass. The workloads and the way each figure is computed are in
 * docs/bench.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef TCE_HAVE_RTL

int bench_perf_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "tce bench: this tce was built without Verilator: no rtl engine to measure\n");
    return 3;
}

#else

#include "../../csim/csim.h"
#include "../../csim/memsys.h"
#include "../../firmware/driver/tce_driver.h"
#include "tce_sim.h"

#define MEM_LATENCY 200u
#define DESC_ADDR 0x10000000ull   /* the tensor map (one page) */
#define TENSOR_ADDR 0x20000000ull /* u8 tensor, TENSOR_W x TENSOR_H */
#define TENSOR_W 1024u
#define TENSOR_H 256u
#define BULK_ADDR 0x40000000ull   /* bulk source: 8 x 128 KB */
#define BULK_PART (128u * 1024u)
#define BULK_PARTS 8u
#define MBAR_OFF 0x30000u         /* mbarriers, above every destination */
#define POLLS 4000000u
#define UTIL_BOUND 98.0           /* % of port peak, every utilization row */
#define DOORBELL_BOUND 8.0        /* cycles, doorbell to first read */
/* cycles from the first R beat of a 4-beat burst to its complete-tx handshake: 3 more
 * beats, the last one's shared-memory write (1), its response (2, the shared memory's
 * latency), the mover seeing it (1), the complete-tx request (1) (docs/bench.md) */
#define TX_TAIL_BOUND 8.0

typedef struct {
    tce_sim *sim;
    tce_drv drv;
    tce_memsys ref; /* the golden model's memories, same initial contents */
    unsigned beat_bytes;
    unsigned within, outside;
} bench;

static uint32_t bus_rd(void *ctx, uint32_t off)
{
    uint32_t v = 0;
    (void)tce_sim_mmio_read(ctx, off, &v);
    return v;
}

static void bus_wr(void *ctx, uint32_t off, uint32_t v) { (void)tce_sim_mmio_write(ctx, off, v); }

static void figure(bench *b, const char *what, double value, const char *unit, int at_least,
                   double bound)
{
    int ok = at_least ? value >= bound : value <= bound;
    printf("%-58s %9.2f %-7s bound %s %-6g %s\n", what, value, unit, at_least ? ">=" : "<=",
           bound, ok ? "within" : "OUTSIDE");
    if (ok)
        b->within++;
    else
        b->outside++;
}

/* A workload that could not be measured counts as outside, with its cause. */
static void failed(bench *b, const char *what, const char *why)
{
    printf("%-58s %9s %-7s %s\n", what, "-", "", why);
    b->outside++;
}

/* Global memory in both worlds: the simulator's and the golden model's, same bytes. */
static int map_global(bench *b, uint64_t base, uint64_t size)
{
    if (tce_sim_add_global(b->sim, base, size) != 0 || tce_memsys_add_global(&b->ref, base, size) != 0)
        return -1;
    uint8_t *p = tce_sim_gmem(b->sim, base, size);
    uint8_t *q = tce_gmem(&b->ref, base, size);
    uint32_t x = (uint32_t)(base >> 12) | 1u;
    for (uint64_t i = 0; i < size; i++) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        p[i] = q[i] = (uint8_t)x;
    }
    return 0;
}

static int put_desc(bench *b, const tce_tensormap *m)
{
    uint8_t d[TCE_DESC_BYTES];
    tce_desc_pack(m, d);
    uint8_t *p = tce_sim_gmem(b->sim, DESC_ADDR, TCE_DESC_BYTES);
    uint8_t *q = tce_gmem(&b->ref, DESC_ADDR, TCE_DESC_BYTES);
    if (!p || !q)
        return -1;
    memcpy(p, d, sizeof d);
    memcpy(q, d, sizeof d);
    tce_drv_tensormap_fence(&b->drv); /* the engine may keep the map it saw there before */
    return 0;
}

/* Whether the engine's bytes p differ from the golden model's q; *at: the first that does. */
static int first_difference(const uint8_t *p, const uint8_t *q, uint32_t n, uint32_t *at)
{
    if (!memcmp(p, q, n))
        return 0;
    uint32_t k = 0;
    while (p[k] == q[k])
        k++;
    *at = k;
    return 1;
}

/* Runs ops[0..n) (n <= the queue depth): queued while the engine is held (prefill) or
 * submitted to a running engine, then waited for. The probe counts R beats of bursts in
 * [lo, hi). Checks every status and every shared-memory byte against the golden model;
 * 0, or -1 with the cause in why. */
static int run(bench *b, const tce_op *ops, unsigned n, int prefill, uint64_t lo, uint64_t hi,
               tce_sim_probe *probe, char *why, size_t cap)
{
    if (prefill)
        tce_drv_enable(&b->drv, false);
    tce_sim_probe_clear(b->sim, lo, hi);
    for (unsigned i = 0; i < n; i++) {
        tce_drv_rc rc = tce_drv_submit(&b->drv, &ops[i], NULL);
        if (rc != TCE_DRV_OK) {
            snprintf(why, cap, "submit %u: %s: %s", i, tce_drv_rc_name(rc), b->drv.why);
            return -1;
        }
    }
    if (prefill)
        tce_drv_enable(&b->drv, true);
    tce_drv_rc rc = tce_drv_wait_idle(&b->drv);
    *probe = tce_sim_probe_read(b->sim);
    if (rc != TCE_DRV_OK) {
        tce_drv_error_info info;
        tce_drv_error(&b->drv, &info);
        snprintf(why, cap, "engine: %s (status %s)", tce_drv_rc_name(rc), tce_status_name(info.status));
        return -1;
    }
    for (unsigned i = 0; i < n; i++) {
        tce_result r = tce_csim_execute(&ops[i], &b->ref);
        if (r.status != TCE_OK) {
            snprintf(why, cap, "golden model refuses op %u: %s", i, r.why);
            return -1;
        }
    }
    for (unsigned c = 0; c < b->ref.ncta; c++) {
        const uint8_t *p = tce_sim_smem(b->sim, c, 0, b->ref.smem_size);
        const uint8_t *q = tce_smem(&b->ref, c, 0, b->ref.smem_size);
        uint32_t k;
        if (first_difference(p, q, b->ref.smem_size, &k)) {
            snprintf(why, cap, "CTA %u shared byte 0x%x: engine 0x%02x, golden model 0x%02x", c,
                     k, p[k], q[k]);
            return -1;
        }
    }
    return 0;
}

static tce_op tile_load(int32_t c0, int32_t c1, uint32_t saddr)
{
    int32_t c[2] = {c0, c1};
    return tce_op_tile_load(0, DESC_ADDR, 2, c, saddr, MBAR_OFF);
}

/* The u8 tensor's map with a box of `rows` rows of 128 bytes. */
static int tile_map(bench *b, unsigned rows, tce_swizzle sw, char *why, size_t cap)
{
    tce_tensormap m;
    tce_diag diag = {{0}};
    uint64_t gdim[2] = {TENSOR_W, TENSOR_H};
    uint64_t gstr[1] = {TENSOR_W}; /* dim 1; dim 0 is the element size */
    uint32_t box[2] = {128, rows};
    uint32_t es[2] = {1, 1};
    if (tce_encode_tiled(&m, TCE_DT_UINT8, 2, TENSOR_ADDR, gdim, gstr, box, es, TCE_IL_NONE, sw,
                         TCE_L2_NONE, TCE_OOB_ZERO, &diag) != TCE_OK) {
        snprintf(why, cap, "encode: %s", diag.text);
        return -1;
    }
    return put_desc(b, &m);
}

/* The box at stream position i: walks across the tensor so no two boxes are the same. */
static tce_op stream_box(unsigned i, unsigned rows)
{
    return tile_load((int32_t)(128u * (i % 8u)), (int32_t)((rows * i) % TENSOR_H),
                     i * 128u * rows);
}

/* Read-port use on a stream of queue-depth boxes of `rows` x 128 bytes: payload bytes over
 * the cycles from its first to its last payload R beat, as a share of the peak. */
static void tile_stream(bench *b, unsigned rows, tce_swizzle sw, const char *swname)
{
    char what[96], why[200] = "";
    snprintf(what, sizeof what, "tile loads, %u x %u KB boxes (%u x 128 B), swizzle %s",
             b->drv.queue_depth, rows / 8, rows, swname);
    tce_op ops[TCE_RM_QUEUE_DEPTH * 4];
    unsigned n = b->drv.queue_depth;
    for (unsigned i = 0; i < n; i++)
        ops[i] = stream_box(i, rows);
    tce_sim_probe p;
    if (tile_map(b, rows, sw, why, sizeof why) != 0 ||
        run(b, ops, n, 1, TENSOR_ADDR, TENSOR_ADDR + TENSOR_W * TENSOR_H, &p, why, sizeof why) != 0) {
        failed(b, what, why);
        return;
    }
    double bytes = (double)n * rows * 128.0;
    double window = (double)(p.last_r - p.first_r + 1);
    figure(b, what, 100.0 * bytes / window / b->beat_bytes, "% peak", 1, UTIL_BOUND);
}

static void bulk_stream(bench *b)
{
    const char *what = "bulk global->shared, 1 MB (8 x 128 KB, one CTA each)";
    char why[200] = "";
    tce_op ops[BULK_PARTS];
    for (unsigned i = 0; i < BULK_PARTS; i++)
        ops[i] = tce_op_bulk_copy(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CLUSTER, 0,
                                  BULK_ADDR + (uint64_t)i * BULK_PART, TCE_SADDR(i, 0), BULK_PART,
                                  TCE_SADDR(i, MBAR_OFF));
    tce_sim_probe p;
    if (run(b, ops, BULK_PARTS, 1, BULK_ADDR, BULK_ADDR + BULK_PARTS * BULK_PART, &p, why,
            sizeof why) != 0) {
        failed(b, what, why);
        return;
    }
    double window = (double)(p.last_r - p.first_r + 1);
    figure(b, what, 100.0 * BULK_PARTS * BULK_PART / window / b->beat_bytes, "% peak", 1, UTIL_BOUND);
}

/* Runs warm (if given) and then op, one at a time on an idle, running engine, and returns
 * the probe of op's run; 0, or -1 after reporting `what` as failed. */
static int single(bench *b, const char *what, const tce_op *warm, const tce_op *op,
                  tce_sim_probe *p)
{
    char why[200] = "";
    if ((warm && run(b, warm, 1, 0, 0, 0, p, why, sizeof why) != 0) ||
        run(b, op, 1, 0, 0, 0, p, why, sizeof why) != 0) {
        failed(b, what, why);
        return -1;
    }
    if (p->wr_addr != TCE_REG_DOORBELL) {
        failed(b, what, "the last register write was not the doorbell");
        return -1;
    }
    return 0;
}

/* Cycles from the DOORBELL write's handshake to the first AR handshake. For the tile load
 * the same map was used by the command before (warm), so an engine that keeps descriptors
 * may start with the data. */
static void doorbell(bench *b, const char *what, const tce_op *warm, const tce_op *op)
{
    tce_sim_probe p;
    if (single(b, what, warm, op, &p) != 0)
        return;
    if (p.ar_count == 0 || p.first_ar < p.wr_cycle) {
        failed(b, what, "no read request after the doorbell");
        return;
    }
    figure(b, what, (double)(p.first_ar - p.wr_cycle), "cycles", 0, DOORBELL_BOUND);
}

/* Doorbell to complete-tx (docs/bench.md, "Latency"): cycles from the DOORBELL write's
 * handshake to the handshake of the command's one complete-tx on the mbarrier port. bound:
 * the stages the command passes, summed in docs/bench.md. */
static void doorbell_to_tx(bench *b, const char *what, const tce_op *warm, const tce_op *op,
                           double bound)
{
    tce_sim_probe p;
    if (single(b, what, warm, op, &p) != 0)
        return;
    if (p.tx_count != 1 || p.first_tx < p.wr_cycle) {
        char why[120];
        snprintf(why, sizeof why, "%llu complete-tx after the doorbell, want 1",
                 (unsigned long long)p.tx_count);
        failed(b, what, why);
        return;
    }
    figure(b, what, (double)(p.first_tx - p.wr_cycle), "cycles", 0, bound);
}

/* The 4-D NHWC u8 tensor of the im2col workload over the same bytes as the tile tensor:
 * 64 channels (64-byte rows), W 16, H 16, N 16. */
#define I2C_C 64u
#define I2C_W 16u
#define I2C_H 16u
#define I2C_N 16u
#define I2C_PIXELS 64u /* rows per box: a 4 KB box */

/* A queue-depth stream of `.im2col` 4-D loads of I2C_PIXELS rows of 64 bytes (4 KB): box i
 * starts at pixel (w 0, h 4*(i mod 4), n i/4), so each box walks four whole image rows. */
static void im2col_stream(bench *b)
{
    const char *what = "im2col loads, 8 x 4 KB boxes (4-D, 64 x 64 B rows)";
    char why[200] = "";
    tce_tensormap m;
    tce_diag diag = {{0}};
    uint64_t gdim[4] = {I2C_C, I2C_W, I2C_H, I2C_N};
    uint64_t gstr[3] = {I2C_C, I2C_C * I2C_W, I2C_C * I2C_W * I2C_H};
    int32_t lower[3] = {0, 0, 0}, upper[3] = {0, 0, 0};
    uint32_t es[4] = {1, 1, 1, 1};
    if (tce_encode_im2col(&m, TCE_DT_UINT8, 4, TENSOR_ADDR, gdim, gstr, lower, upper, I2C_C,
                          I2C_PIXELS, es, TCE_IL_NONE, TCE_SW_NONE, TCE_L2_NONE, TCE_OOB_ZERO,
                          &diag) != TCE_OK) {
        snprintf(why, sizeof why, "encode: %s", diag.text);
        failed(b, what, why);
        return;
    }
    tce_op ops[TCE_RM_QUEUE_DEPTH * 4];
    unsigned n = b->drv.queue_depth;
    for (unsigned i = 0; i < n; i++) {
        int32_t c[4] = {0, 0, (int32_t)(4u * (i % 4u)), (int32_t)(i / 4u)};
        ops[i] = tce_op_tile_load(0, DESC_ADDR, 4, c, i * I2C_PIXELS * I2C_C, MBAR_OFF);
        ops[i].mode = TCE_MODE_IM2COL;
    }
    tce_sim_probe p;
    if (put_desc(b, &m) != 0 ||
        run(b, ops, n, 1, TENSOR_ADDR, TENSOR_ADDR + TENSOR_W * TENSOR_H, &p, why, sizeof why) != 0) {
        failed(b, what, why[0] ? why : "cannot write the tensor map");
        return;
    }
    double window = (double)(p.last_r - p.first_r + 1);
    figure(b, what, 100.0 * n * I2C_PIXELS * I2C_C / window / b->beat_bytes, "% peak", 1, UTIL_BOUND);
}

/* A queue-depth stream of tile::gather4 loads: 4 rows of 128 bytes each, rows spread over
 * the tensor (row 37*i + 61*k of box i), into shared offset 512*i. */
static void gather4_stream(bench *b)
{
    const char *what = "gather4 loads, 8 x 512 B boxes (4 x 128 B rows)";
    char why[200] = "";
    tce_op ops[TCE_RM_QUEUE_DEPTH * 4];
    unsigned n = b->drv.queue_depth;
    for (unsigned i = 0; i < n; i++) {
        ops[i] = tile_load((int32_t)(128u * (i % 8u)), 0, 512u * i);
        ops[i].mode = TCE_MODE_GATHER4;
        for (unsigned k = 0; k < 4; k++)
            ops[i].coords[1 + k] = (int32_t)((37u * i + 61u * k) % TENSOR_H);
    }
    tce_sim_probe p;
    if (tile_map(b, 1, TCE_SW_NONE, why, sizeof why) != 0 ||
        run(b, ops, n, 1, TENSOR_ADDR, TENSOR_ADDR + TENSOR_W * TENSOR_H, &p, why, sizeof why) != 0) {
        failed(b, what, why);
        return;
    }
    double window = (double)(p.last_r - p.first_r + 1);
    figure(b, what, 100.0 * n * 512.0 / window / b->beat_bytes, "% peak", 1, UTIL_BOUND);
}

#define REDUCE_BYTES (64u * 1024u)

/* The write-port figure of a workload that wrote `payload` bytes into [gaddr, gaddr+span):
 * the global bytes must be the golden model's and every payload beat a W beat; then W beats
 * over the cycles from the first to the last W beat, as % of one beat per cycle. */
static void write_port(bench *b, const char *what, const tce_sim_probe *p, uint64_t gaddr,
                       uint32_t span, uint32_t payload)
{
    char why[200];
    const uint8_t *got = tce_sim_gmem(b->sim, gaddr, span);
    const uint8_t *want = tce_gmem(&b->ref, gaddr, span);
    uint32_t k;
    if (first_difference(got, want, span, &k)) {
        snprintf(why, sizeof why, "global byte 0x%llx: engine 0x%02x, golden model 0x%02x",
                 (unsigned long long)(gaddr + k), got[k], want[k]);
        failed(b, what, why);
        return;
    }
    if (p->w_beats != payload / b->beat_bytes) {
        snprintf(why, sizeof why, "%llu W beats, want %u", (unsigned long long)p->w_beats,
                 payload / b->beat_bytes);
        failed(b, what, why);
        return;
    }
    double window = (double)(p->last_w - p->first_w + 1);
    figure(b, what, 100.0 * (double)p->w_beats / window, "% peak", 1, UTIL_BOUND);
}

/* One cp.reduce.async.bulk.global.shared::cta add of REDUCE_BYTES from CTA 0's shared
 * offset 0 (what the bulk stream left there) into the bulk source region at `gaddr`: W
 * beats over the cycles from the first to the last W beat, as % of one beat per cycle.
 * The global bytes are compared with the golden model's as well. */
static void reduce_stream(bench *b, const char *what, tce_etype et, uint64_t gaddr)
{
    char why[200] = "";
    tce_op op = tce_op_bulk_copy(TCE_SPACE_SHARED_CTA, TCE_SPACE_GLOBAL, 0, gaddr, 0,
                                 REDUCE_BYTES, 0);
    op.kind = TCE_OP_BULK_REDUCE;
    op.redop = TCE_RED_ADD;
    op.etype = et;
    tce_sim_probe p;
    if (run(b, &op, 1, 0, 0, 0, &p, why, sizeof why) != 0) {
        failed(b, what, why);
        return;
    }
    write_port(b, what, &p, gaddr, REDUCE_BYTES, REDUCE_BYTES);
}

/* One 2-D tensor store (or reduce) of a 64 KB box, 256 rows of 256 bytes, from CTA 0's
 * shared offset 0 (what earlier workloads left there) to the tile tensor's first 256
 * columns: the store as u8 (box 256 x 256), the reduce add as f32 (box 64 x 256) over the
 * same bytes. W beats over the cycles from the first to the last W beat, as % of one beat
 * per cycle; the tensor's global bytes are compared with the golden model's. */
static void tensor_store_stream(bench *b, const char *what, int reduce)
{
    char why[200] = "";
    tce_tensormap m;
    tce_diag diag = {{0}};
    uint64_t gdim[2] = {reduce ? TENSOR_W / 4 : TENSOR_W, TENSOR_H};
    uint64_t gstr[1] = {TENSOR_W};
    uint32_t box[2] = {reduce ? 64u : 256u, 256u};
    uint32_t es[2] = {1, 1};
    if (tce_encode_tiled(&m, reduce ? TCE_DT_FLOAT32 : TCE_DT_UINT8, 2, TENSOR_ADDR, gdim, gstr,
                         box, es, TCE_IL_NONE, TCE_SW_NONE, TCE_L2_NONE, TCE_OOB_ZERO,
                         &diag) != TCE_OK) {
        snprintf(why, sizeof why, "encode: %s", diag.text);
        failed(b, what, why);
        return;
    }
    int32_t c[2] = {0, 0};
    tce_op op = tce_op_tile_load(0, DESC_ADDR, 2, c, 0, 0);
    op.kind = reduce ? TCE_OP_TENSOR_REDUCE : TCE_OP_TENSOR_STORE;
    op.src_space = TCE_SPACE_SHARED_CTA;
    op.dst_space = TCE_SPACE_GLOBAL;
    op.completion = TCE_DONE_BULK_GROUP;
    op.mbar = 0;
    op.redop = TCE_RED_ADD;
    tce_sim_probe p;
    if (put_desc(b, &m) != 0 || run(b, &op, 1, 0, 0, 0, &p, why, sizeof why) != 0) {
        failed(b, what, why[0] ? why : "cannot write the tensor map");
        return;
    }
    write_port(b, what, &p, TENSOR_ADDR, TENSOR_W * TENSOR_H, 65536u);
}

/* Back-to-back 128-byte boxes, the queue filled while held: the cycles between the first
 * and the last payload R beat, less the data beats, per gap between boxes. */
static void small_boxes(bench *b)
{
    const char *what = "back-to-back 128 B boxes, cycles each beyond data beats";
    char why[200] = "";
    unsigned n = b->drv.queue_depth;
    tce_op ops[TCE_RM_QUEUE_DEPTH * 4];
    for (unsigned i = 0; i < n; i++)
        ops[i] = tile_load((int32_t)(128u * (i % 8u)), (int32_t)(3u * i), 128u * i);
    tce_sim_probe p;
    if (tile_map(b, 1, TCE_SW_NONE, why, sizeof why) != 0 ||
        run(b, ops, n, 1, TENSOR_ADDR, TENSOR_ADDR + TENSOR_W * TENSOR_H, &p, why, sizeof why) != 0) {
        failed(b, what, why);
        return;
    }
    double beats = (double)n * (128 / b->beat_bytes);
    double window = (double)(p.last_r - p.first_r + 1);
    figure(b, what, (window - beats) / (n - 1), "cycles", 0, 1);
}

/* The cached tile load's doorbell to first read with the global windows set (GWIN_*), the
 * tensor inside one of them: the window walk's extent test (tce_window_walk) lets it go
 * with no walk of its rows, so it costs what it does with no windows. Last: the windows
 * stay set. */
static void windowed_doorbell(bench *b, const tce_sim_params *sp)
{
    const char *what = "doorbell to first read request, tile load inside one global window";
    char why[200] = "";
    tce_drv_window w[3] = {{DESC_ADDR, 4096},
                           {TENSOR_ADDR, (uint64_t)TENSOR_W * TENSOR_H},
                           {BULK_ADDR, (uint64_t)BULK_PARTS * BULK_PART}};
    if (tce_drv_set_memory(&b->drv, sp->num_ctas, sp->smem_bytes, w, 3) != TCE_DRV_OK) {
        snprintf(why, sizeof why, "driver: %s", b->drv.why);
        failed(b, what, why);
        return;
    }
    if (tile_map(b, 32, TCE_SW_NONE, why, sizeof why) != 0) {
        failed(b, what, why);
        return;
    }
    tce_op first = stream_box(0, 32), second = stream_box(1, 32);
    doorbell(b, what, &first, &second);
}

int bench_perf_main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        fprintf(stderr, "tce bench: unknown option '%s' (tce bench [--sim])\n", argv[i]);
        return 2;
    }
    bench b;
    memset(&b, 0, sizeof b);
    tce_sim_params sp = tce_sim_default_params();
    sp.mem_latency = MEM_LATENCY;
    char err[160] = "";
    b.sim = tce_sim_create(&sp, err, sizeof err);
    if (!b.sim) {
        fprintf(stderr, "tce bench: %s\n", err);
        return 3;
    }
    b.beat_bytes = sp.data_w / 8;
    int rc = 3;
    if (tce_memsys_init(&b.ref, sp.num_ctas, sp.smem_bytes) != 0) {
        fprintf(stderr, "tce bench: out of memory\n");
        goto out_sim;
    }
    /* The simulator's shared memories start zeroed, like the golden model's. */
    if (map_global(&b, DESC_ADDR, 4096) || map_global(&b, TENSOR_ADDR, TENSOR_W * TENSOR_H) ||
        map_global(&b, BULK_ADDR, (uint64_t)BULK_PARTS * BULK_PART)) {
        fprintf(stderr, "tce bench: cannot map global memory\n");
        goto out;
    }
    tce_bus bus = {bus_rd, bus_wr, b.sim};
    if (tce_drv_init(&b.drv, bus, POLLS) != TCE_DRV_OK) {
        fprintf(stderr, "tce bench: driver: %s\n", b.drv.why);
        goto out;
    }
    if (b.drv.queue_depth > TCE_RM_QUEUE_DEPTH * 4) {
        fprintf(stderr, "tce bench: queue depth %u is more than this bench sizes for\n",
                b.drv.queue_depth);
        goto out;
    }
    printf("rtl engine, DATA_W %u (peak %u bytes/cycle), global memory latency %u cycles\n",
           sp.data_w, b.beat_bytes, MEM_LATENCY);
    tile_stream(&b, 32, TCE_SW_NONE, "none");
    tile_stream(&b, 32, TCE_SW_128B, "128B");
    tile_stream(&b, 64, TCE_SW_NONE, "none");
    tile_stream(&b, 64, TCE_SW_128B, "128B");
    bulk_stream(&b);
    {
        tce_op bulk = tce_op_bulk_copy(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CTA, 0, BULK_ADDR, 0,
                                       4096, MBAR_OFF);
        doorbell(&b, "doorbell to first read request, bulk copy", NULL, &bulk);
        char why[200] = "";
        if (tile_map(&b, 32, TCE_SW_NONE, why, sizeof why) != 0)
            failed(&b, "doorbell to first read request, tile load", why);
        else {
            tce_op first = stream_box(0, 32), second = stream_box(1, 32);
            doorbell(&b, "doorbell to first read request, tile load (map used before)", &first,
                     &second);
        }
    }
    small_boxes(&b);
    {
        /* 128 bytes each: one 4-beat burst. The bounds sum the stages (docs/bench.md). */
        tce_op bulk = tce_op_bulk_copy(TCE_SPACE_GLOBAL, TCE_SPACE_SHARED_CTA, 0, BULK_ADDR, 0,
                                       128, MBAR_OFF);
        doorbell_to_tx(&b, "doorbell to complete-tx, bulk copy of 128 B", NULL, &bulk,
                       DOORBELL_BOUND + MEM_LATENCY + TX_TAIL_BOUND);
        char why[200] = "";
        if (tile_map(&b, 1, TCE_SW_NONE, why, sizeof why) != 0)
            failed(&b, "doorbell to complete-tx, 128 B tile box (map used before)", why);
        else {
            tce_op first = tile_load(0, 0, 0), second = tile_load(128, 1, 128);
            doorbell_to_tx(&b, "doorbell to complete-tx, 128 B tile box (map used before)",
                           &first, &second, DOORBELL_BOUND + MEM_LATENCY + TX_TAIL_BOUND);
        }
    }
    im2col_stream(&b);
    gather4_stream(&b);
    reduce_stream(&b, "bulk reduce add.f32 shared->global, 64 KB, write port", TCE_ET_F32,
                  BULK_ADDR);
    reduce_stream(&b, "bulk reduce add.u32 shared->global, 64 KB, write port", TCE_ET_U32,
                  BULK_ADDR + REDUCE_BYTES);
    tensor_store_stream(&b, "tile store, 64 KB box (256 x 256 B rows), write port", 0);
    tensor_store_stream(&b, "tensor reduce add.f32, 64 KB box (256 x 256 B), write port", 1);
    windowed_doorbell(&b, &sp);
    printf("%u within bounds, %u outside\n", b.within, b.outside);
    rc = b.outside ? 1 : 0;
out:
    tce_memsys_free(&b.ref);
out_sim:
    tce_sim_destroy(b.sim);
    return rc;
}

#endif
