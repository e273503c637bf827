// The write-channel half of tce_axi_assert (tests/formal/, docs/formal.md): the AW and W
// rules on a write master's port, its read channel tied idle, INCR bursts of whole DATA_W
// beats, MAXOPEN bursts whose AW and W beats have not yet met.
module axi_wr_rules #(
    parameter int DATA_W  = 256,
    parameter int ID_W    = 4,
    parameter int MAXOPEN = 8
) (
    input logic                clk,
    input logic                rst_n,
    input logic                awvalid,
    input logic                awready,
    input logic [ID_W-1:0]     awid,
    input logic [63:0]         awaddr,
    input logic [7:0]          awlen,
    input logic                wvalid,
    input logic                wready,
    input logic [DATA_W-1:0]   wdata,
    input logic [DATA_W/8-1:0] wstrb,
    input logic                wlast
);
  tce_axi_assert #(.DATA_W(DATA_W), .ID_W(ID_W), .MAXOPEN(MAXOPEN)) u_rules (
    .clk, .rst_n, .awvalid, .awready, .awid, .awaddr, .awlen,
    .awsize(3'($clog2(DATA_W / 8))), .awburst(2'b01), .wvalid, .wready, .wdata, .wstrb,
    .wlast, .arvalid(1'b0), .arready(1'b0), .arid('0), .araddr('0), .arlen('0),
    .arsize(3'($clog2(DATA_W / 8))), .arburst(2'b01));
endmodule
