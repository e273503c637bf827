// Formal wrapper of tce_tile_store (tiled tensor stores): the AXI4 write rules of
// tce_axi_assert on its AW and W channels (valid and payload held until ready, no burst
// across a 4 KB page, AWLEN+1 W beats with WLAST on the last only), against the write slave
// of axi_wr_slave.sv. As in `lite` the row walker is outside (OWN_WALK 0: tce_engine's
// shared walker), so its rows come from the solver: any global row address below
// 2^GADDR_W, in or out of bounds, any last row; and every command parameter the mover
// latches (element or slice size, dim-0 stride, tensor end, first coordinate, row bytes,
// swizzle), every timing of memory, and a shared-memory read port answering in order.
// NB and SMD are smaller than the engine's (32 and 8): the same logic at a depth a bounded
// proof sees full.
module tile_store_fv #(
    parameter int DATA_W  = 128,
    parameter int GADDR_W = 32,
    parameter int NB      = 4,
    parameter int SMD     = 4
) (
    input logic               clk,
    input logic               rst_n,
    input logic               start,
    input logic [2:0]         ul,
    input logic [3:0]         e0,
    input logic [164:0]       gdim,
    input logic [159:0]       coords,
    input logic [2:0]         swizzle,
    input logic [3:0]         src_cta,
    input logic [13:0]        row_bytes,
    input logic               xw_row_valid,
    input logic [GADDR_W-1:0] xw_row_g,
    input logic [23:0]        xw_row_sbase,
    input logic               xw_row_inb,
    input logic               xw_last_row,
    input logic               c_awready,
    input logic               c_wready,
    input logic               c_bvalid,
    input logic [1:0]         c_bresp,
    input logic               sm_ready,
    input logic               c_sm_rsp,
    input logic [DATA_W-1:0]  sm_rsp_rdata,
    input logic               sm_rsp_err
);
  localparam int ID_W = 4;
  logic row_step, xw_start, xw_next, done, awvalid, awready, wvalid, wready, wlast, bvalid,
        bready, sm_valid, sm_rsp_valid;
  logic [7:0] status, awlen;
  logic [39:0] bytes_written;
  logic [ID_W-1:0] awid;
  logic [63:0] awaddr;
  logic [DATA_W-1:0] wdata;
  logic [DATA_W/8-1:0] wstrb;
  logic [1:0] bresp;
  logic [3:0] sm_cta;
  logic [23:0] sm_addr;

  always @(*) if ($initstate) assume (!rst_n);
  // The dim-0 clip (u.hi: in-bounds bytes of a row, from the latched tensor end, first
  // coordinate and row bytes) is tapped: held from a command's second cycle after start
  // (when the unit has registered it) to its end, non-zero exactly when the unit's early
  // flag (u.d0_any) lets rows in. Run with `prove.sh -c u.hi` it is cut loose as well, and
  // the rules are then checked for every clip (the CTest checks the clip as built).
  logic [13:0] t_hi, hi_q;
  logic [1:0] t_state;       // u.state: R_IDLE 0
  logic t_d0_any, busy_q, busy_q2;   // the clip is registered the cycle after start
  always_ff @(posedge clk) begin
    hi_q <= t_hi; busy_q <= rst_n && t_state != 2'd0; busy_q2 <= busy_q && t_state != 2'd0;
  end
  always @(*) if (rst_n && busy_q2 && t_state != 2'd0)
    assume (t_hi == hi_q && (t_hi != 14'd0) == t_d0_any);
  // a box row is at least one unit (tce_tile_check)
  always @(*) if (start) assume (row_bytes != 14'd0);

  tce_tile_store #(.DATA_W(DATA_W), .ID_W(ID_W), .SMD(SMD), .NB(NB), .GADDR_W(GADDR_W),
                   .EXT_ROWS(1'b0), .OWN_WALK(1'b0)) u (
    .clk, .rst_n, .start, .rank(3'd0), .ul, .e0, .gaddr('0), .gdim, .gstride('0), .n('0),
    .e('0), .coords, .swizzle, .src_cta, .soff('0), .row_bytes, .pitch('0), .ext_rows(1'b0),
    .ext_x('0), .ext_last(1'b0), .row_step, .xw_start, .xw_next,
    .xw_row({xw_row_valid, 64'(xw_row_g), xw_row_sbase, xw_row_inb, xw_last_row}),
    .done, .status, .bytes_written, .awvalid,
    .awready, .axi_aw({awid, awaddr, awlen}), .wvalid, .wready, .axi_w({wdata, wstrb, wlast}),
    .bvalid, .bready, .axi_b(bresp), .sm_valid, .sm_ready, .sm_cta, .sm_addr, .sm_rsp_valid, .sm_rsp_rdata,
    .sm_rsp_err);

  axi_wr_slave u_mem (.clk, .rst_n, .awvalid, .awready, .wvalid, .wready, .wlast, .bvalid,
    .bready, .bresp, .c_awready, .c_wready, .c_bvalid, .c_bresp);

  in_order_responder u_smem (.clk, .rst_n, .req_fire(sm_valid && sm_ready), .c_rsp(c_sm_rsp),
                            .rsp_valid(sm_rsp_valid));

  // Write bursts open (AW taken, W not done) at once: up to NB in the burst queue, the one
  // being read, one ending in each of the SMD reads in flight and one in the W register
  // (NB + SMD + 2; 2 * NB was passed at step 13 with one-beat bursts), rounded up to the
  // power of two the checker's list needs (its pointers wrap by overflow).
  axi_wr_rules #(.DATA_W(DATA_W), .ID_W(ID_W), .MAXOPEN(1 << $clog2(NB + SMD + 2))) u_rules (.clk, .rst_n, .awvalid,
    .awready, .awid, .awaddr, .awlen, .wvalid, .wready, .wdata, .wstrb, .wlast);

  // ---- invariants of the AW side (taps), toward an induction (docs/formal.md, "Not proven
  // (yet)"): the burst queue holds at most NB; while a row is cut (u.a_act) the next burst's
  // first beat (u.a_addr, beat-aligned) lies in the row's first beat or after it, and not
  // past the beat of the row's last byte (u.a_endm1).
  localparam int AW = (GADDR_W < 64) ? GADDR_W + 1 : 64, LB = $clog2(DATA_W / 8);
  logic [$clog2(NB):0] t_bq_count;
  logic          t_a_act;
  logic [AW-1:0] t_a_addr, t_a_rowg;
  logic [AW-1:LB] t_a_endm1;
  // The command's step registers (u.unit_b, u.gstep*: a dim-0 unit, the strided slices'
  // step), set together at start, agree while a command runs; a row is cut only then.
  logic [13:0] t_unit_b, t_unit_m1;
  logic [AW-1:0] t_gstep, t_gstep_u, t_gstep_um1;
  always @(*) if (rst_n && t_a_act) assert (t_state != 2'd0);
  always @(*) if (rst_n && t_state != 2'd0) begin
    assert (t_unit_b != 0 && (t_unit_b & (t_unit_b - 14'd1)) == 0 && t_unit_m1 == t_unit_b - 14'd1);
    assert (t_gstep_u == t_gstep + AW'(t_unit_b) && t_gstep_um1 == t_gstep_u - AW'(1));
  end
  always @(*) if (rst_n) begin
    assert (32'(t_bq_count) <= NB);
    if (t_a_act) assert (t_a_addr[LB-1:0] == '0 && t_a_addr[AW-1:LB] <= t_a_endm1 &&
                         t_a_addr[AW-1:LB] >= t_a_rowg[AW-1:LB]);
  end

  always @(*) if (rst_n) begin
    cover (wvalid && wready && wlast && awlen == 8'd0);
    cover (awvalid && awready && awaddr[11:0] == 12'hFF0);
  end
endmodule
