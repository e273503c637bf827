/* The decoder never crashes, hangs or reads out of bounds on malformed text: every ptxas
 * corpus line, mutated (characters deleted, inserted, swapped, lines truncated or
 * repeated), must decode to a status with a column inside the line and a terminated
 * message. Run under ASan/UBSan (TCE_SANITIZE) this also checks memory safety. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../test_rng.h"

#include "ptx/ptx_decode.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next(void) { return test_splitmix64(&rng); }

static const char k_alphabet[] = "[]{},;.:%@!-+0123456789abcdefrsxv_ \t";

static int check(const char *text, ptx_target t)
{
    ptx_insn in;
    ptx_error err;
    size_t len = strlen(text);
    ptx_status st = ptx_decode_line(text, t, &in, &err);
    if (st == PTX_ERROR) {
        if (err.cause == PTX_CAUSE_NONE || err.col < 1 || err.col > len + 1 || strlen(err.msg) >= PTX_MSG_MAX ||
            !err.msg[0]) {
            printf("FAIL bad error report (cause %d col %u) for: %s\n", (int)err.cause, err.col, text);
            return 1;
        }
    } else if (st == PTX_OK && in.nopd > PTX_MAX_OPERANDS) {
        printf("FAIL operand count %u for: %s\n", in.nopd, text);
        return 1;
    }
    return 0;
}

static void mutate(char *buf, size_t cap)
{
    size_t len = strlen(buf), i;
    unsigned kind = (unsigned)(next() % 5);
    if (!len)
        return;
    i = (size_t)(next() % len);
    switch (kind) {
    case 0: /* delete one character */
        memmove(buf + i, buf + i + 1, len - i);
        break;
    case 1: /* insert one character */
        if (len + 2 < cap) {
            memmove(buf + i + 1, buf + i, len - i + 1);
            buf[i] = k_alphabet[next() % (sizeof k_alphabet - 1)];
        }
        break;
    case 2: /* replace one character */
        buf[i] = k_alphabet[next() % (sizeof k_alphabet - 1)];
        break;
    case 3: /* truncate */
        buf[i] = 0;
        break;
    default: /* repeat the tail */
        if (len + (len - i) + 1 < cap)
            memmove(buf + len, buf + i, len - i + 1);
        break;
    }
}

int main(void)
{
    char path[1024], line[2048], buf[4096];
    const char *src = __FILE__;
    const char *cut = strstr(src, "unit/test_ptx_fuzz.c");
    FILE *f;
    unsigned lines = 0, fails = 0, k;
    const ptx_target targets[2] = {{90, 'a'}, {100, 'a'}};
    if (!cut) {
        printf("FAIL cannot locate the corpus from %s\n", src);
        return 1;
    }
    snprintf(path, sizeof path, "%.*sdata/ptxcorpus/ptxas_verdicts.tsv", (int)(cut - src), src);
    f = fopen(path, "r");
    if (!f) {
        printf("FAIL cannot open %s\n", path);
        return 1;
    }
    while (fgets(line, sizeof line, f) && fails < 10) {
        char *ins = strchr(line, '\t'), *end;
        if (line[0] == '#' || !ins || !(ins = strchr(ins + 1, '\t')))
            continue;
        ins++;
        end = strchr(ins, '\t');
        if (end)
            *end = 0;
        lines++;
        fails += (unsigned)check(ins, targets[lines & 1]);
        for (k = 0; k < 3; k++) {
            snprintf(buf, sizeof buf, "%s", ins);
            mutate(buf, sizeof buf);
            if (k == 2)
                mutate(buf, sizeof buf);
            fails += (unsigned)check(buf, targets[(lines + k) & 1]);
        }
    }
    fclose(f);
    /* degenerate inputs */
    fails += (unsigned)check("@", targets[0]);
    fails += (unsigned)check("@%p1", targets[0]);
    fails += (unsigned)check(".", targets[0]);
    fails += (unsigned)check("red.", targets[0]);
    fails += (unsigned)check("cp.async.bulk.tensor.1d [", targets[0]);
    fails += (unsigned)check("red.global.add.u32 [%rd1+], %r1;", targets[0]);
    fails += (unsigned)check("red.global.add.u32 [%rd1], {,};", targets[0]);
    fails += (unsigned)check(".reg .b32 %r<;", targets[0]);
    if (lines < 1000) {
        printf("FAIL only %u corpus lines read\n", lines);
        return 1;
    }
    printf("%u lines x 4 variants: %s\n", lines, fails ? "FAIL" : "ok");
    return fails ? 1 : 0;
}
