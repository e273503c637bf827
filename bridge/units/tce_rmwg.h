/* C interface to the Verilated tce_rmw_global with its reduction unit (bridge/units/
 * tce_rmwg_top.sv, DATA_W 256, NOUT 32 as in tce_engine): one call is one clock cycle, every
 * input given, every output sampled before the clock edge. tests/rtl_units/
 * test_rtl_rmw_global.c plays the write mover on one side and global memory on the other. */
#ifndef TCE_RMWG_H
#define TCE_RMWG_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TCE_RMWG_BYTES 32u

typedef struct {
    bool reduce_in, clear;
    unsigned op, etype, ctx;
    bool noftz;
    /* the mover */
    bool u_awvalid;
    uint64_t u_awaddr;
    unsigned u_awlen;
    bool u_wvalid;
    uint8_t u_wdata[TCE_RMWG_BYTES];
    uint32_t u_wstrb;
    bool u_wlast;
    /* memory */
    bool awready, wready, bvalid;
    unsigned bresp;
    bool arready, rvalid;
    uint8_t rdata[TCE_RMWG_BYTES];
    unsigned rresp;
} tce_rmwg_in;

typedef struct {
    bool u_awready, u_wready, u_bvalid;
    unsigned u_bresp;
    bool awvalid;
    uint64_t awaddr;
    unsigned awlen;
    bool wvalid;
    uint8_t wdata[TCE_RMWG_BYTES];
    uint32_t wstrb;
    bool wlast;
    bool arvalid;
    unsigned arid;
    uint64_t araddr;
    unsigned arlen;
    bool rready;
    bool illegal;
} tce_rmwg_out;

typedef struct tce_rmwg tce_rmwg;

tce_rmwg *tce_rmwg_create(void);
void tce_rmwg_destroy(tce_rmwg *u);
void tce_rmwg_cycle(tce_rmwg *u, const tce_rmwg_in *in, tce_rmwg_out *out);

#ifdef __cplusplus
}
#endif

#endif
