// Formal wrapper of tce_tile_store (tiled tensor stores): the AXI4 write rules of
// tce_axi_assert on its AW and W channels (valid and payload held until ready, no burst
// across a 4 KB page, AWLEN+1 W beats with WLAST on the last only), against the write slave
// of axi_wr_slave.sv. As in `lite` the row walker is outside (OWN_WALK 0: tce_engine's
// shared walker), so its rows come from the solver: any global row address below
// 2^GADDR_W, in or out of bounds, any last row; and every command parameter the mover
// latches (element or slice size, dim-0 stride, tensor end, first coordinate, row bytes,
// swizzle), every timing of memory, and a shared-memory read port answering in order.
// NB and SMD are smaller than the engine's (32 and 8): the same logic at a depth an
// induction sees through (the taps of formal.cmake name NB = SMD = 2 entries).
module tile_store_fv #(
    parameter int DATA_W  = 128,
    parameter int GADDR_W = 32,
    parameter int NB      = 2,
    parameter int SMD     = 2
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
  // coordinate and row bytes) is tapped: the invariants below hold it to the clip of the
  // command's registers whenever a row is queued or being cut (the clip as built).
  logic [13:0] t_hi;
  logic [1:0] t_state;       // u.state: R_IDLE 0
  logic t_d0_any;
  // a box row is at least one unit and at most 256 slices of 32 bytes (tce_tile_check)
  always @(*) if (start) assume (row_bytes != 14'd0 && row_bytes <= 14'd8192);

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

  // ---- the invariants (taps) that make the rules 2-inductive (docs/formal.md,
  // "tce_tile_store's induction"). The AW side: the burst queue holds at most NB; while a
  // row is cut (u.a_act) the next burst's first beat (u.a_addr, beat-aligned) lies in the
  // row's first beat or after it, and not past the beat of the row's last byte (u.a_endm1).
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

  // The rest (seventeenth session): the pointers and counts of the row, burst, tag and
  // response FIFOs agree (the shared-memory port owes the reads not yet answered); an idle
  // unit is empty; the clip (u.hi) and the strided flag a queued row is cut with are the
  // command's; a row being cut lies below 2^GADDR_W plus 16 bytes per slice so far (its
  // slices' ends do not wrap), with its end and last beat consistent; and the walk below.
  logic [1:0]  t_rq_count;
  logic        t_rq_head, t_rq_tail, t_strided, t_a_more, t_a_more0;
  logic [AW-1:0] t_rq_g0, t_rq_g1, t_a_end;
  logic [40:0] t_end0, t_c0b;
  logic [13:0] t_rbytes, t_a_noff;
  localparam int NBA = $clog2(NB), SA = $clog2(SMD);
  logic [NBA-1:0] t_bq_wp, t_bq_rp;
  logic [AW*NB-1:0] t_bq_first;
  logic [13*NB-1:0] t_bq_len;
  logic          t_b_act, t_b_lb;
  logic [8:0]    t_b_nb;
  logic [SA-1:0] t_t_wp, t_d_wp, t_rdp;
  logic [SA:0]   t_t_count, t_d_count;
  localparam int TW = 5;                 // a read's tag at DATA_W 128 (one chunk a beat)
  logic [TW*SMD-1:0] t_tags;
  logic          t_o_valid, t_o_last;
  logic [7:0]    t_owed;                 // u_smem.owed
  localparam int MO = 1 << $clog2(NB + SMD + 2), OW = $clog2(MO);
  logic [OW:0]   t_open_n;
  logic [OW-1:0] t_open_rd, t_open_wr;
  logic          t_open_aw;
  logic [8:0]    t_w_beats;
  logic [9*MO-1:0] t_len;
  wire [40:0] avail = (t_end0 > t_c0b) ? t_end0 - t_c0b : 41'd0;
  wire [13:0] clip  = (avail < {27'd0, t_rbytes}) ? avail[13:0] : t_rbytes;
  wire [AW-1:0] rq_g_head = t_rq_head ? t_rq_g1 : t_rq_g0;
  wire [AW-1:0] rq_g_tail = t_rq_head ? t_rq_g0 : t_rq_g1;
  always @(*) if (rst_n) begin
    assert (t_rq_count <= 2'd2 && t_rq_tail == (t_rq_head ^ t_rq_count[0]));
    assert (t_bq_wp == NBA'(t_bq_rp + NBA'(t_bq_count)));
    assert (32'(t_t_count) <= SMD && t_t_wp == SA'(t_rdp + SA'(t_t_count)) &&
            t_d_wp == SA'(t_rdp + SA'(t_d_count)) && 32'(t_d_count) + 32'(t_owed) == 32'(t_t_count));
    if (t_state == 2'd0)
      assert (t_rq_count == 0 && !t_a_act && t_bq_count == 0 && !t_b_act && t_t_count == 0 &&
              !t_o_valid);
    if (t_state != 2'd0)
      assert (t_d0_any == (t_end0 > t_c0b && t_rbytes != 0) && t_rbytes <= 14'd8192 &&
              t_unit_b <= 14'd128 && t_gstep < (AW'(t_unit_b) << 4));
    if (t_rq_count != 0 || t_a_act) assert (t_state != 2'd0 && t_d0_any && t_hi == clip);
    if (t_rq_count != 0) assert ((!t_a_more0 || t_strided) && rq_g_head[AW-1] == 1'b0);
    if (t_rq_count == 2'd2) assert (rq_g_tail[AW-1] == 1'b0);
    if (t_a_act) begin
      assert (t_a_end - t_a_rowg == (t_strided ? AW'(t_unit_b) : AW'(t_hi)) && t_a_end > t_a_rowg);
      assert (t_a_endm1 == t_a_end[AW-1:LB] - (t_a_end[LB-1:0] == '0 ? (AW-LB)'(1) : '0));
      assert (t_a_rowg < (AW'(1) << GADDR_W) + (AW'(t_a_noff) << 4) &&
              15'(t_a_noff) < 15'(t_rbytes) + 15'(t_unit_b));
      if (t_a_more) assert (t_strided && t_a_noff < t_rbytes);
    end
  end

  // The W walk (DATA_W 128: every read is one whole beat, its tag's end flag set): from
  // the checker's oldest open burst at beat w_beats, the W register's beat and then each
  // read tag's (in order) carry WLAST exactly on their burst's last beat; the burst being
  // read (b_act) is the next open one, with b_nb + 1 beats still to read; after it, the
  // burst FIFO's entries are the rest of the open list, each entry's beats (from its first
  // byte's lane and length) its AWLEN + 1. Every open burst's AW came first (open_aw).
  if (DATA_W != 128) begin : g_bad_walk
    $error("tile_store_fv: the W walk is written for DATA_W 128");
  end
  function automatic logic [8:0] olen(input logic [9*MO-1:0] l, input logic [OW-1:0] i);
    olen = l[9 * i +: 9];
  endfunction
  always @(*) if (rst_n) begin : walk
    logic [OW:0] k;
    logic [8:0] m, ln;
    logic [13:0] tot;
    logic [SA-1:0] ti;
    logic [NBA-1:0] bi;
    assert (t_open_n == 0 || t_open_aw);
    assert (t_open_wr == OW'(t_open_rd + OW'(t_open_n)));
    if (t_b_act) assert (t_b_lb == (t_b_nb == 9'd0));
    for (int i = 0; i < MO; i++) if (i < 32'(t_open_n))
      assert (olen(t_len, OW'(t_open_rd + OW'(i))) - 9'd1 < 9'd256);   // AWLEN + 1
    k = '0; m = t_w_beats;
    if (t_o_valid) begin
      ln = olen(t_len, OW'(t_open_rd + OW'(k)));
      assert (k < t_open_n && m < ln && t_o_last == (m + 9'd1 == ln));
      if (m + 9'd1 == ln) begin k = k + 1'b1; m = '0; end else m = m + 9'd1;
    end
    for (int i = 0; i < SMD; i++) if (32'(t_t_count) > i) begin
      ti = SA'(t_rdp + SA'(i));
      ln = olen(t_len, OW'(t_open_rd + OW'(k)));
      assert (t_tags[TW * ti + TW - 1] && k < t_open_n && m < ln &&
              t_tags[TW * ti + TW - 2] == (m + 9'd1 == ln));
      if (m + 9'd1 == ln) begin k = k + 1'b1; m = '0; end else m = m + 9'd1;
    end
    if (t_b_act) begin
      ln = olen(t_len, OW'(t_open_rd + OW'(k)));
      assert (k < t_open_n && m < ln && ln - m == t_b_nb + 9'd1);
      k = k + 1'b1; m = '0;
    end else
      assert (m == 0);
    assert (t_open_n == k + (OW+1)'(t_bq_count));
    for (int i = 0; i < NB; i++) if (32'(t_bq_count) > i) begin
      bi = NBA'(t_bq_rp + NBA'(i));
      tot = 14'(t_bq_first[AW * bi +: LB]) + {1'b0, t_bq_len[13 * bi +: 13]};
      assert (t_bq_len[13 * bi +: 13] != 0 &&      // inside its first byte's page
              14'(t_bq_first[AW * bi +: 12]) + {1'b0, t_bq_len[13 * bi +: 13]} <= 14'd4096 &&
              olen(t_len, OW'(t_open_rd + OW'(k) + OW'(i))) == 9'(((tot - 14'd1) >> LB) + 14'd1));
    end
  end

  always @(*) if (rst_n) begin
    cover (wvalid && wready && wlast && awlen == 8'd0);
    cover (awvalid && awready && awaddr[11:0] == 12'hFF0);
  end
endmodule
