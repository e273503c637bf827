// tce_engine: the tensor copy engine's top level. Ports and protocols: docs/rtl.md.
//
//   AXI4-Lite slave  registers of firmware/regmap.def (rtl/generated/tce_regs_pkg.sv)
//   irq              level, CTRL.IRQ_EN && IRQ_STATUS != 0
//   AXI4 master      global memory: INCR bursts within 4 KB pages, up to NRD reads in
//                    flight on distinct IDs (answers may return in any order across IDs)
//   shared-memory    one request channel (read / write with strobes / mbarrier complete-tx,
//   port             addressed by CTA and byte offset) and one in-order response channel
//
// Commands execute one at a time, in order; the data movers are tce_bulk_g2s (global ->
// shared) and tce_bulk_from_smem (shared -> global, shared -> shared).
module tce_engine #(
    parameter int DATA_W      = 256,       // memory data path: 128, 256 or 512 bits
    parameter int NUM_CTAS    = 16,        // CTAs in the cluster (<= 16)
    parameter int QUEUE_DEPTH = 8,         // command queue entries (power of two)
    parameter int SMEM_BYTES  = 232448,    // shared memory per CTA in bytes
    parameter int ID_W        = 4,         // AXI ID width
    parameter int NRD         = 4          // read bursts in flight (<= 2**ID_W)
) (
    input  logic                clk,
    input  logic                rst_n,
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
    // AXI4 master (global memory)
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
    output logic [1:0]          sm_req_kind,     // tce_op_pkg::SM_READ / SM_WRITE / SM_COMPLETE_TX
    output logic [3:0]          sm_req_cta,
    output logic [23:0]         sm_req_addr,     // read/write: DATA_W/8-aligned; complete-tx: mbarrier
    output logic [DATA_W-1:0]   sm_req_wdata,
    output logic [DATA_W/8-1:0] sm_req_wstrb,
    output logic [31:0]         sm_req_tx_count, // complete-tx byte count
    input  logic                sm_rsp_valid,    // one per request, in request order
    input  logic [DATA_W-1:0]   sm_rsp_rdata,
    input  logic                sm_rsp_err       // the address was outside the CTA's memory
);
  localparam int QW = 17;   // command words 0..16 hold every field the engine decodes
  localparam int QA = $clog2(QUEUE_DEPTH);
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
  // No descriptor cache yet (tensor operations come later), so DESC_INVAL has nothing to drop.
  logic desc_inval;
  // The movers' busy flags are for waveforms; the executor sequences on their done pulses.
  logic g2s_busy, fs_busy;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [QW*32+31:0] q_push_data, q_head;
  logic [QA:0] q_count;
  logic run, exec_busy, retire;
  logic [7:0] retire_status, retire_field;
  logic [3:0] retire_cta, retire_kind;
  logic [31:0] seq_issued, seq_done, cur_seq;
  logic [39:0] retire_rbytes, retire_wbytes;
  logic accept, accept_is_group, group_commit, soft_reset, cur_reads_done;
  logic [3:0] accept_cta, group_sel;
  logic [7:0] grp_pending, grp_read_pending, grp_open;
  logic grp_done;

  tce_regs #(.DATA_W(DATA_W), .NUM_CTAS(NUM_CTAS), .QUEUE_DEPTH(QUEUE_DEPTH), .QW(QW)) u_regs (
    .clk, .rst_n,
    .s_awvalid(s_axil_awvalid), .s_awready(s_axil_awready), .s_awaddr(s_axil_awaddr),
    .s_wvalid(s_axil_wvalid), .s_wready(s_axil_wready), .s_wdata(s_axil_wdata), .s_wstrb(s_axil_wstrb),
    .s_bvalid(s_axil_bvalid), .s_bready(s_axil_bready), .s_bresp(s_axil_bresp),
    .s_arvalid(s_axil_arvalid), .s_arready(s_axil_arready), .s_araddr(s_axil_araddr),
    .s_rvalid(s_axil_rvalid), .s_rready(s_axil_rready), .s_rdata(s_axil_rdata), .s_rresp(s_axil_rresp),
    .irq,
    .q_push, .q_push_data, .q_flush, .q_count,
    .run, .exec_busy, .retire, .retire_status, .retire_field, .retire_cta, .retire_kind,
    .retire_seq(retire_seq[15:0]), .retire_rbytes, .retire_wbytes,
    .accept, .accept_cta, .accept_is_group, .seq_issued, .seq_done,
    .group_commit, .group_sel, .soft_reset, .desc_inval,
    .grp_pending, .grp_read_pending, .grp_open, .grp_done
  );

  tce_fifo #(.WIDTH(QW * 32 + 32), .DEPTH(QUEUE_DEPTH)) u_queue (
    .clk, .rst_n, .flush(q_flush), .push(q_push), .push_data(q_push_data),
    .pop(q_pop), .head(q_head), .empty(q_empty), .full(q_full), .count(q_count)
  );

  tce_group_tracker #(.NUM_CTAS(NUM_CTAS), .QUEUE_DEPTH(QUEUE_DEPTH)) u_groups (
    .clk, .rst_n, .clear(soft_reset),
    .accept, .accept_cta, .accept_is_group, .accept_seq(seq_issued + 32'd1),
    .commit(group_commit), .commit_cta(group_sel),
    .seq_done, .cur_valid(exec_busy), .cur_seq, .cur_reads_done,
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
  logic g2s_done, fs_done, fs_reads_done;
  logic [7:0] g2s_status, fs_status;
  logic [1:0] sm_owner;
  logic tx_valid, tx_ready;
  logic [3:0] tx_cta;
  logic [23:0] tx_addr;
  logic [31:0] tx_count;

  tce_cmd_exec #(.NUM_CTAS(NUM_CTAS), .SMEM_BYTES(SMEM_BYTES), .QW(QW)) u_exec (
    .clk, .rst_n, .run, .q_empty, .q_head, .q_pop, .busy(exec_busy), .cur_seq, .cur_reads_done,
    .retire, .retire_status, .retire_field, .retire_cta, .retire_kind, .retire_seq,
    .retire_rbytes, .retire_wbytes,
    .g2s_start, .fs_start, .fs_to_global, .mv_gaddr, .mv_size, .mv_dst_mask, .mv_dst_cta,
    .mv_dst_off, .mv_src_cta, .mv_src_off, .mv_use_byte_mask, .mv_byte_mask,
    .g2s_done, .g2s_status, .fs_done, .fs_reads_done, .fs_status,
    .sm_owner, .tx_valid, .tx_ready, .tx_cta, .tx_addr, .tx_count,
    .sm_rsp_valid(sm_rsp_valid), .sm_rsp_err(sm_rsp_err)
  );

  logic g2s_sm_valid, fs_sm_valid, fs_sm_write;
  logic [3:0] g2s_sm_cta, fs_sm_cta;
  logic [23:0] g2s_sm_addr, fs_sm_addr;
  logic [DATA_W-1:0] g2s_sm_wdata, fs_sm_wdata;
  logic [DATA_W/8-1:0] g2s_sm_wstrb, fs_sm_wstrb;

  tce_bulk_g2s #(.DATA_W(DATA_W), .ID_W(ID_W), .NRD(NRD)) u_g2s (
    .clk, .rst_n, .start(g2s_start), .gaddr(mv_gaddr), .size(mv_size), .dst_off(mv_dst_off),
    .dst_mask(mv_dst_mask), .busy(g2s_busy), .done(g2s_done), .status(g2s_status),
    .arvalid(m_axi_arvalid), .arready(m_axi_arready), .arid(m_axi_arid), .araddr(m_axi_araddr),
    .arlen(m_axi_arlen), .rvalid(m_axi_rvalid), .rready(m_axi_rready), .rid(m_axi_rid),
    .rdata(m_axi_rdata), .rresp(m_axi_rresp), .rlast(m_axi_rlast),
    .sm_valid(g2s_sm_valid), .sm_ready(sm_req_ready && sm_owner == 2'd0), .sm_cta(g2s_sm_cta),
    .sm_addr(g2s_sm_addr), .sm_wdata(g2s_sm_wdata), .sm_wstrb(g2s_sm_wstrb),
    .sm_rsp_valid(sm_rsp_valid && sm_owner == 2'd0), .sm_rsp_err(sm_rsp_err)
  );

  tce_bulk_from_smem #(.DATA_W(DATA_W), .ID_W(ID_W)) u_from_smem (
    .clk, .rst_n, .start(fs_start), .to_global(fs_to_global), .gaddr(mv_gaddr),
    .dst_cta(mv_dst_cta), .dst_off(mv_dst_off), .src_cta(mv_src_cta), .src_off(mv_src_off),
    .size(mv_size), .use_byte_mask(mv_use_byte_mask), .byte_mask(mv_byte_mask),
    .busy(fs_busy), .reads_done(fs_reads_done), .done(fs_done), .status(fs_status),
    .awvalid(m_axi_awvalid), .awready(m_axi_awready), .awid(m_axi_awid), .awaddr(m_axi_awaddr),
    .awlen(m_axi_awlen), .wvalid(m_axi_wvalid), .wready(m_axi_wready), .wdata(m_axi_wdata),
    .wstrb(m_axi_wstrb), .wlast(m_axi_wlast), .bvalid(m_axi_bvalid), .bready(m_axi_bready),
    .bresp(m_axi_bresp),
    .sm_valid(fs_sm_valid), .sm_ready(sm_req_ready && sm_owner == 2'd1), .sm_write(fs_sm_write),
    .sm_cta(fs_sm_cta), .sm_addr(fs_sm_addr), .sm_wdata(fs_sm_wdata), .sm_wstrb(fs_sm_wstrb),
    .sm_rsp_valid(sm_rsp_valid && sm_owner == 2'd1), .sm_rsp_rdata(sm_rsp_rdata),
    .sm_rsp_err(sm_rsp_err)
  );

  assign m_axi_awsize  = AXSIZE;
  assign m_axi_arsize  = AXSIZE;
  assign m_axi_awburst = 2'b01;   // INCR
  assign m_axi_arburst = 2'b01;

  // ------------------------------------------------------------- shared-memory port mux
  // Only the owner the executor names drives the port; ownership changes only when the
  // previous owner has no response outstanding, so in-order responses go to the owner.
  always_comb begin
    sm_req_valid = 1'b0; sm_req_kind = tce_op_pkg::SM_READ; sm_req_cta = '0; sm_req_addr = '0;
    sm_req_wdata = '0; sm_req_wstrb = '0; sm_req_tx_count = '0;
    case (sm_owner)
      2'd0: begin
        sm_req_valid = g2s_sm_valid; sm_req_kind = tce_op_pkg::SM_WRITE; sm_req_cta = g2s_sm_cta;
        sm_req_addr = g2s_sm_addr; sm_req_wdata = g2s_sm_wdata; sm_req_wstrb = g2s_sm_wstrb;
      end
      2'd1: begin
        sm_req_valid = fs_sm_valid; sm_req_kind = fs_sm_write ? tce_op_pkg::SM_WRITE : tce_op_pkg::SM_READ;
        sm_req_cta = fs_sm_cta; sm_req_addr = fs_sm_addr; sm_req_wdata = fs_sm_wdata;
        sm_req_wstrb = fs_sm_write ? fs_sm_wstrb : '0;
      end
      default: begin
        sm_req_valid = tx_valid; sm_req_kind = tce_op_pkg::SM_COMPLETE_TX; sm_req_cta = tx_cta;
        sm_req_addr = tx_addr; sm_req_tx_count = tx_count;
      end
    endcase
  end
  assign tx_ready = sm_req_ready && sm_owner == 2'd2;
endmodule
