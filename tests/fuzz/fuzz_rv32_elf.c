/* libFuzzer harness: an ELF file through the soft CPU's loader (tools/rv32/rv32_elf.c): the
 * headers, every PT_LOAD segment into a 64 KB RAM at address 0, and the symbol table. A
 * refusal must give its cause. */
#include <stdint.h>
#include <stdlib.h>

#include "mem_files.h"
#include "rv32_elf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t ram[64 * 1024];
    if (size > 65536)
        return 0;
    const char *path = fuzz_mem_file(0, data, size);
    rv32_elf e;
    char err[300] = "";
    if (!path)
        abort();
    if (rv32_elf_open(&e, path, err, sizeof err) != 0) {
        if (!err[0])
            abort();
        return 0;
    }
    if (rv32_elf_load(&e, ram, 0, sizeof ram, err, sizeof err) != 0 && !err[0])
        abort();
    uint32_t v;
    (void)rv32_elf_symbol(&e, "_start", &v);
    (void)rv32_elf_symbol(&e, "counter", &v);
    rv32_elf_close(&e);
    return 0;
}
