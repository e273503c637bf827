// Formal wrapper of tce_fifo (the command queue): every input free, properties on what the
// queue shows at its ports, proven by K-induction (tests/formal.cmake, docs/formal.md).
//   - count never passes DEPTH; empty and full say exactly count == 0 and count == DEPTH
//   - a push is taken only when not full, a pop only when not empty (count moves by
//     their difference); a flush empties it
//   - order and data: an entry chosen by the solver (any one) leaves as head with the data
//     it was pushed with, after exactly the entries that were ahead of it
// The tracked entry's slot and the pointers come in as taps (prove.sh -t): the induction
// needs them to know the queue's state is one a run can reach.
module fifo_fv #(
    parameter int WIDTH = 8,
    parameter int DEPTH = 4
) (
    input logic             clk,
    input logic             rst_n,
    input logic             flush,
    input logic             push,
    input logic [WIDTH-1:0] push_data,
    input logic             pop,
    input logic             track   // the solver's choice: follow the entry pushed now
);
  localparam int AW = $clog2(DEPTH);
  logic [WIDTH-1:0] head;
  logic empty, full;
  logic [AW:0] count;
  tce_fifo #(.WIDTH(WIDTH), .DEPTH(DEPTH)) u (.clk, .rst_n, .flush, .push, .push_data, .pop,
                                              .head, .empty, .full, .count);
  // taps (prove.sh -t): the pointers and the storage, word i at [i*WIDTH +: WIDTH]
  logic [AW-1:0] t_rd, t_wr;
  logic [DEPTH*WIDTH-1:0] t_mem;

  always @(*) if ($initstate) assume (!rst_n);

  wire do_push = push && !full && !flush;
  wire do_pop  = pop && !empty && !flush;

  // The tracked entry: its data and how many entries are ahead of it.
  logic             tr_on;
  logic [WIDTH-1:0] tr_data;
  logic [AW:0]      tr_ahead;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      tr_on <= 1'b0; tr_data <= '0; tr_ahead <= '0;
    end else if (flush) begin
      tr_on <= 1'b0;
    end else if (tr_on) begin
      if (do_pop) begin
        if (tr_ahead == 0) tr_on <= 1'b0;
        else tr_ahead <= tr_ahead - 1'b1;
      end
    end else if (do_push && track) begin
      tr_on <= 1'b1;
      tr_data <= push_data;
      tr_ahead <= count - {{AW{1'b0}}, do_pop};
    end
  end

  // count as the ports' handshakes move it
  logic [AW:0] prev_count;
  logic prev_push, prev_pop, prev_flush, prev_rst;
  always_ff @(posedge clk) begin
    prev_count <= count; prev_push <= do_push; prev_pop <= do_pop; prev_flush <= flush;
    prev_rst <= !rst_n;
  end

  always @(*) if (rst_n && !$initstate) begin
    assert (count <= DEPTH[AW:0]);
    assert (empty == (count == 0));
    assert (full == (count == DEPTH[AW:0]));
    if (!prev_rst) begin
      if (prev_flush) assert (count == 0);
      else assert (count == prev_count + {{AW{1'b0}}, prev_push} - {{AW{1'b0}}, prev_pop});
    end
    if (tr_on) begin
      assert (tr_ahead < count);
      if (tr_ahead == 0) assert (head == tr_data);
      // invariants on the state (taps)
      for (int i = 0; i < DEPTH; i++)
        if (AW'(i) == AW'(t_rd + tr_ahead[AW-1:0])) assert (t_mem[i*WIDTH +: WIDTH] == tr_data);
    end
    assert (AW'(t_wr - t_rd) == count[AW-1:0]);
  end

  // Non-vacuity: a full queue, and a tracked entry leaving behind others.
  always @(*) if (rst_n) begin
    cover (full);
    cover (tr_on && tr_ahead == 0 && do_pop && count == DEPTH[AW:0]);
  end
endmodule
