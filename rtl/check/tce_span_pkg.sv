// The rule of a swizzled shared-memory span against a SMEM_SIZE that is not whole 128-byte
// lines, in one place for the two units that check spans: tce_tile_check (the whole box)
// and tce_window_walk (one row at a time). The golden model checks every swizzled byte then
// (csim/tensor_access.c tce_smem_span_ok); a swizzle moves a byte only inside its 128-byte
// line, XORing its 16-byte chunk index with bits of the line number, and spans are whole
// chunks from a 128-byte-aligned base, so only the partial last line L = SMEM_SIZE >> 7
// needs a closer look: a span ending at most one line past L's start is in range exactly
// when each of its chunks in L lands below SMEM_SIZE.
package tce_span_pkg;
  // Every chunk j of the partial last line with chunks[j] set lands below SMEM_SIZE after
  // the swizzle (j ^ k < SMEM_SIZE[6:4], k the swizzle's XOR for line L; the 8-byte flip of
  // 128B_ATOM_32B_FLIP_8B stays inside a chunk). Swizzle codes as tce_desc_pkg's.
  // (bits 9..4 of SMEM_SIZE decide: the line's low bits and the chunk it ends in)
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic tail_ok(input logic [2:0] swizzle, input logic [24:0] smem,
                                   input logic [7:0] chunks);
  /* verilator lint_on UNUSEDSIGNAL */
    logic [2:0] k;
    logic       ok;
    case (swizzle)
      3'd1, 3'd7: k = {2'b00, smem[7]};      // 32B, 96B
      3'd2:       k = {1'b0, smem[8:7]};     // 64B
      3'd3:       k = smem[9:7];             // 128B
      3'd4, 3'd5: k = {smem[8:7], 1'b0};     // 128B_ATOM_32B (and FLIP_8B)
      3'd6:       k = {smem[7], 2'b00};      // 128B_ATOM_64B
      default:    k = 3'd0;
    endcase
    ok = 1'b1;
    for (int j = 0; j < 8; j++)
      if (chunks[j] && (3'(j) ^ k) >= smem[6:4]) ok = 1'b0;
    tail_ok = ok;
  endfunction
endpackage
