// Formal wrapper of tce_group_tracker (bulk async-groups), with 2 CTAs and a queue of 2 (3
// entries) so the solver sees every interleaving; the engine around it is a model of what
// tce_regs and tce_cmd_exec guarantee: sequence numbers issued one by one from any start
// value (so across the SW-bit wrap) and retired one by one in order; unretired, at most
// QD + 1 bulk_group commands (queued plus executing) and NL more of other kinds (tensor loads
// in flight ahead of them); no bound on how long a CTA leaves its last group uncommitted.
// Proven by K-induction:
//   - the header's claim: a commit that opens a group always finds a free entry
//   - an entry is live exactly while its group's last command has not retired: its seq lies
//     in (seq_done, seq_issued], no two entries hold the same seq, and group_done pulses
//     in the cycle an entry's command retires
//   - sel_pending counts the selected CTA's live entries (never more than the entries), as
//     they were in the cycle before (the counts are registered)
//   - sel_open is the selected CTA's {MORE, COUNT} of the cycle before, and MORE only with
//     COUNT at its 255
// Invariants on the tracker's state come in as taps (prove.sh -t): its entries, and each
// CTA's open count, last seq, live flag and live-entry count.
module group_tracker_fv #(
    parameter int SW = 32   // sequence number bits (tce_group_tracker SEQ_W)
) (
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
    input logic [SW-1:0] seq_start
);
  localparam int NC = 2, QD = 2, NENT = QD + 1, NL = 1, NF = NENT + NL;
  logic [SW-1:0] issued, done;
  logic [7:0] sel_pending, sel_read_pending;
  logic [8:0] sel_open;
  logic group_done;
  // taps
  logic [NENT-1:0] t_valid;
  logic [NENT*SW-1:0] t_seq;
  logic [NENT*4-1:0] t_cta;
  logic [NC*8-1:0] t_open;
  logic [NC*SW-1:0] t_last;
  logic [NC-1:0] t_live;
  logic [NC*2-1:0] t_lcnt;
  logic [NC-1:0] t_more;

  // Sequence numbers as the engine makes them, from an arbitrary start (after reset);
  // grp[k]: command done + 1 + k is a bulk_group command.
  wire [SW-1:0] inflight = issued - done;
  logic [NF-1:0] grp;
  logic [2:0] ngrp;   // unretired bulk_group commands
  always @(*) begin
    ngrp = 3'd0;
    for (int k = 0; k < NF; k++) ngrp = ngrp + 3'(grp[k]);
  end
  wire do_accept = accept && inflight < SW'(NF) && (!accept_is_group || ngrp < 3'(NENT));
  wire do_retire = retire && inflight != '0;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      issued <= seq_start; done <= seq_start; grp <= '0;
    end else begin
      logic [NF-1:0] g;
      g = do_retire ? grp >> 1 : grp;
      if (do_accept) g[3'(inflight) - 3'(do_retire)] = accept_is_group;
      grp <= g;
      if (do_accept) issued <= issued + SW'(1);
      if (do_retire) done <= done + SW'(1);
    end
  end
  always @(*) if ($initstate) assume (!rst_n);
  // A soft reset drops everything unretired (tce_regs sets seq_done to seq_issued minus
  // the executing ones); modelled as a clear only when nothing is in flight.
  always @(*) if (clear) assume (inflight == '0);

  tce_group_tracker #(.NUM_CTAS(NC), .QUEUE_DEPTH(QD), .SEQ_W(SW)) u (
    .clk, .rst_n, .clear, .accept(do_accept), .accept_cta, .accept_is_group(accept_is_group),
    .accept_seq(issued + SW'(1)), .commit, .commit_cta, .seq_done(done),
    .cur_valid(cur_valid && inflight != '0), .cur_seq(done + SW'(1)), .cur_reads_done,
    .sel_cta, .sel_pending, .sel_read_pending, .sel_open, .group_done);

  function automatic logic live(input logic [SW-1:0] s, input logic [SW-1:0] d, input logic [SW-1:0] i);
    live = $signed(s - d) > 0 && $signed(i - s) >= 0;
  endfunction

  // What the commit does, recomputed from the taps.
  wire [3:0] cc = commit_cta;
  wire cc_ok = 32'(cc) < NC;
  wire [7:0] cc_open = cc_ok ? t_open[cc[0]*8 +: 8] : 8'd0;
  wire [SW-1:0] cc_last = t_last[cc[0]*SW +: SW];
  wire opens = commit && cc_ok && !clear && cc_open != 0 && t_live[cc[0]] && live(cc_last, done, issued);

  logic [7:0] count;
  logic [1:0] cnt0, cnt1;   // valid entries of CTA 0 and 1
  logic [NENT-1:0] live_mask;
  always @(*) begin
    cnt0 = 2'd0; cnt1 = 2'd0;
    for (int i = 0; i < NENT; i++) begin
      if (t_valid[i] && t_cta[i*4 +: 4] == 4'd0) cnt0 = cnt0 + 2'd1;
      if (t_valid[i] && t_cta[i*4 +: 4] == 4'd1) cnt1 = cnt1 + 2'd1;
    end
    for (int i = 0; i < NENT; i++) live_mask[i] = live(t_seq[i*SW +: SW], done, issued);
    count = 8'd0;
    for (int i = 0; i < NENT; i++)
      if (t_valid[i] && t_cta[i*4 +: 4] == sel_cta) count = count + 8'd1;
  end

  logic [7:0] count_q;   // count as of the cycle before: the tracker registers its counts
  logic [8:0] open_q;    // ... and the selected CTA's {MORE, COUNT}
  logic [NENT-1:0] valid_q;
  logic [SW-1:0] done_q;
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      count_q <= '0; open_q <= '0; valid_q <= '0; done_q <= '0;
    end else begin
      count_q <= count; valid_q <= t_valid; done_q <= done;
      open_q <= 32'(sel_cta) < NC ? {t_more[sel_cta[0]], t_open[sel_cta[0]*8 +: 8]} : 9'd0;
    end
  end

  // Where an unretired seq sits in grp.
  function automatic logic is_grp(input logic [SW-1:0] sq, input logic [SW-1:0] d, input logic [NF-1:0] g);
    logic [SW-1:0] k;
    k = sq - d - SW'(1);
    is_grp = k < SW'(NF) && g[k[2:0]];
  endfunction

  // Gated by rst_n only: an induction leaves $initstate free in every step (docs/formal.md).
  always @(*) if (rst_n) begin
    if (opens) assert (t_valid != '1);
    assert (sel_pending == count_q);
    assert (sel_open == open_q);
    for (int c = 0; c < NC; c++) if (t_more[c]) assert (t_open[c*8 +: 8] == 8'hFF);
    assert (sel_read_pending <= sel_pending);
    // an entry retires (group_done) exactly when seq_done reaches it
    assert (group_done == (|(t_valid & ~live_mask)));
    for (int i = 0; i < NENT; i++) begin
      if (t_valid[i]) begin
        // an unretired bulk_group command, or the one that retired last (leaving now)
        assert (t_seq[i*SW +: SW] == done || (live_mask[i] && is_grp(t_seq[i*SW +: SW], done, grp)));
        assert (32'(t_cta[i*4 +: 4]) < NC);
        // taken only for a group not complete when its commit came (no group_done for a
        // finished one)
        if (!valid_q[i]) assert ($signed(t_seq[i*SW +: SW] - done_q) > 0);
        for (int j = i + 1; j < NENT; j++)
          if (t_valid[j]) assert (t_seq[i*SW +: SW] != t_seq[j*SW +: SW]);
        // the one that retired last: accepted while ngrp, it included, was at most QD + 1
        if (t_seq[i*SW +: SW] == done) assert (ngrp <= 3'(QD));
      end
    end
    // a CTA's live last command is an unretired bulk_group command or the one that retired
    // last; with its group open, in no entry
    for (int c = 0; c < NC; c++) begin
      assert (t_lcnt[c*2 +: 2] == 2'(c == 0 ? cnt0 : cnt1));
      if (t_live[c]) begin
        assert (t_last[c*SW +: SW] == done || (live(t_last[c*SW +: SW], done, issued) &&
                                                is_grp(t_last[c*SW +: SW], done, grp)));
        if (t_last[c*SW +: SW] == done) assert (ngrp <= 3'(QD));
        if (t_open[c*8 +: 8] != 0)
          for (int i = 0; i < NENT; i++)
            if (t_valid[i]) assert (t_seq[i*SW +: SW] != t_last[c*SW +: SW]);
        for (int d = c + 1; d < NC; d++)
          if (t_live[d]) assert (t_last[c*SW +: SW] != t_last[d*SW +: SW]);
      end
    end
    assert (inflight <= SW'(NF));
    assert (ngrp <= 3'(NENT));
    for (int k = 0; k < NF; k++) if (SW'(k) >= inflight) assert (!grp[k]);
  end

  always @(*) if (rst_n) begin
    cover (opens && t_valid == 3'b001);
    cover (group_done && sel_pending == 8'd1);
  end
endmodule
