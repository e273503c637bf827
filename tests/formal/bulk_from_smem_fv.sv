// Formal wrapper of tce_bulk_from_smem (bulk shared -> global and shared -> shared copies):
// the AXI4 write rules of tce_axi_assert on its AW and W channels, against the write slave
// of axi_wr_slave.sv, for every command the executor can start (tce_cmd_exec: 16-byte
// aligned global address and size, the range inside 2^GADDR_W) and every timing of memory
// and shared memory.
//
// For a K-induction, invariants link the rules' open-burst list to the mover's own state,
// named as taps (prove.sh -t, tests/formal.cmake; docs/formal.md says how far it got):
// while streaming to global memory the AWs ahead of the W beats are the bursts of the pages
// from the current beat's on, each cut at its page and at the copy's end; the W beats so
// far are those of the current burst before the current beat; the response FIFO's pointers
// agree with its count and with the responses the shared-memory port still owes, which is
// none when idle. Not gated by $initstate: in the induction the solver may raise it in any
// step, which would drop the invariants from the steps it assumes them in.
module bulk_from_smem_fv #(
    parameter int DATA_W   = 256,
    parameter int GADDR_W  = 64,
    parameter int AW_AHEAD = 4
) (
    input logic              clk,
    input logic              rst_n,
    input logic              start,
    input logic              to_global,
    input logic [63:0]       gaddr,
    input logic [3:0]        dst_cta,
    input logic [23:0]       dst_off,
    input logic [3:0]        src_cta,
    input logic [23:0]       src_off,
    input logic [31:0]       size,
    input logic              use_byte_mask,
    input logic [15:0]       byte_mask,
    input logic              c_awready,
    input logic              c_wready,
    input logic              c_bvalid,
    input logic [1:0]        c_bresp,
    input logic              sm_ready,
    input logic              c_sm_rsp,
    input logic [DATA_W-1:0] sm_rsp_rdata,
    input logic              sm_rsp_err
);
  localparam int ID_W = 4;
  logic busy, reads_done, done, awvalid, awready, wvalid, wready, wlast, bvalid, bready;
  logic sm_valid, sm_write, sm_rsp_valid;
  logic [7:0] status, awlen;
  logic [ID_W-1:0] awid;
  logic [63:0] awaddr;
  logic [DATA_W-1:0] wdata, sm_wdata;
  logic [DATA_W/8-1:0] wstrb, sm_wstrb;
  logic [1:0] bresp;
  logic [3:0] sm_cta;
  logic [23:0] sm_addr;

  always @(*) if ($initstate) assume (!rst_n);
  always @(*) if (start && to_global) begin
    assume (gaddr[3:0] == 4'd0 && size[3:0] == 4'd0 && src_off[3:0] == 4'd0);
    assume (65'(gaddr) + 65'(size) <= (65'd1 << GADDR_W));
    // the source lies in shared memory (tce_cmd_exec checks it against the CTA's window)
    assume (33'(src_off) + 33'(size) <= 33'h100_0000);
  end

  tce_bulk_from_smem #(.DATA_W(DATA_W), .ID_W(ID_W), .GADDR_W(GADDR_W), .AW_AHEAD(AW_AHEAD)) u (
    .clk, .rst_n, .start, .to_global, .gaddr, .dst_cta, .dst_off, .src_cta, .src_off, .size,
    .use_byte_mask, .byte_mask, .busy, .reads_done, .done, .status, .awvalid, .awready,
    .axi_aw({awid, awaddr, awlen}), .wvalid, .wready, .axi_w({wdata, wstrb, wlast}), .bvalid,
    .bready, .axi_b(bresp),
    .sm_valid, .sm_ready, .sm_write, .sm_cta, .sm_addr, .sm_wdata, .sm_wstrb, .sm_rsp_valid,
    .sm_rsp_rdata, .sm_rsp_err);

  axi_wr_slave u_mem (.clk, .rst_n, .awvalid, .awready, .wvalid, .wready, .wlast, .bvalid,
    .bready, .bresp, .c_awready, .c_wready, .c_bvalid, .c_bresp);

  in_order_responder u_smem (.clk, .rst_n, .req_fire(sm_valid && sm_ready), .c_rsp(c_sm_rsp),
                            .rsp_valid(sm_rsp_valid));

  axi_wr_rules #(.DATA_W(DATA_W), .ID_W(ID_W), .MAXOPEN(8)) u_rules (.clk, .rst_n, .awvalid,
    .awready, .awid, .awaddr, .awlen, .wvalid, .wready, .wdata, .wstrb, .wlast);

  // ---- the invariants (taps)
  localparam int AW = GADDR_W + 1, LB = $clog2(DATA_W / 8), MAXOPEN = 8, RQ = 8;
  localparam int AHW = $clog2(AW_AHEAD + 1);
  logic [2:0]        t_state;       // u.state: S_IDLE 0, S_DRAIN 5, S_STREAM 6
  logic              t_glob;        // u.dst_global
  logic [AW-1:0]     t_beat, t_aw, t_base, t_end;   // u.beat_addr, aw_addr, d_base, d_end
  logic [AHW-1:0]    t_ahead;       // u.aw_ahead
  logic [3:0]        t_open_n;      // the rules' open list: count, read pointer, kind,
  logic [2:0]        t_open_rd, t_open_wr;  // lengths (u_rules.u_rules.open_*), the W beats
  logic              t_open_aw;     //   of the burst under way (w_beats)
  logic [8:0]        t_w_beats;
  logic [9*MAXOPEN-1:0] t_len;
  logic [2:0]        t_rq_head, t_rq_tail;          // u.rq_*
  logic [3:0]        t_rq_count, t_rq_inflight;
  logic [7:0]        t_owed;        // u_smem.owed
  logic [15:0]       t_wr_out;      // u.sm_wr_outstanding (shared-memory writes unanswered)
  logic [1:0]        t_rd_expect, t_rd_got;   // u.rd_expect, u.rd_got
  // source-side addresses in SA = 25 bits, word and beat counts in SA - LB (the unit's widths)
  localparam int SA = 25, NW = SA - LB;
  logic [NW-1:0]     t_words;                  // u.words_left
  logic [SA-1:0]     t_rd_addr, t_rd_last;     // u.rd_addr, u.rd_last
  logic              t_primed;                 // u.primed
  // the burst and beat bounds the mover keeps in registers (u.d_lastp, u.d_lastb: the page
  // and beat of the copy's last byte; u.last_q; u.beats_left)
  logic [AW-1:12]    t_lastp;
  logic [11:LB]      t_lastb;
  logic              t_last_q;
  logic [NW-1:0]     t_beats_left;
  wire streaming = t_glob && t_state == 3'd6;
  wire [AW-1:0] page  = {t_beat[AW-1:12], 12'd0};
  wire [AW-1:0] based = {t_base[AW-1:LB], {LB{1'b0}}};
  wire [AW-1:0] bs = (page > based) ? page : based;              // the W burst's start
  function automatic logic [AW-1:0] pend(input logic [AW-1:0] p, input logic [AW-1:0] e);
    pend = (p + AW'(4096) < e) ? p + AW'(4096) : e;                 // a burst's end
  endfunction
  always @(*) if (rst_n) begin
    assert (t_ahead <= AHW'(AW_AHEAD));
    assert (t_rq_tail == 3'(t_rq_head + 3'(t_rq_count)));
    assert (t_open_n == 4'(t_ahead) && (t_open_n == 0 || t_open_aw));
    assert (t_open_wr == 3'(t_open_rd + 3'(t_open_n)));
    if (t_state == 3'd6) assert (t_glob);
    if (t_glob) assert (t_state == 3'd0 || t_state == 3'd5 || t_state == 3'd6);
    if (!streaming) assert (t_ahead == 0 && t_w_beats == 0);
    // The shared-memory port owes exactly the mover's outstanding requests: none when idle,
    // so a copy starts with nothing of the previous one in flight. States: S_RD0 1, S_RD1 2,
    // S_WAIT 3, S_OUT 4, S_DRAIN 5.
    // (a beat's reads wait for the previous beat's write: at most one write is unanswered)
    assert (t_wr_out <= 16'd1);
    if (t_state == 3'd0 || t_glob) assert (t_wr_out == 0);
    if (t_state == 3'd0) assert (t_owed == 0);
    if (!t_glob) begin
      if (t_state == 3'd1 || t_state == 3'd4 || t_state == 3'd5) assert (32'(t_owed) == 32'(t_wr_out));
      if (t_state == 3'd2)
        assert (t_rd_expect == 2'd2 && 32'(t_owed) == 32'(t_wr_out) + 1 - 32'(t_rd_got));
      if (t_state == 3'd3) assert (32'(t_owed) == 32'(t_wr_out) + 32'(t_rd_expect) - 32'(t_rd_got));
      if (t_state == 3'd4) assert (t_rd_got == t_rd_expect && t_wr_out == 0);
      // answers come in order: a read answered means the write before it was
      if ((t_state == 3'd2 || t_state == 3'd3) && t_rd_got != 0) assert (t_wr_out == 0);
      if (t_state >= 3'd2 && t_state <= 3'd4)
        assert (t_rd_expect != 0 && t_rd_expect <= 2'd2 && t_rd_got <= t_rd_expect);
    end
    if (t_glob && t_state == 3'd5) assert (t_owed == 0 && t_rq_inflight == 0);
    if (t_glob && t_state != 3'd0) begin
      assert (t_owed == 8'(t_rq_inflight) && 5'(t_rq_count) + 5'(t_rq_inflight) <= 5'(RQ));
      assert (t_beat[LB-1:0] == 0 && t_aw[LB-1:0] == 0 && t_base[3:0] == 0 && t_end[3:0] == 0);
      assert (t_base <= t_end && t_end <= (AW'(1) << GADDR_W) && t_aw <= t_end);
    end
    // DATA_W 128: one source word per beat (both sides 16-byte aligned), so the words still
    // to take are the beats left, read or not yet.
    if (streaming && DATA_W == 128) begin
      assert (t_primed && t_rd_addr[3:0] == 0 && t_rd_last[3:0] == 0);
      assert (32'(t_rd_last) < 32'h100_0000 && 32'(t_rd_addr) <= 32'(t_rd_last) + 32'd16);   // below 2^24
      assert (33'(t_words) == 33'((t_end - t_beat) >> LB));
      assert (32'(t_words) == 32'(t_rq_count) + 32'(t_rq_inflight) +
                         ((t_rd_addr <= t_rd_last) ? 32'((t_rd_last - t_rd_addr) >> LB) + 1 : 0));
    end
    // The registered bounds agree with the range they were computed from: the AW lengths
    // and WLAST come from them, not from d_end.
    if (streaming) begin
      assert ({t_lastp, t_lastb} == (AW-LB)'((t_end - AW'(1)) >> LB));
      assert (33'(t_beats_left) == 33'((t_end - t_beat) >> LB));
      assert (t_last_q == (t_beats_left == NW'(1)));
    end
    if (streaming) begin
      assert (t_beat >= based && t_beat < t_end && t_base < t_end);
      assert (32'(t_w_beats) == 32'((t_beat - bs) >> LB));
      if (t_ahead == 0) assert (t_aw == t_beat && t_w_beats == 0);
      for (int i = 0; i < AW_AHEAD; i++) if (i < 32'(t_ahead)) begin
        // open burst i: the current one, then whole pages, the last cut at the copy's end
        assert (32'(t_len[9 * 3'(3'(i) + t_open_rd) +: 9]) ==
                32'((pend(page + AW'(4096 * i), t_end) - (i == 0 ? bs : page + AW'(4096 * i)) +
                     AW'(DATA_W / 8 - 1)) >> LB));
        if (i + 1 == 32'(t_ahead)) assert (t_aw == pend(page + AW'(4096 * i), t_end));
        // an AW goes out only below the copy's end: every open burst has beats
        if (i > 0) assert (page + AW'(4096 * i) < t_end);
      end
    end
  end

  always @(*) if (rst_n) begin
    cover (wvalid && wready && wlast && awlen == 8'd1);
    cover (done && to_global && status == 8'd0 && size != 0);
  end
endmodule
