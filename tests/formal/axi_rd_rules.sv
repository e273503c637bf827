// The read-channel half of tce_axi_assert (tests/formal/, docs/formal.md): the AR rules on
// a read master's port, its write channels tied idle, INCR bursts of whole DATA_W beats.
module axi_rd_rules #(
    parameter int DATA_W = 256,
    parameter int ID_W   = 4
) (
    input logic            clk,
    input logic            rst_n,
    input logic            arvalid,
    input logic            arready,
    input logic [ID_W-1:0] arid,
    input logic [63:0]     araddr,
    input logic [7:0]      arlen
);
  tce_axi_assert #(.DATA_W(DATA_W), .ID_W(ID_W), .MAXOPEN(2)) u_rules (
    .clk, .rst_n, .awvalid(1'b0), .awready(1'b0), .awid('0), .awaddr('0), .awlen('0),
    .awsize(3'($clog2(DATA_W / 8))), .awburst(2'b01), .wvalid(1'b0), .wready(1'b0),
    .wdata('0), .wstrb('0), .wlast(1'b0), .arvalid, .arready, .arid, .araddr, .arlen,
    .arsize(3'($clog2(DATA_W / 8))), .arburst(2'b01));
endmodule
