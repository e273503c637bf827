// Formal wrapper of the whole engine in its `lite` configuration (tce synth's lite: DATA_W
// 128, 2 CTAs, 16 KiB shared memory per CTA, no reductions / im2col / gather, 4 load slots
// and read IDs, 32-bit global addresses), for a bounded proof from reset (docs/formal.md):
//   - the AXI4 rules of tce_axi_assert on the master port, for every register traffic of an
//     AXI4-Lite master (assumed to hold valid and payload until ready), every answer order
//     and timing of axi_rd_slave / axi_wr_slave (memory answering within LATENCY cycles),
//     and shared memory and mbarrier ports that answer their requests in order
// Covers show how far a run gets within the bound (a doorbell accepted, a command retired).
module engine_lite_fv #(
    parameter int LATENCY = 2
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
  logic sm_req_valid, sm_rsp_valid, mb_req_valid, mb_rsp_valid;
  logic [1:0] sm_req_kind;
  logic [3:0] sm_req_cta, mb_req_cta;
  logic [23:0] sm_req_addr, mb_req_addr;
  logic [DATA_W-1:0] sm_req_wdata;
  logic [DATA_W/8-1:0] sm_req_wstrb;
  logic [31:0] mb_req_tx_count;

  tce_engine #(.DATA_W(DATA_W), .NUM_CTAS(2), .SMEM_BYTES(16384), .HAS_REDUCE(1'b0),
               .HAS_IM2COL(1'b0), .HAS_GATHER(1'b0), .LOAD_SLOTS(4), .NRD(4), .GADDR_W(32)) u (
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
                            .c_rsp(c_sm_rsp), .rsp_valid(sm_rsp_valid));
  in_order_responder u_mbar (.clk, .rst_n, .req_fire(mb_req_valid && mb_req_ready),
                            .c_rsp(c_mb_rsp), .rsp_valid(mb_rsp_valid));

  tce_axi_assert #(.DATA_W(DATA_W), .ID_W(ID_W), .MAXOPEN(8)) u_rules (
    .clk, .rst_n, .awvalid(m_axi_awvalid), .awready(m_axi_awready), .awid(m_axi_awid),
    .awaddr(m_axi_awaddr), .awlen(m_axi_awlen), .awsize(m_axi_awsize),
    .awburst(m_axi_awburst), .wvalid(m_axi_wvalid), .wready(m_axi_wready),
    .wdata(m_axi_wdata), .wstrb(m_axi_wstrb), .wlast(m_axi_wlast), .arvalid(m_axi_arvalid),
    .arready(m_axi_arready), .arid(m_axi_arid), .araddr(m_axi_araddr), .arlen(m_axi_arlen),
    .arsize(m_axi_arsize), .arburst(m_axi_arburst));

  always @(*) if (rst_n) begin
    cover (s_axil_bvalid);
    cover (m_axi_arvalid || m_axi_awvalid || sm_req_valid);
  end
endmodule
