/* The engines `tce` can run operations on, behind one interface: the golden model now,
 * the Verilated RTL (and its SystemC wrapper) through the bridge when built. */
#ifndef TCE_ENGINES_H
#define TCE_ENGINES_H

#include "../../csim/csim.h"

typedef struct tce_engine tce_engine;

/* NULL when the name is unknown or that engine is not built into this binary. */
tce_engine *tce_engine_open(const char *name);
void tce_engine_close(tce_engine *e);
tce_result tce_engine_exec(const tce_op *op, tce_memsys *ms, void *engine);

#endif
