/* `tce ptx`: decode PTX files with the firmware decoder, or replay a ptxas verdict file
 * (--check) and report where the decoder's verdict or cause category differs. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input_file.h"
#include "num_parse.h"
#include "ptx/ptx_decode.h"

#define LINE_MAX_CHARS 4096

static void usage(FILE *f)
{
    fprintf(f, "usage: tce ptx FILE.ptx... [--target=sm_90a]\n"
               "       tce ptx --check VERDICTS.tsv [--show=K] [--min=99.5]\n"
               "  FILE.ptx: prints each instruction's decoded operation or FILE:LINE:COL: error: cause\n"
               "  --check:  replays target/verdict/instruction/message lines; a line agrees when the\n"
               "            verdict matches and, for lines both reject, the cause category matches.\n"
               "            Exit 0 iff verdict agreement and cause agreement are both >= --min percent.\n");
}

static void chomp(char *s)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = 0;
}

static int check_file(const char *path, unsigned show, double min_pct)
{
    char why[512];
    FILE *f = tce_input_open(path, why, sizeof why);
    char line[LINE_MAX_CHARS];
    unsigned lineno = 0, total = 0, verdict_ok = 0, both_rej = 0, cause_ok = 0, agree = 0, shown = 0;
    double vpct, cpct;
    if (!f) {
        fprintf(stderr, "tce ptx: %s\n", why);
        return 2;
    }
    while (fgets(line, sizeof line, f)) {
        char *fields[4] = {0};
        char *p = line;
        unsigned nf = 0;
        ptx_target t;
        ptx_insn insn;
        ptx_error err;
        ptx_status st;
        bool want_ok, got_ok, same;
        ptx_cause want_cause = PTX_CAUSE_NONE;
        lineno++;
        chomp(line);
        if (!line[0] || line[0] == '#')
            continue;
        fields[nf++] = p;
        while (*p && nf < 4) {
            if (*p == '\t') {
                *p = 0;
                fields[nf++] = p + 1;
            }
            p++;
        }
        if (nf < 3 || !ptx_target_parse(fields[0], &t) ||
            (strcmp(fields[1], "ok") != 0 && strcmp(fields[1], "error") != 0)) {
            fprintf(stderr, "%s:%u: error: malformed verdict line (want target<TAB>ok|error<TAB>instruction<TAB>message)\n",
                    path, lineno);
            fclose(f);
            return 2;
        }
        total++;
        want_ok = strcmp(fields[1], "ok") == 0;
        st = ptx_decode_line(fields[2], t, &insn, &err);
        got_ok = st != PTX_ERROR;
        same = want_ok == got_ok;
        if (same)
            verdict_ok++;
        if (!want_ok) {
            want_cause = ptx_cause_of_ptxas_message(fields[3] ? fields[3] : "");
            if (!got_ok) {
                both_rej++;
                if (want_cause == err.cause)
                    cause_ok++;
                else
                    same = false;
            }
        }
        if (same) {
            agree++;
        } else if (shown < show) {
            shown++;
            printf("%s:%u: %s: ptxas %s%s%s%s, decoder %s%s%s%s\n    %s\n", path, lineno, fields[0],
                   fields[1], want_ok ? "" : " [", want_ok ? "" : ptx_cause_name(want_cause), want_ok ? "" : "]",
                   got_ok ? "ok" : "error [", got_ok ? "" : ptx_cause_name(err.cause), got_ok ? "" : "] ",
                   got_ok ? "" : err.msg, fields[2]);
            if (!want_ok && fields[3])
                printf("    ptxas: %s\n", fields[3]);
        }
    }
    fclose(f);
    vpct = total ? 100.0 * verdict_ok / total : 100.0;
    cpct = both_rej ? 100.0 * cause_ok / both_rej : 100.0;
    printf("verdict: %u/%u (%.2f%%); cause on lines both reject: %u/%u (%.2f%%)\n", verdict_ok, total, vpct,
           cause_ok, both_rej, cpct);
    printf("%u agree, %u disagree\n", agree, total - agree);
    return (vpct >= min_pct && cpct >= min_pct) ? 0 : 1;
}

static void print_insn(const char *path, unsigned lineno, const ptx_insn *in)
{
    unsigned i;
    printf("%s:%u: %s", path, lineno, ptx_insn_kind_name(in->kind));
    if (in->has_pred)
        printf(" @%s%s", in->pred_negated ? "!" : "", in->pred);
    if (in->has_op) {
        const tce_op *op = &in->op;
        printf(" op=%s dst=%u src=%u done=%u", tce_op_kind_name(op->kind), (unsigned)op->dst_space,
               (unsigned)op->src_space, (unsigned)op->completion);
        if (op->kind >= TCE_OP_TENSOR_LOAD && op->kind <= TCE_OP_TENSOR_PREFETCH)
            printf(" mode=%s dims=%u", tce_mode_name(op->mode), op->dims);
        if (op->kind == TCE_OP_BULK_REDUCE || op->kind == TCE_OP_TENSOR_REDUCE || op->kind == TCE_OP_RED)
            printf(" redop=%s etype=%s noftz=%d", tce_redop_name(op->redop), tce_etype_name(op->etype), op->noftz);
        if (op->kind == TCE_OP_RED)
            printf(" vec=%u", op->vec);
        if (op->multicast)
            printf(" multicast");
        if (op->has_byte_mask)
            printf(" cp_mask");
    }
    if (in->cache_hint)
        printf(" L2::cache_hint");
    if (in->cta_group)
        printf(" cta_group=%u", in->cta_group);
    printf(" operands=%u:", in->nopd);
    for (i = 0; i < in->nopd; i++) {
        const ptx_operand *o = &in->opd[i];
        unsigned k;
        printf(i ? ", " : " ");
        switch (o->kind) {
        case PTX_OPD_REG: printf("%s", o->base.name); break;
        case PTX_OPD_IMM: printf("%lld", (long long)o->base.imm); break;
        case PTX_OPD_SYM: printf("%s", o->base.name); break;
        case PTX_OPD_ADDR:
            if (o->base.is_reg || o->base.name[0])
                printf("[%s%+lld]", o->base.name, (long long)o->offset);
            else
                printf("[%lld]", (long long)o->base.imm);
            break;
        case PTX_OPD_TMAP:
        case PTX_OPD_VEC:
            printf(o->kind == PTX_OPD_TMAP ? "[%s, {" : "{", o->base.name);
            for (k = 0; k < o->nvec; k++) {
                if (o->vec[k].is_reg)
                    printf("%s%s", k ? ", " : "", o->vec[k].name);
                else
                    printf("%s%lld", k ? ", " : "", (long long)o->vec[k].imm);
            }
            printf(o->kind == PTX_OPD_TMAP ? "}]" : "}");
            break;
        }
    }
    printf("\n");
}

static int decode_file(const char *path, const char *target_opt)
{
    char why[512];
    FILE *f = tce_input_open(path, why, sizeof why);
    char line[LINE_MAX_CHARS];
    unsigned lineno = 0, nerr = 0;
    ptx_target t = {90, 'a'};
    ptx_regs regs;
    bool fixed = false;
    if (!f) {
        fprintf(stderr, "tce ptx: %s\n", why);
        return 2;
    }
    if (target_opt) {
        if (!ptx_target_parse(target_opt, &t)) {
            fprintf(stderr, "tce ptx: '%s' is not a target (want e.g. sm_90a)\n", target_opt);
            fclose(f);
            return 2;
        }
        fixed = true;
    }
    ptx_regs_default(&regs);
    regs.n = 0; /* a file declares its own registers */
    while (fgets(line, sizeof line, f)) {
        ptx_insn insn;
        ptx_error err;
        ptx_status st;
        const char *p = line;
        lineno++;
        chomp(line);
        if (strchr(line, '\r')) {
            /* CR-only line ends: the rest of the file would be read as this one line */
            printf("%s:%u:%u: error: carriage return inside a line (CR-only line ends? use LF)\n",
                   path, lineno, (unsigned)(strchr(line, '\r') - line) + 1);
            nerr++;
            break;
        }
        while (*p == ' ' || *p == '\t')
            p++;
        if (!fixed && !strncmp(p, ".target", 7)) {
            char name[32] = {0};
            if (sscanf(p + 7, " %31[a-z0-9_]", name) == 1 && !ptx_target_parse(name, &t)) {
                fprintf(stderr, "%s:%u:1: error: '%s' is not a target\n", path, lineno, name);
                nerr++;
            }
            continue;
        }
        st = ptx_decode_line_regs(line, t, &regs, &insn, &err);
        if (st == PTX_ERROR) {
            printf("%s:%u:%u: error: %s (%s)\n", path, lineno, err.col, err.msg, ptx_cause_name(err.cause));
            nerr++;
        } else if (st == PTX_OK && insn.kind != PTX_I_REG_DECL) {
            print_insn(path, lineno, &insn);
        }
    }
    fclose(f);
    return nerr ? 1 : 0;
}

int ptx_main(int argc, char **argv)
{
    const char *check = NULL, *target = NULL;
    uint64_t show = 20;
    double min_pct = 99.5;
    int nfiles = 0, rc = 0;
    int i;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(argv[i], "--check") && i + 1 < argc) {
            check = argv[++i];
        } else if (!strncmp(argv[i], "--show=", 7)) {
            if (!tce_opt_u64("ptx", "--show", argv[i] + 7, 0, UINT_MAX, &show))
                return 2;
        } else if (!strncmp(argv[i], "--min=", 6)) {
            if (!tce_opt_percent("ptx", "--min", argv[i] + 6, &min_pct))
                return 2;
        } else if (!strncmp(argv[i], "--target=", 9)) {
            ptx_target t;
            target = argv[i] + 9;
            if (!ptx_target_parse(target, &t)) {
                fprintf(stderr, "tce ptx: --target='%s' is not a target (sm_NN, sm_NNa or sm_NNf, "
                                "e.g. sm_90a)\n", target);
                return 2;
            }
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "tce ptx: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        } else {
            nfiles++;
        }
    }
    if (check && (nfiles || target)) {
        fprintf(stderr, "tce ptx: --check replays one verdict file (each line names its target); "
                        "it takes no PTX file and no --target\n");
        return 2;
    }
    if (check)
        return check_file(check, (unsigned)show, min_pct);
    if (!nfiles) {
        usage(stderr);
        return 2;
    }
    /* Every file, each with its own declarations; the exit status is the worst. */
    for (i = 1; i < argc; i++) {
        if (argv[i][0] == '-')
            continue;
        int frc = decode_file(argv[i], target);
        if (frc > rc)
            rc = frc;
    }
    return rc;
}
