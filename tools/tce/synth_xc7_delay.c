/* The xc7 cell-delay figures of Yosys 0.23's cells_sim.v specify blocks (synth_xc7_delay.h),
 * cell by cell. The numbers are the library's; the tables only lay them out by pin. */
#include "synth_xc7_delay.h"

#include <string.h>

void xc7_params_default(xc7_params *p)
{
    /* DSP48E1 and RAMB*E1 parameter defaults of cells_sim.v */
    *p = (xc7_params){1, 1, 1, 1, 1, 1, 1, 1, false, false, 0, 0};
}

static bool is(const char *a, const char *b)
{
    return !strcmp(a, b);
}

/* "I3" -> 3; -1 when the name is not PREFIX followed by one digit */
static int digit_after(const char *name, const char *prefix)
{
    size_t n = strlen(prefix);
    if (strncmp(name, prefix, n) || name[n] < '0' || name[n] > '9' || name[n + 1])
        return -1;
    return name[n] - '0';
}

/* LUT6's input delays I0..I5; a LUTk uses the last k (its I0 is LUT6's I(6-k)). */
static const long LUT6_IN[6] = {642, 631, 472, 407, 238, 127};

static long lut_arc(int k, const char *in, const char *out)
{
    int i = digit_after(in, "I");
    if (i < 0 || i >= k || !is(out, "O"))
        return -1;
    return LUT6_IN[6 - k + i];
}

/* CARRY4: [input bit][output bit] for each input kind, -1 where no arc */
static const long C4_O_S[4][4] = {{223, 400, 523, 582}, {-1, 205, 558, 618}, {-1, -1, 226, 330}, {-1, -1, -1, 227}};
static const long C4_O_DI[4][4] = {{-1, 407, 556, 615}, {-1, -1, 537, 596}, {-1, -1, -1, 438}, {-1, -1, -1, -1}};
static const long C4_O_CI[4] = {222, 334, 239, 313};
static const long C4_O_CYINIT[4] = {482, 598, 584, 642};
static const long C4_CO_S[4][4] = {{340, 433, 512, 508}, {-1, 469, 548, 528}, {-1, -1, 292, 378}, {-1, -1, -1, 380}};
static const long C4_CO_DI[4][4] = {{379, 465, 540, 526}, {-1, 445, 520, 507}, {-1, -1, 356, 398}, {-1, -1, -1, 385}};
static const long C4_CO_CI[4] = {271, 157, 228, 114};
static const long C4_CO_CYINIT[4] = {536, 494, 592, 580};

static long carry4_arc(const char *in, int ib, const char *out, int ob)
{
    bool o = is(out, "O"), co = is(out, "CO");
    if ((!o && !co) || ob < 0 || ob > 3)
        return -1;
    if (is(in, "CI"))
        return o ? C4_O_CI[ob] : C4_CO_CI[ob];
    if (is(in, "CYINIT"))
        return o ? C4_O_CYINIT[ob] : C4_CO_CYINIT[ob];
    if (ib < 0 || ib > 3)
        return -1;
    if (is(in, "S"))
        return o ? C4_O_S[ib][ob] : C4_CO_S[ib][ob];
    if (is(in, "DI"))
        return o ? C4_O_DI[ib][ob] : C4_CO_DI[ib][ob];
    return -1;
}

static bool is_ff(const char *t)
{
    return is(t, "FDRE") || is(t, "FDSE") || is(t, "FDCE") || is(t, "FDPE");
}

/* RAM32M / RAM64M: read address bit k of port X to DOX */
static const long RAMM_READ[6] = {642, 631, 472, 407, 238, 127};
static const long RAM32M_WADDR[5] = {245, 208, 147, 68, 66};
static const long RAM64M_WADDR[6] = {362, 245, 208, 147, 68, 66};
/* clock to DOA..DOD, bit 0 and bit 1 (RAM64M's one-bit ports take bit 0's figure) */
static const long RAMM_CLK[4][2] = {{1153, 1188}, {1161, 1187}, {1158, 1180}, {1163, 1190}};
static const long RAM32M_DI[4][2] = {{453, 384}, {461, 354}, {457, 375}, {310, 334}};
static const long RAM64M_DI[4] = {384, 354, 375, 310};

/* "DOB" -> 1 */
static int port_of(const char *name, const char *prefix)
{
    size_t n = strlen(prefix);
    if (strncmp(name, prefix, n) || name[n] < 'A' || name[n] > 'D' || name[n + 1])
        return -1;
    return name[n] - 'A';
}

static long ramm_arc(bool m64, const char *in, int ib, const char *out, int ob)
{
    int po = port_of(out, "DO");
    if (po < 0)
        return -1;
    if (is(in, "WCLK"))
        return RAMM_CLK[po][ob == 1 ? 1 : 0];
    int pa = port_of(in, "ADDR");
    if (pa != po || ib < 0 || ib > (m64 ? 5 : 4))
        return -1;
    return RAMM_READ[ib];
}

static long ramm_setup(bool m64, const char *in, int ib)
{
    if (is(in, "WE"))
        return 654;
    if (is(in, "ADDRD") && ib >= 0 && ib <= (m64 ? 5 : 4))
        return m64 ? RAM64M_WADDR[ib] : RAM32M_WADDR[ib];
    int pd = port_of(in, "DI");
    if (pd >= 0)
        return m64 ? RAM64M_DI[pd] : RAM32M_DI[pd][ib == 1 ? 1 : 0];
    return -1;
}

/* RAM32X1D / RAM64X1D / RAM128X1D: depth 32, 64 or 128 */
static const long X1D_SPO[6] = {642, 632, 472, 407, 238, 127};
static const long X1D_DPO[6] = {642, 631, 472, 407, 238, 127};
static const long X1D_WADDR32[5] = {245, 208, 147, 68, 66};
static const long X1D_WADDR64[6] = {362, 245, 208, 147, 68, 66};
static const long X1D_WADDR128[7] = {616, 362, 245, 208, 147, 68, 66};

/* address bit of an X1D read or write pin: A0.., A[k], DPRA0.., DPRA[k] */
static int x1d_bit(const char *in, int ib, const char *base)
{
    int d = digit_after(in, base);
    if (d >= 0)
        return d;
    return is(in, base) ? ib : -1;
}

static long x1d_arc(int depth, const char *in, int ib, const char *out)
{
    int k = depth == 32 ? 5 : depth == 64 ? 6 : 7;
    bool spo = is(out, "SPO"), dpo = is(out, "DPO");
    if (!spo && !dpo)
        return -1;
    if (is(in, "WCLK"))
        return depth == 128 ? 1153 + 217 + 175 : 1153;
    int a = x1d_bit(in, ib, spo ? "A" : "DPRA");
    if (a < 0 || a >= k)
        return -1;
    if (depth < 128)
        return spo ? X1D_SPO[a] : X1D_DPO[a];
    /* 128 deep: two LUT6 halves and the F7 mux */
    if (spo)
        return a == 6 ? 276 + 175 : X1D_DPO[a] + 193 + 175;
    return a == 6 ? 296 + 174 : X1D_DPO[a] + 223 + 174;
}

static long x1d_setup(int depth, const char *in, int ib)
{
    if (is(in, "D"))
        return 453;
    if (is(in, "WE"))
        return 654;
    int a = x1d_bit(in, ib, "A");
    if (a < 0)
        return -1;
    if (depth == 32)
        return a < 5 ? X1D_WADDR32[a] : -1;
    if (depth == 64)
        return a < 6 ? X1D_WADDR64[a] : -1;
    return a < 7 ? X1D_WADDR128[a] : -1;
}

/* DSP48E1: the functions of cells_sim.v, by USE_MULT/USE_DPORT: m = MULTIPLY without the
 * D port, md = MULTIPLY with it, n = NONE */
enum { DSP_M, DSP_MD, DSP_N, DSP_OTHER };

static int dsp_mode(const xc7_params *p)
{
    if (p->use_mult == 1)
        return p->use_dport ? DSP_MD : DSP_M;
    if (p->use_mult == 0 && !p->use_dport)
        return DSP_N;
    return DSP_OTHER;
}

/* comb A/B/C/D -> P (pcout false) or PCOUT; 0 where cells_sim.v's function assigns none */
static long dsp_comb(char in, bool pcout, int mode)
{
    static const long A[3][2] = {{2823, 2970}, {3806, 3954}, {1523, 1671}};
    static const long B[3][2] = {{2690, 2838}, {2690, 2838}, {1509, 1658}};
    if (mode == DSP_OTHER)
        return 0;
    switch (in) {
    case 'A': return A[mode][pcout];
    case 'B': return B[mode][pcout];
    case 'C': return pcout ? 1474 : 1325;
    case 'D': return mode == DSP_MD ? (pcout ? 3700 : 3717) : 0;
    default: return -1;
    }
}

static long dsp_clk_out(const xc7_params *p, bool pcout)
{
    int m = dsp_mode(p);
    if (p->preg)
        return pcout ? 435 : 329;
    if (p->creg)
        return pcout ? 1835 : 1687;
    if (m == DSP_M) {
        if (p->mreg) return pcout ? 1819 : 1671;
        if (p->areg) return pcout ? 3098 : 2952;
        if (p->breg) return pcout ? 2960 : 2813;
    } else if (m == DSP_MD) {
        if (p->mreg) return pcout ? 1819 : 1671;
        if (p->areg) return pcout ? 4083 : 3935;
        if (p->dreg) return pcout ? 4056 : 3908;
        if (pcout) {
            if (p->breg) return 2960;
            if (p->adreg) return 2859;
        } else {
            if (p->adreg) return 2958;
            if (p->breg) return 2813;
        }
    } else if (m == DSP_N) {
        if (p->areg) return pcout ? 1780 : 1632;
        if (p->breg) return pcout ? 1765 : 1616;
    }
    return 0;
}

static long dsp_required(char in, const xc7_params *p)
{
    int m = dsp_mode(p);
    switch (in) {
    case 'A':
        if (p->areg) return 254;
        if (m == DSP_M) {
            if (p->mreg) return 1416;
            if (p->preg) return p->patdet ? 3030 : 2739;
        } else if (m == DSP_MD) {
            if (p->mreg) return 2400;
            if (p->adreg) return 1283;
            if (p->preg) return 3723;
        } else if (m == DSP_N) {
            if (p->preg) return p->patdet ? 1730 : 1441;
        }
        return 0;
    case 'B':
        if (p->breg) return 324;
        if (p->mreg) return 1285;
        if ((m == DSP_M || m == DSP_MD) && p->preg) return p->patdet ? 2898 : 2608;
        if (m == DSP_N && p->preg) return p->patdet ? 1718 : 1428;
        return 0;
    case 'C':
        if (p->creg) return 168;
        if (p->preg) return p->patdet ? 1534 : 1244;
        return 0;
    case 'D':
        if (m == DSP_MD) {
            if (p->dreg) return 248;
            if (p->adreg) return 1195;
            if (p->mreg) return 2310;
            if (p->preg) return p->patdet ? 3925 : 3635;
        }
        return 0;
    default:
        return -1;
    }
}

/* whether input A/B/C/D/PCIN reaches P combinationally (else it has a setup) */
static bool dsp_in_comb(char in, const xc7_params *p)
{
    switch (in) {
    case 'A': return !p->preg && !p->mreg && !p->areg && !p->adreg;
    case 'B': return !p->preg && !p->mreg && !p->breg;
    case 'C': return !p->preg && !p->creg;
    case 'D': return !p->preg && !p->mreg && !p->adreg && !p->dreg;
    default: return !p->preg;   /* PCIN */
    }
}

static char dsp_input(const char *in)
{
    if (is(in, "A") || is(in, "B") || is(in, "C") || is(in, "D"))
        return in[0];
    if (is(in, "PCIN"))
        return 'P';
    return 0;
}

static long dsp_arc(const char *in, const char *out, const xc7_params *p)
{
    bool pcout = is(out, "PCOUT");
    if (!pcout && !is(out, "P"))
        return -1;
    if (is(in, "CLK")) {
        bool any = p->preg || p->areg || p->adreg || p->breg || p->creg || p->dreg || p->mreg;
        return any ? dsp_clk_out(p, pcout) : -1;
    }
    char c = dsp_input(in);
    if (!c || !dsp_in_comb(c, p))
        return -1;
    if (c == 'P')
        return pcout ? 1255 : 1107;
    return dsp_comb(c, pcout, dsp_mode(p));
}

static long dsp_setup(const char *in, const xc7_params *p)
{
    char c = dsp_input(in);
    if (!c || dsp_in_comb(c, p))
        return -1;
    if (c == 'P')
        return p->patdet ? 1315 : 1025;
    return dsp_required(c, p);
}

/* RAMB18E1 / RAMB36E1 */
static long bram_arc(const char *in, const char *out, const xc7_params *p)
{
    if (is(in, "CLKARDCLK") && (is(out, "DOADO") || is(out, "DOPADOP")))
        return p->doa_reg ? 882 : 2454;
    if (is(in, "CLKBWRCLK") && (is(out, "DOBDO") || is(out, "DOPBDOP")))
        return p->dob_reg ? 882 : 2454;
    return -1;
}

static long bram_setup(const char *in)
{
    if (is(in, "ADDRARDADDR") || is(in, "ADDRBWRADDR"))
        return 566;
    if (is(in, "WEA") || is(in, "WEBWE"))
        return 532;
    if (is(in, "REGCEAREGCE") || is(in, "REGCEB"))
        return 360;
    if (is(in, "RSTREGARSTREG") || is(in, "RSTREGB"))
        return 342;
    if (is(in, "DIADI") || is(in, "DIBDI") || is(in, "DIPADIP") || is(in, "DIPBDIP"))
        return 737;
    return -1;
}

static int lut_size(const char *t)
{
    int k = digit_after(t, "LUT");
    return k >= 1 && k <= 6 ? k : -1;
}

bool xc7_has_delays(const char *t)
{
    static const char *const T[] = {"MUXF7", "MUXF8", "INV", "BUF", "BUFG", "IBUF", "OBUF", "CARRY4",
                                    "FDRE", "FDSE", "FDCE", "FDPE", "LUT6_2", "RAM32M", "RAM64M",
                                    "RAM32X1D", "RAM64X1D", "RAM128X1D", "SRL16E", "SRLC32E",
                                    "DSP48E1", "RAMB18E1", "RAMB36E1", "GND", "VCC", ".names", NULL};
    if (lut_size(t) > 0)
        return true;
    for (const char *const *p = T; *p; p++)
        if (is(t, *p))
            return true;
    return false;
}

bool xc7_is_clock(const char *t, const char *in)
{
    if (is_ff(t))
        return is(in, "C");
    return is(in, "CLK") || is(in, "WCLK") || is(in, "CLKARDCLK") || is(in, "CLKBWRCLK");
}

long xc7_arc(const char *t, const char *in, int ib, const char *out, int ob, const xc7_params *p)
{
    int k = lut_size(t);
    if (k > 0)
        return lut_arc(k, in, out);
    if (is(t, "LUT6_2")) {
        if (is(out, "O6"))
            return lut_arc(6, in, "O");
        return is(out, "O5") ? lut_arc(5, in, "O") : -1;
    }
    if (is(t, "MUXF7") || is(t, "MUXF8")) {
        bool f7 = t[4] == '7';
        if (!is(out, "O"))
            return -1;
        if (is(in, "I0")) return f7 ? 217 : 104;
        if (is(in, "I1")) return f7 ? 223 : 94;
        if (is(in, "S")) return f7 ? 296 : 273;
        return -1;
    }
    if (is(t, "INV"))
        return is(in, "I") ? 127 : -1;
    if (is(t, "BUFG"))
        return is(in, "I") ? 96 : -1;
    if (is(t, "BUF") || is(t, "IBUF") || is(t, "OBUF") || is(t, ".names"))
        return is(in, "I") ? 0 : -1;
    if (is(t, "CARRY4"))
        return carry4_arc(in, ib, out, ob);
    if (is_ff(t)) {
        if (!is(out, "Q"))
            return -1;
        if (is(in, "C"))
            return 303;
        /* the asynchronous clear/preset reaches Q without a clock edge */
        if ((is(t, "FDCE") && is(in, "CLR")) || (is(t, "FDPE") && is(in, "PRE")))
            return 764;
        return -1;
    }
    if (is(t, "RAM32M") || is(t, "RAM64M"))
        return ramm_arc(t[3] == '6', in, ib, out, ob);
    if (is(t, "RAM32X1D"))
        return x1d_arc(32, in, ib, out);
    if (is(t, "RAM64X1D"))
        return x1d_arc(64, in, ib, out);
    if (is(t, "RAM128X1D"))
        return x1d_arc(128, in, ib, out);
    if (is(t, "SRL16E")) {
        if (!is(out, "Q"))
            return -1;
        if (is(in, "CLK"))
            return 1472;
        int a = digit_after(in, "A");
        return a >= 0 && a < 4 ? LUT6_IN[a + 1] : -1;
    }
    if (is(t, "SRLC32E")) {
        if (is(in, "CLK"))
            return is(out, "Q") ? 1472 : is(out, "Q31") ? 1114 : -1;
        if (is(in, "A") && is(out, "Q") && ib >= 0 && ib < 5)
            return LUT6_IN[ib];
        return -1;
    }
    if (is(t, "DSP48E1"))
        return dsp_arc(in, out, p);
    if (is(t, "RAMB18E1") || is(t, "RAMB36E1"))
        return bram_arc(in, out, p);
    return -1;
}

long xc7_setup(const char *t, const char *in, int ib, const xc7_params *p)
{
    if (is_ff(t)) {
        if (is(in, "D"))
            return 0;
        if (is(in, "CE"))
            return 109;
        if (is(in, "R") || is(in, "S") || is(in, "CLR") || is(in, "PRE"))
            return 404;
        return -1;
    }
    if (is(t, "RAM32M") || is(t, "RAM64M"))
        return ramm_setup(t[3] == '6', in, ib);
    if (is(t, "RAM32X1D"))
        return x1d_setup(32, in, ib);
    if (is(t, "RAM64X1D"))
        return x1d_setup(64, in, ib);
    if (is(t, "RAM128X1D"))
        return x1d_setup(128, in, ib);
    if (is(t, "SRL16E"))
        return is(in, "D") ? 173 : -1;
    if (is(t, "SRLC32E"))
        return is(in, "D") ? 173 : is(in, "CE") ? 109 : -1;
    if (is(t, "DSP48E1"))
        return dsp_setup(in, p);
    if (is(t, "RAMB18E1") || is(t, "RAMB36E1"))
        return bram_setup(in);
    return -1;
}
