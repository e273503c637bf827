// Icarus Verilog top of the speed workload (tce_speed_red_tb.sv): the clock, two reset
// cycles, then +cycles=N rising edges; prints the checksum for `tce bench --sim` to compare
// with the Verilated run of the same module.
module tce_speed_red_icarus;
  logic        clk = 1'b0, rst_n = 1'b0;
  logic [63:0] cksum, beats;
  longint      cycles, n;

  tce_speed_red_tb u_tb (.clk(clk), .rst_n(rst_n), .cksum(cksum), .beats(beats));

  initial begin
    if (!$value$plusargs("cycles=%d", cycles))
      cycles = 1000;
    #1 clk = 1'b1;  // two clocks in reset, as the Verilated run
    #1 clk = 1'b0;
    #1 clk = 1'b1;
    #1 clk = 1'b0;
    rst_n = 1'b1;
    for (n = 0; n < cycles; n = n + 1) begin
      #1 clk = 1'b1;
      #1 clk = 1'b0;
    end
    $display("cycles=%0d beats=%0d cksum=%016h", cycles, beats, cksum);
    $finish;
  end
endmodule
