/* The scenario interpreter: reads the text line by line, hands each directive to the
 * setup, instruction or check piece, and reports FILE:LINE: cause for the first error.
 * At the end it drains the engine and compares both copies of the memories. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "input_file.h"
#include "num_parse.h"
#include "scenario.h"

static void scenario_free(scenario *s)
{
    scen_engine_stop(s);
    if (s->mem_ready) {
        tce_memsys_free(&s->eng);
        tce_memsys_free(&s->ref);
    }
}

/* One line: the keyword decides who handles it. */
static bool do_line(scenario *s, char *line)
{
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    char *p = line;
    while (isspace((unsigned char)*p))
        p++;
    size_t n = strlen(p);
    while (n && isspace((unsigned char)p[n - 1]))
        p[--n] = '\0';
    if (!*p)
        return true;
    char kw[32];
    size_t kl = strcspn(p, " \t");
    if (kl >= sizeof kw)
        return scen_fail(s, "unknown directive '%.*s'", (int)kl, p);
    memcpy(kw, p, kl);
    kw[kl] = '\0';
    char *rest = p + kl;
    while (*rest == ' ' || *rest == '\t')
        rest++;

    bool handled;
    if (!scen_setup_line(s, kw, rest, &handled))
        return false;
    if (handled)
        return true;
    if (!strcmp(kw, "cta")) {
        uint64_t v;
        if (tce_num_u64_in(rest, 0, s->ncta - 1, &v) != TCE_NUM_OK)
            return scen_fail(s, "cta '%s': the issuing CTA must be 0..%u", rest, s->ncta - 1);
        s->cta = (unsigned)v;
        return true;
    }
    if (!strcmp(kw, "reg"))
        return scen_ensure_memory(s) && scen_exec_reg(s, rest);
    if (!strcmp(kw, "ptx")) {
        if (!*rest)
            return scen_fail(s, "ptx: missing instruction text");
        return scen_exec_ptx(s, rest);
    }
    if (!strcmp(kw, "expect"))
        return scen_ensure_memory(s) && scen_check_line(s, rest);
    return scen_fail(s, "unknown directive '%s' (cluster smem target global fill tmap cta reg "
                        "ptx expect)", kw);
}

int scenario_run_text(const char *file, const char *text, FILE *out, bool verbose)
{
    return scenario_run_text_on(SCEN_BACKEND_CSIM, file, text, out, verbose);
}

static bool driver_maps_default;

void scenario_set_driver_maps(bool on)
{
    driver_maps_default = on;
}

int scenario_run_text_on(scen_backend backend, const char *file, const char *text, FILE *out,
                         bool verbose)
{
    scenario *s = calloc(1, sizeof *s);
    if (!s) {
        fprintf(stderr, "%s: out of memory\n", file);
        return 2;
    }
    s->file = file;
    s->out = out;
    s->verbose = verbose;
    s->backend = backend;
    s->driver_maps = driver_maps_default;
    s->ncta = 1;
    s->smem_size = 64 * 1024;
    s->target.sm = 90;
    s->target.suffix = 'a';
    ptx_regs_default(&s->regdecl);

    int rc = 0;
    bool no_checks = false;
    const char *p = text;
    char line[4096];
    while (*p) {
        size_t n = strcspn(p, "\n");
        s->line++;
        if (n >= sizeof line) {
            fprintf(stderr, "%s:%ld: line longer than %zu characters\n", file, s->line,
                    sizeof line - 1);
            rc = 2;
            break;
        }
        memcpy(line, p, n);
        line[n] = '\0';
        p += n + (p[n] == '\n');
        /* CRLF is a line end; a CR elsewhere (a file with CR-only line ends) would hide
         * every later line inside this one, or behind its comment. */
        char *cr = strchr(line, '\r');
        if (cr && !(cr[1] == '\0' && cr == line + n - 1)) {
            fprintf(stderr, "%s:%ld:%ld: carriage return inside a line (CR-only line ends? "
                            "use LF or CRLF)\n", file, s->line, (long)(cr - line) + 1);
            rc = 2;
            break;
        }
        if (verbose && line[0] && line[0] != '#')
            fprintf(out, "  %s:%ld: %s\n", file, s->line, line);
        unsigned failed_before = s->failed_checks;
        if (!do_line(s, line)) {
            fflush(out); /* keep the report and the error in order on a terminal */
            fprintf(stderr, "%s:%ld: %s\n", file, s->line, s->err);
            rc = s->unsupported                      ? SCEN_RC_UNSUPPORTED
                 : s->failed_checks != failed_before ? 1
                                                     : 2;
            break;
        }
        if (s->failed_checks != failed_before)
            rc = 1;
    }
    if (rc != 2 && rc != SCEN_RC_UNSUPPORTED) { /* the memories are complete only then */
        s->line++;
        if (s->expect_fail) {
            fprintf(stderr, "%s:%ld: 'expect error' is not followed by an engine instruction\n",
                    file, s->expect_line);
            rc = 2;
        } else if (!scen_drain(s)) {
            fprintf(stderr, "%s:%ld: at the end: %s\n", file, s->line, s->err);
            rc = s->unsupported ? SCEN_RC_UNSUPPORTED : 2;
        } else if (!scen_compare_memories(s)) {
            fprintf(stderr, "%s: engine and golden model disagree: %s\n", file, s->err);
            rc = 1;
        } else if (rc == 0 && s->checks == 0) {
            /* Nothing says what the result should be: never reported as a pass. */
            fprintf(stderr, "%s:%ld: the scenario has no 'expect' line: nothing was checked\n",
                    file, s->line);
            rc = SCEN_RC_NO_CHECKS;
            no_checks = true;
        }
    }
    /* Cycles are the backend's own clock; the rest the engine's statistics registers,
     * summed over attachments (scenario_exec.c re-attaches to empty the complete-tx log). */
    tce_drv_stats st = {0, 0, 0, 0, 0};
    if (s->engine_ready) {
        tce_drv_stats_read(&s->drv, &st);
        st.cycles = s->be->cycles(s->be);
    }
    st.bytes_read += s->stats_before.bytes_read;
    st.bytes_written += s->stats_before.bytes_written;
    st.cmds_ok += s->stats_before.cmds_ok;
    st.cmds_err += s->stats_before.cmds_err;
    fprintf(out,
            "%s: backend %s, %u PTX instructions, %u engine operations (%u ok, %u failed as expected), "
            "%llu bytes read, %llu bytes written, %llu cycles, %u checks: %s\n",
            file, scen_backend_name(backend), s->ptx_lines, s->engine_ops, st.cmds_ok, st.cmds_err,
            (unsigned long long)st.bytes_read, (unsigned long long)st.bytes_written,
            (unsigned long long)st.cycles, s->checks,
            rc == 0 ? "PASS (engine memories match the golden model byte for byte)"
                    : rc == 1                   ? "FAIL"
                    : rc == SCEN_RC_UNSUPPORTED ? "UNSUPPORTED (not a pass)"
                    : no_checks                 ? "NO CHECKS (not a pass)"
                                                : "ERROR");
    scenario_free(s);
    free(s);
    return rc;
}

int scenario_run_file(const char *path, FILE *out, bool verbose)
{
    return scenario_run_file_on(SCEN_BACKEND_CSIM, path, out, verbose);
}

int scenario_run_file_on(scen_backend backend, const char *path, FILE *out, bool verbose)
{
    char why[512];
    FILE *f = tce_input_open(path, why, sizeof why);
    if (!f) {
        fprintf(stderr, "%s\n", why);
        return 2;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + len, 1, cap - len - 1, f);
        len += got;
        if (got == 0)
            break;
        if (len + 1 == cap) {
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    bool io_error = ferror(f);
    fclose(f);
    if (buf && io_error) {
        fprintf(stderr, "%s: cannot read\n", path);
        free(buf);
        return 2;
    }
    if (!buf) {
        fprintf(stderr, "%s: out of memory\n", path);
        return 2;
    }
    buf[len] = '\0';
    if (memchr(buf, '\0', len)) {
        fprintf(stderr, "%s:1: the file contains a NUL byte: not a text scenario\n", path);
        free(buf);
        return 2;
    }
    int rc = scenario_run_text_on(backend, path, buf, out, verbose);
    free(buf);
    return rc;
}
