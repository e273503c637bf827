/* PLACEHOLDER (to be replaced by the arithmetic implementation). */
#include "arith.h"
bool tce_arith_legal(tce_arith_ctx ctx, tce_redop op, tce_etype et, bool noftz)
{
    (void)ctx; (void)op; (void)et; (void)noftz;
    return false;
}
uint64_t tce_arith_apply(tce_arith_ctx ctx, tce_redop op, tce_etype et, bool noftz, uint64_t mem,
                         uint64_t src)
{
    (void)ctx; (void)op; (void)et; (void)noftz; (void)src;
    return mem;
}
bool tce_etype_from_dtype(tce_dtype dt, tce_redop op, tce_etype *out)
{
    (void)dt; (void)op; (void)out;
    return false;
}
