/* C interface to the Verilated tile check (rtl/check/tce_tile_check.sv with
 * tce_im2col_check and tce_desc_rules inside), in two builds: tce_engine's default
 * parameters, and `lite`'s (HAS_IM2COL = HAS_GATHER = 0, GADDR_W = 32). Inputs are
 * given as tce_cmd_exec gives them (the command's fields, the fetched descriptor, CLUSTER
 * and SMEM_SIZE); tests/rtl_units/test_rtl_tile_check.c compares the verdict with the
 * golden model's. */
#ifndef TCE_TCHK_H
#define TCE_TCHK_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    uint8_t desc[128];
    unsigned mem_ncta;   /* CTAs in the cluster */
    uint32_t mem_smem;   /* shared memory per CTA, bytes */
    bool is_store;       /* tensor store or reduce */
    bool is_prefetch;
    bool is_reduce;
    unsigned redop;
    unsigned src_space, dst_space, completion, cta, dims, mode;
    uint32_t saddr;
    uint32_t mbar_off;   /* the mbarrier's offset (24 bits) */
    bool multicast;
    uint16_t cta_mask;
    int32_t coords[5];
    uint16_t im2col[3];  /* IM2COL_0..2 */
} tce_tchk_in;

typedef struct {
    bool ready;
    unsigned status, field;
    uint32_t tx_bytes;
    uint16_t ctas;
    uint32_t rows;
    /* the range end for tce_window_walk: globalAddress + extent, bits 63:0 and 67:64, and
     * its "over" flag (valid with the verdict) */
    uint64_t rng_end_lo;
    unsigned rng_end_hi;
    bool rng_over;
} tce_tchk_out;

typedef struct tce_tchk tce_tchk;

/* lite: the build at tce_engine's `lite` parameters; else the default build. */
tce_tchk *tce_tchk_create(bool lite);
void tce_tchk_destroy(tce_tchk *u);
/* One cycle with `hold` as given; the outputs as they stood before the clock edge. */
void tce_tchk_cycle(tce_tchk *u, const tce_tchk_in *in, bool hold, tce_tchk_out *out);

#ifdef __cplusplus
}
#endif

#endif
