/* `tce replay [--engine=NAME] [--case=N] [--show=K] FILE...`
 * Reads hardware-corpus files, runs each case on the chosen engine and compares every
 * byte and every trap with what the H100 did. */
#include "replay.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "engines.h"
#include "num_parse.h"
#include "wave_opt.h"

static replay_verdict dispatch(const corpus_case *c, replay_ctx *ctx)
{
    const char *op = corpus_str(c, "op");
    if (replay_harness_did_not_run(c))
        return REPLAY_NOT_RUN;
    if (!op) {
        if (corpus_get(c, "replace"))
            return replay_tmreplace(c, ctx);
        if (corpus_str(c, "map"))
            return replay_encode(c, ctx);
        replay_msg(ctx, "case has neither 'op' nor 'map'\n");
        return REPLAY_FAIL;
    }
    if (!strcmp(op, "load.tile") || !strcmp(op, "store.tile") || !strcmp(op, "reduce.tile") ||
        !strcmp(op, "store.im2col_no_offs") || !strcmp(op, "reduce.im2col_no_offs"))
        return replay_tile(c, ctx);
    if (!strcmp(op, "load.im2col"))
        return replay_im2col(c, ctx);
    if (!strcmp(op, "bulk_reduce"))
        return replay_bulk_reduce(c, ctx);
    if (!strncmp(op, "red.", 4))
        return replay_red(c, ctx);
    replay_msg(ctx, "unknown op '%s'\n", op);
    return REPLAY_FAIL;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: tce replay [--engine=csim|regmodel|rtl|systemc] [--case=N] [--show=K] [--quiet]\n"
               "                  [--driver-maps] [--wave=FILE[,FROM:TO]] FILE...\n"
               "  --engine  which engine runs the cases (default csim, the golden model)\n"
               "  --wave    waves of the rtl/systemc engine's RTL over the whole replay (FST;\n"
               "            VCD when FILE ends in .vcd), optionally only cycles [FROM, TO)\n"
               "  --case    replay only case N of each file\n"
               "  --show    print details of the first K failures per file (default 10)\n"
               "  --quiet   print only per-file counts and the summary\n"
               "  --driver-maps  give the engine each map as the CUDA driver's own 128 bytes\n"
               "            (docs/driver_maps.md) instead of tce's descriptor\n");
}

int replay_main(int argc, char **argv)
{
    const char *engine = "csim";
    long only = -1, show = 10;
    int quiet = 0, nfiles = 0;
    unsigned long tot_pass = 0, tot_fail = 0, tot_unsup = 0, tot_notrun = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strncmp(a, "--engine=", 9))
            engine = a + 9;
        else if (!strncmp(a, "--case=", 7) || !strncmp(a, "--show=", 7)) {
            uint64_t v;
            if (!tce_opt_u64("replay", a[2] == 'c' ? "--case" : "--show", a + 7, 0, LONG_MAX, &v))
                return 2;
            *(a[2] == 'c' ? &only : &show) = (long)v;
        }
        else if (!strcmp(a, "--quiet"))
            quiet = 1;
        else if (!strcmp(a, "--driver-maps"))
            replay_set_driver_maps(true);
        else if (!strncmp(a, "--wave=", 7)) {
            tce_wave_spec w;
            char why[200];
            if (tce_wave_parse(a + 7, &w, why, sizeof why) != 0) {
                fprintf(stderr, "tce replay: %s\n", why);
                return 2;
            }
            tce_wave_request(&w);
        }
        else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (a[0] == '-') {
            fprintf(stderr, "tce replay: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        } else
            nfiles++;
    }
    if (!nfiles) {
        fprintf(stderr, "tce replay: no corpus file given\n");
        usage(stderr);
        return 2;
    }
    tce_engine *eng = tce_engine_open(engine);
    if (!eng) {
        fprintf(stderr, "tce replay: engine '%s': %s\n", engine, tce_engine_open_error());
        return 2;
    }
    if (tce_wave_unused()) {
        fprintf(stderr, "tce replay: --wave: engine '%s' has no waves (use rtl or systemc)\n",
                engine);
        tce_engine_close(eng);
        return 2;
    }
    int io_error = 0;
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-')
            continue;
        corpus_reader rd;
        corpus_case c;
        unsigned long pass = 0, fail = 0, unsup = 0, notrun = 0, shown = 0;
        if (corpus_open(&rd, argv[i])) {
            fprintf(stderr, "tce replay: %s\n", rd.err);
            io_error = 1;
            continue;
        }
        int rc;
        while ((rc = corpus_next(&rd, &c)) == 1) {
            if (only >= 0 && c.id != only) {
                corpus_case_free(&c);
                continue;
            }
            replay_ctx ctx = {engine, tce_engine_exec, eng, {0}, 0};
            unsigned long unsup_before = tce_engine_unsupported(eng);
            replay_verdict v = dispatch(&c, &ctx);
            /* An engine that answered UNSUPPORTED did not implement the case yet. */
            if (v == REPLAY_FAIL && tce_engine_unsupported(eng) != unsup_before)
                v = REPLAY_UNSUPPORTED;
            /* The golden model must cover every case: a gap there is a failure. Other
             * engines report what they do not implement yet separately. */
            if (v == REPLAY_UNSUPPORTED && !strcmp(engine, "csim"))
                v = REPLAY_FAIL;
            if (ctx.bad_line) {
                /* A malformed case is an error in the file, shown whatever --show says. */
                fprintf(stderr, "%s:%ld: case %ld: %s", argv[i], ctx.bad_line, c.id, ctx.msg);
                io_error = 1;
                v = REPLAY_FAIL;
            }
            if (v == REPLAY_PASS)
                pass++;
            else if (v == REPLAY_UNSUPPORTED)
                unsup++;
            else if (v == REPLAY_NOT_RUN)
                notrun++;
            else {
                fail++;
                if (!quiet && (long)shown < show) {
                    replay_describe(&c, &ctx);
                    printf("FAIL %s case %ld (line %ld):\n%s", argv[i], c.id, c.line, ctx.msg);
                    shown++;
                }
            }
            corpus_case_free(&c);
        }
        if (rc < 0) {
            fprintf(stderr, "tce replay: %s\n", rd.err);
            io_error = 1;
        }
        corpus_close(&rd);
        if (pass + fail + unsup + notrun == 0 && rc == 0) {
            fprintf(stderr, "tce replay: %s: no cases%s\n", argv[i],
                    only >= 0 ? " with that number" : "");
            io_error = 1;
        }
        if (fail > (unsigned long)shown && !quiet)
            printf("(%lu more failures in %s not shown; use --show=K)\n", fail - shown,
                   argv[i]);
        printf("%s: %lu passed, %lu failed", argv[i], pass, fail);
        if (unsup)
            printf(", %lu not supported by engine %s", unsup, engine);
        if (notrun)
            printf(", %lu not run by the capture's harness (its fill kernel failed)", notrun);
        printf("\n");
        tot_pass += pass;
        tot_fail += fail;
        tot_unsup += unsup;
        tot_notrun += notrun;
    }
    tce_engine_close(eng);
    if (io_error)
        tot_fail++;
    printf("%lu passed, %lu failed", tot_pass, tot_fail);
    if (tot_unsup)
        printf(", %lu skipped", tot_unsup);
    if (tot_notrun)
        printf(", %lu not run", tot_notrun);
    printf("\n");
    return tot_fail ? 1 : 0;
}
