/* The memories an operation touches: global memory as a set of address windows, and the
 * shared memory of each CTA of one cluster. Every access is bounds-checked and a miss is
 * reported as a named status, never a stray write. */
#ifndef TCE_MEMSYS_H
#define TCE_MEMSYS_H

#include "tce_types.h"

/* Global windows: 8 for the caller and one for the firmware's map shadow (the engine
 * runners add it, tools/tce/engines.h). */
#define TCE_MAX_GREGIONS 9

typedef struct {
    uint64_t base;
    uint64_t size;
    uint8_t *bytes;
    bool borrowed;   /* the caller owns bytes (tce_memsys_lend_global): not freed here */
} tce_gregion;

typedef struct {
    unsigned ngregions;
    tce_gregion g[TCE_MAX_GREGIONS];
    unsigned ncta;                   /* CTAs in the cluster, 1..16 */
    uint32_t smem_size;              /* bytes of shared memory per CTA */
    uint8_t *smem[TCE_MAX_CTAS];
} tce_memsys;

/* Allocation helpers for tests and tools (hosted builds only). */
int tce_memsys_init(tce_memsys *ms, unsigned ncta, uint32_t smem_size);
int tce_memsys_add_global(tce_memsys *ms, uint64_t base, uint64_t size);
/* Map the caller's `size` bytes at `base` (they stay the caller's: tce_memsys_free leaves
 * them), so a large window can be reused from one run to the next without reallocating. */
int tce_memsys_lend_global(tce_memsys *ms, uint64_t base, uint64_t size, uint8_t *bytes);
void tce_memsys_free(tce_memsys *ms);

/* Pointer to [addr, addr+len) of global memory, or NULL when it is not all mapped. */
uint8_t *tce_gmem(const tce_memsys *ms, uint64_t addr, uint64_t len);
/* Pointer to [off, off+len) of CTA `cta`'s shared memory, or NULL when out of range. */
uint8_t *tce_smem(const tce_memsys *ms, unsigned cta, uint32_t off, uint32_t len);

#endif
