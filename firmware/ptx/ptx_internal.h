/* Decoder internals shared by the ptx_*.c files: the lexed line, the modifier table,
 * and small freestanding string helpers. Not part of the public API. */
#ifndef PTX_INTERNAL_H
#define PTX_INTERNAL_H

#include "ptx_decode.h"

#define PTX_MAX_WORDS 24

/* A slice of the input line. */
typedef struct {
    const char *s;
    unsigned len;
    unsigned col; /* 1-based */
} ptx_tok;

/* Modifier classes: how ptxas groups the dot-words after an instruction name. */
typedef enum {
    MC_UNKNOWN = 0,
    MC_SPACE,
    MC_DIM,
    MC_LOADMODE,
    MC_COMPLETION,
    MC_MULTICAST,
    MC_CTAGROUP,
    MC_CACHEHINT,
    MC_LEVEL,      /* .L2 (prefetch destination level) */
    MC_NOFTZ,
    MC_READ,
    MC_CPMASK,
    MC_SEM,
    MC_SCOPE,
    MC_VEC,
    MC_REDOP,
    MC_TYPE,
    MC_TMFIELD,
    MC_ROUNDING,   /* .rn, .rz, ... */
    MC_EVICT,      /* .L1::evict_*, .L2::evict_*, .L1::no_allocate */
    MC_OTHER,      /* known to ptxas but meaningless here (.ftz, .sat, .async, ...) */
    MC_COUNT
} ptx_modclass;

/* Values for MC_SPACE. */
enum { SP_GLOBAL = 0, SP_SHARED, SP_SHARED_CTA, SP_SHARED_CLUSTER, SP_LOCAL, SP_CONST, SP_PARAM };
/* Values for MC_LOADMODE (same numbering as tce_mode where one exists). */
enum { LM_TILE = 0, LM_IM2COL = 1, LM_IM2COL_W = 2, LM_IM2COL_W128 = 3, LM_GATHER4 = 4, LM_SCATTER4 = 5,
       LM_IM2COL_NO_OFFS = 6 };
/* Values for MC_COMPLETION. */
enum { CM_MBARRIER = 0, CM_BULK_GROUP = 1 };
/* Values for MC_TYPE beyond tce_etype (0..9). */
enum { TY_F16X2 = 10, TY_BF16X2 = 11, TY_B1024 = 12, TY_B16 = 13, TY_U16 = 14, TY_S16 = 15, TY_B8 = 16,
       TY_U8 = 17, TY_S8 = 18, TY_B128 = 19, TY_PRED = 20, TY_OTHER = 21, TY_TF32 = 22 };

/* Type suffixes that ptxas reports only late on the copy instructions (the bf16 family, .tf32
 * and .b1024); every other type is "unexpected" at once. Settled with ptxas 13.0 probes. */
#define PTX_TYPES_REPORTED_LATE ((1u << TCE_ET_BF16) | (1u << TY_BF16X2) | (1u << TY_B1024) | (1u << TY_TF32))

typedef struct {
    const char *name;   /* without the leading dot */
    uint8_t mc;         /* ptx_modclass (a byte: the table lives in the soft CPU's 64 KiB) */
    int8_t val;         /* the class's value (SP_*, LM_*, tce_etype, ...); for MC_OTHER the
                         * group ptxas counts repeats in (RG_*, ptx_mods.c), 0 for none */
} ptx_moddef;

/* One modifier as written. */
typedef struct {
    ptx_tok tok;            /* the word, without its leading dot */
    const ptx_moddef *def;
} ptx_mod;

/* A line split into predicate, instruction words and operands. */
typedef struct {
    bool has_pred, pred_neg;
    ptx_tok pred;
    ptx_tok opcode;               /* whole dotted opcode */
    unsigned nwords;
    ptx_tok words[PTX_MAX_WORDS]; /* opcode split at '.', '::' kept inside */
    unsigned nopd;
    ptx_operand *opd;             /* PTX_MAX_OPERANDS slots the caller provides (ptx_insn.opd) */
    unsigned ops_col;             /* column where operands start */
    unsigned end_col;             /* column of the ';' */
    bool syntax_pending;          /* the operands hold a grammar error (in err), reported after
                                   * the opcode's words and the vectors lexed before it */
} ptx_line;

/* Modifiers after the instruction name, grouped by class (in text order). */
typedef struct {
    unsigned n;
    ptx_mod m[PTX_MAX_WORDS];
} ptx_mods;

/* ---- helpers (ptx_util.c) ---- */
unsigned ptx_strlen(const char *s);
bool ptx_tok_eq(ptx_tok t, const char *s);
bool ptx_streq(const char *a, const char *b);
/* err->msg = fmt with each %s replaced by the next string argument, %t by a ptx_tok
 * pointer, %u by an unsigned; always terminated, truncated to fit. */
ptx_status ptx_fail(ptx_error *err, ptx_cause cause, unsigned col, const char *fmt, ...);
void ptx_copy_tok(char *dst, unsigned cap, ptx_tok t);

/* ---- lexer (ptx_lex.c) ---- */
ptx_status ptx_lex_line(const char *text, ptx_line *ln, ptx_error *err);
/* Resolve register names in operands against regs; the first undeclared one fails. */
ptx_status ptx_resolve_regs(ptx_line *ln, const ptx_regs *regs, bool vectors_only, ptx_error *err);
/* The `@p` guard must be a declared predicate register. */
ptx_status ptx_resolve_guard(const ptx_line *ln, const ptx_regs *regs, ptx_error *err);

/* ---- modifiers (ptx_mods.c) ---- */
const ptx_moddef *ptx_moddef_find(ptx_tok word);
/* Look every word from index `first` up; fail on the first unknown one. */
ptx_status ptx_mods_collect(const ptx_line *ln, unsigned first, ptx_mods *mods, ptx_error *err);
/* First modifier of class mc (NULL if none) and how many there are. */
const ptx_mod *ptx_mods_first(const ptx_mods *mods, ptx_modclass mc);
unsigned ptx_mods_count(const ptx_mods *mods, ptx_modclass mc);
const ptx_mod *ptx_mods_nth(const ptx_mods *mods, ptx_modclass mc, unsigned k);

/* ---- targets (ptx_target.c) ---- */
/* sm_100a/sm_110a or their f families (sm_100f.., sm_103*, sm_110f..): the Blackwell
 * datacenter features (.cta_group, .tile::scatter4, .im2col::w::128). */
bool ptx_target_has_bw_arch(ptx_target t);
/* sm_100a or the sm_100f family (sm_100, sm_103 with a/f). */
bool ptx_target_has_sm100_family(ptx_target t);
/* Architecture- or family-specific target (suffix a or f). */
bool ptx_target_specific(ptx_target t);
void ptx_target_name(ptx_target t, char *buf, unsigned cap);

/* ---- per-family decoders ---- */
typedef struct {
    const ptx_line *ln;
    ptx_mods mods;
    ptx_target t;
    const char *iname;   /* instruction name as ptxas prints it */
    unsigned icol;       /* column of the instruction name */
} ptx_ctx;

ptx_status ptx_decode_bulk(ptx_ctx *c, ptx_insn *out, ptx_error *err);          /* cp.async.bulk */
ptx_status ptx_decode_bulk_reduce(ptx_ctx *c, ptx_insn *out, ptx_error *err);   /* cp.reduce.async.bulk */
ptx_status ptx_decode_bulk_prefetch(ptx_ctx *c, ptx_insn *out, ptx_error *err); /* cp.async.bulk.prefetch */
ptx_status ptx_decode_multimem(ptx_ctx *c, ptx_insn *out, ptx_error *err, bool reduce);
ptx_status ptx_decode_tensor(ptx_ctx *c, ptx_insn *out, ptx_error *err, ptx_insn_kind kind);
ptx_status ptx_decode_red(ptx_ctx *c, ptx_insn *out, ptx_error *err);
ptx_status ptx_decode_group(ptx_ctx *c, ptx_insn *out, ptx_error *err, bool wait);
ptx_status ptx_decode_tensormap(ptx_ctx *c, ptx_insn *out, ptx_error *err);
ptx_status ptx_decode_scenario(ptx_ctx *c, ptx_insn *out, ptx_error *err, ptx_insn_kind kind);
ptx_status ptx_decode_mbarrier(ptx_ctx *c, ptx_insn *out, ptx_error *err, ptx_insn_kind kind); /* ptx_mbarrier.c */
/* ptx_sync.c */
ptx_status ptx_decode_fence_tensormap(ptx_ctx *c, ptx_insn *out, ptx_error *err);
ptx_status ptx_decode_fence_mbarrier_init(ptx_ctx *c, ptx_insn *out, ptx_error *err);
ptx_status ptx_decode_prefetch_tensormap(ptx_ctx *c, ptx_insn *out, ptx_error *err);

/* ---- shared checks (ptx_check.c) ---- */
/* Operand kinds an instruction slot accepts. */
typedef enum {
    OK_ADDR = 0,   /* [reg], [reg+imm], [imm]; reg 32 or 64 bit */
    OK_R16,        /* 16-bit register or immediate */
    OK_R32,        /* 32-bit integer register or immediate */
    OK_R64,        /* 64-bit integer register or immediate */
    OK_R64_REG,    /* 64-bit integer register only */
    OK_TMAP,       /* [tmap, {coords}] */
    OK_VEC16,      /* {16-bit regs} */
    OK_IMM,        /* immediate only */
    OK_F32,        /* 32-bit register (bit-size or .f32) or immediate */
    OK_F64,        /* 64-bit register (bit-size or .f64) or immediate */
    OK_ADDR_ANY,   /* [anything]: an address operand whatever its base (shape checks) */
    OK_ADDR_OR_REG  /* an address, or a register without brackets (the tensor copies take both) */
} ptx_opkind;

/* Do the operands match the expected kinds exactly (count, kind, width)? */
bool ptx_operands_match(const ptx_line *ln, const ptx_opkind *kinds, unsigned n);
bool ptx_scalar_fits(const ptx_scalar *s, ptx_opkind k);
bool ptx_operand_fits_at(const ptx_line *ln, unsigned i, ptx_opkind k);
bool ptx_operands_match_prefix(const ptx_line *ln, const ptx_opkind *kinds, unsigned n);
/* The fixed operands, then each further operand fitting the next optional slot that takes
 * it (slots may be skipped, not reordered): the shapes ptxas accepts before it looks closer. */
/* The first operand whose register (a memory operand's base, or a register standing for an
 * address) is not declared: "Illegal operand type", reported once the operand list fits. */
ptx_status ptx_undeclared_memory(const ptx_ctx *c, ptx_error *err);
/* A tensor map's coordinate list has a .b32 register or a constant among its elements: ptxas
 * types the list by them (a list of only .f32, predicate or other registers is refused). */
bool ptx_coords_typed(const ptx_operand *o);
/* The first [address] whose base is a constant or (unless constants_only) a register other
 * than an integer one. */
ptx_status ptx_memory_bases(const ptx_ctx *c, bool constants_only, ptx_error *err);
bool ptx_operands_loose_fit(const ptx_line *ln, const ptx_opkind *fixed, unsigned nfixed, const ptx_opkind *opt,
                            unsigned nopt);


/* ---- common checks (ptx_common.c) ---- */
#define CLS(x) (1u << (x))
ptx_status ptx_scan_repeats(ptx_ctx *c, unsigned max_spaces, unsigned class_mask, ptx_error *err);
ptx_status ptx_check_classes(ptx_ctx *c, unsigned class_mask, ptx_error *err);
/* Same, ignoring the classes in skip (ptxas reports some foreign modifiers later). */
ptx_status ptx_check_classes_except(ptx_ctx *c, unsigned class_mask, unsigned skip, ptx_error *err);
ptx_status ptx_check_types(ptx_ctx *c, uint32_t allowed, ptx_error *err);
/* The first word of one of these classes is an illegal modifier (.inc/.dec aside: they are
 * judged late, ptx_check_classes). */
ptx_status ptx_refuse_classes(ptx_ctx *c, unsigned classes, ptx_error *err);
/* .inc/.dec: judged late, as an operation, by instructions that take none */
bool ptx_mod_is_incdec(const ptx_mod *m);
ptx_status ptx_operands_fail(ptx_ctx *c, ptx_error *err, const char *what);
int ptx_mod_val(const ptx_ctx *c, ptx_modclass mc, int dflt);
unsigned ptx_mod_col(const ptx_ctx *c, ptx_modclass mc);
#endif
