// Fetches the 128-byte tensor descriptor from global memory (one AXI4 INCR burst; the
// address is 64-byte aligned, as csim requires, and 128 bytes from a 64-byte boundary can
// cross a 4 KB page only at its middle, so the fetch is split there into two bursts).
// The descriptor is assembled little-endian: byte i in bits [8i+7:8i].
//
// The last descriptor fetched without error stays in `desc` as a one-entry cache keyed by
// its global address: a command using the same tensor map again gets it the cycle after
// `start`, without a bus read. A stale copy is never used: the entry is dropped by `inval`
// (CTRL.DESC_INVAL, which software writes after changing a tensor map in memory, the
// fence.proxy.tensormap step; and CTRL.SOFT_RESET), and by any write burst of the engine
// itself (AW handshake) that overlaps its 128 bytes, even one seen during the fetch; a
// fetch started in a cycle with any write burst is not cached at all.
module tce_desc_fetch #(
    parameter int DATA_W = 256,
    parameter int ID_W   = 4
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
  wire cached = c_valid && (c_tag == addr);
  // A write burst [w_lo, w_hi) (from its beat-aligned start) overlapping the entry, or the
  // descriptor being fetched.
  // The bits below the beat do not matter: the burst is widened to whole beats.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [63:0] wr_addr_v = wr_addr;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [63:0] w_lo = {wr_addr_v[63:LB], {LB{1'b0}}};
  wire [63:0] watch = (state == S_IDLE) ? c_tag : base;
  // Computed only in a cycle with a write burst (the same function: a Verilated model would
  // otherwise do the 64-bit sums and compares every cycle, in its input pass). 65-bit sums:
  // a descriptor or a burst that ends at 2^64 does not wrap to address 0.
  logic overlap;
  always_comb begin
    overlap = 1'b0;
    if (wr_seen)
      overlap = ({1'b0, w_lo} < {1'b0, watch} + 65'd128) &&
                ({1'b0, watch} < {1'b0, w_lo} + ((65'(wr_len) + 65'd1) << LB));
  end
  assign hit = cached && !overlap && !inval;

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
      state <= S_IDLE; base <= '0; half <= 1'b0; both <= 1'b0; beat <= '0; err <= 1'b0;
      done <= 1'b0; bus_err <= 1'b0; desc <= '0;
      c_valid <= 1'b0; clean <= 1'b0; c_tag <= '0;
    end else begin
      done <= 1'b0;
      if (overlap || inval) begin c_valid <= 1'b0; clean <= 1'b0; end
      case (state)
        S_IDLE: if (start && hit) begin
          done <= 1'b1; bus_err <= 1'b0;
        end else if (start) begin
          base <= addr; half <= 1'b0; both <= !crosses; beat <= '0; err <= 1'b0;
          // A write issued in the start cycle may land after the read: that fetch is not cached,
          // whatever the write's address (not compared: a lost hit, not a stale one).
          c_valid <= 1'b0; c_tag <= addr; clean <= !wr_seen;
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
              c_valid <= clean && !err && (r_s.resp == 2'b00) && !overlap && !inval;
            end
          end
        end
        default: state <= S_IDLE;
      endcase
    end
  end
endmodule
