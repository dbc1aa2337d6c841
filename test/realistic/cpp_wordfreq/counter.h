#ifndef WORDFREQ_COUNTER_H
#define WORDFREQ_COUNTER_H

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "logger.h"

namespace wf {

class WordCounter {
public:
  WordCounter();
  void add(const std::string &word);
  int count(const std::string &word) const;
  std::vector<std::pair<std::string, int>> top(std::size_t n) const;
  std::size_t distinct() const { return counts_.size(); }

private:
  std::map<std::string, int> counts_;
#ifdef CACHE
  mutable std::string lastWord_;
  mutable int lastCount_ = 0;
#endif
#ifdef LOGGING
  Logger log_{"counter"};
#endif
};

} // namespace wf

#endif
