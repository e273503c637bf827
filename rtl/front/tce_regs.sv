// The engine's register block: an AXI4-Lite slave implementing firmware/regmap.def (via the
// generated tce_regs_pkg), the doorbell that turns the staged CMD[] words into one queue
// entry, error capture (the first error holds the queue until ERR_CODE is written, as the
// register map specifies), the interrupt, sequence numbers and statistics.
//
// AXI4-Lite: one transaction of each direction at a time; write address and data may
// arrive in either order. A read is answered two cycles after its address is accepted:
// the address is registered first, so the read mux starts from flip-flops (the group
// tracker's counts included), and it sees the state of the cycle after the acceptance. Only full-word writes are meaningful (WSTRB is honoured per byte
// for the CMD[] staging words and ignored elsewhere, where a partial write of a command
// register would be a software bug either way).
module tce_regs #(
    // tensor address bits of the window walk (tce_engine GADDR_W): gwin_wend's clamp
    parameter int GADDR_W     = 64,
    parameter int DATA_W      = 256,
    parameter int NUM_CTAS    = 16,
    parameter int SMEM_BYTES  = 232448, // shared memory per CTA: SMEM_SIZE's reset and limit
    parameter int QUEUE_DEPTH = 8,
    parameter int QW          = 17,     // command words 0..QW-1 decoded by the executor
    // red's operand words (from OPERAND_LO's word on) left out of the queue entry: 0, or
    // 16 in a build without reductions (tce_engine)
    parameter int QDROP       = 0
) (
    input  logic        clk,
    // asynchronous, and the statistics counters' synchronous clear (below)
    /* verilator lint_off SYNCASYNCNET */
    input  logic        rst_n,
    /* verilator lint_on SYNCASYNCNET */
    // AXI4-Lite slave
    input  logic        s_awvalid,
    output logic        s_awready,
    input  logic [11:0] s_awaddr,
    input  logic        s_wvalid,
    output logic        s_wready,
    input  logic [31:0] s_wdata,
    input  logic [3:0]  s_wstrb,
    output logic        s_bvalid,
    input  logic        s_bready,
    output logic [1:0]  s_bresp,
    input  logic        s_arvalid,
    output logic        s_arready,
    input  logic [11:0] s_araddr,
    output logic        s_rvalid,
    input  logic        s_rready,
    output logic [31:0] s_rdata,
    output logic [1:0]  s_rresp,
    output logic        irq,
    // Command queue (entry = the doorbell's word count n in the top 8 bits, then seq
    // (32 bits), then the QW-QDROP words kept, as staged: the executor zeroes words n.. as
    // it loads them)
    output logic        q_push,
    output logic [(QW-QDROP)*32+39:0] q_push_data,
    output logic        q_flush,
    input  logic [$clog2(QUEUE_DEPTH):0] q_count,
    // Executor
    output logic        run,            // CTRL.ENABLE and no error pending
    output logic        err_hold,       // an error is pending: later commands must not retire
    input  logic        exec_busy,
    input  logic [7:0]  exec_inflight,  // commands taken from the queue, not yet retired
    input  logic        retire,
    input  logic [7:0]  retire_status,
    input  logic [7:0]  retire_field,
    input  logic [3:0]  retire_cta,
    input  logic [3:0]  retire_kind,
    input  logic [15:0] retire_seq,     // low 16 bits: what ERR_INFO.SEQ keeps (regmap.def)
    input  logic [39:0] retire_rbytes,
    input  logic [39:0] retire_wbytes,
    // Group tracker
    output logic        accept,
    output logic [3:0]  accept_cta,
    output logic        accept_is_group,
    output logic [31:0] seq_issued,
    output logic [31:0] seq_done,
    output logic        group_commit,
    output logic [3:0]  group_sel,
    output logic        soft_reset,     // CTRL.SOFT_RESET written (a one-cycle pulse, from a flip-flop)
    output logic        desc_inval,     // CTRL.DESC_INVAL or SOFT_RESET written: drop the descriptor cache (likewise)
    input  logic [7:0]  grp_pending,
    input  logic [7:0]  grp_read_pending,
    input  logic [tce_regs_pkg::GROUP_OPEN_COUNT_W:0] grp_open,   // {MORE, COUNT}
    input  logic        grp_done,
    // What memory exists (CLUSTER, SMEM_SIZE, GWIN_*): the limits the executor and the
    // tensor check refuse against, each the smaller of the register and the build's
    output logic [4:0]  mem_ncta,
    output logic [24:0] mem_smem,
    output logic [8*64-1:0] gwin_base,  // window i in [64i+63:64i]
    output logic [8*65-1:0] gwin_end,   // window i's base + size in [65i+64:65i]
    output logic [7:0]      gwin_on,    // window i's size is not 0
    // window i's end clamped to 2^GADDR_W, 0 for a base at or past it (the window walk's
    // bounds: tce_window_walk), in [(GADDR_W+1)(i+1)-1:(GADDR_W+1)i]
    output logic [8*(GADDR_W+1)-1:0] gwin_wend,
    // each write of gwin_wend, with the window's base beside it: {base[GADDR_W-1:0], clamped
    // end} for window gwin_wr_i (tce_window_walk keeps them in LUT RAM, read one at a time)
    output logic        gwin_wr,
    output logic [2:0]  gwin_wr_i,
    output logic [2*GADDR_W:0] gwin_wr_bend,
    output logic        mem_wr          // one of those is written: they change at the next edge
);
  localparam int QA = $clog2(QUEUE_DEPTH);
  localparam int CW = tce_regs_pkg::CMD_WORDS;
  localparam int CIW = $clog2(CW);   // bits of a CMD[] word index
  localparam int QE = QW - QDROP;                          // words per queue entry
  localparam int OPW = tce_regs_pkg::CMDF_OPERAND_LO_WORD;  // the first dropped word
  localparam int EIW = $clog2(QE);                          // bits of an entry word index

  // ---------------------------------------------------------------- AXI4-Lite handshakes
  logic        aw_held, w_held;
  logic [11:0] aw_addr;
  // gwin_row_set of the window the held AW addresses, looked up as the AW is taken (writes
  // come one at a time, so it holds until that write): not in the write's adder path
  logic        aw_row_set;
  logic [31:0] w_data;
  logic [3:0]  w_strb;
  assign s_awready = !aw_held && !s_bvalid;
  assign s_wready  = !w_held && !s_bvalid;
  assign s_bresp   = 2'b00;
  assign s_rresp   = 2'b00;
  logic        rd_pend;   // a read address is held in ra; its data is latched next
  logic [11:0] ra;
  assign s_arready = !s_rvalid && !rd_pend;

  wire do_write = aw_held && w_held && !s_bvalid;
  wire [11:0] wa = aw_addr;

  // ---------------------------------------------------------------- registers
  logic        ctrl_enable, ctrl_irq_en;
  logic [7:0]  err_code;
  logic        err_overflow, err_badlen;
  logic [31:0] err_info;
  logic [3:0]  irq_status;   // {IDLE, GROUP, DONE, ERR}
  // CMD[]: the words a queue entry keeps (QE of them) in flip-flops, as the doorbell pushes
  // them all in one cycle; every staged word also in a LUT RAM that only read-back reads
  // (written one word at a time, so no flip-flops and no CW:1 read mux per bit for the
  // words the entry drops). A RAM has no reset: cmd_set marks the words written since
  // reset, the others read as 0, and a word's first write clears the bytes WSTRB leaves
  // out, as the reset value of a flip-flop word would.
  logic [31:0] cmd_q [QE];
  logic [31:0] cmd_ram [CW];
  logic [CW-1:0] cmd_set;
  // GWIN_*: the executor reads the windows in flip-flops (gwin_base, gwin_end, gwin_on); their
  // read-back comes from a mirror in LUT RAM (32 words, wa[6:2]) instead of a 32:1 mux
  // per bit, valid bits as for CMD[].
  logic [31:0] gwin_ram [32];
  logic [31:0] gwin_set;
  // Each window's end is formed once, as a half of it is written (one adder for the eight,
  // on the written window's new base and size), so the executor's eight range checks and
  // the window walk's clamps compare with registers instead of adding base and size each.
  // The written window's other halves come from a row per window in LUT RAM, read and
  // written back whole at wa[4:2] (one port), rather than an 8:1 select of flip-flops.
  // A row is valid once written (gwin_row_set): its first write stores the halves not yet
  // written as 0, so no per-half valid bits are needed.
  logic [127:0] gwin_row [8];   // {SIZE_HI, SIZE_LO, BASE_HI, BASE_LO}
  logic [7:0] gwin_row_set;
  logic [127:0] nw_row;            // the written window's row after this write
  logic [63:0] nw_base, nw_size;
  logic [64:0] nw_end;
  // The clamped end is formed a cycle after the write, from the written end registered
  // (not behind the adder in the same cycle), as the window walk's own clamp was.
  logic        wend_wr, wend_past;   // a window was written; its base is at or past 2^GADDR_W
  logic [2:0]  wend_wi;
  logic [64:0] wend_end;
  logic [GADDR_W-1:0] wend_base;     // the written base's low bits, for gwin_wr_bend
  logic [GADDR_W:0] nw_wend;
  logic [63:0] stat_cycles, stat_rbytes, stat_wbytes;
  logic [31:0] stat_ok, stat_err;
  logic [31:0] hi_cycles, hi_rbytes, hi_wbytes;   // _HI words latched by _LO reads
  logic        busy_q;
  logic [4:0]  cluster_ncta;
  logic [31:0] smem_size;

  wire err_pending = (err_code != 0) || err_overflow || err_badlen;
  assign run = ctrl_enable && !err_pending && !soft_reset;
  // Commands already taken when an error is recorded (overlapped loads) retire only once
  // software has read and cleared it, so each error is recorded for its own command.
  assign err_hold = err_pending;
  assign irq = ctrl_irq_en && (irq_status != 0);
  wire busy = (q_count != 0) || exec_busy;

  // Register offsets are 32-bit package constants; the window is 12 bits wide, so each
  // address compare reads the offset's low 12 bits. (Not a function: a Verilated model
  // zeroes a function's argument and result temporaries on every evaluation, two stores
  // per call and 31 calls, most of them in the read mux of the input pass, every cycle.)

  // Write decode (one-cycle pulses).
  wire wr_ctrl     = do_write && (wa == tce_regs_pkg::REG_CTRL_OFF[11:0]);
  wire wr_err_code = do_write && (wa == tce_regs_pkg::REG_ERR_CODE_OFF[11:0]);
  wire wr_irq      = do_write && (wa == tce_regs_pkg::REG_IRQ_STATUS_OFF[11:0]);
  wire wr_doorbell = do_write && (wa == tce_regs_pkg::REG_DOORBELL_OFF[11:0]);
  wire wr_grp_sel  = do_write && (wa == tce_regs_pkg::REG_GROUP_SEL_OFF[11:0]);
  wire wr_commit   = do_write && (wa == tce_regs_pkg::REG_GROUP_COMMIT_OFF[11:0]);
  wire wr_cluster  = do_write && (wa == tce_regs_pkg::REG_CLUSTER_OFF[11:0]);
  wire wr_smem     = do_write && (wa == tce_regs_pkg::REG_SMEM_SIZE_OFF[11:0]);
  // GWIN_BASE_LO, _BASE_HI, _SIZE_LO, _SIZE_HI: four blocks of eight words from 0x200, so
  // wa[6:5] is the block and wa[4:2] the window.
  wire wr_gwin     = do_write && (wa[11:7] == tce_regs_pkg::REG_GWIN_BASE_LO_OFF[11:7]);
  // Byte offset into CMD[]: CMD[] starts on a 256-byte boundary and ends inside it (checked
  // below), so it is the address's low byte, no subtraction. Its low two bits are the byte
  // within a word, which a 32-bit register access does not use.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [7:0] cmd_rel = wa[7:0];
  /* verilator lint_on UNUSEDSIGNAL */
  wire wr_cmd = do_write && wa[11:8] == tce_regs_pkg::REG_CMD_OFF[11:8] && cmd_rel[7:2] < CW[5:0];

  assign mem_wr = wr_cluster || wr_smem || wr_gwin;
  // The two CTRL pulses that reach other units (the queue, the executor, every soft-reset
  // clear, the descriptor cache's lookup) come from flip-flops set a cycle ahead from the
  // next cycle's write, so that a write's handshake and address decode do not run on into
  // those units: from s_bvalid through the decode, the cache's hit and the executor into
  // the descriptor fetch, that was the whole lite's deepest path (14 LUT levels). They are
  // exactly `wr_ctrl && bit` of their own cycle (asserted below). A write happens in the
  // next cycle when AW and W are both held then (held now, or taken now) and no B is left
  // waiting (a write now leaves one, and one not taken now stays).
  logic       sreset_q, dinval_q;
  wire        aw_take = s_awvalid && s_awready;
  wire        w_take  = s_wvalid && s_wready;
  wire        wr_next = !do_write && (aw_held || aw_take) && (w_held || w_take) && !(s_bvalid && !s_bready);
  wire [11:0] wa_next = aw_take ? s_awaddr : aw_addr;
  wire [31:0] wd_next = w_take ? s_wdata : w_data;
  wire        ctrl_next = wr_next && wa_next == tce_regs_pkg::REG_CTRL_OFF[11:0];
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      sreset_q <= 1'b0; dinval_q <= 1'b0;
    end else begin
      sreset_q <= ctrl_next && wd_next[tce_regs_pkg::CTRL_SOFT_RESET_LSB];
      dinval_q <= ctrl_next && (wd_next[tce_regs_pkg::CTRL_DESC_INVAL_LSB] || wd_next[tce_regs_pkg::CTRL_SOFT_RESET_LSB]);
    end
  end
  assign soft_reset = sreset_q;
  assign desc_inval = dinval_q;
  assign group_commit = wr_commit;

  // Doorbell: n in 1..CMD_WORDS and a free slot, else an error flag and the command is dropped.
  wire [31:0] db_n = w_data;
  wire db_badlen   = wr_doorbell && (db_n == 0 || db_n > CW);
  wire db_overflow = wr_doorbell && !db_badlen && (q_count == QUEUE_DEPTH[QA:0]);
  assign q_push = wr_doorbell && !db_badlen && !db_overflow;
  assign q_flush = soft_reset;
  // The entry carries the staged words as they are, with n beside them; the executor
  // zeroes words n..CMD_WORDS-1 (regmap.def: they read as 0) when it loads the entry, as a
  // synchronous clear of its command register. Masking them here cost a LUT per command
  // bit (about 1,500 at 49 words) in front of the queue.
  always_comb begin
    // entry word e: command word e below the dropped operand words, e + QDROP above them
    for (int e = 0; e < QE; e++) q_push_data[e*32 +: 32] = cmd_q[e];
    q_push_data[QE*32 +: 32] = seq_issued + 32'd1;
    q_push_data[QE*32+32 +: 8] = db_n[7:0];
  end
  // The entry word a CMD[] write lands in: command word wi below the dropped operand words,
  // wi - QDROP above them; none for a dropped word or one past the entry.
  wire [CIW-1:0] cmd_wi   = cmd_rel[CIW+1:2];
  wire           cmd_kept = (32'(cmd_wi) < OPW) ||
                            (32'(cmd_wi) >= OPW + QDROP && 32'(cmd_wi) < QE + QDROP);
  wire [EIW-1:0] cmd_e    = EIW'((32'(cmd_wi) < OPW) ? 32'(cmd_wi) : 32'(cmd_wi) - QDROP);
  // Word 0 of the staged command: the group tracker needs its CTA and completion fields.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [31:0] w0 = cmd_q[0];
  /* verilator lint_on UNUSEDSIGNAL */
  assign accept = q_push;
  assign accept_cta = w0[tce_regs_pkg::CMDF_CTA_LSB +: 4];
  assign accept_is_group = (db_n >= 1) &&
      (w0[tce_regs_pkg::CMDF_COMPLETION_LSB +: 2] == tce_op_pkg::DONE_BULK_GROUP);

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      aw_held <= 1'b0; w_held <= 1'b0; s_bvalid <= 1'b0;
      aw_addr <= '0; w_data <= '0; w_strb <= '0; aw_row_set <= 1'b0;
      ctrl_enable <= 1'b0; ctrl_irq_en <= 1'b0;
      err_code <= '0; err_overflow <= 1'b0; err_badlen <= 1'b0; err_info <= '0;
      irq_status <= '0; group_sel <= '0;
      seq_issued <= '0; seq_done <= '0;
      busy_q <= 1'b0;
      for (int e = 0; e < QE; e++) cmd_q[e] <= '0;
      cmd_set <= '0; gwin_set <= '0; gwin_row_set <= '0;
      cluster_ncta <= 5'(NUM_CTAS); smem_size <= 32'(SMEM_BYTES);
      gwin_base <= '0; gwin_end <= '0; gwin_on <= '0; gwin_wend <= '0;
      wend_wr <= 1'b0; wend_past <= 1'b0; wend_wi <= '0; wend_end <= '0; wend_base <= '0;
    end else begin
      if (s_awvalid && s_awready) begin
        aw_held <= 1'b1; aw_addr <= s_awaddr; aw_row_set <= gwin_row_set[s_awaddr[4:2]];
      end
      if (s_wvalid && s_wready) begin w_held <= 1'b1; w_data <= s_wdata; w_strb <= s_wstrb; end
      if (do_write) begin aw_held <= 1'b0; w_held <= 1'b0; s_bvalid <= 1'b1; end
      if (s_bvalid && s_bready) s_bvalid <= 1'b0;

      if (wr_ctrl) begin
        ctrl_enable <= w_data[tce_regs_pkg::CTRL_ENABLE_LSB];
        ctrl_irq_en <= w_data[tce_regs_pkg::CTRL_IRQ_EN_LSB];
      end
      if (wr_grp_sel) group_sel <= w_data[3:0];
      if (wr_cluster) cluster_ncta <= w_data[tce_regs_pkg::CLUSTER_NCTA_LSB +: tce_regs_pkg::CLUSTER_NCTA_W];
      if (wr_smem) smem_size <= w_data;
      // One constant part-select per window and half: an indexed part-select
      // (gwin_base[{wa[4:2], 6'd0} +: 32]) is built by Yosys as a shifter over all 512 bits.
      for (int i = 0; i < 8; i++)
        if (wr_gwin && wa[4:2] == 3'(i)) begin
          gwin_base[i*64 +: 64] <= nw_base;
          gwin_end[i*65 +: 65] <= nw_end;
          gwin_on[i] <= nw_size != 64'd0;
        end
      // entry word e holds command word e below the dropped operand words, e + QDROP above
      // (one indexed write, not a compare per entry word: the simulator then tests four
      // pending byte writes a cycle, not four per word)
      if (wr_cmd && cmd_kept)
        for (int b = 0; b < 4; b++)
          if (w_strb[b]) cmd_q[cmd_e][b*8 +: 8] <= w_data[b*8 +: 8];
      if (wr_cmd) cmd_set[cmd_rel[CIW+1:2]] <= 1'b1;
      wend_wr <= wr_gwin;
      wend_wi <= wa[4:2];
      wend_past <= (128'(nw_base) >> GADDR_W) != '0;
      wend_end <= nw_end;
      wend_base <= nw_base[GADDR_W-1:0];
      for (int i = 0; i < 8; i++)
        if (wend_wr && wend_wi == 3'(i)) gwin_wend[i*(GADDR_W+1) +: GADDR_W+1] <= nw_wend;
      if (wr_gwin) begin
        gwin_set[wa[6:2]] <= 1'b1;
        gwin_row_set[wa[4:2]] <= 1'b1;
      end
      if (q_push) seq_issued <= seq_issued + 32'd1;

      // Errors: the first one is kept; a later one while it is pending is not recorded
      // (the queue is held, so only doorbell flags can arrive meanwhile).
      if (retire) begin
        seq_done <= seq_done + 32'd1;
        if (retire_status != 0 && !err_pending) begin
          err_code <= retire_status;
          err_info <= {retire_kind, retire_cta, retire_field, retire_seq};
        end
      end
      if (db_badlen) err_badlen <= 1'b1;
      if (db_overflow) err_overflow <= 1'b1;
      if (wr_err_code) begin
        err_code <= '0; err_overflow <= 1'b0; err_badlen <= 1'b0; err_info <= '0;
      end

      // Interrupt causes: set by events, cleared by writing 1 (W1C).
      begin
        logic [3:0] set;
        set = {busy_q && !busy, grp_done, retire, (retire && retire_status != 0) || db_badlen || db_overflow};
        irq_status <= (irq_status & ~(wr_irq ? w_data[3:0] : 4'd0)) | set;
      end
      busy_q <= busy;

      if (soft_reset) begin
        // Dropped commands count as retired, and one retiring now (exec_inflight counts it)
        seq_done <= seq_issued - {24'd0, exec_inflight} + {31'd0, retire};
        err_code <= '0; err_overflow <= 1'b0; err_badlen <= 1'b0; err_info <= '0;
        irq_status <= '0;
      end
    end
  end

  // The statistics counters clear at a clock edge, in reset or on CTRL.SOFT_RESET: a
  // flip-flop with an asynchronous reset has no synchronous clear, so the soft reset took a
  // LUT per counter bit behind its adder (256 of them); rst_n spans clock edges (docs/rtl.md).
  always_ff @(posedge clk) begin
    if (!rst_n || soft_reset) begin
      stat_cycles <= '0; stat_rbytes <= '0; stat_wbytes <= '0; stat_ok <= '0; stat_err <= '0;
    end else begin
      if (retire) begin
        if (retire_status != 0) stat_err <= stat_err + 32'd1;
        else stat_ok <= stat_ok + 32'd1;
        // A failed command counts no bytes, as in the golden model (its result carries none).
        if (retire_status == 0) begin
          stat_rbytes <= stat_rbytes + {24'd0, retire_rbytes};
          stat_wbytes <= stat_wbytes + {24'd0, retire_wbytes};
        end
      end
      if (ctrl_enable) stat_cycles <= stat_cycles + 64'd1;
    end
  end

  // The written window's row (wa[4:2]) with the written half (wa[6:5]: BASE_LO, BASE_HI,
  // SIZE_LO, SIZE_HI) replaced; a row never written reads as 0.
  always_comb begin
    nw_row = aw_row_set ? gwin_row[wa[4:2]] : 128'd0;
    case (wa[6:5])
      2'd0: nw_row[31:0] = w_data;
      2'd1: nw_row[63:32] = w_data;
      2'd2: nw_row[95:64] = w_data;
      default: nw_row[127:96] = w_data;
    endcase
    nw_base = nw_row[63:0];
    nw_size = nw_row[127:64];
    nw_end = {1'b0, nw_base} + {1'b0, nw_size};
    if (wend_past) nw_wend = '0;
    else if ((128'(wend_end) >> GADDR_W) != '0) nw_wend = (GADDR_W+1)'(1) << GADDR_W;
    else nw_wend = wend_end[GADDR_W:0];
  end

  assign gwin_wr = wend_wr;
  assign gwin_wr_i = wend_wi;
  assign gwin_wr_bend = {wend_base, nw_wend};

  // The read-back mirrors (no reset: see cmd_set, gwin_set).
  always_ff @(posedge clk) begin
    if (wr_cmd)
      for (int b = 0; b < 4; b++)
        if (w_strb[b] || !cmd_set[cmd_rel[CIW+1:2]])
          cmd_ram[cmd_rel[CIW+1:2]][b*8 +: 8] <= w_strb[b] ? w_data[b*8 +: 8] : 8'd0;
    if (wr_gwin) begin
      gwin_ram[wa[6:2]] <= w_data;
      gwin_row[wa[4:2]] <= nw_row;
    end
  end

  assign mem_ncta = (32'(cluster_ncta) < NUM_CTAS) ? cluster_ncta : 5'(NUM_CTAS);
  assign mem_smem = (smem_size < 32'(SMEM_BYTES)) ? smem_size[24:0] : 25'(SMEM_BYTES);

  // ---------------------------------------------------------------- reads
  // The read data mux: computed only while a read is held (the always_ff below latches it
  // then), not every cycle (docs/sim_speed.md).
  logic [31:0] rd;
  // As cmd_rel: the byte-within-word bits are not used.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [7:0] rcmd = ra[7:0];
  /* verilator lint_on UNUSEDSIGNAL */
  // The registers below 0x100 are one case on the word index ra[7:2] (a mux on six address
  // bits, 0 where no register is) rather than a chain of 12-bit compares; the offsets come
  // from tce_regs_pkg, and a generate check below keeps them under 0x100.
  wire r_low = ra[11:8] == 4'd0 && ra[1:0] == 2'd0;
  always_comb begin
    rd = 32'd0;
    if (!rd_pend) rd = 32'd0;
    else if (r_low) begin
      case (ra[7:2])
        tce_regs_pkg::REG_ID_OFF[7:2]: rd = tce_regs_pkg::ID_VALUE;
        tce_regs_pkg::REG_VERSION_OFF[7:2]:
          rd = (tce_regs_pkg::VERSION_MAJOR << tce_regs_pkg::VERSION_MAJOR_LSB) |
               (tce_regs_pkg::VERSION_MINOR << tce_regs_pkg::VERSION_MINOR_LSB);
        tce_regs_pkg::REG_CAPS_OFF[7:2]:
          // The real build values, not the map's defaults: software sizes itself from these.
          rd = ((DATA_W / 8) << tce_regs_pkg::CAPS_DATA_BYTES_LSB) |
               (NUM_CTAS << tce_regs_pkg::CAPS_NCTA_LSB) |
               (QUEUE_DEPTH << tce_regs_pkg::CAPS_QUEUE_DEPTH_LSB) |
               (CW << tce_regs_pkg::CAPS_CMD_WORDS_LSB);
        tce_regs_pkg::REG_CTRL_OFF[7:2]:
          rd = ({31'd0, ctrl_enable} << tce_regs_pkg::CTRL_ENABLE_LSB) |
               ({31'd0, ctrl_irq_en} << tce_regs_pkg::CTRL_IRQ_EN_LSB);
        tce_regs_pkg::REG_STATUS_OFF[7:2]:
          rd = ({31'd0, busy} << tce_regs_pkg::STATUS_BUSY_LSB) |
               ({31'd0, err_pending} << tce_regs_pkg::STATUS_ERR_LSB) |
               ({{(31-QA){1'b0}}, QUEUE_DEPTH[QA:0] - q_count} << tce_regs_pkg::STATUS_QUEUE_FREE_LSB) |
               ({{(31-QA){1'b0}}, q_count} << tce_regs_pkg::STATUS_QUEUED_LSB);
        tce_regs_pkg::REG_ERR_CODE_OFF[7:2]:
          rd = ({24'd0, err_code} << tce_regs_pkg::ERR_CODE_CODE_LSB) |
               ({31'd0, err_overflow} << tce_regs_pkg::ERR_CODE_OVERFLOW_LSB) |
               ({31'd0, err_badlen} << tce_regs_pkg::ERR_CODE_BADLEN_LSB);
        tce_regs_pkg::REG_ERR_INFO_OFF[7:2]: rd = err_info;
        tce_regs_pkg::REG_IRQ_STATUS_OFF[7:2]: rd = {28'd0, irq_status};
        tce_regs_pkg::REG_SEQ_ISSUED_OFF[7:2]: rd = seq_issued;
        tce_regs_pkg::REG_SEQ_DONE_OFF[7:2]: rd = seq_done;
        tce_regs_pkg::REG_GROUP_SEL_OFF[7:2]: rd = {28'd0, group_sel};
        tce_regs_pkg::REG_CLUSTER_OFF[7:2]: rd = {27'd0, cluster_ncta};
        tce_regs_pkg::REG_SMEM_SIZE_OFF[7:2]: rd = smem_size;
        tce_regs_pkg::REG_GROUP_PENDING_OFF[7:2]: rd = {24'd0, grp_pending};
        tce_regs_pkg::REG_GROUP_READ_PENDING_OFF[7:2]: rd = {24'd0, grp_read_pending};
        tce_regs_pkg::REG_GROUP_OPEN_OFF[7:2]:
          rd = (32'(grp_open[tce_regs_pkg::GROUP_OPEN_COUNT_W-1:0]) << tce_regs_pkg::GROUP_OPEN_COUNT_LSB) |
               (32'(grp_open[tce_regs_pkg::GROUP_OPEN_COUNT_W]) << tce_regs_pkg::GROUP_OPEN_MORE_LSB);
        tce_regs_pkg::REG_STAT_CYCLES_LO_OFF[7:2]: rd = stat_cycles[31:0];
        tce_regs_pkg::REG_STAT_RBYTES_LO_OFF[7:2]: rd = stat_rbytes[31:0];
        tce_regs_pkg::REG_STAT_WBYTES_LO_OFF[7:2]: rd = stat_wbytes[31:0];
        tce_regs_pkg::REG_STAT_CYCLES_HI_OFF[7:2]: rd = hi_cycles;
        tce_regs_pkg::REG_STAT_RBYTES_HI_OFF[7:2]: rd = hi_rbytes;
        tce_regs_pkg::REG_STAT_WBYTES_HI_OFF[7:2]: rd = hi_wbytes;
        tce_regs_pkg::REG_STAT_CMDS_OK_OFF[7:2]: rd = stat_ok;
        tce_regs_pkg::REG_STAT_CMDS_ERR_OFF[7:2]: rd = stat_err;
        default: rd = 32'd0;
      endcase
    end
    else if (ra[11:7] == tce_regs_pkg::REG_GWIN_BASE_LO_OFF[11:7])
      rd = gwin_set[ra[6:2]] ? gwin_ram[ra[6:2]] : 32'd0;
    else if (ra[11:8] == tce_regs_pkg::REG_CMD_OFF[11:8] && rcmd[7:2] < CW[5:0]) rd = cmd_set[rcmd[CIW+1:2]] ? cmd_ram[rcmd[CIW+1:2]] : 32'd0;
  end
  // The case above reads the offsets' bits 7..2 only: every scalar register must lie below
  // 0x100, and GWIN_* and CMD[] at or above it; CMD[] within one 256-byte block (cmd_rel).
  if (((tce_regs_pkg::REG_ID_OFF | tce_regs_pkg::REG_VERSION_OFF | tce_regs_pkg::REG_CAPS_OFF |
        tce_regs_pkg::REG_CTRL_OFF | tce_regs_pkg::REG_STATUS_OFF | tce_regs_pkg::REG_ERR_CODE_OFF |
        tce_regs_pkg::REG_ERR_INFO_OFF | tce_regs_pkg::REG_IRQ_STATUS_OFF | tce_regs_pkg::REG_SEQ_ISSUED_OFF |
        tce_regs_pkg::REG_SEQ_DONE_OFF | tce_regs_pkg::REG_GROUP_SEL_OFF | tce_regs_pkg::REG_CLUSTER_OFF |
        tce_regs_pkg::REG_SMEM_SIZE_OFF | tce_regs_pkg::REG_GROUP_PENDING_OFF | tce_regs_pkg::REG_GROUP_READ_PENDING_OFF |
        tce_regs_pkg::REG_GROUP_OPEN_OFF | tce_regs_pkg::REG_STAT_CYCLES_LO_OFF | tce_regs_pkg::REG_STAT_RBYTES_LO_OFF |
        tce_regs_pkg::REG_STAT_WBYTES_LO_OFF | tce_regs_pkg::REG_STAT_CYCLES_HI_OFF | tce_regs_pkg::REG_STAT_RBYTES_HI_OFF |
        tce_regs_pkg::REG_STAT_WBYTES_HI_OFF | tce_regs_pkg::REG_STAT_CMDS_OK_OFF | tce_regs_pkg::REG_STAT_CMDS_ERR_OFF) >> 8) != 0 ||
      tce_regs_pkg::REG_GWIN_BASE_LO_OFF < 32'h100 || tce_regs_pkg::REG_CMD_OFF < 32'h100 ||
      tce_regs_pkg::REG_CMD_OFF % 256 != 0 || CW > 64)
  begin : g_bad_map
    $error("tce_regs: a scalar register at or past 0x100, GWIN_*/CMD[] below it, or CMD[] off a 256-byte block");
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      s_rvalid <= 1'b0; s_rdata <= '0; hi_cycles <= '0; hi_rbytes <= '0; hi_wbytes <= '0;
      rd_pend <= 1'b0; ra <= '0;
    end else begin
      if (s_arvalid && s_arready) begin
        rd_pend <= 1'b1;
        ra <= s_araddr;
      end
      if (rd_pend) begin
        rd_pend <= 1'b0;
        s_rvalid <= 1'b1;
        s_rdata  <= rd;
        // Reading a _LO word latches its _HI word, so the 64-bit pair is consistent.
        if ((ra == tce_regs_pkg::REG_STAT_CYCLES_LO_OFF[11:0])) hi_cycles <= stat_cycles[63:32];
        if ((ra == tce_regs_pkg::REG_STAT_RBYTES_LO_OFF[11:0])) hi_rbytes <= stat_rbytes[63:32];
        if ((ra == tce_regs_pkg::REG_STAT_WBYTES_LO_OFF[11:0])) hi_wbytes <= stat_wbytes[63:32];
      end else if (s_rvalid && s_rready) begin
        s_rvalid <= 1'b0;
      end
    end
  end
`ifdef TCE_ASSERT
  // The CTRL pulses formed a cycle ahead are the write's own (see sreset_q).
  always_ff @(posedge clk)
    if (rst_n) begin
      assert (soft_reset == (wr_ctrl && w_data[tce_regs_pkg::CTRL_SOFT_RESET_LSB]))
        else $error("tce_regs: soft_reset formed ahead disagrees with the CTRL write");
      assert (desc_inval == (wr_ctrl && (w_data[tce_regs_pkg::CTRL_DESC_INVAL_LSB] ||
                                         w_data[tce_regs_pkg::CTRL_SOFT_RESET_LSB])))
        else $error("tce_regs: desc_inval formed ahead disagrees with the CTRL write");
    end
`endif
endmodule
