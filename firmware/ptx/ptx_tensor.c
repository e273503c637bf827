/* cp.async.bulk.tensor, cp.reduce.async.bulk.tensor and cp.async.bulk.prefetch.tensor.
 * Rules from PTX ISA 9.7.9.25.5; check order and target gates from ptxas 13.0. */
#include "ptx_internal.h"

static const char *k_lm_name[] = {".tile", ".im2col", ".im2col::w", ".im2col::w::128", ".tile::gather4",
                                  ".tile::scatter4", ".im2col_no_offs"};

static const char k_direction[] = "'%s' takes .shared::cluster/.shared::cta <- .global or .global <- "
                                  ".shared::cta (.dst then .src)";

static bool lm_is_im2col(int lm) { return lm == LM_IM2COL || lm == LM_IM2COL_W || lm == LM_IM2COL_W128; }

/* Number of tensorCoords the load mode and .dim ask for, and the im2colInfo length. */
static unsigned coord_count(int lm, unsigned dims) { return (lm == LM_GATHER4 || lm == LM_SCATTER4) ? 5 : dims; }
static unsigned im2col_count(int lm, unsigned dims)
{
    if (lm == LM_IM2COL)
        return dims >= 3 ? dims - 2 : 0;
    if (lm == LM_IM2COL_W || lm == LM_IM2COL_W128)
        return 2;
    return 0;
}

static ptx_status target_fail(ptx_ctx *c, ptx_error *err, unsigned col, const char *feature, const char *needs);

/* .dim with the load mode: im2col modes need >= 3d, gather4/scatter4 exactly 2d. */
static ptx_status check_dim_mode(ptx_ctx *c, int lm, unsigned dims, ptx_error *err)
{
    bool bad = false;
    if (lm_is_im2col(lm) || lm == LM_IM2COL_NO_OFFS)
        bad = dims < 3;
    else if (lm == LM_GATHER4 || lm == LM_SCATTER4)
        bad = dims != 2;
    if (!bad)
        return PTX_OK;
    return ptx_fail(err, PTX_CAUSE_COMBINATION, ptx_mod_col(c, MC_DIM), "modifier '.%ud' cannot be combined with '%s'",
                    dims, k_lm_name[lm]);
}

static ptx_status target_fail(ptx_ctx *c, ptx_error *err, unsigned col, const char *feature, const char *needs)
{
    char tn[16];
    ptx_target_name(c->t, tn, sizeof tn);
    return ptx_fail(err, PTX_CAUSE_TARGET, col, "feature '%s' requires %s (target is %s)", feature, needs, tn);
}

static ptx_status check_vectors(ptx_ctx *c, unsigned tmap_idx, unsigned ncoords, int i2c_idx, unsigned ni2c,
                                ptx_error *err)
{
    const ptx_line *ln = c->ln;
    if (ln->opd[tmap_idx].nvec != ncoords)
        return ptx_fail(err, PTX_CAUSE_OPERANDS, ln->opd[tmap_idx].col,
                        "tensorCoords of '%s' must have %u elements, got %u", c->iname, ncoords,
                        ln->opd[tmap_idx].nvec);
    if (i2c_idx >= 0 && ln->opd[i2c_idx].nvec != ni2c)
        return ptx_fail(err, PTX_CAUSE_OPERANDS, ln->opd[i2c_idx].col,
                        "im2colInfo of '%s' must have %u elements, got %u", c->iname, ni2c, ln->opd[i2c_idx].nvec);
    return PTX_OK;
}


/* Operands are checked in two steps, as ptxas does. First the shape (probed with ptxas
 * 13.0): the first operand picks the load form ([dstMem], [tensorMap, coords], [mbar]), the
 * store form ([tensorMap, coords], [srcMem]) or the prefetch ([tensorMap, coords]); a memory
 * slot takes anything but a tensor map. Optional slots follow in order, each may be skipped:
 * two 16-bit ones (im2colInfo or ctaMask, vector or scalar, either order; one for a prefetch,
 * none for a store) and a 64-bit one, which with .L2::cache_hint is required and last. Later
 * (after the modifier-combination checks) the exact list the modifiers ask for. */
enum { SL_MEM, SL_TMAP, SL_16, SL_64, SL_ANY, SL_TMAP_OR_SCALAR };

static bool slot_fits(const ptx_operand *o, int slot)
{
    unsigned i;
    switch (slot) {
    case SL_MEM: return o->kind != PTX_OPD_TMAP;
    case SL_ANY: return true;
    case SL_TMAP_OR_SCALAR:
        return (o->kind == PTX_OPD_TMAP && ptx_coords_typed(o)) ||
               ((o->kind == PTX_OPD_REG || o->kind == PTX_OPD_IMM) && ptx_scalar_fits(&o->base, OK_R32));
    case SL_TMAP: return o->kind == PTX_OPD_TMAP && ptx_coords_typed(o);
    case SL_16:
        if (o->kind == PTX_OPD_VEC) {
            for (i = 0; i < o->nvec; i++)
                if (!ptx_scalar_fits(&o->vec[i], OK_R16))
                    return false;
            return true;
        }
        return (o->kind == PTX_OPD_REG || o->kind == PTX_OPD_IMM) && ptx_scalar_fits(&o->base, OK_R16);
    default: return (o->kind == PTX_OPD_REG || o->kind == PTX_OPD_IMM) && ptx_scalar_fits(&o->base, OK_R64);
    }
}

/* Does the list fit a form: fixed slots, then up to n16 16-bit ones and one 64-bit one in
 * order, which .L2::cache_hint makes required and last? */
static bool shape_fits(const ptx_line *ln, const int *fixed, unsigned nfixed, unsigned n16, bool hint)
{
    unsigned i, n = ln->nopd;
    bool used64 = false;
    if (n < nfixed)
        return false;
    for (i = 0; i < nfixed; i++)
        if (!slot_fits(&ln->opd[i], fixed[i]))
            return false;
    if (hint) {
        if (n == nfixed || !slot_fits(&ln->opd[n - 1], SL_64))
            return false;
        n--;
        used64 = true;
    }
    for (i = nfixed; i < n; i++) {
        if (n16 && slot_fits(&ln->opd[i], SL_16)) {
            n16--;
            continue;
        }
        if (used64 || !slot_fits(&ln->opd[i], SL_64))
            return false;
        used64 = true;
        n16 = 0;
    }
    return true;
}

static ptx_status check_shape(ptx_ctx *c, bool prefetch, bool reduce, bool *load_form, ptx_error *err)
{
    /* the load form's second slot may also hold a 32-bit integer or constant (ptxas then
     * reads a tensor map first as the destination: probed) */
    static const int load_fixed[] = {SL_ANY, SL_TMAP_OR_SCALAR, SL_MEM}, other_fixed[] = {SL_TMAP, SL_MEM};
    bool hint = ptx_mods_first(&c->mods, MC_CACHEHINT) != 0, ok;
    unsigned i;
    *load_form = !prefetch && !reduce && c->ln->nopd && c->ln->opd[0].kind != PTX_OPD_TMAP;
    /* a coordinate list longer than 5 is an illegal vector expression before anything else */
    for (i = 0; i < c->ln->nopd; i++)
        if (c->ln->opd[i].kind == PTX_OPD_TMAP && c->ln->opd[i].nvec > 5 && c->ln->opd[i].nvec < 8)
            return ptx_fail(err, PTX_CAUSE_OPERANDS, c->ln->opd[i].col, "a vector of %u elements", c->ln->opd[i].nvec);
    if (prefetch)
        ok = shape_fits(c->ln, other_fixed, 1, 1, hint);
    else
        ok = (!reduce && shape_fits(c->ln, load_fixed, 3, 2, hint)) || shape_fits(c->ln, other_fixed, 2, 0, hint);
    return ok ? PTX_OK : ptx_operands_fail(c, err, "the operands of a tensor copy");
}

static ptx_status check_operands(ptx_ctx *c, bool prefetch, bool load, int lm, bool multicast, bool hint,
                                 int cta_group, bool sp_dst_cta, int *tmap_idx, int *i2c_idx, ptx_error *err)
{
    ptx_opkind kinds[8];
    unsigned nk = 0;
    *i2c_idx = -1;
    if (prefetch) {
        *tmap_idx = 0;
        kinds[nk++] = OK_TMAP;
    } else if (load) { /* ptxas takes a bare register for an address here */
        kinds[nk++] = OK_ADDR_OR_REG;
        *tmap_idx = 1;
        kinds[nk++] = OK_TMAP;
        kinds[nk++] = OK_ADDR_OR_REG;
    } else {
        *tmap_idx = 0;
        kinds[nk++] = OK_TMAP;
        kinds[nk++] = OK_ADDR_OR_REG;
    }
    if ((prefetch || load) && lm_is_im2col(lm)) {
        *i2c_idx = (int)nk;
        kinds[nk++] = OK_VEC16;
    }
    if (multicast)
        kinds[nk++] = OK_R16;
    if (hint)
        kinds[nk++] = OK_R64;
    /* ptxas counts a ctaMask slot but no im2colInfo slot when .multicast::cluster meets a
     * .shared::cta destination, then reports the modifier itself */
    if (load && multicast && sp_dst_cta) {
        if (c->ln->nopd != 4u + (hint ? 1u : 0u) ||
            !(ptx_operand_fits_at(c->ln, 3, OK_R16) || c->ln->opd[3].kind == PTX_OPD_VEC))
            return ptx_operands_fail(c, err, "the operand list of this variant");
        return PTX_OK;
    }
    if (!prefetch && !load && (cta_group || multicast))
        return ptx_operands_fail(c, err, "no operand list of a store takes .cta_group or .multicast::cluster");
    if (!ptx_operands_match(c->ln, kinds, nk))
        return ptx_operands_fail(c, err, "the operand list of this variant");
    return PTX_OK;
}

static bool mode_fits_direction(bool prefetch, bool load, bool reduce, int lm)
{
    if (prefetch || load)
        return lm == LM_TILE || lm_is_im2col(lm) || lm == LM_GATHER4;
    if (reduce)
        return lm == LM_TILE || lm == LM_IM2COL_NO_OFFS;
    return lm == LM_TILE || lm == LM_SCATTER4 || lm == LM_IM2COL_NO_OFFS;
}

static ptx_status check_target(ptx_ctx *c, bool prefetch, bool load, int sp_dst, int lm, int cta_group,
                               ptx_error *err)
{
    const char *bw = "sm_100a/sm_110a or an sm_100f/sm_110f family target";
    if (cta_group && !ptx_target_has_bw_arch(c->t))
        return target_fail(c, err, ptx_mod_col(c, MC_CTAGROUP), cta_group == 1 ? ".cta_group::1" : ".cta_group::2",
                           bw);
    if (lm == LM_IM2COL_W128 && !ptx_target_has_bw_arch(c->t))
        return target_fail(c, err, ptx_mod_col(c, MC_LOADMODE), ".im2col::w::128", bw);
    if (lm == LM_SCATTER4 && !ptx_target_has_bw_arch(c->t))
        return target_fail(c, err, ptx_mod_col(c, MC_LOADMODE), ".tile::scatter4", bw);
    if (lm == LM_GATHER4 || lm == LM_IM2COL_W) {
        if (prefetch && !ptx_target_has_sm100_family(c->t))
            return target_fail(c, err, ptx_mod_col(c, MC_LOADMODE), k_lm_name[lm],
                               "sm_100a or the sm_100f family for a prefetch");
        if (load && sp_dst == SP_SHARED_CLUSTER && !ptx_target_has_sm100_family(c->t))
            return target_fail(c, err, ptx_mod_col(c, MC_LOADMODE), k_lm_name[lm],
                               "sm_100a or the sm_100f family with a .shared::cluster destination");
        if (load && sp_dst == SP_SHARED_CTA && c->t.sm < 100)
            return target_fail(c, err, ptx_mod_col(c, MC_LOADMODE), k_lm_name[lm],
                               "sm_100 or higher with a .shared::cta destination");
    }
    return PTX_OK;
}

ptx_status ptx_decode_tensor(ptx_ctx *c, ptx_insn *out, ptx_error *err, ptx_insn_kind kind)
{
    const ptx_line *ln = c->ln;
    bool prefetch = kind == PTX_I_CP_ASYNC_BULK_PREFETCH_TENSOR;
    bool reduce = kind == PTX_I_CP_REDUCE_ASYNC_BULK_TENSOR;
    /* ptxas 13.0 accepts and ignores tensormap field words (.box_dim, ...) here */
    unsigned mask = CLS(MC_SPACE) | CLS(MC_DIM) | CLS(MC_LOADMODE) | CLS(MC_CACHEHINT) | CLS(MC_TMFIELD);
    unsigned dims, i, nk;
    int lm, sp_dst = -1, sp_src = -1, cm, cta_group, tmap_idx = 0, i2c_idx = -1;
    bool multicast, hint, load = false;

    if (prefetch)
        mask |= CLS(MC_LEVEL);
    else if (reduce)
        mask |= CLS(MC_COMPLETION) | CLS(MC_REDOP);
    else
        mask |= CLS(MC_COMPLETION) | CLS(MC_MULTICAST) | CLS(MC_CTAGROUP);

    /* a prefetch's state space is judged after the modifier combinations */
    if (ptx_scan_repeats(c, prefetch ? TCE_MAX_RANK * 4 : 2, mask & ~CLS(MC_REDOP), err) != PTX_OK)
        return PTX_ERROR;
    /* .multicast::cluster / .cta_group on a reduce or prefetch come before the types and the
     * operands */
    if ((prefetch || reduce) && ptx_refuse_classes(c, CLS(MC_MULTICAST) | CLS(MC_CTAGROUP), err) != PTX_OK)
        return PTX_ERROR;
    /* integer and bit types are "unexpected types" at once; floating-point and .b1024
     * suffixes only once everything else has been checked */
    if (ptx_check_types(c, PTX_TYPES_REPORTED_LATE, err) != PTX_OK)
        return PTX_ERROR;
    if (!reduce && ptx_refuse_classes(c, CLS(MC_REDOP), err) != PTX_OK)
        return PTX_ERROR;
    {
        bool load_form;
        if (check_shape(c, prefetch, reduce, &load_form, err) != PTX_OK)
            return PTX_ERROR;
    }
    /* an operation on anything but a reduce: after the operand shape, before the rest */
    dims = (unsigned)ptx_mod_val(c, MC_DIM, 0);
    lm = ptx_mod_val(c, MC_LOADMODE, LM_TILE);
    multicast = (mask & CLS(MC_MULTICAST)) && ptx_mods_first(&c->mods, MC_MULTICAST) != 0;
    hint = ptx_mods_first(&c->mods, MC_CACHEHINT) != 0;
    cta_group = (mask & CLS(MC_CTAGROUP)) ? ptx_mod_val(c, MC_CTAGROUP, 0) : 0;
    cm = ptx_mod_val(c, MC_COMPLETION, -1);
    if (ptx_mods_first(&c->mods, MC_SPACE))
        sp_dst = ptx_mods_nth(&c->mods, MC_SPACE, 0)->def->val;
    if (ptx_mods_nth(&c->mods, MC_SPACE, 1))
        sp_src = ptx_mods_nth(&c->mods, MC_SPACE, 1)->def->val;

    /* a modifier that asks for a trailing scalar (ctaMask, cache-policy) without one, or
     * .cta_group on a store, fails before the direction and the modifier combinations */
    {
        bool load_form = !prefetch && !reduce && ln->nopd && ln->opd[0].kind != PTX_OPD_TMAP;
        unsigned fixed = prefetch ? 1 : load_form ? 3 : 2, trailing = 0, need = 0;
        bool cta_dst = load_form && sp_dst == SP_SHARED_CTA;
        for (i = fixed; i < ln->nopd; i++)
            trailing += (ln->opd[i].kind != PTX_OPD_VEC || (cta_dst && multicast)) ? 1u : 0u;
        need = (multicast ? 1u : 0u) + (hint ? 1u : 0u);
        /* with .dim and load mode clashing, ptxas lets an im2colInfo vector stand in the
         * ctaMask slot here and reports the clash below */
        if (multicast && check_dim_mode(c, lm, dims, NULL) != PTX_OK)
            for (i = fixed; i < ln->nopd; i++)
                if (ln->opd[i].kind == PTX_OPD_VEC) {
                    trailing++;
                    break;
                }
        if (trailing < need || (!prefetch && !load_form && cta_group))
            return ptx_operands_fail(c, err, "the operands its modifiers ask for");
    }
    /* a copy with one state space has no direction: ptxas says so before asking for .dim */
    if (!prefetch && ptx_mods_count(&c->mods, MC_SPACE) == 1)
        return ptx_fail(err, PTX_CAUSE_SPACE_INCORRECT, ptx_mod_col(c, MC_SPACE),
                        "'%s' needs a .dst and a .src state space", c->iname);
    /* two state spaces in no valid direction: also before .dim */
    if (!prefetch && ptx_mods_count(&c->mods, MC_SPACE) == 2 &&
        !(sp_dst == SP_GLOBAL && sp_src == SP_SHARED_CTA) &&
        !(!reduce && (sp_dst == SP_SHARED_CLUSTER || sp_dst == SP_SHARED_CTA) && sp_src == SP_GLOBAL))
        return ptx_fail(err, PTX_CAUSE_SPACE_INCORRECT, ptx_mod_col(c, MC_SPACE), k_direction, c->iname);
    /* a completion mechanism of the other direction: before .dim is asked for */
    if (!prefetch && cm >= 0 && ptx_mods_count(&c->mods, MC_SPACE) == 2 &&
        cm != ((sp_dst == SP_GLOBAL && sp_src == SP_SHARED_CTA) ? CM_BULK_GROUP : CM_MBARRIER))
        return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, ptx_mod_col(c, MC_COMPLETION),
                        "completion '.%t' is illegal for this direction of '%s'",
                        &ptx_mods_first(&c->mods, MC_COMPLETION)->tok, c->iname);
    if (reduce && !ptx_mods_first(&c->mods, MC_REDOP))
        return ptx_fail(err, PTX_CAUSE_OPERATION, c->icol, "'%s' needs a reduction operation", c->iname);
    if (!ptx_mods_first(&c->mods, MC_DIM))
        return ptx_fail(err, PTX_CAUSE_MISSING_MODIFIER, c->icol, "'%s' needs a .dim modifier (.1d to .5d)", c->iname);
    if (prefetch && !ptx_mods_first(&c->mods, MC_LEVEL))
        return ptx_fail(err, PTX_CAUSE_MISSING_MODIFIER, c->icol, "'%s' needs the .level modifier '.L2'", c->iname);

    if (!prefetch) {
        if (sp_dst == SP_GLOBAL && sp_src == SP_SHARED_CTA)
            load = false;
        else if (!reduce && (sp_dst == SP_SHARED_CLUSTER || sp_dst == SP_SHARED_CTA) && sp_src == SP_GLOBAL)
            load = true;
        else
            return ptx_fail(err, PTX_CAUSE_SPACE_INCORRECT, sp_dst < 0 ? c->icol : ptx_mod_col(c, MC_SPACE),
                            reduce ? "'%s' goes from '.shared::cta' to '.global' (.dst then .src)" : k_direction,
                            c->iname);
        if (cm < 0)
            return ptx_fail(err, PTX_CAUSE_MISSING_MODIFIER, c->icol, "'%s' needs a .completion_mechanism modifier",
                            c->iname);
    }
    {
        bool load_form = !prefetch && !reduce && ln->nopd && ln->opd[0].kind != PTX_OPD_TMAP;
        /* modifiers of the copy family that this instruction never takes */
        if (ptx_refuse_classes(c, (prefetch || reduce ? CLS(MC_MULTICAST) | CLS(MC_CTAGROUP) : 0) |
                                      (reduce ? 0 : CLS(MC_REDOP)),
                               err) != PTX_OK)
            return PTX_ERROR;
        if (!prefetch) {
            if (cm != (load ? CM_MBARRIER : CM_BULK_GROUP))
                return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, ptx_mod_col(c, MC_COMPLETION),
                                "completion '.%t' is illegal for this direction of '%s'",
                                &ptx_mods_first(&c->mods, MC_COMPLETION)->tok, c->iname);
            /* the spaces pick the form: with the completion right, operands of the other form
             * are an operand error */
            if (load_form != load && check_dim_mode(c, lm, dims, err) != PTX_OK)
                return PTX_ERROR;
            if (load_form != load)
                return ptx_operands_fail(c, err, load ? "[dstMem], [tensorMap, {coords}], [mbar] ..."
                                                      : "[tensorMap, {coords}], [srcMem] ...");
        }
        if (!mode_fits_direction(prefetch, load, reduce, lm))
            return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, ptx_mod_col(c, MC_LOADMODE),
                            "load mode '%s' is illegal for this direction of '%s'", k_lm_name[lm], c->iname);
        if (check_dim_mode(c, lm, dims, err) != PTX_OK)
            return PTX_ERROR;
        if (check_operands(c, prefetch, load, lm, multicast, hint, cta_group, sp_dst == SP_SHARED_CTA, &tmap_idx, &i2c_idx, err) != PTX_OK)
            return PTX_ERROR;
        if (multicast && sp_dst != SP_SHARED_CLUSTER)
            return ptx_fail(err, PTX_CAUSE_ILLEGAL_MODIFIER, ptx_mod_col(c, MC_MULTICAST),
                            "'.multicast::cluster' on '%s' needs a .shared::cluster destination",
                            c->iname);
    }
    if (check_vectors(c, (unsigned)tmap_idx, coord_count(lm, dims), i2c_idx, im2col_count(lm, dims), err) != PTX_OK)
        return PTX_ERROR;
    /* a prefetch's state space is judged after its operands */
    if (prefetch) {
        if (ptx_mods_nth(&c->mods, MC_SPACE, 1))
            return ptx_fail(err, PTX_CAUSE_SPACE_COUNT, ptx_mods_nth(&c->mods, MC_SPACE, 1)->tok.col,
                            "'%s' takes one state space", c->iname);
        if (sp_dst < 0)
            return ptx_fail(err, PTX_CAUSE_SPACE_MISSING, c->icol, "'%s' needs the state space '.global'", c->iname);
        if (sp_dst != SP_GLOBAL)
            return ptx_fail(err, PTX_CAUSE_SPACE_INCORRECT, ptx_mod_col(c, MC_SPACE),
                            "'%s' prefetches from '.global' only", c->iname);
    }

    /* a cache level or eviction priority it does not take before the target, other words after */
    if (ptx_refuse_classes(c, (CLS(MC_LEVEL) | CLS(MC_EVICT)) & ~mask, err) != PTX_OK ||
        check_target(c, prefetch, load, sp_dst, lm, cta_group, err) != PTX_OK)
        return PTX_ERROR;
    if (ptx_check_types(c, 0, err) != PTX_OK)
        return PTX_ERROR;
    /* ptxas uses the first operation of several: a second one is reported before other words */
    if (ptx_mods_count(&c->mods, MC_REDOP) > 1)
        return ptx_fail(err, PTX_CAUSE_REPEATED, ptx_mods_nth(&c->mods, MC_REDOP, 1)->tok.col,
                        "more than one .op modifier ('.%t')", &ptx_mods_nth(&c->mods, MC_REDOP, 1)->tok);
    /* an immediate address before other foreign words, a float or predicate base after them */
    if (ptx_memory_bases(c, true, err) != PTX_OK || ptx_check_classes(c, mask, err) != PTX_OK ||
        ptx_memory_bases(c, false, err) != PTX_OK)
        return PTX_ERROR;

    /* the engine operation */
    out->has_op = true;
    out->op.kind = prefetch ? TCE_OP_TENSOR_PREFETCH
                            : reduce ? TCE_OP_TENSOR_REDUCE : load ? TCE_OP_TENSOR_LOAD : TCE_OP_TENSOR_STORE;
    out->op.mode = (tce_mode)lm;
    out->op.dims = dims;
    out->op.multicast = multicast;
    out->op.completion = prefetch ? TCE_DONE_NONE : load ? TCE_DONE_MBARRIER : TCE_DONE_BULK_GROUP;
    out->op.dst_space = (prefetch || !load) ? TCE_SPACE_GLOBAL
                                            : (sp_dst == SP_SHARED_CTA ? TCE_SPACE_SHARED_CTA : TCE_SPACE_SHARED_CLUSTER);
    out->op.src_space = (prefetch || load) ? TCE_SPACE_GLOBAL : TCE_SPACE_SHARED_CTA;
    if (reduce)
        out->op.redop = (tce_redop)ptx_mod_val(c, MC_REDOP, TCE_RED_ADD);
    out->cache_hint = hint;
    out->cta_group = (unsigned)cta_group;
    out->role.tmap = tmap_idx;
    for (i = 0; i < ln->opd[tmap_idx].nvec && i < TCE_MAX_RANK; i++)
        if (!ln->opd[tmap_idx].vec[i].is_reg)
            out->op.coords[i] = (int32_t)ln->opd[tmap_idx].vec[i].imm;
    if (load) {
        out->role.dst = 0;
        out->role.mbar = 2;
    } else if (!prefetch) {
        out->role.src = 1;
    }
    out->role.im2col = i2c_idx;
    nk = (unsigned)(i2c_idx >= 0 ? i2c_idx + 1 : (prefetch ? 1 : load ? 3 : 2));
    if (multicast)
        out->role.cta_mask = (int)nk++;
    if (hint)
        out->role.cache_policy = (int)nk++;
    return PTX_OK;
}
