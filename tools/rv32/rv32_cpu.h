/* rv32_cpu: an instruction-set simulator of the RV32IMC soft CPU the firmware is built for
 * (cmake/riscv_firmware.cmake: -march=rv32imc). It runs the firmware image against a
 * platform (tools/rv32/soc_platform.h) so that the driver is executed, not just linked.
 *
 * One instruction per rv32_step: fetch (16- or 32-bit), decode, execute. Program RAM is
 * read and written by the CPU directly; every other load or store goes to the platform's
 * bus callbacks, which answer "unmapped" for addresses nothing decodes. Anything the ISA
 * leaves undefined for this CPU stops it with a fault naming the PC (and the address):
 * illegal or reserved encodings, CSR instructions (the firmware uses none), misaligned
 * loads, stores and jump targets, fetches outside RAM, unmapped accesses. WFI, ECALL and
 * EBREAK stop it as "halted" (the firmware's crt0 ends in WFI). */
#ifndef RV32_CPU_H
#define RV32_CPU_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    /* size 1, 2 or 4 bytes, addr aligned to it; 0, or -1 when nothing is at addr. */
    int (*load)(void *ctx, uint32_t addr, unsigned size, uint32_t *value);
    int (*store)(void *ctx, uint32_t addr, unsigned size, uint32_t value);
    /* Optional: the platform's reason for the last refused access, quoted in the fault. */
    const char *(*why)(void *ctx);
    void *ctx;
} rv32_bus;

typedef enum { RV32_RUNNING = 0, RV32_HALTED = 1, RV32_FAULT = 2 } rv32_state;

typedef struct {
    uint32_t x[32];
    uint32_t pc;
    uint64_t instret;       /* instructions retired */
    uint8_t *ram;           /* program RAM at [ram_base, ram_base + ram_size) */
    uint32_t ram_base, ram_size;
    rv32_bus bus;
    rv32_state state;
    uint32_t halt_insn;     /* the WFI / ECALL / EBREAK that halted it */
    char fault[200];        /* why it stopped with RV32_FAULT */
} rv32_cpu;

/* A CPU at reset: registers zero, pc = entry, running. ram is the caller's. */
void rv32_init(rv32_cpu *c, uint8_t *ram, uint32_t ram_base, uint32_t ram_size,
               rv32_bus bus, uint32_t entry);
/* Execute one instruction; returns the state after it. */
rv32_state rv32_step(rv32_cpu *c);
/* Step until halted, faulted or max_insns executed (still RV32_RUNNING then). */
rv32_state rv32_run(rv32_cpu *c, uint64_t max_insns);

#endif
