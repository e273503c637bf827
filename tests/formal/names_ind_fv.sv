// A wrapper for names_check.sh's inductive step: both assertions hold from reset, but one is
// not 1-inductive (a state the reset never reaches breaks it a step later) while the other is.
// prove.sh's abcprove 1 must name the one marked NOT INDUCTIVE and not the other.
module names_ind_fv (
    input logic clk,
    input logic rst_n,
    input logic inc
);
  logic [2:0] n;
  logic a, b;
  always_ff @(posedge clk or negedge rst_n)
    if (!rst_n) begin
      n <= '0; a <= 1'b0; b <= 1'b0;
    end else begin
      n <= (n == 3'd5) ? 3'd0 : n + 3'(inc);
      a <= b;
      if (n == 3'd6) b <= 1'b1;   // never from reset: n counts 0..5
    end

  always @(*) if ($initstate) assume (!rst_n);

  always @(*) if (rst_n) begin
    assert (n != 3'd6);   // inductive alone: only 5 steps on, and 5 goes to 0
    assert (!a);          // NOT INDUCTIVE: an unreached state with b set breaks it
    cover (n == 3'd5);
  end
endmodule
