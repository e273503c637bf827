/* synth_parse: the Yosys log reader behind docs/synthesis.md. The logs below are written in
 * Yosys 0.23's `stat` / `ltp` / `proc_dlatch` format with small, hand-countable numbers;
 * the expected sums are worked out in the comments. */
#include <stdio.h>
#include <string.h>

#include "synth_parse.h"

#include "check.h"

/* An early `stat` (must be forgotten), then the real one: top (LUT6 2, FDCE 1) with two
 * instances of a RAM module (RAMB36E1 4, LUT2 32 each) and one engine module
 * (LUT6 10, LUT3 5, FDCE 7, RAM32M 2) that has a child used once (LUT1 1, FDRE 3). */
static const char LOG_XC7[] =
    "Printing statistics.\n"
    "\n"
    "=== stale ===\n"
    "\n"
    "   Number of cells:                999\n"
    "     LUT6                          999\n"
    "\n"
    "16. Printing statistics.\n"
    "\n"
    "=== $paramod$84ba5a94b1a51737670bdd1621b0c1035a9487af\\tce_fpga_sram ===\n"
    "\n"
    "   Number of wires:                 44\n"
    "   Number of cells:                 36\n"
    "     LUT2                           32\n"
    "     RAMB36E1                        4\n"
    "\n"
    "=== tce_fpga_top ===\n"
    "\n"
    "   Number of wires:                 10\n"
    "   Number of cells:                  3\n"
    "     FDCE                            1\n"
    "     LUT6                            2\n"
    "\n"
    "=== $paramod$aaaa\\tce_engine ===\n"
    "\n"
    "   Number of cells:                 24\n"
    "     FDCE                            7\n"
    "     LUT3                            5\n"
    "     LUT6                           10\n"
    "     RAM32M                          2\n"
    "\n"
    "=== $paramod\\tce_fifo\\WIDTH=s32'00000000000000000000000000100000 ===\n"
    "\n"
    "   Number of cells:                  4\n"
    "     FDRE                            3\n"
    "     LUT1                            1\n"
    "\n"
    "=== design hierarchy ===\n"
    "\n"
    "   tce_fpga_top                      1\n"
    "     $paramod$84ba5a94b1a51737670bdd1621b0c1035a9487af\\tce_fpga_sram      2\n"
    "     $paramod$aaaa\\tce_engine      1\n"
    "       $paramod\\tce_fifo\\WIDTH=s32'00000000000000000000000000100000      1\n"
    "\n"
    "   Number of wires:                999\n"
    "   Number of cells:                103\n"
    "     FDCE                            8\n"
    "     FDRE                            3\n"
    "     LUT1                            1\n"
    "     LUT2                           64\n"
    "     LUT3                            5\n"
    "     LUT6                           12\n"
    "     RAM32M                          2\n"
    "     RAMB36E1                        8\n"
    "\n"
    "No latch inferred for signal `\\tce_fpga_smem.\\acc_cta' from process `x'.\n"
    "Longest topological path in tce_fpga_top (length=17):\n"
    "    0: \\a\n"
    "End of script. Logfile hash: 5b79805f30, CPU: user 248.29s system 6.98s, MEM: 1457.52 MB peak\n";

static void test_xc7(void)
{
    syn_log log;
    CHECK(syn_parse_log(LOG_XC7, &log));
    CHECK(!log.error);
    CHECK(!log.latch); /* "No latch inferred" is not a latch */
    CHECK(log.ltp_length == 17);
    CHECK(log.cpu_user_s == 248);
    CHECK(log.nmodules == 4); /* the stale block is gone */
    CHECK(log.have_total && log.total.cells == 103);

    syn_xc7 t = syn_xc7_group(&log.total);
    CHECK(t.lut == 1 + 64 + 5 + 12);
    CHECK(t.ff == 8 + 3);
    CHECK(t.ramb36 == 8 && t.ramb18 == 0);
    CHECK(t.lutram == 2 * 4); /* two RAM32M, four LUTs each */
    CHECK(t.dsp == 0);

    /* The RAM module is used twice. */
    CHECK(log.modules[0].instances == 2);
    CHECK(!strcmp(syn_base_name(log.modules[0].name), "tce_fpga_sram"));

    /* Engine core = modules not named tce_fpga_*: engine + fifo.
     * LUT: 5 + 10 + 1 = 16; FF: 7 + 3 = 10; LUTRAM 2; no block RAM. */
    syn_module core;
    syn_sum_modules(&log, "tce_fpga_", false, NULL, &core);
    syn_xc7 c = syn_xc7_group(&core);
    CHECK(c.lut == 16);
    CHECK(c.ff == 10);
    CHECK(c.lutram == 8);
    CHECK(c.ramb36 == 0);
    CHECK(core.cells == 24 + 4);

    /* FPGA side without the top itself: the RAM module twice: 64 LUT2, 8 RAMB36. */
    syn_module side;
    syn_sum_modules(&log, "tce_fpga_", true, "tce_fpga_top", &side);
    syn_xc7 s = syn_xc7_group(&side);
    CHECK(s.lut == 64 && s.ramb36 == 8 && s.ff == 0);
}

/* A module under two parents, and a module under a parent used twice (Yosys 0.23 prints
 * the hierarchy as a tree, each line counting instances in its parent): walk (LUT4 3)
 * once in each mover = 2 instances; leaf (LUT1 1) twice in each of two mid = 4. */
static const char LOG_TREE[] =
    "Printing statistics.\n"
    "\n"
    "=== top ===\n"
    "\n"
    "   Number of cells:                  1\n"
    "     LUT6                            1\n"
    "\n"
    "=== load ===\n"
    "\n"
    "   Number of cells:                  1\n"
    "     LUT6                            1\n"
    "\n"
    "=== store ===\n"
    "\n"
    "   Number of cells:                  1\n"
    "     LUT6                            1\n"
    "\n"
    "=== $paramod\\walk\\W=1 ===\n"
    "\n"
    "   Number of cells:                  3\n"
    "     LUT4                            3\n"
    "\n"
    "=== mid ===\n"
    "\n"
    "   Number of cells:                  1\n"
    "     LUT6                            1\n"
    "\n"
    "=== leaf ===\n"
    "\n"
    "   Number of cells:                  1\n"
    "     LUT1                            1\n"
    "\n"
    "=== design hierarchy ===\n"
    "\n"
    "   top                               1\n"
    "     load                            1\n"
    "       $paramod\\walk\\W=1             1\n"
    "     store                           1\n"
    "       $paramod\\walk\\W=1             1\n"
    "     mid                             2\n"
    "       leaf                          2\n"
    "\n"
    "   Number of cells:                 15\n"
    "     LUT1                            4\n"
    "     LUT4                            6\n"
    "     LUT6                            5\n"
    "\n";

static void test_tree(void)
{
    syn_log log;
    CHECK(syn_parse_log(LOG_TREE, &log));
    CHECK(log.nmodules == 6);
    long inst[6] = {0};
    for (size_t i = 0; i < log.nmodules; i++)
        inst[i] = log.modules[i].instances;
    CHECK(inst[0] == 1 && inst[1] == 1 && inst[2] == 1); /* top, load, store */
    CHECK(inst[3] == 2);                                  /* walk: under load and store */
    CHECK(inst[4] == 2 && inst[5] == 4);                  /* mid x2, leaf 2 in each */
    /* Summed over modules times instances: 1+1+1 LUT6, 2*3 LUT4, 2*1 LUT6, 4*1 LUT1 =
     * 15 cells, the tree's own total. */
    syn_module all;
    syn_sum_modules(&log, "none_", false, NULL, &all);
    CHECK(all.cells == log.total.cells);
}

/* A generic single-module run: no hierarchy block, so the module is the total; a real
 * latch message and a latch cell. */
static const char LOG_GENERIC[] =
    "Latch inferred for signal `\\m.\\q' from process `\\m.$proc$x.sv:3$1': $auto$proc_dlatch.cc:1$2\n"
    "Printing statistics.\n"
    "\n"
    "=== m ===\n"
    "\n"
    "   Number of cells:                  9\n"
    "     $_AND_                          3\n"
    "     $_DFFE_PN0P_                    2\n"
    "     $_DFF_PN0_                      1\n"
    "     $_SDFF_PP0_                     1\n"
    "     $_DLATCH_P_                     1\n"
    "     $_MUX_                          1\n"
    "\n"
    "Longest topological path in m (length=4):\n";

static void test_generic(void)
{
    syn_log log;
    CHECK(syn_parse_log(LOG_GENERIC, &log));
    CHECK(log.latch);
    CHECK(strstr(log.latch_line, "Latch inferred") != NULL);
    CHECK(log.have_total && log.total.cells == 9);
    syn_generic g = syn_generic_group(&log.total);
    CHECK(g.cells == 9);
    CHECK(g.ff == 2 + 1 + 1); /* the latch is not a flip-flop */
    CHECK(log.ltp_length == 4);
}

static void test_latch_cell_and_error(void)
{
    /* No "Latch inferred" line, but an LDCE cell in the netlist; and an ERROR line. */
    static const char text[] = "ERROR: Module `\\x' referenced in module `\\y' is not part of the design.\n"
                               "Printing statistics.\n\n=== y ===\n\n"
                               "   Number of cells:                  2\n"
                               "     LDCE                            1\n"
                               "     LUT2                            1\n\n";
    syn_log log;
    CHECK(syn_parse_log(text, &log));
    CHECK(log.error && strstr(log.error_line, "not part of the design"));
    CHECK(log.latch);
    CHECK(log.ltp_length == -1);
    CHECK(log.cpu_user_s == -1);
    CHECK(!syn_parse_log(NULL, &log));
    /* A front-end error carries its source place before ERROR. */
    CHECK(syn_parse_log("x.sv:555: ERROR: Non-constant function call in constant expression.\n",
                        &log));
    CHECK(log.error && strstr(log.error_line, "x.sv:555: ERROR: Non-constant"));
    /* Empty text: nothing found, no crash. */
    CHECK(syn_parse_log("", &log) && !log.have_total && log.nmodules == 0);
}

/* Yosys 0.23 `sta` after reading cells_sim.v with -specify: the latest arrival (ps), the
 * net its path ends on (the endpoint cell's input, listed first) and the net it starts
 * from (the output of the first clocked cell, the DSP's CLK->P, read upwards). */
static const char LOG_STA[] =
    "6. Executing STA pass (static timing analysis).\n"
    "Latest arrival time in 't' is 3456:\n"
    "    3456 $auto$ff.cc:266:slice$2107 (FDRE.D)\n"
    "           u.sum [29]\n"
    "    3456 u.c7 (CARRY4.CI->O)\n"
    "           u.co [27]\n"
    "    1910 $abc$1 (LUT3.I2->O)\n"
    "           u.prod [1]\n"
    "    1783 $mul$t.v:3$2 (DSP48E1.CLK->P)\n"
    "           $iopadmap$clk\n"
    "      96 $auto$clkbufmap.cc:261:execute$2514 (BUFG.I->O)\n"
    "           $auto$clkbufmap.cc:262:execute$2515\n"
    "       0   \\clk (<primary input>)\n"
    "\n"
    "Arrival histogram:\n";

static void test_sta(void)
{
    syn_log log;
    CHECK(syn_parse_log(LOG_STA, &log));
    CHECK(log.sta_ps == 3456);
    CHECK(!strcmp(log.sta_end, "u.sum [29]"));
    CHECK(!strcmp(log.sta_start, "u.prod [1]"));
    CHECK(syn_parse_log(LOG_GENERIC, &log) && log.sta_ps == -1);
}

/* A last line without a line end (found by fuzz_yosys_log): one of only CRs hung the
 * reader, and the part of a long one past the line buffer was read as a line of its own. */
static void test_last_line(void)
{
    syn_log log;
    CHECK(syn_parse_log("ERROR: stop\n\r\r", &log) && log.error);
    char text[700];
    memset(text, 'x', 511);
    strcpy(text + 511, "ERROR: not a line of its own");
    CHECK(syn_parse_log(text, &log) && !log.error);
}

/* Counts no Yosys run writes (found by fuzz_yosys_log: sums of them overflowed a long):
 * the log is refused with the line, never summed. */
static void test_huge_counts(void)
{
    syn_log log;
    CHECK(syn_parse_log("=== top ===\n\n   Number of cells: 3\n     LUT6  99999999999999999999\n", &log));
    CHECK(log.error && strstr(log.error_line, "line 4: a count outside 0..10000000"));
    CHECK(syn_parse_log("=== top ===\n\n   Number of cells: 3\n     LUT6  6000000\n     LUT6  6000000\n",
                        &log));
    CHECK(log.error && strstr(log.error_line, "line 5:") && syn_count(&log.modules[0], "LUT6") == 6000000);
    CHECK(syn_parse_log("=== top ===\n\n   Number of cells: 3\n     LUT6  10000000\n", &log));
    CHECK(!log.error && syn_count(&log.modules[0], "LUT6") == 10000000);
}

int main(void)
{
    test_last_line();
    test_huge_counts();
    test_sta();
    test_xc7();
    test_generic();
    test_tree();
    test_latch_cell_and_error();
    return check_finish("test_synth_parse");
}
