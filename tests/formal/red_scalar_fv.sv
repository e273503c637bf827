// Formal wrapper of tce_red_scalar (the `red` mover) at `lite`'s DATA_W 128: the AW and W
// rules of tce_axi_assert on its global write channels, against axi_wr_slave.sv, and its beat:
// one 16-byte aligned AW of one beat, whose W beat enables exactly the vector's bytes from
// the destination's lane (vec << esl bytes, none dropped by the shift), for every start the
// executor gives (a naturally aligned vector of 1, 2, 4 or 8 elements of 2, 4 or 8 bytes: at
// most 16 bytes, csim/red.c), global or shared, and any memory answers.
// Invariants for the induction link the checker's open-burst state (taps) to the mover's:
// one AW of one beat open exactly while its W beat waits.
module red_scalar_fv #(
    parameter int DATA_W = 128
) (
    input logic         clk,
    input logic         rst_n,
    input logic         start,
    input logic         to_global,
    input logic [63:0]  gaddr,
    input logic [3:0]   cta,
    input logic [23:0]  off,
    input logic [1:0]   esl,
    input logic [3:0]   vec,
    input logic [511:0] operands,
    input logic         c_awready,
    input logic         c_wready,
    input logic         c_bvalid,
    input logic [1:0]   c_bresp,
    input logic         sm_ready,
    input logic         sm_rsp_valid,
    input logic         sm_rsp_err
);
  localparam int ID_W = 4;
  localparam int DB = DATA_W / 8;
  logic done, awvalid, awready, wvalid, wready, wlast, bvalid, bready, sm_valid;
  logic [7:0] status, awlen;
  logic [ID_W-1:0] awid;
  logic [63:0] awaddr;
  logic [DATA_W-1:0] wdata;
  logic [DB-1:0] wstrb;
  logic [1:0] bresp;
  logic [3:0] sm_cta;
  logic [23:0] sm_addr;

  always @(*) if ($initstate) assume (!rst_n);
  // The executor's checks (csim/red.c): 2-, 4- or 8-byte elements, 1, 2, 4 or 8 of them, at
  // most 16 bytes, the vector naturally aligned.
  wire [7:0] nb8 = 8'(vec) << esl;
  wire [4:0] nb = 5'(nb8);
  wire [63:0] dst = to_global ? gaddr : {40'd0, off};
  always @(*) if (start) begin
    assume (esl != 2'd0);
    assume (vec == 4'd1 || vec == 4'd2 || vec == 4'd4 || vec == 4'd8);
    assume (nb8 <= 8'd16);
    assume ((dst & (64'(nb) - 64'd1)) == 64'd0);
  end

  tce_red_scalar #(.DATA_W(DATA_W), .ID_W(ID_W)) u (
    .clk, .rst_n, .start, .to_global, .gaddr, .cta, .off, .esl, .vec, .operands, .done,
    .status, .awvalid, .awready, .axi_aw({awid, awaddr, awlen}), .wvalid, .wready,
    .axi_w({wdata, wstrb, wlast}), .bvalid, .axi_b(bresp), .sm_valid, .sm_ready, .sm_cta,
    .sm_addr, .sm_rsp_valid, .sm_rsp_err);
  assign bready = 1'b1;   // the mover takes every B (its port has no BREADY)

  axi_wr_slave u_mem (.clk, .rst_n, .awvalid, .awready, .wvalid, .wready, .wlast, .bvalid,
    .bready, .bresp, .c_awready, .c_wready, .c_bvalid, .c_bresp);

  axi_wr_rules #(.DATA_W(DATA_W), .ID_W(ID_W), .MAXOPEN(2)) u_rules (.clk, .rst_n, .awvalid,
    .awready, .awid, .awaddr, .awlen, .wvalid, .wready, .wdata, .wstrb, .wlast);

  // taps (prove.sh -t): the mover's state and address, the checker's open bursts
  logic [2:0] t_state;
  logic [63:0] t_a;
  logic [4:0] t_nbytes;
  logic [1:0] t_open_n;
  logic t_open_aw;
  logic [8:0] t_w_beats;
  logic t_open_rd, t_open_wr;
  logic [17:0] t_len;   // the checker's open_len[0] and [1] (prove.sh -m)
  wire t_busy = t_state != 3'd0;
  localparam logic [2:0] S_W = 3'd2, S_B = 3'd3;

  // The command as started (the mover latches it): the beat must carry it.
  logic [63:0] c_dst;
  logic [4:0]  c_nb;
  always_ff @(posedge clk)
    if (start && !t_busy) begin c_dst <= dst; c_nb <= nb; end


  function automatic logic [DB-1:0] strobes(input logic [63:0] a, input logic [4:0] n);
    strobes = DB'(((17'd1 << n) - 17'd1) << a[$clog2(DB)-1:0]);
  endfunction

  always @(*) if (rst_n) begin
    if (awvalid) assert (awlen == 8'd0 && awaddr == {c_dst[63:4], 4'd0});
    if (wvalid) assert (wlast && wstrb == strobes(c_dst, c_nb) && $countones(wstrb) == 32'(c_nb));
    // invariants: the mover holds the command it took; one AW open exactly in S_W
    if (t_busy) assert (t_a == c_dst && t_nbytes == c_nb && c_nb <= 5'd16 && c_nb != 5'd0 &&
                        (c_dst & (64'(c_nb) - 64'd1)) == 64'd0);
    assert (t_open_n == ((t_state == S_W) ? 2'd1 : 2'd0));
    if (t_open_n != 0) assert (t_open_aw && t_len[t_open_rd * 9 +: 9] == 9'd1);
    assert (t_w_beats == 9'd0);
    assert (t_open_wr == (t_open_rd ^ (t_open_n != 0)));
  end

  always @(*) if (rst_n) begin
    cover (wvalid && wready && wstrb[DB-1] && $countones(wstrb) == 16);
    cover (done && t_state == 3'd0 && c_dst[63]);
  end
endmodule
