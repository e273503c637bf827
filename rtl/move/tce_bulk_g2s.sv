// Bulk copy global -> shared (cp.async.bulk.shared::{cta,cluster}.global, with multicast).
//
// Reads: the range is cut into AXI4 INCR bursts that never cross a 4 KB page and never
// exceed 256 beats. Each burst gets its own AXI ID from a pool of NRD IDs, so up to NRD
// bursts are in flight and the memory may answer them in any order across IDs. Because
// every R beat is matched to its burst by ID and carries its own global address, a beat is
// written straight to its place in shared memory on arrival: no reorder buffer is needed.
//
// Writes: the global beat is rotated so its bytes sit on the lanes of their shared-memory
// addresses (all addresses are 16-byte aligned, so the rotation is in 16-byte chunks). The
// beat's bytes then cover at most two aligned shared-memory words, written with byte
// strobes, once per destination CTA (multicast writes the same offset in every CTA of the
// mask).
module tce_bulk_g2s #(
    parameter int DATA_W = 256,
    parameter int ID_W   = 4,
    parameter int NRD    = 4,       // read bursts in flight, one AXI ID each (<= 2**ID_W)
    // Global address bits (tce_engine GADDR_W, 32..64). Below 64 the executor refuses a copy
    // whose range ends past 2^GADDR_W (ST_UNSUPPORTED), so gaddr's upper bits are zero.
    parameter int GADDR_W = 64
) (
    input  logic              clk,
    input  logic              rst_n,
    input  logic              start,
    input  logic [63:0]       gaddr,
    input  logic [31:0]       size,
    input  logic [23:0]       dst_off,
    input  logic [15:0]       dst_mask,    // destination CTAs
    output logic              busy,
    output logic              done,        // one-cycle pulse: every byte written and acknowledged
    output logic [7:0]        status,      // valid with done: ST_OK, ST_GLOBAL_BUS or ST_SHARED_RANGE
    // AXI4 read address / data, payloads of tce_axi_pkg
    output logic              arvalid,
    input  logic              arready,
    output logic [tce_axi_pkg::ax_bits(ID_W)-1:0] axi_ar,
    input  logic              rvalid,
    output logic              rready,
    input  logic [tce_axi_pkg::r_bits(DATA_W, ID_W)-1:0] axi_r,
    // Shared-memory requests (writes only) and their in-order responses
    output logic              sm_valid,
    input  logic              sm_ready,
    output logic [3:0]        sm_cta,
    output logic [23:0]       sm_addr,
    output logic [DATA_W-1:0] sm_wdata,
    output logic [DATA_W/8-1:0] sm_wstrb,
    input  logic              sm_rsp_valid,
    input  logic              sm_rsp_err
);
  `TCE_AXI_TYPEDEFS(DATA_W, ID_W)
  axi_ax_t ar_s;
  axi_r_t  r_s;
  assign axi_ar = ar_s;
  assign r_s    = axi_r;

  localparam int DB  = DATA_W / 8;
  localparam int LB  = $clog2(DB);
  // Addresses are AW bits: one more than GADDR_W (65 in the full build), so that a copy
  // ending exactly at 2^GADDR_W, its page ends and burst limits do not wrap.
  localparam int AW = GADDR_W + 1;
  localparam logic [AW-1:0] DBA = AW'(DB);
  localparam int NCH = DB / 16;              // 16-byte chunks per beat
  localparam int IW  = (NRD > 1) ? $clog2(NRD) : 1;

  // ---------------------------------------------------------------- command
  /* verilator lint_off UNUSEDSIGNAL */
  wire [63:0] gaddr_in = gaddr;      // bits from GADDR_W up are zero below GADDR_W 64
  /* verilator lint_on UNUSEDSIGNAL */
  wire [AW-1:0] ga = AW'(gaddr_in);
  logic [AW-1:0] g_base, g_end, next_addr;
  logic [23:0] s_base;
  logic [15:0] mask;
  logic        err_bus, err_smem;

  // ---------------------------------------------------------------- read issue
  logic [NRD-1:0]  slot_valid;           // one bit per slot: "any slot" is a reduction
  logic [AW-1:0]   slot_addr  [NRD];     // global address of the slot's next beat (aligned)
  logic [AW-1:0]   slot_end   [NRD];     // end of the slot's burst (exclusive)
  logic [IW-1:0]   id_ptr;

  wire [AW-1:0] beat0    = {next_addr[AW-1:LB], {LB{1'b0}}};
  wire [AW-1:0] page_end = {next_addr[AW-1:12], 12'd0} + AW'(4096);
  wire [AW-1:0] len_end  = beat0 + (DBA << 8);
  logic [AW-1:0] burst_end;
  always_comb begin
    burst_end = g_end;
    if (page_end < burst_end) burst_end = page_end;
    if (len_end < burst_end) burst_end = len_end;
  end
  // Beats in the burst: only bits [LB+8:LB] of the rounded-up byte count matter (<= 256).
  /* verilator lint_off UNUSEDSIGNAL */
  wire [AW-1:0] burst_bytes = burst_end - beat0 + (DBA - AW'(1));
  /* verilator lint_on UNUSEDSIGNAL */

  assign arvalid = busy && (next_addr < g_end) && !slot_valid[id_ptr];
  assign ar_s.id   = ID_W'(id_ptr);
  assign ar_s.addr = 64'(next_addr);
  assign ar_s.len  = 8'(burst_bytes[LB+8:LB] - 9'd1);

  // ---------------------------------------------------------------- beat stage
  logic              beat_valid;
  logic [DATA_W-1:0] beat_rot;      // data on its shared-memory lanes
  logic [31:0]       beat_slo, beat_shi;   // shared-memory byte range [slo, shi)
  logic [15:0]       beat_mask;     // CTAs still to write
  logic              beat_part;     // 0: first aligned word, 1: second

  // The beat register takes the next R beat in the cycle its last write is accepted, so an
  // aligned copy to one CTA moves a full beat per cycle.
  wire beat_leaving;
  assign rready = busy && (!beat_valid || beat_leaving);
  // Slots are numbered 0..NRD-1, so the ID's upper bits are always zero.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [ID_W-1:0] rid_v = r_s.id;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [IW-1:0] rslot = rid_v[IW-1:0];

  // Rotation by (dst - src) mod DB, in 16-byte chunks. The beat's rotation and bounds are
  // computed in the clocked block below, only for an R beat that arrives: as combinational
  // logic Verilator would shift the 2*DATA_W-bit word every cycle, busy or not.
  wire [31:0] rot_bytes = {8'd0, s_base} - g_base[31:0];

  // Current write: aligned word and strobes.
  wire [31:0] w_first = {beat_slo[31:LB], {LB{1'b0}}};
  wire [31:0] w_addr  = beat_part ? w_first + 32'(DB) : w_first;
  wire        two_parts = (beat_shi > w_first + 32'(DB));
  // Strobes: byte i is written when w_addr + i lies in [beat_slo, beat_shi). As lane
  // bounds clamped to 0..DB that is a difference of two thermometer masks, instead of DB
  // address comparisons that Verilator would evaluate every cycle (docs/sim_speed.md).
  wire [31:0] lane_lo = (beat_slo <= w_addr) ? 32'd0 :
                        (beat_slo - w_addr >= 32'(DB)) ? 32'(DB) : beat_slo - w_addr;
  wire [31:0] lane_hi = (beat_shi <= w_addr) ? 32'd0 :
                        (beat_shi - w_addr >= 32'(DB)) ? 32'(DB) : beat_shi - w_addr;
  wire [DB-1:0] w_strb = ({DB{1'b1}} << lane_lo) & ~({DB{1'b1}} << lane_hi);
  // The CTA being written is the lowest one still in beat_mask: isolate its bit (m & -m) and
  // encode the one-hot word by four masked ORs, instead of a 16-step priority loop that the
  // simulator would run every cycle. rest_mask is beat_mask without that CTA.
  wire [15:0] cur_bit   = beat_mask & (~beat_mask + 16'd1);
  wire [15:0] rest_mask = beat_mask & ~cur_bit;
  wire [3:0]  cur_cta   = {|(cur_bit & 16'hFF00), |(cur_bit & 16'hF0F0),
                           |(cur_bit & 16'hCCCC), |(cur_bit & 16'hAAAA)};

  assign sm_valid = beat_valid;
  assign sm_cta   = cur_cta;
  assign sm_addr  = w_addr[23:0];
  assign sm_wdata = beat_rot;
  assign sm_wstrb = w_strb;

  logic [15:0] sm_outstanding;
  wire sm_fire = sm_valid && sm_ready;
  assign beat_leaving = sm_fire && !(two_parts && !beat_part) && rest_mask == 16'd0;

  wire any_slot = |slot_valid;
  wire finished = busy && (next_addr >= g_end) && !any_slot && !beat_valid &&
                  (sm_outstanding == 0);

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      busy <= 1'b0; done <= 1'b0; status <= '0;
      g_base <= '0; g_end <= '0; next_addr <= '0; s_base <= '0; mask <= '0;
      err_bus <= 1'b0; err_smem <= 1'b0; id_ptr <= '0;
      beat_valid <= 1'b0; beat_rot <= '0; beat_slo <= '0; beat_shi <= '0;
      beat_mask <= '0; beat_part <= 1'b0; sm_outstanding <= '0; slot_valid <= '0;
      for (int i = 0; i < NRD; i++) begin
        slot_addr[i] <= '0; slot_end[i] <= '0;
      end
    end else begin
      done <= 1'b0;
      if (start && !busy) begin
        busy <= 1'b1;
        g_base <= ga; g_end <= ga + AW'(size); next_addr <= ga;
        s_base <= dst_off; mask <= dst_mask;
        err_bus <= 1'b0; err_smem <= 1'b0;
      end
      if (arvalid && arready) begin
        slot_valid[id_ptr] <= 1'b1;
        slot_addr[id_ptr]  <= beat0;
        slot_end[id_ptr]   <= burst_end;
        next_addr <= burst_end;
        id_ptr <= (id_ptr == IW'(NRD - 1)) ? '0 : id_ptr + 1'b1;
      end
      // The write stage first: a beat taken in the same cycle overrides its clear.
      if (sm_fire) begin
        if (two_parts && !beat_part) begin
          beat_part <= 1'b1;
        end else begin
          beat_part <= 1'b0;
          beat_mask <= rest_mask;
          if (rest_mask == 16'd0) beat_valid <= 1'b0;
        end
      end
      if (rvalid && rready) begin : r_beat
        // The rotation is the upper half of a doubled word shifted left; the lower half is
        // spill.
        /* verilator lint_off UNUSEDSIGNAL */
        logic [2*DATA_W-1:0] doubled;
        /* verilator lint_on UNUSEDSIGNAL */
        logic [AW-1:0] r_lo, r_hi_raw, r_hi;
        doubled  = {r_s.data, r_s.data} << (128 * ((rot_bytes >> 4) & (NCH - 1)));
        r_lo     = (slot_addr[rslot] < g_base) ? g_base : slot_addr[rslot];
        r_hi_raw = slot_addr[rslot] + DBA;
        r_hi     = (r_hi_raw > slot_end[rslot]) ? slot_end[rslot] : r_hi_raw;
        slot_addr[rslot] <= slot_addr[rslot] + DBA;
        if (r_s.last) slot_valid[rslot] <= 1'b0;
        if (r_s.resp != 2'b00) begin
          // DECERR/SLVERR: the beat carries no data; nothing is written for it.
          err_bus <= 1'b1;
        end else if (r_hi > r_lo && mask != 0) begin
          beat_valid <= 1'b1;
          beat_rot   <= doubled[2*DATA_W-1:DATA_W];
          beat_slo   <= r_lo[31:0] - g_base[31:0] + {8'd0, s_base};
          beat_shi   <= r_hi[31:0] - g_base[31:0] + {8'd0, s_base};
          beat_mask  <= mask;
          beat_part  <= 1'b0;
        end
      end
      sm_outstanding <= sm_outstanding + {15'd0, sm_fire} - {15'd0, sm_rsp_valid};
      if (sm_rsp_valid && sm_rsp_err) err_smem <= 1'b1;
      if (finished) begin
        busy <= 1'b0;
        done <= 1'b1;
        status <= err_bus ? tce_op_pkg::ST_GLOBAL_BUS :
                  err_smem ? tce_op_pkg::ST_SHARED_RANGE : tce_op_pkg::ST_OK;
      end
    end
  end
endmodule
