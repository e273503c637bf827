// The engine's sources (top tce_engine), paths from the repository root, in the order the
// tools need: packages before the modules that import them. The one list every tool reads
// (Verilator builds, lint, Yosys, tce synth, SystemC, Icarus) through cmake/rtl_sources.cmake;
// a file not listed here is not part of the design.
rtl/generated/tce_desc_pkg.sv
rtl/generated/tce_regs_pkg.sv
rtl/generated/tce_op_pkg.sv
rtl/tce_axi_pkg.sv
rtl/walk/tce_walk_pkg.sv
rtl/check/tce_span_pkg.sv
-f rtl/reduce/sources.f
// front end: registers, command queue, executor, descriptor fetch, completion groups
rtl/front/tce_regs.sv
rtl/front/tce_fifo.sv
rtl/front/tce_cmd_exec.sv
rtl/front/tce_desc_fetch.sv
rtl/front/tce_group_tracker.sv
// checks: a command's legality before anything moves
rtl/check/tce_tile_check.sv
rtl/check/tce_im2col_check.sv
rtl/check/tce_desc_rules.sv
rtl/check/tce_box_bytes.sv
rtl/check/tce_window_walk.sv
// walkers: the address sequences of a box
rtl/walk/tce_row_walk.sv
rtl/walk/tce_im2col_walk.sv
rtl/walk/tce_gather4_walk.sv
rtl/walk/tce_row_gens.sv
rtl/walk/tce_mover_walk.sv
// movers: the data paths between global and shared memory
rtl/move/tce_tile_load.sv
rtl/move/tce_tile_store.sv
rtl/move/tce_bulk_g2s.sv
rtl/move/tce_bulk_from_smem.sv
// read-modify-write: reductions into global and shared memory
rtl/rmw/tce_rmw_global.sv
rtl/rmw/tce_rmw_smem.sv
rtl/rmw/tce_red_scalar.sv
rtl/tce_engine.sv
