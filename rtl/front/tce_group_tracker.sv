// Bulk async-group bookkeeping (cp.async.bulk.commit_group / wait_group{.read}).
//
// PTX groups are per thread; one thread per CTA issues, so the engine keeps one context per
// issuing CTA. Commands retire strictly in order, so a committed group is complete exactly
// when its LAST command has retired: a group is therefore stored as just (cta, sequence
// number of its last command). Only groups whose last command has not retired yet need an
// entry, and each such group ends at a distinct unretired command, so QUEUE_DEPTH + 1
// entries (queued plus executing) can never overflow.
// A CTA's last group command is compared with seq_done only while it is unretired
// (last_live): the wrap-safe compare then never sees a stale seq 2^(SEQ_W-1) behind, however long
// a CTA leaves its last group uncommitted.
// A CTA may leave any number of commands uncommitted (they retire meanwhile), so its open
// count stops at its largest value (GROUP_OPEN.COUNT's width, regmap.def) and a flag beside
// it records that it went past (GROUP_OPEN.MORE).
module tce_group_tracker #(
    parameter int NUM_CTAS    = 16,
    parameter int QUEUE_DEPTH = 8,
    // Sequence number bits (the engine's are 32). The logic is correct at any width whose
    // half, 2^(SEQ_W-1), exceeds the unretired commands; the proof runs at a narrow one.
    parameter int SEQ_W       = 32
) (
    input  logic        clk,
    input  logic        rst_n,
    input  logic        clear,          // CTRL.SOFT_RESET
    // A doorbell was accepted: the command's CTA, whether it completes via bulk_group, its seq.
    input  logic        accept,
    input  logic [3:0]  accept_cta,
    input  logic        accept_is_group,
    input  logic [SEQ_W-1:0] accept_seq,
    // GROUP_COMMIT written for commit_cta.
    input  logic        commit,
    input  logic [3:0]  commit_cta,
    // Retirement: every command with seq <= seq_done has retired. The executing command
    // (cur_seq) has finished reading its source once cur_reads_done is set.
    input  logic [SEQ_W-1:0] seq_done,
    input  logic        cur_valid,
    input  logic [SEQ_W-1:0] cur_seq,
    input  logic        cur_reads_done,
    // The context GROUP_SEL selects, counted from this cycle's state and registered (the
    // register block reads them a cycle after it accepts the read: tce_regs).
    input  logic [3:0]  sel_cta,
    output logic [7:0]  sel_pending,
    output logic [7:0]  sel_read_pending,
    output logic [tce_regs_pkg::GROUP_OPEN_COUNT_W:0] sel_open,   // GROUP_OPEN: {MORE, COUNT}
    output logic        group_done      // a pending group completed this cycle (IRQ_STATUS.GROUP)
);
  localparam int NENT = QUEUE_DEPTH + 1;
  localparam int OCW = tce_regs_pkg::GROUP_OPEN_COUNT_W;

  logic [OCW-1:0] open_cnt [NUM_CTAS];
  logic [NUM_CTAS-1:0] open_more;   // open_cnt went past its largest value (it holds it): GROUP_OPEN.MORE
  logic [SEQ_W-1:0] last_seq [NUM_CTAS];
  // last_seq[c] has not retired: set by the accept, cleared in the cycle seq_done reaches it
  // (seq_done counts retirements one by one; a soft reset, its only jump, clears it too).
  logic [NUM_CTAS-1:0] last_live;
  logic [NENT-1:0] ent_valid;   // one vector: "no entry valid" is a single test
  logic [3:0]  ent_cta   [NENT];
  logic [SEQ_W-1:0] ent_seq   [NENT];
  // Live entries per CTA, kept beside the entries (+1 when a commit takes one, -1 when one
  // retires), so GROUP_PENDING is a read of a counter rather than a count over the entries
  // (a chain of nine adders: 19 LUT levels). CTA c's count is live_cnt[c*NW +: NW]: one
  // vector, loaded whole, which the simulator updates as one variable (an array loaded
  // element by element in a loop got a pending-write flag per element, tested every cycle).
  localparam int NW = $clog2(NENT + 1);
  logic [NUM_CTAS*NW-1:0] live_cnt, live_nx;

  // Wrap-safe: s has retired when done is at or past it (their distance is non-negative).
  // The distance's sign bit, not a compare with 0: Yosys builds `>= 0` as a second carry
  // chain behind the subtraction's.
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic retired(input logic [SEQ_W-1:0] done, input logic [SEQ_W-1:0] s);
    logic [SEQ_W-1:0] d;
    d = done - s;
    retired = !d[SEQ_W-1];
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // Which entries retire now. Only a valid entry can, so with none valid (most cycles: an
  // entry lives from a commit to its group's last retirement) the nine wrap-safe compares
  // are skipped; the gate changes no value, it only saves Verilator evaluating them every
  // cycle (docs/sim_speed.md).
  logic [NENT-1:0] ent_retire;
  always_comb begin
    ent_retire = '0;
    if (ent_valid != '0)
      for (int i = 0; i < NENT; i++) ent_retire[i] = ent_valid[i] && retired(seq_done, ent_seq[i]);
  end
  assign group_done = |ent_retire;

  wire [3:0] cc = commit_cta;
  // The CTA numbers as array indices, NUM_CTAS's width: every use is behind a test that the
  // 4-bit number is below NUM_CTAS (a CTA outside the build changes nothing).
  localparam int CI = NUM_CTAS > 1 ? $clog2(NUM_CTAS) : 1;
  wire [CI-1:0] cc_i = cc[CI-1:0];
  wire [CI-1:0] acc_i = accept_cta[CI-1:0];
  wire [CI-1:0] sel_i = sel_cta[CI-1:0];
  logic [NUM_CTAS-1:0] last_now;   // last_live as of this cycle's seq_done (gated as ent_retire)
  always_comb begin
    last_now = last_live;
    if (last_live != '0)
      for (int c = 0; c < NUM_CTAS; c++) if (seq_done == last_seq[c]) last_now[c] = 1'b0;
  end
  wire commit_live = commit && (open_cnt[cc_i] != 0) && |(last_now & (NUM_CTAS'(1) << cc));
  // A commit takes the first free entry (for a CTA of this build, with one free: see the
  // header), as a one-hot: the lowest clear bit of ent_valid (no index to encode and decode).
  wire [NENT-1:0] free_oh = ~ent_valid & (ent_valid + 1'b1);
  wire taken = commit_live && 32'(cc) < NUM_CTAS && free_oh != '0;

  // Each CTA's live count moves by at most one a cycle each way: +1 when a commit takes an
  // entry for it, -1 when one of its entries retires (at most one entry retires a cycle:
  // entries hold distinct sequence numbers). The retiring CTA is found per CTA as an
  // AND-OR of the entries' retire bits with "entry i is CTA c" (from registers), not by
  // first forming the retiring entry's CTA number and comparing it (two levels more into
  // the counters, which were the tracker's deepest paths).
  // The count +1 and -1 come from the register alone; inc and dec, the late signals, only
  // choose among them. With no commit taken and no entry retiring (most cycles) every count
  // holds: as ent_retire's gate, it changes no value and saves the simulator the 144
  // entry-by-CTA tests.
  logic [NUM_CTAS-1:0] cta_dec, cta_inc;
  always_comb begin
    live_nx = live_cnt;
    cta_dec = '0;
    cta_inc = '0;
    if (taken || ent_retire != '0)
      for (int c = 0; c < NUM_CTAS; c++) begin
        for (int i = 0; i < NENT; i++)
          if (ent_retire[i] && ent_cta[i] == 4'(c)) cta_dec[c] = 1'b1;
        cta_inc[c] = taken && cc == 4'(c);
        if (cta_inc[c] && !cta_dec[c]) live_nx[c*NW +: NW] = live_cnt[c*NW +: NW] + 1'b1;
        else if (cta_dec[c] && !cta_inc[c]) live_nx[c*NW +: NW] = live_cnt[c*NW +: NW] - 1'b1;
      end
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      for (int c = 0; c < NUM_CTAS; c++) begin
        open_cnt[c] <= '0;
        last_seq[c] <= '0;
      end
      live_cnt  <= '0;
      last_live <= '0;
      open_more <= '0;
      ent_valid <= '0;
      for (int i = 0; i < NENT; i++) begin
        ent_cta[i]   <= '0;
        ent_seq[i]   <= '0;
      end
    end else if (clear) begin
      for (int c = 0; c < NUM_CTAS; c++) open_cnt[c] <= '0;
      live_cnt  <= '0;
      last_live <= '0;
      open_more <= '0;
      ent_valid <= '0;
    end else begin : step
      logic [NUM_CTAS-1:0] live_next;
      ent_valid <= ent_valid & ~ent_retire;
      live_next = last_now;
      if (accept && accept_is_group && 32'(accept_cta) < NUM_CTAS) begin
        if (open_cnt[acc_i] != '1) open_cnt[acc_i] <= open_cnt[acc_i] + 1'b1;
        else open_more[acc_i] <= 1'b1;
        last_seq[acc_i] <= accept_seq;
        for (int c = 0; c < NUM_CTAS; c++) if (accept_cta == 4'(c)) live_next[c] = 1'b1;
      end
      last_live <= live_next;
      if (commit && 32'(cc) < NUM_CTAS) begin
        open_cnt[cc_i] <= '0;
        open_more[cc_i] <= 1'b0;
        // A free entry always exists (see the header); the check keeps a broken invariant
        // from overwriting a live entry.
        for (int i = 0; i < NENT; i++)
          if (taken && free_oh[i]) begin
            ent_valid[i] <= 1'b1;
            ent_cta[i]   <= cc;
            ent_seq[i]   <= last_seq[cc_i];
          end
      end
      live_cnt <= live_nx;
    end
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      sel_pending <= '0; sel_read_pending <= '0; sel_open <= '0;
    end else begin : count
      logic [7:0] p;
      logic       cur_hit;   // the executing command ends one of them and has read its source
      p = 8'd0;
      for (int c = 0; c < NUM_CTAS; c++) if (sel_cta == 4'(c)) p = 8'(live_cnt[c*NW +: NW]);
      cur_hit = 1'b0;
      // As ent_retire: nothing to compare without a valid entry. At most one entry holds
      // cur_seq (distinct seqs).
      if (ent_valid != '0 && cur_valid && cur_reads_done)
        for (int i = 0; i < NENT; i++)
          if (ent_valid[i] && ent_cta[i] == sel_cta && ent_seq[i] == cur_seq) cur_hit = 1'b1;
      sel_pending <= p;
      sel_read_pending <= p - 8'(cur_hit);
      sel_open <= (32'(sel_cta) < NUM_CTAS) ? {open_more[sel_i], open_cnt[sel_i]} : '0;
    end
  end
endmodule
