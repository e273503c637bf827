/* LUT-level counter over a flattened xc7 BLIF netlist (synth_levels.h). Each net's level is
 * the deepest level of logic between a path start and that net; a cell's output level is
 * found from its inputs' (memoized depth-first search), and a search that meets a cell it
 * is still inside has found a structural combinational loop: it is counted and named, and
 * the input that closes it is left out there (as Vivado's timing breaks a loop), so the
 * paths through it are lower bounds. CARRY4s are followed bit by bit (a chain still counts
 * one level), so logic that leaves a chain and returns to a later bit of it is no loop. */
#define _POSIX_C_SOURCE 200809L
#include "synth_levels.h"
#include "synth_xc7_delay.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum {
    K_LUT,      /* +1 */
    K_WIRE,     /* MUXF7/8, INV, buffers: +0 */
    K_CARRY,    /* CARRY4: the chain counts 1 */
    K_FF,       /* start; D/CE/R/S are endpoints */
    K_BRAM,     /* start; every input but the clocks is an endpoint */
    K_LUTRAM,   /* read: address +1; write side endpoints */
    K_SRL,      /* Q: address +1 (a start when the address is constant); D/CE endpoints */
    K_DSP,      /* followed through unregistered stages (+1), cut at its registers */
    K_CONST,
} cell_kind;

typedef struct {
    const char *type;
    cell_kind kind;
    const char *outs; /* output pin base names, space-separated and space-ended */
} cell_info;

/* The cells `synth_xilinx -family xc7` maps to, by their output pins (cells_sim.v). */
static const cell_info CELLS[] = {
    {"LUT1", K_LUT, "O "}, {"LUT2", K_LUT, "O "}, {"LUT3", K_LUT, "O "},
    {"LUT4", K_LUT, "O "}, {"LUT5", K_LUT, "O "}, {"LUT6", K_LUT, "O "},
    {"LUT6_2", K_LUT, "O5 O6 "},
    {"MUXF7", K_WIRE, "O "}, {"MUXF8", K_WIRE, "O "}, {"INV", K_WIRE, "O "},
    {"BUF", K_WIRE, "O "}, {"BUFG", K_WIRE, "O "}, {"IBUF", K_WIRE, "O "}, {"OBUF", K_WIRE, "O "},
    {"CARRY4", K_CARRY, "O CO "},
    {"FDRE", K_FF, "Q "}, {"FDSE", K_FF, "Q "}, {"FDCE", K_FF, "Q "}, {"FDPE", K_FF, "Q "},
    {"RAMB18E1", K_BRAM, "DOADO DOBDO DOPADOP DOPBDOP "},
    {"RAMB36E1", K_BRAM, "DOADO DOBDO DOPADOP DOPBDOP CASCADEOUTA CASCADEOUTB DBITERR SBITERR "
                         "ECCPARITY RDADDRECC "},
    {"RAM32M", K_LUTRAM, "DOA DOB DOC DOD "}, {"RAM64M", K_LUTRAM, "DOA DOB DOC DOD "},
    {"RAM32X1D", K_LUTRAM, "SPO DPO "}, {"RAM64X1D", K_LUTRAM, "SPO DPO "},
    {"RAM128X1D", K_LUTRAM, "SPO DPO "},
    {"RAM32X1S", K_LUTRAM, "O "}, {"RAM64X1S", K_LUTRAM, "O "}, {"RAM128X1S", K_LUTRAM, "O "},
    {"RAM256X1S", K_LUTRAM, "O "},
    {"SRL16E", K_SRL, "Q "}, {"SRLC32E", K_SRL, "Q Q31 "},
    {"DSP48E1", K_DSP, "P PCOUT ACOUT BCOUT CARRYCASCOUT MULTSIGNOUT CARRYOUT OVERFLOW UNDERFLOW "
                       "PATTERNDETECT PATTERNBDETECT "},
    {"GND", K_CONST, "G "}, {"VCC", K_CONST, "P "},
};
#define NCELLTYPES (sizeof CELLS / sizeof CELLS[0])

typedef struct {
    char *name;    /* pin base name ("CO" of "CO[2]") */
    int net;
    int bit;       /* the index in brackets, -1 without */
    bool out;
} pin;

typedef struct {
    const cell_info *info;
    char *cname;
    size_t pin0, npins;
    int areg, breg, creg, dreg, mreg, preg, inreg, opreg, alureg, cireg, ciselreg; /* DSP48E1 */
    int adreg, use_mult, doa_reg, dob_reg;   /* the rest of what picks its delays */
    bool use_dport, patdet;
    long level;    /* output level (-1: constant), valid when state == 2 */
    int best;      /* the input net that set it (-1: none: constant, or a register inside) */
    int state;     /* 0 not visited, 1 being evaluated, 2 done */
    int line;
    /* CARRY4, per bit: the chain's entry level through bit i-1 (slot 0: the chain's input
     * CI/CYINIT), the net that set it, and the same 0/1/2 state: a chain is followed bit
     * by bit, so logic that leaves at one bit and returns at a later one is no loop. */
    long cent[5];
    int cbest[5];
    unsigned char cstate[5];
} cell;

typedef struct {
    char *name;
    int driver;    /* cell index, -1 none */
    int dpin;      /* the driving pin's index into pins */
    bool input;    /* a top-level input */
} net;

typedef struct {
    net *nets;
    size_t nnets, capnets;
    int *hash;     /* net index + 1, 0 empty */
    size_t hcap;
    cell *cells;
    size_t ncells, capcells;
    pin *pins;
    size_t npins, cappins;
    char *err;
    size_t errcap;
    bool failed;
    int depth;     /* nets and carry bits on the path being followed (deeper() bounds it) */
    /* levels, per net, and the same 0/1/2 state: a LUT-RAM's or CARRY4's output level is
     * read per pin, so without them a chain of RAMs was walked once per path (5^n for five
     * address pins on one net) and a CARRY4 O pin fed back to its S pin recursed unbounded */
    long *lv;
    unsigned char *lv_state;
    /* delays, per net: arrival (ps, -1 none), the driver's input pin that set it, state */
    long *arr;
    int *arr_pin;
    unsigned char *arr_state;
    /* structural loops met (an input reached while its cell is still being evaluated) */
    long loops;
    const char *loop_cell;
    int loop_line;
} netlist;

static bool grow(void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return true;
    size_t nc = *cap ? *cap : 256;
    while (nc < need)
        nc *= 2;
    void *np = realloc(*p, nc * elem);
    if (!np)
        return false;
    *p = np;
    *cap = nc;
    return true;
}

static uint64_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 1099511628211ull;
    return h;
}

static void fail(netlist *nl, int line, const char *fmt, const char *arg)
{
    if (nl->failed)
        return;
    nl->failed = true;
    char msg[400];
    snprintf(msg, sizeof msg, fmt, arg);
    if (line > 0)
        snprintf(nl->err, nl->errcap, "%d: %s", line, msg);
    else
        snprintf(nl->err, nl->errcap, "%s", msg);
}

static int net_id(netlist *nl, char *name)
{
    if (nl->nnets * 2 >= nl->hcap) {
        size_t nc = nl->hcap ? nl->hcap * 2 : 1024;
        int *nh = calloc(nc, sizeof *nh);
        if (!nh)
            return -1;
        for (size_t i = 0; i < nl->nnets; i++) {
            size_t h = hash_str(nl->nets[i].name) & (nc - 1);
            while (nh[h])
                h = (h + 1) & (nc - 1);
            nh[h] = (int)i + 1;
        }
        free(nl->hash);
        nl->hash = nh;
        nl->hcap = nc;
    }
    size_t h = hash_str(name) & (nl->hcap - 1);
    while (nl->hash[h]) {
        int i = nl->hash[h] - 1;
        if (!strcmp(nl->nets[i].name, name))
            return i;
        h = (h + 1) & (nl->hcap - 1);
    }
    if (!grow((void **)&nl->nets, &nl->capnets, nl->nnets + 1, sizeof *nl->nets))
        return -1;
    nl->nets[nl->nnets] = (net){name, -1, -1, false};
    nl->hash[h] = (int)nl->nnets + 1;
    return (int)nl->nnets++;
}

static const cell_info *find_type(const char *type)
{
    for (size_t i = 0; i < NCELLTYPES; i++)
        if (!strcmp(CELLS[i].type, type))
            return &CELLS[i];
    return NULL;
}

static bool is_out_pin(const cell_info *ci, const char *base)
{
    size_t n = strlen(base);
    for (const char *p = ci->outs; *p;) {
        const char *sp = strchr(p, ' ');
        if ((size_t)(sp - p) == n && !strncmp(p, base, n))
            return true;
        p = sp + 1;
    }
    return false;
}

/* Split the line at spaces into tokens (in place); returns the count. */
static size_t tokens(char *line, char **tok, size_t max)
{
    size_t n = 0;
    char *p = line;
    while (*p && n < max) {
        while (*p == ' ' || *p == '\t')
            *p++ = 0;
        if (!*p)
            break;
        tok[n++] = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
    }
    return n;
}

static bool set_driver(netlist *nl, int n, int c, int p, int line)
{
    if (nl->nets[n].driver >= 0 || nl->nets[n].input) {
        fail(nl, line, "net '%s' has two drivers", nl->nets[n].name);
        return false;
    }
    nl->nets[n].driver = c;
    nl->nets[n].dpin = p;
    return true;
}

static bool add_cell(netlist *nl, const cell_info *ci, char **tok, size_t ntok, int line)
{
    if (!grow((void **)&nl->cells, &nl->capcells, nl->ncells + 1, sizeof *nl->cells) ||
        !grow((void **)&nl->pins, &nl->cappins, nl->npins + ntok, sizeof *nl->pins))
        return false;
    int c = (int)nl->ncells++;
    cell *ce = &nl->cells[c];
    memset(ce, 0, sizeof *ce);
    ce->info = ci;
    ce->pin0 = nl->npins;
    ce->line = line;
    ce->best = -1;
    /* DSP48E1's register parameters default to 1 (cells_sim.v) */
    ce->areg = ce->breg = ce->creg = ce->dreg = ce->mreg = ce->preg = 1;
    ce->inreg = ce->opreg = ce->alureg = ce->cireg = ce->ciselreg = 1;
    xc7_params dp;
    xc7_params_default(&dp);
    ce->adreg = dp.adreg;
    ce->use_mult = dp.use_mult;
    ce->use_dport = dp.use_dport;
    ce->patdet = dp.patdet;
    ce->doa_reg = dp.doa_reg;
    ce->dob_reg = dp.dob_reg;
    for (size_t i = 0; i < ntok; i++) {
        char *eq = strchr(tok[i], '=');
        if (!eq) {
            fail(nl, line, "pin without '=': '%s'", tok[i]);
            return false;
        }
        *eq = 0;
        char *br = strchr(tok[i], '[');
        int bit = -1;
        if (br) {
            *br = 0;
            char *end = NULL;
            long b = strtol(br + 1, &end, 10);
            if (end == br + 1 || *end != ']' || end[1] || b < 0 || b > 4095) {
                fail(nl, line, "pin '%s' with a bad bit index", tok[i]);
                return false;
            }
            bit = (int)b;
        }
        /* a CARRY4's four-bit vectors are followed bit by bit (cstate[5] and friends) */
        if (ci->kind == K_CARRY) {
            bool vec = !strcmp(tok[i], "S") || !strcmp(tok[i], "DI") || !strcmp(tok[i], "CO") ||
                       !strcmp(tok[i], "O");
            if (vec ? bit < 0 || bit > 3 : bit >= 0) {
                fail(nl, line, "CARRY4 pin '%s': S, DI, CO and O take a bit 0..3, CI and CYINIT none",
                     tok[i]);
                return false;
            }
        }
        int n = net_id(nl, eq + 1);
        if (n < 0)
            return false;
        bool out = is_out_pin(ci, tok[i]);
        nl->pins[nl->npins] = (pin){tok[i], n, bit, out};
        if (out && !set_driver(nl, n, c, (int)nl->npins, line))
            return false;
        nl->npins++;
        ce->npins++;
    }
    return true;
}

/* A `.names` buffer (one input, cover "1 1") or constant (no input): a K_WIRE or K_CONST
 * pseudo-cell. */
static const cell_info BUF_INFO = {".names", K_WIRE, "O "};
static const cell_info CONST_INFO = {".names", K_CONST, "O "};

static bool add_names(netlist *nl, char **tok, size_t ntok, int line)
{
    if (ntok > 2) {
        fail(nl, line, "a .names with %s inputs: not a mapped xc7 netlist", ntok > 9 ? "many" : "several");
        return false;
    }
    if (!grow((void **)&nl->cells, &nl->capcells, nl->ncells + 1, sizeof *nl->cells) ||
        !grow((void **)&nl->pins, &nl->cappins, nl->npins + 2, sizeof *nl->pins))
        return false;
    int c = (int)nl->ncells++;
    cell *ce = &nl->cells[c];
    memset(ce, 0, sizeof *ce);
    ce->info = ntok == 2 ? &BUF_INFO : &CONST_INFO;
    ce->pin0 = nl->npins;
    ce->line = line;
    ce->best = -1;
    ce->cname = tok[ntok - 1];
    if (ntok == 2) {
        int n = net_id(nl, tok[0]);
        if (n < 0)
            return false;
        nl->pins[nl->npins++] = (pin){"I", n, -1, false};
        ce->npins++;
    }
    int o = net_id(nl, tok[ntok - 1]);
    if (o < 0)
        return false;
    nl->pins[nl->npins] = (pin){"O", o, -1, true};
    if (!set_driver(nl, o, c, (int)nl->npins, line))
        return false;
    nl->npins++;
    ce->npins++;
    return true;
}

/* A DSP48 register parameter (AREG ..): Yosys writes it as a binary string, or decimal.
 * Anything but a small count (0..15) is a malformed netlist: false, never a wrapped value. */
static bool param_value(const char *v, int *out)
{
    unsigned long x = 0;
    bool bin = *v && strspn(v, "01") == strlen(v);
    if (!bin && (!*v || strspn(v, "0123456789") != strlen(v)))
        return false;
    for (; *v; v++) {
        x = x * (bin ? 2u : 10u) + (unsigned)(*v - '0');
        if (x > 15u)
            return false;
    }
    *out = (int)x;
    return true;
}

static bool set_param(cell *ce, const char *name, const char *value)
{
    /* the string parameters that choose a DSP48E1's delays ("MULTIPLY", quoted) */
    if (!strcmp(name, "USE_MULT")) {
        ce->use_mult = strstr(value, "MULTIPLY") ? 1 : strstr(value, "DYNAMIC") ? 2 : 0;
        return true;
    }
    if (!strcmp(name, "USE_DPORT")) {
        ce->use_dport = strstr(value, "TRUE") != NULL;
        return true;
    }
    if (!strcmp(name, "USE_PATTERN_DETECT")) {
        ce->patdet = strstr(value, "NO_PATDET") == NULL;
        return true;
    }
    static const struct { const char *name; size_t off; } P[] = {
        {"AREG", offsetof(cell, areg)},         {"BREG", offsetof(cell, breg)},
        {"CREG", offsetof(cell, creg)},         {"DREG", offsetof(cell, dreg)},
        {"MREG", offsetof(cell, mreg)},         {"PREG", offsetof(cell, preg)},
        {"INMODEREG", offsetof(cell, inreg)},   {"OPMODEREG", offsetof(cell, opreg)},
        {"ALUMODEREG", offsetof(cell, alureg)}, {"CARRYINREG", offsetof(cell, cireg)},
        {"CARRYINSELREG", offsetof(cell, ciselreg)}, {"ADREG", offsetof(cell, adreg)},
        {"DOA_REG", offsetof(cell, doa_reg)},   {"DOB_REG", offsetof(cell, dob_reg)},
    };
    for (size_t i = 0; i < sizeof P / sizeof P[0]; i++)
        if (!strcmp(P[i].name, name))
            return param_value(value, (int *)((char *)ce + P[i].off));
    return true;
}

static bool parse(netlist *nl, char *text)
{
    char *tok_buf[4096];
    int line = 0, models = 0;
    bool ended = false;
    bool in_names = false;
    char *p = text;
    while (*p && !nl->failed) {
        char *l = p;
        char *nl_ = strchr(p, '\n');
        if (nl_) {
            *nl_ = 0;
            p = nl_ + 1;
        } else {
            p += strlen(p);
        }
        line++;
        size_t len = strlen(l);
        if (len && l[len - 1] == '\r')
            l[--len] = 0;
        if (!len || l[0] == '#')
            continue;
        if (l[0] != '.') {
            if (!in_names)
                fail(nl, line, "unexpected line '%.60s'", l);
            continue;   /* a .names cover line */
        }
        in_names = false;
        size_t n = tokens(l, tok_buf, sizeof tok_buf / sizeof tok_buf[0]);
        if (n == sizeof tok_buf / sizeof tok_buf[0]) {
            fail(nl, line, "line with more than %s tokens", "4096");
            break;
        }
        char *kw = tok_buf[0];
        if (!strcmp(kw, ".model")) {
            if (++models > 1)
                fail(nl, line, "a second .model '%s': flatten the design first", n > 1 ? tok_buf[1] : "");
        } else if (!strcmp(kw, ".inputs")) {
            for (size_t i = 1; i < n; i++) {
                int id = net_id(nl, tok_buf[i]);
                if (id < 0)
                    return false;
                if (nl->nets[id].driver >= 0 || nl->nets[id].input)
                    fail(nl, line, "net '%s' has two drivers", tok_buf[i]);
                nl->nets[id].input = true;
            }
        } else if (!strcmp(kw, ".outputs")) {
            for (size_t i = 1; i < n; i++)
                if (net_id(nl, tok_buf[i]) < 0)
                    return false;
        } else if (!strcmp(kw, ".names")) {
            if (n < 2) {
                fail(nl, line, ".names without a net%s", "");
            } else if (!add_names(nl, tok_buf + 1, n - 1, line)) {
                return false;
            }
            in_names = true;
        } else if (!strcmp(kw, ".conn")) {
            if (n != 3)
                fail(nl, line, ".conn wants two nets%s", "");
            else if (!add_names(nl, tok_buf + 1, 2, line))
                return false;
        } else if (!strcmp(kw, ".subckt")) {
            if (n < 2) {
                fail(nl, line, ".subckt without a type%s", "");
                break;
            }
            const cell_info *ci = find_type(tok_buf[1]);
            if (!ci) {
                fail(nl, line, "unknown cell type '%s' (not an xc7 cell this counter models)", tok_buf[1]);
                break;
            }
            if (!add_cell(nl, ci, tok_buf + 2, n - 2, line))
                return false;
        } else if (!strcmp(kw, ".param")) {
            if (nl->ncells && n >= 3 && !set_param(&nl->cells[nl->ncells - 1], tok_buf[1], tok_buf[2]))
                fail(nl, line, "DSP register parameter %s is not a count 0..15", tok_buf[1]);
        } else if (!strcmp(kw, ".cname")) {
            if (nl->ncells && n >= 2)
                nl->cells[nl->ncells - 1].cname = tok_buf[1];
        } else if (!strcmp(kw, ".end")) {
            ended = true;
        } else if (strcmp(kw, ".attr") && strcmp(kw, ".gate") != 0) {
            fail(nl, line, "unknown BLIF keyword '%s'", kw);
        } else if (!strcmp(kw, ".gate")) {
            fail(nl, line, "'.gate' cells are not a mapped xc7 netlist%s", "");
        }
    }
    if (!nl->failed && models == 0)
        fail(nl, 0, "no .model in the netlist%s", "");
    /* A file cut short would count fewer paths, not fail: its .end must be there. */
    if (!nl->failed && !ended)
        fail(nl, line, "no .end: the netlist is cut short%s", "");
    return !nl->failed;
}

/* ---- levels ---------------------------------------------------------------------- */

/* A structural loop closes at this cell: count it, keep the first one's name and line; the
 * caller leaves the closing input out. */
static void loop_met(netlist *nl, const cell *ce)
{
    if (!nl->loops++) {
        nl->loop_cell = ce->cname ? ce->cname : ce->info->type;
        nl->loop_line = ce->line;
    }
}

static long cell_level(netlist *nl, int c);

/* Paths are followed by recursion: past this many nets and carry bits on one path (no
 * mapped design comes near; the whole engine's deepest is tens) the netlist is refused
 * at the cell where it stopped, before the stack runs out. */
#define SYN_LV_DEPTH_MAX 10000
#define SYN_LV_STR(x) #x
#define SYN_LV_XSTR(x) SYN_LV_STR(x) /* the bound in the refusal, from the one definition */

static bool deeper(netlist *nl, const cell *ce)
{
    if (nl->depth >= SYN_LV_DEPTH_MAX) {
        fail(nl, ce->line, "a path through more than %s nets and carry bits: too deep to follow",
             SYN_LV_XSTR(SYN_LV_DEPTH_MAX));
        return false;
    }
    nl->depth++;
    return true;
}

static bool start_pin(const netlist *nl, int c, int p)
{
    const cell *ce = &nl->cells[c];
    switch (ce->info->kind) {
    case K_FF:
    case K_BRAM:
        return true;
    case K_SRL:
        return !strcmp(nl->pins[p].name, "Q31");
    default:
        return false;
    }
}

static long ram_read_level(netlist *nl, int c, const char *outpin, int *best);
static long carry_out_level(netlist *nl, int c, const pin *out, int *best);
static void take(long *lv, int *best, long v, int net_);

static long net_level(netlist *nl, int n)
{
    const net *ne = &nl->nets[n];
    if (ne->driver < 0)
        return ne->input ? 0 : -1;
    if (start_pin(nl, ne->driver, ne->dpin))
        return 0;
    if (nl->lv_state[n] == 2)
        return nl->lv[n];
    if (nl->lv_state[n] == 1) {
        loop_met(nl, &nl->cells[ne->driver]);
        return -1;
    }
    if (nl->failed || !deeper(nl, &nl->cells[ne->driver]))
        return -1;
    nl->lv_state[n] = 1;
    cell_kind k = nl->cells[ne->driver].info->kind;
    int best;
    long lv;
    if (k == K_LUTRAM || k == K_SRL)
        lv = ram_read_level(nl, ne->driver, nl->pins[ne->dpin].name, &best);
    else if (k == K_CARRY)
        lv = carry_out_level(nl, ne->driver, &nl->pins[ne->dpin], &best);
    else
        lv = cell_level(nl, ne->driver);
    nl->lv[n] = lv;
    nl->lv_state[n] = 2;
    nl->depth--;
    return lv;
}

/* CARRY4 bit i's carry entry (i = -1: the chain's input): the deepest level among S[0..i],
 * DI[0..i] and the chain's input, where a CI from a previous CARRY4's CO[k] continues that
 * chain (its entry through bit k, no level added) and a CI or CYINIT from logic is that
 * logic's level. CO[i] is one level past entry(i); O[i] one past max(entry(i-1), S[i]). */
static long carry_entry(netlist *nl, int c, int i, int *best)
{
    cell *ce = &nl->cells[c];
    int slot = i + 1;
    if (ce->cstate[slot] == 2) {
        *best = ce->cbest[slot];
        return ce->cent[slot];
    }
    if (ce->cstate[slot] == 1) {
        loop_met(nl, ce);
        *best = -1;
        return -1;
    }
    if (nl->failed || !deeper(nl, ce)) {
        *best = -1;
        return -1;
    }
    ce->cstate[slot] = 1;
    long lv = -1;
    int b = -1;
    if (i >= 0) {
        lv = carry_entry(nl, c, i - 1, &b);
    }
    for (size_t k = 0; k < ce->npins; k++) {
        const pin *pp = &nl->pins[ce->pin0 + k];
        if (pp->out)
            continue;
        bool here;
        if (i < 0)
            here = !strcmp(pp->name, "CI") || !strcmp(pp->name, "CYINIT");
        else
            here = pp->bit == i && (!strcmp(pp->name, "S") || !strcmp(pp->name, "DI"));
        if (!here)
            continue;
        const net *ne = &nl->nets[pp->net];
        if (!strcmp(pp->name, "CI") && ne->driver >= 0 && nl->cells[ne->driver].info->kind == K_CARRY &&
            !strcmp(nl->pins[ne->dpin].name, "CO")) {
            int pb;
            long pl = carry_entry(nl, ne->driver, nl->pins[ne->dpin].bit, &pb);
            take(&lv, &b, pl, pb);
        } else {
            take(&lv, &b, net_level(nl, pp->net), pp->net);
        }
    }
    ce->cent[slot] = lv;
    ce->cbest[slot] = b;
    ce->cstate[slot] = 2;
    nl->depth--;
    *best = b;
    return lv;
}

static long carry_out_level(netlist *nl, int c, const pin *out, int *best)
{
    const cell *ce = &nl->cells[c];
    int i = out->bit; /* 0..3: the reader refused any other */
    long lv;
    if (!strcmp(out->name, "CO")) {
        lv = carry_entry(nl, c, i, best);
    } else {
        lv = carry_entry(nl, c, i - 1, best);
        for (size_t k = 0; k < ce->npins; k++) {
            const pin *pp = &nl->pins[ce->pin0 + k];
            if (!pp->out && pp->bit == i && !strcmp(pp->name, "S"))
                take(&lv, best, net_level(nl, pp->net), pp->net);
        }
    }
    return lv >= 0 ? lv + 1 : -1;
}

static bool pin_is(const char *name, const char *const *list)
{
    for (; *list; list++)
        if (!strcmp(name, *list))
            return true;
    return false;
}

static const char *const CLOCK_PINS[] = {"C", "CLK", "WCLK", "CLKARDCLK", "CLKBWRCLK", "CLR", "PRE", NULL};

/* The address pins a LUT RAM or SRL output reads at: DOA..DOD at ADDRA..ADDRD, DPO at
 * DPRA*, SPO, O and Q at A* (A0.. or the vector A). */
static bool read_addr_of(const char *outpin, const char *name)
{
    if (!strncmp(outpin, "DO", 2) && strlen(outpin) == 3)
        return !strncmp(name, "ADDR", 4) && name[4] == outpin[2] && !name[5];
    if (!strcmp(outpin, "DPO"))
        return !strncmp(name, "DPRA", 4);
    return !strcmp(name, "A") || (name[0] == 'A' && name[1] >= '0' && name[1] <= '9');
}

/* A LUT RAM or SRL read: one LUT level past its read address; the stored bits are a
 * start, so a constant address reads at level 0 (best -1). */
static long ram_read_level(netlist *nl, int c, const char *outpin, int *best)
{
    cell *ce = &nl->cells[c];
    long lv = -1;
    *best = -1;
    if (ce->state == 1) {
        loop_met(nl, ce);
        return -1;
    }
    ce->state = 1;
    for (size_t i = 0; i < ce->npins; i++) {
        const pin *pp = &nl->pins[ce->pin0 + i];
        if (!pp->out && read_addr_of(outpin, pp->name)) {
            long v = net_level(nl, pp->net);
            if (v > lv) {
                lv = v;
                *best = pp->net;
            }
        }
    }
    ce->state = 0;
    return lv >= 0 ? lv + 1 : 0;
}

/* DSP48E1 inputs: which register holds each (-1: none, always combinational into the ALU;
 * -2: an endpoint always: clock enables and resets), and whether it feeds the multiplier. */
static int dsp_reg(const cell *ce, const char *pn, bool *mult)
{
    *mult = false;
    if (!strcmp(pn, "A") || !strcmp(pn, "ACIN")) { *mult = true; return ce->areg; }
    if (!strcmp(pn, "B") || !strcmp(pn, "BCIN")) { *mult = true; return ce->breg; }
    if (!strcmp(pn, "D")) { *mult = true; return ce->dreg; }
    if (!strcmp(pn, "INMODE")) { *mult = true; return ce->inreg; }
    if (!strcmp(pn, "C")) return ce->creg;
    if (!strcmp(pn, "OPMODE")) return ce->opreg;
    if (!strcmp(pn, "ALUMODE")) return ce->alureg;
    if (!strcmp(pn, "CARRYIN")) return ce->cireg;
    if (!strcmp(pn, "CARRYINSEL")) return ce->ciselreg;
    if (!strcmp(pn, "PCIN") || !strcmp(pn, "CARRYCASCIN") || !strcmp(pn, "MULTSIGNIN")) return 0;
    return -2;
}

static void take(long *lv, int *best, long v, int net_)
{
    if (v > *lv) {
        *lv = v;
        *best = net_;
    }
}

/* DSP48E1: the level at its multiplier's output (m) and at the ALU input (the P
 * register's D side), from its unregistered inputs; an input held in a register counts
 * as a start (0) there. */
static void dsp_inner(netlist *nl, const cell *ce, long *m_out, int *m_best, long *alu, int *alu_best)
{
    long mul = -1, a = -1;
    int mb = -1, ab = -1;
    bool mul_regd = false, alu_regd = false;
    for (size_t i = 0; i < ce->npins; i++) {
        const pin *pp = &nl->pins[ce->pin0 + i];
        if (pp->out)
            continue;
        bool mult;
        int reg = dsp_reg(ce, pp->name, &mult);
        if (reg == -2)
            continue;
        if (reg > 0) {
            if (nl->nets[pp->net].driver >= 0 || nl->nets[pp->net].input) {
                if (mult)
                    mul_regd = true;
                else
                    alu_regd = true;
            }
            continue;
        }
        long v = net_level(nl, pp->net);
        if (mult)
            take(&mul, &mb, v, pp->net);
        else
            take(&a, &ab, v, pp->net);
    }
    if (mul_regd && mul < 0)
        mul = 0;
    *m_out = mul;
    *m_best = mb;
    long m = ce->mreg ? (mul >= 0 ? 0 : -1) : mul;
    int mbest = ce->mreg ? -1 : mb;
    if (alu_regd && a < 0)
        a = 0, ab = -1;
    if (m > a || (m == a && m >= 0 && ab < 0))
        a = m, ab = mbest;
    *alu = a;
    *alu_best = ab;
}

static long cell_level(netlist *nl, int c)
{
    cell *ce = &nl->cells[c];
    if (ce->state == 2)
        return ce->level;
    if (ce->state == 1) {
        loop_met(nl, ce);
        return -1;
    }
    ce->state = 1;
    long lv = -1;
    int best = -1;
    switch (ce->info->kind) {
    case K_LUT:
    case K_WIRE:
        for (size_t i = 0; i < ce->npins; i++) {
            const pin *pp = &nl->pins[ce->pin0 + i];
            if (!pp->out)
                take(&lv, &best, net_level(nl, pp->net), pp->net);
        }
        if (ce->info->kind == K_LUT && lv >= 0)
            lv++;
        break;
    case K_CARRY:   /* per output bit: carry_out_level */
    case K_LUTRAM:
    case K_SRL:
        lv = 0;   /* read per output: ram_read_level */
        break;
    case K_DSP: {
        long m, alu;
        int mb, ab;
        dsp_inner(nl, ce, &m, &mb, &alu, &ab);
        if (ce->preg) {
            lv = 0;
        } else {
            lv = alu >= 0 ? alu + 1 : -1;
            best = ab;
        }
        break;
    }
    case K_FF:
    case K_BRAM:
        lv = 0;
        break;
    case K_CONST:
        lv = -1;
        break;
    }
    ce->level = lv;
    ce->best = best;
    ce->state = 2;
    return lv;
}

/* ---- endpoints and paths ----------------------------------------------------------- */

typedef struct {
    long level;
    int net;        /* the net the endpoint samples (-1: a DSP's inner register) */
    int cell;       /* the endpoint cell (-1: a top-level output) */
    const char *pin;
    char *group;    /* malloc'd */
} endpoint;

/* "name[12]" -> "name" */
static void group_of(const char *name, char *out, size_t cap)
{
    snprintf(out, cap, "%s", name);
    size_t n = strlen(out);
    if (n && out[n - 1] == ']') {
        char *br = strrchr(out, '[');
        if (br && br[1] && strspn(br + 1, "0123456789") == (size_t)(out + n - 1 - (br + 1)))
            *br = 0;
    }
}

static const char *cell_name(const cell *ce)
{
    return ce->cname ? ce->cname : ce->info->type;
}

/* A net's hierarchy scope ("a.b" of "a.b.sig[3]"), or "" for Yosys's own names. */
static void scope_of(const char *name, char *out, size_t cap)
{
    out[0] = 0;
    if (name[0] == '$')
        return;
    const char *br = strchr(name, '[');
    size_t n = br ? (size_t)(br - name) : strlen(name);
    const char *dot = NULL;
    for (size_t i = 0; i < n; i++)
        if (name[i] == '.')
            dot = name + i;
    if (!dot)
        return;
    snprintf(out, cap, "%.*s", (int)(dot - name), name);
}

static void append_scope(char *via, size_t cap, char *last, size_t lastcap, const char *name)
{
    char s[SYN_LV_NAME_MAX];
    scope_of(name, s, sizeof s);
    if (!s[0] || !strcmp(s, last))
        return;
    /* one entry per scope: skip it if it is already listed */
    size_t sl = strlen(s);
    for (const char *q = strstr(via, s); q; q = strstr(q + 1, s))
        if ((q == via || q[-1] == ' ') && (q[sl] == 0 || q[sl] == ','))
            return;
    snprintf(last, lastcap, "%s", s);
    size_t vl = strlen(via);
    if (vl + sl + 3 < cap)
        snprintf(via + vl, cap - vl, "%s%s", vl ? ", " : "", s);
}

/* One step back along a path: the net before n, or -1 at the path's start, whose name
 * it then writes to `start`. */
typedef int (*trace_step)(netlist *nl, int n, char *start, size_t scap);

/* The named nets of a path (chain[] holds it end first) into `nets`, start first; when
 * they do not all fit, as many as fit and then how many are left out. */
static void list_nets(const netlist *nl, const int *chain, size_t len, char *nets, size_t cap)
{
    size_t named = 0, used = 0, listed = 0;
    for (size_t i = 0; i < len; i++)
        named += nl->nets[chain[i]].name[0] != '$';
    nets[0] = 0;
    /* room kept for the tail " -> ... (N more)" */
    const size_t tail = 40;
    for (size_t i = len; i-- > 0;) {
        const char *nm = nl->nets[chain[i]].name;
        if (nm[0] == '$')
            continue;
        size_t need = strlen(nm) + (used ? 4 : 0);
        if (used + need + tail >= cap) {
            snprintf(nets + used, cap - used, "%s... (%zu more)", used ? " -> " : "", named - listed);
            return;
        }
        used += (size_t)snprintf(nets + used, cap - used, "%s%s", used ? " -> " : "", nm);
        listed++;
    }
}

/* Walk back from an endpoint net: the start's name and the scopes passed (start first);
 * with `nets`, the named nets too (list_nets). */
static void trace_with(netlist *nl, int n, trace_step step, char *start, size_t scap, char *via,
                       size_t vcap, char *nets, size_t ncap)
{
    /* every net of the path: as long as the deepest path deeper() lets through */
    int chain[SYN_LV_DEPTH_MAX + 2];
    size_t len = 0;
    snprintf(start, scap, "(constant)");
    while (n >= 0 && len < sizeof chain / sizeof chain[0]) {
        chain[len++] = n;
        n = step(nl, n, start, scap);
    }
    if (n >= 0)
        snprintf(start, scap, "(a path of more than %zu nets)", len);
    char last[SYN_LV_NAME_MAX] = "";
    via[0] = 0;
    for (size_t i = len; i-- > 0;)
        append_scope(via, vcap, last, sizeof last, nl->nets[chain[i]].name);
    if (nets)
        list_nets(nl, chain, len, nets, ncap);
}

/* Levels: back along the inputs that set each level. */
static int level_step(netlist *nl, int n, char *start, size_t scap)
{
    const net *ne = &nl->nets[n];
    if (ne->driver < 0) {
        group_of(ne->name, start, scap);
        return -1;
    }
    const cell *ce = &nl->cells[ne->driver];
    if (ce->info->kind == K_LUTRAM || ce->info->kind == K_SRL || ce->info->kind == K_CARRY) {
        int best;
        if (ce->info->kind == K_CARRY)
            carry_out_level(nl, ne->driver, &nl->pins[ne->dpin], &best);
        else
            ram_read_level(nl, ne->driver, nl->pins[ne->dpin].name, &best);
        if (best < 0)
            snprintf(start, scap, "%s (%s)", cell_name(ce), ce->info->type);
        return best;
    }
    /* a register, or a cell whose level starts at a register inside it (a DSP48's) */
    if (start_pin(nl, ne->driver, ne->dpin) || ce->best < 0) {
        if (ce->info->kind == K_FF || ne->name[0] != '$')
            group_of(ne->name, start, scap);
        else
            snprintf(start, scap, "%s (%s)", cell_name(ce), ce->info->type);
        return -1;
    }
    return ce->best;
}

static int by_level_desc(const void *a, const void *b)
{
    const endpoint *x = a, *y = b;
    return (x->level < y->level) - (x->level > y->level);
}

static int by_group(const void *a, const void *b)
{
    return strcmp(((const endpoint *)a)->group, ((const endpoint *)b)->group);
}

static bool add_endpoint(netlist *nl, endpoint **eps, size_t *n, size_t *cap, long level, int net_,
                         int c, const char *pin_, const char *group)
{
    if (level < 0)
        return true;
    if (!grow((void **)eps, cap, *n + 1, sizeof **eps))
        return false;
    char g[SYN_LV_NAME_MAX];
    group_of(group, g, sizeof g);
    (*eps)[*n] = (endpoint){level, net_, c, pin_, strdup(g)};
    (void)nl;
    return (*eps)[(*n)++].group != NULL;
}

static bool collect(netlist *nl, endpoint **eps, size_t *n, size_t *cap, char **outputs, size_t nout)
{
    char g[2 * SYN_LV_NAME_MAX];
    for (size_t c = 0; c < nl->ncells && !nl->failed; c++) {
        cell *ce = &nl->cells[c];
        cell_kind k = ce->info->kind;
        if (k == K_LUT || k == K_WIRE || k == K_CARRY || k == K_CONST)
            continue;
        const char *qname = NULL;
        for (size_t i = 0; i < ce->npins; i++)
            if (nl->pins[ce->pin0 + i].out && !qname)
                qname = nl->nets[nl->pins[ce->pin0 + i].net].name;
        if (k == K_DSP) {
            long m, alu;
            int mb, ab;
            dsp_inner(nl, ce, &m, &mb, &alu, &ab);
            for (size_t i = 0; i < ce->npins; i++) {
                const pin *pp = &nl->pins[ce->pin0 + i];
                bool mult;
                if (pp->out || pin_is(pp->name, CLOCK_PINS))
                    continue;
                int reg = dsp_reg(ce, pp->name, &mult);
                if (reg == -2 || reg > 0) {
                    snprintf(g, sizeof g, "%s.%s", cell_name(ce), pp->name);
                    if (!add_endpoint(nl, eps, n, cap, net_level(nl, pp->net), pp->net, (int)c, pp->name, g))
                        return false;
                }
            }
            if (ce->mreg && m >= 0) {
                snprintf(g, sizeof g, "%s.MREG", cell_name(ce));
                if (!add_endpoint(nl, eps, n, cap, m + 1, mb, (int)c, "MREG", g))
                    return false;
            }
            if (ce->preg && alu >= 0) {
                snprintf(g, sizeof g, "%s.PREG", cell_name(ce));
                if (!add_endpoint(nl, eps, n, cap, alu + 1, ab, (int)c, "PREG", g))
                    return false;
            }
            continue;
        }
        for (size_t i = 0; i < ce->npins; i++) {
            const pin *pp = &nl->pins[ce->pin0 + i];
            if (pp->out || pin_is(pp->name, CLOCK_PINS))
                continue;
            if (k == K_FF && strcmp(pp->name, "D") && strcmp(pp->name, "CE") && strcmp(pp->name, "R") &&
                strcmp(pp->name, "S"))
                continue;
            if (k == K_SRL && strcmp(pp->name, "D") && strcmp(pp->name, "CE"))
                continue;
            /* a LUT RAM's read-only addresses feed its outputs, not its write side */
            if (k == K_LUTRAM && (!strncmp(pp->name, "DPRA", 4) || !strcmp(pp->name, "ADDRA") ||
                                  !strcmp(pp->name, "ADDRB") || !strcmp(pp->name, "ADDRC")))
                continue;
            if (k == K_FF && qname && qname[0] != '$')
                snprintf(g, sizeof g, "%s", qname);
            else
                snprintf(g, sizeof g, "%s.%s", cell_name(ce), pp->name);
            if (!add_endpoint(nl, eps, n, cap, net_level(nl, pp->net), pp->net, (int)c, pp->name, g))
                return false;
        }
    }
    for (size_t i = 0; i < nout && !nl->failed; i++) {
        int id = net_id(nl, outputs[i]);
        if (id < 0 || !add_endpoint(nl, eps, n, cap, net_level(nl, id), id, -1, "", outputs[i]))
            return false;
    }
    return !nl->failed;
}

/* ---- cell delay ------------------------------------------------------------------ */

static xc7_params params_of(const cell *ce)
{
    return (xc7_params){ce->areg, ce->breg, ce->creg, ce->dreg, ce->adreg, ce->mreg, ce->preg,
                        ce->use_mult, ce->use_dport, ce->patdet, ce->doa_reg, ce->dob_reg};
}

static const char *type_of(const cell *ce)
{
    return ce->info->type;
}

/* A net's arrival time: top inputs at 0, a cell output the latest of its inputs' arrivals
 * plus each input's arc (a clock pin's arc is clock to output), as Yosys's `sta` adds them,
 * but memoized: each net once. -1: nothing timed reaches it. */
static long net_arrival(netlist *nl, int n)
{
    if (nl->arr_state[n] == 2)
        return nl->arr[n];
    const net *ne = &nl->nets[n];
    if (nl->arr_state[n] == 1) {
        const cell *ce = &nl->cells[ne->driver];
        loop_met(nl, ce);
        return -1;
    }
    long a = ne->driver < 0 && ne->input ? 0 : -1;
    int bp = -1;
    if (ne->driver >= 0) {
        const cell *ce = &nl->cells[ne->driver];
        if (nl->failed || !deeper(nl, ce))
            return -1;
        nl->arr_state[n] = 1;
        const pin *op = &nl->pins[ne->dpin];
        xc7_params prm = params_of(ce);
        for (size_t i = 0; i < ce->npins && !nl->failed; i++) {
            const pin *pp = &nl->pins[ce->pin0 + i];
            if (pp->out)
                continue;
            long d = xc7_arc(type_of(ce), pp->name, pp->bit, op->name, op->bit, &prm);
            if (d < 0)
                continue;
            long ai = net_arrival(nl, pp->net);
            if (ai >= 0 && ai + d > a) {
                a = ai + d;
                bp = (int)(ce->pin0 + i);
            }
        }
        nl->depth--;
    }
    nl->arr[n] = a;
    nl->arr_pin[n] = bp;
    nl->arr_state[n] = 2;
    return a;
}

/* Delay: back along the arcs that set each arrival, to a register (the first cell entered
 * at its clock pin) or a top input. */
static int delay_step(netlist *nl, int n, char *start, size_t scap)
{
    const net *ne = &nl->nets[n];
    int bp = nl->arr_pin[n];
    if (ne->driver < 0 || bp < 0) {
        group_of(ne->name, start, scap);
        return -1;
    }
    const cell *ce = &nl->cells[ne->driver];
    if (xc7_is_clock(type_of(ce), nl->pins[bp].name)) {
        if (ne->name[0] != '$')
            group_of(ne->name, start, scap);
        else
            snprintf(start, scap, "%s (%s)", cell_name(ce), type_of(ce));
        return -1;
    }
    return nl->pins[bp].net;
}

/* The largest arrival plus setup over every timed end pin and top output. */
static bool worst_delay(netlist *nl, char **outputs, size_t nout, syn_levels *out)
{
    size_t nn = nl->nnets ? nl->nnets : 1;
    nl->arr = malloc(nn * sizeof *nl->arr);
    nl->arr_pin = malloc(nn * sizeof *nl->arr_pin);
    nl->arr_state = calloc(nn, 1);
    if (!nl->arr || !nl->arr_pin || !nl->arr_state)
        return false;
    long best = -1;
    int best_net = -1, best_cell = -1;
    const char *best_pin = "";
    for (size_t c = 0; c < nl->ncells && !nl->failed; c++) {
        const cell *ce = &nl->cells[c];
        if (!xc7_has_delays(type_of(ce))) {
            out->untimed_cells++;
            continue;
        }
        xc7_params prm = params_of(ce);
        for (size_t i = 0; i < ce->npins; i++) {
            const pin *pp = &nl->pins[ce->pin0 + i];
            if (pp->out)
                continue;
            long su = xc7_setup(type_of(ce), pp->name, pp->bit, &prm);
            if (su < 0)
                continue;
            long a = net_arrival(nl, pp->net);
            if (a >= 0 && a + su > best) {
                best = a + su;
                best_net = pp->net;
                best_cell = (int)c;
                best_pin = pp->name;
            }
        }
    }
    for (size_t i = 0; i < nout && !nl->failed; i++) {
        int id = net_id(nl, outputs[i]);
        if (id < 0 || (size_t)id >= nn)
            continue;
        long a = net_arrival(nl, id);
        if (a > best) {
            best = a;
            best_net = id;
            best_cell = -1;
            best_pin = "";
        }
    }
    if (nl->failed)
        return false;
    out->delay_ps = best;
    if (best_net < 0)
        return true;
    trace_with(nl, best_net, delay_step, out->delay_from, sizeof out->delay_from, out->delay_via,
               sizeof out->delay_via, NULL, 0);
    if (best_cell < 0) {
        snprintf(out->delay_to, sizeof out->delay_to, "%s", nl->nets[best_net].name);
    } else {
        const cell *ce = &nl->cells[best_cell];
        const char *q = NULL;
        for (size_t i = 0; i < ce->npins && !q; i++)
            if (nl->pins[ce->pin0 + i].out)
                q = nl->nets[nl->pins[ce->pin0 + i].net].name;
        char g[2 * SYN_LV_NAME_MAX];
        if (ce->info->kind == K_FF && q && q[0] != '$')
            group_of(q, g, sizeof g);
        else
            snprintf(g, sizeof g, "%s.%s", cell_name(ce), best_pin);
        size_t gl = strlen(g) < sizeof out->delay_to ? strlen(g) : sizeof out->delay_to - 1;
        memcpy(out->delay_to, g, gl);
        out->delay_to[gl] = 0;
    }
    out->delay_levels = net_level(nl, best_net);
    return !nl->failed;
}

bool syn_levels_from_blif(const char *blif, long threshold, syn_levels *out, char *err, size_t errcap)
{
    memset(out, 0, sizeof *out);
    out->max_levels = -1;
    snprintf(err, errcap, "out of memory");
    netlist nl;
    memset(&nl, 0, sizeof nl);
    nl.err = err;
    nl.errcap = errcap;
    char *text = strdup(blif ? blif : "");
    char **outputs = NULL;
    size_t nout = 0, capout = 0;
    endpoint *eps = NULL;
    size_t neps = 0, capeps = 0;
    bool ok = false;
    if (!text)
        goto done;
    /* The .outputs names are kept aside (parse() tokenizes the text in place). */
    for (const char *o = strstr(text, "\n.outputs"); o; o = strstr(o + 1, "\n.outputs")) {
        const char *e = strchr(o + 1, '\n');
        size_t len = e ? (size_t)(e - o - 9) : strlen(o + 9);
        char *copy = strndup(o + 9, len);
        if (!copy)
            goto done;
        char *save = NULL;
        for (char *t = strtok_r(copy, " \t\r", &save); t; t = strtok_r(NULL, " \t\r", &save)) {
            if (!grow((void **)&outputs, &capout, nout + 1, sizeof *outputs)) {
                free(copy);
                goto done;
            }
            outputs[nout++] = strdup(t);
        }
        free(copy);
    }
    if (!parse(&nl, text))
        goto done;
    nl.lv = malloc((nl.nnets ? nl.nnets : 1) * sizeof *nl.lv);
    nl.lv_state = calloc(nl.nnets ? nl.nnets : 1, 1);
    if (!nl.lv || !nl.lv_state)
        goto done;
    if (!collect(&nl, &eps, &neps, &capeps, outputs, nout))
        goto done;
    out->cells = (long)nl.ncells;
    out->endpoints = (long)neps;
    out->loops = nl.loops;
    if (nl.loops) {
        snprintf(out->loop_cell, sizeof out->loop_cell, "%s", nl.loop_cell);
        out->loop_line = nl.loop_line;
    }
    out->delay_ps = -1;
    if (!worst_delay(&nl, outputs, nout, out))
        goto done;
    /* End groups: the deepest endpoint of each. */
    if (neps)
        qsort(eps, neps, sizeof *eps, by_group);
    for (size_t i = 0; i < neps;) {
        size_t j = i;
        long deepest = -1;
        for (; j < neps && !strcmp(eps[j].group, eps[i].group); j++)
            if (eps[j].level > deepest)
                deepest = eps[j].level;
        out->end_groups++;
        if (deepest > threshold)
            out->end_groups_over++;
        i = j;
    }
    /* The deepest paths, one per (start, end) pair of groups. */
    if (neps)
        qsort(eps, neps, sizeof *eps, by_level_desc);
    if (neps)
        out->max_levels = eps[0].level;
    for (size_t i = 0; i < neps && out->nworst < SYN_LV_WORST; i++) {
        syn_lv_path pth;
        memset(&pth, 0, sizeof pth);
        pth.levels = eps[i].level;
        snprintf(pth.end, sizeof pth.end, "%s", eps[i].group);
        if (eps[i].net >= 0)
            trace_with(&nl, eps[i].net, level_step, pth.start, sizeof pth.start, pth.via, sizeof pth.via,
                       pth.nets, sizeof pth.nets);
        else
            snprintf(pth.start, sizeof pth.start, "%s", eps[i].group);
        bool seen = false;
        for (size_t k = 0; k < out->nworst; k++)
            if (!strcmp(out->worst[k].start, pth.start) && !strcmp(out->worst[k].end, pth.end))
                seen = true;
        if (!seen)
            out->worst[out->nworst++] = pth;
    }
    ok = true;
done:
    for (size_t i = 0; i < neps; i++)
        free(eps[i].group);
    free(eps);
    for (size_t i = 0; i < nout; i++)
        free(outputs[i]);
    free(outputs);
    free(nl.nets);
    free(nl.hash);
    free(nl.cells);
    free(nl.pins);
    free(nl.arr);
    free(nl.arr_pin);
    free(nl.arr_state);
    free(nl.lv);
    free(nl.lv_state);
    free(text);
    if (ok)
        err[0] = 0;
    return ok;
}
