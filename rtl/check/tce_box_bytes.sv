// The last rule of the golden model's descriptor unpack (csim/encode_rules.c
// tce_encode_box_bytes): a box of more than TCE_DESC_MAX_BOX_BYTES (227 KB) in the
// driver's own count is BAD_DESCRIPTOR, whatever the operation. The count is
// floor(boxDim[i] / elementStrides[i]) over the rank's dims (dim 0 included) times the
// element's global bits / 8 for a tiled map, channelsPerPixel * pixelsPerColumn * bits / 8
// for an im2col one. Not in the combinational tce_desc_rules: its products are pipelined
// like tce_tile_check's descriptor side, with one DSP48 multiply a stage at most.
//
// Each stage registers every cycle from `desc` alone (no valid, no reset): `over` is right
// from the sixth edge after the descriptor last changed; tce_tile_check's verdict on a
// descriptor just written comes no earlier than that.
// A descriptor the other rules refuse may give any value here; it is BAD_DESCRIPTOR anyway.
module tce_box_bytes (
    input  logic          clk,
    input  logic [1023:0] desc,
    output logic          over
);
  localparam int unsigned BOX_OFF = tce_desc_pkg::DESC_BOX_M1_OFFSET;
  localparam int unsigned EST_OFF = tce_desc_pkg::DESC_ESTRIDE_M1_OFFSET;
  // over <=> elements * bits > MAX * 8 <=> elements * bits >= (MAX + 1) * 8 (floor of /8).
  // Products are saturated at SAT >= that bound, so they stay a DSP48 wide.
  localparam int unsigned LIMIT = (tce_desc_pkg::TCE_DESC_MAX_BOX_BYTES + 1) * 8;
  localparam int W = $clog2(LIMIT + 1);
  localparam logic [W-1:0] SAT = W'(LIMIT);

  wire [7:0]  kind   = desc[(tce_desc_pkg::DESC_KIND_OFFSET)*8 +: 8];
  wire [7:0]  dtype  = desc[(tce_desc_pkg::DESC_DTYPE_OFFSET)*8 +: 8];
  wire [7:0]  rank   = desc[(tce_desc_pkg::DESC_RANK_OFFSET)*8 +: 8];
  wire [15:0] chans  = desc[(tce_desc_pkg::DESC_CHANNELS_OFFSET)*8 +: 16];
  wire [15:0] pixels = desc[(tce_desc_pkg::DESC_PIXELS_OFFSET)*8 +: 16];

  // floor(a / d) for a in 1..256, d in 1..8 as (a * R) >> 11, R = ceil(2^11 / d): exact,
  // since the rounding error a * (R - 2^11/d) / 2^11 (at most 0.084) never reaches the next
  // integer, at least 1/d >= 0.125 above a/d unless a/d is one.
  function automatic logic [11:0] recip(input logic [2:0] d_m1);
    case (d_m1)
      3'd0: recip = 12'd2048;
      3'd1: recip = 12'd1024;
      3'd2: recip = 12'd683;
      3'd3: recip = 12'd512;
      3'd4: recip = 12'd410;
      3'd5: recip = 12'd342;
      3'd6: recip = 12'd293;
      default: recip = 12'd256;
    endcase
  endfunction

  function automatic logic [W-1:0] sat(input logic [2*W-1:0] x);
    sat = (x >= (2*W)'(SAT)) ? SAT : x[W-1:0];
  endfunction

  // the element's bits in global memory (csim/encode_rules.c global_bits)
  logic [6:0] bits;
  always_comb begin
    case (dtype)
      8'd0: bits = 7'd8;
      8'd1, 8'd6, 8'd9: bits = 7'd16;
      8'd2, 8'd3, 8'd7, 8'd10, 8'd11, 8'd12: bits = 7'd32;
      8'd4, 8'd5, 8'd8: bits = 7'd64;
      8'd13, 8'd14: bits = 7'd4;
      8'd15: bits = 7'd6;
      default: bits = 7'd0;
    endcase
  end

  logic [20:0]  q_q [0:4];     // stage 1: box * recip per dim (the floor in bits 19:11)
  logic [4:0]   in_rank_q;
  logic [26:0]  cp_q;          // channels * pixels
  logic         tiled_q, tiled2_q;
  logic [6:0]   bits_q, bits2_q;
  logic [8:0]   fl_q [0:4];    // stage 2: the floors, 1 for dims beyond the rank
  logic [W-1:0] cps_q;         // stage 2: the im2col count, saturated
  logic [W-1:0] a_q;           // stage 3: a pair product (tiled) or the im2col count
  logic [32:0]  ab_q;          // stage 4: a_q x b_q, not saturated (below 2^33)
  logic [16:0]  b_q;           // stage 3: the other pair product (<= 2^16; 1 for im2col)
  logic [15:0]  c_q, c2_q;     // stage 3, 4: dim 4's count times the bits
  logic [W+15:0] pl_q;         // stage 5: the last product (below 2^(W+16))
  logic         hi_q;          // stage 5: a_q x b_q was 2^W or more, and the bits are not 0
  always_ff @(posedge clk) begin
    // stage 1
    for (int i = 0; i < 5; i++) begin
      q_q[i] <= (21'(desc[(BOX_OFF + i)*8 +: 8]) + 21'd1) * 21'(recip(desc[(EST_OFF + i)*8 +: 3]));
      in_rank_q[i] <= i < 32'(rank);
    end
    cp_q <= 27'(chans) * 27'(pixels[10:0]);
    tiled_q <= kind == 8'd0;
    bits_q <= bits;
    // stage 2: the floors (dims beyond the rank count one), registered so that the pair
    // products' DSP48s take them from flip-flops: the select in front of a multiply was the
    // slowest path of tce_tile_check alone (5.32 ns at lite)
    for (int i = 0; i < 5; i++) fl_q[i] <= in_rank_q[i] ? q_q[i][19:11] : 9'd1;
    cps_q <= sat((2*W)'(cp_q));
    tiled2_q <= tiled_q;
    bits2_q <= bits_q;
    // stage 3: pair products
    // (a pair of counts up to 256 is at most 2^16, below SAT: no saturation, and 17-bit
    // factors keep the next product one DSP48)
    a_q <= tiled2_q ? W'(17'(fl_q[0]) * 17'(fl_q[1])) : cps_q;
    b_q <= tiled2_q ? 17'(fl_q[2]) * 17'(fl_q[3]) : 17'd1;
    c_q <= tiled2_q ? 16'(fl_q[4]) * 16'(bits2_q) : 16'(bits2_q);
    // stage 4: one product a stage (a W x 17-bit multiply, one DSP48), the saturation after
    ab_q <= 33'(a_q) * 33'(b_q);
    c2_q <= c_q;
    // stage 5: the last product, registered (the DSP48's output register); stage 6: its
    // compare with LIMIT (product and compare in one stage were 6.9 ns, the check's
    // slowest path). A product of 2^W > LIMIT or more is over unless the bits are 0.
    pl_q <= (W + 16)'(ab_q[W-1:0]) * (W + 16)'(c2_q);
    hi_q <= ab_q[32:W] != '0 && c2_q != 16'd0;
    over <= hi_q || pl_q >= (W + 16)'(LIMIT);
  end
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused = ^{chans, pixels[15:11], q_q[0][20], q_q[0][10:0], q_q[1][20], q_q[1][10:0],
                  q_q[2][20], q_q[2][10:0], q_q[3][20], q_q[3][10:0], q_q[4][20], q_q[4][10:0]};
  /* verilator lint_on UNUSEDSIGNAL */
endmodule
