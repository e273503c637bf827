/* What the co-simulation tests that compare the engine with the golden model byte for byte
 * share: the same random bytes in both models' memories, the bytes where they differ, and
 * a command submitted through CMD[] + DOORBELL. Header-only (static inline), so a test may
 * use only some of it under -Werror. */
#ifndef TCE_COSIM_MEM_H
#define TCE_COSIM_MEM_H

#include "csim.h"
#include "tce_cmd.h"
#include "tce_regmap.h"
#include "tce_sim.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The same bytes from next() in the engine's and the golden model's global window
 * [gbase, gbase+gsize) (the golden model's first window) and the first `sbytes` of each
 * CTA's shared memory. */
static inline void cosim_fill_same(tce_sim *sim, tce_memsys *ms, uint64_t gbase, uint32_t gsize,
                                   uint32_t sbytes, uint8_t (*next)(void))
{
    uint8_t *g = tce_sim_gmem(sim, gbase, gsize);
    for (uint32_t i = 0; i < gsize; i++)
        g[i] = ms->g[0].bytes[i] = next();
    for (unsigned c = 0; c < ms->ncta; c++) {
        uint8_t *s = tce_sim_smem(sim, c, 0, sbytes);
        for (uint32_t i = 0; i < sbytes; i++)
            s[i] = ms->smem[c][i] = next();
    }
}

/* Bytes of the global window that differ between the models. */
static inline uint32_t cosim_global_diff(tce_sim *sim, const tce_memsys *ms, uint64_t gbase,
                                         uint32_t gsize)
{
    const uint8_t *g = tce_sim_gmem(sim, gbase, gsize);
    uint32_t n = 0;
    for (uint32_t i = 0; i < gsize; i++)
        n += g[i] != ms->g[0].bytes[i];
    return n;
}

/* Bytes of CTA c's shared memory (smem_bytes) that differ; *first: the lowest one. */
static inline uint32_t cosim_smem_diff(tce_sim *sim, const tce_memsys *ms, unsigned c,
                                       uint32_t smem_bytes, uint32_t *first)
{
    const uint8_t *s = tce_sim_smem(sim, c, 0, smem_bytes);
    uint32_t n = 0;
    *first = 0;
    for (uint32_t i = 0; i < smem_bytes; i++)
        if (s[i] != ms->smem[c][i] && n++ == 0)
            *first = i;
    return n;
}

/* Packs op (the firmware's tce_cmd_pack) into CMD[] and rings DOORBELL; false when the
 * packer refuses it or a register write is not answered. */
static inline bool cosim_submit(tce_sim *sim, const tce_op *op)
{
    uint32_t w[TCE_RM_CMD_WORDS];
    tce_cmd_field_id bad;
    unsigned n = tce_cmd_pack(op, w, &bad);
    if (n == 0)
        return false;
    for (unsigned i = 0; i < n; i++)
        if (tce_sim_mmio_write(sim, TCE_REG_AT(TCE_REG_CMD, i), w[i]) != 0)
            return false;
    return tce_sim_mmio_write(sim, TCE_REG_DOORBELL, n) == 0;
}

/* A set-up step that failed (the bridge, the encoder, the packer) is a broken test, not a
 * finding: say what and stop with exit 2. */
static inline void cosim_must(bool ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "setup failed: %s\n", what);
        exit(2);
    }
}

/* A register read or write the bridge does not answer is a broken set-up: say which
 * register and stop (exit 2). */
static inline uint32_t cosim_reg_read(tce_sim *sim, uint32_t reg)
{
    uint32_t v = 0;
    if (tce_sim_mmio_read(sim, reg, &v) != 0) {
        fprintf(stderr, "setup failed: MMIO read of register 0x%x not answered\n", (unsigned)reg);
        exit(2);
    }
    return v;
}

static inline void cosim_reg_write(tce_sim *sim, uint32_t reg, uint32_t v)
{
    if (tce_sim_mmio_write(sim, reg, v) != 0) {
        fprintf(stderr, "setup failed: MMIO write of register 0x%x not answered\n", (unsigned)reg);
        exit(2);
    }
}

#endif
