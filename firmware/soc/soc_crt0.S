/* Reset entry of the soft-CPU test program: set the stack, clear .bss, run main, leave
 * main's result in soc_exit_code (a debugger or the testbench reads it) and stop. The
 * whole image lives in one RAM preloaded with the ELF (soc.ld), so .data needs no copy. */
    .section .text.start, "ax"
    .globl _start
_start:
    .option push
    .option norelax
    la   gp, __global_pointer$
    .option pop
    la   sp, __stack_top
    la   t0, __bss_start
    la   t1, __bss_end
1:  bgeu t0, t1, 2f
    sw   zero, 0(t0)
    addi t0, t0, 4
    j    1b
2:  call main
    la   t0, soc_exit_code
    sw   a0, 0(t0)
3:  wfi
    j    3b

    .section .bss
    .align 2
    .globl soc_exit_code
soc_exit_code:
    .word 0
