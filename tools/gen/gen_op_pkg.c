/* Writes rtl/generated/tce_op_pkg.sv, the engine's operation vocabulary, from the C enums
 * that define it: tce_op_kind, tce_space, tce_mode, tce_completion (csim/op.h), tce_status
 * (csim/tce_types.h), the shared-memory request kinds (bridge/tce_smem_model.h) and the
 * port owners (bridge/tce_port_owner.h). Software writes the C values into command words
 * and reads them back from ERR_CODE, so the RTL must never restate them by hand. The CTest
 * op-pkg-up-to-date reruns this and fails while the committed file differs.
 *
 * Usage: gen_op_pkg [OUTPUT]   (no OUTPUT: standard output) */
#include <stdio.h>
#include <string.h>

#include "csim.h"
#include "driver/tce_regmap.h"
#include "tce_port_owner.h"
#include "tce_smem_model.h"
#include "gen_main.h"

typedef struct {
    const char *name; /* the SystemVerilog name */
    unsigned value;   /* the C constant */
} item;

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const item op_kinds[] = {
    {"OP_BULK_COPY", TCE_OP_BULK_COPY},
    {"OP_BULK_REDUCE", TCE_OP_BULK_REDUCE},
    {"OP_BULK_PREFETCH", TCE_OP_BULK_PREFETCH},
    {"OP_TENSOR_LOAD", TCE_OP_TENSOR_LOAD},
    {"OP_TENSOR_STORE", TCE_OP_TENSOR_STORE},
    {"OP_TENSOR_REDUCE", TCE_OP_TENSOR_REDUCE},
    {"OP_TENSOR_PREFETCH", TCE_OP_TENSOR_PREFETCH},
    {"OP_RED", TCE_OP_RED},
    {"OP_MULTIMEM_COPY", TCE_OP_MULTIMEM_COPY},
};
_Static_assert(N(op_kinds) == TCE_OP_KIND_COUNT, "every tce_op_kind has a name here");

static const item spaces[] = {
    {"SPACE_GLOBAL", TCE_SPACE_GLOBAL},
    {"SPACE_SHARED_CTA", TCE_SPACE_SHARED_CTA},
    {"SPACE_SHARED_CLUSTER", TCE_SPACE_SHARED_CLUSTER},
};

static const item modes[] = {
    {"MODE_TILE", TCE_MODE_TILE},
    {"MODE_IM2COL", TCE_MODE_IM2COL},
    {"MODE_IM2COL_W", TCE_MODE_IM2COL_W},
    {"MODE_IM2COL_W128", TCE_MODE_IM2COL_W128},
    {"MODE_GATHER4", TCE_MODE_GATHER4},
    {"MODE_SCATTER4", TCE_MODE_SCATTER4},
    {"MODE_IM2COL_NO_OFFS", TCE_MODE_IM2COL_NO_OFFS},
};

static const item completions[] = {
    {"DONE_NONE", TCE_DONE_NONE},
    {"DONE_MBARRIER", TCE_DONE_MBARRIER},
    {"DONE_BULK_GROUP", TCE_DONE_BULK_GROUP},
};

static const item statuses[] = {
    {"ST_OK", TCE_OK},
    {"ST_ILLEGAL_INSTR", TCE_ERR_ILLEGAL_INSTR},
    {"ST_MISALIGNED", TCE_ERR_MISALIGNED},
    {"ST_BAD_DESCRIPTOR", TCE_ERR_BAD_DESCRIPTOR},
    {"ST_UNDEFINED", TCE_ERR_UNDEFINED},
    {"ST_GLOBAL_BUS", TCE_ERR_GLOBAL_BUS},
    {"ST_SHARED_RANGE", TCE_ERR_SHARED_RANGE},
    {"ST_UNSUPPORTED", TCE_ERR_UNSUPPORTED},
    {"ST_INVALID_VALUE", TCE_ERR_INVALID_VALUE},
};
_Static_assert(N(statuses) == TCE_ERR_COUNT, "every tce_status has a name here");

static const item smem_kinds[] = {
    {"SM_READ", TCE_SMEM_READ},
    {"SM_WRITE", TCE_SMEM_WRITE},
};

static const item rd_owners[] = {
    {"RD_OWNER_G2S", TCE_RD_OWNER_G2S},
    {"RD_OWNER_DESC", TCE_RD_OWNER_DESC},
    {"RD_OWNER_TILE_LOAD", TCE_RD_OWNER_TILE_LOAD},
    {"RD_OWNER_RMW", TCE_RD_OWNER_RMW},
};
_Static_assert(N(rd_owners) == TCE_RD_OWNER_COUNT, "every tce_rd_owner has a name here");

static const item wr_owners[] = {
    {"WR_OWNER_FROM_SMEM", TCE_WR_OWNER_FROM_SMEM},
    {"WR_OWNER_TILE_STORE", TCE_WR_OWNER_TILE_STORE},
    {"WR_OWNER_RED", TCE_WR_OWNER_RED},
};
_Static_assert(N(wr_owners) == TCE_WR_OWNER_COUNT, "every tce_wr_owner has a name here");

static const item sm_owners[] = {
    {"SM_OWNER_G2S", TCE_SM_OWNER_G2S},
    {"SM_OWNER_FROM_SMEM", TCE_SM_OWNER_FROM_SMEM},
    {"SM_OWNER_COMPLETE_TX", TCE_SM_OWNER_COMPLETE_TX},
    {"SM_OWNER_TILE_LOAD", TCE_SM_OWNER_TILE_LOAD},
    {"SM_OWNER_TILE_STORE", TCE_SM_OWNER_TILE_STORE},
    {"SM_OWNER_RED", TCE_SM_OWNER_RED},
};
_Static_assert(N(sm_owners) == TCE_SM_OWNER_COUNT, "every tce_sm_owner has a name here");

/* Bits that hold every value below `count`. */
static unsigned bits_for(unsigned count)
{
    unsigned w = 1;
    while ((1u << w) < count)
        w++;
    return w;
}

/* One group: a comment line, then WIDTH'dVALUE per name. -1 when a value does not fit. */
static int group(FILE *f, const char *what, unsigned width, const item *it, size_t n)
{
    fprintf(f, "\n  // %s\n", what);
    size_t pad = 0;
    for (size_t i = 0; i < n; i++)
        if (strlen(it[i].name) > pad)
            pad = strlen(it[i].name);
    for (size_t i = 0; i < n; i++) {
        if (it[i].value >> width) {
            fprintf(stderr, "gen_op_pkg: %s = %u does not fit %u bits\n", it[i].name,
                    it[i].value, width);
            return -1;
        }
        fprintf(f, "  localparam logic [%u:0] %-*s = %u'd%u;\n", width - 1, (int)pad, it[i].name,
                width, it[i].value);
    }
    return 0;
}

static int emit(FILE *f)
{
    /* Every mode the golden model names must have a constant (tce_mode has no count). */
    for (unsigned m = 0; strcmp(tce_mode_name((tce_mode)m), "?"); m++)
        if (m >= N(modes) || modes[m].value != m) {
            fprintf(stderr, "gen_op_pkg: tce_mode %u (%s) has no constant here\n", m,
                    tce_mode_name((tce_mode)m));
            return -1;
        }
    unsigned rd_w = bits_for(TCE_RD_OWNER_COUNT), wr_w = bits_for(TCE_WR_OWNER_COUNT),
             sm_w = bits_for(TCE_SM_OWNER_COUNT);
    fputs("// GENERATED by tools/gen/gen_op_pkg.c from the C enums (csim/op.h, csim/tce_types.h,\n"
          "// bridge/tce_smem_model.h, bridge/tce_port_owner.h). Do not edit: edit the enums and\n"
          "// rebuild the target op-pkg (the CTest op-pkg-up-to-date fails while this file is\n"
          "// stale).\n"
          "//\n"
          "// The engine's operation vocabulary: software writes these values into command words\n"
          "// and reads them back from ERR_CODE. The port owners say which unit the executor\n"
          "// gives each shared port. Names not used by a build of the engine stay here so the\n"
          "// package reads as the whole list, hence the waiver.\n"
          "// verilator lint_off UNUSEDPARAM\n"
          "package tce_op_pkg;\n",
          f);
    int rc = 0;
    rc |= group(f, "tce_op_kind (command OPCODE)", tce_cmd_fields[TCE_CMDF_OPCODE].width, op_kinds,
                N(op_kinds));
    rc |= group(f, "tce_space (command DST_SPACE / SRC_SPACE)",
                tce_cmd_fields[TCE_CMDF_DST_SPACE].width, spaces, N(spaces));
    rc |= group(f, "tce_mode (command MODE)", tce_cmd_fields[TCE_CMDF_MODE].width, modes,
                N(modes));
    rc |= group(f, "tce_completion (command COMPLETION)", tce_cmd_fields[TCE_CMDF_COMPLETION].width,
                completions, N(completions));
    rc |= group(f, "tce_status (the codes ERR_CODE.CODE reports)", TCE_REG_ERR_CODE_CODE_WIDTH,
                statuses, N(statuses));
    rc |= group(f, "Shared-memory port request kinds (sm_req_kind; complete-tx has the mbarrier "
                   "port)", 2, smem_kinds, N(smem_kinds));
    fprintf(f, "\n  // Port owners (tce_cmd_exec's rd_owner, wr_owner, sm_owner)\n"
               "  localparam int RD_OWNER_W = %u;\n  localparam int WR_OWNER_W = %u;\n"
               "  localparam int SM_OWNER_W = %u;\n",
            rd_w, wr_w, sm_w);
    rc |= group(f, "tce_rd_owner: the AXI4 read channel", rd_w, rd_owners, N(rd_owners));
    rc |= group(f, "tce_wr_owner: the AXI4 write channels", wr_w, wr_owners, N(wr_owners));
    rc |= group(f, "tce_sm_owner: the shared-memory data port", sm_w, sm_owners, N(sm_owners));
    fputs("\nendpackage\n// verilator lint_on UNUSEDPARAM\n", f);
    return rc;
}

int main(int argc, char **argv)
{
    return gen_main(argc, argv, emit);
}
