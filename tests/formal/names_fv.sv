// A wrapper with one assertion that must fail, for names_check.sh: a counter that the solver
// steps reaches 3 first (frame 4 at the earliest), so the assertion marked BREAKS fails and
// its neighbours hold to that frame. prove.sh must name it by file:line and instance.
module names_fv (
    input logic clk,
    input logic rst_n,
    input logic inc
);
  logic [3:0] n;
  always_ff @(posedge clk or negedge rst_n)
    if (!rst_n) n <= '0;
    else if (inc) n <= n + 4'd1;

  always @(*) if ($initstate) assume (!rst_n);

  names_leaf u_leaf (.n);
  always @(*) if (rst_n) begin
    assert (n != 4'd9);
    assert (n != 4'd12);
    cover (n == 4'd2);
  end
endmodule

module names_leaf (input logic [3:0] n);
  always @(*) begin
    assert (n != 4'd7);
    assert (n != 4'd3);   // BREAKS
    assert (n != 4'd5);
  end
endmodule
