// Assumptions that an AXI4-Lite master follows the protocol (tests/formal/, docs/formal.md):
// AWVALID, WVALID and ARVALID, once raised, hold with their payload until ready.
module axil_master_assume (
    input logic        clk,
    input logic        rst_n,
    input logic        awvalid,
    input logic        awready,
    input logic [11:0] awaddr,
    input logic        wvalid,
    input logic        wready,
    input logic [35:0] wpayload,   // {wdata, wstrb}
    input logic        arvalid,
    input logic        arready,
    input logic [11:0] araddr
);
  logic aw_wait, w_wait, ar_wait;
  logic [11:0] aw_q, ar_q;
  logic [35:0] w_q;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      aw_wait <= 1'b0; w_wait <= 1'b0; ar_wait <= 1'b0;
    end else begin
      aw_wait <= awvalid && !awready;
      w_wait  <= wvalid && !wready;
      ar_wait <= arvalid && !arready;
    end
  end
  always_ff @(posedge clk) begin
    aw_q <= awaddr; ar_q <= araddr; w_q <= wpayload;
  end
  always @(*) if (rst_n) begin
    if (aw_wait) assume (awvalid && awaddr == aw_q);
    if (w_wait) assume (wvalid && wpayload == w_q);
    if (ar_wait) assume (arvalid && araddr == ar_q);
  end
endmodule
