// A tile mover's row walker: its own tce_row_walk (OWN_WALK = 1), or the one tce_engine
// shares between the tile load and the tile store (OWN_WALK = 0: builds without an outside
// row generator), whose row comes in on xw_*. The mover drives start and next either way
// and tce_engine takes them to the shared walker; this module only picks where the row
// comes from, so both movers select it alike.
module tce_mover_walk #(
    parameter int GADDR_W = 64,
    parameter bit EXT_ROWS = 1'b1,
    parameter bit OWN_WALK = 1'b1
) (
    input  logic          clk,
    input  logic          rst_n,
    input  logic          start,
    input  logic [2:0]    rank,
    input  logic [2:0]    ul,
    input  logic [GADDR_W-1:0]   gaddr,
    input  logic [131:0]  gdim14,
    input  logic [4*GADDR_W-1:0] gstride,
    input  logic [35:0]   n,
    input  logic [15:0]   e,
    input  logic [159:0]  coords,
    input  logic [23:0]   soff,
    input  logic [13:0]   pitch,
    input  logic          ext_rows,
    input  logic [159:0]  ext_x,
    input  logic          ext_last,
    input  logic          next,
    // the shared walker's row (OWN_WALK = 0)
    input  tce_walk_pkg::xw_row_t xw_row,
    // the row the mover works on (tce_row_walk's outputs)
    output logic          row_valid,
    output logic [GADDR_W-1:0] row_g,
    output logic [23:0]   row_sbase,
    output logic          row_inb,
    output logic          last_row,
    output logic          row_step
);
  if (OWN_WALK) begin : g_walk
    tce_row_walk #(.GADDR_W(GADDR_W), .EXT_ROWS(EXT_ROWS)) u_walk (
      .clk, .rst_n, .start, .rank, .ul, .gaddr, .gdim14, .gstride, .n, .e, .coords, .soff,
      .pitch, .ext_rows, .ext_x, .ext_last, .next, .row_valid, .row_g, .row_sbase, .row_inb,
      .last_row, .row_step
    );
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_xw = ^xw_row;
    /* verilator lint_on UNUSEDSIGNAL */
  end else begin : g_shared
    assign row_valid = xw_row.valid;
    assign row_g     = xw_row.g[GADDR_W-1:0];
    assign row_sbase = xw_row.sbase;
    assign row_inb   = xw_row.inb;
    assign last_row  = xw_row.last;
    // a build's GADDR_W low bits of the address are all there is
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_xw_g = ^xw_row.g;
    /* verilator lint_on UNUSEDSIGNAL */
    assign row_step  = 1'b0;     // the shared walker has no outside generator to step
    // The shared walker takes the command's geometry itself (tce_engine).
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_walk = ^{clk, rst_n, start, rank, ul, gaddr, gdim14, gstride, n, e, coords,
                         soff, pitch, ext_rows, ext_x, ext_last, next};
    /* verilator lint_on UNUSEDSIGNAL */
  end
endmodule
