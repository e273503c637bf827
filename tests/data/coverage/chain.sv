// The check units' style of ordered checks (tce_tile_check, tce_im2col_check, tce_cmd_exec):
// the first rule that fails sets `bad` and names itself. Each arm is taken by one value of
// sel, so a coverage build that counts right covers every arm (cmake/coverage_chain.cmake).
module tce_cov_chain (
    input  logic [2:0] sel,
    output logic [2:0] arm
);
  always_comb begin
    logic bad;
    bad = 1'b0;
    arm = 3'd0;
    if (!bad && sel == 3'd1) begin bad = 1'b1; arm = 3'd1; end
    if (!bad && sel == 3'd2) begin bad = 1'b1; arm = 3'd2; end
    if (!bad && sel == 3'd3) begin bad = 1'b1; arm = 3'd3; end
  end
endmodule
