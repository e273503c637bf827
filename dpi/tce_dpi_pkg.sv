// The golden model (csim/) as DPI-C imports, for SystemVerilog testbenches. The C side is
// dpi/tce_dpi.c; docs/dpi.md says how to compile it and who owns which memory.
// Status codes: tce_status_e mirrors csim/tce_types.h's tce_status; check_status_enum()
// compares every name and value with the C enum at run time (the dpi-scoreboard test
// calls it), so a change on either side fails there instead of drifting.
package tce_dpi_pkg;

  typedef enum int {
    OK                  = 0,
    ILLEGAL_INSTRUCTION = 1,
    MISALIGNED_ADDRESS  = 2,
    BAD_DESCRIPTOR      = 3,
    UNDEFINED_BEHAVIOUR = 4,
    GLOBAL_BUS_ERROR    = 5,
    SHARED_OUT_OF_RANGE = 6,
    UNSUPPORTED         = 7,
    INVALID_VALUE       = 8
  } tce_status_e;

  // Operation kinds, address spaces, completions and tensor modes (csim/op.h values; the
  // firmware packs them into the command, so a wrong value shows as a mismatch).
  localparam int OP_BULK_COPY = 0, OP_BULK_REDUCE = 1, OP_TENSOR_LOAD = 3,
                 OP_TENSOR_STORE = 4, OP_TENSOR_REDUCE = 5, OP_RED = 7;
  localparam int SPACE_GLOBAL = 0, SPACE_SHARED_CTA = 1, SPACE_SHARED_CLUSTER = 2;
  localparam int DONE_NONE = 0, DONE_MBARRIER = 1, DONE_BULK_GROUP = 2;
  localparam int MODE_TILE = 0, MODE_IM2COL = 1;
  // CUtensorMap* enums (the CUDA driver's values, csim/tce_types.h)
  localparam int DT_UINT8 = 0, DT_UINT16 = 1, DT_UINT32 = 2, DT_FLOAT16 = 6, DT_FLOAT32 = 7,
                 DT_BFLOAT16 = 9;
  localparam int SW_NONE = 0, SW_32B = 1, SW_64B = 2, SW_128B = 3;
  localparam int OOB_ZERO = 0, OOB_NAN = 1;
  localparam int DESC_BYTES = 128;

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

  // Set a field; a refused name or value is a testbench bug, so it stops the run.
  function automatic void op_set(chandle op, string field, longint value);
    if (tce_dpi_op_set(op, field, value) != 0)
      $fatal(1, "tce_dpi_op_set: %s", tce_dpi_why());
  endfunction

  // The value C gives a constant's name (csim/tce_types.h, csim/op.h), -1 for no such name.
  import "DPI-C" function int tce_dpi_const(input string name);

  // Every localparam above against C's value; returns the mismatches.
  function automatic int check_consts();
    int bad = 0;
    string names[$] = '{"OP_BULK_COPY", "OP_BULK_REDUCE", "OP_TENSOR_LOAD", "OP_TENSOR_STORE",
        "OP_TENSOR_REDUCE", "OP_RED", "SPACE_GLOBAL", "SPACE_SHARED_CTA",
        "SPACE_SHARED_CLUSTER", "DONE_NONE", "DONE_MBARRIER", "DONE_BULK_GROUP", "MODE_TILE",
        "MODE_IM2COL", "DT_UINT8", "DT_UINT16", "DT_UINT32", "DT_FLOAT16", "DT_FLOAT32",
        "DT_BFLOAT16", "SW_NONE", "SW_32B", "SW_64B", "SW_128B", "OOB_ZERO", "OOB_NAN",
        "DESC_BYTES"};
    int vals[$] = '{OP_BULK_COPY, OP_BULK_REDUCE, OP_TENSOR_LOAD, OP_TENSOR_STORE,
        OP_TENSOR_REDUCE, OP_RED, SPACE_GLOBAL, SPACE_SHARED_CTA, SPACE_SHARED_CLUSTER,
        DONE_NONE, DONE_MBARRIER, DONE_BULK_GROUP, MODE_TILE, MODE_IM2COL, DT_UINT8,
        DT_UINT16, DT_UINT32, DT_FLOAT16, DT_FLOAT32, DT_BFLOAT16, SW_NONE, SW_32B, SW_64B,
        SW_128B, OOB_ZERO, OOB_NAN, DESC_BYTES};
    foreach (names[i])
      if (tce_dpi_const(names[i]) != vals[i]) begin
        $display("tce_dpi_pkg: %s is %0d here, %0d in C", names[i], vals[i],
                 tce_dpi_const(names[i]));
        bad++;
      end
    return bad;
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
