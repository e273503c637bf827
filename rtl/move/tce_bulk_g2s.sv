// Bulk copy global -> shared (cp.async.bulk.shared::{cta,cluster}.global, with multicast).
//
// Reads: the range is cut into AXI4 INCR bursts that never cross a 4 KB page and never
// exceed 256 beats. Each burst gets its own AXI ID from a pool of NRD IDs, so up to NRD
// bursts are in flight and the memory may answer them in any order across IDs. Because
// every R beat is matched to its burst by ID and carries its own global address, a beat is
// written straight to its place in shared memory on arrival: no reorder buffer is needed.
//
// Writes: the global beat is rotated so its bytes sit on the lanes of their shared-memory
// addresses (all addresses are 16-byte aligned, so the rotation is in 16-byte chunks). The
// beat's bytes then cover at most two aligned shared-memory words, written with byte
// strobes, once per destination CTA (multicast writes the same offset in every CTA of the
// mask).
//
// Copies in flight: the mover keeps NC copies (contexts). The next copy may start
// (`can_start`) as soon as the previous one has sent its last AR, so its reads go out while
// the earlier copy's beats still arrive and the read port sees no memory latency between
// copies. Each burst slot and each beat remembers its context. Copies finish in order: the
// oldest, once its reads are in and its writes acknowledged, sends its complete-tx on the
// mbarrier port (one per destination CTA) and then reports `done` with its own status. Two
// copies in flight never write the same shared bytes of a CTA (nor the older one's
// mbarrier): a start that would is withheld, so the writes' order across copies is free.
module tce_bulk_g2s #(
    parameter int DATA_W = 256,
    parameter int ID_W   = 4,
    parameter int NRD    = 4,       // read bursts in flight, one AXI ID each (<= 2**ID_W)
    // Global address bits (tce_engine GADDR_W, 32..64). Below 64 the executor refuses a copy
    // whose range ends past 2^GADDR_W (ST_UNSUPPORTED), so gaddr's upper bits are zero.
    parameter int GADDR_W = 64,
    // CTAs in the cluster (tce_engine NUM_CTAS): the executor refuses a mask outside the
    // cluster, so only the mask's low NUM_CTAS bits are kept.
    parameter int NUM_CTAS = 16
) (
    input  logic              clk,
    input  logic              rst_n,
    // only while can_start (the executor waits for it; not gated again), with gaddr, size,
    // dst_off, dst_mask and mbar_off as they were in the cycle before
    input  logic              start,
    output logic              can_start,   // reads of the last copy all sent, a context free, no overlap
    input  logic [63:0]       gaddr,
    input  logic [31:0]       size,
    input  logic [23:0]       dst_off,
    input  logic [15:0]       dst_mask,    // destination CTAs
    input  logic [23:0]       mbar_off,    // complete-tx of `size` bytes there in every CTA of the mask
    output logic              busy,        // some copy is in flight
    input  logic              done_hold,   // the executor cannot retire a copy now
    output logic              done,        // the oldest copy is complete (one cycle per copy)
    output logic [7:0]        status,      // with done: ST_OK, ST_GLOBAL_BUS or ST_SHARED_RANGE
    output logic              tx_err,      // with done and SHARED_RANGE: its complete-tx failed
    output logic [31:0]       done_size,   // with done: its byte count (bytes read)
    // AXI4 read address / data, payloads of tce_axi_pkg
    output logic              arvalid,
    input  logic              arready,
    output logic [tce_axi_pkg::ax_bits(ID_W)-1:0] axi_ar,
    input  logic              rvalid,
    output logic              rready,
    input  logic [tce_axi_pkg::r_bits(DATA_W, ID_W)-1:0] axi_r,
    // Shared-memory requests (writes only) and their in-order responses
    output logic              sm_valid,
    input  logic              sm_ready,
    output logic [3:0]        sm_cta,
    output logic [23:0]       sm_addr,
    output logic [DATA_W-1:0] sm_wdata,
    output logic [DATA_W/8-1:0] sm_wstrb,
    input  logic              sm_rsp_valid,
    input  logic              sm_rsp_err,
    // mbarrier complete-tx requests and their in-order responses
    output logic              mb_valid,
    input  logic              mb_ready,
    output logic [3:0]        mb_cta,
    output logic [23:0]       mb_addr,
    output logic [31:0]       mb_tx_count,
    input  logic              mb_rsp_valid,
    input  logic              mb_rsp_err
);
  `TCE_AXI_TYPEDEFS(DATA_W, ID_W)
  axi_ax_t ar_s;
  axi_r_t  r_s;
  assign axi_ar = ar_s;
  assign r_s    = axi_r;

  localparam int DB  = DATA_W / 8;
  localparam int LB  = $clog2(DB);
  // A 256-beat burst then reaches past any 4 KB page's end, so only the page and the copy's
  // end cut bursts.
  if (DATA_W < 128) begin : g_bad_data_w
    $error("tce_bulk_g2s: DATA_W must be at least 128");
  end
  localparam int G   = GADDR_W;
  localparam int NCH = DB / 16;              // 16-byte chunks per beat
  localparam int IW  = (NRD > 1) ? $clog2(NRD) : 1;
  localparam int SW  = $clog2(NRD + 1);      // a count of slots
  localparam int WB  = 24 - LB;              // bits of a shared-memory word index
  // Two copies: one sending its reads while the other drains. A third could only start
  // once the second has sent all its reads, by when the first is long done.
  localparam int NC  = 2;
  localparam int WD  = 8;                    // shared-memory writes awaiting their response
  localparam int MW  = NUM_CTAS;             // bits of a CTA mask

  // ---------------------------------------------------------------- copies in flight
  logic          c_valid  [NC];
  logic [32:0]   c_send   [NC];              // end of its shared range (33 bits: no wrap)
  logic [23:0]   c_sbase  [NC];
  logic [MW-1:0] c_mask   [NC];
  logic [3:0]    c_first  [NC];              // its lowest CTA
  logic [MW-1:0] c_rest   [NC];              // the others
  logic [23:0]   c_mbar   [NC];
  logic [24:0]   c_mbend  [NC];              // c_mbar + 8
  logic [31:0]   c_size   [NC];
  logic          c_err_bus [NC], c_err_smem [NC], c_tx_err [NC];
  logic [SW-1:0] c_slots  [NC];              // its bursts in flight
  logic [3:0]    c_wout   [NC];              // its shared-memory writes awaiting a response
  logic          c_hd, c_tl;                 // oldest copy; the context the next one takes
  logic          iss_ctx;                    // the copy whose reads are being sent

  // ---------------------------------------------------------------- command
  /* verilator lint_off UNUSEDSIGNAL */
  wire [63:0] gaddr_in = gaddr;      // bits from GADDR_W up are zero below GADDR_W 64
  /* verilator lint_on UNUSEDSIGNAL */
  wire [G-1:0] ga = G'(gaddr_in);
  /* verilator lint_off UNUSEDSIGNAL */
  wire [15:0] dmask_in = dst_mask;   // bits from NUM_CTAS up are zero below 16 CTAs
  /* verilator lint_on UNUSEDSIGNAL */
  wire [MW-1:0] dmask = dmask_in[MW-1:0];

  // ---------------------------------------------------------------- read issue
  // The next burst is kept ready in registers: its address, AXI length and whether it is
  // the copy's last, so no address compare or sum runs into AR. Bursts after the first
  // start on a page. The copy's last byte is lp pages past the burst's page at offset lb
  // in its page (a count down, not a 65-bit end compared with each burst's).
  logic          iss_more;           // bursts of the copy still to send
  logic [G-1:0]  ar_addr;            // the next burst's first byte
  logic [7:0]    ar_len;             // its AXI length (beats - 1)
  logic          ar_last;            // it ends the copy
  logic [20:0]   lp;                 // pages from its page to the copy's last byte's
  logic [11:0]   lb;                 // the copy's last byte in its page
  logic [23:0]   iss_delta;          // shared address minus global address of the copy
  logic [NRD-1:0]  slot_valid;       // one bit per slot: "any slot" is a reduction
  logic            slot_ctx  [NRD];  // the copy it reads for
  // Per burst in flight, for its next beat: the shared word of the beat's lane 0 and the
  // lanes (in the two-word window from that word) of the beat's first and last byte, the
  // last byte's for a middle beat and for the burst's last beat. Only a copy's first beat
  // starts past its lane 0 and only a burst's last beat may end before lane DB - 1.
  logic [WB-1:0]   slot_w    [NRD];
  logic [LB:0]     slot_s    [NRD];
  logic [LB:0]     slot_fm   [NRD];
  logic [LB:0]     slot_fl   [NRD];
  localparam int RW = (NCH > 1) ? LB - 4 : 1;
  logic [RW-1:0]   slot_rot  [NRD];  // chunks from a global lane to its shared lane
  logic [IW-1:0]   id_ptr;

  // At start: the copy's last byte as an offset from its first byte's page, and the first
  // burst's length (to the page's end, or to the copy's end on the same page).
  /* verilator lint_off UNUSEDSIGNAL */
  wire [32:0] t0 = {21'd0, ga[11:0]} + {1'b0, size} - 33'd1;
  /* verilator lint_on UNUSEDSIGNAL */
  wire        last0 = t0[32:12] == 21'd0;
  wire [11:LB] len0 = last0 ? t0[11:LB] - ga[11:LB] : ~ga[11:LB];

  assign arvalid = iss_more && !slot_valid[id_ptr];
  assign ar_s.id   = ID_W'(id_ptr);
  assign ar_s.addr = 64'(ar_addr);
  // ar_len never passes the page's end from ar_addr; capping it there anyway makes that
  // hold in every state of the registers, not only the reachable ones (formal-bulk-g2s's
  // induction needs no invariant linking the two).
  wire [11:LB] ar_room_b = ~ar_addr[11:LB];
  wire [7:0] ar_room = 8'(ar_room_b);
  assign ar_s.len  = (ar_len > ar_room) ? ar_room : ar_len;
  wire ar_fire = arvalid && arready;
  // The burst's shared word of lane 0 of its first beat, and that lane's place in the word.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [23:0] ar_sa = {ar_addr[23:LB], {LB{1'b0}}} + iss_delta;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [LB:0] ar_o  = {1'b0, iss_delta[LB-1:0]};

  // A new copy overlaps one in flight when they share a CTA and its shared range meets the
  // other's data or mbarrier (33-bit ends: no wrap). The test is registered (ov_q), so
  // can_start comes from flip-flops and the sum and compares do not run on through the
  // executor into the other movers' start: it holds for the command of the cycle before,
  // which is the starting one (start's contract), against the copies of that cycle. A
  // copy retired since only frees room (a start may wait one cycle more); one started
  // since is not in it, so can_start is low in the cycle after a start (start_q).
  wire [32:0] n_lo = {9'd0, dst_off};
  wire [32:0] n_hi = n_lo + {1'b0, size};
  logic overlap, ov_q, start_q;
  always_comb begin
    overlap = 1'b0;
    for (int i = 0; i < NC; i++)
      if (c_valid[i] && (c_mask[i] & dmask) != '0) begin
        if (n_lo < c_send[i] && {9'd0, c_sbase[i]} < n_hi)
          overlap = 1'b1;
        if (n_lo < {8'd0, c_mbend[i]} && {9'd0, c_mbar[i]} < n_hi)
          overlap = 1'b1;
      end
  end
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      ov_q <= 1'b0; start_q <= 1'b0;   // (no copy in flight: nothing to overlap)
    end else begin
      ov_q <= overlap; start_q <= start;
    end
  end
  assign can_start = !iss_more && !c_valid[c_tl] && !ov_q && !start_q;
  assign busy = c_valid[0] || c_valid[1];

  // ---------------------------------------------------------------- beat stage
  // A beat taken is held with what its writes need, formed when it is taken: the data on
  // its shared-memory lanes, the first shared word it writes, whether it writes a second,
  // and the strobes of each.
  logic              beat_valid;
  logic              beat_ctx;
  logic [DATA_W-1:0] beat_rot;      // data on its shared-memory lanes
  logic [WB-1:0]     beat_w;        // the first word written
  logic              beat_two;      // a second word (beat_w + 1) is written too
  logic [DB-1:0]     beat_strb0, beat_strb1;
  logic [3:0]        beat_cta;      // the CTA being written
  logic [MW-1:0]     beat_rest;     // CTAs to write after it
  logic              beat_one;      // beat_rest is empty: beat_cta is the last
  logic              beat_part;     // 0: first aligned word, 1: second

  // Tags of the writes awaiting a response (responses come in request order): a ring.
  logic            wq_ctx [WD];
  logic [2:0]      wq_rd;
  logic [3:0]      wq_n;
  wire             wq_full = (wq_n == 4'(WD));

  // The beat register takes the next R beat in the cycle its last write is accepted, so an
  // aligned copy to one CTA moves a full beat per cycle.
  wire beat_leaving;
  assign rready = busy && (!beat_valid || beat_leaving);
  wire r_fire = rvalid && rready;
  // Slots are numbered 0..NRD-1, so the ID's upper bits are always zero.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [ID_W-1:0] rid_v = r_s.id;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [IW-1:0] rslot = rid_v[IW-1:0];
  wire          rctx  = slot_ctx[rslot];

  // The arriving beat's bytes, as lanes of the two shared words from slot_w: [r_s_, r_f].
  wire [LB:0] r_s_ = slot_s[rslot];
  wire [LB:0] r_f  = r_s.last ? slot_fl[rslot] : slot_fm[rslot];
  logic [2*DB-1:0] r_lanes;
  always_comb
    for (int q = 0; q < 2 * DB; q++)
      r_lanes[q] = (r_s_ <= (LB+1)'(q)) && ((LB+1)'(q) <= r_f);
  // The rotation: global chunk j lands on shared lane chunk j + the copy's rotation.
  wire [RW-1:0] r_rc = slot_rot[rslot];
  logic [DATA_W-1:0] r_rot;
  always_comb begin
    r_rot = r_s.data;
    for (int k = 1; k < NCH; k++)
      if (r_rc == RW'(k))
        for (int j = 0; j < NCH; j++)
          r_rot[128*((j + k) % NCH) +: 128] = r_s.data[128*j +: 128];
  end

  // CTAs are written lowest first. The lowest set bit of a mask is isolated by a prefix OR
  // (LUTs, where m & -m is a carry chain in series with what follows) and encoded by four
  // masked ORs. The next CTA and whether it is the last are registers, so the port's
  // CTA and the beat's release (rready) come from flip-flops.
  function automatic logic [15:0] lowest16(input logic [15:0] m);
    logic [15:0] below;
    below[0] = 1'b0;
    for (int i = 1; i < 16; i++) below[i] = below[i-1] | m[i-1];
    lowest16 = m & ~below;
  endfunction
  function automatic logic [3:0] enc16(input logic [15:0] onehot);
    enc16 = {|(onehot & 16'hFF00), |(onehot & 16'hF0F0), |(onehot & 16'hCCCC), |(onehot & 16'hAAAA)};
  endfunction
  // (masks narrower than 16 bits are widened with zeros, which synthesis folds away)
  wire [15:0]   nxt_bit  = lowest16(16'(beat_rest));
  wire [MW-1:0] nxt_rest = beat_rest & ~nxt_bit[MW-1:0];
  wire [15:0]   dm_bit   = lowest16(16'(dmask));

  assign sm_valid = beat_valid && !wq_full;
  assign sm_cta   = beat_cta;
  assign sm_addr  = {beat_part ? beat_w + WB'(1) : beat_w, {LB{1'b0}}};
  assign sm_wdata = beat_rot;
  assign sm_wstrb = beat_part ? beat_strb1 : beat_strb0;

  wire sm_fire = sm_valid && sm_ready;
  assign beat_leaving = sm_fire && !(beat_two && !beat_part) && beat_one;
  wire rsp_ctx = wq_ctx[wq_rd];

  // ---------------------------------------------------------------- finishing, oldest first
  typedef enum logic [1:0] { F_DATA, F_TX, F_TXWAIT, F_DONE } fin_t;
  fin_t        fin;
  // The CTA whose complete-tx is offered, and those after it still to send: registers
  // (from the copy's c_first and c_rest), so the mbarrier request's CTA is no priority
  // encode of a mask (four LUT levels in front of the shared memory's RAM enables).
  logic [3:0]    tx_cta;
  logic [MW-1:0] tx_rest;
  logic [4:0]  mb_out;               // complete-tx requests awaiting their response
  wire [15:0]  rest_bit = lowest16(16'(tx_rest));
  // Every read of the oldest copy sent and answered, its last beat written and acknowledged.
  wire hd_in = c_valid[c_hd] && !(iss_more && iss_ctx == c_hd) && c_slots[c_hd] == '0 &&
               !(beat_valid && beat_ctx == c_hd) && c_wout[c_hd] == 4'd0;
  wire hd_ok = !c_err_bus[c_hd] && !c_err_smem[c_hd];

  assign mb_valid    = (fin == F_TX);
  assign mb_cta      = tx_cta;
  assign mb_addr     = c_mbar[c_hd];
  assign mb_tx_count = c_size[c_hd];
  wire mb_fire = mb_valid && mb_ready;

  assign done      = (fin == F_DONE) && !done_hold;
  assign status    = c_err_bus[c_hd] ? tce_op_pkg::ST_GLOBAL_BUS :
                     (c_err_smem[c_hd] || c_tx_err[c_hd]) ? tce_op_pkg::ST_SHARED_RANGE :
                     tce_op_pkg::ST_OK;
  assign tx_err    = hd_ok && c_tx_err[c_hd];
  assign done_size = c_size[c_hd];

  // A starting copy's shared address minus its global address.
  wire [23:0] delta_in = dst_off - ga[23:0];

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      iss_more <= 1'b0; ar_addr <= '0; ar_len <= '0; ar_last <= 1'b0; lp <= '0; lb <= '0;
      iss_delta <= '0; id_ptr <= '0; iss_ctx <= 1'b0;
      c_hd <= 1'b0; c_tl <= 1'b0;
      beat_valid <= 1'b0; beat_ctx <= 1'b0; beat_rot <= '0; beat_w <= '0; beat_two <= 1'b0;
      beat_strb0 <= '0; beat_strb1 <= '0; beat_cta <= '0; beat_rest <= '0; beat_one <= 1'b0;
      beat_part <= 1'b0; slot_valid <= '0;
      wq_rd <= '0; wq_n <= '0;
      fin <= F_DATA; tx_cta <= '0; tx_rest <= '0; mb_out <= '0;
      for (int i = 0; i < NRD; i++) begin
        slot_ctx[i] <= 1'b0; slot_w[i] <= '0; slot_s[i] <= '0; slot_fm[i] <= '0;
        slot_fl[i] <= '0; slot_rot[i] <= '0;
      end
      for (int i = 0; i < WD; i++) wq_ctx[i] <= 1'b0;
      for (int i = 0; i < NC; i++) begin
        c_valid[i] <= 1'b0; c_send[i] <= '0; c_sbase[i] <= '0; c_mask[i] <= '0;
        c_first[i] <= '0; c_rest[i] <= '0; c_mbar[i] <= '0; c_mbend[i] <= '0; c_size[i] <= '0;
        c_err_bus[i] <= 1'b0; c_err_smem[i] <= 1'b0; c_tx_err[i] <= 1'b0;
        c_slots[i] <= '0; c_wout[i] <= '0;
      end
    end else begin
      if (start) begin
        iss_more <= size != 32'd0;
        ar_addr <= ga; ar_len <= 8'(len0); ar_last <= last0;
        lp <= t0[32:12]; lb <= t0[11:0];
        iss_delta <= delta_in; iss_ctx <= c_tl;
        c_tl <= !c_tl;
        c_valid[c_tl] <= 1'b1;
        c_send[c_tl] <= n_hi; c_sbase[c_tl] <= dst_off;
        c_mask[c_tl] <= dmask;
        c_first[c_tl] <= enc16(dm_bit); c_rest[c_tl] <= dmask & ~dm_bit[MW-1:0];
        c_mbar[c_tl] <= mbar_off; c_mbend[c_tl] <= {1'b0, mbar_off} + 25'd8;
        c_size[c_tl] <= size;
        c_err_bus[c_tl] <= 1'b0; c_err_smem[c_tl] <= 1'b0; c_tx_err[c_tl] <= 1'b0;
      end
      if (ar_fire) begin
        slot_valid[id_ptr] <= 1'b1;
        slot_ctx[id_ptr]   <= iss_ctx;
        slot_w[id_ptr]     <= ar_sa[23:LB];
        slot_s[id_ptr]     <= ar_o + (LB+1)'(ar_addr[LB-1:0]);
        slot_fm[id_ptr]    <= ar_o + (LB+1)'(DB - 1);
        slot_fl[id_ptr]    <= ar_o + {1'b0, ar_last ? lb[LB-1:0] : {LB{1'b1}}};
        slot_rot[id_ptr]   <= RW'(ar_o[LB-1:0] >> 4);
        id_ptr <= (id_ptr == IW'(NRD - 1)) ? '0 : id_ptr + 1'b1;
        // The next burst starts on the next page: to the copy's end if that is on it.
        if (ar_last) iss_more <= 1'b0;
        ar_addr <= {ar_addr[G-1:12] + (G-12)'(1), 12'd0};
        lp <= lp - 21'd1;
        ar_last <= lp == 21'd1;
        ar_len <= (lp == 21'd1) ? 8'(lb[11:LB]) : 8'((4096 / DB) - 1);
      end
      // Bursts in flight per copy: one more on an AR, one less on a last beat.
      for (int i = 0; i < NC; i++)
        c_slots[i] <= c_slots[i] + SW'(ar_fire && iss_ctx == 1'(i))
                                 - SW'(r_fire && r_s.last && rctx == 1'(i));
      // The write stage first: a beat taken in the same cycle overrides its clear.
      if (sm_fire) begin
        if (beat_two && !beat_part) begin
          beat_part <= 1'b1;
        end else begin
          beat_part <= 1'b0;
          beat_cta  <= enc16(nxt_bit);
          beat_rest <= nxt_rest;
          beat_one  <= nxt_rest == '0;
          if (beat_one) beat_valid <= 1'b0;
        end
        wq_ctx[3'(wq_rd + wq_n[2:0])] <= beat_ctx;
      end
      if (r_fire) begin
        // The burst's next beat starts on lane 0 and a word further.
        slot_w[rslot] <= slot_w[rslot] + WB'(1);
        slot_s[rslot] <= slot_fm[rslot] - (LB+1)'(DB - 1);
        if (r_s.last) slot_valid[rslot] <= 1'b0;
        if (r_s.resp != 2'b00) begin
          // DECERR/SLVERR: the beat carries no data; nothing is written for it.
          c_err_bus[rctx] <= 1'b1;
        end else begin
          // (every copy has a CTA: the executor refuses a multicast with an empty mask.)
          // Its bytes lie in the first word of the window or start in it and run into the
          // second (a beat is DB bytes, so never past the second).
          beat_valid <= 1'b1;
          beat_ctx   <= rctx;
          beat_rot   <= r_rot;
          beat_w     <= slot_w[rslot] + WB'(r_s_[LB]);
          beat_two   <= !r_s_[LB] && r_f[LB];
          beat_strb0 <= r_s_[LB] ? r_lanes[2*DB-1:DB] : r_lanes[DB-1:0];
          beat_strb1 <= r_lanes[2*DB-1:DB];
          beat_cta   <= c_first[rctx];
          beat_rest  <= c_rest[rctx];
          beat_one   <= c_rest[rctx] == '0;
          beat_part  <= 1'b0;
        end
      end
      wq_n <= wq_n + 4'(sm_fire) - 4'(sm_rsp_valid);
      if (sm_rsp_valid) begin
        wq_rd <= wq_rd + 3'd1;
        if (sm_rsp_err) c_err_smem[rsp_ctx] <= 1'b1;
      end
      for (int i = 0; i < NC; i++)
        c_wout[i] <= c_wout[i] + 4'(sm_fire && beat_ctx == 1'(i))
                               - 4'(sm_rsp_valid && rsp_ctx == 1'(i));
      // The oldest copy: complete-tx to each destination CTA once its data is in (as the
      // executor did for it before), then done.
      mb_out <= mb_out + 5'(mb_fire) - 5'(mb_rsp_valid);
      if (mb_rsp_valid && mb_rsp_err) c_tx_err[c_hd] <= 1'b1;
      case (fin)
        F_DATA: if (hd_in) begin
          tx_cta <= c_first[c_hd]; tx_rest <= c_rest[c_hd];
          fin <= (hd_ok && c_mask[c_hd] != '0) ? F_TX : F_DONE;
        end
        F_TX: if (mb_fire) begin
          tx_cta <= enc16(rest_bit); tx_rest <= tx_rest & ~rest_bit[MW-1:0];
          if (tx_rest == '0) fin <= F_TXWAIT;
        end
        F_TXWAIT: if (mb_out == 5'd0 && !mb_rsp_valid) fin <= F_DONE;
        F_DONE: if (!done_hold) begin
          c_valid[c_hd] <= 1'b0;
          c_hd <= !c_hd;
          fin <= F_DATA;
        end
        default: fin <= F_DATA;
      endcase
    end
  end

`ifdef TCE_ASSERT
  // The CTAs still to send, kept as a mask as before: the offered CTA is its lowest, and
  // tx_rest the others.
  logic [MW-1:0] a_left;
  logic [15:0]   a_bit;
  always_comb a_bit = lowest16(16'(a_left));
  always @(posedge clk or negedge rst_n)
    if (!rst_n) a_left <= '0;
    else begin
      if (fin == F_TX)
        assert (mb_cta == enc16(a_bit) && tx_rest == (a_left & ~a_bit[MW-1:0]))
          else $error("tce_bulk_g2s: complete-tx CTA %0d, rest %0h beside the mask %0h", mb_cta, tx_rest, a_left);
      if (fin == F_DATA && hd_in) a_left <= c_mask[c_hd];
      else if (fin == F_TX && mb_fire) a_left <= a_left & ~a_bit[MW-1:0];
    end
`endif
endmodule
