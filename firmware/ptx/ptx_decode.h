/* PTX decoder for the copy-engine instruction family.
 *
 * Turns one line of PTX text into a ptx_insn: the instruction kind, the engine operation
 * fields the instruction text determines (tce_op), and its operands as written, so that a
 * scenario runner can resolve register values later. A line that ptxas (CUDA 13.0,
 * .version 9.0) would reject is rejected with a ptx_error: column, a cause category that
 * matches ptxas's diagnostic, and a message naming the offending field.
 *
 * Freestanding core: no malloc, no stdio; only <stdint.h>/<stddef.h>/<stdbool.h>, so the
 * same code can run on a soft CPU next to the engine. See docs/ptx.md. */
#ifndef PTX_DECODE_H
#define PTX_DECODE_H

#include "op.h"
#include "tce_types.h"

/* The longest form takes 6 operands (a tensor copy with im2col offsets, CTA mask and cache
 * policy); 8 leaves room to judge one too many, and keeps ptx_insn small for a soft CPU. */
#define PTX_MAX_OPERANDS 8
#define PTX_MAX_VEC 8
#define PTX_NAME_MAX 24
#define PTX_MSG_MAX 160
#define PTX_MAX_REGSETS 32

/* A compilation target: sm_<num><suffix>, suffix 'a' (arch-specific), 'f' (family) or 0. */
typedef struct {
    unsigned sm;   /* 90, 100, 103, 110, 120, ... */
    char suffix;   /* 'a', 'f' or 0 */
} ptx_target;

/* Cause categories of a rejection. Each matches one family of ptxas diagnostics (see
 * ptx_cause_of_ptxas_message); docs/ptx.md lists the mapping. */
typedef enum {
    PTX_CAUSE_NONE = 0,
    PTX_CAUSE_SYNTAX,           /* "Parsing error near ..." */
    PTX_CAUSE_UNDECLARED,       /* register not declared: "Illegal expression", "Illegal operand type" */
    PTX_CAUSE_UNKNOWN_MODIFIER, /* a word ptxas does not know at all */
    PTX_CAUSE_ILLEGAL_MODIFIER, /* a known modifier this instruction (variant) does not take */
    PTX_CAUSE_UNEXPECTED_TYPE,  /* a type suffix the instruction does not take */
    PTX_CAUSE_COMBINATION,      /* two modifiers that exclude each other */
    PTX_CAUSE_REPEATED,         /* the same modifier class given twice */
    PTX_CAUSE_MISSING_MODIFIER, /* a required modifier (dim, completion, level, noftz, ...) absent */
    PTX_CAUSE_SPACE_MISSING,    /* no state space where one is required */
    PTX_CAUSE_SPACE_MULTIPLE,   /* more state spaces than the instruction has slots */
    PTX_CAUSE_SPACE_COUNT,      /* single-space instruction given several */
    PTX_CAUSE_SPACE_INCORRECT,  /* a state space (or direction) the instruction does not take */
    PTX_CAUSE_TARGET,           /* feature or instruction needs another .target */
    PTX_CAUSE_OPERATION,        /* reduction operation missing or illegal */
    PTX_CAUSE_TYPE,             /* operation/type pair not in the table */
    PTX_CAUSE_VECTOR,           /* vector qualifier not allowed / required / wrong size */
    PTX_CAUSE_OPERANDS,         /* operand count, kind or register width wrong */
    PTX_CAUSE_RANGE,            /* immediate out of its range */
    PTX_CAUSE_UNSUPPORTED,      /* not an instruction this decoder knows */
    PTX_CAUSE_COUNT
} ptx_cause;

typedef enum {
    PTX_OK = 0,
    PTX_ERROR = 1,  /* the line is invalid PTX for the target; see ptx_error */
    PTX_EMPTY = 2   /* blank line, comment, directive or label only: nothing to decode */
} ptx_status;

typedef struct {
    ptx_cause cause;
    unsigned col;           /* 1-based column of the offending text */
    char msg[PTX_MSG_MAX];  /* names the offending field, in our own words */
} ptx_error;

/* Register classes, by declared type. */
typedef enum {
    PTX_RC_NONE = 0,
    PTX_RC_PRED,
    PTX_RC_B16,
    PTX_RC_B32,
    PTX_RC_B64,
    PTX_RC_F32,
    PTX_RC_F64,
    PTX_RC_B8,    /* .b8/.u8/.s8: fits no slot of the family */
    PTX_RC_B128,  /* .b128 */
    PTX_RC_VEC    /* `.reg .v2 .b32 ...`: a vector register, never a scalar operand */
} ptx_regclass;

/* One `.reg .type %prefix<N>;` (or a single `%name`) declaration. */
typedef struct {
    char prefix[PTX_NAME_MAX];
    unsigned count;        /* 0: a single register named exactly prefix */
    ptx_regclass rc;
} ptx_regset;

/* The registers in scope. ptx_regs_default() gives the corpus kernel's declarations. */
typedef struct {
    unsigned n;
    ptx_regset set[PTX_MAX_REGSETS];
} ptx_regs;

typedef enum {
    PTX_OPD_REG = 0,  /* %r1 */
    PTX_OPD_IMM,      /* 42, 0x10, -1 */
    PTX_OPD_SYM,      /* a name (label, variable) */
    PTX_OPD_ADDR,     /* [base], [base+off], [imm] */
    PTX_OPD_TMAP,     /* [tmap, {c0, ...}] */
    PTX_OPD_VEC       /* {a, b, ...} */
} ptx_opd_kind;

/* One scalar element: a register or an immediate. */
typedef struct {
    bool is_reg;
    char name[PTX_NAME_MAX];   /* register (with %) or symbol */
    ptx_regclass rc;           /* register class, resolved from ptx_regs */
    int64_t imm;
    bool is_float;             /* a floating-point literal (imm is then 0) */
    unsigned col;
} ptx_scalar;

typedef struct {
    ptx_opd_kind kind;
    unsigned col;
    ptx_scalar base;           /* REG/IMM/SYM; ADDR/TMAP base */
    int64_t offset;            /* ADDR: +imm */
    unsigned nvec;             /* VEC/TMAP: element count */
    ptx_scalar vec[PTX_MAX_VEC];
} ptx_operand;

/* What an accepted line is. */
typedef enum {
    PTX_I_NONE = 0,
    PTX_I_CP_ASYNC_BULK,
    PTX_I_CP_REDUCE_ASYNC_BULK,
    PTX_I_CP_ASYNC_BULK_PREFETCH,
    PTX_I_CP_ASYNC_BULK_TENSOR,
    PTX_I_CP_REDUCE_ASYNC_BULK_TENSOR,
    PTX_I_CP_ASYNC_BULK_PREFETCH_TENSOR,
    PTX_I_COMMIT_GROUP,
    PTX_I_WAIT_GROUP,
    PTX_I_TENSORMAP_REPLACE,
    PTX_I_MULTIMEM_CP_ASYNC_BULK,
    PTX_I_MULTIMEM_CP_REDUCE_ASYNC_BULK,
    PTX_I_RED,
    PTX_I_MBARRIER_INIT,
    PTX_I_MBARRIER_ARRIVE,
    PTX_I_MBARRIER_ARRIVE_EXPECT_TX,
    PTX_I_MBARRIER_TRY_WAIT,
    PTX_I_MBARRIER_TEST_WAIT,
    PTX_I_FENCE_PROXY_ASYNC,
    PTX_I_MBARRIER_EXPECT_TX,
    PTX_I_MBARRIER_COMPLETE_TX,
    PTX_I_MBARRIER_ARRIVE_DROP,
    PTX_I_MBARRIER_ARRIVE_DROP_EXPECT_TX,
    PTX_I_MBARRIER_PENDING_COUNT,
    PTX_I_MBARRIER_INVAL,
    PTX_I_PREFETCH_TENSORMAP,
    PTX_I_FENCE_PROXY_TENSORMAP,
    PTX_I_FENCE_MBARRIER_INIT,
    PTX_I_MOV,
    PTX_I_ADD,
    PTX_I_REG_DECL,
    PTX_I_KIND_COUNT
} ptx_insn_kind;

/* tensormap.replace fields. */
typedef enum {
    PTX_TM_GLOBAL_ADDRESS = 0, PTX_TM_RANK, PTX_TM_BOX_DIM, PTX_TM_GLOBAL_DIM,
    PTX_TM_GLOBAL_STRIDE, PTX_TM_ELEMENT_STRIDE, PTX_TM_ELEMTYPE, PTX_TM_INTERLEAVE,
    PTX_TM_SWIZZLE_MODE, PTX_TM_SWIZZLE_ATOMICITY, PTX_TM_FILL_MODE, PTX_TM_FIELD_COUNT
} ptx_tm_field;

/* Operand roles: which operand slot holds what (index into ptx_insn.opd, -1 if absent). */
typedef struct {
    int dst, src, size, mbar, tmap, im2col, cta_mask, cache_policy, byte_mask, value;
} ptx_roles;

typedef struct {
    ptx_insn_kind kind;
    bool has_op;              /* op below is meaningful (a copy-engine operation) */
    tce_op op;                /* fields fixed by the instruction text; addresses/values 0 */
    ptx_roles role;
    /* predicate guard */
    bool has_pred;
    bool pred_negated;
    char pred[PTX_NAME_MAX];
    /* qualifiers that do not reach tce_op */
    bool cache_hint;          /* .L2::cache_hint */
    unsigned cta_group;       /* 0 (absent), 1 or 2 */
    bool read_only;           /* wait_group.read */
    bool parity;              /* mbarrier.try_wait.parity */
    bool no_complete;         /* mbarrier.arrive.noComplete: must not complete the phase */
    ptx_tm_field tm_field;    /* tensormap.replace */
    unsigned sem, scope;      /* red, mbarrier.*, fence.*: 0 = not given; ptx_sem_name / ptx_scope_name */
    unsigned space;           /* mbarrier.*, prefetch.tensormap: 0 = generic; ptx_space_name */
    unsigned type_bits;       /* mov/add/.reg type width */
    /* operands as written */
    unsigned nopd;
    ptx_operand opd[PTX_MAX_OPERANDS];
} ptx_insn;

/* Parse "sm_90a" / "sm_100f" / "sm_90". False if not a target name. */
bool ptx_target_parse(const char *s, ptx_target *out);

void ptx_regs_default(ptx_regs *regs);
/* The class of register `name` (with its '%') in regs (NULL: the corpus kernel's
 * registers); PTX_RC_NONE when not declared. */
ptx_regclass ptx_reg_class(const ptx_regs *regs, const char *name);
/* Process a `.reg` declaration line into regs (also done by ptx_decode_line_regs). */

/* Decode one line. regs may be NULL (the corpus kernel's registers). A `.reg` line
 * yields PTX_OK with kind PTX_I_REG_DECL and, when regs is given, adds to regs. */
ptx_status ptx_decode_line_regs(const char *text, ptx_target t, ptx_regs *regs, ptx_insn *out,
                                ptx_error *err);
ptx_status ptx_decode_line(const char *text, ptx_target t, ptx_insn *out, ptx_error *err);

const char *ptx_cause_name(ptx_cause c);
/* Names of ptx_insn.sem / .scope / .space ("" when not given). */
const char *ptx_sem_name(unsigned sem);
const char *ptx_scope_name(unsigned scope);
const char *ptx_space_name(unsigned space);
const char *ptx_tm_field_name(ptx_tm_field f);
const char *ptx_insn_kind_name(ptx_insn_kind k);
/* The cause category of a ptxas error message (PTX_CAUSE_NONE if empty/unrecognised). */
ptx_cause ptx_cause_of_ptxas_message(const char *msg);

#endif
