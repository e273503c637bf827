/* The arithmetic tests' element check: apply one reduction op and compare the bits with
 * the hand-derived result, naming the op, the type and both operands when they differ. */
#ifndef TCE_UNIT_ARITH_EXPECT_H
#define TCE_UNIT_ARITH_EXPECT_H

#include "arith.h"
#include "check.h"

#define EXPECT_ARITH(ctx, op, et, noftz, mem, src, want)                                       \
    do {                                                                                       \
        uint64_t got_ = tce_arith_apply(ctx, op, et, noftz, mem, src);                         \
        if (got_ != (uint64_t)(want)) {                                                        \
            fprintf(stderr, "%s:%d: %s.%s(0x%llx, 0x%llx) = 0x%llx, want 0x%llx\n", __FILE__,  \
                    __LINE__, tce_redop_name(op), tce_etype_name(et),                          \
                    (unsigned long long)(mem), (unsigned long long)(src),                      \
                    (unsigned long long)got_, (unsigned long long)(want));                     \
            failures++;                                                                        \
        }                                                                                      \
    } while (0)

#endif
