/* What the driver-based engines (regmodel, rtl) plug into the shared queue runner of
 * engines.c: a register bus over which the firmware driver programs them, and hooks to
 * hand them the caller's memories and collect their complete-tx requests. Internal to
 * tools/tce/engine*.c. */
#ifndef TCE_ENGINE_BACKEND_H
#define TCE_ENGINE_BACKEND_H

#include "../../firmware/driver/tce_driver.h"
#include "engines.h"

typedef struct tce_backend tce_backend;
struct tce_backend {
    /* Attach ms for one batch; 0, or -1 with the cause in why. */
    int (*attach)(tce_backend *b, tce_memsys *ms, char *why, size_t cap);
    void (*detach)(tce_backend *b);
    tce_bus (*bus)(tce_backend *b);
    /* The engine's own words for the pending error, "" when it has none. */
    const char *(*error_text)(tce_backend *b);
    /* Complete-tx requests since attach. */
    unsigned (*tx)(tce_backend *b, tce_engine_tx *out, unsigned cap);
    uint64_t (*cycles)(tce_backend *b);
    void (*destroy)(tce_backend *b);
    /* Waves to path (NULL: stop); 0, or -1. NULL where the engine has no waves. */
    int (*trace)(tce_backend *b, const char *path);
    /* Bus errors of the global-memory model (tce_sim_inject_error); NULL where the engine
     * has no such model. */
    int (*inject)(tce_backend *b, uint64_t base, uint64_t size, unsigned resp, unsigned dirs);
    void (*inject_clear)(tce_backend *b);
};

tce_backend *tce_backend_regmodel(char *why, size_t cap);
/* NULL with "this tce was built without Verilator" when the bridge is not linked in. */
tce_backend *tce_backend_rtl(const tce_engine_timing *t, char *why, size_t cap);
bool tce_backend_rtl_built(void);
/* The same RTL inside the SystemC TLM model (bridge/systemc/tce_sc.h); NULL with "this tce
 * was built without SystemC" when the model is not linked in. One live instance at a time. */
tce_backend *tce_backend_systemc(const tce_engine_timing *t, char *why, size_t cap);
bool tce_backend_systemc_built(void);

/* Tell the engine behind d what memory exists: ms's CTAs, shared-memory size and global
 * windows (tce_drv_set_memory), so it refuses what the golden model refuses. */
tce_drv_rc tce_engine_describe_memory(tce_drv *d, const tce_memsys *ms);

#endif
