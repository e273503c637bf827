// Read-modify-write of shared memory for reductions (cp.reduce.async.bulk.shared::cluster,
// red.shared). It sits between a mover's shared-memory requests and the port: the mover
// writes its source data as for a copy (tce_bulk_from_smem, tce_red_scalar), and each of
// its writes becomes
//
//   read the destination word -> reduction unit (mover's data as the source) -> write the
//   result under the mover's strobes
//
// The mover's write is accepted only when the result write is, so its data stays on the
// port until then and need not be copied here. The mover's own reads pass through. With
// `reduce` low everything passes through (a plain copy).
//
// Ordering: the unit reads the destination only when every request it forwarded for the
// mover has been answered, so the one response it waits for is its own, and every earlier
// write (an earlier beat or red to the same word) is already in memory. One beat costs two
// port round trips; shared-memory reductions are not on the throughput path.
module tce_rmw_smem #(
    parameter int DATA_W = 256
) (
    input  logic                clk,
    input  logic                rst_n,
    input  logic                reduce,
    // upstream: the mover
    input  logic                u_valid,
    output logic                u_ready,
    input  logic                u_write,
    input  logic [3:0]          u_cta,
    input  logic [23:0]         u_addr,
    input  logic [DATA_W-1:0]   u_wdata,
    input  logic [DATA_W/8-1:0] u_wstrb,
    output logic                u_rsp_valid,
    // downstream: the shared-memory port (responses in request order)
    output logic                d_valid,
    input  logic                d_ready,
    output logic                d_write,
    output logic [3:0]          d_cta,
    output logic [23:0]         d_addr,
    output logic [DATA_W-1:0]   d_wdata,
    output logic [DATA_W/8-1:0] d_wstrb,
    input  logic                d_rsp_valid,
    input  logic [DATA_W-1:0]   d_rsp_rdata,
    // the reduction unit (shared with tce_rmw_global)
    output logic                ru_in_valid,
    input  logic                ru_in_ready,
    output logic [DATA_W-1:0]   ru_in_mem,
    output logic [DATA_W-1:0]   ru_in_src,
    output logic [DATA_W/8-1:0] ru_in_be,
    input  logic                ru_out_valid,
    output logic                ru_out_ready,
    input  logic [DATA_W-1:0]   ru_out_data
);
  typedef enum logic [2:0] { S_IDLE, S_RD, S_WAIT, S_RED, S_RES, S_WR } state_t;
  state_t state;

  logic [DATA_W-1:0] mem, res;
  logic [7:0]        fwd_outstanding;   // mover requests forwarded, not yet answered

  // A write to reduce, whether or not it is offered yet: u_ready below reads this, not
  // u_valid (it matters only with u_valid), so the mover's valid does not run on into its
  // own ready.
  wire rmw_kind = reduce && u_write;
  wire rmw = rmw_kind && u_valid;

  assign ru_in_valid  = (state == S_RED);
  assign ru_in_mem    = mem;
  assign ru_in_src    = u_wdata;
  assign ru_in_be     = u_wstrb;
  assign ru_out_ready = (state == S_RES);

  always_comb begin
    d_cta   = u_cta;
    d_addr  = u_addr;
    d_wstrb = u_wstrb;
    d_wdata = u_wdata;
    d_write = u_write;
    d_valid = 1'b0;
    u_ready = 1'b0;
    case (state)
      S_IDLE: if (!rmw_kind) begin
        d_valid = u_valid;
        u_ready = d_ready;
      end
      S_RD: begin
        d_valid = (fwd_outstanding == 8'd0);
        d_write = 1'b0;
      end
      S_WR: begin
        d_valid = 1'b1;
        d_wdata = res;
        u_ready = d_ready;
      end
      default: ;
    endcase
  end
  // In S_WAIT nothing forwarded is outstanding: the response is this unit's read.
  assign u_rsp_valid = d_rsp_valid && (state != S_WAIT);

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      state <= S_IDLE; mem <= '0; res <= '0; fwd_outstanding <= '0;
    end else begin
      fwd_outstanding <= fwd_outstanding + 8'(u_valid && u_ready) - 8'(u_rsp_valid);
      case (state)
        S_IDLE: if (rmw) state <= S_RD;
        S_RD:   if (d_valid && d_ready) state <= S_WAIT;
        S_WAIT: if (d_rsp_valid) begin mem <= d_rsp_rdata; state <= S_RED; end
        S_RED:  if (ru_in_ready) state <= S_RES;
        S_RES:  if (ru_out_valid) begin res <= ru_out_data; state <= S_WR; end
        S_WR:   if (d_ready) state <= S_IDLE;
        default: state <= S_IDLE;
      endcase
    end
  end
endmodule
