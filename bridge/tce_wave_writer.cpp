// Waves of the verilated engine; see tce_wave_writer.h.
#include "tce_wave_writer.h"

#include "Vtce_engine.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include <cstdio>
#include <cstring>

#include <sys/wait.h>
#include <unistd.h>

namespace {

// Convert an FST file to VCD with GTKWave's fst2vcd; 0 on success.
int fst_to_vcd(const std::string &fst, const std::string &vcd)
{
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        execlp("fst2vcd", "fst2vcd", "-f", fst.c_str(), "-o", vcd.c_str(), (char *)nullptr);
        _exit(127);
    }
    int st = 0;
    if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        std::fprintf(stderr, "tce: cannot write %s: fst2vcd (GTKWave) failed or is not "
                             "installed; the FST is kept as %s\n", vcd.c_str(), fst.c_str());
        return -1;
    }
    std::remove(fst.c_str());
    return 0;
}

bool ends_with(const std::string &s, const char *tail)
{
    size_t n = std::strlen(tail);
    return s.size() >= n && s.compare(s.size() - n, n, tail) == 0;
}

} // namespace

tce_wave_writer::tce_wave_writer() = default;

tce_wave_writer::~tce_wave_writer() { stop(); }

int tce_wave_writer::start(Vtce_engine &top, const char *path, uint64_t from, uint64_t to)
{
    if (fst_ || !path || (to && to <= from))
        return -1;
    fst_path_ = path;
    vcd_path_.clear();
    if (ends_with(fst_path_, ".vcd")) {
        vcd_path_ = fst_path_;
        fst_path_ += ".fst";
    }
    from_ = from;
    to_ = to;
    fst_ = std::make_unique<VerilatedFstC>();
    top.trace(fst_.get(), 99);
    // Time in nanoseconds of the stated clock (docs/waves.md), not Verilator's 1 ps default.
    fst_->set_time_unit("1ns");
    fst_->set_time_resolution("1ns");
    fst_->open(fst_path_.c_str());
    if (!fst_->isOpen()) {
        fst_.reset();
        return -1;
    }
    return 0;
}

int tce_wave_writer::stop()
{
    int rc = 0;
    if (fst_) {
        fst_->close();
        fst_.reset();
        if (!vcd_path_.empty())
            rc = fst_to_vcd(fst_path_, vcd_path_);
    }
    vcd_path_.clear();
    return rc;
}

void tce_wave_writer::dump(uint64_t t) { fst_->dump(t * TCE_WAVE_HALF_PERIOD_NS); }
