#include "ptx_internal.h"
ptx_status ptx_decode_multimem(ptx_ctx *c, ptx_insn *out, ptx_error *err, bool r) { (void)out; (void)r; return ptx_fail(err, PTX_CAUSE_UNSUPPORTED, c->icol, "todo"); }
ptx_status ptx_decode_scenario(ptx_ctx *c, ptx_insn *out, ptx_error *err, ptx_insn_kind k) { (void)out; (void)k; return ptx_fail(err, PTX_CAUSE_UNSUPPORTED, c->icol, "todo"); }
