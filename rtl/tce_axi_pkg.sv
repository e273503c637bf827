// The AXI4 channel payloads that pass between the engine's units (descriptor fetch, movers,
// read-modify-write) and its master port, declared once here.
//
// Most payloads are as wide as the unit's DATA_W and ID_W, and neither tool takes a type
// with parameters: Yosys 0.23 has no type parameters and gives a parameterised interface's
// signals one bit, and a package cannot see a module's parameters. So a unit declares the
// structs from its own widths with `TCE_AXI_TYPEDEFS(DATA_W, ID_W)`, its ports are flat
// vectors of the widths this package gives (ax_bits, r_bits, w_bits), and a port and its
// struct are the same bits, assigned whole. B's payload has no parameter: a package type.
// The engine's top level and the FPGA top keep one flat port per AXI signal (m_axi_arid
// ...), the names IP integrators and the bridge's C++ look for.
package tce_axi_pkg;
  localparam int ADDR_W = 64;   // AxADDR
  localparam int LEN_W  = 8;    // AxLEN: beats - 1
  localparam int RESP_W = 2;    // xRESP

  // B: writes are counted, never matched to their burst, so the response alone.
  typedef struct packed {
    logic [RESP_W-1:0] resp;
  } b_t;

  // Bits of the payload structs of TCE_AXI_TYPEDEFS, for the ports that carry them.
  function automatic int ax_bits(input int id_w);          // AR, AW: {id, addr, len}
    ax_bits = id_w + ADDR_W + LEN_W;
  endfunction
  function automatic int r_bits(input int data_w, input int id_w);  // R: {id, data, resp, last}
    r_bits = id_w + data_w + RESP_W + 1;
  endfunction
  function automatic int w_bits(input int data_w);         // W: {data, strb, last}
    w_bits = data_w + data_w / 8 + 1;
  endfunction
endpackage

// The payload structs of a unit whose data path is DW bits and whose AXI IDs are IW bits.
// AxSIZE and AxBURST are the same for every burst (the data width, INCR): the top sets them.
`define TCE_AXI_TYPEDEFS(DW, IW) \
  typedef struct packed { \
    logic [IW-1:0]                  id; \
    logic [tce_axi_pkg::ADDR_W-1:0] addr; \
    logic [tce_axi_pkg::LEN_W-1:0]  len; \
  } axi_ax_t; \
  typedef struct packed { \
    logic [IW-1:0]                  id; \
    logic [DW-1:0]                  data; \
    logic [tce_axi_pkg::RESP_W-1:0] resp; \
    logic                           last; \
  } axi_r_t; \
  typedef struct packed { \
    logic [DW-1:0]                  data; \
    logic [DW/8-1:0]                strb; \
    logic                           last; \
  } axi_w_t;
