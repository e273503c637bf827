# Formal proofs (docs/formal.md): each wrapper of tests/formal/ through tests/formal/prove.sh
# (Yosys + yosys-smtbmc + z3), one CTest test per proof, labels rtl and formal. Without the
# tools a proof reports SKIPPED (exit 77), never passed. Proofs not yet timed inside CI's
# budget (the whole engine's takes minutes and gigabytes) run only with -DTCE_FORMAL_TESTS=ON.
option(TCE_FORMAL_TESTS "run the proofs not timed for CI too (whole engine, register slave, ...)" OFF)
set(TCE_ROOT ${CMAKE_SOURCE_DIR})
include(${CMAKE_SOURCE_DIR}/cmake/rtl_sources.cmake)
set(TCE_FORMAL_DIR ${CMAKE_SOURCE_DIR}/tests/formal)
# A proof reads the AXI checker of rtl/assert/, the formal slaves and its RTL: by default
# the engine's sources (hierarchy keeps what its wrapper uses); a unit's proof names only
# its own files (RTL), which saves Yosys parsing the whole engine each time.
set(TCE_FORMAL_COMMON ${CMAKE_SOURCE_DIR}/rtl/assert/tce_axi_assert.sv
    ${TCE_FORMAL_DIR}/axi_rd_rules.sv ${TCE_FORMAL_DIR}/axi_wr_rules.sv ${TCE_FORMAL_DIR}/axi_rd_slave.sv ${TCE_FORMAL_DIR}/axi_wr_slave.sv
    ${TCE_FORMAL_DIR}/in_order_responder.sv ${TCE_FORMAL_DIR}/axil_master_assume.sv
    ${TCE_FORMAL_DIR}/patience.sv)
set(TCE_FORMAL_PKGS ${CMAKE_SOURCE_DIR}/rtl/generated/tce_desc_pkg.sv
    ${CMAKE_SOURCE_DIR}/rtl/generated/tce_regs_pkg.sv ${CMAKE_SOURCE_DIR}/rtl/generated/tce_op_pkg.sv
    ${CMAKE_SOURCE_DIR}/rtl/tce_axi_pkg.sv ${CMAKE_SOURCE_DIR}/rtl/walk/tce_walk_pkg.sv)

# tce_formal(NAME TOP MODE K [PARAMS N=V...] [TAPS TAP=NET...] [CUTS NET...] [ASSUME INST...]
#            [RTL files...] [MAPMEM] [MAPMEM_ONLY MEM...] [COVER_DEPTH N] [TIMEOUT s]
#            [LAUNCHER cmd] [REWRITE]):
# CTest formal-NAME proves tests/formal/TOP.sv (prove.sh MODE K).
function(tce_formal name top mode depth)
  cmake_parse_arguments(F "MAPMEM;REWRITE" "TIMEOUT;COVER_DEPTH" "PARAMS;TAPS;CUTS;ASSUME;RTL;LAUNCHER;MAPMEM_ONLY" ${ARGN})
  if(NOT F_RTL)
    set(F_RTL ${TCE_RTL_SOURCES})
  endif()
  set(opts "")
  foreach(p IN LISTS F_PARAMS)
    list(APPEND opts -p ${p})
  endforeach()
  foreach(t IN LISTS F_TAPS)
    list(APPEND opts -t ${t})
  endforeach()
  foreach(c IN LISTS F_CUTS)
    list(APPEND opts -c ${c})
  endforeach()
  foreach(a IN LISTS F_ASSUME)
    list(APPEND opts -a ${a})
  endforeach()
  if(F_COVER_DEPTH)
    list(APPEND opts -k ${F_COVER_DEPTH})
  endif()
  if(F_MAPMEM)
    list(APPEND opts -m)
  endif()
  if(F_REWRITE)
    list(APPEND opts -r)
  endif()
  foreach(m IN LISTS F_MAPMEM_ONLY)
    list(APPEND opts -M ${m})
  endforeach()
  if(NOT F_TIMEOUT)
    set(F_TIMEOUT 900)
  endif()
  add_test(NAME formal-${name}
           COMMAND ${F_LAUNCHER} sh ${TCE_FORMAL_DIR}/prove.sh ${CMAKE_BINARY_DIR}/formal/${name}
                   ${top} ${mode} ${depth} ${opts} -- ${F_RTL} ${TCE_FORMAL_COMMON}
                   ${TCE_FORMAL_DIR}/${top}.sv)
  set_tests_properties(formal-${name} PROPERTIES SKIP_RETURN_CODE 77 LABELS "rtl;formal;nosan"
                       TIMEOUT ${F_TIMEOUT})
endfunction()

# The command queue at depth 4 (the engine's is 8: the proof is the same logic at a size the
# solver sees through; every pointer and slot is a tap).
tce_formal(fifo fifo_fv prove 8 MAPMEM RTL ${CMAKE_SOURCE_DIR}/rtl/front/tce_fifo.sv
           TAPS t_rd=u.rd_ptr t_wr=u.wr_ptr t_mem[7:0]=u.mem[0] t_mem[15:8]=u.mem[1]
                t_mem[23:16]=u.mem[2] t_mem[31:24]=u.mem[3])
# The AXI4-Lite register slave, its read data mux cut loose (regs_fv.sv says why): its
# handshakes at K=5; the windows' base, end and clamp against their rows in LUT RAM (the
# row memory alone mapped to registers for its taps) at K=2, covers within 5, a proof of
# its own so that the handshakes' five steps do not carry the 1,024 row bits.
tce_formal(regs regs_fv prove 5 CUTS u.rd TAPS t_aw_held=u.aw_held t_w_held=u.w_held
           RTL ${TCE_FORMAL_PKGS} ${CMAKE_SOURCE_DIR}/rtl/front/tce_regs.sv)
tce_formal(regs-windows regs_fv prove 2 PARAMS WINDOWS=1 COVER_DEPTH 5 MAPMEM_ONLY gwin_row CUTS u.rd
           TAPS t_aw_held=u.aw_held t_w_held=u.w_held t_row0=u.gwin_row[0] t_row7=u.gwin_row[7]
           t_row_set=u.gwin_row_set t_wend_wr=u.wend_wr t_wend_past=u.wend_past
           t_wend_wi=u.wend_wi t_wend_end=u.wend_end t_aw_row_set=u.aw_row_set t_aw_addr=u.aw_addr
           RTL ${TCE_FORMAL_PKGS} ${CMAKE_SOURCE_DIR}/rtl/front/tce_regs.sv)
# The movers at `lite`'s data path and global address width (DATA_W 128, GADDR_W 32).
tce_formal(bulk-g2s bulk_g2s_fv prove 4 PARAMS DATA_W=128 GADDR_W=32 NRD=4
           RTL ${TCE_FORMAL_PKGS} ${CMAKE_SOURCE_DIR}/rtl/move/tce_bulk_g2s.sv)
# The full build's 64-bit addresses (GADDR_W 64), bounded: 12 steps reach a copy just below
# 2^64 whose burst end wrapped to 0 before the mover kept a 65th address bit.
tce_formal(bulk-g2s-64 bulk_g2s_fv bmc 12
           RTL ${TCE_FORMAL_PKGS} ${CMAKE_SOURCE_DIR}/rtl/move/tce_bulk_g2s.sv)
# The descriptor fetch at `lite`'s data path (DATA_W 128): 13 steps reach a fetch split at a
# page's last 64 bytes and a cache hit; the fetch's address and split flags are taps.
tce_formal(desc-fetch desc_fetch_fv prove 13 PARAMS DATA_W=128
           RTL ${TCE_FORMAL_PKGS} ${CMAKE_SOURCE_DIR}/rtl/front/tce_desc_fetch.sv
           TAPS t_base=u.base t_both=u.both t_half=u.half)
# Taps of a tce_axi_assert's open-burst lengths (9 bits an entry), entries 0 to count-1 of
# path.open_len as tap[hi:lo], appended to the list named out.
function(tce_open_len_taps out tap path count)
  set(taps ${${out}})
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    math(EXPR lo "9 * ${i}")
    math(EXPR hi "9 * ${i} + 8")
    list(APPEND taps "${tap}[${hi}:${lo}]=${path}.open_len[${i}]")
  endforeach()
  set(${out} ${taps} PARENT_SCOPE)
endfunction()

# The tile store as in `lite` (DATA_W 128, GADDR_W 32, the row walker outside), its burst
# and read queues 2 deep (the engine's: 32 and 8; the same logic), nothing cut (the dim-0
# clip as built): 2-induction, unbounded, with the taps of tile_store_fv.sv's invariants (the
# row being cut, the FIFOs' pointers and counts, the W walk from the checker's open bursts
# through the W register, the read tags, the burst being read and the burst queue); covers
# within 12.
set(TCE_TS_TAPS t_hi=u.hi t_state=u.state t_d0_any=u.d0_any t_bq_count=u.bq_count t_a_act=u.a_act
    t_a_addr=u.a_addr t_a_rowg=u.a_rowg t_a_endm1=u.a_endm1 t_unit_b=u.unit_b t_unit_m1=u.unit_m1
    t_gstep=u.gstep t_gstep_u=u.gstep_u t_gstep_um1=u.gstep_um1 t_rq_count=u.rq_count
    t_rq_head=u.rq_head t_rq_tail=u.rq_tail t_strided=u.strided t_a_more=u.a_more
    t_a_more0=u.a_more0 t_rq_g0=u.rq_g[0] t_rq_g1=u.rq_g[1] t_a_end=u.a_end t_end0=u.end0_16
    t_c0b=u.c0b t_rbytes=u.rbytes t_a_noff=u.a_noff t_bq_wp=u.bq_wp t_bq_rp=u.bq_rp
    t_bq_first[32:0]=u.bq_first[0] t_bq_first[65:33]=u.bq_first[1] t_bq_len[12:0]=u.bq_len[0]
    t_bq_len[25:13]=u.bq_len[1] t_b_act=u.b_act t_b_lb=u.b_lb t_b_nb=u.b_nb t_t_wp=u.t_wp
    t_d_wp=u.d_wp t_rdp=u.rdp t_t_count=u.t_count t_d_count=u.d_count t_tags[4:0]=u.t_fifo[0]
    t_tags[9:5]=u.t_fifo[1] t_o_valid=u.o_valid t_o_last=u.o_last t_owed=u_smem.owed
    t_open_n=u_rules.u_rules.open_n t_open_rd=u_rules.u_rules.open_rd
    t_open_wr=u_rules.u_rules.open_wr t_open_aw=u_rules.u_rules.open_aw
    t_w_beats=u_rules.u_rules.w_beats)
tce_open_len_taps(TCE_TS_TAPS t_len u_rules.u_rules 8)
tce_formal(tile-store tile_store_fv abcprove 2 PARAMS DATA_W=128 GADDR_W=32 NB=2 SMD=2 MAPMEM
           COVER_DEPTH 12 TAPS ${TCE_TS_TAPS}
           RTL ${TCE_FORMAL_PKGS} ${CMAKE_SOURCE_DIR}/rtl/walk/tce_row_walk.sv
               ${CMAKE_SOURCE_DIR}/rtl/walk/tce_mover_walk.sv
               ${CMAKE_SOURCE_DIR}/rtl/move/tce_tile_store.sv)
# The tile load as in `lite` (DATA_W 128, GADDR_W 32, the walker outside), 2 IDs of 2 bursts
# and 2 command slots, nothing cut (the divisions and the shared extent's product as built):
# 2-induction, unbounded, with the taps of tile_load_fv.sv's invariants (the pending merged
# burst, the row being read, each ID's bursts against the read slave's queue); covers within 8.
tce_formal(tile-load tile_load_fv abcprove 2 PARAMS DATA_W=128 GADDR_W=32 NRD=2 RDD=2 NS=2
           COVER_DEPTH 8
           RTL ${TCE_FORMAL_PKGS} ${CMAKE_SOURCE_DIR}/rtl/walk/tce_row_walk.sv
               ${CMAKE_SOURCE_DIR}/rtl/walk/tce_mover_walk.sv
               ${CMAKE_SOURCE_DIR}/rtl/move/tce_tile_load.sv
           TAPS t_pd_v=u.pd_v t_pd_fix=u.pd_fix t_pd_start=u.pd_start t_pd_end=u.pd_end
                t_pd_len=u.pd_len t_ws=u.ws t_cnt[1:0]=u.cnt[0] t_cnt[3:2]=u.cnt[1]
                t_row_rem=u.row_rem t_rr_lim=u.rr_lim t_rr_fits=u.rr_fits t_rr_nz=u.rr_nz
                t_rr_slm=u.rr_slm t_hi=u.hi t_ee0=u.ee0
                t_s_rd=u_mem.rd t_s_wr=u_mem.wr t_s_n=u_mem.n t_s_id[3:0]=u_mem.q_id[0]
                t_s_id[7:4]=u_mem.q_id[1] t_s_id[11:8]=u_mem.q_id[2] t_s_id[15:12]=u_mem.q_id[3])
# The reductions' read-modify-write (built with reductions; `lite` has none), its range and
# R queues 2 deep, behind any mover that follows the rules (u_up's rules assumed): bounded,
# 12 steps by ABC's bmc3 (z3 took as long for 8: a reduced burst's AR, R, result and W).
# The taps link the two checkers' open-burst lists (equal in a plain store) and bound the
# range FIFO (rmw_global_fv.sv).
set(TCE_RMW_TAPS t_rng_count=u.rng_count t_q_valid=u.q_valid)
foreach(side up dn)
  if(side STREQUAL up)
    set(chk u_up)
  else()
    set(chk u_rules)
  endif()
  list(APPEND TCE_RMW_TAPS t_${side}_n=${chk}.open_n t_${side}_rd=${chk}.open_rd
       t_${side}_wr=${chk}.open_wr t_${side}_aw=${chk}.open_aw t_${side}_wb=${chk}.w_beats)
  tce_open_len_taps(TCE_RMW_TAPS t_${side}_len ${chk} 8)
endforeach()
tce_formal(rmw-global rmw_global_fv abcbmc 12 PARAMS DATA_W=128 NOUT=2 RDEPTH=2 ASSUME u_up
           MAPMEM TAPS ${TCE_RMW_TAPS}
           RTL ${TCE_FORMAL_PKGS} ${CMAKE_SOURCE_DIR}/rtl/rmw/tce_rmw_global.sv)
# Plain stores through it (MODE 0), unbounded: 2-induction with the taps above, covers within 8.
tce_formal(rmw-global-plain rmw_global_fv abcprove 2 PARAMS DATA_W=128 NOUT=2 RDEPTH=2 MODE=0
           ASSUME u_up MAPMEM TAPS ${TCE_RMW_TAPS} COVER_DEPTH 8
           RTL ${TCE_FORMAL_PKGS} ${CMAKE_SOURCE_DIR}/rtl/rmw/tce_rmw_global.sv)
# Reductions through it (MODE 1), unbounded: 2-induction with taps of both lists (u_up
# UPMAX deep, u_rules 2 * UPMAX), the held burst, the R buffer's count, the overlap check and
# the read slave's queue (NOUT + 2 = 4 deep; rmw_global_fv.sv's g_reduce_inv). In CI the
# mover keeps at most 4 bursts open (UPMAX 4, u_up's capacity assumed); covers within 10.
function(tce_rmw_reduce name upmax)
  math(EXPR dnmax "2 * ${upmax}")
  set(taps t_rng_count=u.rng_count t_q_valid=u.q_valid t_up_n=u_up.open_n
      t_up_rd=u_up.open_rd t_up_wr=u_up.open_wr t_up_aw=u_up.open_aw t_up_wb=u_up.w_beats
      t_dn_n=u_rules.open_n t_dn_rd=u_rules.open_rd t_dn_wr=u_rules.open_wr
      t_dn_aw=u_rules.open_aw t_dn_wb=u_rules.w_beats t_p_valid=u.p_valid
      t_p_need_ar=u.p_need_ar t_p_need_aw=u.p_need_aw t_p_addr=u.p_addr t_p_len=u.p_len
      t_aw_ahead=u.aw_ahead t_aw_nz=u.aw_nz t_rf_count=u.rf_count t_chk_q=u.chk_q t_hit=u.hit
      t_hit_q=u.hit_q t_s_rd=u_rmem.rd t_s_wr=u_rmem.wr t_s_n=u_rmem.n t_s_beat=u_rmem.beat t_s_held=u_rmem.held)
  tce_open_len_taps(taps t_dn_len u_rules ${dnmax})
  tce_open_len_taps(taps t_up_len u_up ${upmax})
  foreach(i RANGE 3)
    math(EXPR lo "8 * ${i}")
    math(EXPR hi "8 * ${i} + 7")
    list(APPEND taps "t_s_len[${hi}:${lo}]=u_rmem.q_len[${i}]")
  endforeach()
  tce_formal(${name} rmw_global_fv abcprove 2 PARAMS DATA_W=128 NOUT=2 RDEPTH=2 MODE=1
             UPMAX=${upmax} DNMAX=${dnmax} ASSUME u_up MAPMEM TAPS ${taps} COVER_DEPTH 10 ${ARGN}
             RTL ${TCE_FORMAL_PKGS} ${CMAKE_SOURCE_DIR}/rtl/rmw/tce_rmw_global.sv)
endfunction()
tce_rmw_reduce(rmw-global-reduce 4)
# The `red` mover at `lite`'s DATA_W 128: its one-beat AW and W under the rules, the beat's
# strobes exactly the vector's bytes; the checker's open-burst state linked to the mover's by
# taps: 3-induction, unbounded, covers within 8.
tce_formal(red-scalar red_scalar_fv prove 3 MAPMEM COVER_DEPTH 8
           RTL ${TCE_FORMAL_PKGS} ${CMAKE_SOURCE_DIR}/rtl/rmw/tce_red_scalar.sv
           TAPS t_state=u.state t_a=u.a t_nbytes=u.nbytes t_open_n=u_rules.u_rules.open_n
                t_open_aw=u_rules.u_rules.open_aw t_w_beats=u_rules.u_rules.w_beats
                t_open_rd=u_rules.u_rules.open_rd t_open_wr=u_rules.u_rules.open_wr
                t_len[8:0]=u_rules.u_rules.open_len[0] t_len[17:9]=u_rules.u_rules.open_len[1])
# The group tracker at 2 CTAs, a queue of 2 (3 entries) and 4-bit sequence numbers (the
# logic is the 32-bit one's; 4 bits hold the model's 4 unretired commands twice over and wrap
# every 16): 1-induction, unbounded, covers within 8.
tce_formal(group-tracker group_tracker_fv prove 1 MAPMEM PARAMS SW=4 COVER_DEPTH 8
           RTL ${CMAKE_SOURCE_DIR}/rtl/generated/tce_regs_pkg.sv ${CMAKE_SOURCE_DIR}/rtl/front/tce_group_tracker.sv
           TAPS t_valid=u.ent_valid t_seq[3:0]=u.ent_seq[0] t_seq[7:4]=u.ent_seq[1]
                t_seq[11:8]=u.ent_seq[2] t_cta[3:0]=u.ent_cta[0] t_cta[7:4]=u.ent_cta[1]
                t_cta[11:8]=u.ent_cta[2] t_open[7:0]=u.open_cnt[0] t_open[15:8]=u.open_cnt[1]
                t_last[3:0]=u.last_seq[0] t_last[7:4]=u.last_seq[1] t_live=u.last_live
                t_lcnt=u.live_cnt t_more=u.open_more)
# prove.sh names the assertion an ABC run breaks (file:line and instance, not ABC's output
# number): a wrapper whose one reachable failure is known, seconds.
add_test(NAME formal-names COMMAND sh ${TCE_FORMAL_DIR}/names_check.sh ${CMAKE_BINARY_DIR}/formal/names)
set_tests_properties(formal-names PROPERTIES SKIP_RETURN_CODE 77 LABELS "rtl;formal;nosan" TIMEOUT 300)
# Opt-in (-DTCE_FORMAL_TESTS=ON): proofs not yet timed to an end inside CI's budget.
if(TCE_FORMAL_TESTS)
  # K-induction at K=2 with the invariants of bulk_from_smem_fv.sv (the rules' open-burst list
  # and the response FIFO linked to the mover's state by taps), by ABC (abcprove: z3's
  # induction step ran past an hour); covers within 8 steps. Minutes of CPU: opt-in.
  # Reductions behind any mover that follows the rules, however many bursts it keeps open:
  # u_up 8 deep, and the unit with the read slave keeps at most 7 open (asserted), so u_up's
  # capacity assumption never binds; u_rules 16 deep. ABC's inductive step about 4.3 minutes.
  tce_rmw_reduce(rmw-global-reduce-any 8 TIMEOUT 3600)
  # K-induction at K=2 with the invariants of bulk_from_smem_fv.sv (the rules' open-burst list
  # and the response FIFO linked to the mover's state by taps), by ABC (abcprove: z3's
  # induction step ran past an hour); covers within 8 steps. Minutes of CPU: opt-in.
  tce_formal(bulk-from-smem bulk_from_smem_fv abcprove 2 MAPMEM PARAMS DATA_W=128 GADDR_W=32
             TIMEOUT 3600
             RTL ${TCE_FORMAL_PKGS} ${CMAKE_SOURCE_DIR}/rtl/move/tce_bulk_from_smem.sv
             COVER_DEPTH 8
             TAPS t_state=u.state t_glob=u.dst_global t_beat=u.beat_addr t_aw=u.aw_addr
                  t_base=u.d_base t_end=u.d_end t_ahead=u.aw_ahead
                  t_open_n=u_rules.u_rules.open_n t_open_rd=u_rules.u_rules.open_rd
                  t_open_wr=u_rules.u_rules.open_wr t_open_aw=u_rules.u_rules.open_aw
                  t_w_beats=u_rules.u_rules.w_beats t_rq_head=u.rq_head t_rq_tail=u.rq_tail
                  t_rq_count=u.rq_count t_rq_inflight=u.rq_inflight t_owed=u_smem.owed
                  t_wr_out=u.sm_wr_outstanding t_rd_expect=u.rd_expect t_rd_got=u.rd_got
                  t_words=u.words_left t_rd_addr=u.rd_addr t_rd_last=u.rd_last t_primed=u.primed
                  t_lastp=u.d_lastp t_lastb=u.d_lastb t_last_q=u.last_q t_beats_left=u.beats_left
                  t_len[8:0]=u_rules.u_rules.open_len[0] t_len[17:9]=u_rules.u_rules.open_len[1]
                  t_len[26:18]=u_rules.u_rules.open_len[2] t_len[35:27]=u_rules.u_rules.open_len[3]
                  t_len[44:36]=u_rules.u_rules.open_len[4] t_len[53:45]=u_rules.u_rules.open_len[5]
                  t_len[62:54]=u_rules.u_rules.open_len[6] t_len[71:63]=u_rules.u_rules.open_len[7])
  # The whole engine, `lite`, bounded: minutes and gigabytes (docs/formal.md); run under
  # TCE_YOSYS_LAUNCHER where a machine serialises its large Yosys runs.
  # ABC's bmc3 (abcbmc): z3 did not finish step 0 of this model in 4.5 CPU-minutes. The
  # taps give the progress property (engine_lite_fv.sv) the sequence counters and RUN.
  # REWRITE: ABC's &dc2 before bmc3 (the same functions, about a fifth fewer AND nodes).
  tce_formal(engine-lite engine_lite_fv abcbmc 24 TIMEOUT 7200 LAUNCHER ${TCE_YOSYS_LAUNCHER} REWRITE
             TAPS t_issued=u.seq_issued t_done=u.seq_done t_run=u.run t_retire=u.retire)
  set_tests_properties(formal-engine-lite PROPERTIES LABELS "rtl;formal;slow;nosan")
endif()
