/* soc_platform: the reference soft-CPU system of docs/fpga.md around the Verilated engine,
 * for the RV32 simulator (rv32_cpu.h). The memory map is firmware/soc/soc_map.h's:
 *
 *   program RAM        the simulator's own RAM (the ELF image)
 *   SOC_ENGINE_BASE    engine registers: 32-bit MMIO through tce_sim_mmio_* (the bridge)
 *   SOC_SMEM_BASE      the shared memories (CTA in [27:24], offset in [23:0]) and, at
 *                      +0x1000_0000, the status page of tce_fpga_smem.sv
 *   SOC_DDR_BASE..     global memory: the bridge's global-memory model
 *
 * Time: the CPU and the engine share one clock and the CPU retires one instruction per
 * cycle; an MMIO access stalls the CPU for as many cycles as the engine takes to answer.
 * Before any access outside the RAM the engine is run up to the CPU's cycle, so the CPU
 * sees memory exactly as the engine has left it at that cycle.
 *
 * The engine's mbarrier complete-tx requests (the bridge logs them) are applied to the
 * mbarrier words in shared memory, as tce_fpga_smem.sv does in its RAM (same rule:
 * tce_mbar_complete_tx); one the PTX text calls undefined leaves the word alone and sets
 * MBAR_STATUS. */
#ifndef SOC_PLATFORM_H
#define SOC_PLATFORM_H

#include "rv32_cpu.h"
#include "tce_sim.h"

typedef struct {
    tce_sim *sim;
    rv32_cpu *cpu;
    uint64_t synced_insns;   /* CPU instructions the engine has been run for */
    uint64_t stall_cycles;   /* engine cycles the CPU spent waiting on MMIO answers */
    uint64_t mmio_reads, mmio_writes;
    unsigned tx_applied;     /* complete-tx log entries applied (the status page's count) */
    uint32_t mbar_status, mbar_err_off; /* status page, as tce_fpga_smem.sv */
    unsigned num_ctas;
    uint32_t smem_bytes, data_bytes;
    char err[200];           /* why the last refused access was refused */
} soc_platform;

/* A platform over sim (already created, global memory mapped). */
void soc_platform_init(soc_platform *p, tce_sim *sim, rv32_cpu *cpu);
/* The bus to give rv32_init. */
rv32_bus soc_platform_bus(soc_platform *p);
/* Run the engine up to the CPU's cycle and apply the complete-tx requests it made. */
void soc_platform_sync(soc_platform *p);

#endif
