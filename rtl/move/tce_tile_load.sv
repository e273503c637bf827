// Tile-mode tensor load (cp.async.bulk.tensor.Nd.shared::{cta,cluster}.global.tile):
// walks the box row by row (a row = box[0] elements of dim 0 at one position of dims 1..4)
// and writes it to shared memory in 16-byte chunks through the swizzle, once per
// destination CTA.
//
// Per row: coordinates x[i] = c[i] + k[i]*e[i] (i >= 1); a row with any x[i] outside
// [0, gdim[i]) is all fill. Inside a row, dim-0 elements outside [0, gdim[0]) are fill
// (zero, or 0x7FF7 repeated for OOB-NaN on float types); the in-bounds bytes [lo, hi) are
// read with AXI bursts (4 KB pages, <= 256 beats, the IDs in turn with up to RDD bursts each,
// any return order across IDs) and
// each returned beat's chunks are written on arrival, with the out-of-bounds bytes of a
// partly covered chunk replaced by the fill. Chunks wholly outside [lo, hi) are written as
// fill by the row walker itself.
//
// Shared-memory placement: chunk j of row r sits at pre-swizzle address
// A = soff + r*pitch + 16*j, where pitch is the row size padded up to the swizzle span (the
// H100 pads narrow rows). Every swizzle mode permutes whole 16-byte chunks, except that
// 128B_ATOM_32B_FLIP_8B also swaps the two 8-byte halves of a chunk on odd 128-byte lines.
//
// Interleaved layouts (docs/tile.md) use the same walk with a dim-0 unit of one 16- or
// 32-byte slice instead of one element (esl = log2 of the unit, box0 = slices walked) and
// rows that are dense in shared memory (pitch = row bytes, from tce_tile_check). When dim 0
// is walked with a stride e0 > 1 the row's slices are not contiguous in global memory: each
// slice is then read by its own burst(s), which carry the slice's offset in the row, so
// the beat writer places them exactly as it places the pieces of a contiguous row.
//
// Rows come from the box odometer below, or (ext_rows) from a row generator outside: the
// im2col pixel walker (tce_im2col_walk) or the gather4 row list (tce_gather4_walk). Such a
// generator gives the coordinates of dims 1..4 of the current row (ext_x) and whether it is
// the last (ext_last), and moves on at row_step; everything else about a row (bounds, fill,
// reads, placement) is the same for every mode.
//
// Commands overlap: the module is a FRONT END (the row walker above: fill chunks and read
// requests) and a BACK END (R beats written to shared memory, then the mbarrier
// complete-tx, then `done`). Once the walker has issued a command's last read it takes the
// next command (`start`, when `can_start`) while the earlier ones' data is still arriving,
// so the read port stays busy across commands instead of paying the memory latency each
// time. What the back end needs of a command lives in a slot of a small in-flight table
// (NS slots, allocated in command order); each burst context carries its slot. Commands
// complete strictly in order: the oldest slot is finished once the walker is past it, its
// bursts have all returned, its beats are written and every write so far is acknowledged
// by the shared-memory port (responses come in request order); then its complete-tx goes
// out on the mbarrier port (one per destination CTA, only when nothing failed) and is
// acknowledged, and `done` reports its status. The mbarrier port is separate from the data
// port, so while a command's complete-tx is out the next command's beats keep the data
// port busy: a box costs its data beats and nothing more, however many boxes stream.
// Two commands in flight never write overlapping shared memory: `can_start` is withheld
// while the new box or its mbarrier overlaps (at 128-byte line granularity: a swizzle only
// permutes inside a line) the box or mbarrier of a command in flight, so the order of the
// writes to one byte is the command order.
module tce_tile_load #(
    parameter int DATA_W = 256,
    parameter int ID_W   = 4,
    parameter int NRD    = 4,       // AXI IDs used for reads (<= 2**ID_W)
    parameter int RDD    = 4,       // bursts in flight per ID (power of two, >= 2)
    parameter int NS     = 16,      // commands in flight (back-end slots, power of two)
    parameter int GADDR_W = 64,     // global address bits of the tensor path (tce_engine)
    parameter bit EXT_ROWS = 1'b1,  // rows may come from ext_x (im2col, gather4 builds)
    // 1: the row walker is this module's own; 0: it is outside (xw_*), shared with the tile
    // store (tce_engine, builds without an outside row generator), and the walk's parameter
    // inputs (rank, gaddr, n, coords above dim 0, ext_*) go to it instead of here.
    parameter bit OWN_WALK = 1'b1
) (
    input  logic              clk,
    input  logic              rst_n,
    input  logic              start,
    output logic              can_start,   // walker idle, a slot free, no overlap in flight
    output logic              active,      // some command is in the walker or the back end
    input  logic [2:0]        rank,
    input  logic [2:0]        esl,         // log2 bytes of a dim-0 unit (element or slice)
    input  logic [3:0]        e0,          // dim-0 traversal stride in units (interleave)
    input  logic [GADDR_W-1:0] gaddr,
    input  logic              origin_rd,   // read globalAddress first (tce_tile_check)
    input  logic [164:0]      gdim,
    input  logic [4*GADDR_W-1:0] gstride,
    input  logic [8:0]        box0,
    input  logic [35:0]       n,
    input  logic [15:0]       e,
    input  logic [159:0]      coords,
    input  logic [2:0]        swizzle,
    input  logic              fill_nan,
    input  logic              tf32,        // round every in-bounds 4-byte element to tf32
    input  logic [23:0]       soff,
    input  logic [15:0]       ctas,
    input  logic [13:0]       row_bytes,   // up to 256 slices of 32 bytes (interleave)
    input  logic [13:0]       pitch,
    input  logic [31:0]       rows,        // rows of the box (its shared extent: rows*pitch)
    input  logic              want_tx,     // complete-tx on the mbarrier once the data is in
    input  logic [23:0]       mbar_off,
    input  logic [31:0]       tx_count,
    input  logic              ext_rows,
    input  logic [159:0]      ext_x,
    input  logic              ext_last,
    output logic              row_step,
    // The row walker outside (OWN_WALK = 0): its start and next, and the row it presents.
    output logic              xw_start,
    output logic              xw_next,
    input  logic              xw_row_valid,
    input  logic [GADDR_W-1:0] xw_row_g,
    input  logic [23:0]       xw_row_sbase,
    input  logic              xw_row_inb,
    input  logic              xw_last_row,
    // Completion of the oldest command in flight (one-cycle pulse, in command order), not
    // while done_hold (the executor cannot retire it yet).
    input  logic              done_hold,
    output logic              done,
    output logic [7:0]        status,
    output logic              tx_err,      // with status SHARED_RANGE: the complete-tx failed
    output logic [39:0]       bytes_read,
    // AXI4 read address / data, payloads of tce_axi_pkg
    output logic              arvalid,
    input  logic              arready,
    output logic [tce_axi_pkg::ax_bits(ID_W)-1:0] axi_ar,
    input  logic              rvalid,
    output logic              rready,
    input  logic [tce_axi_pkg::r_bits(DATA_W, ID_W)-1:0] axi_r,
    // Shared-memory writes and their in-order responses
    output logic              sm_valid,
    input  logic              sm_ready,
    output logic [3:0]        sm_cta,
    output logic [23:0]       sm_addr,
    output logic [DATA_W-1:0] sm_wdata,
    output logic [DATA_W/8-1:0] sm_wstrb,
    input  logic              sm_rsp_valid,
    input  logic              sm_rsp_err,
    // mbarrier complete-tx requests and their in-order responses
    output logic              mb_valid,
    input  logic              mb_ready,
    output logic [3:0]        mb_cta,
    output logic [23:0]       mb_addr,
    output logic [31:0]       mb_tx_count,
    input  logic              mb_rsp_valid,
    input  logic              mb_rsp_err
);
  `TCE_AXI_TYPEDEFS(DATA_W, ID_W)
  axi_ax_t ar_s;
  axi_r_t  r_s;
  assign axi_ar = ar_s;
  assign r_s    = axi_r;

  localparam int DB  = DATA_W / 8;
  localparam int LB  = $clog2(DB);
  localparam int NCH = DB / 16;
  // Addresses: the row walk's are GADDR_W bits (modulo 2^GADDR_W; tce_tile_check refuses a
  // tensor that does not fit below 2^GADDR_W); from the first in-bounds byte on they are
  // true addresses, kept in AW bits: one more than GADDR_W, so that an end, a page end or a
  // burst-length limit just past the top of the tensor's range does not wrap (the full
  // 64-bit build keeps 64: its tensors end far below 2^64, csim refuses the rest).
  localparam int AW  = (GADDR_W < 64) ? GADDR_W + 1 : 64;
  localparam logic [AW-1:0] DB64 = AW'(DB);
  localparam int IW  = (NRD > 1) ? $clog2(NRD) : 1;
  // Byte offsets in a row: a row is at most 256 dim-0 units of at most 32 bytes (an
  // interleave slice), and a merged burst (below) runs up to 4 KB past the offset of its
  // first byte in its first row, so offsets stay below ROW_MAX + 4096.
  localparam int ROW_MAX = 256 * 32;
  localparam int OW  = $clog2(ROW_MAX + 4096 + 1);
  // The first unit's distance from the row address: an offset times the dim-0 stride (<= 8).
  localparam int DW  = OW + 3;

  // ------------------------------------------------------------- swizzle of one chunk
  // Physical address of the 16-byte chunk at pre-swizzle address a (a[3:0] == 0), and
  // whether its 8-byte halves swap (csim/swizzle.c).
  function automatic logic [23:0] swz(input logic [2:0] mode, input logic [23:0] a);
    logic [23:0] r;
    r = a;
    case (mode)
      3'd1, 3'd7: r[4]   = a[4] ^ a[7];                    // 32B, 96B
      3'd2:       r[5:4] = a[5:4] ^ a[8:7];                // 64B
      3'd3:       r[6:4] = a[6:4] ^ a[9:7];                // 128B
      3'd4, 3'd5: r[6:5] = a[6:5] ^ a[8:7];                // 128B atom 32B (+ flip 8B)
      3'd6:       r[6]   = a[6] ^ a[7];                    // 128B atom 64B
      default: ;
    endcase
    swz = r;
  endfunction

  // floor(a / d) for a < 4096 and d in 1..8, saturated at 511, as a * ceil(2^16 / d) >> 16:
  // the reciprocal is 2^16/d + r with r < 1, so the product overshoots a/d by a*r/2^16 <
  // 1/16, less than the 1/d (>= 1/8) between a/d's fraction and the next integer.
  // (the product's low 16 bits are the fraction, dropped)
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [8:0] div_small(input logic [11:0] a, input logic [3:0] d);
    logic [16:0] m;
    logic [28:0] p;
    case (d)
      4'd2: m = 17'd32768;
      4'd3: m = 17'd21846;
      4'd4: m = 17'd16384;
      4'd5: m = 17'd13108;
      4'd6: m = 17'd10923;
      4'd7: m = 17'd9363;
      4'd8: m = 17'd8192;
      default: m = 17'd65536;
    endcase
    p = {17'd0, a} * {12'd0, m};
    div_small = (p[28:16] > 13'd511) ? 9'd511 : p[24:16];
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  function automatic logic [11:0] clamp12(input logic [40:0] v);
    clamp12 = (v > 41'd4095) ? 12'd4095 : v[11:0];
  endfunction

  // Pre-swizzle shared address of the byte at distance `off` from the address of the row
  // whose shared base is sb: off itself in a row or across dense rows; across rows padded
  // to a pitch of 2^lp (sct, row bytes 2^lrb), row off >> lrb of the burst, off mod 2^lrb
  // into it.
  function automatic logic [23:0] place(input logic [23:0] sb, input logic [OW-1:0] off,
                                        input logic sct, input logic [3:0] lrb,
                                        input logic [3:0] lp);
    logic [OW-1:0] k, m;
    k = off >> lrb;
    m = off & ~(OW'({OW{1'b1}}) << lrb);
    place = sct ? sb + (24'(k) << lp) + 24'(m) : sb + 24'(off);
  endfunction
  // log2 of a power of two below 2^14 (the position of its highest set bit).
  function automatic logic [3:0] log2_14(input logic [13:0] v);
    log2_14 = 4'd0;
    for (int i = 0; i < 14; i++) if (v[i]) log2_14 = 4'(i);
  endfunction
  function automatic logic pow2_14(input logic [13:0] v);
    pow2_14 = (v & (v - 14'd1)) == 14'd0;
  endfunction
  // The command's rows may merge: dim 0 read whole (stride 1), dim 1 one row on in global
  // memory, and in shared memory rows dense, or padded to a pitch that with the row bytes
  // is a power of two (the placement is then shifts).
  wire m_ok = e0 == 4'd1 && e[3:0] == 4'd1 && gstride[GADDR_W-1:0] == GADDR_W'(row_bytes) &&
              (pitch == row_bytes || (pow2_14(row_bytes) && pow2_14(pitch)));

  // ------------------------------------------------------------- command (walker's)
  logic [2:0]  el;
  logic [3:0]  ee0;
  logic [2:0]  sw;
  logic        fnan;
  logic [15:0] mask;
  logic [OW-1:0] rbytes;
  logic [8:0]  bx0;
  logic        mok;          // rows may follow each other in global memory, and merge
  logic        msct;         // mok, and rows are padded in shared memory (pitch > row bytes)
  logic [OW-1:0] pch;        // pitch
  wire [127:0] fill_chunk = fnan ? {8{16'h7FF7}} : 128'd0;

  // ------------------------------------------------------------- row walker
  // The rows come from tce_row_walk (below), one presented at a time. SETUP (the cycle after
  // start, while the walk assembles row 0) fixes the command's dim-0 range; ROW writes a
  // row's fill chunks, or issues a row without fill straight from the walk (its first
  // burst in the same cycle: a one-burst row takes one cycle); READ issues the rest.
  //
  // A load whose box starts at a negative coordinate or misses the tensor first reads the
  // beat at globalAddress, as the H100 does (docs/tile.md): ORG issues that read (one beat,
  // no byte of it kept), OWAIT waits for its answer before anything is written, and on an
  // error SKIP lets the rows pass unwritten, so the command ends GLOBAL_BUS having written
  // nothing.
  typedef enum logic [2:0] { W_IDLE, W_SETUP, W_ROW, W_READ, W_ORG, W_OWAIT, W_SKIP } wstate_t;
  wstate_t ws;
  logic [23:0] row_sbase;      // pre-swizzle shared address of the row
  logic [GADDR_W-1:0] row_g;          // global address of dim-0 coordinate c0 in this row
  logic        row_inb;        // dims 1..4 in bounds
  logic        row_valid, last_row, row_next;
  // Per command (SETUP): the in-bounds bytes of every row [lo, hi), lo 16-aligned; whether
  // any unit is in bounds; where a row's reads start and its row offset 0 lies, relative to
  // row_g; the end of a contiguous read; whether a row in bounds needs no fill chunk.
  logic [OW-1:0] lo, hi;
  logic        has;
  logic [DW-1:0] rd_off;       // lo * e0: the first in-bounds unit's distance from row_g
  logic [OW-1:0] hi16;         // hi rounded up to whole chunks
  logic        nofill0;
  logic        o_need;         // the command reads globalAddress first
  logic [AW-1:0] o_addr;       // that address
  logic [OW-1:0] chunk;        // ROW: chunk being considered (byte offset)
  logic [3:0]  wcta;           // ROW: CTA being written
  logic [AW-1:0] rd_next;        // READ: next global address to request
  logic [AW-1:0] rd_end;
  logic [AW-1:0] rd_vrow;        // READ: global address of row offset 0 (e_rel = rd_next - rd_vrow)
  logic [OW-1:0] rd_sl_end;    // READ, strided: row offset just past the current slice

  // Units k of a row are at dim-0 coordinate c0 + k*e0; the in-bounds ones are [lo_e, hi_e):
  // lo_e = ceil(-c0 / e0) (0 when c0 >= 0), hi_e = min(ceil((gdim0 - c0) / e0), box0).
  // Both only matter up to box0 (< 512): a quotient of 511 or more means "past the box"
  // either way, so the dividends are clamped to 12 bits (4095 / e0 >= 511 for e0 <= 8) and
  // divided by e0 (1..8) exactly, as a multiply by a 16-bit reciprocal (div_small).
  // The dividends are formed and clamped from the inputs at `start` (lo_cl, hi_cl), the
  // divisions done in W_SETUP: one cycle would hold both 41-bit sums, the clamp, the
  // multiply and the compares after it.
  wire signed [40:0] c0s_in   = {{9{coords[31]}}, coords[31:0]};
  wire signed [40:0] gdim0_in = {8'd0, gdim[32:0]};
  wire [40:0] e0_41  = {37'd0, e0};
  wire [40:0] lo_num = 41'(-c0s_in) + e0_41 - 41'd1;
  wire [40:0] hi_num = 41'(gdim0_in - c0s_in) + e0_41 - 41'd1;
  logic [11:0] lo_cl, hi_cl;   // the clamped dividends
  logic        lo_any;         // c0 < 0: some units lie before the tensor (lo_e >= 1)
  logic        hi_any;         // c0 < gdim0: some unit can lie inside it
  wire [8:0]  lo_e = lo_any ? div_small(lo_cl, ee0) : 9'd0;
  wire [8:0]  hi_k = hi_any ? div_small(hi_cl, ee0) : 9'd0;
  wire [8:0]  hi_e = (hi_k < bx0) ? hi_k : bx0;
  wire        row0_has = hi_e > lo_e;

  // ------------------------------------------------------------- read contexts
  // Up to RDD bursts per ID are in flight. AXI returns the bursts of one ID in order, so
  // each ID keeps a FIFO of burst contexts: written at the AR handshake, read by the R
  // beats of its oldest burst (hb counts that burst's beats). NRD x RDD bursts cover the
  // memory latency even when every burst is one 128-byte row. A context holds what the
  // beat writer needs, compactly: the first requested byte (start), the burst's length,
  // start's offset in its row and the row's pre-swizzle shared address.
  localparam int DWP = $clog2(RDD);
  localparam int NE  = (1 << IW) * RDD;
  logic [AW-1:0]     e_start [NE];
  logic [12:0]     e_len   [NE];     // bytes requested (<= 4096)
  logic [OW-1:0]   e_rel   [NE];     // start - row address
  logic [NE-1:0]   e_all;            // every byte of the burst is in bounds (no fill merge)
  logic [23:0]     e_sbase [NE];
  logic [DWP-1:0]  wp [NRD], rp [NRD];
  logic [DWP:0]    cnt [NRD];
  logic [7:0]      hb [NRD];
  logic [IW-1:0]   id_ptr;

  // ------------------------------------------------------------- in-flight commands
  // Slot table, a ring in command order: hd_p is the oldest command, cur_s the walker's.
  localparam int SLW = (NS > 1) ? $clog2(NS) : 1;
  localparam int BCW = $clog2(NE + 1);
  logic [SLW-1:0]  e_cs    [NE];     // the burst context's command slot
  logic [SLW-1:0]  hd_p, cur_s;
  logic [SLW:0]    n_used;
  logic [2:0]      s_sw    [NS];
  logic [15:0]     s_mask  [NS];
  logic [OW-1:0]   s_lo    [NS], s_hi [NS];
  logic [3:0]      s_lrb   [NS], s_lp [NS];
  logic [BCW-1:0]  s_bursts[NS];     // bursts requested and not yet wholly returned
  logic [39:0]     s_bytes [NS];
  logic [23:0]     s_mb    [NS];
  logic [31:0]     s_txc   [NS];
  logic [24:0]     s_rlo   [NS], s_rhi [NS];   // shared extent, 128-byte lines
  logic [NS-1:0]   s_fnan, s_t32, s_issued, s_err_bus, s_want_tx, s_sct;
  wire  [SLW-1:0]  tl_p = hd_p + SLW'(n_used);

  // Where reads come from: READ's registers, or in ROW the presented row itself (rs_*).
  wire        strided = ee0 != 4'd1;
  wire [OW-1:0] unit_b = OW'(1) << el;
  wire [AW-1:0] gstep   = AW'(ee0) << el;
  // The first in-bounds byte: a true address below 2^GADDR_W once reduced modulo 2^GADDR_W
  // (row_g may have wrapped, for a negative c0); the end is measured from it, not from row_g,
  // so that it lands in AW bits unwrapped (both are row_g + hi16 in the 64-bit build).
  wire [GADDR_W-1:0] rs_next_g = row_g + GADDR_W'(rd_off);
  wire [AW-1:0] rs_next = AW'(rs_next_g);
  wire [AW-1:0] rs_end  = strided ? rs_next + AW'(unit_b) : rs_next + AW'(hi16) - AW'(rd_off);
  wire [AW-1:0] rs_vrow = rs_next - AW'(lo);
  wire        in_read = (ws == W_READ);
  wire        direct  = (ws == W_ROW) && row_valid && row_inb && nofill0;
  wire [AW-1:0] cur_next = in_read ? rd_next : rs_next;
  wire [AW-1:0] cur_end  = in_read ? rd_end : rs_end;
  wire [AW-1:0] cur_vrow = in_read ? rd_vrow : rs_vrow;
  wire [OW-1:0] cur_sl_end = in_read ? rd_sl_end : lo + unit_b;
  wire        rd_go   = (in_read && row_inb && has) || direct;
  wire        sl_more = strided && cur_sl_end < hi;

  wire [AW-1:0] beat0    = {cur_next[AW-1:LB], {LB{1'b0}}};
  wire [AW-1:0] page_end = {cur_next[AW-1:12], 12'd0} + AW'(4096);
  wire [AW-1:0] len_end  = beat0 + (DB64 << 8);
  logic [AW-1:0] burst_end;
  always_comb begin
    burst_end = cur_end;
    if (page_end < burst_end) burst_end = page_end;
    if (len_end < burst_end) burst_end = len_end;
  end

  // ------------------------------------------------------------- burst merging
  // The walker offers one read piece at a time (p_*: at most a row, never across a page).
  // A piece of a row that is wholly in bounds (no fill byte) of a command whose rows may
  // follow each other (mok: dense rows in shared memory, dim 1 stepping by one row in
  // global memory: an im2col pixel run in NHWC, a box spanning its tensor's dim 0) is not
  // sent at once but held in the pending burst (pd_*), and every following piece that
  // continues it in global AND in pre-swizzle shared memory, of the same command and not at
  // a 4 KB page start, is added to it: such rows go out as one long burst (<= 4 KB, so
  // <= 256 beats) instead of one short burst each, which is what lets a memory with a
  // limit on read bursts in flight keep its data port busy. The beat writer places a
  // merged burst's beats as a row's, with no fill merge (e_all): pre-swizzle shared
  // address = the first row's base + the distance d from that row's address when the rows
  // are dense in shared memory; when they are padded there (narrow rows of a swizzled box:
  // pitch > row bytes, both powers of two, msct), row d / row_bytes of the burst lies
  // pitch bytes after the one before, so the address is base + (d >> lrb << lpch) +
  // d mod row_bytes (place()). The pending burst goes out (pd_go) when the next piece does not
  // continue it or none comes; once offered on AR it is fixed until taken (AXI). Pieces of
  // other commands go out directly, as before, so their timing is unchanged.
  logic          pd_v, pd_fix;         // a pending burst; offered on AR and not yet taken
  logic [AW-1:0]   pd_start, pd_end;
  logic [OW-1:0] pd_rel;
  logic [23:0]   pd_sbase;
  logic [23:0]   pd_lsb;               // shared base of the last row in the pending burst
  logic [SLW-1:0] pd_cs;
  wire [OW-1:0] p_rel   = OW'(cur_next - cur_vrow);
  wire          p_valid = rd_go && (cur_next < cur_end);
  wire          p_all   = mok && row_inb && nofill0 && !strided;
  wire [23:0]   pd_send = pd_sbase + 24'(pd_rel) + 24'(pd_end - pd_start);
  // The piece continues the pending burst in shared memory: right after it (dense rows),
  // or (msct) as the start of the row one pitch after its last row.
  wire          p_sh    = msct ? (p_rel == '0 && row_sbase == pd_lsb + 24'(pch))
                               : (row_sbase + 24'(p_rel) == pd_send);
  wire          p_cont  = pd_v && !pd_fix && p_valid && p_all && cur_next == pd_end &&
                          cur_s == pd_cs && cur_next[11:0] != 12'd0 && p_sh;
  wire          pd_go   = pd_v && !p_cont;
  wire          cnt_ok  = cnt[id_ptr] != (DWP+1)'(RDD);
  // The origin read (ORG), once no burst is pending: one beat, no byte kept (e_len 0).
  wire          o_go     = ws == W_ORG && !pd_v;
  // The burst on AR: the pending one, else the origin read, else the walker's piece when it
  // is not held.
  wire [AW-1:0]   ax_start = pd_go ? pd_start : o_go ? o_addr : cur_next;
  wire [AW-1:0]   ax_end   = pd_go ? pd_end : o_go ? o_addr + AW'(1) : burst_end;
  wire [AW-1:0]   ax_beat0 = {ax_start[AW-1:LB], {LB{1'b0}}};
  assign arvalid = cnt_ok && (pd_go || o_go || (!pd_v && p_valid && !p_all));
  wire   ar_fire  = arvalid && arready;
  // The walker's piece is taken: added to the pending burst, made the new pending burst
  // (none is pending, or the pending one leaves now), or sent on AR itself.
  wire   p_hold   = p_valid && p_all && (!pd_v || (pd_go && ar_fire));
  wire   p_take   = p_cont || p_hold || (!pd_v && p_valid && !p_all && ar_fire);
  // Beats in the burst: only bits [LB+8:LB] of the rounded-up byte count matter (<= 256).
  /* verilator lint_off UNUSEDSIGNAL */
  wire [AW-1:0] burst_bytes = ax_end - ax_beat0 + (DB64 - AW'(1));
  /* verilator lint_on UNUSEDSIGNAL */
  assign ar_s.id   = ID_W'(id_ptr);
  assign ar_s.addr = 64'(ax_start);
  assign ar_s.len  = 8'(burst_bytes[LB+8:LB] - 9'd1);

  // ------------------------------------------------------------- beat stage
  logic              beat_valid;
  logic [DATA_W-1:0] beat_data;
  logic [AW-1:0]       beat_g;        // global address of the beat (aligned)
  logic [AW-1:0]       beat_lo_g, beat_hi_g;   // requested bytes of this beat
  logic [AW-1:0]       beat_rowg;
  logic [23:0]       beat_sbase;
  logic [OW-1:0]     beat_lo, beat_hi;
  logic              beat_all;      // the beat's burst is all in bounds: no fill merge
  logic              beat_sct;      // ... and its rows are padded in shared memory (place())
  logic [3:0]        beat_lrb, beat_lp;
  logic [$clog2(NCH+1)-1:0] beat_q;   // chunk of the beat being written
  logic [3:0]        beat_cta;
  // The beat's command: its slot and what writing its data depends on.
  logic [SLW-1:0]    beat_cs;
  logic [2:0]        beat_sw;
  logic              beat_t32;
  logic [15:0]       beat_mask;
  logic [127:0]      beat_fill;

  // The beat register takes the next R beat in the cycle its last write is accepted. Every
  // R beat the channel routes here is one of this module's bursts.
  wire beat_leaving;
  assign rready = !beat_valid || beat_leaving;
  // IDs are numbered 0..NRD-1, so the ID's upper bits are always zero.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [ID_W-1:0] rid_v = r_s.id;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [IW-1:0] rslot = rid_v[IW-1:0];
  // The R beat's burst context, and the beat's global address and requested bytes.
  wire [IW+DWP-1:0] r_e = {rslot, rp[rslot]};
  wire [IW+DWP-1:0] w_e = {id_ptr, wp[id_ptr]};
  wire [SLW-1:0]    r_cs = e_cs[r_e];
  wire [AW-1:0] r_start = e_start[r_e];
  wire [AW-1:0] r_end   = r_start + AW'(e_len[r_e]);
  wire [AW-1:0] r_g     = {r_start[AW-1:LB], {LB{1'b0}}} + (AW'(hb[rslot]) << LB);
  wire [AW-1:0] r_lo_g  = (r_g < r_start) ? r_start : r_g;
  wire [AW-1:0] r_hi_g  = (r_g + DB64 > r_end) ? r_end : r_g + DB64;

  // Every chunk of the beat: whether it was requested, its row offset.
  logic [NCH-1:0] c_live;
  logic [OW-1:0]  c_off [NCH];
  always_comb begin
    for (int i = 0; i < NCH; i++) begin
      logic [AW-1:0] g;
      g = beat_g + AW'(16 * i);
      c_live[i] = (g >= beat_lo_g) && (g < beat_hi_g);
      c_off[i]  = OW'(g - beat_rowg);
    end
  end
  // The chunk the per-chunk path writes (beat_q).
  logic         q_live;
  logic [OW-1:0] q_off;
  logic [127:0] q_raw;
  always_comb begin
    q_live = 1'b0; q_off = '0; q_raw = '0;
    for (int i = 0; i < NCH; i++)
      if (beat_q == i[$clog2(NCH+1)-1:0]) begin
        q_live = c_live[i]; q_off = c_off[i]; q_raw = beat_data[i*128 +: 128];
      end
  end

  function automatic logic [3:0] first_cta(input logic [15:0] m);
    first_cta = 4'd0;
    for (int c = 15; c >= 0; c--) if (m[c]) first_cta = 4'(c);
  endfunction
  function automatic logic [15:0] after(input logic [15:0] m, input logic [3:0] c);
    after = m & ~((16'd2 << c) - 16'd1);   // CTAs of m above c
  endfunction

  // f32 -> tf32 as the H100 loads it (csim/tf32.c): NaN -> 0x7FFFE000, infinity kept, else
  // round to nearest on the 13 dropped bits (ties to even), carry into the exponent.
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [31:0] tf32_round(input logic [31:0] v);
    logic [31:0] mag, sum;
    mag = {1'b0, v[30:0]};
    sum = mag + 32'h0000_0FFF + {31'd0, v[13]};
    if (mag > 32'h7F80_0000) tf32_round = 32'h7FFF_E000;
    else if (mag == 32'h7F80_0000) tf32_round = v;
    else tf32_round = {v[31], sum[30:13], 13'd0};
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  // The data of a chunk as it goes to shared memory: rounded for tf32 loads. Elements are
  // 4 bytes and [lo, hi) is element-aligned, so a 4-byte lane is all data or all fill.
  function automatic logic [127:0] load_data(input logic [127:0] d, input logic t);
    logic [127:0] r;
    for (int l = 0; l < 4; l++) r[l*32 +: 32] = t ? tf32_round(d[l*32 +: 32]) : d[l*32 +: 32];
    load_data = r;
  endfunction

  // A chunk write: data with bytes outside [lo, hi) of the row replaced by the fill, unless
  // the whole burst is in bounds (`all`: a merged burst's offsets run past its first row).
  function automatic logic [127:0] merge(input logic [127:0] d, input logic [127:0] f,
                                         input logic [OW-1:0] off, input logic [OW-1:0] l,
                                         input logic [OW-1:0] h, input logic all);
    logic [127:0] r;
    for (int b = 0; b < 16; b++)
      r[b*8 +: 8] = (all || (off + OW'(b) >= l && off + OW'(b) < h)) ? d[b*8 +: 8] : f[b*8 +: 8];
    merge = r;
  endfunction

  // Whole-beat write: every swizzle mode permutes 16-byte chunks by XORing chunk-index bits
  // with higher address bits, so chunks that are neighbours before the swizzle usually stay
  // in one shared-memory word, only permuted. When all requested chunks of the beat land in
  // one word, the beat is written in one request per CTA; otherwise chunk by chunk.
  logic [23:0]       f_word;        // physical word of the first live chunk
  logic              f_one;         // all live chunks in f_word
  logic [DATA_W-1:0] f_data;
  logic [DB-1:0]     f_strb;
  // Computed only while a beat is held (every use is under beat_valid): the simulation then
  // skips the per-byte merges when no beat is there (docs/sim_speed.md).
  always_comb begin
    logic found;
    logic [23:0]  pa, ph;
    logic [127:0] d;
    found = 1'b0; f_word = '0; f_one = 1'b1; f_data = '0; f_strb = '0;
    pa = '0; ph = '0; d = '0;
    if (beat_valid)
    for (int i = 0; i < NCH; i++) begin
      pa = place(beat_sbase, c_off[i], beat_sct, beat_lrb, beat_lp);
      ph = swz(beat_sw, pa);
      d  = merge(load_data(beat_data[i*128 +: 128], beat_t32), beat_fill, c_off[i], beat_lo, beat_hi, beat_all);
      if (beat_sw == 3'd5 && pa[7]) d = {d[63:0], d[127:64]};
      if (c_live[i]) begin
        if (!found) f_word = {ph[23:LB], {LB{1'b0}}};
        else if ({ph[23:LB], {LB{1'b0}}} != f_word) f_one = 1'b0;
        found = 1'b1;
        for (int l = 0; l < NCH; l++)
          if (({8'd0, ph} & 32'(DB - 1)) == 32'(l * 16)) begin
            f_data[l*128 +: 128] = d;
            f_strb[l*16 +: 16] = 16'hFFFF;
          end
      end
    end
  end
  wire f_any = |c_live;
  wire full  = beat_valid && f_one;

  // Walker fill chunk: wholly outside [lo, hi) (or the whole row when the row is out).
  wire        w_fill = !row_inb || !has || (chunk + OW'(16) <= lo) || (chunk >= hi);

  // Which writer has the data port: a beat being drained first, then the walker's fills.
  // The oldest command's complete-tx has the mbarrier port to itself.
  typedef enum logic [1:0] { B_WAIT, B_ACK, B_TX, B_TXACK } bstate_t;
  bstate_t     bs;
  logic [15:0] b_txm;               // B_TX: CTAs still owed the complete-tx
  wire        use_beat = beat_valid && (full ? f_any : q_live);
  wire        use_fill = !beat_valid && ws == W_ROW && row_valid && !direct &&
                         chunk < rbytes && w_fill;
  wire [23:0] pre_a  = use_beat ? place(beat_sbase, q_off, beat_sct, beat_lrb, beat_lp)
                                 : row_sbase + 24'(chunk);
  wire [127:0] data0 = use_beat ? merge(load_data(q_raw, beat_t32), beat_fill, q_off, beat_lo, beat_hi, beat_all) : fill_chunk;
  wire [2:0]  wr_sw  = use_beat ? beat_sw : sw;
  wire [23:0] phys   = swz(wr_sw, pre_a);
  wire        flip   = (wr_sw == 3'd5) && pre_a[7];
  wire [127:0] data1 = flip ? {data0[63:0], data0[127:64]} : data0;
  wire [3:0]  wr_cta = use_beat ? beat_cta : wcta;

  assign sm_valid = use_beat || use_fill;
  assign sm_cta   = wr_cta;
  assign sm_addr  = (use_beat && full) ? f_word : {phys[23:LB], {LB{1'b0}}};
  assign mb_valid    = (bs == B_TX);
  assign mb_cta      = first_cta(b_txm);
  assign mb_addr     = s_mb[hd_p];
  assign mb_tx_count = s_txc[hd_p];
  assign sm_wdata = (use_beat && full) ? f_data : {NCH{data1}};
  always_comb begin
    sm_wstrb = '0;
    for (int i = 0; i < NCH; i++)
      if (({8'd0, phys} & 32'(DB - 1)) == 32'(i * 16)) sm_wstrb[i*16 +: 16] = 16'hFFFF;
    if (use_beat && full) sm_wstrb = f_strb;
  end
  wire sm_fire = sm_valid && sm_ready;
  // The beat is finished with: its last write is accepted now (or nothing is left to write).
  wire beat_live_now = full ? f_any : q_live;
  wire beat_last_cta = after(beat_mask, beat_cta) == 16'd0;
  assign beat_leaving = beat_valid && (!beat_live_now || (sm_fire && use_beat && beat_last_cta)) &&
                        (full || beat_q == ($clog2(NCH+1))'(NCH - 1));

  // Shared-memory writes issued and answered (wrapping counts: at most a few apart).
  logic [15:0] wf_cnt, wr_cnt, b_tgt;
  logic        b_err;               // an error answer to a write since the oldest command's B_ACK
  // Complete-tx requests outstanding on the mbarrier port, and whether one was refused.
  logic [4:0]  m_out;
  logic        m_err;

  // The new command's shared extent [n_rlo, n_rhi) in whole 128-byte lines, and whether it
  // or its mbarrier overlaps what a command in flight writes. Two register stages keep the
  // product, sums and compares out of can_start (and the executor's state behind it):
  // stage A registers the extent, stage B the clash with the slots. So clash_q speaks for
  // the inputs of two cycles ago, and is used only while they have not changed since
  // (same_now, same_q). The slots it saw may differ from the slots now in two ways only: a
  // retired command (clash_q errs on the safe side), or one taken by `start`, after which
  // the walker is busy for longer than stage B needs to see its extent (written in
  // W_SETUP, from stage A). With no command in flight nothing can clash, so the first
  // command after an idle spell never waits for the stages.
  wire [43:0] n_ext = 44'(rows) * 44'(pitch);
  // Only the line number of the end matters (bits [6:0] are the offset in the line).
  /* verilator lint_off UNUSEDSIGNAL */
  wire [44:0] n_end = 45'(soff) + 45'(n_ext) + 45'd127;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [24:0] n_rlo = {1'b0, soff[23:7], 7'd0};
  wire [24:0] n_rhi = (n_end[44:25] != 20'd0) ? 25'h1FF_FF80 : {n_end[24:7], 7'd0};
  localparam int CKW = 17 + 32 + 14 + 24 + 1;
  wire [CKW-1:0] ck_now = {soff[23:7], rows, pitch, mbar_off, want_tx};
  logic [CKW-1:0] ck_q;
  logic           same_q, clash_q;
  logic [24:0]    a_rlo, a_rhi, a_mb;
  logic           a_want;
  wire            same_now = (ck_now == ck_q);
  // Stage B's compare, on stage A's extent.
  logic clash;
  always_comb begin
    logic [SLW-1:0] age;
    logic [24:0]    omb;
    clash = 1'b0;
    for (int i = 0; i < NS; i++) begin
      age = SLW'(i) - hd_p;
      omb = {1'b0, s_mb[i]};
      if ({1'b0, age} < n_used &&
          ((a_rlo < s_rhi[i] && s_rlo[i] < a_rhi) ||
           (a_want && a_mb + 25'd8 > s_rlo[i] && a_mb < s_rhi[i]) ||
           (s_want_tx[i] && omb + 25'd8 > a_rlo && omb < a_rhi)))
        clash = 1'b1;
    end
  end
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      ck_q <= '0; same_q <= 1'b0; clash_q <= 1'b1;
      a_rlo <= '0; a_rhi <= '0; a_mb <= '0; a_want <= 1'b0;
    end else begin
      ck_q <= ck_now; same_q <= same_now;
      a_rlo <= n_rlo; a_rhi <= n_rhi; a_mb <= {1'b0, mbar_off}; a_want <= want_tx;
      clash_q <= clash;
    end
  end
  assign can_start = (ws == W_IDLE) && (n_used != (SLW+1)'(NS)) &&
                     (n_used == '0 || (same_now && same_q && !clash_q));
  assign active    = (n_used != '0);

  // The oldest command's data is all in shared memory (written, maybe not yet answered).
  wire head_data = active && s_issued[hd_p] && s_bursts[hd_p] == '0 &&
                   !(pd_v && pd_cs == hd_p) && !(beat_valid && beat_cs == hd_p);
  // Its writes (or its complete-tx) are all answered; answers name no command, so an
  // error answer since the previous command's completion is charged to this one.
  wire b_acked = $signed(wr_cnt - b_tgt) >= 0;   // wr_cnt at or past b_tgt (wrap-safe)
  wire b_go_tx = s_want_tx[hd_p] && !s_err_bus[hd_p] && !b_err;
  wire m_acked = (m_out == 5'd0);
  wire b_fin   = !done_hold && ((bs == B_ACK && b_acked && !b_go_tx) || (bs == B_TXACK && m_acked));

  wire [OW-1:0] lo_n = OW'(lo_e) << el;
  wire [OW-1:0] hi_n = OW'(hi_e) << el;
  // The row's reads are all issued (or there are none): the walk moves on.
  wire rd_last = p_take && burst_end >= cur_end && !sl_more;
  assign row_next = (direct && rd_last) ||
                    (in_read && (!row_inb || !has || rd_next >= rd_end || rd_last)) ||
                    (ws == W_SKIP && row_valid);

  wire walk_start = start && ws == W_IDLE;
  assign xw_start = walk_start;
  assign xw_next  = row_next;
  tce_mover_walk #(.GADDR_W(GADDR_W), .EXT_ROWS(EXT_ROWS), .OWN_WALK(OWN_WALK)) u_walk (
    .clk, .rst_n, .start(walk_start), .rank, .ul(esl), .gaddr,
    .gdim14(gdim[164:33]), .gstride, .n, .e, .coords, .soff, .pitch, .ext_rows, .ext_x,
    .ext_last, .next(row_next), .xw_row_valid, .xw_row_g, .xw_row_sbase, .xw_row_inb,
    .xw_last_row, .row_valid, .row_g, .row_sbase, .row_inb, .last_row, .row_step
  );
  wire   rl_fire  = rvalid && rready && r_s.last;

  // Burst contexts: written at the AR handshake, read only by that burst's R beats, so
  // they need no reset (and, without one, may sit in RAM).
  always_ff @(posedge clk) begin
    if (ar_fire) begin
      e_start[w_e] <= ax_start;
      e_len[w_e]   <= o_go && !pd_go ? 13'd0 : 13'(ax_end - ax_start);
      e_rel[w_e]   <= pd_go ? pd_rel : p_rel;
      e_sbase[w_e] <= pd_go ? pd_sbase : row_sbase;
      e_cs[w_e]    <= pd_go ? pd_cs : cur_s;
      e_all[w_e]   <= pd_go;
    end
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      done <= 1'b0; status <= '0; tx_err <= 1'b0; bytes_read <= '0;
      el <= '0; ee0 <= 4'd1; lo_cl <= '0; hi_cl <= '0; lo_any <= 1'b0; hi_any <= 1'b0;
      sw <= '0; fnan <= 1'b0; mask <= '0; rbytes <= '0; bx0 <= '0;
      ws <= W_IDLE; lo <= '0; hi <= '0; has <= 1'b0; rd_off <= '0; hi16 <= '0; nofill0 <= 1'b0;
      chunk <= '0; wcta <= '0; rd_next <= '0; rd_end <= '0; o_need <= 1'b0; o_addr <= '0;
      rd_vrow <= '0; rd_sl_end <= '0;
      for (int i = 0; i < NRD; i++) begin
        wp[i] <= '0; rp[i] <= '0; cnt[i] <= '0; hb[i] <= '0;
      end
      for (int i = 0; i < NS; i++) begin
        s_sw[i] <= '0; s_mask[i] <= '0; s_lo[i] <= '0; s_hi[i] <= '0; s_bursts[i] <= '0;
        s_lrb[i] <= '0; s_lp[i] <= '0;
        s_bytes[i] <= '0; s_mb[i] <= '0; s_txc[i] <= '0; s_rlo[i] <= '0; s_rhi[i] <= '0;
      end
      s_fnan <= '0; s_t32 <= '0; s_issued <= '0; s_err_bus <= '0; s_want_tx <= '0; s_sct <= '0;
      hd_p <= '0; cur_s <= '0; n_used <= '0;
      bs <= B_WAIT; b_txm <= '0; wf_cnt <= '0; wr_cnt <= '0; b_tgt <= '0; b_err <= 1'b0;
      m_out <= '0; m_err <= 1'b0;
      beat_cs <= '0; beat_sw <= '0; beat_t32 <= 1'b0; beat_mask <= '0; beat_fill <= '0;
      id_ptr <= '0;
      beat_valid <= 1'b0; beat_data <= '0; beat_g <= '0; beat_lo_g <= '0; beat_hi_g <= '0;
      beat_rowg <= '0; beat_sbase <= '0; beat_lo <= '0; beat_hi <= '0; beat_q <= '0;
      beat_all <= 1'b0; beat_sct <= 1'b0; beat_lrb <= '0; beat_lp <= '0;
      pd_v <= 1'b0; pd_fix <= 1'b0; pd_start <= '0; pd_end <= '0; pd_rel <= '0;
      pd_sbase <= '0; pd_lsb <= '0; pd_cs <= '0; mok <= 1'b0; msct <= 1'b0; pch <= '0;
      beat_cta <= '0;
    end else begin
      done <= 1'b0;
      wf_cnt <= wf_cnt + {15'd0, sm_fire};
      wr_cnt <= wr_cnt + {15'd0, sm_rsp_valid};
      if (sm_rsp_valid && sm_rsp_err) b_err <= 1'b1;

      // ---- back end: completes the oldest command (B_WAIT -> B_ACK [-> B_TX -> B_TXACK])
      case (bs)
        B_WAIT: if (head_data) begin
          b_tgt <= wf_cnt + {15'd0, sm_fire};
          bs <= B_ACK;
        end
        B_ACK: if (b_acked) begin
          if (b_go_tx) begin
            bs <= B_TX; b_txm <= s_mask[hd_p];
          end else if (!done_hold) begin
            bs <= B_WAIT;
            status <= s_err_bus[hd_p] ? tce_op_pkg::ST_GLOBAL_BUS :
                      b_err ? tce_op_pkg::ST_SHARED_RANGE : tce_op_pkg::ST_OK;
            tx_err <= 1'b0;
          end
        end
        B_TX: if (mb_ready) begin
          b_txm <= b_txm & ~(16'd1 << first_cta(b_txm));
          if ((b_txm & ~(16'd1 << first_cta(b_txm))) == 16'd0) bs <= B_TXACK;
        end
        B_TXACK: if (m_acked && !done_hold) begin
          bs <= B_WAIT;
          status <= m_err ? tce_op_pkg::ST_SHARED_RANGE : tce_op_pkg::ST_OK;
          tx_err <= m_err;
        end
        default: bs <= B_WAIT;
      endcase
      // Once the oldest command's writes are all answered, later answers are the next ones'.
      if (bs == B_ACK && b_acked && (b_go_tx || !done_hold))
        b_err <= sm_rsp_valid && sm_rsp_err;
      m_out <= m_out + 5'(mb_valid && mb_ready) - 5'(mb_rsp_valid);
      if (mb_rsp_valid && mb_rsp_err) m_err <= 1'b1;
      if (bs == B_TXACK && m_acked && !done_hold) m_err <= 1'b0;
      if (b_fin) begin
        done <= 1'b1; bytes_read <= s_bytes[hd_p]; hd_p <= hd_p + 1'b1;
      end
      n_used <= n_used + (SLW+1)'(ws == W_IDLE && start) - (SLW+1)'(b_fin);

      // ---- row walker
      case (ws)
        W_IDLE: if (start) begin
          el <= esl; ee0 <= e0;
          lo_cl <= clamp12(lo_num); hi_cl <= clamp12(hi_num);
          lo_any <= c0s_in < 0; hi_any <= gdim0_in > c0s_in;
          o_need <= origin_rd; o_addr <= AW'(gaddr);
          sw <= swizzle; fnan <= fill_nan; mask <= ctas; rbytes <= OW'(row_bytes); bx0 <= box0;
          mok <= m_ok; msct <= m_ok && pitch != row_bytes;
          pch <= OW'(pitch);
          s_sct[tl_p] <= m_ok && pitch != row_bytes;
          s_lrb[tl_p] <= log2_14(row_bytes); s_lp[tl_p] <= log2_14(pitch);
          // The command's slot: the next in the ring (free: can_start says so).
          cur_s <= tl_p;
          s_sw[tl_p] <= swizzle; s_mask[tl_p] <= ctas; s_fnan[tl_p] <= fill_nan;
          s_t32[tl_p] <= tf32; s_issued[tl_p] <= 1'b0; s_err_bus[tl_p] <= 1'b0;
          s_bytes[tl_p] <= '0; s_want_tx[tl_p] <= want_tx; s_mb[tl_p] <= mbar_off;
          s_txc[tl_p] <= tx_count;
          ws <= W_SETUP;
        end
        W_SETUP: begin
          // [lo, hi) is the same for every row of a command.
          lo <= lo_n; hi <= hi_n; has <= row0_has;
          s_lo[cur_s] <= lo_n; s_hi[cur_s] <= hi_n;
          // stage A holds the extent of the inputs `start` took
          s_rlo[cur_s] <= a_rlo; s_rhi[cur_s] <= a_rhi;
          rd_off <= DW'(lo_n) * DW'(ee0);
          // ~(N'(c)), not ~N'(c): Yosys 0.23 drops a ~ written straight before a cast
          // (docs/rtl.md, "Netlist model").
          hi16 <= (hi_n + OW'(15)) & ~(OW'(15));
          // lo_n is 0 exactly when c0 >= 0 (lo_e >= 1 otherwise)
          nofill0 <= row0_has && !lo_any && hi_n >= rbytes;
          chunk <= '0; wcta <= first_cta(mask);
          ws <= o_need ? W_ORG : W_ROW;
        end
        W_ORG: if (ar_fire && !pd_go) ws <= W_OWAIT;
        // Its answer is in (the command's only burst so far): go on, or on an error write
        // nothing.
        W_OWAIT: if (s_bursts[cur_s] == '0) ws <= s_err_bus[cur_s] ? W_SKIP : W_ROW;
        W_SKIP: ;
        W_ROW: if (row_valid && !direct) begin
          // Fill chunks outside the read range; the chunks inside come from the R path.
          if (chunk >= rbytes) begin
            ws <= W_READ;
            rd_next <= rs_next; rd_end <= rs_end; rd_vrow <= rs_vrow;
            rd_sl_end <= lo + unit_b;
          end else if (!w_fill) begin
            chunk <= chunk + OW'(16);
          end else if (use_fill && sm_ready) begin
            if (after(mask, wcta) == 16'd0) begin
              wcta <= first_cta(mask);
              chunk <= chunk + OW'(16);
            end else begin
              wcta <= first_cta(after(mask, wcta));
            end
          end
        end else if (direct && p_take && !rd_last) begin
          ws <= W_READ;   // the row's first burst is out; READ issues the others
        end
        W_READ: ;
        default: ws <= W_IDLE;
      endcase
      if (row_next) begin
        chunk <= '0; wcta <= first_cta(mask);
        if (last_row) begin
          // Every read of the command is out: the back end finishes it, the walker is free.
          ws <= W_IDLE;
          s_issued[cur_s] <= 1'b1;
        end else begin
          ws <= (ws == W_SKIP) ? W_SKIP : W_ROW;
        end
      end

      // ---- read issue
      if (p_take) begin
        rd_next <= burst_end; rd_end <= cur_end; rd_vrow <= cur_vrow; rd_sl_end <= cur_sl_end;
        if (burst_end >= cur_end && sl_more) begin
          // next slice of a strided row: e0 slices on in global memory, one in the row
          rd_next   <= cur_end - AW'(unit_b) + gstep;
          rd_end    <= cur_end + gstep;
          rd_vrow   <= cur_vrow + gstep - AW'(unit_b);
          rd_sl_end <= cur_sl_end + unit_b;
        end
      end
      if (ar_fire) begin
        wp[id_ptr] <= wp[id_ptr] + 1'b1;
        id_ptr <= (id_ptr == IW'(NRD - 1)) ? '0 : id_ptr + 1'b1;
      end
      // ---- pending burst
      if (p_cont) begin
        pd_end <= burst_end; pd_lsb <= row_sbase;
      end else if (p_hold) begin
        pd_v <= 1'b1; pd_fix <= 1'b0;
        pd_start <= cur_next; pd_end <= burst_end; pd_rel <= p_rel;
        pd_sbase <= row_sbase; pd_lsb <= row_sbase; pd_cs <= cur_s;
      end else if (pd_go && ar_fire) begin
        pd_v <= 1'b0; pd_fix <= 1'b0;
      end else if (pd_go && arvalid) begin
        pd_fix <= 1'b1;
      end
      for (int i = 0; i < NRD; i++)
        cnt[i] <= cnt[i] + (DWP+1)'(ar_fire && id_ptr == IW'(i))
                         - (DWP+1)'(rl_fire && rslot == IW'(i));
      for (int i = 0; i < NS; i++)
        s_bursts[i] <= s_bursts[i] + BCW'(ar_fire && (pd_go ? pd_cs : cur_s) == SLW'(i))
                                   - BCW'(rl_fire && r_cs == SLW'(i));

      // ---- beat writes (before the R beats: a beat taken now overrides the clear)
      if (beat_valid) begin
        // Next chunk (or the next beat, for a whole-beat write) when this one is written to
        // every CTA or was not requested.
        if (!beat_live_now || (sm_fire && use_beat)) begin
          if (beat_live_now && !beat_last_cta) begin
            beat_cta <= first_cta(after(beat_mask, beat_cta));
          end else begin
            beat_cta <= first_cta(beat_mask);
            if (full || beat_q == ($clog2(NCH+1))'(NCH - 1)) beat_valid <= 1'b0;
            else beat_q <= beat_q + 1'b1;
          end
        end
      end

      // ---- R beats
      if (rvalid && rready) begin
        hb[rslot] <= r_s.last ? 8'd0 : hb[rslot] + 8'd1;
        if (r_s.last) rp[rslot] <= rp[rslot] + 1'b1;
        if (r_s.resp != 2'b00) begin
          s_err_bus[r_cs] <= 1'b1;   // this command's status; its other beats still land
        end else begin
          beat_valid <= 1'b1;
          beat_data  <= r_s.data;
          beat_g     <= r_g;
          beat_lo_g  <= r_lo_g;
          beat_hi_g  <= r_hi_g;
          beat_rowg  <= r_start - AW'(e_rel[r_e]);
          beat_sbase <= e_sbase[r_e];
          beat_lo    <= s_lo[r_cs];
          beat_all   <= e_all[r_e];
          beat_sct   <= e_all[r_e] && s_sct[r_cs];
          beat_lrb   <= s_lrb[r_cs];
          beat_lp    <= s_lp[r_cs];
          beat_hi    <= s_hi[r_cs];
          beat_q     <= '0;
          beat_cta   <= first_cta(s_mask[r_cs]);
          beat_cs    <= r_cs;
          beat_sw    <= s_sw[r_cs];
          beat_t32   <= s_t32[r_cs];
          beat_mask  <= s_mask[r_cs];
          beat_fill  <= s_fnan[r_cs] ? {8{16'h7FF7}} : 128'd0;
          s_bytes[r_cs] <= s_bytes[r_cs] + 40'(16'(r_hi_g - r_lo_g));
        end
      end
    end
  end
endmodule
