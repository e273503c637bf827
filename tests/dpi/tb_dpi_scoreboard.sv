// A SystemVerilog scoreboard around tce's own engine with the golden model as reference,
// through the DPI package (dpi/tce_dpi_pkg.sv): what a team verifying its own copy engine
// would write. The testbench owns every memory: global memory and the cluster's shared
// memories are SV byte arrays; the engine is served from them over its AXI master, its
// shared-memory port and its mbarrier port, while the golden model runs the same operation
// on copies of them. After each operation every byte, the status and the complete-tx bytes
// must agree.
//   +plant=N   corrupt one byte of the golden model's result of case N: the scoreboard
//              must report that byte (the CTest checks it does)
module tb_dpi_scoreboard;
  import tce_dpi_consts_pkg::*;
  import tce_dpi_pkg::*;
  import tce_regs_pkg::*;

  localparam int DATA_W = 256;
  localparam int DB = DATA_W / 8;
  localparam int NCTA = 2;
  localparam int SMEM = 65536;
  localparam longint unsigned GBASE = 64'h0000_0001_0000_0000;
  localparam int GSIZE = 1 << 20;
  localparam longint unsigned MAPS = GBASE + 64'h8_0000; // descriptors, 128 bytes each

  // The testbench's memories, and the copies the golden model runs on.
  byte unsigned gmem[GSIZE], gref[GSIZE];
  byte unsigned smem[NCTA * SMEM], sref[NCTA * SMEM];

  logic clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;

  // ---- engine ------------------------------------------------------------------------
  logic s_axil_awvalid = 0, s_axil_wvalid = 0, s_axil_bready = 0, s_axil_arvalid = 0;
  logic s_axil_rready = 0;
  logic [11:0] s_axil_awaddr = 0, s_axil_araddr = 0;
  logic [31:0] s_axil_wdata = 0;
  wire s_axil_awready, s_axil_wready, s_axil_bvalid, s_axil_arready, s_axil_rvalid, irq;
  wire [1:0] s_axil_bresp, s_axil_rresp;
  wire [31:0] s_axil_rdata;

  wire m_axi_awvalid, m_axi_wvalid, m_axi_wlast, m_axi_bready, m_axi_arvalid, m_axi_rready;
  wire [3:0] m_axi_awid, m_axi_arid;
  wire [63:0] m_axi_awaddr, m_axi_araddr;
  wire [7:0] m_axi_awlen, m_axi_arlen;
  wire [2:0] m_axi_awsize, m_axi_arsize;
  wire [1:0] m_axi_awburst, m_axi_arburst;
  wire [DATA_W-1:0] m_axi_wdata;
  wire [DB-1:0] m_axi_wstrb;
  logic m_axi_bvalid = 0, m_axi_rvalid = 0, m_axi_rlast = 0;
  logic [3:0] m_axi_bid = 0, m_axi_rid = 0;
  logic [1:0] m_axi_bresp = 0, m_axi_rresp = 0;
  logic [DATA_W-1:0] m_axi_rdata = '0;

  wire sm_req_valid, mb_req_valid;
  wire [1:0] sm_req_kind;
  wire [3:0] sm_req_cta, mb_req_cta;
  wire [23:0] sm_req_addr, mb_req_addr;
  wire [DATA_W-1:0] sm_req_wdata;
  wire [DB-1:0] sm_req_wstrb;
  wire [31:0] mb_req_tx_count;
  logic sm_rsp_valid = 0, sm_rsp_err = 0, mb_rsp_valid = 0, mb_rsp_err = 0;
  logic [DATA_W-1:0] sm_rsp_rdata = '0;

  tce_engine #(.DATA_W(DATA_W), .NUM_CTAS(NCTA), .SMEM_BYTES(SMEM)) dut (
      .clk, .rst_n,
      .s_axil_awvalid, .s_axil_awready, .s_axil_awaddr, .s_axil_wvalid, .s_axil_wready,
      .s_axil_wdata, .s_axil_wstrb(4'hf), .s_axil_bvalid, .s_axil_bready, .s_axil_bresp,
      .s_axil_arvalid, .s_axil_arready, .s_axil_araddr, .s_axil_rvalid, .s_axil_rready,
      .s_axil_rdata, .s_axil_rresp, .irq,
      .m_axi_awvalid, .m_axi_awready(1'b1), .m_axi_awid, .m_axi_awaddr, .m_axi_awlen,
      .m_axi_awsize, .m_axi_awburst, .m_axi_wvalid, .m_axi_wready(1'b1), .m_axi_wdata,
      .m_axi_wstrb, .m_axi_wlast, .m_axi_bvalid, .m_axi_bready, .m_axi_bid, .m_axi_bresp,
      .m_axi_arvalid, .m_axi_arready(1'b1), .m_axi_arid, .m_axi_araddr, .m_axi_arlen,
      .m_axi_arsize, .m_axi_arburst, .m_axi_rvalid, .m_axi_rready, .m_axi_rid, .m_axi_rdata,
      .m_axi_rresp, .m_axi_rlast,
      .sm_req_valid, .sm_req_ready(1'b1), .sm_req_kind, .sm_req_cta, .sm_req_addr,
      .sm_req_wdata, .sm_req_wstrb, .sm_rsp_valid, .sm_rsp_rdata, .sm_rsp_err,
      .mb_req_valid, .mb_req_ready(1'b1), .mb_req_cta, .mb_req_addr, .mb_req_tx_count,
      .mb_rsp_valid, .mb_rsp_err);

  // ---- global memory behind the AXI master: in order, one beat a cycle --------------
  typedef struct {
    longint unsigned addr;
    int len, size, beat;
    logic [3:0] id;
    logic err;
  } burst_t;
  burst_t rq[$], wq[$];
  logic [DATA_W-1:0] wd[$];
  logic [DB-1:0] ws[$];
  logic wl[$];
  logic [3:0] bq_id[$];
  logic [1:0] bq_resp[$];
  int outstanding = 0; // bursts accepted and not yet answered

  function automatic longint unsigned beat_addr(burst_t b);
    longint unsigned a = b.addr;
    if (b.beat != 0) a = (a & ~((64'd1 << b.size) - 1)) + longint'(b.beat) * (64'd1 << b.size);
    return a & ~longint'(DB - 1);
  endfunction
  function automatic burst_t new_burst(logic [63:0] addr, logic [7:0] len, logic [2:0] size,
                                       logic [3:0] id);
    burst_t b;
    b.addr = addr;
    b.len = int'(len);
    b.size = int'(size);
    b.beat = 0;
    b.id = id;
    b.err = 0;
    return b;
  endfunction
  function automatic logic in_gmem(longint unsigned a);
    return a >= GBASE && a < GBASE + GSIZE;
  endfunction

  always @(posedge clk) if (rst_n) begin // the engine's outputs mean nothing in reset
    if (m_axi_arvalid) begin
      rq.push_back(new_burst(m_axi_araddr, m_axi_arlen, m_axi_arsize, m_axi_arid));
      outstanding++;
    end
    if (m_axi_awvalid) begin
      wq.push_back(new_burst(m_axi_awaddr, m_axi_awlen, m_axi_awsize, m_axi_awid));
      outstanding++;
    end
    if (m_axi_wvalid) begin
      wd.push_back(m_axi_wdata);
      ws.push_back(m_axi_wstrb);
      wl.push_back(m_axi_wlast);
    end
    // a W beat to the oldest write burst
    if (wq.size() != 0 && wd.size() != 0) begin
      longint unsigned a;
      a = beat_addr(wq[0]);
      for (int k = 0; k < DB; k++)
        if (ws[0][k]) begin
          if (in_gmem(a + k)) gmem[int'(a + k - GBASE)] = wd[0][8*k +: 8];
          else wq[0].err = 1;
        end
      if (wl[0] != (wq[0].beat == wq[0].len))
        $fatal(1, "AXI W: WLAST %0d on beat %0d of a %0d-beat burst", wl[0], wq[0].beat,
               wq[0].len + 1);
      void'(wd.pop_front());
      void'(ws.pop_front());
      void'(wl.pop_front());
      if (wq[0].beat == wq[0].len) begin
        bq_id.push_back(wq[0].id);
        bq_resp.push_back(wq[0].err ? 2'b11 : 2'b00);
        void'(wq.pop_front());
      end else wq[0].beat++;
    end
    // B
    if (m_axi_bvalid && m_axi_bready) begin
      void'(bq_id.pop_front());
      void'(bq_resp.pop_front());
      outstanding--;
    end
    m_axi_bvalid <= bq_id.size() != 0;
    m_axi_bid <= bq_id.size() != 0 ? bq_id[0] : 4'd0;
    m_axi_bresp <= bq_resp.size() != 0 ? bq_resp[0] : 2'd0;
    // R
    if (m_axi_rvalid && m_axi_rready) begin
      if (rq[0].beat == rq[0].len) begin
        void'(rq.pop_front());
        outstanding--;
      end else rq[0].beat++;
    end
    if (rq.size() != 0) begin
      longint unsigned a;
      logic bad;
      a = beat_addr(rq[0]);
      bad = 0;
      for (int k = 0; k < DB; k++) begin
        m_axi_rdata[8*k +: 8] <= in_gmem(a + k) ? gmem[int'(a + k - GBASE)] : 8'h00;
        bad |= !in_gmem(a + k);
      end
      m_axi_rvalid <= 1;
      m_axi_rid <= rq[0].id;
      m_axi_rresp <= bad ? 2'b11 : 2'b00;
      m_axi_rlast <= rq[0].beat == rq[0].len;
    end else begin
      m_axi_rvalid <= 0;
      m_axi_rlast <= 0;
    end
  end

  // ---- shared memories and mbarriers: every request accepted, answered a cycle later ----
  longint tx_total = 0; // complete-tx bytes the engine signalled
  always @(posedge clk) if (rst_n) begin
    sm_rsp_valid <= 0;
    sm_rsp_err <= 0;
    mb_rsp_valid <= 0;
    mb_rsp_err <= 0;
    if (sm_req_valid) begin
      logic bad;
      int base;
      bad = int'(sm_req_cta) >= NCTA || int'(sm_req_addr) + DB > SMEM;
      base = int'(sm_req_cta) * SMEM + int'(sm_req_addr);
      sm_rsp_valid <= 1;
      sm_rsp_err <= bad;
      for (int k = 0; k < DB; k++)
        if (!bad) begin
          if (sm_req_kind == tce_op_pkg::SM_WRITE && sm_req_wstrb[k])
            smem[base + k] = sm_req_wdata[8*k +: 8];
          sm_rsp_rdata[8*k +: 8] <= smem[base + k];
        end
    end
    if (mb_req_valid) begin
      mb_rsp_valid <= 1;
      mb_rsp_err <= int'(mb_req_cta) >= NCTA || int'(mb_req_addr) + 8 > SMEM;
      tx_total += longint'(mb_req_tx_count);
    end
  end

  // ---- AXI-Lite register access ----------------------------------------------------
  // The testbench drives and samples at the falling edge, so the engine's ready signals
  // (combinational from its state) are settled and each handshake happens exactly once, at
  // the rising edge that follows.
  task automatic reg_write(int unsigned off, logic [31:0] v);
    logic aw_fire, w_fire;
    @(negedge clk);
    s_axil_awaddr = 12'(off);
    s_axil_awvalid = 1;
    s_axil_wdata = v;
    s_axil_wvalid = 1;
    s_axil_bready = 1;
    while (s_axil_awvalid || s_axil_wvalid) begin
      aw_fire = s_axil_awvalid && s_axil_awready;
      w_fire = s_axil_wvalid && s_axil_wready;
      @(negedge clk);
      if (aw_fire) s_axil_awvalid = 0;
      if (w_fire) s_axil_wvalid = 0;
    end
    while (!s_axil_bvalid) @(negedge clk);
    @(negedge clk);
    s_axil_bready = 0;
  endtask

  task automatic reg_read(int unsigned off, output logic [31:0] v);
    logic fire;
    @(negedge clk);
    s_axil_araddr = 12'(off);
    s_axil_arvalid = 1;
    s_axil_rready = 1;
    while (s_axil_arvalid) begin
      fire = s_axil_arready;
      @(negedge clk);
      if (fire) s_axil_arvalid = 0;
    end
    while (!s_axil_rvalid) @(negedge clk);
    v = s_axil_rdata;
    @(negedge clk);
    s_axil_rready = 0;
  endtask

  // ---- the scoreboard ----------------------------------------------------------------
  int plant = -1, ncase = 0, mismatches = 0, seq = 0;

  function automatic int compare(string what, string name);
    int bad = 0;
    for (int i = 0; i < GSIZE; i++)
      if (gmem[i] !== gref[i]) begin
        if (bad < 5)
          $display("MISMATCH %s: global 0x%0h: engine %02h, golden model %02h", name,
                   GBASE + longint'(i), gmem[i], gref[i]);
        bad++;
      end
    for (int i = 0; i < NCTA * SMEM; i++)
      if (smem[i] !== sref[i]) begin
        if (bad < 5)
          $display("MISMATCH %s: shared CTA %0d offset 0x%0h: engine %02h, golden model %02h",
                   name, i / SMEM, i % SMEM, smem[i], sref[i]);
        bad++;
      end
    if (bad != 0) $display("MISMATCH %s: %0d %s bytes differ", name, bad, what);
    return bad;
  endfunction

  // Run `op` on both: the golden model on copies of the memories, the engine on the
  // memories themselves; then compare. `want_err`: the case exists to show an error.
  task automatic check(string name, chandle op, bit want_err, int plant_at = -1);
    int unsigned words[CMD_WORDS];
    int st_ref, field_ref, n, bad = 0;
    string why_ref;
    longint tx_ref;
    logic [31:0] v, code, info;
    // Copied element by element: Verilator expands a whole-array assignment into one
    // statement per element (a million here), which takes it 18 GB to compile.
    for (int i = 0; i < GSIZE; i++) gref[i] = gmem[i];
    for (int i = 0; i < NCTA * SMEM; i++) sref[i] = smem[i];
    st_ref = tce_dpi_execute(op, gref, GBASE, sref, NCTA, SMEM);
    field_ref = tce_dpi_field();
    why_ref = tce_dpi_why(); // the next call (the packer) starts a new record
    tx_ref = longint'(tce_dpi_tx_bytes()) * $countones(tce_dpi_tx_ctas());
    if (plant == ncase && plant_at >= 0) begin // a one-byte corruption of the expectation
      gref[plant_at] ^= 8'h5a;
      $display("PLANT %s: global 0x%0h of the golden model's result flipped", name,
               GBASE + longint'(plant_at));
    end
    if (tce_dpi_cmd_words() != CMD_WORDS) $fatal(1, "command words: C %0d, SV %0d",
                                                  tce_dpi_cmd_words(), CMD_WORDS);
    n = tce_dpi_op_pack(op, words);
    if (n == 0) $fatal(1, "%s: %s", name, tce_dpi_why());
    tx_total = 0;
    for (int i = 0; i < n; i++) reg_write(REG_CMD_OFF + 4 * i, words[i]);
    reg_write(REG_DOORBELL_OFF, n);
    seq++;
    for (int polls = 0;; polls++) begin
      reg_read(REG_SEQ_DONE_OFF, v);
      if (v == seq) break;
      if (polls > 100000) $fatal(1, "%s: SEQ_DONE %0d, never %0d", name, v, seq);
    end
    for (int polls = 0;; polls++) begin
      reg_read(REG_STATUS_OFF, v);
      if (!v[STATUS_BUSY_LSB] && outstanding == 0) break;
      if (polls > 100000) $fatal(1, "%s: still busy, %0d bursts open", name, outstanding);
    end
    reg_read(REG_ERR_CODE_OFF, code);
    reg_read(REG_ERR_INFO_OFF, info);
    if (v[STATUS_ERR_LSB]) reg_write(REG_ERR_CODE_OFF, 0); // clear, resume the queue
    code = v[STATUS_ERR_LSB] ? code & 32'hff : 0;
    if (int'(code) != st_ref) begin
      $display("MISMATCH %s: status: engine %s, golden model %s (%s)", name,
               tce_dpi_status_name(int'(code)), tce_dpi_status_name(st_ref), why_ref);
      bad++;
    end else if (st_ref != 0 && int'(info[ERR_INFO_FIELD_LSB +: ERR_INFO_FIELD_W]) != field_ref) begin
      $display("MISMATCH %s: ERR_INFO.FIELD: engine %0d, golden model %0d", name,
               info[ERR_INFO_FIELD_LSB +: ERR_INFO_FIELD_W], field_ref);
      bad++;
    end
    if (want_err != (st_ref != 0)) begin
      $display("MISMATCH %s: the case expects %s, the golden model says %s", name,
               want_err ? "an error" : "success", tce_dpi_status_name(st_ref));
      bad++;
    end
    if (st_ref == 0 && tx_total != tx_ref) begin
      $display("MISMATCH %s: complete-tx bytes: engine %0d, golden model %0d", name, tx_total,
               tx_ref);
      bad++;
    end
    bad += compare("memory", name);
    $display("%s %s: status %s%s", bad ? "FAIL" : "ok  ", name, tce_dpi_status_name(st_ref),
             st_ref != 0 ? {" (", why_ref, ")"} : "");
    mismatches += bad;
    ncase++;
  endtask

  // The engine's 128-byte descriptor of a map, written into global memory at `at`.
  task automatic put_map(longint unsigned at, byte unsigned desc[DESC_BYTES]);
    for (int i = 0; i < DESC_BYTES; i++) gmem[int'(at - GBASE) + i] = desc[i];
  endtask

  initial begin
    byte unsigned desc[DESC_BYTES];
    chandle op;
    logic [31:0] v;
    int st;
    void'($value$plusargs("plant=%d", plant));
    if (check_status_enum() != 0) $fatal(1, "tce_dpi_pkg: status values disagree with C");
    for (int i = 0; i < GSIZE; i++) gmem[i] = 8'(i * 37 + (i >> 8) * 11 + 5);
    for (int i = 0; i < NCTA * SMEM; i++) smem[i] = 8'(i * 13 + (i >> 9) + 1);

    repeat (4) @(posedge clk);
    rst_n = 1;
    reg_read(REG_ID_OFF, v);
    if (v != ID_VALUE) $fatal(1, "ID register reads %h, not %h", v, ID_VALUE);
    reg_write(REG_CLUSTER_OFF, NCTA);
    reg_write(REG_SMEM_SIZE_OFF, SMEM);
    reg_write(REG_GWIN_BASE_LO_OFF, GBASE[31:0]);
    reg_write(REG_GWIN_BASE_HI_OFF, GBASE[63:32]);
    reg_write(REG_GWIN_SIZE_LO_OFF, GSIZE);
    reg_write(REG_GWIN_SIZE_HI_OFF, 0);
    reg_write(REG_CTRL_OFF, 1 << CTRL_ENABLE_LSB);

    // 1. cp.async.bulk.shared::cluster.global: 512 bytes into CTA 1
    op = op_new(OP_BULK_COPY, SPACE_GLOBAL, SPACE_SHARED_CLUSTER, DONE_MBARRIER);
    op_set(op, "gaddr", GBASE + 64'h1230);
    op_set(op, "saddr", (1 << 24) | 32'h800);
    op_set(op, "size", 512);
    op_set(op, "mbar", (1 << 24) | 32'h10);
    check("bulk copy global -> shared::cluster", op, 0);
    tce_dpi_op_free(op);

    // 2. 2-D tile load, f16 64x32, box 64x8 (128-byte rows), 128B swizzle
    begin
      longint unsigned gdim[2] = '{64, 32}, gstride[1] = '{128};
      int unsigned box[2] = '{64, 8}, es[2] = '{1, 1};
      st = tce_dpi_encode_tiled(DT_FLOAT16, 2, GBASE + 64'h2_0000, gdim, gstride, box, es, 0,
                                SW_128B, 0, OOB_ZERO, desc);
      if (st != 0) $fatal(1, "encode: %s", tce_dpi_why());
      put_map(MAPS, desc);
    end
    op = op_new(OP_TENSOR_LOAD, SPACE_GLOBAL, SPACE_SHARED_CTA, DONE_MBARRIER);
    op_set(op, "mode", MODE_TILE);
    op_set(op, "dims", 2);
    op_set(op, "tmap_addr", MAPS);
    op_set(op, "coord0", 0);
    op_set(op, "coord1", 12);
    op_set(op, "saddr", 32'h2000);
    op_set(op, "mbar", 32'h18);
    check("tile load 2-D f16, 128B swizzle", op, 0);

    // 3. tile store of the same box (swizzled in shared memory) to rows 20..27
    op_set(op, "coord1", 20);
    op_set(op, "src_space", SPACE_SHARED_CTA);
    op_set(op, "dst_space", SPACE_GLOBAL);
    op_set(op, "completion", DONE_BULK_GROUP);
    op_set(op, "mbar", 0);
    op_set(op, "kind", OP_TENSOR_STORE);
    check("tile store 2-D f16, 128B swizzle", op, 0, 32'h2_0000 + 20 * 128 + 3);
    tce_dpi_op_free(op);

    // 4. tile load past the tensor's corner: f32 20x10, box 8x4 at (16, 8), NaN fill
    begin
      longint unsigned gdim[2] = '{20, 10}, gstride[1] = '{80};
      int unsigned box[2] = '{8, 4}, es[2] = '{1, 1};
      st = tce_dpi_encode_tiled(DT_FLOAT32, 2, GBASE + 64'h3_0000, gdim, gstride, box, es, 0,
                                SW_NONE, 0, OOB_NAN, desc);
      if (st != 0) $fatal(1, "encode: %s", tce_dpi_why());
      put_map(MAPS + 128, desc);
    end
    op = op_new(OP_TENSOR_LOAD, SPACE_GLOBAL, SPACE_SHARED_CTA, DONE_MBARRIER);
    op_set(op, "cta", 1);
    op_set(op, "dims", 2);
    op_set(op, "tmap_addr", MAPS + 128);
    op_set(op, "coord0", 16);
    op_set(op, "coord1", 8);
    op_set(op, "saddr", 32'h3000);
    op_set(op, "mbar", 32'h20);
    check("tile load f32 past the corner, NaN fill", op, 0);

    // 5. the same load into a shared address off its 128-byte alignment: an error, and
    //    nothing written
    op_set(op, "saddr", 32'h3010);
    check("tile load, shared address misaligned", op, 1);
    tce_dpi_op_free(op);

    // 6. cp.async.bulk.global.shared::cta: 256 bytes of CTA 1 back to global memory
    op = op_new(OP_BULK_COPY, SPACE_SHARED_CTA, SPACE_GLOBAL, DONE_BULK_GROUP);
    op_set(op, "cta", 1);
    op_set(op, "gaddr", GBASE + 64'h4_0010);
    op_set(op, "saddr", 32'h3000);
    op_set(op, "size", 256);
    check("bulk copy shared::cta -> global", op, 0);
    tce_dpi_op_free(op);

    // 7. im2col load: f16 NHWC 1x8x8x16, a 3x3 convolution's corners (-1, -1), 32 pixels
    //    from (w, h) = (0, 0) at filter offset (1, 1), the padding read as zeros
    begin
      longint unsigned gdim[4] = '{16, 8, 8, 1}, gstride[3] = '{32, 256, 2048};
      int lower[2] = '{-1, -1}, upper[2] = '{-1, -1};
      int unsigned es[4] = '{1, 1, 1, 1};
      st = tce_dpi_encode_im2col(DT_FLOAT16, 4, GBASE + 64'h5_0000, gdim, gstride, lower, upper,
                                 16, 32, es, 0, SW_NONE, 0, OOB_ZERO, desc);
      if (st != 0) $fatal(1, "encode: %s", tce_dpi_why());
      put_map(MAPS + 256, desc);
    end
    op = op_new(OP_TENSOR_LOAD, SPACE_GLOBAL, SPACE_SHARED_CTA, DONE_MBARRIER);
    op_set(op, "mode", MODE_IM2COL);
    op_set(op, "dims", 4);
    op_set(op, "tmap_addr", MAPS + 256);
    op_set(op, "im2col0", 1);
    op_set(op, "im2col1", 1);
    op_set(op, "saddr", 32'h4000);
    op_set(op, "mbar", 32'h28);
    check("im2col load f16 NHWC, 3x3 padding", op, 0);
    tce_dpi_op_free(op);

    // 8. cp.reduce.async.bulk.global.shared::cta.add.f32: 384 bytes of CTA 0 added into
    //    global memory through the engine's reduction unit (read, add, write back)
    op = op_new(OP_BULK_REDUCE, SPACE_SHARED_CTA, SPACE_GLOBAL, DONE_BULK_GROUP);
    op_set(op, "gaddr", GBASE + 64'h6_0040);
    op_set(op, "saddr", 32'h5000);
    op_set(op, "size", 384);
    op_set(op, "redop", RED_ADD);
    op_set(op, "etype", ET_F32);
    check("bulk reduce add.f32 shared::cta -> global", op, 0, 32'h6_0040 + 100);
    tce_dpi_op_free(op);

    // 9. a bulk load whose last 64 bytes lie past the end of global memory: both refuse it
    //    (GLOBAL_BUS_ERROR at the global address) and the shared destination stays as it was
    op = op_new(OP_BULK_COPY, SPACE_GLOBAL, SPACE_SHARED_CLUSTER, DONE_MBARRIER);
    op_set(op, "gaddr", GBASE + GSIZE - 64);
    op_set(op, "saddr", 32'h6000);
    op_set(op, "size", 128);
    op_set(op, "mbar", 32'h30);
    check("bulk copy past the end of global memory", op, 1);
    tce_dpi_op_free(op);

    $display("tb_dpi_scoreboard: %0d cases, %0d mismatches", ncase, mismatches);
    if (mismatches != 0) $fatal(1, "tb_dpi_scoreboard: FAILED");
    $finish;
  end

  initial begin // a hang is a failure, never a silent stop
    repeat (5_000_000) @(posedge clk);
    $fatal(1, "tb_dpi_scoreboard: no end after 5 M cycles");
  end
endmodule
