/* In-memory input files for the command harnesses; see mem_files.h. */
#define _GNU_SOURCE /* memfd_create, open_memstream */
#include "mem_files.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static int fds[FUZZ_MAX_FILES + 1];
static char paths[FUZZ_MAX_FILES + 1][32];

static int slot_fd(unsigned slot)
{
    if (slot > FUZZ_MAX_FILES)
        return -1;
    if (!fds[slot]) {
        int fd = memfd_create("fuzz-input", 0);
        if (fd < 0)
            return -1;
        fds[slot] = fd;
        snprintf(paths[slot], sizeof paths[slot], "/proc/self/fd/%d", fd);
    }
    return fds[slot];
}

const char *fuzz_mem_file(unsigned slot, const void *data, size_t size)
{
    int fd = slot_fd(slot);
    if (fd < 0)
        return NULL;
    /* written over the old bytes, then cut to length: truncating to 0 first freed and
     * refaulted the file's pages on every run */
    const char *p = data;
    for (size_t done = 0; done < size;) {
        ssize_t n = pwrite(fd, p + done, size - done, (off_t)done);
        if (n <= 0)
            return NULL;
        done += (size_t)n;
    }
    if (ftruncate(fd, (off_t)size) != 0)
        return NULL;
    return paths[slot];
}

char *fuzz_mem_read(unsigned slot, size_t *size)
{
    int fd = slot_fd(slot);
    off_t end = fd < 0 ? -1 : lseek(fd, 0, SEEK_END);
    char *buf = end < 0 ? NULL : malloc((size_t)end + 1);
    if (!buf)
        return NULL;
    size_t got = 0;
    while (got < (size_t)end) {
        ssize_t n = pread(fd, buf + got, (size_t)end - got, (off_t)got);
        if (n <= 0) {
            free(buf);
            return NULL;
        }
        got += (size_t)n;
    }
    buf[got] = 0;
    *size = got;
    return buf;
}

size_t fuzz_split(const uint8_t *data, size_t size, fuzz_part parts[FUZZ_MAX_FILES])
{
    /* memmem, not a loop here: this file is built with comparison tracing, which made a
     * byte loop over the input a fifth of a command harness's time */
    size_t n = 0, start = 0;
    const uint8_t *sep;
    while (n + 1 < FUZZ_MAX_FILES && size - start >= 2 &&
           (sep = memmem(data + start, size - start, "\0\0", 2))) {
        size_t at = (size_t)(sep - data);
        parts[n++] = (fuzz_part){data + start, at - start};
        start = at + 2;
    }
    parts[n++] = (fuzz_part){data + start, size - start};
    return n;
}

size_t fuzz_files(const uint8_t *data, size_t size, char *paths[FUZZ_MAX_FILES])
{
    fuzz_part part[FUZZ_MAX_FILES];
    size_t n = fuzz_split(data, size, part);
    for (size_t i = 0; i < n; i++)
        if (!(paths[i] = (char *)fuzz_mem_file((unsigned)i, part[i].data, part[i].size)))
            abort(); /* the harness cannot run, not a finding */
    return n;
}

const char *fuzz_out_file(void)
{
    const char *p = fuzz_mem_file(FUZZ_MAX_FILES, "", 0);
    if (!p)
        abort();
    return p;
}

/* Does text hold "PATH:" for a path of argv that is one of the in-memory files? (Not
 * always a line: "FILE: empty" and "FILE: neither 128 raw bytes nor hex text" are whole.) */
static bool names_a_file(const char *text, int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        const char *p = strstr(argv[i], "/proc/self/fd/");
        if (!p)
            continue;
        size_t n = strlen(p);
        for (const char *at = strstr(text, p); at; at = strstr(at + 1, p))
            if (at[n] == ':')
                return true;
    }
    return false;
}

/* cmd's main with stdout to output (NULL: /dev/null) and stderr to errors (NULL: /dev/null) */
static int run_quietly(int (*cmd)(int, char **), int argc, char **argv, FILE *output, FILE *errors)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    if (!sink)
        abort(); /* the harness cannot run, not a finding */
    FILE *out = stdout, *err = stderr;
    stdout = output ? output : sink;
    stderr = errors ? errors : sink;
    int rc = cmd(argc, argv);
    fflush(sink);
    stdout = out;
    stderr = err;
    return rc;
}

int fuzz_captured_main(int (*cmd)(int, char **), int argc, char **argv, fuzz_output *o)
{
    *o = (fuzz_output){0};
    FILE *out_f = open_memstream(&o->out, &o->out_len), *err_f = open_memstream(&o->err, &o->err_len);
    if (!out_f || !err_f)
        abort(); /* the harness cannot run, not a finding */
    int rc = run_quietly(cmd, argc, argv, out_f, err_f);
    /* closing sets out/err and their lengths, NUL-ended */
    if (fclose(out_f) || fclose(err_f))
        abort();
    return rc;
}

void fuzz_output_free(fuzz_output *o)
{
    free(o->out);
    free(o->err);
    *o = (fuzz_output){0};
}

char *fuzz_last_line(char *text, size_t len, size_t *n)
{
    while (len && text[len - 1] == '\n')
        text[--len] = 0;
    size_t start = len;
    while (start && text[start - 1] != '\n')
        start--;
    if (n)
        *n = len - start;
    return text + start;
}

int fuzz_checked_main(int (*cmd)(int, char **), int argc, char **argv)
{
    char *err = NULL;
    size_t err_len = 0;
    FILE *err_f = open_memstream(&err, &err_len);
    if (!err_f)
        abort();
    int rc = run_quietly(cmd, argc, argv, NULL, err_f);
    fclose(err_f);
    if (rc < 0 || rc > 2 || (rc == 2 && !names_a_file(err, argc, argv))) {
        fprintf(stderr, "fuzz: %s exited %d; a refusal must name its file:\n%s", argv[0], rc, err);
        abort();
    }
    free(err);
    return rc;
}

int fuzz_quiet_main(int (*cmd)(int, char **), int argc, char **argv)
{
    return run_quietly(cmd, argc, argv, NULL, NULL);
}
