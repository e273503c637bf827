/* `tce ptx`: decode PTX files with the firmware decoder, or replay a ptxas verdict file
 * (--check) and report where the decoder's verdict or cause category differs. */
#define _POSIX_C_SOURCE 200809L /* getline */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input_file.h"
#include "num_parse.h"
#include "ptx/ptx_decode.h"
#include "ptx_file.h"

#define LINE_MAX_CHARS 4096

static void usage(FILE *f)
{
    fprintf(f, "usage: tce ptx FILE.ptx... [--target=sm_90a] [--summary]\n"
               "       tce ptx --check VERDICTS.tsv [--show=K] [--min=99.5]\n"
               "  FILE.ptx: reads whole modules; prints each copy-family instruction's decoded operation\n"
               "            or FILE:LINE:COL: error: cause; other instructions are counted by name\n"
               "  --summary: per function, the family instructions it uses with their counts\n"
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
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    unsigned lineno = 0, total = 0, verdict_ok = 0, both_rej = 0, cause_ok = 0, agree = 0, shown = 0;
    double vpct, cpct;
    if (!f) {
        fprintf(stderr, "tce ptx: %s\n", why);
        return 2;
    }
    while ((len = getline(&line, &cap, f)) >= 0) {
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
        /* fgets once cut a long line into two verdict lines, and a NUL ended one early */
        size_t body = (size_t)len - (line[len - 1] == '\n');
        const char *bad = memchr(line, '\0', (size_t)len) ? "a NUL byte inside the line"
                          : body >= LINE_MAX_CHARS         ? "a line longer than 4095 characters"
                                                           : NULL;
        if (bad) {
            fprintf(stderr, "%s:%u: error: %s\n", path, lineno, bad);
            free(line);
            fclose(f);
            return 2;
        }
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
            free(line);
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
    free(line);
    fclose(f);
    vpct = total ? 100.0 * verdict_ok / total : 100.0;
    cpct = both_rej ? 100.0 * cause_ok / both_rej : 100.0;
    printf("verdict: %u/%u (%.2f%%); cause on lines both reject: %u/%u (%.2f%%)\n", verdict_ok, total, vpct,
           cause_ok, both_rej, cpct);
    printf("%u agree, %u disagree\n", agree, total - agree);
    return (vpct >= min_pct && cpct >= min_pct) ? 0 : 1;
}

int ptx_main(int argc, char **argv)
{
    const char *check = NULL, *target = NULL;
    uint64_t show = 20;
    double min_pct = 99.5;
    int nfiles = 0, rc = 0;
    bool summary = false;
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
        } else if (!strcmp(argv[i], "--summary")) {
            summary = true;
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
    if (check && (nfiles || target || summary)) {
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
        int frc = ptx_decode_file(argv[i], target, summary);
        if (frc > rc)
            rc = frc;
    }
    return rc;
}
