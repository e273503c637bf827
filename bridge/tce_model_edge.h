// The clock edges of the Verilated tce_engine, one full evaluation per cycle (C++, bridge/).
//
// Both bridges (tce_sim.cpp, systemc/tce_sc_engine.cpp) run a cycle as: new inputs, settle
// with the clock low, sample the ports, clock high. Verilator 5.006's eval() starts every
// call with the input-combinational ("ico") pass, whatever changed: logic fed by the input
// ports, about 600 lines of the engine's model. On the rising edge nothing but the clock
// changed since the settle, and the clock feeds no logic combinationally (the design is
// posedge clk / negedge rst_n only), so that pass would recompute the values the settle
// just computed. tce_model_rise runs the rest of eval() (the trigger and NBA loop: every
// flip-flop and the logic behind it), which gives the same state: docs/sim_speed.md.
//
// It calls functions of the generated model that are not Verilator's public API, whose
// names and loop are those of Verilator 5.006's scheduler; any other version takes the
// plain eval(). Contract: only clk changed since the last eval() (tce_model_settle).
#ifndef TCE_MODEL_EDGE_H
#define TCE_MODEL_EDGE_H

#include "Vtce_engine.h"
#include "verilated.h"

#include <cstring>
#include <type_traits>

// TCE_MODEL_NETLIST: the model is Yosys's netlist of the engine (bridge/netlist.cmake): it
// takes the plain eval(), whose scheduler this header does not presume to know for a
// machine-written design.
#if VERILATOR_VERSION_INTEGER >= 5006000 && VERILATOR_VERSION_INTEGER < 5007000 && \
    !defined(TCE_MODEL_NETLIST)
#include "Vtce_engine__Syms.h"
#include "Vtce_engine___024root.h"
#define TCE_MODEL_EDGE_DIRECT 1
// The generated scheduler's passes (Vtce_engine___024root__DepSet_*.cpp).
void Vtce_engine___024root___eval_triggers__ico(Vtce_engine___024root *vlSelf);
void Vtce_engine___024root___eval_ico(Vtce_engine___024root *vlSelf);
void Vtce_engine___024root___eval_triggers__act(Vtce_engine___024root *vlSelf);
void Vtce_engine___024root___eval_act(Vtce_engine___024root *vlSelf);
void Vtce_engine___024root___eval_nba(Vtce_engine___024root *vlSelf);
#else
#define TCE_MODEL_EDGE_DIRECT 0
#endif

// The model's ports as plain fields. Vtce_engine's port members are references into its
// root (Verilator 5), each access a load of the reference first; a bridge that copies
// about a hundred port fields a cycle reads and writes the root's fields directly when
// the version is the one whose layout this header knows, else the public ports.
#if TCE_MODEL_EDGE_DIRECT
using tce_model_ports = Vtce_engine___024root;
inline tce_model_ports &tce_model_io(Vtce_engine &t) { return *t.rootp; }
#else
using tce_model_ports = Vtce_engine;
inline tce_model_ports &tce_model_io(Vtce_engine &t) { return t; }
#endif

#if TCE_MODEL_EDGE_DIRECT
// Verilator 5.006's VlTriggerVec<N> is a std::array<bool, N> whose any() walks it one bool
// at a time: with the engine's ten triggers, its scans cost tens of instructions a cycle.
// Its only member is that array (trivially copyable), so its bytes are tested a word at a
// time: the same value (a bool's byte is 0 or 1).
// Byte chunks of 8, 4, 2 and 1 cover any N exactly (no padding to fill), and with N a
// constant each test is a few loads.
template <typename W> inline W tce_trig_chunk(const unsigned char *p)
{
    W w;
    std::memcpy(&w, p, sizeof w);
    return w;
}
template <size_t N> inline bool tce_trig_any(const VlTriggerVec<N> &v)
{
    static_assert(std::is_trivially_copyable<VlTriggerVec<N>>::value &&
                      sizeof(VlTriggerVec<N>) == N,
                  "VlTriggerVec<N> is N bools and nothing else");
    const auto *p = reinterpret_cast<const unsigned char *>(&v);
    uint64_t acc = 0;
    size_t i = 0;
    for (; i + 8 <= N; i += 8)
        acc |= tce_trig_chunk<uint64_t>(p + i);
    if (N - i >= 4)
        acc |= tce_trig_chunk<uint32_t>(p + i), i += 4;
    if (N - i >= 2)
        acc |= tce_trig_chunk<uint16_t>(p + i), i += 2;
    if (N - i >= 1)
        acc |= p[i];
    return acc != 0;
}
// Vtce_engine___024root___eval's trigger and NBA loop, run as the one pass it amounts to for
// this model, then what Vtce_engine::eval_step does after it (the end-of-eval message queue,
// empty unless the design prints). Verilator's loop evaluates the triggers again after the
// act region and again after the NBA region, in case either changed a signal a trigger
// reads; every trigger of tce_engine is an edge of a top-level input (clk, rst_n), which
// only the bridge writes, and its act region is empty, so those
// evaluations find nothing (two of the four trigger evaluations a cycle). CTest
// model-triggers-inputs (tests/model_edge.cmake) fails if the generated trigger function
// reads anything but those inputs, which would make this shortcut wrong.
inline void tce_model_act_nba(Vtce_engine___024root *r)
{
    r->__VactIterCount = 0;
    Vtce_engine___024root___eval_triggers__act(r);
    if (tce_trig_any(r->__VactTriggered)) {
        r->__VactIterCount = 1;
        r->__VnbaTriggered = r->__VactTriggered;
        Vtce_engine___024root___eval_act(r);
        Vtce_engine___024root___eval_nba(r);
    }
    Verilated::endOfThreadMTask(r->vlSymsp->__Vm_evalMsgQp);
    Verilated::endOfEval(r->vlSymsp->__Vm_evalMsgQp);
}
#endif

// Clock low with the new inputs applied: a full evaluation (the first one also initialises
// the model). The direct path is eval() inlined: Vtce_engine::eval_step's bookkeeping, the
// ico loop (one pass: its trigger is "first iteration"), then the trigger and NBA loop,
// which catches a falling rst_n (and records the clock's fall for the next rise).
inline void tce_model_settle(Vtce_engine &t)
{
    t.clk = 0;
#if TCE_MODEL_EDGE_DIRECT
    Vtce_engine___024root *r = t.rootp;
    if (VL_UNLIKELY(!r->vlSymsp->__Vm_didInit)) { // eval() initialises the model
        t.eval();
        return;
    }
    r->vlSymsp->__Vm_activity = true;
    Verilated::mtaskId(0);
    r->__VicoIterCount = 0;
    bool ico_again = true;
    while (ico_again) {
        ico_again = false;
        Vtce_engine___024root___eval_triggers__ico(r);
        if (tce_trig_any(r->__VicoTriggered)) {
            ico_again = true;
            if (VL_UNLIKELY(r->__VicoIterCount > 100))
                VL_FATAL_MT(__FILE__, __LINE__, "", "Input combinational region did not converge.");
            r->__VicoIterCount++;
            Vtce_engine___024root___eval_ico(r);
        }
    }
    tce_model_act_nba(r);
#else
    t.eval();
#endif
}

// Clock high, inputs as at the settle: Vtce_engine___024root___eval without its ico loop.
inline void tce_model_rise(Vtce_engine &t)
{
    t.clk = 1;
#if TCE_MODEL_EDGE_DIRECT
    Vtce_engine___024root *r = t.rootp;
    // What Vtce_engine::eval_step does before the scheduler: activity for the trace.
    r->vlSymsp->__Vm_activity = true;
    if (VL_UNLIKELY(!r->vlSymsp->__Vm_didInit)) { // no settle yet: eval() initialises
        t.eval();
        return;
    }
    Verilated::mtaskId(0);
    tce_model_act_nba(r);
#else
    t.eval();
#endif
}

#endif
