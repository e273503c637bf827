// Pixel walker of im2col-family loads: the row generator tce_tile_load follows in place of
// its box odometer (ext_rows). Row p of shared memory is step p of the walk
// (csim/im2col_common.c i2c_walk_next): walking dimension i advances by its element stride;
// past its window end it restarts at the window start (the lower corner itself, not a
// point of the stride grid) and carries into dimension i+1; fixed dimensions (H, D of
// im2col::w) pass the carry on; the carry ends in N (dimension rank-2), which advances by
// its own element stride and never wraps.
//
// The row's coordinates of tensor dims 1..4 are position + offset (the im2col offsets; 0
// for ::w, whose wOffset is in the window and the start). ::w::128 rows come in groups of
// 32 + wHalo: group g holds walk steps 32g .. 32g+31+wHalo, so at the end of a group the
// walk goes back to step 32(g+1), saved when the group passed it.
//
// Interface: `start` latches the parameters (row 0 is on x from the next cycle); `step`
// moves to the next row (x changes the cycle after); `last` is set on the last row.
module tce_im2col_walk (
    input  logic         clk,
    input  logic         rst_n,
    input  logic         start,
    input  logic         step,
    input  logic [2:0]   rank,
    input  logic [2:0]   nwalk,
    input  logic [119:0] win_lo,     // 3 x s40 (tce_im2col_check)
    input  logic [119:0] win_hi,
    input  logic [47:0]  pos_off,    // 3 x u16
    input  logic [159:0] pos0,       // 4 x s40
    input  logic [15:0]  e,          // 4 x 4: element strides of dims 1..4
    input  logic [10:0]  rows,
    input  logic [5:0]   group,      // 0: no groups
    output logic [159:0] x,          // 4 x s40: coordinates of dims 1..4 of the current row
    output logic         last
);
  logic [39:0]  pos  [4];
  logic [39:0]  snap [4];           // ::w::128: the walk step that starts the next group
  logic [39:0]  lo   [3];
  // A step stays in the window when pos + stride <= hi, i.e. pos <= hi - stride: hms is
  // that bound (41 bits, signed: no wrap), set at start, so the test is one compare of a
  // register with pos, beside the step's sum instead of after it.
  logic [40:0]  hms  [3];
  logic [15:0]  off  [3];
  logic [3:0]   stp  [4];
  logic [2:0]   rk, nw;
  logic [10:0]  nrows, r;
  logic [5:0]   grp, g;

  // The next step of the walk.
  logic [39:0] nxt [4];
  always_comb begin
    logic carry;
    carry = 1'b1;
    for (int i = 0; i < 4; i++) begin
      logic [39:0] np;
      np = pos[i] + {36'd0, stp[i]};
      nxt[i] = pos[i];
      if (carry) begin
        // i % 3: dimension 3 never walks (nwalk <= 3); the index only keeps it in range
        if (i < 3 && i < {29'd0, nw}) begin
          if ($signed({pos[i][39], pos[i]}) <= $signed(hms[i % 3])) begin
            nxt[i] = np; carry = 1'b0;
          end else begin
            nxt[i] = lo[i % 3];
          end
        end else if (i == {29'd0, rk} - 2) begin
          nxt[i] = np; carry = 1'b0;
        end
      end
    end
  end
  always_comb begin
    for (int i = 0; i < 4; i++)
      x[i*40 +: 40] = pos[i] + ((i < 3) ? {24'd0, off[i % 3]} : 40'd0);
  end
  assign last = (r == nrows - 11'd1);

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      for (int i = 0; i < 4; i++) begin pos[i] <= '0; snap[i] <= '0; stp[i] <= '0; end
      for (int j = 0; j < 3; j++) begin lo[j] <= '0; hms[j] <= '0; off[j] <= '0; end
      rk <= '0; nw <= '0; nrows <= '0; r <= '0; grp <= '0; g <= '0;
    end else if (start) begin
      for (int i = 0; i < 4; i++) begin
        pos[i] <= pos0[i*40 +: 40];
        stp[i] <= e[i*4 +: 4];
      end
      for (int j = 0; j < 3; j++) begin
        lo[j] <= win_lo[j*40 +: 40]; off[j] <= pos_off[j*16 +: 16];
        hms[j] <= {win_hi[j*40 + 39], win_hi[j*40 +: 40]} - {37'd0, e[j*4 +: 4]};
      end
      rk <= rank; nw <= nwalk; nrows <= rows; grp <= group; r <= '0; g <= '0;
    end else if (step) begin
      r <= r + 11'd1;
      if (grp == 6'd0) begin
        for (int i = 0; i < 4; i++) pos[i] <= nxt[i];
      end else begin
        // Row g of the group was step 32k + g; step 32(k+1) follows row 31.
        if (g == 6'd31) for (int i = 0; i < 4; i++) snap[i] <= nxt[i];
        if (g == grp - 6'd1) begin
          g <= '0;
          for (int i = 0; i < 4; i++) pos[i] <= (g == 6'd31) ? nxt[i] : snap[i];
        end else begin
          g <= g + 6'd1;
          for (int i = 0; i < 4; i++) pos[i] <= nxt[i];
        end
      end
    end
  end
endmodule
