// Checks of the AXI4 rules the engine's master port relies on, for simulation only: the
// Verilated models build it with --assert and +define+TCE_ASSERT, and tce_engine instantiates
// it under that define alone (synthesis never reads rtl/assert/). A violation stops the model
// with the rule's name (Verilator's $error: file, line, instance).
//   - AR, AW and W: once valid, valid and payload hold until ready
//   - a burst (AR or AW) does not cross a 4 KB boundary
//   - every write burst has AWLEN+1 W beats, WLAST on the last one only
module tce_axi_assert #(
    parameter int DATA_W = 256,
    parameter int ID_W   = 4
) (
    input logic                clk,
    input logic                rst_n,
    input logic                awvalid,
    input logic                awready,
    input logic [ID_W-1:0]     awid,
    input logic [63:0]         awaddr,
    input logic [7:0]          awlen,
    input logic [2:0]          awsize,
    input logic [1:0]          awburst,
    input logic                wvalid,
    input logic                wready,
    input logic [DATA_W-1:0]   wdata,
    input logic [DATA_W/8-1:0] wstrb,
    input logic                wlast,
    input logic                arvalid,
    input logic                arready,
    input logic [ID_W-1:0]     arid,
    input logic [63:0]         araddr,
    input logic [7:0]          arlen,
    input logic [2:0]          arsize,
    input logic [1:0]          arburst
);
  localparam int AXW = ID_W + 64 + 8 + 3 + 2;
  localparam int WW  = DATA_W + DATA_W / 8 + 1;
  wire [AXW-1:0] aw = {awid, awaddr, awlen, awsize, awburst};
  wire [AXW-1:0] ar = {arid, araddr, arlen, arsize, arburst};
  wire [WW-1:0]  w  = {wdata, wstrb, wlast};

  // The beats of an INCR burst sit at the start address aligned down to the beat size (an
  // unaligned start only leaves bytes of the first beat out); the last may end at the
  // boundary, not pass it.
  function automatic logic crosses_4k(input logic [11:0] page_off, input logic [7:0] len,
                                      input logic [2:0] size);
    logic [31:0] span, first;
    span  = (32'(len) + 32'd1) << size;
    first = 32'(page_off) & ~((32'd1 << size) - 32'd1);
    crosses_4k = first + span > 32'd4096;
  endfunction

  // Each channel's offer as it stood at the last edge, when it was not taken.
  logic          aw_wait, w_wait, ar_wait;
  logic [AXW-1:0] aw_q, ar_q;
  logic [WW-1:0]  w_q;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      aw_wait <= 1'b0; w_wait <= 1'b0; ar_wait <= 1'b0;
    end else begin
      aw_wait <= awvalid && !awready;
      w_wait  <= wvalid && !wready;
      ar_wait <= arvalid && !arready;
    end
  end
  always_ff @(posedge clk) begin
    aw_q <= aw;
    w_q  <= w;
    ar_q <= ar;
  end

  // Write bursts still owed W beats (their AWLEN+1, oldest first) and the W beats of the
  // burst under way; AXI lets W run ahead of its AW, so W bursts that ended before their
  // AW wait in w_done. Checker state only: blocking updates in one clocked process.
  int unsigned aw_beats[$];
  int unsigned w_done[$];
  int unsigned w_count;
  /* verilator lint_off BLKSEQ */
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      aw_beats.delete(); w_done.delete(); w_count = 0;
    end else begin
      assert (!aw_wait || (awvalid && aw == aw_q))
        else $error("AXI AW: valid or payload changed before awready");
      assert (!w_wait || (wvalid && w == w_q))
        else $error("AXI W: valid or payload changed before wready");
      assert (!ar_wait || (arvalid && ar == ar_q))
        else $error("AXI AR: valid or payload changed before arready");
      assert (!(awvalid && crosses_4k(awaddr[11:0], awlen, awsize)))
        else $error("AXI AW: burst at %h, len %0d crosses a 4 KB boundary", awaddr, awlen);
      assert (!(arvalid && crosses_4k(araddr[11:0], arlen, arsize)))
        else $error("AXI AR: burst at %h, len %0d crosses a 4 KB boundary", araddr, arlen);
      if (awvalid && awready) aw_beats.push_back(32'(awlen) + 32'd1);
      if (wvalid && wready) begin
        w_count = w_count + 1;
        if (wlast) begin
          w_done.push_back(w_count);
          w_count = 0;
        end
      end
      while (aw_beats.size() != 0 && w_done.size() != 0) begin
        assert (aw_beats[0] == w_done[0])
          else $error("AXI W: a write burst of AWLEN+1 = %0d beats had %0d W beats",
                      aw_beats[0], w_done[0]);
        void'(aw_beats.pop_front());
        void'(w_done.pop_front());
      end
      // More beats than the oldest open burst allows, before its WLAST.
      assert (aw_beats.size() == 0 || w_done.size() != 0 || w_count < aw_beats[0])
        else $error("AXI W: no WLAST on beat %0d of a burst of %0d", w_count, aw_beats[0]);
    end
  end
  /* verilator lint_on BLKSEQ */
endmodule
