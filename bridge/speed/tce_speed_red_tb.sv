// The simulator-speed workload of `tce bench --sim` (docs/sim_speed.md): the reduction unit
// (rtl/reduce/tce_red_unit.sv) offered beats back to back from xorshift64 generators, its
// results folded into a checksum. It is the largest part of the design that Icarus Verilog
// 11 compiles unchanged (tce_engine is not: docs/sim_speed.md says why), so Verilator and
// Icarus run exactly this module, and equal checksums after the same number of cycles show
// that both simulated the same thing. Only the clock and reset come from outside: from
// C++ in the Verilated build (tce_speed.cpp), from tce_speed_red_icarus.sv for Icarus.
module tce_speed_red_tb (
    input  logic        clk,
    input  logic        rst_n,
    output logic [63:0] cksum,  // fold of every result beat taken
    output logic [63:0] beats   // result beats taken
);
  localparam int DATA_W = 256;

  // Four xorshift64 generators fill a beat's source and memory halves; a fifth picks the
  // operation. Arithmetic families keep the float and integer adders busy. They step when
  // the unit takes the beat (an f16/bf16/f64 add is taken in its second cycle).
  logic [63:0] x0, x1, x2, x3, xs;
  logic        in_ready;
  // As in the engine, the operation is a command's: it holds for 16 beats, and a new one
  // stands on the ports for a cycle with no beat before its first (the unit's decode is
  // registered, docs/reduction_unit.md).
  logic [3:0]  kind, left;
  logic        notice;
  wire         take = !notice && in_ready;

  function automatic logic [63:0] xorshift(input logic [63:0] v);
    logic [63:0] t;
    t = v ^ (v << 13);
    t = t ^ (t >> 7);
    xorshift = t ^ (t << 17);
  endfunction

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      x0 <= 64'h9E3779B97F4A7C15;
      x1 <= 64'hBF58476D1CE4E5B9;
      x2 <= 64'h94D049BB133111EB;
      x3 <= 64'h2545F4914F6CDD1D;
      xs <= 64'h0123456789ABCDEF;
    end else if (take) begin
      x0 <= xorshift(x0);
      x1 <= xorshift(x1);
      x2 <= xorshift(x2);
      x3 <= xorshift(x3);
      xs <= xorshift(xs);
    end
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      kind   <= 4'd0;
      left   <= 4'd15;
      notice <= 1'b1;
    end else if (notice) begin
      notice <= 1'b0;
    end else if (take) begin
      left <= left - 4'd1;
      if (left == 4'd0) begin
        kind   <= xs[3:0];
        notice <= 1'b1;
      end
    end
  end

  // Legal (op, type) pairs of red.shared (tce_red_legal): add on every type, min/max on
  // the integers.
  logic [2:0] op;
  logic [3:0] etype;
  always_comb begin
    case (kind)
      4'd0: begin op = tce_red_pkg::RED_ADD; etype = tce_red_pkg::ET_F16; end
      4'd1: begin op = tce_red_pkg::RED_ADD; etype = tce_red_pkg::ET_BF16; end
      4'd2: begin op = tce_red_pkg::RED_ADD; etype = tce_red_pkg::ET_F32; end
      4'd3: begin op = tce_red_pkg::RED_ADD; etype = tce_red_pkg::ET_F64; end
      4'd4: begin op = tce_red_pkg::RED_ADD; etype = tce_red_pkg::ET_U32; end
      4'd5: begin op = tce_red_pkg::RED_ADD; etype = tce_red_pkg::ET_S32; end
      4'd6: begin op = tce_red_pkg::RED_ADD; etype = tce_red_pkg::ET_U64; end
      4'd7: begin op = tce_red_pkg::RED_MIN; etype = tce_red_pkg::ET_S32; end
      4'd8: begin op = tce_red_pkg::RED_MAX; etype = tce_red_pkg::ET_U64; end
      4'd9: begin op = tce_red_pkg::RED_MIN; etype = tce_red_pkg::ET_S64; end
      4'd10: begin op = tce_red_pkg::RED_INC; etype = tce_red_pkg::ET_U32; end
      4'd11: begin op = tce_red_pkg::RED_XOR; etype = tce_red_pkg::ET_B64; end
      4'd12: begin op = tce_red_pkg::RED_ADD; etype = tce_red_pkg::ET_F32; end
      4'd13: begin op = tce_red_pkg::RED_ADD; etype = tce_red_pkg::ET_F16; end
      4'd14: begin op = tce_red_pkg::RED_ADD; etype = tce_red_pkg::ET_F64; end
      default: begin op = tce_red_pkg::RED_MAX; etype = tce_red_pkg::ET_U32; end
    endcase
  end

  logic                out_valid, out_illegal;
  logic [DATA_W-1:0]   out_data;
  logic [DATA_W/8-1:0] out_be;
  logic [15:0]         out_tag;

  tce_red_unit #(.DATA_W(DATA_W), .TAG_W(16)) u_red (
      .clk(clk), .rst_n(rst_n),
      .in_valid(!notice), .in_ready(in_ready),
      .in_mem({x1, x0, x3, x2}), .in_src({x2, x3, x0, x1}),
      .in_be({xs[63:40], 8'hFF}), .in_op(op), .in_etype(etype),
      .in_ctx(tce_red_pkg::CTX_RED_SHARED), .in_noftz(1'b0), .in_tag(xs[31:16]),
      .out_valid(out_valid), .out_ready(1'b1), .out_data(out_data), .out_be(out_be),
      .out_illegal(out_illegal), .out_tag(out_tag));

  // Rotate-and-xor: a result that differs anywhere, or arrives in another cycle, changes it.
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      cksum <= 64'd0;
      beats <= 64'd0;
    end else if (out_valid) begin
      cksum <= {cksum[62:0], cksum[63]} ^ out_data[63:0] ^ out_data[127:64] ^
               out_data[191:128] ^ out_data[255:192] ^ {out_be, out_tag, 15'd0, out_illegal};
      beats <= beats + 64'd1;
    end
  end
endmodule
