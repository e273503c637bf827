// Formal wrapper of tce_group_tracker (bulk async-groups), with 2 CTAs and a queue of 2 (3
// entries) so the solver sees every interleaving; the engine around it is a model of what
// tce_regs and tce_cmd_exec guarantee: sequence numbers issued one by one from any start
// value (so across the 32-bit wrap), retired in order, at most QUEUE_DEPTH + 1 unretired.
// Proven by K-induction:
//   - the header's claim: a commit that opens a group always finds a free entry
//   - an entry is live exactly while its group's last command has not retired: its seq lies
//     in (seq_done, seq_issued], no two entries hold the same seq, and group_done pulses
//     in the cycle an entry's command retires
//   - sel_pending counts the selected CTA's live entries (never more than the entries), as
//     they were in the cycle before (the counts are registered)
// Invariants on the tracker's state come in as taps (prove.sh -t): its entries, and each
// CTA's open count and last seq.
module group_tracker_fv (
    input logic        clk,
    input logic        rst_n,
    input logic        clear,
    input logic        accept,
    input logic [3:0]  accept_cta,
    input logic        accept_is_group,
    input logic        commit,
    input logic [3:0]  commit_cta,
    input logic        retire,
    input logic        cur_valid,
    input logic        cur_reads_done,
    input logic [3:0]  sel_cta,
    input logic [31:0] seq_start
);
  localparam int NC = 2, QD = 2, NENT = QD + 1;
  logic [31:0] issued, done;
  logic [7:0] sel_pending, sel_read_pending, sel_open;
  logic group_done;
  // taps
  logic [NENT-1:0] t_valid;
  logic [NENT*32-1:0] t_seq;
  logic [NENT*4-1:0] t_cta;
  logic [NC*8-1:0] t_open;
  logic [NC*32-1:0] t_last;

  // Sequence numbers as the engine makes them, from an arbitrary start (after reset).
  wire [31:0] inflight = issued - done;
  wire do_accept = accept && inflight < 32'(QD + 1);
  wire do_retire = retire && inflight != 0;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      issued <= seq_start; done <= seq_start;
    end else begin
      if (do_accept) issued <= issued + 32'd1;
      if (do_retire) done <= done + 32'd1;
    end
  end
  always @(*) if ($initstate) assume (!rst_n);
  // A soft reset drops everything unretired (tce_regs sets seq_done to seq_issued minus
  // the executing ones); modelled as a clear only when nothing is in flight.
  always @(*) if (clear) assume (inflight == 0);
  // The tracker's wrap-safe compares see 2^31 sequence numbers around seq_done: a CTA whose
  // last bulk_group command stays uncommitted while 2^31 later commands are issued would
  // look unretired again (docs/formal.md). The environment stops short of that horizon.
  always @(*) if (rst_n)
    for (int c = 0; c < NC; c++)
      if (t_open[c*8 +: 8] != 0 && issued - t_last[c*32 +: 32] >= 32'h7FFF_FFF0) assume (!accept);

  tce_group_tracker #(.NUM_CTAS(NC), .QUEUE_DEPTH(QD)) u (
    .clk, .rst_n, .clear, .accept(do_accept), .accept_cta, .accept_is_group,
    .accept_seq(issued + 32'd1), .commit, .commit_cta, .seq_done(done),
    .cur_valid(cur_valid && inflight != 0), .cur_seq(done + 32'd1), .cur_reads_done,
    .sel_cta, .sel_pending, .sel_read_pending, .sel_open, .group_done);

  function automatic logic live(input logic [31:0] s, input logic [31:0] d, input logic [31:0] i);
    live = $signed(s - d) > 0 && $signed(i - s) >= 0;
  endfunction

  // What the commit does, recomputed from the taps.
  wire [3:0] cc = commit_cta;
  wire cc_ok = 32'(cc) < NC;
  wire [7:0] cc_open = cc_ok ? t_open[cc[0]*8 +: 8] : 8'd0;
  wire [31:0] cc_last = t_last[cc[0]*32 +: 32];
  wire opens = commit && cc_ok && !clear && cc_open != 0 && live(cc_last, done, issued);

  logic [7:0] count;
  logic [NENT-1:0] live_mask;
  always @(*) begin
    for (int i = 0; i < NENT; i++) live_mask[i] = live(t_seq[i*32 +: 32], done, issued);
    count = 8'd0;
    for (int i = 0; i < NENT; i++)
      if (t_valid[i] && t_cta[i*4 +: 4] == sel_cta) count = count + 8'd1;
  end

  logic [7:0] count_q;   // count as of the cycle before: the tracker registers its counts
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) count_q <= '0;
    else count_q <= count;
  end

  always @(*) if (rst_n && !$initstate) begin
    if (opens) assert (t_valid != '1);
    assert (sel_pending == count_q);
    assert (sel_read_pending <= sel_pending);
    // an entry retires (group_done) exactly when seq_done reaches it
    assert (group_done == (|(t_valid & ~live_mask)));
    for (int i = 0; i < NENT; i++) begin
      if (t_valid[i]) begin
        assert ($signed(issued - t_seq[i*32 +: 32]) >= 0);   // issued, and
        assert (32'(t_cta[i*4 +: 4]) < NC);
        for (int j = i + 1; j < NENT; j++)
          if (t_valid[j]) assert (t_seq[i*32 +: 32] != t_seq[j*32 +: 32]);
      end
    end
    // a CTA's uncommitted last command is in no entry
    for (int c = 0; c < NC; c++)
      if (t_open[c*8 +: 8] != 0) begin
        assert (live(t_last[c*32 +: 32], done, issued) || $signed(done - t_last[c*32 +: 32]) >= 0);
        assert ($signed(issued - t_last[c*32 +: 32]) >= 0);
        for (int i = 0; i < NENT; i++)
          if (t_valid[i]) assert (t_seq[i*32 +: 32] != t_last[c*32 +: 32]);
        for (int d = c + 1; d < NC; d++)
          if (t_open[d*8 +: 8] != 0) assert (t_last[c*32 +: 32] != t_last[d*32 +: 32]);
      end
    assert (inflight <= 32'(QD + 1));
  end

  always @(*) if (rst_n) begin
    cover (opens && t_valid == 3'b001);
    cover (group_done && sel_pending == 8'd1);
  end
endmodule
