// One floating-point add lane of the reduction unit, pipelined in five register stages:
// the step-by-step mirror of tce_fp_add (csim/arith_float.c) for any binary format
// (EB exponent bits, MB stored mantissa bits: f16 5/10, bf16 8/7, f32 8/23, f64 11/52).
//
//   stage 1  flush subnormal inputs (ftz), classify NaN/inf and pick the special result,
//            compare the magnitudes, both exponent differences (the operands unordered)
//   stage 2  order the operands by that compare, align the smaller one with
//            guard/round/sticky bits
//   stage 3  add or subtract (the carry chain alone: with the alignment before it, the
//            f64 lane's path was over 5 ns of xc7 cell delay, docs/fpga.md)
//   stage 4  renormalise: one step right on a carry, or left by the leading-zero count
//            but never below exponent 1 (a subnormal result). Stage 2 registers a mask
//            with one bit at the position of exponent 1, so the count of the sum OR the
//            mask is already the clamped shift, and the count is a tree (log2 levels of
//            pairs), not a priority chain or a search whose steps wait on each other.
//   stage 5  round to nearest even, overflow to infinity, pack, flush a subnormal result
//
// A lane may serve a second format of the same width (EB1/MB1, chosen per beat by `fmt1`):
// the f16 lane also adds bf16. Both are unpacked into one internal format with the wider
// exponent and the wider mantissa (the narrower mantissa left-aligned) and rounded at the
// selected format's last bit. Keeping more low bits than the C model's three
// guard/round/sticky bits cannot change a result: both are correctly rounded sums.
//
// Stage k's register loads when en[k-1] is high: the unit raises it when the beat for that
// stage is there and the pipeline advances, so the result of the inputs presented with
// en[0] high appears on `res` once it has passed en[1] to en[4].
//
// Each stage's logic is written inside the clocked block that loads its register, under
// its enable, rather than as always_comb beside it: the same gates, but Verilator then
// evaluates a stage only in the cycles its register loads, so an idle or other-format lane
// costs the simulation nothing (docs/sim_speed.md). Names declared inside a stage are the
// stage's combinational nets.
module tce_red_fpadd #(
    parameter int EB  = 8,
    parameter int MB  = 23,
    // A second format of the same width, 1 + EB1 + MB1 == 1 + EB + MB; EB1 = 0: none.
    parameter int EB1 = 0,
    parameter int MB1 = 0,
    // 1: every NaN result is the canonical 0x7f..f (the H100's f16/bf16/f32 adds).
    // 0: an input NaN is returned quieted, and inf + -inf gives sign|exp|quiet (its f64
    // adds). Only for a single-format lane.
    parameter bit CANON_NAN = 1'b1
) (
    input  logic                clk,
    input  logic [4:0]          en,        // en[k]: stage k+1's register loads
    input  logic                fmt1,      // this beat is in the second format
    input  logic                ftz,       // subnormal inputs and result become signed zero
    input  logic                keep_mem,  // CANON_NAN=0, two NaN inputs: keep mem's (else src's)
    input  logic [EB+MB:0]      mem,
    input  logic [EB+MB:0]      src,
    output logic [EB+MB:0]      res
);
  localparam bit DUAL = EB1 > 0;
  localparam int W   = 1 + EB + MB;
  localparam int IE  = (DUAL && EB1 > EB) ? EB1 : EB;  // internal exponent bits
  localparam int IM  = (DUAL && MB1 > MB) ? MB1 : MB;  // internal mantissa bits
  localparam int S0  = IM - MB;                        // low bits format 0 does not have
  localparam int S1  = DUAL ? IM - MB1 : 0;
  localparam int MW  = IM + 4;  // hidden bit, mantissa, guard/round/sticky
  localparam int E1  = IE + 1;  // exponent with room for the carry of normalise and round
  localparam int IM2 = IM + 2;
  localparam int EB_1 = DUAL ? EB1 : EB;  // the second format's fields, valid without one
  localparam int MB_1 = DUAL ? MB1 : MB;  // (s4_fmt1 is low then)
  localparam int LZW = $clog2(MW + 1);  // width of a leading-zero count 0..MW
  localparam int LZP = 1 << LZW;        // the count's search width, > MW

  localparam logic [W-1:0]  SIGN_BIT  = {1'b1, {(W - 1) {1'b0}}};
  localparam logic [W-1:0]  QUIET_BIT = W'(1) << (MB - 1);
  localparam logic [W-1:0]  CANONICAL = {1'b0, {(W - 1) {1'b1}}};
  localparam logic [W-1:0]  INVALID   = {1'b1, {EB {1'b1}}, 1'b1, {(MB - 1) {1'b0}}};
  localparam logic [IE-1:0] EXP_MAX0  = IE'((1 << EB) - 1);
  localparam logic [IE-1:0] EXP_MAX1  = IE'((1 << EB1) - 1);
  // Rounding: the selected format's last bit sits S bits above the guard/round/sticky
  // bits of the internal mantissa; everything below it rounds.
  localparam logic [MW-1:0] BELOW_GUARD0 = MW'((1 << (S0 + 2)) - 1);
  localparam logic [MW-1:0] BELOW_GUARD1 = MW'((1 << (S1 + 2)) - 1);

  wire use1 = DUAL && fmt1;

  // The second format's fields: exponent zero-extended to IE bits, stored mantissa
  // left-aligned to IM bits (part-selects only, so outside the stage).
  logic [IE-1:0] a_exp1, b_exp1;
  logic [IM-1:0] a_man1, b_man1;
  if (DUAL) begin : g_fmt1
    assign a_exp1 = IE'(mem[W-2-:EB1]);
    assign b_exp1 = IE'(src[W-2-:EB1]);
    assign a_man1 = IM'(mem[MB1-1:0]) << S1;
    assign b_man1 = IM'(src[MB1-1:0]) << S1;
  end else begin : g_no_fmt1
    assign a_exp1 = '0;
    assign b_exp1 = '0;
    assign a_man1 = '0;
    assign b_man1 = '0;
  end

  // ---------------------------------------------------------------- stage 1
  // The operands leave unordered, with the compare that orders them and both exponent
  // differences; stage 2 selects.
  logic          s1_special, s1_ftz, s1_fmt1, s1_swap, s1_sa, s1_sb;
  logic [W-1:0]  s1_special_val;
  logic [IE-1:0] s1_ea, s1_eb, s1_dab, s1_dba;
  logic [IM:0]   s1_ma, s1_mb;

  always_ff @(posedge clk) begin
    if (en[0]) begin : stage1
      logic [IE-1:0] a_exp, b_exp, exp_max, a_e1, b_e1;
      logic [IM-1:0] a_man, b_man;
      logic [W-1:0]  fa, fb, special_val;
      logic          a_nan, b_nan, a_inf, b_inf, special, swap, a_flush, b_flush;

      // Each operand's fields in the selected format.
      a_exp   = use1 ? a_exp1 : IE'(mem[W-2-:EB]);
      b_exp   = use1 ? b_exp1 : IE'(src[W-2-:EB]);
      exp_max = use1 ? EXP_MAX1 : EXP_MAX0;
      // A subnormal (exponent field 0) flushes to the zero of its sign.
      a_flush = ftz && a_exp == '0;
      b_flush = ftz && b_exp == '0;
      a_man   = a_flush ? '0 : (use1 ? a_man1 : IM'(mem[MB-1:0]) << S0);
      b_man   = b_flush ? '0 : (use1 ? b_man1 : IM'(src[MB-1:0]) << S0);
      fa      = a_flush ? (mem & SIGN_BIT) : mem;
      fb      = b_flush ? (src & SIGN_BIT) : src;
      a_nan   = (a_exp == exp_max) && (a_man != '0);
      b_nan   = (b_exp == exp_max) && (b_man != '0);
      a_inf   = (a_exp == exp_max) && (a_man == '0);
      b_inf   = (b_exp == exp_max) && (b_man == '0);
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
      swap = {b_exp, b_man} > {a_exp, a_man};
      // Subnormals have exponent 1 and no hidden bit. Both differences are taken from the
      // unordered operands and the compare picks one: a difference of the ordered pair let
      // ABC reuse its XOR (a^b whichever way round) in the compare that orders them, a
      // loop in the netlist that timing tools must cut (docs/fpga.md).
      a_e1 = (a_exp == '0) ? IE'(1) : a_exp;
      b_e1 = (b_exp == '0) ? IE'(1) : b_exp;

      s1_special     <= special;
      s1_special_val <= special_val;
      s1_ftz         <= ftz;
      s1_fmt1        <= use1;
      s1_swap        <= swap;
      s1_sa          <= fa[W-1];
      s1_sb          <= fb[W-1];
      s1_ea          <= a_e1;
      s1_eb          <= b_e1;
      s1_dab         <= a_e1 - b_e1;
      s1_dba         <= b_e1 - a_e1;
      s1_ma          <= {a_exp != '0, a_man};
      s1_mb          <= {b_exp != '0, b_man};
    end
  end

  // ---------------------------------------------------------------- stage 2
  logic          s2_special, s2_ftz, s2_fmt1, s2_sign, s2_zero_sign, s2_sub;
  logic [W-1:0]  s2_special_val;
  logic [IE-1:0] s2_exp;
  logic [IM:0]   s2_mbig;
  logic [MW-1:0] s2_aligned;
  logic [MW-1:0] s2_floor;  // the bit a left shift must stop at: exponent 1

  always_ff @(posedge clk) begin
    if (en[1]) begin : stage2
      logic [MW-1:0] small_grs;
      logic [IE-1:0] diff, exp;
      logic          sticky, sbig, ssmall;

      // Order by magnitude so the subtraction never goes negative.
      diff      = s1_swap ? s1_dba : s1_dab;
      exp       = s1_swap ? s1_eb : s1_ea;
      sbig      = s1_swap ? s1_sb : s1_sa;
      ssmall    = s1_swap ? s1_sa : s1_sb;
      small_grs = {s1_swap ? s1_ma : s1_mb, 3'b000};
      // Shift right keeping a sticky bit: any 1 shifted out sets bit 0. A shift of MW or
      // more leaves only the sticky bit, as in the C model's n >= 63 case.
      sticky = |(small_grs & ~({MW{1'b1}} << diff));

      s2_aligned     <= (small_grs >> diff) | {{(MW - 1) {1'b0}}, sticky};
      s2_mbig        <= s1_swap ? s1_mb : s1_ma;
      s2_sub         <= sbig != ssmall;
      s2_special     <= s1_special;
      s2_special_val <= s1_special_val;
      s2_ftz         <= s1_ftz;
      s2_fmt1        <= s1_fmt1;
      s2_sign        <= sbig;
      // An exact zero sum is +0 under round-to-nearest, unless both operands were negative.
      s2_zero_sign   <= sbig & ssmall;
      s2_exp         <= exp;
      // Shifting left by k lowers the exponent by k, so the shift may not pass the bit
      // exp - 1 places below the top; none when that lies below the sum (exp >= 1).
      s2_floor       <= {1'b1, {(MW - 1) {1'b0}}} >> (exp - IE'(1));
    end
  end

  // ---------------------------------------------------------------- stage 3
  logic          s3_special, s3_ftz, s3_fmt1, s3_sign, s3_zero_sign;
  logic [W-1:0]  s3_special_val;
  logic [IE-1:0] s3_exp;
  logic [MW:0]   s3_sum;
  logic [MW-1:0] s3_floor;

  always_ff @(posedge clk) begin
    if (en[2]) begin : stage3
      if (s2_sub)
        s3_sum <= {1'b0, s2_mbig, 3'b000} - {1'b0, s2_aligned};
      else
        s3_sum <= {1'b0, s2_mbig, 3'b000} + {1'b0, s2_aligned};
      s3_special     <= s2_special;
      s3_special_val <= s2_special_val;
      s3_ftz         <= s2_ftz;
      s3_fmt1        <= s2_fmt1;
      s3_sign        <= s2_sign;
      s3_zero_sign   <= s2_zero_sign;
      s3_exp         <= s2_exp;
      s3_floor       <= s2_floor;
    end
  end

  // ---------------------------------------------------------------- stage 4
  logic          s4_special, s4_ftz, s4_fmt1, s4_sign, s4_zero, s4_zero_sign;
  logic [W-1:0]  s4_special_val;
  logic [E1-1:0] s4_exp;
  logic [MW-1:0] s4_norm;

  always_ff @(posedge clk) begin
    if (en[3]) begin : stage4
      logic [LZP-1:0]     lz_z;  // per tree node: all of its bits are zero
      logic [LZP*LZW-1:0] lz_n;  // per tree node: its leading zeros (LZW bits each)
      logic [LZW-1:0]     lshift;

      // Leading zeros of the sum below the carry bit, stopping at s3_floor: the left shift
      // that sets the hidden bit, or leaves a subnormal at exponent 1. Padding below with
      // ones to LZP bits stops an all-zero value at MW (a zero sum is handled apart).
      // Level 0 has a node per bit; each level pairs nodes (2i+1 above 2i): the upper
      // one's count, or when it is all zero its width plus the lower one's. In place and
      // ascending: node i is written after nodes 2i and 2i+1 are read.
      lz_z = ~{s3_sum[MW-1:0] | s3_floor, {(LZP - MW) {1'b1}}};
      lz_n = '0;
      for (int k = 0; k < LZW; k++) begin
        for (int i = 0; i < (LZP >> (k + 1)); i++) begin
          lz_n[i*LZW +: LZW] = lz_z[2*i+1] ? (LZW'(1 << k) | lz_n[(2*i)*LZW +: LZW])
                                           : lz_n[(2*i+1)*LZW +: LZW];
          lz_z[i] = lz_z[2*i+1] & lz_z[2*i];
        end
      end
      lshift = lz_n[LZW-1:0];

      if (s3_sum[MW]) begin
        // Carry out: one step right, keeping the sticky bit.
        s4_norm <= {s3_sum[MW:2], s3_sum[1] | s3_sum[0]};
        s4_exp  <= {1'b0, s3_exp} + 1'b1;
      end else begin
        s4_norm <= s3_sum[MW-1:0] << lshift;
        s4_exp  <= {1'b0, s3_exp} - E1'(lshift);
      end

      s4_special     <= s3_special;
      s4_special_val <= s3_special_val;
      s4_ftz         <= s3_ftz;
      s4_fmt1        <= s3_fmt1;
      s4_sign        <= s3_sign;
      s4_zero        <= (s3_sum == '0);
      s4_zero_sign   <= s3_zero_sign;
    end
  end

  // ---------------------------------------------------------------- stage 5
  always_ff @(posedge clk) begin
    if (en[4]) begin : stage5
      logic          guard, lsb, below, round_up, carry, hidden, ovf;
      logic [IM+1:0] rounded;
      logic [IM-1:0] man;  // the stored mantissa, left-aligned to IM bits
      logic [E1-1:0] exp_inc;
      logic [IE-1:0] exp_r;
      logic [IE-1:0] exp_field, exp_max4;
      logic [W-1:0]  packed_val;

      // Round to nearest, ties to even: guard set and (anything below it, or the lsb) set.
      guard    = s4_fmt1 ? s4_norm[S1+2] : s4_norm[S0+2];
      lsb      = s4_fmt1 ? s4_norm[S1+3] : s4_norm[S0+3];
      below    = |(s4_norm & (s4_fmt1 ? BELOW_GUARD1 : BELOW_GUARD0));
      round_up = guard && (below || lsb);
      // The increment goes in at the format's last bit. Bits below it stay in `rounded`
      // but cannot carry (they are less than the increment) and the pack drops them.
      rounded  = {1'b0, s4_norm[MW-1:3]} + (IM2'(round_up) << (s4_fmt1 ? S1 : S0));
      // A carry into a new bit leaves every mantissa bit at and above the increment 0 (all
      // were 1): the result is 1.0 x 2^(exp+1). The exponent's two candidates and their
      // overflow compares come from s4_exp beside the increment, so only a multiplexer
      // waits for its carry.
      carry    = rounded[IM+1];
      hidden   = carry || rounded[IM];
      exp_max4 = s4_fmt1 ? EXP_MAX1 : EXP_MAX0;
      exp_inc  = s4_exp + 1'b1;
      ovf      = carry ? (exp_inc >= {1'b0, exp_max4}) : (s4_exp >= {1'b0, exp_max4});
      exp_r    = carry ? exp_inc[IE-1:0] : s4_exp[IE-1:0];  // < exp_max4 where it is used
      man      = (carry || ovf) ? '0 : rounded[IM-1:0];
      // Overflow: round-to-nearest gives infinity. Without the hidden bit the result is
      // subnormal: exponent field 0. Otherwise 1 <= exp_r < exp_max4 (stage 4 never goes
      // below exponent 1), so the field is 0 exactly when the hidden bit is.
      exp_field = ovf ? exp_max4 : (hidden ? exp_r : '0);

      // Pack into the selected format.
      if (s4_fmt1)
        packed_val = {s4_sign, exp_field[EB_1-1:0], man[IM-1-:MB_1]};
      else
        packed_val = {s4_sign, exp_field[EB-1:0], man[IM-1-:MB]};
      if (s4_ftz && !hidden && !ovf)
        packed_val = {s4_sign, {(W - 1) {1'b0}}};

      if (s4_special)
        res <= s4_special_val;
      else if (s4_zero)
        res <= {s4_zero_sign, {(W - 1) {1'b0}}};
      else
        res <= packed_val;
    end
  end
endmodule
