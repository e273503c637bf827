/* A tiny rv32 program for the ELF loader's fuzz seed: code, initialised data, .bss and a
 * symbol table (tests/data/fuzz_seeds/README.md). */
int counter = 5;
int zeros[4];
void _start(void)
{
    counter++;
    zeros[1] = counter;
    for (;;)
        ;
}
