// Decodes a fetched tensor descriptor for a tile-mode load, store or reduce and checks the
// operation against it, in the golden model's order (csim/csim.c fetch_map, csim/tile.c),
// so both report the same first fault. Also yields the box geometry the tile mover walks
// and, for a reduce, the element type the descriptor's dtype names.
//
// Pipelined for timing (docs/synthesis.md): three register stages, not one cycle of logic,
// and no two DSP48 multiplies in series inside one. The inputs (the descriptor and the
// executor's command fields) hold still while `hold` is high (the executor holds a command
// between its pop and the end of S_TCHECK, and no descriptor fetch is writing `desc`), so
// each stage just registers its part every cycle and `ready` rises three cycles into an
// unbroken run of `hold`:
//   stage 1  the box-element counts (ceil(box / elementStride): a multiply by a reciprocal
//            in a DSP48, not a divider), the global range's four products, the descriptor
//            rules (tce_desc_rules, two stages of its own), the mbarrier's checks and
//            tce_im2col_check's tests;
//   stage 2  the row pitch, the range's partial sums;
//   stage 3  the span (row count x pitch), whether the range fits below 2^GADDR_W, and the
//            status chain up to the shared-memory span (it reads the rules' verdict), with
//            tce_im2col_check's verdict (two stages of its own) put in its place;
// then the span compare, the byte count and the last checks are logic after stage 3. The
// row count, the product of the four element counts, depends on the descriptor alone: it
// is formed beside stages 1-3 from `desc` whatever `hold` says (pair products, then their
// product), so for a cached descriptor it is ready when the command comes, and for one
// just fetched (desc_new) `ready` comes three cycles later (tce_box_bytes' six stages,
// see `dage`). With the descriptor cached, the
// executor reaches S_TCHECK two cycles after the pop, so the check costs one cycle there.
// A fourth stage, and a cycle more, only with a swizzle and a SMEM_SIZE that is not whole
// 128-byte lines: which bytes of the last, partial line the box lands on after the swizzle
// (the golden model checks every swizzled byte then).
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
// An im2col load or an .im2col_no_offs store/reduce through an interleaved map
// (csim/im2col_ileave.c, csim/im2col_no_offs.c) moves one slice a row and walks a view of
// the map (tce_im2col_check): the geometry given to the row walk is that view too. View dims 1..rank-2 are the map's spatial dims 0..rank-3 (dim 0's stride is
// one slice), view dim rank-1 is N, so the walker's coordinates go to the row walk as they
// are. The channel slice (map dim rank-2) stays at its coordinate for every row: it is
// folded into the base address (one 36 x 32 multiply, the mode's only extra logic) and
// into dim 0 of the row, a single slice at coordinate 0 that is in bounds (gdim 1) exactly
// when the channel slice is (else gdim 0: every row is fill).
module tce_tile_check #(
    parameter int SMEM_BYTES = 232448,
    // tce_engine's feature parameters: without them the executor refuses those modes before
    // the descriptor is fetched, so their checks and row counts are not built here.
    parameter bit HAS_IM2COL = 1'b1,
    parameter bit HAS_GATHER = 1'b1,
    // ... and without reductions `is_reduce` is never set: no reduce legality is built
    parameter bit HAS_REDUCE = 1'b1,
    // Global address bits of the tensor path (tce_engine GADDR_W): below 64, a tensor map
    // whose byte range [globalAddress, globalAddress + extent) does not fit below
    // 2^GADDR_W is refused (ST_UNSUPPORTED at TMAP_LO), so the row walk's sums never wrap.
    parameter int GADDR_W = 64
) (
    input  logic          clk,
    input  logic          rst_n,
    input  logic          hold,         // desc and the command fields are valid and unchanged since the last cycle
    input  logic          desc_new,     // desc may differ from the last cycle's (a fetch wrote it at the last edge)
    output logic          ready,        // status, field and the geometry are valid
    input  logic [1023:0] desc,
    input  logic [4:0]    mem_ncta,     // CTAs in the cluster (tce_regs CLUSTER, <= the engine's NUM_CTAS)
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
    // status == ST_OK, formed from registers alone (an AND-OR of flags, not a compare after
    // the status chain): the executor starts a mover on it in the cycle `ready` rises
    output logic          pass,
    // geometry
    output logic [2:0]    rank,
    output logic [2:0]    ul,           // log2 bytes of one dim-0 unit (element or slice)
    output logic [3:0]    e0,           // traversal stride of dim 0 in units (interleave)
    output logic [GADDR_W-1:0] gaddr,
    output logic [159:0]  wcoords,      // the coordinates the row walk starts from (coords,
                                        // or the interleaved im2col view's)
    output logic [164:0]  gdim,         // 5 x 33 bits (globalDim, up to 2^32)
    // ul and gdim a cycle late, for the movers and walkers (see mv_geom)
    output logic [2:0]    mv_ul,
    output logic [164:0]  mv_gdim,
    // pitch a cycle late, and whether it and `rows` are what they were a cycle ago, as
    // flip-flops (tce_tile_load's overlap check, see mv_geom)
    output logic [13:0]   mv_pitch,
    output logic          geom_same,
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
    // A tile load that starts at a negative coordinate or whose box misses the tensor reads
    // globalAddress itself (csim/tile.c load_reads_origin; docs/tile.md).
    output logic          origin_rd,
    output logic [1:0]    row_gen,
    // A fault the golden model finds only after (part of) its walk of the box
    // (tce_window_walk walks first, so a window fault it meets on the way wins):
    // walk_first, an im2col load's destination checks (csim i2c_deliver_load, after every
    // pixel is read); walk_rows, a row past SMEM_SIZE (csim/tile.c walk(WALK_CHECK) checks
    // each row's shared span before its units; the walk stops at the first such row).
    output logic          walk_first,
    output logic          walk_rows,
    // The tensor's byte range end, globalAddress + extent, for tce_window_walk's test of
    // whether one window holds the whole tensor (it is formed here for the GADDR_W check
    // anyway): valid in the third stage, like the verdict, unless rng_over (a product of
    // 2^GADDR_W or more, a stride of 2^40 or more at 64 bits: the end is past every window).
    output logic [67:0]   rng_end,
    output logic          rng_over,
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
  wire  is_red = HAS_REDUCE && is_reduce;
  logic red_named, red_legal;
  if (HAS_REDUCE) begin : g_red
    wire red_bitwise = (redop == tce_red_pkg::RED_AND) || (redop == tce_red_pkg::RED_OR) ||
                       (redop == tce_red_pkg::RED_XOR);
    wire red_arith   = (redop == tce_red_pkg::RED_ADD) || (redop == tce_red_pkg::RED_MIN) ||
                       (redop == tce_red_pkg::RED_MAX);
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
    tce_red_legal u_red_legal (.ctx(tce_red_pkg::CTX_TENSOR_REDUCE), .op(redop), .etype(red_etype),
                               .noftz(red_noftz), .legal(red_legal));
  end else begin : g_no_red
    assign red_named = 1'b1;
    assign red_legal = 1'b1;
    assign red_etype = tce_red_pkg::ET_U32;
    assign red_noftz = 1'b1;
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_red = ^{redop, is_reduce};
    /* verilator lint_on UNUSEDSIGNAL */
  end

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
  wire is_i2c = HAS_IM2COL && ((!is_store && (mode == tce_op_pkg::MODE_IM2COL || mode == tce_op_pkg::MODE_IM2COL_W || mode == tce_op_pkg::MODE_IM2COL_W128)) ||
                                (is_store && mode == tce_op_pkg::MODE_IM2COL_NO_OFFS));
  wire is_g4  = HAS_GATHER && !is_store && mode == tce_op_pkg::MODE_GATHER4;
  // tile::scatter4 stores walk gather4's row list (four rows, tensorCoords[1..4]).
  wire is_s4  = HAS_GATHER && is_store && !is_red && mode == tce_op_pkg::MODE_SCATTER4;
  logic [7:0] i2c_status, i2c_field;
  logic [8:0] i2c_channels;
  if (HAS_IM2COL) begin : g_im2col
    tce_im2col_check u_im2col_check (
      .clk, .desc, .mode, .dims, .coords, .offsets(im2col_off), .esl,
      .st_coord_neg(coord_neg_rank), .st_red_ok(!is_red || (red_named && red_legal)),
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

  // Dims below the rank: a globalDim past 2^31 (globalDim - 1 with bit 31 set; the H100
  // executes no tile operation on such a map), and whether the box starts outside the
  // tensor in some dim (a negative coordinate, or one at or past globalDim: then, the box
  // starting there, no coordinate of that dim is in bounds).
  logic gdim_big, start_out;
  always_comb begin
    gdim_big = 1'b0; start_out = 1'b0;
    for (int i = 0; i < 5; i++)
      if (i < {24'd0, rank8}) begin
        if (desc[(GDIM_OFF + 4*i)*8 + 31]) gdim_big = 1'b1;
        if (coords[i*32 + 31] || {1'b0, coords[i*32 +: 32]} > {1'b0, desc[(GDIM_OFF + 4*i)*8 +: 32]})
          start_out = 1'b1;
      end
  end
  assign origin_rd = !is_store && !is_prefetch && mode == tce_op_pkg::MODE_TILE && start_out;

  // Interleaved tile load geometry (csim/tile.c make_geom).
  wire        is_il  = ileave != 8'd0 && !is_i2c;
  // An im2col load or no_offs store through an interleaved map (the header): its view's
  // channel slice is computed in the (gated) block below. (Not built without HAS_IM2COL:
  // its multiply then goes too.)
  wire        il_i2c = ileave != 8'd0 && is_i2c &&
                       (mode == tce_op_pkg::MODE_IM2COL || mode == tce_op_pkg::MODE_IM2COL_NO_OFFS);
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
  logic g_fits_q;               // stage 3
  localparam int G = GADDR_W;
  // Stage 1: each product's low G bits, whether its bits from G up are set, whether the
  // dimension counts (below the rank, globalDim[i] > 1), "over" flags and dim 0's end.
  logic [G-1:0]  plo [1:4];
  logic [4:1]    phi;
  logic [4:1]    use_q;
  logic          over_q, over2_q;
  // The range sums' width: globalAddress (below 2^G), (globalDim[0] + 1) << ul (at most
  // 2^39) and four products' low G bits stay below 2^(max(G, 40) + 3); at G = 64 the golden
  // model's 68 bits. (At 68 bits in a 32-bit build they were about 80 LUTs and flip-flops
  // that only ever held zeros.)
  localparam int RW = (G == 64) ? 68 : ((G > 40) ? G : 40) + 3;
  logic [RW-1:0] top0_q, sum_a_q, sum_b_q, p4_q;
  if (GADDR_W < 64) begin : g_gaddr_fit
    localparam int NW = (G - 16 > 16) ? G - 16 : 16;    // the narrow factor's bits
    logic [G+NW-1:0] prod_q [1:4];
    // The factors are registered (the DSP48s' input registers) and multiplied a stage
    // later, like the 64-bit build's partial products: the choice of factor in front of
    // the DSP48 pair was tce_tile_check's slowest path alone at lite (5.28 ns). From desc
    // alone, so the sums read them from a descriptor still for at least three edges (`dage`).
    logic [G-1:0]  wf_q [1:4];
    logic [NW-1:0] nf_q [1:4];
    always_ff @(posedge clk) begin
      logic [31:0] gm1;
      logic [63:0] st;
      logic        over, gm1_narrow;
      logic [G-1:0]  wide_f;
      logic [NW-1:0] narrow_f;
      over = desc[tce_desc_pkg::DESC_GADDR_OFFSET*8 + G +: 64 - G] != '0;
      for (int i = 1; i < 5; i++) begin
        gm1 = desc[(GDIM_OFF + 4*i)*8 +: 32];           // globalDim[i] - 1
        st  = desc[(GSTR_OFF + 8*(i-1))*8 +: 64];
        gm1_narrow = gm1[31:16] == '0;
        wide_f   = gm1_narrow ? st[G-1:0] : G'(gm1);
        narrow_f = gm1_narrow ? NW'(gm1[15:0]) : NW'(st[G-17:0]);
        wf_q[i] <= wide_f;
        nf_q[i] <= narrow_f;
        prod_q[i] <= (G+NW)'(wf_q[i]) * (G+NW)'(nf_q[i]);
        use_q[i] <= i < {24'd0, rank8} && gm1 != 32'd0;
        if (i < {24'd0, rank8} && gm1 != 32'd0 && (st[63:G] != '0 || (!gm1_narrow && st[G-1:G-16] != '0)))
          over = 1'b1;
      end
      over_q <= over;
    end
    for (genvar i = 1; i < 5; i++) begin : g_p
      assign plo[i] = prod_q[i][G-1:0];
      assign phi[i] = prod_q[i][G+NW-1:G] != '0;
    end
  end else begin : g_gaddr_full
    // 64-bit addresses: every range fits (the golden model's 64-bit sums), and the end is
    // formed for the window walk only: 32 x 40-bit products, a stride of 2^40 or more over.
    // From desc alone, each in two stages (four partial products of one DSP48 each, then
    // their sum; as one stage a 32 x 40 product was 6.5 ns of cascaded DSP48s): the sums
    // below read them a stage later than the command's, from a descriptor still for at least
    // three edges by then (see `dage`).
    logic [71:0] prod_q [1:4];
    logic [40:0] pp_q [1:4][0:3];    // gm1 x st in 17/15 x 24/16-bit pieces
    always_ff @(posedge clk) begin
      logic [31:0] gm1;
      logic [63:0] st;
      logic        over;
      over = 1'b0;
      for (int i = 1; i < 5; i++) begin
        gm1 = desc[(GDIM_OFF + 4*i)*8 +: 32];
        st  = desc[(GSTR_OFF + 8*(i-1))*8 +: 64];
        pp_q[i][0] <= 41'(gm1[16:0]) * 41'(st[23:0]);
        pp_q[i][1] <= 41'(gm1[16:0]) * 41'(st[39:24]);
        pp_q[i][2] <= 41'(gm1[31:17]) * 41'(st[23:0]);
        pp_q[i][3] <= 41'(gm1[31:17]) * 41'(st[39:24]);
        prod_q[i] <= 72'(pp_q[i][0]) + (72'(pp_q[i][1]) << 24) + (72'(pp_q[i][2]) << 17) +
                     (72'(pp_q[i][3]) << 41);
        use_q[i] <= i < {24'd0, rank8} && gm1 != 32'd0;
        if (i < {24'd0, rank8} && gm1 != 32'd0 && st[63:40] != '0) over = 1'b1;
      end
      over_q <= over;
    end
    for (genvar i = 1; i < 5; i++) begin : g_p
      assign plo[i] = prod_q[i][63:0];
      assign phi[i] = prod_q[i][71:64] != '0;
    end
  end
  // Stage 2: two partial sums and the "over" of any counted product; stage 3: the total
  // against 2^G (below 64 bits only).
  always_ff @(posedge clk) begin
    top0_q <= RW'(desc[tce_desc_pkg::DESC_GADDR_OFFSET*8 +: G]) +
              ((RW'(desc[GDIM_OFF*8 +: 32]) + RW'(1)) << ul);
    over2_q <= over_q || |(use_q & phi);
    sum_a_q <= top0_q + (use_q[1] ? RW'(plo[1]) : RW'(0));
    sum_b_q <= (use_q[2] ? RW'(plo[2]) : RW'(0)) + (use_q[3] ? RW'(plo[3]) : RW'(0));
    p4_q    <= use_q[4] ? RW'(plo[4]) : RW'(0);
    g_fits_q <= G == 64 || (!over2_q && rng_end <= (68'd1 << G));
  end
  wire [RW-1:0] rng_sum = sum_a_q + sum_b_q + p4_q;
  assign rng_end  = 68'(rng_sum);
  assign rng_over = over2_q;

  // Everything else the golden model's descriptor unpack refuses (ESIZE, items the kind and
  // rank do not use, the encoder's rules): BAD_DESCRIPTOR with the checks below.
  logic desc_rules_bad;
  tce_desc_rules u_rules (.clk, .desc, .bad(desc_rules_bad));   // registered: valid in stage 2
  // ... and its box-size rule, from desc alone in six stages (valid with the verdict, see
  // `dage`): put first in the chain after stage 3.
  logic box_over_q;
  tce_box_bytes u_box_bytes (.clk, .desc, .over(box_over_q));

  // ceil(a / d) for a <= 256 and d in 1..8 as floor((a + d - 1) * R(d) / 2^11), with
  // R(d) = ceil(2^11 / d): exact for every such a and d (checked exhaustively), and a
  // 9 x 12 multiply maps to one DSP48 where a divider is some thirty LUT levels. Both come
  // as the descriptor's "minus one" fields (a - 1, d - 1), so a + d - 1 is one sum.
  function automatic logic [11:0] recip_m1(input logic [2:0] d_m1);
    case (d_m1)
      3'd0: recip_m1 = 12'd2048;
      3'd1: recip_m1 = 12'd1024;
      3'd2: recip_m1 = 12'd683;
      3'd3: recip_m1 = 12'd512;
      3'd4: recip_m1 = 12'd410;
      3'd5: recip_m1 = 12'd342;
      3'd6: recip_m1 = 12'd293;
      default: recip_m1 = 12'd256;
    endcase
  endfunction

  // The pipeline (see the header). Data registers take no reset, so that synthesis can put
  // them into the DSP48s' own registers; `ready` alone says when they are valid.
  localparam int K = $clog2(SMEM_BYTES + 1);   // 2^K > SMEM_BYTES: the row count's saturation
  // Width of the span's end, rows x pitch (K + 14 bits) + base (25 bits), with a bit to spare.
  localparam int CW = ((K + 14 > 25) ? K + 14 : 25) + 2;
  logic [1:0]  age;               // edges into the current run of hold, saturating at 2
  logic [2:0]  dage;              // edges since desc last changed, saturating at 5
  logic        v3_q, v4_q;        // stage 3 (stage 4) holds this command's and descriptor's values
  logic        span_rnd_q;        // the end is checked byte by byte (swizzle, SMEM_SIZE off a line)
  // The descriptor-side pipeline (quo_q, dn_one_q, p12_q, p34_q, nr_d_q, tce_box_bytes,
  // the 64-bit build's range products)
  // depends on desc alone and runs free: stage 1 reads quo_q in a command's first cycle and
  // stage 2 reads nr_d_q in its second, and tce_box_bytes' `over` (six stages) is read with
  // stage 3, so the verdict of a command whose stage 2 ran in cycle t is right when desc
  // did not change in the five edges before t + 1 (dage_now reaches 5 at t): at once for a
  // cached descriptor, three cycles later than a command's own stages for one just fetched.
  wire [2:0] dage_now = desc_new ? 3'd0 : dage;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      age <= '0; dage <= '0; v3_q <= 1'b0; v4_q <= 1'b0;
    end else begin
      if (!hold) age <= '0;
      else if (age != 2'd2) age <= age + 2'd1;
      dage <= (dage_now == 3'd5) ? 3'd5 : dage_now + 3'd1;
      v3_q <= hold && age == 2'd2 && dage_now == 3'd5;
      v4_q <= hold && v3_q;
    end
  end
  // (span_rnd_q is a stage-1 register: valid from age 1 on; ready stays high while hold does)
  assign ready = hold && (span_rnd_q ? v4_q : v3_q);

  // Stage 1 inputs, from the decode below.
  logic [7:0]  div_a [0:4];       // box0 (interleave), box[1..4]: box elements - 1
  logic [2:0]  div_d [0:4];       // their stride - 1 (interleave slice unit, elementStride)
  logic [4:0]  n_one;             // dims 1..4 walk one element (beyond the rank; ileave rank-2)
  logic [4:1]  dn_one_q;          // ... as the descriptor alone says (an im2col command's count is its own)
  logic [8:0]  box0_d;            // box0 when it needs no division
  logic        box0_div;          // ... else the interleave division
  // The status chain is formed in stage 2 from the command's fields and a few tests
  // registered in stage 1 (t1_*), as two parts registered apart: up to where a prefetch
  // stops (s1a_*), and the shared side after it (s1b_*); stage 3 puts them, the prefetch's
  // stop and tce_im2col_check's verdict in order (ch_*).
  logic        s1_bad_desc;       // the descriptor check failed (before the range check)
  logic        s1_bd_q;
  logic        s1a_bad, s1b_bad, s1a_bad_q, s1b_bad_q;
  logic [7:0]  s1a_status, s1a_field, s1b_status, s1b_field;
  logic [7:0]  s1a_status_q, s1a_field_q, s1b_status_q, s1b_field_q;
  logic        pf_q, st_q, i2c_q; // the command is a prefetch, a store, an im2col one (stage 2)
  logic        hdr_bad, t1_hdr_bad;   // the descriptor's own fields, but for its rules (tce_desc_rules)
  logic        t1_red_ok;         // a reduce's op is defined on the dtype
  logic        t1_gdim_big, t1_c0_mis, t1_cta_out;
  logic [10:0] i2c_rows_q;
  logic [20:0] quo_q [0:4];
  logic        box_out_q;         // the box leaves shared memory (stage 3)
  logic        np_out_q;          // ... as a whole (rows x pitch past SMEM_SIZE: before the walk)
  logic [31:0] txb_q;             // its bytes (read only when it passes)
  logic [4:0]  n_one_q;
  logic        box0_div_q;
  logic [8:0]  box0_d_q;
  logic [8:0]  nd_q [1:4];        // descriptor side: the element counts of dims 1..4 (1 past the rank)
  logic [16:0] p12_q, p34_q;      // descriptor side: pair products of the element counts (<= 2^16)
  logic [33:0] nr_d_q;            // ... and the box's row count
  logic [13:0] row_bytes_q, pitch_q;  // stage 1
  logic [35:0] nr_q;              // stage 2: the row count (the descriptor's, im2col's or 4)
  logic        big_q;             // ... 2^K or more
  logic [K+13:0] np_q;            // ... its K low bits x pitch
  logic [CW-1:0] nzc_q;           // ... base - pitch, for the span's end np + (base - pitch)
  logic        thr_neg_q;         // ... the end's limit less (base - pitch) is negative
  logic [26:0] thr_q;             // ... else that limit: the end is past it iff np > thr
  logic        z_out_q;           // ... no rows: base - pitch is past the limit
  logic [31:0] nrows_q;
  logic        mb_mis_q, mb_rng_q;  // the mbarrier's alignment and range checks failed
  logic [24:0] span_lim_q;        // the span's end may not be past this
  // Stage 4 (span_rnd_q): the partial last line, see below.
  logic [7:0]  allow_q;           // chunk j of that line is below SMEM_SIZE after the swizzle (stage 1)
  logic [17:0] lp1_q;             // its line number + 1 (stage 1)
  logic [CW-1:0] end_q;           // the box's end (stage 3)
  logic        rows_q;            // the box has rows (stage 3)
  logic [7:0]  occ_u_q;           // the box has chunk u before its end, u < 8 (stage 3)
  logic [3:0]  r8_d_q;            // descriptor side: the tiled box's rows, up to 8 (8: 8 or more)
  logic        line_ok_q;         // stage 4: the box's bytes in the partial line stay below SMEM_SIZE
  always_ff @(posedge clk) begin
    logic [8:0]  b0, x;
    logic [7:0]  smin;
    logic [13:0] rb;
    logic [35:0] nr;
    logic [K-1:0]  nt;
    // (below 2^26 in size: bits 46:27 repeat the sign)
    /* verilator lint_off UNUSEDSIGNAL */
    logic [47:0] thr;
    /* verilator lint_on UNUSEDSIGNAL */
    // tx_bytes is 32 bits; a box whose byte count needs more fails the shared-memory
    // check long before, so the upper bits of the product are never needed.
    /* verilator lint_off UNUSEDSIGNAL */
    logic [K+13:0] txb;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [24:0] bs;
    logic [47:0] nz_end;
    logic [CW-1:0] ext;
    logic        nz_wrap;
    logic [3:0]  pc, rc, rows8, r8;
    logic        occ;
    // stage 1
    for (int i = 0; i < 5; i++) begin
      x = 9'(({div_a[i], 1'b1} + {6'd0, div_d[i], 1'b1}) >> 1);   // a + d - 1, at most 263
      quo_q[i] <= 21'(x) * 21'(recip_m1(div_d[i]));
    end
    // interleaved rows are dense (no swizzle-span pad)
    case ((is_il || il_i2c) ? 3'd0 : swizzle)
      3'd0:    smin = 8'd0;
      3'd1:    smin = 8'd32;
      3'd2:    smin = 8'd64;
      3'd7:    smin = 8'd96;
      default: smin = 8'd128;
    endcase
    // The row's bytes and pitch, here in stage 1 so that the span's product has a stage of
    // its own: box0 from the descriptor side's quotient (quo_q, valid from the first edge
    // after desc changed, see `dage`) or the decode. ceil(smin / 2^ul) is smin >> ul: smin is
    // a multiple of 32 and ul at most 5; row bytes < smin iff box0 < that.
    b0 = box0_div ? quo_q[0][19:11] : box0_d;
    rb = 14'({5'd0, b0} << ul);
    row_bytes_q <= rb;
    pitch_q <= (b0 < {1'b0, smin >> ul}) ? 14'(smin) : rb;
    n_one_q <= n_one;
    box0_div_q <= box0_div;
    box0_d_q <= box0_d;
    // (the chain also reads desc_rules_bad, two stages from desc: a descriptor cached or
    // still for four edges, see `dage`)
    // the chain's tests that are more than a compare of a field or two (stage 1), and the
    // chain in two parts (stage 2: see s1a_*)
    t1_hdr_bad <= hdr_bad;
    t1_red_ok <= red_named && red_legal;
    t1_gdim_big <= gdim_big;
    t1_c0_mis <= (coord0_low << esl) != 4'd0;
    t1_cta_out <= (32'(ctas) >> mem_ncta) != 32'd0;
    s1_bd_q <= s1_bad_desc;
    s1a_bad_q <= s1a_bad; s1a_status_q <= s1a_status; s1a_field_q <= s1a_field;
    s1b_bad_q <= s1b_bad; s1b_status_q <= s1b_status; s1b_field_q <= s1b_field;
    pf_q <= is_prefetch; st_q <= is_store; i2c_q <= is_i2c;
    i2c_rows_q <= i2c_rows;   // an im2col load's rows (a sum of descriptor and command fields)
    // The mbarrier's checks need only the command and SMEM_SIZE (a write of it restarts
    // the pipeline), so they are registered here and leave the last stage's logic.
    mb_mis_q <= !is_store && completion == tce_op_pkg::DONE_MBARRIER && mbar_off[2:0] != 3'd0;
    mb_rng_q <= !is_store && completion == tce_op_pkg::DONE_MBARRIER && {8'd0, mbar_off} + 32'd8 > 32'(mem_smem);
    // The span's limit. With a swizzle the span's end is rounded up to its 128-byte line
    // before the compare with SMEM_SIZE; for an end that does not wrap that is the same as
    // comparing the end itself with SMEM_SIZE rounded down to a line (a multiple of 128 is
    // above s exactly when it is above s's line), which needs no adder after the product.
    span_lim_q <= (swizzle != 3'd0) ? {mem_smem[24:7], 7'd0} : mem_smem;
    span_rnd_q <= swizzle != 3'd0 && mem_smem[6:0] != 7'd0;
    // which chunks j of the partial last line land below SMEM_SIZE after the swizzle
    for (int j = 0; j < 8; j++) allow_q[j] <= tce_span_pkg::tail_ok(swizzle, mem_smem, 8'(1) << j);
    lp1_q <= mem_smem[24:7] + 18'd1;
    // the descriptor side (see `dage`): element counts, their pair products, the row count
    for (int i = 1; i < 5; i++)
      dn_one_q[i] <= !(i < {24'd0, rank8}) || (ileave != 8'd0 && i + 2 == {24'd0, rank8});
    // the counts' select (1 past the rank) registered apart: in front of the pair products'
    // DSP48s it was the lite unit's slowest path (5.15 ns)
    for (int i = 1; i < 5; i++) nd_q[i] <= dn_one_q[i] ? 9'd1 : quo_q[i][19:11];
    p12_q <= 17'(nd_q[1]) * 17'(nd_q[2]);
    p34_q <= 17'(nd_q[3]) * 17'(nd_q[4]);
    nr_d_q <= 34'(p12_q) * 34'(p34_q);
    // (a factor of 8 or more: 8 rows or more, or none; a table, not a multiplier) From the
    // pair products, a stage beside nr_d_q: stage 3 reads it, a stage after nr_d_q's reader,
    // so it is settled whenever the row count is. In stage 3 itself, after the products'
    // registers, it was tce_tile_check's slowest path alone at small (5.65 ns).
    r8 = 4'd8;
    for (int a = 0; a < 8; a++)
      for (int b = 0; b < 8; b++)
        if (p12_q[16:3] == 14'd0 && p34_q[16:3] == 14'd0 && p12_q[2:0] == 3'(a) && p34_q[2:0] == 3'(b))
          r8 = (a * b > 8) ? 4'd8 : 4'(a * b);
    r8_d_q <= r8;
    // stage 2: the row count, saturated at 2^K (below), the span's product and its base
    nr = 36'(nr_d_q);
    if (is_i2c) nr = 36'(i2c_rows_q);
    if (is_g4 || is_s4) nr = 36'd4;
    nr_q <= nr;
    // A row count of 2^K or more (2^K > SMEM_BYTES) overflows shared memory whatever the
    // pitch (each row has a byte at least), so the products take the count's K low bits
    // and stay one DSP48 wide. The span's end, (rows - 1) x pitch + base, is rows x pitch +
    // (base - pitch).
    big_q <= (nr >> K) != 36'd0;
    nt  = K'(nr);
    np_q <= (K+14)'(nt) * (K+14)'(pitch_q);
    txb = (K+14)'(nt) * (K+14)'(row_bytes_q);
    txb_q <= 32'(txb);
    bs = 25'(soff) + 25'(row_bytes_q);
    nz_end = 48'(bs) - 48'(pitch_q);
    nzc_q <= CW'(nz_end);
    // The whole box must lie in shared memory. With a swizzle the last row's bytes may land
    // anywhere in its 128-byte line, so the end is rounded up to its line: compared with
    // span_lim_q (stage 1). With rows, end > limit iff np > limit - (base - pitch) (both
    // below 2^26 in size, so the 48-bit difference's sign says which way). No rows (an
    // im2col walk of none): the end, base - pitch, is before the start in 48-bit
    // arithmetic, where rounding it up can wrap it to 0: then it is in range.
    thr = 48'(span_lim_q) - nz_end;
    thr_neg_q <= thr[47];
    thr_q <= thr[26:0];
    nz_wrap = nz_end[47:7] == '1 && nz_end[6:0] != 7'd0;
    z_out_q <= nz_end > 48'(span_lim_q) && !(span_rnd_q && nz_wrap);
    // stage 3: the span's end against shared memory, from registers
    nrows_q <= 32'(nr_q);     // a row count that passes the check is below 2^K
    // (in CW bits: the end is below 2^(CW-1) when there are rows, so the sum cannot wrap)
    ext = CW'(np_q) + nzc_q;
    np_out_q <= big_q || 48'(np_q) > 48'(mem_smem);
    end_q <= ext;
    rows_q <= nr_q != 36'd0;
    // Chunk u before the end (u < 8) is the box's when it lies in the last RB chunks of row
    // i from the last, i < rows: u mod P < RB and u / P < rows (P, RB: the pitch and the row
    // in 16-byte chunks, up to 8; rows up to 8, from the factors of the count, not from it).
    pc = (pitch_q[13:7] != 7'd0) ? 4'd8 : {1'b0, pitch_q[6:4]};
    rc = (row_bytes_q[13:7] != 7'd0) ? 4'd8 : {1'b0, row_bytes_q[6:4]};
    if (is_i2c) rows8 = (i2c_rows_q[10:3] != 8'd0) ? 4'd8 : {1'b0, i2c_rows_q[2:0]};
    else if (is_g4 || is_s4) rows8 = 4'd4;
    else rows8 = r8_d_q;
    // (one arm per P, so u mod P and u / P are constants: compares, not dividers)
    for (int u = 0; u < 8; u++) begin
      occ = 1'b0;
      for (int pp = 1; pp <= 8; pp++)
        if (pc == 4'(pp) && 4'(u % pp) < rc && 4'(u / pp) < rows8) occ = 1'b1;
      occ_u_q[u] <= occ;
    end
    box_out_q <= big_q || 48'(np_q) > 48'(mem_smem) ||
                 (nr_q == 36'd0 ? z_out_q : thr_neg_q || 48'(np_q) > 48'(thr_q));
  end
  // Stage 4 (span_rnd_q only): with a swizzle and SMEM_SIZE off whole lines the golden model
  // checks each swizzled byte (csim/tensor_access.c tce_smem_span_ok). A swizzle moves a
  // byte only inside its 128-byte line, XORing its 16-byte chunk index with a constant of
  // the line, and rows are whole chunks from a 128-byte-aligned base, so only the partial
  // line L = SMEM_SIZE >> 7 needs a closer look: the box passes when its end E is at most a
  // line past L's start (box_out_q said E is past it) and each of its chunks in L lands
  // below SMEM_SIZE (allow_q). With D chunks of L before E, chunk j = D - 1 - u.
  always_ff @(posedge clk) begin
    logic [CW-8:0] e_hi;
    logic [3:0]    dc;
    logic          in_line;
    logic [8:1]    bad_d;
    e_hi = end_q[CW-1:7];
    in_line = end_q[6:0] != 7'd0 ? e_hi == (CW-7)'(mem_smem[24:7]) : e_hi == (CW-7)'(lp1_q);
    dc = end_q[6:0] == 7'd0 ? 4'd8 : {1'b0, end_q[6:4]};
    for (int d = 1; d <= 8; d++) begin
      bad_d[d] = 1'b0;
      for (int u = 0; u < d; u++)
        if (occ_u_q[u] && !allow_q[d - 1 - u]) bad_d[d] = 1'b1;
    end
    line_ok_q <= rows_q && in_line && dc != 4'd0 && !bad_d[dc];
  end
  // The box's bytes past SMEM_SIZE: stage 3's test, where stage 4 has the last word.
  wire box_out = box_out_q && !(span_rnd_q && !np_out_q && line_ok_q);

  // Stage 1's element counts and box0 (the dividers' quotients).
  for (genvar i = 1; i < 5; i++) begin : g_n
    assign n[(i-1)*9 +: 9] = n_one_q[i] ? 9'd1 : quo_q[i][19:11];
  end
  assign box0 = box0_div_q ? quo_q[0][19:11] : box0_d_q;
  assign row_bytes = row_bytes_q;
  assign pitch = pitch_q;
  // The movers and walkers read ul and gdim only as they start, which is with `ready` (the
  // window walk's walk too), when both have held for cycles (asserted): so they take these
  // copies, and the descriptor's decode (up to six LUT levels) ends here, not in their
  // start registers. The window walk's stage 1 reads the live ones.
  always_ff @(posedge clk) begin : mv_geom
    mv_ul <= ul;
    mv_gdim <= gdim;
  end
  // The tile load's overlap check runs on values that must not have changed over its two
  // stages. Told so by flip-flops (each compares a register with its input, so it speaks
  // for the edge just past), the check's verdict needs no 88-bit compare in front of
  // can_start. The load takes pitch a stage late for this: its input is then a register.
  logic rows_same_q, pitch_same_q;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      mv_pitch <= '0; rows_same_q <= 1'b0; pitch_same_q <= 1'b0;
    end else begin
      mv_pitch <= pitch_q;
      rows_same_q <= 32'(nr_q) == nrows_q;
      pitch_same_q <= pitch_q == mv_pitch;
    end
  end
  assign geom_same = rows_same_q && pitch_same_q;
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_quo = ^{quo_q[0][20], quo_q[0][10:0], quo_q[1][20], quo_q[1][10:0], quo_q[2][20],
                      quo_q[2][10:0], quo_q[3][20], quo_q[3][10:0], quo_q[4][20], quo_q[4][10:0], n_one_q[0]};
  /* verilator lint_on UNUSEDSIGNAL */

  // The interleaved im2col view's base address: globalAddress plus the channel slice's byte
  // offset. A stride is a multiple of 16 below 2^40 (encoder rules, which the golden model's
  // descriptor unpack enforces), so the offset is a 36 x 32 product (ch_gsw x ch_cw, from
  // the decode below) times 16; a channel slice out of bounds reads nothing, whatever this
  // says. In three stages, each at most one DSP48 deep: four 18 x 16 partial products, two
  // sums of them, then the base address plus both (the movers take gaddr after stage 3).
  logic [31:0]  ch_cw;          // the channel slice's coordinate (map dim rank-2)
  logic [35:0]  ch_gsw;         // its stride in 16-byte units (bits 39:4)
  logic [33:0]  chp_q [0:3];
  logic [59:0]  chs_a_q, chs_b_q;
  logic [GADDR_W-1:0] ch_base_q;
  always_ff @(posedge clk) begin
    chp_q[0] <= 34'(ch_gsw[17:0]) * 34'(ch_cw[15:0]);
    chp_q[1] <= 34'(ch_gsw[17:0]) * 34'(ch_cw[31:16]);
    chp_q[2] <= 34'(ch_gsw[35:18]) * 34'(ch_cw[15:0]);
    chp_q[3] <= 34'(ch_gsw[35:18]) * 34'(ch_cw[31:16]);
    chs_a_q <= 60'(chp_q[0]) + (60'(chp_q[1]) << 16);
    chs_b_q <= (60'(chp_q[2]) << 18) + (60'(chp_q[3]) << 34);
    ch_base_q <= desc[tce_desc_pkg::DESC_GADDR_OFFSET*8 +: GADDR_W] + GADDR_W'({chs_a_q + chs_b_q, 4'd0});
  end

  // The chain's first failure (s1_bad) names the status and field: fail_a in the part up to
  // a prefetch's stop, fail_b on the shared side.
  logic s1_bad;
  task automatic fail_a(input logic [7:0] st, input int unsigned fi);
    if (!s1_bad) begin
      s1_bad = 1'b1; s1a_status = st; s1a_field = fidx(fi);
    end
  endtask
  task automatic fail_b(input logic [7:0] st, input int unsigned fi);
    if (!s1_bad) begin
      s1_bad = 1'b1; s1b_status = st; s1b_field = fidx(fi);
    end
  endtask
  always_comb begin
    logic bad_desc, reserved_ok;
    logic [7:0]  eb;
    logic        est_ok;
    logic [3:0]  es;
    logic [31:0] ch_c;            // coordinate of the channel slice (map dim rank-2)
    logic [32:0] ch_gdim;
    logic [35:0] ch_gs16;         // its byte stride in 16-byte units (bits 39:4)
    logic        ch_inb;
    s1_bad = 1'b0; bad_desc = 1'b0; reserved_ok = 1'b0; hdr_bad = 1'b0;
    eb = '0; est_ok = 1'b0; es = '0;
    s1a_status = tce_op_pkg::ST_OK; s1a_field = F_NONE; s1a_bad = 1'b0;
    s1b_status = tce_op_pkg::ST_OK; s1b_field = F_NONE; s1b_bad = 1'b0;
    ch_cw = '0; ch_gsw = '0;
    rank = '0; gaddr = '0; wcoords = '0; swizzle = '0; fill_nan = 1'b0; tf32 = 1'b0;
    gdim = '0; gstride = '0; e = '0; soff = '0; ctas = '0;
    for (int i = 0; i < 5; i++) begin div_a[i] = '0; div_d[i] = '0; end
    n_one = '1; box0_d = '0; box0_div = 1'b0; s1_bad_desc = 1'b0;
    ch_c = '0; ch_gdim = '0; ch_gs16 = '0; ch_inb = 1'b0;
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
      ch_cw = ch_c; ch_gsw = ch_gs16;   // the slice's offset, ch_base_q
      // Reserved bytes must be zero (descriptor_layout.def): a descriptor the encoder could not
      // have produced is refused, never used.
      reserved_ok = ((desc & tce_desc_pkg::TCE_DESC_RESERVED_MASK) == '0);

      rank     = rank8[2:0];
      gaddr    = desc[tce_desc_pkg::DESC_GADDR_OFFSET*8 +: GADDR_W];
      swizzle  = swz8[2:0];
      fill_nan = (fill8 == 8'd1) && (dtype >= 8'd6 && dtype <= 8'd12);   // float dtypes
      tf32     = (dtype == 8'd11 || dtype == 8'd12) && !is_store;            // TFLOAT32{,_FTZ}
      // An im2col row is channelsPerPixel elements from the channel coordinate.
      box0_d   = is_i2c ? i2c_channels : box_raw;
      box0_div = is_il;                                 // ceil(box_raw / e0) (stage 1)
      div_a[0] = desc[(BOX_OFF)*8 +: 8];
      div_d[0] = est0[2:0];
      for (int i = 0; i < 5; i++) begin
        // Dimensions beyond the rank walk one element at coordinate 0 of a size-1 dimension.
        gdim[i*33 +: 33] = (i < {24'd0, rank8}) ? {1'b0, desc[(GDIM_OFF + 4*i)*8 +: 32]} + 33'd1 : 33'd1;
      end
      est_ok = 1'b1;
      for (int i = 1; i < 5; i++) begin
        gstride[(i-1)*GADDR_W +: GADDR_W] = desc[(GSTR_OFF + 8*(i-1))*8 +: GADDR_W];
        eb = desc[(EST_OFF + i)*8 +: 8];                 // the layout keeps estride-1 in a byte
        es = {1'b0, eb[2:0]} + 4'd1;
        if (eb > 8'd7) est_ok = 1'b0;                  // elementStrides are 1..8
        div_a[i] = desc[(BOX_OFF + i)*8 +: 8];
        div_d[i] = eb[2:0];
        if (i < {24'd0, rank8}) begin
          // ceil(bx / es) (stage 1); the H100 walks one position of dimension rank-2 of an
          // interleaved map.
          n_one[i] = is_il && i + 2 == {24'd0, rank8};
          e[(i-1)*4 +: 4] = es;
        end else begin
          e[(i-1)*4 +: 4] = 4'd1;
        end
      end
      wcoords = coords;
      if (il_i2c) begin
        // The interleaved im2col view (the header): one slice a row, the channel slice in the
        // base address and in dim 0's bound, view dim i = map dim i-1 for 1 <= i <= rank-2.
        box0_d = 9'd1; box0_div = 1'b0;
        gaddr = ch_base_q;
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

      // Shared side: which CTAs, which offset.
      if (!is_store && dst_space == tce_op_pkg::SPACE_SHARED_CLUSTER) begin
        soff = saddr[23:0];
        ctas = multicast ? cta_mask : (16'd1 << saddr[27:24]);
      end else begin
        soff = saddr[23:0];
        ctas = 16'd1 << cta;
      end

      // fetch_map: the descriptor itself
      hdr_bad = magic != tce_desc_pkg::TCE_DESC_MAGIC || !reserved_ok || rank8 == 8'd0 || rank8 > 8'd5 ||
                !est_ok || ((is_il || il_i2c) && est0 > 8'd7) || kind > 8'd2 || dtype > 8'd15 || ileave > 8'd2 ||
                swz8 > 8'd7 || fill8 > 8'd1;
      if (t1_hdr_bad || desc_rules_bad) fail_a(tce_op_pkg::ST_BAD_DESCRIPTOR, tce_regs_pkg::CMDF_TMAP_LO_IDX);
      // The next check, a tensor beyond this build's global address range (GADDR_W), comes
      // from stage 3 (g_fits_q) and is put in its place after it: this chain goes on as if
      // it passed.
      s1_bad_desc = s1_bad;
      // tile.c: mode, shape, geometry, coordinates (an im2col load skips them: `s1_bad` is
      // held set across them, and its own checks follow), then the shared side
      bad_desc = s1_bad;
      if (is_i2c) s1_bad = 1'b1;
      // tile, gather4 and scatter4 go on to the shape checks (which trap a gather4 store or
      // reduce and a scatter4 load or reduce, as the golden model does); the other modes are
      // not tile modes. csim/im2col.c: an im2col mode with the other direction (im2col loads,
      // im2col_no_offs stores) is not defined.
      if (mode != tce_op_pkg::MODE_TILE && mode != tce_op_pkg::MODE_GATHER4 && mode != tce_op_pkg::MODE_SCATTER4)
        fail_a(tce_op_pkg::ST_UNDEFINED, tce_regs_pkg::CMDF_MODE_IDX);
      if (kind != 8'd0) fail_a(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_TMAP_LO_IDX);
      if ({5'd0, dims} != rank8) fail_a(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_DIMS_IDX);
      // tile.c check_shape: gather4 is a load/prefetch mode, scatter4 a store mode.
      if ((mode == tce_op_pkg::MODE_GATHER4 && is_store) || (mode == tce_op_pkg::MODE_SCATTER4 && (!is_store || is_red)))
        fail_a(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_MODE_IDX);
      // PTX: gather4 and scatter4 work on 2-D tensors with boxDim[1] == 1 and no interleave.
      if ((is_g4 || is_s4) && (rank8 != 8'd2 || desc[(BOX_OFF + 1)*8 +: 8] != 8'd0 || ileave != 8'd0))
        fail_a(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_TMAP_LO_IDX);
      // tf32 loads round in tce_tile_load; a store copies the bytes as they are. Packed
      // types: not in this engine build.
      if (dtype >= 8'd13 || !(esize == 8'd1 || esize == 8'd2 || esize == 8'd4 || esize == 8'd8))
        fail_a(tce_op_pkg::ST_UNSUPPORTED, tce_regs_pkg::CMDF_TMAP_LO_IDX);
      // H100: the innermost coordinate must start on a 16-byte boundary (with interleave it
      // is a slice index: no rule)
      if (!is_il && t1_c0_mis) fail_a(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_COORD_IDX);
      // H100: stores take no negative coordinate (scatter4: all five)
      for (int i = 0; i < 5; i++)
        if (is_store && (i < {24'd0, rank8} || is_s4) && coord_neg[i])
          fail_a(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_COORD_IDX);
      // H100: no tile operation on a map with a globalDim past 2^31 (extreme_load.txt,
      // extreme_store.txt; csim/tile.c check_extent)
      if (t1_gdim_big) fail_a(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_TMAP_LO_IDX);
      if (is_store && is_red && !t1_red_ok) fail_a(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_REDOP_IDX);
      if (is_store && src_space != tce_op_pkg::SPACE_SHARED_CTA)
        fail_a(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_SRC_SPACE_IDX);
      if (is_store && saddr[31:24] != 8'd0) fail_a(tce_op_pkg::ST_SHARED_RANGE, tce_regs_pkg::CMDF_SADDR_IDX);
      s1_bad = s1_bad && !(is_i2c && !bad_desc);
      // Here an im2col command's own verdict stops the chain when it is not OK: it comes two
      // stages later (tce_im2col_check registers its tests), so this chain goes on as if it
      // were OK and stage 3 puts it in its place (g_i2c_verdict).
      // A prefetch ends here (tile.c after check_coords, im2col*.c after the walk's start):
      // it lands no bytes, so the shared-memory side below is not checked.
      s1a_bad = s1_bad;
      // The shared side, from here on: its own first failure (stage 3 puts it after the
      // part above and the prefetch's stop). They are i2c_deliver_load's for an im2col load.
      s1_bad = 1'b0;
      if (!is_store && dst_space != tce_op_pkg::SPACE_SHARED_CLUSTER && dst_space != tce_op_pkg::SPACE_SHARED_CTA)
        fail_b(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_DST_SPACE_IDX);
      if (!is_store && dst_space == tce_op_pkg::SPACE_SHARED_CLUSTER && multicast && cta_mask == 16'd0)
        fail_b(tce_op_pkg::ST_UNDEFINED, tce_regs_pkg::CMDF_CTA_MASK_IDX);
      // im2col_common.c i2c_deliver_load takes a few shared-side checks in another order
      // than tile.c (is_i2c below): multicast before the address, alignment before the
      // CTAs, the rows before the mbarrier.
      if (is_i2c && dst_space == tce_op_pkg::SPACE_SHARED_CTA && multicast)
        fail_b(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_MULTICAST_IDX);
      if (!is_store && dst_space == tce_op_pkg::SPACE_SHARED_CTA && saddr[31:24] != 8'd0)
        fail_b(tce_op_pkg::ST_SHARED_RANGE, tce_regs_pkg::CMDF_SADDR_IDX);
      if (!is_store && dst_space == tce_op_pkg::SPACE_SHARED_CTA && multicast)
        fail_b(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_MULTICAST_IDX);
      if (is_i2c && soff[6:0] != 7'd0) fail_b(tce_op_pkg::ST_MISALIGNED, tce_regs_pkg::CMDF_SADDR_IDX);
      if (t1_cta_out)
        fail_b(tce_op_pkg::ST_SHARED_RANGE, multicast ? tce_regs_pkg::CMDF_CTA_MASK_IDX : tce_regs_pkg::CMDF_SADDR_IDX);
      // H100: a shared address off a 128-byte boundary traps "misaligned address"
      // (tests/data/probes/misalign.txt)
      if (soff[6:0] != 7'd0) fail_b(tce_op_pkg::ST_MISALIGNED, tce_regs_pkg::CMDF_SADDR_IDX);
      s1b_bad = s1_bad;
    end
  end

  // Stage 3: the chain in the golden model's order: the part up to the prefetch's stop,
  // tce_im2col_check's verdict (on the command held since stage 1; an im2col command skips
  // the tile checks before it, so only the descriptor's can precede it), the prefetch's stop
  // (status OK, nothing landed), then the shared side. The chain's end is a destination
  // check of an im2col load (late: after its walk, csim i2c_deliver_load).
  logic       ch_bad_q, ch_late_q, ch_pre_ok_q;
  logic [7:0] ch_status_q, ch_field_q;
  wire        i2c_bad = i2c_q && i2c_status != tce_op_pkg::ST_OK;
  always_ff @(posedge clk) begin
    ch_bad_q <= s1a_bad_q || i2c_bad || pf_q || s1b_bad_q;
    ch_pre_ok_q <= !s1a_bad_q && !i2c_bad;
    ch_late_q <= !s1a_bad_q && !i2c_bad && !pf_q && i2c_q && !st_q;
    if (s1a_bad_q) begin
      ch_status_q <= s1a_status_q; ch_field_q <= s1a_field_q;
    end else if (i2c_bad) begin
      ch_status_q <= i2c_status; ch_field_q <= i2c_field;
    end else if (!pf_q && s1b_bad_q) begin
      ch_status_q <= s1b_status_q; ch_field_q <= s1b_field_q;
    end else begin
      ch_status_q <= tce_op_pkg::ST_OK; ch_field_q <= F_NONE;
    end
  end

  // After stage 3: the range check in its place and the last checks of the chain in the
  // golden model's order (they need the span), all from registers, so the verdict the
  // executor and tce_window_walk read is a few levels deep.
  always_comb begin
    logic bad;
    walk_first = 1'b0;
    walk_rows = 1'b0;
    if (box_over_q) begin
      bad = 1'b1; status = tce_op_pkg::ST_BAD_DESCRIPTOR; field = fidx(tce_regs_pkg::CMDF_TMAP_LO_IDX);
    end else if (!s1_bd_q && !g_fits_q) begin
      bad = 1'b1; status = tce_op_pkg::ST_UNSUPPORTED; field = fidx(tce_regs_pkg::CMDF_TMAP_LO_IDX);
    end else begin
      bad = ch_bad_q; status = ch_status_q; field = ch_field_q;
      walk_first = ch_bad_q && ch_late_q;
    end
    rows = nrows_q;
    tx_bytes = txb_q;
    if (!bad && is_i2c && box_out) begin
      bad = 1'b1; status = tce_op_pkg::ST_SHARED_RANGE; field = fidx(tce_regs_pkg::CMDF_SADDR_IDX);
      // csim/im2col_no_offs.c checks each row's shared span before its units, with no
      // whole-box check first
      walk_first = !is_store; walk_rows = is_store;
    end
    if (!bad && mb_mis_q) begin
      bad = 1'b1; status = tce_op_pkg::ST_MISALIGNED; field = fidx(tce_regs_pkg::CMDF_MBAR_IDX);
      walk_first = is_i2c;
    end
    if (!bad && mb_rng_q) begin
      bad = 1'b1; status = tce_op_pkg::ST_SHARED_RANGE; field = fidx(tce_regs_pkg::CMDF_MBAR_IDX);
      walk_first = is_i2c;
    end
    if (!bad && box_out) begin
      status = tce_op_pkg::ST_SHARED_RANGE; field = fidx(tce_regs_pkg::CMDF_SADDR_IDX);
      // csim/tile.c: the whole box against SMEM_SIZE before the walk, a row's span in it
      walk_rows = !np_out_q;
    end
  end
  // The chain above says OK exactly when no test of it fails: stage 3's chain stopped
  // with OK (a prefetch with no fault before it: the only stop that leaves its status OK) or
  // passed, and none of the registered tests after it failed (box_out covers the im2col
  // test).
  assign pass = !box_over_q && (s1_bd_q || g_fits_q) &&
                (ch_bad_q ? is_prefetch && ch_pre_ok_q : !(box_out || mb_mis_q || mb_rng_q));
`ifdef TCE_ASSERT
  always @(posedge clk or negedge rst_n)
    if (rst_n) assert (!ready || (mv_ul == ul && mv_gdim == gdim && mv_pitch == pitch))
      else $error("tce_tile_check: the movers' ul/gdim/pitch copies differ from the live ones at ready");
`endif
endmodule
