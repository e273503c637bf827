// Drives tce_regs's AXI4-Lite slave with CTRL writes in the timings that decide when its
// SOFT_RESET and DESC_INVAL pulses, formed a cycle ahead of the write, may fire: AW and W in
// one cycle, W before AW, and a CTRL write right after one to another register. The
// unit's TCE_ASSERT checks compare each pulse with the write of its own cycle; CTest
// rtl-assert-planted runs this bench on the unit as written (it must run to its end) and on
// copies with a planted bug in the look-ahead (each must stop with the check's message).
module tb_regs_ahead;
  logic clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;

  logic        s_awvalid = 0, s_wvalid = 0, s_bready = 1, s_arvalid = 0, s_rready = 1;
  logic [11:0] s_awaddr = 0, s_araddr = 0;
  logic [31:0] s_wdata = 0;
  logic [3:0]  s_wstrb = 0;
  /* verilator lint_off UNUSEDSIGNAL */
  logic s_awready, s_wready, s_bvalid, s_arready, s_rvalid, irq, q_push, q_flush, run, err_hold;
  logic accept, accept_is_group, group_commit, soft_reset, desc_inval, gwin_wr, mem_wr;
  logic [1:0] s_bresp, s_rresp;
  logic [31:0] s_rdata, seq_issued, seq_done;
  logic [17*32+39:0] q_push_data;
  logic [3:0] accept_cta, group_sel;
  logic [4:0] mem_ncta;
  logic [24:0] mem_smem;
  logic [8*64-1:0] gwin_base;
  logic [8*65-1:0] gwin_end;
  logic [7:0] gwin_on;
  logic [8*33-1:0] gwin_wend;
  logic [2:0] gwin_wr_i;
  logic [64:0] gwin_wr_bend;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [1:0] q_count = '0;
  logic exec_busy = 0, retire = 0, grp_done = 0;
  logic [7:0] exec_inflight = 0, retire_status = 0, retire_field = 0, grp_pending = 0;
  logic [7:0] grp_read_pending = 0;
  logic [3:0] retire_cta = 0, retire_kind = 0;
  logic [15:0] retire_seq = 0;
  logic [39:0] retire_rbytes = 0, retire_wbytes = 0;
  logic [tce_regs_pkg::GROUP_OPEN_COUNT_W:0] grp_open = '0;

  tce_regs #(.GADDR_W(32), .DATA_W(128), .NUM_CTAS(2), .SMEM_BYTES(16384), .QUEUE_DEPTH(2),
             .QW(17), .QDROP(0)) u (.*);

  localparam logic [11:0] CTRL = tce_regs_pkg::REG_CTRL_OFF[11:0];
  localparam logic [11:0] IRQ = tce_regs_pkg::REG_IRQ_STATUS_OFF[11:0];
  localparam logic [31:0] ENABLE = 32'(1) << tce_regs_pkg::CTRL_ENABLE_LSB;
  localparam logic [31:0] SRESET = 32'(1) << tce_regs_pkg::CTRL_SOFT_RESET_LSB;
  localparam logic [31:0] DINVAL = 32'(1) << tce_regs_pkg::CTRL_DESC_INVAL_LSB;

  int pulses = 0;   // soft_reset and desc_inval pulses seen: the bench must make both
  always @(posedge clk) if (soft_reset || desc_inval) pulses <= pulses + 1;

  // One register write: W presented w_lead cycles before AW (0: together). Inputs change on
  // the falling edge; a channel is dropped after the rising edge that took it.
  task automatic wr(input logic [11:0] a, input logic [31:0] d, input int w_lead);
    bit aw_done = 0, w_done = 0;
    @(negedge clk);
    s_wvalid = 1; s_wdata = d; s_wstrb = 4'hF;
    for (int c = 0; !(aw_done && w_done); c++) begin
      if (c >= w_lead && !aw_done) begin s_awvalid = 1; s_awaddr = a; end
      #1;
      if (s_awvalid && s_awready) aw_done = 1;
      if (s_wvalid && s_wready) w_done = 1;
      @(negedge clk);
      if (aw_done) s_awvalid = 0;
      if (w_done) s_wvalid = 0;
      if (c > 40) $fatal(1, "tb_regs_ahead: write of 0x%0h not taken in 40 cycles", a);
    end
  endtask

  initial begin
    repeat (3) @(negedge clk);
    rst_n = 1;
    wr(CTRL, ENABLE, 0);              // AW and W together
    wr(CTRL, ENABLE | DINVAL, 0);     // pulse 1: its bit is in the W taken that cycle
    wr(CTRL, ENABLE, 2);              // W two cycles ahead of AW, held
    wr(IRQ, 32'd0, 0);                // another register (IRQ_STATUS, write-1-to-clear)
    wr(CTRL, SRESET, 0);              // pulse 2: its address is in the AW taken that cycle
    wr(CTRL, DINVAL, 3);              // pulse 3: W three cycles ahead, held
    repeat (8) @(negedge clk);
    if (pulses != 3) $fatal(1, "tb_regs_ahead: %0d CTRL pulses, not the 3 written", pulses);
    $display("tb_regs_ahead: ran to the end");
    $finish;
  end
endmodule
