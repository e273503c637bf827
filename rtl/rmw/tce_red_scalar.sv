// The `red` mover (red.global / red.shared, scalar and vector): writes the instruction's
// operands as ONE beat at the destination, which tce_rmw_global or tce_rmw_smem turns into
// a read-modify-write through the reduction unit.
//
// A red's vector (esize x vec bytes, at most 16) is naturally aligned (csim/red.c, checked
// by the executor), so it lies inside one 16-byte chunk of one beat: element i goes to the
// lanes of byte address addr + i*esize. Global: one AW of one beat at the chunk's address,
// one W beat, then its B. Shared: one write request, then its response.
module tce_red_scalar #(
    parameter int DATA_W = 256,
    parameter int ID_W   = 4
) (
    input  logic              clk,
    input  logic              rst_n,
    input  logic              start,
    input  logic              to_global,
    input  logic [63:0]       gaddr,
    input  logic [3:0]        cta,
    input  logic [23:0]       off,
    input  logic [1:0]        esl,          // log2 element bytes (2 f16/bf16 ... 3 64-bit)
    input  logic [3:0]        vec,          // 1, 2, 4 or 8
    input  logic [511:0]      operands,     // 8 x 64: operand i in [64i+63:64i]
    output logic              done,
    output logic [7:0]        status,
    // AXI4 write channels
    output logic              awvalid,
    input  logic              awready,
    output logic [tce_axi_pkg::ax_bits(ID_W)-1:0] axi_aw,
    output logic              wvalid,
    input  logic              wready,
    output logic [tce_axi_pkg::w_bits(DATA_W)-1:0] axi_w,
    input  logic              bvalid,
    input  tce_axi_pkg::b_t   axi_b,
    // shared-memory write and its response
    output logic              sm_valid,
    input  logic              sm_ready,
    output logic [3:0]        sm_cta,
    output logic [23:0]       sm_addr,
    input  logic              sm_rsp_valid,
    input  logic              sm_rsp_err
);
  `TCE_AXI_TYPEDEFS(DATA_W, ID_W)
  axi_ax_t aw_s;
  axi_w_t  w_s;
  assign axi_aw = aw_s;
  assign axi_w  = w_s;

  localparam int DB = DATA_W / 8;
  localparam int LB = $clog2(DB);

  typedef enum logic [2:0] { S_IDLE, S_AW, S_W, S_B, S_SM, S_SMRSP } state_t;
  state_t state;

  logic [63:0] a;          // destination byte address (shared: the offset)
  logic [3:0]  c;
  logic [127:0] packed_ops; // the vector's bytes, element i at byte i*esize
  logic [4:0]  nbytes;

  // The beat: the packed bytes shifted to the address's lanes. Only a busy mover's beat is
  // read (global W, or the shared write its request carries), so it is shifted only then:
  // the simulator (Verilator) evaluates combinational logic every cycle (docs/sim_speed.md).
  wire [LB-1:0] lane = a[LB-1:0];
  always_comb begin
    /* verilator lint_off UNUSEDSIGNAL */
    logic [DATA_W+127:0] data_wide;
    logic [DB+15:0]      strb_wide;
    /* verilator lint_on UNUSEDSIGNAL */
    data_wide = '0; strb_wide = '0;
    if (state != S_IDLE) begin
      data_wide = {{DATA_W{1'b0}}, packed_ops} << {lane, 3'd0};
      strb_wide = {{DB{1'b0}}, 16'((17'd1 << nbytes) - 17'd1)} << lane;
    end
    w_s.data = data_wide[DATA_W-1:0];
    w_s.strb = strb_wide[DB-1:0];
    w_s.last = 1'b1;
  end

  assign awvalid = (state == S_AW);
  assign aw_s.id   = '0;
  assign aw_s.addr = {a[63:4], 4'd0};
  assign aw_s.len  = 8'd0;
  assign wvalid    = (state == S_W);
  assign sm_valid = (state == S_SM);
  assign sm_cta   = c;
  assign sm_addr  = {a[23:LB], {LB{1'b0}}};

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      state <= S_IDLE; done <= 1'b0; status <= '0; a <= '0; c <= '0;
      packed_ops <= '0; nbytes <= '0;
    end else begin
      done <= 1'b0;
      case (state)
        S_IDLE: if (start) begin : take
          // Pack the operands (here, under start, their one reader): element i keeps its
          // low 2^esl bytes; byte p of the vector is byte (p mod 2^esl) of operand p >> esl.
          logic [127:0] pk;
          for (int p = 0; p < 16; p++) begin
            logic [3:0] pp;
            logic [2:0] el, by;   // operand index (< 8 for esl >= 1) and byte inside it
            pp = 4'(p);
            el = 3'(pp >> esl);
            by = 3'(pp & ~(4'hF << esl));
            pk[p*8 +: 8] = operands[{el, by, 3'd0} +: 8];
          end
          a <= to_global ? gaddr : {40'd0, off};
          c <= cta;
          packed_ops <= pk;
          nbytes <= 5'({1'b0, vec} << esl);
          status <= tce_op_pkg::ST_OK;
          state <= to_global ? S_AW : S_SM;
        end
        S_AW: if (awready) state <= S_W;
        S_W:  if (wready) state <= S_B;
        S_B:  if (bvalid) begin
          if (axi_b.resp != 2'b00) status <= tce_op_pkg::ST_GLOBAL_BUS;
          done <= 1'b1; state <= S_IDLE;
        end
        S_SM: if (sm_ready) state <= S_SMRSP;
        S_SMRSP: if (sm_rsp_valid) begin
          if (sm_rsp_err) status <= tce_op_pkg::ST_SHARED_RANGE;
          done <= 1'b1; state <= S_IDLE;
        end
        default: state <= S_IDLE;
      endcase
    end
  end
endmodule
