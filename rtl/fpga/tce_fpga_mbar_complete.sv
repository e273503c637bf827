// mbarrier complete-tx(n) on one 8-byte mbarrier word, as combinational logic: the same
// rule as tce_mbar_complete_tx in csim/mbarrier.c, on the encoding of docs/bulk.md:
//
//   [19:0] pending arrivals  [39:20] expected arrivals  [60:40] tx-count (21-bit two's
//   complement)  [61] initialised  [62] reserved  [63] phase parity
//
// tx-count -= n; then, when no arrivals and no bytes are pending, the phase completes: the
// parity flips and pending reloads from expected. What the PTX text calls undefined (the
// object was never initialised, n > 2^20-1, or tx-count would leave [-(2^20-1), 2^20-1])
// gives ok = 0 and the caller leaves the word unchanged, as the golden model does.
module tce_fpga_mbar_complete (
    input  logic [63:0] word,
    input  logic [31:0] n,
    output logic [63:0] new_word,
    output logic        ok,
    output logic        phase_done   // this complete-tx finished the phase
);
  logic [19:0] pending, expected;
  logic [20:0] tx;
  logic        init;
  // With n <= 2^20-1 (else not ok anyway), tx (21-bit signed) - n fits 22 bits signed and
  // lies in [-2^21+1, 2^20-1]: only the lower bound -(2^20-1) can be crossed, which the
  // top bits tell (below it: bit 21 set and bit 20 clear, or exactly -2^20). That keeps
  // `ok` one carry chain and a LUT deep; the caller's write enable waits on it.
  logic [21:0] tx_new;
  logic tx_in_range, n_in_range;

  assign pending  = word[19:0];
  assign expected = word[39:20];
  assign tx       = word[60:40];
  assign init     = word[61];

  assign tx_new = {tx[20], tx} - {2'b00, n[19:0]};

  assign n_in_range  = n[31:20] == 12'd0;
  assign tx_in_range = !(tx_new[21] && (!tx_new[20] || tx_new[19:0] == 20'd0));
  assign ok          = init && n_in_range && tx_in_range;

  assign phase_done = ok && pending == 20'd0 && tx_new == 22'd0;
  assign new_word   = {word[63] ^ phase_done, word[62], 1'b1, tx_new[20:0], expected,
                       phase_done ? expected : pending};
endmodule
