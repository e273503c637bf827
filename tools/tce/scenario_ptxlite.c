/* Stopgap reader for the scenario-control instructions (mbarrier.*, bulk async-group
 * commit/wait, mov, fence.proxy.async) while the firmware PTX decoder still reports them
 * as unsupported. It fills the same ptx_insn (kind, flags, operands) the decoder does;
 * engine instructions always go through the decoder. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

static const struct {
    const char *prefix;
    ptx_insn_kind kind;
} k_lite[] = {{"mbarrier.init", PTX_I_MBARRIER_INIT},
              {"mbarrier.arrive.expect_tx", PTX_I_MBARRIER_ARRIVE_EXPECT_TX},
              {"mbarrier.arrive", PTX_I_MBARRIER_ARRIVE},
              {"mbarrier.try_wait", PTX_I_MBARRIER_TRY_WAIT},
              {"mbarrier.test_wait", PTX_I_MBARRIER_TEST_WAIT},
              {"cp.async.bulk.commit_group", PTX_I_COMMIT_GROUP},
              {"cp.async.bulk.wait_group", PTX_I_WAIT_GROUP},
              {"fence.proxy.async", PTX_I_FENCE_PROXY_ASYNC},
              {"mov.", PTX_I_MOV}};

static bool scalar_of(const char *t, ptx_scalar *sc)
{
    memset(sc, 0, sizeof *sc);
    if (t[0] == '%' || t[0] == '_') {
        if (strlen(t) >= PTX_NAME_MAX)
            return false;
        sc->is_reg = t[0] == '%';
        snprintf(sc->name, PTX_NAME_MAX, "%s", t);
        return true;
    }
    char *end;
    sc->imm = strtoll(t, &end, 0);
    return *end == '\0' && end != t;
}

bool scen_ptxlite(const char *text, ptx_insn *in)
{
    memset(in, 0, sizeof *in);
    while (isspace((unsigned char)*text))
        text++;
    unsigned k;
    for (k = 0; k < sizeof k_lite / sizeof k_lite[0]; k++)
        if (!strncmp(text, k_lite[k].prefix, strlen(k_lite[k].prefix)))
            break;
    if (k == sizeof k_lite / sizeof k_lite[0])
        return false;
    in->kind = k_lite[k].kind;
    size_t mn = strcspn(text, " \t;");
    char mnem[128];
    if (mn >= sizeof mnem)
        return false;
    memcpy(mnem, text, mn);
    mnem[mn] = '\0';
    in->parity = strstr(mnem, ".parity") != NULL;
    in->read_only = strstr(mnem, ".read") != NULL;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text + mn);
    char *semi = strchr(buf, ';');
    if (!semi)
        return false;
    *semi = '\0';
    for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
        while (isspace((unsigned char)*t))
            t++;
        size_t n = strlen(t);
        while (n && isspace((unsigned char)t[n - 1]))
            t[--n] = '\0';
        if (in->nopd == PTX_MAX_OPERANDS || !n)
            return false;
        ptx_operand *o = &in->opd[in->nopd++];
        if (t[0] == '[') {
            if (t[n - 1] != ']')
                return false;
            t[n - 1] = '\0';
            t++;
            char *plus = strchr(t, '+');
            if (plus) {
                *plus = '\0';
                o->offset = strtoll(plus + 1, NULL, 0);
            }
            o->kind = PTX_OPD_ADDR;
        } else {
            o->kind = t[0] == '%' ? PTX_OPD_REG : PTX_OPD_IMM;
        }
        if (!scalar_of(t, &o->base))
            return false;
    }
    return true;
}
