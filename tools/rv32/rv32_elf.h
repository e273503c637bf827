/* rv32_elf: loads a 32-bit little-endian RISC-V ELF executable into a RAM image, from its
 * program headers (what a boot loader or a bitstream's RAM preload would copy), and finds
 * symbols in its symbol table. Every malformed or unfitting file is refused with a cause
 * naming the file and the header or segment. */
#ifndef RV32_ELF_H
#define RV32_ELF_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint8_t *data;       /* the whole file */
    size_t size;
    uint32_t entry;
    char path[256];
} rv32_elf;

/* Read path. 0, or -1 with the cause in err. */
int rv32_elf_open(rv32_elf *e, const char *path, char *err, size_t errlen);
void rv32_elf_close(rv32_elf *e);
/* Copy every PT_LOAD segment into ram (covering [ram_base, ram_base + ram_size)); the part
 * of a segment past its file bytes (.bss) is zeroed. 0, or -1 when a segment does not fit
 * in the RAM or lies outside the file. */
int rv32_elf_load(const rv32_elf *e, uint8_t *ram, uint32_t ram_base, uint32_t ram_size,
                  char *err, size_t errlen);
/* The value of the symbol `name` in .symtab; 0 when found, -1 when absent. */
int rv32_elf_symbol(const rv32_elf *e, const char *name, uint32_t *value);

#endif
