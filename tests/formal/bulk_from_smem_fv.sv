// Formal wrapper of tce_bulk_from_smem (bulk shared -> global and shared -> shared copies):
// the AXI4 write rules of tce_axi_assert on its AW and W channels, against the write slave
// of axi_wr_slave.sv, for every command the executor can start (tce_cmd_exec: 16-byte
// aligned global address and size, the range inside 2^GADDR_W) and every timing of memory
// and shared memory.
module bulk_from_smem_fv #(
    parameter int DATA_W  = 256,
    parameter int GADDR_W = 64
) (
    input logic              clk,
    input logic              rst_n,
    input logic              start,
    input logic              to_global,
    input logic [63:0]       gaddr,
    input logic [3:0]        dst_cta,
    input logic [23:0]       dst_off,
    input logic [3:0]        src_cta,
    input logic [23:0]       src_off,
    input logic [31:0]       size,
    input logic              use_byte_mask,
    input logic [15:0]       byte_mask,
    input logic              c_awready,
    input logic              c_wready,
    input logic              c_bvalid,
    input logic [1:0]        c_bresp,
    input logic              sm_ready,
    input logic              c_sm_rsp,
    input logic [DATA_W-1:0] sm_rsp_rdata,
    input logic              sm_rsp_err
);
  localparam int ID_W = 4;
  logic busy, reads_done, done, awvalid, awready, wvalid, wready, wlast, bvalid, bready;
  logic sm_valid, sm_write, sm_rsp_valid;
  logic [7:0] status, awlen;
  logic [ID_W-1:0] awid;
  logic [63:0] awaddr;
  logic [DATA_W-1:0] wdata, sm_wdata;
  logic [DATA_W/8-1:0] wstrb, sm_wstrb;
  logic [1:0] bresp;
  logic [3:0] sm_cta;
  logic [23:0] sm_addr;

  always @(*) if ($initstate) assume (!rst_n);
  always @(*) if (start && to_global) begin
    assume (gaddr[3:0] == 4'd0 && size[3:0] == 4'd0);
    assume (65'(gaddr) + 65'(size) <= (65'd1 << GADDR_W));
  end

  tce_bulk_from_smem #(.DATA_W(DATA_W), .ID_W(ID_W), .GADDR_W(GADDR_W)) u (
    .clk, .rst_n, .start, .to_global, .gaddr, .dst_cta, .dst_off, .src_cta, .src_off, .size,
    .use_byte_mask, .byte_mask, .busy, .reads_done, .done, .status, .awvalid, .awready,
    .axi_aw({awid, awaddr, awlen}), .wvalid, .wready, .axi_w({wdata, wstrb, wlast}), .bvalid,
    .bready, .axi_b(bresp),
    .sm_valid, .sm_ready, .sm_write, .sm_cta, .sm_addr, .sm_wdata, .sm_wstrb, .sm_rsp_valid,
    .sm_rsp_rdata, .sm_rsp_err);

  axi_wr_slave u_mem (.clk, .rst_n, .awvalid, .awready, .wvalid, .wready, .wlast, .bvalid,
    .bready, .bresp, .c_awready, .c_wready, .c_bvalid, .c_bresp);

  in_order_responder u_smem (.clk, .rst_n, .req_fire(sm_valid && sm_ready), .c_rsp(c_sm_rsp),
                            .rsp_valid(sm_rsp_valid));

  tce_axi_assert #(.DATA_W(DATA_W), .ID_W(ID_W), .MAXOPEN(8)) u_rules (
    .clk, .rst_n, .awvalid, .awready, .awid, .awaddr, .awlen,
    .awsize(3'($clog2(DATA_W / 8))), .awburst(2'b01), .wvalid, .wready, .wdata, .wstrb,
    .wlast, .arvalid(1'b0), .arready(1'b0), .arid('0), .araddr('0), .arlen('0),
    .arsize(3'($clog2(DATA_W / 8))), .arburst(2'b01));

  always @(*) if (rst_n) begin
    cover (wvalid && wready && wlast && awlen == 8'd1);
    cover (done && to_global && status == 8'd0 && size != 0);
  end
endmodule
