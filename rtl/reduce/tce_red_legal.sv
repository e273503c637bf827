// Is (family, op, element type, noftz) a legal reduction? The same table as
// tce_arith_legal (csim/arith.c, docs/arithmetic.md "Legal op/type pairs"): the PTX op/type
// tables, plus ptxas's .noftz rule. The unit leaves memory unchanged for an illegal beat and
// flags it, so a front end that missed a trap can never write a made-up value.
module tce_red_legal (
    input  logic [2:0] ctx,
    input  logic [2:0] op,
    input  logic [3:0] etype,
    input  logic       noftz,
    output logic       legal
);
  // One bit per tce_etype value (bit i: etype i is accepted).
  localparam logic [9:0] B32  = 10'b00_0000_0001;
  localparam logic [9:0] B64  = 10'b00_0000_0010;
  localparam logic [9:0] U32  = 10'b00_0000_0100;
  localparam logic [9:0] S32  = 10'b00_0000_1000;
  localparam logic [9:0] U64  = 10'b00_0001_0000;
  localparam logic [9:0] S64  = 10'b00_0010_0000;
  localparam logic [9:0] F16  = 10'b00_0100_0000;
  localparam logic [9:0] BF16 = 10'b00_1000_0000;
  localparam logic [9:0] F32  = 10'b01_0000_0000;
  localparam logic [9:0] F64  = 10'b10_0000_0000;

  logic [9:0] types;  // element types this family accepts for this op
  logic       in_table, is_half;

  always_comb begin
    types = '0;
    case (ctx)
      tce_red_pkg::CTX_BULK_REDUCE, tce_red_pkg::CTX_RED_GLOBAL:
        case (op)
          tce_red_pkg::RED_ADD: types = U32 | S32 | U64 | F32 | F64 | F16 | BF16;
          tce_red_pkg::RED_MIN, tce_red_pkg::RED_MAX: types = U32 | S32 | U64 | S64 | F16 | BF16;
          tce_red_pkg::RED_INC, tce_red_pkg::RED_DEC: types = U32;
          default: types = B32 | B64;  // and, or, xor
        endcase
      tce_red_pkg::CTX_TENSOR_REDUCE:
        case (op)
          // f64: the H100 adds into FLOAT64 tensors (tests/data/probes/reduce_types.txt)
          tce_red_pkg::RED_ADD: types = U32 | S32 | U64 | F32 | F64 | F16 | BF16;
          tce_red_pkg::RED_MIN, tce_red_pkg::RED_MAX: types = U32 | S32 | U64 | S64 | F16 | BF16;
          tce_red_pkg::RED_INC, tce_red_pkg::RED_DEC: types = U32;
          default: types = B32 | B64;
        endcase
      tce_red_pkg::CTX_RED_SHARED:
        case (op)
          tce_red_pkg::RED_ADD: types = U32 | S32 | U64 | F32 | F64 | F16 | BF16;
          tce_red_pkg::RED_MIN, tce_red_pkg::RED_MAX: types = U32 | S32 | U64 | S64;
          tce_red_pkg::RED_INC, tce_red_pkg::RED_DEC: types = U32;
          default: types = B32 | B64;
        endcase
      tce_red_pkg::CTX_BULK_REDUCE_CLUSTER:
        case (op)
          tce_red_pkg::RED_ADD: types = U32 | S32 | U64;
          tce_red_pkg::RED_MIN, tce_red_pkg::RED_MAX: types = U32 | S32;
          tce_red_pkg::RED_INC, tce_red_pkg::RED_DEC: types = U32;
          default: types = B32;
        endcase
      default: types = '0;  // not a family
    endcase

    in_table = (etype <= tce_red_pkg::ET_F64) && types[etype];
    is_half  = (etype == tce_red_pkg::ET_F16) || (etype == tce_red_pkg::ET_BF16);

    // .noftz exists only for f16/bf16 and is mandatory there for add (ptxas), and for
    // red.global's f16/bf16 min/max vectors; cp.reduce.async.bulk's f16/bf16 min/max take
    // none. Tensor reduces have no .noftz: there the bit carries the dtype's f32 rule.
    if (!in_table)
      legal = 1'b0;
    else if (ctx == tce_red_pkg::CTX_TENSOR_REDUCE)
      legal = 1'b1;
    else if (is_half && op == tce_red_pkg::RED_ADD)
      legal = noftz;
    else if (is_half)
      legal = (ctx == tce_red_pkg::CTX_RED_GLOBAL) ? noftz : !noftz;
    else
      legal = !noftz;
  end
endmodule
