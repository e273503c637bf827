// Formal wrapper of tce_rmw_global (the read-modify-write of global memory for reductions,
// between a write mover and the AXI4 master): the AXI4 rules of tce_axi_assert on its
// downstream AW, W and AR channels, against axi_wr_slave.sv and axi_rd_slave.sv, for every
// upstream write traffic that itself follows those rules (u_up: the same checker on the
// mover's side, its assertions made assumptions by prove.sh -a), plain or reducing (one
// mode per run: tce_engine holds reduce for a command, and a command's bursts all drain
// before the next starts), and a reduction unit that answers each beat in order with its
// tag (WLAST), holding an offered result until taken. Built with reductions (HAS_REDUCE 1:
// in `lite` the unit is a wire); NOUT and RDEPTH smaller than the engine's (32 and 4).
// MODE 0 proves plain stores alone, 1 reductions alone, 2 (the default) whichever the solver
// picks. A plain store passes the mover's channels through, so the two checkers see the same
// AW and W handshakes: their open-burst lists are equal (the invariant below, on taps of
// u_up.* and u_rules.*), which makes the downstream rules follow from the upstream ones in
// an induction.
module rmw_global_fv #(
    parameter int DATA_W = 128,
    parameter int NOUT   = 2,
    parameter int RDEPTH = 2,
    parameter int MODE   = 2,
    // the checkers' lists: u_up's (the mover's open bursts; its capacity rule is assumed
    // with the others) and u_rules' (memory's). The reductions' proof (MODE 1) runs at 8 and
    // 16: the unit and the read slave keep the mover's open bursts at most 7 (asserted, so
    // the capacity assumption never binds) and memory's at most 11; burst b sits at index
    // b mod 8 of u_up's list, b mod 16 of u_rules' and b mod 4 of the slave's queue.
    parameter int UPMAX  = 8,
    parameter int DNMAX  = 8
) (
    input logic                clk,
    input logic                rst_n,
    input logic                clear,
    input logic                u_awvalid,
    input logic [63:0]         u_awaddr,
    input logic [7:0]          u_awlen,
    input logic                u_wvalid,
    input logic [DATA_W-1:0]   u_wdata,
    input logic [DATA_W/8-1:0] u_wstrb,
    input logic                u_wlast,
    input logic                c_awready,
    input logic                c_wready,
    input logic                c_bvalid,
    input logic [1:0]          c_bresp,
    input logic                c_arready,
    input logic                c_rvalid,
    input logic [DATA_W-1:0]   c_rdata,
    input logic [1:0]          c_rresp,
    input logic                c_ru_in_ready,
    input logic                c_ru_out,
    input logic [DATA_W-1:0]   c_ru_data,
    input logic [DATA_W/8-1:0] c_ru_be
);
  localparam int ID_W = 4;
  (* anyconst *) logic reduce_any;
  wire reduce_in = (MODE == 2) ? reduce_any : MODE[0];
  logic u_awready, u_wready, u_bvalid, awvalid, awready, wvalid, wready, wlast, bvalid, bready,
        arvalid, arready, rvalid, rready, rlast, ru_in_valid, ru_in_ready, ru_in_last,
        ru_out_valid, ru_out_ready, ru_out_last;
  logic [1:0] u_bresp, bresp, rresp;
  logic [63:0] awaddr, araddr;
  logic [7:0] awlen, arlen;
  logic [ID_W-1:0] arid, rid, aw_id;   // aw_id: the unit's AWID, 0, not checked here
  logic [DATA_W-1:0] wdata, rdata, ru_in_mem, ru_in_src, ru_out_data;
  logic [DATA_W/8-1:0] wstrb, ru_in_be, ru_out_be;

  always @(*) if ($initstate) assume (!rst_n);

  tce_rmw_global #(.DATA_W(DATA_W), .ID_W(ID_W), .NOUT(NOUT), .RDEPTH(RDEPTH),
                   .HAS_REDUCE(1'b1)) u (
    .clk, .rst_n, .reduce_in, .clear, .u_awvalid, .u_awready,
    .u_aw({ID_W'(0), u_awaddr, u_awlen}), .u_wvalid, .u_wready, .u_w({u_wdata, u_wstrb, u_wlast}),
    .u_bvalid, .u_b(u_bresp), .awvalid, .awready, .axi_aw({aw_id, awaddr, awlen}), .wvalid,
    .wready, .axi_w({wdata, wstrb, wlast}), .bvalid, .axi_b(bresp), .arvalid, .arready,
    .axi_ar({arid, araddr, arlen}), .rvalid, .rready, .axi_r({rid, rdata, rresp, rlast}),
    .ru_in_valid, .ru_in_ready,
    .ru_in_mem, .ru_in_src, .ru_in_be, .ru_in_last, .ru_out_valid, .ru_out_ready,
    .ru_out_data, .ru_out_be, .ru_out_last);
  assign bready = 1'b1;   // the unit takes every B (its port has no BREADY)

  // The upstream mover follows the rules (assumed: prove.sh -a u_up).
  tce_axi_assert #(.DATA_W(DATA_W), .ID_W(ID_W), .MAXOPEN(UPMAX)) u_up (
    .clk, .rst_n, .awvalid(u_awvalid), .awready(u_awready), .awid('0), .awaddr(u_awaddr),
    .awlen(u_awlen), .awsize(3'($clog2(DATA_W / 8))), .awburst(2'b01), .wvalid(u_wvalid),
    .wready(u_wready), .wdata(u_wdata), .wstrb(u_wstrb), .wlast(u_wlast), .arvalid(1'b0),
    .arready(1'b0), .arid('0), .araddr('0), .arlen('0), .arsize(3'($clog2(DATA_W / 8))),
    .arburst(2'b01));

  axi_wr_slave u_wmem (.clk, .rst_n, .awvalid, .awready, .wvalid, .wready, .wlast, .bvalid,
    .bready, .bresp, .c_awready, .c_wready, .c_bvalid, .c_bresp);
  axi_rd_slave #(.ID_W(ID_W), .DATA_W(DATA_W), .DEPTH(NOUT + 2)) u_rmem (
    .clk, .rst_n, .arvalid, .arready, .arid, .arlen, .rvalid, .rready, .rid, .rdata, .rresp,
    .rlast, .c_arready, .c_rvalid, .c_rdata, .c_rresp);

  // The reduction unit: beats in, results out in order with their tags, a result once
  // offered held (valid, data, strobes, tag) until taken.
  localparam int RUD = 4;
  logic [RUD-1:0] ru_tag;      // tags in order, the oldest at bit 0
  logic [2:0]     ru_n;
  logic           ru_held;
  logic [DATA_W-1:0] ru_hdata;
  logic [DATA_W/8-1:0] ru_hbe;
  assign ru_in_ready  = c_ru_in_ready && ru_n != 3'(RUD);
  assign ru_out_valid = ru_n != 0 && (ru_held || c_ru_out);
  assign ru_out_last  = ru_tag[0];
  assign ru_out_data  = ru_held ? ru_hdata : c_ru_data;
  assign ru_out_be    = ru_held ? ru_hbe : c_ru_be;
  wire ru_in_fire  = ru_in_valid && ru_in_ready;
  wire ru_out_fire = ru_out_valid && ru_out_ready;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      ru_n <= '0; ru_held <= 1'b0; ru_tag <= '0;
    end else begin
      logic [RUD-1:0] t;
      t = ru_out_fire ? (ru_tag >> 1) : ru_tag;
      if (ru_in_fire) t[ru_n - 3'(ru_out_fire)] = ru_in_last;
      ru_tag <= t;
      ru_n <= ru_n + 3'(ru_in_fire) - 3'(ru_out_fire);
      ru_held <= ru_out_valid && !ru_out_ready;
      ru_hdata <= ru_out_data; ru_hbe <= ru_out_be;
    end
  end

  tce_axi_assert #(.DATA_W(DATA_W), .ID_W(ID_W), .MAXOPEN(DNMAX)) u_rules (
    .clk, .rst_n, .awvalid, .awready, .awid('0), .awaddr, .awlen,
    .awsize(3'($clog2(DATA_W / 8))), .awburst(2'b01), .wvalid, .wready, .wdata, .wstrb,
    .wlast, .arvalid, .arready, .arid, .araddr, .arlen, .arsize(3'($clog2(DATA_W / 8))),
    .arburst(2'b01));

  // ---- the invariants (taps): u_up.* (t_up_*) and u_rules.* (t_dn_*) are the checkers'
  // open-burst lists: count, read and write pointers, kind, the beats of the burst under way,
  // every entry's length
  localparam int MO = DNMAX;
  localparam int UW = $clog2(UPMAX), DW = $clog2(MO);
  logic [UW:0] t_up_n;
  logic [DW:0] t_dn_n;
  logic [UW-1:0] t_up_rd, t_up_wr;
  logic [DW-1:0] t_dn_rd, t_dn_wr;
  logic       t_up_aw, t_dn_aw;
  logic [8:0] t_up_wb, t_dn_wb;
  logic [9*UPMAX-1:0] t_up_len;
  logic [9*MO-1:0] t_dn_len;
  // the range FIFO, counting a range about to enter (u.rng_count, u.q_valid): never past NOUT,
  // so room, once there, lasts until the burst offered under it is taken
  logic [$clog2(NOUT):0] t_rng_count;
  logic t_q_valid;
  always @(*) if (rst_n) assert (32'(t_rng_count) + 32'(t_q_valid) <= NOUT);
  // A plain store: the same handshakes on both sides, so the same lists.
  if (MODE != 1) begin : g_plain
    always @(*) if (rst_n && !reduce_in) begin
      assert ((DW+1)'(t_up_n) == t_dn_n && DW'(t_up_rd) == t_dn_rd && DW'(t_up_wr) == t_dn_wr &&
              t_up_aw == t_dn_aw && t_up_wb == t_dn_wb);
      assert (t_dn_n <= (DW+1)'(MO) && t_dn_wr == DW'(t_dn_rd + DW'(t_dn_n)));
      for (int i = 0; i < MO; i++) if ((DW+1)'(i) < t_dn_n)
        assert (t_up_len[9 * DW'(DW'(i) + t_dn_rd) +: 9] == t_dn_len[9 * DW'(DW'(i) + t_dn_rd) +: 9]);
    end
  end

  // A reduction (MODE 1): the bursts are numbered in the order the mover's AWs came; burst b
  // sits at index b mod UPMAX of u_up's list, b mod DNMAX of u_rules' and b mod 4 of the
  // read slave's queue (NOUT + 2 deep).
  // What links the three: the burst held (u.p_*: taken from the mover, its AW not yet out;
  // its AR out once p_need_ar falls), the beats in the reduction unit (each tag the end of
  // its burst), the R beats buffered (u.rf_count) and those the slave still owes.
  if (MODE == 1) begin : g_reduce
    if (NOUT != 2 || !(UPMAX == 4 || UPMAX == 8) || DNMAX != 2 * UPMAX)
      $error("rmw_global_fv: MODE 1 wants NOUT 2, UPMAX 4 or 8, DNMAX 2 * UPMAX");
  end
  logic        t_p_valid, t_p_need_ar, t_p_need_aw;
  logic [63:0] t_p_addr;
  logic [7:0]  t_p_len;
  logic [8:0]  t_aw_ahead;
  logic        t_aw_nz;        // u.aw_ahead != 0, kept as a flip-flop
  logic [$clog2(RDEPTH):0] t_rf_count;
  logic        t_chk_q;
  logic [NOUT-1:0] t_hit, t_hit_q;
  logic [1:0]  t_s_rd, t_s_wr;     // the read slave (u_rmem): pointers, count, beat, R held
  logic [2:0]  t_s_n;
  logic [7:0]  t_s_beat;
  logic        t_s_held;
  logic [8*4-1:0] t_s_len;         // its queue's ARLEN
  function automatic logic [8:0] up_at(input logic [UW-1:0] i);   // u_up's entry i
    up_at = t_up_len[9 * i +: 9];
  endfunction
  function automatic logic [8:0] dn_at(input logic [DW-1:0] i);
    dn_at = t_dn_len[9 * i +: 9];
  endfunction
  // The length of the burst j places after the one u_rules' W beats are in: an open entry of
  // u_rules, or past them the held burst (lv: such a burst exists; with ar, its AR went out).
  function automatic logic [8:0] len_from_dn(input logic [4:0] j);
    len_from_dn = (j < 5'(t_dn_n)) ? dn_at(DW'(t_dn_rd + DW'(j))) : 9'(t_p_len) + 9'd1;
  endfunction
  function automatic logic lv_from_dn(input logic [4:0] j, input logic ar);
    lv_from_dn = j < 5'(t_dn_n) || (j == 5'(t_dn_n) && t_p_valid && (!ar || !t_p_need_ar));
  endfunction
  function automatic logic crosses_4k(input logic [11:0] off, input logic [7:0] len);
    crosses_4k = 32'(off) + ((32'(len) + 32'd1) << $clog2(DATA_W / 8)) > 32'd4096;
  endfunction
  if (MODE == 1) begin : g_reduce_inv
    // Walking the reduction unit's beats from u_rules' position (burst 0, beat t_dn_wb): each
    // beat's tag is set exactly on its burst's last beat, no beat lies past its burst's end,
    // and every beat's burst had its AR; the walk ends at w_bursts bursts on, beat w_beat.
    logic [4:0] w_bursts;
    logic [8:0] w_beat;
    logic       w_ok;
    always_comb begin
      logic [8:0] len;
      w_bursts = '0; w_beat = t_dn_wb; w_ok = 1'b1; len = '0;
      for (int k = 0; k < RUD; k++) if (3'(k) < ru_n) begin
        len = len_from_dn(w_bursts);
        if (!lv_from_dn(w_bursts, 1'b1) || w_beat >= len || ru_tag[k] != (w_beat + 9'd1 == len))
          w_ok = 1'b0;
        if (ru_tag[k]) begin w_bursts = w_bursts + 5'd1; w_beat = '0; end
        else w_beat = w_beat + 9'd1;
      end
    end
    // Bursts the mover finished whose R beats all came (d_read), and the R beats owed by the
    // slave and buffered together: one for each W beat the mover still owes of them.
    logic [3:0]  d_read;
    logic [12:0] r_have;
    always_comb begin
      d_read = 4'(t_up_n) - 4'(t_p_need_ar) - 4'(t_s_n);
      r_have = 13'(t_s_beat) - 13'(t_up_wb);
      for (int j = 0; j < UPMAX; j++) if (4'(j) < d_read) r_have = r_have + 13'(up_at(UW'(t_up_rd + UW'(j))));
    end
    always @(*) if (rst_n) begin
      // u_up, the mover's list: AW-kind (its W beats need R beats, so their AR, so their AW);
      // at UPMAX 8 at most 7 open, whatever the mover offers: the held burst, one for each
      // of the slave's 4 queued reads, and those wholly read (d_read), each with an R beat
      // still buffered (r_have below), so at most RDEPTH
      assert (32'(t_up_n) <= ((UPMAX == 8) ? 1 + (NOUT + 2) + RDEPTH : UPMAX) &&
              t_up_wr == UW'(t_up_rd + UW'(t_up_n)) && (t_up_n == 0 || t_up_aw));
      if (t_up_n == 0) assert (t_up_wb == 0);
      else assert (t_up_wb < up_at(t_up_rd));
      for (int i = 0; i < UPMAX; i++) if ((UW+1)'(i) < t_up_n)
        assert (up_at(UW'(t_up_rd + UW'(i))) - 9'd1 < 9'd256);
      // u_rules, memory's: AW-kind, a W beat going out only behind its AW (u.aw_ahead)
      assert (32'(t_dn_n) <= MO && t_dn_wr == DW'(t_dn_rd + DW'(t_dn_n)) && (t_dn_n == 0 || t_dn_aw));
      assert (9'(t_dn_n) == t_aw_ahead && t_aw_nz == (t_aw_ahead != 9'd0));
      if (t_dn_n == 0) assert (t_dn_wb == 0);
      else assert (t_dn_wb < dn_at(t_dn_rd));
      // the held burst: whole pages, its AW owed while held, its AR only then
      assert (t_p_need_aw == t_p_valid && (!t_p_need_ar || t_p_valid));
      if (t_p_valid) assert (!crosses_4k({t_p_addr[11:$clog2(DATA_W / 8)], $clog2(DATA_W / 8)'(0)}, t_p_len));
      // an overlap check under way saw every range the held burst overlaps now
      if (t_chk_q) assert ((t_hit & ~t_hit_q) == '0 && !t_q_valid);
      // the reduction unit's beats against u_rules and u_up
      assert (ru_n <= 3'(RUD) && w_ok);
      assert (t_up_rd == UW'(t_dn_rd + DW'(w_bursts)) && t_up_wb == w_beat);
      assert (5'(t_dn_n) + 5'(t_p_valid) == w_bursts + 5'(t_up_n));
      for (int j = 0; j < UPMAX; j++) if ((UW+1)'(j) < t_up_n)
        assert (lv_from_dn(w_bursts + 5'(j), 1'b0) &&
                up_at(UW'(t_up_rd + UW'(j))) == len_from_dn(w_bursts + 5'(j)));
      // the read slave holds the last t_s_n bursts whose AR went out, with their ARLEN
      assert (t_s_n <= 3'd4 && t_s_wr == 2'(t_s_rd + 2'(t_s_n)) && d_read <= 4'(t_up_n) &&
              t_s_rd == 2'(UW'(t_up_rd + UW'(d_read))));
      for (int e = 0; e < 4; e++) if (3'(e) < t_s_n)
        assert (9'(t_s_len[8 * 2'(t_s_rd + 2'(e)) +: 8]) + 9'd1 ==
                up_at(UW'(t_up_rd + UW'(d_read) + UW'(e))));
      if (t_s_n == 0) assert (t_s_beat == 0 && !t_s_held);
      else assert (t_s_beat <= t_s_len[8 * t_s_rd +: 8]);
      // R beats buffered: those the mover's W beats have not used
      assert (32'(t_rf_count) <= RDEPTH && r_have == 13'(t_rf_count));
      cover (t_dn_n == (DW+1)'(2) && ru_n == 3'd2);   // bursts ahead of their W beats, beats in the unit
    end
  end

  if (MODE != 0) begin : g_cover_reduce
    always @(*) if (rst_n) cover (reduce_in && wvalid && wready && wlast);
  end
  if (MODE != 1) begin : g_cover_plain
    always @(*) if (rst_n) begin
      cover (!reduce_in && wvalid && wready && wlast);
      cover (!reduce_in && t_dn_n == (DW+1)'(3));   // three bursts open at once
    end
  end
endmodule
