// Checks of the engine's mbarrier complete-tx port (tce_engine mb_req_* / mb_rsp_*), for
// simulation only (built like tce_axi_assert, under TCE_ASSERT). The port's rules
// (docs/rtl.md, "mbarrier port"):
//   - a request, once valid, holds valid, CTA, address and count until ready
//   - a count is a txCount the mbarrier takes: at most 2^20-1 bytes (csim/mbarrier.h;
//     more would leave the tx-count's range)
//   - one response per request, in order: never a response with no request outstanding
module tce_mbar_assert (
    input logic        clk,
    input logic        rst_n,
    input logic        req_valid,
    input logic        req_ready,
    input logic [3:0]  req_cta,
    input logic [23:0] req_addr,
    input logic [31:0] req_tx_count,
    input logic        rsp_valid
);
  localparam int PW = 4 + 24 + 32;
  wire [PW-1:0] req = {req_cta, req_addr, req_tx_count};
  logic          wait_q;
  logic [PW-1:0] req_q;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) wait_q <= 1'b0;
    else wait_q <= req_valid && !req_ready;
  end
  always_ff @(posedge clk) req_q <= req;

  int unsigned outstanding;
  /* verilator lint_off BLKSEQ */
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      outstanding = 0;
    end else begin
      assert (!wait_q || (req_valid && req == req_q))
        else $error("mbarrier port: valid or payload changed before ready");
      assert (!req_valid || req_tx_count <= 32'hFFFFF)
        else $error("mbarrier port: complete-tx of %0d bytes, past the tx-count's 2^20-1",
                    req_tx_count);
      // A response may come in the cycle its request is taken (a memory that answers at once).
      outstanding = outstanding + ((req_valid && req_ready) ? 1 : 0);
      assert (!rsp_valid || outstanding != 0)
        else $error("mbarrier port: a response with no request outstanding");
      if (rsp_valid && outstanding != 0) outstanding = outstanding - 1;
    end
  end
  /* verilator lint_on BLKSEQ */
endmodule
