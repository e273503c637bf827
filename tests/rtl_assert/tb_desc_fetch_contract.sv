// Drives tce_desc_fetch as the executor does (+case=legal: a fetch, a cache hit, a write
// far from the entry, another hit) or breaks one rule of its contract with the caller
// (+case=addr_change: `start` with an address that changed that cycle; write_close: a lookup
// the cycle after a write handshake; write_high: a write burst past 2^WR_AW), so CTest
// rtl-assert-planted can show that its TCE_ASSERT checks pass the first and stop the others.
module tb_desc_fetch_contract;
  localparam int DATA_W = 128, ID_W = 4;
  logic clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;

  logic start = 0, inval = 0, wr_seen = 0, arready = 0, rvalid = 0;
  logic [63:0] addr = 64'h1000, wr_addr = 0;
  logic [7:0] wr_len = 0;
  /* verilator lint_off UNUSEDSIGNAL */
  logic done, busy, hit, bus_err, arvalid, rready;
  logic [1023:0] desc;
  logic [tce_axi_pkg::ax_bits(ID_W)-1:0] axi_ar;
  /* verilator lint_on UNUSEDSIGNAL */
  // R payload {id, data, resp, last}: data the beat number, OKAY
  logic [7:0] beat = 0;
  logic last = 0;
  wire [tce_axi_pkg::r_bits(DATA_W, ID_W)-1:0] axi_r = {4'd0, 120'd0, beat, 2'b00, last};

  tce_desc_fetch #(.DATA_W(DATA_W), .ID_W(ID_W), .WR_AW(32)) u (.*);

  // A memory that answers each AR at once with its burst (AxLEN in axi_ar's low 8 bits).
  logic [7:0] left = 0;
  always @(posedge clk) begin
    if (arvalid && arready) begin left <= axi_ar[7:0]; beat <= 0; end
    else if (rvalid && rready) begin left <= left - 1; beat <= beat + 1; end
  end
  always @(negedge clk) begin
    arready = arvalid && !rvalid;
    last = rvalid && left == 0;
  end
  always @(posedge clk) begin
    if (arvalid && arready) rvalid <= 1;
    else if (rvalid && rready && last) rvalid <= 0;
  end

  // One lookup of `a` set a cycle before `start` (the contract), waiting for `done`.
  task automatic lookup(input logic [63:0] a, input bit want_hit);
    @(negedge clk);
    addr = a;
    @(negedge clk);
    start = 1;
    #1;
    if (hit != want_hit) $fatal(1, "tb_desc_fetch_contract: lookup of %h hit %0d", a, hit);
    @(negedge clk);
    start = 0;
    for (int c = 0; !done; c++) begin
      if (c > 40) $fatal(1, "tb_desc_fetch_contract: no done in 40 cycles");
      @(negedge clk);
    end
  endtask

  task automatic write(input logic [63:0] a);
    @(negedge clk);
    wr_seen = 1; wr_addr = a; wr_len = 8'd3;
    @(negedge clk);
    wr_seen = 0;
  endtask

  string c;
  initial begin
    if (!$value$plusargs("case=%s", c)) c = "legal";
    repeat (3) @(negedge clk);
    rst_n = 1;
    lookup(64'h1000, 0);   // fetched from memory
    lookup(64'h1000, 1);   // cached
    write(64'h8000);       // far from the entry: it stays
    repeat (3) @(negedge clk);
    lookup(64'h1000, 1);
    if (c == "addr_change") begin
      @(negedge clk);
      addr = 64'h2000; start = 1;
      @(negedge clk);
      start = 0;
    end else if (c == "write_close") begin
      write(64'h8000);
      start = 1;
      @(negedge clk);
      start = 0;
    end else if (c == "write_high") begin
      write(64'h1_0000_0000);
    end else if (c != "legal") begin
      $fatal(1, "tb_desc_fetch_contract: no case %s", c);
    end
    repeat (4) @(negedge clk);
    $display("tb_desc_fetch_contract: ran to the end");
    $finish;
  end
endmodule
