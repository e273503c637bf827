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
module regs_fv #(
    // 1: the windows' invariants (formal-regs-windows), on the window rows in LUT RAM mapped
    // to registers; 0: the handshakes alone (formal-regs), with no memory mapped: z3 takes
    // minutes on the handshakes' five steps with the 1,024 mapped row bits in
    parameter bit WINDOWS = 1'b0
) (
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
  localparam int GW = 32;   // `lite`'s GADDR_W: the window walk's clamped ends
  logic [8*(GW+1)-1:0] gwin_wend;
  logic gwin_wr;
  logic [2:0] gwin_wr_i;
  logic [2*GW:0] gwin_wr_bend;
  logic mem_wr;
  logic [(17*32+40)-1:0] q_push_data;

  tce_regs #(.DATA_W(128), .NUM_CTAS(2), .SMEM_BYTES(16384), .QUEUE_DEPTH(8), .QW(17), .QDROP(0),
             .GADDR_W(GW)) u (
    .clk, .rst_n, .s_awvalid, .s_awready, .s_awaddr, .s_wvalid, .s_wready, .s_wdata, .s_wstrb,
    .s_bvalid, .s_bready, .s_bresp, .s_arvalid, .s_arready, .s_araddr, .s_rvalid, .s_rready,
    .s_rdata, .s_rresp, .irq, .q_push, .q_push_data, .q_flush, .q_count, .run, .err_hold,
    .exec_busy, .exec_inflight, .retire, .retire_status, .retire_field, .retire_cta,
    .retire_kind, .retire_seq, .retire_rbytes, .retire_wbytes, .accept, .accept_cta,
    .accept_is_group, .seq_issued, .seq_done, .group_commit, .group_sel, .soft_reset,
    .desc_inval, .grp_pending, .grp_read_pending, .grp_open, .grp_done, .mem_ncta, .mem_smem,
    .gwin_base, .gwin_end, .gwin_on, .gwin_wend,
    .gwin_wr, .gwin_wr_i, .gwin_wr_bend, .mem_wr);

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
  // rows of windows 0 and 7 as written ({size, base}, valid once their row_set bit is)
  logic t_aw_held, t_w_held;
  logic [127:0] t_row0, t_row7;
  logic [7:0] t_row_set;
  // ... and the clamp's stage: a window written in the last cycle, its index, end and base
  logic t_aw_row_set;
  logic [11:0] t_aw_addr;
  logic t_wend_wr, t_wend_past;
  logic [2:0] t_wend_wi;
  logic [64:0] t_wend_end;

  function automatic logic [GW:0] clamp(input logic [63:0] base, input logic [64:0] e);
    if ((128'(base) >> GW) != '0) clamp = '0;
    else if ((128'(e) >> GW) != '0) clamp = (GW+1)'(1) << GW;
    else clamp = e[GW:0];
  endfunction

  always @(*) if (rst_n && !$initstate) begin
    // the state behind the handshakes: an AW (W) is held exactly while one is open and
    // its B has not been raised
    assert (t_aw_held == (aw_n && !s_bvalid));
    assert (t_w_held == (w_n && !s_bvalid));
    // the held AW's window-row flag, looked up as it was taken, is still the row's
    if (WINDOWS && t_aw_held) assert (t_aw_row_set == t_row_set[t_aw_addr[4:2]]);
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
  // a window's base, end and "on" flip-flops, formed once as a half is written, agree with
  // its row in LUT RAM (0 until first written): the base is the row's, the end its base +
  // size, "on" exactly when its size is not 0 (reset included). Windows 0 and 7, the ends
  // of the written-window select (all eight's adders stalled z3).
  // (no variable of the always block's own: Yosys makes one assigned under a condition a
  // latch, and the induction then carries it as state)
  if (WINDOWS) for (genvar g = 0; g < 2; g++) begin : win
    localparam int I = 7 * g;
    wire [127:0] row = !t_row_set[I] ? 128'd0 : g == 0 ? t_row0 : t_row7;
    wire [GW:0] wend = clamp(gwin_base[I*64 +: 64], gwin_end[I*65 +: 65]);
    always @(*) if (!$initstate) begin
      assert (gwin_base[I*64 +: 64] == row[63:0]);
      assert (gwin_end[I*65 +: 65] == {1'b0, row[63:0]} + {1'b0, row[127:64]});
      assert (gwin_on[I] == (row[127:64] != 64'd0));
      // the clamped end, a cycle behind a write to the window (its stage holds the write)
      if (t_wend_wr && t_wend_wi == 3'(I))
        assert (t_wend_end == gwin_end[I*65 +: 65] &&
                t_wend_past == ((128'(gwin_base[I*64 +: 64]) >> GW) != '0));
      else
        assert (gwin_wend[I*(GW+1) +: GW+1] == wend);
      // the window walk's copy of the bounds (tce_window_walk's LUT RAM) is written with
      // the same clamped end and the base's low bits
      if (gwin_wr && gwin_wr_i == 3'(I))
        assert (gwin_wr_bend == {gwin_base[I*64 +: GW], wend});
      // the clamp's stage follows a write, so no write comes beside it (B is raised)
      if (t_wend_wr) assert (s_bvalid);
    end
  end

  always @(*) if (rst_n) begin
    cover (s_bvalid && s_bready && s_rvalid && !s_rready);
    cover (q_push);
  end
endmodule
