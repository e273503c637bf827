// The row walk of a tensor box (a row = the dim-0 run at one position of dims 1..4): which
// row comes next, and where it is. Rows come from the box odometer (x[i] = c[i] + k[i]*e[i]
// for dims 1..4, k counting 0..n[i]-1, dim 1 fastest) or, with ext_rows, from a row
// generator outside (tce_gather4_walk, tce_im2col_walk) that gives the coordinates of dims
// 1..4 of the current row (ext_x), whether it is the last (ext_last), and moves on at
// row_step. For each row the mover accumulates the global address one dimension per cycle
// (addr_step; dims 1..rank-1, at least one: dimensions beyond the rank have gdim 1 and
// coordinate 0) and learns whether every coordinate lies in the tensor (row_inb, and x_in
// for the dimension of this cycle); `next` moves to the following row.
//
// Used by tce_tile_store. tce_tile_load's walker has the same odometer and address
// accumulation inline (its W_ADDR / W_NEXT states) and can take this module in their place.
module tce_row_walk (
    input  logic          clk,
    input  logic          rst_n,
    input  logic          start,       // latch the command, row 0 next
    input  logic [2:0]    rank,
    input  logic [2:0]    ul,          // log2 bytes of a dim-0 unit
    input  logic [63:0]   gaddr,
    input  logic [131:0]  gdim14,      // gdim of dims 1..4 (33 bits each)
    input  logic [255:0]  gstride,
    input  logic [35:0]   n,
    input  logic [15:0]   e,
    input  logic [159:0]  coords,
    input  logic [23:0]   soff,
    input  logic [13:0]   pitch,       // shared bytes between rows (interleaved rows reach 8 KB)
    input  logic          ext_rows,
    input  logic [159:0]  ext_x,
    input  logic          ext_last,
    input  logic          addr_step,   // accumulate dimension addr_i of the current row
    input  logic          next,        // go to the next row
    output logic [63:0]   row_g,       // global address of dim-0 coordinate c0 in the row
    output logic [23:0]   row_sbase,   // pre-swizzle shared address of the row
    output logic          row_inb,     // dims 1..4 of the row in the tensor (so far)
    output logic          addr_done,   // this addr_step is the row's last
    output logic          last_row,
    output logic          row_step     // the row generator moves on
);
  logic [2:0]   rk, el;
  logic [63:0]  g0;
  logic [131:0] gd;
  logic [255:0] gs;
  logic [35:0]  nn;
  logic [15:0]  ee;
  logic [159:0] cc;
  logic [13:0]  rpitch;
  logic [8:0]   k [4];
  logic [39:0]  x [4];
  logic [2:0]   addr_i;

  // Coordinates of dimensions beyond the rank are 0 whatever the command holds (the golden
  // model never reads them), so they add nothing to the address and stay in bounds.
  logic [159:0] coords_used;
  always_comb begin
    coords_used = coords;
    for (int i = 1; i < 5; i++)
      if (i >= {29'd0, rank}) coords_used[i*32 +: 32] = '0;
  end

  wire [63:0] stride_i = gs[{addr_i[1:0], 6'd0} +: 64];
  logic [39:0] ext_xi;
  logic [32:0] gdim_i;
  always_comb begin
    case (addr_i[1:0])
      2'd0: begin ext_xi = ext_x[39:0];    gdim_i = gd[0*33 +: 33]; end
      2'd1: begin ext_xi = ext_x[79:40];   gdim_i = gd[1*33 +: 33]; end
      2'd2: begin ext_xi = ext_x[119:80];  gdim_i = gd[2*33 +: 33]; end
      default: begin ext_xi = ext_x[159:120]; gdim_i = gd[3*33 +: 33]; end
    endcase
  end
  wire [39:0] x_i = ext_rows ? ext_xi : x[addr_i[1:0]];
  // Taken modulo 2^64 (two's complement), like every address sum here.
  wire [63:0] prod = stride_i * {{24{x_i[39]}}, x_i};
  wire x_in = !x_i[39] && (x_i[39:33] == 7'd0) && ({7'd0, x_i[32:0]} < {7'd0, gdim_i});
  wire [2:0] addr_last = (rk > 3'd1) ? rk - 3'd2 : 3'd0;
  assign addr_done = addr_step && addr_i == addr_last;

  always_comb begin
    last_row = 1'b1;
    for (int i = 0; i < 4; i++)
      if (k[i] != nn[i*9 +: 9] - 9'd1) last_row = 1'b0;
    if (ext_rows) last_row = ext_last;
  end
  assign row_step = next && !last_row;

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      rk <= '0; el <= '0; g0 <= '0; gd <= '0; gs <= '0; nn <= '0; ee <= '0; cc <= '0;
      rpitch <= '0; addr_i <= '0; row_g <= '0; row_sbase <= '0; row_inb <= 1'b0;
      for (int i = 0; i < 4; i++) begin k[i] <= '0; x[i] <= '0; end
    end else if (start) begin
      rk <= rank; el <= ul; g0 <= gaddr; gd <= gdim14; gs <= gstride; nn <= n; ee <= e;
      cc <= coords_used; rpitch <= pitch;
      for (int i = 0; i < 4; i++) begin
        k[i] <= '0;
        x[i] <= {{8{coords_used[(i+1)*32 + 31]}}, coords_used[(i+1)*32 +: 32]};
      end
      row_sbase <= soff;
      row_g <= gaddr + ({{32{coords[31]}}, coords[31:0]} << ul);
      row_inb <= 1'b1; addr_i <= '0;
    end else if (addr_step) begin
      row_g <= row_g + prod;
      if (!x_in) row_inb <= 1'b0;
      addr_i <= addr_i + 3'd1;
    end else if (next && !last_row) begin
      row_sbase <= row_sbase + {10'd0, rpitch};
      row_g <= g0 + ({{32{cc[31]}}, cc[31:0]} << el);
      row_inb <= 1'b1;
      addr_i <= '0;
      begin
        logic carry;
        carry = 1'b1;
        for (int i = 0; i < 4; i++) begin
          if (carry) begin
            if (k[i] == nn[i*9 +: 9] - 9'd1) begin
              k[i] <= '0;
              x[i] <= {{8{cc[(i+1)*32 + 31]}}, cc[(i+1)*32 +: 32]};
            end else begin
              k[i] <= k[i] + 9'd1;
              x[i] <= x[i] + {36'd0, ee[i*4 +: 4]};
              carry = 1'b0;
            end
          end
        end
      end
    end
  end
endmodule
