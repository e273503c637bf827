// Operation vocabulary the engine decodes from a command: the numeric values of tce_op_kind,
// tce_space, tce_completion (csim/op.h) and tce_status (csim/tce_types.h). The C headers
// are the definition; these values must stay equal to theirs because software writes the
// C enum values into command words and reads them back from ERR_CODE.
// Names not used by this build of the engine stay here so the package reads as the whole
// list, hence the waiver.
// verilator lint_off UNUSEDPARAM
package tce_op_pkg;

  // tce_op_kind
  localparam logic [3:0] OP_BULK_COPY       = 4'd0;
  localparam logic [3:0] OP_BULK_REDUCE     = 4'd1;
  localparam logic [3:0] OP_BULK_PREFETCH   = 4'd2;
  localparam logic [3:0] OP_TENSOR_LOAD     = 4'd3;
  localparam logic [3:0] OP_TENSOR_STORE    = 4'd4;
  localparam logic [3:0] OP_TENSOR_REDUCE   = 4'd5;
  localparam logic [3:0] OP_TENSOR_PREFETCH = 4'd6;
  localparam logic [3:0] OP_RED             = 4'd7;
  localparam logic [3:0] OP_MULTIMEM_COPY   = 4'd8;

  // tce_space
  localparam logic [1:0] SPACE_GLOBAL         = 2'd0;
  localparam logic [1:0] SPACE_SHARED_CTA     = 2'd1;
  localparam logic [1:0] SPACE_SHARED_CLUSTER = 2'd2;

  // tce_completion
  localparam logic [1:0] DONE_NONE       = 2'd0;
  localparam logic [1:0] DONE_MBARRIER   = 2'd1;
  localparam logic [1:0] DONE_BULK_GROUP = 2'd2;

  // tce_status (the codes ERR_CODE.CODE reports)
  localparam logic [7:0] ST_OK            = 8'd0;
  localparam logic [7:0] ST_ILLEGAL_INSTR = 8'd1;
  localparam logic [7:0] ST_MISALIGNED    = 8'd2;
  localparam logic [7:0] ST_BAD_DESCRIPTOR = 8'd3;
  localparam logic [7:0] ST_UNDEFINED     = 8'd4;
  localparam logic [7:0] ST_GLOBAL_BUS    = 8'd5;
  localparam logic [7:0] ST_SHARED_RANGE  = 8'd6;
  localparam logic [7:0] ST_UNSUPPORTED   = 8'd7;

  // Shared-memory port request kinds (docs/rtl.md, "Shared-memory port"). Kinds 2 and 3
  // are not used: complete-tx has the mbarrier port of its own.
  localparam logic [1:0] SM_READ        = 2'd0;
  localparam logic [1:0] SM_WRITE       = 2'd1;

endpackage
// verilator lint_on UNUSEDPARAM
