#include "counter.h"

#include <algorithm>

#include "stats.h"

namespace wf {

#ifdef STATS
StatsReporter gStats("wordfreq");
#endif

WordCounter::WordCounter() {
#ifdef LOGGING
  log_.info("ready");
#endif
}

void WordCounter::add(const std::string &word) {
  WF_COUNT(inserts);
  ++counts_[word];
#ifdef CACHE
  if (word == lastWord_)
    lastCount_ = counts_[word];
#endif
}

int WordCounter::count(const std::string &word) const {
  WF_COUNT(lookups);
#ifdef CACHE
  if (word == lastWord_) {
    WF_COUNT(cacheHits);
    return lastCount_;
  }
#endif
  auto it = counts_.find(word);
  int n = it == counts_.end() ? 0 : it->second;
#ifdef CACHE
  lastWord_ = word;
  lastCount_ = n;
#endif
  return n;
}

std::vector<std::pair<std::string, int>> WordCounter::top(std::size_t n) const {
  std::vector<std::pair<std::string, int>> all(counts_.begin(), counts_.end());
  std::sort(all.begin(), all.end(), [](const auto &a, const auto &b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  if (all.size() > n)
    all.resize(n);
#ifdef LOGGING
  log_.info("top " + std::to_string(all.size()) + " of " +
            std::to_string(counts_.size()));
#endif
  return all;
}

} // namespace wf
