// Formal wrapper of tce_tile_load (tiled tensor loads): the AXI4 read rules of
// tce_axi_assert on its AR channel (valid and payload held until ARREADY, also while a
// merged burst is pending; no burst across a 4 KB page, so at most 256 beats), against the
// read slave of axi_rd_slave.sv. As in `lite` the row walker is outside (OWN_WALK 0:
// tce_engine's shared walker), so the rows come from the solver: any global row address
// below 2^GADDR_W, in or out of bounds, any last row. The command parameters are free
// within what tce_tile_check lets through (a dim-0 stride of 1..8 units, a box row of
// 1..256 units of at most 32 bytes, a pitch at least the row), a command starts only when
// the mover says it can (can_start, as tce_cmd_exec waits for it), and shared memory and
// the mbarrier port answer in order after any delay.
// NRD, RDD and NS are smaller than the engine's (4 IDs, 4 bursts each, 4 slots): the same
// logic at a depth a solver sees through. The CTest solves the unit as built; cutting
// three nets loose (prove.sh -c u.lo_e -c u.hi_k -c u.n_ext: the first and last in-bounds
// dim-0 unit from reciprocal divisions, and the shared extent rows * pitch, which only
// holds a new command back) widens what is checked and spares the solver the multipliers.
module tile_load_fv #(
    parameter int DATA_W  = 128,
    parameter int GADDR_W = 32,
    parameter int NRD     = 2,
    parameter int RDD     = 2,
    parameter int NS      = 2
) (
    input logic                 clk,
    input logic                 rst_n,
    input logic                 start,
    input logic [2:0]           esl,
    input logic [3:0]           e0,
    input logic [GADDR_W-1:0]   gaddr,
    input logic                 origin_rd,
    input logic [164:0]         gdim,
    input logic [4*GADDR_W-1:0] gstride,
    input logic [8:0]           box0,
    input logic [15:0]          e,
    input logic [159:0]         coords,
    input logic [2:0]           swizzle,
    input logic                 fill_nan,
    input logic                 tf32,
    input logic [23:0]          soff,
    input logic [15:0]          ctas,
    input logic [13:0]          pitch,
    input logic [31:0]          rows,
    input logic                 want_tx,
    input logic [23:0]          mbar_off,
    input logic [31:0]          tx_count,
    input logic                 xw_row_valid,
    input logic [GADDR_W-1:0]   xw_row_g,
    input logic [23:0]          xw_row_sbase,
    input logic                 xw_row_inb,
    input logic                 xw_last_row,
    input logic                 done_hold,
    input logic                 c_arready,
    input logic                 c_rvalid,
    input logic [DATA_W-1:0]    c_rdata,
    input logic [1:0]           c_rresp,
    input logic                 sm_ready,
    input logic                 c_sm_rsp,
    input logic                 sm_rsp_err,
    input logic                 mb_ready,
    input logic                 c_mb_rsp,
    input logic                 mb_rsp_err
);
  localparam int ID_W = 4;
  logic can_start, active, row_step, xw_start, xw_next, done, tx_err, arvalid, arready,
        rvalid, rready, rlast, sm_valid, sm_rsp_valid, mb_valid, mb_rsp_valid;
  logic [7:0] status, arlen;
  logic [39:0] bytes_read;
  logic [ID_W-1:0] arid, rid;
  logic [63:0] araddr;
  logic [DATA_W-1:0] rdata, sm_wdata;
  logic [DATA_W/8-1:0] sm_wstrb;
  logic [1:0] rresp;
  logic [3:0] sm_cta, mb_cta;
  logic [23:0] sm_addr, mb_addr;
  logic [31:0] mb_tx_count;
  wire [13:0] row_bytes = 14'(box0) << esl;

  always @(*) if ($initstate) assume (!rst_n);
  always @(*) begin
    assume (!start || can_start);
    if (start) assume (e0 >= 4'd1 && e0 <= 4'd8 && box0 >= 9'd1 && box0 <= 9'd256 &&
                       esl <= 3'd5 && pitch >= row_bytes && ctas != 16'd0);
  end

  // The shared walker (tce_row_walk) presents a row until the mover takes it (xw_next):
  // a direct row's burst is offered on AR straight from it, so the AR rules rest on that.
  logic row_held;
  logic [GADDR_W+24+2-1:0] row_q;
  wire [GADDR_W+24+2-1:0] row_now = {xw_row_g, xw_row_sbase, xw_row_inb, xw_last_row};
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) row_held <= 1'b0;
    else row_held <= xw_row_valid && !xw_next && !xw_start;
  end
  always_ff @(posedge clk) row_q <= row_now;
  always @(*) if (rst_n && row_held) assume (xw_row_valid && row_now == row_q);

  // The engine's ck_same comes from flip-flops of tce_tile_check and the executor; here it
  // is what it stands for, the overlap check's inputs against their values a cycle ago.
  wire [87:0] ck_now = {soff[23:7], rows, pitch, mbar_off, want_tx};
  logic [87:0] ck_q;
  always_ff @(posedge clk or negedge rst_n)
    if (!rst_n) ck_q <= '0;
    else ck_q <= ck_now;
  wire ck_same = ck_now == ck_q;

  tce_tile_load #(.DATA_W(DATA_W), .ID_W(ID_W), .NRD(NRD), .RDD(RDD), .NS(NS),
                  .GADDR_W(GADDR_W), .EXT_ROWS(1'b0), .OWN_WALK(1'b0)) u (
    .clk, .rst_n, .start, .can_start, .active, .rank(3'd0), .esl, .e0, .gaddr, .origin_rd,
    .gdim, .gstride, .box0, .n('0), .e, .coords, .swizzle, .fill_nan, .tf32, .soff, .ctas,
    .row_bytes, .pitch, .rows, .want_tx, .mbar_off, .ck_same, .tx_count, .ext_rows(1'b0), .ext_x('0),
    .ext_last(1'b0), .row_step, .xw_start, .xw_next,
    .xw_row({xw_row_valid, 64'(xw_row_g), xw_row_sbase, xw_row_inb, xw_last_row}),
    .done_hold, .done, .status, .tx_err, .bytes_read, .arvalid,
    .arready, .axi_ar({arid, araddr, arlen}), .rvalid, .rready, .axi_r({rid, rdata, rresp, rlast}),
    .sm_valid, .sm_ready, .sm_cta, .sm_addr, .sm_wdata, .sm_wstrb, .sm_rsp_valid, .sm_rsp_err,
    .mb_valid, .mb_ready, .mb_cta, .mb_addr, .mb_tx_count, .mb_rsp_valid, .mb_rsp_err);

  axi_rd_slave #(.ID_W(ID_W), .DATA_W(DATA_W), .DEPTH(NRD * RDD)) u_mem (
    .clk, .rst_n, .arvalid, .arready, .arid, .arlen, .rvalid, .rready, .rid, .rdata, .rresp,
    .rlast, .c_arready, .c_rvalid, .c_rdata, .c_rresp);

  in_order_responder u_smem (.clk, .rst_n, .req_fire(sm_valid && sm_ready), .c_rsp(c_sm_rsp),
                            .rsp_valid(sm_rsp_valid));
  in_order_responder u_mbar (.clk, .rst_n, .req_fire(mb_valid && mb_ready), .c_rsp(c_mb_rsp),
                            .rsp_valid(mb_rsp_valid));

  axi_rd_rules #(.DATA_W(DATA_W), .ID_W(ID_W)) u_rules (.clk, .rst_n, .arvalid, .arready,
    .arid, .araddr, .arlen);

  // ---- the invariants the 2-induction needs (taps; docs/formal.md, "tce_tile_load's
  // induction"). The pending burst (u.pd_*: pieces of rows merged into one read, offered on
  // AR once the next piece does not continue it) ends pd_len bytes after its start, 1 to 4096
  // bytes that stay in its start's page; one offered on AR (pd_fix) is pending. (A piece sent
  // straight from the walk is cut at its page as it is offered: no state of its own.)
  localparam int AW = (GADDR_W < 64) ? GADDR_W + 1 : 64;
  logic          t_pd_v, t_pd_fix;
  logic [AW-1:0] t_pd_start, t_pd_end;
  logic [12:0]   t_pd_len;
  always @(*) if (rst_n) begin
    if (t_pd_fix) assert (t_pd_v);
    if (t_pd_v) assert (t_pd_len != 13'd0 && 14'(t_pd_start[11:0]) + 14'(t_pd_len) <= 14'd4096 &&
                        t_pd_end == t_pd_start + AW'(t_pd_len));
  end
  // A direct row's page cut compares with rr_lim, set beside row_rem: 4096 - row_rem while
  // row_rem <= 4096 (rr_fits).
  localparam int OW = $clog2(256 * 32 + 4096 + 1);   // tce_tile_load's OW
  logic [OW-1:0] t_row_rem;
  logic [12:0]   t_rr_lim;
  logic          t_rr_fits, t_rr_nz, t_rr_slm;
  logic [OW-1:0] t_hi;
  logic [3:0]    t_ee0;
  localparam logic [2:0] W_SETUP = 3'd1, W_DIV = 3'd7;   // tce_tile_load's wstate_t
  logic [2:0]    t_ws;
  always @(*) if (rst_n) begin
    assert (t_rr_fits == (t_row_rem <= OW'(4096)) && t_rr_nz == (t_row_rem != '0));
    if (t_rr_fits) assert (OW'(t_rr_lim) == OW'(4096) - t_row_rem);
    // (ee0 is the next command's from its start, rr_slm from its W_SETUP)
    if (t_ws != W_SETUP && t_ws != W_DIV) assert (t_rr_slm == (t_ee0 != 4'd1 && t_row_rem < t_hi));
  end
  // A row being read (u.ws is W_READ) is the one the walker holds (row_held), so a piece
  // offered from it stays. Each ID's bursts in flight (u.cnt, which holds AR back at RDD) are
  // the read slave's queued bursts of that ID (u_mem: pointers, count, IDs), and every queued
  // ID is one of the unit's (below NRD).
  localparam logic [2:0] W_READ = 3'd3;   // tce_tile_load's wstate_t
  localparam int CW = $clog2(RDD) + 1;
  logic [NRD*CW-1:0] t_cnt;
  localparam int SD = NRD * RDD, SW = $clog2(SD);
  logic [SW-1:0] t_s_rd, t_s_wr;
  logic [SW:0]   t_s_n;
  logic [SD*ID_W-1:0] t_s_id;
  logic [NRD*(SW+1)-1:0] s_of_id;   // the slave's queued bursts of each ID
  logic [SW:0] s_ids;               // and of all of them
  always_comb begin
    s_of_id = '0; s_ids = '0;
    for (int i = 0; i < NRD; i++)
      for (int e = 0; e < SD; e++)
        if ((SW+1)'(e) < t_s_n && t_s_id[ID_W * SW'(t_s_rd + SW'(e)) +: ID_W] == ID_W'(i))
          s_of_id[(SW+1) * i +: SW+1] = s_of_id[(SW+1) * i +: SW+1] + 1'b1;
    for (int i = 0; i < NRD; i++) s_ids = s_ids + s_of_id[(SW+1) * i +: SW+1];
  end
  always @(*) if (rst_n) begin
    if (t_ws == W_READ) assert (row_held);
    assert (t_s_n <= (SW+1)'(SD) && t_s_wr == SW'(t_s_rd + SW'(t_s_n)) && s_ids == t_s_n);
    for (int i = 0; i < NRD; i++)
      assert (32'(t_cnt[CW * i +: CW]) <= RDD &&
              (SW+1)'(t_cnt[CW * i +: CW]) == s_of_id[(SW+1) * i +: SW+1]);
  end

  always @(*) if (rst_n) begin
    cover (arvalid && arready && araddr[11:0] == 12'hFF0);
    cover (arvalid && !arready && arlen == 8'd3);
  end
endmodule
