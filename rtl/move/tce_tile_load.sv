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
    // soff[23:7], rows, pitch, mbar_off and want_tx are what they were a cycle ago (from
    // flip-flops: see same_q below)
    input  logic              ck_same,
    input  logic [31:0]       tx_count,
    input  logic              ext_rows,
    input  logic [159:0]      ext_x,
    input  logic              ext_last,
    output logic              row_step,
    // The row walker outside (OWN_WALK = 0): its start and next, and the row it presents.
    output logic              xw_start,
    output logic              xw_next,
    input  tce_walk_pkg::xw_row_t xw_row,
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

  // floor(a / d) for a < 4096 and d in 1..8 as a * m >> 16, m = ceil(2^16 / d) (recip,
  // chosen when the command starts): m is 2^16/d + r with r < 1, so the product overshoots
  // a/d by a*r/2^16 < 1/16, less than the 1/d (>= 1/8) between a/d's fraction and the next
  // integer. (the product's low 16 bits are the fraction, dropped)
  function automatic logic [16:0] recip(input logic [3:0] d);
    case (d)
      4'd2: recip = 17'd32768;
      4'd3: recip = 17'd21846;
      4'd4: recip = 17'd16384;
      4'd5: recip = 17'd13108;
      4'd6: recip = 17'd10923;
      4'd7: recip = 17'd9363;
      4'd8: recip = 17'd8192;
      default: recip = 17'd65536;
    endcase
  endfunction
  // The divisor recip() divides by: e0, or 1 outside 1..8 (tce_tile_check refuses those).
  function automatic logic [3:0] rdiv(input logic [3:0] d);
    rdiv = (d >= 4'd1 && d <= 4'd8) ? d : 4'd1;
  endfunction
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [12:0] div_rcp(input logic [12:0] a, input logic [16:0] m);
    logic [29:0] p;
    p = {17'd0, a} * {13'd0, m};
    div_rcp = p[28:16];
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  // A dividend: the distance v clamped to 4095, + e0 - 1. The clamped value's sum is a
  // table of e0 (4094 + e0), so the add runs beside the clamp's compare, not after it.
  function automatic logic [12:0] cl_div(input logic [40:0] v, input logic [3:0] d);
    logic [12:0] sat;
    sat = '0;
    for (int k = 0; k < 16; k++) if (d == 4'(k)) sat = 13'(4094 + k);
    cl_div = (v[40:12] != 29'd0) ? sat : 13'(v[11:0]) + 13'(d) - 13'd1;
  endfunction

  // Pre-swizzle shared address of the byte at distance `off` from the address of the row
  // whose shared base is sb: off itself in a row or across dense rows; across rows padded
  // to a pitch of 2^lp (sct, row bytes 2^lrb, m = 2^lrb - 1), row off >> lrb of the burst,
  // off mod 2^lrb into it. (off >> lrb) << lp is off's row bits shifted up by dsh = lp -
  // lrb, with zeros below bit lp where the offset in the row goes: one shift and an OR, no
  // second add. The shift is by a one-hot pw = 1 << dsh (decoded when the beat is taken),
  // an AND-OR of the 16 shifted copies rather than four stages of muxes.
  // off comes split at the row size: kh = off & ~m, kl = off & m; when rows are not
  // padded (not sct) all of off is in kl (m all ones, kh 0), so the same sum places it.
  function automatic logic [23:0] place(input logic [23:0] sb, input logic [OW-1:0] kh,
                                        input logic [OW-1:0] kl, input logic [15:0] pw);
    logic [23:0]   sh;
    sh = '0;
    for (int k = 0; k < 16; k++) if (pw[k]) sh = sh | (24'(kh) << k);
    place = sb + (sh | 24'(kl));
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
  logic [3:0]  m_first;        // the command's CTAs: the first, and the others
  logic [15:0] m_rest;
  logic [OW-1:0] rbytes;
  logic [8:0]  bx0;
  logic        mok;          // rows may follow each other in global memory, and merge
  logic        msct;         // mok, and rows are padded in shared memory (pitch > row bytes)
  logic [OW-1:0] pch;        // pitch
  wire [127:0] fill_chunk = fnan ? {8{16'h7FF7}} : 128'd0;

  // ------------------------------------------------------------- row walker
  // The rows come from tce_row_walk (below), one presented at a time. SETUP (the cycle after
  // start, or after W_DIV; the walk assembles row 0 meanwhile) fixes the command's dim-0
  // range; ROW writes a row's fill chunks, or issues a row without fill straight from the
  // walk (its first burst in the same cycle: a one-burst row takes one cycle); READ issues
  // the rest.
  //
  // A load whose box starts at a negative coordinate or misses the tensor first reads the
  // beat at globalAddress, as the H100 does (docs/tile.md): ORG issues that read (one beat,
  // no byte of it kept), OWAIT waits for its answer before anything is written, and on an
  // error SKIP lets the rows pass unwritten, so the command ends GLOBAL_BUS having written
  // nothing.
  // W_DIV (between start and SETUP) divides the dim-0 range by a dim-0 stride that is not a
  // power of two (3, 5, 6, 7: strided interleave loads only), so that the DSP48's product
  // lands in a register; other strides are shifts done in SETUP itself.
  typedef enum logic [2:0] { W_IDLE, W_SETUP, W_ROW, W_READ, W_ORG, W_OWAIT, W_SKIP, W_DIV } wstate_t;
  wstate_t ws;
  logic [23:0] row_sbase;      // pre-swizzle shared address of the row
  logic [GADDR_W-1:0] row_g;          // global address of dim-0 coordinate c0 in this row
  logic        row_inb;        // dims 1..4 in bounds
  logic        row_valid, last_row, row_next;
  // Per command (SETUP): the in-bounds bytes of every row [lo, hi), lo 16-aligned; whether
  // any unit is in bounds; where a row's reads start and its row offset 0 lies, relative to
  // row_g; the bytes a row's read runs from there; whether a row in bounds needs no fill
  // chunk.
  logic [OW-1:0] lo, hi;
  logic        has;
  logic [DW-1:0] rd_off;       // lo * e0: the first in-bounds unit's distance from row_g
                               // (from lo's register: used only in READ, after W_SETUP)
  logic [OW-1:0] row_rem;      // a direct row's read: the row rounded up to chunks, or one
                               // unit when strided
  logic        nofill0;
  logic        o_need;         // the command reads globalAddress first
  logic [AW-1:0] o_addr;       // that address
  logic [OW-1:0] chunk;        // ROW: chunk being considered (byte offset)
  logic [OW-1:0] chunk_e;      // ROW: its end, chunk + 16 (kept beside it: no add before the
                               // fill compare)
  logic [3:0]  wcta;           // ROW: CTA being written
  logic [15:0] wleft;          // ROW: CTAs still to write the chunk to, after wcta
  logic [AW-1:0] rd_next;        // READ: next global address to request
  logic [OW-1:0] rd_rem;       // READ: bytes from rd_next to the end of the row's read
  logic [OW-1:0] rd_rel;       // READ: rd_next's offset in its row (a context's rel)
  logic [OW-1:0] rd_end;       // READ: rd_rel + rd_rem, the row offset where the current
                               // read ends (a strided row's slice, else the row's read)

  // Units k of a row are at dim-0 coordinate c0 + k*e0; the in-bounds ones are [lo_e, hi_e):
  // lo_e = ceil(-c0 / e0) (0 when c0 >= 0), hi_e = min(ceil((gdim0 - c0) / e0), box0).
  // Both only matter up to box0 (< 512): a quotient of box0 or more means "past the box"
  // either way (no unit in bounds when lo_e reaches box0), so the distances -c0 and
  // gdim0 - c0 are clamped to 12 bits before e0 - 1 is added (4095 / e0 >= 511 for e0 <=
  // 8), divided by e0 (1..8) exactly, and both quotients are capped at box0. The dividends
  // are formed from the inputs at `start` (lo_cl, hi_cl); a power-of-two e0 divides by a
  // shift in W_SETUP (dsh), any other by a multiply with a 16-bit reciprocal (div_rcp: the
  // dividend stays below 4103, so the reciprocal's overshoot stays below 1/8) in W_DIV,
  // whose quotients replace the dividends (dsh 0 then). A multiply in W_SETUP itself put
  // the DSP48's unregistered output before the caps and compares (6.8 ns).
  wire signed [40:0] c0s_in   = {{9{coords[31]}}, coords[31:0]};
  wire signed [40:0] gdim0_in = {8'd0, gdim[32:0]};
  wire [40:0] lo_x   = 41'(-c0s_in);
  wire [40:0] hi_x   = 41'(gdim0_in - c0s_in);
  logic [12:0] lo_cl, hi_cl;   // the dividends: the clamped distances + e0 - 1
  logic [16:0] rcp;            // recip(e0)
  logic [1:0]  dsh;            // log2(e0) for e0 = 2, 4, 8; else 0
  logic        st_q;           // the cycle after start (stage A holds start's inputs)
  logic        lo_any;         // c0 < 0: some units lie before the tensor (lo_e >= 1)
  logic        hi_any;         // c0 < gdim0: some unit can lie inside it
  logic [12:0] be0;            // box0 * e0: hi_e = box0 (the row ends in bounds) iff
                               // hi_any and hi_cl >= be0
  wire [12:0] lo_q = lo_cl >> dsh;
  wire [12:0] hi_k = hi_cl >> dsh;
  wire        e0_odd = e0 == 4'd3 || e0 == 4'd5 || e0 == 4'd6 || e0 == 4'd7;
  wire [8:0]  lo_e = !lo_any ? 9'd0 : (lo_q < 13'(bx0)) ? lo_q[8:0] : bx0;
  wire [8:0]  hi_e = !hi_any ? 9'd0 : (hi_k < 13'(bx0)) ? hi_k[8:0] : bx0;
  wire        row0_has = hi_e > lo_e;

  // ------------------------------------------------------------- read contexts
  // Up to RDD bursts per ID are in flight. AXI returns the bursts of one ID in order, so
  // each ID keeps a FIFO of burst contexts: written at the AR handshake, read by the R
  // beats of its oldest burst (hb counts that burst's beats). NRD x RDD bursts cover the
  // memory latency even when every burst is one 128-byte row. A context holds what the
  // beat writer needs, compactly: the first requested byte's offset in its beat, the
  // low bits of the burst's length (its last beat's end), the first byte's offset in its
  // row and the row's pre-swizzle shared address.
  // The contexts are one LUT RAM (one write port, no reset, read asynchronously by the R
  // beat's ID); which of them hold a burst is wp/rp/cnt's business, kept in flip-flops.
  localparam int DWP = $clog2(RDD);
  localparam int NE  = (1 << IW) * RDD;
  logic [DWP-1:0]  wp [NRD], rp [NRD];
  logic [DWP:0]    cnt [NRD];
  logic [7:0]      hb [NRD];
  logic [IW-1:0]   id_ptr;

  // ------------------------------------------------------------- in-flight commands
  // Slot table, a ring in command order: hd_p is the oldest command, cur_s the walker's.
  localparam int SLW = (NS > 1) ? $clog2(NS) : 1;
  localparam int BCW = $clog2(NE + 1);
  // A burst context: the first requested byte's offset in its beat, bytes requested
  // modulo 2 beats (0 for the origin read), start - row address, the row's pre-swizzle
  // shared address, the command slot, and whether every byte of the burst is in bounds
  // (no fill merge). (Plain vectors, not packed structs: Yosys 0.23 does not read arrays
  // of structs.)
  localparam int CTXW = LB + (LB + 1) + OW + 24 + SLW + 1;
  logic [CTXW-1:0] e_ram [NE];
  logic [SLW-1:0]  hd_p, cur_s;
  logic [SLW:0]    n_used;
  logic            act_q;            // n_used != 0, a flip-flop: it gates the read channel
                                     // and owns the shared-memory port (sm_owner)
  // What the beat writer needs of its beat's command (written at start, read by the R
  // beat's slot): swizzle, fill, tf32, padded merged rows, the row-offset mask and the
  // pitch's shift over it (place()), and its CTAs as the first one and the others
  // (lowest_rest).
  // What the back end needs of the oldest command (written at start, read by hd_p): CTAs,
  // complete-tx count, mbarrier.
  // Slot fields read one slot at a time are LUT RAM (one write port each, no reset; a
  // slot is written before anything reads it); those every cycle compares across all slots
  // (extent, mbarrier) or counts up and down are flip-flops.
  logic [30+OW-1:0] sb_ram [NS];
  logic [71:0]     sh_ram [NS];
  logic [2*OW-1:0] sr_ram [NS];       // [lo, hi) of the rows (written in W_SETUP)
  logic [BCW-1:0]  s_bursts[NS];     // bursts requested and not yet wholly returned
  logic [39:0]     s_bytes [NS];
  // For the clash compare, in 128-byte lines (sh_ram has the head's mbarrier): the
  // mbarrier's line, and the shared extent [s_rlo, s_rhi) of lines.
  logic [16:0]     s_mb    [NS];
  logic [17:0]     s_rlo   [NS], s_rhi [NS];
  logic [NS-1:0]   s_issued, s_err_bus, s_want_tx;
  logic [NS-1:0]   s_busy;            // the slot holds a command in flight (for the clash
                                      // check: no ring-distance compare with n_used)
  logic [SLW-1:0]  tl_p;             // the next free slot: hd_p + n_used, kept as a register

  // Where reads come from: READ's registers, or in ROW the presented row itself. A piece
  // is its start (cur_next) and the bytes from there to the end of the row's read
  // (cur_rem), so the 4 KB page cut is a compare of offsets in the page, not of addresses.
  // A burst of 256 beats of at least 16 bytes reaches past its page end from any start, so
  // the page is the only limit.
  if (DATA_W < 128) begin : g_bad_data_w
    $error("tce_tile_load: DATA_W must be at least 128");
  end
  wire        strided = ee0 != 4'd1;
  logic [OW-1:0] unit_b;        // bytes of a dim-0 unit (set at start)
  // A strided row's next slice starts e0 units after the one just read: e0 - 1 units after
  // its end.
  logic [AW-1:0] sl_skip;       // (e0 - 1) units (set at start)
  wire  [3:0]    e0m1_in = e0 - 4'd1;
  // The first in-bounds byte: a true address below 2^GADDR_W once reduced modulo 2^GADDR_W
  // (row_g may have wrapped, for a negative c0); the read's end is measured from it
  // (row_rem), so that it lands in AW bits unwrapped.
  assign rd_off = DW'(lo) * DW'(ee0);
  wire [GADDR_W-1:0] rs_next_g = row_g + GADDR_W'(rd_off);
  wire [AW-1:0] rs_next = AW'(rs_next_g);
  wire        in_read = (ws == W_READ);
  wire        direct  = (ws == W_ROW) && row_valid && row_inb && nofill0;
  // Outside READ only a direct row reads, and it has lo = 0 (nofill0: c0 >= 0), so
  // rd_off = 0 too: its reads start at row_g itself, offset 0 of the row.
  wire [AW-1:0] cur_next = in_read ? rd_next : AW'(row_g);
  wire [OW-1:0] cur_rem  = in_read ? rd_rem : row_rem;
  wire [OW-1:0] p_rel    = in_read ? rd_rel : '0;
  // (a direct row's read ends at row_rem: it starts at offset 0)
  wire [OW-1:0] cur_end  = in_read ? rd_end : row_rem;
  wire        rd_go   = (in_read && row_inb && has) || direct;
  // A direct row's terms that read only row_rem and [lo, hi), which hold for the command,
  // are registers set beside row_rem (rr_*), and READ's are formed from READ's registers
  // alone: so row_rem starts no path into row_next (it began 45 of small's paths over 8).
  logic         rr_nz;      // row_rem != 0
  logic         rr_slm;     // strided && row_rem < hi: a direct strided row has more slices
  wire        sl_more = in_read ? strided && rd_end < hi : rr_slm;

  // Bytes from cur_next to its page end (1..4096); the piece stops there or at the end.
  // The piece's end is formed beside p_whole, not after it: from cur_next's offset in its
  // page plus the bytes to go (pg_sum, at most 4096 when the piece is whole) and its page
  // number plus one.
  wire [12:0]   to_page = 13'd4096 - {1'b0, cur_next[11:0]};
  wire [OW:0]   pg_sum  = (OW+1)'(cur_next[11:0]) + (OW+1)'(cur_rem);
  // A direct row's piece is whole when row_g's offset in its page is at most
  // 4096 - row_rem: a compare with registers set beside row_rem, not a sum and a compare
  // (that sum began lite's deepest paths, through row_next into the walker).
  logic [12:0]  rr_lim;     // 4096 - row_rem, when row_rem <= 4096 (rr_fits)
  logic         rr_fits;
  wire          pw_direct = rr_fits && {1'b0, row_g[11:0]} <= rr_lim;
  wire          pw_read = (OW+1)'(rd_next[11:0]) + (OW+1)'(rd_rem) <= (OW+1)'(4096);
  wire          p_whole = in_read ? pw_read : pw_direct;
  wire [12:0]   p_len   = p_whole ? 13'(cur_rem) : to_page;   // bytes of the piece (<= 4096)
  wire [AW-13:0] pg_up  = cur_next[AW-1:12] + 1'b1;
  wire [AW-1:0] burst_end = !p_whole ? {pg_up, 12'd0} :
                            {pg_sum[12] ? pg_up : cur_next[AW-1:12], pg_sum[11:0]};
  // What the piece leaves of its row's read, and the row offset just past it.
  wire [OW-1:0] p_rem_after = p_whole ? '0 : OW'(pg_sum - (OW+1)'(4096));
  wire [OW-1:0] p_rel_after = p_whole ? cur_end : p_rel + OW'(to_page);
  // A strided row's next slice starts e0 - 1 units past the end of a whole piece.
  wire [AW-1:0] sl_next = cur_next + (AW'(cur_rem) + sl_skip);
  // AXI length of the piece: its beats less one, to the page end when not whole
  // (4096 / DB beats less cur_next's beat in the page: the complement of that beat).
  /* verilator lint_off UNUSEDSIGNAL */
  wire [LB+8:0] p_bytes = (LB+9)'(cur_next[LB-1:0]) + (LB+9)'(cur_rem) + (LB+9)'(DB - 1);
  /* verilator lint_on UNUSEDSIGNAL */
  wire [11-LB:0] pg_beat = cur_next[11:LB];
  wire [11-LB:0] pg_left = ~pg_beat;
  wire [7:0]    p_alen  = p_whole ? 8'(p_bytes[LB+8:LB] - 9'd1) : 8'(pg_left);

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
  // merged burst's beats as a row's, with no fill merge (its context's `all`): pre-swizzle shared
  // address = the first row's base + the distance d from that row's address when the rows
  // are dense in shared memory; when they are padded there (narrow rows of a swizzled box:
  // pitch > row bytes, both powers of two, msct), row d / row_bytes of the burst lies
  // pitch bytes after the one before, so the address is base + (d >> lrb << lpch) +
  // d mod row_bytes (place()). The pending burst goes out (pd_go) when the next piece does not
  // continue it or none comes; once offered on AR it is fixed until taken (AXI). Pieces of
  // other commands go out directly, as before, so their timing is unchanged.
  logic          pd_v, pd_fix;         // a pending burst; offered on AR and not yet taken
  logic [AW-1:0]   pd_start, pd_end;
  logic [12:0]   pd_len;               // pd_end - pd_start (<= 4096)
  logic [OW-1:0] pd_rel;
  logic [23:0]   pd_sbase;
  logic [23:0]   pd_send;              // pre-swizzle shared address just past it
  logic [23:0]   pd_lnext;             // shared base of the row one pitch after its last row
  logic [SLW-1:0] pd_cs;
  wire          p_valid = rd_go && (in_read ? rd_rem != '0 : rr_nz);
  wire          p_all   = mok && row_inb && nofill0 && !strided;
  // Only a direct row's first piece can continue the pending burst, so that is the only
  // piece compared with it: in READ a piece of a row without fill starts at a page (its
  // row's first piece was cut there), or is a slice (strided); a row that entered READ from
  // ROW has fill or is out of bounds. The piece then starts at offset 0 of its row, and
  // continues the burst in shared memory right after it (dense rows), or (msct) as the
  // row one pitch after its last row.
  wire          p_sh    = msct ? row_sbase == pd_lnext : row_sbase == pd_send;
  wire          p_cont  = pd_v && !pd_fix && direct && p_all && rr_nz &&
                          AW'(row_g) == pd_end && cur_s == pd_cs && row_g[11:0] != 12'd0 && p_sh;
  wire          pd_go   = pd_v && !p_cont;
  wire          cnt_ok  = cnt[id_ptr] != (DWP+1)'(RDD);
  // The origin read (ORG), once no burst is pending: one beat, no byte kept (context len 0).
  wire          o_go     = ws == W_ORG && !pd_v;
  // The burst on AR: the pending one, else the origin read, else the walker's piece when it
  // is not held.
  wire [AW-1:0]   ax_start = pd_go ? pd_start : o_go ? o_addr : cur_next;
  wire [LB:0]     ax_len   = pd_go ? pd_len[LB:0] : p_len[LB:0];   // low bits, for the context
  assign arvalid = cnt_ok && (pd_go || o_go || (!pd_v && p_valid && !p_all));
  wire   ar_fire  = arvalid && arready;
  // The walker's piece is taken: added to the pending burst, made the new pending burst
  // (none is pending, or the pending one leaves now), or sent on AR itself.
  wire   p_hold   = p_valid && p_all && (!pd_v || (pd_go && ar_fire));
  wire   p_take   = p_cont || p_hold || (!pd_v && p_valid && !p_all && ar_fire);
  // Beats in the burst (<= 256: it stays in its page) less one: from its first beat's
  // start, the bytes rounded up to beats (the low LB bits are the rounding); the origin
  // read is one beat.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [LB+8:0] pd_bytes = (LB+9)'(pd_start[LB-1:0]) + (LB+9)'(pd_len) + (LB+9)'(DB - 1);
  /* verilator lint_on UNUSEDSIGNAL */
  assign ar_s.id   = ID_W'(id_ptr);
  assign ar_s.addr = 64'(ax_start);
  assign ar_s.len  = pd_go ? 8'(pd_bytes[LB+8:LB] - 9'd1) : o_go ? 8'd0 : p_alen;

  // ------------------------------------------------------------- beat stage
  logic              beat_valid;
  logic              beat_new;      // the beat was taken in the cycle before
  logic [DATA_W-1:0] beat_data;
  // Where the beat lies, found when it is taken, so that writing it needs no address-wide
  // subtract or compare: its requested bytes [blo, bhi) relative to its first byte, and of
  // each chunk the row offset split at the row size (kh, kl: place()) and the distances of
  // the row's in-bounds bytes [lo, hi) from it (dl, dh: merge()).
  logic [LB-1:0]     beat_blo;
  logic [LB:0]       beat_bhi;
  logic [OW-1:0]     beat_kh [NCH], beat_kl [NCH];
  logic signed [OW+1:0] beat_dl [NCH], beat_dh [NCH];
  logic [23:0]       beat_sbase;
  logic              beat_all;      // the beat's burst is all in bounds: no fill merge
  logic [15:0]       beat_pw;       // 1 << (log2 pitch - log2 row bytes) (place())
  logic [$clog2(NCH+1)-1:0] beat_q;   // chunk of the beat being written
  logic [3:0]        beat_cta;
  logic [15:0]       beat_left;     // CTAs still to write the chunk to, after beat_cta
  // The beat's command: its slot and what writing its data depends on.
  logic [SLW-1:0]    beat_cs;
  logic [2:0]        beat_sw;
  logic              beat_t32;
  logic [3:0]        beat_first;    // the command's CTAs: the first and the others
  logic [15:0]       beat_rest;
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
  wire [LB-1:0]  r_s0;
  wire [LB:0]    r_len;
  wire [OW-1:0]  r_rel;
  wire [23:0]    r_sbase;
  wire [SLW-1:0] r_cs;
  wire           r_all;
  assign {r_s0, r_len, r_rel, r_sbase, r_cs, r_all} = e_ram[r_e];
  wire [2:0]     sb_sw;
  wire           sb_fnan, sb_t32, sb_sct;
  wire [OW-1:0]  sb_m;
  wire [3:0]     sb_dsh;
  wire [3:0]     sb_first;
  wire [15:0]    sb_rest;
  assign {sb_sw, sb_fnan, sb_t32, sb_sct, sb_m, sb_dsh, sb_first, sb_rest} = sb_ram[r_cs];
  wire [2*OW-1:0] r_sr = sr_ram[r_cs];
  // The R beat is beat hb of its burst, whose first requested byte lies r_s0 into the
  // burst's first beat; the burst's bytes end r_len after it. Relative to the beat's
  // first byte: the requested bytes start at r_s0 on the first beat and at 0 after it,
  // and end DB on, except on the last beat (RLAST), where they end at r_s0 + r_len - hb
  // beats (in [0, DB], so LB+1 bits of r_len do: subtracting hb beats there only flips
  // bit LB by hb[0]). The beat's first byte lies hb beats - r_s0 + r_rel into its row.
  wire [7:0]    r_hb   = hb[rslot];
  wire [LB:0]   r_tail = ((LB+1)'(r_s0) + r_len) ^ {r_hb[0], {LB{1'b0}}};
  wire [LB-1:0] r_blo  = (r_hb == 8'd0) ? r_s0 : '0;
  wire [LB:0]   r_bhi  = r_s.last ? r_tail : (LB+1)'(DB);
  wire [OW-1:0] r_off  = OW'({r_hb, {LB{1'b0}}}) - OW'(r_s0) + r_rel;
  // Of each chunk of the R beat: its row offset split at the row size (r_m, the mask of
  // the low lrb bits), and the distances from it to the row's lo and hi.
  // (a burst whose rows are not padded in shared memory keeps its whole offset in kl: the
  // mask is then all ones, and place() needs no choice)
  wire [OW-1:0] r_m    = (r_all && sb_sct) ? sb_m : '1;
  logic [OW-1:0] r_kh [NCH], r_kl [NCH];
  logic signed [OW+1:0] r_dl [NCH], r_dh [NCH];
  always_comb begin
    for (int i = 0; i < NCH; i++) begin
      logic [OW-1:0] o;
      o = r_off + OW'(16 * i);
      r_kh[i] = o & ~r_m;
      r_kl[i] = o & r_m;
      r_dl[i] = $signed({2'b00, r_sr[2*OW-1:OW]}) - $signed({2'b00, o});
      r_dh[i] = $signed({2'b00, r_sr[OW-1:0]}) - $signed({2'b00, o});
    end
  end

  wire [LB:0] beat_nb = beat_bhi - (LB+1)'(beat_blo);   // the beat's requested bytes

  // Every chunk of the beat: whether it was requested.
  logic [NCH-1:0] c_live;
  always_comb
    for (int i = 0; i < NCH; i++)
      c_live[i] = (LB+1)'(16 * i) >= (LB+1)'(beat_blo) && (LB+1)'(16 * i) < beat_bhi;
  // The chunk the per-chunk path writes (beat_q; with one chunk a beat, that one).
  logic         q_live;
  logic [OW-1:0] q_kh, q_kl;
  logic signed [OW+1:0] q_dl, q_dh;
  logic [127:0] q_raw;
  always_comb begin
    q_live = 1'b0; q_kh = '0; q_kl = '0; q_dl = '0; q_dh = '0; q_raw = '0;
    for (int i = 0; i < NCH; i++)
      if (NCH == 1 || beat_q == i[$clog2(NCH+1)-1:0]) begin
        q_live = c_live[i]; q_kh = beat_kh[i]; q_kl = beat_kl[i];
        q_dl = beat_dl[i]; q_dh = beat_dh[i]; q_raw = beat_data[i*128 +: 128];
      end
  end

  function automatic logic [3:0] first_cta(input logic [15:0] m);
    first_cta = 4'd0;
    for (int c = 15; c >= 0; c--) if (m[c]) first_cta = 4'(c);
  endfunction
  // The CTAs of m after its first one (m less its lowest set bit). A CTA loop keeps the
  // CTAs still to go in a register: the next CTA is its first, the loop ends when it is
  // empty, without comparing the current CTA with the mask.
  function automatic logic [15:0] lowest_rest(input logic [15:0] m);
    lowest_rest = m & (m - 16'd1);
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
  // Byte b of the chunk at row offset off is in [lo, hi) when dl = lo - off <= b < dh =
  // hi - off: two subtractions per chunk (when the beat is taken), not two compares per
  // byte (a written chunk's off + 15 stays below ROW_MAX + 4096 + 16, so nothing wraps).
  function automatic logic [127:0] merge(input logic [127:0] d, input logic [127:0] f,
                                         input logic signed [OW+1:0] dl,
                                         input logic signed [OW+1:0] dh, input logic all);
    logic [127:0] r;
    logic lneg, lbig, hneg, hbig;
    // dl <= b: dl negative, or below 16 with its low bits at most b; b < dh: dh at least
    // 16, or non-negative with its low bits above b (bit tests, not a compare chain each).
    lneg = dl[OW+1]; lbig = dl[OW:4] != '0;
    hneg = dh[OW+1]; hbig = dh[OW:4] != '0;
    for (int b = 0; b < 16; b++)
      r[b*8 +: 8] = (all || ((lneg || (!lbig && dl[3:0] <= 4'(b))) &&
                             !hneg && (hbig || dh[3:0] > 4'(b)))) ? d[b*8 +: 8] : f[b*8 +: 8];
    merge = r;
  endfunction

  // Whole-beat write: every swizzle mode permutes 16-byte chunks by XORing chunk-index bits
  // with higher address bits, so chunks that are neighbours before the swizzle usually stay
  // in one shared-memory word, only permuted. When all requested chunks of the beat land in
  // one word, the beat is written in one request per CTA; otherwise chunk by chunk.
  logic [23:0]       f_word;        // physical word of the first live chunk
  logic [DATA_W-1:0] f_data;        // (before the 8-byte flip, which is applied last)
  logic [NCH-1:0]    f_flip;        // a lane's chunk swaps its 8-byte halves
  logic [DB-1:0]     f_strb;
  // Computed only while a beat is held (every use is under beat_valid): the simulation then
  // skips the per-byte merges when no beat is there (docs/sim_speed.md).
  always_comb begin
    logic found;
    logic [23:0]  pa, ph;
    logic [127:0] d;
    found = 1'b0; f_word = '0; f_data = '0; f_flip = '0; f_strb = '0;
    pa = '0; ph = '0; d = '0;
    if (beat_valid)
    for (int i = 0; i < NCH; i++) begin
      pa = place(beat_sbase, beat_kh[i], beat_kl[i], beat_pw);
      ph = swz(beat_sw, pa);
      d  = merge(load_data(beat_data[i*128 +: 128], beat_t32), beat_fill, beat_dl[i], beat_dh[i], beat_all);
      if (c_live[i]) begin
        if (!found) f_word = {ph[23:LB], {LB{1'b0}}};
        found = 1'b1;
        for (int l = 0; l < NCH; l++)
          if (({8'd0, ph} & 32'(DB - 1)) == 32'(l * 16)) begin
            f_data[l*128 +: 128] = d;
            f_flip[l] = beat_sw == 3'd5 && pa[7];
            f_strb[l*16 +: 16] = 16'hFFFF;
          end
      end
    end
  end
  wire f_any = |c_live;
  // All live chunks in one word (f_one), found without the placement's add or the
  // swizzle, since it decides whether the beat leaves (rready): a swizzle moves a chunk
  // only inside its 128-byte line, so chunks share a physical word iff they share a
  // pre-swizzle one. That holds when no live chunk starts a new row (padded rows jump
  // there: a chunk after the first live one whose row offset is below 16) and the
  // first live chunk's offset in its word plus the chunks after it stays in the word:
  // the low LB bits of its pre-swizzle address, from the low bits of place()'s terms.
  logic f_one;
  if (NCH == 1) begin : g_one_chunk
    assign f_one = 1'b1;
  end else begin : g_whole_beat
    localparam int CW = $clog2(NCH);
    logic [CW-1:0] f_first, f_last;
    logic          f_cross;
    logic [LB-1:0] f_sh;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [LB-1:0] f_lo;            // (its low 4 bits only carry into the chunk bits)
    /* verilator lint_on UNUSEDSIGNAL */
    always_comb begin
      f_first = '0; f_last = '0; f_cross = 1'b0; f_sh = '0;
      for (int i = NCH - 1; i >= 0; i--) if (c_live[i]) f_first = CW'(i);
      for (int i = 0; i < NCH; i++) if (c_live[i]) f_last = CW'(i);
      for (int i = 1; i < NCH; i++)
        if (c_live[i] && c_live[i-1] && beat_kl[i][OW-1:4] == '0) f_cross = 1'b1;
      for (int k = 0; k < 16; k++) if (beat_pw[k]) f_sh = f_sh | LB'(beat_kh[f_first] << k);
      f_lo = beat_sbase[LB-1:0] + (f_sh | LB'(beat_kl[f_first]));
    end
    assign f_one = !f_cross &&
                   ({1'b0, f_lo[LB-1:4]} + {1'b0, f_last - f_first}) < (CW+1)'(NCH);
  end
  wire full  = beat_valid && f_one;

  // Walker fill chunk: wholly outside [lo, hi) (or the whole row when the row is out).
  wire        w_fill = !row_inb || !has || (chunk_e <= lo) || (chunk >= hi);

  // Which writer has the data port: a beat being drained first, then the walker's fills.
  // The oldest command's complete-tx has the mbarrier port to itself.
  typedef enum logic [1:0] { B_WAIT, B_ACK, B_TX, B_TXACK } bstate_t;
  bstate_t     bs;
  logic [15:0] b_txm;               // B_TX: CTAs still owed the complete-tx
  // The port's request is a register (rq_*), loaded from the beat or the walker's fill
  // whenever it is empty or being taken (w_take): so the port's address, strobes and data
  // leave flip-flops, and the placement's shift and add stay in front of them (in the
  // engine the port runs on through its owner mux to the RAMs' write enables).
  logic       rq_valid;
  wire        w_take   = !rq_valid || sm_ready;
  wire        use_beat = beat_valid && (full ? f_any : q_live);
  wire        use_fill = !beat_valid && ws == W_ROW && row_valid && !direct &&
                         chunk < rbytes && w_fill;
  wire [23:0] pre_a  = use_beat ? place(beat_sbase, q_kh, q_kl, beat_pw)
                                 : row_sbase + 24'(chunk);
  wire [127:0] data0 = use_beat ? merge(load_data(q_raw, beat_t32), beat_fill, q_dl, q_dh, beat_all) : fill_chunk;
  wire [2:0]  wr_sw  = use_beat ? beat_sw : sw;
  wire [23:0] phys   = swz(wr_sw, pre_a);
  wire        flip   = (wr_sw == 3'd5) && pre_a[7];
  wire [3:0]  wr_cta = use_beat ? beat_cta : wcta;

  // The next request (taken into rq_* at w_take), and the command it writes for.
  wire        w_valid = use_beat || use_fill;
  wire [SLW-1:0] w_cs = use_beat ? beat_cs : cur_s;
  // (one chunk a beat: the whole-beat word is the chunk's own, phys, and no choice is made)
  wire [23:0] w_addr  = (NCH > 1 && use_beat && full) ? f_word : {phys[23:LB], {LB{1'b0}}};
  logic [DATA_W-1:0]   w_wdata;
  logic [DATA_W/8-1:0] w_wstrb;
  assign mb_valid    = (bs == B_TX);
  assign mb_cta      = first_cta(b_txm);
  wire [15:0] h_mask;
  assign {h_mask, mb_tx_count, mb_addr} = sh_ram[hd_p];
  // Each lane's data, then its flip last: the flip waits on the placement's add, the data
  // does not.
  always_comb
    for (int l = 0; l < NCH; l++) begin
      logic [127:0] w;
      logic         fl;
      w  = (use_beat && full) ? f_data[l*128 +: 128] : data0;
      fl = (use_beat && full) ? f_flip[l] : flip;
      w_wdata[l*128 +: 128] = fl ? {w[63:0], w[127:64]} : w;
    end
  // With one chunk a beat a write is the whole word (a chunk is 16-byte aligned).
  always_comb begin
    w_wstrb = '0;
    for (int i = 0; i < NCH; i++)
      if (NCH == 1 || phys[LB-1:0] == LB'(i * 16)) w_wstrb[i*16 +: 16] = 16'hFFFF;
    if (use_beat && full) w_wstrb = f_strb;
  end
  logic [3:0]          rq_cta;
  logic [23:0]         rq_addr;
  logic [DATA_W-1:0]   rq_wdata;
  logic [DATA_W/8-1:0] rq_wstrb;
  logic [SLW-1:0]      rq_cs;
  always_ff @(posedge clk or negedge rst_n)
    if (!rst_n) rq_valid <= 1'b0;
    else if (w_take) rq_valid <= w_valid;
  // (payload without reset: it matters only while rq_valid)
  always_ff @(posedge clk)
    if (w_take && w_valid) begin
      rq_cta <= wr_cta; rq_addr <= w_addr; rq_wdata <= w_wdata; rq_wstrb <= w_wstrb;
      rq_cs <= w_cs;
    end
  assign sm_valid = rq_valid;
  assign sm_cta   = rq_cta;
  assign sm_addr  = rq_addr;
  assign sm_wdata = rq_wdata;
  assign sm_wstrb = rq_wstrb;
  wire sm_fire = sm_valid && sm_ready;
  // The beat is finished with: its last write is taken into the request now (or nothing is
  // left to write).
  wire beat_live_now = full ? f_any : q_live;
  wire beat_last_cta = beat_left == 16'd0;
  assign beat_leaving = beat_valid && (!beat_live_now || (w_take && use_beat && beat_last_cta)) &&
                        (full || beat_q == ($clog2(NCH+1))'(NCH - 1));

  // Shared-memory writes issued and answered (wrapping counts: at most a few apart).
  logic [15:0] wf_cnt, wr_cnt, b_tgt, b_tgt1;
  logic        b_err;               // an error answer to a write since the oldest command's B_ACK
  // Complete-tx requests outstanding on the mbarrier port, and whether one was refused.
  logic [4:0]  m_out;
  logic        m_err;

  // The new command's shared extent [n_rlo, n_rhi) in whole 128-byte lines, and whether it
  // or its mbarrier overlaps what a command in flight writes. Two register stages keep the
  // product, sums and compares out of can_start (and the executor's state behind it):
  // stage A registers the extent, stage B the clash with the slots. So clash_q speaks for
  // the inputs of two cycles ago, and is used only while they have not changed since
  // (ck_same, same_q: flip-flops of the executor and tce_tile_check, not an 88-bit compare
  // here, which was five LUT levels in front of can_start and tile_start). The slots it saw
  // may differ from the slots now in two ways only: a retired command (clash_q errs on the
  // safe side), or one taken by `start`, after which the walker is busy for longer than
  // stage B needs to see its extent (written the cycle after start, from stage A). With no
  // command in flight nothing can clash, so the first command after an idle spell never
  // waits for the stages.
  // The extent rows * pitch is formed from rows[23:0] * pitch, one DSP48 (all 32 bits of
  // rows took a cascade of two: 5.8 ns to stage A); rows[24] adds pitch << 24, which alone
  // reaches 2^25 unless pitch is 0 or 1, and rows[31:25] reach it with any pitch.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [37:0] n_m24 = 38'(rows[23:0]) * 38'(pitch);
  /* verilator lint_on UNUSEDSIGNAL */
  wire        n_big = (rows[31:25] != 7'd0 && pitch != 14'd0) ||
                      (rows[24] && pitch[13:1] != 13'd0) || n_m24[37:25] != 13'd0;
  // Only the line number of the end matters (bits [6:0] are the offset in the line). The
  // end saturates at 2^25 (past any shared memory): when the extent alone reaches it, or
  // else its low 25 bits + soff + 127 carry into bit 25 (the check of the extent's high
  // bits runs beside the add, not after it).
  /* verilator lint_off UNUSEDSIGNAL */
  wire [26:0] n_end = 27'(soff) + 27'(n_m24[24:0]) + {2'b00, rows[24] && pitch[0], 24'd0} +
                      27'd127;
  /* verilator lint_on UNUSEDSIGNAL */
  wire        n_sat = n_big || n_end[26:25] != 2'd0;
  wire [17:0] n_rlo = {1'b0, soff[23:7]};
  wire [17:0] n_rhi = n_sat ? 18'h3_FFFF : n_end[24:7];
  logic           same_q, clash_q;
  // Every compare is of 128-byte line numbers: extents are whole lines, and an mbarrier
  // (8 bytes, 8-byte aligned: tce_tile_check refuses a load whose mbarrier is not) lies in
  // one line, so it overlaps lines [lo, hi) iff its line does.
  logic [17:0]    a_rlo, a_rhi;
  logic [16:0]    a_mb;
  logic           a_want;
  // Stage B's compare, on stage A's extent.
  logic clash;
  always_comb begin
    clash = 1'b0;
    for (int i = 0; i < NS; i++)
      if (s_busy[i] &&
          ((a_rlo < s_rhi[i] && s_rlo[i] < a_rhi) ||
           (a_want && {1'b0, a_mb} >= s_rlo[i] && {1'b0, a_mb} < s_rhi[i]) ||
           (s_want_tx[i] && {1'b0, s_mb[i]} >= a_rlo && {1'b0, s_mb[i]} < a_rhi)))
        clash = 1'b1;
  end
  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      same_q <= 1'b0; clash_q <= 1'b1;
      a_rlo <= '0; a_rhi <= '0; a_mb <= '0; a_want <= 1'b0;
    end else begin
      same_q <= ck_same;
      a_rlo <= n_rlo; a_rhi <= n_rhi; a_mb <= mbar_off[23:7]; a_want <= want_tx;
      clash_q <= clash;
    end
  end
  assign can_start = (ws == W_IDLE) && (n_used != (SLW+1)'(NS)) &&
                     (!act_q || (ck_same && same_q && !clash_q));
  assign active    = act_q;

  // The oldest command's data is all in shared memory (written, maybe not yet answered).
  wire head_data = active && s_issued[hd_p] && s_bursts[hd_p] == '0 &&
                   !(pd_v && pd_cs == hd_p) && !(beat_valid && beat_cs == hd_p) &&
                   !(rq_valid && rq_cs == hd_p && !sm_ready);   // (one taken now is counted)
  // Its writes (or its complete-tx) are all answered; answers name no command, so an
  // error answer since the previous command's completion is charged to this one.
  // wr_cnt at or past b_tgt (wrap-safe): the difference's sign bit, no compare after it.
  // The answer arriving now counts too (wr_cnt counts it only from the next cycle), so
  // the request register's cycle costs the complete-tx nothing: b_tgt1 = b_tgt - 1.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [15:0] b_diff  = wr_cnt - b_tgt;
  wire [15:0] b_diff1 = wr_cnt - b_tgt1;
  /* verilator lint_on UNUSEDSIGNAL */
  wire b_rsp_h = sm_rsp_valid && b_diff[15];       // an answer to the oldest command, now
  wire b_acked = !b_diff[15] || (sm_rsp_valid && !b_diff1[15]);
  wire b_err_h = b_err || (b_rsp_h && sm_rsp_err);  // its writes' errors so far
  wire b_go_tx = s_want_tx[hd_p] && !s_err_bus[hd_p] && !b_err_h;
  wire m_acked = (m_out == 5'd0);
  wire b_fin   = !done_hold && ((bs == B_ACK && b_acked && !b_go_tx) || (bs == B_TXACK && m_acked));

  wire [OW-1:0] lo_n = OW'(lo_e) << el;
  wire [OW-1:0] hi_n = OW'(hi_e) << el;
  // ~(N'(c)), not ~N'(c): Yosys 0.23 drops a ~ written straight before a cast
  // (docs/rtl.md, "Netlist model").
  wire [OW-1:0] hi16   = (hi + OW'(15)) & ~(OW'(15));
  wire [OW-1:0] rb16   = (rbytes + OW'(15)) & ~(OW'(15));
  wire [OW-1:0] row_rem_n = strided ? unit_b : rb16;   // row_rem's value, set in W_SETUP
  // The row's reads are all issued (or there are none): the walk moves on.
  wire rd_last = p_take && p_whole && !sl_more;
  assign row_next = (direct && rd_last) ||
                    (in_read && (!row_inb || !has || rd_rem == '0 || rd_last)) ||
                    (ws == W_SKIP && row_valid);

  // start comes only with can_start, so the walker is idle then (asserted below): the walk
  // and the slot's updates take `start` itself, with no gate after the executor's verdict.
  assign xw_start = start;
  assign xw_next  = row_next;
  tce_mover_walk #(.GADDR_W(GADDR_W), .EXT_ROWS(EXT_ROWS), .OWN_WALK(OWN_WALK)) u_walk (
    .clk, .rst_n, .start(start), .rank, .ul(esl), .gaddr,
    .gdim14(gdim[164:33]), .gstride, .n, .e, .coords, .soff, .pitch, .ext_rows, .ext_x,
    .ext_last, .next(row_next), .xw_row, .row_valid, .row_g, .row_sbase, .row_inb, .last_row, .row_step
  );
  wire   rl_fire  = rvalid && rready && r_s.last;

  // Burst contexts: written at the AR handshake, read only by that burst's R beats, so
  // they need no reset (and, without one, may sit in RAM).
  always_ff @(posedge clk) begin
    if (ar_fire)
      e_ram[w_e] <= {ax_start[LB-1:0], o_go && !pd_go ? (LB+1)'(0) : ax_len, pd_go ? pd_rel : p_rel,
                     pd_go ? pd_sbase : row_sbase, pd_go ? pd_cs : cur_s, pd_go};
  end
  // Slot RAMs: the command's fields when `start` takes it, its rows' range in W_SETUP.
  always_ff @(posedge clk) begin
    if (start) begin
      // (row bytes - 1 is the mask of a row's offsets when rows are padded: then the row
      // bytes are a power of two)
      sb_ram[tl_p] <= {swizzle, fill_nan, tf32, m_ok && pitch != row_bytes,
                       OW'(row_bytes - 14'd1), log2_14(pitch) - log2_14(row_bytes),
                       first_cta(ctas), lowest_rest(ctas)};
      sh_ram[tl_p] <= {ctas, tx_count, mbar_off};
    end
    if (ws == W_SETUP) sr_ram[cur_s] <= {lo_n, hi_n};
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      done <= 1'b0; status <= '0; tx_err <= 1'b0; bytes_read <= '0;
      el <= '0; ee0 <= 4'd1; rcp <= 17'd65536; dsh <= '0; st_q <= 1'b0; lo_cl <= '0; hi_cl <= '0; lo_any <= 1'b0; hi_any <= 1'b0;
      be0 <= '0; unit_b <= '0; sl_skip <= '0;
      sw <= '0; fnan <= 1'b0; m_first <= '0; m_rest <= '0; rbytes <= '0; bx0 <= '0;
      ws <= W_IDLE; lo <= '0; hi <= '0; has <= 1'b0; row_rem <= '0; nofill0 <= 1'b0;
      rr_lim <= 13'd4096; rr_fits <= 1'b1; rr_nz <= 1'b0; rr_slm <= 1'b0;
      chunk <= '0; chunk_e <= OW'(16); wcta <= '0; wleft <= '0; rd_next <= '0; rd_rem <= '0; o_need <= 1'b0; o_addr <= '0;
      rd_rel <= '0; rd_end <= '0;
      for (int i = 0; i < NRD; i++) begin
        wp[i] <= '0; rp[i] <= '0; cnt[i] <= '0; hb[i] <= '0;
      end
      for (int i = 0; i < NS; i++) begin
        s_bursts[i] <= '0; s_bytes[i] <= '0; s_mb[i] <= '0; s_rlo[i] <= '0; s_rhi[i] <= '0;
      end
      s_issued <= '0; s_err_bus <= '0; s_want_tx <= '0; s_busy <= '0;
      hd_p <= '0; cur_s <= '0; n_used <= '0; act_q <= 1'b0; tl_p <= '0;
      bs <= B_WAIT; b_txm <= '0; wf_cnt <= '0; wr_cnt <= '0; b_tgt <= '0; b_tgt1 <= '1; b_err <= 1'b0;
      m_out <= '0; m_err <= 1'b0;
      beat_cs <= '0; beat_sw <= '0; beat_t32 <= 1'b0; beat_first <= '0; beat_rest <= '0; beat_left <= '0; beat_fill <= '0;
      id_ptr <= '0;
      beat_valid <= 1'b0; beat_new <= 1'b0; beat_data <= '0; beat_blo <= '0; beat_bhi <= '0;
      beat_sbase <= '0; beat_q <= '0;
      for (int i = 0; i < NCH; i++) begin
        beat_kh[i] <= '0; beat_kl[i] <= '0; beat_dl[i] <= '0; beat_dh[i] <= '0;
      end
      beat_all <= 1'b0; beat_pw <= '0;
      pd_v <= 1'b0; pd_fix <= 1'b0; pd_start <= '0; pd_end <= '0; pd_rel <= '0;
      pd_sbase <= '0; pd_send <= '0; pd_lnext <= '0; pd_len <= '0; pd_cs <= '0; mok <= 1'b0; msct <= 1'b0; pch <= '0;
      beat_cta <= '0;
    end else begin
      done <= 1'b0;
      if (sm_fire) wf_cnt <= wf_cnt + 16'd1;
      wr_cnt <= wr_cnt + {15'd0, sm_rsp_valid};
      if (sm_rsp_valid && sm_rsp_err) b_err <= 1'b1;

      // ---- back end: completes the oldest command (B_WAIT -> B_ACK [-> B_TX -> B_TXACK])
      case (bs)
        B_WAIT: if (head_data) begin
          b_tgt <= sm_fire ? wf_cnt + 16'd1 : wf_cnt;
          b_tgt1 <= sm_fire ? wf_cnt : wf_cnt - 16'd1;
          bs <= B_ACK;
        end
        B_ACK: if (b_acked) begin
          if (b_go_tx) begin
            bs <= B_TX; b_txm <= h_mask;
          end else if (!done_hold) begin
            bs <= B_WAIT;
            status <= s_err_bus[hd_p] ? tce_op_pkg::ST_GLOBAL_BUS :
                      b_err_h ? tce_op_pkg::ST_SHARED_RANGE : tce_op_pkg::ST_OK;
            tx_err <= 1'b0;
          end
        end
        B_TX: if (mb_ready) begin
          b_txm <= lowest_rest(b_txm);
          if (lowest_rest(b_txm) == 16'd0) bs <= B_TXACK;
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
        b_err <= sm_rsp_valid && sm_rsp_err && !b_rsp_h;
      m_out <= m_out + 5'(mb_valid && mb_ready) - 5'(mb_rsp_valid);
      if (mb_rsp_valid && mb_rsp_err) m_err <= 1'b1;
      if (bs == B_TXACK && m_acked && !done_hold) m_err <= 1'b0;
      if (b_fin) begin
        done <= 1'b1; bytes_read <= s_bytes[hd_p]; hd_p <= hd_p + 1'b1;
      end
      // One step up or down, or none: a function of n_used and two bits per bit, not an
      // adder after the back end's completion.
      case ({start, b_fin})
        2'b10:   begin n_used <= n_used + 1'b1; act_q <= 1'b1; end
        2'b01:   begin n_used <= n_used - 1'b1; act_q <= n_used != (SLW+1)'(1); end
        default: ;
      endcase
      if (start) tl_p <= tl_p + 1'b1;
      // (start and b_fin never name one slot: b_fin needs a command in flight, and start a
      // free slot, which is then not the oldest)
      for (int i = 0; i < NS; i++)
        if (start && tl_p == SLW'(i)) s_busy[i] <= 1'b1;
        else if (b_fin && hd_p == SLW'(i)) s_busy[i] <= 1'b0;

      // ---- row walker
      // Stage A holds the extent of the inputs `start` took the cycle after it (W_DIV or
      // W_SETUP).
      st_q <= start;
      if (st_q) begin
        s_rlo[cur_s] <= a_rlo; s_rhi[cur_s] <= a_rhi;
      end
      case (ws)
        W_IDLE: if (start) begin
          el <= esl; ee0 <= e0;
          lo_cl <= cl_div(lo_x, e0); hi_cl <= cl_div(hi_x, e0);
          rcp <= recip(e0);
          dsh <= (e0 == 4'd2) ? 2'd1 : (e0 == 4'd4) ? 2'd2 : (e0 == 4'd8) ? 2'd3 : 2'd0;
          lo_any <= c0s_in < 0; hi_any <= gdim0_in > c0s_in;
          be0 <= 13'(box0) * 13'(rdiv(e0));
          unit_b <= OW'(1) << esl; sl_skip <= AW'(e0m1_in) << esl;
          o_need <= origin_rd; o_addr <= AW'(gaddr);
          sw <= swizzle; fnan <= fill_nan; m_first <= first_cta(ctas); m_rest <= lowest_rest(ctas);
          rbytes <= OW'(row_bytes); bx0 <= box0;
          mok <= m_ok; msct <= m_ok && pitch != row_bytes;
          pch <= OW'(pitch);
          // The command's slot: the next in the ring (free: can_start says so).
          cur_s <= tl_p;
          s_issued[tl_p] <= 1'b0;
          s_bytes[tl_p] <= '0; s_want_tx[tl_p] <= want_tx; s_mb[tl_p] <= mbar_off[23:7];
          ws <= e0_odd ? W_DIV : W_SETUP;
        end
        W_DIV: begin
          // The quotients replace the dividends; hi_cl >= be0 then compares the quotient
          // with box0 itself.
          lo_cl <= div_rcp(lo_cl, rcp); hi_cl <= div_rcp(hi_cl, rcp);
          be0 <= 13'(bx0);
          ws <= W_SETUP;
        end
        W_SETUP: begin
          // [lo, hi) is the same for every row of a command.
          lo <= lo_n; hi <= hi_n; has <= row0_has;
          // A row without fill has c0 >= 0 (lo_e = 0) and hi_e = box0, so its bytes are the
          // row's (tce_tile_check makes row_bytes box0 << esl): neither needs the division.
          // floor(hi_cl / e0) >= box0 iff hi_cl >= box0 * e0 (after W_DIV: hi_cl is the
          // quotient and be0 box0).
          // (hi_cl and be0 are both 13 bits: 4095 + 7 and 511 * 8 fit)
          row_rem <= row_rem_n;
          rr_fits <= row_rem_n <= OW'(4096);
          rr_lim  <= 13'(OW'(4096) - row_rem_n);
          rr_nz   <= row_rem_n != '0;
          rr_slm  <= strided && row_rem_n < hi_n;
          nofill0 <= !lo_any && hi_any && bx0 != 9'd0 && hi_cl >= be0;
          chunk <= '0; chunk_e <= OW'(16); wcta <= m_first; wleft <= m_rest;
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
            // (with e0 = 1, rd_off = lo)
            rd_next <= rs_next; rd_rem <= strided ? row_rem : hi16 - lo; rd_rel <= lo;
            rd_end <= strided ? lo + unit_b : hi16;
          end else if (!w_fill) begin
            chunk <= chunk_e; chunk_e <= chunk_e + OW'(16);
          end else if (use_fill && w_take) begin
            if (wleft == 16'd0) begin
              wcta <= m_first; wleft <= m_rest;
              chunk <= chunk_e; chunk_e <= chunk_e + OW'(16);
            end else begin
              wcta <= first_cta(wleft); wleft <= lowest_rest(wleft);
            end
          end
        end else if (direct && p_take && !rd_last) begin
          ws <= W_READ;   // the row's first burst is out; READ issues the others
        end
        W_READ: ;
        default: ws <= W_IDLE;
      endcase
      if (row_next) begin
        chunk <= '0; chunk_e <= OW'(16); wcta <= m_first; wleft <= m_rest;
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
        rd_next <= burst_end; rd_rem <= p_rem_after; rd_rel <= p_rel_after;
        rd_end <= cur_end;
        if (p_whole && sl_more) begin
          // next slice of a strided row: e0 slices on in global memory, one in the row
          rd_next   <= sl_next;
          rd_rem    <= unit_b;
          rd_end    <= cur_end + unit_b;
        end
      end
      if (ar_fire) begin
        wp[id_ptr] <= wp[id_ptr] + 1'b1;
        id_ptr <= (id_ptr == IW'(NRD - 1)) ? '0 : id_ptr + 1'b1;
      end
      // ---- pending burst
      if (p_cont) begin
        // A continuing piece is a direct row's (cur_* are row_g, row_rem). Not whole, it
        // runs to the page end, which pd_start's page is: the burst is then the rest of
        // that page (no add after p_whole).
        pd_end <= burst_end;
        pd_len <= p_whole ? pd_len + 13'(row_rem) : 13'd4096 - {1'b0, pd_start[11:0]};
        pd_send <= pd_send + 24'(row_rem); pd_lnext <= row_sbase + 24'(pch);
      end else if (p_hold) begin
        pd_v <= 1'b1; pd_fix <= 1'b0;
        pd_start <= cur_next; pd_end <= burst_end; pd_len <= p_len; pd_rel <= p_rel;
        // pd_send only matters while the burst may be continued, so only when the piece
        // was whole: one ending at a page end is never continued (p_cont wants a row that
        // does not start a page). Then its end is the read's end, cur_end.
        pd_sbase <= row_sbase; pd_send <= row_sbase + 24'(cur_end);
        pd_lnext <= row_sbase + 24'(pch); pd_cs <= cur_s;
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
        if (!beat_live_now || (w_take && use_beat)) begin
          if (beat_live_now && !beat_last_cta) begin
            beat_cta <= first_cta(beat_left); beat_left <= lowest_rest(beat_left);
          end else begin
            beat_cta <= beat_first; beat_left <= beat_rest;
            if (full || beat_q == ($clog2(NCH+1))'(NCH - 1)) beat_valid <= 1'b0;
            else beat_q <= beat_q + 1'b1;
          end
        end
      end

      // ---- R beats
      // A beat's bytes count for its command the cycle after it is taken (from the beat
      // register, not the R channel): the beat is still held then, so its command cannot
      // be finished before the count is in.
      beat_new <= rvalid && rready && r_s.resp == 2'b00;
      // An error beat sets its command's status while it is offered (not only once taken:
      // the same beat is offered until taken, and its command waits for all its bursts), so
      // the status bit does not wait on rready. Its other beats still land.
      // Written bit by bit: a new command's slot is cleared, an error beat's slot set (never
      // the same slot: the error beat's command is in flight), so no write waits on the other.
      for (int i = 0; i < NS; i++)
        if (rvalid && r_s.resp != 2'b00 && r_cs == SLW'(i)) s_err_bus[i] <= 1'b1;
        else if (start && tl_p == SLW'(i)) s_err_bus[i] <= 1'b0;
      if (beat_new) s_bytes[beat_cs] <= s_bytes[beat_cs] + 40'(beat_nb);
      if (rvalid && rready) begin
        hb[rslot] <= r_s.last ? 8'd0 : hb[rslot] + 8'd1;
        if (r_s.last) rp[rslot] <= rp[rslot] + 1'b1;
        if (r_s.resp == 2'b00) begin
          beat_valid <= 1'b1;
          beat_data  <= r_s.data;
          beat_blo   <= r_blo;
          beat_bhi   <= r_bhi;
          for (int i = 0; i < NCH; i++) begin
            beat_kh[i] <= r_kh[i]; beat_kl[i] <= r_kl[i];
            beat_dl[i] <= r_dl[i]; beat_dh[i] <= r_dh[i];
          end
          beat_sbase <= r_sbase;
          beat_all   <= r_all;
          beat_pw    <= 16'd1 << sb_dsh;
          beat_q     <= '0;
          beat_cta   <= sb_first;
          beat_left  <= sb_rest;
          beat_cs    <= r_cs;
          beat_sw    <= sb_sw;
          beat_t32   <= sb_t32;
          beat_first <= sb_first;
          beat_rest  <= sb_rest;
          beat_fill  <= sb_fnan ? {8{16'h7FF7}} : 128'd0;
        end
      end
    end
  end
`ifdef TCE_ASSERT
  always @(posedge clk or negedge rst_n)
    if (rst_n) assert (!start || ws == W_IDLE) else $error("tce_tile_load: start while the walker is busy (ws %0d)", ws);
  always @(posedge clk or negedge rst_n)
    if (rst_n) assert (act_q == (n_used != '0)) else $error("tce_tile_load: act_q %0d beside n_used %0d", act_q, n_used);
  // ck_same may say no where nothing changed (a command popped with the same fields), never
  // yes where something did.
  localparam int CKW = 17 + 32 + 14 + 24 + 1;
  wire [CKW-1:0] ck_now = {soff[23:7], rows, pitch, mbar_off, want_tx};
  logic [CKW-1:0] ck_q;
  logic           ck_q_v;
  always @(posedge clk or negedge rst_n)
    if (!rst_n) ck_q_v <= 1'b0;
    else begin
      ck_q <= ck_now; ck_q_v <= 1'b1;
      assert (!ck_same || !ck_q_v || ck_now == ck_q)
        else $error("tce_tile_load: ck_same while the overlap check's inputs changed");
    end
  always @(posedge clk or negedge rst_n)
    // (rr_slm is set in W_SETUP, ee0 at start: they agree once the walk is past W_SETUP)
    if (rst_n) assert (p_whole == (pg_sum <= (OW+1)'(4096)) && p_valid == (rd_go && cur_rem != '0) &&
                       (!(direct || in_read) || sl_more == (strided && cur_end < hi)))
      else $error("tce_tile_load: p_whole %0d, sl_more %0d or p_valid %0d beside cur_* (rr_lim %0d)",
                  p_whole, sl_more, p_valid, rr_lim);
  // The engine gates the read channel with `active`: nothing is offered on AR without a
  // command in flight.
  always @(posedge clk or negedge rst_n)
    if (rst_n) assert (!arvalid || act_q) else $error("tce_tile_load: arvalid with no command in flight");
`endif
endmodule
