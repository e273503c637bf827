/* Which unit owns each of the engine's shared ports: the executor (rtl/front/tce_cmd_exec.sv)
 * drives rd_owner, wr_owner and sm_owner, and tce_engine steers the port to that unit. The
 * one definition: rtl/generated/tce_op_pkg.sv's RD_/WR_/SM_OWNER_* constants are generated
 * from these enums (tools/gen/gen_op_pkg.c). */
#ifndef TCE_PORT_OWNER_H
#define TCE_PORT_OWNER_H

/* The AXI4 read channel (AR, R). */
typedef enum {
    TCE_RD_OWNER_G2S = 0,       /* tce_bulk_g2s: bulk copy global -> shared */
    TCE_RD_OWNER_DESC = 1,      /* tce_desc_fetch: a tensor map's 128 bytes */
    TCE_RD_OWNER_TILE_LOAD = 2, /* tce_tile_load: tensor loads */
    TCE_RD_OWNER_RMW = 3,       /* tce_rmw_global: the old values of a reduction to global */
    TCE_RD_OWNER_COUNT
} tce_rd_owner;

/* The AXI4 write channels (AW, W, B), through tce_rmw_global. */
typedef enum {
    TCE_WR_OWNER_FROM_SMEM = 0,  /* tce_bulk_from_smem: bulk copy and reduce shared -> global */
    TCE_WR_OWNER_TILE_STORE = 1, /* tce_tile_store: tensor stores and reduces */
    TCE_WR_OWNER_RED = 2,        /* tce_red_scalar: red */
    TCE_WR_OWNER_COUNT
} tce_wr_owner;

/* The shared-memory data port (and, for tensor loads, the mbarrier port). */
typedef enum {
    TCE_SM_OWNER_G2S = 0,         /* tce_bulk_g2s writes */
    TCE_SM_OWNER_FROM_SMEM = 1,   /* tce_bulk_from_smem reads (and shared::cluster writes) */
    TCE_SM_OWNER_COMPLETE_TX = 2, /* the executor's complete-tx (mbarrier port) */
    TCE_SM_OWNER_TILE_LOAD = 3,   /* tce_tile_load writes and its complete-tx */
    TCE_SM_OWNER_TILE_STORE = 4,  /* tce_tile_store reads */
    TCE_SM_OWNER_RED = 5,         /* tce_red_scalar: red's shared-memory operand */
    TCE_SM_OWNER_COUNT
} tce_sm_owner;

#endif
