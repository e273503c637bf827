/* Engine selection. The golden model needs no state; hardware engines keep theirs. */
#include "engines.h"

#include <stdlib.h>
#include <string.h>

struct tce_engine {
    int kind; /* 0: csim */
};

tce_engine *tce_engine_open(const char *name)
{
    if (strcmp(name, "csim") != 0)
        return NULL;
    tce_engine *e = calloc(1, sizeof *e);
    return e;
}

void tce_engine_close(tce_engine *e)
{
    free(e);
}

tce_result tce_engine_exec(const tce_op *op, tce_memsys *ms, void *engine)
{
    (void)engine;
    return tce_csim_execute(op, ms);
}
