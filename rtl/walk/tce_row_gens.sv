// The row generators a tensor walk takes instead of its own odometer (tce_tile_check
// row_gen): im2col pixels and gather4 rows, each built only where its mode exists. The
// movers' walk (tce_engine) and the pre-move window check (tce_window_walk) each have one.
module tce_row_gens #(
    parameter bit HAS_IM2COL = 1'b1,
    parameter bit HAS_GATHER = 1'b1
) (
    input  logic         clk,
    input  logic         rst_n,
    input  logic         start,
    input  logic         step,
    input  logic [2:0]   rank,
    input  logic [15:0]  e,
    input  tce_walk_pkg::i2c_walk_t i2c,
    input  logic [127:0] row_coords,   // tensorCoords[1..4] (gather4 rows)
    output logic [159:0] i2c_x,
    output logic         i2c_last,
    output logic [159:0] g4_x,
    output logic         g4_last
);
  if (HAS_IM2COL) begin : g_im2col
    tce_im2col_walk u_im2col_walk (
      .clk, .rst_n, .start, .step, .rank, .nwalk(i2c.nwalk),
      .win_lo(i2c.win_lo), .win_hi(i2c.win_hi), .pos_off(i2c.pos_off), .pos0(i2c.pos0),
      .e, .rows(i2c.rows), .group(i2c.group), .x(i2c_x), .last(i2c_last)
    );
  end else begin : g_no_im2col
    // tce_tile_check still drives the walk's parameters (constants in this build).
    assign i2c_x = '0;
    assign i2c_last = 1'b0;
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_i2c = ^{rank, e, i2c};
    /* verilator lint_on UNUSEDSIGNAL */
  end
  if (HAS_GATHER) begin : g_gather
    tce_gather4_walk u_gather4_walk (
      .clk, .rst_n, .start, .step, .row_coords, .x(g4_x), .last(g4_last)
    );
  end else begin : g_no_gather
    assign g4_x = '0;
    assign g4_last = 1'b0;
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_g4 = ^row_coords;
    /* verilator lint_on UNUSEDSIGNAL */
  end
  if (!HAS_IM2COL && !HAS_GATHER) begin : g_no_gen
    // Nothing takes the walk's starts and steps.
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_step = ^{clk, rst_n, start, step};
    /* verilator lint_on UNUSEDSIGNAL */
  end
endmodule
