/* Functional coverage of the operations the engines run (docs/coverage.md): each
 * operation falls into bins of what the hardware tells apart (operation x mode x rank,
 * map layout, element type, fill x out-of-bounds kind, multicast, bulk direction, reduce
 * op x type, error status and field). The legal bins are the cross products minus the
 * combinations the PTX text or the golden model rules out, each exclusion with its reason.
 *
 * Counting is on when TCE_FCOV_DIR is set: every driver-based engine (regmodel, rtl,
 * systemc) samples what it runs, and writes its counts to TCE_FCOV_DIR/fcov-PID-N.txt when
 * it is closed; `tce fcov FILE...` merges them and reports the legal bins hit and missed. */
#ifndef TCE_FCOV_H
#define TCE_FCOV_H

#include <stddef.h>

#include "../../csim/csim.h"

#define FCOV_NAME_MAX 64
#define FCOV_MAX_BINS_PER_OP 8

/* The bins one operation hits, given the result the engine reported (operation bins when
 * it completed, error bins when it trapped). Returns how many names were written. */
unsigned fcov_classify(const tce_op *op, const tce_memsys *ms, const tce_result *r,
                       char names[FCOV_MAX_BINS_PER_OP][FCOV_NAME_MAX]);

/* Every bin of every cross product, in report order: legal ones with why == NULL, excluded
 * ones with the reason. Calls f for each; returns how many there are. */
typedef void (*fcov_bin_fn)(void *ctx, const char *name, const char *why);
size_t fcov_enumerate(fcov_bin_fn f, void *ctx);

/* Sampling for the engines (engines.c): a no-op unless TCE_FCOV_DIR is set. */
void fcov_sample(const tce_op *op, const tce_memsys *ms, const tce_result *r);
/* Writes and clears this process's counts; 0, or -1 with the cause on stderr. */
int fcov_flush(void);

#endif
