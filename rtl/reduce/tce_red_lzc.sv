// Leading-zero count of a W-bit value by binary search from the top, log2(W) steps deep, so
// the renormalising stage of the float adders is not a W-deep priority chain. An all-zero
// value counts W. Combinational.
module tce_red_lzc #(
    parameter int W  = 56,
    parameter int CW = $clog2(W + 1)  // width of the count (keep the default)
) (
    input  logic [W-1:0]  v,
    output logic [CW-1:0] count
);
  // Padding the value below with ones to P = 2^CW > W bits stops the search at W for an
  // all-zero value.
  localparam int P = 1 << CW;

  logic [P-1:0] x;

  always_comb begin
    x = {v, {(P - W) {1'b1}}};
    // Step j (widest first) asks whether the top 2^j bits still to be examined are all
    // zero; if so, bit j of the count is set and they are shifted out.
    for (int j = CW - 1; j >= 0; j--) begin
      count[j] = (x & ~({P{1'b1}} >> (1 << j))) == '0;
      if (count[j]) x = x << (1 << j);
    end
  end
endmodule
