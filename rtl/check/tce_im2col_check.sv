// Checks an im2col-family load (.im2col, .im2col::w, .im2col::w::128) or an
// .im2col_no_offs store/reduce against its tensor descriptor in the golden model's order
// (csim/im2col_common.c i2c_check_common, then csim/im2col.c, csim/im2col_wide.c or
// csim/im2col_no_offs.c), and derives what the pixel walker
// (tce_im2col_walk) needs: the window of filter-base positions of each walking dimension,
// the start position and the offset added to it, how many rows, and the ::w::128 grouping.
// Used by tce_tile_check, which adds the descriptor and shared-memory checks the tile and
// im2col loads share (docs/im2col.md lists every rule and where it comes from). The walk's
// parameters are combinational; the checks' tests are registered, the window compares in
// two stages (the window's end, a 40-bit sum, then the compares), so `status` and `field`,
// the ordered chain over those registered tests, are the verdict on inputs held still for
// the last two cycles: the tile check holds them for longer and reads the verdict in its
// third stage.
//
// Walker dimensions are the tensor dimensions 1..4 (index i = dim - 1). im2col: W, H, D walk
// (i < rank - 2), N (i = rank - 2) takes the carry. im2col::w: only W walks, H and D stay at
// their coordinates, N takes the carry.
//
// An im2col load or an .im2col_no_offs store/reduce through a 16B/32B interleaved map walks
// a VIEW of the map with the channel slice dimension (rank-2) moved first
// (csim/im2col_ileave.c i2c_ileave_view): view dim 0 is the channel slice, view dims
// 1..rank-2 are the map's spatial dims 0..rank-3 (dim 0 counted in slices), view dim rank-1
// is N. So the walker is the same; only the windows and the start positions below are read
// from the view's dimensions (`ilv`), and the channel start has no 16-byte rule (it is a
// slice index). im2col::w and ::w::128 stay refused with an interleaved map, as in the
// golden model.
module tce_im2col_check (
    input  logic          clk,
    input  logic [1023:0] desc,
    input  logic [2:0]    mode,         // 1 im2col, 2 im2col::w, 3 im2col::w::128, 6 im2col_no_offs (stores)
    // im2col_no_offs stores and reduces: the tile checker's verdicts on the store rules
    // (csim/im2col_no_offs.c check_store), taken here in the golden model's order
    input  logic          st_coord_neg, // a coordinate below the rank is negative
    input  logic          st_red_ok,    // not a reduce, or its op is defined on the dtype
    input  logic          st_src_ok,    // the source is shared::cta
    input  logic          st_saddr_ok,  // the shared address is inside the CTA's window
    input  logic [2:0]    dims,
    input  logic [159:0]  coords,       // 5 x s32 {c, w, h, d, n} (rank-dependent)
    input  logic [47:0]   offsets,      // IM2COL_0..2: offsets {W, H, D}; wide: {wHalo, wOffset, -}
    input  logic [1:0]    esl,          // log2 element bytes (tce_tile_check)
    output logic [7:0]    status,       // the verdict on the inputs of two cycles (see above)
    output logic [7:0]    field,
    output logic [8:0]    channels,     // channelsPerPixel: the row's elements
    output logic [10:0]   rows,         // shared-memory rows (pixels, + halo)
    output logic [5:0]    group,        // ::w::128: rows per group (32 + wHalo), else 0
    output logic [2:0]    nwalk,        // walking dimensions: rank - 2 (im2col) or 1 (::w)
    output logic [119:0]  win_lo,       // 3 x s40: window start of walking dimension i
    output logic [119:0]  win_hi,       // 3 x s40: window end (inclusive)
    output logic [47:0]   pos_off,      // 3 x u16: added to position i to give the pixel
    output logic [159:0]  pos0          // 4 x s40: position of dims 1..4 at row 0
);
  // Descriptor bytes are read as part-selects, never through a function taking the whole
  // descriptor (Verilator copies such an argument on every call; see tce_tile_check).
  // Field indices are 32-bit package constants below 256 (ERR_INFO.FIELD is 8 bits).
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [7:0] fidx(input int unsigned idx);
    fidx = idx[7:0];
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  function automatic logic [39:0] s32to40(input logic [31:0] v);
    s32to40 = {{8{v[31]}}, v};
  endfunction

  wire [7:0]  kind   = desc[(tce_desc_pkg::DESC_KIND_OFFSET)*8 +: 8];
  wire [7:0]  dtype  = desc[(tce_desc_pkg::DESC_DTYPE_OFFSET)*8 +: 8];
  wire [7:0]  rank8  = desc[(tce_desc_pkg::DESC_RANK_OFFSET)*8 +: 8];
  wire [7:0]  ileave = desc[(tce_desc_pkg::DESC_INTERLEAVE_OFFSET)*8 +: 8];
  wire [7:0]  swz8   = desc[(tce_desc_pkg::DESC_SWIZZLE_OFFSET)*8 +: 8];
  wire [7:0]  esize  = desc[(tce_desc_pkg::DESC_ESIZE_OFFSET)*8 +: 8];
  wire [7:0]  wide8  = desc[(tce_desc_pkg::DESC_WIDE_MODE_OFFSET)*8 +: 8];
  wire [15:0] chan16 = desc[(tce_desc_pkg::DESC_CHANNELS_OFFSET)*8 +: 16];
  wire [15:0] pix16  = desc[(tce_desc_pkg::DESC_PIXELS_OFFSET)*8 +: 16];

  // An im2col load or no_offs store through an interleaved map: walk the view (above).
  wire ilv = ileave != 8'd0 && (mode == tce_op_pkg::MODE_IM2COL || mode == tce_op_pkg::MODE_IM2COL_NO_OFFS);

  // The mode, and the walk's parameters (combinational: the walker takes them at its start).
  wire       w128    = (mode == tce_op_pkg::MODE_IM2COL_W128);
  wire       wide    = (mode == tce_op_pkg::MODE_IM2COL_W) || w128;
  wire       no_offs = (mode == tce_op_pkg::MODE_IM2COL_NO_OFFS);
  wire [2:0] rk      = rank8[2:0];
  wire [15:0] halo   = offsets[15:0];
  wire [15:0] woff   = offsets[31:16];
  always_comb begin
    logic [9:0]  halo_rows;
    logic [39:0] lo, hi, gd;     // walking dimension j's window bounds and gdim - 1
    halo_rows = wide ? halo[9:0] : 10'd0;
    channels = chan16[8:0];
    nwalk = wide ? 3'd1 : rk - 3'd2;
    group = w128 ? 6'd32 + halo[5:0] : 6'd0;
    rows  = w128 ? {3'd0, group, 2'd0} : 11'(pix16[10:0]) + {1'b0, halo_rows};
    pos_off = '0; win_lo = '0; win_hi = '0; pos0 = '0;
    // Offsets of the im2col pixel: only the walking dimensions have one.
    for (int j = 0; j < 3; j++)
      if (!wide && !no_offs && j < {29'd0, nwalk}) pos_off[j*16 +: 16] = offsets[j*16 +: 16];
    // Windows of filter-base positions: [lower, gdim - 1 + upper] (+ wOffset for ::w).
    // Walking dimension j is tensor dim j+1, or map dim j in the interleaved view.
    for (int j = 0; j < 3; j++) begin
      lo = {{24{desc[(tce_desc_pkg::DESC_LOWER_OFFSET + 2*j)*8 + 15]}},
            desc[(tce_desc_pkg::DESC_LOWER_OFFSET + 2*j)*8 +: 16]};
      hi = {{24{desc[(tce_desc_pkg::DESC_UPPER_OFFSET + 2*j)*8 + 15]}},
            desc[(tce_desc_pkg::DESC_UPPER_OFFSET + 2*j)*8 +: 16]};
      gd = {8'd0, ilv ? desc[(tce_desc_pkg::DESC_GDIM_M1_OFFSET + 4*j)*8 +: 32]
                      : desc[(tce_desc_pkg::DESC_GDIM_M1_OFFSET + 4*(j+1))*8 +: 32]};  // gdim - 1
      win_lo[j*40 +: 40] = lo + (wide ? {24'd0, woff} : 40'd0);
      win_hi[j*40 +: 40] = gd + hi + (wide ? {24'd0, woff} : 40'd0);
    end
    // Row 0: the coordinates of dims 1..rank-1 (0 beyond the rank); ::w starts W at
    // w + wOffset. The interleaved view takes the spatial coordinates from map dims
    // 0..rank-3; N (rank-1) is where it is.
    for (int i = 0; i < 4; i++)
      if (i + 1 < {29'd0, rk})
        pos0[i*40 +: 40] = s32to40((ilv && i + 2 < {29'd0, rk}) ? coords[i*32 +: 32]
                                                               : coords[(i+1)*32 +: 32]);
    if (wide) pos0[39:0] = s32to40(coords[63:32]) + {24'd0, woff};
  end

  // Each check's test, registered (`t_*`); the chain below orders them as the golden model
  // does. The window tests are a stage later: first the start and the window's bounds of
  // each walking dimension j in the plain im2col form (w_*), then the compares. ::w walks W
  // alone from w + wOffset in a window shifted by wOffset too, so its test (right of the
  // window) is the same compare of j = 0 (40-bit sums: no wrap).
  logic       t_wide, t_w128, t_no_offs;
  logic       t_kind, t_rank, t_dims, t_unsup, t_chan, t_c0;
  logic       t_st_neg, t_st_red, t_st_src, t_st_saddr;
  logic [2:0] t_lu, t_off, t_win;      // per walking dimension j
  logic       t_pix, t_wmode, t_halo, t_woff, t_swz, t_wright;
  logic [39:0] w_pos [0:2];            // stage 1: the start (s40)
  logic [39:0] w_lo [0:2], w_hi [0:2]; // stage 1: the window's first and last position (s40)
  logic [2:0]  w_walks;                // stage 1: j < nwalk
  always_ff @(posedge clk) begin
    for (int j = 0; j < 3; j++) begin
      // (below the rank for every walking j of the plain form: j + 2 < rank)
      w_pos[j] <= s32to40(ilv ? coords[j*32 +: 32] : coords[(j+1)*32 +: 32]);
      w_lo[j] <= {{24{desc[(tce_desc_pkg::DESC_LOWER_OFFSET + 2*j)*8 + 15]}},
                  desc[(tce_desc_pkg::DESC_LOWER_OFFSET + 2*j)*8 +: 16]};
      w_hi[j] <= {8'd0, ilv ? desc[(tce_desc_pkg::DESC_GDIM_M1_OFFSET + 4*j)*8 +: 32]
                            : desc[(tce_desc_pkg::DESC_GDIM_M1_OFFSET + 4*(j+1))*8 +: 32]} +
                 {{24{desc[(tce_desc_pkg::DESC_UPPER_OFFSET + 2*j)*8 + 15]}},
                  desc[(tce_desc_pkg::DESC_UPPER_OFFSET + 2*j)*8 +: 16]};
      w_walks[j] <= j < {29'd0, nwalk};
      // stage 2
      t_win[j] <= w_walks[j] && ($signed(w_pos[j]) < $signed(w_lo[j]) ||
                                 $signed(w_pos[j]) > $signed(w_hi[j]));
    end
    t_wright <= $signed(w_pos[0]) > $signed(w_hi[0]);
  end
  always_ff @(posedge clk) begin
    logic [3:0]  c0_bytes;
    logic [15:0] lim;
    c0_bytes = coords[3:0] << esl;
    lim = (rk == 3'd3) ? 16'hFFFF : (rk == 3'd4) ? 16'h00FF : 16'h001F;
    t_wide <= wide; t_w128 <= w128; t_no_offs <= no_offs;
    // i2c_check_common
    t_kind  <= kind != (wide ? 8'd2 : 8'd1);
    t_rank  <= rank8 < 8'd3 || rank8 > 8'd5;
    t_dims  <= {5'd0, dims} != rank8;
    // interleaved layouts in the ::w modes, and packed sub-byte types: no hardware data
    // fixes their layout
    t_unsup <= (ileave != 8'd0 && !ilv) || dtype > 8'd12 ||
               !(esize == 8'd1 || esize == 8'd2 || esize == 8'd4 || esize == 8'd8);
    t_chan  <= chan16 == 16'd0 || chan16 > 16'd256;
    // H100: the channel start must lie on a 16-byte boundary
    t_c0    <= !ilv && c0_bytes != 4'd0;
    // im2col_no_offs.c check_store: the box must stay inside the tensor
    t_st_neg <= st_coord_neg;
    for (int j = 0; j < 3; j++)
      t_lu[j] <= j < {29'd0, nwalk} &&
                 (desc[(tce_desc_pkg::DESC_LOWER_OFFSET + 2*j)*8 + 15] ||
                  $signed(desc[(tce_desc_pkg::DESC_UPPER_OFFSET + 2*j)*8 +: 16]) > 16'sd0);
    t_st_red <= !st_red_ok;
    t_st_src <= !st_src_ok;
    t_st_saddr <= !st_saddr_ok;
    // im2col.c (im2col_no_offs.c: the same pixel and window checks, no offsets); H100: a
    // start outside its window traps, off the stride grid does not
    t_pix <= pix16 == 16'd0 || pix16 > 16'd1024;
    for (int j = 0; j < 3; j++)
      t_off[j] <= !no_offs && j < {29'd0, nwalk} && offsets[j*16 +: 16] > lim;
    // im2col_wide.c: the instruction's mode names the wrong wide mode of the map (the golden
    // model blames the instruction's MODE, not the map); left of the W window is legal (PTX
    // text), right of it traps (t_wright)
    t_wmode  <= (wide8 == 8'd1) != w128;
    t_halo   <= halo >= (w128 ? 16'd32 : 16'd512);
    t_woff   <= woff >= 16'd32;
    t_swz    <= w128 && swz8 == 8'd7;
  end

  // The ordered chain, from the registered tests: the first failing test names the status
  // and field (fail() keeps the first).
  logic bad;
  task automatic fail(input logic [7:0] st, input int unsigned fi);
    if (!bad) begin
      bad = 1'b1; status = st; field = fidx(fi);
    end
  endtask
  always_comb begin
    bad = 1'b0;
    status = tce_op_pkg::ST_OK;
    field  = 8'(tce_regs_pkg::FIELD_NONE);
    // i2c_check_common
    if (t_kind)  fail(tce_op_pkg::ST_UNDEFINED, tce_regs_pkg::CMDF_TMAP_LO_IDX);
    if (t_rank)  fail(tce_op_pkg::ST_UNDEFINED, tce_regs_pkg::CMDF_TMAP_LO_IDX);
    if (t_dims)  fail(tce_op_pkg::ST_UNDEFINED, tce_regs_pkg::CMDF_DIMS_IDX);
    if (t_unsup) fail(tce_op_pkg::ST_UNSUPPORTED, tce_regs_pkg::CMDF_TMAP_LO_IDX);
    if (t_chan)  fail(tce_op_pkg::ST_BAD_DESCRIPTOR, tce_regs_pkg::CMDF_TMAP_LO_IDX);
    if (t_c0)    fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_COORD_IDX);
    if (t_no_offs) begin
      if (t_st_neg)       fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_COORD_IDX);
      if (t_lu != 3'd0)   fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_TMAP_LO_IDX);
      if (t_st_red)       fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_REDOP_IDX);
      if (t_st_src)       fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_SRC_SPACE_IDX);
      if (t_st_saddr)     fail(tce_op_pkg::ST_SHARED_RANGE, tce_regs_pkg::CMDF_SADDR_IDX);
    end
    if (!t_wide) begin
      if (t_pix) fail(tce_op_pkg::ST_BAD_DESCRIPTOR, tce_regs_pkg::CMDF_TMAP_LO_IDX);
      for (int j = 0; j < 3; j++)
        if (t_off[j]) fail(tce_op_pkg::ST_UNDEFINED, tce_regs_pkg::CMDF_IM2COL_0_IDX + j);
      if (t_win != 3'd0) fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_COORD_IDX);
    end else begin
      if (t_wmode)          fail(tce_op_pkg::ST_UNDEFINED, tce_regs_pkg::CMDF_MODE_IDX);
      if (t_halo)           fail(tce_op_pkg::ST_UNDEFINED, tce_regs_pkg::CMDF_IM2COL_0_IDX);
      if (t_woff)           fail(tce_op_pkg::ST_UNDEFINED, tce_regs_pkg::CMDF_IM2COL_1_IDX);
      if (t_swz)            fail(tce_op_pkg::ST_UNDEFINED, tce_regs_pkg::CMDF_TMAP_LO_IDX);
      if (!t_w128 && t_pix) fail(tce_op_pkg::ST_BAD_DESCRIPTOR, tce_regs_pkg::CMDF_TMAP_LO_IDX);
      if (t_wright)         fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_COORD_IDX);
    end
  end
endmodule
