/* The setup every tensor-instruction replay needs (tile, im2col, ...): the tensor map
 * encoded from the case's driver parameters and packed into global memory, the tensor's
 * global buffer, CTA 0's shared memory, and an operation skeleton pointing at all three.
 * A handler fills the memories, completes the op (kind, spaces, mode extras), runs it and
 * compares. */
#ifndef TCE_REPLAY_SETUP_H
#define TCE_REPLAY_SETUP_H

#include "corpus_gmem.h"
#include "replay.h"

/* Bytes of the global window that holds the descriptor (one page, as a driver would
 * place a __grid_constant__ parameter; only the first 128 bytes are used). */
#define REPLAY_DESC_WINDOW 4096u

/* Global memory mapped right after the tensor buffer. On the capture machine the buffer
 * sat inside a larger allocation, so a box whose strides reach past `gbytes` read (or
 * wrote) memory there without faulting; its content was not recorded. A handler can fill
 * it with two different patterns and treat bytes that change with it as unknown. Only
 * as much is mapped as the tensor map can address past `gbytes` (most cases: none), at
 * most REPLAY_GSLACK. */
#define REPLAY_GSLACK (2u << 20)

typedef struct {
    tce_tensormap map;   /* what replay_encode_map built */
    tce_memsys ms;       /* global: descriptor window + tensor buffer; CTA 0 shared memory */
    tce_op op;           /* tmap_addr, dims, coords, im2col offsets, saddr, mbar, cta 0 */
    uint8_t *gbuf;       /* the tensor buffer at REPLAY_GBASE */
    uint64_t gbytes;     /* its size (`gbytes`) */
    uint64_t slack;      /* bytes mapped after it: what the map can reach past gbytes */
    uint32_t smem_off;   /* `smem_off`: the box starts at REPLAY_SMEM_BASE + smem_off */
    uint32_t sbytes;     /* `sbytes` (stores/reduces), 0 when the case has none */
    bool ready;          /* ms is allocated (replay_setup_free is then required) */
    bool has_gmem;       /* an extreme-parameter capture: global memory is its allocation */
    corpus_gmem gm;      /* then: gaddr, gbuf, galloc, goutside */
    uint8_t *alloc;      /* then: the allocation's bytes, mapped at gm.alloc_base */
} replay_setup;

/* Encode the map, build the memories and the op skeleton. Returns REPLAY_PASS when the
 * setup is ready, otherwise REPLAY_FAIL with the cause in ctx->msg (encode rejection,
 * missing or bad key, allocation failure). On failure nothing needs freeing. */
replay_verdict replay_setup_tensor(const corpus_case *c, replay_ctx *ctx, replay_setup *s);

/* Whether the case ran at all: `result` (the driver's verdict, extreme-parameter captures)
 * absent or 0. A case the driver refused passes when our encode refuses it too, else fails;
 * *ran is false for both (the caller returns the verdict). */
replay_verdict replay_setup_driver_verdict(const corpus_case *c, replay_ctx *ctx, bool *ran);

/* Stores of an extreme-parameter capture: the allocation's bytes outside the buffer that
 * changed must be what `goutside` says. */
bool replay_setup_check_outside(const corpus_case *c, replay_ctx *ctx, const replay_setup *s);

/* Loads: the tensor buffer from the `g` generator and all of CTA 0's shared memory set
 * to 0xa5, as on the capture machine (so unwritten bytes show as a5). */
bool replay_setup_fill_load(const corpus_case *c, replay_ctx *ctx, replay_setup *s);

/* Stores and reduces: the tensor buffer from `g`, and `sbytes` bytes of shared memory at
 * REPLAY_SMEM_BASE + smem_off from the `s` generator. */
bool replay_setup_fill_store(const corpus_case *c, replay_ctx *ctx, replay_setup *s);

/* Make s->op a tensor load in `mode`, global -> shared::cluster, completing on the
 * mbarrier, as every captured load was issued. */
void replay_setup_load_op(replay_setup *s, tce_mode mode);

/* Set every byte of the slack after the tensor buffer to v. */
void replay_setup_fill_slack(replay_setup *s, uint8_t v);

/* Pointer to n bytes of CTA 0's shared memory at REPLAY_SMEM_BASE + smem_off, or NULL
 * (with ctx->msg) when that runs past the end of shared memory. */
const uint8_t *replay_setup_smem_box(const replay_setup *s, uint32_t n, replay_ctx *ctx);

void replay_setup_free(replay_setup *s);

#endif
