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
  // One register per stage, each its own variable in its own block; stage k holds the
  // value of the beat k+1 stages back. (One flat vector read and assigned by one block made
  // the simulator zero a shadow copy of all stages, copy them in and back every cycle.) Not
  // a 2-D array: yosys 0.23 reads neither packed 2-D arrays nor (without a warning) an
  // unpacked array of registers.
  for (genvar k = 0; k < DEPTH; k++) begin : g_stage
    logic [W-1:0] r;
    if (k == 0) begin : g_first
      always_ff @(posedge clk) if (en[0]) r <= d;
    end else begin : g_next
      always_ff @(posedge clk) if (en[k]) r <= g_stage[k-1].r;
    end
  end
  assign q = g_stage[DEPTH-1].r;
endmodule
