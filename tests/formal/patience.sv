// A bound on how long a formal environment may keep the unit waiting (tests/formal/,
// docs/formal.md): once `waiting` has held for LATENCY cycles in a row, the solver's
// `act` (the ready or response it would give) is assumed in that cycle. LATENCY 0: no bound.
module patience #(
    parameter int LATENCY = 2
) (
    input logic clk,
    input logic rst_n,
    input logic waiting,   // the unit waits on the environment this cycle
    input logic act        // the environment's answer (the solver's choice)
);
  if (LATENCY > 0) begin : g_bound
    logic [7:0] n;
    always_ff @(posedge clk or negedge rst_n)
      if (!rst_n) n <= '0;
      else n <= (waiting && !act) ? n + 8'd1 : 8'd0;
    always @(*) if (rst_n && waiting && n >= 8'(LATENCY)) assume (act);
  end
endmodule
