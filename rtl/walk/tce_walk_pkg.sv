// Types the walkers hand between units, one declaration each instead of ports written out
// in every unit they pass through.
package tce_walk_pkg;
  // The row that tce_engine's shared row walker (builds without an outside row generator)
  // presents to the units that take it in turn, tce_tile_load, tce_tile_store and
  // tce_window_walk (each through tce_mover_walk): one type for the five signals.
  typedef struct packed {
    logic        valid;   // a row is presented until the walker's user takes it (next)
    logic [63:0] g;       // its global address: a build uses its GADDR_W low bits
    logic [23:0] sbase;   // its shared-memory base
    logic        inb;     // some of its units lie inside the tensor
    logic        last;    // the box's last row
  } xw_row_t;
  // The im2col pixel walk's parameters from tce_im2col_check (through tce_tile_check) to
  // the two tce_row_gens, the movers' (tce_engine) and the window check's (tce_window_walk).
  typedef struct packed {
    logic [2:0]   nwalk;    // walking dimensions: rank - 2 (im2col) or 1 (::w)
    logic [119:0] win_lo;   // 3 x s40: window start of walking dimension i
    logic [119:0] win_hi;   // 3 x s40: window end (inclusive)
    logic [47:0]  pos_off;  // 3 x u16: added to position i to give the pixel
    logic [159:0] pos0;     // 4 x s40: position of dims 1..4 at row 0
    logic [10:0]  rows;     // shared-memory rows (pixels, + halo)
    logic [5:0]   group;    // ::w::128: rows per group (32 + wHalo), else 0
  } i2c_walk_t;
endpackage
