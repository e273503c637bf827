/* `tce replay`: run hardware-corpus cases through an engine and compare every byte. */
#ifndef TCE_REPLAY_H
#define TCE_REPLAY_H

#include "../../csim/csim.h"
#include "corpus.h"
#include "engines.h"

/* REPLAY_NOT_RUN: the capture's harness failed before the instruction ran, so the case
 * holds no verdict to compare (counted apart, never as a pass). */
typedef enum {
    REPLAY_PASS = 0,
    REPLAY_FAIL = 1,
    REPLAY_UNSUPPORTED = 2,
    REPLAY_NOT_RUN = 3
} replay_verdict;

/* The engine under test executes one operation on the memories. */
typedef tce_result (*replay_exec_fn)(const tce_op *op, tce_memsys *ms, void *engine);

typedef struct {
    const char *engine_name;   /* "csim", "rtl", ... */
    replay_exec_fn exec;
    void *engine;
    char msg[2048];            /* why a case failed or is unsupported */
    long bad_line;             /* non-zero: the case itself is malformed at this file line */
} replay_ctx;

/* Where replay places things; all 256-byte aligned as on the capture machine. */
#define REPLAY_GBASE 0x10000000ull     /* the tensor / global buffer */
#define REPLAY_DESC_ADDR 0x00010000ull /* the 128-byte descriptor */
#define REPLAY_SMEM_BASE 0x400u        /* 1024-aligned; the case's smem_off is added */
#define REPLAY_MBAR_OFF 0x8u           /* the mbarrier, below the smem box */
#define REPLAY_SMEM_SIZE TCE_ENGINE_SMEM_BYTES /* what the rtl/systemc engines take */

/* Per-family case handlers (one file each). */
replay_verdict replay_tile(const corpus_case *c, replay_ctx *ctx);   /* load/store/reduce.tile */
replay_verdict replay_im2col(const corpus_case *c, replay_ctx *ctx); /* load.im2col */
replay_verdict replay_bulk_reduce(const corpus_case *c, replay_ctx *ctx);
replay_verdict replay_red(const corpus_case *c, replay_ctx *ctx);
replay_verdict replay_encode(const corpus_case *c, replay_ctx *ctx);
replay_verdict replay_tmreplace(const corpus_case *c, replay_ctx *ctx); /* tmreplace.txt */
/* For a case that records the driver's map (`opaque 128`): the map m, encoded in the
 * driver's layout, must be those bytes, and they must decode back to m. */
replay_verdict replay_check_opaque(const corpus_case *c, const tce_tensormap *m,
                                   replay_ctx *ctx);

/* Shared pieces of the handlers (replay_common.c). */
/* Build the tensor map from the case's driver parameters with the encode API. On an
 * encode rejection returns its status and explains it in ctx->msg. */
tce_status replay_encode_map(const corpus_case *c, tce_tensormap *m, replay_ctx *ctx);
/* Store the case's map at `at` for the engine to fetch: tce's descriptor, or with
 * replay_set_driver_maps(true) (`tce replay --driver-maps`) the CUDA driver's own bytes.
 * False, with ctx->msg, when the map has no driver format. */
bool replay_place_map(const tce_tensormap *m, uint8_t *at, replay_ctx *ctx);
void replay_set_driver_maps(bool on);
/* Fill `buf` by the case's generator keys (`<prefix>fill`, `<prefix>seed`); dtype for
 * `values`. Returns false (with ctx->msg) on an unknown generator. */
bool replay_fill(const corpus_case *c, const char *prefix, uint8_t *buf, size_t n,
                 replay_ctx *ctx);
/* Compare; on a difference append "first difference at offset O: expected E, got G"
 * and the count of differing bytes to ctx->msg and return false. */
bool replay_compare(const char *what, const uint8_t *expect, const uint8_t *got, size_t n,
                    replay_ctx *ctx);
/* Append the descriptor and the operation in a readable form to ctx->msg. */
void replay_describe(const corpus_case *c, replay_ctx *ctx);
void replay_msg(replay_ctx *ctx, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The case cannot be read as written (a missing key, a number that is not one or does not
 * fit where it goes): names the key's line (the case's when absent) and the cause, so the
 * case is reported as malformed, never as a verdict on the engine. */
void replay_bad(replay_ctx *ctx, const corpus_case *c, const char *key, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* The case's `error` was raised in the harness's fill kernel, before the instruction. */
bool replay_harness_did_not_run(const corpus_case *c);
/* The trap the case recorded matches the engine's status? Sets msg when not. An error the
 * harness's check kernel reported is the instruction's, compared without that note. */
bool replay_check_trap(const corpus_case *c, const tce_result *r, replay_ctx *ctx);

/* Run files; prints per-file counts and the final "N passed, M failed" line. */
int replay_main(int argc, char **argv);

#endif
