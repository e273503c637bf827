/* The `regmodel` engine: the firmware driver programs the register-level model
 * (regmodel_engine.c), which executes each command with the golden model. Complete-tx
 * requests are recorded, not applied to the mbarrier, so memory ends up exactly as the
 * golden model alone leaves it and the engines can be compared byte for byte. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine_backend.h"
#include "regmodel_engine.h"

/* Engine clocks per command (reads, writes): small, but not zero, so commands queue. */
#define RM_READ_CYCLES 3u
#define RM_WRITE_CYCLES 2u

typedef struct {
    tce_backend be;
    regmodel m;
    tce_engine_tx tx[TCE_ENGINE_MAX_TX];
    unsigned ntx;
    uint64_t cycles; /* of finished batches */
} rm_backend;

static tce_status record_tx(void *ctx, tce_memsys *ms, unsigned cta, uint32_t off,
                            uint32_t bytes, char *why, size_t cap)
{
    (void)ms, (void)why, (void)cap;
    rm_backend *b = ctx;
    if (b->ntx < TCE_ENGINE_MAX_TX) {
        tce_engine_tx t = {cta, off, bytes};
        b->tx[b->ntx++] = t;
    }
    return TCE_OK;
}

static int rm_attach(tce_backend *be, tce_memsys *ms, char *why, size_t cap)
{
    (void)why, (void)cap;
    rm_backend *b = (rm_backend *)be;
    regmodel_init(&b->m, ms, RM_READ_CYCLES, RM_WRITE_CYCLES, record_tx, b);
    b->ntx = 0;
    return 0;
}

static void rm_detach(tce_backend *be)
{
    rm_backend *b = (rm_backend *)be;
    b->cycles += b->m.cycles;
    b->m.cycles = 0;
}

static tce_bus rm_bus(tce_backend *be) { return regmodel_bus(&((rm_backend *)be)->m); }

static const char *rm_error_text(tce_backend *be) { return ((rm_backend *)be)->m.why; }

static unsigned rm_tx(tce_backend *be, tce_engine_tx *out, unsigned cap)
{
    rm_backend *b = (rm_backend *)be;
    unsigned n = b->ntx < cap ? b->ntx : cap;
    memcpy(out, b->tx, n * sizeof *out);
    return n;
}

static uint64_t rm_cycles(tce_backend *be)
{
    rm_backend *b = (rm_backend *)be;
    return b->cycles + b->m.cycles;
}

static void rm_destroy(tce_backend *be) { free(be); }

tce_backend *tce_backend_regmodel(char *why, size_t cap)
{
    rm_backend *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(why, cap, "out of memory");
        return NULL;
    }
    b->be.attach = rm_attach;
    b->be.detach = rm_detach;
    b->be.bus = rm_bus;
    b->be.error_text = rm_error_text;
    b->be.tx = rm_tx;
    b->be.cycles = rm_cycles;
    b->be.destroy = rm_destroy;
    return &b->be;
}
