module seed_unit(input clk, input rst, input [7:0] a, input [7:0] b, input [3:0] wa, input we,
                 output reg [8:0] sum, output [7:0] rd, output reg [7:0] cnt);
  reg [7:0] mem [0:15];
  always @(posedge clk) if (we) mem[wa] <= a;
  assign rd = mem[b[3:0]];
  always @(posedge clk) begin
    sum <= rst ? 9'd0 : a + b + (a[0] ? b : 8'd3);
    cnt <= rst ? 8'd0 : cnt + 8'd1;
  end
endmodule
