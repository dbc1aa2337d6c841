// histogram: bins a stream of response latencies, as a metrics library
// does. The binning scheme is a policy class chosen at build time (one of
// three); whether counts are normalised is a template flag.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <vector>

namespace metrics {

struct LinearBins {
  static constexpr const char *kName = "linear";
  static std::size_t bin(double v, std::size_t n) {
    auto b = static_cast<std::size_t>(v / 10.0);
    return b < n ? b : n - 1;
  }
};

struct LogBins {
  static constexpr const char *kName = "log";
  static std::size_t bin(double v, std::size_t n) {
    auto b = static_cast<std::size_t>(8.0 * std::log2(1.0 + v));
    return b < n ? b : n - 1;
  }
};

// HDR-like: a square-root scale refined by a few Newton steps, as the
// slow, precise scheme.
struct SqrtBins {
  static constexpr const char *kName = "sqrt";
  static std::size_t bin(double v, std::size_t n) {
    double r = v > 1.0 ? v / 2.0 : 1.0;
    for (int i = 0; i < 6; ++i)
      r = 0.5 * (r + v / r);
    auto b = static_cast<std::size_t>(4.0 * r);
    return b < n ? b : n - 1;
  }
};

template <typename Bins, bool Normalize> class Histogram {
public:
  explicit Histogram(std::size_t bins) : counts_(bins, 0) {}
  void record(double v) { ++counts_[Bins::bin(v, counts_.size())]; }
  double weight(std::size_t i, std::uint64_t total) const {
    if constexpr (Normalize)
      return static_cast<double>(counts_[i]) / static_cast<double>(total);
    else
      return static_cast<double>(counts_[i]);
  }
  std::size_t size() const { return counts_.size(); }

private:
  std::vector<std::uint64_t> counts_;
};

#if defined(BINS_LOG)
using Scheme = LogBins;
#elif defined(BINS_SQRT)
using Scheme = SqrtBins;
#else
using Scheme = LinearBins;
#endif

#ifdef NORMALIZE
constexpr bool kNormalize = true;
#else
constexpr bool kNormalize = false;
#endif

} // namespace metrics

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: histogram WORKLOAD\n");
    return 2;
  }
  std::ifstream in(argv[1]);
  std::uint64_t samples = 0;
  unsigned rounds = 0;
  if (!(in >> samples >> rounds)) {
    std::fprintf(stderr, "%s: cannot read the workload\n", argv[1]);
    return 2;
  }
  metrics::Histogram<metrics::Scheme, metrics::kNormalize> h(256);
  std::uint32_t state = 2024;
  double checksum = 0;
  for (unsigned r = 0; r < rounds; ++r) {
    for (std::uint64_t i = 0; i < samples; ++i) {
      state = state * 1664525u + 1013904223u;
      double latency = static_cast<double>(state >> 20) / 4.0; // 0..1024 ms
      h.record(latency);
    }
    for (std::size_t b = 0; b < h.size(); ++b)
      checksum += h.weight(b, samples * (r + 1)) * static_cast<double>(b + 1);
  }
  std::printf("%s%s: checksum %.6g\n", metrics::Scheme::kName,
              metrics::kNormalize ? " normalized" : "", checksum);
  return 0;
}
