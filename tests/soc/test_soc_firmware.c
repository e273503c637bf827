/* CTest soc-iss-tile: the firmware RUN on a soft CPU. The rv32imc image of
 * soc_tile_main.c (built by the fixture soc-firmware-build) is loaded into the RV32
 * simulator (tools/rv32/), whose loads and stores reach the Verilated engine's registers
 * and the bridge's memories through the reference memory map (soc_platform.h). The CPU
 * encodes a tensor map, decodes PTX and drives the engine with the real driver; then this
 * test replays the same job (soc_tile_job.h) on the golden model from the memories as they
 * were before the CPU started, and requires every byte of global memory and of every CTA's
 * shared memory (tensor map, mbarriers, tile, copies) to be equal.
 *
 * Usage: test_soc_firmware FIRMWARE.elf */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csim.h"
#include "mbarrier.h"
#include "rv32_elf.h"
#include "soc_map.h"
#include "soc_platform.h"
#include "soc_tile_job.h"

enum { RAM_BYTES = 64 * 1024, MAX_INSNS = 50u * 1000 * 1000, SEED = 20261122 };
/* Stack headroom the run must leave unused between the deepest stack use and .bss: less
 * means the next growth of the firmware overwrites its data silently. */
enum { STACK_MARGIN = 1024, STACK_PAINT = 0xA5 };

static uint32_t ram_word(const uint8_t *ram, uint32_t a)
{
    return (uint32_t)ram[a] | (uint32_t)ram[a + 1] << 8 | (uint32_t)ram[a + 2] << 16 |
           (uint32_t)ram[a + 3] << 24;
}

/* The decoder's verdict the firmware left in soc_ptx_error (same layout on rv32 and here:
 * two 32-bit fields, then the message). */
static void print_ptx_error(const rv32_elf *elf, const uint8_t *ram)
{
    uint32_t a;
    if (rv32_elf_symbol(elf, "soc_ptx_error", &a) != 0 || a > RAM_BYTES - sizeof(ptx_error)) {
        fprintf(stderr, "FAIL: no soc_ptx_error symbol in the RAM\n");
        return;
    }
    ptx_error e;
    e.cause = (ptx_cause)ram_word(ram, a + (uint32_t)offsetof(ptx_error, cause));
    e.col = ram_word(ram, a + (uint32_t)offsetof(ptx_error, col));
    memcpy(e.msg, ram + a + offsetof(ptx_error, msg), sizeof e.msg);
    e.msg[sizeof e.msg - 1] = 0;
    fprintf(stderr, "FAIL: the firmware's PTX decode: column %u: %s: %s\n", e.col,
            ptx_cause_name(e.cause), e.msg);
}

/* What the CPU did to the memories besides through the engine, done on the golden model:
 * the tensor map it encoded and wrote, the two mbarriers it armed. */
static int golden_cpu_writes(tce_memsys *ms)
{
    tce_tensormap map;
    tce_diag why;
    if (soc_job_map(&map, &why) != TCE_OK) {
        fprintf(stderr, "FAIL: host encode of the job's tensor map: %s\n", why.text);
        return -1;
    }
    tce_desc_pack(&map, tce_gmem(ms, SOC_JOB_DDR_BASE + SOC_JOB_TMAP_OFF, TCE_DESC_BYTES));
    const struct { unsigned cta; uint32_t tx; } arm[2] = {{0, SOC_JOB_TILE_BYTES},
                                                          {1, SOC_JOB_COPY_BYTES}};
    for (unsigned i = 0; i < 2; i++) {
        uint64_t obj = 0, state;
        tce_mbar_why w;
        if (tce_mbar_init(&obj, 1, &w) != TCE_OK ||
            tce_mbar_arrive_expect_tx(&obj, arm[i].tx, 1, &state, &w) != TCE_OK) {
            fprintf(stderr, "FAIL: golden mbarrier arm: %s\n", w.text);
            return -1;
        }
        tce_mbar_store(tce_smem(ms, arm[i].cta, SOC_JOB_MBAR_OFF, 8), obj);
    }
    return 0;
}

/* The job's operations on the golden model, with their complete-tx applied. */
static int golden_ops(tce_memsys *ms)
{
    for (unsigned k = 0; k < SOC_JOB_OPS; k++) {
        tce_op op;
        ptx_insn insn;
        ptx_error perr;
        if (soc_job_op(k, &insn, &op, &perr) != PTX_OK) {
            fprintf(stderr, "FAIL: host decode of op %u: %s\n", k, perr.msg);
            return -1;
        }
        tce_result r = tce_csim_execute(&op, ms);
        if (r.status != TCE_OK) {
            fprintf(stderr, "FAIL: golden model refuses op %u (%s): %s\n", k, soc_job_ptx[k],
                    r.why);
            return -1;
        }
        for (unsigned cta = 0; cta < TCE_MAX_CTAS; cta++) {
            if (!(r.tx_ctas >> cta & 1u))
                continue;
            uint8_t *w = tce_smem(ms, cta, TCE_SADDR_OFF(op.mbar), 8);
            uint64_t obj = tce_mbar_load(w);
            tce_mbar_why why;
            if (tce_mbar_complete_tx(&obj, r.tx_bytes, &why) != TCE_OK) {
                fprintf(stderr, "FAIL: golden complete-tx of op %u: %s\n", k, why.text);
                return -1;
            }
            tce_mbar_store(w, obj);
        }
    }
    return 0;
}

static int compare(const char *what, const uint8_t *got, const uint8_t *want, size_t n,
                   uint64_t base)
{
    for (size_t i = 0; i < n; i++)
        if (got[i] != want[i]) {
            fprintf(stderr, "FAIL: %s: first differing byte at 0x%llx: engine 0x%02x, golden "
                    "model 0x%02x\n", what, (unsigned long long)(base + i), got[i], want[i]);
            return -1;
        }
    return 0;
}

static void fill_random(uint8_t *p, size_t n, uint64_t *s)
{
    for (size_t i = 0; i < n; i++) {
        *s = *s * 6364136223846793005ull + 1442695040888963407ull;
        p[i] = (uint8_t)(*s >> 56);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s FIRMWARE.elf\n", argv[0]);
        return 2;
    }
    char err[512];
    rv32_elf elf;
    static uint8_t ram[RAM_BYTES];
    uint32_t exit_sym;
    if (rv32_elf_open(&elf, argv[1], err, sizeof err) != 0 ||
        rv32_elf_load(&elf, ram, 0, RAM_BYTES, err, sizeof err) != 0) {
        fprintf(stderr, "FAIL: %s\n", err);
        return 1;
    }
    if (rv32_elf_symbol(&elf, "soc_exit_code", &exit_sym) != 0 || exit_sym > RAM_BYTES - 4) {
        fprintf(stderr, "FAIL: %s: no soc_exit_code symbol in the RAM\n", argv[1]);
        return 1;
    }
    /* The RAM between .bss and the stack top is painted; the lowest byte the run changed
     * is its deepest stack use (soc.ld: the stack grows down from the RAM's end). */
    uint32_t bss_end, stack_top;
    if (rv32_elf_symbol(&elf, "__bss_end", &bss_end) != 0 ||
        rv32_elf_symbol(&elf, "__stack_top", &stack_top) != 0 || stack_top != RAM_BYTES ||
        bss_end % 4 || bss_end >= stack_top) {
        fprintf(stderr, "FAIL: %s: no __bss_end below __stack_top = the RAM's end\n", argv[1]);
        return 1;
    }
    memset(ram + bss_end, STACK_PAINT, stack_top - bss_end);

    tce_sim_params prm = tce_sim_default_params();
    prm.mem_latency = 20;
    prm.smem_latency = 2;
    prm.watchdog_cycles = 100000;
    tce_sim *sim = tce_sim_create(&prm, err, sizeof err);
    if (!sim || tce_sim_add_global(sim, SOC_JOB_DDR_BASE, SOC_JOB_DDR_SIZE) != 0) {
        fprintf(stderr, "FAIL: bridge: %s\n", sim ? "cannot map DDR" : err);
        return 1;
    }
    tce_sim_reset(sim);

    /* Random source tensor and shared memories, so that a byte the engine should not touch
     * (or should fill) is told apart from one it left alone. */
    uint64_t seed = SEED;
    fill_random(tce_sim_gmem(sim, SOC_JOB_DDR_BASE, SOC_JOB_DDR_SIZE), SOC_JOB_DDR_SIZE, &seed);
    for (unsigned cta = 0; cta < 2; cta++)
        fill_random(tce_sim_smem(sim, cta, 0, 8192), 8192, &seed);

    tce_memsys golden;
    if (tce_memsys_init(&golden, prm.num_ctas, prm.smem_bytes) != 0 ||
        tce_memsys_add_global(&golden, SOC_JOB_DDR_BASE, SOC_JOB_DDR_SIZE) != 0) {
        fprintf(stderr, "FAIL: golden memory allocation\n");
        return 1;
    }
    memcpy(tce_gmem(&golden, SOC_JOB_DDR_BASE, SOC_JOB_DDR_SIZE),
           tce_sim_gmem(sim, SOC_JOB_DDR_BASE, SOC_JOB_DDR_SIZE), SOC_JOB_DDR_SIZE);
    for (unsigned cta = 0; cta < prm.num_ctas; cta++)
        memcpy(tce_smem(&golden, cta, 0, prm.smem_bytes), tce_sim_smem(sim, cta, 0, prm.smem_bytes),
               prm.smem_bytes);

    rv32_cpu cpu;
    soc_platform plat;
    soc_platform_init(&plat, sim, &cpu);
    rv32_init(&cpu, ram, 0, RAM_BYTES, soc_platform_bus(&plat), elf.entry);
    uint64_t cycles0 = tce_sim_cycles(sim);
    rv32_state st = rv32_run(&cpu, MAX_INSNS);
    soc_platform_sync(&plat);
    uint64_t cycles = tce_sim_cycles(sim) - cycles0;
    uint32_t code = ram_word(ram, exit_sym);
    uint32_t deepest = bss_end;
    while (deepest < stack_top && ram[deepest] == STACK_PAINT)
        deepest++;
    printf("soc-iss: %s: %llu instructions, %llu engine cycles (%llu stalled on %llu MMIO "
           "reads and %llu writes), %u complete-tx applied, exit code %u\n", argv[1],
           (unsigned long long)cpu.instret, (unsigned long long)cycles,
           (unsigned long long)plat.stall_cycles, (unsigned long long)plat.mmio_reads,
           (unsigned long long)plat.mmio_writes, plat.tx_applied, code);
    printf("soc-iss: stack: %u bytes used at most, %u of the %u between .bss and the RAM's "
           "end left\n", stack_top - deepest, deepest - bss_end, stack_top - bss_end);
    int fail = 0;
    if (deepest - bss_end < STACK_MARGIN) {
        fprintf(stderr, "FAIL: the stack came within %u bytes of .bss (%u required free): the "
                "firmware's data may be overwritten\n", deepest - bss_end, (unsigned)STACK_MARGIN);
        fail = 1;
    }
    if (st == RV32_FAULT) {
        fprintf(stderr, "FAIL: CPU fault: %s\n", cpu.fault);
        fail = 1;
    } else if (st != RV32_HALTED) {
        fprintf(stderr, "FAIL: the program did not stop within %u instructions (pc 0x%08x)\n",
                MAX_INSNS, cpu.pc);
        fail = 1;
    } else if (cpu.halt_insn != 0x10500073u) {
        fprintf(stderr, "FAIL: stopped on 0x%08x at pc 0x%08x, not on crt0's WFI\n",
                cpu.halt_insn, cpu.pc);
        fail = 1;
    } else if (code != 0) {
        fprintf(stderr, "FAIL: the firmware reports step %u failed (soc_tile_main.c)\n", code);
        if (code == 2) /* E_PTX */
            print_ptx_error(&elf, ram);
        fail = 1;
    }
    if (tce_sim_fault(sim)) {
        fprintf(stderr, "FAIL: bridge: %s\n", tce_sim_fault(sim));
        fail = 1;
    }
    if (plat.tx_applied != 2 || plat.mbar_status) {
        fprintf(stderr, "FAIL: %u complete-tx requests (2 expected), MBAR_STATUS 0x%x\n",
                plat.tx_applied, plat.mbar_status);
        fail = 1;
    }
    if (!fail && (golden_cpu_writes(&golden) != 0 || golden_ops(&golden) != 0))
        fail = 1;
    if (!fail) {
        fail |= compare("global memory", tce_sim_gmem(sim, SOC_JOB_DDR_BASE, SOC_JOB_DDR_SIZE),
                        tce_gmem(&golden, SOC_JOB_DDR_BASE, SOC_JOB_DDR_SIZE), SOC_JOB_DDR_SIZE,
                        SOC_JOB_DDR_BASE) != 0;
        for (unsigned cta = 0; cta < prm.num_ctas && !fail; cta++) {
            char what[48];
            snprintf(what, sizeof what, "CTA %u shared memory", cta);
            fail |= compare(what, tce_sim_smem(sim, cta, 0, prm.smem_bytes),
                            tce_smem(&golden, cta, 0, prm.smem_bytes), prm.smem_bytes, 0) != 0;
        }
    }
    tce_memsys_free(&golden);
    tce_sim_destroy(sim);
    rv32_elf_close(&elf);
    if (fail)
        return 1;
    printf("soc-iss: PASS: global memory (%u bytes) and %u shared memories equal the golden "
           "model's\n", (unsigned)SOC_JOB_DDR_SIZE, prm.num_ctas);
    return 0;
}
