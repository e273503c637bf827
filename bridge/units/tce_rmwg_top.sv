// Test harness (not part of the design): tce_rmw_global with the reduction unit it shares in
// tce_engine, wired as tce_engine wires them (tag = WLAST), so that
// tests/rtl_units/test_rtl_rmw_global.c can drive the mover side and the AXI side from C.
module tce_rmwg_top #(
    parameter int DATA_W = 256,
    parameter int NOUT   = 32
) (
    input  logic                clk,
    input  logic                rst_n,
    input  logic                reduce_in,
    input  logic                clear,
    input  logic [2:0]          op,
    input  logic [3:0]          etype,
    input  logic [2:0]          ctx,
    input  logic                noftz,
    input  logic                u_awvalid,
    output logic                u_awready,
    input  logic [63:0]         u_awaddr,
    input  logic [7:0]          u_awlen,
    input  logic                u_wvalid,
    output logic                u_wready,
    input  logic [DATA_W-1:0]   u_wdata,
    input  logic [DATA_W/8-1:0] u_wstrb,
    input  logic                u_wlast,
    output logic                u_bvalid,
    output logic [1:0]          u_bresp,
    output logic                awvalid,
    input  logic                awready,
    output logic [63:0]         awaddr,
    output logic [7:0]          awlen,
    output logic                wvalid,
    input  logic                wready,
    output logic [DATA_W-1:0]   wdata,
    output logic [DATA_W/8-1:0] wstrb,
    output logic                wlast,
    input  logic                bvalid,
    input  logic [1:0]          bresp,
    output logic                arvalid,
    input  logic                arready,
    output logic [3:0]          arid,
    output logic [63:0]         araddr,
    output logic [7:0]          arlen,
    input  logic                rvalid,
    output logic                rready,
    input  logic [DATA_W-1:0]   rdata,
    input  logic [1:0]          rresp,
    output logic                illegal    // the reduction unit flagged a beat illegal
);
  logic                ru_in_valid, ru_in_ready, ru_in_last, ru_out_valid, ru_out_ready, ru_out_last;
  logic [DATA_W-1:0]   ru_in_mem, ru_in_src, ru_out_data;
  logic [DATA_W/8-1:0] ru_in_be, ru_out_be;
  logic                ru_out_illegal;
  // The unit's AXI payloads (tce_axi_pkg) made of this harness's flat signals; tce_engine
  // sends every burst with AWID 0, so the unit's AW ID is left out here too.
  /* verilator lint_off UNUSEDSIGNAL */
  logic [3:0]          awid;
  /* verilator lint_on UNUSEDSIGNAL */
  tce_rmw_global #(.DATA_W(DATA_W), .ID_W(4), .NOUT(NOUT)) u_rmw (
    .clk, .rst_n, .reduce_in, .clear, .u_awvalid, .u_awready, .u_aw({4'd0, u_awaddr, u_awlen}),
    .u_wvalid, .u_wready, .u_w({u_wdata, u_wstrb, u_wlast}), .u_bvalid, .u_b(u_bresp),
    .awvalid, .awready, .axi_aw({awid, awaddr, awlen}), .wvalid, .wready,
    .axi_w({wdata, wstrb, wlast}), .bvalid, .axi_b(bresp), .arvalid, .arready,
    .axi_ar({arid, araddr, arlen}), .rvalid, .rready, .axi_r({4'd0, rdata, rresp, 1'b0}),
    .ru_in_valid, .ru_in_ready,
    .ru_in_mem, .ru_in_src, .ru_in_be, .ru_in_last, .ru_out_valid, .ru_out_ready, .ru_out_data,
    .ru_out_be, .ru_out_last);
  tce_red_unit #(.DATA_W(DATA_W), .TAG_W(1)) u_red (
    .clk, .rst_n, .in_valid(ru_in_valid), .in_ready(ru_in_ready), .in_mem(ru_in_mem),
    .in_src(ru_in_src), .in_be(ru_in_be), .in_op(op), .in_etype(etype), .in_ctx(ctx),
    .in_noftz(noftz), .in_tag(ru_in_last), .out_valid(ru_out_valid), .out_ready(ru_out_ready),
    .out_data(ru_out_data), .out_be(ru_out_be), .out_illegal(ru_out_illegal),
    .out_tag(ru_out_last));
  assign illegal = ru_out_valid && ru_out_illegal;
`ifdef TCE_ASSERT
  // The engine's overlap-rule checker on the same channels.
  tce_rmw_assert #(.DATA_W(DATA_W)) u_rmw_assert (
    .clk, .rst_n, .awvalid, .awready, .awaddr, .awlen, .arvalid, .arready, .araddr, .arlen,
    .bvalid);
`endif
endmodule
