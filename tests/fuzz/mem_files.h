/* Inputs for harnesses of `tce` commands that read files by name (regress-merge, cov, fcov,
 * map, ptx --check): the fuzzer's bytes become in-memory files with paths, so each run
 * costs no disk I/O and the command is called exactly as the command line calls it. */
#ifndef TCE_FUZZ_MEM_FILES_H
#define TCE_FUZZ_MEM_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FUZZ_MAX_FILES 8

/* A path (/proc/self/fd/N of a memfd, one per slot 0..FUZZ_MAX_FILES, made once) whose
 * file now holds exactly data[0..size). NULL when the slot cannot be made or written. */
const char *fuzz_mem_file(unsigned slot, const void *data, size_t size);
/* What the file of a slot holds now (a command may have written it): malloc'd, NUL-ended,
 * *size its length; NULL on failure. */
char *fuzz_mem_read(unsigned slot, size_t *size);

/* One input holding several files: the parts between two NUL bytes in a row ("\0\0";
 * a single NUL stays inside its file). At most FUZZ_MAX_FILES parts; the last part takes
 * the rest. Returns how many parts (at least 1). */
typedef struct {
    const uint8_t *data;
    size_t size;
} fuzz_part;
size_t fuzz_split(const uint8_t *data, size_t size, fuzz_part parts[FUZZ_MAX_FILES]);
/* fuzz_split, then each part into the file of slot i: paths[i]. Returns the count. */
size_t fuzz_files(const uint8_t *data, size_t size, char *paths[FUZZ_MAX_FILES]);
/* An empty file for a command to write (slot FUZZ_MAX_FILES; fuzz_mem_read reads it). */
const char *fuzz_out_file(void);

/* Calls a command's main with its stdout and stderr going to /dev/null (errors are
 * expected; the fuzzer's own output stays readable). Returns its exit status. */
int fuzz_quiet_main(int (*cmd)(int, char **), int argc, char **argv);
/* The same, and a refusal (exit status 2) must name one of the in-memory files of argv
 * ("PATH:") in its errors, and there is no other status than 0, 1 and 2: it aborts
 * otherwise (a finding). */
int fuzz_checked_main(int (*cmd)(int, char **), int argc, char **argv);

/* What a call printed, kept in memory for a harness to check: malloc'd, NUL-ended. */
typedef struct {
    char *out, *err;
    size_t out_len, err_len;
} fuzz_output;
/* Calls a command's main with its stdout and stderr going into *o (free them with
 * fuzz_output_free). Returns its exit status. */
int fuzz_captured_main(int (*cmd)(int, char **), int argc, char **argv, fuzz_output *o);
void fuzz_output_free(fuzz_output *o);
/* The last line of text[0..len): its line feeds at the end are overwritten with NULs, so
 * the line is NUL-ended in place; *n (may be NULL) is its length. "" if there is none. */
char *fuzz_last_line(char *text, size_t len, size_t *n);

#endif
