// AXI4-Lite slave -> one-request-at-a-time bus: how a host (soft CPU, debugger, PCIe
// bridge) reaches the emulated shared memories and the FPGA top's status registers.
//
// AW and W may arrive in any order and are held until both are there; a read waits in AR.
// Exactly one request is outstanding at a time, and a new one starts only after the
// previous B or R handshake, so the requester below needs no ordering logic. A write has
// priority over a read offered at the same time. The request side's answer (req_rsp_*)
// comes as a one-cycle pulse and is held here in BVALID/RVALID until the host takes it.
module tce_fpga_axil_req #(
    parameter int AW = 29
) (
    input  logic          clk,
    input  logic          rst_n,
    // AXI4-Lite slave
    input  logic          s_awvalid,
    output logic          s_awready,
    input  logic [AW-1:0] s_awaddr,
    input  logic          s_wvalid,
    output logic          s_wready,
    input  logic [31:0]   s_wdata,
    input  logic [3:0]    s_wstrb,
    output logic          s_bvalid,
    input  logic          s_bready,
    output logic [1:0]    s_bresp,
    input  logic          s_arvalid,
    output logic          s_arready,
    input  logic [AW-1:0] s_araddr,
    output logic          s_rvalid,
    input  logic          s_rready,
    output logic [31:0]   s_rdata,
    output logic [1:0]    s_rresp,
    // request bus
    output logic          req_valid,
    input  logic          req_ready,
    output logic          req_write,
    output logic [AW-1:0] req_addr,
    output logic [31:0]   req_wdata,
    output logic [3:0]    req_wstrb,
    input  logic          rsp_valid,   // one pulse per accepted request
    input  logic [31:0]   rsp_rdata,
    input  logic          rsp_err      // answered as SLVERR
);
  localparam logic [1:0] OKAY = 2'b00, SLVERR = 2'b10;

  logic          aw_have, w_have, ar_have, busy, busy_write;
  logic [AW-1:0] aw_addr, ar_addr;
  logic [31:0]   w_data;
  logic [3:0]    w_strb;

  assign s_awready = !aw_have;
  assign s_wready  = !w_have;
  assign s_arready = !ar_have;

  wire idle = !busy && !s_bvalid && !s_rvalid;
  assign req_write = aw_have && w_have;
  assign req_valid = idle && (req_write || ar_have);
  assign req_addr  = req_write ? aw_addr : ar_addr;
  assign req_wdata = w_data;
  assign req_wstrb = req_write ? w_strb : 4'd0;
  wire   req_go    = req_valid && req_ready;

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      aw_have <= 1'b0; w_have <= 1'b0; ar_have <= 1'b0; busy <= 1'b0; busy_write <= 1'b0;
      aw_addr <= '0; ar_addr <= '0; w_data <= '0; w_strb <= '0;
      s_bvalid <= 1'b0; s_bresp <= OKAY; s_rvalid <= 1'b0; s_rdata <= '0; s_rresp <= OKAY;
    end else begin
      if (s_awvalid && s_awready) begin aw_have <= 1'b1; aw_addr <= s_awaddr; end
      if (s_wvalid && s_wready)   begin w_have <= 1'b1; w_data <= s_wdata; w_strb <= s_wstrb; end
      if (s_arvalid && s_arready) begin ar_have <= 1'b1; ar_addr <= s_araddr; end
      if (req_go) begin
        busy <= 1'b1;
        busy_write <= req_write;
        if (req_write) begin aw_have <= 1'b0; w_have <= 1'b0; end
        else ar_have <= 1'b0;
      end
      if (rsp_valid && busy) begin
        busy <= 1'b0;
        if (busy_write) begin
          s_bvalid <= 1'b1; s_bresp <= rsp_err ? SLVERR : OKAY;
        end else begin
          s_rvalid <= 1'b1; s_rdata <= rsp_rdata; s_rresp <= rsp_err ? SLVERR : OKAY;
        end
      end
      if (s_bvalid && s_bready) s_bvalid <= 1'b0;
      if (s_rvalid && s_rready) s_rvalid <= 1'b0;
    end
  end
endmodule
