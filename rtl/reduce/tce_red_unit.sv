// tce_red_unit: the reduction unit. Each beat carries DATA_W bits of memory data and of
// source data; every element of the beat is reduced in parallel, mem = op(mem, src), with
// exactly the arithmetic of the golden model (csim/arith*.c, docs/arithmetic.md), and the
// new memory data comes out LATENCY (tce_red_pkg, 4) cycles later. Interface, lanes and
// timing: docs/reduction_unit.md.
//
//   lanes per beat   DATA_W/16 f16/bf16 adders and f16/bf16 min/max; DATA_W/32 f32 adders
//                    and 32-bit integer lanes; DATA_W/64 f64 adders and 64-bit integer lanes
//   handshake        valid/ready on both sides; the pipeline stalls as a whole while the
//                    output is held, so with out_ready high it takes a beat every cycle
//   byte enables     a byte whose enable is low, and every byte of an illegal beat, comes
//                    out as the memory byte that went in (the engine writes it back or not)
//
// DATA_W must be a multiple of 64.
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

  // ------------------------------------------------------------ handshake and valid bits
  logic [LAT-1:0] valid_q;
  wire adv = !valid_q[LAT-1] || out_ready;  // the whole pipeline moves, or none of it

  assign in_ready  = adv;
  assign out_valid = valid_q[LAT-1];

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n)
      valid_q <= '0;
    else if (adv)
      valid_q <= {valid_q[LAT-2:0], in_valid};
  end

  // ------------------------------------------------------------ beat decode
  logic legal;
  tce_red_legal u_legal (
      .ctx(in_ctx), .op(in_op), .etype(in_etype), .noftz(in_noftz), .legal(legal));

  wire et_int32 = (in_etype == tce_red_pkg::ET_B32) || (in_etype == tce_red_pkg::ET_U32) ||
                  (in_etype == tce_red_pkg::ET_S32);
  wire et_int64 = (in_etype == tce_red_pkg::ET_B64) || (in_etype == tce_red_pkg::ET_U64) ||
                  (in_etype == tce_red_pkg::ET_S64);
  wire et_signed = (in_etype == tce_red_pkg::ET_S32) || (in_etype == tce_red_pkg::ET_S64);
  wire et_f16  = in_etype == tce_red_pkg::ET_F16;
  wire et_bf16 = in_etype == tce_red_pkg::ET_BF16;
  wire et_half = et_f16 || et_bf16;
  wire et_float = et_half || (in_etype == tce_red_pkg::ET_F32) || (in_etype == tce_red_pkg::ET_F64);
  wire op_add  = in_op == tce_red_pkg::RED_ADD;

  // f32 subnormal flushing by family (docs/arithmetic.md): red.global flushes, a tensor
  // reduce flushes only for a FLOAT32_FTZ map (noftz low), bulk reduce and red.shared keep.
  wire ftz32 = (in_ctx == tce_red_pkg::CTX_RED_GLOBAL) ||
               (in_ctx == tce_red_pkg::CTX_TENSOR_REDUCE && !in_noftz);
  // f64 with two NaN inputs: the shared-memory unit keeps the memory operand's NaN, the L2
  // reducers the source's.
  wire keep_mem64 = in_ctx == tce_red_pkg::CTX_RED_SHARED;

  // Float adds come out of the four-stage adders; everything else is one stage of logic
  // whose result waits in a delay line.
  wire use_fp = legal && op_add && et_float;
  logic [1:0] fp_fmt;  // which adder's result: 0 f16/bf16, 2 f32, 3 f64
  always_comb begin
    case (in_etype)
      tce_red_pkg::ET_F16, tce_red_pkg::ET_BF16: fp_fmt = 2'd0;
      tce_red_pkg::ET_F32: fp_fmt = 2'd2;
      default:             fp_fmt = 2'd3;
    endcase
  end

  // ------------------------------------------------------------ single-stage lanes
  logic [DATA_W-1:0] int32_res, int64_res, minmax_res, early_res, early_sel;

  for (genvar i = 0; i < N32; i++) begin : g_int32
    tce_red_int #(.W(32)) u_int (
        .op(in_op), .is_signed(et_signed), .mem(in_mem[32*i+:32]), .src(in_src[32*i+:32]),
        .res(int32_res[32*i+:32]));
  end
  for (genvar i = 0; i < N64; i++) begin : g_int64
    tce_red_int #(.W(64)) u_int (
        .op(in_op), .is_signed(et_signed), .mem(in_mem[64*i+:64]), .src(in_src[64*i+:64]),
        .res(int64_res[64*i+:64]));
  end
  for (genvar i = 0; i < N16; i++) begin : g_minmax
    tce_red_minmax16 u_mm (
        .is_bf16(et_bf16), .is_max(in_op == tce_red_pkg::RED_MAX), .mem(in_mem[16*i+:16]),
        .src(in_src[16*i+:16]), .res(minmax_res[16*i+:16]));
  end

  always_comb begin
    if (et_int32)
      early_sel = int32_res;
    else if (et_int64)
      early_sel = int64_res;
    else
      early_sel = minmax_res;  // f16/bf16 min/max; float adds are replaced at the end
    // Disabled bytes, and all of an illegal beat, keep the memory byte.
    for (int b = 0; b < NB; b++)
      early_res[8*b+:8] = (in_be[b] && legal) ? early_sel[8*b+:8] : in_mem[8*b+:8];
  end

  // ------------------------------------------------------------ four-stage float adders
  logic [DATA_W-1:0] half_res, f32_res, f64_res;

  // One 16-bit lane adds f16 or, with fmt1, bf16 (tce_red_fpadd: a shared internal format).
  for (genvar i = 0; i < N16; i++) begin : g_half
    tce_red_fpadd #(.EB(5), .MB(10), .EB1(8), .MB1(7), .CANON_NAN(1'b1)) u_add (
        .clk(clk), .adv(adv), .fmt1(et_bf16), .ftz(1'b0), .keep_mem(1'b0),
        .mem(in_mem[16*i+:16]), .src(in_src[16*i+:16]), .res(half_res[16*i+:16]));
  end
  for (genvar i = 0; i < N32; i++) begin : g_f32
    tce_red_fpadd #(.EB(8), .MB(23), .CANON_NAN(1'b1)) u_add (
        .clk(clk), .adv(adv), .fmt1(1'b0), .ftz(ftz32), .keep_mem(1'b0), .mem(in_mem[32*i+:32]),
        .src(in_src[32*i+:32]), .res(f32_res[32*i+:32]));
  end
  for (genvar i = 0; i < N64; i++) begin : g_f64
    tce_red_fpadd #(.EB(11), .MB(52), .CANON_NAN(1'b0)) u_add (
        .clk(clk), .adv(adv), .fmt1(1'b0), .ftz(1'b0), .keep_mem(keep_mem64), .mem(in_mem[64*i+:64]),
        .src(in_src[64*i+:64]), .res(f64_res[64*i+:64]));
  end

  // ------------------------------------------------------------ delay lines and output
  localparam int CTRL_W = TAG_W + NB + 4;  // tag, byte enables, illegal, use_fp, fp_fmt
  logic [DATA_W-1:0] early_q;
  logic [CTRL_W-1:0] ctrl_q;
  logic [NB-1:0]     be_q;
  logic              use_fp_q;
  logic [1:0]        fp_fmt_q;

  tce_red_delay #(.W(DATA_W), .DEPTH(LAT)) u_early (
      .clk(clk), .adv(adv), .d(early_res), .q(early_q));
  tce_red_delay #(.W(CTRL_W), .DEPTH(LAT)) u_ctrl (
      .clk(clk), .adv(adv), .d({in_tag, in_be, !legal, use_fp, fp_fmt}), .q(ctrl_q));

  assign {out_tag, be_q, out_illegal, use_fp_q, fp_fmt_q} = ctrl_q;
  assign out_be = be_q;

  logic [DATA_W-1:0] fp_q;
  always_comb begin
    case (fp_fmt_q)
      2'd2:    fp_q = f32_res;
      2'd3:    fp_q = f64_res;
      default: fp_q = half_res;
    endcase
    for (int b = 0; b < NB; b++)
      out_data[8*b+:8] = (use_fp_q && be_q[b]) ? fp_q[8*b+:8] : early_q[8*b+:8];
  end
endmodule
