// A W-bit value delayed by DEPTH register stages that all advance together on `adv` (the
// unit's pipeline stalls as a whole). Data only, no reset: the valid bits travel separately.
module tce_red_delay #(
    parameter int W     = 1,
    parameter int DEPTH = 1
) (
    input  logic         clk,
    input  logic         adv,
    input  logic [W-1:0] d,
    output logic [W-1:0] q
);
  // One register per stage; stage k holds the value taken k+1 advances ago.
  // Stage k is bits [k*W +: W] of one flat vector: yosys 0.23 reads neither packed 2-D
  // arrays nor (without a warning) an unpacked array of registers.
  logic [DEPTH*W-1:0] stage_q;

  always_ff @(posedge clk) begin
    if (adv) begin
      stage_q[0+:W] <= d;
      for (int k = 1; k < DEPTH; k++) stage_q[k*W+:W] <= stage_q[(k-1)*W+:W];
    end
  end
  assign q = stage_q[(DEPTH-1)*W+:W];
endmodule
