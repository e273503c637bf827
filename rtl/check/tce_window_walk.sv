// The pre-move window check of a tensor load, store or reduce: every in-bounds unit of every
// row must lie in one mapped global window (GWIN_*), as the golden model checks element by
// element before anything moves (csim/tile.c walk(WALK_CHECK), csim/im2col*.c); a unit
// outside every window fails the command with GLOBAL_BUS (field none) and nothing moves.
//
// Sits between tce_tile_check and the executor: it passes tce_tile_check's verdict on
// (ready_out, status_out, field_out), and only when that verdict is OK for a load, store or
// reduce (not a prefetch, which the golden model does not walk), the windows are set, and
// the tensor's whole byte range [globalAddress, + extent) is not inside one window, it holds
// ready_out low and walks the box's rows with a row walk of its own (tce_row_walk and, in
// builds that have them, its own im2col and gather4 row generators) before it says OK or
// GLOBAL_BUS. The extent test runs in three register stages beside tce_tile_check's three,
// from the same held descriptor, so a tensor inside one window costs no cycle.
//
// A row's in-bounds units are contiguous when the dim-0 traversal stride e0 is 1 (every
// non-interleaved map): the walk takes the run [row + lo, row + hi) (lo, hi: the command's
// dim-0 clip, the same for every row) and checks it a window at a time: the window holding
// the run's first unit either reaches past its end, or the run goes on from that window's
// end rounded down to a unit (two cycles a step). With e0 > 1 (interleaved maps) it checks
// one unit a step. A window write (mem_wr drops `hold`) restarts everything.
module tce_window_walk #(
    parameter int  GADDR_W = 64,
    parameter bit  HAS_IM2COL = 1'b1,
    parameter bit  HAS_GATHER = 1'b1
) (
    input  logic          clk,
    input  logic          rst_n,
    input  logic          hold,         // tce_tile_check's hold: the command and desc held
    input  logic [1023:0] desc,
    input  logic [8*64-1:0] gwin_base,
    input  logic [8*64-1:0] gwin_size,
    input  logic          is_store,     // store or reduce
    input  logic          is_prefetch,
    // tce_tile_check's verdict and the geometry it gives the movers
    input  logic          ready_in,
    input  logic [7:0]    status_in,
    input  logic [7:0]    field_in,
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
    input  logic [1:0]    row_gen,
    input  logic [127:0]  row_coords,   // the command's tensorCoords[1..4] (gather4 rows)
    input  logic [2:0]    i2c_nwalk,
    input  logic [119:0]  i2c_win_lo,
    input  logic [119:0]  i2c_win_hi,
    input  logic [47:0]   i2c_pos_off,
    input  logic [159:0]  i2c_pos0,
    input  logic [10:0]   i2c_rows,
    input  logic [5:0]    i2c_group,
    // to the executor
    output logic          ready_out,
    output logic [7:0]    status_out,
    output logic [7:0]    field_out,
    output logic          walking       // a walk is on (for waves and tests)
);
  localparam int GOFF = tce_desc_pkg::DESC_GADDR_OFFSET;
  localparam int DOFF = tce_desc_pkg::DESC_GDIM_M1_OFFSET;
  localparam int SOFF = tce_desc_pkg::DESC_GSTRIDE_OFFSET;
  localparam int IOFF = tce_desc_pkg::DESC_INTERLEAVE_OFFSET;
  localparam int ROFF = tce_desc_pkg::DESC_RANK_OFFSET;

  // ---- the extent test, three stages beside tce_tile_check's ----
  // Stage 1: (globalDim[i] - 1) * globalStride[i] for dims 1..4 (a stride of 2^40 or more is
  // a bad descriptor: it only has to make the tensor "not inside"), dim 0's bytes (a
  // non-interleaved store's rounded up to 16, csim tce_store_in_bounds), and per window
  // globalAddress - base. Stage 2: two partial sums, the room each window has from
  // globalAddress on. Stage 3: the extent against the room of the window holding
  // globalAddress.
  wire [7:0]  rank8 = desc[ROFF*8 +: 8];
  wire [63:0] dgaddr = desc[GOFF*8 +: 64];
  logic [71:0] prod_q [4];
  logic        big_q, big2_q;
  logic [39:0] d0_q;
  logic [64:0] off_q [8];
  logic [72:0] sa_q, sb_q;
  logic [64:0] room_q [8];
  logic [7:0]  hit_q;
  logic        inside_q;
  always_ff @(posedge clk) begin
    logic big;
    logic [38:0] d0;
    big = 1'b0;
    for (int i = 1; i < 5; i++) begin
      logic [31:0] gm1;
      logic [63:0] st;
      gm1 = desc[(DOFF + 4*i)*8 +: 32];
      st  = desc[(SOFF + 8*(i-1))*8 +: 64];
      if (i < {24'd0, rank8}) begin
        prod_q[i-1] <= 72'(gm1) * 72'(st[39:0]);
        if (st[63:40] != '0 && gm1 != '0) big = 1'b1;
      end else
        prod_q[i-1] <= '0;
    end
    big_q <= big;
    d0 = (39'(desc[DOFF*8 +: 32]) + 39'd1) << ul;
    if (is_store && desc[IOFF*8 +: 8] == 8'd0) d0_q <= (40'(d0) + 40'd15) & ~40'd15;
    else d0_q <= 40'(d0);
    for (int w = 0; w < 8; w++) off_q[w] <= {1'b0, dgaddr} - {1'b0, gwin_base[w*64 +: 64]};
    // stage 2
    sa_q <= 73'(prod_q[0]) + 73'(prod_q[1]);
    sb_q <= 73'(prod_q[2]) + 73'(prod_q[3]) + 73'(d0_q);
    big2_q <= big_q;
    for (int w = 0; w < 8; w++) begin
      room_q[w] <= {1'b0, gwin_size[w*64 +: 64]} - off_q[w];
      hit_q[w]  <= gwin_size[w*64 +: 64] != '0 && !off_q[w][64] && off_q[w] < {1'b0, gwin_size[w*64 +: 64]};
    end
    // stage 3: windows do not overlap (csim/memsys.c), so at most one holds globalAddress;
    // OR-ing the masked rooms picks it (overlapping registers: no skip, the walk decides).
    begin
      logic [64:0] room;
      logic [73:0] ext;
      room = '0;
      for (int w = 0; w < 8; w++) room = room | (hit_q[w] ? room_q[w] : '0);
      ext = 74'(sa_q) + 74'(sb_q);
      inside_q <= !big2_q && hit_q != 8'd0 && (hit_q & (hit_q - 8'd1)) == 8'd0 && ext <= 74'(room);
    end
  end

  // ---- the walk ----
  typedef enum logic [2:0] { W_IDLE, W_ROW, W_UNIT, W_OFF, W_HIT, W_DEC, W_NEXT, W_DONE } wstate_t;
  wstate_t st;
  logic fault;

  // The command's dim-0 clip, in bytes from the row's address (the unit at c0): in-bounds
  // units lie in [off_lo, off_hi) (x0 in [0, globalDim[0]), a non-interleaved store's end
  // rounded up to 16 bytes); for e0 = 1 the row's run is [r_lo, r_hi) within [0, span).
  // Three register stages from the held command, like the extent test, so they are valid
  // when tce_tile_check is ready; the unit's size and step are registered too.
  logic signed [41:0] c0b_q, d0b_q, span_q, off_lo, off_hi, span2_q;
  logic [13:0] r_lo, r_hi;
  logic        run_empty;
  logic [64:0] unit;            // bytes of a unit
  logic [16:0] umask;           // unit - 1
  logic [16:0] stride_b;        // bytes from one unit of a row to the next (e0 units)
  logic        win_on_q;
  always_ff @(posedge clk) begin
    logic signed [41:0] d0b, lo, hi;
    c0b_q <= 42'(signed'(wcoords[31:0])) <<< ul;
    d0b = 42'(gdim[32:0]) << ul;
    if (is_store && desc[IOFF*8 +: 8] == 8'd0) d0b = (d0b + 42'sd15) & ~42'sd15;
    d0b_q <= d0b;
    span_q <= 42'(box0) << ul;
    off_lo <= -c0b_q;
    off_hi <= d0b_q - c0b_q;
    span2_q <= span_q;
    lo = off_lo < 0 ? 42'sd0 : off_lo;
    hi = off_hi > span2_q ? span2_q : off_hi;
    run_empty <= lo >= hi;
    r_lo <= 14'(lo);
    r_hi <= 14'(hi);
    unit <= 65'd1 << ul;
    umask <= (17'd1 << ul) - 17'd1;
    stride_b <= 17'(e0) << ul;
    win_on_q <= |gwin_size;
  end

  // The row walk (its own: the movers' walkers are busy with earlier commands).
  localparam bit EXT = HAS_IM2COL || HAS_GATHER;
  logic wk_start, wk_next, row_valid, row_inb, last_row, row_step;
  logic [GADDR_W-1:0] row_g;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [23:0] row_sbase;   // the shared side is tce_tile_check's
  /* verilator lint_on UNUSEDSIGNAL */
  logic [159:0] i2c_x, g4_x;
  logic i2c_last, g4_last;
  tce_row_walk #(.GADDR_W(GADDR_W), .EXT_ROWS(EXT)) u_walk (
    .clk, .rst_n, .start(wk_start), .rank, .ul, .gaddr, .gdim14(gdim[164:33]), .gstride,
    .n, .e, .coords(wcoords), .soff, .pitch, .ext_rows(row_gen != 2'd0),
    .ext_x(row_gen == 2'd2 ? g4_x : i2c_x), .ext_last(row_gen == 2'd2 ? g4_last : i2c_last),
    .next(wk_next), .row_valid, .row_g, .row_sbase, .row_inb, .last_row, .row_step
  );
  if (HAS_IM2COL) begin : g_im2col
    tce_im2col_walk u_im2col_walk (
      .clk, .rst_n, .start(wk_start), .step(row_step), .rank, .nwalk(i2c_nwalk),
      .win_lo(i2c_win_lo), .win_hi(i2c_win_hi), .pos_off(i2c_pos_off), .pos0(i2c_pos0),
      .e, .rows(i2c_rows), .group(i2c_group), .x(i2c_x), .last(i2c_last)
    );
  end else begin : g_no_im2col
    assign i2c_x = '0;
    assign i2c_last = 1'b0;
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_i2c = ^{i2c_nwalk, i2c_win_lo, i2c_win_hi, i2c_pos_off, i2c_pos0, i2c_rows,
                        i2c_group};
    /* verilator lint_on UNUSEDSIGNAL */
  end
  if (HAS_GATHER) begin : g_gather
    tce_gather4_walk u_gather4_walk (
      .clk, .rst_n, .start(wk_start), .step(row_step), .row_coords, .x(g4_x), .last(g4_last)
    );
  end else begin : g_no_gather
    assign g4_x = '0;
    assign g4_last = 1'b0;
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_g4 = ^row_coords;
    /* verilator lint_on UNUSEDSIGNAL */
  end
  if (!EXT) begin : g_no_step
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_step = row_step;
    /* verilator lint_on UNUSEDSIGNAL */
  end

  // One step: the unit (or run) at a, rem bytes of it left in the row.
  logic [63:0] a;
  logic [16:0] rem;
  logic [8:0]  k;               // e0 > 1: the unit in the row
  logic signed [41:0] orel;     // ... and its offset from the row's address
  logic [64:0] woff_q [8];      // a - base, per window

  // Registers only (the verdict's `ready` waits on none of tce_tile_check's logic): a command
  // that failed the check is let go in W_ROW.
  assign wk_start = st == W_IDLE && hold && ready_in && !is_prefetch && win_on_q && !inside_q;
  assign walking = st != W_IDLE && st != W_DONE;
  // The walker moves on from a registered state only.
  assign wk_next = st == W_NEXT;

  // W_HIT: per window, whether it holds the unit at a and how far it reaches from a
  // (registered); W_DEC: one that holds it (windows do not overlap; if set so, any will
  // do: each reaches at least the unit) and whether it covers the rest of the run.
  logic [7:0]  whit_q;
  logic [64:0] left_q [8];
  logic        any_hit, covers;
  logic [64:0] left;
  always_comb begin
    any_hit = |whit_q; left = '0;
    for (int w = 0; w < 8; w++) if (whit_q[w]) left = left_q[w];
    covers = 65'(rem) <= left;
  end
  // e0 = 1: how far the run goes on in the window (left < rem < 2^17 where it is used)
  wire [16:0] ustep = left[16:0] & ~umask;
  wire        k_last = 9'(k + 9'd1) == box0;
  wire        dim0_out = orel < off_lo || orel >= off_hi;

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      st <= W_IDLE; fault <= 1'b0; a <= '0; rem <= '0; k <= '0; orel <= '0; whit_q <= '0;
      for (int w = 0; w < 8; w++) begin woff_q[w] <= '0; left_q[w] <= '0; end
    end else if (!hold || !ready_in) begin
      st <= W_IDLE; fault <= 1'b0;
    end else begin
      case (st)
        W_IDLE: if (wk_start) st <= W_ROW;
        W_ROW: if (status_in != tce_op_pkg::ST_OK) begin
          st <= W_DONE;             // the check's own verdict goes on
        end else if (row_valid) begin
          if (!row_inb || (e0 == 4'd1 && run_empty)) begin
            st <= last_row ? W_DONE : W_NEXT;       // no in-bounds unit
          end else if (e0 == 4'd1) begin
            a <= 64'(row_g) + 64'(r_lo);
            for (int w = 0; w < 8; w++)
              woff_q[w] <= {1'b0, 64'(row_g) + 64'(r_lo)} - {1'b0, gwin_base[w*64 +: 64]};
            rem <= 17'(r_hi) - 17'(r_lo);
            st <= W_HIT;
          end else begin
            a <= 64'(row_g); k <= '0; orel <= '0;
            st <= W_UNIT;
          end
        end
        W_UNIT: if (dim0_out) begin
          // outside the tensor in dim 0: nothing to check
          if (k_last) st <= last_row ? W_DONE : W_NEXT;
          else begin
            k <= k + 9'd1; a <= a + 64'(stride_b); orel <= orel + 42'(stride_b);
          end
        end else begin
          rem <= 17'(unit);
          st <= W_OFF;
        end
        W_OFF: begin
          for (int w = 0; w < 8; w++) woff_q[w] <= {1'b0, a} - {1'b0, gwin_base[w*64 +: 64]};
          st <= W_HIT;
        end
        W_HIT: begin
          for (int w = 0; w < 8; w++) begin
            logic [64:0] room;
            room = {1'b0, gwin_size[w*64 +: 64]};
            whit_q[w] <= room != '0 && !woff_q[w][64] && woff_q[w] <= room &&
                        unit <= room - woff_q[w];
            left_q[w] <= room - woff_q[w];
          end
          st <= W_DEC;
        end
        W_DEC: if (!any_hit) begin
          fault <= 1'b1; st <= W_DONE;
        end else if (e0 == 4'd1 ? covers : k_last) begin
          st <= last_row ? W_DONE : W_NEXT;
        end else if (e0 == 4'd1) begin
          // on from the window's end, rounded down to a unit
          a <= a + {47'd0, ustep};
          rem <= rem - ustep;
          st <= W_OFF;
        end else begin
          k <= k + 9'd1; a <= a + 64'(stride_b); orel <= orel + 42'(stride_b);
          st <= W_UNIT;
        end
        W_NEXT: st <= W_ROW;
        default: ;
      endcase
    end
  end

  // Nothing to walk: tce_tile_check's verdict goes on in the cycle it is ready.
  assign ready_out  = ready_in && ((st == W_IDLE && !wk_start) || st == W_DONE);
  assign status_out = fault ? tce_op_pkg::ST_GLOBAL_BUS : status_in;
  assign field_out  = fault ? 8'(tce_regs_pkg::FIELD_NONE) : field_in;
endmodule
