// The row that tce_engine's shared row walker (builds without an outside row generator)
// presents to the units that take it in turn, tce_tile_load, tce_tile_store and
// tce_window_walk (each through tce_mover_walk): one type for the five signals.
package tce_walk_pkg;
  typedef struct packed {
    logic        valid;   // a row is presented until the walker's user takes it (next)
    logic [63:0] g;       // its global address: a build uses its GADDR_W low bits
    logic [23:0] sbase;   // its shared-memory base
    logic        inb;     // some of its units lie inside the tensor
    logic        last;    // the box's last row
  } xw_row_t;
endpackage
