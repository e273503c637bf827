/* PTX decoder: each instruction form parses, each validation rule accepts and rejects
 * (with the cause ptxas gives, checked against ptxas 13.0 by hand), error columns point
 * at the offending text, and the decoded tce_op fields are the ones the text fixes. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "ptx/ptx_decode.h"

static const ptx_target SM90A = {90, 'a'}, SM100A = {100, 'a'}, SM90 = {90, 0}, SM120A = {120, 'a'};

static void expect_ok(ptx_target t, const char *text, ptx_insn *out)
{
    ptx_error err;
    ptx_insn tmp;
    if (ptx_decode_line(text, t, out ? out : &tmp, &err) != PTX_OK) {
        printf("FAIL accept: %s\n   got [%s] col %u: %s\n", text, ptx_cause_name(err.cause), err.col, err.msg);
        failures++;
    }
}

static void expect_err(ptx_target t, const char *text, ptx_cause cause, unsigned col)
{
    ptx_error err;
    ptx_insn tmp;
    ptx_status st = ptx_decode_line(text, t, &tmp, &err);
    if (st != PTX_ERROR || err.cause != cause || (col && err.col != col)) {
        printf("FAIL reject: %s\n   want [%s] col %u, got %s [%s] col %u: %s\n", text, ptx_cause_name(cause), col,
               st == PTX_ERROR ? "error" : "ok", ptx_cause_name(err.cause), err.col, err.msg);
        failures++;
    }
}

static void test_forms(void)
{
    /* one line per instruction form */
    expect_ok(SM90A, "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [%r1], [%rd1], 256, [%r2];", 0);
    expect_ok(SM90A, "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint [%r1], [%rd1], %r5, [%r2], %rs1, %rd3;", 0);
    expect_ok(SM90A, "cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%r1], [%r6], %r5, [%r2];", 0);
    expect_ok(SM100A, "cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint.cp_mask [%rd1], [%r1], %r5, %rd3, %rs1;", 0);
    expect_ok(SM90A, "cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.add.u64 [%r1], [%r6], %r5, [%r2];", 0);
    expect_ok(SM90A, "cp.reduce.async.bulk.global.shared::cta.bulk_group.L2::cache_hint.min.s64 [%rd1], [%r1], %r5, %rd3;", 0);
    expect_ok(SM90A, "cp.async.bulk.prefetch.L2.global.L2::cache_hint [%rd1], %r5, %rd3;", 0);
    expect_ok(SM90A, "cp.async.bulk.tensor.5d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint [%r1], [%rd1, {%r3, %r4, %r5, %r6, %r7}], [%r2], {%rs1, %rs2, %rs3}, %rs4, %rd3;", 0);
    expect_ok(SM100A, "cp.async.bulk.tensor.2d.shared::cta.global.tile::gather4.mbarrier::complete_tx::bytes.cta_group::2 [%r1], [%rd1, {%r3, %r4, %r5, %r6, %r7}], [%r2];", 0);
    expect_ok(SM100A, "cp.async.bulk.tensor.3d.shared::cluster.global.im2col::w::128.mbarrier::complete_tx::bytes [%r1], [%rd1, {%r3, %r4, %r5}], [%r2], {%rs1, %rs2};", 0);
    expect_ok(SM100A, "cp.async.bulk.tensor.2d.global.shared::cta.tile::scatter4.bulk_group [%rd1, {%r3, %r4, %r5, %r6, %r7}], [%r1];", 0);
    expect_ok(SM90A, "cp.async.bulk.tensor.3d.global.shared::cta.im2col_no_offs.bulk_group [%rd1, {%r3, %r4, %r5}], [%r1];", 0);
    expect_ok(SM90A, "cp.reduce.async.bulk.tensor.4d.global.shared::cta.add.tile.bulk_group.L2::cache_hint [%rd1, {%r3, %r4, %r5, %r6}], [%r1], %rd3;", 0);
    expect_ok(SM90A, "cp.async.bulk.prefetch.tensor.3d.L2.global.im2col [%rd1, {%r3, %r4, %r5}], {%rs1};", 0);
    expect_ok(SM90A, "cp.async.bulk.commit_group;", 0);
    expect_ok(SM90A, "cp.async.bulk.wait_group.read 3;", 0);
    expect_ok(SM90A, "tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [%rd1], 4, %r5;", 0);
    expect_ok(SM90A, "red.release.gpu.global.add.noftz.v2.f16x2 [%rd1], {%r5, %r6};", 0);
    expect_ok(SM90A, "red.shared::cluster.xor.b64 [%r1], %rd2;", 0);
    expect_ok(SM90, "multimem.cp.async.bulk.global.shared::cta.bulk_group [%rd1], [%r1], 512;", 0);
    expect_ok(SM90A, "mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r2], %r5;", 0);
    /* qualifier order is free after the instruction name (ptxas accepts any order) */
    expect_ok(SM90A, "cp.async.bulk.tensor.3d.shared::cluster.mbarrier::complete_tx::bytes.tile.global.multicast::cluster [%r1], [%rd1, {%r3, %r4, %r5}], [%r2], %rs4;", 0);
    /* blank and comment lines decode to nothing */
    {
        ptx_insn in;
        ptx_error err;
        CHECK(ptx_decode_line("   // nothing", SM90A, &in, &err) == PTX_EMPTY);
        CHECK(ptx_decode_line("", SM90A, &in, &err) == PTX_EMPTY);
    }
}

static void test_rules(void)
{
    /* modifiers: unknown vs. illegal vs. repeated vs. combination */
    expect_err(SM90A, "cp.async.bulk.wait_group.bogus 1;", PTX_CAUSE_UNKNOWN_MODIFIER, 26);
    expect_err(SM90A, "cp.async.bulk.wait_group.L2::cache_hint 1;", PTX_CAUSE_ILLEGAL_MODIFIER, 0);
    expect_err(SM90A, "cp.async.bulk.wait_group.read.read 1;", PTX_CAUSE_REPEATED, 0);
    expect_err(SM90A, "cp.async.bulk.tensor.2d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%r1], [%rd1, {%r3, %r4}], [%r2], {%rs1};", PTX_CAUSE_COMBINATION, 22);
    expect_ok(SM90A, "cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%r1], [%rd1, {%r3, %r4, %r5}], [%r2], {%rs1};", 0);
    expect_err(SM100A, "cp.async.bulk.prefetch.tensor.4d.L2.global.tile::gather4 [%rd1, {%r3, %r4, %r5, %r6, %r7}];", PTX_CAUSE_COMBINATION, 0);
    /* required modifiers */
    expect_err(SM90A, "cp.async.bulk.tensor.shared::cta.global.mbarrier::complete_tx::bytes [%r1], [%rd1, {%r3}], [%r2];", PTX_CAUSE_MISSING_MODIFIER, 1);
    expect_err(SM90A, "cp.async.bulk.shared::cta.global [%r1], [%rd1], 48, [%r2];", PTX_CAUSE_MISSING_MODIFIER, 0);
    expect_err(SM90A, "cp.async.bulk.prefetch.global [%rd1], %r5;", PTX_CAUSE_MISSING_MODIFIER, 0);
    expect_err(SM90A, "tensormap.replace.global_address.b1024.b64 [%rd1], %rd2;", PTX_CAUSE_MISSING_MODIFIER, 0);
    expect_err(SM90A, "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.bf16 [%rd1], [%r1], %r5;", PTX_CAUSE_MISSING_MODIFIER, 0);
    expect_ok(SM90A, "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.noftz.bf16 [%rd1], [%r1], %r5;", 0);
    /* state spaces */
    expect_err(SM90A, "cp.reduce.async.bulk.global.shared::cta.shared::cta.bulk_group.xor.b64 [%rd1], [%r1], %r5;", PTX_CAUSE_SPACE_MULTIPLE, 0);
    expect_err(SM90A, "cp.async.bulk.prefetch.L2.global.global [%rd1], %r5;", PTX_CAUSE_SPACE_COUNT, 0);
    expect_err(SM90A, "cp.async.bulk.global.bulk_group [%rd1], [%r1], %r5;", PTX_CAUSE_SPACE_INCORRECT, 0);
    expect_err(SM90A, "cp.async.bulk.wait_group.global 0;", PTX_CAUSE_SPACE_INCORRECT, 0);
    expect_err(SM90A, "red.shared::cluster.max.L2::cache_hint.s32 [%r1], %r5, %rd3;", PTX_CAUSE_SPACE_INCORRECT, 0);
    expect_ok(SM90A, "red.global.max.L2::cache_hint.s32 [%rd1], %r5, %rd3;", 0);
    /* direction-specific modifiers */
    expect_err(SM90A, "cp.async.bulk.tensor.4d.shared::cta.global.im2col.mbarrier::complete_tx::bytes.multicast::cluster [%r1], [%rd1, {%r3, %r4, %r5, %r6}], [%r2], {%rs1, %rs2};", PTX_CAUSE_ILLEGAL_MODIFIER, 0);
    expect_err(SM100A, "cp.async.bulk.global.shared::cta.mbarrier::complete_tx::bytes [%r1], [%rd1], 4096, [%r2];", PTX_CAUSE_ILLEGAL_MODIFIER, 0);
    /* targets */
    expect_err(SM90A, "cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::1 [%r1], [%rd1, {%r3}], [%r2];", PTX_CAUSE_TARGET, 0);
    expect_ok(SM100A, "cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::1 [%r1], [%rd1, {%r3}], [%r2];", 0);
    expect_err(SM90A, "cp.async.bulk.global.shared::cta.bulk_group.cp_mask [%rd1], [%r1], %r5, %rs1;", PTX_CAUSE_TARGET, 0);
    expect_err(SM90A, "tensormap.replace.tile.swizzle_atomicity.b1024.b32 [%rd1], 1;", PTX_CAUSE_TARGET, 0);
    expect_ok(SM120A, "tensormap.replace.tile.swizzle_atomicity.b1024.b32 [%rd1], 1;", 0);
    expect_err(SM90, "tensormap.replace.tile.rank.b1024.b32 [%rd1], %r5;", PTX_CAUSE_TARGET, 0);
    expect_err(SM90A, "cp.async.bulk.tensor.3d.shared::cta.global.im2col::w.mbarrier::complete_tx::bytes [%r1], [%rd1, {%r3, %r4, %r5}], [%r2], {%rs1, %rs2};", PTX_CAUSE_TARGET, 0);
    /* op/type tables */
    expect_err(SM90A, "cp.reduce.async.bulk.global.shared::cta.bulk_group.inc.b32 [%rd1], [%r1], %r5;", PTX_CAUSE_TYPE, 0);
    expect_err(SM90A, "cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.max.s64 [%r1], [%r6], %r5, [%r2];", PTX_CAUSE_TYPE, 0);
    expect_err(SM90A, "cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.min.u64 [%r1], [%r6], %r5, [%r2];", PTX_CAUSE_OPERATION, 0);
    expect_err(SM90A, "cp.reduce.async.bulk.tensor.3d.global.shared::cta.bulk_group [%rd1, {%r3, %r4, %r5}], [%r1];", PTX_CAUSE_OPERATION, 0);
    expect_err(SM90A, "red.global.dec.u64 [%rd1], %rd2;", PTX_CAUSE_TYPE, 0);
    expect_err(SM90A, "red.global.f32 [%rd1], %f1;", PTX_CAUSE_OPERATION, 0);
    expect_err(SM90A, "red.shared::cta.or [%r1], %r5;", PTX_CAUSE_UNEXPECTED_TYPE, 0);
    /* vector rules of red */
    expect_err(SM90A, "red.global.and.v2.f64 [%rd1], {%fd1, %fd2};", PTX_CAUSE_VECTOR, 0);
    expect_err(SM90A, "red.shared.min.noftz.f16 [%r1], %rs1;", PTX_CAUSE_VECTOR, 0);
    expect_ok(SM90A, "red.global.min.noftz.v2.f16 [%rd1], {%rs1, %rs2};", 0);
    expect_err(SM90A, "red.shared.add.noftz.v2.f16x2 [%r1], {%r5, %r6};", PTX_CAUSE_SPACE_INCORRECT, 0);
    /* operands: count, kind, register width, vector sizes, declared registers */
    expect_err(SM90A, "cp.async.bulk.prefetch.L2.global [%rd1], %rd5;", PTX_CAUSE_OPERANDS, 0);
    expect_err(SM90A, "red.global.add.u32 [%rd1], %f2;", PTX_CAUSE_OPERANDS, 0);
    expect_ok(SM90A, "red.global.add.f32 [%rd1], %r2;", 0);
    expect_err(SM90A, "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1, {%r3, %r4, %r5}], [%r2];", PTX_CAUSE_OPERANDS, 0);
    expect_err(SM90A, "cp.async.bulk.wait_group %r5;", PTX_CAUSE_OPERANDS, 0);
    expect_err(SM90A, "red.global.add.noftz.v8.bf16 [%rd1], {%rs1, %rs2, %rs3, %rs4, %rs5, %rs6, %rs7, %rs8};", PTX_CAUSE_UNDECLARED, 81);
    /* immediates in range */
    expect_err(SM90A, "tensormap.replace.tile.swizzle_mode.b1024.b32 [%rd1], 7;", PTX_CAUSE_RANGE, 0);
    expect_err(SM90A, "tensormap.replace.tile.elemtype.b1024.b32 [%rd1], 13;", PTX_CAUSE_RANGE, 0);
    expect_ok(SM100A, "tensormap.replace.tile.elemtype.b1024.b32 [%rd1], 13;", 0);
    expect_err(SM90A, "tensormap.replace.tile.box_dim.b1024.b32 [%rd1], 5, %r5;", PTX_CAUSE_RANGE, 0);
    /* syntax */
    expect_err(SM90A, "red.gpu.shared::cluster.or.v2.u32 [%r1], {%r5;", PTX_CAUSE_SYNTAX, 46);
    expect_err(SM90A, "cp.async.bulk.commit_group", PTX_CAUSE_SYNTAX, 0);
    expect_err(SM90A, "frobnicate.x %r1;", PTX_CAUSE_UNSUPPORTED, 1);
}

static void test_fields(void)
{
    ptx_insn in;
    expect_ok(SM100A, "@!%p1 cp.async.bulk.tensor.3d.shared::cluster.global.im2col::w.mbarrier::complete_tx::bytes.multicast::cluster.cta_group::2.L2::cache_hint [%r1+64], [%rd1, {%r3, -2, 7}], [%r2], {%rs1, %rs2}, %rs4, %rd3;", &in);
    CHECK(in.kind == PTX_I_CP_ASYNC_BULK_TENSOR && in.has_op);
    CHECK(in.op.kind == TCE_OP_TENSOR_LOAD && in.op.mode == TCE_MODE_IM2COL_W && in.op.dims == 3);
    CHECK(in.op.dst_space == TCE_SPACE_SHARED_CLUSTER && in.op.src_space == TCE_SPACE_GLOBAL);
    CHECK(in.op.completion == TCE_DONE_MBARRIER && in.op.multicast && in.cta_group == 2 && in.cache_hint);
    CHECK(in.op.coords[1] == -2 && in.op.coords[2] == 7);
    CHECK(in.has_pred && in.pred_negated && !strcmp(in.pred, "%p1"));
    CHECK(in.role.dst == 0 && in.role.tmap == 1 && in.role.mbar == 2 && in.role.im2col == 3);
    CHECK(in.role.cta_mask == 4 && in.role.cache_policy == 5);
    CHECK(in.nopd == 6 && in.opd[0].offset == 64 && !strcmp(in.opd[0].base.name, "%r1"));
    CHECK(in.opd[1].nvec == 3 && !strcmp(in.opd[1].base.name, "%rd1"));

    expect_ok(SM90A, "cp.reduce.async.bulk.tensor.5d.global.shared::cta.im2col_no_offs.max.bulk_group [%rd1, {%r3, %r4, %r5, %r6, %r7}], [%r1];", &in);
    CHECK(in.op.kind == TCE_OP_TENSOR_REDUCE && in.op.redop == TCE_RED_MAX && in.op.mode == TCE_MODE_IM2COL_NO_OFFS);
    CHECK(in.op.dst_space == TCE_SPACE_GLOBAL && in.op.src_space == TCE_SPACE_SHARED_CTA && in.op.completion == TCE_DONE_BULK_GROUP);
    CHECK(in.role.tmap == 0 && in.role.src == 1);

    expect_ok(SM100A, "cp.async.bulk.global.shared::cta.bulk_group.cp_mask [%rd1], [%r1], 256, 0xff;", &in);
    CHECK(in.op.kind == TCE_OP_BULK_COPY && in.op.has_byte_mask && in.role.byte_mask == 3 && in.role.size == 2);
    CHECK(in.opd[3].base.imm == 255 && in.opd[2].base.imm == 256);

    expect_ok(SM90A, "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.noftz.f16 [%rd1], [%r1], 64;", &in);
    CHECK(in.op.kind == TCE_OP_BULK_REDUCE && in.op.etype == TCE_ET_F16 && in.op.noftz && in.op.redop == TCE_RED_ADD);

    expect_ok(SM90A, "red.relaxed.cluster.global.max.noftz.v4.bf16x2 [%rd1], {%r5, %r6, %r7, %r8};", &in);
    CHECK(in.op.kind == TCE_OP_RED && in.op.redop == TCE_RED_MAX && in.op.etype == TCE_ET_BF16 && in.op.vec == 8);
    CHECK(in.op.dst_space == TCE_SPACE_GLOBAL && in.role.value == 1);

    expect_ok(SM90A, "red.shared.inc.u32 [%r1], 1;", &in);
    CHECK(in.op.vec == 1 && in.op.etype == TCE_ET_U32 && in.op.dst_space == TCE_SPACE_SHARED_CTA);

    expect_ok(SM90A, "tensormap.replace.tile.global_stride.global.b1024.b64 [%rd1], 2, %rd2;", &in);
    CHECK(in.kind == PTX_I_TENSORMAP_REPLACE && in.tm_field == PTX_TM_GLOBAL_STRIDE && in.role.value == 2);
}

static void test_regs(void)
{
    ptx_regs regs;
    ptx_insn in;
    ptx_error err;
    regs.n = 0;
    CHECK(ptx_decode_line_regs(".reg .b64 %addr<2>;", SM90A, &regs, &in, &err) == PTX_OK);
    CHECK(in.kind == PTX_I_REG_DECL && regs.n == 1);
    CHECK(ptx_decode_line_regs("  .reg .b32 sz;", SM90A, &regs, &in, &err) == PTX_OK);
    CHECK(ptx_decode_line_regs("cp.async.bulk.prefetch.L2.global [%addr1], sz;", SM90A, &regs, &in, &err) == PTX_OK);
    CHECK(ptx_decode_line_regs("cp.async.bulk.prefetch.L2.global [%addr2], sz;", SM90A, &regs, &in, &err) == PTX_ERROR &&
          err.cause == PTX_CAUSE_UNDECLARED && err.col == 35);
    CHECK(ptx_decode_line_regs("cp.async.bulk.prefetch.L2.global [%addr0], %addr1;", SM90A, &regs, &in, &err) ==
              PTX_ERROR &&
          err.cause == PTX_CAUSE_OPERANDS);
    /* NULL stands for the corpus kernel's declarations (%rd<8>, %r<16>, %p<4>, ...), and the
     * same set ptx_regs_default() fills in */
    CHECK(ptx_reg_class(NULL, "%rd7") == PTX_RC_B64 && ptx_reg_class(NULL, "%rd8") == PTX_RC_NONE);
    CHECK(ptx_reg_class(NULL, "%r15") == PTX_RC_B32 && ptx_reg_class(NULL, "%p3") == PTX_RC_PRED);
    ptx_regs_default(&regs);
    CHECK(regs.n == 6 && ptx_reg_class(&regs, "%rs7") == PTX_RC_B16 && ptx_reg_class(&regs, "%fd4") == PTX_RC_NONE);
    /* one operand more than the longest form is judged as such, not lexed past the table */
    CHECK(ptx_decode_line("cp.async.bulk.prefetch.L2.global [%rd1], 1, 2, 3, 4, 5, 6, 7, 8;", SM90A, &in, &err) ==
              PTX_ERROR &&
          err.cause == PTX_CAUSE_OPERANDS);
}

static void test_cause_map(void)
{
    CHECK(ptx_cause_of_ptxas_message("Modifier '.2d' cannot be combined with modifier '.im2col'") == PTX_CAUSE_COMBINATION);
    CHECK(ptx_cause_of_ptxas_message("Multiple state spaces specified") == PTX_CAUSE_SPACE_MULTIPLE);
    CHECK(ptx_cause_of_ptxas_message("Multiple .read modifiers specified") == PTX_CAUSE_REPEATED);
    CHECK(ptx_cause_of_ptxas_message("Feature '.cp_mask' requires .target sm_100 or higher") == PTX_CAUSE_TARGET);
    CHECK(ptx_cause_of_ptxas_message("'.noftz' modifier required for instruction 'red' with type '.f16'") == PTX_CAUSE_MISSING_MODIFIER);
    CHECK(ptx_cause_of_ptxas_message("Arguments mismatch for instruction 'red'") == PTX_CAUSE_OPERANDS);
    CHECK(ptx_cause_of_ptxas_message("") == PTX_CAUSE_NONE);
}

int main(void)
{
    test_forms();
    test_rules();
    test_fields();
    test_regs();
    test_cause_map();
    return check_finish("test_ptx_decode");
}
