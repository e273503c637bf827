// Vocabulary of the reduction unit: the numeric values of tce_redop, tce_etype
// (csim/tce_types.h) and tce_arith_ctx (csim/arith.h). The C headers are the definition;
// the engine passes the C enum values through unchanged, so these must stay equal to theirs
// (tests/rtl_units/test_rtl_reduce.c drives the C values and would see any drift).
// Some names are listed only so the package reads as the whole list, hence the waiver.
// verilator lint_off UNUSEDPARAM
package tce_red_pkg;

  // tce_redop
  localparam logic [2:0] RED_ADD = 3'd0;
  localparam logic [2:0] RED_MIN = 3'd1;
  localparam logic [2:0] RED_MAX = 3'd2;
  localparam logic [2:0] RED_INC = 3'd3;
  localparam logic [2:0] RED_DEC = 3'd4;
  localparam logic [2:0] RED_AND = 3'd5;
  localparam logic [2:0] RED_OR  = 3'd6;
  localparam logic [2:0] RED_XOR = 3'd7;

  // tce_etype
  localparam logic [3:0] ET_B32  = 4'd0;
  localparam logic [3:0] ET_B64  = 4'd1;
  localparam logic [3:0] ET_U32  = 4'd2;
  localparam logic [3:0] ET_S32  = 4'd3;
  localparam logic [3:0] ET_U64  = 4'd4;
  localparam logic [3:0] ET_S64  = 4'd5;
  localparam logic [3:0] ET_F16  = 4'd6;
  localparam logic [3:0] ET_BF16 = 4'd7;
  localparam logic [3:0] ET_F32  = 4'd8;
  localparam logic [3:0] ET_F64  = 4'd9;

  // tce_arith_ctx: the instruction family, which picks the flushing and NaN rules.
  localparam logic [2:0] CTX_BULK_REDUCE         = 3'd0;
  localparam logic [2:0] CTX_TENSOR_REDUCE       = 3'd1;
  localparam logic [2:0] CTX_RED_GLOBAL          = 3'd2;
  localparam logic [2:0] CTX_RED_SHARED          = 3'd3;
  localparam logic [2:0] CTX_BULK_REDUCE_CLUSTER = 3'd4;

  // Register stages from an accepted beat to its result (docs/reduction_unit.md).
  localparam int LATENCY = 5;

endpackage
// verilator lint_on UNUSEDPARAM
