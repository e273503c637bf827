// Formal wrapper of the whole engine in its `lite` configuration (tce synth's lite: DATA_W
// 128, 2 CTAs, 16 KiB shared memory per CTA, no reductions / im2col / gather, 4 load slots
// and read IDs, 32-bit global addresses), for a bounded proof from reset (docs/formal.md):
//   - the AXI4 rules of tce_axi_assert on the master port, for every register traffic of an
//     AXI4-Lite master (assumed to hold valid and payload until ready), every answer order
//     and timing of axi_rd_slave / axi_wr_slave (memory answering within LATENCY cycles),
//     and shared memory and mbarrier ports that answer their requests in order
//   - progress, the retirement bound's step: while the engine runs (CTRL.ENABLE, no error
//     pending: RUN) and holds an accepted command not yet retired, no STALL_M cycles in a
//     row pass without a retirement or a handshake on one of its memory ports (AXI AR, R,
//     AW, W, B; shared-memory request and response; mbarrier request and response), given
//     an environment that answers within LATENCY cycles: memory, shared memory, mbarrier
//     port and the register master's BREADY/RREADY. A command retires within
//     STALL_M * (H + 1) run cycles of becoming the oldest, H its handshakes and those of
//     the loads beside it (docs/formal.md, "The retirement bound").
// The unit's sequence counters and RUN are taps (prove.sh -t: t_issued=u.seq_issued,
// t_done=u.seq_done, t_run=u.run, t_retire=u.retire).
module engine_lite_fv #(
    parameter int LATENCY = 2,
    parameter int STALL_M = 16
) (
    input logic         clk,
    input logic         rst_n,
    input logic         s_axil_awvalid,
    input logic [11:0]  s_axil_awaddr,
    input logic         s_axil_wvalid,
    input logic [31:0]  s_axil_wdata,
    input logic [3:0]   s_axil_wstrb,
    input logic         s_axil_bready,
    input logic         s_axil_arvalid,
    input logic [11:0]  s_axil_araddr,
    input logic         s_axil_rready,
    input logic         c_arready,
    input logic         c_rvalid,
    input logic [127:0] c_rdata,
    input logic [1:0]   c_rresp,
    input logic         c_awready,
    input logic         c_wready,
    input logic         c_bvalid,
    input logic [1:0]   c_bresp,
    input logic         sm_req_ready,
    input logic         c_sm_rsp,
    input logic [127:0] sm_rsp_rdata,
    input logic         sm_rsp_err,
    input logic         mb_req_ready,
    input logic         c_mb_rsp,
    input logic         mb_rsp_err
);
  localparam int DATA_W = 128, ID_W = 4;
  logic s_axil_awready, s_axil_wready, s_axil_bvalid, s_axil_arready, s_axil_rvalid, irq;
  logic [1:0] s_axil_bresp, s_axil_rresp;
  logic [31:0] s_axil_rdata;
  logic m_axi_awvalid, m_axi_awready, m_axi_wvalid, m_axi_wready, m_axi_wlast, m_axi_bvalid,
        m_axi_bready, m_axi_arvalid, m_axi_arready, m_axi_rvalid, m_axi_rready, m_axi_rlast;
  logic [ID_W-1:0] m_axi_awid, m_axi_arid, m_axi_rid;
  logic [63:0] m_axi_awaddr, m_axi_araddr;
  logic [7:0] m_axi_awlen, m_axi_arlen;
  logic [2:0] m_axi_awsize, m_axi_arsize;
  logic [1:0] m_axi_awburst, m_axi_arburst, m_axi_bresp, m_axi_rresp;
  logic [DATA_W-1:0] m_axi_wdata, m_axi_rdata;
  logic [DATA_W/8-1:0] m_axi_wstrb;
  logic sm_req_valid, sm_rsp_valid, mb_req_valid, mb_rsp_valid, sm_owing, mb_owing;
  logic [1:0] sm_req_kind;
  logic [3:0] sm_req_cta, mb_req_cta;
  logic [23:0] sm_req_addr, mb_req_addr;
  logic [DATA_W-1:0] sm_req_wdata;
  logic [DATA_W/8-1:0] sm_req_wstrb;
  logic [31:0] mb_req_tx_count;

  tce_engine #(.DATA_W(DATA_W), .NUM_CTAS(2), .SMEM_BYTES(16384), .HAS_REDUCE(1'b0),
               .HAS_IM2COL(1'b0), .HAS_GATHER(1'b0), .HAS_MULTIMEM(1'b0), .LOAD_SLOTS(4), .NRD(4), .GADDR_W(32)) u (
    .clk, .rst_n, .s_axil_awvalid, .s_axil_awready, .s_axil_awaddr, .s_axil_wvalid,
    .s_axil_wready, .s_axil_wdata, .s_axil_wstrb, .s_axil_bvalid, .s_axil_bready, .s_axil_bresp,
    .s_axil_arvalid, .s_axil_arready, .s_axil_araddr, .s_axil_rvalid, .s_axil_rready,
    .s_axil_rdata, .s_axil_rresp, .irq, .m_axi_awvalid, .m_axi_awready, .m_axi_awid,
    .m_axi_awaddr, .m_axi_awlen, .m_axi_awsize, .m_axi_awburst, .m_axi_wvalid, .m_axi_wready,
    .m_axi_wdata, .m_axi_wstrb, .m_axi_wlast, .m_axi_bvalid, .m_axi_bready, .m_axi_bid('0),
    .m_axi_bresp, .m_axi_arvalid, .m_axi_arready, .m_axi_arid, .m_axi_araddr, .m_axi_arlen,
    .m_axi_arsize, .m_axi_arburst, .m_axi_rvalid, .m_axi_rready, .m_axi_rid, .m_axi_rdata,
    .m_axi_rresp, .m_axi_rlast, .sm_req_valid, .sm_req_ready, .sm_req_kind, .sm_req_cta,
    .sm_req_addr, .sm_req_wdata, .sm_req_wstrb, .sm_rsp_valid, .sm_rsp_rdata, .sm_rsp_err,
    .mb_req_valid, .mb_req_ready, .mb_req_cta, .mb_req_addr, .mb_req_tx_count, .mb_rsp_valid,
    .mb_rsp_err);

  always @(*) if ($initstate) assume (!rst_n);

  axil_master_assume u_master (.clk, .rst_n, .awvalid(s_axil_awvalid), .awready(s_axil_awready),
    .awaddr(s_axil_awaddr), .wvalid(s_axil_wvalid), .wready(s_axil_wready),
    .wpayload({s_axil_wdata, s_axil_wstrb}), .arvalid(s_axil_arvalid),
    .arready(s_axil_arready), .araddr(s_axil_araddr));

  axi_rd_slave #(.ID_W(ID_W), .DATA_W(DATA_W), .DEPTH(4), .LATENCY(LATENCY)) u_rd (
    .clk, .rst_n, .arvalid(m_axi_arvalid), .arready(m_axi_arready), .arid(m_axi_arid),
    .arlen(m_axi_arlen), .rvalid(m_axi_rvalid), .rready(m_axi_rready), .rid(m_axi_rid),
    .rdata(m_axi_rdata), .rresp(m_axi_rresp), .rlast(m_axi_rlast), .c_arready, .c_rvalid,
    .c_rdata, .c_rresp);
  axi_wr_slave #(.LATENCY(LATENCY)) u_wr (
    .clk, .rst_n, .awvalid(m_axi_awvalid), .awready(m_axi_awready), .wvalid(m_axi_wvalid),
    .wready(m_axi_wready), .wlast(m_axi_wlast), .bvalid(m_axi_bvalid), .bready(m_axi_bready),
    .bresp(m_axi_bresp), .c_awready, .c_wready, .c_bvalid, .c_bresp);

  in_order_responder u_smem (.clk, .rst_n, .req_fire(sm_req_valid && sm_req_ready),
                            .c_rsp(c_sm_rsp), .rsp_valid(sm_rsp_valid), .owing(sm_owing));
  in_order_responder u_mbar (.clk, .rst_n, .req_fire(mb_req_valid && mb_req_ready),
                            .c_rsp(c_mb_rsp), .rsp_valid(mb_rsp_valid), .owing(mb_owing));
  // The environment's patience: shared memory and mbarrier port take a request and answer an
  // owed one within LATENCY cycles, the register master takes B and R within LATENCY.
  patience #(.LATENCY(LATENCY)) p_sm_req (.clk, .rst_n, .waiting(sm_req_valid), .act(sm_req_ready));
  patience #(.LATENCY(LATENCY)) p_sm_rsp (.clk, .rst_n, .waiting(sm_owing), .act(c_sm_rsp));
  patience #(.LATENCY(LATENCY)) p_mb_req (.clk, .rst_n, .waiting(mb_req_valid), .act(mb_req_ready));
  patience #(.LATENCY(LATENCY)) p_mb_rsp (.clk, .rst_n, .waiting(mb_owing), .act(c_mb_rsp));
  patience #(.LATENCY(LATENCY)) p_axil_b (.clk, .rst_n, .waiting(s_axil_bvalid), .act(s_axil_bready));
  patience #(.LATENCY(LATENCY)) p_axil_r (.clk, .rst_n, .waiting(s_axil_rvalid), .act(s_axil_rready));

  // MAXOPEN above the tile store's STORE_AHEAD (32 AWs queued ahead of their W beats), so the
  // checker's own capacity is not what a deep run stops at.
  tce_axi_assert #(.DATA_W(DATA_W), .ID_W(ID_W), .MAXOPEN(64)) u_rules (
    .clk, .rst_n, .awvalid(m_axi_awvalid), .awready(m_axi_awready), .awid(m_axi_awid),
    .awaddr(m_axi_awaddr), .awlen(m_axi_awlen), .awsize(m_axi_awsize),
    .awburst(m_axi_awburst), .wvalid(m_axi_wvalid), .wready(m_axi_wready),
    .wdata(m_axi_wdata), .wstrb(m_axi_wstrb), .wlast(m_axi_wlast), .arvalid(m_axi_arvalid),
    .arready(m_axi_arready), .arid(m_axi_arid), .araddr(m_axi_araddr), .arlen(m_axi_arlen),
    .arsize(m_axi_arsize), .arburst(m_axi_arburst));

  // ---- progress (taps: the unit's sequence counters, RUN and its retirement pulse)
  logic [31:0] t_issued, t_done;
  logic t_run, t_retire;
  wire handshake = (m_axi_arvalid && m_axi_arready) || (m_axi_rvalid && m_axi_rready) ||
                   (m_axi_awvalid && m_axi_awready) || (m_axi_wvalid && m_axi_wready) ||
                   (m_axi_bvalid && m_axi_bready) || (sm_req_valid && sm_req_ready) ||
                   sm_rsp_valid || (mb_req_valid && mb_req_ready) || mb_rsp_valid;
  // run cycles in a row with a command unretired and nothing moving
  logic [7:0] stall;
  always_ff @(posedge clk or negedge rst_n)
    if (!rst_n) stall <= '0;
    else if (t_issued == t_done || handshake || t_retire) stall <= '0;
    else if (t_run && stall != 8'hFF) stall <= stall + 8'd1;
  always @(*) if (rst_n) assert (stall < 8'(STALL_M));

  always @(*) if (rst_n) begin
    cover (s_axil_bvalid);
    cover (m_axi_arvalid || m_axi_awvalid || sm_req_valid);
    cover (t_retire);
    // how long the engine really goes without a handshake (the bound's slack)
    // (a stall of 8 was reached only through the SEQ_DONE soft-reset bug: not within 24 frames)
    cover (stall >= 8'd4);
  end
endmodule
