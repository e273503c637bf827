/* Opening an input file (scenario, corpus, PTX, verdicts) for reading: a directory, a
 * device or a missing file is an error with its cause, never an empty input that passes
 * with nothing checked. */
#ifndef TCE_INPUT_FILE_H
#define TCE_INPUT_FILE_H

#include <stddef.h>
#include <stdio.h>

/* The open file, or NULL with why = "PATH: cause". */
FILE *tce_input_open(const char *path, char *why, size_t n);

#endif
