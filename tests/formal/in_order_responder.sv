// A formal model of a port that answers its requests one each, in order, after any delay
// the solver picks (tce's shared-memory and mbarrier ports): rsp_valid only while a
// request is owed.
module in_order_responder (
    input  logic clk,
    input  logic rst_n,
    input  logic req_fire,   // a request taken this cycle
    input  logic c_rsp,      // the solver's choice: answer now if one is owed
    output logic rsp_valid,
    output logic owing       // a request is owed (for a bound on the delay, patience.sv)
);
  logic [7:0] owed;
  assign owing = owed != 0;
  assign rsp_valid = c_rsp && owing;
  always_ff @(posedge clk or negedge rst_n)
    if (!rst_n) owed <= '0;
    else owed <= owed + 8'(req_fire) - 8'(rsp_valid);
endmodule
