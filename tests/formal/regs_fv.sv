// Formal wrapper of tce_regs (the AXI4-Lite register slave): its handshake rules for every
// master that follows AXI4-Lite (valid and payload held until ready: assumed here) and
// every behaviour of the executor and group tracker around it (free inputs).
//   - no response without a request: BVALID only when an AW and a W have been taken and
//     not answered, RVALID only when an AR has
//   - one response per request, in bounded time: B within 2 cycles of its AW and W, R two
//     cycles after its AR (the address is registered first; no request waits forever)
//   - BVALID and RVALID, once raised, hold with their payload (BRESP, RDATA, RRESP) until
//     BREADY / RREADY
//   - one transaction of each direction at a time, as the block's header says: AWREADY,
//     WREADY and ARREADY are high exactly when nothing of their kind is open
// The read data mux (u.rd) is cut loose (prove.sh -c): RDATA's stability holds whatever a
// read returns, and z3 stalled on the mux of every register.
module regs_fv (
    input logic        clk,
    input logic        rst_n,
    input logic        s_awvalid,
    input logic [11:0] s_awaddr,
    input logic        s_wvalid,
    input logic [31:0] s_wdata,
    input logic [3:0]  s_wstrb,
    input logic        s_bready,
    input logic        s_arvalid,
    input logic [11:0] s_araddr,
    input logic        s_rready,
    // the executor and group tracker, free
    input logic [3:0]  q_count,
    input logic        exec_busy,
    input logic [7:0]  exec_inflight,
    input logic        retire,
    input logic [7:0]  retire_status,
    input logic [7:0]  retire_field,
    input logic [3:0]  retire_cta,
    input logic [3:0]  retire_kind,
    input logic [15:0] retire_seq,
    input logic [39:0] retire_rbytes,
    input logic [39:0] retire_wbytes,
    input logic [7:0]  grp_pending,
    input logic [7:0]  grp_read_pending,
    input logic [8:0]  grp_open,
    input logic        grp_done
);
  logic s_awready, s_wready, s_bvalid, s_arready, s_rvalid;
  logic [1:0] s_bresp, s_rresp;
  logic [31:0] s_rdata;
  /* outputs toward the engine, unchecked here */
  logic irq, q_push, q_flush, run, err_hold, accept, accept_is_group, group_commit, soft_reset,
        desc_inval;
  logic [3:0] accept_cta, group_sel;
  logic [31:0] seq_issued, seq_done;
  logic [4:0] mem_ncta;
  logic [24:0] mem_smem;
  logic [8*64-1:0] gwin_base;
  logic [8*65-1:0] gwin_end;
  logic [7:0] gwin_on;
  logic mem_wr;
  logic [(17*32+40)-1:0] q_push_data;

  tce_regs #(.DATA_W(128), .NUM_CTAS(2), .SMEM_BYTES(16384), .QUEUE_DEPTH(8), .QW(17), .QDROP(0)) u (
    .clk, .rst_n, .s_awvalid, .s_awready, .s_awaddr, .s_wvalid, .s_wready, .s_wdata, .s_wstrb,
    .s_bvalid, .s_bready, .s_bresp, .s_arvalid, .s_arready, .s_araddr, .s_rvalid, .s_rready,
    .s_rdata, .s_rresp, .irq, .q_push, .q_push_data, .q_flush, .q_count, .run, .err_hold,
    .exec_busy, .exec_inflight, .retire, .retire_status, .retire_field, .retire_cta,
    .retire_kind, .retire_seq, .retire_rbytes, .retire_wbytes, .accept, .accept_cta,
    .accept_is_group, .seq_issued, .seq_done, .group_commit, .group_sel, .soft_reset,
    .desc_inval, .grp_pending, .grp_read_pending, .grp_open, .grp_done, .mem_ncta, .mem_smem,
    .gwin_base, .gwin_end, .gwin_on, .mem_wr);

  always @(*) if ($initstate) assume (!rst_n);
  // The queue never holds more than its 8 entries.
  always @(*) assume (q_count <= 4'd8);

  axil_master_assume u_master (.clk, .rst_n, .awvalid(s_awvalid), .awready(s_awready),
    .awaddr(s_awaddr), .wvalid(s_wvalid), .wready(s_wready), .wpayload({s_wdata, s_wstrb}),
    .arvalid(s_arvalid), .arready(s_arready), .araddr(s_araddr));
  // Requests taken and not answered; how long an owed B has waited; the last response.
  logic aw_n, w_n, ar_n;
  logic [1:0] b_wait;
  logic b_held, r_held, ar_took;   // ar_took: an AR was taken in the cycle before
  logic [1:0] bresp_q, rresp_q;
  logic [31:0] rdata_q;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      aw_n <= 1'b0; w_n <= 1'b0; ar_n <= 1'b0; b_wait <= '0; b_held <= 1'b0; r_held <= 1'b0;
      ar_took <= 1'b0;
    end else begin
      if (s_awvalid && s_awready) aw_n <= 1'b1;
      if (s_wvalid && s_wready) w_n <= 1'b1;
      if (s_bvalid && s_bready) begin aw_n <= 1'b0; w_n <= 1'b0; end
      if (s_arvalid && s_arready) ar_n <= 1'b1;
      if (s_rvalid && s_rready) ar_n <= 1'b0;
      b_wait <= (aw_n && w_n && !s_bvalid) ? b_wait + 2'd1 : 2'd0;
      b_held <= s_bvalid && !s_bready;
      r_held <= s_rvalid && !s_rready;
      ar_took <= s_arvalid && s_arready;
    end
  end
  always_ff @(posedge clk) begin
    bresp_q <= s_bresp; rresp_q <= s_rresp; rdata_q <= s_rdata;
  end

  // taps (prove.sh -t): the slave's own record of a held AW and W, for the induction; the
  // windows' sizes as written
  logic t_aw_held, t_w_held;
  logic [8*64-1:0] t_gwin_size;

  always @(*) if (rst_n && !$initstate) begin
    // the state behind the handshakes: an AW (W) is held exactly while one is open and
    // its B has not been raised
    assert (t_aw_held == (aw_n && !s_bvalid));
    assert (t_w_held == (w_n && !s_bvalid));
    // no response without a request
    assert (!s_bvalid || (aw_n && w_n));
    assert (!s_rvalid || ar_n);
    // one at a time: ready exactly when nothing of the kind is open
    assert (s_awready == !aw_n);
    assert (s_wready == !w_n);
    assert (s_arready == !ar_n);
    // bounded answers
    assert (b_wait < 2'd2);
    assert (!ar_n || s_rvalid || ar_took);
    // held until taken, payload stable
    if (b_held) assert (s_bvalid && s_bresp == bresp_q);
    if (r_held) assert (s_rvalid && s_rresp == rresp_q && s_rdata == rdata_q);
  end
  // a window's end, formed once as a half is written, is its base + size, and it is "on"
  // exactly when its size is not 0 (reset included): windows 0 and 7, the ends of the
  // written-window select (all eight's adders stalled z3)
  always @(*) if (!$initstate)
    for (int i = 0; i < 8; i += 7) begin
      assert (gwin_end[i*65 +: 65] == {1'b0, gwin_base[i*64 +: 64]} + {1'b0, t_gwin_size[i*64 +: 64]});
      assert (gwin_on[i] == (t_gwin_size[i*64 +: 64] != 64'd0));
    end

  always @(*) if (rst_n) begin
    cover (s_bvalid && s_bready && s_rvalid && !s_rready);
    cover (q_push);
  end
endmodule
