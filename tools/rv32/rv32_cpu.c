/* RV32IMC interpreter (rv32_cpu.h). Both instruction lengths decode into one rv32_insn, so
 * a compressed instruction executes exactly as the base instruction it expands to (the
 * RVC spec defines each one that way). */
#include "rv32_cpu.h"

#include "le_bytes.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef enum {
    I_ILLEGAL = 0,
    I_LUI, I_AUIPC, I_JAL, I_JALR,
    I_BEQ, I_BNE, I_BLT, I_BGE, I_BLTU, I_BGEU,
    I_LB, I_LH, I_LW, I_LBU, I_LHU, I_SB, I_SH, I_SW,
    I_ADDI, I_SLTI, I_SLTIU, I_XORI, I_ORI, I_ANDI, I_SLLI, I_SRLI, I_SRAI,
    I_ADD, I_SUB, I_SLL, I_SLT, I_SLTU, I_XOR, I_SRL, I_SRA, I_OR, I_AND,
    I_MUL, I_MULH, I_MULHSU, I_MULHU, I_DIV, I_DIVU, I_REM, I_REMU,
    I_FENCE, I_HALT
} rv32_opc;

typedef struct {
    rv32_opc op;
    unsigned rd, rs1, rs2;
    int32_t imm;
} rv32_insn;

static uint32_t bits(uint32_t v, unsigned hi, unsigned lo)
{
    return (v >> lo) & ((2u << (hi - lo)) - 1u);
}

/* Sign-extend the low n bits of v. */
static int32_t sext(uint32_t v, unsigned n)
{
    uint32_t m = 1u << (n - 1);
    v &= (2u * m) - 1u;
    return (int32_t)((v ^ m) - m);
}

static void fault(rv32_cpu *c, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(c->fault, sizeof c->fault, "pc 0x%08x: ", c->pc);
    va_start(ap, fmt);
    vsnprintf(c->fault + n, sizeof c->fault - (size_t)n, fmt, ap);
    va_end(ap);
    c->state = RV32_FAULT;
}

/* A load or store the platform refused (or nothing answered). */
static void bus_fault(rv32_cpu *c, const char *what, unsigned size, uint32_t addr)
{
    const char *why = c->bus.why ? c->bus.why(c->bus.ctx) : NULL;
    fault(c, "%u-byte %s at 0x%08x: bus error: %s", size, what, addr,
          why && *why ? why : "nothing is mapped there");
}

static rv32_insn mk(rv32_opc op, unsigned rd, unsigned rs1, unsigned rs2, int32_t imm)
{
    rv32_insn i = {op, rd, rs1, rs2, imm};
    return i;
}

/* ---- 32-bit encodings ---- */

static rv32_insn decode32(uint32_t w)
{
    unsigned rd = bits(w, 11, 7), rs1 = bits(w, 19, 15), rs2 = bits(w, 24, 20);
    unsigned f3 = bits(w, 14, 12), f7 = bits(w, 31, 25);
    int32_t imm_i = sext(w >> 20, 12);
    int32_t imm_s = sext((bits(w, 31, 25) << 5) | bits(w, 11, 7), 12);
    int32_t imm_b = sext((bits(w, 31, 31) << 12) | (bits(w, 7, 7) << 11) |
                         (bits(w, 30, 25) << 5) | (bits(w, 11, 8) << 1), 13);
    int32_t imm_j = sext((bits(w, 31, 31) << 20) | (bits(w, 19, 12) << 12) |
                         (bits(w, 20, 20) << 11) | (bits(w, 30, 21) << 1), 21);
    rv32_insn bad = mk(I_ILLEGAL, 0, 0, 0, 0);
    switch (bits(w, 6, 0)) {
    case 0x37: return mk(I_LUI, rd, 0, 0, (int32_t)(w & 0xFFFFF000u));
    case 0x17: return mk(I_AUIPC, rd, 0, 0, (int32_t)(w & 0xFFFFF000u));
    case 0x6F: return mk(I_JAL, rd, 0, 0, imm_j);
    case 0x67: return f3 == 0 ? mk(I_JALR, rd, rs1, 0, imm_i) : bad;
    case 0x63: {
        static const rv32_opc br[8] = {I_BEQ, I_BNE, I_ILLEGAL, I_ILLEGAL,
                                       I_BLT, I_BGE, I_BLTU, I_BGEU};
        return mk(br[f3], 0, rs1, rs2, imm_b);
    }
    case 0x03: {
        static const rv32_opc ld[8] = {I_LB, I_LH, I_LW, I_ILLEGAL,
                                       I_LBU, I_LHU, I_ILLEGAL, I_ILLEGAL};
        return mk(ld[f3], rd, rs1, 0, imm_i);
    }
    case 0x23: {
        static const rv32_opc st[8] = {I_SB, I_SH, I_SW, I_ILLEGAL,
                                       I_ILLEGAL, I_ILLEGAL, I_ILLEGAL, I_ILLEGAL};
        return mk(st[f3], 0, rs1, rs2, imm_s);
    }
    case 0x13:
        switch (f3) {
        case 0: return mk(I_ADDI, rd, rs1, 0, imm_i);
        case 2: return mk(I_SLTI, rd, rs1, 0, imm_i);
        case 3: return mk(I_SLTIU, rd, rs1, 0, imm_i);
        case 4: return mk(I_XORI, rd, rs1, 0, imm_i);
        case 6: return mk(I_ORI, rd, rs1, 0, imm_i);
        case 7: return mk(I_ANDI, rd, rs1, 0, imm_i);
        case 1: return f7 == 0 ? mk(I_SLLI, rd, rs1, 0, (int32_t)rs2) : bad;
        default:
            return f7 == 0 ? mk(I_SRLI, rd, rs1, 0, (int32_t)rs2)
                 : f7 == 0x20 ? mk(I_SRAI, rd, rs1, 0, (int32_t)rs2) : bad;
        }
    case 0x33: {
        static const rv32_opc base[8] = {I_ADD, I_SLL, I_SLT, I_SLTU,
                                         I_XOR, I_SRL, I_OR, I_AND};
        static const rv32_opc mul[8] = {I_MUL, I_MULH, I_MULHSU, I_MULHU,
                                        I_DIV, I_DIVU, I_REM, I_REMU};
        if (f7 == 0)
            return mk(base[f3], rd, rs1, rs2, 0);
        if (f7 == 1)
            return mk(mul[f3], rd, rs1, rs2, 0);
        if (f7 == 0x20 && f3 == 0)
            return mk(I_SUB, rd, rs1, rs2, 0);
        if (f7 == 0x20 && f3 == 5)
            return mk(I_SRA, rd, rs1, rs2, 0);
        return bad;
    }
    case 0x0F: return f3 == 0 || f3 == 1 ? mk(I_FENCE, 0, 0, 0, 0) : bad; /* FENCE(.I) */
    case 0x73:
        /* ECALL, EBREAK, WFI stop the simulation; CSRs and other privileged forms are
         * not part of this CPU. */
        return w == 0x00000073u || w == 0x00100073u || w == 0x10500073u
                   ? mk(I_HALT, 0, 0, 0, 0) : bad;
    default: return bad;
    }
}

/* ---- 16-bit encodings (RVC, RV32 subset without floating point) ---- */

static rv32_insn decode16(uint32_t h)
{
    unsigned f3 = bits(h, 15, 13);
    unsigned r_hi = bits(h, 11, 7), r_lo = bits(h, 6, 2);   /* full register fields */
    unsigned rp_hi = 8 + bits(h, 9, 7), rp_lo = 8 + bits(h, 4, 2); /* x8..x15 fields */
    int32_t imm6 = sext((bits(h, 12, 12) << 5) | bits(h, 6, 2), 6);
    uint32_t lw_off = (bits(h, 12, 10) << 3) | (bits(h, 6, 6) << 2) | (bits(h, 5, 5) << 6);
    int32_t j_off = sext((bits(h, 12, 12) << 11) | (bits(h, 11, 11) << 4) |
                         (bits(h, 10, 9) << 8) | (bits(h, 8, 8) << 10) | (bits(h, 7, 7) << 6) |
                         (bits(h, 6, 6) << 7) | (bits(h, 5, 3) << 1) | (bits(h, 2, 2) << 5), 12);
    int32_t b_off = sext((bits(h, 12, 12) << 8) | (bits(h, 11, 10) << 3) |
                         (bits(h, 6, 5) << 6) | (bits(h, 4, 3) << 1) | (bits(h, 2, 2) << 5), 9);
    rv32_insn bad = mk(I_ILLEGAL, 0, 0, 0, 0);
    switch (bits(h, 1, 0)) {
    case 0:
        if (f3 == 0) { /* C.ADDI4SPN; nzuimm 0 (this includes the all-zero word) is illegal */
            uint32_t u = (bits(h, 12, 11) << 4) | (bits(h, 10, 7) << 6) |
                         (bits(h, 6, 6) << 2) | (bits(h, 5, 5) << 3);
            return u ? mk(I_ADDI, rp_lo, 2, 0, (int32_t)u) : bad;
        }
        if (f3 == 2)
            return mk(I_LW, rp_lo, rp_hi, 0, (int32_t)lw_off);
        if (f3 == 6)
            return mk(I_SW, 0, rp_hi, rp_lo, (int32_t)lw_off);
        return bad;
    case 1:
        switch (f3) {
        case 0: return mk(I_ADDI, r_hi, r_hi, 0, imm6);          /* C.ADDI / C.NOP */
        case 1: return mk(I_JAL, 1, 0, 0, j_off);                /* C.JAL */
        case 2: return mk(I_ADDI, r_hi, 0, 0, imm6);             /* C.LI */
        case 3:
            if (r_hi == 2) { /* C.ADDI16SP */
                int32_t v = sext((bits(h, 12, 12) << 9) | (bits(h, 6, 6) << 4) |
                                 (bits(h, 5, 5) << 6) | (bits(h, 4, 3) << 7) |
                                 (bits(h, 2, 2) << 5), 10);
                return v ? mk(I_ADDI, 2, 2, 0, v) : bad;
            }
            return imm6 ? mk(I_LUI, r_hi, 0, 0, (int32_t)((uint32_t)imm6 << 12)) : bad;
        case 4: {
            unsigned f2 = bits(h, 11, 10);
            unsigned shamt = (bits(h, 12, 12) << 5) | bits(h, 6, 2);
            if (f2 == 0)
                return shamt < 32 ? mk(I_SRLI, rp_hi, rp_hi, 0, (int32_t)shamt) : bad;
            if (f2 == 1)
                return shamt < 32 ? mk(I_SRAI, rp_hi, rp_hi, 0, (int32_t)shamt) : bad;
            if (f2 == 2)
                return mk(I_ANDI, rp_hi, rp_hi, 0, imm6);
            if (bits(h, 12, 12))
                return bad; /* C.SUBW / C.ADDW: RV64 only */
            static const rv32_opc alu[4] = {I_SUB, I_XOR, I_OR, I_AND};
            return mk(alu[bits(h, 6, 5)], rp_hi, rp_hi, rp_lo, 0);
        }
        case 5: return mk(I_JAL, 0, 0, 0, j_off);                /* C.J */
        case 6: return mk(I_BEQ, 0, rp_hi, 0, b_off);            /* C.BEQZ */
        default: return mk(I_BNE, 0, rp_hi, 0, b_off);           /* C.BNEZ */
        }
    case 2:
        switch (f3) {
        case 0: {
            unsigned shamt = (bits(h, 12, 12) << 5) | bits(h, 6, 2);
            return shamt < 32 ? mk(I_SLLI, r_hi, r_hi, 0, (int32_t)shamt) : bad;
        }
        case 2: { /* C.LWSP */
            uint32_t u = (bits(h, 12, 12) << 5) | (bits(h, 6, 4) << 2) | (bits(h, 3, 2) << 6);
            return r_hi ? mk(I_LW, r_hi, 2, 0, (int32_t)u) : bad;
        }
        case 4:
            if (!bits(h, 12, 12)) {
                if (r_lo == 0)
                    return r_hi ? mk(I_JALR, 0, r_hi, 0, 0) : bad;  /* C.JR */
                return mk(I_ADD, r_hi, 0, r_lo, 0);                /* C.MV */
            }
            if (r_lo == 0)
                return r_hi ? mk(I_JALR, 1, r_hi, 0, 0)             /* C.JALR */
                            : mk(I_HALT, 0, 0, 0, 0);               /* C.EBREAK */
            return mk(I_ADD, r_hi, r_hi, r_lo, 0);                 /* C.ADD */
        case 6: { /* C.SWSP */
            uint32_t u = (bits(h, 12, 9) << 2) | (bits(h, 8, 7) << 6);
            return mk(I_SW, 0, 2, r_lo, (int32_t)u);
        }
        default: return bad;
        }
    default: return bad; /* not reached: 32-bit encodings end in 11 */
    }
}

/* ---- execution ---- */

static int in_ram(const rv32_cpu *c, uint32_t addr, unsigned size)
{
    return addr >= c->ram_base && addr - c->ram_base <= c->ram_size - size;
}

static int load(rv32_cpu *c, uint32_t addr, unsigned size, uint32_t *v)
{
    if (addr & (size - 1)) {
        fault(c, "misaligned %u-byte load at 0x%08x", size, addr);
        return -1;
    }
    if (in_ram(c, addr, size)) {
        *v = (uint32_t)tce_le_get(c->ram + (addr - c->ram_base), size);
        return 0;
    }
    if (!c->bus.load || c->bus.load(c->bus.ctx, addr, size, v) != 0) {
        bus_fault(c, "load", size, addr);
        return -1;
    }
    return 0;
}

static int store(rv32_cpu *c, uint32_t addr, unsigned size, uint32_t v)
{
    if (addr & (size - 1)) {
        fault(c, "misaligned %u-byte store at 0x%08x", size, addr);
        return -1;
    }
    if (in_ram(c, addr, size)) {
        tce_le_put(c->ram + (addr - c->ram_base), size, v);
        return 0;
    }
    if (!c->bus.store || c->bus.store(c->bus.ctx, addr, size, v) != 0) {
        bus_fault(c, "store", size, addr);
        return -1;
    }
    return 0;
}

/* High words of the 64-bit products; a signed operand is at most 2^31 in magnitude, so the
 * signed products fit in int64_t. */
static uint32_t mulh(int64_t a, int64_t b) { return (uint32_t)((uint64_t)(a * b) >> 32); }
static uint32_t mulhu(uint32_t a, uint32_t b) { return (uint32_t)(((uint64_t)a * b) >> 32); }

void rv32_init(rv32_cpu *c, uint8_t *ram, uint32_t ram_base, uint32_t ram_size, rv32_bus bus,
               uint32_t entry)
{
    memset(c, 0, sizeof *c);
    c->ram = ram;
    c->ram_base = ram_base;
    c->ram_size = ram_size;
    c->bus = bus;
    c->pc = entry;
    c->state = RV32_RUNNING;
}

rv32_state rv32_step(rv32_cpu *c)
{
    if (c->state != RV32_RUNNING)
        return c->state;
    uint32_t pc = c->pc;
    if (pc & 1u) {
        fault(c, "misaligned instruction address");
        return c->state;
    }
    if (!in_ram(c, pc, 2)) {
        fault(c, "instruction fetch outside program RAM [0x%08x, 0x%08x)", c->ram_base,
              c->ram_base + c->ram_size);
        return c->state;
    }
    const uint8_t *p = c->ram + (pc - c->ram_base);
    uint32_t w = (uint32_t)p[0] | ((uint32_t)p[1] << 8);
    unsigned len = 2;
    rv32_insn in;
    if ((w & 3u) == 3u) {
        if (!in_ram(c, pc, 4)) {
            fault(c, "32-bit instruction runs past the end of program RAM");
            return c->state;
        }
        w |= ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
        len = 4;
        in = (w & 0x1Cu) == 0x1Cu ? mk(I_ILLEGAL, 0, 0, 0, 0) : decode32(w); /* >32-bit forms */
    } else {
        in = decode16(w);
    }
    if (in.op == I_ILLEGAL) {
        fault(c, "illegal instruction 0x%0*x", len * 2, w);
        return c->state;
    }

    uint32_t a = c->x[in.rs1], b = c->x[in.rs2], imm = (uint32_t)in.imm;
    uint32_t next = pc + len, r = 0, v = 0;
    int writes = 1;
    switch (in.op) {
    case I_LUI: r = imm; break;
    case I_AUIPC: r = pc + imm; break;
    case I_JAL: r = next; next = pc + imm; break;
    case I_JALR: r = next; next = (a + imm) & ~1u; break;
    case I_BEQ: case I_BNE: case I_BLT: case I_BGE: case I_BLTU: case I_BGEU: {
        int take = in.op == I_BEQ ? a == b : in.op == I_BNE ? a != b
                 : in.op == I_BLT ? (int32_t)a < (int32_t)b
                 : in.op == I_BGE ? (int32_t)a >= (int32_t)b
                 : in.op == I_BLTU ? a < b : a >= b;
        if (take)
            next = pc + imm;
        writes = 0;
        break;
    }
    case I_LB: if (load(c, a + imm, 1, &v)) return c->state; r = (uint32_t)sext(v, 8); break;
    case I_LH: if (load(c, a + imm, 2, &v)) return c->state; r = (uint32_t)sext(v, 16); break;
    case I_LW: if (load(c, a + imm, 4, &v)) return c->state; r = v; break;
    case I_LBU: if (load(c, a + imm, 1, &v)) return c->state; r = v; break;
    case I_LHU: if (load(c, a + imm, 2, &v)) return c->state; r = v; break;
    case I_SB: if (store(c, a + imm, 1, b & 0xFFu)) return c->state; writes = 0; break;
    case I_SH: if (store(c, a + imm, 2, b & 0xFFFFu)) return c->state; writes = 0; break;
    case I_SW: if (store(c, a + imm, 4, b)) return c->state; writes = 0; break;
    case I_ADDI: r = a + imm; break;
    case I_SLTI: r = (int32_t)a < in.imm; break;
    case I_SLTIU: r = a < imm; break;
    case I_XORI: r = a ^ imm; break;
    case I_ORI: r = a | imm; break;
    case I_ANDI: r = a & imm; break;
    case I_SLLI: r = a << (imm & 31u); break;
    case I_SRLI: r = a >> (imm & 31u); break;
    case I_SRAI: r = (uint32_t)((int32_t)a >> (imm & 31u)); break;
    case I_ADD: r = a + b; break;
    case I_SUB: r = a - b; break;
    case I_SLL: r = a << (b & 31u); break;
    case I_SLT: r = (int32_t)a < (int32_t)b; break;
    case I_SLTU: r = a < b; break;
    case I_XOR: r = a ^ b; break;
    case I_SRL: r = a >> (b & 31u); break;
    case I_SRA: r = (uint32_t)((int32_t)a >> (b & 31u)); break;
    case I_OR: r = a | b; break;
    case I_AND: r = a & b; break;
    case I_MUL: r = a * b; break;
    case I_MULH: r = mulh((int32_t)a, (int32_t)b); break;
    case I_MULHSU: r = mulh((int32_t)a, (int64_t)b); break;
    case I_MULHU: r = mulhu(a, b); break;
    /* Division by zero and overflow give the values the M extension specifies. */
    case I_DIV:
        r = b == 0 ? 0xFFFFFFFFu
          : (a == 0x80000000u && b == 0xFFFFFFFFu) ? a : (uint32_t)((int32_t)a / (int32_t)b);
        break;
    case I_DIVU: r = b == 0 ? 0xFFFFFFFFu : a / b; break;
    case I_REM:
        r = b == 0 ? a
          : (a == 0x80000000u && b == 0xFFFFFFFFu) ? 0 : (uint32_t)((int32_t)a % (int32_t)b);
        break;
    case I_REMU: r = b == 0 ? a : a % b; break;
    case I_FENCE: writes = 0; break;
    case I_HALT:
        c->instret++;
        c->halt_insn = w;
        c->state = RV32_HALTED;
        return c->state;
    case I_ILLEGAL: break; /* handled above */
    }
    if (next & 1u) {
        fault(c, "jump to misaligned address 0x%08x", next);
        return c->state;
    }
    if (writes && in.rd)
        c->x[in.rd] = r;
    c->pc = next;
    c->instret++;
    return c->state;
}

rv32_state rv32_run(rv32_cpu *c, uint64_t max_insns)
{
    for (uint64_t i = 0; i < max_insns && c->state == RV32_RUNNING; i++)
        rv32_step(c);
    return c->state;
}
