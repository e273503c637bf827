// The shared memories of NUM_CTAS CTAs as on-chip RAM, behind the engine's shared-memory
// port and mbarrier port (docs/rtl.md, "Shared-memory port", "mbarrier port") and a 32-bit
// host request bus.
//
// One RAM (tce_fpga_sram, DATA_W wide) per CTA. Every request takes the RAMs for one
// cycle and is answered the next cycle (the RAM read latency), so requests stream one per
// cycle and answers come back in request order, as the engine requires. The engine's data
// requests first pass a two-entry queue (one cycle more, see "the data port's queue").
//
// mbarrier complete-tx is a read-modify-write of the 8-byte word in the RAM itself, so the
// host sees the phase flip exactly where the PTX program would look for it: cycle 0 reads
// the RAM word that holds the mbarrier, cycle 1 registers its 8 bytes, cycle 2 applies
// tce_fpga_mbar_complete to that register and writes the 8 bytes back. The register keeps
// the RAM's read data (a block RAM's slow clock-to-out) and the update's subtract and
// range compares in separate cycles. Cycles 1 and 2 accept no new request (of any port):
// that keeps the write port free for the write-back and makes the next access see the
// updated word, so no access ever needs the word forwarded. A complete-tx takes the RAM
// for three cycles, in which the data port waits; the engine's separate mbarrier port
// only guarantees it no data-port cycle of its own.
// A complete-tx the PTX text calls undefined leaves the word unchanged (as the golden
// model does) and is recorded in the status registers; it is not a shared-memory range
// error, so the engine still gets an OK answer.
//
// The host has priority over the engine, and the engine's mbarrier port over its data
// port: host requests are rare single words (mbarrier init, data in and out), a
// complete-tx comes once per command, and the engine copes with back-pressure on every
// request.
//
// Host addresses (29 bits): [28] = 0: shared memory, CTA rank in [27:24], byte offset in
// [23:0] (the shared::cluster convention of csim/op.h, TCE_SADDR); [28] = 1: the status
// registers below at byte offset [7:0]. Offsets address 32-bit words ([1:0] ignored; the
// strobes choose the bytes). A CTA >= NUM_CTAS or an offset >= SMEM_BYTES is an error.
//
//   0x1000_0000 MBAR_STATUS  RO  [0] an undefined complete-tx happened (sticky),
//                                [7:4] its CTA, [31:8] reserved. Any write clears it.
//   0x1000_0004 MBAR_ERR_OFF RO  byte offset of that mbarrier
//   0x1000_0008 TX_APPLIED   RO  complete-tx requests applied (wraps)
//   0x1000_000C SMEM_BYTES   RO  the SMEM_BYTES parameter
//   0x1000_0010 GEOMETRY     RO  [7:0] DATA_W/8, [15:8] NUM_CTAS
//   other offsets of the page read 0.
module tce_fpga_smem #(
    parameter int DATA_W     = 256,
    parameter int NUM_CTAS   = 16,
    parameter int SMEM_BYTES = 16384
) (
    input  logic                clk,
    input  logic                rst_n,
    // engine side
    input  logic                sm_req_valid,
    output logic                sm_req_ready,
    input  logic [1:0]          sm_req_kind,
    input  logic [3:0]          sm_req_cta,
    input  logic [23:0]         sm_req_addr,
    input  logic [DATA_W-1:0]   sm_req_wdata,
    input  logic [DATA_W/8-1:0] sm_req_wstrb,
    output logic                sm_rsp_valid,
    output logic [DATA_W-1:0]   sm_rsp_rdata,
    output logic                sm_rsp_err,
    input  logic                mb_req_valid,
    output logic                mb_req_ready,
    input  logic [3:0]          mb_req_cta,
    input  logic [23:0]         mb_req_addr,
    input  logic [31:0]         mb_req_tx_count,
    output logic                mb_rsp_valid,
    output logic                mb_rsp_err,
    // host side
    input  logic                h_req_valid,
    output logic                h_req_ready,
    input  logic                h_req_write,
    input  logic [28:0]         h_req_addr,
    input  logic [31:0]         h_req_wdata,
    input  logic [3:0]          h_req_wstrb,
    output logic                h_rsp_valid,
    output logic [31:0]         h_rsp_rdata,
    output logic                h_rsp_err
);
  localparam int DB    = DATA_W / 8;                 // bytes per RAM word
  localparam int OB    = $clog2(DB);                 // byte-offset bits inside a word
  localparam int DEPTH = SMEM_BYTES / DB;            // words per CTA
  localparam int RA    = DEPTH > 1 ? $clog2(DEPTH) : 1;
  localparam int CW    = NUM_CTAS > 1 ? $clog2(NUM_CTAS) : 1;
  localparam int L64   = DB / 8;                     // mbarrier-sized lanes per word
  localparam int L32   = DB / 4;                     // host-word lanes per word

  if (DATA_W != 128 && DATA_W != 256 && DATA_W != 512) begin : g_bad_width
    $error("tce_fpga_smem: DATA_W must be 128, 256 or 512");
  end
  if (NUM_CTAS < 1 || NUM_CTAS > 16) begin : g_bad_ctas
    $error("tce_fpga_smem: NUM_CTAS must be 1..16");
  end
  if (SMEM_BYTES % DB != 0 || SMEM_BYTES < DB || SMEM_BYTES > (1 << 24)) begin : g_bad_size
    $error("tce_fpga_smem: SMEM_BYTES must be a multiple of DATA_W/8, at most 16 MiB");
  end

  // ------------------------------------------------------------- stage 1 (answer) state
  logic          p1_eng, p1_mb, p1_host, p1_err, p1_rmw, p1_host_reg;
  logic [CW-1:0] p1_cta;
  logic [RA-1:0] p1_word;
  logic [$clog2(L64)-1:0] p1_lane64;
  logic [$clog2(L32)-1:0] p1_lane32;
  logic [31:0]   p1_txn, p1_regdata;
  logic [23:0]   p1_mbar_off;

  // The two cycles after a complete-tx read belong to its update: p1_rmw registers the
  // mbarrier word, p2_rmw writes it back.
  logic          p2_rmw;
  logic [63:0]   p2_old;
  wire rmw_busy = p1_rmw || p2_rmw;

  // ------------------------------------------------------------- the data port's queue
  // The engine's data requests wait in a two-entry queue: its ready is a flip-flop's and
  // the RAMs see a registered request, so neither the engine's choice of who drives the
  // port nor this side's arbitration and range check lengthen the other's paths. It costs
  // one cycle of answer latency, not throughput (the queue takes a request each cycle
  // while its head leaves); the engine orders complete-tx after the answers of its writes,
  // so a write waiting here is never overtaken by its command's mbarrier update.
  localparam int EQ_W = 2 + 4 + 24 + DATA_W + DB;
  logic [EQ_W-1:0] eq_head;
  logic            eq_empty, eq_full;
  logic [1:0]      eq_kind;
  logic [3:0]      eq_cta;
  logic [23:0]     eq_addr;
  logic [DATA_W-1:0] eq_wdata;
  logic [DB-1:0]   eq_wstrb;
  wire             e_go;
  assign {eq_kind, eq_cta, eq_addr, eq_wdata, eq_wstrb} = eq_head;
  assign sm_req_ready = !eq_full;

  // (its head is read only when it is not empty: e_go; so its LUT RAM is written whenever
  // a slot is free, and the engine's request valid reaches only its count and pointer)
  tce_fifo #(.WIDTH(EQ_W), .DEPTH(2), .WRITE_FREE(1'b1)) u_eng_queue (
    .clk, .rst_n, .flush(1'b0),
    .push(sm_req_valid && !eq_full), .push_data({sm_req_kind, sm_req_cta, sm_req_addr, sm_req_wdata, sm_req_wstrb}),
    .pop(e_go), .head(eq_head), .empty(eq_empty), .full(eq_full),
    /* verilator lint_off PINCONNECTEMPTY */ .count() /* verilator lint_on PINCONNECTEMPTY */
  );

  // ------------------------------------------------------------- stage 0 (request) decode
  assign h_req_ready  = !rmw_busy;
  assign mb_req_ready = !rmw_busy && !h_req_valid;
  wire h_go = h_req_valid && h_req_ready;
  wire m_go = mb_req_valid && mb_req_ready;
  assign e_go = !eq_empty && !rmw_busy && !h_req_valid && !mb_req_valid;

  wire        h_is_reg  = h_req_addr[28];
  wire [3:0]  h_cta     = h_req_addr[27:24];
  wire [23:0] h_off     = {h_req_addr[23:2], 2'b00};
  wire        h_in_range = {28'd0, h_cta} < NUM_CTAS && {8'd0, h_off} < SMEM_BYTES;
  wire        e_in_range = {28'd0, eq_cta} < NUM_CTAS && {8'd0, eq_addr} < SMEM_BYTES;
  wire        m_in_range = {28'd0, mb_req_cta} < NUM_CTAS && {8'd0, mb_req_addr} < SMEM_BYTES;
  // The engine checks mbarrier alignment before it asks; a stray one is still refused here
  // rather than read-modify-writing a word that straddles two mbarriers.
  wire        m_err     = !m_in_range || mb_req_addr[2:0] != 3'd0;
  wire        e_err     = !e_in_range || eq_kind[1];   // kinds 2 and 3 are not defined

  // Who uses the RAM ports this cycle, and how.
  logic [CW-1:0] acc_cta;
  logic [RA-1:0] acc_word;
  logic          acc_rd, acc_wr;
  logic [DB-1:0] acc_be;
  logic [DATA_W-1:0] acc_wdata;

  // mbarrier write-back (stage 2 of a complete-tx).
  logic [DATA_W-1:0] rd_sel;
  logic [63:0] mbar_old, mbar_new;
  logic mbar_ok, mbar_done;

  always_comb begin
    acc_cta = '0; acc_word = '0; acc_rd = 1'b0; acc_wr = 1'b0; acc_be = '0; acc_wdata = '0;
    if (p1_rmw) begin
      // the mbarrier word is being registered: the RAMs rest
    end else if (p2_rmw) begin
      acc_cta = p1_cta;
      acc_word = p1_word;
      acc_wr  = mbar_ok;
      // Lane decodes as compares, not a computed part-select index (which Yosys builds
      // with an adder in front of the byte enables).
      for (int l = 0; l < L64; l++) begin
        acc_be[l*8 +: 8] = {8{p1_lane64 == l[$clog2(L64)-1:0]}};
        acc_wdata[l*64 +: 64] = mbar_new;
      end
    end else if (h_go) begin
      acc_cta = h_cta[CW-1:0];
      acc_word = h_off[OB +: RA];
      acc_rd  = !h_req_write && !h_is_reg && h_in_range;
      acc_wr  = h_req_write && !h_is_reg && h_in_range;
      for (int l = 0; l < L32; l++) begin
        acc_be[l*4 +: 4] = h_off[OB-1:2] == l[$clog2(L32)-1:0] ? h_req_wstrb : 4'd0;
        acc_wdata[l*32 +: 32] = h_req_wdata;
      end
    end else if (m_go) begin   // complete-tx: read the mbarrier's word
      acc_cta   = mb_req_cta[CW-1:0];
      acc_word  = mb_req_addr[OB +: RA];
      acc_rd    = !m_err;
    end else if (e_go && !e_err) begin
      acc_cta   = eq_cta[CW-1:0];
      acc_word  = eq_addr[OB +: RA];
      acc_rd    = eq_kind == tce_op_pkg::SM_READ;
      acc_wr    = eq_kind == tce_op_pkg::SM_WRITE;
      acc_be    = eq_wstrb;
      acc_wdata = eq_wdata;
    end
  end

  // ------------------------------------------------------------- the RAMs
  // The CTAs' read words side by side (CTA c at [c*DATA_W +: DATA_W]): a flat vector
  // because Yosys 0.23 reads neither multi-dimensional packed arrays nor ports bound to
  // unpacked array elements.
  logic [NUM_CTAS*DATA_W-1:0] ram_rdata;

  for (genvar c = 0; c < NUM_CTAS; c++) begin : g_cta
    tce_fpga_sram #(.WIDTH(DATA_W), .DEPTH(DEPTH), .AW(RA)) u_ram (
      .clk,
      .we(acc_wr && acc_cta == c[CW-1:0]), .waddr(acc_word), .wbe(acc_be), .wdata(acc_wdata),
      .re(acc_rd && acc_cta == c[CW-1:0]), .raddr(acc_word), .rdata(ram_rdata[c*DATA_W +: DATA_W])
    );
  end

  always_comb begin
    rd_sel = ram_rdata[DATA_W-1:0];
    for (int c = 1; c < NUM_CTAS; c++)
      if (p1_cta == c[CW-1:0]) rd_sel = ram_rdata[c*DATA_W +: DATA_W];
  end

  // ------------------------------------------------------------- stage 1: answers
  always_comb begin
    mbar_old = rd_sel[63:0];
    for (int l = 1; l < L64; l++)
      if (p1_lane64 == l[$clog2(L64)-1:0]) mbar_old = rd_sel[l*64 +: 64];
  end

  // No request is taken while p1_rmw or p2_rmw is high, so p1_cta, p1_word, p1_lane64,
  // p1_txn and p1_mbar_off still describe the complete-tx in its write-back cycle.
  always_ff @(posedge clk) begin
    if (p1_rmw) p2_old <= mbar_old;
  end

  tce_fpga_mbar_complete u_mbar (
    .word(p2_old), .n(p1_txn), .new_word(mbar_new), .ok(mbar_ok), .phase_done(mbar_done)
  );

  assign sm_rsp_valid = p1_eng;
  assign sm_rsp_err   = p1_err;
  assign sm_rsp_rdata = rd_sel;
  assign mb_rsp_valid = p1_mb;
  assign mb_rsp_err   = p1_err;

  assign h_rsp_rdata = p1_host_reg ? p1_regdata : rd_sel[{p1_lane32, 5'd0} +: 32];
  assign h_rsp_valid = p1_host;
  assign h_rsp_err   = p1_err;

  // ------------------------------------------------------------- status registers
  logic        st_err;
  logic [3:0]  st_err_cta;
  logic [23:0] st_err_off;
  logic [31:0] st_tx_applied;
  logic [31:0] reg_rdata;

  always_comb begin
    case (h_req_addr[7:0])
      8'h00:   reg_rdata = {24'd0, st_err_cta, 3'd0, st_err};
      8'h04:   reg_rdata = {8'd0, st_err_off};
      8'h08:   reg_rdata = st_tx_applied;
      8'h0C:   reg_rdata = SMEM_BYTES;
      8'h10:   reg_rdata = {16'd0, 8'(NUM_CTAS), 8'(DB)};
      default: reg_rdata = '0;
    endcase
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      p1_eng <= 1'b0; p1_mb <= 1'b0; p1_host <= 1'b0; p1_err <= 1'b0; p1_rmw <= 1'b0; p1_host_reg <= 1'b0;
      p2_rmw <= 1'b0;
      p1_cta <= '0; p1_word <= '0; p1_lane64 <= '0; p1_lane32 <= '0; p1_txn <= '0;
      p1_regdata <= '0; p1_mbar_off <= '0;
      st_err <= 1'b0; st_err_cta <= '0; st_err_off <= '0; st_tx_applied <= '0;
    end else begin
      p1_eng  <= e_go;
      p1_mb   <= m_go;
      p1_host <= h_go;
      p1_rmw  <= m_go && !m_err;
      p2_rmw  <= p1_rmw;
      if (h_go) begin
        p1_err      <= !h_is_reg && !h_in_range;
        p1_host_reg <= h_is_reg;
        p1_regdata  <= reg_rdata;
        p1_cta      <= h_cta[CW-1:0];
        p1_lane32   <= h_off[OB-1:2];
      end else if (m_go) begin
        p1_err      <= m_err;
        p1_cta      <= mb_req_cta[CW-1:0];
        p1_word     <= mb_req_addr[OB +: RA];
        p1_lane64   <= mb_req_addr[OB-1:3];
        p1_txn      <= mb_req_tx_count;
        p1_mbar_off <= mb_req_addr;
      end else if (e_go) begin
        p1_err      <= e_err;
        p1_cta      <= eq_cta[CW-1:0];
      end
      if (p2_rmw) begin
        if (mbar_ok) st_tx_applied <= st_tx_applied + 32'd1;
        if (!mbar_ok && !st_err) begin
          st_err <= 1'b1; st_err_cta <= 4'(p1_cta); st_err_off <= p1_mbar_off;
        end
      end
      if (h_go && h_is_reg && h_req_write && h_req_addr[7:0] == 8'h00) begin
        st_err <= 1'b0; st_err_cta <= '0; st_err_off <= '0;
      end
    end
  end

  // Only the phase flip's effect on the word matters here; the flag is for waveforms.
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_mbar_done = mbar_done;
  /* verilator lint_on UNUSEDSIGNAL */
endmodule
