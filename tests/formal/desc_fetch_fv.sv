// Formal wrapper of tce_desc_fetch (the 128-byte tensor-descriptor fetch): the AXI4 read
// rules of tce_axi_assert on its AR channel (valid and payload held until ARREADY, no burst
// across a 4 KB page, so a descriptor at page offset 0xFC0 takes two bursts), against the
// read slave of axi_rd_slave.sv, for every 64-byte aligned descriptor address the
// executor can ask for (tce_cmd_exec checks the alignment), any cache invalidation and any
// write traffic of the engine beside it, and every timing of memory.
module desc_fetch_fv #(
    parameter int DATA_W = 128
) (
    input logic              clk,
    input logic              rst_n,
    input logic              start,
    input logic [63:0]       addr,
    input logic              inval,
    input logic              wr_seen,
    input logic [63:0]       wr_addr,
    input logic [7:0]        wr_len,
    input logic              c_arready,
    input logic              c_rvalid,
    input logic [DATA_W-1:0] c_rdata,
    input logic [1:0]        c_rresp
);
  localparam int ID_W = 4;
  logic done, busy, hit, bus_err, arvalid, arready, rvalid, rready, rlast;
  logic [1023:0] desc;
  logic [ID_W-1:0] arid, rid;
  logic [63:0] araddr;
  logic [7:0] arlen;
  logic [DATA_W-1:0] rdata;
  logic [1:0] rresp;

  always @(*) if ($initstate) assume (!rst_n);
  always @(*) if (start) assume (addr[5:0] == 6'd0);

  tce_desc_fetch #(.DATA_W(DATA_W), .ID_W(ID_W)) u (
    .clk, .rst_n, .start, .addr, .done, .busy, .hit, .bus_err, .desc, .inval, .wr_seen,
    .wr_addr, .wr_len, .arvalid, .arready, .axi_ar({arid, araddr, arlen}), .rvalid, .rready,
    .axi_r({rid, rdata, rresp, rlast}));

  axi_rd_slave #(.ID_W(ID_W), .DATA_W(DATA_W), .DEPTH(2)) u_mem (
    .clk, .rst_n, .arvalid, .arready, .arid, .arlen, .rvalid, .rready, .rid, .rdata, .rresp,
    .rlast, .c_arready, .c_rvalid, .c_rdata, .c_rresp);

  axi_rd_rules #(.DATA_W(DATA_W), .ID_W(ID_W)) u_rules (.clk, .rst_n, .arvalid, .arready,
    .arid, .araddr, .arlen);

  // The fetch is one burst per descriptor (two at a page's last 64 bytes) and reads nothing
  // else: a burst is 128 bytes from the descriptor, or 64 from either half of a split one.
  logic [63:0] a_q;   // the address of the fetch under way
  // taps of the fetch's own state (u.base, u.both, u.half), linked for the induction
  logic [63:0] t_base;
  logic t_both, t_half;
  always_ff @(posedge clk) if (start && !busy) a_q <= addr;
  always @(posedge clk) if (rst_n && busy)
    assert (t_base == a_q && t_both == (a_q[11:0] != 12'hFC0) && !(t_both && t_half));
  always @(posedge clk) if (rst_n && arvalid) begin
    if (a_q[11:0] == 12'hFC0)
      assert ((araddr == a_q || araddr == a_q + 64'd64) && arlen == 8'(64 / (DATA_W / 8) - 1));
    else
      assert (araddr == a_q && arlen == 8'(128 / (DATA_W / 8) - 1));
  end

  always @(*) if (rst_n) begin
    cover (done && !bus_err && a_q[11:0] == 12'hFC0);
    cover (start && hit);
  end
endmodule
