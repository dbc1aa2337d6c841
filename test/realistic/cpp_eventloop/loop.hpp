#pragma once

#include <array>
#include <deque>
#include <queue>
#include <vector>

#include "event.hpp"

namespace ev {

class Loop {
public:
  void post(Event e);
#ifdef TIMERS
  void postAfter(std::uint64_t ticks, Event e);
  std::uint64_t now() const { return now_; }
#endif
  // Runs until no event is left; returns the sum of the actions' results.
  int run();
  const std::array<int, historySize()> &history() const { return history_; }
  std::size_t dispatched() const { return dispatched_; }

private:
  bool popNext(Event &out);
  void record(const Event &e, int result);

#ifdef PRIORITY_QUEUE
  struct ByPriority {
    bool operator()(const Event &a, const Event &b) const {
      return a.priority != b.priority ? a.priority < b.priority
                                      : a.seq > b.seq;
    }
  };
  std::priority_queue<Event, std::vector<Event>, ByPriority> ready_;
#else
  std::deque<Event> ready_;
#endif
#ifdef TIMERS
  std::vector<Event> waiting_;
  std::uint64_t now_ = 0;
#endif
  std::array<int, historySize()> history_{};
  std::size_t dispatched_ = 0;
  std::uint64_t nextSeq_ = 0;
};

} // namespace ev
