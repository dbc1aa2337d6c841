#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace sched {

enum class State : std::uint8_t {
  New,
  Ready,
  Running,
#ifdef SCHED_PREEMPT
  Preempted,
#endif
  Blocked,
  Done,
};

const char *toString(State s);

struct Task {
  int id = 0;
  std::string name;
  int priority = 0;
  int remaining = 0; // work units left
  int waitEvery = 0; // blocks after this many units (0: never)
  State state = State::New;
#ifdef SCHED_PREEMPT
  int preemptions = 0;
#endif
  std::function<void(const Task &)> onDone;
};

} // namespace sched
