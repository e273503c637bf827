/* Memory map of the reference soft-CPU system around tce_fpga_top (docs/fpga.md):
 * where the CPU finds the engine's registers, the shared-memory window and global memory.
 * The engine's AXI4 master sees global memory at the same addresses as the CPU (the
 * interconnect maps both to the same DDR), so a CPU pointer into DDR is also the global
 * address the engine is given. Change these to fit another system. */
#ifndef TCE_SOC_MAP_H
#define TCE_SOC_MAP_H

#define SOC_ENGINE_BASE 0x10000000u  /* s_axil_*: 4 KiB of engine registers (firmware/regmap.def) */
#define SOC_SMEM_BASE   0x20000000u  /* s_smem_*: 512 MiB window, address bits [28:0] */
#define SOC_DDR_BASE    0x80000000u  /* global memory, reached by the CPU and by m_axi_* */

/* Inside the shared-memory window (rtl/fpga/tce_fpga_smem.sv): CTA rank in [27:24],
 * byte offset in [23:0], as TCE_SADDR in csim/op.h; [28] selects the status page. */
#define SOC_SMEM_ADDR(cta, off) (SOC_SMEM_BASE + (((cta) & 0xFu) << 24) + ((off) & 0xFFFFFFu))
#define SOC_SMEM_STATUS         (SOC_SMEM_BASE + 0x10000000u)
#define SOC_SMEM_MBAR_STATUS    (SOC_SMEM_STATUS + 0x00u)
#define SOC_SMEM_TX_APPLIED     (SOC_SMEM_STATUS + 0x08u)
#define SOC_SMEM_BYTES_REG      (SOC_SMEM_STATUS + 0x0Cu)

#endif
