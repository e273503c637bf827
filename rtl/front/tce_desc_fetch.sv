// Fetches the 128-byte tensor descriptor from global memory (one AXI4 INCR burst; the
// address is 64-byte aligned, as csim requires, and 128 bytes from a 64-byte boundary can
// cross a 4 KB page only at its middle, so the fetch is split there into two bursts).
// The descriptor is assembled little-endian: byte i in bits [8i+7:8i].
//
// The last descriptor fetched without error stays in `desc` as a one-entry cache keyed by
// its global address: a command using the same tensor map again gets it the cycle after
// `start`, without a bus read. The key is compared with `addr` a cycle ahead (tag_eq_q), so
// `hit` is one LUT from flip-flops: contract with the caller, `addr` in a cycle of `start`
// is the one of the cycle before, and `hit` is read only then (the executor's command
// register changes only at a pop, and S_CHECK acts only when the last cycle had none).
// A stale copy is never used: the entry is dropped by `inval`
// (CTRL.DESC_INVAL, which software writes after changing a tensor map in memory, the
// fence.proxy.tensormap step; and CTRL.SOFT_RESET), and by any write burst of the engine
// itself (AW handshake) that overlaps its 128 bytes, even one seen during the fetch.
//
// The write snoop is three register stages, so that neither the engine's AW channel (a
// mux of the movers' burst logic) nor the 65-bit compares run on into `hit` and the
// executor: a handshake in cycle t is registered as it came (t+1), compared with the
// entry in pieces (t+2), the pieces combined (ov_q, t+3), and the entry dropped at the end
// of t+3. `hit` is false in t+1 and t+2 after any write (not compared yet: at worst a lost
// hit) and in t+3 after an overlapping one. Contract with the caller: `start` never comes
// in the cycle of a write handshake nor in the two after it. The executor keeps that: it
// raises `start` only in S_CHECK, entered from S_IDLE after S_RETIRE after the previous
// command's mover reported done, which every mover writing global memory does only the
// cycle after the B of its last burst (so at least five cycles after its last AW); the
// tensor loads that run beside S_CHECK write shared memory only. TCE_ASSERT builds check
// it.
module tce_desc_fetch #(
    parameter int DATA_W = 256,
    parameter int ID_W   = 4,
    // Every write burst the engine issues starts below 2^WR_AW (tce_engine: its GADDR_W, as
    // the executor refuses a global range past 2^GADDR_W; asserted below), so the snoop
    // compares WR_AW + 1 bits and an entry at or past 2^(WR_AW+1) is never written.
    parameter int WR_AW  = 64
) (
    input  logic              clk,
    input  logic              rst_n,
    input  logic              start,
    input  logic [63:0]       addr,         // 64-byte aligned (checked by the caller)
    output logic              done,         // one-cycle pulse
    output logic              busy,         // fetching: `desc` may change
    output logic              hit,          // addr's descriptor is cached: start needs no read
    output logic              bus_err,      // with done: a beat answered with an error
    output logic [1023:0]     desc,
    input  logic              inval,        // forget the cached descriptor
    // the engine's own global writes, as they are issued (AW handshakes)
    input  logic              wr_seen,
    input  logic [63:0]       wr_addr,
    input  logic [7:0]        wr_len,
    // AXI4 read address / data (owned while busy), payloads of tce_axi_pkg
    output logic              arvalid,
    input  logic              arready,
    output logic [tce_axi_pkg::ax_bits(ID_W)-1:0] axi_ar,
    input  logic              rvalid,
    output logic              rready,
    input  logic [tce_axi_pkg::r_bits(DATA_W, ID_W)-1:0] axi_r
);
  `TCE_AXI_TYPEDEFS(DATA_W, ID_W)
  axi_ax_t ar_s;
  // The fetch owns the read channel alone, one burst at a time: RID is not needed.
  /* verilator lint_off UNUSEDSIGNAL */
  axi_r_t  r_s;
  /* verilator lint_on UNUSEDSIGNAL */
  assign axi_ar = ar_s;
  assign r_s    = axi_r;

  localparam int DB = DATA_W / 8;
  localparam int BEATS_PER_HALF = (64 + DB - 1) / DB;   // beats of one 64-byte half

  typedef enum logic [1:0] { S_IDLE, S_AR, S_R } state_t;
  state_t state;
  logic [63:0] base;
  logic        half;          // which 64-byte half the current burst fetches
  logic        both;          // whole 128 bytes in one burst (no page crossing)
  logic [7:0]  beat;
  logic        err;

  localparam int LB = $clog2(DB);
  // Cache entry.
  logic        c_valid, clean;
  logic [63:0] c_tag;
  logic        tag_eq_q;    // c_tag == addr, in the last cycle (see the header)
  wire cached = c_valid && tag_eq_q;
  // Stage 1: the write burst as it came (its beat-aligned start: the bits below the beat
  // do not matter, the burst is widened to whole beats). Whether the burst [w_lo, w_hi),
  // w_hi = w_lo + (len+1) beats, overlaps the entry [c_tag, c_end), with 65-bit ends (a
  // descriptor or a burst that ends at 2^64 does not wrap to address 0). base is c_tag
  // whenever it matters (both are set at a fetch's start), so the entry is the only
  // address watched. A burst is at most 16 KB, so w_hi is w_lo's bits below S plus the
  // burst's bytes (a short sum lsum, carry lsum[S]) and its bits from S up plus that carry:
  // stage 2 registers that sum and compares of the upper bits (c_hm1 = c_tag's upper bits
  // - 1, kept beside it), stage 3 combines them with the lower bits' compare.
  // (AB bits of address: the entry's and the bursts' where the entry is below 2^AB, c_near;
  // a burst starts below 2^WR_AW and spans at most 16 KB, so it ends below 2^AB)
  localparam int S = 15;
  localparam int AB = WR_AW < 64 ? WR_AW + 1 : 64;
  logic              seen_q, seen2_q, ov_q;
  logic [AB-1:LB]    wlo_q;
  logic [7:0]        wlen_q;
  logic              c_near;        // c_tag < 2^AB: writes can reach the entry
  logic [AB:0]       c_end;         // c_tag + 128
  logic [AB-1:S]     c_hm1;         // c_tag[AB-1:S] - 1
  logic [S:0]        lsum_q;
  logic              lo_q, lt_q, le_q, eq_q, eqm1_q;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [63:0] wr_addr_v = wr_addr;   // the bits below the beat are not compared, nor from AB up
  /* verilator lint_on UNUSEDSIGNAL */
  wire [AB-1:0] w_lo = {wlo_q, {LB{1'b0}}};
  wire [AB-1:S] c_hi = c_tag[AB-1:S];
  wire [AB-1:S] w_h  = w_lo[AB-1:S];
  wire        below_lo = c_tag[S-1:0] < lsum_q[S-1:0];
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      seen_q <= 1'b0; seen2_q <= 1'b0; ov_q <= 1'b0; wlo_q <= '0; wlen_q <= '0;
      lsum_q <= '0; lo_q <= 1'b0; lt_q <= 1'b0; le_q <= 1'b0; eq_q <= 1'b0; eqm1_q <= 1'b0;
    end else begin
      seen_q <= wr_seen;
      if (wr_seen) begin wlo_q <= wr_addr_v[AB-1:LB]; wlen_q <= wr_len; end
      seen2_q <= seen_q;
      if (seen_q) begin
        lsum_q <= {1'b0, w_lo[S-1:0]} + (((S+1)'(wlen_q) + (S+1)'(1)) << LB);
        lo_q <= {1'b0, w_lo} < c_end;
        lt_q <= c_hi < w_h; le_q <= c_hi <= w_h; eq_q <= c_hi == w_h; eqm1_q <= c_hm1 == w_h;
      end
      ov_q <= seen2_q && c_near && lo_q &&
              (lsum_q[S] ? le_q || (eqm1_q && below_lo) : lt_q || (eq_q && below_lo));
    end
  end
  assign hit = cached && !seen_q && !seen2_q && !ov_q && !inval;


  wire crosses = (addr[11:0] == 12'hFC0);   // 64-aligned: only offset 0xFC0 crosses 4 KB
  wire [63:0] cur_addr = base + (half ? 64'd64 : 64'd0);
  assign arvalid = (state == S_AR);
  assign ar_s.id   = '0;
  assign ar_s.addr = cur_addr;
  assign ar_s.len  = both ? 8'(2 * BEATS_PER_HALF - 1) : 8'(BEATS_PER_HALF - 1);
  assign rready  = (state == S_R);
  assign busy    = (state != S_IDLE);

  // The address is 64-byte aligned and a beat is at most 64 bytes, so every beat lies
  // wholly inside the descriptor: beat i of the fetch is descriptor word i.
  localparam int NW = 128 / DB;
  localparam int WI = $clog2(NW);
  wire [WI-1:0] word = WI'(half ? BEATS_PER_HALF : 0) + WI'(beat);

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      state <= S_IDLE; base <= '0; half <= 1'b0; both <= 1'b0; beat <= '0; err <= 1'b0; tag_eq_q <= 1'b0;
      done <= 1'b0; bus_err <= 1'b0; desc <= '0;
      c_valid <= 1'b0; clean <= 1'b0; c_tag <= '0; c_end <= (AB+1)'(128); c_hm1 <= '1;
      c_near <= 1'b1;
    end else begin
      done <= 1'b0;
      tag_eq_q <= c_tag == addr;
      if (ov_q || inval) begin c_valid <= 1'b0; clean <= 1'b0; end
      case (state)
        S_IDLE: if (start && hit) begin
          done <= 1'b1; bus_err <= 1'b0;
        end else if (start) begin
          base <= addr; half <= 1'b0; both <= !crosses; beat <= '0; err <= 1'b0;
          // Writes this close break the contract (asserted); should one come anyway, its
          // data may land after the read, so the fetch is not cached.
          c_valid <= 1'b0; c_tag <= addr; c_end <= {1'b0, addr[AB-1:0]} + (AB+1)'(128);
          c_hm1 <= addr[AB-1:S] - (AB-S)'(1);
          c_near <= (65'(addr) >> AB) == '0;
          clean <= !wr_seen && !seen_q && !seen2_q;
          state <= S_AR;
        end
        S_AR: if (arready) begin beat <= '0; state <= S_R; end
        S_R: if (rvalid) begin
          if (r_s.resp != 2'b00) err <= 1'b1;
          // One enable per word, not `desc[word*DATA_W +: DATA_W] <= rdata`: Yosys builds
          // that indexed write as a 1024-bit shifter (about 5k LUTs at DATA_W 128).
          for (int i = 0; i < NW; i++)
            if (word == WI'(i)) desc[i*DATA_W +: DATA_W] <= r_s.data;
          beat <= beat + 8'd1;
          if (r_s.last) begin
            if (!both && !half) begin
              half <= 1'b1; state <= S_AR;
            end else begin
              state <= S_IDLE; done <= 1'b1; bus_err <= err || (r_s.resp != 2'b00);
              // Cached only when whole, error-free and not written meanwhile.
              // Writes still in the snoop's first stages drop it when their compare ends.
              c_valid <= clean && !err && (r_s.resp == 2'b00) && !ov_q && !inval;
            end
          end
        end
        default: state <= S_IDLE;
      endcase
    end
  end

`ifdef TCE_ASSERT
  // The key compared a cycle ahead is the current one whenever a lookup is made (the header).
  always @(posedge clk or negedge rst_n)
    if (rst_n)
      assert (!start || state != S_IDLE || tag_eq_q == (c_tag == addr))
        else $error("tce_desc_fetch: start with an address that changed in the cycle before");
  // The snoop is three cycles late: a lookup must never meet a write handshake of its own
  // cycle or of the two before (the header).
  always @(posedge clk or negedge rst_n)
    if (rst_n)
      assert (!(start && (wr_seen || seen_q || seen2_q)))
        else $error("tce_desc_fetch: descriptor lookup within two cycles of a write burst");
  // The snoop reads AB bits of a burst's address (WR_AW above).
  always @(posedge clk or negedge rst_n)
    if (rst_n)
      assert (!wr_seen || (65'(wr_addr) >> WR_AW) == '0)
        else $error("tce_desc_fetch: a write burst at %h, past 2^%0d", wr_addr, WR_AW);
`endif
endmodule
