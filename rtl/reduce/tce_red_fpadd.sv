// One floating-point add lane of the reduction unit, pipelined in four register stages:
// the step-by-step mirror of tce_fp_add (csim/arith_float.c) for any binary format
// (EB exponent bits, MB stored mantissa bits: f16 5/10, bf16 8/7, f32 8/23, f64 11/52).
//
//   stage 1  flush subnormal inputs (ftz), classify NaN/inf and pick the special result,
//            order the operands by magnitude, exponent difference
//   stage 2  align the smaller operand with guard/round/sticky bits, add or subtract
//   stage 3  renormalise: one step right on a carry, or left by the leading-zero count
//            but never below exponent 1 (a subnormal result)
//   stage 4  round to nearest even, overflow to infinity, pack, flush a subnormal result
//
// The result of the inputs presented while `adv` is high appears on `res` after four
// `adv` cycles. Every stage advances on `adv` together (the unit stalls as a whole).
module tce_red_fpadd #(
    parameter int EB = 8,
    parameter int MB = 23,
    // 1: every NaN result is the canonical 0x7f..f (the H100's f16/bf16/f32 adds).
    // 0: an input NaN is returned quieted, and inf + -inf gives sign|exp|quiet (its f64 adds).
    parameter bit CANON_NAN = 1'b1
) (
    input  logic                clk,
    input  logic                adv,
    input  logic                ftz,       // subnormal inputs and result become signed zero
    input  logic                keep_mem,  // CANON_NAN=0, two NaN inputs: keep mem's (else src's)
    input  logic [EB+MB:0]      mem,
    input  logic [EB+MB:0]      src,
    output logic [EB+MB:0]      res
);
  localparam int W  = 1 + EB + MB;
  localparam int MW = MB + 4;  // hidden bit, stored mantissa, guard/round/sticky
  localparam int E1 = EB + 1;  // exponent with room for the carry of normalise and round
  localparam int LZW = $clog2(MW + 1);

  localparam logic [W-1:0] SIGN_BIT  = {1'b1, {(W - 1) {1'b0}}};
  localparam logic [W-1:0] QUIET_BIT = W'(1) << (MB - 1);
  localparam logic [W-1:0] CANONICAL = {1'b0, {(W - 1) {1'b1}}};
  localparam logic [W-1:0] INVALID   = {1'b1, {EB {1'b1}}, 1'b1, {(MB - 1) {1'b0}}};
  localparam logic [EB-1:0] EXP_MAX  = '1;

  // ---------------------------------------------------------------- stage 1
  logic [W-1:0] fa, fb, greater, lesser, special_val;
  logic a_nan, b_nan, a_inf, b_inf, special, swap;
  logic [EB-1:0] e_big_f, e_small_f, e_big, e_small;

  always_comb begin
    // A subnormal (exponent field 0) flushes to the zero of its sign.
    fa = (ftz && mem[W-2:MB] == '0) ? (mem & SIGN_BIT) : mem;
    fb = (ftz && src[W-2:MB] == '0) ? (src & SIGN_BIT) : src;
    a_nan = (fa[W-2:MB] == EXP_MAX) && (fa[MB-1:0] != '0);
    b_nan = (fb[W-2:MB] == EXP_MAX) && (fb[MB-1:0] != '0);
    a_inf = (fa[W-2:MB] == EXP_MAX) && (fa[MB-1:0] == '0);
    b_inf = (fb[W-2:MB] == EXP_MAX) && (fb[MB-1:0] == '0);
    special = a_nan || b_nan || a_inf || b_inf;

    if (a_nan || b_nan) begin
      if (CANON_NAN)
        special_val = CANONICAL;
      else if (keep_mem)
        special_val = (a_nan ? fa : fb) | QUIET_BIT;
      else
        special_val = (b_nan ? fb : fa) | QUIET_BIT;
    end else if (a_inf && b_inf && (fa[W-1] != fb[W-1]))
      special_val = CANON_NAN ? CANONICAL : INVALID;  // inf + -inf is invalid
    else if (a_inf)
      special_val = fa;
    else
      special_val = fb;

    // Order by magnitude so the subtraction never goes negative.
    swap  = fb[W-2:0] > fa[W-2:0];
    greater = swap ? fb : fa;
    lesser  = swap ? fa : fb;
    e_big_f   = greater[W-2:MB];
    e_small_f = lesser[W-2:MB];
    // Subnormals have exponent 1 and no hidden bit.
    e_big   = (e_big_f == '0) ? EB'(1) : e_big_f;
    e_small = (e_small_f == '0) ? EB'(1) : e_small_f;
  end

  logic          s1_special, s1_ftz, s1_sbig, s1_ssmall;
  logic [W-1:0]  s1_special_val;
  logic [EB-1:0] s1_exp, s1_diff;
  logic [MB:0]   s1_mbig, s1_msmall;

  always_ff @(posedge clk) begin
    if (adv) begin
      s1_special     <= special;
      s1_special_val <= special_val;
      s1_ftz         <= ftz;
      s1_sbig        <= greater[W-1];
      s1_ssmall      <= lesser[W-1];
      s1_exp         <= e_big;
      s1_diff        <= e_big - e_small;
      s1_mbig        <= {e_big_f != '0, greater[MB-1:0]};
      s1_msmall      <= {e_small_f != '0, lesser[MB-1:0]};
    end
  end

  // ---------------------------------------------------------------- stage 2
  logic [MW-1:0] small_grs, aligned;
  logic [MW:0]   sum;
  logic          sticky;

  always_comb begin
    small_grs = {s1_msmall, 3'b000};
    // Shift right keeping a sticky bit: any 1 shifted out sets bit 0. A shift of MW or
    // more leaves only the sticky bit, as in the C model's n >= 63 case.
    sticky  = |(small_grs & ~({MW{1'b1}} << s1_diff));
    aligned = (small_grs >> s1_diff) | {{(MW - 1) {1'b0}}, sticky};
    if (s1_sbig == s1_ssmall)
      sum = {1'b0, s1_mbig, 3'b000} + {1'b0, aligned};
    else
      sum = {1'b0, s1_mbig, 3'b000} - {1'b0, aligned};
  end

  logic          s2_special, s2_ftz, s2_sign, s2_zero_sign;
  logic [W-1:0]  s2_special_val;
  logic [EB-1:0] s2_exp;
  logic [MW:0]   s2_sum;

  always_ff @(posedge clk) begin
    if (adv) begin
      s2_special     <= s1_special;
      s2_special_val <= s1_special_val;
      s2_ftz         <= s1_ftz;
      s2_sign        <= s1_sbig;
      // An exact zero sum is +0 under round-to-nearest, unless both operands were negative.
      s2_zero_sign   <= s1_sbig & s1_ssmall;
      s2_exp         <= s1_exp;
      s2_sum         <= sum;
    end
  end

  // ---------------------------------------------------------------- stage 3
  logic [LZW-1:0] lz;
  logic [E1-1:0]  lshift, norm_exp;
  logic [MW-1:0]  norm;

  // Leading zeros of the sum below the carry bit: how far the hidden bit is from bit MW-1
  // (a zero sum is handled separately, so lz < MW when it matters).
  tce_red_lzc #(.W(MW)) u_lzc (.v(s2_sum[MW-1:0]), .count(lz));

  always_comb begin
    if (s2_sum[MW]) begin
      // Carry out: one step right, keeping the sticky bit.
      lshift   = '0;
      norm     = {s2_sum[MW:2], s2_sum[1] | s2_sum[0]};
      norm_exp = {1'b0, s2_exp} + 1'b1;
    end else begin
      // Left until the hidden bit is set, but not below exponent 1: the rest is subnormal.
      lshift   = (E1'(lz) < {1'b0, s2_exp} - 1'b1) ? E1'(lz) : {1'b0, s2_exp} - 1'b1;
      norm     = s2_sum[MW-1:0] << lshift;
      norm_exp = {1'b0, s2_exp} - lshift;
    end
  end

  logic          s3_special, s3_ftz, s3_sign, s3_zero, s3_zero_sign;
  logic [W-1:0]  s3_special_val;
  logic [E1-1:0] s3_exp;
  logic [MW-1:0] s3_norm;

  always_ff @(posedge clk) begin
    if (adv) begin
      s3_special     <= s2_special;
      s3_special_val <= s2_special_val;
      s3_ftz         <= s2_ftz;
      s3_sign        <= s2_sign;
      s3_zero        <= (s2_sum == '0);
      s3_zero_sign   <= s2_zero_sign;
      s3_exp         <= norm_exp;
      s3_norm        <= norm;
    end
  end

  // ---------------------------------------------------------------- stage 4
  logic          round_up;
  logic [MB+1:0] rounded;
  logic [MB:0]   man;
  logic [E1-1:0] exp_r;
  logic [EB-1:0] exp_field;
  logic [W-1:0]  packed_val, result;

  always_comb begin
    // Round to nearest, ties to even: guard set and (round, sticky or the lsb) set.
    round_up = s3_norm[2] && (s3_norm[1] || s3_norm[0] || s3_norm[3]);
    rounded  = {1'b0, s3_norm[MW-1:3]} + {{(MB + 1) {1'b0}}, round_up};
    if (rounded[MB+1]) begin  // rounding carried into a new bit
      man   = rounded[MB+1:1];
      exp_r = s3_exp + 1'b1;
    end else begin
      man   = rounded[MB:0];
      exp_r = s3_exp;
    end
    // Without the hidden bit the result is subnormal: exponent field 0.
    exp_field  = man[MB] ? exp_r[EB-1:0] : '0;
    packed_val = {s3_sign, exp_field, man[MB-1:0]};
    if (exp_r >= {1'b0, EXP_MAX})  // overflow: round-to-nearest gives infinity
      packed_val = {s3_sign, EXP_MAX, {MB{1'b0}}};
    else if (s3_ftz && exp_field == '0)
      packed_val = {s3_sign, {(W - 1) {1'b0}}};

    if (s3_special)
      result = s3_special_val;
    else if (s3_zero)
      result = {s3_zero_sign, {(W - 1) {1'b0}}};
    else
      result = packed_val;
  end

  always_ff @(posedge clk) begin
    if (adv) res <= result;
  end
endmodule
