// A formal AXI4 read slave (tests/formal/, docs/formal.md): any AR it has room for may be
// taken in any cycle, each burst is answered in AR order with ARLEN+1 beats of free data
// and response, RID the burst's ID and RLAST on its last beat, and a beat, once valid, holds
// its payload until RREADY. Every choice (ready, valid, data, response) is an input the
// solver drives. In-order answers are a subset of AXI's (it allows any order across IDs):
// the movers' proofs cover every answer order of one ID, not reorderings across IDs.
// RESP_MAX (LATENCY > 0) bounds the slave's patience for the engine's retirement bound:
// ARREADY within LATENCY cycles of ARVALID and the next R beat within LATENCY cycles.
module axi_rd_slave #(
    parameter int ID_W    = 4,
    parameter int DATA_W  = 256,
    parameter int DEPTH   = 4,      // bursts in flight
    parameter int LATENCY = 0       // 0: no bound
) (
    input  logic              clk,
    input  logic              rst_n,
    input  logic              arvalid,
    output logic              arready,
    input  logic [ID_W-1:0]   arid,
    input  logic [7:0]        arlen,
    output logic              rvalid,
    input  logic              rready,
    output logic [ID_W-1:0]   rid,
    output logic [DATA_W-1:0] rdata,
    output logic [1:0]        rresp,
    output logic              rlast,
    // the solver's choices
    input  logic              c_arready,
    input  logic              c_rvalid,
    input  logic [DATA_W-1:0] c_rdata,
    input  logic [1:0]        c_rresp
);
  localparam int PW = $clog2(DEPTH);
  logic [ID_W-1:0] q_id  [DEPTH];
  logic [7:0]      q_len [DEPTH];
  logic [PW-1:0]   rd, wr;
  logic [PW:0]     n;
  logic [7:0]      beat;
  // A beat offered and not taken holds its payload (the hold register keeps it).
  logic              held;
  logic [DATA_W-1:0] held_data;
  logic [1:0]        held_resp;

  assign arready = c_arready && (n < (PW+1)'(DEPTH));
  assign rvalid  = (n != 0) && (held || c_rvalid);
  assign rid     = q_id[rd];
  assign rlast   = (beat == q_len[rd]);
  assign rdata   = held ? held_data : c_rdata;
  assign rresp   = held ? held_resp : c_rresp;

  wire ar_fire = arvalid && arready;
  wire r_fire  = rvalid && rready;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      rd <= '0; wr <= '0; n <= '0; beat <= '0; held <= 1'b0;
    end else begin
      if (ar_fire) begin
        q_id[wr] <= arid; q_len[wr] <= arlen; wr <= wr + 1'b1;
      end
      if (r_fire) begin
        if (rlast) begin rd <= rd + 1'b1; beat <= '0; end
        else beat <= beat + 8'd1;
      end
      n <= n + (PW+1)'(ar_fire) - (PW+1)'(r_fire && rlast);
      held <= rvalid && !rready;
      held_data <= rdata; held_resp <= rresp;
    end
  end

  // Patience: counted while the master waits on the slave.
  if (LATENCY > 0) begin : g_latency
    logic [7:0] ar_wait, r_wait;
    always_ff @(posedge clk or negedge rst_n) begin
      if (!rst_n) begin
        ar_wait <= '0; r_wait <= '0;
      end else begin
        ar_wait <= (arvalid && !arready) ? ar_wait + 8'd1 : 8'd0;
        r_wait  <= (n != 0 && !rvalid) ? r_wait + 8'd1 : 8'd0;
      end
    end
    always @(*) if (rst_n) begin
      if (ar_wait >= 8'(LATENCY)) assume (c_arready);
      if (r_wait >= 8'(LATENCY)) assume (c_rvalid);
    end
  end
endmodule
