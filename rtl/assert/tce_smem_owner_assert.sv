// Check, for simulation only (built like tce_axi_assert, under TCE_ASSERT), that the
// shared-memory data port changes owner (tce_cmd_exec's sm_owner) only with no request of
// the old owner outstanding: responses come back in request order with no tag, and the
// engine routes each to the current owner, so one left behind would reach the wrong unit.
module tce_smem_owner_assert (
    input logic       clk,
    input logic       rst_n,
    input logic [2:0] owner,
    input logic       req_valid,
    input logic       req_ready,
    input logic       rsp_valid
);
  int unsigned outstanding;
  logic [2:0]  owner_q;
  /* verilator lint_off BLKSEQ */
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      outstanding = 0;
      owner_q = owner;
    end else begin
      assert (owner == owner_q || outstanding == 0)
        else $error("shared-memory port: owner %0d -> %0d with %0d request(s) outstanding",
                    owner_q, owner, outstanding);
      outstanding = outstanding + ((req_valid && req_ready) ? 1 : 0) - (rsp_valid ? 1 : 0);
      owner_q = owner;
    end
  end
  /* verilator lint_on BLKSEQ */
endmodule
