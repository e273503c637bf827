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

  // The mbarrier port.
  logic mb_valid = 0, mb_ready = 0, mb_rsp = 0;
  logic [3:0]  mb_cta = 0;
  logic [23:0] mb_addr = 0;
  logic [31:0] mb_tx = 0;
  tce_mbar_assert u_mbar (.clk, .rst_n, .req_valid(mb_valid), .req_ready(mb_ready),
                          .req_cta(mb_cta), .req_addr(mb_addr), .req_tx_count(mb_tx),
                          .rsp_valid(mb_rsp));

  // The read-modify-write overlap rule: the same AW channel, reads of its own (a
  // reduction's ARs).
  logic bvalid = 0, rd_arvalid = 0;
  tce_rmw_assert #(.DATA_W(256)) u_rmw (.clk, .rst_n, .awvalid, .awready, .awaddr, .awlen,
                                        .arvalid(rd_arvalid), .arready, .araddr, .arlen,
                                        .bvalid);

  // tce_rmw_global itself (its FIFO checks under TCE_ASSERT), idle but for a B response
  // when asked.
  logic rg_b = 0;
  /* verilator lint_off PINCONNECTEMPTY */
  tce_rmw_global #(.DATA_W(256), .ID_W(4)) u_rmw_global (
    .clk, .rst_n, .reduce_in(1'b0), .clear(1'b0),
    .u_awvalid(1'b0), .u_awready(), .u_aw('0), .u_wvalid(1'b0), .u_wready(), .u_w('0),
    .u_bvalid(), .u_b(), .awvalid(), .awready(1'b1), .axi_aw(), .wvalid(), .wready(1'b1),
    .axi_w(), .bvalid(rg_b), .axi_b('0), .arvalid(), .arready(1'b1), .axi_ar(),
    .rvalid(1'b0), .rready(), .axi_r('0),
    .ru_in_valid(), .ru_in_ready(1'b1), .ru_in_mem(), .ru_in_src(), .ru_in_be(),
    .ru_in_last(), .ru_out_valid(1'b0), .ru_out_ready(), .ru_out_data(256'd0),
    .ru_out_be(32'd0), .ru_out_last(1'b0));
  /* verilator lint_on PINCONNECTEMPTY */

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
    // The mbarrier port: a request held two cycles before ready, its response, then the
    // violations asked for.
    mb_valid = 1; mb_cta = 4'd1; mb_addr = 24'h40; mb_tx = 32'd4096; step;
    if (which == "mbar_change") mb_tx = 32'd4097;
    step; mb_ready = 1; step; mb_valid = 0; mb_ready = 0; mb_rsp = 1; step; mb_rsp = 0;
    if (which == "mbar_tx") begin mb_valid = 1; mb_ready = 1; mb_tx = 32'h100000; step; end
    mb_valid = 0; mb_ready = 0;
    if (which == "mbar_rsp") begin mb_rsp = 1; step; mb_rsp = 0; end
    step;
    // The overlap rule: the write above ([0xF80, 0x1000)) has no B yet: a reduction's read
    // of its neighbours, or of its bytes when asked; then the B responses of both bursts,
    // and one more when asked.
    rd_arvalid = 1; arready = 1; araddr = 64'h1000; arlen = 8'd3; step;
    if (which == "rmw_overlap") begin araddr = 64'hFC0; arlen = 8'd0; step; end
    rd_arvalid = 0; arready = 0;
    bvalid = 1; step; step;
    if (which == "rmw_b") step;
    bvalid = 0; step;
    // tce_rmw_global's range FIFO: a B response with no write in flight, when asked.
    rg_b = (which == "rmw_fifo"); step; rg_b = 0; step;
    $display("tb_assert: case %s ran to the end", which);
    $finish;
  end
endmodule
