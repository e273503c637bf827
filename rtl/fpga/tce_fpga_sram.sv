// One CTA's shared memory on the FPGA: a simple dual-port synchronous RAM (one write port
// with byte enables, one read port with a registered output), DEPTH words of WIDTH bits.
//
// Written in the one shape every FPGA tool maps to block RAM: no reset on the array or the
// read register, the read result appears the cycle after `re`, and a write is a loop of
// per-byte enables on the same word (Yosys folds it into one wide port with byte enables,
// which the 7-series RAMB36/RAMB18 have natively). A read of the word being written in the
// same cycle returns the old contents; the controller (tce_fpga_smem) never relies on
// either answer, it holds off the next access after its one read-modify-write instead.
module tce_fpga_sram #(
    parameter int WIDTH = 256,   // bits per word; a multiple of 8
    parameter int DEPTH = 512,   // words
    parameter int AW    = 9      // address bits, >= $clog2(DEPTH) (at least 1)
) (
    input  logic               clk,
    input  logic               we,
    input  logic [AW-1:0]      waddr,
    input  logic [WIDTH/8-1:0] wbe,
    input  logic [WIDTH-1:0]   wdata,
    input  logic               re,
    input  logic [AW-1:0]      raddr,
    output logic [WIDTH-1:0]   rdata
);
  if (WIDTH % 8 != 0) begin : g_bad_width
    $error("tce_fpga_sram: WIDTH must be a multiple of 8");
  end
  if (DEPTH < 1 || DEPTH > (1 << AW)) begin : g_bad_depth
    $error("tce_fpga_sram: DEPTH must be 1..2**AW");
  end

  logic [WIDTH-1:0] mem [DEPTH];

  always_ff @(posedge clk) begin
    if (we) begin
      for (int b = 0; b < WIDTH / 8; b++) begin
        if (wbe[b]) mem[waddr][b*8 +: 8] <= wdata[b*8 +: 8];
      end
    end
    if (re) rdata <= mem[raddr];
  end
endmodule
