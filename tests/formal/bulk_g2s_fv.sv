// Formal wrapper of tce_bulk_g2s (bulk global -> shared copies): the AXI4 read rules of
// tce_axi_assert on its AR channel, against the read slave of axi_rd_slave.sv, for every
// command the executor can start (tce_cmd_exec: 16-byte aligned address and size, the
// range inside 2^GADDR_W, only while the mover can take it, so two copies may be in flight)
// and every timing of memory, shared memory, the mbarrier port and the retirement hold.
module bulk_g2s_fv #(
    parameter int DATA_W  = 256,
    parameter int GADDR_W = 64,
    parameter int NRD     = 4
) (
    input logic              clk,
    input logic              rst_n,
    input logic              start,
    input logic [63:0]       gaddr,
    input logic [31:0]       size,
    input logic [23:0]       dst_off,
    input logic [15:0]       dst_mask,
    input logic [23:0]       mbar_off,
    input logic              done_hold,
    input logic              mb_ready,
    input logic              c_mb_rsp,
    input logic              mb_rsp_err,
    input logic              c_arready,
    input logic              c_rvalid,
    input logic [DATA_W-1:0] c_rdata,
    input logic [1:0]        c_rresp,
    input logic              sm_ready,
    input logic              c_sm_rsp,
    input logic              sm_rsp_err
);
  localparam int ID_W = 4;
  logic busy, done, arvalid, arready, rvalid, rready, rlast, sm_valid, sm_rsp_valid;
  logic can_start, tx_err, mb_valid, mb_rsp_valid;
  logic [3:0] mb_cta;
  logic [23:0] mb_addr;
  logic [31:0] mb_tx_count, done_size;
  logic [7:0] status, arlen;
  logic [ID_W-1:0] arid, rid;
  logic [63:0] araddr;
  logic [DATA_W-1:0] rdata, sm_wdata;
  logic [DATA_W/8-1:0] sm_wstrb;
  logic [1:0] rresp;
  logic [3:0] sm_cta;
  logic [23:0] sm_addr;

  always @(*) if ($initstate) assume (!rst_n);
  // What tce_cmd_exec lets through to a start (a refused command never starts).
  always @(*) if (start) begin
    assume (can_start);
    assume (gaddr[3:0] == 4'd0 && size[3:0] == 4'd0);
    assume (65'(gaddr) + 65'(size) <= (65'd1 << GADDR_W));
  end

  tce_bulk_g2s #(.DATA_W(DATA_W), .ID_W(ID_W), .NRD(NRD), .GADDR_W(GADDR_W)) u (
    .clk, .rst_n, .start, .can_start, .gaddr, .size, .dst_off, .dst_mask, .mbar_off, .busy,
    .done_hold, .done, .status, .tx_err, .done_size,
    .arvalid, .arready, .axi_ar({arid, araddr, arlen}), .rvalid, .rready,
    .axi_r({rid, rdata, rresp, rlast}),
    .sm_valid, .sm_ready, .sm_cta, .sm_addr, .sm_wdata, .sm_wstrb, .sm_rsp_valid, .sm_rsp_err,
    .mb_valid, .mb_ready, .mb_cta, .mb_addr, .mb_tx_count, .mb_rsp_valid, .mb_rsp_err);

  axi_rd_slave #(.ID_W(ID_W), .DATA_W(DATA_W), .DEPTH(NRD)) u_mem (
    .clk, .rst_n, .arvalid, .arready, .arid, .arlen, .rvalid, .rready, .rid, .rdata, .rresp,
    .rlast, .c_arready, .c_rvalid, .c_rdata, .c_rresp);

  in_order_responder u_mbar (.clk, .rst_n, .req_fire(mb_valid && mb_ready), .c_rsp(c_mb_rsp),
                             .rsp_valid(mb_rsp_valid));

  in_order_responder u_smem (.clk, .rst_n, .req_fire(sm_valid && sm_ready), .c_rsp(c_sm_rsp),
                            .rsp_valid(sm_rsp_valid));

  axi_rd_rules #(.DATA_W(DATA_W), .ID_W(ID_W)) u_rules (.clk, .rst_n, .arvalid, .arready,
    .arid, .araddr, .arlen);

  always @(*) if (rst_n) begin
    cover (done && status == 8'd0);
    cover (arvalid && arready && arlen == 8'd127);
  end
endmodule
