// Tile-mode tensor store (cp.async.bulk.tensor.Nd.global.shared::cta.tile.bulk_group):
// walks the box row by row and writes each row's in-bounds part to global memory.
//
// What is written (csim/tile.c, from tile_store.txt): a row whose dims 1..4 coordinates
// lie outside the tensor is skipped; inside a row, dim 0 is clipped at the tensor's end
// rounded UP to 16 bytes (the H100 writes whole 16-byte chunks, even elements past
// globalDim[0] inside the last one). Coordinates are never negative here (the checker
// refuses them, as the H100 traps), and the innermost one starts on 16 bytes, so a row
// writes the chunks [0, hi) of the box row, hi a multiple of 16.
//
// Each chunk is read from shared memory through the swizzle (see tce_tile_load.sv) and
// placed on its lanes of the AXI W beat; a row's range is cut into INCR bursts within
// 4 KB pages of at most 256 beats, AW before its W beats, B responses counted.
module tce_tile_store #(
    parameter int DATA_W = 256,
    parameter int ID_W   = 4
) (
    input  logic              clk,
    input  logic              rst_n,
    input  logic              start,
    input  logic [2:0]        rank,
    input  logic [1:0]        esl,
    input  logic [63:0]       gaddr,
    input  logic [164:0]      gdim,
    input  logic [255:0]      gstride,
    input  logic [35:0]       n,
    input  logic [15:0]       e,
    input  logic [159:0]      coords,
    input  logic [2:0]        swizzle,
    input  logic [3:0]        src_cta,
    input  logic [23:0]       soff,
    input  logic [11:0]       row_bytes,
    input  logic [11:0]       pitch,
    output logic              done,
    output logic [7:0]        status,
    output logic [39:0]       bytes_written,
    // AXI4 write address / data / response
    output logic              awvalid,
    input  logic              awready,
    output logic [ID_W-1:0]   awid,
    output logic [63:0]       awaddr,
    output logic [7:0]        awlen,
    output logic              wvalid,
    input  logic              wready,
    output logic [DATA_W-1:0] wdata,
    output logic [DATA_W/8-1:0] wstrb,
    output logic              wlast,
    input  logic              bvalid,
    output logic              bready,
    input  logic [1:0]        bresp,
    // Shared-memory reads and their in-order responses
    output logic              sm_valid,
    input  logic              sm_ready,
    output logic [3:0]        sm_cta,
    output logic [23:0]       sm_addr,
    input  logic              sm_rsp_valid,
    input  logic [DATA_W-1:0] sm_rsp_rdata,
    input  logic              sm_rsp_err
);
  localparam int DB  = DATA_W / 8;
  localparam int LB  = $clog2(DB);
  localparam int NCH = DB / 16;
  localparam logic [63:0] DB64 = 64'(DB);

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

  typedef enum logic [3:0] {
    S_IDLE, S_ADDR, S_ROW, S_AW, S_RD, S_WAIT, S_OUT, S_NEXT, S_DRAIN
  } state_t;
  state_t state;

  logic [1:0]   el;
  logic [63:0]  g0;
  logic [164:0] gd;
  logic [255:0] gs;
  logic [35:0]  nn;
  logic [15:0]  ee;
  logic [159:0] cc;
  logic [2:0]   sw;
  logic [3:0]   cta;
  logic [11:0]  rbytes, rpitch;
  logic         err_bus, err_smem;
  logic [8:0]   k [4];
  logic [39:0]  x [4];
  logic [23:0]  row_sbase;
  logic [63:0]  row_g;
  logic [2:0]   addr_i;
  logic         row_inb;
  logic [11:0]  hi;           // bytes of the row written, multiple of 16
  logic [63:0]  beat_addr;    // aligned global address of the current W beat
  logic [63:0]  burst_end;
  logic [63:0]  row_end;
  logic [$clog2(NCH+1)-1:0] q;  // chunk lane of the beat being gathered
  logic [DATA_W-1:0] wbuf;
  logic [DB-1:0]     wmask;
  logic [15:0]  b_outstanding;

  // Coordinates of dimensions beyond the rank are 0 (see tce_tile_load.sv).
  logic [159:0] coords_used;
  always_comb begin
    coords_used = coords;
    for (int i = 1; i < 5; i++)
      if (i >= {29'd0, rank}) coords_used[i*32 +: 32] = '0;
  end

  // Row address, one dimension per cycle.
  wire [63:0] stride_i = gs[{addr_i[1:0], 6'd0} +: 64];
  wire [39:0] x_i = x[addr_i[1:0]];
  wire [63:0] prod = stride_i * {{24{x_i[39]}}, x_i};
  logic [32:0] gdim_i;
  always_comb begin
    case (addr_i[1:0])
      2'd0: gdim_i = gd[1*33 +: 33];
      2'd1: gdim_i = gd[2*33 +: 33];
      2'd2: gdim_i = gd[3*33 +: 33];
      default: gdim_i = gd[4*33 +: 33];
    endcase
  end
  wire x_in = !x_i[39] && (x_i[39:33] == 7'd0) && ({7'd0, x_i[32:0]} < {7'd0, gdim_i});

  // Dim-0 clip: bytes of the row before the tensor's end rounded up to 16.
  wire [40:0] end0_16 = (({8'd0, gd[32:0]} << el) + 41'd15) & ~41'd15;
  wire [40:0] c0b = {9'd0, cc[31:0]} << el;      // c0 >= 0 (checked)
  wire [40:0] avail = (end0_16 > c0b) ? end0_16 - c0b : 41'd0;
  wire [11:0] hi_row = (avail < {29'd0, rbytes}) ? avail[11:0] : rbytes;

  logic last_row;
  always_comb begin
    last_row = 1'b1;
    for (int i = 0; i < 4; i++)
      if (k[i] != nn[i*9 +: 9] - 9'd1) last_row = 1'b0;
  end

  // Bursts within the row.
  wire [63:0] page_end = {beat_addr[63:12], 12'd0} + 64'd4096;
  wire [63:0] len_end  = beat_addr + (DB64 << 8);
  logic [63:0] next_burst_end;
  always_comb begin
    next_burst_end = row_end;
    if (page_end < next_burst_end) next_burst_end = page_end;
    if (len_end < next_burst_end) next_burst_end = len_end;
  end
  // Beats in the burst: only bits [LB+8:LB] of the rounded-up byte count matter (<= 256).
  /* verilator lint_off UNUSEDSIGNAL */
  wire [63:0] burst_bytes = next_burst_end - beat_addr + (DB64 - 64'd1);
  /* verilator lint_on UNUSEDSIGNAL */

  // The chunk at lane q of the current beat: its global address, whether it is written,
  // and where it lives in shared memory.
  wire [63:0] q_g    = beat_addr + (64'(q) << 4);
  wire        q_live = (q_g >= row_g) && (q_g < burst_end);
  wire [11:0] q_off  = 12'(q_g - row_g);
  wire [23:0] pre_a  = row_sbase + {12'd0, q_off};
  wire [23:0] phys   = swz(sw, pre_a);
  wire        flip   = (sw == 3'd5) && pre_a[7];
  logic [127:0] rsp_chunk;
  always_comb begin
    rsp_chunk = '0;
    for (int i = 0; i < NCH; i++)
      if (({8'd0, phys} & 32'(DB - 1)) == 32'(i * 16)) rsp_chunk = sm_rsp_rdata[i*128 +: 128];
  end
  wire [127:0] chunk_data = flip ? {rsp_chunk[63:0], rsp_chunk[127:64]} : rsp_chunk;

  assign awvalid = (state == S_AW);
  assign awid    = '0;
  assign awaddr  = (beat_addr < row_g) ? row_g : beat_addr;
  assign awlen   = 8'(burst_bytes[LB+8:LB] - 9'd1);
  assign wvalid  = (state == S_OUT);
  assign wdata   = wbuf;
  assign wstrb   = wmask;
  assign wlast   = (beat_addr + DB64 >= burst_end);
  assign bready  = 1'b1;
  assign sm_valid = (state == S_RD) && q_live;
  assign sm_cta   = cta;
  assign sm_addr  = {phys[23:LB], {LB{1'b0}}};

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      state <= S_IDLE; done <= 1'b0; status <= '0; bytes_written <= '0;
      el <= '0; g0 <= '0; gd <= '0; gs <= '0; nn <= '0; ee <= '0; cc <= '0; sw <= '0;
      cta <= '0; rbytes <= '0; rpitch <= '0; err_bus <= 1'b0; err_smem <= 1'b0;
      for (int i = 0; i < 4; i++) begin k[i] <= '0; x[i] <= '0; end
      row_sbase <= '0; row_g <= '0; addr_i <= '0; row_inb <= 1'b0; hi <= '0;
      beat_addr <= '0; burst_end <= '0; row_end <= '0; q <= '0; wbuf <= '0; wmask <= '0;
      b_outstanding <= '0;
    end else begin
      done <= 1'b0;
      b_outstanding <= b_outstanding + {15'd0, awvalid && awready} - {15'd0, bvalid && bready};
      if (bvalid && bready && bresp != 2'b00) err_bus <= 1'b1;
      if (sm_rsp_valid && sm_rsp_err) err_smem <= 1'b1;
      case (state)
        S_IDLE: if (start) begin
          el <= esl; g0 <= gaddr; gd <= gdim; gs <= gstride; nn <= n; ee <= e;
          cc <= coords_used; sw <= swizzle; cta <= src_cta; rbytes <= row_bytes; rpitch <= pitch;
          err_bus <= 1'b0; err_smem <= 1'b0; bytes_written <= '0;
          for (int i = 0; i < 4; i++) begin
            k[i] <= '0;
            x[i] <= {{8{coords_used[(i+1)*32 + 31]}}, coords_used[(i+1)*32 +: 32]};
          end
          row_sbase <= soff;
          row_g <= gaddr + ({{32{coords[31]}}, coords[31:0]} << esl);
          row_inb <= 1'b1; addr_i <= '0;
          state <= S_ADDR;
        end
        S_ADDR: begin
          row_g <= row_g + prod;
          if (!x_in) row_inb <= 1'b0;
          addr_i <= addr_i + 3'd1;
          if (addr_i == 3'd3) begin hi <= hi_row; state <= S_ROW; end
        end
        S_ROW: begin
          if (!row_inb || hi == 12'd0) begin
            state <= S_NEXT;
          end else begin
            beat_addr <= {row_g[63:LB], {LB{1'b0}}};
            row_end <= row_g + {52'd0, hi};
            bytes_written <= bytes_written + {28'd0, hi};
            state <= S_AW;
          end
        end
        S_AW: begin
          burst_end <= next_burst_end;
          if (awready) begin
            q <= '0; wmask <= '0; state <= S_RD;
          end
        end
        S_RD: begin
          // One chunk at a time: request it (or skip a lane outside the burst).
          if (!q_live) begin
            if (q == ($clog2(NCH+1))'(NCH - 1)) state <= S_OUT;
            else q <= q + 1'b1;
          end else if (sm_ready) begin
            state <= S_WAIT;
          end
        end
        S_WAIT: if (sm_rsp_valid) begin
          wbuf[q*128 +: 128] <= chunk_data;
          wmask[q*16 +: 16] <= 16'hFFFF;
          if (q == ($clog2(NCH+1))'(NCH - 1)) state <= S_OUT;
          else begin q <= q + 1'b1; state <= S_RD; end
        end
        S_OUT: if (wready) begin
          q <= '0; wmask <= '0;
          beat_addr <= beat_addr + DB64;
          if (beat_addr + DB64 >= row_end) state <= S_NEXT;
          else if (beat_addr + DB64 >= burst_end) state <= S_AW;
          else state <= S_RD;
        end
        S_NEXT: begin
          if (last_row) begin
            state <= S_DRAIN;
          end else begin
            row_sbase <= row_sbase + {12'd0, rpitch};
            row_g <= g0 + ({{32{cc[31]}}, cc[31:0]} << el);
            row_inb <= 1'b1;
            addr_i <= '0;
            state <= S_ADDR;
            begin
              logic carry;
              carry = 1'b1;
              for (int i = 0; i < 4; i++) begin
                if (carry) begin
                  if (k[i] == nn[i*9 +: 9] - 9'd1) begin
                    k[i] <= '0;
                    x[i] <= {{8{cc[(i+1)*32 + 31]}}, cc[(i+1)*32 +: 32]};
                  end else begin
                    k[i] <= k[i] + 9'd1;
                    x[i] <= x[i] + {36'd0, ee[i*4 +: 4]};
                    carry = 1'b0;
                  end
                end
              end
            end
          end
        end
        S_DRAIN: if (b_outstanding == 0 && !(bvalid && bready)) begin
          state <= S_IDLE; done <= 1'b1;
          status <= err_bus ? tce_op_pkg::ST_GLOBAL_BUS :
                    err_smem ? tce_op_pkg::ST_SHARED_RANGE : tce_op_pkg::ST_OK;
        end
        default: state <= S_IDLE;
      endcase
    end
  end
endmodule
