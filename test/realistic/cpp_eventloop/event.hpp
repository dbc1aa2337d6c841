#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "config.hpp"

namespace ev {

enum class Kind { Io, Signal, Timer, User };

inline const char *kindName(Kind k) {
  switch (k) {
  case Kind::Io:
    return "io";
  case Kind::Signal:
    return "signal";
  case Kind::Timer:
    return "timer";
  case Kind::User:
    return "user";
  }
  return "?";
}

struct Event {
  Kind kind;
  std::string name;
  std::function<int()> action;
  int priority = 0;
#ifdef TIMERS
  std::uint64_t due = 0; // virtual ticks
#endif
  std::uint64_t seq = 0;
};

} // namespace ev
