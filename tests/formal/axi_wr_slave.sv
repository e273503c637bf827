// A formal AXI4 write slave (tests/formal/, docs/formal.md): AWREADY and WREADY are free,
// and one B response (free BRESP, held with BVALID until BREADY) is owed for each burst
// whose AW and last W beat have both been taken. LATENCY > 0 bounds its patience for the
// engine's retirement bound: each ready within LATENCY cycles of its valid, and an owed B
// within LATENCY cycles.
module axi_wr_slave #(
    parameter int LATENCY = 0
) (
    input  logic       clk,
    input  logic       rst_n,
    input  logic       awvalid,
    output logic       awready,
    input  logic       wvalid,
    output logic       wready,
    input  logic       wlast,
    output logic       bvalid,
    input  logic       bready,
    output logic [1:0] bresp,
    input  logic       c_awready,
    input  logic       c_wready,
    input  logic       c_bvalid,
    input  logic [1:0] c_bresp
);
  // Bursts whose AW (aw_n) or last W beat (w_n) was taken and whose B has not been given.
  logic [7:0] aw_n, w_n;
  logic       held;
  logic [1:0] held_resp;
  wire owed = aw_n != 0 && w_n != 0;
  assign awready = c_awready && aw_n != 8'hFF;
  assign wready  = c_wready && w_n != 8'hFF;
  assign bvalid  = owed && (held || c_bvalid);
  assign bresp   = held ? held_resp : c_bresp;
  wire b_fire = bvalid && bready;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      aw_n <= '0; w_n <= '0; held <= 1'b0;
    end else begin
      aw_n <= aw_n + 8'(awvalid && awready) - 8'(b_fire);
      w_n  <= w_n + 8'(wvalid && wready && wlast) - 8'(b_fire);
      held <= bvalid && !bready;
      held_resp <= bresp;
    end
  end
  if (LATENCY > 0) begin : g_latency
    logic [7:0] aw_wait, w_wait, b_wait;
    always_ff @(posedge clk or negedge rst_n) begin
      if (!rst_n) begin
        aw_wait <= '0; w_wait <= '0; b_wait <= '0;
      end else begin
        aw_wait <= (awvalid && !awready) ? aw_wait + 8'd1 : 8'd0;
        w_wait  <= (wvalid && !wready) ? w_wait + 8'd1 : 8'd0;
        b_wait  <= (owed && !bvalid) ? b_wait + 8'd1 : 8'd0;
      end
    end
    always @(*) if (rst_n) begin
      if (aw_wait >= 8'(LATENCY)) assume (c_awready);
      if (w_wait >= 8'(LATENCY)) assume (c_wready);
      if (b_wait >= 8'(LATENCY)) assume (c_bvalid);
    end
  end
endmodule
