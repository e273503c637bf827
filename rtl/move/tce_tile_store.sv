// Tile-mode tensor store (cp.async.bulk.tensor.Nd.global.shared::cta.tile.bulk_group), and
// the walk of a tensor reduce (the writes go through tce_rmw_global): walks the box row by
// row and writes each row's in-bounds part to global memory.
//
// What is written (csim/tile.c, from tile_store.txt): a row whose dims 1..4 coordinates
// lie outside the tensor is skipped; inside a row, dim 0 is clipped at the tensor's end
// rounded UP to 16 bytes (the H100 writes whole 16-byte chunks, even elements past
// globalDim[0] inside the last one). Coordinates are never negative here (the checker
// refuses them, as the H100 traps), and the innermost one starts on 16 bytes, so a row
// writes the chunks [0, hi) of the box row, hi a multiple of 16.
//
// Three stages run at once, so one W beat leaves per cycle in steady state:
//  - the row walker (tce_row_walk): the box odometer (or, with ext_rows, a row generator outside, as for
//    tce_tile_load: tce_gather4_walk's four rows for tile::scatter4, tce_im2col_walk's
//    pixels for .im2col_no_offs; `row_step` moves it on, and its `ext_x` is read from the
//    next cycle) gives each row's global
//    address, a row per cycle (plus one per dimension whose coordinate jumps); in-bounds rows
//    go into a 2-entry row FIFO, so the next row's address is ready when a row ends;
//  - the burst issuer: cuts each row into INCR bursts (4 KB pages, <= 256 beats) and sends
//    their AWs, up to NB bursts ahead of the reads, so a reduce's read-modify-write
//    (tce_rmw_global, which issues a burst's AR with its AW) has the old values of the next
//    bursts on the way while the current one is written;
//  - the read issuer: walks each burst in aligned W beats and issues one shared-memory read
//    per cycle while fewer than SMD reads are unconsumed. The port returns whole aligned
//    words, so one read serves every chunk of the beat that lies in the same word after the
//    swizzle (all chunks, when global and shared addresses are aligned alike: swizzles
//    permute 16-byte chunks inside a word); a beat whose chunks lie in several words takes
//    one read per word. Each read's tag says which beat lanes it fills, from which response
//    lane, and whether it ends the beat (and the burst);
//  - the beat assembler: pops responses (buffered SMD deep: the response channel has no
//    back-pressure) with their tags and sends the finished beat on W.
module tce_tile_store #(
    parameter int DATA_W = 256,
    parameter int ID_W   = 4,
    parameter int SMD    = 8,       // shared-memory reads in flight (response buffer)
    parameter int NB     = 16,      // bursts whose AW may precede their reads (power of two)
    parameter int GADDR_W = 64,     // global address bits of the tensor path (tce_engine)
    parameter bit EXT_ROWS = 1'b1,  // rows may come from ext_x (im2col_no_offs, scatter4 builds)
    // 1: the row walker is this module's own; 0: it is outside (xw_*), shared with the tile
    // load (tce_tile_load OWN_WALK).
    parameter bit OWN_WALK = 1'b1
) (
    input  logic              clk,
    input  logic              rst_n,
    input  logic              start,
    input  logic [2:0]        rank,
    input  logic [2:0]        ul,          // log2 bytes of a dim-0 unit (element, or 16/32-byte slice)
    input  logic [3:0]        e0,          // dim-0 traversal stride in units (interleave; else 1)
    input  logic [GADDR_W-1:0] gaddr,
    input  logic [164:0]      gdim,
    input  logic [4*GADDR_W-1:0] gstride,
    input  logic [35:0]       n,
    input  logic [15:0]       e,
    input  logic [159:0]      coords,
    input  logic [2:0]        swizzle,
    input  logic [3:0]        src_cta,
    input  logic [23:0]       soff,
    input  logic [13:0]       row_bytes,
    input  logic [13:0]       pitch,
    input  logic              ext_rows,    // rows from a row generator (scatter4, im2col_no_offs)
    input  logic [159:0]      ext_x,
    input  logic              ext_last,
    output logic              row_step,
    // The row walker outside (OWN_WALK = 0): its start and next, and the row it presents.
    output logic              xw_start,
    output logic              xw_next,
    input  tce_walk_pkg::xw_row_t xw_row,
    output logic              done,
    output logic [7:0]        status,
    output logic [39:0]       bytes_written,
    // AXI4 write address / data / response
    output logic              awvalid,
    input  logic              awready,
    output logic [tce_axi_pkg::ax_bits(ID_W)-1:0] axi_aw,
    output logic              wvalid,
    input  logic              wready,
    output logic [tce_axi_pkg::w_bits(DATA_W)-1:0] axi_w,
    input  logic              bvalid,
    output logic              bready,
    input  tce_axi_pkg::b_t   axi_b,
    // Shared-memory reads and their in-order responses
    output logic              sm_valid,
    input  logic              sm_ready,
    output logic [3:0]        sm_cta,
    output logic [23:0]       sm_addr,
    input  logic              sm_rsp_valid,
    input  logic [DATA_W-1:0] sm_rsp_rdata,
    input  logic              sm_rsp_err
);
  `TCE_AXI_TYPEDEFS(DATA_W, ID_W)
  axi_ax_t aw_s;
  axi_w_t  w_s;
  assign axi_aw = aw_s;
  assign axi_w  = w_s;

  localparam int DB  = DATA_W / 8;
  // A burst of 256 beats must reach its page's end (the burst issuer's AWLEN).
  if (DATA_W < 128) begin : g_bad_data_w
    $error("tce_tile_store: DATA_W must be at least 128");
  end
  localparam int LB  = $clog2(DB);
  localparam int NCH = DB / 16;
  localparam int LW  = (NCH > 1) ? $clog2(NCH) : 1;   // bits of a chunk lane index
  localparam int SA  = $clog2(SMD);
  // Addresses: a stored row lies in the tensor (coordinates >= 0, in bounds), and
  // tce_tile_check refuses a tensor that does not fit below 2^GADDR_W, so the row walk's
  // GADDR_W-bit row address is the true one; from there on they are AW bits, one more, so
  // that a row end, page end or burst-length limit at the top of that range does not wrap
  // (the full 64-bit build keeps 64).
  localparam int AW = (GADDR_W < 64) ? GADDR_W + 1 : 64;

  function automatic logic [23:0] swz(input logic [2:0] mode, input logic [23:0] a);
    logic [23:0] r;
    r = a;
    case (mode)
      3'd1, 3'd7: r[4]   = a[4] ^ a[7];
      3'd2:       r[5:4] = a[5:4] ^ a[8:7];
      3'd3:       r[6:4] = a[6:4] ^ a[9:7];
      3'd4, 3'd5: r[6:5] = a[6:5] ^ a[8:7];
      3'd6:       r[6]   = a[6] ^ a[7];
      default: ;
    endcase
    swz = r;
  endfunction

  // ------------------------------------------------------------- command
  logic [32:0]  gd0;
  logic [2:0]   sw;
  logic [3:0]   cta;
  logic [13:0]  rbytes;
  logic [3:0]   ee0;           // dim-0 stride in units
  logic         strided;       // ee0 > 1: each slice of a row is its own segment
  logic         err_bus, err_smem;
  logic [15:0]  b_outstanding;

  // ------------------------------------------------------------- row walker
  typedef enum logic [1:0] { R_IDLE, R_PUSH, R_END } rstate_t;
  rstate_t state;
  logic [GADDR_W-1:0] row_g;
  logic [23:0] row_sbase;
  logic        row_valid, row_inb, last_row, row_go;
  wire walk_start = start && state == R_IDLE;
  assign xw_start = walk_start;
  assign xw_next  = row_go;
  tce_mover_walk #(.GADDR_W(GADDR_W), .EXT_ROWS(EXT_ROWS), .OWN_WALK(OWN_WALK)) u_walk (
    .clk, .rst_n, .start(walk_start), .rank, .ul, .gaddr, .gdim14(gdim[164:33]),
    .gstride, .n, .e, .coords, .soff, .pitch, .ext_rows, .ext_x, .ext_last,
    .next(row_go), .xw_row, .row_valid, .row_g, .row_sbase, .row_inb, .last_row, .row_step
  );

  // Dim-0 clip: bytes of the row before the tensor's end rounded up to 16 (the same for
  // every row of the command). An interleaved unit is a whole slice, so its end is already
  // on 16 bytes; with a stride (strided) only the first slice is measured here: it decides
  // whether the row writes anything, and the burst issuer ends the row at the first slice
  // past the end.
  // In stages, so the unit shift (`ul`) and the 41-bit compares do not run on into the row
  // FIFO: at start the tensor's end and c0 in bytes (end0_16, c0b) and whether the clip
  // leaves anything (d0_any, which is what a row push needs from it); the cycle after, the
  // clip itself (hi), first read by a row FIFO pop, which comes at least a cycle after the
  // first push.
  logic [40:0] end0_16, c0b;
  logic        d0_any;
  logic [13:0] hi;
  logic [32:0] c0e;            // c0 + e0: the dim-0 coordinate of a row's second slice
  wire [40:0] end0_16_in = (({8'd0, gdim[32:0]} << ul) + 41'd15) & ~41'd15;
  wire [40:0] c0b_in = {9'd0, coords[31:0]} << ul;   // c0 >= 0 (checked)
  // The unit in bytes and a strided row's steps between slices in global memory, from
  // one slice's start to the next's (ee0 units), its end and its last byte: registers set at
  // start, so no shift by the unit runs into a slice's end.
  logic [13:0] unit_b, unit_m1;
  logic [AW-1:0] gstep, gstep_u, gstep_um1;
  wire [4:0] e0p1 = {1'b0, e0} + 5'd1;

  // Row FIFO: rows to write (global address, pre-swizzle shared address).
  logic [AW-1:0] rq_g [2];
  logic [23:0] rq_s [2];
  logic        rq_head, rq_tail;
  logic [1:0]  rq_count;
  wire row_wanted = row_inb && d0_any;
  assign row_go   = (state == R_PUSH) && row_valid && (!row_wanted || rq_count != 2'd2);
  wire rq_push    = row_go && row_wanted;
  wire rq_pop;

  // ------------------------------------------------------------- burst issuer
  logic         a_act;         // a row is being cut into bursts
  logic [AW-1:0]  a_rowg, a_end; // its global range [a_rowg, a_end)
  logic [AW-1:LB] a_endm1;       // page and beat of its last byte (a_end - 1)
  wire            a_lastp = (a_addr[AW-1:12] == a_endm1[AW-1:12]);   // the burst ends it
  logic [23:0]  a_sbase;
  logic [AW-1:0]  a_addr;        // aligned global address of the next burst's first beat
  // Strided: of the slice after the one being cut, the row offset ((k+1) << ul) and dim-0
  // coordinate (c0 + (k+1)*e0), and whether that slice is written (a_more, a register:
  // formed when the slice before it is taken, so no add, shift or compare runs into the
  // row FIFO's pop). a_more0 is the first slice's (the same for every row).
  logic [13:0]  a_noff;
  logic [33:0]  a_nx0;
  logic         a_more, a_more0;

  logic [AW-1:0] next_burst_end, a_first, a_nextg;
  logic [11:LB]  burst_len;     // beats in the burst - 1 (AWLEN)
  wire         aw_fire;
  // A strided row (interleave, e0 > 1) is cut one slice at a time: slice k lies at global
  // row + k*e0*unit and shared row + k*unit, and the row ends after the box's last slice or
  // the last one inside the tensor (c0 + k*e0 < gdim[0]; slices past it are not written).
  // Otherwise the whole row [a_rowg, a_end) is one segment. Computed only while a row is
  // being cut (a_act; awvalid is low otherwise).
  always_comb begin
    logic [AW-1:0] page_end;
    page_end = '0;
    next_burst_end = '0; burst_len = '0; a_first = '0; a_nextg = '0;
    if (a_act) begin
      // A burst ends at the 4 KB page's end or the segment's, whichever is first (256
      // beats reach at least the page's end, DATA_W >= 128): the segment's on the page of
      // its last byte, an equality with a register, and the burst's beats a difference of
      // beat indices inside the page (a_addr is aligned while a row is cut).
      page_end = {a_addr[AW-1:12] + (AW-12)'(1), 12'd0};
      next_burst_end = a_lastp ? a_end : page_end;
      burst_len = a_lastp ? a_endm1[11:LB] - a_addr[11:LB] : ~a_addr[11:LB];
      a_first = (a_addr < a_rowg) ? a_rowg : a_addr;
      a_nextg    = a_rowg + gstep;
    end
  end
  wire        a_seg_done = aw_fire && a_lastp;
  // The last byte of the row's next slice (strided) and of a new row's segment.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [13:0]   seg_m1  = strided ? unit_m1 : hi - 14'd1;
  wire [AW-1:0] a_slice_last = a_rowg + gstep_um1;
  wire [AW-1:0] a_row_last   = rq_g[rq_head] + AW'(seg_m1);
  /* verilator lint_on UNUSEDSIGNAL */
  wire        a_row_done = a_seg_done && !a_more;

  // Burst FIFO: first byte, length, and the shared address minus the global one (so a
  // lane's pre-swizzle shared address is s_minus + its global address, modulo 2^24).
  localparam int NBA = $clog2(NB);
  logic [AW-1:0]  bq_first [NB];
  logic [12:0]  bq_len   [NB];
  logic [23:0]  bq_sm    [NB];
  logic [NBA-1:0] bq_wp, bq_rp;
  logic [NBA:0]   bq_count;
  wire bq_pop;
  // The head burst's first byte's lane plus its length: its end from its first beat.
  wire [13:0] q_tot = 14'(bq_first[bq_rp][LB-1:0]) + {1'b0, bq_len[bq_rp]};

  // ------------------------------------------------------------- read issuer
  logic         b_act;         // a burst is being read
  // The current beat, by small numbers instead of global addresses (no 64-bit sum or
  // compare per beat): its lane 0's pre-swizzle shared address, whether it is the burst's
  // first (lanes below b_flo are not the burst's) and its last (lanes from b_elo on are
  // not), and the beats after it.
  logic [23:0]  b_sa;
  logic         b_fb, b_lb;
  logic [LB-1:0] b_flo;
  logic [LB:0]  b_elo;
  logic [8:0]   b_nb;
  logic         b_fresh;       // no read of the current beat issued yet
  logic [NCH-1:0] b_pend;      // lanes of the current beat still to read

  // Each lane of the beat: whether it is in the burst, its shared word, the response lane
  // it comes from and whether its halves swap (128B_ATOM_32B_FLIP_8B on odd 128-byte
  // lines). Then this read: the word of the first pending lane, and every pending lane in
  // that word. Computed only while a burst is being read (b_act; sm_valid is low otherwise).
  logic [NCH-1:0] live, pend, take, l_flip;
  logic [23:0]    l_word [NCH];
  logic [LW-1:0]  l_src  [NCH];
  logic [23:0]    r_word;
  logic           beat_end, burst_end_now;
  always_comb begin
    logic        found;
    logic [23:0] pa, ph;
    pa = '0; ph = '0;
    live = '0; pend = '0; take = '0; l_flip = '0; r_word = '0; found = 1'b0;
    beat_end = 1'b0; burst_end_now = 1'b0;
    for (int i = 0; i < NCH; i++) begin l_word[i] = '0; l_src[i] = '0; end
    if (b_act) begin
      for (int i = 0; i < NCH; i++) begin
        live[i] = (!b_fb || (LB+1)'(16 * i) >= {1'b0, b_flo}) &&
                  (!b_lb || (LB+1)'(16 * i) < b_elo);
        pa = b_sa + 24'(16 * i);
        ph = swz(sw, pa);
        l_word[i] = {ph[23:LB], {LB{1'b0}}};
        l_src[i]  = (NCH > 1) ? LW'(ph >> 4) : '0;
        l_flip[i] = (sw == 3'd5) && pa[7];
      end
      pend = b_fresh ? live : b_pend;
      for (int i = 0; i < NCH; i++)
        if (pend[i] && !found) begin found = 1'b1; r_word = l_word[i]; end
      for (int i = 0; i < NCH; i++) take[i] = pend[i] && (l_word[i] == r_word);
      beat_end      = (pend & ~take) == '0;
      burst_end_now = b_lb;
    end
  end

  // Tags of reads not yet consumed by the assembler; the response data beside them.
  localparam int TW = NCH * (LW + 2) + 2;
  logic [TW-1:0]     t_fifo [SMD];
  logic [DATA_W-1:0] d_fifo [SMD];
  logic [SA-1:0]     t_wp, d_wp, rdp;
  logic [SA:0]       t_count, d_count;

  assign awvalid  = a_act && bq_count != (NBA+1)'(NB);
  assign aw_s.id   = '0;
  assign aw_s.addr = 64'(a_first);
  assign aw_s.len  = 8'(burst_len);
  assign bready   = 1'b1;
  assign aw_fire  = awvalid && awready;
  assign rq_pop   = (!a_act || a_row_done) && rq_count != 2'd0;
  // A burst's reads start after its AW, so its W beats can never come before it.
  assign sm_valid = b_act && (t_count != (SA+1)'(SMD));
  assign sm_cta   = cta;
  assign sm_addr  = r_word;
  wire sm_fire = sm_valid && sm_ready;
  assign bq_pop = (!b_act || (sm_fire && beat_end && burst_end_now)) && bq_count != '0;

  logic [TW-1:0] tag_in;
  always_comb begin
    tag_in = '0;
    for (int i = 0; i < NCH; i++) begin
      tag_in[i * (LW + 2) +: LW + 2] = {take[i], l_flip[i], l_src[i]};
    end
    tag_in[TW-1:TW-2] = {beat_end, burst_end_now};
  end

  // ------------------------------------------------------------- beat assembler
  logic [DATA_W-1:0] acc;
  logic [DB-1:0]     acc_m;
  logic              o_valid, o_last;
  logic [DATA_W-1:0] o_data;
  logic [DB-1:0]     o_strb;
  wire [TW-1:0]       h_tag  = t_fifo[rdp];
  wire                h_end  = h_tag[TW-1];
  wire                h_last = h_tag[TW-2];
  wire o_free = !o_valid || wready;
  wire a_pop  = (d_count != '0) && (!h_end || o_free);

  assign wvalid = o_valid;
  assign w_s.data = o_data;
  assign w_s.strb = o_strb;
  assign w_s.last = o_last;

  wire drained = rq_count == 2'd0 && !a_act && bq_count == '0 && !b_act && t_count == '0 && !o_valid &&
                 b_outstanding == 16'd0 && !bvalid;

  // The burst FIFO and the read tag / response FIFOs: an entry is read only after it is
  // written (their counts say so), so they need no reset, and without one Yosys puts them
  // in LUT RAM instead of flip-flops and wide read multiplexers.
  always_ff @(posedge clk) begin
    if (aw_fire) begin
      bq_first[bq_wp] <= a_first;
      bq_len[bq_wp]   <= 13'(next_burst_end - a_first);
      bq_sm[bq_wp]    <= a_sbase - a_rowg[23:0];
    end
    if (sm_fire) t_fifo[t_wp] <= tag_in;
    if (sm_rsp_valid) d_fifo[d_wp] <= sm_rsp_rdata;
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      state <= R_IDLE; done <= 1'b0; status <= '0; bytes_written <= '0;
      gd0 <= '0; sw <= '0; cta <= '0; rbytes <= '0;
      end0_16 <= '0; c0b <= '0; d0_any <= 1'b0; hi <= '0; c0e <= '0;
      unit_b <= '0; unit_m1 <= '0; gstep <= '0; gstep_u <= '0; gstep_um1 <= '0;
      ee0 <= 4'd1; strided <= 1'b0; a_noff <= '0; a_nx0 <= '0; a_more <= 1'b0; a_more0 <= 1'b0;
      err_bus <= 1'b0; err_smem <= 1'b0;
      for (int i = 0; i < 2; i++) begin rq_g[i] <= '0; rq_s[i] <= '0; end
      rq_head <= 1'b0; rq_tail <= 1'b0; rq_count <= '0;
      a_act <= 1'b0; a_rowg <= '0; a_end <= '0; a_endm1 <= '0; a_sbase <= '0; a_addr <= '0;
      bq_wp <= '0; bq_rp <= '0; bq_count <= '0;
      b_act <= 1'b0; b_sa <= '0; b_fb <= 1'b0; b_lb <= 1'b0; b_flo <= '0; b_elo <= '0;
      b_nb <= '0;
      b_fresh <= 1'b0; b_pend <= '0;
      t_wp <= '0; d_wp <= '0; rdp <= '0; t_count <= '0; d_count <= '0;
      acc <= '0; acc_m <= '0; o_valid <= 1'b0; o_last <= 1'b0; o_data <= '0; o_strb <= '0;
      b_outstanding <= '0;
    end else begin
      done <= 1'b0;
      b_outstanding <= b_outstanding + {15'd0, awvalid && awready} - {15'd0, bvalid && bready};
      if (bvalid && bready && axi_b.resp != 2'b00) err_bus <= 1'b1;
      if (sm_rsp_valid && sm_rsp_err) err_smem <= 1'b1;

      // ---- dim-0 clip (its inputs are fixed while a command runs; computed only then,
      // for the simulation speed)
      if (state != R_IDLE) begin : clip
        logic [40:0] avail;
        avail = (end0_16 > c0b) ? end0_16 - c0b : 41'd0;
        hi <= (avail < {27'd0, rbytes}) ? avail[13:0] : rbytes;
        a_more0 <= strided && unit_b < rbytes && {1'b0, c0e} < {1'b0, gd0};
      end

      // ---- row walker
      case (state)
        R_IDLE: if (start) begin
          gd0 <= gdim[32:0]; sw <= swizzle; cta <= src_cta;
          c0e <= {1'b0, coords[31:0]} + {29'd0, e0};
          unit_b <= 14'd1 << ul; unit_m1 <= (14'd1 << ul) - 14'd1;
          gstep <= AW'(e0) << ul;
          gstep_u <= AW'(e0p1) << ul;
          gstep_um1 <= (AW'(e0p1) << ul) - AW'(1);
          rbytes <= row_bytes; ee0 <= e0; strided <= e0 > 4'd1;
          end0_16 <= end0_16_in; c0b <= c0b_in;
          d0_any <= end0_16_in > c0b_in && row_bytes != 14'd0;
          err_bus <= 1'b0; err_smem <= 1'b0; bytes_written <= '0;
          state <= R_PUSH;
        end
        R_PUSH: if (row_go && last_row) state <= R_END;
        R_END: if (drained) begin
          state <= R_IDLE; done <= 1'b1;
          status <= err_bus ? tce_op_pkg::ST_GLOBAL_BUS :
                    err_smem ? tce_op_pkg::ST_SHARED_RANGE : tce_op_pkg::ST_OK;
        end
        default: state <= R_IDLE;
      endcase

      // ---- row FIFO
      if (rq_push) begin
        rq_g[rq_tail] <= AW'(row_g);
        rq_s[rq_tail] <= row_sbase;
        rq_tail <= ~rq_tail;
      end
      if (rq_pop) rq_head <= ~rq_head;
      rq_count <= rq_count + {1'b0, rq_push} - {1'b0, rq_pop};

      // ---- burst issuer
      if (aw_fire) begin
        bq_wp <= bq_wp + 1'b1;
        a_addr <= next_burst_end;
        if (a_row_done) a_act <= 1'b0;
        if (a_seg_done && a_more) begin   // the row's next slice
          a_rowg <= a_nextg;
          a_end <= a_rowg + gstep_u;
          a_endm1 <= a_slice_last[AW-1:LB];
          a_sbase <= a_sbase + {10'd0, unit_b};
          a_addr <= {a_nextg[AW-1:LB], {LB{1'b0}}};
          a_noff <= a_noff + unit_b;
          a_nx0 <= a_nx0 + {30'd0, ee0};
          a_more <= a_noff + unit_b < rbytes && a_nx0 + {30'd0, ee0} < {1'b0, gd0};
          bytes_written <= bytes_written + {26'd0, unit_b};
        end
      end
      if (rq_pop) begin
        a_act <= 1'b1;
        a_rowg <= rq_g[rq_head];
        a_end <= rq_g[rq_head] + (strided ? AW'(unit_b) : AW'(hi));
        a_endm1 <= a_row_last[AW-1:LB];
        a_sbase <= rq_s[rq_head];
        a_addr <= {rq_g[rq_head][AW-1:LB], {LB{1'b0}}};
        a_noff <= unit_b;
        a_nx0 <= {1'b0, c0e};
        a_more <= a_more0;
        bytes_written <= bytes_written + {26'd0, strided ? unit_b : hi};
      end
      bq_count <= bq_count + (NBA+1)'(aw_fire) - (NBA+1)'(bq_pop);

      // ---- read issuer
      if (sm_fire) begin
        b_fresh <= 1'b0;
        b_pend <= pend & ~take;
        if (beat_end) begin
          b_sa <= b_sa + 24'(DB);
          b_fb <= 1'b0;
          b_nb <= b_nb - 9'd1;
          b_lb <= b_nb == 9'd1;
          b_fresh <= 1'b1;
          if (burst_end_now) b_act <= 1'b0;
        end
      end
      if (bq_pop) begin
        b_act <= 1'b1;
        // its bytes [first, first + len): from lane first mod DB of the first beat to
        // lane b_elo - 1 of the last (len >= 1)
        b_sa <= bq_sm[bq_rp] + {bq_first[bq_rp][23:LB], {LB{1'b0}}};
        b_fb <= 1'b1;
        b_flo <= bq_first[bq_rp][LB-1:0];
        b_nb <= 9'((q_tot - 14'd1) >> LB);
        b_lb <= (q_tot - 14'd1) >> LB == 14'd0;
        b_elo <= (q_tot[LB-1:0] == '0) ? (LB+1)'(DB) : {1'b0, q_tot[LB-1:0]};
        b_fresh <= 1'b1;
        bq_rp <= bq_rp + 1'b1;
      end

      // ---- read tags and responses
      if (sm_fire) begin
        t_wp <= t_wp + 1'b1;
      end
      if (sm_rsp_valid) begin
        d_wp <= d_wp + 1'b1;
      end
      t_count <= t_count + (SA+1)'(sm_fire) - (SA+1)'(a_pop);
      d_count <= d_count + (SA+1)'(sm_rsp_valid) - (SA+1)'(a_pop);

      // ---- beat assembler and W
      if (o_valid && wready) o_valid <= 1'b0;
      // The head response's lanes merged into the beat, computed here under a_pop, its one
      // reader, so an idle assembler costs no simulation time.
      if (a_pop) begin : merge
        logic [DATA_W-1:0] m_data;
        logic [DB-1:0]     m_strb;
        m_data = acc; m_strb = acc_m;
        for (int i = 0; i < NCH; i++) begin
          logic [LW+1:0] t;
          logic [127:0]  c;
          t = h_tag[i * (LW + 2) +: LW + 2];
          c = '0;
          for (int l = 0; l < NCH; l++)
            if (t[LW-1:0] == LW'(l)) c = d_fifo[rdp][l*128 +: 128];
          if (t[LW]) c = {c[63:0], c[127:64]};
          if (t[LW+1]) begin
            m_data[i*128 +: 128] = c;
            m_strb[i*16 +: 16] = 16'hFFFF;
          end
        end
        rdp <= rdp + 1'b1;
        if (h_end) begin
          o_valid <= 1'b1; o_data <= m_data; o_strb <= m_strb; o_last <= h_last;
          acc <= '0; acc_m <= '0;
        end else begin
          acc <= m_data; acc_m <= m_strb;
        end
      end
    end
  end
endmodule
