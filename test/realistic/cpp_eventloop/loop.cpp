#include "loop.hpp"

#include <algorithm>
#include <cstdio>

namespace ev {

void Loop::post(Event e) {
  e.seq = nextSeq_++;
#ifdef PRIORITY_QUEUE
  ready_.push(std::move(e));
#else
  ready_.push_back(std::move(e));
#endif
}

#ifdef TIMERS
void Loop::postAfter(std::uint64_t ticks, Event e) {
  e.due = now_ + ticks;
  e.seq = nextSeq_++;
  waiting_.push_back(std::move(e));
}
#endif

bool Loop::popNext(Event &out) {
#ifdef TIMERS
  if (ready_.empty() && !waiting_.empty()) {
    auto first = std::min_element(
        waiting_.begin(), waiting_.end(), [](const Event &a, const Event &b) {
          return a.due != b.due ? a.due < b.due : a.seq < b.seq;
        });
    now_ = first->due;
    Event e = std::move(*first);
    waiting_.erase(first);
    post(std::move(e));
  }
#endif
  if (ready_.empty())
    return false;
#ifdef PRIORITY_QUEUE
  out = ready_.top();
  ready_.pop();
#else
  out = std::move(ready_.front());
  ready_.pop_front();
#endif
  return true;
}

void Loop::record(const Event &e, int result) {
  history_[dispatched_ % history_.size()] = result;
  ++dispatched_;
  if constexpr (kTrace)
    std::printf("  trace: #%zu %s/%s -> %d\n", dispatched_, kindName(e.kind),
                e.name.c_str(), result);
}

int Loop::run() {
  int total = 0;
  Event e;
  while (popNext(e)) {
    int result = e.action ? e.action() : 0;
    record(e, result);
    total += result;
  }
  return total;
}

} // namespace ev
