// Process-wide counters, reported when the program exits (STATS only).
#ifndef WORDFREQ_STATS_H
#define WORDFREQ_STATS_H

#include <cstddef>
#include <cstdio>
#include <string>

namespace wf {

class StatsReporter {
public:
  explicit StatsReporter(std::string title) : title_(std::move(title)) {}
  ~StatsReporter() {
    std::printf("== %s: %zu lookups, %zu inserts, %zu cache hits\n",
                title_.c_str(), lookups, inserts, cacheHits);
  }
  StatsReporter(const StatsReporter &) = delete;
  StatsReporter &operator=(const StatsReporter &) = delete;

  std::size_t lookups = 0;
  std::size_t inserts = 0;
  std::size_t cacheHits = 0;

private:
  std::string title_;
};

#ifdef STATS
extern StatsReporter gStats;
#define WF_COUNT(field) (++::wf::gStats.field)
#else
#define WF_COUNT(field) ((void)0)
#endif

} // namespace wf

#endif
