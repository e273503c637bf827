// The row walk of a tensor box (a row = the dim-0 run at one position of dims 1..4): which
// row comes next, and where it is. Rows come from the box odometer (x[i] = c[i] + k[i]*e[i]
// for dims 1..4, k counting 0..n[i]-1, dim 1 fastest) or, with ext_rows, from a row
// generator outside (tce_gather4_walk, tce_im2col_walk) that gives the coordinates of dims
// 1..4 of its current row (ext_x), whether it is the last (ext_last), and moves on at
// row_step (its x changes the cycle after). Used by tce_tile_load and tce_tile_store.
//
// The walk presents one row at a time (row_valid): its global address (row_g, of dim-0
// coordinate c0), its pre-swizzle shared address, whether dims 1..4 all lie in the tensor
// (row_inb, every dimension compared at once) and whether it is the last; the user takes
// it with `next`, and the following row can be presented in the very next cycle.
//
// The address is kept incrementally, never recomputed from scratch: the walk holds the
// presented row's coordinates (xr) and, to take the generator's row, adds
// (x[i] - xr[i]) * stride[i] for every dimension. Between neighbouring rows a coordinate
// moves by an element stride (1..8) or wraps back by a short window (an im2col pixel row),
// so the difference is usually small: every difference within [-16, 15] is multiplied by
// shifts and adds, all dimensions in one cycle. A larger difference (an odometer wrap over
// more than 16 elements, a gather4 row, row 0's own coordinates from xr = 0) goes through
// the one full multiplier, one dimension per cycle, before the row is presented (in the
// same cycle when it is the only dimension that moves). So a row costs one cycle, plus one
// per dimension that jumps while others move too.
//
// The walk runs one row ahead of the user: it steps the generator (row_step) as soon as
// it has taken the generator's row, so the next row's coordinates are already there when
// the user takes the current one.
//
// Without an outside generator (EXT_ROWS = 0: a build without im2col and gather4, such as
// the `lite` configuration of `tce synth`) the rows come from the odometer alone, and an
// odometer step changes the address by one of only four amounts: stepping dimension j
// (dims below it wrapping to 0) adds delta[j] = e[j]*stride[j] - sum over i < j of
// (n[i]-1)*e[i]*stride[i]. That build computes row 0's address and the four deltas once,
// after start, with one multiplier (a product per cycle: a dimension's coordinate, step and
// wrap), and then presents a row per cycle with one add: no difference adders per
// dimension. The multiplier's operands and its product are registers (a DSP48 with its
// output register; the wrap's small n-1 times e product is registered beside it), so a
// product is used the cycle after it is formed. Row 0 then comes 2 cycles after start per
// dimension above 0 (3 per dimension below the top one) plus one, where the general walk
// takes 1 to rank; the rows after it come one per cycle, where the general walk spends a
// second cycle on a wrap over 16 elements.
//
// Addresses, strides and their sums are GADDR_W bits (tce_engine GADDR_W): every sum is
// taken modulo 2^GADDR_W, which is exact for the rows that are read or written, because
// tce_tile_check refuses a tensor map whose byte range does not fit below 2^GADDR_W. A row
// out of bounds (a negative coordinate) may have a wrapped address; nobody reads it there.
module tce_row_walk #(
    parameter int GADDR_W = 64,     // global address bits of the tensor path (<= 64)
    // Rows may come from a generator outside (a build with im2col or gather4/scatter4); 0:
    // only from the box odometer, whose coordinates need fewer bits (XW below).
    parameter bit EXT_ROWS = 1'b1
) (
    input  logic          clk,
    input  logic          rst_n,
    input  logic          start,       // latch the command; row 0 follows
    input  logic [2:0]    rank,
    input  logic [2:0]    ul,          // log2 bytes of a dim-0 unit
    input  logic [GADDR_W-1:0]   gaddr,
    input  logic [131:0]  gdim14,      // gdim of dims 1..4 (33 bits each)
    input  logic [4*GADDR_W-1:0] gstride,   // dims 1..4
    input  logic [35:0]   n,
    input  logic [15:0]   e,
    input  logic [159:0]  coords,
    input  logic [23:0]   soff,
    input  logic [13:0]   pitch,       // shared bytes between rows (interleaved rows reach 8 KB)
    input  logic          ext_rows,
    input  logic [159:0]  ext_x,
    input  logic          ext_last,
    input  logic          next,        // the user is done with the presented row
    output logic          row_valid,   // a row is presented
    output logic [GADDR_W-1:0] row_g,      // global address of dim-0 coordinate c0 in the row
    output logic [23:0]   row_sbase,   // pre-swizzle shared address of the row
    output logic          row_inb,     // dims 1..4 of the row all in the tensor
    output logic          last_row,    // the presented row is the command's last
    output logic          row_step     // the row generator moves on
);
  logic [2:0]   rk;
  logic         xrows;             // ext_rows of the command (the input may move on)
  logic [131:0] gd;
  logic [4*GADDR_W-1:0] gs;
  logic [35:0]  nn;
  logic [15:0]  ee;
  logic [159:0] cc;
  logic [13:0]  rpitch;
  logic [8:0]   k  [4];            // odometer position in dims 1..4
  // Coordinate bits (signed). The odometer's are c + k*e with c an s32 and k*e <= 255*8, so
  // they fit in 33 bits and any difference of two in 34; an outside generator's coordinates
  // are 40 bits (ext_x).
  localparam int XW = EXT_ROWS ? 40 : 34;
  logic [XW-1:0] ox [4];           // odometer coordinates (signed)
  logic [XW-1:0] xp [4];           // coordinates of the presented row (per build, below)
  logic          odo_step;         // the odometer moves on (per build, below)

  localparam int G = GADDR_W;
  if (G < 32 || G > 64) begin : g_bad_gaddr_w
    $error("tce_row_walk: GADDR_W must be 32..64");
  end

  // Coordinates of dimensions beyond the rank are 0 whatever the command holds (the golden
  // model never reads them), so they add nothing to the address and stay in bounds.
  logic [159:0] coords_used;
  always_comb begin
    coords_used = coords;
    for (int i = 1; i < 5; i++)
      if (i >= {29'd0, rank}) coords_used[i*32 +: 32] = '0;
  end

  // The odometer: which dims 1..4 are at their last position (wrap on the next step), and
  // whether all are (the odometer's last row).
  logic [3:0]  owrap;
  logic        olast;
  always_comb begin
    for (int i = 0; i < 4; i++) owrap[i] = k[i] == nn[i*9 +: 9] - 9'd1;
    olast = &owrap;
  end

  // Bounds of dims 1..rank-1 of the presented row, all at once (a negative x has its top
  // bit set).
  always_comb begin
    row_inb = 1'b1;
    for (int i = 0; i < 4; i++)
      if (i + 1 < {29'd0, rk} && (xp[i][XW-1:33] != '0 || xp[i][32:0] >= gd[i*33 +: 33]))
        row_inb = 1'b0;
  end

  // The command's parameters, the odometer (dim 1 fastest) and the shared address, alike in
  // both builds.
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      rk <= '0; xrows <= 1'b0; gd <= '0; gs <= '0; nn <= '0; ee <= '0; cc <= '0; rpitch <= '0;
      row_sbase <= '0;
      for (int i = 0; i < 4; i++) begin k[i] <= '0; ox[i] <= '0; end
    end else if (start) begin
      rk <= rank; xrows <= ext_rows; gd <= gdim14; gs <= gstride; nn <= n; ee <= e;
      cc <= coords_used; rpitch <= pitch;
      row_sbase <= soff;
      for (int i = 0; i < 4; i++) begin
        k[i] <= '0;
        ox[i] <= {{(XW-32){coords_used[(i+1)*32 + 31]}}, coords_used[(i+1)*32 +: 32]};
      end
    end else begin
      if (next && row_valid && !last_row) row_sbase <= row_sbase + {10'd0, rpitch};
      if (odo_step) begin
        logic carry;
        carry = 1'b1;
        for (int i = 0; i < 4; i++) begin
          if (carry) begin
            if (owrap[i]) begin
              k[i] <= '0;
              ox[i] <= {{(XW-32){cc[(i+1)*32 + 31]}}, cc[(i+1)*32 +: 32]};
            end else begin
              k[i] <= k[i] + 9'd1;
              ox[i] <= ox[i] + XW'(ee[i*4 +: 4]);
              carry = 1'b0;
            end
          end
        end
      end
    end
  end

  // Row 0's address before dims 1..4 are added: the tensor base and dim 0's coordinate.
  wire [G-1:0] row0_g = gaddr + ((({G{coords[31]}} << 32) | G'(coords[31:0])) << ul);

  if (EXT_ROWS) begin : g_general
    // ---- rows from the odometer or an outside generator: the difference adders ----
    logic [XW-1:0] xr [4];         // coordinates of the presented (or assembled) row
    logic          gpend;          // the generator's current row is not taken yet
    always_comb for (int i = 0; i < 4; i++) xp[i] = xr[i];

    // The generator's row (odometer or outside), dimensions beyond the rank forced to 0.
    logic [XW-1:0] xg [4];
    logic        glast;
    always_comb begin
      for (int i = 0; i < 4; i++)
        xg[i] = (i + 1 < {29'd0, rk}) ? (xrows ? ext_x[i*40 +: XW] : ox[i]) : '0;
      glast = xrows ? ext_last : olast;
    end

    // Differences to the assembled row: small ones (within [-16, 15]) all at once, by
    // shifts and adds (d = d[3:0] - 16*d[4]); the first large one through the full
    // multiplier.
    logic [G-1:0] small_sum;
    logic        any_big, only_big;
    logic [1:0]  big_i;
    logic [2:0]  moved;              // dimensions whose coordinate differs
    always_comb begin
      small_sum = '0; any_big = 1'b0; big_i = '0; moved = '0;
      for (int i = 3; i >= 0; i--) begin
        logic [XW-1:0] d;
        logic [G-1:0] s;
        d = xg[i] - xr[i];
        s = gs[i*G +: G];
        moved = moved + {2'd0, d != '0};
        if (d[XW-1:4] == {(XW-4){d[4]}}) begin
          small_sum = small_sum + (d[0] ? s : '0) + (d[1] ? s << 1 : '0) +
                      (d[2] ? s << 2 : '0) + (d[3] ? s << 3 : '0) - (d[4] ? s << 4 : '0);
        end else begin
          any_big = 1'b1; big_i = 2'(i);
        end
      end
      only_big = any_big && moved == 3'd1;
    end
    wire [XW-1:0] big_d = xg[big_i] - xr[big_i];
    // Taken modulo 2^G (two's complement), like every address sum here: only the low G bits
    // of the difference matter.
    localparam int BDW = (G < XW) ? G : XW;
    // Sign extension written as a shifted mask: no zero-width replication when G = BDW.
    wire [G-1:0] big_d_ext = ({G{big_d[BDW-1]}} << BDW) | G'(big_d[BDW-1:0]);
    wire [G-1:0] big_prod = gs[32'(big_i) * G +: G] * big_d_ext;

    // Take the generator's row when the presentation register is (or is becoming) free.
    // A row whose one moving dimension jumps (row 0 of a 2-D box, a gather4 row) is
    // presented with its full product in the same cycle.
    wire take    = gpend && (!row_valid || next);
    wire present = take && (!any_big || only_big);
    assign row_step = present && !glast;
    assign odo_step = row_step && !xrows;

    always_ff @(posedge clk or negedge rst_n) begin
      if (!rst_n) begin
        row_g <= '0; row_valid <= 1'b0; last_row <= 1'b0; gpend <= 1'b0;
        for (int i = 0; i < 4; i++) xr[i] <= '0;
      end else if (start) begin
        // Row 0 is assembled from xr = 0: its coordinates' products are added as
        // differences.
        for (int i = 0; i < 4; i++) xr[i] <= '0;
        row_g <= row0_g;
        row_valid <= 1'b0; last_row <= 1'b0; gpend <= 1'b1;
      end else begin
        if (next && row_valid) row_valid <= 1'b0;
        if (take && !present) begin
          row_g <= row_g + big_prod;
          xr[big_i] <= xg[big_i];
        end else if (present) begin
          row_g <= row_g + (any_big ? big_prod : small_sum);
          for (int i = 0; i < 4; i++) xr[i] <= xg[i];
          row_valid <= 1'b1;
          last_row <= glast;
          if (glast) gpend <= 1'b0;
        end
      end
    end
  end else begin : g_odometer
    // ---- rows from the odometer only: precomputed deltas, one add per row ----
    // The presented row is the odometer's position.
    always_comb for (int i = 0; i < 4; i++) xp[i] = ox[i];
    assign last_row = olast;
    assign row_step = 1'b0;      // no outside generator to step
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_ext = ^{xrows, ext_x, ext_last};
    /* verilator lint_on UNUSEDSIGNAL */

    // Setup after start: for each dimension sd of 1..rank-1 (index 0..3), phase 0 adds
    // coordinate * stride to row 0's address, phase 1 takes e * stride (the step) as
    // delta[sd] = step - wsum, phase 2 adds (n-1) * e * stride (the wrap) to wsum. The top
    // dimension never wraps before the last row, so row 0 is presented after its phase 1.
    // Phases are issued one a cycle (su, sd, ph) and their products used a cycle later
    // (cv, csd, cph), in the same order, so wsum is complete before the next delta uses it.
    logic          su;             // issuing setup products
    logic [1:0]    sd, ph;         // the product being formed
    logic          cv;             // prod_q holds a product to use
    logic [1:0]    csd, cph;       // ... its dimension and phase
    logic          clast;          // ... and it is the last (row 0 follows)
    logic [G-1:0]  dl [4];         // delta[j]: the address change of a step into dim j
    logic [G-1:0]  wsum;           // sum of the wraps of the dimensions below csd
    wire           live = {1'b0, sd} + 3'd1 < rk;    // dimension sd exists
    wire           top  = {1'b0, sd} + 3'd2 >= rk;   // ... and is the highest
    wire [31:0]    cs   = cc[32'(sd) * 32 + 32 +: 32];
    wire [3:0]     es   = ee[32'(sd) * 4 +: 4];
    wire [8:0]     nm1  = nn[32'(sd) * 9 +: 9] - 9'd1;
    // (n-1) * e of dimension sd, registered: phase 2 uses it, two cycles into the same sd.
    logic [12:0]   wmul_q;
    logic [G-1:0]  ma;
    always_comb
      case (ph)
        2'd0:    ma = ({G{cs[31]}} << 32) | G'(cs);
        2'd1:    ma = G'(es);
        default: ma = G'(wmul_q);
      endcase
    logic [G-1:0]  prod_q;
    always_ff @(posedge clk) begin
      wmul_q <= {4'd0, nm1} * {9'd0, es};
      prod_q <= ma * gs[32'(sd) * G +: G];
    end
    // The dimension a step moves into: the lowest one not at its last position.
    logic [1:0] jc;
    always_comb begin
      jc = '0;
      for (int i = 3; i >= 0; i--) if (!owrap[i]) jc = 2'(i);
    end
    wire adv = next && row_valid && !olast;
    assign odo_step = adv;

    always_ff @(posedge clk or negedge rst_n) begin
      if (!rst_n) begin
        row_g <= '0; row_valid <= 1'b0; su <= 1'b0; sd <= '0; ph <= '0; wsum <= '0;
        cv <= 1'b0; csd <= '0; cph <= '0; clast <= 1'b0;
        for (int i = 0; i < 4; i++) dl[i] <= '0;
      end else if (start) begin
        row_g <= row0_g;
        row_valid <= 1'b0; su <= 1'b1; sd <= '0; ph <= '0; wsum <= '0; cv <= 1'b0;
      end else begin
        cv <= su && live;
        csd <= sd; cph <= ph; clast <= ph == 2'd1 && top;
        if (su) begin
          if (!live) begin
            su <= 1'b0; row_valid <= 1'b1;     // rank 1: no dimension to set up
          end else
            case (ph)
              2'd0: ph <= 2'd1;
              2'd1: if (top) su <= 1'b0; else ph <= 2'd2;
              default: begin ph <= 2'd0; sd <= sd + 2'd1; end
            endcase
        end
        if (cv)
          case (cph)
            2'd0: row_g <= row_g + prod_q;
            2'd1: begin
              dl[csd] <= prod_q - wsum;
              if (clast) row_valid <= 1'b1;
            end
            default: wsum <= wsum + prod_q;
          endcase
        // A row is presented only once the setup is over (su and cv both low).
        if (next && row_valid) begin
          if (olast) row_valid <= 1'b0;
          else row_g <= row_g + dl[jc];
        end
      end
    end
  end
endmodule
