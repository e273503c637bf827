// The reduction unit's sources, paths from the repository root, package first. Read by
// cmake/rtl_sources.cmake for every tool that builds the unit or the engine.
rtl/reduce/tce_red_pkg.sv
rtl/reduce/tce_red_delay.sv
rtl/reduce/tce_red_fpadd.sv
rtl/reduce/tce_red_legal.sv
rtl/reduce/tce_red_unit.sv
