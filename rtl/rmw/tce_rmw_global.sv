// Read-modify-write of global memory for reductions (cp.reduce.async.bulk to global,
// cp.reduce.async.bulk.tensor, red.global). It sits between a write mover and the AXI4
// master: the mover still walks the destination and emits AW bursts and W beats exactly as
// for a store (tce_bulk_from_smem, tce_tile_store, tce_red_scalar), and this unit turns each
// burst into
//
//   AR (same address and length) -> R beats = old memory -> reduction unit with the mover's
//   W beat as the source -> W beats of the new data under the mover's strobes, after the AW.
//
// With `reduce` low it only passes the write channels through (a plain store).
//
// Overlap rule. A reduction must never read bytes that an earlier write of the engine has
// not had its B response for (that read could return the old value and the update would be
// lost). Every write burst, reduced or plain, enters a FIFO of byte ranges when it is
// accepted (for a reduction: before its AR is issued) and leaves it with its B response
// (B responses return in AW order: every burst uses AWID 0). A reduction's AR waits while
// its range overlaps any range in the FIFO, and any burst waits while the FIFO is full.
// Non-overlapping bursts therefore stream back to back; only an overlapping one drains.
// The check is registered: a reduction's AR goes the cycle after its AW is held and checked.
//
// Coalescing. A burst that starts at or after the end of the newest range, and whose end
// lies within SPAN bytes of that range's start, joins the newest range instead of taking a
// range of its own: the range grows to cover it (and the gap between, which no burst of it
// writes) and counts one more burst; it leaves with the B response of its last burst. The
// merged range is a superset of the bytes its bursts write, so a reduction that meets it
// can only wait longer than it must (a false match stalls, it never loses an update). A
// tensor reduce's rows, which ascend in memory, then share ranges: a streaming 2-D reduce
// of 256-byte rows keeps about 50 bursts in flight at a memory latency of 200 cycles, in
// about 13 ranges, where a range per burst would need 64 of the 64-bit comparators.
// A burst's range enters the FIFO (or joins the newest) the cycle after the burst is
// accepted, from a register, and the newest range's bounds have registers of their own, so
// neither the mover's address nor a multiplexer over the ranges feeds that decision.
//
// Read ahead. The AR of a burst goes out as soon as its AW arrives from the mover (the
// overlap rule permitting), before the W beats of earlier bursts; tce_bulk_from_smem sends
// its AWs up to 4 bursts ahead of its W beats, so the old values of the next bursts are
// read while the current one is combined and written. All reads use one ARID, so R beats
// return in AR order and pair with the mover's W beats in order. The R buffer stays small:
// R beats that arrive before their W beats wait in memory (RREADY low), so the read-ahead
// costs no buffer of a memory latency's worth of beats here.
//
// Bus errors: an R beat with RRESP != OKAY is written back with no strobes (nothing is
// invented), and the B responses the mover sees carry SLVERR until the next `clear`, so the
// mover reports GLOBAL_BUS as for a failed write.
module tce_rmw_global #(
    parameter int DATA_W = 256,
    parameter int ID_W   = 4,
    // Write bursts tracked in flight (ranges). A streaming reduce has bursts from AR to B:
    // the mover's AWs ahead (tce_bulk_from_smem: 4) plus the written ones awaiting their B
    // (about one memory latency: 2 bursts of 4 KB at 200 cycles), so 8 keeps a bulk reduce
    // streaming; tce_engine sets 32 for the tile store's short row bursts.
    parameter int NOUT   = 8,
    // Largest span of a coalesced range in bytes: bounds how far a false match reaches.
    parameter int SPAN   = 4096,
    parameter int RDEPTH = 4,          // R beats buffered ahead of the mover's W beats
    // 0: a build without reductions (tce_engine HAS_REDUCE). The unit is then a wire: the
    // ranges exist only for the reductions' overlap rule, so neither they nor the read path
    // are built, and plain bursts are not held back by a full range FIFO.
    parameter bit HAS_REDUCE = 1'b1
) (
    input  logic                clk,
    input  logic                rst_n,
    input  logic                reduce_in,    // this command reduces (else: a plain store)
    input  logic                clear,        // a command starts: forget read errors
    // upstream: the mover's write channels (payloads of tce_axi_pkg; its AW ID is not
    // passed on: every burst leaves with the one ID the B order needs)
    input  logic                u_awvalid,
    output logic                u_awready,
    input  logic [tce_axi_pkg::ax_bits(ID_W)-1:0] u_aw,
    input  logic                u_wvalid,
    output logic                u_wready,
    input  logic [tce_axi_pkg::w_bits(DATA_W)-1:0] u_w,
    output logic                u_bvalid,
    output tce_axi_pkg::b_t     u_b,
    // downstream: the AXI4 master's write and read channels
    output logic                awvalid,
    input  logic                awready,
    output logic [tce_axi_pkg::ax_bits(ID_W)-1:0] axi_aw,
    output logic                wvalid,
    input  logic                wready,
    output logic [tce_axi_pkg::w_bits(DATA_W)-1:0] axi_w,
    input  logic                bvalid,
    input  tce_axi_pkg::b_t     axi_b,
    output logic                arvalid,
    input  logic                arready,
    output logic [tce_axi_pkg::ax_bits(ID_W)-1:0] axi_ar,
    input  logic                rvalid,
    output logic                rready,
    input  logic [tce_axi_pkg::r_bits(DATA_W, ID_W)-1:0] axi_r,
    // the reduction unit (shared with tce_rmw_smem; tag = WLAST)
    output logic                ru_in_valid,
    input  logic                ru_in_ready,
    output logic [DATA_W-1:0]   ru_in_mem,
    output logic [DATA_W-1:0]   ru_in_src,
    output logic [DATA_W/8-1:0] ru_in_be,
    output logic                ru_in_last,
    input  logic                ru_out_valid,
    output logic                ru_out_ready,
    input  logic [DATA_W-1:0]   ru_out_data,
    input  logic [DATA_W/8-1:0] ru_out_be,
    input  logic                ru_out_last
);
  `TCE_AXI_TYPEDEFS(DATA_W, ID_W)
  /* verilator lint_off UNUSEDSIGNAL */
  axi_ax_t u_aw_s;    // its ID: see the port
  axi_r_t  r_s;       // one ID, and the W beats say where a burst ends: RID, RLAST unused
  /* verilator lint_on UNUSEDSIGNAL */
  axi_w_t  u_w_s, w_s;
  axi_ax_t aw_s, ar_s;
  assign u_aw_s = u_aw;
  assign u_w_s  = u_w;
  assign r_s    = axi_r;
  assign axi_aw = aw_s;
  assign axi_w  = w_s;
  assign axi_ar = ar_s;

  wire reduce = HAS_REDUCE && reduce_in;
  localparam int DB = DATA_W / 8;
  localparam int LB = $clog2(DB);
  localparam int NA = $clog2(NOUT);
  localparam int RA = $clog2(RDEPTH);

  // ------------------------------------------------------------- ranges in flight
  // A range counts its bursts still awaiting their B response (at most SPAN / DB). Its end
  // is kept in 65 bits: a burst that ends at 2**64 ends there, not at 0.
  localparam int CW = $clog2(SPAN / DB + 1);
  logic [63:0]   rng_lo [NOUT];
  logic [64:0]   rng_hi [NOUT];
  logic [CW-1:0] rng_n [NOUT];
  logic          rng_one [NOUT];   // rng_n == 1: its next B retires it
  logic          rng_two [NOUT];   // rng_n == 2 (rng_one's next value after a B)
  logic [NOUT-1:0] rng_v;          // the entry holds a range (between head and tail)
  logic [NA-1:0] rng_head, rng_tail, rng_last;   // rng_last: the newest range
  logic [NA:0]   rng_count;
  // The newest range's end, and its start + SPAN (the furthest end a merge may reach), in
  // registers of their own: the merge check reads them with no multiplexer in front.
  logic [64:0]   last_hi, last_lim;

  // The burst held between the mover's AW and the downstream AR/AW.
  logic         p_valid, p_need_ar, p_need_aw;
  logic [63:0]  p_addr;
  logic [7:0]   p_len;
  // Byte range [lo, hi) the burst may touch: whole beats from the aligned start.
  wire [63:0]   u_lo = {u_aw_s.addr[63:LB], {LB{1'b0}}};
  wire [64:0]   u_hi = {1'b0, u_lo} + ((65'(u_aw_s.len) + 65'd1) << LB);
  logic [63:0]  p_lo;
  logic [64:0]  p_hi;
  logic [NOUT-1:0] hit;    // entry i holds a range that the held burst's overlaps
  // Only a reduction's held burst, before its AR, is checked against the ranges (hit
  // feeds arvalid alone), so the NOUT pairs of compares are evaluated only then; as plain
  // logic the simulator would run them every cycle of every plain store. Each entry's
  // verdict is registered (hit_q, valid in chk_q) and the AR goes the cycle after: no range
  // enters meanwhile (the only push of a reduction is its own AR, and q was empty when
  // checked), and one that leaves only makes its verdict stale-safe for a cycle.
  wire check_overlap = reduce && p_valid && p_need_ar;
  logic [NOUT-1:0] hit_q;
  logic chk_q;
  always_comb begin
    hit = '0;
    if (check_overlap) for (int i = 0; i < NOUT; i++)
      hit[i] = rng_v[i] && {1'b0, p_lo} < rng_hi[i] && {1'b0, rng_lo[i]} < p_hi;
  end

  // A burst's range enters the FIFO the cycle after it is accepted (a plain store's AW, a
  // reduction's AR), from q_*: so the merge decision reads registers only, and the mover's
  // AW address reaches no further than q. Until then the burst counts as a range of its own
  // for `room`, and a reduction's AR waits for it (q_valid) to be checked against it.
  logic         q_valid;
  logic [63:0]  q_lo;
  logic [64:0]  q_hi;
  wire [63:0] n_lo = reduce ? p_lo : u_lo;    // the range being accepted
  wire [64:0] n_hi = reduce ? p_hi : u_hi;
  wire room     = !HAS_REDUCE || (rng_count + (NA+1)'(q_valid) < (NA+1)'(NOUT));
  wire plain_aw = !reduce && u_awvalid && room;
  wire ar_fire  = arvalid && arready;
  wire push     = (plain_aw && awready) || ar_fire;
  wire pop      = bvalid;    // bready is always high
  // q joins the newest range when it starts at or after its end and ends within SPAN of
  // its start; else it takes a range of its own, unless its B came already (the FIFO empty:
  // B responses come in burst order, so this B is q's).
  wire q_merge  = q_valid && rng_count != '0 && {1'b0, q_lo} >= last_hi && q_hi <= last_lim;
  wire q_gone   = q_valid && rng_count == '0 && pop;
  wire q_new    = q_valid && !q_merge && !q_gone;
  wire head_pop = pop && rng_count != '0;    // the B belongs to the oldest range
  // The oldest range leaves with the B response of its last burst (not while q joins it).
  wire retire   = head_pop && rng_one[rng_head] && !(q_merge && rng_count == (NA+1)'(1));

  // ------------------------------------------------------------- R beats waiting for W
  logic [DATA_W-1:0] rf_data [RDEPTH];
  logic              rf_err  [RDEPTH];
  logic [RA-1:0]     rf_head, rf_tail;
  logic [RA:0]       rf_count;
  wire               rf_empty = (rf_count == '0);
  wire               r_take = rvalid && rready;
  wire               w_take = ru_in_valid && ru_in_ready;

  // The buffered beats are a RAM (one write port, read at rf_head, no reset: an entry is
  // read only after its R beat was written), so synthesis can keep them out of flip-flops.
  always_ff @(posedge clk) begin
    if (r_take) begin
      rf_data[rf_tail] <= r_s.data;
      rf_err[rf_tail] <= (r_s.resp != 2'b00);
    end
  end

  // Bursts whose AW went out and whose last W beat has not: a W beat may go only then.
  logic [8:0] aw_ahead;
  logic       aw_nz;        // aw_ahead != 0, a flip-flop: it gates the reduction unit's
                            // output ready, in front of every ready of the pipeline
  wire        w_out_fire = wvalid && wready;
  logic       rd_err;

  assign arvalid = reduce && p_valid && p_need_ar && !q_valid && chk_q && hit_q == '0 && room;
  assign ar_s.id   = '0;     // one ID: R beats come back in AR order, matching the W beats
  assign ar_s.addr = p_addr;
  assign ar_s.len  = p_len;
  assign rready  = (rf_count != (RA+1)'(RDEPTH));

  assign ru_in_valid = reduce && u_wvalid && !rf_empty;
  assign ru_in_mem   = rf_data[rf_head];
  assign ru_in_src   = u_w_s.data;
  assign ru_in_be    = rf_err[rf_head] ? '0 : u_w_s.strb;
  assign ru_in_last  = u_w_s.last;
  assign ru_out_ready = wready && aw_nz;

  always_comb begin
    aw_s.id = '0;
    if (reduce) begin
      u_awready = !p_valid;
      awvalid   = p_valid && !p_need_ar && p_need_aw;
      aw_s.addr = p_addr;
      aw_s.len  = p_len;
      u_wready  = ru_in_ready && !rf_empty;
      wvalid    = ru_out_valid && aw_nz;
      w_s.data  = ru_out_data;
      w_s.strb  = ru_out_be;
      w_s.last  = ru_out_last;
    end else begin
      u_awready = awready && room;
      awvalid   = plain_aw;
      aw_s.addr = u_aw_s.addr;
      aw_s.len  = u_aw_s.len;
      u_wready  = wready;
      wvalid    = u_wvalid;
      w_s       = u_w_s;
    end
  end
  assign u_bvalid = bvalid;
  assign u_b.resp = rd_err ? 2'b10 : axi_b.resp;

  // The ranges themselves: q joins the newest or opens the tail; a B counts down the head.
  // Only those entries are written (an entry is read only between head and tail, so it
  // needs no reset: rng_v says which hold a range). The flags n == 1 and n == 2 follow
  // from the old ones, not from the new count, which keeps the count's adder out of the
  // retire decision's path. A merge and a B on the same entry leave it as it was.
  // Written entry by entry rather than as a loop over all NOUT, so the simulator tests a
  // handful of pending writes a cycle instead of one per entry and field.
  wire last_inc = q_merge && !(head_pop && rng_head == rng_last);
  wire head_dec = head_pop && !(q_merge && rng_head == rng_last) &&
                  !(q_new && rng_head == rng_tail);
  always_ff @(posedge clk) begin
    if (q_new) begin
      // a free entry: the head's B cannot be its own (the FIFO is not full)
      rng_lo[rng_tail]  <= q_lo;
      rng_hi[rng_tail]  <= q_hi;
      rng_n[rng_tail]   <= CW'(1);
      rng_one[rng_tail] <= 1'b1;
      rng_two[rng_tail] <= 1'b0;
    end
    if (q_merge) rng_hi[rng_last] <= q_hi;
    if (last_inc) begin
      rng_n[rng_last]   <= rng_n[rng_last] + CW'(1);
      rng_one[rng_last] <= 1'b0;                   // merges make an entry's count >= 2
      rng_two[rng_last] <= rng_one[rng_last];
    end
    if (head_dec) begin
      rng_n[rng_head]   <= rng_n[rng_head] - CW'(1);
      rng_one[rng_head] <= rng_two[rng_head];
      rng_two[rng_head] <= rng_n[rng_head] == CW'(3);
    end
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      rng_v <= '0; rng_head <= '0; rng_tail <= '0; rng_last <= '0; rng_count <= '0;
      last_hi <= '0; last_lim <= '0;
      q_valid <= 1'b0; q_lo <= '0; q_hi <= '0; hit_q <= '0; chk_q <= 1'b0;
      p_valid <= 1'b0; p_need_ar <= 1'b0; p_need_aw <= 1'b0; p_addr <= '0; p_len <= '0;
      p_lo <= '0; p_hi <= '0;
      rf_head <= '0; rf_tail <= '0; rf_count <= '0;
      aw_ahead <= '0; aw_nz <= 1'b0; rd_err <= 1'b0;
    end else begin
      q_valid <= push;
      if (push) begin q_lo <= n_lo; q_hi <= n_hi; end
      chk_q <= check_overlap && !q_valid && !ar_fire;
      hit_q <= hit;
      if (q_new) begin
        rng_v[rng_tail] <= 1'b1;
        rng_last <= rng_tail;
        rng_tail <= rng_tail + 1'b1;
        last_lim <= {1'b0, q_lo} + 65'(SPAN);
      end
      if (q_new || q_merge) last_hi <= q_hi;
      if (retire) begin
        rng_v[rng_head] <= 1'b0;
        rng_head <= rng_head + 1'b1;
      end
      rng_count <= rng_count + (NA+1)'(q_new) - (NA+1)'(retire);

      if (reduce && u_awvalid && u_awready) begin
        p_valid <= 1'b1; p_need_ar <= 1'b1; p_need_aw <= 1'b1;
        p_addr <= u_aw_s.addr; p_len <= u_aw_s.len; p_lo <= u_lo; p_hi <= u_hi;
      end else begin
        if (ar_fire) p_need_ar <= 1'b0;
        if (awvalid && awready && reduce) begin
          p_need_aw <= 1'b0; p_valid <= 1'b0;
        end
      end

      if (r_take) begin
        rf_tail <= rf_tail + 1'b1;
        if (r_s.resp != 2'b00) rd_err <= 1'b1;
      end
      if (w_take) rf_head <= rf_head + 1'b1;
      rf_count <= rf_count + (RA+1)'(r_take) - (RA+1)'(w_take);

      // Counted for reductions only: a plain store leaves it at zero, and skipping the
      // update then saves the simulator a sum every cycle of every store.
      if (reduce) begin : count_aw
        logic [8:0] nx;
        nx = aw_ahead + 9'(awvalid && awready) - 9'(w_out_fire && w_s.last);
        aw_ahead <= nx;
        aw_nz <= nx != 9'd0;
      end
      if (clear) rd_err <= 1'b0;
    end
  end

`ifdef TCE_ASSERT
  // The FIFOs' invariants (simulation only, docs/rtl.md "Assertions"): the range FIFO takes
  // a range only with room and gives one back only for a write in flight; the R buffer is
  // never read empty nor written full; a reduced W beat goes out only behind its AW.
  always @(posedge clk or negedge rst_n) begin
    if (rst_n) begin
      assert (!(q_new && rng_count == (NA+1)'(NOUT)))
        else $error("tce_rmw_global: range FIFO: push while full (NOUT %0d)", NOUT);
      assert (!(HAS_REDUCE && pop && rng_count == '0 && !q_valid))
        else $error("tce_rmw_global: range FIFO: a B response with no write burst in flight");
      assert (!(w_take && rf_empty))
        else $error("tce_rmw_global: R buffer: a W beat reduced with no R beat");
      assert (!(r_take && rf_count == (RA+1)'(RDEPTH)))
        else $error("tce_rmw_global: R buffer: an R beat taken while full (RDEPTH %0d)", RDEPTH);
      assert (!(reduce && w_out_fire && aw_ahead == 9'd0))
        else $error("tce_rmw_global: a reduced W beat with no AW ahead of it");
      assert (aw_nz == (aw_ahead != 9'd0))
        else $error("tce_rmw_global: aw_nz %0d beside aw_ahead %0d", aw_nz, aw_ahead);
    end
  end
`endif
endmodule
