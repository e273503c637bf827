// Row list of tile::gather4 loads: the row generator tce_tile_load follows in place of its
// box odometer (ext_rows). A gather4 load reads four rows of a 2-D tensor, row r at
// dim-1 coordinate tensorCoords[1 + r] (csim/tile.c unit_coords), each box[0] elements of
// dim 0 from tensorCoords[0] (which tce_tile_load handles as for any tile row).
//
// Interface as tce_im2col_walk: `start` latches (row 0 on x from the next cycle), `step`
// moves to the next row, `last` on the fourth.
module tce_gather4_walk (
    input  logic         clk,
    input  logic         rst_n,
    input  logic         start,
    input  logic         step,
    input  logic [127:0] row_coords,  // tensorCoords[1..4], s32 each
    output logic [159:0] x,           // 4 x s40: coordinates of dims 1..4 of the current row
    output logic         last
);
  logic [127:0] rc;
  logic [1:0]   r;
  wire [31:0] cur = rc[{r, 5'd0} +: 32];
  assign x    = {120'd0, {8{cur[31]}}, cur};
  assign last = (r == 2'd3);

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      rc <= '0; r <= '0;
    end else if (start) begin
      rc <= row_coords; r <= '0;
    end else if (step) begin
      r <= r + 2'd1;
    end
  end
endmodule
