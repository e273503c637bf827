/* The golden model: executes one tce_op on a tce_memsys, byte for byte as the H100 does.
 *
 * Every entry point returns a tce_result: the status (a named error where the hardware
 * traps or the PTX text leaves the behaviour undefined; then memory is untouched), and
 * the byte count the operation's mbarrier complete-tx carries to each destination CTA. */
#ifndef TCE_CSIM_H
#define TCE_CSIM_H

#include "memsys.h"
#include "op.h"
#include "tensormap.h"
/* The command fields (ERR_INFO.FIELD) come from the one register map, firmware/regmap.def;
 * the header is freestanding and depends on nothing else of the firmware. */
#include "../firmware/driver/tce_regmap.h"

typedef struct {
    tce_status status;
    char why[160];          /* the cause in words, when status != OK */
    unsigned field;         /* the tce_cmd_field_id at fault (what ERR_INFO.FIELD reports),
                             * TCE_RM_FIELD_NONE when no single field is; set with status */
    uint32_t tx_bytes;      /* complete-tx bytes per destination mbarrier */
    uint16_t tx_ctas;       /* the CTAs whose mbarrier (at op.mbar's offset) receives them */
    uint64_t bytes_read;    /* traffic, for statistics */
    uint64_t bytes_written;
} tce_result;

/* Execute one operation (dispatches on op->kind and op->mode). The tensor map is read
 * from global memory at op->tmap_addr, as the engine does. */
tce_result tce_csim_execute(const tce_op *op, tce_memsys *ms);

/* Tile operations at real sizes (docs/tile.md, read off extreme_load/extreme_store.txt):
 * the largest globalDim a tile operation executes with (past it: illegal instruction), and
 * the bytes a load reads at globalAddress when its box starts at a negative coordinate or
 * misses the tensor (one 16-byte granule; only whether it is mapped shows). */
#define TCE_TILE_GDIM_MAX (1ull << 31)
#define TCE_TILE_ORIGIN_READ_BYTES 16u

/* The per-family entry points the dispatcher calls; `map` is already unpacked. */
tce_result tce_csim_tile(const tce_op *op, const tce_tensormap *map, tce_memsys *ms);
tce_result tce_csim_im2col(const tce_op *op, const tce_tensormap *map, tce_memsys *ms);
tce_result tce_csim_bulk(const tce_op *op, tce_memsys *ms);
tce_result tce_csim_red(const tce_op *op, tce_memsys *ms);

/* A successful result: status TCE_OK, no cause, no field, all counts zero. */
tce_result tce_ok(void);

/* A failed result: status, the command field at fault (tce_cmd_field_id or
 * TCE_RM_FIELD_NONE) and a formatted cause; returned for tail calls. */
tce_result tce_fail(tce_status st, unsigned field, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif
