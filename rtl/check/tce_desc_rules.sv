// Whether a fetched 128-byte tensor descriptor is one the encoder can make: the golden
// model's descriptor unpack (csim/descriptor.c check_structure, then csim/encode_rules.c
// under sm_100) refuses every other one as BAD_DESCRIPTOR, and so does the engine
// (tce_tile_check), before any of its own checks. Not checked here: the total box bytes
// against 227 KB (its products are pipelined, in tce_box_bytes).
//
// Two register stages: the rules fall into four groups (structure, encoding, the box and
// corners, the layout), each group's verdict is registered, and the corners' extents are
// registered and tested in a second stage; `bad` is the OR of those, valid two cycles
// after `desc` settles. All of it in one cycle was 13 LUT levels before the check chain
// that reads it (tce_tile_check, which registers that chain in its third stage).
module tce_desc_rules (
    input  logic          clk,
    input  logic [1023:0] desc,
    output logic          bad
);
  localparam int unsigned GDIM_OFF = tce_desc_pkg::DESC_GDIM_M1_OFFSET;
  localparam int unsigned GSTR_OFF = tce_desc_pkg::DESC_GSTRIDE_OFFSET;
  localparam int unsigned BOX_OFF  = tce_desc_pkg::DESC_BOX_M1_OFFSET;
  localparam int unsigned EST_OFF  = tce_desc_pkg::DESC_ESTRIDE_M1_OFFSET;
  localparam int unsigned LOW_OFF  = tce_desc_pkg::DESC_LOWER_OFFSET;
  localparam int unsigned UP_OFF   = tce_desc_pkg::DESC_UPPER_OFFSET;

  wire [7:0]  kind   = desc[(tce_desc_pkg::DESC_KIND_OFFSET)*8 +: 8];
  wire [7:0]  dtype  = desc[(tce_desc_pkg::DESC_DTYPE_OFFSET)*8 +: 8];
  wire [7:0]  rank   = desc[(tce_desc_pkg::DESC_RANK_OFFSET)*8 +: 8];
  wire [7:0]  il     = desc[(tce_desc_pkg::DESC_INTERLEAVE_OFFSET)*8 +: 8];
  wire [7:0]  swz    = desc[(tce_desc_pkg::DESC_SWIZZLE_OFFSET)*8 +: 8];
  wire [7:0]  promo  = desc[(tce_desc_pkg::DESC_PROMO_OFFSET)*8 +: 8];
  wire [7:0]  fill   = desc[(tce_desc_pkg::DESC_OOBFILL_OFFSET)*8 +: 8];
  wire [7:0]  wide   = desc[(tce_desc_pkg::DESC_WIDE_MODE_OFFSET)*8 +: 8];
  wire [15:0] chans  = desc[(tce_desc_pkg::DESC_CHANNELS_OFFSET)*8 +: 16];
  wire [15:0] pixels = desc[(tce_desc_pkg::DESC_PIXELS_OFFSET)*8 +: 16];
  wire [7:0]  esize  = desc[(tce_desc_pkg::DESC_ESIZE_OFFSET)*8 +: 8];
  wire [4:0]  gaddr_lo = desc[(tce_desc_pkg::DESC_GADDR_OFFSET)*8 +: 5];   // its alignment

  logic bad_st, bad_enc, bad_box, bad_lay;          // the four groups' verdicts
  logic [2:0]  ext_on;                               // corner i's window of start pixels ...
  // ... is empty when its extent, globalDim + 1 + upper - lower, is not above 0, that is
  // when globalDim < lower - upper. lower - upper is below 2^16 (16-bit signed values), so
  // the window is empty exactly when that difference is above 0, globalDim's bits 31..16 are
  // 0 and its low 16 bits are below it: a 17-bit subtraction, a zero test and a 16-bit
  // compare instead of a 35-bit sum and compare. Registered for the compare.
  logic [16:0] ext_d [3];       // lower - upper, signed
  logic [2:0]  ext_hz;          // globalDim[31:16] == 0
  logic [15:0] ext_gl [3];      // globalDim[15:0]
  logic [3:0]  bad_q;
  logic [2:0]  ext_on_q, ext_hz_q, ext_bad_q;
  logic [16:0] ext_d_q [3];
  logic [15:0] ext_gl_q [3];
  always_ff @(posedge clk) begin
    bad_q <= {bad_st, bad_enc, bad_box, bad_lay};
    ext_on_q <= ext_on;
    ext_hz_q <= ext_hz;
    for (int i = 0; i < 3; i++) begin
      ext_d_q[i] <= ext_d[i];
      ext_gl_q[i] <= ext_gl[i];
      ext_bad_q[i] <= ext_on_q[i] && ext_hz_q[i] && !ext_d_q[i][16] && ext_gl_q[i] < ext_d_q[i][15:0];
    end
  end
  assign bad = |bad_q || |ext_bad_q;

  always_comb begin
    logic [3:0]  dsize;        // tce_dtype_size: bytes, 0 for the packed sub-byte types
    logic [1:0]  dlog;         // log2 of it
    logic        packed4, align16, is_float;
    logic [2:0]  ncorner;      // corners the map carries (csim corner_count)
    logic [15:0] inner;        // elements in the innermost box row (tiled) or channel row
    logic [6:0]  unit_mask;    // inner must be a multiple of mask + 1 for whole 16-byte rows
    logic [18:0] inner_bytes;  // the row's bytes as laid out in shared memory
    logic [7:0]  span;
    logic        lim7, lim4;   // corner offsets lie in [-128, 127] (rank 4) or [-16, 15] (rank 5)
    logic [31:0] gd;
    logic [15:0] lo, up;
    bad_st = 1'b0; bad_enc = 1'b0; bad_box = 1'b0; bad_lay = 1'b0;
    ext_on = '0;
    ext_hz = '0;
    for (int i = 0; i < 3; i++) begin ext_d[i] = '0; ext_gl[i] = '0; end
    dsize = 4'd0; packed4 = 1'b0; align16 = 1'b0; is_float = 1'b0; ncorner = 3'd0;
    dlog = '0; inner = '0; unit_mask = '0; inner_bytes = '0; span = '0; lim7 = 1'b0; lim4 = 1'b0; gd = '0; lo = '0; up = '0;
    begin
      case (dtype)
        8'd0: dsize = 4'd1;
        8'd1, 8'd6, 8'd9: dsize = 4'd2;
        8'd2, 8'd3, 8'd7, 8'd10, 8'd11, 8'd12: dsize = 4'd4;
        8'd4, 8'd5, 8'd8: dsize = 4'd8;
        default: dsize = 4'd0;
      endcase
      dlog = (dsize == 4'd8) ? 2'd3 : (dsize == 4'd4) ? 2'd2 : (dsize == 4'd2) ? 2'd1 : 2'd0;
      packed4  = dtype == 8'd13 || dtype == 8'd14;                 // 4-bit elements
      align16  = dtype == 8'd14 || dtype == 8'd15;                 // 16-element groups padded to 16 B
      is_float = dtype >= 8'd6 && dtype <= 8'd12;
      if (kind == 8'd1) ncorner = (rank >= 8'd3 && rank <= 8'd5) ? 3'(rank - 8'd2) : 3'd0;
      else if (kind == 8'd2) ncorner = 3'd1;

      // check_structure: ESIZE, and every item the kind and rank do not use is 0
      if (esize != {4'd0, dsize}) bad_st = 1'b1;
      for (int i = 0; i < 5; i++) begin
        if (i >= {24'd0, rank} && (desc[(GDIM_OFF + 4*i)*8 +: 32] != '0 || desc[(EST_OFF + i)*8 +: 8] != '0))
          bad_st = 1'b1;
        if ((kind != 8'd0 || i >= {24'd0, rank}) && desc[(BOX_OFF + i)*8 +: 8] != '0) bad_st = 1'b1;
      end
      for (int i = 0; i < 4; i++)
        if (i + 1 >= {24'd0, rank} && desc[(GSTR_OFF + 8*i)*8 +: 64] != '0) bad_st = 1'b1;
      for (int i = 0; i < 3; i++)
        if (i >= 32'(ncorner) && (desc[(LOW_OFF + 2*i)*8 +: 16] != '0 || desc[(UP_OFF + 2*i)*8 +: 16] != '0))
          bad_st = 1'b1;
      if (kind == 8'd0 && (chans != '0 || pixels != '0)) bad_st = 1'b1;
      if (kind != 8'd2 && wide != '0) bad_st = 1'b1;

      // encode rules: enumerations, rank, global address and strides, element strides
      if (promo > 8'd3 || swz > 8'd6 || (kind == 8'd2 && wide > 8'd1)) bad_enc = 1'b1;
      if ((kind != 8'd0 || il != 8'd0) && rank < 8'd3) bad_enc = 1'b1;
      if (gaddr_lo[3:0] != 4'd0 || ((il == 8'd2 || align16) && gaddr_lo[4])) bad_enc = 1'b1;
      if (dtype == 8'd13 && !desc[GDIM_OFF*8]) bad_enc = 1'b1;              // globalDim[0] even
      if (align16 && desc[GDIM_OFF*8 +: 7] != 7'h7F) bad_enc = 1'b1;         // globalDim[0] % 128
      for (int i = 0; i < 4; i++)
        if (i + 1 < {24'd0, rank}) begin
          if (desc[(GSTR_OFF + 8*i)*8 +: 4] != 4'd0 || desc[(GSTR_OFF + 8*i)*8 + 40 +: 24] != '0) bad_enc = 1'b1;
          if ((il == 8'd2 || align16) && desc[(GSTR_OFF + 8*i)*8 + 4]) bad_enc = 1'b1;
        end
      for (int i = 0; i < 5; i++)
        if (i < {24'd0, rank} && desc[(EST_OFF + i)*8 +: 8] > 8'd7) bad_enc = 1'b1;

      // the box (tiled) or the pixel box (im2col): rows of whole 16-byte units
      // A row of whole 16-byte units: elements a multiple of 16 / bytes (4-bit elements: 32,
      // 6-bit: 64), shifts and masks rather than the golden model's multiply.
      inner = (kind == 8'd0) ? 16'(desc[BOX_OFF*8 +: 8]) + 16'd1 : chans;
      unit_mask = packed4 ? 7'd31 : (dtype == 8'd15) ? 7'd63 : (7'd15 >> dlog);
      if ((inner[6:0] & unit_mask) != 7'd0) bad_box = 1'b1;
      if (kind == 8'd0) begin
        if (align16 && desc[BOX_OFF*8 +: 8] != 8'd127) bad_box = 1'b1;
      end else begin
        if (chans < 16'd1 || chans > 16'd256 || pixels < 16'd1 || pixels > 16'd1024) bad_box = 1'b1;
        if (align16 && chans != 16'd128) bad_box = 1'b1;
        // the offsets' range: [-32768, 32767] (im2col::w or rank 3: any 16-bit value),
        // [-128, 127] (rank 4), [-16, 15] (rank 5)
        lim7 = !(kind == 8'd2 || rank == 8'd3) && rank == 8'd4;
        lim4 = !(kind == 8'd2 || rank == 8'd3) && rank != 8'd4;
        for (int i = 0; i < 3; i++)
          if (i < 32'(ncorner)) begin
            lo = desc[(LOW_OFF + 2*i)*8 +: 16];
            up = desc[(UP_OFF + 2*i)*8 +: 16];
            // in range: a signed value fits 8 (5) bits when its bits from 7 (4) up are all
            // its sign (no compare with a limit)
            if ((lim7 && (lo[15:7] != {9{lo[15]}} || up[15:7] != {9{up[15]}})) ||
                (lim4 && (lo[15:4] != {12{lo[15]}} || up[15:4] != {12{up[15]}})))
              bad_box = 1'b1;
            // the window of start pixels is not empty: globalDim[i + shift] + upper - lower
            // > 0, shift 1 (the H100 measures an interleaved map's corner i against dim i)
            // (registered: its test is in the second stage, above). Two constant
            // part-selects: an index that depends on the map is a shifter over all of desc.
            gd = (il == 8'd0 || kind == 8'd2) ? desc[(GDIM_OFF + 4*(i + 1))*8 +: 32]
                                              : desc[(GDIM_OFF + 4*i)*8 +: 32];
            ext_on[i] = 1'b1;
            ext_d[i] = {lo[15], lo} - {up[15], up};
            ext_hz[i] = gd[31:16] == 16'd0;
            ext_gl[i] = gd[15:0];
          end
      end

      // layout: im2col wide, the packed types, the swizzle span, the NaN fill
      if (kind == 8'd2 && (il != 8'd0 || !(swz == 8'd2 || swz == 8'd3 || swz == 8'd4))) bad_lay = 1'b1;
      if (align16 && !(swz == 8'd0 || swz == 8'd3 || swz == 8'd4 || (dtype == 8'd15 && swz == 8'd6)))
        bad_lay = 1'b1;
      if (dtype == 8'd15 && il != 8'd0) bad_lay = 1'b1;
      inner_bytes = align16 ? 19'(inner) : packed4 ? {4'd0, inner[15:1]} : 19'(inner) << dlog;
      case (swz)
        8'd1: span = 8'd32;
        8'd2: span = 8'd64;
        8'd3, 8'd4, 8'd5, 8'd6: span = 8'd128;
        default: span = 8'd0;
      endcase
      if (il == 8'd0 && span != 8'd0 && inner_bytes > 19'(span)) bad_lay = 1'b1;
      if (fill == 8'd1 && !is_float) bad_lay = 1'b1;
    end
  end
endmodule
