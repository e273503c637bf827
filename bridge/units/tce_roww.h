/* C interface to the Verilated row walk (rtl/walk/tce_row_walk.sv) in the three builds the
 * engine instantiates: the general walk (EXT_ROWS 1, GADDR_W 64: rows from the box odometer
 * or an outside generator), the odometer-only walk at GADDR_W 64 (the default engine's
 * shared walker) and at GADDR_W 32 (the `lite` configuration). tests/rtl_units/
 * test_rtl_row_walk.c drives it cycle by cycle against the golden model's walk. */
#ifndef TCE_ROWW_H
#define TCE_ROWW_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    TCE_ROWW_GENERAL = 0, /* EXT_ROWS 1, GADDR_W 64 */
    TCE_ROWW_ODO64 = 1,   /* EXT_ROWS 0, GADDR_W 64 */
    TCE_ROWW_ODO32 = 2    /* EXT_ROWS 0, GADDR_W 32 */
} tce_roww_build;

/* The command, as tce_tile_check hands it over (dims 1..4 in arrays of 4, index 0 = dim 1). */
typedef struct {
    unsigned rank;        /* 1..5 */
    unsigned ul;          /* log2 bytes of a dim-0 unit */
    uint64_t gaddr;
    uint64_t gdim[4];     /* globalDim of dims 1..4 (33 bits; 1 beyond the rank) */
    uint64_t gstride[4];  /* byte strides of dims 1..4 */
    unsigned n[4];        /* positions walked in dims 1..4 (1..256; 1 beyond the rank) */
    unsigned e[4];        /* element strides of dims 1..4 (1..8) */
    int32_t coords[5];    /* tensorCoords (dims beyond the rank are ignored) */
    uint32_t soff;        /* pre-swizzle shared offset of row 0 (24 bits) */
    uint32_t pitch;       /* shared bytes between rows (14 bits) */
    bool ext_rows;        /* rows come from the outside generator (general build only) */
} tce_roww_cmd;

/* The walk's outputs during one cycle. */
typedef struct {
    bool valid;     /* row_valid */
    uint64_t g;     /* row_g */
    uint32_t sbase; /* row_sbase */
    bool inb;       /* row_inb */
    bool last;      /* last_row */
    bool step;      /* row_step: the generator moves on after this cycle */
} tce_roww_out;

typedef struct tce_roww tce_roww;

/* A new walk of the given build, reset. NULL if out of memory. */
tce_roww *tce_roww_create(tce_roww_build build);
void tce_roww_destroy(tce_roww *u);

/* One cycle with `start` high: the walk latches cmd. */
void tce_roww_start(tce_roww *u, const tce_roww_cmd *cmd);

/* One cycle: the generator's current row (ext_x: coordinates of dims 1..4, 40-bit signed;
 * ext_last), and whether the user takes the presented row (next). *out: the outputs as
 * they stood during the cycle, before the clock edge. */
void tce_roww_cycle(tce_roww *u, const int64_t ext_x[4], bool ext_last, bool next,
                    tce_roww_out *out);

#ifdef __cplusplus
}
#endif

#endif
