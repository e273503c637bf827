// tce_red_unit: the reduction unit. Each beat carries DATA_W bits of memory data and of
// source data; every element of the beat is reduced in parallel, mem = op(mem, src), with
// exactly the arithmetic of the golden model (csim/arith*.c, docs/arithmetic.md), and the
// new memory data comes out LATENCY (tce_red_pkg, 5) cycles later. Interface, lanes and
// timing: docs/reduction_unit.md.
//
//   lanes per beat   DATA_W/16 f16/bf16 min/max lanes; DATA_W/32 f32 adders and 32-bit
//                    integer lanes; DATA_W/64 64-bit integer lanes; DATA_W/32 f16/bf16
//                    adders and DATA_W/128 f64 adders, each serving two lanes of a beat
//   handshake        valid/ready on both sides; the pipeline stalls as a whole while the
//                    output is held, so with out_ready high it takes a beat every cycle,
//                    except an f16/bf16/f64 add, which takes two: its lower lanes go
//                    through the adders in the first, its upper lanes in the second
//   byte enables     a byte whose enable is low, and every byte of an illegal beat, comes
//                    out as the memory byte that went in (the engine writes it back or not)
//   beat type        in_op/in_etype/in_ctx/in_noftz are the command's: they must hold from
//                    the cycle before a beat is offered until it is taken (the decode is
//                    registered; asserted under TCE_ASSERT)
//
// DATA_W must be a multiple of 128.
module tce_red_unit #(
    parameter int DATA_W = 256,
    parameter int TAG_W  = 16   // carried alongside the beat for the caller (e.g. its address)
) (
    input  logic                clk,
    input  logic                rst_n,
    // input beat
    input  logic                in_valid,
    output logic                in_ready,
    input  logic [DATA_W-1:0]   in_mem,    // memory data (the reduction's destination)
    input  logic [DATA_W-1:0]   in_src,    // source data
    input  logic [DATA_W/8-1:0] in_be,     // byte enables: which bytes to reduce
    input  logic [2:0]          in_op,     // tce_redop
    input  logic [3:0]          in_etype,  // tce_etype
    input  logic [2:0]          in_ctx,    // tce_arith_ctx: the instruction family
    input  logic                in_noftz,  // .noftz (tensor reduce: the dtype keeps f32 subnormals)
    input  logic [TAG_W-1:0]    in_tag,
    // result beat
    output logic                out_valid,
    input  logic                out_ready,
    output logic [DATA_W-1:0]   out_data,     // new memory data
    output logic [DATA_W/8-1:0] out_be,       // in_be of the beat, unchanged
    output logic                out_illegal,  // (ctx, op, etype, noftz) is not a legal reduction
    output logic [TAG_W-1:0]    out_tag
);
  localparam int LAT = tce_red_pkg::LATENCY;
  localparam int N16 = DATA_W / 16;
  localparam int N32 = DATA_W / 32;
  localparam int N64 = DATA_W / 64;
  localparam int NB  = DATA_W / 8;
  localparam int NH  = N16 / 2;     // f16/bf16 adders (half the 16-bit lanes)
  localparam int ND  = N64 / 2;     // f64 adders (half the 64-bit lanes)
  localparam int HW  = DATA_W / 2;  // the bits those adders cover in one pass

  // ------------------------------------------------------------ handshake and valid bits
  // valid_q[k]: stage k+1 holds a beat. half_q/f32_q/f64_q[k]: and that beat is a float add
  // of that adder's width, the only adders whose stages load for it. first_q[k]: stage k+1
  // holds the lower lanes of a two-pass add (no beat: the beat follows one stage behind).
  logic [LAT-1:0] valid_q, half_q, f32_q, f64_q, first_q;
  logic go_half, go_f32, go_f64;  // the input beat is such an add (decoded below)
  logic two_pass;                 // the input beat's type is an f16/bf16/f64 add
  logic ph;                       // its lower lanes are in the pipeline, its upper not yet
  wire adv = !valid_q[LAT-1] || out_ready;  // the whole pipeline moves, or none of it
  // A two-pass add's first pass moves into the pipeline as a bubble; the beat is taken with
  // the second. in_ready does not depend on in_valid (the type is the command's).
  wire first = two_pass && !ph;
  wire take  = in_valid && !first;

  assign in_ready  = adv && !first;
  assign out_valid = valid_q[LAT-1];

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      valid_q <= '0;
      half_q  <= '0;
      f32_q   <= '0;
      f64_q   <= '0;
      first_q <= '0;
      ph      <= 1'b0;
    end else if (adv) begin
      valid_q <= {valid_q[LAT-2:0], take};
      half_q  <= {half_q[LAT-2:0], go_half};
      f32_q   <= {f32_q[LAT-2:0], go_f32};
      f64_q   <= {f64_q[LAT-2:0], go_f64};
      first_q <= {first_q[LAT-2:0], in_valid && first};
      if (in_valid) ph <= first;
    end
  end

  // Register-load enables, bit k for stage k+1: only stages a beat moves into load, so an
  // idle unit, and the adders a beat does not use, hold still. The same gates as enabling
  // every stage on adv (the values they skip are never selected), but Verilator evaluates
  // a stage's logic only when it loads, which keeps the idle unit off the engine's
  // simulation time (docs/sim_speed.md).
  wire [LAT-1:0] en_beat = adv ? {valid_q[LAT-2:0], take} : '0;
  wire [LAT-1:0] en_half = adv ? {half_q[LAT-2:0], go_half} : '0;
  wire [LAT-1:0] en_f32  = adv ? {f32_q[LAT-2:0], go_f32} : '0;
  wire [LAT-1:0] en_f64  = adv ? {f64_q[LAT-2:0], go_f64} : '0;

  // ------------------------------------------------------------ beat decode
  // What steers the handshake and the adders is decoded from the type and registered every
  // cycle: the type is the command's and holds a cycle before its first beat, so the
  // registers are right whenever a beat is offered, and the path from the command register
  // through this decode into in_ready and the caller's beat counters is cut here.
  logic legal_d, legal, half_add, f32_add, f64_add;
  tce_red_legal u_legal (
      .ctx(in_ctx), .op(in_op), .etype(in_etype), .noftz(in_noftz), .legal(legal_d));

  wire et_int32 = (in_etype == tce_red_pkg::ET_B32) || (in_etype == tce_red_pkg::ET_U32) ||
                  (in_etype == tce_red_pkg::ET_S32);
  wire et_int64 = (in_etype == tce_red_pkg::ET_B64) || (in_etype == tce_red_pkg::ET_U64) ||
                  (in_etype == tce_red_pkg::ET_S64);
  wire et_signed = (in_etype == tce_red_pkg::ET_S32) || (in_etype == tce_red_pkg::ET_S64);
  wire et_f16  = in_etype == tce_red_pkg::ET_F16;
  wire et_bf16 = in_etype == tce_red_pkg::ET_BF16;
  wire et_half = et_f16 || et_bf16;
  wire op_add  = in_op == tce_red_pkg::RED_ADD;

  // f32 subnormal flushing by family (docs/arithmetic.md): red.global flushes, a tensor
  // reduce flushes only for a FLOAT32_FTZ map (noftz low), bulk reduce and red.shared keep.
  wire ftz32 = (in_ctx == tce_red_pkg::CTX_RED_GLOBAL) ||
               (in_ctx == tce_red_pkg::CTX_TENSOR_REDUCE && !in_noftz);
  // f64 with two NaN inputs: the shared-memory unit keeps the memory operand's NaN, the L2
  // reducers the source's.
  wire keep_mem64 = in_ctx == tce_red_pkg::CTX_RED_SHARED;

  // Float adds come out of the five-stage adders; everything else is two stages of logic
  // whose result waits in a delay line.
  always_ff @(posedge clk) begin
    legal    <= legal_d;
    half_add <= legal_d && op_add && et_half;
    f32_add  <= legal_d && op_add && (in_etype == tce_red_pkg::ET_F32);
    f64_add  <= legal_d && op_add && (in_etype == tce_red_pkg::ET_F64);
  end
  // The lanes' and adders' type decodes are registered too (the command register's decode
  // ran on into the adders' first stage and the lanes' selects).
  logic et_int32_q, et_int64_q, et_signed_q, et_bf16_q, ftz32_q, keep_mem64_q;
  always_ff @(posedge clk) begin
    et_int32_q   <= et_int32;
    et_int64_q   <= et_int64;
    et_signed_q  <= et_signed;
    et_bf16_q    <= et_bf16;
    ftz32_q      <= ftz32;
    keep_mem64_q <= keep_mem64;
  end
  assign go_half = in_valid && half_add;   // both passes load the adders
  assign go_f32  = in_valid && f32_add;
  assign go_f64  = in_valid && f64_add;
  assign two_pass = half_add || f64_add;

  // ------------------------------------------------------------ two-stage lanes
  // Integer ops and f16/bf16 min/max. Stage 1 registers what a lane's result is chosen
  // from: the sums (mem + src, mem + 1, mem - 1: one adder), the source, and per 16-bit
  // chunk its lane's flags (an integer lane's src < mem, src > mem and mem == 0; an
  // f16/bf16 lane's key compares and NaNs), with the memory data and each byte's enable
  // (low for every byte of an illegal beat). Stage 2 chooses by the op and keeps the memory
  // byte where the enable is low. The compares, adds and selects in one stage were 8 LUT
  // levels behind the unit's input, itself 4 behind the movers' muxes (docs/fpga.md,
  // "twenty-third session"); the delay line behind has room for the second stage, so the
  // latency is unchanged. The delay line carries the result to the output, where float
  // adds replace their bytes. The integer ops are tce_int_apply's (csim/arith_int.c, the
  // PTX "Semantics"): add wraps; min/max compare signed or unsigned; inc(r, s) = r >= s ?
  // 0 : r + 1 and dec(r, s) = (r == 0 || r > s) ? s : r - 1, unsigned (r memory, s source).
  logic [DATA_W-1:0] mem_s1, src_s1, sum_s1, early_s2;
  logic [N16-1:0]    lt_s1, gt_s1, za_s1, zb_s1;
  logic [2:0]        op_s1;
  logic              int_s1;   // an integer beat (else f16/bf16 min/max)
  logic [NB-1:0]     keep_s1;  // the byte is reduced (enabled, legal beat)

  // Each register is assigned whole, once (a part-select assignment per lane would make the
  // simulator keep a shadow copy of it).
  always_ff @(posedge clk) begin
    if (en_beat[0]) begin : lanes
      logic [DATA_W-1:0] sum;
      logic [N16-1:0]    lt, gt, za, zb;
      logic              flip, w32, add, inc;
      logic [63:0]       m, s, a, km, ks;
      logic [32:0]       lo;
      logic [31:0]       hi;
      logic              lt_lo, lt_hi, gt_lo, gt_hi, lt64, gt64, z_lo, z_hi;
      logic [15:0]       m16, s16, km16, ks16;
      // Flipping the sign bit maps two's-complement order onto unsigned order for a signed
      // min/max; inc/dec compare unsigned whatever the type. One adder per 64 bits serves
      // add, inc and dec, cut at bit 32 for 32-bit lanes.
      sum = '0; lt = '0; gt = '0; za = '0; zb = '0;
      flip = et_signed_q && (in_op == tce_red_pkg::RED_MIN || in_op == tce_red_pkg::RED_MAX);
      w32  = !et_int64_q;
      add  = in_op == tce_red_pkg::RED_ADD;
      inc  = in_op == tce_red_pkg::RED_INC;
      if (et_int32_q || et_int64_q) begin
        for (int i = 0; i < N64; i++) begin
          m = in_mem[64*i+:64];
          s = in_src[64*i+:64];
          a[31:0]  = add ? s[31:0] : inc ? 32'd1 : '1;
          a[63:32] = add ? s[63:32] : inc ? {31'd0, w32} : '1;
          lo = {1'b0, m[31:0]} + {1'b0, a[31:0]};
          hi = m[63:32] + a[63:32] + {31'd0, lo[32] && !w32};
          sum[64*i+:64] = {hi, lo[31:0]};
          km = m ^ {flip, 31'd0, flip && w32, 31'd0};
          ks = s ^ {flip, 31'd0, flip && w32, 31'd0};
          lt_lo = ks[31:0] < km[31:0];   gt_lo = ks[31:0] > km[31:0];
          lt_hi = ks[63:32] < km[63:32]; gt_hi = ks[63:32] > km[63:32];
          lt64  = ks < km;               gt64  = ks > km;
          z_lo  = m[31:0] == 32'd0;      z_hi  = m[63:32] == 32'd0;
          for (int j = 0; j < 4; j++) begin
            lt[4*i+j] = w32 ? (j < 2 ? lt_lo : lt_hi) : lt64;
            gt[4*i+j] = w32 ? (j < 2 ? gt_lo : gt_hi) : gt64;
            za[4*i+j] = w32 ? (j < 2 ? z_lo : z_hi) : (z_lo && z_hi);
          end
        end
      end else begin
        // f16/bf16 (tce_fp_minmax, csim/arith_float.c): sign-magnitude to a key that orders
        // as unsigned (-0 just below +0); a NaN operand is ignored, two give the canonical
        // 0x7fff.
        for (int c = 0; c < N16; c++) begin
          m16  = in_mem[16*c+:16];
          s16  = in_src[16*c+:16];
          km16 = m16[15] ? ~m16 : {1'b1, m16[14:0]};
          ks16 = s16[15] ? ~s16 : {1'b1, s16[14:0]};
          lt[c] = ks16 < km16;
          gt[c] = ks16 > km16;
          za[c] = et_bf16_q ? (&m16[14:7]) && (|m16[6:0]) : (&m16[14:10]) && (|m16[9:0]);
          zb[c] = et_bf16_q ? (&s16[14:7]) && (|s16[6:0]) : (&s16[14:10]) && (|s16[9:0]);
        end
      end
      mem_s1  <= in_mem;
      src_s1  <= in_src;
      sum_s1  <= sum;
      lt_s1   <= lt;
      gt_s1   <= gt;
      za_s1   <= za;
      zb_s1   <= zb;
      op_s1   <= in_op;
      int_s1  <= et_int32_q || et_int64_q;
      keep_s1 <= legal ? in_be : '0;
    end
  end

  always_ff @(posedge clk) begin
    if (en_beat[1]) begin : merge
      logic [DATA_W-1:0] m;
      logic [15:0]       r, mc, sc, uc;
      for (int c = 0; c < N16; c++) begin
        mc = mem_s1[16*c+:16];
        sc = src_s1[16*c+:16];
        uc = sum_s1[16*c+:16];
        if (int_s1)
          case (op_s1)
            tce_red_pkg::RED_ADD: r = uc;
            tce_red_pkg::RED_MIN: r = lt_s1[c] ? sc : mc;
            tce_red_pkg::RED_MAX: r = gt_s1[c] ? sc : mc;
            tce_red_pkg::RED_INC: r = gt_s1[c] ? uc : 16'd0;               // mem >= src ? 0 : mem + 1
            tce_red_pkg::RED_DEC: r = (za_s1[c] || lt_s1[c]) ? sc : uc;    // mem == 0 || mem > src ? src : mem - 1
            tce_red_pkg::RED_AND: r = mc & sc;
            tce_red_pkg::RED_OR:  r = mc | sc;
            default:              r = mc ^ sc;                            // RED_XOR
          endcase
        else if (za_s1[c] && zb_s1[c])
          r = 16'h7fff;
        else if (za_s1[c] || zb_s1[c])
          r = za_s1[c] ? sc : mc;
        else
          r = ((op_s1 == tce_red_pkg::RED_MAX) ? gt_s1[c] : lt_s1[c]) ? sc : mc;
        for (int b = 0; b < 2; b++) m[16*c+8*b+:8] = keep_s1[2*c+b] ? r[8*b+:8] : mc[8*b+:8];
      end
      early_s2 <= m;
    end
  end

  // ------------------------------------------------------------ five-stage float adders
  // The f16/bf16 and f64 adders cover the lower half of the beat's bits in a two-pass add's
  // first pass and the upper half in its second (ph): their lanes are half the beat's, at
  // half the rate, which the engine's figures allow (docs/reduction_unit.md, "Timing").
  logic [DATA_W-1:0] f32_res;
  logic [HW-1:0]     half_res, f64_res;
  wire  [HW-1:0]     mem_pass = ph ? in_mem[DATA_W-1:HW] : in_mem[HW-1:0];
  wire  [HW-1:0]     src_pass = ph ? in_src[DATA_W-1:HW] : in_src[HW-1:0];

  // One 16-bit lane adds f16 or, with fmt1, bf16 (tce_red_fpadd: a shared internal format).
  for (genvar i = 0; i < NH; i++) begin : g_half
    tce_red_fpadd #(.EB(5), .MB(10), .EB1(8), .MB1(7), .CANON_NAN(1'b1)) u_add (
        .clk(clk), .en(en_half), .fmt1(et_bf16_q), .ftz(1'b0), .keep_mem(1'b0),
        .mem(mem_pass[16*i+:16]), .src(src_pass[16*i+:16]), .res(half_res[16*i+:16]));
  end
  for (genvar i = 0; i < N32; i++) begin : g_f32
    tce_red_fpadd #(.EB(8), .MB(23), .CANON_NAN(1'b1)) u_add (
        .clk(clk), .en(en_f32), .fmt1(1'b0), .ftz(ftz32_q), .keep_mem(1'b0), .mem(in_mem[32*i+:32]),
        .src(in_src[32*i+:32]), .res(f32_res[32*i+:32]));
  end
  for (genvar i = 0; i < ND; i++) begin : g_f64
    tce_red_fpadd #(.EB(11), .MB(52), .CANON_NAN(1'b0)) u_add (
        .clk(clk), .en(en_f64), .fmt1(1'b0), .ftz(1'b0), .keep_mem(keep_mem64_q),
        .mem(mem_pass[64*i+:64]), .src(src_pass[64*i+:64]), .res(f64_res[64*i+:64]));
  end

  // The first pass's results, kept as it leaves the last stage (it always leaves: it is no
  // beat, so the pipeline advances), for the beat one stage behind it.
  logic [HW-1:0] lower_q;
  always_ff @(posedge clk) begin
    if (adv && first_q[LAT-1]) lower_q <= f64_q[LAT-1] ? f64_res : half_res;
  end

  // ------------------------------------------------------------ delay lines and output
  localparam int CTRL_W = TAG_W + NB + 1;  // tag, byte enables, illegal
  logic [DATA_W-1:0] early_q;
  logic [NB-1:0]     be_q;

  tce_red_delay #(.W(DATA_W), .DEPTH(LAT - 2)) u_early (
      .clk(clk), .en(en_beat[LAT-1:2]), .d(early_s2), .q(early_q));
  tce_red_delay #(.W(CTRL_W), .DEPTH(LAT)) u_ctrl (
      .clk(clk), .en(en_beat), .d({in_tag, in_be, !legal}), .q({out_tag, be_q, out_illegal}));

  assign out_be = be_q;

  logic [DATA_W-1:0] fp_q;
  logic              use_fp_q;
  always_comb begin
    use_fp_q = half_q[LAT-1] || f32_q[LAT-1] || f64_q[LAT-1];
    if (f32_q[LAT-1])
      fp_q = f32_res;
    else if (f64_q[LAT-1])
      fp_q = {f64_res, lower_q};
    else
      fp_q = {half_res, lower_q};
    // The byte merge only for a float add: the common case is a plain copy.
    out_data = early_q;
    if (use_fp_q)
      for (int b = 0; b < NB; b++)
        if (be_q[b]) out_data[8*b+:8] = fp_q[8*b+:8];
  end

`ifdef TCE_ASSERT
  // The registered decode's contract: an offered beat's type is the one of the cycle before.
  logic [10:0] type_q;
  always_ff @(posedge clk) type_q <= {in_ctx, in_op, in_etype, in_noftz};
  always @(posedge clk or negedge rst_n) begin
    if (rst_n)
      assert (!(in_valid && {in_ctx, in_op, in_etype, in_noftz} != type_q))
        else $error("tce_red_unit: a beat offered in the cycle its type changed (%h, was %h)",
                    {in_ctx, in_op, in_etype, in_noftz}, type_q);
  end
`endif
endmodule
