// The row walk of a tensor box (a row = the dim-0 run at one position of dims 1..4): which
// row comes next, and where it is. Rows come from the box odometer (x[i] = c[i] + k[i]*e[i]
// for dims 1..4, k counting 0..n[i]-1, dim 1 fastest) or, with ext_rows, from a row
// generator outside (tce_gather4_walk, tce_im2col_walk) that gives the coordinates of dims
// 1..4 of its current row (ext_x), whether it is the last (ext_last), and moves on at
// row_step (its x changes the cycle after). Used by tce_tile_load and tce_tile_store.
//
// The walk presents one row at a time (row_valid): its global address (row_g, of dim-0
// coordinate c0), its pre-swizzle shared address, whether dims 1..4 all lie in the tensor
// (row_inb, from flip-flops in both builds) and whether it is the last; the user takes
// it with `next`, and the following row can be presented in the very next cycle.
//
// With an outside generator (EXT_ROWS = 1) every row's address is computed whole, in a
// pipeline: row_g = gaddr + c0 * unit + sum over dims 1..4 of x[i] * stride[i]. Only rows
// whose dims 1..4 all lie in the tensor are ever read or written, and for them
// 0 <= x[i] < gdim[i] <= 2^32, while a stride is a multiple of 16 below 2^40 (the encoder's
// rules, refused by tce_desc_rules otherwise): so x[i] is taken as 32 unsigned bits and
// stride/16 as 36, four DSP48 products per dimension (17 x 24 bits and smaller). A row out of
// bounds gets a meaningless address, which nobody uses. Stages: the products (the DSP48s'
// registers), the sum of each dimension's four products, then the address (base plus the four
// sums). Rank 1-2 skips the middle stage (one dimension: its four products are added at the
// last stage). The stages move together while the presentation register is free or being
// taken (adv), so rows come out one per cycle; the walk takes the generator's next row while
// earlier ones are still in the pipeline.
//
// Row 0 of an odometer walk (a tiled box) is not taken from the odometer: its products are
// formed from the command's own coordinates at `start`, and the odometer starts one step
// on, so row 0 is presented the cycle after start (rank 1-2; rank 3-5 one cycle later) and
// the rows after it follow with no gap. An outside generator's row 0 exists only after
// start, so its walk presents row 0 two (rank 1-2) or three cycles after start.
//
// Without an outside generator (EXT_ROWS = 0: a build without im2col and gather4, such as
// the `lite` configuration of `tce synth`) the rows come from the odometer alone, and an
// odometer step changes the address by one of only four amounts: stepping dimension j
// (dims below it wrapping to 0) adds delta[j] = e[j]*stride[j] - sum over i < j of
// (n[i]-1)*e[i]*stride[i]. That build computes row 0's address and the four deltas once,
// after start, with one multiplier (a product per cycle: a dimension's coordinate, step and
// wrap), and then presents a row per cycle with one add: no difference adders per
// dimension. The multiplier is two register stages (partial products in DSP48s with their
// output registers, then their sum; the wrap's small n-1 times e product is registered
// beside it), so a product is used two cycles after it is issued. Row 0 then comes 2
// cycles after start per dimension above 0 (3 per dimension below the top one) plus two;
// the rows after it come one per cycle.
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
    output logic          row_step     // the row generator moves on (its own start wins)
);
  logic [2:0]   rk;
  logic         xrows;             // ext_rows of the command (the input may move on)
  logic [131:0] gd;
  logic [4*GADDR_W-1:0] gs;
  logic [35:0]  nn;               // n - 1 of each dimension (the last position)
  logic [15:0]  ee;
  logic [159:0] cc;
  logic [13:0]  rpitch;
  logic [8:0]   k  [4];            // odometer position in dims 1..4
  // Coordinate bits (signed). The odometer's are c + k*e with c an s32 and k*e <= 255*8, so
  // they fit in 33 bits and any difference of two in 34; an outside generator's coordinates
  // are 40 bits (ext_x).
  localparam int XW = EXT_ROWS ? 40 : 34;
  logic [XW-1:0] ox [4];           // odometer coordinates (signed)
  logic          odo_step;         // the odometer moves on (per build, below)
  // Where the odometer starts (per build, below): row 0, or the row after it.
  logic [8:0]    k_st [4];
  logic [XW-1:0] ox_st [4];

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
    for (int i = 0; i < 4; i++) owrap[i] = k[i] == nn[i*9 +: 9];
    olast = &owrap;
  end

  // Whether dims 1..r-1 of coordinates x (4 x XW, signed) all lie in the tensor, all at
  // once (a negative x has its top bit set).
  function automatic logic in_tensor(input logic [4*XW-1:0] x, input logic [131:0] gdv,
                                     input logic [2:0] r);
    in_tensor = 1'b1;
    for (int i = 0; i < 4; i++)
      if (i + 1 < {29'd0, r} && (x[i*XW + 33 +: XW-33] != '0 || x[i*XW +: 33] >= gdv[i*33 +: 33]))
        in_tensor = 1'b0;
  endfunction

  // The command's parameters, the odometer (dim 1 fastest) and the shared address, alike in
  // both builds.
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      rk <= '0; xrows <= 1'b0; gd <= '0; gs <= '0; nn <= '0; ee <= '0; cc <= '0; rpitch <= '0;
      row_sbase <= '0;
      for (int i = 0; i < 4; i++) begin k[i] <= '0; ox[i] <= '0; end
    end else if (start) begin
      rk <= rank; xrows <= ext_rows; gd <= gdim14; gs <= gstride; ee <= e;
      for (int i = 0; i < 4; i++) nn[i*9 +: 9] <= n[i*9 +: 9] - 9'd1;
      cc <= coords_used; rpitch <= pitch;
      row_sbase <= soff;
      for (int i = 0; i < 4; i++) begin k[i] <= k_st[i]; ox[i] <= ox_st[i]; end
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
    // ---- every row's address computed whole, in a pipeline (see the top) ----
    // Stride bits kept, in 16-byte units (bits 39:4 of a stride; fewer when GADDR_W < 40),
    // and the width of an address in 16-byte units.
    localparam int SB = ((G < 40) ? G : 40) - 4;
    localparam int SH = SB - 24;
    localparam int AW16 = G - 4;
    logic          gpend;          // the generator's current row is not taken yet

    // The odometer starts one step past row 0, whose products are formed at start from the
    // command's coordinates; a box of one row (every n 1) has no step to make.
    logic          one_row;
    always_comb begin
      logic carry;
      carry = 1'b1;
      one_row = 1'b1;
      for (int i = 0; i < 4; i++) begin
        k_st[i] = '0;
        ox_st[i] = {{(XW-32){coords_used[(i+1)*32 + 31]}}, coords_used[(i+1)*32 +: 32]};
        if (n[i*9 +: 9] != 9'd1) one_row = 1'b0;
        if (carry && n[i*9 +: 9] != 9'd1) begin
          k_st[i] = 9'd1;
          ox_st[i] = ox_st[i] + XW'(e[i*4 +: 4]);
          carry = 1'b0;
        end
      end
    end

    // The generator's row (odometer or outside), dimensions beyond the rank forced to 0.
    logic [4*XW-1:0] xg;
    logic        glast;
    always_comb begin
      for (int i = 0; i < 4; i++)
        xg[i*XW +: XW] = (i + 1 < {29'd0, rk}) ? (xrows ? ext_x[i*40 +: XW] : ox[i]) : '0;
      glast = xrows ? ext_last : olast;
    end
    logic [4*XW-1:0] x_st;          // row 0's coordinates, at start
    always_comb
      for (int i = 0; i < 4; i++)
        x_st[i*XW +: XW] = {{(XW-32){coords_used[(i+1)*32 + 31]}}, coords_used[(i+1)*32 +: 32]};

    // The stages move on when the presentation register is free or being taken.
    // `take` is not gated by start: every register it moves gives start priority, and
    // row_step at start goes to an outside generator that starts in the same cycle (its
    // start is this walker's, or an OR with it) and gives start priority too. So start,
    // late in its cycle (the checks' verdict, the loader's can_start), is off row_step's path.
    wire adv  = !row_valid || next;
    wire take = adv && gpend;
    assign row_step = take && !glast;
    assign odo_step = row_step && !xrows;

    // Products of the row entering the pipeline: at start row 0 from the command's inputs
    // (odometer walks only), else the generator's row. x[i] low 17 / high 15 bits times
    // stride/16 low 24 / high SH bits.
    logic [31:0]   mx [4];
    logic [SB-1:0] ms [4];
    always_comb
      for (int i = 0; i < 4; i++) begin
        mx[i] = start ? x_st[i*XW +: 32] : xg[i*XW +: 32];
        ms[i] = start ? gstride[i*G + 4 +: SB] : gs[i*G + 4 +: SB];
      end
    // The DSP48s' registers: no reset, enabled like the stages.
    logic [40:0]    p_ll [4];
    logic [16+SH:0] p_lh [4];
    logic [38:0]    p_hl [4];
    logic [14+SH:0] p_hh [4];
    always_ff @(posedge clk)
      if (start || adv)
        for (int i = 0; i < 4; i++) begin
          p_ll[i] <= mx[i][16:0] * ms[i][23:0];
          p_lh[i] <= mx[i][16:0] * ms[i][SB-1:24];
          p_hl[i] <= mx[i][31:17] * ms[i][23:0];
          p_hh[i] <= mx[i][31:17] * ms[i][SB-1:24];
        end
    // Each dimension's four products at their places (in 16-byte units), low to high.
    logic [4*AW16-1:0] pl [4];
    always_comb
      for (int i = 0; i < 4; i++)
        pl[i] = {AW16'({p_hh[i], 41'd0}), AW16'({p_hl[i], 17'd0}), AW16'({p_lh[i], 24'd0}),
                 AW16'(p_ll[i])};
    // The middle stage (rank 3-5): each dimension's sum.
    logic [AW16-1:0] dsum [4];
    always_ff @(posedge clk)
      if (adv)
        for (int i = 0; i < 4; i++)
          dsum[i] <= (pl[i][0 +: AW16] + pl[i][AW16 +: AW16]) +
                     (pl[i][2*AW16 +: AW16] + pl[i][3*AW16 +: AW16]);
    // The last stage's four terms: dimension 1's products (rank 1-2) or the four sums.
    logic          r12;            // the command's rank is 1 or 2
    logic [AW16-1:0] t [4];
    always_comb
      for (int j = 0; j < 4; j++) t[j] = r12 ? pl[0][j*AW16 +: AW16] : dsum[j];

    logic [G-1:0]  base;           // row0_g of the command
    logic          v_p, v_d;       // the stages hold a row
    logic          last_p, last_d, inb_p, inb_d;
    always_ff @(posedge clk or negedge rst_n) begin
      if (!rst_n) begin
        base <= '0; r12 <= 1'b0; gpend <= 1'b0;
        v_p <= 1'b0; v_d <= 1'b0; last_p <= 1'b0; last_d <= 1'b0; inb_p <= 1'b0; inb_d <= 1'b0;
        row_g <= '0; row_valid <= 1'b0; last_row <= 1'b0; row_inb <= 1'b0;
      end else if (start) begin
        base <= row0_g; r12 <= (rank <= 3'd2);
        // An odometer walk's row 0 enters the pipeline now; a generator's row 0 is pending.
        v_p <= !ext_rows; last_p <= one_row; inb_p <= in_tensor(x_st, gdim14, rank);
        gpend <= ext_rows || !one_row;
        v_d <= 1'b0; row_valid <= 1'b0;
      end else if (adv) begin
        v_p <= take;
        if (take) begin
          last_p <= glast; inb_p <= in_tensor(xg, gd, rk);
          if (glast) gpend <= 1'b0;
        end
        v_d <= v_p; last_d <= last_p; inb_d <= inb_p;
        row_valid <= r12 ? v_p : v_d;
        last_row  <= r12 ? last_p : last_d;
        row_inb   <= r12 ? inb_p : inb_d;
        // One sum of five terms: Yosys makes it a carry-save tree ending in one carry chain.
        row_g <= base + {t[0], 4'd0} + {t[1], 4'd0} + {t[2], 4'd0} + {t[3], 4'd0};
      end
    end
    // Stride bits 3:0 are 0 and bits 63:40 too (tce_desc_rules), so they are not read.
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_gs = ^{gs, gstride};
    /* verilator lint_on UNUSEDSIGNAL */
  end else begin : g_odometer
    // ---- rows from the odometer only: precomputed deltas, one add per row ----
    // The presented row is the odometer's position, which starts at row 0.
    always_comb
      for (int i = 0; i < 4; i++) begin
        k_st[i] = '0;
        ox_st[i] = {{(XW-32){coords_used[(i+1)*32 + 31]}}, coords_used[(i+1)*32 +: 32]};
      end
    // Whether each dimension of the odometer's position lies in the tensor, as flip-flops
    // kept beside ox: row_inb is then one LUT, not four 33-bit compares, on the user's path
    // from the presented row to `next` and back into the odometer.
    logic [3:0] oin;               // ox[i] in [0, gdim) or dimension i+1 beyond the rank
    logic [3:0] cin;               // ... of the command's coordinate, where a wrap returns
    function automatic logic dim_in(input logic [XW-1:0] x, input logic [32:0] g, input logic live);
      dim_in = !live || (x[XW-1:33] == '0 && x[32:0] < g);
    endfunction
    logic [3:0] st_in;             // ... of the command's coordinates, at start
    always_comb
      for (int i = 0; i < 4; i++) st_in[i] = dim_in(ox_st[i], gdim14[i*33 +: 33], 3'(i + 1) < rank);
    always_ff @(posedge clk or negedge rst_n) begin
      if (!rst_n) begin
        oin <= '1; cin <= '1;    // rk resets to 0: no dimension to be out of
      end else if (start) begin
        oin <= st_in; cin <= st_in;
      end else if (odo_step) begin
        // the odometer's step above: dims at their last position wrap, the first other moves
        logic carry;
        carry = 1'b1;
        for (int i = 0; i < 4; i++)
          if (carry) begin
            if (owrap[i]) oin[i] <= cin[i];
            else begin
              oin[i] <= dim_in(ox[i] + XW'(ee[i*4 +: 4]), gd[i*33 +: 33], 3'(i + 1) < rk);
              carry = 1'b0;
            end
          end
      end
    end
    assign row_inb = &oin;
`ifdef TCE_ASSERT
    logic [4*XW-1:0] xp;
    always_comb for (int i = 0; i < 4; i++) xp[i*XW +: XW] = ox[i];
    always @(posedge clk or negedge rst_n)
      if (rst_n)
        assert (row_inb == in_tensor(xp, gd, rk))
          else $error("tce_row_walk: row_inb %0d, the odometer's position says %0d", row_inb,
                      in_tensor(xp, gd, rk));
`endif
    assign last_row = olast;
    assign row_step = 1'b0;      // no outside generator to step
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_ext = ^{xrows, ext_x, ext_last};
    /* verilator lint_on UNUSEDSIGNAL */

    // Setup after start: for each dimension sd of 1..rank-1 (index 0..3), phase 0 adds
    // coordinate * stride to row 0's address, phase 1 takes e * stride (the step) as
    // delta[sd] = step - wsum, phase 2 adds (n-1) * e * stride (the wrap) to wsum. The top
    // dimension never wraps before the last row, so row 0 is presented after its phase 1.
    // Phases are issued one a cycle (su, sd, ph) and their products used two cycles later
    // (pv, then cv, csd, cph), in the same order, so wsum is complete before the next delta
    // uses it.
    logic          su;             // issuing setup products
    logic [1:0]    sd, ph;         // the product being formed
    logic          cv;             // prod_q holds a product to use
    logic [1:0]    csd, cph;       // ... its dimension and phase
    logic          clast;          // ... and it is the last (row 0 follows)
    logic          pv;             // the partial products are of a product to use
    logic [1:0]    psd, pph;       // ... its dimension and phase
    logic          plast;          // ... and it is the last
    logic [G-1:0]  dl [4];         // delta[j]: the address change of a step into dim j
    logic [G-1:0]  wsum;           // sum of the wraps of the dimensions below csd
    wire           live = {1'b0, sd} + 3'd1 < rk;    // dimension sd exists
    wire           top  = {1'b0, sd} + 3'd2 >= rk;   // ... and is the highest
    wire [31:0]    cs   = cc[32'(sd) * 32 + 32 +: 32];
    wire [3:0]     es   = ee[32'(sd) * 4 +: 4];
    wire [8:0]     nm1  = nn[32'(sd) * 9 +: 9];
    // (n-1) * e of dimension sd, registered: phase 2 uses it, two cycles into the same sd.
    logic [12:0]   wmul_q;
    // The multiplier: 32 bits (signed only in phase 0) times a whole stride, modulo 2^G, in
    // two registered stages: partial products of 17 or 15 bits of ma by 24 of the stride
    // (one DSP48 each, its output registered), then their sum (a cascade of DSP48s with no
    // register inside was 7.5 ns). A negative ma adds 2^32 too many strides: the sum takes
    // them off (nothing to take at G = 32).
    localparam int NB = (G + 23) / 24;
    logic [31:0]   ma;
    always_comb
      case (ph)
        2'd0:    ma = cs;
        2'd1:    ma = 32'(es);
        default: ma = 32'(wmul_q);
      endcase
    wire [24*NB-1:0] msv = (24*NB)'(gs[32'(sd) * G +: G]);
    logic [40:0]   pq_lo [NB];     // ma[16:0] x stride bits 24j..24j+23
    logic [38:0]   pq_hi [NB];     // ma[31:17] x the same
    logic          pq_neg;         // ma was negative
    logic [G-1:0]  pq_s;           // ... and its stride
    always_ff @(posedge clk) begin
      wmul_q <= {4'd0, nm1} * {9'd0, es};
      for (int j = 0; j < NB; j++) begin
        pq_lo[j] <= ma[16:0] * msv[24*j +: 24];
        pq_hi[j] <= ma[31:17] * msv[24*j +: 24];
      end
      pq_neg <= ph == 2'd0 && cs[31];
      pq_s <= gs[32'(sd) * G +: G];
    end
    logic [G-1:0]  prod_q;
    always_ff @(posedge clk) begin
      logic [G-1:0] sum;
      // (a subtraction, not a minus sign before a cast: docs/rtl.md, "Netlist model")
      sum = '0;
      if (pq_neg) sum = sum - G'({pq_s, 32'd0});
      for (int j = 0; j < NB; j++) begin
        if (24 * j < G)      sum = sum + (G'(pq_lo[j]) << (24 * j));
        if (24 * j + 17 < G) sum = sum + (G'(pq_hi[j]) << (24 * j + 17));
      end
      prod_q <= sum;
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
        pv <= 1'b0; psd <= '0; pph <= '0; plast <= 1'b0;
        for (int i = 0; i < 4; i++) dl[i] <= '0;
      end else if (start) begin
        row_g <= row0_g;
        row_valid <= 1'b0; su <= 1'b1; sd <= '0; ph <= '0; wsum <= '0; cv <= 1'b0; pv <= 1'b0;
      end else begin
        pv <= su && live;
        psd <= sd; pph <= ph; plast <= ph == 2'd1 && top;
        cv <= pv; csd <= psd; cph <= pph; clast <= plast;
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
