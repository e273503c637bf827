// A W-bit value delayed by DEPTH register stages. Stage k loads from the stage before it
// when en[k] is high: the unit raises it when a beat is there to move and the pipeline
// advances (it stalls as a whole), so stages without a beat hold still and cost the
// simulation nothing. Data only, no reset: the valid bits travel separately.
module tce_red_delay #(
    parameter int W     = 1,
    parameter int DEPTH = 1
) (
    input  logic             clk,
    input  logic [DEPTH-1:0] en,
    input  logic [W-1:0]     d,
    output logic [W-1:0]     q
);
  // One register per stage; stage k holds the value of the beat k+1 stages back.
  // Stage k is bits [k*W +: W] of one flat vector: yosys 0.23 reads neither packed 2-D
  // arrays nor (without a warning) an unpacked array of registers.
  logic [DEPTH*W-1:0] stage_q;

  always_ff @(posedge clk) begin
    if (en[0]) stage_q[0+:W] <= d;
    for (int k = 1; k < DEPTH; k++)
      if (en[k]) stage_q[k*W+:W] <= stage_q[(k-1)*W+:W];
  end
  assign q = stage_q[(DEPTH-1)*W+:W];
endmodule
