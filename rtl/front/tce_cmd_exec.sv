// Command executor: takes the next command from the queue, checks it, runs it on the data
// mover it needs, performs the mbarrier complete-tx, and retires it with a status.
//
// Checks happen BEFORE any memory is touched, so a command the H100 would trap on leaves
// memory exactly as it was (the golden model's contract). Each failure names the command
// field at fault (ERR_INFO.FIELD, the regmap.def command-field index).
//
// Implemented: cp.async.bulk in its four forms (global -> shared::cta, global ->
// shared::cluster with or without multicast, shared::cta -> shared::cluster, shared::cta ->
// global with .bulk_group and .cp_mask) and cp.async.bulk.prefetch.L2 (a hint: checked,
// then nothing to move), and tile-mode tensor loads: the descriptor is fetched
// (tce_desc_fetch), checked against the command (tce_tile_check) and the box walked
// (tce_tile_load); tile-mode tensor stores (tce_tile_store). cp.async.bulk.prefetch.tensor
// (tile, gather4, im2col modes) is a hint too: its descriptor is fetched and checked like a
// load's (tce_tile_check with `cmd_is_prefetch`: no shared-memory side), then it retires
// with nothing moved, as in the golden model (this engine has no cache to warm).
// multimem.cp.async.bulk.global.shared::cta runs the shared::cta -> global copy once per
// address of its multimem group (MULTIMEM_COUNT <= 8 addresses, MULTIMEM_LO/HI), one after
// another on tce_bulk_from_smem, each reading the source again (csim/bulk.c multimem_copy).
//
// Reductions run on the same movers as the copies they resemble, with `red_en` set so the
// write paths read-modify-write through the reduction unit (tce_rmw_global,
// tce_rmw_smem): cp.reduce.async.bulk to global and to shared::cluster on
// tce_bulk_from_smem, cp.reduce.async.bulk.tensor (tile) on tce_tile_store, and `red`
// (scalar and vector, global and shared) on tce_red_scalar. Every other operation retires
// with ST_UNSUPPORTED.
//
// Tensor loads overlap (tce_tile_load's front end / back end): once a load is handed to the
// tile loader the executor takes the next command while the load's data is still arriving,
// and keeps the load's retirement record (sequence number, CTA, kind, bytes written) in a
// FIFO of NS entries, the same order as the tile loader's slots; the loader's `done`
// retires the oldest. Every other command, and any command that fails before reaching the
// tile loader, waits until no load is in flight, so retirement stays in command order and
// stores, reduces and bulk copies see the memory as if each command ran alone.
module tce_cmd_exec #(
    parameter int QW         = 17,
    parameter int QDROP      = 0,        // red's operand words not in the queue entry (tce_regs)
    parameter int NS         = 16,       // tensor loads in flight (tce_tile_load NS)
    // The engine's feature parameters (tce_engine): an operation whose feature is left out
    // retires with ST_UNSUPPORTED, before anything is fetched or moved.
    parameter bit HAS_REDUCE = 1'b1,
    parameter bit HAS_IM2COL = 1'b1,
    parameter bit HAS_GATHER = 1'b1,
    // Without multimem the command register ends before its addresses (QW 33, tce_engine)
    // and OP_MULTIMEM_COPY is an unknown opcode (ST_UNSUPPORTED at OPCODE).
    parameter bit HAS_MULTIMEM = 1'b1,
    // Global address bits of the bulk movers (tce_engine GADDR_W): below 64, a bulk or
    // multimem copy whose global range ends past 2^GADDR_W retires with ST_UNSUPPORTED at its
    // address field, after every check the golden model makes.
    parameter int GADDR_W    = 64
) (
    input  logic        clk,
    input  logic        rst_n,
    input  logic        run,
    input  logic        retire_hold,   // an error is pending: retire nothing until it is cleared
    input  logic        q_empty,
    // What memory exists (tce_regs: CLUSTER, SMEM_SIZE, GWIN_*, within the build's limits):
    // the golden model's tce_memsys. A command naming memory outside it is refused here,
    // before anything moves, with the golden model's status and field.
    input  logic [4:0]  mem_ncta,
    input  logic [24:0] mem_smem,
    input  logic [8*64-1:0] gwin_base,
    input  logic [8*65-1:0] gwin_end,     // base + size, formed by tce_regs as it is written
    input  logic [7:0]      gwin_on,      // size is not 0
    input  logic        mem_wr,         // one of those is written this cycle (new value next cycle)
    input  logic [(QW-QDROP)*32+39:0] q_head,   // {word count n, seq, kept words} (tce_regs)
    output logic        q_pop,
    output logic        busy,
    output logic [7:0]  inflight,      // commands taken from the queue and not yet retired
    output logic [31:0] cur_seq,
    output logic        cur_reads_done,
    // Retirement, valid for the one cycle `retire` is set, so the register block records an
    // error before the next command could be taken from the queue.
    output logic        retire,
    output logic [7:0]  retire_status,
    output logic [7:0]  retire_field,
    output logic [3:0]  retire_cta,
    output logic [3:0]  retire_kind,
    output logic [31:0] retire_seq,
    output logic [39:0] retire_rbytes,
    output logic [39:0] retire_wbytes,
    // Mover control
    output logic        g2s_start,     // tce_bulk_g2s: it then completes and retires the copy itself
    input  logic        g2s_can_start,
    input  logic        g2s_busy,      // bulk copies in flight (their retirement records in lr_*)
    input  logic        g2s_tx_err,
    input  logic [31:0] g2s_size,
    output logic        fs_start,      // tce_bulk_from_smem
    output logic        fs_to_global,
    output logic [63:0] mv_gaddr,
    output logic [31:0] mv_size,
    output logic [15:0] mv_dst_mask,
    output logic [3:0]  mv_dst_cta,
    output logic [23:0] mv_dst_off,
    output logic [3:0]  mv_src_cta,
    output logic [23:0] mv_src_off,
    output logic        mv_use_byte_mask,
    output logic [15:0] mv_byte_mask,
    input  logic        g2s_done,
    input  logic [7:0]  g2s_status,
    input  logic        fs_done,
    input  logic        fs_reads_done,
    input  logic [7:0]  fs_status,
    // Tensor loads: descriptor fetch, its check against the command, the tile mover
    output logic        desc_start,
    output logic [63:0] desc_addr,
    input  logic        desc_done,
    input  logic        desc_err,
    input  logic        desc_hit,      // desc_addr's descriptor is cached (no bus read)
    output logic [159:0] cmd_coords,   // 5 x s32, tensorCoords[i] in [32i+31:32i]
    output logic [47:0] cmd_im2col,    // IM2COL_0..2: im2col offsets (::w: wHalo, wOffset)
    output logic [2:0]  cmd_dims,
    output logic [2:0]  cmd_mode,
    output logic [1:0]  cmd_dst_space,
    output logic [1:0]  cmd_completion,
    output logic [3:0]  cmd_cta,
    output logic [31:0] cmd_saddr,
    output logic [23:0] cmd_mbar_off,
    output logic        cmd_multicast,
    output logic [15:0] cmd_cta_mask,
    output logic        cmd_new,        // cmd may have changed at the last edge (a pop or its clear)
    output logic        tchk_hold,      // a command is held from its pop through S_TCHECK (tce_tile_check)
    input  logic        tchk_ready,     // tce_tile_check's pipeline has the check's result
    input  logic [7:0]  tchk_status,
    input  logic [7:0]  tchk_field,
    input  logic        tchk_pass,      // tchk_status is ST_OK, from the checks' registers
    input  logic [15:0] tchk_ctas,
    input  logic [31:0] tchk_tx_bytes,
    output logic        tile_start,
    output logic        tile_want_tx,
    input  logic        tile_can_start,
    input  logic        tile_active,
    output logic        tile_done_hold,
    input  logic        tile_done,     // the oldest load in flight is complete
    input  logic [7:0]  tile_status,
    input  logic        tile_tx_err,
    input  logic [39:0] tile_rbytes,
    output logic        cmd_is_store,
    output logic        cmd_is_prefetch,   // cp.async.bulk.prefetch.tensor: checks only
    output logic [1:0]  cmd_src_space,
    output logic        tstore_start,
    input  logic        tstore_done,
    input  logic [7:0]  tstore_status,
    input  logic [39:0] tstore_wbytes,
    output logic [tce_op_pkg::WR_OWNER_W-1:0] wr_owner,  // global write channel (tce_op_pkg::WR_OWNER_*)
    // Reductions: the read-modify-write paths and what the reduction unit computes
    output logic        red_en,        // this command reduces (cp.reduce.*, red)
    output logic        red_smem,      // ... into shared memory (tce_rmw_smem), else global
    output logic [2:0]  red_op,        // tce_redop
    output logic [3:0]  red_etype,     // tce_etype
    output logic [2:0]  red_ctx,       // tce_arith_ctx
    output logic        red_noftz,
    input  logic [3:0]  tchk_red_etype, // tensor reduce: the type the descriptor's dtype names
    input  logic        tchk_red_noftz,
    output logic        rs_start,      // tce_red_scalar
    output logic [1:0]  rs_esl,
    output logic [3:0]  rs_vec,
    output logic [511:0] rs_operands,
    input  logic        rs_done,
    input  logic [7:0]  rs_status,
    // Global read channel and shared-memory port ownership, and the complete-tx requests
    // on the mbarrier port (the tile load's own while a load is in flight, else these)
    output logic [tce_op_pkg::RD_OWNER_W-1:0] rd_owner,  // tce_op_pkg::RD_OWNER_*
    output logic [tce_op_pkg::SM_OWNER_W-1:0] sm_owner,  // tce_op_pkg::SM_OWNER_*
    // tce_red_scalar runs (from its start to its done), so sm_owner is SM_OWNER_RED: a
    // flip-flop for tce_rmw_smem's choice of mover, which sm_owner, behind the loads'
    // activity, made the start of the reduction unit's deepest input path
    output logic        sm_red,
    output logic        tx_valid,
    input  logic        tx_ready,
    output logic [3:0]  tx_cta,
    output logic [23:0] tx_addr,
    output logic [31:0] tx_count,
    input  logic        tx_rsp_valid,
    input  logic        tx_rsp_err
);
  typedef enum logic [3:0] {
    S_IDLE, S_CHECK, S_DESC, S_TCHECK, S_MOVE, S_TX, S_TXWAIT, S_RETIRE,
    S_MMNEXT,   // multimem: start the copy to the next address of the group
    S_MMWIN     // multimem: its addresses against the global windows, one a cycle
  } state_t;
  state_t state;

  logic [QW*32-1:0] cmd;
  // Command fields are constant part-selects of `cmd` (tce_regs_pkg's word, LSB and width),
  // which Verilator folds into their readers. A function taking the field's word cost a call
  // and its temporaries per field, every cycle (docs/sim_speed.md).
  wire [3:0]  f_opcode = cmd[(tce_regs_pkg::CMDF_OPCODE_WORD)*32 + tce_regs_pkg::CMDF_OPCODE_LSB +: tce_regs_pkg::CMDF_OPCODE_W];
  wire [1:0]  f_dst    = cmd[(tce_regs_pkg::CMDF_DST_SPACE_WORD)*32 + tce_regs_pkg::CMDF_DST_SPACE_LSB +: tce_regs_pkg::CMDF_DST_SPACE_W];
  wire [1:0]  f_src    = cmd[(tce_regs_pkg::CMDF_SRC_SPACE_WORD)*32 + tce_regs_pkg::CMDF_SRC_SPACE_LSB +: tce_regs_pkg::CMDF_SRC_SPACE_W];
  wire [1:0]  f_done   = cmd[(tce_regs_pkg::CMDF_COMPLETION_WORD)*32 + tce_regs_pkg::CMDF_COMPLETION_LSB +: tce_regs_pkg::CMDF_COMPLETION_W];
  wire [3:0]  f_cta    = cmd[(tce_regs_pkg::CMDF_CTA_WORD)*32 + tce_regs_pkg::CMDF_CTA_LSB +: tce_regs_pkg::CMDF_CTA_W];
  wire        f_mcast  = cmd[(tce_regs_pkg::CMDF_MULTICAST_WORD)*32 + tce_regs_pkg::CMDF_MULTICAST_LSB];
  wire        f_has_bm = cmd[(tce_regs_pkg::CMDF_HAS_BYTE_MASK_WORD)*32 + tce_regs_pkg::CMDF_HAS_BYTE_MASK_LSB];
  wire [15:0] f_ctamask = cmd[(tce_regs_pkg::CMDF_CTA_MASK_WORD)*32 + tce_regs_pkg::CMDF_CTA_MASK_LSB +: tce_regs_pkg::CMDF_CTA_MASK_W];
  wire [15:0] f_bmask  = cmd[(tce_regs_pkg::CMDF_BYTE_MASK_WORD)*32 + tce_regs_pkg::CMDF_BYTE_MASK_LSB +: tce_regs_pkg::CMDF_BYTE_MASK_W];
  wire [63:0] f_gaddr  = {cmd[(tce_regs_pkg::CMDF_GADDR_HI_WORD)*32 +: 32], cmd[(tce_regs_pkg::CMDF_GADDR_LO_WORD)*32 +: 32]};
  wire [31:0] f_saddr  = cmd[(tce_regs_pkg::CMDF_SADDR_WORD)*32 +: 32];
  wire [31:0] f_ssrc   = cmd[(tce_regs_pkg::CMDF_SADDR_SRC_WORD)*32 +: 32];
  wire [31:0] f_mbar   = cmd[(tce_regs_pkg::CMDF_MBAR_WORD)*32 +: 32];
  wire [31:0] f_size   = cmd[(tce_regs_pkg::CMDF_SIZE_WORD)*32 +: 32];
  wire [63:0] f_tmap   = {cmd[(tce_regs_pkg::CMDF_TMAP_HI_WORD)*32 +: 32], cmd[(tce_regs_pkg::CMDF_TMAP_LO_WORD)*32 +: 32]};
  wire [2:0]  f_dims   = cmd[(tce_regs_pkg::CMDF_DIMS_WORD)*32 + tce_regs_pkg::CMDF_DIMS_LSB +: tce_regs_pkg::CMDF_DIMS_W];
  wire [2:0]  f_mode   = cmd[(tce_regs_pkg::CMDF_MODE_WORD)*32 + tce_regs_pkg::CMDF_MODE_LSB +: tce_regs_pkg::CMDF_MODE_W];
  wire [2:0]  f_redop  = cmd[(tce_regs_pkg::CMDF_REDOP_WORD)*32 + tce_regs_pkg::CMDF_REDOP_LSB +: tce_regs_pkg::CMDF_REDOP_W];
  wire [3:0]  f_etype  = cmd[(tce_regs_pkg::CMDF_ETYPE_WORD)*32 + tce_regs_pkg::CMDF_ETYPE_LSB +: tce_regs_pkg::CMDF_ETYPE_W];
  wire        f_noftz  = cmd[(tce_regs_pkg::CMDF_NOFTZ_WORD)*32 + tce_regs_pkg::CMDF_NOFTZ_LSB];
  wire [3:0]  f_vec    = cmd[(tce_regs_pkg::CMDF_VEC_WORD)*32 + tce_regs_pkg::CMDF_VEC_LSB +: tce_regs_pkg::CMDF_VEC_W];
  wire [3:0]  f_mmcount = cmd[(tce_regs_pkg::CMDF_MULTIMEM_COUNT_WORD)*32 + tce_regs_pkg::CMDF_MULTIMEM_COUNT_LSB +: tce_regs_pkg::CMDF_MULTIMEM_COUNT_W];

  localparam logic [7:0] F_NONE = 8'(tce_regs_pkg::FIELD_NONE);
  // Field indices are 32-bit package constants below 256 (ERR_INFO.FIELD is 8 bits).
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [7:0] fidx(input int unsigned idx);
    fidx = 8'(idx);
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // ------------------------------------------------------------- decode
  // Everything from here to "sequencing" (direction, places, opcode classes, the reduce
  // context, the checks and their verdict) is a function of the command register alone,
  // which changes only when a command is popped (and when it is cleared after reset).
  // Shared addresses (op.h): a shared::cta address is an offset in the issuing CTA; a
  // shared::cluster address carries the rank in [27:24] (TCE_SADDR). For multicast only the
  // offset is used. The bulk source is SADDR when copying to global and SADDR_SRC when
  // copying to another CTA (op.h's field convention). An mbarrier address is read as
  // cluster-style: rank 0 there means "the destination CTA's" (csim/bulk.c).
  localparam logic [1:0] DIR_G2S = 2'd0, DIR_S2S = 2'd1, DIR_S2G = 2'd2, DIR_NONE = 2'd3;
  // run_dir of a tensor load. It shares DIR_NONE's code: run_dir only selects a mover while
  // one runs, and a command that moves nothing never starts one.
  localparam logic [1:0] DIR_TILE = 2'd3;
  logic [1:0]  dir;
  logic        dst_cluster;     // the destination is shared::cluster
  logic        sd_form_ok;      // destination in shared memory (G2S, S2S)
  logic [3:0]  sd_cta;
  logic [23:0] sd_off;
  logic [31:0] src_a;           // shared source (S2G: SADDR, S2S: SADDR_SRC), always shared::cta
  logic        ss_form_ok;
  logic [23:0] ss_off;
  logic [3:0]  mb_rank;
  logic [23:0] mb_off;
  // Opcode classes. Without HAS_REDUCE the three reduce opcodes are unknown ones
  // (ST_UNSUPPORTED).
  logic        is_breduce, is_red, is_treduce, is_tpref, is_mm, is_tensor, to_global;
  logic        pref_q, store_q; // cmd is a tensor prefetch / store or reduce (flip-flops, pop_operands)
  logic        red_q, red_sm_q; // cmd reduces / reduces into shared memory (red_en, red_smem)
  logic        tog_q, s2g_q;    // cmd writes global memory / is a bulk copy shared -> global
  logic        cmd_clr_n;       // clears cmd and those flags (see the cmd load)
  // Tensor modes of features this build leaves out (csim/op.h tce_mode): 1-3 and 6 are the
  // im2col family, 4 and 5 gather4/scatter4.
  logic        mode_off;
  // Reductions: the instruction family (tce_arith_ctx) decides which op/type pairs exist
  // and the flushing rules; the legality table is the reduction unit's own.
  logic [2:0]  chk_ctx;
  // red: element size, vector length in bytes (<= 16 once the vector is legal), place.
  logic        et_half;
  logic [7:0]  red_len;
  logic [3:0]  red_cta;
  logic [23:0] red_off;
  logic        vec_ok;
  // multimem: the group's addresses, address i in [64i+63:64i] (one vector, so Yosys 0.23
  // takes the generated assigns)
  logic [8*64-1:0] mm_addr;
  if (HAS_MULTIMEM) begin : g_mm_addr
    for (genvar gi = 0; gi < 8; gi++) begin : g_a
      assign mm_addr[gi*64 +: 64] = {cmd[(tce_regs_pkg::CMDF_MULTIMEM_HI_WORD + gi * tce_regs_pkg::CMDF_MULTIMEM_HI_STRIDE)*32 +: 32],
                            cmd[(tce_regs_pkg::CMDF_MULTIMEM_LO_WORD + gi * tce_regs_pkg::CMDF_MULTIMEM_LO_STRIDE)*32 +: 32]};
    end
  end else begin : g_no_mm_addr
    for (genvar gi = 0; gi < 8; gi++) begin : g_a
      assign mm_addr[gi*64 +: 64] = 64'd0;
    end
  end
  // ... and each one's end, address + size in 65 bits (mm_end_q, formed at the pop: below)
  logic [8*65-1:0] mm_end_q;
  // log2 of red's element bytes (tce_etype)
  function automatic logic [1:0] etype_log2(input logic [3:0] et);
    if (et == tce_red_pkg::ET_F16 || et == tce_red_pkg::ET_BF16) etype_log2 = 2'd1;
    else if (et == tce_red_pkg::ET_B64 || et == tce_red_pkg::ET_U64 || et == tce_red_pkg::ET_S64 ||
             et == tce_red_pkg::ET_F64) etype_log2 = 2'd3;
    else etype_log2 = 2'd2;
  endfunction
  function automatic logic tensor_op(input logic [3:0] op);
    tensor_op = op == tce_op_pkg::OP_TENSOR_LOAD || op == tce_op_pkg::OP_TENSOR_STORE ||
                (HAS_REDUCE && op == tce_op_pkg::OP_TENSOR_REDUCE) || op == tce_op_pkg::OP_TENSOR_PREFETCH;
  endfunction
  always_comb begin : decode
    for (int i = 0; i < 8; i++)
      rs_operands[i*64 +: 64] = {cmd[(tce_regs_pkg::CMDF_OPERAND_HI_WORD + i * tce_regs_pkg::CMDF_OPERAND_HI_STRIDE)*32 +: 32],
                                 cmd[(tce_regs_pkg::CMDF_OPERAND_LO_WORD + i * tce_regs_pkg::CMDF_OPERAND_LO_STRIDE)*32 +: 32]};
    for (int i = 0; i < 5; i++)
      cmd_coords[i*32 +: 32] = cmd[(tce_regs_pkg::CMDF_COORD_WORD + i * tce_regs_pkg::CMDF_COORD_STRIDE)*32 +: 32];
    cmd_im2col = {
      cmd[(tce_regs_pkg::CMDF_IM2COL_2_WORD)*32 + tce_regs_pkg::CMDF_IM2COL_2_LSB +: tce_regs_pkg::CMDF_IM2COL_2_W],
      cmd[(tce_regs_pkg::CMDF_IM2COL_1_WORD)*32 + tce_regs_pkg::CMDF_IM2COL_1_LSB +: tce_regs_pkg::CMDF_IM2COL_1_W],
      cmd[(tce_regs_pkg::CMDF_IM2COL_0_WORD)*32 + tce_regs_pkg::CMDF_IM2COL_0_LSB +: tce_regs_pkg::CMDF_IM2COL_0_W]};

    dir = DIR_NONE;
    if (f_src == tce_op_pkg::SPACE_GLOBAL &&
        (f_dst == tce_op_pkg::SPACE_SHARED_CTA || f_dst == tce_op_pkg::SPACE_SHARED_CLUSTER))
      dir = DIR_G2S;
    else if (f_src == tce_op_pkg::SPACE_SHARED_CTA && f_dst == tce_op_pkg::SPACE_SHARED_CLUSTER)
      dir = DIR_S2S;
    else if (f_src == tce_op_pkg::SPACE_SHARED_CTA && f_dst == tce_op_pkg::SPACE_GLOBAL)
      dir = DIR_S2G;
    dst_cluster = (f_dst == tce_op_pkg::SPACE_SHARED_CLUSTER);
    sd_form_ok  = dst_cluster ? (f_saddr[31:28] == 4'd0) : (f_saddr[31:24] == 8'd0);
    sd_cta      = f_mcast ? 4'd0 : (dst_cluster ? f_saddr[27:24] : f_cta);
    sd_off      = f_saddr[23:0];
    src_a       = s2g_q ? f_saddr : f_ssrc;
    ss_form_ok  = (src_a[31:24] == 8'd0);
    ss_off      = src_a[23:0];
    mb_rank     = f_mbar[27:24];
    mb_off      = f_mbar[23:0];

    is_breduce = HAS_REDUCE && (f_opcode == tce_op_pkg::OP_BULK_REDUCE);
    is_red     = HAS_REDUCE && (f_opcode == tce_op_pkg::OP_RED);
    is_treduce = HAS_REDUCE && (f_opcode == tce_op_pkg::OP_TENSOR_REDUCE);
    is_tpref   = pref_q;
    is_mm      = HAS_MULTIMEM && (f_opcode == tce_op_pkg::OP_MULTIMEM_COPY);
    is_tensor  = tensor_op(f_opcode);
    to_global  = tog_q;
    mode_off   = (!HAS_IM2COL && (f_mode == tce_op_pkg::MODE_IM2COL || f_mode == tce_op_pkg::MODE_IM2COL_W || f_mode == tce_op_pkg::MODE_IM2COL_W128 || f_mode == tce_op_pkg::MODE_IM2COL_NO_OFFS)) ||
                 (!HAS_GATHER && (f_mode == tce_op_pkg::MODE_GATHER4 || f_mode == tce_op_pkg::MODE_SCATTER4));
    cmd_is_store = store_q;
    red_en     = red_q;
    red_smem   = red_sm_q;
    fs_to_global = s2g_q;
    tile_want_tx = (f_done == tce_op_pkg::DONE_MBARRIER);

    if (is_red) chk_ctx = to_global ? tce_red_pkg::CTX_RED_GLOBAL : tce_red_pkg::CTX_RED_SHARED;
    else if (is_treduce) chk_ctx = tce_red_pkg::CTX_TENSOR_REDUCE;
    else chk_ctx = to_global ? tce_red_pkg::CTX_BULK_REDUCE : tce_red_pkg::CTX_BULK_REDUCE_CLUSTER;

    rs_esl  = etype_log2(f_etype);
    et_half = rs_esl == 2'd1;
    red_len = {4'd0, f_vec} << rs_esl;
    red_cta = (f_dst == tce_op_pkg::SPACE_SHARED_CLUSTER) ? f_saddr[27:24] : f_cta;
    red_off = f_saddr[23:0];
    // The PTX vector table (csim/red.c check_vector): .global only, f32 add up to .v4,
    // f16/bf16 up to .v8; the packed f16x2/bf16x2 add (two lanes) also on .shared; scalar
    // f16/bf16 only for add.
    if (f_vec != 4'd1 && f_vec != 4'd2 && f_vec != 4'd4 && f_vec != 4'd8)
      vec_ok = 1'b0;
    else if (f_vec == 4'd1)
      vec_ok = !(et_half && f_redop != tce_red_pkg::RED_ADD);
    else if (!to_global)
      vec_ok = et_half && f_vec == 4'd2 && f_redop == tce_red_pkg::RED_ADD;
    else if (f_etype == tce_red_pkg::ET_F32 && f_redop == tce_red_pkg::RED_ADD)
      vec_ok = f_vec <= 4'd4;
    else
      vec_ok = et_half;
  end
  assign rs_vec = f_vec;
  logic op_legal;
  tce_red_legal u_legal (.ctx(chk_ctx), .op(f_redop), .etype(f_etype), .noftz(f_noftz),
                         .legal(op_legal));

  function automatic logic fits(input logic [23:0] off, input logic [31:0] n);
    fits = ({9'd0, off} + {1'b0, n}) <= {8'd0, mem_smem};
  endfunction

  // A global range [a, a + n) must lie wholly in one window (csim/memsys.c tce_gmem); while
  // no window is set the bus alone answers (DECERR -> GLOBAL_BUS).
  // Per window: base <= a and a + n <= base + size, in 65 bits (neither sum wraps). The
  // range's end is formed once for all eight windows, each window's end once as it is
  // written (tce_regs gwin_end); the form with the offset a - base and the room left after
  // it cost two subtractions and two compares per window.
  wire win_on = |gwin_on;
  function automatic logic mapped_end(input logic [63:0] a, input logic [64:0] a_end);
    mapped_end = !win_on;
    for (int i = 0; i < 8; i++)
      if (gwin_on[i] && a >= gwin_base[i*64 +: 64] && a_end <= gwin_end[i*65 +: 65]) mapped_end = 1'b1;
  endfunction

  // ------------------------------------------------------------- the checks, in order
  // The order follows the golden model (csim/bulk.c), so both report the same first fault.
  // The verdict is read only in S_CHECK (chk_go, is_tload). A second decode block, as
  // above: it reads the first one's values and op_legal.
  logic [7:0]  chk_status, chk_field;
  logic [15:0] dmask;
  logic        bad;
  logic        is_tload;   // a tensor load that passed the checks so far
  // multimem: the per-address checks' first failure (index mm_fi, 8 when none; mm_fovl: it
  // is an overlap, which a window miss at the same address precedes), and whether the
  // checks before the addresses passed (then S_MMWIN looks at the windows).
  logic [3:0]  mm_fi;
  logic        mm_fovl, mm_pre_ok;
  task automatic fail(input logic [7:0] st, input int unsigned fi);
    if (!bad) begin
      bad = 1'b1; chk_status = st; chk_field = fidx(fi);
    end
  endtask
  task automatic mm_fail(input logic [7:0] st, input int unsigned fi, input logic [3:0] i, input logic ovl);
    if (!bad) begin
      mm_fi = i; mm_fovl = ovl;
    end
    fail(st, fi);
  endtask
  // The cluster's CTAs, a bit each, by one compare per bit: a variable shift of the mask
  // inside the check chain made Yosys's share pass enumerate ~130k activation patterns
  // (rtl-synth ran out of 24 GB).
  logic [15:0] cta_in_cluster;
  for (genvar gi = 0; gi < 16; gi++) begin : g_cta_in_cluster
    assign cta_in_cluster[gi] = mem_ncta > 5'(gi);
  end

  // Stage 1 of the checks: the wide compares (the global windows, the shared-memory fits,
  // the 64-bit ends, multimem's pairwise overlaps, the CTA ranges) registered, so that the
  // ordered chain below starts from flip-flops. A command stays in S_CHECK until they
  // hold its own values against the current memory description (p_valid: no pop and no
  // CLUSTER/SMEM_SIZE/GWIN write in the cycle before), one cycle more than a single stage.
  logic        p_valid;
  logic        p_gmapped, p_gwrap, p_gbig, p_cta_bad, p_sd_bad, p_mask_bad, p_red_cta_bad;
  logic        p_fit_sd, p_fit_ss, p_fit_mb, p_fit_red;
  logic [7:0]  p_mm_wrap, p_mm_ovl, p_mm_big;   // multimem, per address of the group
  // The chain's small tests of the command's own fields, registered too (the command
  // register is still when they are read): from the command register the chain was 6 LUT
  // levels and 5.3 ns into `st`.
  logic        p_g2s, p_s2s, p_s2g;   // the direction (three flags: Yosys 0.23's fsm pass crashed on a copy of `dir`)
  logic        p_sz_mis, p_g_mis, p_sd_mis, p_ss_mis, p_ss_form, p_mb_hi, p_mb_rank_bad, p_mb_mis;
  logic        p_same_cta, p_done_bad, p_tmap_mis, p_saddr_hi;
  // red's and multimem's tests of the command's own fields (the op/type table, the vector
  // table, the vector's alignment, the group's size and addresses' alignment): from the
  // command register they made the chain 13 LUT levels deep in the builds that have them
  logic        p_op_legal, p_vec_ok, p_red_gmis, p_red_smis, p_red_dst_bad, p_red_cta_hi;
  logic        p_mm_form, p_mm_cnt_bad;
  logic [7:0]  p_mm_in, p_mm_mis;   // multimem, per address of the group: in it, misaligned
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) p_valid <= 1'b0;
    else        p_valid <= !q_pop && !mem_wr;
  end
  // The one global range a command has against the windows (one checker, not one per use):
  // a tensor command's map, red's vector, else the bulk range (csim: an empty one still
  // needs its first byte). Its start and end are formed from the queue's head as the
  // command is popped (words past the entry's count read 0, as in `cmd`), so stage 1's
  // window compares start from registers: formed from `cmd`, the operand's choice and the
  // end's sum were five of p_gmapped's twelve LUT levels.
  localparam int QE = QW - QDROP;                          // words per queue entry
  localparam int OPW = tce_regs_pkg::CMDF_OPERAND_LO_WORD;  // the first word not kept
  wire [7:0] q_n = q_head[QE*32+32 +: 8];
  logic [63:0] win_a_q;
  logic [64:0] win_end_q;
  // Bytes one copy writes: with .cp_mask only the enabled bytes of each 16-byte chunk (the
  // golden model's count): the bytes a chunk writes, taken at the pop (the mask's count, 16
  // without .cp_mask), times the chunks, from the command register a cycle later
  // (copy_bytes_q, below).
  logic [4:0]  bm_mul_q;
  always_ff @(posedge clk) begin : pop_operands
    logic [31:0] w [OPW];   // the fields read here lie below the operand words
    logic [3:0]  op, k_op;         // k_*: the kind flags' inputs (all 0 when cmd clears)
    logic [1:0]  k_src, k_dst;
    logic        k_red;
    logic [31:0] size;
    logic [63:0] a;
    logic [32:0] n;
    logic [7:0]  rl;
    logic [15:0] bm;
    for (int i = 0; i < OPW; i++) w[i] = (32'(q_n) > i) ? q_head[i*32 +: 32] : 32'd0;
    op   = w[tce_regs_pkg::CMDF_OPCODE_WORD][tce_regs_pkg::CMDF_OPCODE_LSB +: tce_regs_pkg::CMDF_OPCODE_W];
    size = w[tce_regs_pkg::CMDF_SIZE_WORD];
    if (tensor_op(op)) begin
      a = {w[tce_regs_pkg::CMDF_TMAP_HI_WORD], w[tce_regs_pkg::CMDF_TMAP_LO_WORD]};
      n = 33'd128;
    end else begin
      a = {w[tce_regs_pkg::CMDF_GADDR_HI_WORD], w[tce_regs_pkg::CMDF_GADDR_LO_WORD]};
      rl = {4'd0, w[tce_regs_pkg::CMDF_VEC_WORD][tce_regs_pkg::CMDF_VEC_LSB +: tce_regs_pkg::CMDF_VEC_W]}
           << etype_log2(w[tce_regs_pkg::CMDF_ETYPE_WORD][tce_regs_pkg::CMDF_ETYPE_LSB +: tce_regs_pkg::CMDF_ETYPE_W]);
      if (HAS_REDUCE && op == tce_op_pkg::OP_RED)
        n = {25'd0, rl};   // red_len
      else
        n = (size == 32'd0) ? 33'd1 : {1'b0, size};
    end
    bm = w[tce_regs_pkg::CMDF_BYTE_MASK_WORD][tce_regs_pkg::CMDF_BYTE_MASK_LSB +: tce_regs_pkg::CMDF_BYTE_MASK_W];
    // The command's kind, as flip-flops loaded with `cmd` (the check units' verdict, the
    // reduction unit's ready and the movers' operands read them, where the decode of `cmd`
    // cost two or three LUT levels); cleared with it (fields 0), so they always match it.
    k_op  = cmd_clr_n ? op : 4'd0;
    k_src = cmd_clr_n ? w[tce_regs_pkg::CMDF_SRC_SPACE_WORD][tce_regs_pkg::CMDF_SRC_SPACE_LSB +: tce_regs_pkg::CMDF_SRC_SPACE_W] : 2'd0;
    k_dst = cmd_clr_n ? w[tce_regs_pkg::CMDF_DST_SPACE_WORD][tce_regs_pkg::CMDF_DST_SPACE_LSB +: tce_regs_pkg::CMDF_DST_SPACE_W] : 2'd0;
    k_red = HAS_REDUCE && (k_op == tce_op_pkg::OP_BULK_REDUCE || k_op == tce_op_pkg::OP_RED ||
                           k_op == tce_op_pkg::OP_TENSOR_REDUCE);
    if (!cmd_clr_n || q_pop) begin
      pref_q   <= k_op == tce_op_pkg::OP_TENSOR_PREFETCH;
      store_q  <= k_op == tce_op_pkg::OP_TENSOR_STORE || (HAS_REDUCE && k_op == tce_op_pkg::OP_TENSOR_REDUCE);
      red_q    <= k_red;
      red_sm_q <= k_red && k_dst != tce_op_pkg::SPACE_GLOBAL;
      tog_q    <= k_dst == tce_op_pkg::SPACE_GLOBAL;
      s2g_q    <= k_src == tce_op_pkg::SPACE_SHARED_CTA && k_dst == tce_op_pkg::SPACE_GLOBAL;
    end
    if (q_pop) begin
      win_a_q <= a;
      win_end_q <= {1'b0, a} + {32'd0, n};
      bm_mul_q <= w[tce_regs_pkg::CMDF_HAS_BYTE_MASK_WORD][tce_regs_pkg::CMDF_HAS_BYTE_MASK_LSB]
                  ? ones16(bm) : 5'd16;
    end
  end
  // multimem: each address's end, formed from the queue's head as the command is popped (as
  // win_end_q is), so stage 1's pairwise overlaps compare registers: the sums in front of
  // the compares were the small unit's slowest path (5.37 ns)
  if (HAS_MULTIMEM) begin : g_mm_end
    // the size and the addresses as `cmd` takes them at the pop (a word past the entry's
    // count reads 0; multimem's words lie above the dropped ones: entry word w - QDROP)
    always_ff @(posedge clk) begin : pop_ends
      logic [31:0] sz, lo, hi;
      sz = (32'(q_n) > tce_regs_pkg::CMDF_SIZE_WORD) ? q_head[tce_regs_pkg::CMDF_SIZE_WORD*32 +: 32] : 32'd0;
      for (int i = 0; i < 8; i++) begin
        lo = (32'(q_n) > tce_regs_pkg::CMDF_MULTIMEM_LO_WORD + i * tce_regs_pkg::CMDF_MULTIMEM_LO_STRIDE)
             ? q_head[(tce_regs_pkg::CMDF_MULTIMEM_LO_WORD + i * tce_regs_pkg::CMDF_MULTIMEM_LO_STRIDE - QDROP)*32 +: 32] : 32'd0;
        hi = (32'(q_n) > tce_regs_pkg::CMDF_MULTIMEM_HI_WORD + i * tce_regs_pkg::CMDF_MULTIMEM_HI_STRIDE)
             ? q_head[(tce_regs_pkg::CMDF_MULTIMEM_HI_WORD + i * tce_regs_pkg::CMDF_MULTIMEM_HI_STRIDE - QDROP)*32 +: 32] : 32'd0;
        if (q_pop) mm_end_q[i*65 +: 65] <= {1'b0, hi, lo} + {33'd0, sz};
      end
    end
  end else begin : g_no_mm_end
    assign mm_end_q = '0;
  end
  always_ff @(posedge clk) begin : stage1
    logic [64:0] g_end;
    g_end = {1'b0, f_gaddr} + {33'd0, f_size};
    p_gmapped <= mapped_end(win_a_q, win_end_q);
    p_gwrap   <= g_end > 65'h1_0000_0000_0000_0000;
    p_gbig    <= GADDR_W < 64 && g_end > (65'd1 << GADDR_W);
    p_cta_bad <= {1'b0, f_cta} >= mem_ncta;
    p_sd_bad  <= !sd_form_ok || {1'b0, sd_cta} >= mem_ncta;
    p_mask_bad <= (f_ctamask & ~cta_in_cluster) != 16'd0;
    p_red_cta_bad <= {1'b0, red_cta} >= mem_ncta;
    p_fit_sd  <= fits(sd_off, f_size);
    p_fit_ss  <= fits(ss_off, f_size);
    p_fit_mb  <= fits(mb_off, 32'd8);
    p_fit_red <= fits(red_off, {24'd0, red_len});
    p_g2s     <= dir == DIR_G2S;
    p_s2s     <= dir == DIR_S2S;
    p_s2g     <= dir == DIR_S2G;
    p_sz_mis  <= f_size[3:0] != 4'd0;
    p_g_mis   <= f_gaddr[3:0] != 4'd0;
    p_sd_mis  <= sd_off[3:0] != 4'd0;
    p_ss_mis  <= ss_off[3:0] != 4'd0;
    p_ss_form <= ss_form_ok;
    p_mb_hi   <= f_mbar[31:28] != 4'd0;
    p_mb_rank_bad <= !f_mcast && mb_rank != 4'd0 && mb_rank != sd_cta;
    p_mb_mis  <= mb_off[2:0] != 3'd0;
    p_same_cta <= sd_cta == f_cta;
    p_done_bad <= f_done != ((dir == DIR_S2G) ? tce_op_pkg::DONE_BULK_GROUP : tce_op_pkg::DONE_MBARRIER);
    p_tmap_mis <= f_tmap[5:0] != 6'd0;
    p_saddr_hi <= f_saddr[31:24] != 8'd0;
    p_op_legal <= op_legal;
    p_vec_ok  <= vec_ok;
    p_red_gmis <= (f_gaddr[7:0] & (red_len - 8'd1)) != 8'd0;
    p_red_smis <= (red_off[7:0] & (red_len - 8'd1)) != 8'd0;
    p_red_dst_bad <= f_dst != tce_op_pkg::SPACE_GLOBAL && f_dst != tce_op_pkg::SPACE_SHARED_CTA &&
                     f_dst != tce_op_pkg::SPACE_SHARED_CLUSTER;
    p_red_cta_hi <= f_dst == tce_op_pkg::SPACE_SHARED_CTA && f_saddr[27:24] != 4'd0;
    p_mm_form <= f_src == tce_op_pkg::SPACE_SHARED_CTA && f_dst == tce_op_pkg::SPACE_GLOBAL;
    p_mm_cnt_bad <= f_mmcount == 4'd0 || f_mmcount > 4'd8;
    for (int i = 0; i < 8; i++) begin
      p_mm_in[i]   <= i < 32'(f_mmcount);
      p_mm_mis[i]  <= mm_addr[i*64 +: 4] != 4'd0;
      p_mm_wrap[i] <= mm_end_q[i*65 + 64];
      p_mm_big[i]  <= GADDR_W < 64 && mm_end_q[i*65 +: 65] > (65'd1 << GADDR_W);
      p_mm_ovl[i]  <= 1'b0;
      // (the ends compared in 64 bits, wrapping, as the golden model's overlap test)
      for (int j = 0; j < i; j++)
        if (mm_addr[j*64 +: 64] < mm_end_q[i*65 +: 64] && mm_addr[i*64 +: 64] < mm_end_q[j*65 +: 64])
          p_mm_ovl[i] <= 1'b1;
    end
  end

  // Stage 2: the ordered chain, from the command's fields and stage 1.
  always_comb begin : checks
    logic        g_mapped;
    bad = 1'b0;
    chk_status = tce_op_pkg::ST_OK;
    chk_field  = F_NONE;
    mm_fi = 4'd8; mm_fovl = 1'b0; mm_pre_ok = 1'b0;
    dmask = f_mcast ? f_ctamask : (16'd1 << sd_cta);
    g_mapped = p_gmapped;
    if (f_opcode == tce_op_pkg::OP_BULK_COPY || f_opcode == tce_op_pkg::OP_BULK_PREFETCH || is_breduce ||
        is_mm)
      if (p_cta_bad) fail(tce_op_pkg::ST_SHARED_RANGE, tce_regs_pkg::CMDF_CTA_IDX);
    // PTX: a size that is not a multiple of 16 is undefined behaviour (a reduce checks it
    // after its op and qualifiers, below).
    if (f_opcode == tce_op_pkg::OP_BULK_COPY || f_opcode == tce_op_pkg::OP_BULK_PREFETCH || is_mm)
      if (p_sz_mis) fail(tce_op_pkg::ST_UNDEFINED, tce_regs_pkg::CMDF_SIZE_IDX);
    if (f_opcode == tce_op_pkg::OP_BULK_PREFETCH) begin
      if (f_src != tce_op_pkg::SPACE_GLOBAL) fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_SRC_SPACE_IDX);
      if (f_done != tce_op_pkg::DONE_NONE) fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_COMPLETION_IDX);
      if (p_g_mis) fail(tce_op_pkg::ST_MISALIGNED, tce_regs_pkg::CMDF_GADDR_LO_IDX);
    end else if (f_opcode == tce_op_pkg::OP_BULK_COPY || is_breduce) begin
      if (is_breduce) begin
        // cp.reduce.async.bulk (csim/bulk.c bulk_reduce): shared::cta to global or to
        // shared::cluster only, a legal op/type pair, then the qualifiers, then the size.
        if (f_src != tce_op_pkg::SPACE_SHARED_CTA || (!p_s2g && !p_s2s))
          fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_DST_SPACE_IDX);  // csim names the direction
        if (!p_op_legal) fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_REDOP_IDX);
      end else if (!(p_g2s || p_s2s || p_s2g)) begin
        fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_DST_SPACE_IDX);  // no direction (csim bulk_copy)
      end
      // No such PTX form: wrong completion or a qualifier the direction does not have.
      if (p_done_bad)
        fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_COMPLETION_IDX);
      if (is_breduce) begin
        if (f_mcast) fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_MULTICAST_IDX);
        if (f_has_bm) fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_HAS_BYTE_MASK_IDX);
        if (p_sz_mis) fail(tce_op_pkg::ST_UNDEFINED, tce_regs_pkg::CMDF_SIZE_IDX);
      end
      if (p_g2s) begin
        if (f_has_bm) fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_HAS_BYTE_MASK_IDX);
        if (f_mcast && !dst_cluster) fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_MULTICAST_IDX);
        if (p_g_mis) fail(tce_op_pkg::ST_MISALIGNED, tce_regs_pkg::CMDF_GADDR_LO_IDX);
        if (p_gwrap || !g_mapped)
          fail(tce_op_pkg::ST_GLOBAL_BUS, tce_regs_pkg::CMDF_GADDR_LO_IDX);
        if (f_mcast) begin
          if (p_saddr_hi) fail(tce_op_pkg::ST_UNDEFINED, tce_regs_pkg::CMDF_SADDR_IDX);
          if (f_ctamask == 16'd0) fail(tce_op_pkg::ST_UNDEFINED, tce_regs_pkg::CMDF_CTA_MASK_IDX);
          if (p_mask_bad) fail(tce_op_pkg::ST_SHARED_RANGE, tce_regs_pkg::CMDF_CTA_MASK_IDX);
        end else begin
          if (p_sd_bad) fail(tce_op_pkg::ST_SHARED_RANGE, tce_regs_pkg::CMDF_SADDR_IDX);
        end
        if (p_sd_mis) fail(tce_op_pkg::ST_MISALIGNED, tce_regs_pkg::CMDF_SADDR_IDX);
        if (!p_fit_sd) fail(tce_op_pkg::ST_SHARED_RANGE, tce_regs_pkg::CMDF_SADDR_IDX);
      end
      if (p_s2s) begin
        if (f_has_bm) fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_HAS_BYTE_MASK_IDX);
        if (f_mcast) fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_MULTICAST_IDX);
        if (!p_ss_form) fail(tce_op_pkg::ST_SHARED_RANGE, tce_regs_pkg::CMDF_SADDR_SRC_IDX);
        if (p_ss_mis) fail(tce_op_pkg::ST_MISALIGNED, tce_regs_pkg::CMDF_SADDR_SRC_IDX);
        if (!p_fit_ss) fail(tce_op_pkg::ST_SHARED_RANGE, tce_regs_pkg::CMDF_SADDR_SRC_IDX);
        if (p_sd_bad) fail(tce_op_pkg::ST_SHARED_RANGE, tce_regs_pkg::CMDF_SADDR_IDX);
        if (p_sd_mis) fail(tce_op_pkg::ST_MISALIGNED, tce_regs_pkg::CMDF_SADDR_IDX);
        if (!p_fit_sd) fail(tce_op_pkg::ST_SHARED_RANGE, tce_regs_pkg::CMDF_SADDR_IDX);
        // PTX: shared::cta -> shared::cluster must target a different CTA (the reduce has
        // no such rule).
        if (!is_breduce && p_same_cta) fail(tce_op_pkg::ST_UNDEFINED, tce_regs_pkg::CMDF_SADDR_IDX);
      end
      if (p_g2s || p_s2s) begin
        // The mbarrier lives with the data it tracks (cta_group::1).
        if (p_mb_hi) fail(tce_op_pkg::ST_SHARED_RANGE, tce_regs_pkg::CMDF_MBAR_IDX);
        if (p_mb_rank_bad) fail(tce_op_pkg::ST_UNDEFINED, tce_regs_pkg::CMDF_MBAR_IDX);
        if (p_mb_mis) fail(tce_op_pkg::ST_MISALIGNED, tce_regs_pkg::CMDF_MBAR_IDX);
        if (!p_fit_mb) fail(tce_op_pkg::ST_SHARED_RANGE, tce_regs_pkg::CMDF_MBAR_IDX);
      end
      if (p_s2g) begin
        if (f_mcast) fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_MULTICAST_IDX);
        if (!p_ss_form) fail(tce_op_pkg::ST_SHARED_RANGE, tce_regs_pkg::CMDF_SADDR_IDX);
        if (p_ss_mis) fail(tce_op_pkg::ST_MISALIGNED, tce_regs_pkg::CMDF_SADDR_IDX);
        if (!p_fit_ss) fail(tce_op_pkg::ST_SHARED_RANGE, tce_regs_pkg::CMDF_SADDR_IDX);
        if (p_g_mis) fail(tce_op_pkg::ST_MISALIGNED, tce_regs_pkg::CMDF_GADDR_LO_IDX);
        if (p_gwrap || !g_mapped)
          fail(tce_op_pkg::ST_GLOBAL_BUS, tce_regs_pkg::CMDF_GADDR_LO_IDX);
      end
      // Beyond this build's global addresses: refused by name, never wrapped.
      if ((p_g2s || p_s2g) && p_gbig)
        fail(tce_op_pkg::ST_UNSUPPORTED, tce_regs_pkg::CMDF_GADDR_LO_IDX);
    end else if (is_red) begin
      // red (csim/red.c): space, op/type, vector shape, then the naturally aligned vector
      // inside its memory. An unmapped global address is found by the bus (DECERR).
      if (p_red_dst_bad) fail(tce_op_pkg::ST_UNDEFINED, tce_regs_pkg::CMDF_DST_SPACE_IDX);
      if (!p_op_legal) fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_REDOP_IDX);
      if (!p_vec_ok) fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_VEC_IDX);
      if (to_global) begin
        if (p_red_gmis) fail(tce_op_pkg::ST_MISALIGNED, tce_regs_pkg::CMDF_GADDR_LO_IDX);
        if (!g_mapped) fail(tce_op_pkg::ST_GLOBAL_BUS, tce_regs_pkg::CMDF_GADDR_LO_IDX);
      end else begin
        if (p_red_cta_hi) fail(tce_op_pkg::ST_SHARED_RANGE, tce_regs_pkg::CMDF_SADDR_IDX);
        if (p_red_smis) fail(tce_op_pkg::ST_MISALIGNED, tce_regs_pkg::CMDF_SADDR_IDX);
        if (p_red_cta_bad || !p_fit_red)
          fail(tce_op_pkg::ST_SHARED_RANGE, tce_regs_pkg::CMDF_SADDR_IDX);
      end
    end else if (is_mm) begin
      // csim/bulk.c multimem_copy: the form, completion, no multicast, the group size, the
      // source, then each address: 16-byte aligned, no wrap past 2^64, apart from the
      // earlier ones (each is another GPU's memory). Whether an address is mapped is only
      // known from the bus (DECERR -> GLOBAL_BUS), as for every global write here.
      if (!p_mm_form)
        fail(tce_op_pkg::ST_ILLEGAL_INSTR, (f_src != tce_op_pkg::SPACE_SHARED_CTA)
             ? tce_regs_pkg::CMDF_SRC_SPACE_IDX : tce_regs_pkg::CMDF_DST_SPACE_IDX);
      if (f_done != tce_op_pkg::DONE_BULK_GROUP) fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_COMPLETION_IDX);
      if (f_mcast) fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_MULTICAST_IDX);
      if (p_mm_cnt_bad) fail(tce_op_pkg::ST_UNDEFINED, tce_regs_pkg::CMDF_MULTIMEM_COUNT_IDX);
      if (!p_ss_form) fail(tce_op_pkg::ST_SHARED_RANGE, tce_regs_pkg::CMDF_SADDR_IDX);
      if (p_ss_mis) fail(tce_op_pkg::ST_MISALIGNED, tce_regs_pkg::CMDF_SADDR_IDX);
      if (!p_fit_ss) fail(tce_op_pkg::ST_SHARED_RANGE, tce_regs_pkg::CMDF_SADDR_IDX);
      mm_pre_ok = !bad;
      // Per address, in the golden model's order: alignment, the range (its window part in
      // S_MMWIN, one address a cycle, rather than 64 window compares here), overlap.
      for (int i = 0; i < 8; i++) begin
        if (p_mm_in[i]) begin
          if (p_mm_mis[i]) mm_fail(tce_op_pkg::ST_MISALIGNED, tce_regs_pkg::CMDF_MULTIMEM_LO_IDX, 4'(i), 1'b0);
          if (p_mm_wrap[i])
            mm_fail(tce_op_pkg::ST_GLOBAL_BUS, tce_regs_pkg::CMDF_MULTIMEM_LO_IDX, 4'(i), 1'b0);
          if (p_mm_ovl[i])
            mm_fail(tce_op_pkg::ST_UNDEFINED, tce_regs_pkg::CMDF_MULTIMEM_LO_IDX, 4'(i), 1'b1);
        end
      end
      // Beyond this build's global addresses (GADDR_W), as for a bulk copy.
      if (GADDR_W < 64)
        for (int i = 0; i < 8; i++)
          if (p_mm_in[i] && p_mm_big[i])
            fail(tce_op_pkg::ST_UNSUPPORTED, tce_regs_pkg::CMDF_MULTIMEM_LO_IDX);
    end else if (is_tensor) begin
      // The rest is checked once the descriptor is in (tce_tile_check). A load completes
      // only on an mbarrier: as a bulk group it would be one more unretired group than the
      // group tracker has entries for.
      if (f_opcode == tce_op_pkg::OP_TENSOR_LOAD && f_done == tce_op_pkg::DONE_BULK_GROUP)
        fail(tce_op_pkg::ST_ILLEGAL_INSTR, tce_regs_pkg::CMDF_COMPLETION_IDX);
      if (mode_off) fail(tce_op_pkg::ST_UNSUPPORTED, tce_regs_pkg::CMDF_MODE_IDX);
      if (p_tmap_mis) fail(tce_op_pkg::ST_MISALIGNED, tce_regs_pkg::CMDF_TMAP_LO_IDX);
      if (!g_mapped) fail(tce_op_pkg::ST_GLOBAL_BUS, tce_regs_pkg::CMDF_TMAP_LO_IDX);
    end else begin
      fail(tce_op_pkg::ST_UNSUPPORTED, tce_regs_pkg::CMDF_OPCODE_IDX);
    end
    is_tload = (f_opcode == tce_op_pkg::OP_TENSOR_LOAD) && !bad;
  end

  // ------------------------------------------------------------- sequencing
  logic [1:0]  run_dir;
  logic [4:0]  tx_outstanding;
  logic [7:0]  st;
  logic [7:0]  fld;
  logic        want_tx;
  // The one CTA owed a complete-tx (only a copy shared::cta -> shared::cluster comes here,
  // and it has one destination): registered at S_CHECK, so its search is off the S_TX path.
  logic [3:0]  tx_cur;
  function automatic logic [3:0] lowest16(input logic [15:0] m);
    lowest16 = 4'd0;
    for (int c = 15; c >= 0; c--) if (m[c]) lowest16 = 4'(c);
  endfunction
  // Destination CTAs of a mask. Called in the clocked block, in the one state that uses the
  // count, so Verilator does not count every cycle.
  function automatic logic [4:0] ones16(input logic [15:0] m);
    ones16 = 5'd0;
    for (int c = 0; c < 16; c++) ones16 = ones16 + {4'd0, m[c]};
  endfunction
  logic [31:0] txc;          // complete-tx byte count of the running command
  logic        run_store;    // the running mover is the tile store
  logic        run_rs;       // the running mover is tce_red_scalar
  logic        tx_st_q;      // state is S_TX or S_TXWAIT (a flip-flop, below)
  logic [2:0]  mm_i;         // multimem: the address being written
  logic [3:0]  mm_k;         // multimem: the address S_MMWIN looks at
  // A window miss at mm_k is this command's first fault: no per-address check failed before it.
  wire mm_k_first = (mm_k < f_mmcount) && (mm_k < mm_fi || (mm_k == mm_fi && mm_fovl));
  // Multimem goes through S_MMWIN when the checks before its addresses passed and a window
  // is set (with none, nothing there could fail: the cycle counts stay as they were).
  wire mm_win = is_mm && mm_pre_ok && win_on;
  logic [39:0] rb_q, wb_q;   // bytes read / written by the command retiring at S_RETIRE
  logic        wb_late;      // wb_q takes wbytes_q this cycle (S_CHECK chose it a cycle ago)
  // Bytes the command writes: one copy's bytes (copy_bytes_q) times the destinations it
  // writes (multimem: its addresses; a reduce: one; ndst_q), each registered every cycle
  // from the command register and bm_cnt_q, then their product (wbytes_q): it holds the
  // command's own from three cycles after the pop, one cycle after the earliest S_CHECK
  // that takes it, so wb_q and a bulk copy's record take it a cycle late (wb_late, lw_*).
  // Formed in fewer cycles the products, the mask count and the destinations' count were
  // 10 LUT levels and 7.9 ns. Likewise a tensor load's destination count (tile_start comes
  // at least four cycles after the pop).
  logic [31:0] copy_bytes_q;   // (size / 16) x at most 16 bytes: below 2^32
  logic [4:0]  ndst_q;
  logic [39:0] wbytes_q;
  logic [4:0]  tload_ndst_q;
  always_ff @(posedge clk) begin
    /* verilator lint_off UNUSEDSIGNAL */
    logic [31:0] copy_prod;   // (its last four bits: copy_lo)
    /* verilator lint_on UNUSEDSIGNAL */
    logic [3:0]  copy_lo;
    // Without .cp_mask that is (size / 16) x 16 plus the size's last four bits (the size),
    // which the product leaves 0. The product's bits from 4 up go from the DSP48 to the
    // register without a LUT; its last four bits, those of size[7:4] x count[3:0], are
    // summed in LUTs beside it. A select after the product was the lite unit's slowest
    // path (5.01 ns), and an add after it slower still.
    copy_prod = 32'({4'd0, f_size[31:4]} * {27'd0, bm_mul_q});
    copy_lo = (bm_mul_q[0] ? f_size[7:4] : 4'd0) + (bm_mul_q[1] ? {f_size[6:4], 1'b0} : 4'd0) +
              (bm_mul_q[2] ? {f_size[5:4], 2'd0} : 4'd0) + (bm_mul_q[3] ? {f_size[4], 3'd0} : 4'd0);
    copy_bytes_q <= {copy_prod[31:4], copy_lo | (f_has_bm ? 4'd0 : f_size[3:0])};
    // (dmask without multicast is one CTA's bit: its count is 1, no count of a shifted mask)
    ndst_q <= is_breduce ? 5'd1 : is_mm ? {1'b0, f_mmcount} : f_mcast ? ones16(f_ctamask) : 5'd1;
    wbytes_q <= {8'd0, copy_bytes_q} * {35'd0, ndst_q};
    tload_ndst_q <= ones16(tchk_ctas);
  end
  wire  [32:0] g_len_q = (f_size == 32'd0) ? 33'd1 : {1'b0, f_size};   // multimem's range length
  // S_MMWIN's address (mm_k's) and its range's end, registered a cycle ahead as mm_k steps
  // (S_MMWIN either leaves or steps every cycle): from the command register the 8:1 select
  // and the sum before the window compares made S_MMWIN's decision 12 LUT levels deep.
  logic [63:0] mmw_a_q;
  logic [64:0] mmw_end_q;
  always_ff @(posedge clk) begin
    logic [2:0] k;
    k = (state == S_MMWIN) ? mm_k[2:0] + 3'd1 : 3'd0;
    mmw_a_q <= mm_addr[{k, 6'd0} +: 64];
    mmw_end_q <= {1'b0, mm_addr[{k, 6'd0} +: 64]} + {32'd0, g_len_q};
  end

  // Tensor loads in flight: their retirement records, oldest at lr_hd.
  localparam int SLW = (NS > 1) ? $clog2(NS) : 1;
  logic [31:0]    lr_seq    [NS];
  logic [3:0]     lr_cta    [NS];
  logic [3:0]     lr_kind   [NS];
  logic [39:0]    lr_wbytes [NS];
  logic [SLW-1:0] lr_hd;
  logic [SLW:0]   lr_n;
  wire  [SLW-1:0] lr_tl = lr_hd + SLW'(lr_n);
  wire            loads_idle = (lr_n == '0);
  // The records are a RAM (one write port, read at lr_hd, no reset: a record is read only
  // once its load is done, long after it was written), so synthesis maps them to LUT RAM
  // instead of 16 x 80 flip-flops and a 16:1 read mux per bit.
  // A record's bytes are written a cycle after it (lw_*): a bulk copy's wbytes_q is its
  // own only from then. The next start comes at least three cycles after a bulk copy's.
  logic           lw_v, lw_tile;
  logic [SLW-1:0] lw_at;
  logic [39:0]    lw_tbytes;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) lw_v <= 1'b0;
    else        lw_v <= tile_start || g2s_start;
  end
  always_ff @(posedge clk) begin
    lw_at <= lr_tl;
    lw_tile <= tile_start;
    lw_tbytes <= {8'd0, tchk_tx_bytes} * {35'd0, tload_ndst_q};
    if (tile_start || g2s_start) begin
      lr_seq[lr_tl] <= cur_seq; lr_cta[lr_tl] <= f_cta; lr_kind[lr_tl] <= f_opcode;
    end
    if (lw_v) lr_wbytes[lw_at] <= lw_tile ? lw_tbytes : wbytes_q;
  end
  // A command that may run beside loads in flight: a tensor load that passed the checks
  // so far (is_tload) beside tensor loads, a bulk copy global -> shared beside bulk copies
  // (tce_bulk_g2s takes the next one once the last has sent its reads). The descriptor
  // fetch shares the read channel, so a fetch that needs the bus waits until no load is in
  // flight; a tensor load waits for the bulk copies too (they own the read channel), a
  // bulk copy for the tensor loads; every other command waits for all.
  wire is_g2s   = f_opcode == tce_op_pkg::OP_BULK_COPY && dir == DIR_G2S;
  wire chk_wait = is_tload ? ((tile_active && !desc_hit) || g2s_busy) :
                  is_g2s   ? ((!loads_idle && !g2s_busy) || !g2s_can_start) : !loads_idle;
  wire chk_go   = (state == S_CHECK) && p_valid && !chk_wait;
  wire ret_here = (state == S_RETIRE) && loads_idle && !retire_hold;
  assign tile_done_hold = retire_hold;

  assign q_pop    = (state == S_IDLE) && run && !q_empty;
  assign busy     = (state != S_IDLE) || !loads_idle;
  assign inflight = 8'(lr_n) + {7'd0, state != S_IDLE};
  assign tx_valid = (state == S_TX);
  assign tx_cta   = tx_cur;
  assign tx_addr  = mb_off;
  assign tx_count = txc;
  // Loads in flight own the shared-memory port and the mbarrier port (their complete-tx)
  // and the read channel; every other mover runs only when none is. Bulk copies in flight
  // likewise, ahead of the terms that read the command register (red_en, to_global): the
  // executor may already hold the next command while they finish.
  assign sm_owner = tile_active ? tce_op_pkg::SM_OWNER_TILE_LOAD :
                    g2s_busy ? tce_op_pkg::SM_OWNER_G2S :
                    tx_st_q ? tce_op_pkg::SM_OWNER_COMPLETE_TX :
                    run_rs ? tce_op_pkg::SM_OWNER_RED :
                    (run_dir == DIR_TILE) ? tce_op_pkg::SM_OWNER_TILE_STORE :
                    (run_dir == DIR_G2S ? tce_op_pkg::SM_OWNER_G2S : tce_op_pkg::SM_OWNER_FROM_SMEM);
  assign wr_owner = run_rs ? tce_op_pkg::WR_OWNER_RED :
                    ((run_dir == DIR_TILE) && run_store) ? tce_op_pkg::WR_OWNER_TILE_STORE :
                    tce_op_pkg::WR_OWNER_FROM_SMEM;
  assign rd_owner = tile_active ? tce_op_pkg::RD_OWNER_TILE_LOAD :
                    g2s_busy ? tce_op_pkg::RD_OWNER_G2S :
                    (state == S_DESC) ? tce_op_pkg::RD_OWNER_DESC :
                    (red_en && to_global) ? tce_op_pkg::RD_OWNER_RMW :
                    (run_dir == DIR_TILE) ? tce_op_pkg::RD_OWNER_TILE_LOAD : tce_op_pkg::RD_OWNER_G2S;
  assign red_op    = f_redop;
  assign red_etype = is_treduce ? tchk_red_etype : f_etype;
  assign red_noftz = is_treduce ? tchk_red_noftz : f_noftz;
  assign red_ctx   = chk_ctx;
  // wait_group.read: the source has been read once the mover says so (bulk from shared
  // memory), once the tile store is done, and at once for movers that read global memory.
  always_comb begin
    if (state == S_CHECK || state == S_DESC || state == S_TCHECK || state == S_MMNEXT || state == S_MMWIN)
      cur_reads_done = 1'b0;
    else if (state == S_MOVE && (run_dir == DIR_S2S || run_dir == DIR_S2G))
      // multimem reads its source once per address: done with the last copy's reads
      cur_reads_done = fs_reads_done && !(is_mm && 4'(mm_i) + 4'd1 < f_mmcount);
    else if (state == S_MOVE && run_dir == DIR_TILE && run_store)
      cur_reads_done = 1'b0;
    else
      cur_reads_done = 1'b1;
  end
  assign desc_start = chk_go && !bad && is_tensor;
  assign desc_addr  = f_tmap;
  // The movers start on tchk_pass, not on a compare of tchk_status: the status is the end of
  // the checks' ordered chain, and behind it the mover's start was 17 LUT levels deep.
  // The check units' hold and the movers' starts read flip-flops, not a decode of `state`:
  // that decode began the engine's deepest paths (through the verdict, the window walk and
  // the tile load into the shared walker). hold_st_q is `state` in {S_CHECK, S_DESC,
  // S_TCHECK} and tchk_st_q `state == S_TCHECK`, each set from the transitions below (two
  // 1-bit flags, not a copy of `state`: Yosys 0.23's fsm pass crashes on such a copy);
  // ld_go_q and st_go_q are the command's kind, whose `cmd` is still since the pop, two
  // cycles before S_TCHECK at the earliest. TCE_ASSERT checks all four against their sources.
  logic hold_st_q, tchk_st_q, ld_go_q, st_go_q;
  // S_TCHECK stays: no verdict yet, or a load that passed waits for the tile load
  wire tchk_stay = !tchk_ready || (tchk_pass && !is_tpref && !cmd_is_store && !tile_can_start);
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      hold_st_q <= 1'b0; tchk_st_q <= 1'b0; ld_go_q <= 1'b0; st_go_q <= 1'b0;
    end else begin
      hold_st_q <= (state == S_IDLE && q_pop) ||
                   (state == S_CHECK && !(chk_go && (bad || !is_tensor))) ||
                   (state == S_DESC && !(desc_done && desc_err)) ||
                   (state == S_TCHECK && tchk_stay);
      tchk_st_q <= (state == S_DESC && desc_done && !desc_err) || (state == S_TCHECK && tchk_stay);
      ld_go_q <= !cmd_is_store && !is_tpref;
      st_go_q <= cmd_is_store;
    end
  end
  assign tile_start = tchk_st_q && tchk_ready && tchk_pass && ld_go_q && tile_can_start;
  assign tchk_hold = hold_st_q;
  assign cmd_is_prefetch = is_tpref;
  assign tstore_start = tchk_st_q && tchk_ready && tchk_pass && st_go_q;
`ifdef TCE_ASSERT
  always @(posedge clk or negedge rst_n)
    if (rst_n) begin
      assert (!(fs_start && state == S_CHECK) || chk_go) else $error("tce_cmd_exec: fs_start without chk_go");
      assert (!rs_start || chk_go) else $error("tce_cmd_exec: rs_start without chk_go");
      assert (hold_st_q == (state == S_CHECK || state == S_DESC || state == S_TCHECK) &&
              tchk_st_q == (state == S_TCHECK))
        else $error("tce_cmd_exec: state flags %0d %0d beside state %0d", hold_st_q, tchk_st_q, state);
      assert (tx_st_q == (state == S_TX || state == S_TXWAIT))
        else $error("tce_cmd_exec: tx_st_q %0d beside state %0d", tx_st_q, state);
      assert (pref_q == (f_opcode == tce_op_pkg::OP_TENSOR_PREFETCH) &&
              store_q == ((f_opcode == tce_op_pkg::OP_TENSOR_STORE) || is_treduce))
        else $error("tce_cmd_exec: kind flags %0d %0d beside opcode %0d", pref_q, store_q, f_opcode);
      assert (red_q == (is_breduce || is_treduce || is_red) &&
              red_sm_q == (red_q && f_dst != tce_op_pkg::SPACE_GLOBAL) &&
              tog_q == (f_dst == tce_op_pkg::SPACE_GLOBAL) && s2g_q == (dir == DIR_S2G))
        else $error("tce_cmd_exec: kind flags %0d %0d %0d %0d beside opcode %0d, spaces %0d %0d",
                    red_q, red_sm_q, tog_q, s2g_q, f_opcode, f_src, f_dst);
      if (state == S_TCHECK)
        assert (ld_go_q == (!cmd_is_store && !is_tpref) && st_go_q == cmd_is_store)
          else $error("tce_cmd_exec: command kind flags changed in S_TCHECK");
    end
`endif
  assign cmd_src_space = f_src;
  assign cmd_dims = f_dims;
  assign cmd_mode = f_mode;
  assign cmd_dst_space = f_dst;
  assign cmd_completion = f_done;
  assign cmd_cta = f_cta;
  assign cmd_saddr = f_saddr;
  assign cmd_mbar_off = mb_off;
  assign cmd_multicast = f_mcast;
  assign cmd_cta_mask = f_ctamask;

  // Retirement: the oldest load in flight when the tile loader finishes it, else the
  // command here (which waits at S_RETIRE until no load is in flight: in order).
  // Bulk copies global -> shared retire the same way from tce_bulk_g2s (g2s_done); the two
  // movers never have copies in flight at once (chk_wait).
  wire   lr_done       = tile_done || g2s_done;
  wire [7:0] lr_status = tile_done ? tile_status : g2s_status;
  wire   lr_tx_err     = tile_done ? tile_tx_err : g2s_tx_err;
  assign retire        = ret_here || lr_done;
  assign retire_status = lr_done ? lr_status : st;
  assign retire_field  = lr_done ? ((lr_status == tce_op_pkg::ST_OK) ? 8'd0 :
                                    lr_tx_err ? fidx(tce_regs_pkg::CMDF_MBAR_IDX) : F_NONE) :
                         (st == tce_op_pkg::ST_OK) ? 8'd0 : fld;
  assign retire_cta    = lr_done ? lr_cta[lr_hd] : f_cta;
  assign retire_kind   = lr_done ? lr_kind[lr_hd] : f_opcode;
  assign retire_seq    = lr_done ? lr_seq[lr_hd] : cur_seq;
  assign retire_rbytes = tile_done ? tile_rbytes : g2s_done ? {8'd0, g2s_size} : rb_q;
  assign retire_wbytes = lr_done ? lr_wbytes[lr_hd] : wb_q;

  assign mv_gaddr = is_mm ? mm_addr[{mm_i, 6'd0} +: 64] : f_gaddr;
  assign mv_size  = f_size;
  assign mv_dst_mask = dmask;
  assign mv_dst_cta  = sd_cta;
  assign mv_dst_off  = sd_off;
  assign mv_src_cta  = f_cta;
  assign mv_src_off  = ss_off;
  assign mv_use_byte_mask = f_has_bm;
  assign mv_byte_mask = f_bmask;
  // (!bad: the chain's status is OK, without the compare after it)
  assign g2s_start = chk_go && !bad &&
                     f_opcode == tce_op_pkg::OP_BULK_COPY && dir == DIR_G2S;
  // Those two commands are neither tensor loads nor copies to shared memory, so chk_go's wait
  // is !loads_idle for them: chk_go without the other kinds' terms (tce_bulk_g2s's
  // can_start, the chain's is_tload), which put tce_bulk_g2s's overlap compare behind
  // fs_start (14 LUT levels from the copy's size into tce_bulk_from_smem, whole lite).
  wire chk_go_idle = (state == S_CHECK) && p_valid && loads_idle;
  assign fs_start  = (chk_go_idle && !bad &&
                      (f_opcode == tce_op_pkg::OP_BULK_COPY || is_breduce || (is_mm && !mm_win)) &&
                      (dir == DIR_S2S || dir == DIR_S2G)) ||
                     (state == S_MMNEXT);
  assign rs_start  = chk_go_idle && !bad && is_red;

  wire       mv_done   = run_rs ? rs_done :
                         (run_dir == DIR_TILE) ? tstore_done : fs_done;
  wire [7:0] mv_status = run_rs ? rs_status :
                         (run_dir == DIR_TILE) ? tstore_status : fs_status;
  // The transitions into and out of the complete-tx states, for the state machine below
  // and tx_st_q: `state` in {S_TX, S_TXWAIT} (asserted), for sm_owner, whose decode of
  // `state` was five LUT levels in front of every shared-memory mover's ready.
  wire mv_tx  = mv_status == tce_op_pkg::ST_OK && want_tx;   // S_MOVE, mv_done: on to S_TX
  wire tx_end = tx_outstanding == 5'd0 && !tx_rsp_valid;      // S_TXWAIT: every answer in
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) tx_st_q <= 1'b0;
    else tx_st_q <= (state == S_MOVE && mv_done && mv_tx) || state == S_TX || (state == S_TXWAIT && !tx_end);
  end
  // multimem: another address of the group follows this copy (none after an error)
  wire mm_more = is_mm && mv_status == tce_op_pkg::ST_OK && 4'(mm_i) + 4'd1 < f_mmcount;

  // The command register is loaded in a block of its own: the state machine below reads its
  // fields, and a register that a block both reads and assigns is copied to a shadow and back
  // by Verilator every cycle (twice 49 words here: 4% of the engine's simulation time).
  // Words n.. of the entry are cleared as it is loaded (regmap.def: they read as 0). Both
  // clears are synchronous, so they map onto the flip-flops' synchronous reset input: no LUT
  // per bit. The reset one is `cmd_clr_n`, a flip-flop that rst_n clears, rather than rst_n
  // itself (a net flopped both ways): it holds through reset and the first edge after it,
  // when no command can be popped yet (CTRL.ENABLE is still 0). (Declared above, where
  // pop_operands clears the kind flags with it.)
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      cmd_clr_n <= 1'b0; cmd_new <= 1'b1;
    end else begin
      cmd_clr_n <= 1'b1; cmd_new <= !cmd_clr_n || q_pop;
    end
  end
  // One clear condition per word, ahead of the load, is the form Yosys maps onto the
  // flip-flops' reset (a clear nested inside the load cost a LUT per bit).
  always_ff @(posedge clk) begin
    for (int i = 0; i < QW; i++)
      if (!cmd_clr_n || (q_pop && 32'(q_n) <= i) || (i >= OPW && i < OPW + QDROP)) cmd[i*32 +: 32] <= 32'd0;
      else if (q_pop) cmd[i*32 +: 32] <= q_head[((i < OPW) ? i : i - QDROP)*32 +: 32];
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      state <= S_IDLE; cur_seq <= '0; run_dir <= DIR_NONE;
      tx_cur <= '0; tx_outstanding <= '0; st <= '0; fld <= '0; want_tx <= 1'b0; txc <= '0;
      run_store <= 1'b0; run_rs <= 1'b0; sm_red <= 1'b0; mm_i <= '0; mm_k <= '0;
      rb_q <= '0; wb_q <= '0; wb_late <= 1'b0;
      lr_hd <= '0; lr_n <= '0;
    end else begin
      // (before the states: one that clears wb_q in this cycle wins)
      wb_late <= 1'b0;
      if (wb_late) wb_q <= wbytes_q;
      if (lr_done) lr_hd <= lr_hd + 1'b1;
      lr_n <= lr_n + (SLW+1)'(tile_start || g2s_start) - (SLW+1)'(lr_done);
      // red starts only with no load in flight (chk_wait) and the state stays S_MOVE until
      // its done, so from rs_start to rs_done sm_owner is SM_OWNER_RED
      if (rs_start) sm_red <= 1'b1;
      else if (rs_done) sm_red <= 1'b0;
      case (state)
        S_IDLE: if (q_pop) begin
          cur_seq <= q_head[QE*32 +: 32];
          mm_i <= '0;   // S_CHECK may start the first copy of a multimem group
          state <= S_CHECK;
        end
        S_CHECK: if (chk_go) begin
          st <= chk_status; fld <= chk_field;
          run_dir <= dir;
          tx_cur <= lowest16(dmask);
          want_tx <= !is_red && dir == DIR_S2S;
          txc <= f_size;
          rb_q <= '0; wb_q <= '0;
          run_store <= 1'b0;
          run_rs <= is_red;
          if (!bad && is_tensor) begin
            state <= S_DESC;
          end else if (mm_win) begin
            // the bytes it will move if S_MMWIN finds every address mapped
            rb_q <= {8'd0, f_size};
            wb_late <= 1'b1;        // wbytes_q, a cycle later
            mm_k <= 4'd0;
            state <= S_MMWIN;
          end else if (bad || !(f_opcode == tce_op_pkg::OP_BULK_COPY || is_breduce || is_red || is_mm)) begin
            state <= S_RETIRE;
          end else if (g2s_start) begin
            state <= S_IDLE;        // tce_bulk_g2s completes it; it retires from lr_*
          end else begin
            // A reduce reads its source and its destination and writes the destination.
            rb_q <= is_red ? {32'd0, red_len} :
                    is_breduce ? {7'd0, f_size, 1'b0} : {8'd0, f_size};
            if (is_red) wb_q <= {32'd0, red_len};
            else        wb_late <= 1'b1;   // wbytes_q, a cycle later
            state <= S_MOVE;
          end
        end
        S_DESC: if (desc_done) begin
          if (desc_err) begin
            st <= tce_op_pkg::ST_GLOBAL_BUS; fld <= fidx(tce_regs_pkg::CMDF_TMAP_LO_IDX);
            state <= S_RETIRE;
          end else begin
            state <= S_TCHECK;
          end
        end
        S_TCHECK: if (tchk_ready) begin
          st <= tchk_status; fld <= tchk_field;
          if (!tchk_pass || is_tpref) begin
            state <= S_RETIRE;
          end else if (!cmd_is_store) begin
            // A load goes to the tile loader (when it can take one) and retires from there.
            // (its retirement record is written on tile_start, beside lr_seq)
            if (tile_can_start) state <= S_IDLE;
          end else begin
            run_dir <= DIR_TILE;
            run_store <= 1'b1;
            want_tx <= 1'b0;
            wb_q <= 40'd0;
            state <= S_MOVE;
          end
        end
        S_MOVE: if (mv_done) begin
          st <= mv_status;
          fld <= F_NONE;   // a bus or range error found while moving names no single field
          // (red runs with run_dir DIR_NONE, the code DIR_TILE shares: run_store tells them apart)
          if (run_store) begin
            rb_q <= tstore_wbytes;   // every byte written was read from shared memory
            wb_q <= tstore_wbytes;
          end
          if (mv_tx)
            state <= S_TX;
          else if (mm_more) begin
            mm_i <= mm_i + 3'd1;   // mv_gaddr is the next address when S_MMNEXT starts it
            state <= S_MMNEXT;
          end else
            state <= S_RETIRE;
        end
        S_MMNEXT: state <= S_MOVE;
        // (built only with multimem: the state is unreachable without it)
        S_MMWIN: if (HAS_MULTIMEM && mm_k_first && !mapped_end(mmw_a_q, mmw_end_q)) begin
          st <= tce_op_pkg::ST_GLOBAL_BUS; fld <= fidx(tce_regs_pkg::CMDF_MULTIMEM_LO_IDX);
          rb_q <= '0; wb_q <= '0;
          state <= S_RETIRE;
        end else if (mm_k_first) begin
          mm_k <= mm_k + 4'd1;
        end else if (st != tce_op_pkg::ST_OK) begin
          rb_q <= '0; wb_q <= '0;   // the fault the address checks found (or GADDR_W's)
          state <= S_RETIRE;
        end else begin
          state <= S_MMNEXT;        // the first copy (mm_i is 0)
        end
        S_TX: if (tx_ready) state <= S_TXWAIT;
        S_TXWAIT: if (tx_end) state <= S_RETIRE;
        S_RETIRE: if (ret_here) state <= S_IDLE;
        default: state <= S_IDLE;
      endcase
      if (sm_owner == tce_op_pkg::SM_OWNER_COMPLETE_TX) begin
        tx_outstanding <= tx_outstanding + {4'd0, tx_valid && tx_ready} - {4'd0, tx_rsp_valid};
        if (tx_rsp_valid && tx_rsp_err && st == tce_op_pkg::ST_OK) begin
          st <= tce_op_pkg::ST_SHARED_RANGE; fld <= fidx(tce_regs_pkg::CMDF_MBAR_IDX);
        end
      end
    end
  end
endmodule
