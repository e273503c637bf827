// Checks of the AXI4 rules the engine's master port relies on. The Verilated models build it
// with --assert and +define+TCE_ASSERT, and tce_engine instantiates it under that define
// alone (synthesis never reads rtl/assert/); the formal proofs (tests/formal/, docs/formal.md)
// instantiate the same module on each mover's ports, so each rule is written once. A
// violation stops a simulation with the rule's message (Verilator's $error: file, line,
// instance) and is a counterexample to a proof.
//   - AR, AW and W: once valid, valid and payload hold until ready
//   - a burst (AR or AW) does not cross a 4 KB boundary (AxLEN is 8 bits: at most 256 beats)
//   - every write burst has AWLEN+1 W beats, WLAST on the last one only
// Written for Yosys's formal front end as well as Verilator: fixed-size state instead of
// queues, and clocked immediate assertions.
`ifdef FORMAL
// Yosys 0.23 reads no action block after an assertion; the rule is its source line.
`define TCE_AXI_RULE(cond, msg) assert (cond);
`else
`define TCE_AXI_RULE(cond, msg) assert (cond) else $error msg;
`endif
module tce_axi_assert #(
    parameter int DATA_W  = 256,
    parameter int ID_W    = 4,
    // Write bursts whose AW and W beats have not yet met (AWs ahead of their W beats, or
    // W bursts ahead of their AW): the checker's own capacity, itself checked.
    parameter int MAXOPEN = 256
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
  localparam int OW  = $clog2(MAXOPEN);
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
  logic           aw_wait, w_wait, ar_wait;
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

  // Write bursts not yet matched, oldest first: beat counts (AWLEN+1) of AWs ahead of their
  // W beats when open_aw is set, else beat counts of W bursts (ended by WLAST) ahead of
  // their AW. Only one side can be ahead at a time, so one list holds either. w_beats
  // counts the W beats of the burst under way.
  logic [8:0]    open_len [MAXOPEN];
  logic [OW-1:0] open_rd, open_wr;
  logic [OW:0]   open_n;
  logic          open_aw;
  logic [8:0]    w_beats;

  wire aw_fire = awvalid && awready;
  wire w_fire  = wvalid && wready;
  wire [8:0] aw_beats = 9'(awlen) + 9'd1;
  // The length the current W beat is held to: the oldest open AW, or one arriving now.
  wire       w_known = (open_n != 0 && open_aw) || (open_n == 0 && aw_fire);
  wire [8:0] w_len   = (open_n != 0) ? open_len[open_rd] : aw_beats;
  wire [8:0] beat_no = w_beats + 9'd1;
  // What enters and leaves the list this cycle.
  wire w_ends   = w_fire && wlast;
  wire pop_aw   = w_ends && open_n != 0 && open_aw;            // W finished the oldest AW
  wire pop_w    = aw_fire && open_n != 0 && !open_aw;          // AW met the oldest W burst
  wire push_aw  = aw_fire && !pop_w && !(open_n == 0 && w_ends);
  wire push_w   = w_ends && !w_known;

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      open_rd <= '0; open_wr <= '0; open_n <= '0; open_aw <= 1'b0; w_beats <= '0;
    end else begin
      if (w_fire) w_beats <= wlast ? 9'd0 : beat_no;
      if (push_aw) begin
        open_len[open_wr] <= aw_beats;
        open_aw <= 1'b1;
      end
      if (push_w) begin
        open_len[open_wr] <= beat_no;
        open_aw <= 1'b0;
      end
      if (push_aw || push_w) open_wr <= open_wr + 1'b1;
      if (pop_aw || pop_w) open_rd <= open_rd + 1'b1;
      open_n <= open_n + (OW+1)'(push_aw || push_w) - (OW+1)'(pop_aw || pop_w);
    end
  end

  // The rules are sampled at the edge, like the bus; rst_n only gates them (lint: a checker's
  // synchronous read of the asynchronous reset is no flop).
  /* verilator lint_off SYNCASYNCNET */
  always @(posedge clk) begin
    if (rst_n) begin
      `TCE_AXI_RULE(!aw_wait || (awvalid && aw == aw_q),
                    ("AXI AW: valid or payload changed before awready"))
      `TCE_AXI_RULE(!w_wait || (wvalid && w == w_q),
                    ("AXI W: valid or payload changed before wready"))
      `TCE_AXI_RULE(!ar_wait || (arvalid && ar == ar_q),
                    ("AXI AR: valid or payload changed before arready"))
      `TCE_AXI_RULE(!(awvalid && crosses_4k(awaddr[11:0], awlen, awsize)),
                    ("AXI AW: burst at %h, len %0d crosses a 4 KB boundary", awaddr, awlen))
      `TCE_AXI_RULE(!(arvalid && crosses_4k(araddr[11:0], arlen, arsize)),
                    ("AXI AR: burst at %h, len %0d crosses a 4 KB boundary", araddr, arlen))
      // A beat of a burst whose AW is known: WLAST exactly on beat AWLEN+1.
      `TCE_AXI_RULE(!(w_fire && w_known && !wlast && beat_no >= w_len),
                    ("AXI W: no WLAST on beat %0d of a burst of %0d", beat_no, w_len))
      `TCE_AXI_RULE(!(w_fire && w_known && wlast && beat_no != w_len),
                    ("AXI W: WLAST on beat %0d of a burst of %0d", beat_no, w_len))
      // A W burst that ran ahead of its AW, met by the AW now.
      `TCE_AXI_RULE(!(pop_w && open_len[open_rd] != aw_beats),
                    ("AXI W: a write burst of AWLEN+1 = %0d beats had %0d W beats", aw_beats,
                     open_len[open_rd]))
      // Ahead of any AW, a burst still cannot pass 256 beats.
      `TCE_AXI_RULE(!(w_fire && !w_known && !wlast && beat_no == 9'd256),
                    ("AXI W: no WLAST on beat 256 (no AW yet)"))
      `TCE_AXI_RULE(!((push_aw || push_w) && !(pop_aw || pop_w) && open_n == (OW+1)'(MAXOPEN)),
                    ("AXI: more than %0d write bursts open (the checker's MAXOPEN)", MAXOPEN))
    end
  end
  /* verilator lint_on SYNCASYNCNET */
endmodule
`undef TCE_AXI_RULE
