// Check of tce_rmw_global's overlap rule on the engine's AXI write and read channels, for
// simulation only (built like tce_axi_assert, under TCE_ASSERT): a reduction must never read
// bytes that an earlier write of the engine has not had its B response for, or it could read
// the old value and lose that update. Kept apart from the unit's own range FIFO (this is a
// plain list of every burst in flight, in issue order), so a fault in that FIFO shows here.
// Every AR on these channels is a reduction's (tce_rmw_global's read port).
//   - a write burst is in flight from its AW handshake (a plain store), or from its AR
//     handshake (a reduction: its AW follows, bursts in AR order), until its B response;
//     B responses come in AW order (one AWID)
//   - an AR overlaps no burst in flight
//   - a B response comes only for a burst in flight
module tce_rmw_assert #(
    parameter int DATA_W = 256
) (
    input logic        clk,
    input logic        rst_n,
    input logic        awvalid,
    input logic        awready,
    /* verilator lint_off UNUSEDSIGNAL */
    input logic [63:0] awaddr,       // the bits below a beat do not matter
    /* verilator lint_on UNUSEDSIGNAL */
    input logic [7:0]  awlen,
    input logic        arvalid,
    input logic        arready,
    /* verilator lint_off UNUSEDSIGNAL */
    input logic [63:0] araddr,
    /* verilator lint_on UNUSEDSIGNAL */
    input logic [7:0]  arlen,
    input logic        bvalid
);
  localparam int LB = $clog2(DATA_W / 8);
  // Bursts in flight as [lo, hi) of whole beats, oldest first; for a reduction the AR
  // pushes it and its AW only marks it written.
  logic [63:0] lo_q[$], hi_q[$];
  int unsigned rd_unwritten;   // reductions read whose AW has not gone yet
  /* verilator lint_off BLKSEQ */
  always @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      lo_q.delete(); hi_q.delete(); rd_unwritten = 0;
    end else begin
      if (bvalid) begin
        assert (lo_q.size() != 0)
          else $error("rmw overlap rule: a B response with no write burst in flight");
        if (lo_q.size() != 0) begin
          void'(lo_q.pop_front());
          void'(hi_q.pop_front());
        end
      end
      if (arvalid && arready) begin
        logic [63:0] lo, hi;
        lo = {araddr[63:LB], {LB{1'b0}}};
        hi = lo + ((64'(arlen) + 64'd1) << LB);
        for (int i = 0; i < lo_q.size(); i++)
          assert (!(lo < hi_q[i] && lo_q[i] < hi))
            else $error("rmw overlap rule: AR at %h (len %0d) overlaps a write in flight at [%h, %h)",
                        araddr, arlen, lo_q[i], hi_q[i]);
        lo_q.push_back(lo);
        hi_q.push_back(hi);
        rd_unwritten = rd_unwritten + 1;
      end
      if (awvalid && awready) begin
        if (rd_unwritten != 0) begin
          rd_unwritten = rd_unwritten - 1;
        end else begin
          lo_q.push_back({awaddr[63:LB], {LB{1'b0}}});
          hi_q.push_back({awaddr[63:LB], {LB{1'b0}}} + ((64'(awlen) + 64'd1) << LB));
        end
      end
    end
  end
  /* verilator lint_on BLKSEQ */
endmodule
