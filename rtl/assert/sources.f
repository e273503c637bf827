// Simulation-only checks (assertions), after the engine's list (rtl/sources.f): built only
// into the Verilated models, with --assert and +define+TCE_ASSERT (cmake/rtl_sources.cmake).
rtl/assert/tce_axi_assert.sv
rtl/assert/tce_smem_owner_assert.sv
rtl/assert/tce_mbar_assert.sv
rtl/assert/tce_rmw_assert.sv
