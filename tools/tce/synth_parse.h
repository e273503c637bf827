/* Reading numbers out of a Yosys log: the per-module `stat` blocks, the design-hierarchy
 * block, `ltp` path lengths and latch reports. `tce synth` builds docs/synthesis.md from
 * what this finds, so every number in that file comes from a Yosys run, never by hand.
 *
 * Cell counts are kept per cell type; the helpers below group them into the columns of
 * the report (LUTs, FFs, block RAM, DSP) for the Xilinx 7-series cell library and for the
 * generic gate library of `synth`. */
#ifndef TCE_SYNTH_PARSE_H
#define TCE_SYNTH_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#define SYN_MAX_TYPES 64
#define SYN_MAX_MODULES 48
#define SYN_NAME_MAX 160

typedef struct {
    char type[48];
    long count;
} syn_cell_count;

/* The cells of one module (or of the whole hierarchy), by type. */
typedef struct {
    char name[SYN_NAME_MAX];
    long instances;   /* how often the design holds it: summed down the hierarchy tree (1 for the top) */
    long cells;       /* "Number of cells" */
    syn_cell_count by_type[SYN_MAX_TYPES];
    size_t ntypes;
} syn_module;

typedef struct {
    syn_module modules[SYN_MAX_MODULES]; /* the last `stat`'s per-module blocks */
    size_t nmodules;
    syn_module total;       /* the last "design hierarchy" block's totals (or the one module) */
    bool have_total;
    long ltp_length;        /* the last "Longest topological path ... (length=N)", -1 if none */
    bool latch;             /* a latch was inferred or a latch cell is in the netlist */
    char latch_line[200];   /* the first line that says so */
    bool error;             /* the log has an ERROR line */
    char error_line[200];
    long cpu_user_s;        /* "End of script. ... CPU: user N.NNs": whole seconds, -1 if none */
    /* `sta` (cell delays of the specify blocks of the cell library read with -specify):
     * the latest arrival in ps, -1 if none, and the nets its path starts from (the first
     * clocked cell's output) and ends at (the endpoint cell's input). */
    long sta_ps;
    char sta_start[SYN_NAME_MAX];
    char sta_end[SYN_NAME_MAX];
} syn_log;

/* Parse a Yosys log (text of `yosys -l`). Returns false only when `text` is NULL. */
bool syn_parse_log(const char *text, syn_log *out);

/* Count of one cell type in m (0 when absent). */
long syn_count(const syn_module *m, const char *type);
/* Sum of counts of the types whose name starts with prefix. */
long syn_count_prefix(const syn_module *m, const char *prefix);

/* The module's name without Yosys's "$paramod$<hash>\" or "$paramod\" decoration. */
const char *syn_base_name(const char *name);

/* Sum over the parsed modules (each times its instance count) of those whose base name
 * does (want_prefix = true) or does not (false) start with prefix, leaving out the module
 * named `skip` (by base name; may be NULL). */
void syn_sum_modules(const syn_log *log, const char *prefix, bool want_prefix, const char *skip,
                     syn_module *out);

/* Xilinx 7-series groupings. */
typedef struct {
    long lut;     /* LUT1..LUT6 */
    long lutram;  /* LUTs used as memory: RAM32M/RAM64M/RAM128X1D/RAM256X1S are 4 LUTs
                     each, RAM32X1D/RAM64X1D/RAM128X1S 2, RAM32X1S/RAM64X1S 1 */
    long srl;     /* SRL16E, SRLC32E: LUTs used as shift registers (1 each) */
    long ff;      /* FDRE, FDSE, FDCE, FDPE */
    long ramb36, ramb18;
    long dsp;     /* DSP48E1 */
    long carry4;
    long muxf;    /* MUXF7 + MUXF8 */
} syn_xc7;
syn_xc7 syn_xc7_group(const syn_module *m);

/* Generic-gate groupings (`synth` without a target). */
typedef struct {
    long cells;
    long ff;      /* $_DFF*, $_SDFF*, $_DFFE*, $_SDFFE*, $_SDFFCE*, $_ALDFF*, $_DFFSR* */
} syn_generic;
syn_generic syn_generic_group(const syn_module *m);

#endif
