/* `tce regress --seed S --count N [--engines=A,B] [--timing=random] [--only=K] [--queue=Q]
 *              [--bus-errors] [--wide] [--smem-stall=P] [--wave=FILE[,FROM:TO]] [--shard=K/N]
 *              [--junit=FILE]`
 * Random legal operations (regress_gen.c) run on two engines side by side, on identical
 * initial memories; every memory byte, every status and every complete-tx is compared.
 * Operations run in batches of 1..Q queued commands; batch K is reproduced by
 * `--seed S --only=K`, because its operations and its initial memory depend only on
 * (S, K). With --bus-errors, the global-memory model of the rtl (or systemc) engine answers
 * SLVERR or DECERR on what one operation of some batches reads or writes (regress_bus.c).
 * --shard=K/N runs the batches B with B mod N == K: since a batch depends only on (S, B),
 * the N shards together run exactly the unsharded run's operations. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../firmware/driver/tce_regmap.h"
#include "corpus.h"
#include "num_parse.h"
#include "regress.h"
#include "regress_report.h"
#include "wave_opt.h"

typedef struct {
    tce_engine *eng;
    tce_memsys ms;
    tce_result res[REGRESS_MAX_QUEUE];
    tce_engine_tx tx[TCE_ENGINE_MAX_TX];
    unsigned ntx;
} side;

static int setup_memsys(tce_memsys *ms)
{
    if (tce_memsys_init(ms, REGRESS_NCTA, TCE_ENGINE_SMEM_BYTES) != 0 ||
        tce_memsys_add_global(ms, REGRESS_GBASE, REGRESS_GSIZE) != 0 ||
        tce_memsys_add_global(ms, REGRESS_DESC_BASE, REGRESS_DESC_SIZE) != 0 ||
        tce_memsys_add_global(ms, REGRESS_GFAR_BASE, REGRESS_GFAR_SIZE) != 0 ||
        tce_memsys_add_global(ms, REGRESS_GFAR_BASE + REGRESS_GFAR_SIZE + REGRESS_GFAR_GAP,
                              REGRESS_GFAR_SIZE) != 0)
        return -1;
    return 0;
}

static void fill(uint8_t *p, size_t n, uint64_t *rng)
{
    for (size_t i = 0; i + 8 <= n; i += 8) {
        uint64_t v = corpus_splitmix64(rng);
        memcpy(p + i, &v, 8);
    }
}

/* The batch's initial memory: random sources and slots, zeroed mbarriers, descriptors,
 * and zeros in the rest of shared memory, so a batch starts from (S, K) alone, never
 * from what an earlier batch left: a shard (--shard) or --only=K sees the memory the
 * unsharded run did. Every byte is compared, so a stray write anywhere is found. */
static void init_memory(tce_memsys *ms, uint64_t seed, unsigned long batch,
                        const regress_item *items, unsigned n)
{
    uint64_t rng = seed * 0x9E3779B97F4A7C15ull ^ (batch + 1) * 0xD1B54A32D192ED03ull;
    fill(ms->g[0].bytes, REGRESS_GSIZE, &rng);
    memset(ms->g[1].bytes, 0, REGRESS_DESC_SIZE);
    for (unsigned c = 0; c < ms->ncta; c++) {
        fill(ms->smem[c], REGRESS_SMEM_USED, &rng);
        memset(ms->smem[c] + REGRESS_SMEM_USED, 0, ms->smem_size - REGRESS_SMEM_USED);
        memset(ms->smem[c] + REGRESS_MBAR_OFF, 0, 8u * REGRESS_MAX_QUEUE);
    }
    /* after the draws above, so the older windows hold what they always held */
    fill(ms->g[2].bytes, REGRESS_GFAR_SIZE, &rng);
    fill(ms->g[3].bytes, REGRESS_GFAR_SIZE, &rng);
    for (unsigned i = 0; i < n; i++)
        if (items[i].has_map) {
            tce_desc_pack(&items[i].map, ms->g[1].bytes + i * 128u);
            for (unsigned k = 0; k < items[i].desc_pokes; k++)
                ms->g[1].bytes[i * 128u + items[i].desc_poke_off[k]] = items[i].desc_poke_val[k];
        }
}

static void copy_memory(tce_memsys *dst, const tce_memsys *src)
{
    for (unsigned i = 0; i < src->ngregions; i++)
        memcpy(dst->g[i].bytes, src->g[i].bytes, src->g[i].size);
    for (unsigned c = 0; c < src->ncta; c++)
        memcpy(dst->smem[c], src->smem[c], src->smem_size);
}

/* First differing byte of the two memories; false when equal. */
static bool first_diff(const tce_memsys *a, const tce_memsys *b, char *out, size_t cap)
{
    for (unsigned i = 0; i < a->ngregions; i++) {
        const uint8_t *x = a->g[i].bytes, *y = b->g[i].bytes;
        if (!memcmp(x, y, a->g[i].size))
            continue;
        size_t k = 0, count = 0;
        while (x[k] == y[k])
            k++;
        for (size_t j = k; j < a->g[i].size; j++)
            count += x[j] != y[j];
        snprintf(out, cap, "global 0x%llx: 0x%02x vs 0x%02x (%zu bytes differ)",
                 (unsigned long long)(a->g[i].base + k), x[k], y[k], count);
        return true;
    }
    for (unsigned c = 0; c < a->ncta; c++) {
        const uint8_t *x = a->smem[c], *y = b->smem[c];
        if (!memcmp(x, y, a->smem_size))
            continue;
        size_t k = 0, count = 0;
        while (x[k] == y[k])
            k++;
        for (size_t j = k; j < a->smem_size; j++)
            count += x[j] != y[j];
        snprintf(out, cap, "CTA %u shared 0x%zx: 0x%02x vs 0x%02x (%zu bytes differ)", c, k,
                 x[k], y[k], count);
        return true;
    }
    return false;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: tce regress --seed S --count N [--engines=A,B] [--timing=random]\n"
               "                   [--only=K] [--queue=Q] [--bus-errors] [--wide] [--smem-stall=P]\n"
               "                   [--wave=FILE[,FROM:TO]] [--verbose]\n"
               "  --engines  the two engines (default csim,rtl when built, else csim,regmodel)\n"
               "  --timing   random: draw the rtl bridge's memory latency (fixed or a range),\n"
               "             AXI reordering, stalls, outstanding limit, bandwidth cap and the\n"
               "             shared-memory latency from the seed (default: the bridge's\n"
               "             fixed timing)\n"
               "  --smem-stall  P: the shared-memory ports are not ready on P %% of cycles\n"
               "             (0..99, rtl engine; off by default: docs/regress.md)\n"
               "  --bus-errors  inject SLVERR/DECERR on what one operation of every other\n"
               "             batch reads or writes (engines csim,rtl or csim,systemc): the\n"
               "             engine must report GLOBAL_BUS, write nothing outside that\n"
               "             operation's destination,\n"
               "             serve the rest of the queue and never hang\n"
               "  --wide     tensor draws over the H100 captures' field ranges: shared\n"
               "             addresses 128 bytes past 1024-byte boundaries, rows up to 256\n"
               "             elements, larger boxes, element strides up to 8\n"
               "  --wave     waves of the rtl or systemc engine (FST; VCD when FILE ends\n"
               "             in .vcd), optionally only clock cycles [FROM, TO)\n"
               "  --count    operations to run (in batches of 1..Q queued commands)\n"
               "  --only     run batch K only (what a mismatch report names)\n"
               "  --queue    most commands queued before waiting (1..%u, default %u)\n"
               "  --shard    K/N: run only the batches B with B mod N == K; the N shards\n"
               "             together run exactly the unsharded run (tce regress-merge)\n"
               "  --junit    write the results as JUnit XML to FILE\n"
               "  --plant    B[,B...]: flip a byte of the second engine's memory after batch B, so\n"
               "             a run has known mismatches (checks the reports, not an engine)\n",
            REGRESS_MAX_QUEUE, REGRESS_MAX_QUEUE);
}

int regress_main(int argc, char **argv)
{
    uint64_t seed = 1;
    unsigned long count = 1000;
    long only = -1;
    unsigned queue = REGRESS_MAX_QUEUE;
    int random_timing = 0, verbose = 0, bus_errors = 0, wide = 0;
    unsigned smem_stall = 0;
    tce_wave_spec wave;
    bool want_wave = false;
    unsigned long shard = 0, nshard = 1;
    unsigned long plant[8];
    unsigned nplant = 0;
    char plantstr[200] = "";
    const char *junit = NULL;
    char names[64];
    snprintf(names, sizeof names, "%s", tce_engine_have_rtl() ? "csim," TCE_HW_ENGINE : "csim,regmodel");
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        uint64_t v;
        /* Numbers through one checked reader: a typo or an overflow is an error, never
         * seed 0 or a clamped count. */
        if (!strcmp(a, "--seed") && i + 1 < argc) {
            if (!tce_opt_u64("regress", "--seed", argv[++i], 0, UINT64_MAX, &seed))
                return 2;
        } else if (!strncmp(a, "--seed=", 7)) {
            if (!tce_opt_u64("regress", "--seed", a + 7, 0, UINT64_MAX, &seed))
                return 2;
        } else if ((!strcmp(a, "--count") && i + 1 < argc) || !strncmp(a, "--count=", 8)) {
            if (!tce_opt_u64("regress", "--count", a[7] ? a + 8 : argv[++i], 1, ULONG_MAX, &v))
                return 2;
            count = (unsigned long)v;
        } else if (!strncmp(a, "--engines=", 10))
            snprintf(names, sizeof names, "%s", a + 10);
        else if (!strcmp(a, "--timing=random"))
            random_timing = 1;
        else if (!strncmp(a, "--only=", 7)) {
            if (!tce_opt_u64("regress", "--only", a + 7, 0, LONG_MAX, &v))
                return 2;
            only = (long)v;
        } else if (!strncmp(a, "--queue=", 8)) {
            if (!tce_opt_u64("regress", "--queue", a + 8, 1, REGRESS_MAX_QUEUE, &v))
                return 2;
            queue = (unsigned)v;
        }
        else if ((!strcmp(a, "--shard") && i + 1 < argc) || !strncmp(a, "--shard=", 8)) {
            const char *t = a[7] ? a + 8 : argv[++i];
            const char *slash = strchr(t, '/');
            char kt[32];
            if (!slash || (size_t)(slash - t) >= sizeof kt) {
                fprintf(stderr, "tce regress: --shard=%s: wants K/N (shard K of N, 0 <= K < N)\n",
                        t);
                return 2;
            }
            memcpy(kt, t, (size_t)(slash - t));
            kt[slash - t] = '\0';
            if (!tce_opt_u64("regress", "--shard (N)", slash + 1, 1, 1000000, &v))
                return 2;
            nshard = (unsigned long)v;
            if (!tce_opt_u64("regress", "--shard (K)", kt, 0, nshard - 1, &v))
                return 2;
            shard = (unsigned long)v;
        } else if (!strncmp(a, "--junit=", 8) && a[8])
            junit = a + 8;
        else if (!strncmp(a, "--plant=", 8)) {
            /* B[,B...]: up to 8 batches, each through the checked reader */
            snprintf(plantstr, sizeof plantstr, "%s", a + 8);
            nplant = 0;
            for (char *t = plantstr, *e; t; t = e) {
                e = strchr(t, ',');
                if (e)
                    *e++ = '\0';
                if (nplant == 8) {
                    fprintf(stderr, "tce regress: --plant: more than 8 batches\n");
                    return 2;
                }
                if (!tce_opt_u64("regress", "--plant", t, 0, LONG_MAX, &v))
                    return 2;
                plant[nplant++] = (unsigned long)v;
            }
            snprintf(plantstr, sizeof plantstr, "%s", a + 8);
        }
        else if (!strncmp(a, "--smem-stall=", 13)) {
            if (!tce_opt_u64("regress", "--smem-stall", a + 13, 0, 99, &v))
                return 2;
            smem_stall = (unsigned)v;
        }
        else if (!strcmp(a, "--verbose"))
            verbose = 1;
        else if (!strcmp(a, "--bus-errors"))
            bus_errors = 1;
        else if (!strcmp(a, "--wide"))
            wide = 1;
        else if (!strncmp(a, "--wave=", 7)) {
            char why[200];
            if (tce_wave_parse(a + 7, &wave, why, sizeof why) != 0) {
                fprintf(stderr, "tce regress: %s\n", why);
                return 2;
            }
            want_wave = true;
        }
        else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "tce regress: unknown option or missing value '%s'\n", a);
            usage(stderr);
            return 2;
        }
    }
    if (queue < 1 || queue > REGRESS_MAX_QUEUE) {
        fprintf(stderr, "tce regress: --queue=%u is not 1..%u\n", queue, REGRESS_MAX_QUEUE);
        return 2;
    }
    char *comma = strchr(names, ',');
    if (!comma || strchr(comma + 1, ',')) {
        fprintf(stderr, "tce regress: --engines wants two names A,B, not '%s'\n", names);
        return 2;
    }
    *comma = '\0';
    const char *ename[2] = {names, comma + 1};
    if (only >= 0 && (unsigned long)only % nshard != shard) {
        fprintf(stderr, "tce regress: --only=%ld is a batch of shard %lu/%lu, not of %lu/%lu\n",
                only, (unsigned long)only % nshard, nshard, shard, nshard);
        return 2;
    }
    /* The flags that change what operation i is or how it runs: a reproduce line and the
     * JUnit file carry them. */
    char optstr[128];
    snprintf(optstr, sizeof optstr, "%s%s%s", random_timing ? " --timing=random" : "",
             bus_errors ? " --bus-errors" : "", wide ? " --wide" : "");
    if (queue != REGRESS_MAX_QUEUE) {
        size_t l = strlen(optstr);
        snprintf(optstr + l, sizeof optstr - l, " --queue=%u", queue);
    }
    if (smem_stall) {
        size_t l = strlen(optstr);
        snprintf(optstr + l, sizeof optstr - l, " --smem-stall=%u", smem_stall);
    }
    if (nplant) {
        size_t l = strlen(optstr);
        if (l + 9 + strlen(plantstr) >= sizeof optstr) {
            fprintf(stderr, "tce regress: --plant=%s: too long\n", plantstr);
            return 2;
        }
        snprintf(optstr + l, sizeof optstr - l, " --plant=%s", plantstr);
    }

    /* The seed draws the bridge's memory timing; the same seed gives the same timing. */
    uint64_t trng = seed ^ 0x7431A9C5E02B6D1Full;
    tce_engine_timing timing;
    memset(&timing, 0, sizeof timing);
    timing.mem_latency = 8;
    timing.smem_latency = 2; /* the bridge's defaults */
    timing.seed = seed;
    if (random_timing) {
        timing.mem_latency = 1 + (unsigned)(corpus_splitmix64(&trng) % 40);
        timing.axi_reorder = (int)(corpus_splitmix64(&trng) & 1);
        timing.axi_stall_pct = (unsigned)(corpus_splitmix64(&trng) % 35);
        /* Drawn after the three above, so a seed keeps the timing it had before these
         * existed, plus these: half the seeds a latency range, a third an outstanding
         * limit, a third a bandwidth cap. */
        uint64_t r = corpus_splitmix64(&trng);
        if (r % 2)
            timing.mem_latency_max = timing.mem_latency + 1 + (unsigned)(r / 2 % 60);
        if (r / 128 % 3 == 0)
            timing.axi_max_outstanding = 1 + (unsigned)(r / 512 % 3);
        if (r / 2048 % 3 == 0) {
            timing.axi_bw_window = 4;
            timing.axi_bw_beats = 1 + (unsigned)(r / 8192 % 4);
        }
        /* Drawn last likewise: the shared-memory ports' response latency. */
        timing.smem_latency = 1 + (unsigned)(corpus_splitmix64(&trng) % 6);
    }
    /* Shared-memory back-pressure is asked for, not drawn: the tile load's writer changes
     * its request while READY is low (docs/coverage.md), so CI's seeds leave it off. */
    timing.smem_stall_pct = smem_stall;
    if (want_wave)
        tce_wave_request(&wave);
    side s[2];
    memset(s, 0, sizeof s);
    bool has_rtl = false;
    for (int k = 0; k < 2; k++) {
        s[k].eng = tce_engine_open_timed(ename[k], random_timing || smem_stall ? &timing : NULL);
        if (!s[k].eng) {
            fprintf(stderr, "tce regress: engine '%s': %s\n", ename[k], tce_engine_open_error());
            if (k)
                tce_engine_close(s[0].eng);
            return 2;
        }
        has_rtl |= !strcmp(ename[k], TCE_HW_ENGINE);
        if (setup_memsys(&s[k].ms) != 0) {
            tce_engine_close(s[k].eng);
            if (k)
                tce_engine_close(s[0].eng);
            fprintf(stderr, "tce regress: out of memory for the engines' memories\n");
            return 2;
        }
    }
    int fail_open = 0;
    if (want_wave && tce_wave_unused()) {
        fprintf(stderr, "tce regress: --wave: neither engine (%s, %s) has waves; use rtl\n",
                ename[0], ename[1]);
        fail_open = 1;
    }
    /* --bus-errors: the golden model is the reference, the rtl or systemc engine (the two
     * with a memory model that injects errors) gets the errors. */
    int victim_side = -1;
    if (bus_errors) {
        for (int k = 0; k < 2; k++)
            if (!strcmp(ename[1 - k], "csim") &&
                (!strcmp(ename[k], TCE_HW_ENGINE) || !strcmp(ename[k], "systemc")))
                victim_side = k;
        if (victim_side < 0) {
            fprintf(stderr, "tce regress: --bus-errors needs the engines csim and rtl (or "
                            "csim and systemc): their memory models inject the errors\n");
            fail_open = 1;
        }
    }
    if (fail_open) {
        for (int k = 0; k < 2; k++) {
            tce_engine_close(s[k].eng);
            tce_memsys_free(&s[k].ms);
        }
        return 2;
    }
    if ((random_timing || smem_stall) && has_rtl)
        printf("timing: mem_latency=%u..%u axi_reorder=%d axi_stall_pct=%u "
               "axi_max_outstanding=%u axi_bw=%u/%u smem_latency=%u smem_stall_pct=%u "
               "seed=%llu\n",
               timing.mem_latency,
               timing.mem_latency_max ? timing.mem_latency_max : timing.mem_latency,
               timing.axi_reorder, timing.axi_stall_pct, timing.axi_max_outstanding,
               timing.axi_bw_beats, timing.axi_bw_window, timing.smem_latency,
               timing.smem_stall_pct, (unsigned long long)timing.seed);
    /* tf32 maps for every engine (each rounds them); --wide as asked. */
    regress_gen_cfg cfg = {true, wide != 0};

    unsigned long ops = 0, passed = 0, failed = 0, traps = 0, unsup = 0, illegal = 0;
    unsigned long batches = 0;
    regress_failures fails = {NULL, 0, 0};
    int rc_extra = 0;
    regress_bus_stats bus = {0, 0, 0};
    unsigned long next_progress = 1000;
    for (unsigned long batch = 0; ops < count; batch++) {
        uint64_t rng = seed * 0xA24BAED4963EE407ull ^ (batch + 1) * 0x9FB21C651E98DF25ull;
        unsigned n = 1 + (unsigned)(corpus_splitmix64(&rng) % queue);
        if (n > count - ops)
            n = (unsigned)(count - ops);
        ops += n;
        /* A batch's size is its generator's first draw, so a skipped batch costs one draw. */
        if ((only >= 0 && (long)batch != only) || batch % nshard != shard)
            continue;
        regress_item items[REGRESS_MAX_QUEUE];
        tce_op opv[REGRESS_MAX_QUEUE];
        /* Operations that name memory outside what exists (or a corrupted map) come from a
         * stream of their own, so the draws above stay what each seed always drew. */
        uint64_t mrng = seed * 0x94D049BB133111EBull ^ (batch + 1) * 0xBF58476D1CE4E5B9ull;
        for (unsigned i = 0; i < n; i++) {
            regress_gen(&rng, i, &cfg, &items[i]);
            if (regress_chance(&mrng, REGRESS_MEMORY_ILLEGAL_PCT) && !items[i].illegal)
                regress_make_memory_illegal(&mrng, &items[i]);
            opv[i] = items[i].op;
        }
        batches++;
        init_memory(&s[0].ms, seed, batch, items, n);
        copy_memory(&s[1].ms, &s[0].ms);
        regress_bus_plan plan = {-1, 0, 0, 0, 0, REGRESS_BUS_NONE};
        if (victim_side >= 0 && regress_bus_draw(seed, batch, items, n, &plan))
            tce_engine_inject_error(s[victim_side].eng, plan.base, plan.size, plan.resp,
                                    plan.dirs);
        uint8_t before[REGRESS_GSLOT_SIZE];
        if (plan.slot >= 0)
            memcpy(before, regress_bus_dest_global(&s[0].ms, (unsigned)plan.slot),
                   REGRESS_GSLOT_SIZE);
        int hung = 0;
        for (int k = 0; k < 2; k++)
            hung |= tce_engine_exec_queue(s[k].eng, opv, n, &s[k].ms, s[k].res, s[k].tx,
                                          &s[k].ntx);
        if (plan.slot >= 0)
            tce_engine_inject_clear(s[victim_side].eng);
        for (unsigned p = 0; p < nplant; p++)
            if (batch == plant[p]) {
                s[1].ms.g[0].bytes[REGRESS_GSIZE - 1] ^= 0x5A; /* refilled for the next batch */
                break;
            }

        char why[600] = "";
        int bad_op = -1;
        bool batch_unsup = false;
        if (hung) {
            /* a hang or a protocol violation: the engine says what and where */
            bad_op = (int)n - 1;
            snprintf(why, sizeof why, "engine failed: %s%s", tce_engine_fault(s[0].eng),
                     tce_engine_fault(s[1].eng));
        }
        if (plan.slot >= 0 && bad_op < 0) {
            side *ref = &s[1 - victim_side], *dut = &s[victim_side];
            if (regress_bus_judge(&plan, items, before, &ref->ms, &dut->ms, ref->res, dut->res,
                                  ref->tx, &ref->ntx, dut->tx, &dut->ntx, &bus, why,
                                  sizeof why) != 0)
                bad_op = plan.slot;
        }
        for (unsigned i = 0; i < n; i++) {
            tce_result *a = &s[0].res[i], *b = &s[1].res[i];
            if (a->status == TCE_ERR_UNSUPPORTED || b->status == TCE_ERR_UNSUPPORTED) {
                batch_unsup = true; /* one engine does not implement it: nothing to compare */
                continue;
            }
            if (a->status != b->status && bad_op < 0) {
                bad_op = (int)i;
                snprintf(why, sizeof why, "status %s (%s) vs %s (%s)",
                         tce_status_name(a->status), a->why, tce_status_name(b->status), b->why);
            }
            /* the same trap names the same command field (ERR_INFO.FIELD); the bus victim's
             * trap is regress_bus_judge's to judge */
            unsigned fa = tce_result_field(a), fb = tce_result_field(b);
            if (a->status == b->status && fa != fb && (int)i != plan.slot && bad_op < 0) {
                bad_op = (int)i;
                snprintf(why, sizeof why, "%s at field %s (%s) vs at field %s (%s)",
                         tce_status_name(a->status),
                         fa < TCE_CMDF_COUNT ? tce_cmd_fields[fa].name : "none", a->why,
                         fb < TCE_CMDF_COUNT ? tce_cmd_fields[fb].name : "none", b->why);
            }
        }
        if (batch_unsup && bad_op < 0) {
            unsup += n;
            continue;
        }
        if (bad_op < 0 && first_diff(&s[0].ms, &s[1].ms, why, sizeof why))
            bad_op = (int)n - 1; /* memory is compared per batch: name the batch */
        /* Statistics (STAT_RBYTES / STAT_WBYTES against the golden model's counts), per
         * batch, tensor operations included (both count global reads in whole 16-byte
         * units, docs/registers.md); not where an injected bus error failed an operation
         * the golden model ran. */
        uint64_t rd[2], wr[2];
        for (int k = 0; k < 2; k++)
            tce_engine_batch_stats(s[k].eng, &rd[k], &wr[k]);
        if (bad_op < 0 && plan.slot < 0 && (rd[0] != rd[1] || wr[0] != wr[1])) {
            bad_op = (int)n - 1;
            snprintf(why, sizeof why, "statistics differ: %llu/%llu bytes read/written vs %llu/%llu",
                     (unsigned long long)rd[0], (unsigned long long)wr[0],
                     (unsigned long long)rd[1], (unsigned long long)wr[1]);
        }
        if (bad_op < 0) {
            qsort(s[0].tx, s[0].ntx, sizeof s[0].tx[0], tce_engine_tx_order);
            qsort(s[1].tx, s[1].ntx, sizeof s[1].tx[0], tce_engine_tx_order);
            bool same = s[0].ntx == s[1].ntx &&
                        !memcmp(s[0].tx, s[1].tx, s[0].ntx * sizeof s[0].tx[0]);
            if (!same) {
                bad_op = (int)n - 1;
                snprintf(why, sizeof why, "complete-tx differ: %u vs %u requests", s[0].ntx,
                         s[1].ntx);
                for (unsigned k = 0; k < s[0].ntx && k < s[1].ntx; k++)
                    if (tce_engine_tx_order(&s[0].tx[k], &s[1].tx[k])) {
                        size_t l = strlen(why);
                        snprintf(why + l, sizeof why - l,
                                 "; first: CTA %u mbar 0x%x %u bytes vs CTA %u mbar 0x%x %u bytes",
                                 s[0].tx[k].cta, s[0].tx[k].mbar_off, s[0].tx[k].bytes,
                                 s[1].tx[k].cta, s[1].tx[k].mbar_off, s[1].tx[k].bytes);
                        break;
                    }
            }
        }
        for (unsigned i = 0; i < n; i++) {
            traps += s[0].res[i].status != TCE_OK;
            illegal += items[i].illegal;
        }
        if (bad_op >= 0) {
            failed += n;
            /* The report goes to stdout and, whole, into the JUnit failure. */
            char *rep = NULL;
            size_t rep_len = 0;
            FILE *o = open_memstream(&rep, &rep_len);
            if (!o) {
                fprintf(stderr, "tce regress: out of memory for a mismatch report\n");
                rc_extra = 2;
                break;
            }
            char shardstr[64] = "";
            if (nshard > 1)
                snprintf(shardstr, sizeof shardstr, "shard %lu/%lu ", shard, nshard);
            /* The shard goes to stdout only: the JUnit file of a shard says it in its
             * testsuite, and the merged file must be the unsharded run's. */
            /* The bridge's initial state, when chosen (docs/rtl.md), is part of the run. */
            const char *init = getenv("TCE_SIM_INIT");
            fprintf(o, "seed %llu batch %lu (reproduce: %s%.20s%stce regress --seed %llu "
                    "--count %lu --engines=%s,%s%s --only=%lu): %s vs %s: %s\n",
                    (unsigned long long)seed, batch, init ? "TCE_SIM_INIT=" : "", init ? init : "",
                    init ? " " : "", (unsigned long long)seed, count, ename[0], ename[1], optstr,
                    batch, ename[0], ename[1], why);
            if (plan.slot >= 0)
                fprintf(o, "  injected: %s on [0x%llx, 0x%llx) for op %lu.%d\n",
                        plan.resp == 2 ? "SLVERR" : "DECERR", (unsigned long long)plan.base,
                        (unsigned long long)(plan.base + plan.size), batch, plan.slot);
            for (unsigned i = 0; i < n; i++) {
                char d[1024];
                regress_describe(&items[i], d, sizeof d);
                fprintf(o, "  op %lu.%u%s: %s\n     %s: %s %s | %s: %s %s\n", batch, i,
                        (int)i == bad_op ? " (first difference)" : "", d, ename[0],
                        tce_status_name(s[0].res[i].status), s[0].res[i].why, ename[1],
                        tce_status_name(s[1].res[i].status), s[1].res[i].why);
            }
            int ok = fclose(o) == 0;
            if (ok) {
                printf("MISMATCH %s%s", shardstr, rep);
                ok = !junit || regress_failure_add(&fails, seed, batch, why, rep) == 0;
            }
            free(rep);
            if (!ok) {
                fprintf(stderr, "tce regress: out of memory for a mismatch report\n");
                rc_extra = 2;
                break;
            }
        } else {
            passed += n;
            if (verbose)
                for (unsigned i = 0; i < n; i++) {
                    char d[1024];
                    regress_describe(&items[i], d, sizeof d);
                    printf("ok %lu.%u %s -> %s\n", batch, i, d,
                           tce_status_name(s[0].res[i].status));
                }
        }
        if (ops >= next_progress) {
            fprintf(stderr, "tce regress: %lu operations, %lu failed\n", ops, failed);
            next_progress += 1000;
        }
    }
    printf("%lu operations: %lu traps (%lu deliberately illegal) named alike, %lu not supported "
           "by an engine; engine cycles %s=%llu %s=%llu\n",
           passed + failed + unsup, traps, illegal, unsup, ename[0],
           (unsigned long long)tce_engine_cycles(s[0].eng), ename[1],
           (unsigned long long)tce_engine_cycles(s[1].eng));
    if (victim_side >= 0)
        printf("bus errors: %lu injected, %lu reported as GLOBAL_BUS, %lu operations finished "
               "before touching the bad range\n",
               bus.injected, bus.reported, bus.untouched);
    if (nshard > 1)
        printf("shard %lu/%lu: %lu batches\n", shard, nshard, batches);
    printf("%lu passed, %lu failed\n", passed, failed);
    for (int k = 0; k < 2; k++) {
        tce_engine_close(s[k].eng);
        tce_memsys_free(&s[k].ms);
    }
    if (junit && !rc_extra) {
        regress_totals t;
        memset(&t, 0, sizeof t);
        t.seed = seed;
        t.count = count;
        /* The two names come from names[] (as long as t.engines), so they fit; the
         * check keeps gcc's -Wformat-truncation from assuming otherwise. */
        if (snprintf(t.engines, sizeof t.engines, "%s,%s", ename[0], ename[1]) >=
            (int)sizeof t.engines)
            fprintf(stderr, "tce regress: --junit: engine names cut to '%s'\n", t.engines);
        snprintf(t.options, sizeof t.options, "%s", optstr);
        t.shard = shard;
        t.nshard = nshard;
        t.batches = batches;
        t.ops = passed + failed + unsup;
        t.passed = passed;
        t.failed = failed;
        t.traps = traps;
        t.illegal = illegal;
        t.unsup = unsup;
        t.bus_injected = bus.injected;
        t.bus_reported = bus.reported;
        t.bus_untouched = bus.untouched;
        if (regress_junit_write(junit, &t, &fails) != 0)
            rc_extra = 2;
    }
    regress_failures_free(&fails);
    if (rc_extra)
        return rc_extra;
    if (batches == 0) {
        /* nothing compared is no pass: a shard past the last batch, say */
        fprintf(stderr, "tce regress: no batch ran (--count %lu has fewer batches than "
                        "shard %lu/%lu needs)\n", count, shard, nshard);
        return 2;
    }
    return failed || passed + failed == 0 ? 1 : 0;
}
