// Bulk copy out of shared memory: shared::cta -> global (cp.async.bulk.global.shared::cta,
// with the optional .cp_mask byte mask) and shared::cta -> shared::cluster.
//
// The copy walks the DESTINATION in aligned beats and shifts source words onto the
// destination lanes (addresses are 16-byte aligned, so the shift is in 16-byte chunks).
//
// To global memory it streams: the source words are read in order, one request per cycle
// while a response FIFO has room, and every W beat is the window of the stream starting
// `sh` chunks into the previous word: {word m, word m-1} >> sh chunks, with the same sh for
// the whole copy. So a W beat can leave every cycle (what a reduction's read-modify-write
// needs to run at one beat per cycle). The range is cut into INCR bursts that end at a
// 4 KB page or at the end of the copy (a page is at most 256 beats for DATA_W >= 128). The
// AWs run ahead of the W stream by up to AW_AHEAD bursts: a reduction (tce_rmw_global)
// issues each burst's read of the old values at its AW, so the reads of the next bursts are
// in flight while the current one is written, instead of each burst waiting out the memory
// latency alone. B responses are counted as they come back in any order.
//
// To shared memory the reads and the writes share the one port, so each beat reads the one
// or two aligned source words that hold its bytes, waits for them, and writes.
module tce_bulk_from_smem #(
    parameter int DATA_W = 256,
    parameter int ID_W   = 4,
    parameter int AW_AHEAD = 4,    // write bursts whose AW may precede their last W beat
    // Global address bits (tce_engine GADDR_W, 32..64). Below 64 the executor refuses a copy
    // whose range ends past 2^GADDR_W (ST_UNSUPPORTED), so gaddr's upper bits are zero.
    parameter int GADDR_W = 64
) (
    input  logic              clk,
    input  logic              rst_n,
    input  logic              start,
    input  logic              to_global,   // 1: destination is global (gaddr); 0: shared (dst_cta/dst_off)
    input  logic [63:0]       gaddr,
    input  logic [3:0]        dst_cta,
    input  logic [23:0]       dst_off,
    input  logic [3:0]        src_cta,
    input  logic [23:0]       src_off,
    input  logic [31:0]       size,
    input  logic              use_byte_mask,
    input  logic [15:0]       byte_mask,   // bit i enables byte i of every 16-byte chunk
    output logic              busy,
    output logic              reads_done,  // every source byte has been read (wait_group.read)
    output logic              done,
    output logic [7:0]        status,
    // AXI4 write address / data / response
    output logic              awvalid,
    input  logic              awready,
    output logic [tce_axi_pkg::ax_bits(ID_W)-1:0] axi_aw,
    output logic              wvalid,
    input  logic              wready,
    output logic [tce_axi_pkg::w_bits(DATA_W)-1:0] axi_w,
    input  logic              bvalid,
    output logic              bready,
    input  tce_axi_pkg::b_t   axi_b,
    // Shared-memory requests and their in-order responses
    output logic              sm_valid,
    input  logic              sm_ready,
    output logic              sm_write,
    output logic [3:0]        sm_cta,
    output logic [23:0]       sm_addr,
    output logic [DATA_W-1:0] sm_wdata,
    output logic [DATA_W/8-1:0] sm_wstrb,
    input  logic              sm_rsp_valid,
    input  logic [DATA_W-1:0] sm_rsp_rdata,
    input  logic              sm_rsp_err
);
  `TCE_AXI_TYPEDEFS(DATA_W, ID_W)
  axi_ax_t aw_s;
  axi_w_t  w_s;
  assign axi_aw = aw_s;
  assign axi_w  = w_s;

  localparam int DB  = DATA_W / 8;
  localparam int LB  = $clog2(DB);
  // Addresses are AW bits: one more than GADDR_W (65 in the full build), so that a copy
  // ending exactly at 2^GADDR_W and its page ends do not wrap.
  localparam int AW = GADDR_W + 1;
  localparam logic [AW-1:0] DBA = AW'(DB);
  // Every copy here reads shared memory, and the executor starts one only when its source
  // fits there (src_off + size <= SMEM_BYTES <= 2^24): so the source side's addresses and
  // ends take SA bits, and the counts of its words and of the destination's beats NW.
  localparam int SA = 25;
  localparam int NW = SA - LB;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [63:0] gaddr_in = gaddr;      // bits from GADDR_W up are zero below GADDR_W 64
  /* verilator lint_on UNUSEDSIGNAL */
  wire [AW-1:0] ga = AW'(gaddr_in);

  typedef enum logic [2:0] {
    S_IDLE, S_RD0, S_RD1, S_WAIT, S_OUT, S_DRAIN, S_STREAM
  } state_t;
  state_t state;

  // Streaming to global: the source words in flight or waiting, and the previous one.
  localparam int RQ = 8;           // response FIFO entries (>= shared-memory latency + 1)
  localparam int RQA = $clog2(RQ);
  logic [DATA_W-1:0] rq_data [RQ];
  logic [RQA-1:0]    rq_head, rq_tail;
  logic [RQA:0]      rq_count, rq_inflight;
  logic [SA-1:0]     rd_addr, rd_last;   // next / last source word to read (aligned)
  logic [NW-1:0]     words_left;         // source words not yet taken by the output
  logic              wl_nz;              // words_left != 0 as a flip-flop: it picks every beat's data
  logic [DATA_W-1:0] prev;
  logic              primed;             // the word before the first beat's is in prev
  localparam int NCH = DB / 16;
  localparam int SHW = $clog2(NCH + 1);
  logic [SHW-1:0]    sh;                 // chunks into {word m, word m-1}: 1..NCH
  // Chunk of the first source byte in its word and of the first destination byte in its
  // beat (only the bits below DB matter).
  /* verilator lint_off UNUSEDSIGNAL */
  wire [31:0] s_ch = ({8'd0, src_off} >> 4) & 32'(NCH - 1);
  wire [31:0] d_ch = (gaddr[31:0] >> 4) & 32'(NCH - 1);
  wire [31:0] sh_start = (s_ch > d_ch) ? s_ch - d_ch : 32'(NCH) - (d_ch - s_ch);
  /* verilator lint_on UNUSEDSIGNAL */

  logic        dst_global;
  logic [AW-1:0] d_base, d_end;   // destination range [d_base, d_end)
  logic [3:0]  d_cta, s_cta;
  logic [AW-1:0] beat_addr;       // aligned destination address of the current beat
  logic [AW-1:0] aw_addr;         // aligned start of the next AW burst (global)
  localparam int AHW = $clog2(AW_AHEAD + 1);
  logic [AHW-1:0] aw_ahead;       // bursts whose AW went out and whose last W beat has not
  logic [1:0]  rd_expect;         // source words requested for this beat
  logic [1:0]  rd_got;
  logic [DATA_W-1:0] word0, word1;
  logic        err_bus, err_smem;
  logic [15:0] b_outstanding;
  logic [15:0] sm_wr_outstanding;

  // A burst to global ends at the copy's end or the 4 KB page's, whichever is first: the
  // copy's end on the page of its last byte (d_lastp, kept from the start), the page's end
  // before it. Its first beat is aligned, so its length is a difference of beat indices
  // inside the page: no 65-bit compare or sum runs into AWLEN.
  logic [AW-1:12] d_lastp;        // page of the copy's last byte
  logic [11:LB]   d_lastb;        // its beat in that page
  /* verilator lint_off UNUSEDSIGNAL */
  wire [AW-1:0] d_last_in = ga + AW'(size) - AW'(1);   // at start (a copy to global)
  /* verilator lint_on UNUSEDSIGNAL */
  wire aw_lastp = (aw_addr[AW-1:12] == d_lastp);
  wire [AW-1:0] aw_burst_end = aw_lastp ? d_end : {aw_addr[AW-1:12] + (AW-12)'(1), 12'd0};
  wire [11:LB]  aw_len = aw_lastp ? d_lastb - aw_addr[11:LB] : ~aw_addr[11:LB];

  // The beat's bounds, kept in registers one beat ahead instead of derived from beat_addr
  // (a chain of 65-bit compares and sums that ran into the W strobes and the state). The
  // destination beats are aligned and consecutive, so only the first beat starts past its
  // lane 0 and only the last ends before its lane DB; a beat never crosses a page (DB
  // divides 4096), so a page ends a burst exactly at a beat whose address bits [11:LB] are
  // all ones. The source of the beat's bytes follows the destination at a fixed distance:
  // src_beat is beat_addr - d_base + src_off, src_w0 the aligned source word of the beat's
  // first byte, src_hi the source of one past its last byte, each set at start for the first beat and at every advance
  // for the next one.
  logic          first_q, last_q;   // the current beat is the copy's first / last
  logic [NW-1:0] beats_left;        // beats of the copy from the current one on
  logic [DB-1:0] lo_mask, hi_mask;  // the first beat's lanes from its first byte on, the last's up to its last
  logic [DB-1:0] en_mask;           // .cp_mask: bmask in every 16-byte chunk; else all lanes
  logic [SA-1:0] src_beat, src_w0, src_hi, s_end;   // (src_beat wraps below 0 on a first beat)
  // The first beat's figures, from the command (start cycle).
  wire [LB-1:0] base_low = to_global ? gaddr[LB-1:0] : dst_off[LB-1:0];
  wire [32:0]   end_rel  = {1'b0, size} + 33'(base_low);   // end of the copy from its first beat
  // The first beat holds DB - base_low bytes of the copy: it is the last when size is at
  // most that (a compare of the low bits, not of the 33-bit end).
  wire [LB:0]   lead     = (LB+1)'(DB) - {1'b0, base_low};
  // the source words [align(src_off), align(src_off + size - 1)]: ceil((src_off mod DB +
  // size) / DB), one sum (size >= 1 where it is used; size 0 goes to DRAIN)
  wire [NW-1:0] words_init = NW'(({1'b0, size} + 33'(src_off[LB-1:0]) + 33'(DB - 1)) >> LB);
  wire          last0    = size[31:LB+1] == '0 && size[LB:0] <= lead;
  wire [SA-1:0] src_beat0 = {1'b0, src_off} - SA'(base_low);
  wire [SA-1:0] s_end0    = {1'b0, src_off} + SA'(size);
  // Advancing: the next beat is the last when two are left now.
  wire next_last = (beats_left == NW'(2));

  // Source words of the beat: src_w0 holds its first byte; a second is needed when its
  // bytes run past that word (src_w0 + DB: a register and a constant, one carry chain).
  wire        need_two = src_hi > src_w0 + SA'(DB);

  // Shift the source words onto the destination lanes: out[k] = src byte at
  // (beat_addr + k - d_base + src_off) = {word1,word0} byte (k + t), t in (-DB, DB).
  // t + DB lies in (0, 2*DB) and is a multiple of 16: only bits [LB:4] carry it.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [LB:0] t_plus_db = src_beat[LB:0] - {src_w0[LB], {LB{1'b0}}} + (LB+1)'(DB);
  /* verilator lint_on UNUSEDSIGNAL */
  // So output chunk j is chunk j + tc of {word1, word0, zeros}, tc = t_plus_db[LB:4]. It is
  // written as a choice among constant chunk selects (word copies for Verilator, which
  // evaluates this every cycle) instead of a variable shift of the 3*DATA_W-bit triple (a
  // loop over 24 words); tc = 0 selects the zero chunks, the default.
  localparam int TW = LB - 3;
  wire [TW-1:0] tc = t_plus_db[LB:4];
  logic [DATA_W-1:0] shifted;
  // `shifted` is written to shared memory only (S_OUT, a copy to shared memory, through
  // out_data below).
  always_comb begin
    shifted = '0;
    for (int j = 0; j < NCH; j++)
      for (int k = 1; k < 2 * NCH; k++)
        if (tc == TW'(k)) begin
          if (j + k >= 2 * NCH) shifted[128*j +: 128] = word1[128*((j + k) % NCH) +: 128];
          else if (j + k >= NCH) shifted[128*j +: 128] = word0[128*((j + k) % NCH) +: 128];
        end
  end
  // Strobes: the beat's lanes inside the copy and, with .cp_mask, enabled by the mask: one
  // LUT per lane from registers.
  wire [DB-1:0] strobes = (first_q ? lo_mask : {DB{1'b1}}) & (last_q ? hi_mask : {DB{1'b1}}) &
                          en_mask;
  wire last_beat_of_burst = last_q || (beat_addr[11:LB] == {(12-LB){1'b1}});

  wire stream = dst_global && (state == S_STREAM);
  wire rd_more = (rd_addr <= rd_last);
  wire rd_issue = stream && rd_more && ({1'b0, rq_count} + {1'b0, rq_inflight} < (RQA+2)'(RQ));
  wire [DATA_W-1:0] cur = wl_nz ? rq_data[rq_head] : '0;
  wire cur_ok = !wl_nz || (rq_count != '0);
  // The beat is {cur, prev} shifted right by sh chunks: chunk j is chunk j + sh of the pair,
  // as constant chunk selects for the same reason as `shifted`. sh is 1..NCH (sh_start), so
  // the choices start at 1.
  logic [DATA_W-1:0] streamed;
  always_comb begin
    streamed = '0;
    for (int j = 0; j < NCH; j++)
      for (int k = 1; k <= NCH; k++)
        if (sh == SHW'(k)) begin
          if (j + k >= NCH) streamed[128*j +: 128] = cur[128*((j + k) % NCH) +: 128];
          else streamed[128*j +: 128] = prev[128*((j + k) % NCH) +: 128];
        end
  end
  wire prime = dst_global && !primed && rq_count != '0 && state != S_IDLE;
  // A W beat needs its burst's AW out: its burst is the oldest of those aw_ahead counts.
  wire w_ok = (state == S_STREAM) && primed && cur_ok && (aw_ahead != '0);
  wire w_fire = w_ok && wready;
  wire pop = prime || (w_fire && wl_nz);

  assign awvalid = stream && (aw_addr < d_end) && (aw_ahead != AHW'(AW_AHEAD));
  assign aw_s.id = '0;   // W beats follow the AWs in order; one ID is enough
  // a burst starts below 2^GADDR_W: the extra bit is always 0 here
  wire [GADDR_W-1:0] aw_start = GADDR_W'((aw_addr < d_base) ? d_base : aw_addr);
  assign aw_s.addr = 64'(aw_start);
  assign aw_s.len  = 8'(aw_len);
  assign wvalid  = w_ok;
  assign w_s.data = streamed;
  assign w_s.strb = strobes;
  assign w_s.last = last_beat_of_burst;
  assign bready  = 1'b1;

  assign sm_valid = (state == S_RD0) || (state == S_RD1) || (state == S_OUT) || rd_issue;
  assign sm_write = (state == S_OUT);
  assign sm_cta   = (state == S_OUT) ? d_cta : s_cta;
  assign sm_addr  = dst_global ? rd_addr[23:0] :
                    (state == S_RD0) ? src_w0[23:0] :
                    (state == S_RD1) ? src_w0[23:0] + 24'(DB) : beat_addr[23:0];
  // The write to shared memory comes from registers: the shift and the strobes are the
  // deepest logic here (bounds, page end, lane masks) and would otherwise run on into the
  // block RAM's write enables. They are taken in S_WAIT's last cycle, which always comes
  // after its words arrived (S_OUT waits for rd_got, itself a register), and nothing they
  // depend on moves between S_RD0 and the write's acceptance in S_OUT: exact, no extra cycle.
  logic [DATA_W-1:0] out_data;
  logic [DB-1:0]     out_strb;
  always_ff @(posedge clk) begin
    if (state == S_WAIT) begin
      out_data <= shifted;
      out_strb <= strobes;
    end
  end
  assign sm_wdata = out_data;
  assign sm_wstrb = out_strb;

  wire sm_fire = sm_valid && sm_ready;
  wire rsp_is_write = (sm_wr_outstanding != 0);
  wire out_fire = (state == S_OUT) && sm_ready;
  wire advance = (state == S_STREAM && w_fire) || out_fire;

  // The response FIFO's words are a RAM (one write port, read at rq_head, no reset), so
  // synthesis can keep them out of flip-flops (LUT RAM on xc7): an entry is read only after
  // its response was written (pop and a valid W beat need rq_count != 0).
  always_ff @(posedge clk) begin
    if (dst_global && sm_rsp_valid) rq_data[rq_tail] <= sm_rsp_rdata;
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      state <= S_IDLE; busy <= 1'b0; done <= 1'b0; status <= '0; reads_done <= 1'b0;
      dst_global <= 1'b0; d_base <= '0; d_end <= '0; d_cta <= '0; s_cta <= '0;
      beat_addr <= '0;
      first_q <= 1'b0; last_q <= 1'b0; beats_left <= '0; lo_mask <= '0; hi_mask <= '0;
      en_mask <= '0; src_beat <= '0; src_w0 <= '0; src_hi <= '0; s_end <= '0;
      aw_addr <= '0; aw_ahead <= '0; d_lastp <= '0; d_lastb <= '0;
      rd_expect <= '0; rd_got <= '0; word0 <= '0; word1 <= '0;
      err_bus <= 1'b0; err_smem <= 1'b0; b_outstanding <= '0; sm_wr_outstanding <= '0;
      rq_head <= '0; rq_tail <= '0; rq_count <= '0; rq_inflight <= '0;
      rd_addr <= '0; rd_last <= '0; words_left <= '0; wl_nz <= 1'b0; prev <= '0; primed <= 1'b0; sh <= '0;
    end else begin
      done <= 1'b0;
      // Idle, nothing arrives for this mover (its command drained every response and B
      // before done), and the counters below are set again at the next start: so the
      // bookkeeping runs only while a copy is under way, and Verilator skips it when idle
      // (docs/sim_speed.md, "The bulk data path").
      if (state != S_IDLE) begin
        // Responses come back in request order. A beat's reads are issued after the previous
        // beat's write, so while writes are unacknowledged the next response is a write's.
        // Streaming: responses (all reads) enter the FIFO; the output takes one per beat.
        if (dst_global) begin
          if (sm_rsp_valid) rq_tail <= rq_tail + 1'b1;
          if (pop) begin
            rq_head <= rq_head + 1'b1;
            prev <= rq_data[rq_head];
            words_left <= words_left - NW'(1);
            wl_nz <= words_left != NW'(1);
            primed <= 1'b1;
          end
          rq_count <= rq_count + (RQA+1)'(sm_rsp_valid) - (RQA+1)'(pop);
          rq_inflight <= rq_inflight + (RQA+1)'(rd_issue && sm_ready) - (RQA+1)'(sm_rsp_valid);
          if (rd_issue && sm_ready) rd_addr <= rd_addr + SA'(DB);
          if (!rd_more && rq_inflight == '0 && !sm_rsp_valid) reads_done <= 1'b1;
        end
        if (sm_rsp_valid) begin
          if (sm_rsp_err) err_smem <= 1'b1;
          if (!dst_global && !rsp_is_write && rd_got < rd_expect) begin
            if (rd_got == 2'd0) word0 <= sm_rsp_rdata;
            else word1 <= sm_rsp_rdata;
            rd_got <= rd_got + 2'd1;
          end
        end
        if (bvalid && bready && axi_b.resp != 2'b00) err_bus <= 1'b1;
        b_outstanding <= b_outstanding + {15'd0, awvalid && awready} - {15'd0, bvalid && bready};
        // A page end is beat-aligned; the copy's end (maybe not) ends the AWs.
        if (awvalid && awready) aw_addr <= aw_burst_end;
        aw_ahead <= aw_ahead + AHW'(awvalid && awready) - AHW'(w_fire && last_beat_of_burst);
        sm_wr_outstanding <= sm_wr_outstanding + {15'd0, sm_fire && sm_write}
                           - {15'd0, sm_rsp_valid && rsp_is_write};
      end

      if (advance) begin
        first_q <= 1'b0; last_q <= next_last; beats_left <= beats_left - NW'(1);
        src_beat <= src_beat + SA'(DB);
        src_w0 <= {src_beat[SA-1:LB] + NW'(1), {LB{1'b0}}};
        src_hi <= next_last ? s_end : src_beat + SA'(2 * DB);
      end

      case (state)
        S_IDLE: if (start) begin
          busy <= 1'b1; reads_done <= 1'b0;
          dst_global <= to_global;
          d_base <= to_global ? ga : AW'(dst_off);
          d_end  <= (to_global ? ga : AW'(dst_off)) + AW'(size);
          beat_addr <= to_global ? {ga[AW-1:LB], {LB{1'b0}}} : AW'({dst_off[23:LB], {LB{1'b0}}});
          aw_addr <= {ga[AW-1:LB], {LB{1'b0}}};
          {d_lastp, d_lastb} <= d_last_in[AW-1:LB];
          aw_ahead <= '0;
          d_cta <= dst_cta; s_cta <= src_cta;
          en_mask <= (use_byte_mask && to_global) ? {NCH{byte_mask}} : {DB{1'b1}};
          first_q <= 1'b1; last_q <= last0;
          beats_left <= NW'((end_rel + 33'(DB - 1)) >> LB);
          lo_mask <= {DB{1'b1}} << base_low;
          // the last beat's lanes below the copy's end; all of them when it ends the beat
          hi_mask <= (end_rel[LB-1:0] == '0) ? {DB{1'b1}} : ~({DB{1'b1}} << end_rel[LB-1:0]);
          src_beat <= src_beat0; src_w0 <= {1'b0, src_off[23:LB], {LB{1'b0}}};
          s_end <= s_end0;
          // the first beat's source end: the copy's, or its first byte's + lead
          src_hi <= last0 ? s_end0 : {1'b0, src_off} + SA'(lead);
          err_bus <= 1'b0; err_smem <= 1'b0;
          // The stream: source words [align(src_off), align(src_off + size - 1)]. A beat's
          // window starts sh chunks into {word m, word m-1}: c = source chunk in its word
          // minus destination chunk in its beat; c > 0 takes word m = beat + 1 (the first
          // word is taken into prev before the first beat), c <= 0 word m = beat.
          rd_addr <= {1'b0, src_off[23:LB], {LB{1'b0}}};
          // ~(N'(c)), not ~N'(c): Yosys 0.23 drops a ~ written straight before a cast
          // (docs/rtl.md, "Netlist model").
          rd_last <= ({1'b0, src_off} + SA'(size) - SA'(1)) & ~(SA'(DB - 1));
          words_left <= words_init;
          wl_nz <= words_init != '0;
          primed <= !(s_ch > d_ch);
          sh <= SHW'(sh_start);
          rq_head <= '0; rq_tail <= '0; rq_count <= '0; rq_inflight <= '0;
          state <= (size == 0) ? S_DRAIN : (to_global ? S_STREAM : S_RD0);
        end
        S_STREAM: if (w_fire) begin
          beat_addr <= beat_addr + DBA;
          if (last_q) state <= S_DRAIN;
        end
        S_RD0: if (sm_ready) begin
          rd_expect <= need_two ? 2'd2 : 2'd1;
          rd_got <= 2'd0;
          state <= need_two ? S_RD1 : S_WAIT;
        end
        S_RD1: if (sm_ready) state <= S_WAIT;
        S_WAIT: if (rd_got == rd_expect) begin
          if (last_q) reads_done <= 1'b1;
          state <= S_OUT;
        end
        S_OUT: if (out_fire) begin
          beat_addr <= beat_addr + DBA;
          if (last_q) state <= S_DRAIN;
          else state <= S_RD0;
        end
        S_DRAIN: if (b_outstanding == 0 && sm_wr_outstanding == 0 &&
                     !(bvalid && bready) && !(sm_rsp_valid)) begin
          reads_done <= 1'b1;
          busy <= 1'b0; done <= 1'b1; state <= S_IDLE;
          status <= err_bus ? tce_op_pkg::ST_GLOBAL_BUS :
                    err_smem ? tce_op_pkg::ST_SHARED_RANGE : tce_op_pkg::ST_OK;
        end
        default: state <= S_IDLE;
      endcase
    end
  end

`ifdef TCE_ASSERT
  always @(posedge clk or negedge rst_n)
    if (rst_n)
      assert (wl_nz == (words_left != '0))
        else $error("tce_bulk_from_smem: wl_nz %0d beside words_left %0d", wl_nz, words_left);
`endif
endmodule
