// One integer lane of the reduction unit: mem = op(mem, src) on W-bit elements, as
// tce_int_apply (csim/arith_int.c) and the PTX "Semantics" sections define it:
//   add wraps modulo 2^W; min/max compare signed or unsigned; and/or/xor are bitwise;
//   inc(r, s) = r >= s ? 0 : r + 1;   dec(r, s) = (r == 0 || r > s) ? s : r - 1
// with r the memory value and s the source, both unsigned. Combinational; the unit
// registers the result.
module tce_red_int #(
    parameter int W = 32
) (
    input  logic [2:0]   op,
    input  logic         is_signed,  // min/max of s32/s64
    input  logic [W-1:0] mem,
    input  logic [W-1:0] src,
    output logic [W-1:0] res
);
  // One comparator serves every op. Flipping the sign bit maps two's-complement order onto
  // unsigned order for a signed min/max; inc/dec compare unsigned whatever the type.
  wire         minmax = (op == tce_red_pkg::RED_MIN) || (op == tce_red_pkg::RED_MAX);
  wire [W-1:0] flip   = {is_signed && minmax, {(W - 1) {1'b0}}};
  wire [W-1:0] kmem   = mem ^ flip;
  wire [W-1:0] ksrc   = src ^ flip;
  wire         src_lt = ksrc < kmem;
  wire         src_gt = ksrc > kmem;
  // One adder too: mem + src for add, mem + 1 for inc, mem - 1 (mem + all ones) for dec.
  wire [W-1:0] addend = (op == tce_red_pkg::RED_ADD) ? src :
                        (op == tce_red_pkg::RED_INC) ? W'(1) : {W{1'b1}};
  wire [W-1:0] sum    = mem + addend;

  always_comb begin
    case (op)
      tce_red_pkg::RED_ADD: res = sum;
      tce_red_pkg::RED_MIN: res = src_lt ? src : mem;
      tce_red_pkg::RED_MAX: res = src_gt ? src : mem;
      tce_red_pkg::RED_INC: res = src_gt ? sum : '0;  // mem >= src ? 0 : mem + 1
      tce_red_pkg::RED_DEC: res = (mem == '0 || src_lt) ? src : sum;
      tce_red_pkg::RED_AND: res = mem & src;
      tce_red_pkg::RED_OR:  res = mem | src;
      default:              res = mem ^ src;  // RED_XOR
    endcase
  end
endmodule
