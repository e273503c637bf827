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
    parameter int GADDR_W = 64
) (
    input  logic              clk,
    input  logic              rst_n,
    input  logic              start,       // only while can_start
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
  // Addresses are AW bits: one more than GADDR_W (65 in the full build), so that a copy
  // ending exactly at 2^GADDR_W, its page ends and burst limits do not wrap.
  localparam int AW = GADDR_W + 1;
  localparam logic [AW-1:0] DBA = AW'(DB);
  localparam int NCH = DB / 16;              // 16-byte chunks per beat
  localparam int IW  = (NRD > 1) ? $clog2(NRD) : 1;
  localparam int SW  = $clog2(NRD + 1);      // a count of slots
  // Two copies: one sending its reads while the other drains. A third could only start
  // once the second has sent all its reads, by when the first is long done.
  localparam int NC  = 2;
  localparam int WD  = 8;                    // shared-memory writes awaiting their response

  // ---------------------------------------------------------------- copies in flight
  logic          c_valid  [NC];
  logic [AW-1:0] c_gbase  [NC];
  logic [23:0]   c_sbase  [NC];
  logic [15:0]   c_mask   [NC];
  logic [23:0]   c_mbar   [NC];
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
  wire [AW-1:0] ga = AW'(gaddr_in);
  logic [AW-1:0] g_end, next_addr;   // the reads still to send: [next_addr, g_end)

  // ---------------------------------------------------------------- read issue
  logic [NRD-1:0]  slot_valid;           // one bit per slot: "any slot" is a reduction
  logic [AW-1:0]   slot_addr  [NRD];     // global address of the slot's next beat (aligned)
  logic [AW-1:0]   slot_end   [NRD];     // end of the slot's burst (exclusive)
  logic            slot_ctx   [NRD];     // the copy it reads for
  logic [IW-1:0]   id_ptr;

  wire iss_more = (next_addr < g_end);
  wire [AW-1:0] beat0    = {next_addr[AW-1:LB], {LB{1'b0}}};
  wire [AW-1:0] page_end = {next_addr[AW-1:12], 12'd0} + AW'(4096);
  wire [AW-1:0] len_end  = beat0 + (DBA << 8);
  logic [AW-1:0] burst_end;
  always_comb begin
    burst_end = g_end;
    if (page_end < burst_end) burst_end = page_end;
    if (len_end < burst_end) burst_end = len_end;
  end
  // Beats in the burst: only bits [LB+8:LB] of the rounded-up byte count matter (<= 256).
  /* verilator lint_off UNUSEDSIGNAL */
  wire [AW-1:0] burst_bytes = burst_end - beat0 + (DBA - AW'(1));
  /* verilator lint_on UNUSEDSIGNAL */

  assign arvalid = iss_more && !slot_valid[id_ptr];
  assign ar_s.id   = ID_W'(id_ptr);
  assign ar_s.addr = 64'(next_addr);
  assign ar_s.len  = 8'(burst_bytes[LB+8:LB] - 9'd1);

  // A new copy overlaps one in flight when they share a CTA and its shared range meets the
  // other's data or mbarrier (33-bit ends: no wrap).
  wire [32:0] n_lo = {9'd0, dst_off};
  wire [32:0] n_hi = n_lo + {1'b0, size};
  logic overlap;
  always_comb begin
    overlap = 1'b0;
    for (int i = 0; i < NC; i++)
      if (c_valid[i] && (c_mask[i] & dst_mask) != 16'd0) begin
        if (n_lo < {9'd0, c_sbase[i]} + {1'b0, c_size[i]} && {9'd0, c_sbase[i]} < n_hi)
          overlap = 1'b1;
        if (n_lo < {9'd0, c_mbar[i]} + 33'd8 && {9'd0, c_mbar[i]} < n_hi)
          overlap = 1'b1;
      end
  end
  assign can_start = !iss_more && !c_valid[c_tl] && !overlap;
  assign busy = c_valid[0] || c_valid[1];

  // ---------------------------------------------------------------- beat stage
  logic              beat_valid;
  logic              beat_ctx;
  logic [DATA_W-1:0] beat_rot;      // data on its shared-memory lanes
  logic [31:0]       beat_slo, beat_shi;   // shared-memory byte range [slo, shi)
  logic [15:0]       beat_mask;     // CTAs still to write
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
  // Slots are numbered 0..NRD-1, so the ID's upper bits are always zero.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [ID_W-1:0] rid_v = r_s.id;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [IW-1:0] rslot = rid_v[IW-1:0];
  wire          rctx  = slot_ctx[rslot];

  // Current write: aligned word and strobes.
  wire [31:0] w_first = {beat_slo[31:LB], {LB{1'b0}}};
  wire [31:0] w_addr  = beat_part ? w_first + 32'(DB) : w_first;
  wire        two_parts = (beat_shi > w_first + 32'(DB));
  // Strobes: byte i is written when w_addr + i lies in [beat_slo, beat_shi). As lane
  // bounds clamped to 0..DB that is a difference of two thermometer masks, instead of DB
  // address comparisons that Verilator would evaluate every cycle (docs/sim_speed.md).
  wire [31:0] lane_lo = (beat_slo <= w_addr) ? 32'd0 :
                        (beat_slo - w_addr >= 32'(DB)) ? 32'(DB) : beat_slo - w_addr;
  wire [31:0] lane_hi = (beat_shi <= w_addr) ? 32'd0 :
                        (beat_shi - w_addr >= 32'(DB)) ? 32'(DB) : beat_shi - w_addr;
  wire [DB-1:0] w_strb = ({DB{1'b1}} << lane_lo) & ~({DB{1'b1}} << lane_hi);
  // The CTA being written is the lowest one still in beat_mask: isolate its bit (m & -m) and
  // encode the one-hot word by four masked ORs, instead of a 16-step priority loop that the
  // simulator would run every cycle. rest_mask is beat_mask without that CTA.
  function automatic logic [3:0] enc16(input logic [15:0] onehot);
    enc16 = {|(onehot & 16'hFF00), |(onehot & 16'hF0F0), |(onehot & 16'hCCCC), |(onehot & 16'hAAAA)};
  endfunction
  wire [15:0] cur_bit   = beat_mask & (~beat_mask + 16'd1);
  wire [15:0] rest_mask = beat_mask & ~cur_bit;

  assign sm_valid = beat_valid && !wq_full;
  assign sm_cta   = enc16(cur_bit);
  assign sm_addr  = w_addr[23:0];
  assign sm_wdata = beat_rot;
  assign sm_wstrb = w_strb;

  wire sm_fire = sm_valid && sm_ready;
  assign beat_leaving = sm_fire && !(two_parts && !beat_part) && rest_mask == 16'd0;
  wire rsp_ctx = wq_ctx[wq_rd];

  // ---------------------------------------------------------------- finishing, oldest first
  typedef enum logic [1:0] { F_DATA, F_TX, F_TXWAIT, F_DONE } fin_t;
  fin_t        fin;
  logic [15:0] tx_left;              // CTAs whose complete-tx is still to send
  logic [4:0]  mb_out;               // complete-tx requests awaiting their response
  wire [15:0]  tx_bit = tx_left & (~tx_left + 16'd1);
  // Every read of the oldest copy sent and answered, its last beat written and acknowledged.
  wire hd_in = c_valid[c_hd] && !(iss_more && iss_ctx == c_hd) && c_slots[c_hd] == '0 &&
               !(beat_valid && beat_ctx == c_hd) && c_wout[c_hd] == 4'd0;
  wire hd_ok = !c_err_bus[c_hd] && !c_err_smem[c_hd];

  assign mb_valid    = (fin == F_TX);
  assign mb_cta      = enc16(tx_bit);
  assign mb_addr     = c_mbar[c_hd];
  assign mb_tx_count = c_size[c_hd];
  wire mb_fire = mb_valid && mb_ready;

  assign done      = (fin == F_DONE) && !done_hold;
  assign status    = c_err_bus[c_hd] ? tce_op_pkg::ST_GLOBAL_BUS :
                     (c_err_smem[c_hd] || c_tx_err[c_hd]) ? tce_op_pkg::ST_SHARED_RANGE :
                     tce_op_pkg::ST_OK;
  assign tx_err    = hd_ok && c_tx_err[c_hd];
  assign done_size = c_size[c_hd];

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      g_end <= '0; next_addr <= '0; id_ptr <= '0; iss_ctx <= 1'b0;
      c_hd <= 1'b0; c_tl <= 1'b0;
      beat_valid <= 1'b0; beat_ctx <= 1'b0; beat_rot <= '0; beat_slo <= '0; beat_shi <= '0;
      beat_mask <= '0; beat_part <= 1'b0; slot_valid <= '0;
      wq_rd <= '0; wq_n <= '0;
      fin <= F_DATA; tx_left <= '0; mb_out <= '0;
      for (int i = 0; i < NRD; i++) begin
        slot_addr[i] <= '0; slot_end[i] <= '0; slot_ctx[i] <= 1'b0;
      end
      for (int i = 0; i < WD; i++) wq_ctx[i] <= 1'b0;
      for (int i = 0; i < NC; i++) begin
        c_valid[i] <= 1'b0; c_gbase[i] <= '0; c_sbase[i] <= '0; c_mask[i] <= '0;
        c_mbar[i] <= '0; c_size[i] <= '0; c_err_bus[i] <= 1'b0; c_err_smem[i] <= 1'b0;
        c_tx_err[i] <= 1'b0; c_slots[i] <= '0; c_wout[i] <= '0;
      end
    end else begin
      if (start && can_start) begin
        g_end <= ga + AW'(size); next_addr <= ga; iss_ctx <= c_tl;
        c_tl <= !c_tl;
        c_valid[c_tl] <= 1'b1;
        c_gbase[c_tl] <= ga; c_sbase[c_tl] <= dst_off; c_mask[c_tl] <= dst_mask;
        c_mbar[c_tl] <= mbar_off; c_size[c_tl] <= size;
        c_err_bus[c_tl] <= 1'b0; c_err_smem[c_tl] <= 1'b0; c_tx_err[c_tl] <= 1'b0;
      end
      if (arvalid && arready) begin
        slot_valid[id_ptr] <= 1'b1;
        slot_addr[id_ptr]  <= beat0;
        slot_end[id_ptr]   <= burst_end;
        slot_ctx[id_ptr]   <= iss_ctx;
        next_addr <= burst_end;
        id_ptr <= (id_ptr == IW'(NRD - 1)) ? '0 : id_ptr + 1'b1;
      end
      // Bursts in flight per copy: one more on an AR, one less on a last beat.
      for (int i = 0; i < NC; i++)
        c_slots[i] <= c_slots[i] + SW'(arvalid && arready && iss_ctx == 1'(i))
                                 - SW'(rvalid && rready && r_s.last && rctx == 1'(i));
      // The write stage first: a beat taken in the same cycle overrides its clear.
      if (sm_fire) begin
        if (two_parts && !beat_part) begin
          beat_part <= 1'b1;
        end else begin
          beat_part <= 1'b0;
          beat_mask <= rest_mask;
          if (rest_mask == 16'd0) beat_valid <= 1'b0;
        end
        wq_ctx[3'(wq_rd + wq_n[2:0])] <= beat_ctx;
      end
      if (rvalid && rready) begin : r_beat
        // The rotation is the upper half of a doubled word shifted left; the lower half is
        // spill. Computed here, only for a beat that arrives: as combinational logic the
        // simulator would shift the 2*DATA_W-bit word every cycle.
        /* verilator lint_off UNUSEDSIGNAL */
        logic [2*DATA_W-1:0] doubled;
        logic [31:0] rot_bytes;
        /* verilator lint_on UNUSEDSIGNAL */
        logic [AW-1:0] gb, r_lo, r_hi_raw, r_hi;
        gb        = c_gbase[rctx];
        rot_bytes = {8'd0, c_sbase[rctx]} - gb[31:0];
        doubled   = {r_s.data, r_s.data} << (128 * ((rot_bytes >> 4) & (NCH - 1)));
        r_lo      = (slot_addr[rslot] < gb) ? gb : slot_addr[rslot];
        r_hi_raw  = slot_addr[rslot] + DBA;
        r_hi      = (r_hi_raw > slot_end[rslot]) ? slot_end[rslot] : r_hi_raw;
        slot_addr[rslot] <= slot_addr[rslot] + DBA;
        if (r_s.last) slot_valid[rslot] <= 1'b0;
        if (r_s.resp != 2'b00) begin
          // DECERR/SLVERR: the beat carries no data; nothing is written for it.
          c_err_bus[rctx] <= 1'b1;
        end else if (r_hi > r_lo && c_mask[rctx] != 0) begin
          beat_valid <= 1'b1;
          beat_ctx   <= rctx;
          beat_rot   <= doubled[2*DATA_W-1:DATA_W];
          beat_slo   <= r_lo[31:0] - gb[31:0] + {8'd0, c_sbase[rctx]};
          beat_shi   <= r_hi[31:0] - gb[31:0] + {8'd0, c_sbase[rctx]};
          beat_mask  <= c_mask[rctx];
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
          tx_left <= c_mask[c_hd];
          fin <= (hd_ok && c_mask[c_hd] != 16'd0) ? F_TX : F_DONE;
        end
        F_TX: if (mb_fire) begin
          tx_left <= tx_left & ~tx_bit;
          if ((tx_left & ~tx_bit) == 16'd0) fin <= F_TXWAIT;
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
endmodule
