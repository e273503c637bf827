// tce_wave_writer: the waves of the verilated engine, for both simulators around it (the C
// bridge, tce_sim.cpp, and the SystemC model, systemc/tce_sc_engine.cpp), so that
// `--wave=FILE[,FROM:TO]` means the same on the rtl and systemc engines: FST, or VCD when
// FILE ends in ".vcd" (written as FILE.fst and converted with GTKWave's fst2vcd when the
// trace stops), dumping only clock cycles [from, to) (to 0: no end).
#ifndef TCE_WAVE_WRITER_H
#define TCE_WAVE_WRITER_H

#include <cstdint>
#include <memory>
#include <string>

// The clock the waves are drawn with: 100 MHz, a 10 ns period, so cycle c starts at
// 10c ns (clock low) and its rising edge is at 10c + 5 ns. The model itself has no time;
// this only labels the waves (docs/waves.md).
#define TCE_WAVE_CLOCK_MHZ 100
#define TCE_WAVE_HALF_PERIOD_NS (1000 / TCE_WAVE_CLOCK_MHZ / 2)

class Vtce_engine;
class VerilatedFstC;

class tce_wave_writer {
public:
    tce_wave_writer();
    ~tce_wave_writer();
    // 0, or -1: already tracing, an empty window (to <= from, to != 0), or the file cannot
    // be opened.
    int start(Vtce_engine &top, const char *path, uint64_t from, uint64_t to);
    // Close the file (and convert it to VCD if asked); 0, or -1 when the conversion failed
    // (the FST is kept and named on stderr). Nothing to do when not tracing.
    int stop();
    bool active() const { return fst_ != nullptr; }
    // Whether cycle `cycle` is inside the window of an active trace.
    bool dumping(uint64_t cycle) const
    {
        return fst_ && cycle >= from_ && (to_ == 0 || cycle < to_);
    }
    // Dump the model's signals at half-cycle step t (the simulators use 2 x cycle for the
    // clock-low half and 2 x cycle + 1 after the edge), written as time t x 5 ns.
    void dump(uint64_t t);

private:
    std::unique_ptr<VerilatedFstC> fst_;
    std::string fst_path_, vcd_path_; // vcd_path_: convert fst_path_ to it at stop()
    uint64_t from_ = 0, to_ = 0;
};

#endif
