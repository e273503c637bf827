// Fetches the 128-byte tensor descriptor from global memory (one AXI4 INCR burst; the
// address is 64-byte aligned, as csim requires, and 128 bytes from a 64-byte boundary can
// cross a 4 KB page only at its middle, so the fetch is split there into two bursts).
// The descriptor is assembled little-endian: byte i in bits [8i+7:8i].
module tce_desc_fetch #(
    parameter int DATA_W = 256,
    parameter int ID_W   = 4
) (
    input  logic              clk,
    input  logic              rst_n,
    input  logic              start,
    input  logic [63:0]       addr,         // 64-byte aligned (checked by the caller)
    output logic              done,         // one-cycle pulse
    output logic              bus_err,      // with done: a beat answered with an error
    output logic [1023:0]     desc,
    // AXI4 read address / data (owned while busy)
    output logic              arvalid,
    input  logic              arready,
    output logic [ID_W-1:0]   arid,
    output logic [63:0]       araddr,
    output logic [7:0]        arlen,
    input  logic              rvalid,
    output logic              rready,
    input  logic [DATA_W-1:0] rdata,
    input  logic [1:0]        rresp,
    input  logic              rlast
);
  localparam int DB = DATA_W / 8;
  localparam int BEATS_PER_HALF = (64 + DB - 1) / DB;   // beats of one 64-byte half

  typedef enum logic [1:0] { S_IDLE, S_AR, S_R } state_t;
  state_t state;
  logic [63:0] base;
  logic        half;          // which 64-byte half the current burst fetches
  logic        both;          // whole 128 bytes in one burst (no page crossing)
  logic [7:0]  beat;
  logic        err;

  wire crosses = (addr[11:0] == 12'hFC0);   // 64-aligned: only offset 0xFC0 crosses 4 KB
  wire [63:0] cur_addr = base + (half ? 64'd64 : 64'd0);
  assign arvalid = (state == S_AR);
  assign arid    = '0;
  assign araddr  = cur_addr;
  assign arlen   = both ? 8'(2 * BEATS_PER_HALF - 1) : 8'(BEATS_PER_HALF - 1);
  assign rready  = (state == S_R);

  // The address is 64-byte aligned and a beat is at most 64 bytes, so every beat lies
  // wholly inside the descriptor: beat i of the fetch is descriptor word i.
  localparam int NW = 128 / DB;
  localparam int WI = $clog2(NW);
  wire [WI-1:0] word = WI'(half ? BEATS_PER_HALF : 0) + WI'(beat);

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      state <= S_IDLE; base <= '0; half <= 1'b0; both <= 1'b0; beat <= '0; err <= 1'b0;
      done <= 1'b0; bus_err <= 1'b0; desc <= '0;
    end else begin
      done <= 1'b0;
      case (state)
        S_IDLE: if (start) begin
          base <= addr; half <= 1'b0; both <= !crosses; beat <= '0; err <= 1'b0;
          state <= S_AR;
        end
        S_AR: if (arready) begin beat <= '0; state <= S_R; end
        S_R: if (rvalid) begin
          if (rresp != 2'b00) err <= 1'b1;
          desc[word*DATA_W +: DATA_W] <= rdata;
          beat <= beat + 8'd1;
          if (rlast) begin
            if (!both && !half) begin
              half <= 1'b1; state <= S_AR;
            end else begin
              state <= S_IDLE; done <= 1'b1; bus_err <= err || (rresp != 2'b00);
            end
          end
        end
        default: state <= S_IDLE;
      endcase
    end
  end
endmodule
