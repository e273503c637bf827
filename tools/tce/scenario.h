/* `tce run` scenarios: a hand-written text file that sets up global tensors, tensor maps
 * and a cluster's shared memories, issues PTX instructions with register values, and
 * checks the result. Each engine instruction goes through the firmware driver to the
 * chosen backend (the register-level engine model, or the Verilated RTL), and the same
 * instruction runs on a second copy of the memories directly on the golden model; at the
 * end both copies must agree byte for byte. The format is documented in docs/scenario.md.
 *
 * Every error in a scenario is reported as FILE:LINE: cause. */
#ifndef SCENARIO_H
#define SCENARIO_H

#include <stdio.h>

#include "../../csim/csim.h"
#include "../../firmware/ptx/ptx_decode.h"
#include "engine_backend.h"
#include "regmodel_engine.h"

#define SCEN_MAX_NAMES 32
#define SCEN_MAX_REGS 96

/* The engine behind the driver. */
typedef enum {
    SCEN_BACKEND_CSIM, /* the register-level model over the golden model ("regmodel") */
    SCEN_BACKEND_RTL,  /* the Verilated RTL through the bridge */
    SCEN_BACKEND_SYSTEMC, /* the same RTL inside the SystemC TLM model (bridge/systemc/) */
} scen_backend;

/* The bridge's shared memory per CTA (tce_sim_params.smem_bytes, the same in the SystemC
 * model): it takes only a buffer at least this long, so on rtl and systemc the engine's copy
 * of each shared memory has this size; the bytes past the scenario's `smem` size must stay
 * untouched (scenario_check.c). */
#define SCEN_RTL_SMEM_BYTES TCE_ENGINE_SMEM_BYTES

/* Exit status of a scenario whose engine answered TCE_ERR_UNSUPPORTED: never a pass. */
#define SCEN_RC_UNSUPPORTED 3
/* Exit status of a scenario that ran but has no `expect` check: never a pass either. */
#define SCEN_RC_NO_CHECKS 2

/* expect error without a FIELD: any field (not a tce_cmd_field_id nor FIELD_NONE). */
#define SCEN_ANY_FIELD 0x100u

typedef struct {
    char name[32];
    uint64_t addr, size;
    bool is_tmap;
} scen_name;

typedef struct {
    char name[PTX_NAME_MAX];
    uint64_t value;
} scen_reg;

/* A place in memory: global address, or (cta, offset) in shared memory. */
typedef struct {
    bool shared;
    unsigned cta;
    uint64_t addr; /* global address or shared offset */
} scen_loc;

/* A copy's bytes in shared memory: from off in each CTA of the mask, its mbarrier there
 * (its complete-tx), and its line */
typedef struct {
    uint32_t ctas, off, bytes, mbar;
    long line;
} scen_write;
#define SCEN_MAX_WRITES 64

/* An mbarrier that copies since the last drain complete on, as it would stand had they all
 * landed only at the drain (the late order; the golden model applies a copy's complete-tx
 * at issue, the early one): a thread's operation whose outcome differs between the two
 * races those copies, however far the engine has got. */
typedef struct {
    unsigned cta;
    uint32_t off;
    uint64_t obj; /* the mbarrier word without those copies' complete-tx */
    long line;    /* the first such copy */
} scen_late_mbar;
#define SCEN_MAX_LATE 64

typedef struct {
    const char *file;
    long line;
    FILE *out;            /* progress and the report */
    bool verbose;
    bool driver_maps;     /* tmap lines without format= write the CUDA driver's bytes */

    /* setup */
    unsigned ncta;
    uint32_t smem_size;
    ptx_target target;
    bool mem_ready;       /* memories allocated: cluster/smem can no longer change */
    tce_memsys eng, ref;  /* the engine's memories and the golden model's copy */
    unsigned nnames;
    scen_name names[SCEN_MAX_NAMES];

    /* execution */
    scen_backend backend;
    bool engine_ready;
    tce_backend *be;      /* attached to eng while engine_ready */
    tce_drv drv;
    unsigned tx_applied;  /* be->tx() entries already applied to eng's mbarriers */
    tce_drv_stats stats_before; /* driver statistics of earlier attachments */
    long seq_line[256];   /* scenario line of each in-flight command, by seq & 255 */
    /* shared memory that copies since the last drain may still be writing (the golden
     * model wrote it at once): a thread's mbarrier operation there would race them */
    unsigned nwrites;
    scen_write writes[SCEN_MAX_WRITES];
    unsigned nlate;
    scen_late_mbar late[SCEN_MAX_LATE];
    bool unsupported;     /* the backend does not implement an instruction (err says which) */
    unsigned cta;         /* the issuing CTA of following instructions */
    ptx_regs regdecl;
    unsigned nregs;
    scen_reg regs[SCEN_MAX_REGS];
    bool expect_fail;     /* the next engine instruction must fail with expect_status */
    tce_status expect_status;
    unsigned expect_field; /* ERR_INFO.FIELD it must name, or SCEN_ANY_FIELD */
    long expect_line;

    /* counts for the report */
    unsigned ptx_lines, engine_ops, checks, failed_checks;
    char err[512];        /* the cause of the first error, without FILE:LINE */
} scenario;

/* Run scenario text; `file` names it in messages. Returns 0 pass, 1 a check or the
 * memory comparison failed, 2 the scenario itself is wrong (message on stderr). */
int scenario_run_text(const char *file, const char *text, FILE *out, bool verbose);
int scenario_run_file(const char *path, FILE *out, bool verbose);
/* The same on a chosen backend; SCEN_RC_UNSUPPORTED when the backend does not implement
 * an instruction of the scenario. */
int scenario_run_text_on(scen_backend be, const char *file, const char *text, FILE *out,
                         bool verbose);
int scenario_run_file_on(scen_backend be, const char *path, FILE *out, bool verbose);
const char *scen_backend_name(scen_backend be);
/* Make every later scenario's tmap lines without format= write the CUDA driver's own map
 * (`tce run --driver-maps`). */
void scenario_set_driver_maps(bool on);
/* Whether the backend is the Verilated RTL (rtl, or systemc around it). */
bool scen_backend_is_rtl(scen_backend be);

/* The built-in scenario `tce run` runs without a file (scenario_default.c). */
extern const char scenario_default_text[];

/* Pieces, one file each. Every function returns false with s->err set on error. */
bool scen_fail(scenario *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* scenario_setup.c: directives before the first instruction, values and places. */
bool scen_setup_line(scenario *s, const char *kw, char *rest, bool *handled);
bool scen_ensure_memory(scenario *s);
bool scen_value(scenario *s, const char *text, uint64_t *out);
bool scen_loc_parse(scenario *s, const char *text, scen_loc *out);
uint8_t *scen_loc_bytes(scenario *s, tce_memsys *ms, const scen_loc *l, uint64_t len);
bool scen_fill_bytes(scenario *s, const char *spec, uint8_t *buf, size_t n);
/* scenario_exec.c: PTX instructions and register values. */
bool scen_exec_reg(scenario *s, char *rest);
bool scen_exec_ptx(scenario *s, const char *text);
bool scen_drain(scenario *s);
void scen_engine_stop(scenario *s);
bool scen_reg_get(scenario *s, const char *name, uint64_t *out);
/* scenario_check.c: expectations and the final comparison. */
bool scen_check_line(scenario *s, char *rest);
bool scen_compare_memories(scenario *s);

#endif
