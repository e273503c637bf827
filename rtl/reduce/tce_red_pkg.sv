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

  // The one-stage lanes, as functions so the unit can evaluate them inside the clocked
  // block that registers them, only for a beat of their type (docs/sim_speed.md).

  // One integer lane: mem = op(mem, src) as tce_int_apply (csim/arith_int.c) and the PTX
  // "Semantics" sections define it: add wraps; min/max compare signed or unsigned;
  // and/or/xor are bitwise; inc(r, s) = r >= s ? 0 : r + 1; dec(r, s) = (r == 0 || r > s) ?
  // s : r - 1, with r the memory value and s the source, both unsigned. A 32-bit lane
  // (w32) passes its operands zero-extended and keeps the low half of the result: every op
  // gives the same low 32 bits that way, given the signed flip at bit 31.
  function automatic logic [63:0] int_lane(input logic [2:0] op, input logic is_signed,
                                           input logic w32, input logic [63:0] mem,
                                           input logic [63:0] src);
    logic        flip, src_lt, src_gt;
    logic [63:0] kmem, ksrc, addend, sum;
    begin
      // One comparator serves every op. Flipping the sign bit maps two's-complement order
      // onto unsigned order for a signed min/max; inc/dec compare unsigned whatever the type.
      flip   = is_signed && (op == RED_MIN || op == RED_MAX);
      kmem   = mem ^ {flip && !w32, 31'd0, flip && w32, 31'd0};
      ksrc   = src ^ {flip && !w32, 31'd0, flip && w32, 31'd0};
      src_lt = ksrc < kmem;
      src_gt = ksrc > kmem;
      // One adder too: mem + src for add, mem + 1 for inc, mem - 1 (mem + all ones) for dec.
      if (op == RED_ADD)
        addend = src;
      else if (op == RED_INC)
        addend = 64'd1;
      else
        addend = {64{1'b1}};
      sum = mem + addend;
      case (op)
        RED_ADD: int_lane = sum;
        RED_MIN: int_lane = src_lt ? src : mem;
        RED_MAX: int_lane = src_gt ? src : mem;
        RED_INC: int_lane = src_gt ? sum : 64'd0;  // mem >= src ? 0 : mem + 1
        RED_DEC: int_lane = (mem == 64'd0 || src_lt) ? src : sum;
        RED_AND: int_lane = mem & src;
        RED_OR:  int_lane = mem | src;
        default: int_lane = mem ^ src;  // RED_XOR
      endcase
    end
  endfunction

  // One f16/bf16 min/max lane, as tce_fp_minmax (csim/arith_float.c) and the H100
  // (docs/arithmetic.md): a NaN operand is ignored (IEEE minNum/maxNum), two NaNs give the
  // canonical 0x7fff, -0 orders below +0, subnormals compare as they are. The two formats
  // differ only in where the exponent field ends.
  function automatic logic [15:0] minmax16(input logic is_bf16, input logic is_max,
                                           input logic [15:0] mem, input logic [15:0] src);
    logic        mem_nan, src_nan, src_wins;
    logic [15:0] kmem, ksrc;
    begin
      if (is_bf16) begin
        mem_nan = (&mem[14:7]) && (|mem[6:0]);
        src_nan = (&src[14:7]) && (|src[6:0]);
      end else begin
        mem_nan = (&mem[14:10]) && (|mem[9:0]);
        src_nan = (&src[14:10]) && (|src[9:0]);
      end
      // Sign-magnitude to a key that orders as unsigned: negative values reversed below the
      // positive ones, so -0 (key 0x7fff) sits just below +0 (key 0x8000).
      kmem     = mem[15] ? ~mem : {1'b1, mem[14:0]};
      ksrc     = src[15] ? ~src : {1'b1, src[14:0]};
      src_wins = is_max ? (ksrc > kmem) : (ksrc < kmem);
      if (mem_nan && src_nan)
        minmax16 = 16'h7fff;
      else if (mem_nan)
        minmax16 = src;
      else if (src_nan)
        minmax16 = mem;
      else
        minmax16 = src_wins ? src : mem;
    end
  endfunction

endpackage
// verilator lint_on UNUSEDPARAM
