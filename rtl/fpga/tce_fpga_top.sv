// tce_fpga_top: the copy engine as an FPGA emulation system (docs/fpga.md).
//
//   s_axil_*   AXI4-Lite, 12-bit address: the engine's registers (firmware/regmap.def)
//   s_smem_*   AXI4-Lite, 29-bit address: the emulated shared memories and the shared-
//              memory status registers (tce_fpga_smem.sv has the map)
//   m_axi_*    AXI4 master to global memory (DDR, through the shell's interconnect), one
//              port per AXI signal: the names a block design's interface inference
//              matches (the engine's payload structs, tce_axi_pkg, stay inside)
//   irq        the engine's interrupt, level
//
// The engine's shared-memory and mbarrier ports are served by tce_fpga_smem: one block RAM of
// SMEM_BYTES per CTA, with mbarrier complete-tx done as a read-modify-write of the
// mbarrier word in that RAM, so software polls the mbarrier exactly as a PTX program's
// mbarrier.try_wait would. SMEM_BYTES is also the engine's shared-memory size, so the
// engine refuses (SHARED_RANGE) any copy that would not fit the RAM.
module tce_fpga_top #(
    parameter int DATA_W      = 256,     // memory data path: 128, 256 or 512 bits
    parameter int NUM_CTAS    = 16,      // CTAs in the emulated cluster, 1..16
    parameter int SMEM_BYTES  = 16384,   // shared memory per CTA (block RAM), bytes
    parameter int QUEUE_DEPTH = 8,       // engine command queue entries (power of two)
    parameter int ID_W        = 4,       // AXI ID width
    parameter int NRD         = 4,       // read bursts in flight
    // tce_engine's feature parameters, tensor loads in flight and tensor address bits
    // (docs/rtl.md)
    parameter bit HAS_REDUCE  = 1'b1,
    parameter bit HAS_IM2COL  = 1'b1,
    parameter bit HAS_GATHER  = 1'b1,
    parameter bit HAS_MULTIMEM = 1'b1,
    parameter int LOAD_SLOTS  = 16,
    parameter int GADDR_W     = 64
) (
    input  logic                clk,
    input  logic                rst_n,
    // AXI4-Lite slave: engine registers
    input  logic                s_axil_awvalid,
    output logic                s_axil_awready,
    input  logic [11:0]         s_axil_awaddr,
    input  logic                s_axil_wvalid,
    output logic                s_axil_wready,
    input  logic [31:0]         s_axil_wdata,
    input  logic [3:0]          s_axil_wstrb,
    output logic                s_axil_bvalid,
    input  logic                s_axil_bready,
    output logic [1:0]          s_axil_bresp,
    input  logic                s_axil_arvalid,
    output logic                s_axil_arready,
    input  logic [11:0]         s_axil_araddr,
    output logic                s_axil_rvalid,
    input  logic                s_axil_rready,
    output logic [31:0]         s_axil_rdata,
    output logic [1:0]          s_axil_rresp,
    // AXI4-Lite slave: shared memories and their status registers
    input  logic                s_smem_awvalid,
    output logic                s_smem_awready,
    input  logic [28:0]         s_smem_awaddr,
    input  logic                s_smem_wvalid,
    output logic                s_smem_wready,
    input  logic [31:0]         s_smem_wdata,
    input  logic [3:0]          s_smem_wstrb,
    output logic                s_smem_bvalid,
    input  logic                s_smem_bready,
    output logic [1:0]          s_smem_bresp,
    input  logic                s_smem_arvalid,
    output logic                s_smem_arready,
    input  logic [28:0]         s_smem_araddr,
    output logic                s_smem_rvalid,
    input  logic                s_smem_rready,
    output logic [31:0]         s_smem_rdata,
    output logic [1:0]          s_smem_rresp,
    output logic                irq,
    // AXI4 master: global memory
    output logic                m_axi_awvalid,
    input  logic                m_axi_awready,
    output logic [ID_W-1:0]     m_axi_awid,
    output logic [63:0]         m_axi_awaddr,
    output logic [7:0]          m_axi_awlen,
    output logic [2:0]          m_axi_awsize,
    output logic [1:0]          m_axi_awburst,
    output logic                m_axi_wvalid,
    input  logic                m_axi_wready,
    output logic [DATA_W-1:0]   m_axi_wdata,
    output logic [DATA_W/8-1:0] m_axi_wstrb,
    output logic                m_axi_wlast,
    input  logic                m_axi_bvalid,
    output logic                m_axi_bready,
    input  logic [ID_W-1:0]     m_axi_bid,
    input  logic [1:0]          m_axi_bresp,
    output logic                m_axi_arvalid,
    input  logic                m_axi_arready,
    output logic [ID_W-1:0]     m_axi_arid,
    output logic [63:0]         m_axi_araddr,
    output logic [7:0]          m_axi_arlen,
    output logic [2:0]          m_axi_arsize,
    output logic [1:0]          m_axi_arburst,
    input  logic                m_axi_rvalid,
    output logic                m_axi_rready,
    input  logic [ID_W-1:0]     m_axi_rid,
    input  logic [DATA_W-1:0]   m_axi_rdata,
    input  logic [1:0]          m_axi_rresp,
    input  logic                m_axi_rlast
);
  logic                sm_req_valid, sm_req_ready, sm_rsp_valid, sm_rsp_err;
  logic [1:0]          sm_req_kind;
  logic [3:0]          sm_req_cta;
  logic [23:0]         sm_req_addr;
  logic [DATA_W-1:0]   sm_req_wdata, sm_rsp_rdata;
  logic [DATA_W/8-1:0] sm_req_wstrb;
  logic                mb_req_valid, mb_req_ready, mb_rsp_valid, mb_rsp_err;
  logic [3:0]          mb_req_cta;
  logic [23:0]         mb_req_addr;
  logic [31:0]         mb_req_tx_count;

  tce_engine #(
    .DATA_W(DATA_W), .NUM_CTAS(NUM_CTAS), .QUEUE_DEPTH(QUEUE_DEPTH), .SMEM_BYTES(SMEM_BYTES),
    .ID_W(ID_W), .NRD(NRD), .HAS_REDUCE(HAS_REDUCE), .HAS_IM2COL(HAS_IM2COL),
    .HAS_GATHER(HAS_GATHER), .HAS_MULTIMEM(HAS_MULTIMEM), .LOAD_SLOTS(LOAD_SLOTS), .GADDR_W(GADDR_W)
  ) u_engine (
    .clk, .rst_n,
    .s_axil_awvalid, .s_axil_awready, .s_axil_awaddr, .s_axil_wvalid, .s_axil_wready,
    .s_axil_wdata, .s_axil_wstrb, .s_axil_bvalid, .s_axil_bready, .s_axil_bresp,
    .s_axil_arvalid, .s_axil_arready, .s_axil_araddr, .s_axil_rvalid, .s_axil_rready,
    .s_axil_rdata, .s_axil_rresp, .irq,
    .m_axi_awvalid, .m_axi_awready, .m_axi_awid, .m_axi_awaddr, .m_axi_awlen, .m_axi_awsize,
    .m_axi_awburst, .m_axi_wvalid, .m_axi_wready, .m_axi_wdata, .m_axi_wstrb, .m_axi_wlast,
    .m_axi_bvalid, .m_axi_bready, .m_axi_bid, .m_axi_bresp,
    .m_axi_arvalid, .m_axi_arready, .m_axi_arid, .m_axi_araddr, .m_axi_arlen, .m_axi_arsize,
    .m_axi_arburst, .m_axi_rvalid, .m_axi_rready, .m_axi_rid, .m_axi_rdata, .m_axi_rresp,
    .m_axi_rlast,
    .sm_req_valid, .sm_req_ready, .sm_req_kind, .sm_req_cta, .sm_req_addr, .sm_req_wdata,
    .sm_req_wstrb, .sm_rsp_valid, .sm_rsp_rdata, .sm_rsp_err,
    .mb_req_valid, .mb_req_ready, .mb_req_cta, .mb_req_addr, .mb_req_tx_count, .mb_rsp_valid,
    .mb_rsp_err
  );

  logic        h_req_valid, h_req_ready, h_req_write, h_rsp_valid, h_rsp_err;
  logic [28:0] h_req_addr;
  logic [31:0] h_req_wdata, h_rsp_rdata;
  logic [3:0]  h_req_wstrb;

  tce_fpga_axil_req #(.AW(29)) u_host (
    .clk, .rst_n,
    .s_awvalid(s_smem_awvalid), .s_awready(s_smem_awready), .s_awaddr(s_smem_awaddr),
    .s_wvalid(s_smem_wvalid), .s_wready(s_smem_wready), .s_wdata(s_smem_wdata),
    .s_wstrb(s_smem_wstrb), .s_bvalid(s_smem_bvalid), .s_bready(s_smem_bready),
    .s_bresp(s_smem_bresp), .s_arvalid(s_smem_arvalid), .s_arready(s_smem_arready),
    .s_araddr(s_smem_araddr), .s_rvalid(s_smem_rvalid), .s_rready(s_smem_rready),
    .s_rdata(s_smem_rdata), .s_rresp(s_smem_rresp),
    .req_valid(h_req_valid), .req_ready(h_req_ready), .req_write(h_req_write),
    .req_addr(h_req_addr), .req_wdata(h_req_wdata), .req_wstrb(h_req_wstrb),
    .rsp_valid(h_rsp_valid), .rsp_rdata(h_rsp_rdata), .rsp_err(h_rsp_err)
  );

  tce_fpga_smem #(.DATA_W(DATA_W), .NUM_CTAS(NUM_CTAS), .SMEM_BYTES(SMEM_BYTES)) u_smem (
    .clk, .rst_n,
    .sm_req_valid, .sm_req_ready, .sm_req_kind, .sm_req_cta, .sm_req_addr, .sm_req_wdata,
    .sm_req_wstrb, .sm_rsp_valid, .sm_rsp_rdata, .sm_rsp_err,
    .mb_req_valid, .mb_req_ready, .mb_req_cta, .mb_req_addr, .mb_req_tx_count, .mb_rsp_valid,
    .mb_rsp_err,
    .h_req_valid, .h_req_ready, .h_req_write, .h_req_addr, .h_req_wdata, .h_req_wstrb,
    .h_rsp_valid, .h_rsp_rdata, .h_rsp_err
  );
endmodule
