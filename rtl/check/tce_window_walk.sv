// The pre-move window check of a tensor load, store or reduce: every in-bounds unit of every
// row must lie in one mapped global window (GWIN_*), as the golden model checks element by
// element before anything moves (csim/tile.c walk(WALK_CHECK), csim/im2col*.c); a unit
// outside every window fails the command with GLOBAL_BUS (field none) and nothing moves.
//
// Sits between tce_tile_check and the executor: it passes tce_tile_check's verdict on
// (ready_out, status_out, field_out), and only when the windows are set, the command is not
// a prefetch (the golden model does not walk those) and the tensor's whole byte range
// [globalAddress, + extent) (its end from tce_tile_check) is not inside one window, it
// holds ready_out low and walks the box's rows before it says OK or GLOBAL_BUS: with the
// movers' shared row walker where the build has one (OWN_WALK = 0, no outside row
// generator), else with a row walk of its own (tce_row_walk and its own im2col and gather4
// row generators). The extent test runs beside tce_tile_check's three register stages,
// from the same held descriptor, so a tensor inside one window costs no cycle.
//
// The golden model's order: a fault of tce_tile_check's that it finds before its walk goes
// on unwalked; one it finds after (walk_first: an im2col load's destination checks, made
// after every pixel is read) or inside its walk (walk_rows: a row past SMEM_SIZE, checked
// before that row's units) is walked first, and a window fault met on the way wins.
//
// A row's in-bounds units are contiguous when the dim-0 traversal stride e0 is 1 (every
// non-interleaved map): the walk takes the run [row + lo, row + hi) (lo, hi: the command's
// dim-0 clip, the same for every row) and checks it a window at a time: the window holding
// the run's first unit either reaches past its end, or the run goes on from that window's
// end rounded down to a unit. With e0 > 1 (interleaved maps) it checks one unit a step.
// The windows are compared one a cycle (2 cycles a window), starting from the last one that
// held a unit (at first, the one holding globalAddress): one comparator, not eight.
//
// Window bounds are GADDR_W + 1 bits: every unit checked lies below 2^GADDR_W (tce_tile_check
// refuses a tensor whose byte range does not), so a window based at or past 2^GADDR_W holds
// none of them and one reaching past 2^GADDR_W holds the same ones as if it ended there.
// A window write (mem_wr drops `hold`) restarts everything.
module tce_window_walk #(
    parameter int  GADDR_W = 64,
    parameter bit  HAS_IM2COL = 1'b1,
    parameter bit  HAS_GATHER = 1'b1,
    // 0: the rows come from the movers' shared walker (tce_engine, builds without an outside
    // row generator), taken when no mover walks it; 1: from a row walk of its own.
    parameter bit  OWN_WALK = 1'b1
) (
    input  logic          clk,
    input  logic          rst_n,
    input  logic          hold,         // tce_tile_check's hold: the command and desc held
    // globalAddress and the interleave byte are all it reads of the held descriptor
    /* verilator lint_off UNUSEDSIGNAL */
    input  logic [1023:0] desc,
    /* verilator lint_on UNUSEDSIGNAL */
    input  logic [8*64-1:0] gwin_base,
    input  logic [8*(GADDR_W+1)-1:0] gwin_wend,   // base + size clamped to 2^GADDR_W (tce_regs)
    input  logic [7:0]      gwin_on,    // size is not 0
    // the same bounds as tce_regs writes them, {base[G-1:0], clamped end} of window
    // gwin_wr_i, into the LUT RAM below (the one-window-at-a-time reads)
    input  logic            gwin_wr,
    input  logic [2:0]      gwin_wr_i,
    input  logic [2*GADDR_W:0] gwin_wr_bend,
    input  logic [24:0]   mem_smem,     // SMEM_SIZE in force (a row's span, walk_rows)
    input  logic          is_store,     // store or reduce
    input  logic          is_prefetch,
    // tce_tile_check's verdict and the geometry it gives the movers
    input  logic          ready_in,
    input  logic [7:0]    status_in,
    input  logic [7:0]    field_in,
    input  logic          pass_in,      // status_in is ST_OK (from registers: tce_tile_check)
    input  logic          walk_first,   // the verdict's fault comes after the golden model's walk
    input  logic          walk_rows,    // ... is a row's shared span, checked row by row in it
    input  logic          origin_rd,    // a tile load that reads globalAddress first
    // tce_tile_check's globalAddress + extent (third stage) and its "past every window"
    input  logic [67:0]   rng_end,
    input  logic          rng_over,
    input  logic [2:0]    rank,
    input  logic [2:0]    ul,
    input  logic [3:0]    e0,
    input  logic [GADDR_W-1:0] gaddr,
    input  logic [159:0]  wcoords,
    input  logic [164:0]  gdim,
    input  logic [4*GADDR_W-1:0] gstride,
    input  logic [8:0]    box0,
    input  logic [35:0]   n,
    input  logic [15:0]   e,
    input  logic [23:0]   soff,
    input  logic [13:0]   pitch,
    input  logic [13:0]   row_bytes,
    input  logic [2:0]    swizzle,
    input  logic [1:0]    row_gen,
    input  logic [127:0]  row_coords,   // the command's tensorCoords[1..4] (gather4 rows)
    input  tce_walk_pkg::i2c_walk_t i2c,   // im2col rows (tce_im2col_check's walk)
    // the shared walker (OWN_WALK = 0)
    input  logic          xw_free,      // no mover walks it
    output logic          xw_start,
    output logic          xw_next,
    input  tce_walk_pkg::xw_row_t xw_row,
    // to the executor
    output logic          ready_out,
    output logic [7:0]    status_out,
    output logic [7:0]    field_out,
    output logic          pass_out,     // status_out is ST_OK, from registers
    output logic          walking       // a walk is on (for waves and tests)
);
  localparam int G = GADDR_W;
  localparam int G1 = G + 1;            // window ends reach 2^G
  localparam int GOFF = tce_desc_pkg::DESC_GADDR_OFFSET;
  localparam int IOFF = tce_desc_pkg::DESC_INTERLEAVE_OFFSET;

  // ---- the windows' ends, clamped to 2^G (formed by tce_regs as a window is written) ----
  // 0 for a window based at or past 2^G (no unit can end at or below 0).
  logic [G:0] wend_q [8];
  always_comb for (int w = 0; w < 8; w++) wend_q[w] = gwin_wend[w*G1 +: G1];
  // The bounds of one window at a time (window wi: the one holding globalAddress while no
  // walk is on, then the one the walk tries) come from a LUT RAM copy of them, not an 8:1
  // select of the registers above. It has no reset: bw_set marks the windows written since
  // reset (one not written holds no unit, as its registers' 0 say).
  logic [2*G:0] bw_ram [8];
  logic [7:0]   bw_set;
  always_ff @(posedge clk)
    if (gwin_wr) bw_ram[gwin_wr_i] <= gwin_wr_bend;
  always_ff @(posedge clk or negedge rst_n)
    if (!rst_n) bw_set <= '0;
    else if (gwin_wr) bw_set[gwin_wr_i] <= 1'b1;

  typedef enum logic [2:0] { W_IDLE, W_ROW, W_UNIT, W_HIT, W_DEC, W_NEXT, W_DONE } wstate_t;
  wstate_t st;
  logic fault;

  // ---- the extent test, beside tce_tile_check's three stages ----
  // Stage 2: which window holds globalAddress. Stage 3: tce_tile_check's end of the range
  // against that window's. A non-interleaved store's dim 0 counts rounded up to 16 bytes
  // (csim tce_store_in_bounds): globalAddress and the strides of a valid map are multiples
  // of 16 (the walk matters only for one), so the rounded end fits a window exactly when
  // the end fits the window's end rounded down to 16.
  wire [G-1:0] dgaddr = desc[GOFF*8 +: G];
  logic [7:0]  hit, hit_q;
  logic [2:0]  wi;              // the window read (the walk's, below)
  logic [2:0]  wi0n;            // the lowest window of `hit`: wi while no walk is on
  wire  [2*G:0] bw = bw_ram[wi];
  wire  [G-1:0] w_base = bw[2*G:G1];
  wire  [G:0]   w_end = bw[G:0];
  wire          w_set = bw_set[wi];
  always_comb begin
    for (int w = 0; w < 8; w++)
      hit[w] = gwin_base[w*64 +: G] <= dgaddr && {1'b0, dgaddr} < wend_q[w];
    wi0n = '0;
    for (int w = 7; w >= 0; w--) if (hit[w]) wi0n = 3'(w);
  end
  logic        inside_q;
  logic        org_in_q;      // the origin read's 16 bytes (csim TCE_TILE_ORIGIN_READ_BYTES) lie in one window
  logic        round16_q;     // registered beside hit_q (the command is held): not in front of stage 3's compare
  always_ff @(posedge clk) begin
    hit_q <= hit;
    round16_q <= is_store && desc[IOFF*8 +: 8] == 8'd0;
    // stage 3: windows do not overlap (csim/memsys.c), so at most one holds globalAddress,
    // window wi (overlapping registers: no skip, the walk decides). Formed while no walk
    // is on (then wi is hit_q's lowest window) and held through the walk, whose wi moves:
    // the held command and the windows do not change meanwhile.
    if (st == W_IDLE) begin
      // (in G + 1 bits: the ends are below 2^(G+1), and dgaddr + 16 is too); the end
      // rounded down to 16 as a compare of its own beside the plain one, not a select in
      // front of one compare
      inside_q <= !rng_over && hit_q != 8'd0 && (hit_q & (hit_q - 8'd1)) == 8'd0 &&
                  rng_end[67:G1] == '0 &&
                  (round16_q ? rng_end[G:4] < w_end[G:4] || (rng_end[G:4] == w_end[G:4] && rng_end[3:0] == 4'd0)
                             : rng_end[G:0] <= w_end);
      org_in_q <= hit_q != 8'd0 && (hit_q & (hit_q - 8'd1)) == 8'd0 &&
                  G1'(dgaddr) + G1'(16) <= w_end;
    end
  end

  // ---- the walk ----

  // The command's dim-0 clip, in bytes from the row's address (the unit at c0): in-bounds
  // units lie in [off_lo, off_hi) (x0 in [0, globalDim[0]), a non-interleaved store's end
  // rounded up to 16 bytes); for e0 = 1 the row's run is [r_lo, r_hi) within [0, span).
  // Three register stages from the held command, like the extent test, so they are valid
  // when tce_tile_check is ready; the unit's size and step are registered too, and the
  // highest row start whose span still fits in shared memory (walk_rows).
  // Every offset the bounds are compared with (a unit's, at most (box0 - 1) x e0 units of
  // 2^ul bytes, and the span, box0 units) is below 2^OW, so -c0 and d0 - c0 are clamped
  // before their shift (to [0, 2^OW] and [-16, 2^OW]: a bound past the clamp stays past
  // every offset, one below it below 0): the arithmetic is about OW + 8 bits wide rather
  // than the 42 bits of a shifted 33-bit dimension less a shifted coordinate.
  localparam int OW = 20;               // (2^9 - 2) x (15 << 7) < 2^20: the ports' widths
  logic [OW+7:0] off_lo;                // -(c0 << ul), clamped before the shift
  logic signed [OW+8:0] off_hi;         // d0' - (c0 << ul), clamped before the shift
  logic [16:0] span_q, span2_q;         // box0 << ul
  logic [OW:0] nc_q;                    // -c0, clamped to [0, 2^OW]
  logic signed [OW+1:0] x_q;            // globalDim[0] - c0, clamped to [-16, 2^OW]
  logic [3:0]  rnd_q;                   // what rounding d0 << ul up to 16 adds (a store)
  logic [13:0] r_lo, r_hi;
  logic [14:0] r_lo_u;          // r_lo + unit
  logic        run_empty;
  logic [5:0]  unit;            // bytes of a unit
  logic [4:0]  umask;           // unit - 1
  logic [16:0] stride_b;        // bytes from one unit of a row to the next (e0 units)
  logic        win_on_q;
  logic signed [25:0] slim_q;   // a row at a higher shared address ends past SMEM_SIZE (with
                                // a swizzle: past SMEM_SIZE's line, L = SMEM_SIZE >> 7)
  logic signed [26:0] slim2_q;  // ... past L's end (a swizzle, SMEM_SIZE off a line)
  logic        tail_q;          // a swizzle and SMEM_SIZE off a line: a row ending in L is checked
  logic [15:0] tail_ok_q;       // ... in range, by the row's start {in L, chunk}
  always_ff @(posedge clk) begin
    logic signed [34:0] nc, x;
    logic [13:0] hi;
    logic [24:0] lim;
    logic [3:0]  ce;
    logic [7:0]  chunks;
    // stage 1: -c0 and d0 - c0, unshifted and clamped; a store's rounding of d0 << ul up to
    // 16 adds (-(d0 << ul)) mod 16, so d0' - (c0 << ul) = ((d0 - c0) << ul) + that
    nc = 35'sd0 - 35'(signed'(wcoords[31:0]));
    x = 35'(gdim[32:0]) - 35'(signed'(wcoords[31:0]));
    nc_q <= nc < 0 ? '0 : nc >= 35'sd1 <<< OW ? (OW+1)'(1) << OW : (OW+1)'(nc);
    x_q <= x < -35'sd16 ? (OW+2)'(-16) : x >= 35'sd1 <<< OW ? (OW+2)'(1) << OW : (OW+2)'(x);
    rnd_q <= (is_store && desc[IOFF*8 +: 8] == 8'd0) ? 4'(-(gdim[3:0] << ul)) : 4'd0;
    span_q <= 17'(box0) << ul;
    // stage 2: shifted (not clamped again: the compares below take the wider values)
    off_lo <= (OW+8)'(nc_q) << ul;
    off_hi <= ((OW+9)'(x_q) <<< ul) + (OW+9)'(rnd_q);
    span2_q <= span_q;
    // stage 3: the run [off_lo, min(off_hi, span)) (off_lo >= 0): empty when off_lo is at or
    // past either end, two compares side by side; r_hi matters only when it is not empty
    // (then off_hi > 0, so the unsigned compare is right)
    hi = (OW+9)'(off_hi) > (OW+9)'(span2_q) ? 14'(span2_q) : 14'(off_hi);
    run_empty <= $signed((OW+9)'(off_lo)) >= off_hi || off_lo >= (OW+8)'(span2_q);
    r_lo <= 14'(off_lo);
    r_hi <= hi;
    r_lo_u <= 15'(off_lo) + 15'(unit);
    unit <= 6'd1 << ul;
    umask <= 5'((6'd1 << ul) - 6'd1);
    stride_b <= 17'(e0) << ul;
    win_on_q <= |gwin_on;
    // The golden model's span rule a row at a time (tce_span_pkg, as tce_tile_check's for
    // the box): with a swizzle a row ending past SMEM_SIZE's line L's start is in range only
    // when SMEM_SIZE is off a line, the row ends in L and its chunks there land below
    // SMEM_SIZE. Rows start on a chunk (a 128-byte-aligned base, a pitch of whole chunks),
    // so a row ending in L covers chunks [start chunk s or 0, (s + its chunks) mod 8, or 8)
    // of it: one verdict per start chunk s, in L or before it, formed here for the command.
    lim = (swizzle != 3'd0) ? {mem_smem[24:7], 7'd0} : mem_smem;
    slim_q <= 26'(lim) - 26'(row_bytes);
    slim2_q <= 27'({mem_smem[24:7], 7'd0}) + 27'sd128 - 27'(row_bytes);
    tail_q <= swizzle != 3'd0 && mem_smem[6:0] != 7'd0;
    for (int t = 0; t < 16; t++) begin
      ce = {1'b0, 3'(t) + row_bytes[6:4]};
      if (ce == 4'd0) ce = 4'd8;
      for (int j = 0; j < 8; j++) chunks[j] = (t < 8 || j >= t - 8) && 4'(j) < ce;
      tail_ok_q[t] <= tce_span_pkg::tail_ok(swizzle, mem_smem, chunks);
    end
  end

  // The row walk: its own (the movers' walkers may be busy with earlier commands), or the
  // movers' shared one once no mover walks it.
  localparam bit EXT = HAS_IM2COL || HAS_GATHER;
  logic wk_want, wk_start, wk_next, row_valid, row_inb, last_row, row_step;
  logic [GADDR_W-1:0] row_g;
  logic [23:0] row_sbase;
  logic [159:0] i2c_x, g4_x;
  logic i2c_last, g4_last;
  // (constants where the walk has no outside generator or is not its own: the select of
  // tce_row_gens's outputs, 0 then, is not built in a synthesis that keeps the hierarchy)
  localparam bit EXT_OWN = EXT && OWN_WALK;
  wire [159:0] ext_x = EXT_OWN ? (row_gen == 2'd2 ? g4_x : i2c_x) : '0;
  wire         ext_last = EXT_OWN && (row_gen == 2'd2 ? g4_last : i2c_last);
  tce_mover_walk #(.GADDR_W(GADDR_W), .EXT_ROWS(EXT), .OWN_WALK(OWN_WALK)) u_walk (
    .clk, .rst_n, .start(wk_start), .rank, .ul, .gaddr, .gdim14(gdim[164:33]), .gstride, .n,
    .e, .coords(wcoords), .soff, .pitch, .ext_rows(row_gen != 2'd0), .ext_x, .ext_last,
    .next(wk_next), .xw_row,
    .row_valid, .row_g, .row_sbase, .row_inb, .last_row, .row_step
  );
  // tce_engine starts and steps the shared walker from these (OWN_WALK = 0).
  assign xw_start = !OWN_WALK && wk_start;
  assign xw_next  = !OWN_WALK && wk_next;
  tce_row_gens #(.HAS_IM2COL(HAS_IM2COL), .HAS_GATHER(HAS_GATHER)) u_row_gens (
    .clk, .rst_n, .start(wk_start), .step(row_step), .rank, .e, .i2c, .row_coords, .i2c_x,
    .i2c_last, .g4_x, .g4_last
  );

  // One step: the unit (or run) at a, rem bytes of it left in the row, tried against
  // window wi.
  logic [G-1:0] a;
  logic [G:0]   a_u;            // a + unit
  logic [16:0]  rem;
  logic [8:0]   k;              // e0 > 1: the unit in the row
  logic [OW-1:0] orel;          // ... and its offset from the row's address
  logic [2:0]   nmiss;          // windows tried in vain for this unit
  logic         row0;           // no row taken yet
  logic         whit_q;         // W_HIT's: window wi holds the unit at a
  logic [G:0]   left_q;         // ... and reaches this far from a

  // Registers only (the verdict's `ready` waits on none of tce_tile_check's logic): a command
  // that failed the check is let go in W_ROW.
  assign wk_want  = st == W_IDLE && hold && ready_in && !is_prefetch && win_on_q && !inside_q;
  assign wk_start = wk_want && (OWN_WALK || xw_free);
  assign walking = st != W_IDLE && st != W_DONE;
  // The walker moves on from a registered state only.
  assign wk_next = st == W_NEXT;

  // The row is past SMEM_SIZE (its shared span is checked before its units).
  wire row_in_l = {1'b0, row_sbase[23:7]} == mem_smem[24:7];
  wire span_bad = $signed({2'b0, row_sbase}) > slim_q &&
                  (!tail_q || $signed({3'b0, row_sbase}) > slim2_q ||
                   !tail_ok_q[{row_in_l, row_sbase[6:4]}]);
  // e0 = 1: the run is covered, or how far it goes on in the window (left < rem < 2^17
  // where that is used)
  logic       covers;
  always_comb covers = G1'(rem) <= left_q;
  wire [16:0] ustep = left_q[16:0] & ~{12'd0, umask};
  wire        k_last = 9'(k + 9'd1) == box0;
  wire        dim0_out = (OW+8)'(orel) < off_lo || $signed((OW+9)'(orel)) >= off_hi;
  // One adder each for a and a_u (no `share` pass in the synthesis flow merges them): a takes
  // the row's first unit (row_g + r_lo, or row_g for e0 > 1), the next unit (+ stride_b) or
  // the run on from a window's end (+ ustep); a_u = a + unit along with it.
  wire [G-1:0] a_from = st == W_ROW ? row_g : a;
  wire [16:0]  a_step = st == W_ROW ? (e0 == 4'd1 ? 17'(r_lo) : 17'd0) :
                        (st == W_DEC && e0 == 4'd1) ? ustep : stride_b;
  wire [G-1:0] a_next = a_from + G'(a_step);
  wire [G:0]   u_from = st == W_ROW ? {1'b0, row_g} : st == W_UNIT ? {1'b0, a} : a_u;
  wire [16:0]  u_step = st == W_ROW ? 17'(r_lo_u) : st == W_UNIT ? 17'(unit) : ustep;
  wire [G:0]   a_u_next = u_from + G1'(u_step);

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      st <= W_IDLE; fault <= 1'b0; a <= '0; a_u <= '0; rem <= '0; k <= '0; orel <= '0;
      wi <= '0; nmiss <= '0; whit_q <= 1'b0; left_q <= '0; row0 <= 1'b0;
    end else if (!hold || !ready_in) begin
      st <= W_IDLE; fault <= 1'b0; wi <= wi0n;
    end else begin
      case (st)
        // wi follows the window holding globalAddress (as hit_q: stage 2 of the extent
        // test), where the walk starts
        W_IDLE: begin
          wi <= wi0n;
          if (wk_start) begin st <= W_ROW; row0 <= 1'b1; end
        end
        W_ROW: if (status_in != tce_op_pkg::ST_OK && !walk_first && !walk_rows) begin
          st <= W_DONE;             // a fault before the golden model's walk goes on
        end else if (row0 && walk_rows && origin_rd && !org_in_q) begin
          // csim/tile.c checks the origin read's window before its walk; the mover would
          // read it on the bus, but a row past SMEM_SIZE keeps the command from moving
          fault <= 1'b1; st <= W_DONE;
        end else if (row_valid) begin
          nmiss <= '0; row0 <= 1'b0;
          if (walk_rows && span_bad) begin
            st <= W_DONE;           // this row past SMEM_SIZE: the check's verdict
          end else if (!row_inb || (e0 == 4'd1 && run_empty)) begin
            st <= last_row ? W_DONE : W_NEXT;       // no in-bounds unit
          end else if (e0 == 4'd1) begin
            a <= a_next;
            a_u <= a_u_next;
            rem <= 17'(r_hi) - 17'(r_lo);
            st <= W_HIT;
          end else begin
            a <= a_next; k <= '0; orel <= '0;
            st <= W_UNIT;
          end
        end
        W_UNIT: if (dim0_out) begin
          // outside the tensor in dim 0: nothing to check
          if (k_last) st <= last_row ? W_DONE : W_NEXT;
          else begin
            k <= k + 9'd1; a <= a_next; orel <= orel + OW'(stride_b);
          end
        end else begin
          rem <= 17'(unit);
          a_u <= a_u_next;
          nmiss <= '0;
          st <= W_HIT;
        end
        W_HIT: begin
          whit_q <= w_set && w_base <= a && a_u <= w_end;
          left_q <= w_end - {1'b0, a};
          st <= W_DEC;
        end
        W_DEC: if (!whit_q) begin
          // the next window, until all eight held nothing
          if (nmiss == 3'd7) begin
            fault <= 1'b1; st <= W_DONE;
          end else begin
            nmiss <= nmiss + 3'd1; wi <= wi + 3'd1; st <= W_HIT;
          end
        end else if (e0 == 4'd1 ? covers : k_last) begin
          st <= last_row ? W_DONE : W_NEXT;
        end else if (e0 == 4'd1) begin
          // on from the window's end, rounded down to a unit: another window's, if any
          a <= a_next;
          a_u <= a_u_next;
          rem <= rem - ustep;
          nmiss <= '0; wi <= wi + 3'd1;
          st <= W_HIT;
        end else begin
          k <= k + 9'd1; a <= a_next; orel <= orel + OW'(stride_b);
          st <= W_UNIT;
        end
        W_NEXT: st <= W_ROW;
        default: ;
      endcase
    end
  end

  // Nothing to walk: tce_tile_check's verdict goes on in the cycle it is ready. ready_in
  // implies hold (tce_tile_check's ready is hold && its stages), so with ready_in high
  // !wk_want is the registers' and command's term below: ready_in is the one late input,
  // a LUT from ready_out (it lies on the engine's path from the verdict to the movers).
  wire no_walk = st == W_DONE || (st == W_IDLE && (is_prefetch || !win_on_q || inside_q));
  assign ready_out  = ready_in && no_walk;
  assign status_out = fault ? tce_op_pkg::ST_GLOBAL_BUS : status_in;
  assign field_out  = fault ? 8'(tce_regs_pkg::FIELD_NONE) : field_in;
  assign pass_out   = pass_in && !fault;
`ifdef TCE_ASSERT
  always @(posedge clk or negedge rst_n)
    if (rst_n) assert (!ready_in || hold) else $error("tce_window_walk: ready_in without hold");
`endif
endmodule
