// One 16-bit min/max lane for f16 and bf16, as tce_fp_minmax (csim/arith_float.c) and the
// H100 (docs/arithmetic.md): a NaN operand is ignored (IEEE minNum/maxNum), two NaNs give
// the canonical 0x7fff, -0 orders below +0, subnormals compare as they are. The two formats
// differ only in where the exponent field ends, so one lane serves both. Combinational.
module tce_red_minmax16 (
    input  logic        is_bf16,  // 8/7 exponent/mantissa bits instead of f16's 5/10
    input  logic        is_max,
    input  logic [15:0] mem,
    input  logic [15:0] src,
    output logic [15:0] res
);
  function automatic logic is_nan(input logic bf16, input logic [14:0] v);  // v: no sign
    if (bf16)
      is_nan = (&v[14:7]) && (|v[6:0]);
    else
      is_nan = (&v[14:10]) && (|v[9:0]);
  endfunction

  // Sign-magnitude to a key that orders as unsigned: negative values reversed below the
  // positive ones, so -0 (key 0x7fff) sits just below +0 (key 0x8000).
  function automatic logic [15:0] order_key(input logic [15:0] v);
    order_key = v[15] ? ~v : {1'b1, v[14:0]};
  endfunction

  wire        mem_nan = is_nan(is_bf16, mem[14:0]);
  wire        src_nan = is_nan(is_bf16, src[14:0]);
  wire [15:0] kmem    = order_key(mem);
  wire [15:0] ksrc    = order_key(src);
  wire        src_wins = is_max ? (ksrc > kmem) : (ksrc < kmem);

  always_comb begin
    if (mem_nan && src_nan)
      res = 16'h7fff;
    else if (mem_nan)
      res = src;
    else if (src_nan)
      res = mem;
    else
      res = src_wins ? src : mem;
  end
endmodule
