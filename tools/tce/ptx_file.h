/* `tce ptx FILE`: a whole PTX module through the firmware decoder (see ptx_file.c). */
#ifndef TCE_PTX_FILE_H
#define TCE_PTX_FILE_H

#include <stdbool.h>
#include <stddef.h>

/* Decodes every copy-family instruction of the module at path and counts the others by
 * name; prints each decoded instruction (or, with summary, the per-function counts) and
 * every error as FILE:LINE:COL: error: cause. target_opt overrides the file's .target.
 * Returns 0 with no error, 1 with errors, 2 when the file cannot be read. */
int ptx_decode_file(const char *path, const char *target_opt, bool summary);
/* The same on text[0..n) already in memory (comments are blanked in place); path names it. */
int ptx_decode_text(const char *path, char *text, size_t n, const char *target_opt, bool summary);

#endif
