/* C interface to the Verilated descriptor fetch (rtl/front/tce_desc_fetch.sv) at DATA_W 128,
 * 256 and 512: one call is one clock cycle with every input given and every output sampled
 * before the clock edge. tests/rtl_units/test_rtl_desc_fetch.c drives it with a C memory
 * on its AXI read port. */
#ifndef TCE_DESCF_H
#define TCE_DESCF_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TCE_DESCF_MAX_BEAT 64u /* bytes of a beat at DATA_W 512 */

typedef struct {
    bool start;
    uint64_t addr;
    bool inval;
    bool wr_seen; /* an AW handshake of the engine's own writes */
    uint64_t wr_addr;
    unsigned wr_len;
    bool arready;
    bool rvalid;
    uint8_t rdata[TCE_DESCF_MAX_BEAT];
    unsigned rresp;
    bool rlast;
} tce_descf_in;

typedef struct {
    bool done, busy, hit, bus_err;
    uint8_t desc[128];
    bool arvalid;
    unsigned arid;
    uint64_t araddr;
    unsigned arlen;
    bool rready;
} tce_descf_out;

typedef struct tce_descf tce_descf;

/* A new fetch unit with beats of data_w bits (128, 256 or 512), reset. NULL otherwise. */
tce_descf *tce_descf_create(unsigned data_w);
void tce_descf_destroy(tce_descf *u);
void tce_descf_cycle(tce_descf *u, const tce_descf_in *in, tce_descf_out *out);

#ifdef __cplusplus
}
#endif

#endif
