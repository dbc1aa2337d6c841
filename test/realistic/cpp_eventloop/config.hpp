// Compile-time settings of the event loop.
//   TRACE           log every dispatched event
//   TIMERS          support delayed events (a virtual clock)
//   PRIORITY_QUEUE  dispatch by priority instead of FIFO order
#pragma once

#include <cstddef>

namespace ev {

#ifdef TRACE
inline constexpr bool kTrace = true;
#else
inline constexpr bool kTrace = false;
#endif

constexpr std::size_t historySize() {
#ifdef TIMERS
  return 16;
#else
  return 8;
#endif
}

} // namespace ev
