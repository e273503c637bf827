#include "ptx_internal.h"
ptx_status ptx_decode_bulk(ptx_ctx *c, ptx_insn *out, ptx_error *err) { (void)out; return ptx_fail(err, PTX_CAUSE_UNSUPPORTED, c->icol, "todo"); }
ptx_status ptx_decode_bulk_reduce(ptx_ctx *c, ptx_insn *out, ptx_error *err) { (void)out; return ptx_fail(err, PTX_CAUSE_UNSUPPORTED, c->icol, "todo"); }
ptx_status ptx_decode_bulk_prefetch(ptx_ctx *c, ptx_insn *out, ptx_error *err) { (void)out; return ptx_fail(err, PTX_CAUSE_UNSUPPORTED, c->icol, "todo"); }
ptx_status ptx_decode_multimem(ptx_ctx *c, ptx_insn *out, ptx_error *err, bool r) { (void)out; (void)r; return ptx_fail(err, PTX_CAUSE_UNSUPPORTED, c->icol, "todo"); }
ptx_status ptx_decode_group(ptx_ctx *c, ptx_insn *out, ptx_error *err, bool w) { (void)out; (void)w; return ptx_fail(err, PTX_CAUSE_UNSUPPORTED, c->icol, "todo"); }
ptx_status ptx_decode_tensormap(ptx_ctx *c, ptx_insn *out, ptx_error *err) { (void)out; return ptx_fail(err, PTX_CAUSE_UNSUPPORTED, c->icol, "todo"); }
ptx_status ptx_decode_scenario(ptx_ctx *c, ptx_insn *out, ptx_error *err, ptx_insn_kind k) { (void)out; (void)k; return ptx_fail(err, PTX_CAUSE_UNSUPPORTED, c->icol, "todo"); }
