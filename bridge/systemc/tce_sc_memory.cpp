// Global and shared memory TLM targets; see tce_sc_memory.h.
#include "tce_sc_memory.h"

#include "tce_prng.h"

#include <cstdlib>
#include <cstring>

using tlm::tlm_generic_payload;
using tlm::tlm_response_status;

namespace {

constexpr uint64_t kPage = 4096;

// Is byte i of the payload enabled (no byte-enable array: every byte is)?
bool enabled(const tlm_generic_payload &t, unsigned i)
{
    const unsigned char *be = t.get_byte_enable_ptr();
    unsigned n = t.get_byte_enable_length();
    return !be || n == 0 || be[i % n] != 0;
}

// Payload shapes neither target models: streaming (FIFO-like) accesses and ignore commands.
tlm_response_status check_shape(const tlm_generic_payload &t)
{
    if (t.get_streaming_width() < t.get_data_length())
        return tlm::TLM_BURST_ERROR_RESPONSE;
    if (t.get_command() == tlm::TLM_IGNORE_COMMAND)
        return tlm::TLM_COMMAND_ERROR_RESPONSE;
    return tlm::TLM_OK_RESPONSE;
}

// Debug transport: the same command, address and data, every byte enabled, not streamed.
void plain_copy(const tlm_generic_payload &t, tlm_generic_payload &c)
{
    c.set_command(t.get_command());
    c.set_address(t.get_address());
    c.set_data_ptr(t.get_data_ptr());
    c.set_data_length(t.get_data_length());
    c.set_streaming_width(t.get_data_length());
    c.set_byte_enable_ptr(nullptr);
    c.set_byte_enable_length(0);
}

} // namespace

// ---------------------------------------------------------------- global memory

tce_sc_memory::tce_sc_memory(sc_core::sc_module_name name, sc_core::sc_time clock_period)
    : sc_module(name), socket("socket"), period_(clock_period)
{
    socket.register_b_transport(this, &tce_sc_memory::b_transport);
    socket.register_transport_dbg(this, &tce_sc_memory::transport_dbg);
}

tce_sc_memory::~tce_sc_memory() { unmap_all(); }

bool tce_sc_memory::overlaps(uint64_t base, uint64_t size) const
{
    for (const region &r : regions_)
        if (base < r.base + r.size && r.base < base + size)
            return true;
    return false;
}

int tce_sc_memory::map(uint64_t base, uint64_t size)
{
    if (size == 0 || base + size < base)
        return -1;
    uint64_t lo = base & ~(kPage - 1);
    uint64_t hi = (base + size + kPage - 1) & ~(kPage - 1);
    if (overlaps(lo, hi - lo))
        return -1;
    auto *b = static_cast<uint8_t *>(std::calloc(1, hi - lo));
    if (!b)
        return -1;
    regions_.push_back({lo, hi - lo, b, true});
    return 0;
}

int tce_sc_memory::attach(uint64_t base, uint64_t size, uint8_t *bytes)
{
    if (size == 0 || !bytes || base + size < base || overlaps(base, size))
        return -1;
    regions_.push_back({base, size, bytes, false});
    return 0;
}

void tce_sc_memory::detach_all()
{
    std::vector<region> keep;
    for (const region &r : regions_)
        if (r.owned)
            keep.push_back(r);
    regions_.swap(keep);
}

void tce_sc_memory::unmap_all()
{
    for (const region &r : regions_)
        if (r.owned)
            std::free(r.bytes);
    regions_.clear();
}

uint8_t *tce_sc_memory::ptr(uint64_t addr, uint64_t len)
{
    for (const region &r : regions_)
        if (addr >= r.base && len <= r.size && addr - r.base <= r.size - len)
            return r.bytes + (addr - r.base);
    return nullptr;
}

void tce_sc_memory::set_latency(unsigned min_cycles, unsigned max_cycles, uint64_t seed)
{
    lat_min_ = min_cycles;
    lat_max_ = max_cycles < min_cycles ? min_cycles : max_cycles;
    rng_ = seed;
}

int tce_sc_memory::inject_error(uint64_t base, uint64_t size, tlm_response_status status,
                                unsigned dirs)
{
    if (size == 0 || status == tlm::TLM_OK_RESPONSE || status == tlm::TLM_INCOMPLETE_RESPONSE ||
        (dirs & 3u) == 0)
        return -1;
    faults_.push_back({base, size, status, dirs & 3u});
    return 0;
}

void tce_sc_memory::clear_errors() { faults_.clear(); }

unsigned tce_sc_memory::next_latency()
{
    if (lat_max_ == lat_min_)
        return lat_min_;
    // a seeded, repeatable draw per transaction
    const uint64_t z = tce_prng_splitmix64(&rng_);
    return lat_min_ + (unsigned)(z % (uint64_t)(lat_max_ - lat_min_ + 1));
}

// The data movement shared by timed and debug transport. Every enabled byte must be mapped
// and outside every injected fault before anything moves, except that a read may cover bytes
// of a mapped page outside every window: they read 0 (real memory maps whole pages; an
// attached buffer may end inside a beat, and a reduction reads the whole last beat of its
// range). The C bridge's memory model does the same (bridge/tce_axi_mem.c).
tlm_response_status tce_sc_memory::access(tlm_generic_payload &t)
{
    tlm_response_status st = check_shape(t);
    if (st != tlm::TLM_OK_RESPONSE)
        return st;
    const uint64_t a = t.get_address();
    const unsigned n = t.get_data_length();
    if (a + n < a)
        return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    const unsigned dir = t.is_write() ? 2u : 1u;
    for (const fault &f : faults_)
        if ((f.dirs & dir) && a < f.base + f.size && f.base < a + n)
            return f.status;
    // Resolve bytes through the windows; a transaction may span adjacent windows.
    std::vector<uint8_t *> at(n, nullptr);
    std::vector<bool> zero(n, false);
    for (unsigned i = 0; i < n; i++) {
        if (!enabled(t, i))
            continue;
        if (!(at[i] = ptr(a + i, 1))) {
            if (!t.is_read() || !overlaps((a + i) & ~(kPage - 1), kPage))
                return tlm::TLM_ADDRESS_ERROR_RESPONSE;
            zero[i] = true;
        }
    }
    unsigned char *d = t.get_data_ptr();
    for (unsigned i = 0; i < n; i++) {
        if (zero[i])
            d[i] = 0;
        if (!at[i])
            continue;
        if (t.is_read())
            d[i] = *at[i];
        else
            *at[i] = d[i];
    }
    return tlm::TLM_OK_RESPONSE;
}

void tce_sc_memory::b_transport(tlm_generic_payload &t, sc_core::sc_time &delay)
{
    ntrans_++;
    t.set_response_status(access(t));
    delay += period_ * (double)next_latency();
}

unsigned tce_sc_memory::transport_dbg(tlm_generic_payload &t)
{
    tlm_generic_payload copy;
    plain_copy(t, copy);
    return access(copy) == tlm::TLM_OK_RESPONSE ? t.get_data_length() : 0;
}

// ---------------------------------------------------------------- shared memory

tce_sc_shared_memory::tce_sc_shared_memory(sc_core::sc_module_name name, sc_core::sc_time clock_period,
                         unsigned num_ctas, uint32_t bytes_per_cta)
    : sc_module(name), socket("socket"), period_(clock_period), ncta_(num_ctas),
      size_(bytes_per_cta), own_(num_ctas, std::vector<uint8_t>(bytes_per_cta, 0)),
      mem_(num_ctas, nullptr)
{
    for (unsigned c = 0; c < ncta_; c++)
        mem_[c] = own_[c].data();
    socket.register_b_transport(this, &tce_sc_shared_memory::b_transport);
    socket.register_transport_dbg(this, &tce_sc_shared_memory::transport_dbg);
}

int tce_sc_shared_memory::attach(unsigned cta, uint8_t *bytes, uint32_t size)
{
    if (cta >= ncta_ || (bytes && size < size_))
        return -1;
    mem_[cta] = bytes ? bytes : own_[cta].data();
    return 0;
}

uint8_t *tce_sc_shared_memory::ptr(unsigned cta, uint32_t off, uint32_t len)
{
    if (cta >= ncta_ || off > size_ || len > size_ - off)
        return nullptr;
    return mem_[cta] + off;
}

void tce_sc_shared_memory::clear_own()
{
    for (auto &m : own_)
        std::fill(m.begin(), m.end(), 0);
}

tlm_response_status tce_sc_shared_memory::access(tlm_generic_payload &t)
{
    tlm_response_status st = check_shape(t);
    if (st != tlm::TLM_OK_RESPONSE)
        return st;
    const uint64_t a = t.get_address();
    const unsigned n = t.get_data_length();
    const unsigned cta = (unsigned)(a >> 24) & 0xFu;
    const uint32_t off = (uint32_t)a & 0xFFFFFFu;
    if ((a & ~(kCompleteTxBit | 0x0FFFFFFFull)) != 0 || cta >= ncta_)
        return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    unsigned char *d = t.get_data_ptr();
    if (a & kCompleteTxBit) {
        // An mbarrier is 8 bytes, 8-aligned, inside the CTA's memory; the count is a
        // little-endian 32-bit write.
        if (!t.is_write() || n != 4)
            return tlm::TLM_COMMAND_ERROR_RESPONSE;
        if (off % 8 || !ptr(cta, off, 8))
            return tlm::TLM_ADDRESS_ERROR_RESPONSE;
        uint32_t count = (uint32_t)d[0] | (uint32_t)d[1] << 8 | (uint32_t)d[2] << 16 |
                         (uint32_t)d[3] << 24;
        tx_log.push_back({cta, off, count});
        return tlm::TLM_OK_RESPONSE;
    }
    for (unsigned i = 0; i < n; i++)
        if (enabled(t, i) && !ptr(cta, off + i, 1))
            return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    for (unsigned i = 0; i < n; i++) {
        if (!enabled(t, i))
            continue;
        if (t.is_read())
            d[i] = mem_[cta][off + i];
        else
            mem_[cta][off + i] = d[i];
    }
    return tlm::TLM_OK_RESPONSE;
}

void tce_sc_shared_memory::b_transport(tlm_generic_payload &t, sc_core::sc_time &delay)
{
    t.set_response_status(access(t));
    delay += period_ * (double)latency_;
}

unsigned tce_sc_shared_memory::transport_dbg(tlm_generic_payload &t)
{
    if (t.get_address() & kCompleteTxBit)
        return 0;   // debug access must not log a complete-tx
    tlm_generic_payload copy;
    plain_copy(t, copy);
    return access(copy) == tlm::TLM_OK_RESPONSE ? t.get_data_length() : 0;
}
