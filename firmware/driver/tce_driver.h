/* Firmware driver for the copy engine: programs it through the register map of
 * firmware/regmap.def over a minimal bus, so the same code runs against the
 * register-level model, the Verilated RTL (bridge) and real MMIO on a soft CPU.
 * Freestanding: no allocation, no stdio; every wait is a bounded poll. */
#ifndef TCE_DRIVER_H
#define TCE_DRIVER_H

#include "op.h"
#include "tce_cmd.h"
#include "tce_regmap.h"
#include "tce_tmreplace.h"

/* 32-bit register access at a byte offset of the engine's AXI4-Lite window. */
typedef struct {
    uint32_t (*rd32)(void *ctx, uint32_t off);
    void (*wr32)(void *ctx, uint32_t off, uint32_t v);
    void *ctx;
} tce_bus;

/* Global-memory access for the driver's own reads and writes (tensormap_replace);
 * each returns false when the range is not memory. */
typedef struct {
    bool (*read)(void *ctx, uint64_t addr, void *buf, uint32_t len);
    bool (*write)(void *ctx, uint64_t addr, const void *buf, uint32_t len);
    void *ctx;
} tce_gmem_port;

typedef enum {
    TCE_DRV_OK = 0,
    TCE_DRV_TIMEOUT = 1,      /* a bounded poll ran out; drv->why says what it waited for */
    TCE_DRV_ENGINE_ERROR = 2, /* the engine holds an error: read it with tce_drv_error */
    TCE_DRV_BAD_ARG = 3,      /* an argument cannot be expressed; drv->why names it */
    TCE_DRV_NO_ENGINE = 4,    /* ID or major version is not this driver's engine */
    TCE_DRV_REJECTED = 5      /* the engine dropped a doorbell (overflow, bad length) */
} tce_drv_rc;

/* Driver-format tensor maps (the CUDA driver's CUtensorMap, csim/cumap.h): the engine
 * fetches tce descriptors only, so the driver converts each driver map a tensor command
 * names into a tce descriptor in a shadow area of global memory the engine can read, and
 * hands the engine that address instead (docs/driver_maps.md). */
#define TCE_DRV_SHADOW_SLOTS 16u
#define TCE_DRV_SHADOW_BYTES (TCE_DRV_SHADOW_SLOTS * TCE_DESC_BYTES)

typedef struct tce_drv tce_drv;

typedef struct {
    tce_gmem_port mem;
    uint64_t base;                      /* shadow area, 64-byte aligned */
    /* tce_drv_map_for_engine once tce_drv_map_shadow ran, else NULL: a program that never
     * converts does not link the converter (the soft CPU's RAM is small). */
    tce_drv_rc (*convert)(tce_drv *d, uint64_t *tmap);
    uint64_t src[TCE_DRV_SHADOW_SLOTS]; /* the map address each slot was made from */
    bool used[TCE_DRV_SHADOW_SLOTS];
    unsigned next;                      /* slot to take next when none holds the map */
} tce_drv_maps;

struct tce_drv {
    tce_bus bus;
    uint32_t poll_limit;     /* register polls one wait may spend before TIMEOUT */
    uint32_t ncta, queue_depth, cmd_words, data_bytes; /* from CAPS */
    uint32_t last_seq;       /* sequence number of the last accepted command */
    char why[128];           /* cause of the last rc other than OK */
    tce_status detail;       /* tensormap_replace: the tce_status behind a BAD_ARG */
    tce_drv_maps maps;       /* driver-format map conversion (tce_drv_map_shadow) */
};

/* The engine's first pending error, decoded from ERR_CODE / ERR_INFO. */
typedef struct {
    tce_status status;       /* TCE_OK when only OVERFLOW/BADLEN is set, or nothing */
    bool overflow, badlen;
    uint32_t seq16;          /* low 16 bits of the failing command's sequence number */
    unsigned field;          /* tce_cmd_field_id, or TCE_RM_FIELD_NONE */
    unsigned cta;
    tce_op_kind kind;
} tce_drv_error_info;

typedef struct {
    uint64_t cycles, bytes_read, bytes_written;
    uint32_t cmds_ok, cmds_err;
} tce_drv_stats;

const char *tce_drv_rc_name(tce_drv_rc rc);

/* Check the engine's identity, read CAPS, soft-reset and enable it. */
tce_drv_rc tce_drv_init(tce_drv *d, tce_bus bus, uint32_t poll_limit);
/* Drop queued commands, clear errors, groups and statistics; leaves the engine enabled. */
tce_drv_rc tce_drv_reset(tce_drv *d);
/* Hold (false) or run (true) the queue; doorbells are accepted either way. */
void tce_drv_enable(tce_drv *d, bool on);

/* One global window of the memory the engine may use (regmap.def GWIN_*). */
typedef struct {
    uint64_t base, size;
} tce_drv_window;

/* Describe what memory exists, as the golden model's tce_memsys does: `ncta` CTAs of
 * `smem_bytes` shared memory each and the global windows w[0..n) (n 0: no table, the bus
 * alone answers). The engine then refuses an operation outside them before it moves
 * anything. BAD_ARG (why names it) when ncta exceeds CAPS.NCTA, n exceeds the GWIN
 * registers, or a window is empty or wraps past 2^64. Call while the engine is idle. */
tce_drv_rc tce_drv_set_memory(tce_drv *d, unsigned ncta, uint32_t smem_bytes,
                              const tce_drv_window *w, unsigned n);

/* Turn on driver-format map conversion: tensor commands whose map is not a tce descriptor
 * get a converted copy in [base, base + TCE_DRV_SHADOW_BYTES), read and written through
 * mem. tce_drv_init turns it off. */
void tce_drv_map_shadow(tce_drv *d, const tce_gmem_port *mem, uint64_t base);
/* The address the engine should fetch for the map at *tmap: unchanged for a tce
 * descriptor, a misaligned address or unreadable memory (the engine reports those
 * itself); otherwise a shadow slot holding the converted map, or holding an image the
 * engine rejects as a bad descriptor when the driver map does not decode (the golden
 * model names the cause). May wait for the engine to go idle before reusing a slot. */
tce_drv_rc tce_drv_map_for_engine(tce_drv *d, uint64_t *tmap);

/* Pack op and push it, waiting (bounded) for a free queue slot. *seq receives the
 * command's sequence number for tce_drv_wait. */
tce_drv_rc tce_drv_submit(tce_drv *d, const tce_op *op, uint32_t *seq);
/* Whether command seq has retired (*done), without waiting. */
tce_drv_rc tce_drv_poll(tce_drv *d, uint32_t seq, bool *done);
tce_drv_rc tce_drv_wait(tce_drv *d, uint32_t seq);
tce_drv_rc tce_drv_wait_idle(tce_drv *d);

/* Read the pending error (info->status == TCE_OK and no flags when none) and clear it,
 * which lets the queue resume. */
tce_drv_rc tce_drv_error(tce_drv *d, tce_drv_error_info *info);
tce_drv_rc tce_drv_clear_error(tce_drv *d);

/* cp.async.bulk.commit_group / wait_group{.read} N for the thread of CTA `cta`. */
tce_drv_rc tce_drv_commit_group(tce_drv *d, unsigned cta);
tce_drv_rc tce_drv_wait_group(tce_drv *d, unsigned cta, unsigned n, bool read_only);

/* Interrupts: enable the line, read and acknowledge (W1C) causes. */
void tce_drv_irq_enable(tce_drv *d, bool on);
uint32_t tce_drv_irq_status(tce_drv *d);
void tce_drv_irq_ack(tce_drv *d, uint32_t bits);

tce_drv_rc tce_drv_stats_read(tce_drv *d, tce_drv_stats *s);

/* fence.proxy.tensormap: after software changed a tensor map in global memory, the engine
 * must forget the copies it keeps (CTRL.DESC_INVAL) before a command uses that map. */
void tce_drv_tensormap_fence(tce_drv *d);

/* tensormap.replace on the descriptor at global address `addr`, then tell the engine to
 * forget cached descriptors (the fence.proxy.tensormap step). */
tce_drv_rc tce_drv_tensormap_replace(tce_drv *d, const tce_gmem_port *mem, uint64_t addr,
                                     tce_tmr_field field, unsigned ord, uint64_t new_val);

#endif
