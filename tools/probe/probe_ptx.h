/* PTX text of the probe's kernels: one kernel per instruction form (direction, mode,
 * rank, reduction op), built as a string so each case runs exactly its instruction. */
#ifndef PROBE_PTX_H
#define PROBE_PTX_H

#include <stddef.h>

/* Shared memory the kernels use: a 1024-byte-aligned region of PROBE_REGION bytes (the
 * box at smem_off inside it), then the mbarrier. */
#define PROBE_REGION (96u * 1024u)
#define PROBE_DYN_SMEM (PROBE_REGION + 2048u)

/* The store and reduce forms in .tile mode, then in .im2col_no_offs mode (rank 3..5). */
typedef enum {
    PROBE_LOAD_TILE,
    PROBE_LOAD_IM2COL,
    PROBE_STORE,
    PROBE_REDUCE,
    PROBE_STORE_NO_OFFS,
    PROBE_REDUCE_NO_OFFS,
    PROBE_FORMS
} probe_form;

/* Writes the PTX of kernel `probe` for the form into buf. redop is the PTX reduction
 * name (add, min, ...) for the reduce forms, ignored otherwise. Returns 0, or -1 when buf is
 * too small or rank is out of range.
 *
 * Kernel parameters (all forms): u64 tensor-map address (global), u64 data address
 * (loads: output = u32 completed flag then the dump; stores: the shared-memory source),
 * u32 smem_off, u32 byte count (dump or source), u32 tx (loads), u64 timeout (ns, loads),
 * then five s32 coordinates and three u32 im2col offsets. */
int probe_ptx(char *buf, size_t cap, probe_form form, unsigned rank, const char *redop);

#endif
