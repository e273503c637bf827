// Synchronous first-in first-out buffer: the engine's command queue, and the FPGA shared
// memory's queue of engine data requests (tce_fpga_smem). DEPTH must be a power
// of two so the read and write pointers wrap by plain overflow. `count` is exported because
// STATUS reports both the queued commands and the free slots.
// WRITE_FREE: the tail slot is written whenever it is free, whatever `push` says, so the
// storage's write enable is `!full` (a flip-flop's decode), not the writer's valid; a push
// still moves the pointer. `head` is then undefined while the queue is empty (the FPGA
// shared memory's queue, which reads it only when not empty).
module tce_fifo #(
    parameter int WIDTH = 32,
    parameter int DEPTH = 8,
    parameter bit WRITE_FREE = 1'b0
) (
    input  logic             clk,
    input  logic             rst_n,
    input  logic             flush,      // drop everything (CTRL.SOFT_RESET)
    input  logic             push,
    input  logic [WIDTH-1:0] push_data,
    input  logic             pop,
    output logic [WIDTH-1:0] head,
    output logic             empty,
    output logic             full,
    output logic [$clog2(DEPTH):0] count
);
  localparam int AW = $clog2(DEPTH);

  logic [WIDTH-1:0] mem [DEPTH];
  logic [AW-1:0] rd_ptr, wr_ptr;

  wire do_push = push && !full;
  wire do_pop  = pop && !empty;

  assign empty = (count == 0);
  assign full  = (count == DEPTH[AW:0]);
  // `head` is what `pop` takes.
  assign head = mem[rd_ptr];

  always_ff @(posedge clk) begin
    if (WRITE_FREE ? !full : do_push) mem[wr_ptr] <= push_data;
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      rd_ptr <= '0;
      wr_ptr <= '0;
      count  <= '0;
    end else if (flush) begin
      rd_ptr <= '0;
      wr_ptr <= '0;
      count  <= '0;
    end else begin
      if (do_push) wr_ptr <= wr_ptr + 1'b1;
      if (do_pop)  rd_ptr <= rd_ptr + 1'b1;
      count <= count + {{AW{1'b0}}, do_push} - {{AW{1'b0}}, do_pop};
    end
  end

`ifdef TCE_ASSERT
  // The writer must check `full` first: a push into a full queue would be dropped.
  always_ff @(posedge clk) begin
    if (!flush)
      assert (!(push && full)) else $error("tce_fifo: push while full (DEPTH %0d)", DEPTH);
  end
`endif
endmodule
