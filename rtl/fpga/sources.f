// The FPGA top's own sources (top tce_fpga_top), after the engine's list (rtl/sources.f).
rtl/fpga/tce_fpga_sram.sv
rtl/fpga/tce_fpga_mbar_complete.sv
rtl/fpga/tce_fpga_smem.sv
rtl/fpga/tce_fpga_axil_req.sv
rtl/fpga/tce_fpga_top.sv
