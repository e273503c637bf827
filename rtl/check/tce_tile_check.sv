// Decodes a fetched tensor descriptor for a tile-mode load, store or reduce and checks the
// operation against it, in the golden model's order (csim/csim.c fetch_map, csim/tile.c),
// so both report the same first fault. Combinational; also yields the box geometry the tile
// mover walks and, for a reduce, the element type the descriptor's dtype names.
//
// This engine build implements tile loads (tf32 loads round in tce_tile_load; interleaved
// layouts whose row is at most 2 KB), stores and reduces of 1..8-byte element types
// (interleaved too, rows up to 8 KB), tile::gather4 loads and tile::scatter4 stores (both
// walk the four-row list of tce_gather4_walk), and the im2col-family loads, whose own checks
// and walk parameters come from tce_im2col_check; packed types, wider interleaved loads and
// the other modes are refused as UNSUPPORTED (gather4 stores/reduces and scatter4
// loads/reduces trap ILLEGAL_INSTR, as in the golden model).
//
// Interleaved maps (docs/tile.md) reuse the row walk with a different dim-0 unit: each
// dim-0 coordinate is a whole 16- or 32-byte slice (ul = log2 of the unit, box0 = slices
// walked, e0 = their traversal stride), dimension rank-2 walks one position, and rows are
// dense in shared memory. A store or reduce checks what a non-interleaved one does, less
// the innermost coordinate's 16-byte rule (a slice index has none), as csim/tile.c does.
//
// An im2col load through an interleaved map (csim/im2col_ileave.c) moves one slice a row
// and walks a view of the map (tce_im2col_check): the geometry given to the row walk is that
// view too. View dims 1..rank-2 are the map's spatial dims 0..rank-3 (dim 0's stride is
// one slice), view dim rank-1 is N, so the walker's coordinates go to the row walk as they
// are. The channel slice (map dim rank-2) stays at its coordinate for every row: it is
// folded into the base address (one 36 x 32 multiply, the mode's only extra logic) and
// into dim 0 of the row, a single slice at coordinate 0 that is in bounds (gdim 1) exactly
// when the channel slice is (else gdim 0: every row is fill).
module tce_tile_check #(
    // tce_engine's feature parameters: without them the executor refuses those modes before
    // the descriptor is fetched, so their checks and row counts are not built here.
    parameter bit HAS_IM2COL = 1'b1,
    parameter bit HAS_GATHER = 1'b1,
    // Global address bits of the tensor path (tce_engine GADDR_W): below 64, a tensor map
    // whose byte range [globalAddress, globalAddress + extent) does not fit below
    // 2^GADDR_W is refused (ST_UNSUPPORTED at TMAP_LO), so the row walk's sums never wrap.
    parameter int GADDR_W = 64
) (
    input  logic [1023:0] desc,
    input  logic [4:0]    mem_ncta,     // CTAs in the cluster (tce_regs CLUSTER, <= NUM_CTAS)
    input  logic [24:0]   mem_smem,     // shared memory per CTA in bytes (SMEM_SIZE, <= SMEM_BYTES)
    input  logic          is_store,     // tensor store or reduce (shared::cta -> global), else a load
    input  logic          is_prefetch,  // cp.async.bulk.prefetch.tensor: no shared side
    input  logic          is_reduce,    // cp.reduce.async.bulk.tensor
    input  logic [2:0]    redop,        // its tce_redop
    input  logic [1:0]    src_space,
    input  logic [4:0]    coord_neg,    // sign bit of tensorCoords[i]
    input  logic [2:0]    dims,
    input  logic [2:0]    mode,
    input  logic [1:0]    dst_space,
    input  logic [1:0]    completion,
    input  logic [3:0]    cta,
    input  logic [31:0]   saddr,
    input  logic [23:0]   mbar_off,     // mbarrier offset (its rank bits are not used here)
    input  logic          multicast,
    input  logic [15:0]   cta_mask,
    input  logic [3:0]    coord0_low,   // low bits of tensorCoords[0] (its 16-byte alignment)
    input  logic [159:0]  coords,       // tensorCoords (im2col: the pixel walk's start)
    input  logic [47:0]   im2col_off,   // IM2COL_0..2 command fields
    output logic [7:0]    status,
    output logic [7:0]    field,
    // geometry
    output logic [2:0]    rank,
    output logic [2:0]    ul,           // log2 bytes of one dim-0 unit (element or slice)
    output logic [3:0]    e0,           // traversal stride of dim 0 in units (interleave)
    output logic [GADDR_W-1:0] gaddr,
    output logic [159:0]  wcoords,      // the coordinates the row walk starts from (coords,
                                        // or the interleaved im2col view's)
    output logic [164:0]  gdim,         // 5 x 33 bits (globalDim, up to 2^32)
    output logic [4*GADDR_W-1:0] gstride, // 4 x GADDR_W: dims 1..4
    output logic [8:0]    box0,         // dim-0 units in a row
    output logic [35:0]   n,            // 4 x 9: elements walked in dims 1..4 (1 beyond rank)
    output logic [15:0]   e,            // 4 x 4: element strides of dims 1..4
    output logic [2:0]    swizzle,
    output logic          fill_nan,
    output logic          tf32,         // a load rounds each 4-byte element to tf32
    output logic [23:0]   soff,
    output logic [15:0]   ctas,
    output logic [13:0]   row_bytes,    // up to 256 slices of 32 bytes (interleave)
    output logic [13:0]   pitch,
    output logic [31:0]   rows,
    output logic [31:0]   tx_bytes,
    output logic [3:0]    red_etype,    // reduce: tce_etype of the dtype (csim/arith.c)
    output logic          red_noftz,    // reduce: tce_arith_tensor_noftz(dtype)
    // row generator (tce_tile_load ext_rows): 0 box odometer, 1 im2col walk, 2 gather4
    output logic [1:0]    row_gen,
    output logic [2:0]    i2c_nwalk,    // im2col walk parameters (tce_im2col_check)
    output logic [119:0]  i2c_win_lo,
    output logic [119:0]  i2c_win_hi,
    output logic [47:0]   i2c_pos_off,
    output logic [159:0]  i2c_pos0,
    output logic [10:0]   i2c_rows,
    output logic [5:0]    i2c_group
);
  // Descriptor bytes are read as part-selects, not through a function taking the 1024-bit
  // descriptor: Verilator would zero and copy a 128-byte temporary per call, every cycle,
  // a fifth of the engine's simulation time (docs/sim_speed.md).
  localparam int unsigned MAGIC_OFF = tce_desc_pkg::DESC_MAGIC_OFFSET;
  localparam int unsigned GDIM_OFF  = tce_desc_pkg::DESC_GDIM_M1_OFFSET;
  localparam int unsigned GSTR_OFF  = tce_desc_pkg::DESC_GSTRIDE_OFFSET;
  localparam int unsigned BOX_OFF   = tce_desc_pkg::DESC_BOX_M1_OFFSET;
  localparam int unsigned EST_OFF   = tce_desc_pkg::DESC_ESTRIDE_M1_OFFSET;

  wire [15:0] magic   = desc[MAGIC_OFF*8 +: 16];
  wire [7:0]  kind    = desc[(tce_desc_pkg::DESC_KIND_OFFSET)*8 +: 8];
  wire [7:0]  dtype   = desc[(tce_desc_pkg::DESC_DTYPE_OFFSET)*8 +: 8];
  wire [7:0]  rank8   = desc[(tce_desc_pkg::DESC_RANK_OFFSET)*8 +: 8];
  wire [7:0]  ileave  = desc[(tce_desc_pkg::DESC_INTERLEAVE_OFFSET)*8 +: 8];
  wire [7:0]  swz8    = desc[(tce_desc_pkg::DESC_SWIZZLE_OFFSET)*8 +: 8];
  wire [7:0]  fill8   = desc[(tce_desc_pkg::DESC_OOBFILL_OFFSET)*8 +: 8];
  wire [7:0]  esize   = desc[(tce_desc_pkg::DESC_ESIZE_OFFSET)*8 +: 8];

  // A tensor reduce names a dtype, not an instruction type (tce_etype_from_dtype): unsigned
  // and signed 32/64-bit integers take the bitwise b32/b64 for and/or/xor; INT32 has no
  // inc/dec and INT64 only min/max (the H100 traps the rest, tile_reduce.txt); f16, bf16,
  // f32 and f32_ftz name their float type, f64, tf32 and tf32_ftz only for add; the other
  // dtypes name none. FLOAT32_FTZ and TFLOAT32_FTZ flush f32 subnormals
  // (tce_arith_tensor_noftz).
  wire red_bitwise = (redop == tce_red_pkg::RED_AND) || (redop == tce_red_pkg::RED_OR) ||
                     (redop == tce_red_pkg::RED_XOR);
  wire red_arith   = (redop == tce_red_pkg::RED_ADD) || (redop == tce_red_pkg::RED_MIN) ||
                     (redop == tce_red_pkg::RED_MAX);
  logic red_named;
  always_comb begin
    red_named = 1'b1;
    red_etype = tce_red_pkg::ET_U32;
    case (dtype)
      8'd2: red_etype = red_bitwise ? tce_red_pkg::ET_B32 : tce_red_pkg::ET_U32;   // UINT32
      8'd3: begin                                                                  // INT32
        red_etype = red_bitwise ? tce_red_pkg::ET_B32 : tce_red_pkg::ET_S32;
        red_named = red_bitwise || red_arith;
      end
      8'd4: red_etype = red_bitwise ? tce_red_pkg::ET_B64 : tce_red_pkg::ET_U64;   // UINT64
      8'd5: begin                                                                  // INT64
        red_etype = tce_red_pkg::ET_S64;
        red_named = (redop == tce_red_pkg::RED_MIN) || (redop == tce_red_pkg::RED_MAX);
      end
      8'd6: red_etype = tce_red_pkg::ET_F16;
      8'd9: red_etype = tce_red_pkg::ET_BF16;
      8'd7, 8'd10: red_etype = tce_red_pkg::ET_F32;
      // FLOAT64 and the tf32 types take add only, as f64 / f32 (H100:
      // tests/data/probes/reduce_types.txt)
      8'd8: begin
        red_etype = tce_red_pkg::ET_F64;
        red_named = (redop == tce_red_pkg::RED_ADD);
      end
      8'd11, 8'd12: begin
        red_etype = tce_red_pkg::ET_F32;
        red_named = (redop == tce_red_pkg::RED_ADD);
      end
      default: red_named = 1'b0;
    endcase
  end
  assign red_noftz = (dtype != 8'd10) && (dtype != 8'd12);   // FLOAT32_FTZ, TFLOAT32_FTZ
  logic red_legal;
  tce_red_legal u_red_legal (.ctx(tce_red_pkg::CTX_TENSOR_REDUCE), .op(redop), .etype(red_etype),
                             .noftz(red_noftz), .legal(red_legal));

  localparam logic [7:0] F_NONE = 8'(tce_regs_pkg::FIELD_NONE);
  // Field indices are 32-bit package constants below 256 (ERR_INFO.FIELD is 8 bits).
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [7:0] fidx(input int unsigned idx);
    fidx = idx[7:0];
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // log2 element bytes. Outside the always_comb below: tce_im2col_check needs it, and that
  // block uses its result.
  wire [1:0] esl;
  assign esl = (esize == 8'd8) ? 2'd3 : (esize == 8'd4) ? 2'd2 : (esize == 8'd2) ? 2'd1 : 2'd0;

  logic coord_neg_rank;   // a coordinate below the rank is negative
  always_comb begin
    coord_neg_rank = 1'b0;
    for (int i = 0; i < 5; i++)
      if (i < {24'd0, rank8} && coord_neg[i]) coord_neg_rank = 1'b1;
  end

  // im2col-family loads: their own checks (after the descriptor's), walk and row count.
  // .im2col_no_offs stores and reduces walk the same pixels (no offsets) from shared memory.
  wire is_i2c = HAS_IM2COL && ((!is_store && (mode == 3'd1 || mode == 3'd2 || mode == 3'd3)) ||
                                (is_store && mode == 3'd6));
  wire is_g4  = HAS_GATHER && !is_store && mode == 3'd4;
  // tile::scatter4 stores walk gather4's row list (four rows, tensorCoords[1..4]).
  wire is_s4  = HAS_GATHER && is_store && !is_reduce && mode == 3'd5;
  logic [7:0] i2c_status, i2c_field;
  logic [8:0] i2c_channels;
  if (HAS_IM2COL) begin : g_im2col
    tce_im2col_check u_im2col_check (
      .desc, .mode, .dims, .coords, .offsets(im2col_off), .esl,
      .st_coord_neg(coord_neg_rank), .st_red_ok(!is_reduce || (red_named && red_legal)),
      .st_src_ok(src_space == tce_op_pkg::SPACE_SHARED_CTA), .st_saddr_ok(saddr[31:24] == 8'd0),
      .status(i2c_status), .field(i2c_field), .channels(i2c_channels), .rows(i2c_rows),
      .group(i2c_group), .nwalk(i2c_nwalk), .win_lo(i2c_win_lo), .win_hi(i2c_win_hi),
      .pos_off(i2c_pos_off), .pos0(i2c_pos0)
    );
  end else begin : g_no_im2col
    assign i2c_status = tce_op_pkg::ST_OK;
    assign i2c_field = F_NONE;
    assign i2c_channels = '0;
    assign i2c_rows = '0;
    assign i2c_group = '0;
    assign i2c_nwalk = '0;
    assign i2c_win_lo = '0;
    assign i2c_win_hi = '0;
    assign i2c_pos_off = '0;
    assign i2c_pos0 = '0;
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_i2c = ^{im2col_off, coord_neg_rank, coords};
    /* verilator lint_on UNUSEDSIGNAL */
  end
  assign row_gen = is_i2c ? 2'd1 : (is_g4 || is_s4) ? 2'd2 : 2'd0;

  // Interleaved tile load geometry (csim/tile.c make_geom).
  wire        is_il  = ileave != 8'd0 && !is_i2c;
  // An im2col load through an interleaved map (the header): its view's channel slice is
  // computed in the (gated) block below. (Not built without HAS_IM2COL: its multiply
  // then goes too.)
  wire        il_i2c = HAS_IM2COL && ileave != 8'd0 && !is_store && mode == 3'd1;
  wire [7:0]  est0   = desc[(EST_OFF)*8 +: 8];
  wire [8:0]  box_raw = {1'b0, desc[(BOX_OFF)*8 +: 8]} + 9'd1;
  assign e0 = is_il ? {1'b0, est0[2:0]} + 4'd1 : 4'd1;
  assign ul = (is_il || il_i2c) ? (ileave == 8'd1 ? 3'd4 : 3'd5) : {1'b0, esl};

  // Does the tensor's byte range fit below 2^GADDR_W? Its last byte is at globalAddress +
  // sum over dims 1..rank-1 of (globalDim[i] - 1) * globalStride[i] + (globalDim[0] << ul)
  // - 1 (dim 0 counts elements, or interleave slices). Products of a 32-bit dimension and
  // a stride below 2^GADDR_W; a dimension of size 1 adds nothing whatever its stride. Built
  // only when GADDR_W < 64: the full build keeps 64-bit sums, as the golden model does.
  //
  // A product of 2^GADDR_W or more already ends the range past 2^GADDR_W (dim 0 adds at
  // least one byte), and it is one when globalDim[i] - 1 >= 2^16 and the stride >=
  // 2^(GADDR_W-16); otherwise one factor is narrow (16 or GADDR_W-16 bits), so each product
  // is a GADDR_W x 16 (or 32 x (GADDR_W-16)) multiply whose bits past GADDR_W say "over":
  // half the multiplier of a full 32 x GADDR_W product (sixth session: 16 DSP48 for four).
  logic g_fits;
  if (GADDR_W < 64) begin : g_gaddr_fit
    localparam int G  = GADDR_W;
    localparam int NW = (G - 16 > 16) ? G - 16 : 16;    // the narrow factor's bits
    always_comb begin
      logic [66:0] top;           // one past the last byte, in 67 bits: no sum wraps
      logic [31:0] gm1;
      logic [63:0] st;
      logic        over, gm1_narrow;
      logic [G-1:0]    wide_f;
      logic [NW-1:0]   narrow_f;
      logic [G+NW-1:0] prod;
      over = desc[tce_desc_pkg::DESC_GADDR_OFFSET*8 + G +: 64 - G] != '0;
      top = 67'(desc[tce_desc_pkg::DESC_GADDR_OFFSET*8 +: G]) +
            ((67'(desc[GDIM_OFF*8 +: 32]) + 67'd1) << ul);
      for (int i = 1; i < 5; i++) begin
        gm1 = desc[(GDIM_OFF + 4*i)*8 +: 32];           // globalDim[i] - 1
        st  = desc[(GSTR_OFF + 8*(i-1))*8 +: 64];
        gm1_narrow = gm1[31:16] == '0;
        wide_f   = gm1_narrow ? st[G-1:0] : G'(gm1);
        narrow_f = gm1_narrow ? NW'(gm1[15:0]) : NW'(st[G-17:0]);
        prod = (G+NW)'(wide_f) * (G+NW)'(narrow_f);
        if (i < {24'd0, rank8} && gm1 != 32'd0) begin
          if (st[63:G] != '0 || (!gm1_narrow && st[G-1:G-16] != '0) || prod[G+NW-1:G] != '0)
            over = 1'b1;
          top = top + 67'(prod[G-1:0]);
        end
      end
      g_fits = !over && top <= (67'd1 << G);
    end
  end else begin : g_gaddr_full
    assign g_fits = 1'b1;
  end

  // Everything else the golden model's descriptor unpack refuses (ESIZE, items the kind and
  // rank do not use, the encoder's rules): BAD_DESCRIPTOR with the checks below.
  logic desc_rules_bad;
  tce_desc_rules u_rules (.desc, .bad(desc_rules_bad));

  always_comb begin
    logic bad, bad_desc, box_out, reserved_ok;
    logic [3:0]  c0_bytes;     // low bits of tensorCoords[0] * element size
    logic [47:0] nrows;
    // tx_bytes is 32 bits; a box whose byte count needs more fails the shared-memory
    // check below long before, so the upper bits of the product are never needed.
    /* verilator lint_off UNUSEDSIGNAL */
    logic [47:0] txb;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [7:0]  eb;
    logic        est_ok;
    logic [47:0] span_end;
    logic [8:0]  bx;
    logic [3:0]  es;
    logic [31:0] mb_off;
    logic [31:0] ch_c;            // coordinate of the channel slice (map dim rank-2)
    logic [32:0] ch_gdim;
    logic [35:0] ch_gs16;         // its byte stride in 16-byte units (bits 39:4)
    logic        ch_inb;
    logic [59:0] ch_prod;
    bad = 1'b0; bad_desc = 1'b0; box_out = 1'b0; reserved_ok = 1'b0; c0_bytes = '0;
    nrows = '0; txb = '0; eb = '0; est_ok = 1'b0; span_end = '0; bx = '0; es = '0; mb_off = '0;
    status = tce_op_pkg::ST_OK; field = F_NONE;
    rank = '0; gaddr = '0; wcoords = '0; swizzle = '0; fill_nan = 1'b0; tf32 = 1'b0; box0 = '0;
    gdim = '0; gstride = '0; n = '0; e = '0; row_bytes = '0; pitch = '0; rows = '0;
    tx_bytes = '0; soff = '0; ctas = '0;
    ch_c = '0; ch_gdim = '0; ch_gs16 = '0; ch_inb = 1'b0; ch_prod = '0;
    begin : decode
      case (rank8[2:0])
        3'd5:    begin ch_c = coords[127:96]; ch_gdim = 33'(desc[(GDIM_OFF + 12)*8 +: 32]) + 33'd1;
                       ch_gs16 = desc[(GSTR_OFF + 16)*8 + 4 +: 36]; end
        3'd4:    begin ch_c = coords[95:64]; ch_gdim = 33'(desc[(GDIM_OFF + 8)*8 +: 32]) + 33'd1;
                       ch_gs16 = desc[(GSTR_OFF + 8)*8 + 4 +: 36]; end
        default: begin ch_c = coords[63:32]; ch_gdim = 33'(desc[(GDIM_OFF + 4)*8 +: 32]) + 33'd1;
                       ch_gs16 = desc[GSTR_OFF*8 + 4 +: 36]; end
      endcase
      ch_inb = !ch_c[31] && {1'b0, ch_c} < ch_gdim;
      // Byte offset of the channel slice. A stride is a multiple of 16 below 2^40 (encoder
      // rules, which the golden model's descriptor unpack enforces), so a 36 x 32 multiply
      // gives it; a channel slice out of bounds reads nothing, whatever this says.
      ch_prod = {24'd0, ch_gs16} * {28'd0, ch_c};
      // Reserved bytes must be zero (descriptor_layout.def): a descriptor the encoder could not
      // have produced is refused, never used.
      reserved_ok = ((desc & tce_desc_pkg::TCE_DESC_RESERVED_MASK) == '0);

      rank     = rank8[2:0];
      gaddr    = desc[tce_desc_pkg::DESC_GADDR_OFFSET*8 +: GADDR_W];
      swizzle  = swz8[2:0];
      fill_nan = (fill8 == 8'd1) && (dtype >= 8'd6 && dtype <= 8'd12);   // float dtypes
      tf32     = (dtype == 8'd11 || dtype == 8'd12) && !is_store;            // TFLOAT32{,_FTZ}
      // An im2col row is channelsPerPixel elements from the channel coordinate.
      box0     = is_i2c ? i2c_channels : box_raw;
      if (is_il) box0 = 9'((box_raw + {5'd0, e0} - 9'd1) / {5'd0, e0});
      for (int i = 0; i < 5; i++) begin
        // Dimensions beyond the rank walk one element at coordinate 0 of a size-1 dimension.
        gdim[i*33 +: 33] = (i < {24'd0, rank8}) ? {1'b0, desc[(GDIM_OFF + 4*i)*8 +: 32]} + 33'd1 : 33'd1;
      end
      est_ok = 1'b1;
      for (int i = 1; i < 5; i++) begin
        gstride[(i-1)*GADDR_W +: GADDR_W] = desc[(GSTR_OFF + 8*(i-1))*8 +: GADDR_W];
        bx = {1'b0, desc[(BOX_OFF + i)*8 +: 8]} + 9'd1;
        eb = desc[(EST_OFF + i)*8 +: 8];                 // the layout keeps estride-1 in a byte
        es = {1'b0, eb[2:0]} + 4'd1;
        if (eb > 8'd7) est_ok = 1'b0;                  // elementStrides are 1..8
        if (i < {24'd0, rank8}) begin
          n[(i-1)*9 +: 9] = 9'((bx + {5'd0, es} - 9'd1) / {5'd0, es});
          // The H100 walks one position of dimension rank-2 of an interleaved map.
          if (is_il && i + 2 == {24'd0, rank8}) n[(i-1)*9 +: 9] = 9'd1;
          e[(i-1)*4 +: 4] = es;
        end else begin
          n[(i-1)*9 +: 9] = 9'd1;
          e[(i-1)*4 +: 4] = 4'd1;
        end
      end
      wcoords = coords;
      if (il_i2c) begin
        // The interleaved im2col view (the header): one slice a row, the channel slice in the
        // base address and in dim 0's bound, view dim i = map dim i-1 for 1 <= i <= rank-2.
        box0 = 9'd1;
        gaddr = gaddr + GADDR_W'({ch_prod, 4'd0});
        wcoords[31:0] = 32'd0;
        gdim[32:0] = {32'd0, ch_inb};
        for (int i = 1; i < 5; i++)
          if (i + 1 < {24'd0, rank8}) begin
            gdim[i*33 +: 33] = {1'b0, desc[(GDIM_OFF + 4*(i-1))*8 +: 32]} + 33'd1;
            e[(i-1)*4 +: 4] = {1'b0, desc[(EST_OFF + i - 1)*8 +: 3]} + 4'd1;
            gstride[(i-1)*GADDR_W +: GADDR_W] = (i == 1) ? ((ileave == 8'd1) ? GADDR_W'(16) : GADDR_W'(32))
                                               : desc[(GSTR_OFF + 8*((i > 1) ? i - 2 : 0))*8 +: GADDR_W];
          end
      end
      row_bytes = 14'({5'd0, box0} << ul);
      case ((is_il || il_i2c) ? 3'd0 : swizzle)     // interleaved rows are dense (no swizzle-span pad)
        3'd0: pitch = row_bytes;
        3'd1: pitch = (row_bytes < 14'd32) ? 14'd32 : row_bytes;
        3'd2: pitch = (row_bytes < 14'd64) ? 14'd64 : row_bytes;
        3'd7: pitch = (row_bytes < 14'd96) ? 14'd96 : row_bytes;
        default: pitch = (row_bytes < 14'd128) ? 14'd128 : row_bytes;
      endcase
      nrows = 48'(n[8:0]) * 48'(n[17:9]) * 48'(n[26:18]) * 48'(n[35:27]);
      if (is_i2c) nrows = 48'(i2c_rows);
      if (is_g4 || is_s4) nrows = 48'd4;
      rows  = nrows[31:0];
      txb   = nrows * 48'(row_bytes);
      tx_bytes = txb[31:0];

      // Shared side: which CTAs, which offset.
      if (!is_store && dst_space == tce_op_pkg::SPACE_SHARED_CLUSTER) begin
        soff = saddr[23:0];
        ctas = multicast ? cta_mask : (16'd1 << saddr[27:24]);
      end else begin
        soff = saddr[23:0];
        ctas = 16'd1 << cta;
      end
      mb_off = {8'd0, mbar_off};
      c0_bytes = coord0_low << esl;

      // fetch_map: the descriptor itself
      if (magic != tce_desc_pkg::TCE_DESC_MAGIC || !reserved_ok || rank8 == 8'd0 || rank8 > 8'd5 || desc_rules_bad ||
          !est_ok || ((is_il || il_i2c) && est0 > 8'd7) || kind > 8'd2 || dtype > 8'd15 || ileave > 8'd2 || swz8 > 8'd7 || fill8 > 8'd1) begin
        bad = 1'b1; status = tce_op_pkg::ST_BAD_DESCRIPTOR; field = fidx(tce_regs_pkg::CMDF_TMAP_LO_IDX);
      end
      // A tensor beyond this build's global address range (GADDR_W): not supported here.
      if (!bad && !g_fits) begin
        bad = 1'b1; status = tce_op_pkg::ST_UNSUPPORTED; field = fidx(tce_regs_pkg::CMDF_TMAP_LO_IDX);
      end
      // tile.c: mode, shape, geometry, coordinates (an im2col load skips them: `bad` is held
      // set across them, and its own checks follow), then the shared side
      bad_desc = bad;
      if (is_i2c) bad = 1'b1;
      // tile, gather4 and scatter4 go on to the shape checks (which trap a gather4 store or
      // reduce and a scatter4 load or reduce, as the golden model does); the other modes are
      // not tile modes.
      if (!bad && mode != 3'd0 && mode != 3'd4 && mode != 3'd5) begin
        // csim/im2col.c: an im2col mode with the other direction (im2col loads, im2col_no_offs
        // stores) is not defined
        bad = 1'b1; status = tce_op_pkg::ST_UNDEFINED; field = fidx(tce_regs_pkg::CMDF_MODE_IDX);
      end
      if (!bad && kind != 8'd0) begin
        bad = 1'b1; status = tce_op_pkg::ST_ILLEGAL_INSTR; field = fidx(tce_regs_pkg::CMDF_TMAP_LO_IDX);
      end
      if (!bad && {5'd0, dims} != rank8) begin
        bad = 1'b1; status = tce_op_pkg::ST_ILLEGAL_INSTR; field = fidx(tce_regs_pkg::CMDF_DIMS_IDX);
      end
      // tile.c check_shape: gather4 is a load/prefetch mode, scatter4 a store mode.
      if (!bad && ((mode == 3'd4 && is_store) || (mode == 3'd5 && (!is_store || is_reduce)))) begin
        bad = 1'b1; status = tce_op_pkg::ST_ILLEGAL_INSTR; field = fidx(tce_regs_pkg::CMDF_MODE_IDX);
      end
      // PTX: gather4 and scatter4 work on 2-D tensors with boxDim[1] == 1 and no interleave.
      if (!bad && (is_g4 || is_s4) && (rank8 != 8'd2 || desc[(BOX_OFF + 1)*8 +: 8] != 8'd0 || ileave != 8'd0)) begin
        bad = 1'b1; status = tce_op_pkg::ST_ILLEGAL_INSTR; field = fidx(tce_regs_pkg::CMDF_TMAP_LO_IDX);
      end
      // tf32 loads round in tce_tile_load; a store copies the bytes as they are.
      if (!bad && (dtype >= 8'd13 ||
                   !(esize == 8'd1 || esize == 8'd2 || esize == 8'd4 || esize == 8'd8))) begin
        // packed types: not in this engine build
        bad = 1'b1; status = tce_op_pkg::ST_UNSUPPORTED; field = fidx(tce_regs_pkg::CMDF_TMAP_LO_IDX);
      end
      if (!bad && !is_il && c0_bytes[3:0] != 4'd0) begin
        // H100: the innermost coordinate must start on a 16-byte boundary (with interleave
        // it is a slice index: no rule)
        bad = 1'b1; status = tce_op_pkg::ST_ILLEGAL_INSTR; field = fidx(tce_regs_pkg::CMDF_COORD_IDX);
      end
      if (!bad && is_store) begin
        // H100: stores take no negative coordinate
        for (int i = 0; i < 5; i++)
          if (!bad && (i < {24'd0, rank8} || is_s4) && coord_neg[i]) begin   // scatter4: all five
            bad = 1'b1; status = tce_op_pkg::ST_ILLEGAL_INSTR; field = fidx(tce_regs_pkg::CMDF_COORD_IDX);
          end
        if (!bad && is_reduce && !(red_named && red_legal)) begin
          bad = 1'b1; status = tce_op_pkg::ST_ILLEGAL_INSTR; field = fidx(tce_regs_pkg::CMDF_REDOP_IDX);
        end
        if (!bad && src_space != tce_op_pkg::SPACE_SHARED_CTA) begin
          bad = 1'b1; status = tce_op_pkg::ST_ILLEGAL_INSTR; field = fidx(tce_regs_pkg::CMDF_SRC_SPACE_IDX);
        end
        if (!bad && saddr[31:24] != 8'd0) begin
          bad = 1'b1; status = tce_op_pkg::ST_SHARED_RANGE; field = fidx(tce_regs_pkg::CMDF_SADDR_IDX);
        end
      end
      bad = bad && !(is_i2c && !bad_desc);
      if (!bad && is_i2c && i2c_status != tce_op_pkg::ST_OK) begin
        bad = 1'b1; status = i2c_status; field = i2c_field;
      end
      // A prefetch ends here (tile.c after check_coords, im2col*.c after the walk's start):
      // it lands no bytes, so the shared-memory side below is not checked.
      if (is_prefetch) bad = 1'b1;
      if (!bad && !is_store && dst_space != tce_op_pkg::SPACE_SHARED_CLUSTER && dst_space != tce_op_pkg::SPACE_SHARED_CTA) begin
        bad = 1'b1; status = tce_op_pkg::ST_ILLEGAL_INSTR; field = fidx(tce_regs_pkg::CMDF_DST_SPACE_IDX);
      end
      if (!bad && !is_store && dst_space == tce_op_pkg::SPACE_SHARED_CLUSTER && multicast && cta_mask == 16'd0) begin
        bad = 1'b1; status = tce_op_pkg::ST_UNDEFINED; field = fidx(tce_regs_pkg::CMDF_CTA_MASK_IDX);
      end
      // im2col_common.c i2c_deliver_load takes a few shared-side checks in another order
      // than tile.c (is_i2c below): multicast before the address, alignment before the
      // CTAs, the rows before the mbarrier.
      if (!bad && is_i2c && dst_space == tce_op_pkg::SPACE_SHARED_CTA && multicast) begin
        bad = 1'b1; status = tce_op_pkg::ST_ILLEGAL_INSTR; field = fidx(tce_regs_pkg::CMDF_MULTICAST_IDX);
      end
      if (!bad && !is_store && dst_space == tce_op_pkg::SPACE_SHARED_CTA && saddr[31:24] != 8'd0) begin
        bad = 1'b1; status = tce_op_pkg::ST_SHARED_RANGE; field = fidx(tce_regs_pkg::CMDF_SADDR_IDX);
      end
      if (!bad && !is_store && dst_space == tce_op_pkg::SPACE_SHARED_CTA && multicast) begin
        bad = 1'b1; status = tce_op_pkg::ST_ILLEGAL_INSTR; field = fidx(tce_regs_pkg::CMDF_MULTICAST_IDX);
      end
      if (!bad && is_i2c && soff[6:0] != 7'd0) begin
        bad = 1'b1; status = tce_op_pkg::ST_MISALIGNED; field = fidx(tce_regs_pkg::CMDF_SADDR_IDX);
      end
      if (!bad && (32'(ctas) >> mem_ncta) != 32'd0) begin
        bad = 1'b1; status = tce_op_pkg::ST_SHARED_RANGE;
        field = multicast ? fidx(tce_regs_pkg::CMDF_CTA_MASK_IDX) : fidx(tce_regs_pkg::CMDF_SADDR_IDX);
      end
      if (!bad && soff[6:0] != 7'd0) begin
        // H100: a shared address off a 128-byte boundary traps "misaligned address"
        // (tests/data/probes/misalign.txt)
        bad = 1'b1; status = tce_op_pkg::ST_MISALIGNED; field = fidx(tce_regs_pkg::CMDF_SADDR_IDX);
      end
      // The whole box must lie in shared memory; with a swizzle the last row's bytes may
      // land anywhere in its 128-byte line.
      span_end = 48'(soff) + (nrows - 48'd1) * 48'(pitch) + 48'(row_bytes);
      if (swizzle != 3'd0) span_end = (span_end + 48'd127) & ~48'd127;
      box_out = nrows * 48'(pitch) > 48'(mem_smem) || span_end > 48'(mem_smem);
      if (!bad && is_i2c && box_out) begin
        bad = 1'b1; status = tce_op_pkg::ST_SHARED_RANGE; field = fidx(tce_regs_pkg::CMDF_SADDR_IDX);
      end
      if (!bad && !is_store && completion == tce_op_pkg::DONE_MBARRIER && mb_off[2:0] != 3'd0) begin
        bad = 1'b1; status = tce_op_pkg::ST_MISALIGNED; field = fidx(tce_regs_pkg::CMDF_MBAR_IDX);
      end
      if (!bad && !is_store && completion == tce_op_pkg::DONE_MBARRIER && mb_off + 32'd8 > 32'(mem_smem)) begin
        bad = 1'b1; status = tce_op_pkg::ST_SHARED_RANGE; field = fidx(tce_regs_pkg::CMDF_MBAR_IDX);
      end
      if (!bad && box_out) begin
        bad = 1'b1; status = tce_op_pkg::ST_SHARED_RANGE; field = fidx(tce_regs_pkg::CMDF_SADDR_IDX);
      end
    end
  end
endmodule
