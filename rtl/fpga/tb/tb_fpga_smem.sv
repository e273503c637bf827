// Self-checking testbench of the FPGA shared-memory side: tce_fpga_axil_req (host AXI4-
// Lite port) + tce_fpga_smem (RAMs, engine data port, mbarrier port, status page).
// Expected values are derived by hand from docs/rtl.md (engine port), docs/bulk.md (the
// mbarrier encoding and complete-tx rule) and the map in tce_fpga_smem.sv; each is written
// out as a literal next to its derivation. Prints "tb_fpga_smem: N checks passed" and
// exits 0, or stops at the first mismatch with $fatal.
// Configuration: 128-bit words, 3 CTAs (one is not a power of two), 256 bytes per CTA.
module tb_fpga_smem;
  localparam int DATA_W = 128, NUM_CTAS = 3, SMEM_BYTES = 256;
  localparam logic [1:0] RD = 2'd0, WR = 2'd1;

  logic clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;

  // engine port
  logic sm_req_valid = 1'b0, sm_req_ready, sm_rsp_valid, sm_rsp_err;
  logic [1:0] sm_req_kind = RD;
  logic [3:0] sm_req_cta = '0;
  logic [23:0] sm_req_addr = '0;
  logic [DATA_W-1:0] sm_req_wdata = '0, sm_rsp_rdata;
  logic [DATA_W/8-1:0] sm_req_wstrb = '0;
  // mbarrier port
  logic mb_req_valid = 1'b0, mb_req_ready, mb_rsp_valid, mb_rsp_err;
  logic [3:0] mb_req_cta = '0;
  logic [23:0] mb_req_addr = '0;
  logic [31:0] mb_req_tx_count = '0;
  // host AXI4-Lite
  logic awvalid = 1'b0, awready, wvalid = 1'b0, wready, bvalid, bready = 1'b0;
  logic arvalid = 1'b0, arready, rvalid, rready = 1'b0;
  logic [28:0] awaddr = '0, araddr = '0;
  logic [31:0] wdata = '0, rdata;
  logic [3:0] wstrb = '0;
  logic [1:0] bresp, rresp;
  // between the two
  logic h_req_valid, h_req_ready, h_req_write, h_rsp_valid, h_rsp_err;
  logic [28:0] h_req_addr;
  logic [31:0] h_req_wdata, h_rsp_rdata;
  logic [3:0] h_req_wstrb;

  tce_fpga_axil_req #(.AW(29)) u_host (
    .clk, .rst_n,
    .s_awvalid(awvalid), .s_awready(awready), .s_awaddr(awaddr), .s_wvalid(wvalid),
    .s_wready(wready), .s_wdata(wdata), .s_wstrb(wstrb), .s_bvalid(bvalid), .s_bready(bready),
    .s_bresp(bresp), .s_arvalid(arvalid), .s_arready(arready), .s_araddr(araddr),
    .s_rvalid(rvalid), .s_rready(rready), .s_rdata(rdata), .s_rresp(rresp),
    .req_valid(h_req_valid), .req_ready(h_req_ready), .req_write(h_req_write),
    .req_addr(h_req_addr), .req_wdata(h_req_wdata), .req_wstrb(h_req_wstrb),
    .rsp_valid(h_rsp_valid), .rsp_rdata(h_rsp_rdata), .rsp_err(h_rsp_err)
  );

  tce_fpga_smem #(.DATA_W(DATA_W), .NUM_CTAS(NUM_CTAS), .SMEM_BYTES(SMEM_BYTES)) u_smem (
    .clk, .rst_n,
    .sm_req_valid, .sm_req_ready, .sm_req_kind, .sm_req_cta, .sm_req_addr, .sm_req_wdata,
    .sm_req_wstrb, .sm_rsp_valid, .sm_rsp_rdata, .sm_rsp_err,
    .mb_req_valid, .mb_req_ready, .mb_req_cta, .mb_req_addr, .mb_req_tx_count, .mb_rsp_valid,
    .mb_rsp_err,
    .h_req_valid, .h_req_ready, .h_req_write, .h_req_addr, .h_req_wdata, .h_req_wstrb,
    .h_rsp_valid, .h_rsp_rdata, .h_rsp_err
  );

  int checks = 0;

  task automatic check(input string what, input logic [127:0] got, input logic [127:0] want);
    checks++;
    if (got !== want) $fatal(1, "tb_fpga_smem: %s: got %h, want %h", what, got, want);
  endtask

  // Responses are counted as they come so the streaming test can check order and number.
  logic [DATA_W-1:0] rsp_data [$];
  logic rsp_err [$];
  logic mb_err [$];
  always @(posedge clk) begin
    if (sm_rsp_valid) begin
      rsp_data.push_back(sm_rsp_rdata);
      rsp_err.push_back(sm_rsp_err);
    end
    if (mb_rsp_valid) mb_err.push_back(mb_rsp_err);
  end

  // One engine data-port request; waits for its answer.
  task automatic eng(input logic [1:0] kind, input int cta, input int addr,
                     input logic [DATA_W-1:0] data, input logic [15:0] strb,
                     output logic [DATA_W-1:0] rd, output logic err);
    int n0 = rsp_data.size();
    sm_req_valid <= 1'b1; sm_req_kind <= kind; sm_req_cta <= 4'(cta); sm_req_addr <= 24'(addr);
    sm_req_wdata <= data; sm_req_wstrb <= strb;
    do @(posedge clk); while (!sm_req_ready);
    sm_req_valid <= 1'b0;
    while (rsp_data.size() == n0) @(posedge clk);
    rd = rsp_data[n0];
    err = rsp_err[n0];
  endtask

  // One complete-tx on the mbarrier port; waits for its answer.
  task automatic mbar(input int cta, input int addr, input int txn, output logic err);
    int m0 = mb_err.size();
    mb_req_valid <= 1'b1; mb_req_cta <= 4'(cta); mb_req_addr <= 24'(addr);
    mb_req_tx_count <= 32'(txn);
    do @(posedge clk); while (!mb_req_ready);
    mb_req_valid <= 1'b0;
    while (mb_err.size() == m0) @(posedge clk);
    err = mb_err[m0];
  endtask

  // Rising edges from a request's acceptance to its answer, sampled at falling edges: a
  // read of CTA 0's word 0 on the data port, or (mb) a complete-tx of 0 bytes at offset 8.
  task automatic answer_edges(input bit mb, output int lat);
    @(negedge clk);
    if (mb) begin
      mb_req_valid <= 1'b1; mb_req_cta <= 4'd0; mb_req_addr <= 24'h8; mb_req_tx_count <= 32'd0;
    end else begin
      sm_req_valid <= 1'b1; sm_req_kind <= RD; sm_req_cta <= 4'd0; sm_req_addr <= 24'h0;
    end
    #1;   // ready settles: the request is taken at the next rising edge if it is high
    while (!(mb ? mb_req_ready : sm_req_ready)) begin @(negedge clk); #1; end
    @(negedge clk);
    if (mb) mb_req_valid <= 1'b0;
    else sm_req_valid <= 1'b0;
    lat = 1;
    while (!(mb ? mb_rsp_valid : sm_rsp_valid)) begin @(negedge clk); lat++; end
  endtask

  task automatic host_write(input int addr, input logic [31:0] data, input logic [3:0] strb,
                            output logic [1:0] resp);
    awvalid <= 1'b1; awaddr <= 29'(addr); wvalid <= 1'b1; wdata <= data; wstrb <= strb;
    bready <= 1'b1;
    fork
      begin do @(posedge clk); while (!awready); awvalid <= 1'b0; end
      begin do @(posedge clk); while (!wready); wvalid <= 1'b0; end
    join
    while (!bvalid) @(posedge clk);
    resp = bresp;
    @(posedge clk);
    bready <= 1'b0;
  endtask

  task automatic host_read(input int addr, output logic [31:0] data, output logic [1:0] resp);
    arvalid <= 1'b1; araddr <= 29'(addr); rready <= 1'b1;
    do @(posedge clk); while (!arready);
    arvalid <= 1'b0;
    while (!rvalid) @(posedge clk);
    data = rdata;
    resp = rresp;
    @(posedge clk);
    rready <= 1'b0;
  endtask

  localparam int STATUS = 32'h1000_0000;
  localparam logic [DATA_W-1:0] PAT = 128'h0f0e0d0c_0b0a0908_07060504_03020100;

  logic [DATA_W-1:0] rd;
  logic err;
  logic [31:0] hv;
  logic [1:0] resp;

  initial begin
    repeat (3) @(posedge clk);
    rst_n <= 1'b1;
    @(posedge clk);

    // Engine write then read: CTA 1, word 2 (byte offset 0x20).
    eng(WR, 1, 32'h20, PAT, 16'hFFFF, rd, err);
    check("write answer err", 128'(err), 128'(0));
    eng(RD, 1, 32'h20, '0, '0, rd, err);
    check("read back", rd, PAT);
    check("read err", 128'(err), 128'(0));
    // Byte strobes: only bytes 0..3 change.
    eng(WR, 1, 32'h20, {16{8'hAA}}, 16'h000F, rd, err);
    eng(RD, 1, 32'h20, '0, '0, rd, err);
    check("strobed write", rd, 128'h0f0e0d0c_0b0a0908_07060504_AAAAAAAA);
    // Host sees the same bytes: CTA 1 offset 0x24 is bytes 4..7 of that word.
    host_read((1 << 24) | 32'h24, hv, resp);
    check("host read lane 1", 128'(hv), 128'h07060504);
    check("host read resp", 128'(resp), 128'(0));
    // Host writes two bytes (strobe 0011) of CTA 2 offset 0x18 (word 1, lane 2).
    host_write((2 << 24) | 32'h18, 32'h11223344, 4'b0011, resp);
    check("host write resp", 128'(resp), 128'(0));
    eng(RD, 2, 32'h10, '0, '0, rd, err);
    check("engine sees host bytes", rd, 128'h00000000_00003344_00000000_00000000);

    // Out of range: CTA 3 of 3, offset 256 of 256, both sides.
    eng(RD, 3, 32'h0, '0, '0, rd, err);
    check("engine CTA out of range", 128'(err), 128'(1));
    eng(WR, 0, 256, PAT, 16'hFFFF, rd, err);
    check("engine offset out of range", 128'(err), 128'(1));
    host_read((3 << 24), hv, resp);
    check("host CTA out of range -> SLVERR", 128'(resp), 128'(2));
    host_write(256, 32'h1, 4'hF, resp);
    check("host offset out of range -> SLVERR", 128'(resp), 128'(2));

    // mbarrier at CTA 0 offset 8 (the upper 8 bytes of word 0), after init(1) and
    // arrive.expect_tx(100): pending 0, expected 1 ([39:20]), tx 100 ([60:40]), init [61].
    // low32 = 1 << 20 = 0x00100000; high32 = (100 << 8) | (1 << 29) = 0x20006400.
    // Offset 0..7 holds a pattern that must survive the read-modify-writes.
    host_write(32'h0, 32'hDEADBEEF, 4'hF, resp);
    host_write(32'h4, 32'hCAFEF00D, 4'hF, resp);
    host_write(32'h8, 32'h00100000, 4'hF, resp);
    host_write(32'hC, 32'h20006400, 4'hF, resp);
    mbar(0, 8, 60, err);
    check("complete-tx answer", 128'(err), 128'(0));
    // tx 100 - 60 = 40: high32 = (40 << 8) | (1 << 29) = 0x20002800, phase still 0.
    host_read(32'hC, hv, resp);
    check("tx 100-60", 128'(hv), 128'h20002800);
    mbar(0, 8, 40, err);
    // tx 0 and no pending arrival: the phase completes, parity 1, pending = expected = 1.
    host_read(32'h8, hv, resp);
    check("phase done: pending reloaded", 128'(hv), 128'h00100001);
    host_read(32'hC, hv, resp);
    check("phase done: parity 1, tx 0", 128'(hv), 128'hA0000000);
    host_read(32'h0, hv, resp);
    check("neighbour bytes 0..3 kept", 128'(hv), 128'hDEADBEEF);
    host_read(32'h4, hv, resp);
    check("neighbour bytes 4..7 kept", 128'(hv), 128'hCAFEF00D);
    // Now pending = 1, tx 0: complete-tx(5) makes tx -5 (21-bit 0x1FFFFB), no completion.
    // high32 = (1 << 31 parity) | (1 << 29) | (0x1FFFFB << 8) = 0xBFFFFB00.
    mbar(0, 8, 5, err);
    host_read(32'hC, hv, resp);
    check("negative tx-count", 128'(hv), 128'hBFFFFB00);
    host_read(STATUS + 8, hv, resp);
    check("TX_APPLIED", 128'(hv), 128'(3));

    // Undefined complete-tx: an uninitialised word (CTA 2 offset 0x20) is left as it was
    // and reported: MBAR_STATUS = 1 | (2 << 4) = 0x21, MBAR_ERR_OFF = 0x20.
    mbar(2, 32'h20, 1, err);
    check("undefined complete-tx is no range error", 128'(err), 128'(0));
    host_read((2 << 24) | 32'h24, hv, resp);
    check("uninitialised word unchanged", 128'(hv), 128'(0));
    host_read(STATUS, hv, resp);
    check("MBAR_STATUS", 128'(hv), 128'h21);
    host_read(STATUS + 4, hv, resp);
    check("MBAR_ERR_OFF", 128'(hv), 128'h20);
    host_write(STATUS, 32'h0, 4'hF, resp);
    host_read(STATUS, hv, resp);
    check("MBAR_STATUS cleared", 128'(hv), 128'h0);
    // n = 2^20 is outside [0, 2^20-1]: refused, word unchanged.
    mbar(0, 8, 1 << 20, err);
    host_read(32'hC, hv, resp);
    check("n = 2^20 leaves the word", 128'(hv), 128'hBFFFFB00);
    host_read(STATUS, hv, resp);
    check("n = 2^20 reported", 128'(hv), 128'h01);
    // A misaligned mbarrier address is refused as a range error.
    mbar(0, 12, 1, err);
    check("misaligned complete-tx", 128'(err), 128'(1));
    // Kind 2 on the data port is no request kind: refused as a range error.
    eng(2'd2, 0, 0, '0, '0, rd, err);
    check("data-port kind 2 refused", 128'(err), 128'(1));
    host_read(STATUS + 12, hv, resp);
    check("SMEM_BYTES", 128'(hv), 128'(256));
    host_read(STATUS + 16, hv, resp);
    check("GEOMETRY", 128'(hv), 128'h0310);

    // Streaming: 16 back-to-back writes to CTA 2 then 16 reads, valid held high; one
    // answer per request, in order, and one request per cycle while nothing interferes.
    begin
      int base = rsp_data.size(), cycles = 0;
      for (int i = 0; i < 32; i++) begin
        sm_req_valid <= 1'b1; sm_req_cta <= 4'd2; sm_req_addr <= 24'((i % 16) * 16);
        sm_req_kind <= i < 16 ? WR : RD; sm_req_wstrb <= 16'hFFFF;
        sm_req_wdata <= {4{32'(i * 32'h01010101)}};
        do begin @(posedge clk); cycles++; end while (!sm_req_ready);
      end
      sm_req_valid <= 1'b0;
      repeat (2) @(posedge clk);
      check("streaming answers", 128'(rsp_data.size() - base), 128'(32));
      check("one request per cycle", 128'(cycles), 128'(32));
      for (int i = 0; i < 16; i++)
        check($sformatf("streamed word %0d", i), rsp_data[base + 16 + i], {4{32'(i * 32'h01010101)}});
    end

    // A complete-tx arriving on the mbarrier port during a stream of 16 data writes: it
    // goes first (the mbarrier port has priority) and takes the RAM for its read, the
    // register of the word and its write-back, so the 16 writes take 16 + 3 cycles; every
    // request of each port is answered once. The mbarrier (CTA 0 offset 8, tx -5 from above) gets n = 3: tx -8 =
    // 21-bit 0x1FFFF8, high32 = (1 << 31) | (1 << 29) | (0x1FFFF8 << 8) = 0xBFFFF800.
    begin
      int base = rsp_data.size(), mbase = mb_err.size(), cycles = 0;
      logic terr;
      fork
        begin
          for (int i = 0; i < 16; i++) begin
            sm_req_valid <= 1'b1; sm_req_cta <= 4'd1; sm_req_addr <= 24'((i % 16) * 16);
            sm_req_kind <= WR; sm_req_wstrb <= 16'hFFFF; sm_req_wdata <= {4{32'(i)}};
            do begin @(posedge clk); cycles++; end while (!sm_req_ready);
          end
          sm_req_valid <= 1'b0;
        end
        begin
          repeat (5) @(posedge clk);
          mbar(0, 8, 3, terr);
        end
      join
      repeat (2) @(posedge clk);
      check("stream beside complete-tx: data answers", 128'(rsp_data.size() - base), 128'(16));
      check("stream beside complete-tx: mbarrier answers", 128'(mb_err.size() - mbase), 128'(1));
      check("stream beside complete-tx: answer", 128'(terr), 128'(0));
      check("stream beside complete-tx: cycles", 128'(cycles), 128'(19));
      host_read(32'hC, hv, resp);
      check("complete-tx beside the stream", 128'(hv), 128'hBFFFF800);
      host_read((1 << 24) | 32'hF4, hv, resp);
      check("last streamed word", 128'(hv), 128'(15));
    end

    // Two complete-tx on the same mbarrier back to back (valid held), with an engine read
    // of its word waiting from the first cycle: the second update must start from the
    // first's result and the read must see both. tx -8 - 1 - 2 = -11 (21-bit 0x1FFFF5):
    // high32 0xBFFFF500; low32 pending 1, expected 1 = 0x00100001; bytes 0..7 as written.
    begin
      int m0 = mb_err.size(), n0 = rsp_data.size();
      sm_req_valid <= 1'b1; sm_req_kind <= RD; sm_req_cta <= 4'd0; sm_req_addr <= 24'h0;
      mb_req_valid <= 1'b1; mb_req_cta <= 4'd0; mb_req_addr <= 24'h8; mb_req_tx_count <= 32'd1;
      do @(posedge clk); while (!mb_req_ready);
      mb_req_tx_count <= 32'd2;
      do @(posedge clk); while (!mb_req_ready);
      mb_req_valid <= 1'b0;
      do @(posedge clk); while (!sm_req_ready);
      sm_req_valid <= 1'b0;
      while (rsp_data.size() == n0) @(posedge clk);
      check("back-to-back complete-tx: answers", 128'(mb_err.size() - m0), 128'(2));
      check("back-to-back complete-tx: errors", 128'({mb_err[m0], mb_err[m0 + 1]}), 128'(0));
      check("back-to-back complete-tx: word", rsp_data[n0],
            128'hBFFFF500_00100001_CAFEF00D_DEADBEEF);
    end

    // Answer latency: a data request accepted at one rising edge is answered after the
    // second (the request queue, then the RAM read); a complete-tx after the first.
    begin
      int lat;
      answer_edges(1'b0, lat);
      check("data request: edges to its answer", 128'(lat), 128'(2));
      answer_edges(1'b1, lat);
      check("complete-tx: edges to its answer", 128'(lat), 128'(1));
      check("complete-tx of 0 bytes: answer", 128'(mb_rsp_err), 128'(0));
    end

    $display("tb_fpga_smem: %0d checks passed", checks);
    $finish;
  end

  initial begin
    #200000;
    $fatal(1, "tb_fpga_smem: timeout");
  end
endmodule
