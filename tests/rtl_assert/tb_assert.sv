// Drives the simulation-only checkers (rtl/assert/, and tce_fifo's under TCE_ASSERT) with a
// legal AXI, shared-memory port and queue sequence, then with the one violation +case=NAME names, so CTest rtl-assert can show that
// each rule passes what is legal and stops what is not (tests/rtl_assert/check.cmake).
module tb_assert;
  logic clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;

  logic awvalid = 0, awready = 0, wvalid = 0, wready = 0, wlast = 0, arvalid = 0, arready = 0;
  logic [3:0]  awid = 0, arid = 0;
  logic [63:0] awaddr = 0, araddr = 0;
  logic [7:0]  awlen = 0, arlen = 0;
  logic [2:0]  awsize = 3'd5, arsize = 3'd5;   // 32-byte beats
  logic [1:0]  awburst = 2'd1, arburst = 2'd1;
  logic [255:0] wdata = 0;
  logic [31:0]  wstrb = 0;
  logic [2:0]  owner = 0;
  logic sm_valid = 0, sm_ready = 1, sm_rsp = 0;

  tce_axi_assert #(.DATA_W(256), .ID_W(4)) u_axi (.*);
  tce_smem_owner_assert u_owner (.clk, .rst_n, .owner, .req_valid(sm_valid),
                                 .req_ready(sm_ready), .rsp_valid(sm_rsp));

  // The command queue's FIFO at depth 2: a third push without a pop overflows it.
  logic q_push = 0, q_pop = 0;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [7:0] q_head;
  logic q_empty, q_full;
  logic [1:0] q_count;
  /* verilator lint_on UNUSEDSIGNAL */
  tce_fifo #(.WIDTH(8), .DEPTH(2)) u_fifo (.clk, .rst_n, .flush(1'b0), .push(q_push),
      .push_data(8'd1), .pop(q_pop), .head(q_head), .empty(q_empty), .full(q_full),
      .count(q_count));

  string which;
  task automatic step; @(posedge clk); #1; endtask

  initial begin
    if (!$value$plusargs("case=%s", which)) which = "legal";
    step; rst_n = 1'b1; step;
    // A legal write: AW held two cycles before awready, then 4 beats (awlen 3) ending at
    // the 4 KB boundary, the second beat held over a wready stall.
    awvalid = 1; awaddr = 64'h1000 - 64'd128; awlen = 8'd3; step;
    if (which == "aw_change") awaddr = awaddr + 64'd32;
    step; awready = 1; step; awvalid = 0; awready = 0;
    wvalid = 1; wready = 1; wdata = 256'd1; step;
    wready = 0; wdata = 256'd2; step;
    if (which == "w_change") wdata = 256'd7;
    step; wready = 1; step;
    wdata = 256'd3; step;
    wdata = 256'd4; wlast = (which != "w_beats"); step;
    if (which == "w_beats") begin wdata = 256'd5; wlast = 1; step; end
    wvalid = 0; wlast = 0;
    // Legal reads (the second starts inside its first beat and ends at the boundary), then
    // one across the 4 KB boundary when asked.
    arvalid = 1; arready = 1; araddr = 64'h2000; arlen = 8'd127; step;
    araddr = 64'h1010; step;
    if (which == "cross_4k") begin araddr = 64'h2fe0; arlen = 8'd1; step; end
    arvalid = 0; arready = 0;
    // The shared-memory port: a request, its response, then a new owner.
    sm_valid = 1; step; sm_valid = 0;
    if (which == "owner") owner = 3'd1;
    step; sm_rsp = 1; step; sm_rsp = 0; owner = 3'd2; step; step;
    // The queue: filled to its depth, then a push only when asked.
    q_push = 1; step; step; q_push = (which == "fifo_full"); step; q_push = 0; step;
    $display("tb_assert: case %s ran to the end", which);
    $finish;
  end
endmodule
