/* Verilator coverage files (.dat, "# SystemC::Coverage-3"), read into one table of points
 * per module: the instances of a module are one point (covered when any instance covers
 * it), and the same point in several files adds up. Used by `tce cov` (cmd_cov.c). */
#ifndef TCE_COV_DAT_H
#define TCE_COV_DAT_H

#include <stddef.h>
#include <stdint.h>

typedef enum { COV_LINE, COV_TOGGLE, COV_KIND_N } cov_kind;

typedef struct {
    char *key;     /* the point's key without its hierarchy: what identifies it in a module */
    cov_kind kind; /* COV_LINE: a statement block or branch (v_line/, v_branch/); COV_TOGGLE */
    const char *module, *file, *comment; /* point into key's copy (see cov_dat.c) */
    unsigned long line;
    uint64_t count;
    int waived; /* set by the waiver file (cmd_cov.c) */
} cov_point;

typedef struct {
    cov_point *p; /* open-addressed table; slots with key == NULL are empty */
    size_t cap, n;
} cov_table;

/* Adds every point of one .dat file to t. 0, or -1 with why = "FILE:LINE: cause". */
int cov_dat_read(cov_table *t, const char *path, char *why, size_t n);
void cov_table_free(cov_table *t);
/* The used slots as an array sorted by module, kind, file, line, comment (caller frees). */
cov_point **cov_table_sorted(const cov_table *t);

#endif
