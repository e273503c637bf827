/* The RV32IMC simulator (tools/rv32/rv32_cpu.h) on hand-assembled programs: each
 * instruction word was encoded by hand from the RISC-V unprivileged spec's formats, and the
 * expected register values worked out by hand. Then the faults: each must stop the CPU
 * with a message naming the PC and, for accesses, the address. And the ELF loader's
 * refusal of a file that is not an ELF. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "rv32_cpu.h"
#include "rv32_elf.h"

static uint8_t ram[1024];

/* Lay out 32-bit (len 4) and 16-bit (len 2) words from address 0 and run them. */
typedef struct {
    uint32_t word;
    unsigned len;
} insn;

static rv32_state run(rv32_cpu *c, const insn *prog, size_t n)
{
    memset(ram, 0, sizeof ram);
    uint32_t at = 0;
    for (size_t i = 0; i < n; i++)
        for (unsigned b = 0; b < prog[i].len; b++)
            ram[at++] = (uint8_t)(prog[i].word >> (8 * b));
    rv32_bus none = {0, 0, 0, 0};
    rv32_init(c, ram, 0, sizeof ram, none, 0);
    return rv32_run(c, 1000);
}

static void check_fault(const insn *prog, size_t n, const char *want)
{
    rv32_cpu c;
    rv32_state st = run(&c, prog, n);
    CHECK(st == RV32_FAULT && strstr(c.fault, want));
    if (st != RV32_FAULT || !strstr(c.fault, want))
        fprintf(stderr, "  wanted a fault with \"%s\", got state %d \"%s\"\n", want, (int)st,
                c.fault);
}

int main(void)
{
    rv32_cpu c;

    /* Arithmetic, M extension, compressed forms, a store and a zero-extending load. */
    const insn arith[] = {
        {0x00700093, 4}, /* addi  x1, x0, 7 */
        {0xFFD00113, 4}, /* addi  x2, x0, -3 */
        {0x022081B3, 4}, /* mul   x3, x1, x2       -> -21 */
        {0x02014233, 4}, /* div   x4, x2, x0       -> -1 (division by zero) */
        {0x022132B3, 4}, /* mulhu x5, x2, x2       -> 0xFFFFFFFA */
        {0x537D, 2},     /* c.li  x6, -1 */
        {0x9306, 2},     /* c.add x6, x1           -> 6 */
        {0x10302023, 4}, /* sw    x3, 0x100(x0) */
        {0x10004383, 4}, /* lbu   x7, 0x100(x0)    -> 0xEB */
        {0x10500073, 4}, /* wfi */
    };
    CHECK(run(&c, arith, 10) == RV32_HALTED);
    CHECK(c.x[3] == 0xFFFFFFEBu);
    CHECK(c.x[4] == 0xFFFFFFFFu);
    CHECK(c.x[5] == 0xFFFFFFFAu);
    CHECK(c.x[6] == 6);
    CHECK(c.x[7] == 0xEB);
    CHECK(c.instret == 10 && c.halt_insn == 0x10500073u && c.pc == 32);

    /* A loop: sum 10..1 with a compressed decrement and a backward branch. */
    const insn loop[] = {
        {0x00A00093, 4}, /* 0:  addi x1, x0, 10 */
        {0x00000113, 4}, /* 4:  addi x2, x0, 0 */
        {0x00110133, 4}, /* 8:  add  x2, x2, x1 */
        {0x10FD, 2},     /* 12: c.addi x1, -1 */
        {0xFE009DE3, 4}, /* 14: bne  x1, x0, 8 */
        {0x00100073, 4}, /* 18: ebreak */
    };
    CHECK(run(&c, loop, 6) == RV32_HALTED);
    CHECK(c.x[2] == 55 && c.x[1] == 0);
    CHECK(c.instret == 2 + 3 * 10 + 1);

    /* Faults name the PC and the address. */
    const insn zero[] = {{0x0000, 2}};
    check_fault(zero, 1, "pc 0x00000000: illegal instruction 0x0000");
    const insn csr[] = {{0x30001073, 4}}; /* csrrw x0, mstatus, x0 */
    check_fault(csr, 1, "illegal instruction 0x30001073");
    const insn misaligned[] = {{0x00000013, 4}, {0x00202083, 4}}; /* nop; lw x1, 2(x0) */
    check_fault(misaligned, 2, "pc 0x00000004: misaligned 4-byte load at 0x00000002");
    const insn unmapped[] = {{0x400000B7, 4}, {0x0000A023, 4}}; /* lui x1, 0x40000; sw x0, 0(x1) */
    check_fault(unmapped, 2, "pc 0x00000004: 4-byte store at 0x40000000: bus error");
    const insn far[] = {{0x400000B7, 4}, {0x00008067, 4}}; /* lui; jalr x0, 0(x1) */
    check_fault(far, 2, "pc 0x40000000: instruction fetch outside program RAM");

    /* The ELF loader refuses a file that is not one, naming it. */
    char path[] = "test_rv32_cpu_not_an_elf.bin"; /* in the test's working directory */
    FILE *f = fopen(path, "wb");
    if (f) {
        fputs("#!/bin/sh\nnot an ELF at all, but long enough to hold a header............\n", f);
        fclose(f);
        rv32_elf e;
        char err[300];
        CHECK(rv32_elf_open(&e, path, err, sizeof err) == -1 && strstr(err, path) &&
              strstr(err, "not an ELF file"));
        remove(path);
    }

    /* Program headers of 2 bytes at offset 0 (found by fuzz_rv32_elf): the entry size was
     * checked only for a nonzero e_phoff, and loading read past the file's end. */
    char tiny[] = "test_rv32_cpu_tiny_phentsize.elf";
    uint8_t h[80] = {0x7f, 'E', 'L', 'F', 1, 1, 1};
    h[16] = 2, h[18] = 243;       /* ET_EXEC, EM_RISCV */
    h[42] = 2, h[44] = 40;        /* e_phentsize 2, e_phnum 40: 80 bytes from e_phoff 0 */
    f = fopen(tiny, "wb");
    if (f) {
        fwrite(h, 1, sizeof h, f);
        fclose(f);
        rv32_elf e;
        char err[300];
        CHECK(rv32_elf_open(&e, tiny, err, sizeof err) == -1 &&
              strstr(err, "e_phentsize is smaller than an ELF32 program header"));
        remove(tiny);
    }

    return check_finish("test_rv32_cpu");
}
