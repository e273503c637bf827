/* ELF32 reading for the RV32 simulator (rv32_elf.h). Fields are read byte by byte as
 * little-endian, so the host's layout and alignment never matter. */
#include "rv32_elf.h"

#include "le_bytes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EHDR_SIZE = 52, PT_LOAD = 1, SHT_SYMTAB = 2, EM_RISCV = 243, ET_EXEC = 2 };

static uint32_t rd16(const uint8_t *p) { return (uint32_t)tce_le_get(p, 2); }
static uint32_t rd32(const uint8_t *p) { return (uint32_t)tce_le_get(p, 4); }

/* Whether [off, off + len) lies inside the file. */
static int span_ok(const rv32_elf *e, uint32_t off, uint64_t len)
{
    return off <= e->size && len <= e->size - off;
}

int rv32_elf_open(rv32_elf *e, const char *path, char *err, size_t errlen)
{
    memset(e, 0, sizeof *e);
    snprintf(e->path, sizeof e->path, "%s", path);
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open", path);
        return -1;
    }
    if (fseek(f, 0, SEEK_END) != 0 || ftell(f) < 0) {
        fclose(f);
        snprintf(err, errlen, "%s: cannot read", path);
        return -1;
    }
    e->size = (size_t)ftell(f);
    rewind(f);
    e->data = malloc(e->size ? e->size : 1);
    if (!e->data || fread(e->data, 1, e->size, f) != e->size) {
        fclose(f);
        rv32_elf_close(e);
        snprintf(err, errlen, "%s: cannot read", path);
        return -1;
    }
    fclose(f);
    const uint8_t *h = e->data;
    const char *why = NULL;
    if (e->size < EHDR_SIZE || memcmp(h, "\x7f" "ELF", 4) != 0)
        why = "not an ELF file";
    else if (h[4] != 1)
        why = "not ELF32 (EI_CLASS is not ELFCLASS32)";
    else if (h[5] != 1)
        why = "not little-endian (EI_DATA is not ELFDATA2LSB)";
    else if (rd16(h + 16) != ET_EXEC)
        why = "not an executable (e_type is not ET_EXEC)";
    else if (rd16(h + 18) != EM_RISCV)
        why = "not RISC-V (e_machine is not EM_RISCV)";
    else if (rd16(h + 44) && rd16(h + 42) < 32) /* entries (not e_phoff) decide: the table
                                                   may start at offset 0 */
        why = "e_phentsize is smaller than an ELF32 program header";
    else if (!span_ok(e, rd32(h + 28), (uint64_t)rd16(h + 42) * rd16(h + 44)))
        why = "program header table lies outside the file";
    if (why) {
        snprintf(err, errlen, "%s: %s", path, why);
        rv32_elf_close(e);
        return -1;
    }
    e->entry = rd32(h + 24);
    return 0;
}

void rv32_elf_close(rv32_elf *e)
{
    free(e->data);
    e->data = NULL;
    e->size = 0;
}

int rv32_elf_load(const rv32_elf *e, uint8_t *ram, uint32_t ram_base, uint32_t ram_size,
                  char *err, size_t errlen)
{
    const uint8_t *h = e->data;
    uint32_t phoff = rd32(h + 28), phentsize = rd16(h + 42), phnum = rd16(h + 44);
    unsigned loaded = 0;
    for (uint32_t i = 0; i < phnum; i++) {
        const uint8_t *ph = h + phoff + i * phentsize;
        if (rd32(ph) != PT_LOAD)
            continue;
        uint32_t off = rd32(ph + 4), paddr = rd32(ph + 12);
        uint32_t filesz = rd32(ph + 16), memsz = rd32(ph + 20);
        if (filesz > memsz) {
            snprintf(err, errlen, "%s: program header %u: p_filesz %u > p_memsz %u", e->path,
                     i, filesz, memsz);
            return -1;
        }
        if (!span_ok(e, off, filesz)) {
            snprintf(err, errlen, "%s: program header %u: file bytes [0x%x, +0x%x) lie outside "
                     "the %zu-byte file", e->path, i, off, filesz, e->size);
            return -1;
        }
        /* Loaded at the physical address: that is where soc.ld's RAM image lives. */
        if (paddr < ram_base || (uint64_t)paddr - ram_base + memsz > ram_size) {
            snprintf(err, errlen, "%s: program header %u: [0x%08x, +0x%x) does not fit in the "
                     "RAM [0x%08x, +0x%x)", e->path, i, paddr, memsz, ram_base, ram_size);
            return -1;
        }
        memcpy(ram + (paddr - ram_base), h + off, filesz);
        memset(ram + (paddr - ram_base) + filesz, 0, memsz - filesz);
        loaded++;
    }
    if (!loaded) {
        snprintf(err, errlen, "%s: no PT_LOAD program header", e->path);
        return -1;
    }
    return 0;
}

int rv32_elf_symbol(const rv32_elf *e, const char *name, uint32_t *value)
{
    const uint8_t *h = e->data;
    uint32_t shoff = rd32(h + 32), shentsize = rd16(h + 46), shnum = rd16(h + 48);
    if (!shoff || shentsize < 40 || !span_ok(e, shoff, (uint64_t)shentsize * shnum))
        return -1;
    for (uint32_t i = 0; i < shnum; i++) {
        const uint8_t *sh = h + shoff + i * shentsize;
        if (rd32(sh + 4) != SHT_SYMTAB)
            continue;
        uint32_t off = rd32(sh + 16), size = rd32(sh + 20), link = rd32(sh + 24);
        uint32_t entsize = rd32(sh + 36);
        if (link >= shnum || entsize < 16 || !span_ok(e, off, size))
            return -1;
        const uint8_t *strsh = h + shoff + link * shentsize;
        uint32_t stroff = rd32(strsh + 16), strsize = rd32(strsh + 20);
        if (!span_ok(e, stroff, strsize))
            return -1;
        size_t len = strlen(name);
        for (uint32_t s = 0; s + entsize <= size; s += entsize) {
            const uint8_t *sym = h + off + s;
            uint32_t n = rd32(sym);
            if (n < strsize && strsize - n > len &&
                memcmp(h + stroff + n, name, len + 1) == 0) {
                *value = rd32(sym + 4);
                return 0;
            }
        }
    }
    return -1;
}
