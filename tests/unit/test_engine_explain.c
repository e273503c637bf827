/* An engine error that came without words (the RTL's) is explained from its status and
 * ERR_INFO.FIELD: a single-entry field with its value in the operation, a repeated field
 * (multimem addresses, red operands) with no value, since ERR_INFO does not say which
 * entry faulted and entry 0's value would name the wrong address. */
#include <string.h>

#include "check.h"
#include "engines.h"
#include "driver/tce_cmd.h"

static tce_op multimem_op(void)
{
    tce_op op;
    memset(&op, 0, sizeof op);
    op.kind = TCE_OP_MULTIMEM_COPY;
    op.saddr = 0x400;
    op.size = 0x40;
    op.multimem_count = 2;
    op.multimem_addr[0] = 0x10000000; /* aligned */
    op.multimem_addr[1] = 0x10000044; /* the misaligned one */
    return op;
}

static void repeated_field_names_no_value(void)
{
    tce_op op = multimem_op();
    char buf[160];
    tce_engine_explain(TCE_ERR_MISALIGNED, TCE_CMDF_MULTIMEM_LO, &op, buf, sizeof buf);
    CHECK(strstr(buf, "MULTIMEM_LO") == buf);
    CHECK(strstr(buf, "0x10000000") == NULL); /* entry 0 is not the one at fault */
    CHECK(strstr(buf, "does not say which") != NULL);
    CHECK(strstr(buf, "misaligned address") != NULL);
}

static void single_field_with_value(void)
{
    tce_op op = multimem_op();
    char buf[160];
    tce_engine_explain(TCE_ERR_SHARED_RANGE, TCE_CMDF_SADDR, &op, buf, sizeof buf);
    CHECK(strcmp(buf, "SADDR = 0x400: outside the cluster's shared memory") == 0);
}

int main(void)
{
    repeated_field_names_no_value();
    single_field_with_value();
    return check_finish("test_engine_explain");
}
