// The golden model (csim/) as DPI-C imports, for SystemVerilog testbenches. The C side is
// dpi/tce_dpi.c; docs/dpi.md says how to compile it and who owns which memory.
// The constants these functions take (status codes, operation kinds, modes, data types...)
// are in dpi/tce_dpi_consts_pkg.sv, generated from the C enums: compile it first and import
// both packages. check_status_enum() holds the library you link to the same codes at run
// time (the dpi-scoreboard test calls it), for a library built from another version.
package tce_dpi_pkg;
  import tce_dpi_consts_pkg::*;

  // The cause of the last failing call, in words ("" after a success).
  import "DPI-C" function string tce_dpi_why();
  // After tce_dpi_execute: the command field at fault (ERR_INFO.FIELD's index, 255: none),
  // the complete-tx bytes each destination mbarrier receives, and the mask of those CTAs.
  import "DPI-C" function int tce_dpi_field();
  import "DPI-C" function int tce_dpi_tx_bytes();
  import "DPI-C" function int tce_dpi_tx_ctas();
  import "DPI-C" function string tce_dpi_status_name(input int st);
  import "DPI-C" function int tce_dpi_status_count();
  import "DPI-C" function int tce_dpi_cmd_words();

  // cuTensorMapEncodeTiled / Im2col with the driver's rules; the engine's 128-byte
  // descriptor lands in desc[0..127]. gstride holds rank-1 byte strides (dims 1..rank-1),
  // as the driver takes them.
  import "DPI-C" function int tce_dpi_encode_tiled(
      input int dtype, input int rank, input longint unsigned gaddr,
      input longint unsigned gdim[], input longint unsigned gstride[],
      input int unsigned box[], input int unsigned estride[],
      input int interleave, input int swizzle, input int promo, input int fill,
      output byte unsigned desc[]);
  import "DPI-C" function int tce_dpi_encode_im2col(
      input int dtype, input int rank, input longint unsigned gaddr,
      input longint unsigned gdim[], input longint unsigned gstride[],
      input int lower[], input int upper[], input int channels, input int pixels,
      input int unsigned estride[], input int interleave, input int swizzle,
      input int promo, input int fill, output byte unsigned desc[]);

  // An operation: new, set fields by their csim/op.h names ("coord0".."coord4",
  // "im2col0".., "operand0".. for array items), pack into command words, execute, free.
  import "DPI-C" function chandle tce_dpi_op_new(input int kind);
  import "DPI-C" function void tce_dpi_op_free(input chandle op);
  import "DPI-C" function int tce_dpi_op_set(input chandle op, input string field,
                                             input longint value);
  import "DPI-C" function int tce_dpi_op_pack(input chandle op, output int unsigned words[]);
  import "DPI-C" function int tce_dpi_execute(input chandle op, inout byte unsigned gmem[],
                                              input longint unsigned gbase,
                                              inout byte unsigned smem[], input int ncta,
                                              input int smem_bytes);

  // An operation of `kind` moving from `src_space` to `dst_space`, completing by
  // `completion`: the fields every operation sets first.
  function automatic chandle op_new(int kind, int src_space, int dst_space, int completion);
    chandle op = tce_dpi_op_new(kind);
    if (op == null) $fatal(1, "tce_dpi_op_new: out of memory");
    op_set(op, "src_space", src_space);
    op_set(op, "dst_space", dst_space);
    op_set(op, "completion", completion);
    return op;
  endfunction

  // Set a field; a refused name or value is a testbench bug, so it stops the run.
  function automatic void op_set(chandle op, string field, longint value);
    if (tce_dpi_op_set(op, field, value) != 0)
      $fatal(1, "tce_dpi_op_set: %s", tce_dpi_why());
  endfunction

  // Every tce_status_e name and value against the C enum; returns the mismatches.
  function automatic int check_status_enum();
    tce_status_e s = s.first();
    int bad = 0, n = 0;
    forever begin
      if (s.name() != tce_dpi_status_name(int'(s))) begin
        $display("tce_dpi_pkg: status %0d is %s here, %s in C", int'(s), s.name(),
                 tce_dpi_status_name(int'(s)));
        bad++;
      end
      n++;
      if (s == s.last()) break;
      s = s.next();
    end
    if (n != tce_dpi_status_count()) begin
      $display("tce_dpi_pkg: %0d status values here, %0d in C", n, tce_dpi_status_count());
      bad++;
    end
    return bad;
  endfunction

endpackage
