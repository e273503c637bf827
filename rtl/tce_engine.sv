// tce_engine: the tensor copy engine's top level. Ports and protocols: docs/rtl.md.
//
//   AXI4-Lite slave  registers of firmware/regmap.def (rtl/generated/tce_regs_pkg.sv)
//   irq              level, CTRL.IRQ_EN && IRQ_STATUS != 0
//   AXI4 master      global memory: INCR bursts within 4 KB pages; reads on NRD IDs (tile
//                    loads keep up to 4 bursts per ID, bulk copies use 4 IDs), answers in
//                    any order across IDs
//   shared-memory    one request channel (read / write with strobes / mbarrier complete-tx,
//   port             addressed by CTA and byte offset) and one in-order response channel
//
// Commands retire in order and execute one at a time, but for tensor loads and bulk copies
// global -> shared, which run beside loads of their own kind; the data movers are tce_bulk_g2s (global ->
// shared), tce_bulk_from_smem (shared -> global, shared -> shared), tce_tile_load and
// tce_tile_store (tensor tile loads and stores, after tce_desc_fetch and tce_tile_check)
// and tce_red_scalar (red). Reductions read-modify-write through tce_rmw_global (every
// global write passes it) and tce_rmw_smem, which share one tce_red_unit.
module tce_engine #(
    parameter int DATA_W      = 256,       // memory data path: 128, 256 or 512 bits
    parameter int NUM_CTAS    = 16,        // CTAs in the cluster (<= 16)
    parameter int QUEUE_DEPTH = 8,         // command queue entries (power of two)
    parameter int SMEM_BYTES  = 232448,    // shared memory per CTA in bytes
    parameter int ID_W        = 4,         // AXI ID width
    parameter int NRD         = 16,        // read bursts in flight (<= 2**ID_W)
    // Feature parameters (docs/rtl.md): 0 leaves the feature's logic out of the build, and
    // its operations retire with ST_UNSUPPORTED, as an unimplemented operation does.
    parameter bit HAS_REDUCE  = 1'b1,      // cp.reduce.async.bulk{,.tensor}, red
    parameter bit HAS_IM2COL  = 1'b1,      // im2col-family tensor modes
    parameter bit HAS_GATHER  = 1'b1,      // tile::gather4 loads, tile::scatter4 stores
    parameter bit HAS_MULTIMEM = 1'b1,     // multimem.cp.async.bulk
    // Tensor loads in flight: the tile loader's back-end slots and the executor's retirement
    // records are one list, so both take their size from here.
    parameter int LOAD_SLOTS  = 16,
    // Global address bits (32..64) of the tensor path (the row walks, tensor strides and
    // address sums of tile loads and stores) and of the bulk movers' addresses. A tensor map
    // that does not fit below 2^GADDR_W is refused with ST_UNSUPPORTED at TMAP_LO, a bulk or
    // multimem copy whose range ends past it at GADDR_LO / MULTIMEM_LO. The descriptor fetch
    // keeps 64-bit addresses; the AXI address ports are 64 bits either way.
    parameter int GADDR_W     = 64
) (
    input  logic                clk,
    // asynchronous for the control state, and also a synchronous clear of tce_regs'
    // statistics counters (it spans clock edges: docs/rtl.md)
    /* verilator lint_off SYNCASYNCNET */
    input  logic                rst_n,
    /* verilator lint_on SYNCASYNCNET */
    // AXI4-Lite slave (registers)
    input  logic                s_axil_awvalid,
    output logic                s_axil_awready,
    input  logic [11:0]         s_axil_awaddr,
    input  logic                s_axil_wvalid,
    output logic                s_axil_wready,
    input  logic [31:0]         s_axil_wdata,
    input  logic [3:0]          s_axil_wstrb,
    output logic                s_axil_bvalid,
    input  logic                s_axil_bready,
    output logic [1:0]          s_axil_bresp,
    input  logic                s_axil_arvalid,
    output logic                s_axil_arready,
    input  logic [11:0]         s_axil_araddr,
    output logic                s_axil_rvalid,
    input  logic                s_axil_rready,
    output logic [31:0]         s_axil_rdata,
    output logic [1:0]          s_axil_rresp,
    output logic                irq,
    // AXI4 master (global memory): one port per AXI signal, the names IP integrators and
    // the bridge's C++ look for; inside, the payloads of tce_axi_pkg
    output logic                m_axi_awvalid,
    input  logic                m_axi_awready,
    output logic [ID_W-1:0]     m_axi_awid,
    output logic [63:0]         m_axi_awaddr,
    output logic [7:0]          m_axi_awlen,
    output logic [2:0]          m_axi_awsize,
    output logic [1:0]          m_axi_awburst,
    output logic                m_axi_wvalid,
    input  logic                m_axi_wready,
    output logic [DATA_W-1:0]   m_axi_wdata,
    output logic [DATA_W/8-1:0] m_axi_wstrb,
    output logic                m_axi_wlast,
    input  logic                m_axi_bvalid,
    output logic                m_axi_bready,
    // Writes are only counted, never matched to their burst, so the B ID is not needed.
    /* verilator lint_off UNUSEDSIGNAL */
    input  logic [ID_W-1:0]     m_axi_bid,
    /* verilator lint_on UNUSEDSIGNAL */
    input  logic [1:0]          m_axi_bresp,
    output logic                m_axi_arvalid,
    input  logic                m_axi_arready,
    output logic [ID_W-1:0]     m_axi_arid,
    output logic [63:0]         m_axi_araddr,
    output logic [7:0]          m_axi_arlen,
    output logic [2:0]          m_axi_arsize,
    output logic [1:0]          m_axi_arburst,
    input  logic                m_axi_rvalid,
    output logic                m_axi_rready,
    input  logic [ID_W-1:0]     m_axi_rid,
    input  logic [DATA_W-1:0]   m_axi_rdata,
    input  logic [1:0]          m_axi_rresp,
    input  logic                m_axi_rlast,
    // Shared-memory port
    output logic                sm_req_valid,
    input  logic                sm_req_ready,
    output logic [1:0]          sm_req_kind,     // tce_op_pkg::SM_READ / SM_WRITE
    output logic [3:0]          sm_req_cta,
    output logic [23:0]         sm_req_addr,     // DATA_W/8-aligned
    output logic [DATA_W-1:0]   sm_req_wdata,
    output logic [DATA_W/8-1:0] sm_req_wstrb,
    input  logic                sm_rsp_valid,    // one per request, in request order
    input  logic [DATA_W-1:0]   sm_rsp_rdata,
    input  logic                sm_rsp_err,      // the address was outside the CTA's memory
    // mbarrier port: complete-tx requests, beside the data port so that they take no data
    // cycle (docs/rtl.md, "mbarrier port")
    output logic                mb_req_valid,
    input  logic                mb_req_ready,
    output logic [3:0]          mb_req_cta,
    output logic [23:0]         mb_req_addr,     // the mbarrier's offset, 8-byte aligned
    output logic [31:0]         mb_req_tx_count, // bytes to subtract from its tx-count
    input  logic                mb_rsp_valid,    // one per request, in request order
    input  logic                mb_rsp_err       // the mbarrier was outside the CTA's memory
);
  // Command words 0..QW-1 hold every field this build decodes: multimem's addresses are
  // words 33..48, the last ones, so a build without multimem keeps words 0..32.
  localparam int QW = HAS_MULTIMEM ? 49 : 32'(tce_regs_pkg::CMDF_MULTIMEM_LO_WORD);
  localparam int QA = $clog2(QUEUE_DEPTH);
  // Tile-store bursts whose AW may precede their shared-memory reads. A tensor reduce needs
  // the old values of about one read latency of beats on the way (200 cycles / 8-beat row
  // bursts = 25 bursts, docs/bench.md); tce_rmw_global coalesces their ranges.
  localparam int STORE_AHEAD = 32;
  localparam logic [2:0] AXSIZE = 3'($clog2(DATA_W / 8));

  // The data path width must be one of the documented widths; anything else would break
  // the 16-byte chunk arithmetic of the movers.
  if (DATA_W != 128 && DATA_W != 256 && DATA_W != 512) begin : g_bad_width
    $error("tce_engine: DATA_W must be 128, 256 or 512");
  end
  if (NUM_CTAS < 1 || NUM_CTAS > 16) begin : g_bad_ctas
    $error("tce_engine: NUM_CTAS must be 1..16");
  end

  // ------------------------------------------------------------- registers and queue
  logic q_push, q_flush, q_pop, q_empty;
  // Fullness is judged from q_count (the register block needs the count anyway).
  /* verilator lint_off UNUSEDSIGNAL */
  logic q_full;
  // ERR_INFO keeps only the low 16 bits of the failing command's sequence number.
  logic [31:0] retire_seq;
  // The movers' busy flags are for waveforms; the executor sequences on their done pulses.
  logic g2s_busy, fs_busy;
  /* verilator lint_on UNUSEDSIGNAL */
  logic desc_inval;   // CTRL.DESC_INVAL or SOFT_RESET: drop the descriptor cache of tce_desc_fetch
  // Queue entries keep the command words this build decodes: without HAS_REDUCE, red's
  // operand words (OPERAND_LO/HI, words 17..32) are left out, which nothing else reads
  // (a third of the queue's LUT RAM in `lite`). tce_regs and tce_cmd_exec map the rest.
  localparam int QDROP = HAS_REDUCE ? 0 : 32'(2 * tce_regs_pkg::CMDF_OPERAND_LO_COUNT);
  logic [(QW-QDROP)*32+39:0] q_push_data, q_head;   // {word count, seq, words} (tce_regs)
  logic [QA:0] q_count;
  logic run, exec_busy, retire;
  logic [7:0] exec_inflight;
  logic err_hold;
  logic [7:0] retire_status, retire_field;
  logic [3:0] retire_cta, retire_kind;
  logic [31:0] seq_issued;
  // the group tracker reads their low GSEQ_W bits (below), the registers all of seq_done
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0] seq_done, cur_seq;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [39:0] retire_rbytes, retire_wbytes;
  logic accept, accept_is_group, group_commit, soft_reset, cur_reads_done;
  logic [3:0] accept_cta, group_sel;
  logic [7:0] grp_pending, grp_read_pending;
  logic [tce_regs_pkg::GROUP_OPEN_COUNT_W:0] grp_open;   // GROUP_OPEN: {MORE, COUNT}
  logic grp_done;

  // What memory exists (CLUSTER, SMEM_SIZE, GWIN_*): what the checks refuse against.
  logic [4:0]  mem_ncta;
  logic [24:0] mem_smem;
  logic [8*64-1:0] gwin_base;
  logic [8*65-1:0] gwin_end;
  logic [8*(GADDR_W+1)-1:0] gwin_wend;
  logic [7:0] gwin_on;
  logic gwin_wr;                        // gwin_wend's writes, with the base (tce_window_walk)
  logic [2:0] gwin_wr_i;
  logic [2*GADDR_W:0] gwin_wr_bend;
  logic mem_wr;   // one of them changes at the next edge: the checks start again

  tce_regs #(.DATA_W(DATA_W), .NUM_CTAS(NUM_CTAS), .SMEM_BYTES(SMEM_BYTES), .QUEUE_DEPTH(QUEUE_DEPTH),
             .QW(QW), .QDROP(QDROP), .GADDR_W(GADDR_W)) u_regs (
    .clk, .rst_n,
    .s_awvalid(s_axil_awvalid), .s_awready(s_axil_awready), .s_awaddr(s_axil_awaddr),
    .s_wvalid(s_axil_wvalid), .s_wready(s_axil_wready), .s_wdata(s_axil_wdata), .s_wstrb(s_axil_wstrb),
    .s_bvalid(s_axil_bvalid), .s_bready(s_axil_bready), .s_bresp(s_axil_bresp),
    .s_arvalid(s_axil_arvalid), .s_arready(s_axil_arready), .s_araddr(s_axil_araddr),
    .s_rvalid(s_axil_rvalid), .s_rready(s_axil_rready), .s_rdata(s_axil_rdata), .s_rresp(s_axil_rresp),
    .irq,
    .q_push, .q_push_data, .q_flush, .q_count,
    .run, .err_hold, .exec_busy, .exec_inflight, .retire, .retire_status, .retire_field, .retire_cta, .retire_kind,
    .retire_seq(retire_seq[15:0]), .retire_rbytes, .retire_wbytes,
    .accept, .accept_cta, .accept_is_group, .seq_issued, .seq_done,
    .group_commit, .group_sel, .soft_reset, .desc_inval,
    .grp_pending, .grp_read_pending, .grp_open, .grp_done,
    .mem_ncta, .mem_smem, .gwin_base, .gwin_end, .gwin_on, .gwin_wend,
    .gwin_wr, .gwin_wr_i, .gwin_wr_bend, .mem_wr
  );

  // The queue keeps less of an entry than tce_regs gives and the executor takes: word 15
  // (IM2COL_0/1) only with im2col, word 16 (IM2COL_2, VEC, MULTIMEM_COUNT) only with im2col,
  // red or multimem (without them the executor refuses those modes and opcodes before any
  // field of theirs is read), the sequence number's 16 low bits (all that is read of it:
  // ERR_INFO.SEQ, the group tracker's GSEQ_W) and the word count's 6 (n <= CMD_WORDS).
  // The rest reads as 0 at the head. (`lite`: 502 bits instead of 584, 14 RAM32M less.)
  localparam bit QK15 = HAS_IM2COL;
  localparam bit QK16 = HAS_IM2COL || HAS_REDUCE || HAS_MULTIMEM;
  localparam int QEW = (QW - QDROP) * 32;          // an entry's words, as tce_regs gives them
  localparam int QHW = QEW - 17 * 32;               // its words from 17 on
  localparam int QO16 = 15 * 32 + (QK15 ? 32 : 0);  // where the stored entry keeps each part
  localparam int QO17 = QO16 + (QK16 ? 32 : 0);
  localparam int QOSEQ = QO17 + QHW;
  localparam int QON = QOSEQ + 16;
  localparam int QSW = QON + 6;                     // bits of a stored entry
  if (tce_regs_pkg::CMD_WORDS > 63 || QW - QDROP < 17) begin : g_bad_queue_word
    $error("tce_engine: the queue entry keeps 6 bits of the word count and words 0..16 in place");
  end
  logic [QSW-1:0] q_st_push, q_st_head;
  assign q_st_push[0 +: 15*32] = q_push_data[0 +: 15*32];
  assign q_head[0 +: 15*32] = q_st_head[0 +: 15*32];
  if (QK15) begin : g_q15
    assign q_st_push[15*32 +: 32] = q_push_data[15*32 +: 32];
    assign q_head[15*32 +: 32] = q_st_head[15*32 +: 32];
  end else begin : g_no_q15
    assign q_head[15*32 +: 32] = '0;
  end
  if (QK16) begin : g_q16
    assign q_st_push[QO16 +: 32] = q_push_data[16*32 +: 32];
    assign q_head[16*32 +: 32] = q_st_head[QO16 +: 32];
  end else begin : g_no_q16
    assign q_head[16*32 +: 32] = '0;
  end
  if (QHW > 0) begin : g_q17
    assign q_st_push[QO17 +: QHW] = q_push_data[17*32 +: QHW];
    assign q_head[17*32 +: QHW] = q_st_head[QO17 +: QHW];
  end
  assign q_st_push[QOSEQ +: 16] = q_push_data[QEW +: 16];
  assign q_st_push[QON +: 6] = q_push_data[QEW + 32 +: 6];
  assign q_head[QEW +: 40] = {2'd0, q_st_head[QON +: 6], 16'd0, q_st_head[QOSEQ +: 16]};
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_q = ^{q_push_data[15*32 +: 64], q_push_data[QEW + 16 +: 16], q_push_data[QEW + 38 +: 2]};
  /* verilator lint_on UNUSEDSIGNAL */
  tce_fifo #(.WIDTH(QSW), .DEPTH(QUEUE_DEPTH)) u_queue (
    .clk, .rst_n, .flush(q_flush), .push(q_push), .push_data(q_st_push),
    .pop(q_pop), .head(q_st_head), .empty(q_empty), .full(q_full), .count(q_count)
  );

  // The tracker compares sequence numbers only among unretired commands (queued, in the
  // executor, loads and bulk copies in flight: at most QUEUE_DEPTH + LOAD_SLOTS + 1), so
  // their low bits do, with half their range above that count (tce_group_tracker SEQ_W).
  localparam int GSEQ_W = $clog2(QUEUE_DEPTH + LOAD_SLOTS + 2) + 1;
  if (GSEQ_W > 16) begin : g_bad_gseq
    $error("tce_engine: the queue keeps 16 bits of a command's sequence number, fewer than GSEQ_W");
  end
  /* verilator lint_off UNUSEDSIGNAL */
  wire [31:0] grp_seq_next = seq_issued + 32'd1;
  /* verilator lint_on UNUSEDSIGNAL */
  tce_group_tracker #(.NUM_CTAS(NUM_CTAS), .QUEUE_DEPTH(QUEUE_DEPTH), .SEQ_W(GSEQ_W)) u_groups (
    .clk, .rst_n, .clear(soft_reset),
    .accept, .accept_cta, .accept_is_group, .accept_seq(grp_seq_next[GSEQ_W-1:0]),
    .commit(group_commit), .commit_cta(group_sel),
    .seq_done(seq_done[GSEQ_W-1:0]), .cur_valid(exec_busy), .cur_seq(cur_seq[GSEQ_W-1:0]),
    .cur_reads_done,
    .sel_cta(group_sel), .sel_pending(grp_pending), .sel_read_pending(grp_read_pending),
    .sel_open(grp_open), .group_done(grp_done)
  );

  // ------------------------------------------------------------- executor and movers
  logic g2s_start, fs_start, fs_to_global, mv_use_byte_mask;
  logic [63:0] mv_gaddr;
  logic [31:0] mv_size;
  logic [15:0] mv_dst_mask, mv_byte_mask;
  logic [3:0]  mv_dst_cta, mv_src_cta;
  logic [23:0] mv_dst_off, mv_src_off;
  logic g2s_done, fs_done, fs_reads_done, g2s_can_start, g2s_tx_err;
  logic [31:0] g2s_size;
  logic g2s_mb_valid;
  logic [3:0] g2s_mb_cta;
  logic [23:0] g2s_mb_addr;
  logic [31:0] g2s_mb_tx_count;
  logic [7:0] g2s_status, fs_status;
  logic [tce_op_pkg::SM_OWNER_W-1:0] sm_owner;
  logic sm_red;
  logic [tce_op_pkg::RD_OWNER_W-1:0] rd_owner;
  logic [tce_op_pkg::WR_OWNER_W-1:0] wr_owner;
  // reductions
  logic red_en, red_smem, red_noftz, tchk_red_noftz, rs_start, rs_done;
  logic [2:0] red_op, red_ctx;
  logic [3:0] red_etype, tchk_red_etype, rs_vec;
  logic [1:0] rs_esl;
  logic [511:0] rs_operands;
  logic [7:0] rs_status;
  // tensor stores
  logic cmd_is_store, cmd_is_prefetch, tstore_start, tstore_done;
  logic [1:0] cmd_src_space;
  logic [7:0] tstore_status;
  logic [39:0] tstore_wbytes;
  // tensor loads
  logic desc_start, desc_done, desc_err, desc_hit, tile_start, tile_done;
  logic tile_want_tx, tile_can_start, tile_active, tile_tx_err, tile_done_hold;
  logic [63:0] desc_addr;
  logic [1023:0] desc;
  logic [159:0] cmd_coords;
  logic [47:0] cmd_im2col;
  logic [2:0] cmd_dims, cmd_mode;
  logic [1:0] cmd_dst_space, cmd_completion;
  logic [3:0] cmd_cta;
  logic [31:0] cmd_saddr;
  logic [23:0] cmd_mbar_off;
  logic cmd_multicast;
  logic [15:0] cmd_cta_mask;
  logic        cmd_new;
  logic [7:0] tchk_status, tchk_field, tile_status;
  logic tchk_ready, tchk_hold, desc_busy, tchk_pass, tc_pass;
  // tce_tile_check's own verdict, before the window walk (tce_window_walk) adds its own
  logic [7:0] tc_status, tc_field;
  logic tc_ready, tc_walk_first, tc_walk_rows;
  logic [67:0] tc_rng_end;     // the tensor's range end for the window walk (tce_tile_check)
  logic tc_rng_over;
  logic [15:0] tchk_ctas;
  logic [31:0] tchk_tx_bytes;
  logic [39:0] tile_rbytes;
  logic tx_valid, tx_ready;
  logic [3:0] tx_cta;
  logic [23:0] tx_addr;
  logic [31:0] tx_count;

  tce_cmd_exec #(.QW(QW), .QDROP(QDROP), .NS(LOAD_SLOTS),
                 .HAS_REDUCE(HAS_REDUCE), .HAS_IM2COL(HAS_IM2COL), .HAS_GATHER(HAS_GATHER),
                 .HAS_MULTIMEM(HAS_MULTIMEM), .GADDR_W(GADDR_W)) u_exec (
    .clk, .rst_n, .run, .retire_hold(err_hold), .q_empty, .q_head, .q_pop, .busy(exec_busy),
    .mem_ncta, .mem_smem, .gwin_base, .gwin_end, .gwin_on, .mem_wr,
    .inflight(exec_inflight),
    .cur_seq, .cur_reads_done,
    .retire, .retire_status, .retire_field, .retire_cta, .retire_kind, .retire_seq,
    .retire_rbytes, .retire_wbytes,
    .g2s_start, .fs_start, .fs_to_global, .mv_gaddr, .mv_size, .mv_dst_mask, .mv_dst_cta,
    .mv_dst_off, .mv_src_cta, .mv_src_off, .mv_use_byte_mask, .mv_byte_mask,
    .g2s_can_start, .g2s_busy, .g2s_tx_err, .g2s_size,
    .g2s_done, .g2s_status, .fs_done, .fs_reads_done, .fs_status,
    .desc_start, .desc_addr, .desc_done, .desc_err, .desc_hit, .cmd_coords, .cmd_im2col, .cmd_dims, .cmd_mode,
    .cmd_dst_space, .cmd_completion, .cmd_cta, .cmd_saddr, .cmd_mbar_off, .cmd_multicast,
    .cmd_cta_mask, .cmd_new, .tchk_hold, .tchk_ready, .tchk_status, .tchk_field, .tchk_pass, .tchk_ctas, .tchk_tx_bytes,
    .tile_start, .tile_want_tx, .tile_can_start, .tile_active, .tile_done_hold, .tile_done,
    .tile_status, .tile_tx_err, .tile_rbytes,
    .cmd_is_store, .cmd_is_prefetch, .cmd_src_space, .tstore_start, .tstore_done, .tstore_status,
    .tstore_wbytes,
    .wr_owner, .red_en, .red_smem, .red_op, .red_etype, .red_ctx, .red_noftz,
    .tchk_red_etype, .tchk_red_noftz, .rs_start, .rs_esl, .rs_vec, .rs_operands, .rs_done,
    .rs_status, .rd_owner, .sm_owner, .sm_red, .tx_valid, .tx_ready, .tx_cta, .tx_addr, .tx_count,
    .tx_rsp_valid(mb_rsp_valid && sm_owner == tce_op_pkg::SM_OWNER_COMPLETE_TX), .tx_rsp_err(mb_rsp_err)
  );

  // The AXI payloads inside the engine (tce_axi_pkg); the ports above stay flat, one per
  // AXI signal, as IP integrators and the bridge expect.
  `TCE_AXI_TYPEDEFS(DATA_W, ID_W)
  axi_r_t m_r;      // the R beat, to every reader
  assign m_r.id = m_axi_rid;
  assign m_r.data = m_axi_rdata;
  assign m_r.resp = m_axi_rresp;
  assign m_r.last = m_axi_rlast;

  // Global read channel: the descriptor fetch, the bulk loader and the tile loader take
  // turns (one command at a time), as the executor's rd_owner says.
  logic g2s_arvalid, df_arvalid, tl_arvalid, rg_arvalid, g2s_rready, df_rready, tl_rready, rg_rready;
  axi_ax_t df_ar, g2s_ar, tl_ar, rg_ar;
  always_comb begin
    case (rd_owner)
      tce_op_pkg::RD_OWNER_DESC: begin
        m_axi_arvalid = df_arvalid; m_axi_arid = df_ar.id; m_axi_araddr = df_ar.addr;
        m_axi_arlen = df_ar.len; m_axi_rready = df_rready;
      end
      tce_op_pkg::RD_OWNER_TILE_LOAD: begin
        m_axi_arvalid = tl_arvalid; m_axi_arid = tl_ar.id; m_axi_araddr = tl_ar.addr;
        m_axi_arlen = tl_ar.len; m_axi_rready = tl_rready;
      end
      tce_op_pkg::RD_OWNER_RMW: begin
        m_axi_arvalid = rg_arvalid; m_axi_arid = rg_ar.id; m_axi_araddr = rg_ar.addr;
        m_axi_arlen = rg_ar.len; m_axi_rready = rg_rready;
      end
      default: begin
        m_axi_arvalid = g2s_arvalid; m_axi_arid = g2s_ar.id; m_axi_araddr = g2s_ar.addr;
        m_axi_arlen = g2s_ar.len; m_axi_rready = g2s_rready;
      end
    endcase
  end

  tce_desc_fetch #(.DATA_W(DATA_W), .ID_W(ID_W), .WR_AW(GADDR_W)) u_desc (
    .clk, .rst_n, .start(desc_start), .addr(desc_addr), .done(desc_done), .busy(desc_busy), .bus_err(desc_err),
    .hit(desc_hit),
    .desc, .inval(desc_inval),   // CTRL.DESC_INVAL or SOFT_RESET (tce_regs)
    .wr_seen(m_axi_awvalid && m_axi_awready), .wr_addr(m_axi_awaddr), .wr_len(m_axi_awlen),
    .arvalid(df_arvalid), .arready(m_axi_arready && rd_owner == tce_op_pkg::RD_OWNER_DESC), .axi_ar(df_ar),
    .rvalid(m_axi_rvalid && rd_owner == tce_op_pkg::RD_OWNER_DESC), .rready(df_rready), .axi_r(m_r)
  );

  logic [2:0] tg_rank, tg_swizzle;
  logic [2:0] tg_ul;
  logic [3:0] tg_e0;
  logic [GADDR_W-1:0] tg_gaddr;
  logic [159:0] tg_wcoords;   // where the row walk starts (an im2col view's, or the command's)
  logic [164:0] tg_gdim;
  logic [2:0]   mv_ul;       // tg_ul and tg_gdim a cycle late: what the movers and walkers
  logic [164:0] mv_gdim;     // read as they start (with tce_tile_check's ready)
  logic [13:0]  mv_pitch;    // tg_pitch a cycle late (the tile load's overlap check)
  logic         tg_geom_same;
  logic [4*GADDR_W-1:0] tg_gstride;
  logic [8:0] tg_box0;
  logic [35:0] tg_n;
  logic [15:0] tg_e;
  logic tg_fill_nan, tg_tf32, tg_origin_rd;
  logic [23:0] tg_soff;
  logic [13:0] tg_row_bytes, tg_pitch;   // interleaved store rows reach 8 KB
  // The row count gives the tile loader the box's shared extent (its overlap check).
  logic [31:0] tg_rows;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0] cmd_coord0;
  /* verilator lint_on UNUSEDSIGNAL */
  assign cmd_coord0 = cmd_coords[31:0];
  // Row generators of the tile load besides its own odometer (tce_tile_check row_gen).
  logic [1:0] tg_row_gen;
  tce_walk_pkg::i2c_walk_t i2c;    // the im2col walk's parameters (tce_tile_check)
  logic [159:0] i2c_x, g4_x;
  logic tl_row_step, ts_row_step, i2c_last, g4_last;
  // The row generator of the load in the tile loader's walker. tg_row_gen follows the
  // executor's command, which moves on to the next one as soon as a load is handed over.
  // The store's is held the same way (its command stays until it is done, so it equals
  // tg_row_gen) so the two movers' row inputs have the same form. Each walker samples
  // ext_rows at its start, from tg_row_gen.
  logic [1:0] tl_row_gen, ts_row_gen;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) tl_row_gen <= 2'd0;
    else if (tile_start) tl_row_gen <= tg_row_gen;
  end
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) ts_row_gen <= 2'd0;
    else if (tstore_start) ts_row_gen <= tg_row_gen;
  end

  // The check units' inputs hold still from the executor's pop through S_TCHECK, except
  // while a descriptor is fetched and from the cycle after a CLUSTER/SMEM_SIZE/GWIN write
  // (mem_wr: the new value is in force from the next cycle, so the verdict of the write's
  // own cycle is still the old description's, as the executor's p_valid has it). From
  // registers only: the combinational mem_wr (the AXI4-Lite slave's s_bvalid and address
  // decode) was the start of the engine's deepest path, through the verdict into the
  // tile load's start.
  logic mem_wr_q;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) mem_wr_q <= 1'b0;
    else        mem_wr_q <= mem_wr;
  end
  wire chk_hold = tchk_hold && !desc_busy && !mem_wr_q;
  // A fetch writes desc only at the edges after its busy cycles: the check's descriptor-side
  // pipeline restarts on this.
  logic desc_new_q;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) desc_new_q <= 1'b1;
    else        desc_new_q <= desc_busy;
  end
  tce_tile_check #(.SMEM_BYTES(SMEM_BYTES), .HAS_IM2COL(HAS_IM2COL), .HAS_REDUCE(HAS_REDUCE),
                   .HAS_GATHER(HAS_GATHER), .GADDR_W(GADDR_W)) u_tile_check (
    .clk, .rst_n, .hold(chk_hold), .desc_new(desc_new_q), .ready(tc_ready), .pass(tc_pass), .desc, .mem_ncta, .mem_smem, .is_store(cmd_is_store), .is_prefetch(cmd_is_prefetch), .is_reduce(red_en), .redop(red_op), .src_space(cmd_src_space),
    .coord_neg({cmd_coords[159], cmd_coords[127], cmd_coords[95], cmd_coords[63], cmd_coords[31]}),
    .dims(cmd_dims), .mode(cmd_mode), .dst_space(cmd_dst_space),
    .completion(cmd_completion), .cta(cmd_cta), .saddr(cmd_saddr), .mbar_off(cmd_mbar_off),
    .multicast(cmd_multicast), .cta_mask(cmd_cta_mask), .coord0_low(cmd_coord0[3:0]),
    .status(tc_status), .field(tc_field), .rank(tg_rank), .ul(tg_ul), .e0(tg_e0),
    .gaddr(tg_gaddr), .wcoords(tg_wcoords), .gdim(tg_gdim), .mv_ul, .mv_gdim, .mv_pitch, .geom_same(tg_geom_same),
    .gstride(tg_gstride), .box0(tg_box0), .n(tg_n), .e(tg_e),
    .swizzle(tg_swizzle), .fill_nan(tg_fill_nan), .tf32(tg_tf32), .soff(tg_soff), .ctas(tchk_ctas),
    .row_bytes(tg_row_bytes), .pitch(tg_pitch), .rows(tg_rows), .tx_bytes(tchk_tx_bytes),
    .red_etype(tchk_red_etype), .red_noftz(tchk_red_noftz),
    .coords(cmd_coords), .im2col_off(cmd_im2col), .origin_rd(tg_origin_rd), .row_gen(tg_row_gen),
    .walk_first(tc_walk_first), .walk_rows(tc_walk_rows), .rng_end(tc_rng_end), .rng_over(tc_rng_over),
    .i2c_nwalk(i2c.nwalk), .i2c_win_lo(i2c.win_lo), .i2c_win_hi(i2c.win_hi),
    .i2c_pos_off(i2c.pos_off), .i2c_pos0(i2c.pos0), .i2c_rows(i2c.rows), .i2c_group(i2c.group)
  );

  // Rows of the box that leave every global window fail the command before anything
  // moves, as in the golden model: a walk of the rows between the check and the executor.
  /* verilator lint_off UNUSEDSIGNAL */
  logic ww_walking;   // for waves
  /* verilator lint_on UNUSEDSIGNAL */
  // Builds without an outside row generator (no im2col, no gather4: `lite`) share one row
  // walker between the tile load, the tile store and the window walk (below).
  localparam bit SHARE_WALK = !(HAS_IM2COL || HAS_GATHER);
  logic tl_xw_start, tl_xw_next, ts_xw_start, ts_xw_next, ww_xw_start, ww_xw_next, xw_free;
  logic xw_row_valid, xw_row_inb, xw_last_row;
  logic [GADDR_W-1:0] xw_row_g;
  logic [23:0] xw_row_sbase;
  tce_walk_pkg::xw_row_t xw_row;   // the same row, as its users take it
  assign xw_row = {xw_row_valid, 64'(xw_row_g), xw_row_sbase, xw_row_inb, xw_last_row};
  tce_window_walk #(.GADDR_W(GADDR_W), .HAS_IM2COL(HAS_IM2COL), .HAS_GATHER(HAS_GATHER),
                    .OWN_WALK(!SHARE_WALK)) u_window_walk (
    .clk, .rst_n, .hold(chk_hold), .desc, .gwin_base, .gwin_wend, .gwin_on,
    .gwin_wr, .gwin_wr_i, .gwin_wr_bend,
    .mem_smem, .is_store(cmd_is_store), .is_prefetch(cmd_is_prefetch),
    .ready_in(tc_ready), .status_in(tc_status), .field_in(tc_field), .pass_in(tc_pass),
    .walk_first(tc_walk_first), .walk_rows(tc_walk_rows), .origin_rd(tg_origin_rd),
    .rng_end(tc_rng_end), .rng_over(tc_rng_over),
    .rank(tg_rank), .ul(tg_ul), .e0(tg_e0), .gaddr(tg_gaddr), .wcoords(tg_wcoords),
    .gdim(tg_gdim), .gstride(tg_gstride), .box0(tg_box0), .n(tg_n), .e(tg_e), .soff(tg_soff),
    .pitch(tg_pitch), .row_bytes(tg_row_bytes), .swizzle(tg_swizzle), .row_gen(tg_row_gen),
    .row_coords(cmd_coords[159:32]),
    .i2c, .xw_free, .xw_start(ww_xw_start), .xw_next(ww_xw_next), .xw_row,
    .ready_out(tchk_ready), .status_out(tchk_status), .field_out(tchk_field), .pass_out(tchk_pass),
    .walking(ww_walking)
  );

  // The external row generators exist only in builds with their modes; without them the
  // executor refuses those modes, so tg_row_gen stays 0 and nothing reads their outputs.
  tce_row_gens #(.HAS_IM2COL(HAS_IM2COL), .HAS_GATHER(HAS_GATHER)) u_row_gens (
    .clk, .rst_n, .start(tile_start || tstore_start), .step(tl_row_step || ts_row_step),
    .rank(tg_rank), .e(tg_e), .i2c, .row_coords(cmd_coords[159:32]), .i2c_x, .i2c_last,
    .g4_x, .g4_last
  );

  // The shared row walker (SHARE_WALK). The two movers never walk at once: a store waits in
  // the executor until no load is in flight (tce_cmd_exec loads_idle), and nothing starts
  // while a store runs. The window walk checks the next command's rows before any mover
  // has it, so it takes the walker only when no mover walks (xw_free: from a mover's start
  // to its taking the last row); a walk it leaves early is simply restarted by the next
  // start. Such a walker is the odometer-only one (tce_row_walk EXT_ROWS = 0), clocked by
  // clk since it serves both movers' clock domains. Other builds keep a walker in each
  // mover and in the window walk.
  if (SHARE_WALK) begin : g_shared_walk
    logic mv_walks;
    always_ff @(posedge clk or negedge rst_n) begin
      if (!rst_n) mv_walks <= 1'b0;
      else if (tl_xw_start || ts_xw_start) mv_walks <= 1'b1;
      else if ((tl_xw_next || ts_xw_next) && xw_row_valid && xw_last_row) mv_walks <= 1'b0;
    end
    assign xw_free = !mv_walks;
    /* verilator lint_off UNUSEDSIGNAL */
    logic xw_row_step;      // no outside generator to step
    /* verilator lint_on UNUSEDSIGNAL */
    tce_row_walk #(.GADDR_W(GADDR_W), .EXT_ROWS(1'b0)) u_walk (
      .clk, .rst_n, .start(tl_xw_start || ts_xw_start || ww_xw_start), .rank(tg_rank), .ul(mv_ul),
      .gaddr(tg_gaddr), .gdim14(mv_gdim[164:33]), .gstride(tg_gstride), .n(tg_n), .e(tg_e),
      .coords(tg_wcoords), .soff(tg_soff), .pitch(tg_pitch), .ext_rows(1'b0), .ext_x('0),
      .ext_last(1'b0), .next(tl_xw_next || ts_xw_next || ww_xw_next), .row_valid(xw_row_valid),
      .row_g(xw_row_g), .row_sbase(xw_row_sbase), .row_inb(xw_row_inb),
      .last_row(xw_last_row), .row_step(xw_row_step)
    );
  end else begin : g_own_walks
    assign xw_free = 1'b0;
    assign xw_row_valid = 1'b0;
    assign xw_row_g = '0;
    assign xw_row_sbase = '0;
    assign xw_row_inb = 1'b0;
    assign xw_last_row = 1'b0;
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_xw = ^{tl_xw_start, tl_xw_next, ts_xw_start, ts_xw_next, ww_xw_start, ww_xw_next};
    /* verilator lint_on UNUSEDSIGNAL */
  end

  logic tl_sm_valid, tl_mb_valid;
  logic [3:0] tl_sm_cta, tl_mb_cta;
  logic [23:0] tl_mb_addr;
  logic [31:0] tl_mb_tx_count;
  logic [23:0] tl_sm_addr;
  logic [DATA_W-1:0] tl_sm_wdata;
  logic [DATA_W/8-1:0] tl_sm_wstrb;

  // An outside generator's row (row_gen 1: im2col, 2: gather4) for the movers; constants
  // in a build with neither (SHARE_WALK), where tce_row_gens's outputs are 0: a synthesis
  // that keeps the hierarchy does not see that, and built a 160-bit select per mover.
  wire [159:0] tl_ext_x = SHARE_WALK ? '0 : tl_row_gen == 2'd2 ? g4_x : i2c_x;
  wire [159:0] ts_ext_x = SHARE_WALK ? '0 : ts_row_gen == 2'd2 ? g4_x : i2c_x;
  wire tl_ext_last = !SHARE_WALK && (tl_row_gen == 2'd2 ? g4_last : i2c_last);
  wire ts_ext_last = !SHARE_WALK && (ts_row_gen == 2'd2 ? g4_last : i2c_last);

  tce_tile_load #(.DATA_W(DATA_W), .ID_W(ID_W), .NRD(NRD), .NS(LOAD_SLOTS),
                .GADDR_W(GADDR_W), .EXT_ROWS(HAS_IM2COL || HAS_GATHER),
                .OWN_WALK(!SHARE_WALK)) u_tile_load (
    .clk(clk), .rst_n, .start(tile_start), .can_start(tile_can_start), .active(tile_active),
    .rank(tg_rank), .esl(mv_ul), .e0(tg_e0), .gaddr(tg_gaddr), .origin_rd(tg_origin_rd),
    .gdim(mv_gdim), .gstride(tg_gstride), .box0(tg_box0), .n(tg_n), .e(tg_e),
    .coords(tg_wcoords),
    .swizzle(tg_swizzle), .fill_nan(tg_fill_nan), .tf32(tg_tf32), .soff(tg_soff), .ctas(tchk_ctas),
    // tce_tile_check refuses loads whose row is over 2 KB, so 12 bits hold every load's
    .row_bytes(tg_row_bytes), .pitch(mv_pitch), .rows(tg_rows), .want_tx(tile_want_tx),
    .mbar_off(cmd_mbar_off), .ck_same(tg_geom_same && !cmd_new), .tx_count(tchk_tx_bytes),
    .ext_rows(tg_row_gen != 2'd0), .ext_x(tl_ext_x), .ext_last(tl_ext_last),
    .row_step(tl_row_step),
    .xw_start(tl_xw_start), .xw_next(tl_xw_next), .xw_row,
    .done_hold(tile_done_hold), .done(tile_done), .status(tile_status), .tx_err(tile_tx_err), .bytes_read(tile_rbytes),
    // rd_owner's first choice is tile_active (a flip-flop), and the load offers and reads
    // nothing without a command in flight (asserted in it): the same gate, no owner decode.
    .arvalid(tl_arvalid), .arready(m_axi_arready && tile_active), .axi_ar(tl_ar),
    .rvalid(m_axi_rvalid && tile_active), .rready(tl_rready), .axi_r(m_r),
    .sm_valid(tl_sm_valid), .sm_ready(sm_req_ready && tile_active), .sm_cta(tl_sm_cta),
    .sm_addr(tl_sm_addr), .sm_wdata(tl_sm_wdata), .sm_wstrb(tl_sm_wstrb),
    .sm_rsp_valid(sm_rsp_valid && tile_active), .sm_rsp_err(sm_rsp_err),
    .mb_valid(tl_mb_valid), .mb_ready(mb_req_ready && tile_active), .mb_cta(tl_mb_cta),
    .mb_addr(tl_mb_addr), .mb_tx_count(tl_mb_tx_count),
    .mb_rsp_valid(mb_rsp_valid && tile_active), .mb_rsp_err(mb_rsp_err)
  );

  // Global write channel: the bulk store, the tile store and red take turns (wr_owner);
  // the chosen mover's bursts pass tce_rmw_global, which reduces them when red_en is set.
  // Every mover takes B responses at once (bready is always high), and all bursts use
  // AWID 0, so B responses return in burst order.
  /* verilator lint_off UNUSEDSIGNAL */
  logic fs_bready, ts_bready;
  /* verilator lint_on UNUSEDSIGNAL */
  logic fs_awvalid, ts_awvalid, rs_awvalid, fs_wvalid, ts_wvalid, rs_wvalid;
  axi_ax_t fs_aw, ts_aw, rs_aw;
  axi_w_t fs_w, ts_w, rs_w;
  logic u_awvalid, u_awready, u_wvalid, u_wready, u_bvalid;
  // The AW ID is not passed on: every burst leaves with AWID 0 (m_axi_awid below).
  /* verilator lint_off UNUSEDSIGNAL */
  axi_ax_t u_aw;
  /* verilator lint_on UNUSEDSIGNAL */
  axi_w_t u_w;
  tce_axi_pkg::b_t u_b;
  always_comb begin
    case (wr_owner)
      tce_op_pkg::WR_OWNER_TILE_STORE: begin
        u_awvalid = ts_awvalid; u_aw = ts_aw; u_wvalid = ts_wvalid; u_w = ts_w;
      end
      tce_op_pkg::WR_OWNER_RED: begin
        u_awvalid = rs_awvalid; u_aw = rs_aw; u_wvalid = rs_wvalid; u_w = rs_w;
      end
      default: begin
        u_awvalid = fs_awvalid; u_aw = fs_aw; u_wvalid = fs_wvalid; u_w = fs_w;
      end
    endcase
  end
  // What tce_rmw_global sends on: AWID 0 for every burst (B responses in burst order).
  /* verilator lint_off UNUSEDSIGNAL */
  axi_ax_t m_aw;
  /* verilator lint_on UNUSEDSIGNAL */
  axi_w_t m_w;
  tce_axi_pkg::b_t m_b;
  assign m_axi_awid   = '0;
  assign m_axi_awaddr = m_aw.addr;
  assign m_axi_awlen  = m_aw.len;
  assign m_axi_wdata  = m_w.data;
  assign m_axi_wstrb  = m_w.strb;
  assign m_axi_wlast  = m_w.last;
  assign m_b.resp     = m_axi_bresp;
  assign m_axi_bready = 1'b1;

  // The one reduction unit: global reductions feed it from tce_rmw_global, shared ones
  // from tce_rmw_smem (red_smem), never both in one command.
  logic ru_in_valid, ru_in_ready, ru_out_valid, ru_out_ready, ru_in_last, ru_out_last;
  logic [DATA_W-1:0] ru_in_mem, ru_in_src, ru_out_data;
  logic [DATA_W/8-1:0] ru_in_be, ru_out_be;
  logic rg_ru_in_valid, rg_ru_out_ready, rg_ru_in_last, rm_ru_in_valid, rm_ru_out_ready;
  logic [DATA_W-1:0] rg_ru_in_mem, rg_ru_in_src, rm_ru_in_mem, rm_ru_in_src;
  logic [DATA_W/8-1:0] rg_ru_in_be, rm_ru_in_be;
  assign ru_in_valid  = red_smem ? rm_ru_in_valid : rg_ru_in_valid;
  assign ru_in_mem    = red_smem ? rm_ru_in_mem : rg_ru_in_mem;
  assign ru_in_src    = red_smem ? rm_ru_in_src : rg_ru_in_src;
  assign ru_in_be     = red_smem ? rm_ru_in_be : rg_ru_in_be;
  assign ru_in_last   = !red_smem && rg_ru_in_last;
  assign ru_out_ready = red_smem ? rm_ru_out_ready : rg_ru_out_ready;
  // The executor has already refused an illegal op/type pair, so the unit's flag is only a
  // cross-check for tests and waves.
  /* verilator lint_off UNUSEDSIGNAL */
  logic ru_out_illegal;
  /* verilator lint_on UNUSEDSIGNAL */

  if (HAS_REDUCE) begin : g_red_unit
    tce_red_unit #(.DATA_W(DATA_W), .TAG_W(1)) u_red_unit (
      .clk(clk), .rst_n, .in_valid(ru_in_valid), .in_ready(ru_in_ready), .in_mem(ru_in_mem),
      .in_src(ru_in_src), .in_be(ru_in_be), .in_op(red_op), .in_etype(red_etype),
      .in_ctx(red_ctx), .in_noftz(red_noftz), .in_tag(ru_in_last),
      .out_valid(ru_out_valid), .out_ready(ru_out_ready), .out_data(ru_out_data),
      .out_be(ru_out_be), .out_illegal(ru_out_illegal), .out_tag(ru_out_last)
    );
  end else begin : g_no_red_unit
    // No reductions: the executor refuses them, so nothing ever feeds the unit.
    assign ru_in_ready = 1'b0;
    assign ru_out_valid = 1'b0;
    assign ru_out_data = '0;
    assign ru_out_be = '0;
    assign ru_out_illegal = 1'b0;
    assign ru_out_last = 1'b0;
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_ru = ^{ru_in_valid, ru_in_mem, ru_in_src, ru_in_be, ru_in_last, ru_out_ready,
                       red_op, red_etype, red_ctx, red_noftz};
    /* verilator lint_on UNUSEDSIGNAL */
  end

  // 32 write bursts in flight until their B: a tensor store's bursts can be single rows of
  // 8 beats, and the B responses come a memory latency (200 cycles in tce bench) later.
  tce_rmw_global #(.DATA_W(DATA_W), .ID_W(ID_W), .NOUT(32), .HAS_REDUCE(HAS_REDUCE)) u_rmw_global (
    .clk, .rst_n, .reduce_in(red_en && !red_smem), .clear(q_pop),
    .u_awvalid, .u_awready, .u_aw, .u_wvalid, .u_wready, .u_w, .u_bvalid, .u_b,
    .awvalid(m_axi_awvalid), .awready(m_axi_awready), .axi_aw(m_aw), .wvalid(m_axi_wvalid),
    .wready(m_axi_wready), .axi_w(m_w), .bvalid(m_axi_bvalid), .axi_b(m_b),
    .arvalid(rg_arvalid), .arready(m_axi_arready && rd_owner == tce_op_pkg::RD_OWNER_RMW), .axi_ar(rg_ar),
    .rvalid(m_axi_rvalid && rd_owner == tce_op_pkg::RD_OWNER_RMW), .rready(rg_rready), .axi_r(m_r),
    .ru_in_valid(rg_ru_in_valid), .ru_in_ready, .ru_in_mem(rg_ru_in_mem),
    .ru_in_src(rg_ru_in_src), .ru_in_be(rg_ru_in_be), .ru_in_last(rg_ru_in_last),
    .ru_out_valid, .ru_out_ready(rg_ru_out_ready), .ru_out_data, .ru_out_be, .ru_out_last
  );

  logic ts_sm_valid;
  logic [3:0] ts_sm_cta;
  logic [23:0] ts_sm_addr;

  tce_tile_store #(.DATA_W(DATA_W), .ID_W(ID_W), .NB(STORE_AHEAD), .GADDR_W(GADDR_W),
                 .EXT_ROWS(HAS_IM2COL || HAS_GATHER), .OWN_WALK(!SHARE_WALK)) u_tile_store (
    .clk(clk), .rst_n, .start(tstore_start), .rank(tg_rank), .ul(mv_ul), .e0(tg_e0), .gaddr(tg_gaddr),
    .gdim(mv_gdim), .gstride(tg_gstride), .n(tg_n), .e(tg_e), .coords(tg_wcoords),
    .swizzle(tg_swizzle), .src_cta(cmd_cta), .soff(tg_soff), .row_bytes(tg_row_bytes),
    .pitch(tg_pitch), .ext_rows(tg_row_gen != 2'd0), .ext_x(ts_ext_x), .ext_last(ts_ext_last),
    .row_step(ts_row_step),
    .xw_start(ts_xw_start), .xw_next(ts_xw_next), .xw_row,
    .done(tstore_done), .status(tstore_status), .bytes_written(tstore_wbytes),
    .awvalid(ts_awvalid), .awready(u_awready && wr_owner == tce_op_pkg::WR_OWNER_TILE_STORE), .axi_aw(ts_aw),
    .wvalid(ts_wvalid), .wready(u_wready && wr_owner == tce_op_pkg::WR_OWNER_TILE_STORE), .axi_w(ts_w),
    .bvalid(u_bvalid && wr_owner == tce_op_pkg::WR_OWNER_TILE_STORE), .bready(ts_bready), .axi_b(u_b),
    .sm_valid(ts_sm_valid), .sm_ready(sm_req_ready && sm_owner == tce_op_pkg::SM_OWNER_TILE_STORE), .sm_cta(ts_sm_cta),
    .sm_addr(ts_sm_addr), .sm_rsp_valid(sm_rsp_valid && sm_owner == tce_op_pkg::SM_OWNER_TILE_STORE),
    .sm_rsp_rdata(sm_rsp_rdata), .sm_rsp_err(sm_rsp_err)
  );

  logic rm_u_ready, rm_u_rsp_valid;   // tce_rmw_smem's answers to its mover
  logic g2s_sm_valid, fs_sm_valid, fs_sm_write, rs_sm_valid;
  logic [3:0] g2s_sm_cta, fs_sm_cta, rs_sm_cta;
  logic [23:0] g2s_sm_addr, fs_sm_addr, rs_sm_addr;
  // red's shared destination: shared::cluster names the CTA in the address, shared::cta is
  // the issuing CTA's.
  wire [3:0] rs_cta = (cmd_dst_space == tce_op_pkg::SPACE_SHARED_CLUSTER) ? cmd_saddr[27:24] : cmd_cta;
  logic [DATA_W-1:0] g2s_sm_wdata, fs_sm_wdata;
  logic [DATA_W/8-1:0] g2s_sm_wstrb, fs_sm_wstrb;

  // A bulk burst is up to 4 KB, so four in flight already cover 200+ cycles of latency at
  // one beat per cycle; more would only add slots. The next copy's reads go out while the
  // last one's beats arrive (tce_bulk_g2s), so a stream of copies keeps the port full.
  localparam int G2S_NRD = (NRD < 4) ? NRD : 4;
  tce_bulk_g2s #(.DATA_W(DATA_W), .ID_W(ID_W), .NRD(G2S_NRD), .GADDR_W(GADDR_W),
                .NUM_CTAS(NUM_CTAS)) u_g2s (
    .clk, .rst_n, .start(g2s_start), .can_start(g2s_can_start), .gaddr(mv_gaddr), .size(mv_size),
    .dst_off(mv_dst_off), .dst_mask(mv_dst_mask), .mbar_off(cmd_mbar_off), .busy(g2s_busy),
    .done_hold(tile_done_hold), .done(g2s_done), .status(g2s_status), .tx_err(g2s_tx_err),
    .done_size(g2s_size),
    .arvalid(g2s_arvalid), .arready(m_axi_arready && rd_owner == tce_op_pkg::RD_OWNER_G2S), .axi_ar(g2s_ar),
    .rvalid(m_axi_rvalid && rd_owner == tce_op_pkg::RD_OWNER_G2S), .rready(g2s_rready), .axi_r(m_r),
    .sm_valid(g2s_sm_valid), .sm_ready(sm_req_ready && sm_owner == tce_op_pkg::SM_OWNER_G2S), .sm_cta(g2s_sm_cta),
    .sm_addr(g2s_sm_addr), .sm_wdata(g2s_sm_wdata), .sm_wstrb(g2s_sm_wstrb),
    .sm_rsp_valid(sm_rsp_valid && sm_owner == tce_op_pkg::SM_OWNER_G2S), .sm_rsp_err(sm_rsp_err),
    .mb_valid(g2s_mb_valid), .mb_ready(mb_req_ready && sm_owner == tce_op_pkg::SM_OWNER_G2S),
    .mb_cta(g2s_mb_cta), .mb_addr(g2s_mb_addr), .mb_tx_count(g2s_mb_tx_count),
    .mb_rsp_valid(mb_rsp_valid && sm_owner == tce_op_pkg::SM_OWNER_G2S), .mb_rsp_err(mb_rsp_err)
  );

  tce_bulk_from_smem #(.DATA_W(DATA_W), .ID_W(ID_W), .GADDR_W(GADDR_W)) u_from_smem (
    .clk, .rst_n, .start(fs_start), .to_global(fs_to_global), .gaddr(mv_gaddr),
    .dst_cta(mv_dst_cta), .dst_off(mv_dst_off), .src_cta(mv_src_cta), .src_off(mv_src_off),
    .size(mv_size), .use_byte_mask(mv_use_byte_mask), .byte_mask(mv_byte_mask),
    .busy(fs_busy), .reads_done(fs_reads_done), .done(fs_done), .status(fs_status),
    .awvalid(fs_awvalid), .awready(u_awready && wr_owner == tce_op_pkg::WR_OWNER_FROM_SMEM), .axi_aw(fs_aw),
    .wvalid(fs_wvalid), .wready(u_wready && wr_owner == tce_op_pkg::WR_OWNER_FROM_SMEM), .axi_w(fs_w),
    .bvalid(u_bvalid && wr_owner == tce_op_pkg::WR_OWNER_FROM_SMEM), .bready(fs_bready), .axi_b(u_b),
    .sm_valid(fs_sm_valid), .sm_ready(rm_u_ready && sm_owner == tce_op_pkg::SM_OWNER_FROM_SMEM), .sm_write(fs_sm_write),
    .sm_cta(fs_sm_cta), .sm_addr(fs_sm_addr), .sm_wdata(fs_sm_wdata), .sm_wstrb(fs_sm_wstrb),
    .sm_rsp_valid(rm_u_rsp_valid && sm_owner == tce_op_pkg::SM_OWNER_FROM_SMEM), .sm_rsp_rdata(sm_rsp_rdata),
    .sm_rsp_err(sm_rsp_err)
  );

  if (HAS_REDUCE) begin : g_red_scalar
    tce_red_scalar #(.DATA_W(DATA_W), .ID_W(ID_W)) u_red_scalar (
      .clk(clk), .rst_n, .start(rs_start), .to_global(!red_smem), .gaddr(mv_gaddr),
      .cta(rs_cta), .off(cmd_saddr[23:0]), .esl(rs_esl), .vec(rs_vec), .operands(rs_operands),
      .done(rs_done), .status(rs_status),
      .awvalid(rs_awvalid), .awready(u_awready && wr_owner == tce_op_pkg::WR_OWNER_RED), .axi_aw(rs_aw),
      .wvalid(rs_wvalid), .wready(u_wready && wr_owner == tce_op_pkg::WR_OWNER_RED), .axi_w(rs_w),
      .bvalid(u_bvalid && wr_owner == tce_op_pkg::WR_OWNER_RED), .axi_b(u_b),
      .sm_valid(rs_sm_valid), .sm_ready(rm_u_ready && sm_owner == tce_op_pkg::SM_OWNER_RED), .sm_cta(rs_sm_cta),
      .sm_addr(rs_sm_addr), .sm_rsp_valid(rm_u_rsp_valid && sm_owner == tce_op_pkg::SM_OWNER_RED),
      .sm_rsp_err(sm_rsp_err)
    );
  end else begin : g_no_red_scalar
    // No `red`: the executor never starts it nor gives it a port.
    assign rs_done = 1'b0;
    assign rs_status = tce_op_pkg::ST_OK;
    assign rs_awvalid = 1'b0;
    assign rs_aw = '0;
    assign rs_wvalid = 1'b0;
    assign rs_w = '0;
    assign rs_sm_valid = 1'b0;
    assign rs_sm_cta = '0;
    assign rs_sm_addr = '0;
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_rs = ^{rs_start, rs_cta, rs_esl, rs_vec, rs_operands};
    /* verilator lint_on UNUSEDSIGNAL */
  end

  // Shared-memory requests of from_smem and red pass tce_rmw_smem, which reduces their
  // writes when the command reduces into shared memory.
  // (sm_red, which chooses between them, is sm_owner == SM_OWNER_RED while red runs, from a
  // flip-flop; outside its run neither mover has a request or an answer outstanding, the
  // assertion below)
  logic rm_d_valid, rm_d_write;
  logic [3:0] rm_d_cta;
  logic [23:0] rm_d_addr;
  logic [DATA_W-1:0] rm_d_wdata;
  logic [DATA_W/8-1:0] rm_d_wstrb;
  if (HAS_REDUCE) begin : g_rmw_smem
    tce_rmw_smem #(.DATA_W(DATA_W)) u_rmw_smem (
      .clk, .rst_n, .reduce(red_en && red_smem),
      .u_valid(sm_red ? rs_sm_valid : fs_sm_valid), .u_ready(rm_u_ready),
      .u_write(sm_red || fs_sm_write), .u_cta(sm_red ? rs_sm_cta : fs_sm_cta),
      .u_addr(sm_red ? rs_sm_addr : fs_sm_addr),
      .u_wdata(sm_red ? rs_w.data : fs_sm_wdata),
      .u_wstrb(sm_red ? rs_w.strb : (fs_sm_write ? fs_sm_wstrb : '0)),
      .u_rsp_valid(rm_u_rsp_valid),
      .d_valid(rm_d_valid), .d_ready(sm_req_ready && (sm_owner == tce_op_pkg::SM_OWNER_FROM_SMEM || sm_red)),
      .d_write(rm_d_write), .d_cta(rm_d_cta), .d_addr(rm_d_addr), .d_wdata(rm_d_wdata),
      .d_wstrb(rm_d_wstrb),
      .d_rsp_valid(sm_rsp_valid && (sm_owner == tce_op_pkg::SM_OWNER_FROM_SMEM || sm_red)), .d_rsp_rdata(sm_rsp_rdata),
      .ru_in_valid(rm_ru_in_valid), .ru_in_ready, .ru_in_mem(rm_ru_in_mem),
      .ru_in_src(rm_ru_in_src), .ru_in_be(rm_ru_in_be), .ru_out_valid,
      .ru_out_ready(rm_ru_out_ready), .ru_out_data
    );
  end else begin : g_no_rmw_smem
    // Without reductions tce_rmw_smem would only pass from_smem's requests through (its
    // `reduce` low: same cycle, same signals), so they go to the port directly.
    assign rm_u_ready = sm_req_ready && (sm_owner == tce_op_pkg::SM_OWNER_FROM_SMEM || sm_red);
    assign rm_u_rsp_valid = sm_rsp_valid && (sm_owner == tce_op_pkg::SM_OWNER_FROM_SMEM || sm_red);
    assign rm_d_valid = fs_sm_valid;
    assign rm_d_write = fs_sm_write;
    assign rm_d_cta = fs_sm_cta;
    assign rm_d_addr = fs_sm_addr;
    assign rm_d_wdata = fs_sm_wdata;
    assign rm_d_wstrb = fs_sm_write ? fs_sm_wstrb : '0;
    assign rm_ru_in_valid = 1'b0;
    assign rm_ru_in_mem = '0;
    assign rm_ru_in_src = '0;
    assign rm_ru_in_be = '0;
    assign rm_ru_out_ready = 1'b0;
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_rm = ^{rs_sm_valid, rs_sm_cta, rs_sm_addr, red_en, red_smem};
    /* verilator lint_on UNUSEDSIGNAL */
  end

  assign m_axi_awsize  = AXSIZE;
  assign m_axi_arsize  = AXSIZE;
  assign m_axi_awburst = 2'b01;   // INCR
  assign m_axi_arburst = 2'b01;

  // ------------------------------------------------------------- shared-memory port mux
  // Only the owner the executor names drives the port; ownership changes only when the
  // previous owner has no response outstanding, so in-order responses go to the owner.
  always_comb begin
    sm_req_valid = 1'b0; sm_req_kind = tce_op_pkg::SM_READ; sm_req_cta = '0; sm_req_addr = '0;
    sm_req_wdata = '0; sm_req_wstrb = '0;
    case (sm_owner)
      tce_op_pkg::SM_OWNER_TILE_STORE: begin
        sm_req_valid = ts_sm_valid; sm_req_kind = tce_op_pkg::SM_READ; sm_req_cta = ts_sm_cta;
        sm_req_addr = ts_sm_addr;
      end
      tce_op_pkg::SM_OWNER_G2S: begin
        sm_req_valid = g2s_sm_valid; sm_req_kind = tce_op_pkg::SM_WRITE; sm_req_cta = g2s_sm_cta;
        sm_req_addr = g2s_sm_addr; sm_req_wdata = g2s_sm_wdata; sm_req_wstrb = g2s_sm_wstrb;
      end
      tce_op_pkg::SM_OWNER_FROM_SMEM, tce_op_pkg::SM_OWNER_RED: begin
        sm_req_valid = rm_d_valid; sm_req_kind = rm_d_write ? tce_op_pkg::SM_WRITE : tce_op_pkg::SM_READ;
        sm_req_cta = rm_d_cta; sm_req_addr = rm_d_addr; sm_req_wdata = rm_d_wdata;
        sm_req_wstrb = rm_d_write ? rm_d_wstrb : '0;
      end
      tce_op_pkg::SM_OWNER_TILE_LOAD: begin
        sm_req_valid = tl_sm_valid; sm_req_kind = tce_op_pkg::SM_WRITE; sm_req_cta = tl_sm_cta;
        sm_req_addr = tl_sm_addr; sm_req_wdata = tl_sm_wdata; sm_req_wstrb = tl_sm_wstrb;
      end
      default: ;   // SM_OWNER_COMPLETE_TX: the executor's, on the mbarrier port
    endcase
  end

  // ------------------------------------------------------------- mbarrier port
  // Tensor loads and bulk copies global -> shared in flight send their own complete-tx;
  // otherwise the executor does (bulk copies from shared memory). The executor hands the
  // port over only with no response outstanding.
  // mb_req_valid is the OR of the three, and the request is that of the one offering: each
  // offers only while it owns the port (asserted below), and keeps its request until it is
  // taken. The memory's data-port ready reads mb_req_valid, and a decode of sm_owner here
  // put the executor's state and the tile load's slot count on every mover's ready path
  // and on the RAMs' address.
  assign mb_req_valid    = tl_mb_valid || g2s_mb_valid || tx_valid;
  assign mb_req_cta      = tl_mb_valid ? tl_mb_cta : g2s_mb_valid ? g2s_mb_cta : tx_cta;
  assign mb_req_addr     = tl_mb_valid ? tl_mb_addr : g2s_mb_valid ? g2s_mb_addr : tx_addr;
  assign mb_req_tx_count = tl_mb_valid ? tl_mb_tx_count : g2s_mb_valid ? g2s_mb_tx_count : tx_count;
  assign tx_ready = mb_req_ready && sm_owner == tce_op_pkg::SM_OWNER_COMPLETE_TX;

  // ------------------------------------------------------------- assertions
  // Simulation-only checks of the invariants the comments above state (rtl/assert/): the
  // Verilated models define TCE_ASSERT and build with --assert; synthesis never sees them.
`ifdef TCE_ASSERT
  tce_axi_assert #(.DATA_W(DATA_W), .ID_W(ID_W)) u_axi_assert (
    .clk, .rst_n,
    .awvalid(m_axi_awvalid), .awready(m_axi_awready), .awid(m_axi_awid), .awaddr(m_axi_awaddr),
    .awlen(m_axi_awlen), .awsize(m_axi_awsize), .awburst(m_axi_awburst),
    .wvalid(m_axi_wvalid), .wready(m_axi_wready), .wdata(m_axi_wdata), .wstrb(m_axi_wstrb),
    .wlast(m_axi_wlast),
    .arvalid(m_axi_arvalid), .arready(m_axi_arready), .arid(m_axi_arid), .araddr(m_axi_araddr),
    .arlen(m_axi_arlen), .arsize(m_axi_arsize), .arburst(m_axi_arburst));
  tce_smem_owner_assert u_smem_owner_assert (
    .clk, .rst_n, .owner(sm_owner), .req_valid(sm_req_valid), .req_ready(sm_req_ready),
    .rsp_valid(sm_rsp_valid));
  tce_mbar_assert u_mbar_assert (
    .clk, .rst_n, .req_valid(mb_req_valid), .req_ready(mb_req_ready), .req_cta(mb_req_cta),
    .req_addr(mb_req_addr), .req_tx_count(mb_req_tx_count), .rsp_valid(mb_rsp_valid));
  tce_rmw_assert #(.DATA_W(DATA_W)) u_rmw_assert (
    .clk, .rst_n, .awvalid(m_axi_awvalid), .awready(m_axi_awready), .awaddr(m_axi_awaddr),
    .awlen(m_axi_awlen), .arvalid(rg_arvalid), .arready(m_axi_arready && rd_owner == tce_op_pkg::RD_OWNER_RMW),
    .araddr(rg_ar.addr), .arlen(rg_ar.len), .bvalid(m_axi_bvalid));
  // An mbarrier request comes only from the port's owner (mb_req_valid ORs them), and the
  // tile load owns it exactly while it is active (its ready and answers read tile_active).
  always @(posedge clk or negedge rst_n)
    if (!rst_n) begin
    end else begin
      assert (!tl_mb_valid || sm_owner == tce_op_pkg::SM_OWNER_TILE_LOAD)
        else $error("tile load mbarrier request with sm_owner %0d", sm_owner);
      assert (!g2s_mb_valid || sm_owner == tce_op_pkg::SM_OWNER_G2S)
        else $error("bulk copy mbarrier request with sm_owner %0d", sm_owner);
      assert (!tx_valid || sm_owner == tce_op_pkg::SM_OWNER_COMPLETE_TX)
        else $error("executor complete-tx with sm_owner %0d", sm_owner);
      // (guards the executor's priority order, which the tile load's wiring relies on)
      assert (tile_active == (sm_owner == tce_op_pkg::SM_OWNER_TILE_LOAD))
        else $error("tile_active %0d beside sm_owner %0d", tile_active, sm_owner);
    end
  // tce_rmw_smem's choice of mover (sm_red) is sm_owner's wherever it matters: while red
  // runs it owns the port; where the two differ nothing passes tce_rmw_smem.
  always @(posedge clk or negedge rst_n)
    if (!rst_n) begin
    end else if (sm_red != (sm_owner == tce_op_pkg::SM_OWNER_RED))
      assert (!sm_red && !rs_sm_valid && !fs_sm_valid && !rm_d_valid &&
              !(sm_rsp_valid && sm_owner != tce_op_pkg::SM_OWNER_FROM_SMEM))
        else $error("sm_red %0d beside sm_owner %0d with traffic", sm_red, sm_owner);
  // The movers start on tchk_pass: it must say what the verdict's status says.
  always @(posedge clk or negedge rst_n)
    if (!rst_n) begin
    end else if (tchk_ready)
      assert (tchk_pass == (tchk_status == tce_op_pkg::ST_OK))
        else $error("check verdict: pass %0d with status %0d", tchk_pass, tchk_status);
`endif
endmodule
